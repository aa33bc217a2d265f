package runtime

import (
	"math"
	"math/big"
)

// EXPT, dispatching like SBCL: exact powers for rational (and complex
// rational) bases with integer powers, a double-precision pow rounded to the
// contagion format for real float cases, and exp(power*log(base)) or the
// polar form for complex ones.

func init() {
	Register(Def{Name: "EXPT", Min: 2, Max: 2, Params: "(BASE POWER)", Fn: func(th *Thread, args []Value) Value {
		return Expt(th, args[0], args[1])
	}})
}

// Expt implements EXPT.
func Expt(th *Thread, base, power Value) Value {
	th.numberArg(base)
	th.numberArg(power)
	kb, kp := kindOf(base), kindOf(power)
	if isZero(power) {
		if isZero(base) && (kp == kSingle || kp == kDouble) {
			th.ArithmeticError("ARITHMETIC-ERROR", "EXPT", base, power)
		}
		return OnePlus(th, Mul(th, base, power))
	}
	switch {
	case kp <= kBig && (kb <= kRatio || kb == kComplex && !IsFloat(realPart(base))):
		return th.intExpt(base, power)
	case kb == kComplex && kp <= kRatio:
		return Mul(th, Expt(th, Abs(th, base), power), th.cis(Mul(th, power, th.phase(base))))
	case kb == kComplex || kp == kComplex:
		if isZero(base) && sign(realPart(power)) > 0 {
			return Mul(th, base, power)
		}
		return th.exp(Mul(th, power, th.log(base)))
	case kp <= kRatio: // float base, rational power: the base's format
		return th.realExpt(kb, base, power)
	case kp == kDouble || kb == kDouble:
		return th.realExpt(kDouble, base, power)
	}
	return th.realExpt(kSingle, base, power)
}

// realExpt computes base^power in double precision and rounds to format k;
// a negative base with a non-integral power gives the principal complex value.
func (th *Thread) realExpt(k numKind, base, power Value) Value {
	x, y := float64(th.ToDouble(base)), float64(th.ToDouble(power))
	if x == 0 && y < 0 {
		th.DivisionByZero("EXPT", base, power)
	}
	if x < 0 && y != math.Trunc(y) {
		p := pow(-x, y)
		a := y * math.Pi
		return th.complexResult(k, "EXPT", p*cosD(a), p*sinD(a), base, power)
	}
	return th.floatResult(k, "EXPT", pow(x, y), base, power)
}

// intExpt raises a rational or complex rational to an integer power exactly.
func (th *Thread) intExpt(base, power Value) Value {
	n, small := ToInt64(power)
	if !small || n > 1<<40 || n < -(1<<40) {
		switch {
		case isZero(base):
			if sign(power) < 0 {
				th.DivisionByZero("EXPT", base, power)
			}
			return MakeInt(0)
		case NumEquals(th, base, MakeInt(1)):
			return MakeInt(1)
		case NumEquals(th, base, MakeInt(-1)):
			if isOddIntegral(power) {
				return MakeInt(-1)
			}
			return MakeInt(1)
		}
		th.bignumTooLarge("EXPT", 1<<62) // the result cannot fit in memory
	}
	if n < 0 {
		if isZero(base) {
			th.DivisionByZero("EXPT", base, power)
		}
		return th.reciprocal(th.intExpt(base, MakeInt(-n)))
	}
	th.chargeExpt(base, n)
	switch b := base.(type) {
	case Fixnum, *Bignum:
		x := ToBig(b)
		if k := x.BitLen() - 1; k > 0 && int(x.TrailingZeroBits()) == k {
			// ±2^k: a shift instead of repeated squaring.
			r := new(big.Int).Lsh(big.NewInt(1), uint(int64(k)*n))
			if x.Sign() < 0 && n&1 != 0 {
				r.Neg(r)
			}
			return MakeBigInt(r)
		}
		return MakeBigInt(new(big.Int).Exp(x, big.NewInt(n), nil))
	case *Ratio:
		e := big.NewInt(n)
		num := new(big.Int).Exp(b.Rat.Num(), e, nil)
		den := new(big.Int).Exp(b.Rat.Denom(), e, nil)
		th.Poll()
		return ratCoprime(num, den) // powers of coprime integers are coprime
	}
	// Complex rational: square and multiply.
	var acc Value = MakeInt(1)
	sq := base
	for n > 0 {
		if n&1 != 0 {
			acc = Mul(th, acc, sq)
		}
		n >>= 1
		if n > 0 {
			sq = Mul(th, sq, sq)
		}
		th.Tick()
	}
	return acc
}

// chargeExpt checks the size of a large exact power before it is computed:
// n times the binary logarithm of the base (for a ratio, of its larger
// part), so that (expt 3 n) is allowed up to the bound, not to 2n bits.
func (th *Thread) chargeExpt(base Value, n int64) {
	var bitsPer float64
	switch b := base.(type) {
	case Fixnum, *Bignum:
		bitsPer = log2Abs(ToBig(b))
	case *Ratio:
		bitsPer = max(log2Abs(b.Rat.Num()), log2Abs(b.Rat.Denom()))
	case *Complex:
		bitsPer = float64(ratBits(b.Real) + ratBits(b.Imag))
	}
	if bitsPer > 0 && n > 0 {
		est := bitsPer*float64(n) + 1
		if est >= 1<<62 {
			th.bignumTooLarge("EXPT", 1<<62)
		}
		th.CheckBignumBits("EXPT", int64(math.Ceil(est)))
	}
}

// log2Abs returns log2 |x| (0 for 0), from the top 64 bits.
func log2Abs(x *big.Int) float64 {
	l := x.BitLen()
	if l <= 64 {
		return math.Log2(float64(new(big.Int).Abs(x).Uint64()))
	}
	top := new(big.Int).Rsh(new(big.Int).Abs(x), uint(l-64))
	return float64(l-64) + math.Log2(float64(top.Uint64()))
}

func ratBits(v Value) int {
	r := ToRat(v)
	if r == nil {
		return 0
	}
	return r.Num().BitLen() + r.Denom().BitLen()
}

// reciprocal returns 1/v for a nonzero rational or complex rational v,
// without the GCD that dividing would run on a ratio's parts.
func (th *Thread) reciprocal(v Value) Value {
	r, ok := v.(*Ratio)
	if !ok {
		return Div(th, MakeInt(1), v)
	}
	return ratOrInt(new(big.Int).Set(r.Rat.Denom()), new(big.Int).Set(r.Rat.Num()))
}

// ratCoprime makes the ratio num/den of coprime integers (den > 1) without
// normalizing it: big.Rat's SetFrac would run a GCD, quadratic in their size.
func ratCoprime(num, den *big.Int) Value {
	r := big.NewRat(1, 2) // a denominator of its own, so Denom is a reference
	r.Num().Set(num)
	r.Denom().Set(den)
	return MakeRat(r)
}
