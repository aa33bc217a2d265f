package runtime

import (
	"math"
	"math/big"
)

// The generic arithmetic core. Each exported operation handles two fixnums
// first without allocating (small results come pre-boxed from MakeInt) and
// falls back to arith for overflow, bignums, ratios, floats and complexes.

type arithOp uint8

const (
	opAdd arithOp = iota
	opSub
	opMul
	opDiv
)

var opNames = [...]string{"+", "-", "*", "/"}

// Add implements two-argument +.
func Add(th *Thread, a, b Value) Value {
	if x, ok := a.(Fixnum); ok {
		if y, ok := b.(Fixnum); ok {
			s := x + y
			if (s^x)&(s^y) >= 0 {
				return MakeInt(int64(s))
			}
		}
	}
	return th.arith(opAdd, a, b)
}

// Sub implements two-argument -.
func Sub(th *Thread, a, b Value) Value {
	if x, ok := a.(Fixnum); ok {
		if y, ok := b.(Fixnum); ok {
			s := x - y
			if (x^y)&(x^s) >= 0 {
				return MakeInt(int64(s))
			}
		}
	}
	return th.arith(opSub, a, b)
}

// Mul implements two-argument *.
func Mul(th *Thread, a, b Value) Value {
	if x, ok := a.(Fixnum); ok {
		if y, ok := b.(Fixnum); ok {
			if x == Fixnum(int32(x)) && y == Fixnum(int32(y)) {
				return MakeInt(int64(x * y))
			}
			p := x * y
			if x == 0 || (p/x == y && !(x == -1 && y == math.MinInt64)) {
				return MakeInt(int64(p))
			}
		}
	}
	return th.arith(opMul, a, b)
}

// Div implements two-argument / (exact for rationals).
func Div(th *Thread, a, b Value) Value {
	if x, ok := a.(Fixnum); ok {
		if y, ok := b.(Fixnum); ok && y != 0 && x%y == 0 && !(x == math.MinInt64 && y == -1) {
			return MakeInt(int64(x / y))
		}
	}
	return th.arith(opDiv, a, b)
}

// OnePlus implements 1+.
func OnePlus(th *Thread, a Value) Value {
	if x, ok := a.(Fixnum); ok && x != math.MaxInt64 {
		return MakeInt(int64(x + 1))
	}
	return th.arith(opAdd, a, MakeInt(1))
}

// OneMinus implements 1-.
func OneMinus(th *Thread, a Value) Value {
	if x, ok := a.(Fixnum); ok && x != math.MinInt64 {
		return MakeInt(int64(x - 1))
	}
	return th.arith(opSub, a, MakeInt(1))
}

// Negate implements one-argument -.
func Negate(th *Thread, a Value) Value {
	switch x := a.(type) {
	case Fixnum:
		if x != math.MinInt64 {
			return MakeInt(int64(-x))
		}
		return MakeBigInt(new(big.Int).Neg(big.NewInt(int64(x))))
	case *Bignum:
		return MakeBigInt(new(big.Int).Neg(x.Int))
	case *Ratio:
		return &Ratio{new(big.Rat).Neg(x.Rat)}
	case SingleFloat:
		return -x
	case DoubleFloat:
		return -x
	case *Complex:
		return &Complex{Negate(th, x.Real), Negate(th, x.Imag)}
	}
	return th.TypeError(a, th.Img.S.Number)
}

// NumEquals implements two-argument = (TYPE-ERROR NUMBER for non-numbers).
func NumEquals(th *Thread, a, b Value) bool {
	if x, ok := a.(Fixnum); ok {
		if y, ok := b.(Fixnum); ok {
			return x == y
		}
	}
	ka, kb := kindOf(a), kindOf(b)
	if ka == kNone {
		th.TypeError(a, th.Img.S.Number)
	}
	if kb == kNone {
		th.TypeError(b, th.Img.S.Number)
	}
	if ka == kComplex || kb == kComplex {
		return NumEquals(th, realPart(a), realPart(b)) && NumEquals(th, imagPart(a), imagPart(b))
	}
	c, ok := cmpReal(a, b)
	return ok && c == 0
}

// NumLess implements two-argument < (TYPE-ERROR REAL for non-reals).
func NumLess(th *Thread, a, b Value) bool {
	if x, ok := a.(Fixnum); ok {
		if y, ok := b.(Fixnum); ok {
			return x < y
		}
	}
	c, ok := th.compareReals(a, b)
	return ok && c < 0
}

