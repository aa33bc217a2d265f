package runtime

import (
	"math"
	"math/big"
)

// Double-precision elementary functions that are correctly rounded in all
// but the rarest cases, so that printed results agree with SBCL (which
// calls the C library). Go's math package is only faithful to about one
// ulp, and its trigonometric argument reduction loses the relative accuracy
// of results near multiples of π (e.g. sin π). Each function here evaluates
// in double-double arithmetic (about 106 bits) and rounds once at the end.

// dd is an unevaluated sum hi+lo with |lo| <= ulp(hi)/2.
type dd struct{ hi, lo float64 }

func twoSum(a, b float64) dd {
	s := a + b
	bb := s - a
	return dd{s, (a - (s - bb)) + (b - bb)}
}

func quickTwoSum(a, b float64) dd {
	s := a + b
	return dd{s, b - (s - a)}
}

func twoProd(a, b float64) dd {
	p := a * b
	return dd{p, math.FMA(a, b, -p)}
}

func ddF(f float64) dd { return dd{f, 0} }

func (x dd) neg() dd { return dd{-x.hi, -x.lo} }

func ddAdd(x, y dd) dd {
	s := twoSum(x.hi, y.hi)
	t := twoSum(x.lo, y.lo)
	s = quickTwoSum(s.hi, s.lo+t.hi)
	return quickTwoSum(s.hi, s.lo+t.lo)
}

func ddSub(x, y dd) dd { return ddAdd(x, y.neg()) }

func ddMul(x, y dd) dd {
	p := twoProd(x.hi, y.hi)
	return quickTwoSum(p.hi, p.lo+(x.hi*y.lo+x.lo*y.hi))
}

func ddMulF(x dd, f float64) dd {
	p := twoProd(x.hi, f)
	return quickTwoSum(p.hi, p.lo+x.lo*f)
}

func ddDiv(x, y dd) dd {
	q1 := x.hi / y.hi
	r := ddSub(x, ddMulF(y, q1))
	q2 := r.hi / y.hi
	r = ddSub(r, ddMulF(y, q2))
	q3 := r.hi / y.hi
	return ddAdd(quickTwoSum(q1, q2), ddF(q3))
}

func ddDivF(x dd, f float64) dd { return ddDiv(x, ddF(f)) }

// ddSqrt returns sqrt(x) for x > 0.
func ddSqrt(x dd) dd {
	s := math.Sqrt(x.hi)
	r := ddSub(x, twoProd(s, s))
	return quickTwoSum(s, r.hi/(2*s))
}

// Constants to about 150 bits (double-doubles), written out so that no
// process computes them at start-up; TestLibmConstants recomputes them with
// math/big.
var (
	ddLn2  = dd{0x1.62e42fefa39efp-01, 0x1.abc9e3b39803fp-56}
	ddPi   = dd{0x1.921fb54442d18p+01, 0x1.1a62633145c07p-53}
	ddPio2 = dd{0x1.921fb54442d18p+00, 0x1.1a62633145c07p-54}
	// pio2Parts splits π/2 into 33-bit pieces (products with integers
	// below 2^20 are exact) followed by two full-precision tails.
	pio2Parts = [4]float64{0x1.921fb544p+00, 0x1.0b4611a6p-34, 0x1.3198a2e037073p-69, 0x1.129024e088a68p-123}
)

func ddFromBig(x *big.Float) dd {
	hi, _ := x.Float64()
	lo, _ := new(big.Float).SetPrec(x.Prec()).Sub(x, new(big.Float).SetFloat64(hi)).Float64()
	return dd{hi, lo}
}

// bigPi computes π to prec bits with Machin's formula.
func bigPi(prec uint) *big.Float {
	atanInv := func(k int64) *big.Float {
		// atan(1/k) = Σ (-1)^n / ((2n+1) k^(2n+1))
		sum := new(big.Float).SetPrec(prec)
		pow := new(big.Float).SetPrec(prec).Quo(big.NewFloat(1), new(big.Float).SetInt64(k))
		k2 := new(big.Float).SetPrec(prec).SetInt64(k * k)
		eps := new(big.Float).SetMantExp(big.NewFloat(1), -int(prec)-8)
		for n := int64(0); ; n++ {
			t := new(big.Float).SetPrec(prec).Quo(pow, new(big.Float).SetInt64(2*n+1))
			if n%2 == 0 {
				sum.Add(sum, t)
			} else {
				sum.Sub(sum, t)
			}
			if t.Cmp(eps) < 0 {
				return sum
			}
			pow.Quo(pow, k2)
		}
	}
	a := atanInv(5)
	a.Mul(a, big.NewFloat(16))
	b := atanInv(239)
	b.Mul(b, big.NewFloat(4))
	return a.Sub(a, b)
}

