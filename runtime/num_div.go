package runtime

import (
	"math"
	"math/big"
)

// Integer division: FLOOR CEILING TRUNCATE ROUND, their F- variants, MOD and REM.

type roundMode uint8

const (
	rmTruncate roundMode = iota
	rmFloor
	rmCeiling
	rmRound
)

func init() {
	names := [...]string{"TRUNCATE", "FLOOR", "CEILING", "ROUND"}
	for m, name := range names {
		mode := roundMode(m)
		Register(
			Def{Name: name, Min: 1, Max: 2, MV: true, Params: "(NUMBER &OPTIONAL (DIVISOR 1))", Fn: func(th *Thread, args []Value) Value {
				q, r := th.divide(mode, args[0], divisorArg(args))
				return th.Values2(q, r)
			}},
			Def{Name: "F" + name, Min: 1, Max: 2, MV: true, Params: "(NUMBER &OPTIONAL (DIVISOR 1))", Fn: func(th *Thread, args []Value) Value {
				q, r := th.fdivide(mode, args[0], divisorArg(args))
				return th.Values2(q, r)
			}},
		)
	}
	Register(
		Def{Name: "MOD", Min: 2, Max: 2, Params: "(NUMBER DIVISOR)", Fn: func(th *Thread, args []Value) Value {
			if x, ok := args[0].(Fixnum); ok {
				if y, ok := args[1].(Fixnum); ok && y != 0 && y != -1 {
					r := x % y
					if r != 0 && (r < 0) != (y < 0) {
						r += y
					}
					return MakeInt(int64(r))
				}
			}
			_, r := th.divide(rmFloor, args[0], args[1])
			return r
		}},
		Def{Name: "REM", Min: 2, Max: 2, Params: "(NUMBER DIVISOR)", Fn: func(th *Thread, args []Value) Value {
			if x, ok := args[0].(Fixnum); ok {
				if y, ok := args[1].(Fixnum); ok && y != 0 && y != -1 {
					return MakeInt(int64(x % y))
				}
			}
			_, r := th.divide(rmTruncate, args[0], args[1])
			return r
		}},
	)
}

func divisorArg(args []Value) Value {
	if len(args) > 1 {
		return args[1]
	}
	return MakeInt(1)
}

// Floor implements two-argument FLOOR (quotient and remainder).
func Floor(th *Thread, a, b Value) (Value, Value) { return th.divide(rmFloor, a, b) }

// Ceiling implements two-argument CEILING.
func Ceiling(th *Thread, a, b Value) (Value, Value) { return th.divide(rmCeiling, a, b) }

// Truncate implements two-argument TRUNCATE.
func Truncate(th *Thread, a, b Value) (Value, Value) { return th.divide(rmTruncate, a, b) }

// Round implements two-argument ROUND (ties to even).
func Round(th *Thread, a, b Value) (Value, Value) { return th.divide(rmRound, a, b) }

func (th *Thread) truncate(a, b Value) (Value, Value) { return th.divide(rmTruncate, a, b) }

// divide returns an integer quotient and the remainder for the mode.
func (th *Thread) divide(mode roundMode, a, b Value) (q, r Value) {
	q, r = th.truncQR(a, b)
	return th.adjustQR(mode, q, r, b)
}

// adjustQR turns a truncated quotient and remainder into those of mode;
// q may be an integer or (for the F- functions) a float.
func (th *Thread) adjustQR(mode roundMode, q, r, b Value) (Value, Value) {
	if isZero(r) {
		return q, r
	}
	one := MakeInt(1)
	down := func() (Value, Value) { return Sub(th, q, one), Add(th, r, b) }
	up := func() (Value, Value) { return Add(th, q, one), Sub(th, r, b) }
	switch mode {
	case rmFloor:
		if (sign(r) < 0) != (sign(b) < 0) {
			return down()
		}
	case rmCeiling:
		if (sign(r) < 0) == (sign(b) < 0) {
			return up()
		}
	case rmRound:
		thresh := Div(th, absReal(th, b), MakeInt(2))
		odd := isOddIntegral(q)
		if c, _ := cmpReal(r, thresh); c > 0 || c == 0 && odd {
			if sign(b) < 0 {
				return down()
			}
			return up()
		}
		if c, _ := cmpReal(Negate(th, r), thresh); c > 0 || c == 0 && odd {
			if sign(b) < 0 {
				return up()
			}
			return down()
		}
	}
	return q, r
}

