package runtime_test

import (
	"context"
	"math/big"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	rt "github.com/golem-lisp/golem/runtime"
)

// TestRatioIntegerArithmetic checks ratio-integer and ratio-ratio
// arithmetic (which skip big.Rat's normalization) against big.Rat, in both
// argument orders, for small and large operands.
func TestRatioIntegerArithmetic(t *testing.T) {
	img := rt.NewImage()
	th := rt.NewThread(img, context.Background(), rt.Limits{})
	rng := rand.New(rand.NewSource(7))
	randInt := func() *big.Int {
		n := new(big.Int).Rand(rng, new(big.Int).Lsh(big.NewInt(1), uint(rng.Intn(200)+1)))
		if rng.Intn(2) == 0 {
			n.Neg(n)
		}
		if rng.Intn(4) == 0 {
			n.SetInt64(int64(rng.Intn(25) - 12))
		}
		return n
	}
	val := func(r *big.Rat) rt.Value { return rt.MakeRat(new(big.Rat).Set(r)) }
	ops := []struct {
		name string
		fn   func(*rt.Thread, rt.Value, rt.Value) rt.Value
		ref  func(z, x, y *big.Rat) *big.Rat
	}{
		{"+", rt.Add, (*big.Rat).Add}, {"-", rt.Sub, (*big.Rat).Sub},
		{"*", rt.Mul, (*big.Rat).Mul}, {"/", rt.Div, (*big.Rat).Quo},
	}
	for i := 0; i < 2000; i++ {
		den := randInt()
		if den.Sign() == 0 || den.CmpAbs(big.NewInt(1)) == 0 {
			continue
		}
		x := new(big.Rat).SetFrac(randInt(), den)
		if x.IsInt() {
			continue
		}
		y := new(big.Rat).SetInt(randInt())
		if i%2 == 1 { // a ratio, sharing factors with x's parts now and then
			f := big.NewInt(int64(rng.Intn(6) + 1))
			yd := new(big.Int).Mul(randInt(), f)
			if yd.Sign() == 0 {
				continue
			}
			y.SetFrac(new(big.Int).Mul(randInt(), den), yd)
			if rng.Intn(3) == 0 {
				y.SetFrac(new(big.Int).Mul(x.Denom(), f), new(big.Int).Mul(x.Num(), big.NewInt(int64(rng.Intn(5)+2))))
			}
		}
		for _, op := range ops {
			for _, order := range [][2]*big.Rat{{x, y}, {y, x}} {
				a, b := order[0], order[1]
				if op.name == "/" && b.Sign() == 0 {
					continue
				}
				want := rt.MakeRat(op.ref(new(big.Rat), a, b))
				got := op.fn(th, val(a), val(b))
				require.Equal(t, 0, rt.Compare(want, got), "(%s %s %s)", op.name, a, b)
				assert.Equal(t, rt.IsInteger(want), rt.IsInteger(got), "(%s %s %s)", op.name, a, b)
				if r, ok := got.(*rt.Ratio); ok {
					// Lowest terms with a positive denominator.
					g := new(big.Int).GCD(nil, nil, new(big.Int).Abs(r.Rat.Num()), r.Rat.Denom())
					assert.Equal(t, int64(1), g.Int64())
					assert.Equal(t, 1, r.Rat.Denom().Sign())
				}
			}
		}
	}
}