// --- exp and log ---

// expDD returns e^x for |x.hi| <= 709.8 (callers handle the range).
func expDD(x dd) dd {
	k := math.Round(x.hi / ddLn2.hi)
	// r = x - k ln2, exactly enough: twoProd keeps the products exact.
	r := ddSub(x, twoProd(k, ddLn2.hi))
	r = ddSub(r, ddMulF(ddF(ddLn2.lo), k))
	// e^r = (e^(r/256))^256; expm1 of the small argument by Taylor series.
	const squarings = 8
	s := dd{r.hi / (1 << squarings), r.lo / (1 << squarings)}
	t := ddF(0)
	for n := 10; n >= 1; n-- {
		// t = s/n * (1 + t)
		t = ddDivF(ddMul(s, ddAdd(ddF(1), t)), float64(n))
	}
	for range squarings {
		t = ddAdd(ddMulF(t, 2), ddMul(t, t)) // (1+t)^2 - 1
	}
	e := ddAdd(ddF(1), t)
	ki := int(k)
	return dd{math.Ldexp(e.hi, ki), math.Ldexp(e.lo, ki)}
}

func expD(x float64) float64 {
	switch {
	case x != x:
		return x
	case x > 709.782712893384:
		return math.Inf(1)
	case x < -745.2:
		return 0
	case math.Abs(x) < 0x1p-54:
		return 1 + x
	}
	return expDD(ddF(x)).hi
}

// logDD returns ln x for finite x > 0: x = m 2^e with m near 1, one Newton
// step on exp refines Go's log m, then e ln2 is added in double-double.
// (Go's assembly Log also mishandles subnormals, which Frexp normalizes.)
func logDD(x float64) dd {
	m, e := math.Frexp(x)
	if m < 1/math.Sqrt2 {
		m *= 2
		e--
	}
	y0 := math.Log(m)
	t := ddSub(ddMulF(expDD(ddF(-y0)), m), ddF(1))
	// ln(1+t) ≈ t - t²/2 for the tiny t left after Go's estimate.
	t = ddSub(t, ddMulF(ddMul(t, t), 0.5))
	return ddAdd(ddAdd(ddF(y0), t), ddMulF(ddLn2, float64(e)))
}

func logD(x float64) float64 {
	if x <= 0 || x != x || math.IsInf(x, 0) {
		return math.Log(x)
	}
	return logDD(x).hi
}

// pow computes x^y, correctly rounded in practice.
func pow(x, y float64) float64 {
	switch {
	case y == 0 || x == 1:
		return 1
	case x != x || y != y || x == 0 || math.IsInf(x, 0) || math.IsInf(y, 0):
		return math.Pow(x, y)
	case y == 1:
		return x
	}
	neg := false
	if x < 0 {
		if y != math.Trunc(y) {
			return math.NaN()
		}
		neg = math.Mod(y, 2) != 0
		x = -x
	}
	p := ddMulF(logDD(x), y)
	var r float64
	switch {
	case p.hi > 709.782712893384:
		r = math.Inf(1)
	case p.hi < -745.2:
		r = 0
	default:
		r = expDD(p).hi
	}
	if neg {
		return -r
	}
	return r
}

// --- trigonometric functions ---