// NumCompare compares two reals for < > <= >= (TYPE-ERROR REAL for
// non-reals): c is -1, 0 or 1, and ordered is false when a NaN is involved
// (every comparison is then false).
func NumCompare(th *Thread, a, b Value) (c int, ordered bool) {
	if x, ok := a.(Fixnum); ok {
		if y, ok := b.(Fixnum); ok {
			return cmp3(x < y, x > y), true
		}
	}
	return th.compareReals(a, b)
}

// compareReals type-checks both arguments as reals and compares them.
func (th *Thread) compareReals(a, b Value) (int, bool) {
	if !IsReal(a) {
		th.TypeError(a, th.Img.S.Real)
	}
	if !IsReal(b) {
		th.TypeError(b, th.Img.S.Real)
	}
	return cmpReal(a, b)
}

// arith is the slow path of the four operations: type checks and contagion.
func (th *Thread) arith(op arithOp, a, b Value) Value {
	ka, kb := kindOf(a), kindOf(b)
	if ka == kNone {
		th.TypeError(a, th.Img.S.Number)
	}
	if kb == kNone {
		th.TypeError(b, th.Img.S.Number)
	}
	switch k := max(ka, kb); k {
	case kFix, kBig:
		return th.intArith(op, a, b)
	case kRatio:
		return th.ratArith(op, a, b)
	case kSingle:
		return th.singleArith(op, th.ToSingle(a), th.ToSingle(b))
	case kDouble:
		return th.doubleArith(op, th.ToDouble(a), th.ToDouble(b))
	}
	return th.complexArith(op, a, b)
}

// bigResultBytes is the size above which bignum results are charged to the
// thread's allocation budget before they are computed.
const bigResultBytes = 1 << 16

func (th *Thread) intArith(op arithOp, a, b Value) Value {
	x, y := ToBig(a), ToBig(b)
	switch op {
	case opAdd:
		th.CheckBignumBits("+", int64(max(x.BitLen(), y.BitLen())+1))
		return MakeBigInt(new(big.Int).Add(x, y))
	case opSub:
		th.CheckBignumBits("-", int64(max(x.BitLen(), y.BitLen())+1))
		return MakeBigInt(new(big.Int).Sub(x, y))
	case opMul:
		th.CheckBignumBits("*", int64(x.BitLen()+y.BitLen()))
		return MakeBigInt(new(big.Int).Mul(x, y))
	}
	if y.Sign() == 0 {
		th.DivisionByZero("/", a, b)
	}
	q, r := new(big.Int).QuoRem(x, y, new(big.Int))
	if r.Sign() == 0 {
		return MakeBigInt(q)
	}
	th.checkGCDWork("/", x.BitLen(), y.BitLen())
	return &Ratio{new(big.Rat).SetFrac(x, y)}
}

func (th *Thread) ratArith(op arithOp, a, b Value) Value {
	if v, ok := th.ratIntArith(op, a, b); ok {
		return v
	}
	if x, ok := a.(*Ratio); ok {
		if y, ok := b.(*Ratio); ok {
			return th.ratRatArith(op, x, y) // ratios are never zero
		}
	}
	x, y := ToRat(a), ToRat(b)
	th.checkRatArith(op, x, y)
	r := new(big.Rat)
	switch op {
	case opAdd:
		r.Add(x, y)
	case opSub:
		r.Sub(x, y)
	case opMul:
		r.Mul(x, y)
	default:
		if y.Sign() == 0 {
			th.DivisionByZero("/", a, b)
		}
		r.Quo(x, y)
	}
	return MakeRat(r)
}

func (th *Thread) singleArith(op arithOp, x, y SingleFloat) Value {
	var r SingleFloat
	switch op {
	case opAdd:
		r = x + y
	case opSub:
		r = x - y
	case opMul:
		r = x * y
	default:
		if y == 0 {
			th.floatDivZero(float64(x), x, y)
		}
		r = x / y
	}
	if r-r != 0 { // infinite or NaN
		th.floatTrap(opNames[op], float64(r), x, y)
	}
	return r
}

func (th *Thread) doubleArith(op arithOp, x, y DoubleFloat) Value {
	var r DoubleFloat
	switch op {
	case opAdd:
		r = x + y
	case opSub:
		r = x - y
	case opMul:
		r = x * y
	default:
		if y == 0 {
			th.floatDivZero(float64(x), x, y)
		}
		r = x / y
	}
	if r-r != 0 {
		th.floatTrap(opNames[op], float64(r), x, y)
	}
	return r
}