func isOddIntegral(v Value) bool {
	switch n := v.(type) {
	case Fixnum:
		return n&1 != 0
	case *Bignum:
		return n.Int.Bit(0) != 0
	case SingleFloat:
		return math.Mod(float64(n), 2) != 0
	case DoubleFloat:
		return math.Mod(float64(n), 2) != 0
	}
	return false
}

// truncQR divides two reals, returning the integer quotient truncated toward
// zero and the remainder a - q*b (a float when either argument is a float).
func (th *Thread) truncQR(a, b Value) (Value, Value) {
	if x, ok := a.(Fixnum); ok {
		if y, ok := b.(Fixnum); ok && y != 0 && !(x == math.MinInt64 && y == -1) {
			return MakeInt(int64(x / y)), MakeInt(int64(x % y))
		}
	}
	ka, kb := kindOf(a), kindOf(b)
	if !IsReal(a) {
		th.TypeError(a, th.Img.S.Real)
	}
	if !IsReal(b) {
		th.TypeError(b, th.Img.S.Real)
	}
	switch k := max(ka, kb); k {
	case kFix, kBig:
		if sign(b) == 0 {
			th.DivisionByZero("/", a, b)
		}
		q, r := new(big.Int).QuoRem(ToBig(a), ToBig(b), new(big.Int))
		return MakeBigInt(q), MakeBigInt(r)
	case kRatio:
		if sign(b) == 0 {
			th.DivisionByZero("/", a, b)
		}
		// a/b = (p1 q2)/(q1 p2): the quotient needs no GCD.
		x, y := ToRat(a), ToRat(b)
		th.CheckBignumBits("TRUNCATE", int64(max(x.Num().BitLen()+y.Denom().BitLen(), x.Denom().BitLen()+y.Num().BitLen())))
		q := new(big.Int).Mul(x.Num(), y.Denom())
		q.Quo(q, new(big.Int).Mul(x.Denom(), y.Num()))
		return MakeBigInt(q), Sub(th, a, Mul(th, MakeBigInt(new(big.Int).Set(q)), b))
	default:
		tq, r := th.floatTruncQR(k, a, b, false)
		th.checkFinite(tq, th.floatIn(k, a))
		return floatToInteger(tq), r
	}
}

// floatTruncQR divides in float format k: the quotient is returned as an
// integral float64 (keeping the sign of a zero), the remainder as a float of
// format k computed like SBCL: a - (float q)*b.
//
// FTRUNCATE and friends multiply back by the float quotient itself, TRUNCATE
// by (float q) of the integer quotient, which differ for a negative zero.
func (th *Thread) floatTruncQR(k numKind, a, b Value, floatQ bool) (float64, Value) {
	fa, fb := th.floatIn(k, a), th.floatIn(k, b)
	x, y := ToFloat64(fa), ToFloat64(fb)
	if y == 0 {
		th.floatDivZero(x, fa, fb)
	}
	d := roundTo(k, x/y)
	th.checkFloat("/", d, fa, fb)
	tq := math.Trunc(d)
	q := tq
	if !floatQ {
		q = tq + 0 // (float q) of an integer has no negative zero
	}
	if k == kSingle {
		return tq, SingleFloat(float32(x) - float32(float32(q)*float32(y)))
	}
	return tq, DoubleFloat(x - float64(q*y))
}

// roundTo rounds a float64 result to format k (exact for +-*/ and sqrt of
// single-float operands computed in double).
func roundTo(k numKind, f float64) float64 {
	if k == kSingle {
		return float64(float32(f))
	}
	return f
}

// fdivide implements FFLOOR and friends: the quotient is a float (single for
// rational arguments); with float arguments zero quotients keep their sign,
// except for FROUND, which SBCL computes through ROUND.
func (th *Thread) fdivide(mode roundMode, a, b Value) (Value, Value) {
	k := max(kindOf(a), kindOf(b))
	if !IsReal(a) {
		th.TypeError(a, th.Img.S.Real)
	}
	if !IsReal(b) {
		th.TypeError(b, th.Img.S.Real)
	}
	if k < kSingle || mode == rmRound {
		q, r := th.divide(mode, a, b)
		if k < kSingle {
			k = kSingle
		}
		return th.floatIn(k, q), r
	}
	tq, r := th.floatTruncQR(k, a, b, true)
	var q Value = DoubleFloat(tq)
	if k == kSingle {
		q = SingleFloat(tq)
	}
	return th.adjustQR(mode, q, r, b)
}