// reducePio2 returns n and r with x = n π/2 + r, |r| <= about π/4.
func reducePio2(x float64) (int, dd) {
	if math.Abs(x) <= math.Pi/4 {
		return 0, ddF(x)
	}
	if math.Abs(x) < 0x1p19 {
		n := math.Round(x / ddPio2.hi)
		r := ddF(x - n*pio2Parts[0]) // exact: n*pio2Parts[0] is exact and close to x
		r = ddSub(r, ddF(n*pio2Parts[1]))
		r = ddSub(r, twoProd(n, pio2Parts[2]))
		r = ddSub(r, ddF(n*pio2Parts[3]))
		return int(int64(n) & 3), r
	}
	// Huge arguments: reduce exactly with a π good to beyond 2^1024.
	const prec = 1300
	pio2 := bigPi(prec)
	pio2.Quo(pio2, big.NewFloat(2))
	bx := new(big.Float).SetPrec(prec).SetFloat64(x)
	q := new(big.Float).SetPrec(prec).Quo(bx, pio2)
	q.Add(q, big.NewFloat(0.5))
	ni, acc := q.Int(nil) // toward zero; floor(q + 1/2) is wanted
	if acc == big.Above {
		ni.Sub(ni, big.NewInt(1))
	}
	nf := new(big.Float).SetPrec(prec).SetInt(ni)
	r := new(big.Float).SetPrec(prec).Sub(bx, nf.Mul(nf, pio2))
	n := int(new(big.Int).And(ni, big.NewInt(3)).Int64())
	return n, ddFromBig(r)
}

// sinCosDD returns sin r and cos r for |r| <= about π/4 by Taylor series.
func sinCosDD(r dd) (dd, dd) {
	r2 := ddMul(r, r)
	s, c := ddF(1), ddF(1)
	for k := 15; k >= 1; k-- {
		fk := float64(k)
		s = ddSub(ddF(1), ddDivF(ddMul(r2, s), (2*fk)*(2*fk+1)))
		c = ddSub(ddF(1), ddDivF(ddMul(r2, c), (2*fk-1)*(2*fk)))
	}
	return ddMul(r, s), c
}

// sinCosD returns sin x and cos x as double-doubles.
func sinCosD(x float64) (dd, dd) {
	n, r := reducePio2(x)
	s, c := sinCosDD(r)
	switch n & 3 {
	case 1:
		return c, s.neg()
	case 2:
		return s.neg(), c.neg()
	case 3:
		return c.neg(), s
	}
	return s, c
}

func sinD(x float64) float64 {
	if x != x || math.IsInf(x, 0) {
		return math.NaN()
	}
	if math.Abs(x) < 0x1p-27 {
		return x
	}
	s, _ := sinCosD(x)
	return s.hi
}

func cosD(x float64) float64 {
	if x != x || math.IsInf(x, 0) {
		return math.NaN()
	}
	_, c := sinCosD(x)
	return c.hi
}

func tanD(x float64) float64 {
	if x != x || math.IsInf(x, 0) {
		return math.NaN()
	}
	if math.Abs(x) < 0x1p-27 {
		return x
	}
	s, c := sinCosD(x)
	return ddDiv(s, c).hi
}

// --- inverse trigonometric functions: Newton steps in double-double ---

// atanDD refines Go's atan of q (a double-double) to double-double accuracy.
func atanDD(q dd) dd {
	y0 := math.Atan(q.hi)
	s, c := sinCosD(y0)
	f := ddSub(s, ddMul(q, c)) // sin y - q cos y, whose root is atan q
	return ddSub(ddF(y0), ddMul(f, c))
}

func atanD(x float64) float64 {
	if x != x || math.IsInf(x, 0) || math.Abs(x) < 0x1p-27 || math.Abs(x) > 0x1p60 {
		return math.Atan(x)
	}
	return atanDD(ddF(x)).hi
}

func atan2D(y, x float64) float64 {
	if y != y || x != x || y == 0 || x == 0 || math.IsInf(x, 0) || math.IsInf(y, 0) {
		return math.Atan2(y, x)
	}
	if math.Abs(y) <= math.Abs(x) {
		a := atanDD(ddDiv(ddF(y), ddF(x)))
		if x < 0 {
			if y < 0 {
				a = ddSub(a, ddPi)
			} else {
				a = ddAdd(a, ddPi)
			}
		}
		return a.hi
	}
	a := atanDD(ddDiv(ddF(x), ddF(y)))
	if y > 0 {
		return ddSub(ddPio2, a).hi
	}
	return ddSub(ddPio2.neg(), a).hi
}

func asinD(x float64) float64 {
	y0 := math.Asin(x)
	if x != x || math.Abs(x) >= 1 || math.Abs(x) < 0x1p-27 {
		return y0
	}
	s, c := sinCosD(y0)
	return ddSub(ddF(y0), ddDiv(ddSub(s, ddF(x)), c)).hi
}

func acosD(x float64) float64 {
	y0 := math.Acos(x)
	if x != x || math.Abs(x) >= 1 {
		return y0
	}
	s, c := sinCosD(y0)
	return ddAdd(ddF(y0), ddDiv(ddSub(c, ddF(x)), s)).hi
}