// floatDivZero signals for x / 0.0 as SBCL's enabled traps do: 0/0 is an
// invalid operation, a finite nonzero dividend divides by zero, and
// infinities or NaNs pass through.
func (th *Thread) floatDivZero(x float64, a, b Value) {
	switch {
	case x == 0:
		th.ArithmeticError("FLOATING-POINT-INVALID-OPERATION", "/", a, b)
	case !math.IsInf(x, 0) && x == x:
		th.DivisionByZero("/", a, b)
	}
}

// floatTrap signals FLOATING-POINT-OVERFLOW when finite operands gave an
// infinity and FLOATING-POINT-INVALID-OPERATION when non-NaN operands gave a
// NaN; results computed from infinities or NaNs pass silently.
func (th *Thread) floatTrap(op string, r float64, operands ...Value) {
	finite, noNaN := true, true
	for _, o := range operands {
		f := ToFloat64(o)
		if f != f {
			noNaN = false
		} else if math.IsInf(f, 0) {
			finite = false
		}
	}
	switch {
	case math.IsInf(r, 0) && finite && noNaN:
		th.ArithmeticError("FLOATING-POINT-OVERFLOW", op, operands...)
	case r != r && noNaN:
		th.ArithmeticError("FLOATING-POINT-INVALID-OPERATION", op, operands...)
	}
}

// checkFloat signals for a float result r of an operation on finite
// arguments (used by the irrational functions).
func (th *Thread) checkFloat(op string, r float64, operands ...Value) {
	if r-r != 0 {
		th.floatTrap(op, r, operands...)
	}
}

func (th *Thread) complexArith(op arithOp, a, b Value) Value {
	ar, ai, br, bi := realPart(a), imagPart(a), realPart(b), imagPart(b)
	_, aComplex := a.(*Complex)
	_, bComplex := b.(*Complex)
	switch op {
	case opAdd:
		return th.makeComplexTh(Add(th, ar, br), Add(th, ai, bi))
	case opSub:
		return th.makeComplexTh(Sub(th, ar, br), Sub(th, ai, bi))
	case opMul:
		switch {
		case !bComplex:
			return th.makeComplexTh(Mul(th, ar, b), Mul(th, ai, b))
		case !aComplex:
			return th.makeComplexTh(Mul(th, a, br), Mul(th, a, bi))
		}
		return th.makeComplexTh(Sub(th, Mul(th, ar, br), Mul(th, ai, bi)),
			Add(th, Mul(th, ar, bi), Mul(th, ai, br)))
	}
	if !bComplex {
		return th.makeComplexTh(Div(th, ar, b), Div(th, ai, b))
	}
	// Smith's algorithm: scale by the larger part of the divisor to avoid
	// needless overflow (exact anyway for rationals).
	one := MakeInt(1)
	if c, _ := cmpReal(absReal(th, br), absReal(th, bi)); c > 0 {
		r := Div(th, bi, br)
		dn := Mul(th, br, Add(th, one, Mul(th, r, r)))
		if !aComplex {
			return th.makeComplexTh(Div(th, a, dn), Div(th, Negate(th, Mul(th, a, r)), dn))
		}
		return th.makeComplexTh(Div(th, Add(th, ar, Mul(th, ai, r)), dn),
			Div(th, Sub(th, ai, Mul(th, ar, r)), dn))
	}
	r := Div(th, br, bi)
	dn := Mul(th, bi, Add(th, one, Mul(th, r, r)))
	if !aComplex {
		return th.makeComplexTh(Div(th, Mul(th, r, a), dn), Div(th, Negate(th, a), dn))
	}
	return th.makeComplexTh(Div(th, Add(th, Mul(th, ar, r), ai), dn),
		Div(th, Sub(th, Mul(th, ai, r), ar), dn))
}

// absReal returns the absolute value of a real.
func absReal(th *Thread, v Value) Value {
	switch x := v.(type) {
	case Fixnum:
		if x >= 0 {
			return x
		}
	case SingleFloat:
		return SingleFloat(math.Abs(float64(x)))
	case DoubleFloat:
		return DoubleFloat(math.Abs(float64(x)))
	}
	if sign(v) < 0 {
		return Negate(th, v)
	}
	return v
}
