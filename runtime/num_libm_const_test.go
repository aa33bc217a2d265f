package runtime

import (
	"math"
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestLibmConstants checks the written-out constants against their
// computation to 300 bits.
func TestLibmConstants(t *testing.T) {
	const prec = 300
	// ln 2 = Σ 1/(k 2^k).
	ln2 := new(big.Float).SetPrec(prec)
	term := new(big.Float).SetPrec(prec)
	for k := 1; k < prec+10; k++ {
		term.SetMantExp(big.NewFloat(1).SetPrec(prec), -k)
		term.Quo(term, new(big.Float).SetPrec(prec).SetInt64(int64(k)))
		ln2.Add(ln2, term)
	}
	pi := bigPi(prec)
	assert.Equal(t, ddFromBig(ln2), ddLn2)
	assert.Equal(t, ddFromBig(pi), ddPi)
	pio2 := new(big.Float).SetPrec(prec).Quo(pi, big.NewFloat(2))
	assert.Equal(t, ddFromBig(pio2), ddPio2)
	rest := new(big.Float).SetPrec(prec).Set(pio2)
	for i := range pio2Parts {
		f, _ := rest.Float64()
		if i < 2 {
			// Keep 33 significant bits.
			m, e := math.Frexp(f)
			f = math.Ldexp(math.Trunc(math.Ldexp(m, 33)), e-33)
		}
		assert.Equal(t, f, pio2Parts[i], "pio2Parts[%d]", i)
		rest.Sub(rest, new(big.Float).SetFloat64(f))
	}
}