// --- hyperbolic functions ---
//
// The C library computes these from expm1, exp, log and log1p with the
// classic fdlibm formulas rather than correctly rounded; evaluating the same
// formulas (Go's Expm1 and Log1p are fdlibm too) reproduces its results.

func sinhD(x float64) float64 {
	ax := math.Abs(x)
	h := math.Copysign(0.5, x)
	switch {
	case x != x:
		return x
	case ax < 22:
		if ax < 0x1p-28 {
			return x
		}
		t := math.Expm1(ax)
		if ax < 1 {
			return h * (2*t - t*t/(t+1))
		}
		return h * (t + t/(t+1))
	case ax < 709.782712893384:
		return h * expD(ax)
	case ax <= 710.4758600739439:
		w := expD(0.5 * ax)
		t := h * w
		return t * w
	}
	return math.Copysign(math.Inf(1), x)
}

func coshD(x float64) float64 {
	ax := math.Abs(x)
	switch {
	case x != x:
		return x
	case ax < 0.5*math.Ln2:
		t := math.Expm1(ax)
		w := 1 + t
		if ax < 0x1p-55 {
			return w
		}
		return 1 + (t*t)/(w+w)
	case ax < 22:
		t := expD(ax)
		return 0.5*t + 0.5/t
	case ax < 709.782712893384:
		return 0.5 * expD(ax)
	case ax <= 710.4758600739439:
		w := expD(0.5 * ax)
		t := 0.5 * w
		return t * w
	}
	return math.Inf(1)
}

func tanhD(x float64) float64 {
	ax := math.Abs(x)
	var z float64
	switch {
	case x != x || ax < 0x1p-55:
		return x
	case ax >= 22:
		z = 1
	case ax >= 1:
		t := math.Expm1(2 * ax)
		z = 1 - 2/(t+2)
	default:
		t := math.Expm1(-2 * ax)
		z = -t / (t + 2)
	}
	return math.Copysign(z, x)
}

func asinhD(x float64) float64 {
	ax := math.Abs(x)
	var w float64
	switch {
	case x != x || math.IsInf(x, 0) || ax < 0x1p-28:
		return x
	case ax > 0x1p28:
		w = logD(ax) + math.Ln2
	case ax > 2:
		w = logD(2*ax + 1/(math.Sqrt(x*x+1)+ax))
	default:
		t := x * x
		w = math.Log1p(ax + t/(1+math.Sqrt(1+t)))
	}
	return math.Copysign(w, x)
}

func acoshD(x float64) float64 {
	switch {
	case x != x || x < 1:
		return math.NaN()
	case x >= 0x1p28:
		if math.IsInf(x, 0) {
			return x
		}
		return logD(x) + math.Ln2
	case x == 1:
		return 0
	case x > 2:
		return logD(2*x - 1/(x+math.Sqrt(x*x-1)))
	}
	t := x - 1
	return math.Log1p(t + math.Sqrt(2*t+t*t))
}

func atanhD(x float64) float64 {
	ax := math.Abs(x)
	var t float64
	switch {
	case x != x || ax > 1:
		return math.NaN()
	case ax == 1:
		return math.Copysign(math.Inf(1), x)
	case ax < 0x1p-28:
		return x
	case ax < 0.5:
		t = ax + ax
		t = 0.5 * math.Log1p(t+t*ax/(1-ax))
	default:
		t = 0.5 * math.Log1p((ax+ax)/(1-ax))
	}
	return math.Copysign(t, x)
}

// hypotD is sqrt(x²+y²) without spurious overflow, correctly rounded in practice.
func hypotD(x, y float64) float64 {
	x, y = math.Abs(x), math.Abs(y)
	switch {
	case math.IsInf(x, 0) || math.IsInf(y, 0):
		return math.Inf(1)
	case x != x || y != y:
		return math.NaN()
	case x == 0:
		return y
	case y == 0:
		return x
	}
	e := 0
	if m := max(x, y); m > 0x1p500 {
		e = 600
	} else if m < 0x1p-500 {
		e = -600
	}
	x, y = math.Ldexp(x, -e), math.Ldexp(y, -e)
	s := ddSqrt(ddAdd(twoProd(x, x), twoProd(y, y)))
	return math.Ldexp(s.hi, e)
}
