package runtime

import (
	"math"
	"math/big"
	"math/bits"
)

// This file holds the number predicates, conversions, exact comparison and
// hashing. Arithmetic lives in num_arith.go, the CL builtins in num_*.go.

// numKind orders the number representations by contagion (CLHS 12.1.4):
// the result of a two-argument operation has the larger kind of the two.
type numKind uint8

const (
	kNone numKind = iota
	kFix
	kBig
	kRatio
	kSingle
	kDouble
	kComplex
)

func kindOf(v Value) numKind {
	switch v.(type) {
	case Fixnum:
		return kFix
	case *Bignum:
		return kBig
	case *Ratio:
		return kRatio
	case SingleFloat:
		return kSingle
	case DoubleFloat:
		return kDouble
	case *Complex:
		return kComplex
	}
	return kNone
}

// IsNumber reports whether v is any Lisp number.
func IsNumber(v Value) bool {
	switch v.(type) {
	case Fixnum, *Bignum, *Ratio, SingleFloat, DoubleFloat, *Complex:
		return true
	}
	return false
}

// IsReal reports whether v is a real number.
func IsReal(v Value) bool {
	switch v.(type) {
	case Fixnum, *Bignum, *Ratio, SingleFloat, DoubleFloat:
		return true
	}
	return false
}

// IsRational reports whether v is an integer or ratio.
func IsRational(v Value) bool {
	switch v.(type) {
	case Fixnum, *Bignum, *Ratio:
		return true
	}
	return false
}

// IsInteger reports whether v is an integer.
func IsInteger(v Value) bool {
	switch v.(type) {
	case Fixnum, *Bignum:
		return true
	}
	return false
}

// IsFloat reports whether v is a float.
func IsFloat(v Value) bool {
	switch v.(type) {
	case SingleFloat, DoubleFloat:
		return true
	}
	return false
}

// ToBig returns an integer as a *big.Int (fresh for fixnums, shared for
// bignums: do not modify it), or nil for non-integers.
func ToBig(v Value) *big.Int {
	switch n := v.(type) {
	case Fixnum:
		return big.NewInt(int64(n))
	case *Bignum:
		return n.Int
	}
	return nil
}

// ToRat returns a rational as a *big.Rat (shared for ratios: do not modify
// it), or nil for non-rationals.
func ToRat(v Value) *big.Rat {
	switch n := v.(type) {
	case Fixnum:
		return new(big.Rat).SetInt64(int64(n))
	case *Bignum:
		return new(big.Rat).SetInt(n.Int)
	case *Ratio:
		return n.Rat
	}
	return nil
}

// ToInt64 returns the value of an integer that fits in an int64.
func ToInt64(v Value) (int64, bool) {
	switch n := v.(type) {
	case Fixnum:
		return int64(n), true
	case *Bignum:
		if n.Int.IsInt64() {
			return n.Int.Int64(), true
		}
	}
	return 0, false
}

// ToFloat64 converts a real to the nearest float64 (±Inf when out of range,
// NaN for non-reals). It never signals; see ToDouble for the checked form.
func ToFloat64(v Value) float64 {
	switch n := v.(type) {
	case Fixnum:
		return float64(n)
	case *Bignum:
		f, _ := new(big.Float).SetInt(n.Int).Float64()
		return f
	case *Ratio:
		f, _ := n.Rat.Float64()
		return f
	case SingleFloat:
		return float64(n)
	case DoubleFloat:
		return float64(n)
	}
	return math.NaN()
}

// toFloat32 converts a real to the nearest float32 without signalling.
func toFloat32(v Value) float32 {
	switch n := v.(type) {
	case Fixnum:
		return float32(n)
	case *Bignum:
		f, _ := new(big.Float).SetInt(n.Int).Float32()
		return f
	case *Ratio:
		f, _ := n.Rat.Float32()
		return f
	case SingleFloat:
		return float32(n)
	case DoubleFloat:
		return float32(n)
	}
	return float32(math.NaN())
}

// ToSingle converts a real to a single float, signalling
// FLOATING-POINT-OVERFLOW when a finite value is out of range (as SBCL does).
func (th *Thread) ToSingle(v Value) SingleFloat {
	switch n := v.(type) {
	case SingleFloat:
		return n
	case Fixnum:
		return SingleFloat(float32(n))
	case DoubleFloat:
		f := float32(n)
		if math.IsInf(float64(f), 0) && !math.IsInf(float64(n), 0) {
			th.ArithmeticError("FLOATING-POINT-OVERFLOW", "COERCE", v, th.Img.S.SingleFloat)
		}
		return SingleFloat(f)
	}
	if !IsReal(v) {
		th.TypeErrorName(v, "REAL")
	}
	f := toFloat32(v)
	if math.IsInf(float64(f), 0) {
		th.ArithmeticError("FLOATING-POINT-OVERFLOW", "FLOAT", v, th.Img.S.SingleFloat)
	}
	return SingleFloat(f)
}

// ToDouble converts a real to a double float, signalling
// FLOATING-POINT-OVERFLOW when a rational is out of range.
func (th *Thread) ToDouble(v Value) DoubleFloat {
	switch n := v.(type) {
	case DoubleFloat:
		return n
	case SingleFloat:
		return DoubleFloat(n)
	case Fixnum:
		return DoubleFloat(n)
	}
	if !IsReal(v) {
		th.TypeErrorName(v, "REAL")
	}
	f := ToFloat64(v)
	if math.IsInf(f, 0) {
		th.ArithmeticError("FLOATING-POINT-OVERFLOW", "FLOAT", v, th.Img.S.DoubleFloat)
	}
	return DoubleFloat(f)
}

// floatIn converts a real to a float of format k (kSingle or kDouble).
func (th *Thread) floatIn(k numKind, v Value) Value {
	if k == kDouble {
		return th.ToDouble(v)
	}
	return th.ToSingle(v)
}

// MakeComplex returns the canonical number with parts re and im (both reals):
// a rational when both are rational and im is zero, otherwise a complex whose
// parts share one format by float contagion. It does not check overflow.
func MakeComplex(re, im Value) Value {
	kr, ki := kindOf(re), kindOf(im)
	if kr <= kRatio && ki <= kRatio {
		if z, ok := im.(Fixnum); ok && z == 0 {
			return re
		}
		return &Complex{re, im}
	}
	if kr == kDouble || ki == kDouble {
		return &Complex{DoubleFloat(ToFloat64(re)), DoubleFloat(ToFloat64(im))}
	}
	return &Complex{SingleFloat(toFloat32(re)), SingleFloat(toFloat32(im))}
}

// makeComplexTh is MakeComplex with overflow checking of rational parts.
func (th *Thread) makeComplexTh(re, im Value) Value {
	kr, ki := kindOf(re), kindOf(im)
	if kr <= kRatio && ki <= kRatio {
		return MakeComplex(re, im)
	}
	k := max(kr, ki)
	return &Complex{th.floatIn(k, re), th.floatIn(k, im)}
}

// realPart and imagPart treat reals as complexes with an exact zero imaginary part.
func realPart(v Value) Value {
	if c, ok := v.(*Complex); ok {
		return c.Real
	}
	return v
}

func imagPart(v Value) Value {
	if c, ok := v.(*Complex); ok {
		return c.Imag
	}
	return MakeInt(0)
}

// isZero reports whether a number is zero (either zero float).
func isZero(v Value) bool {
	switch n := v.(type) {
	case Fixnum:
		return n == 0
	case SingleFloat:
		return n == 0
	case DoubleFloat:
		return n == 0
	case *Complex:
		return isZero(n.Real) && isZero(n.Imag)
	}
	return false
}

// sign returns -1, 0 or 1 for a real (0 for NaN and both zeros).
func sign(v Value) int {
	switch n := v.(type) {
	case Fixnum:
		switch {
		case n < 0:
			return -1
		case n > 0:
			return 1
		}
		return 0
	case *Bignum:
		return n.Int.Sign()
	case *Ratio:
		return n.Rat.Sign()
	case SingleFloat:
		switch {
		case n < 0:
			return -1
		case n > 0:
			return 1
		}
	case DoubleFloat:
		switch {
		case n < 0:
			return -1
		case n > 0:
			return 1
		}
	}
	return 0
}

func isNaNValue(v Value) bool {
	switch f := v.(type) {
	case SingleFloat:
		return f != f
	case DoubleFloat:
		return f != f
	}
	return false
}

// Compare compares two reals exactly (CLHS 12.1.4.1: a float is compared
// with a rational as if converted to a rational): -1, 0 or 1. Comparisons
// involving NaN return 0.
func Compare(a, b Value) int {
	c, _ := cmpReal(a, b)
	return c
}

// cmpReal compares two reals; ok is false when they are unordered (NaN).
func cmpReal(a, b Value) (c int, ok bool) {
	if x, isFix := a.(Fixnum); isFix {
		if y, isFix := b.(Fixnum); isFix {
			return cmp3(x < y, x > y), true
		}
	}
	ka, kb := kindOf(a), kindOf(b)
	if ka >= kSingle || kb >= kSingle {
		fa, fb := ToFloat64(a), ToFloat64(b)
		if fa != fa || fb != fb { // only floats convert to NaN
			return 0, false
		}
		if ka >= kSingle && kb >= kSingle {
			return cmp3(fa < fb, fa > fb), true
		}
		// One float, one rational: exact when the rational converts exactly.
		if ka == kFix || kb == kFix {
			n := int64(0)
			if ka == kFix {
				n = int64(a.(Fixnum))
			} else {
				n = int64(b.(Fixnum))
			}
			if n > -(1<<53) && n < 1<<53 {
				return cmp3(fa < fb, fa > fb), true
			}
		}
		if math.IsInf(fa, 0) && ka >= kSingle || math.IsInf(fb, 0) && kb >= kSingle {
			return cmp3(fa < fb, fa > fb), true
		}
		return ratOfReal(a).Cmp(ratOfReal(b)), true
	}
	if ka <= kBig && kb <= kBig {
		return ToBig(a).Cmp(ToBig(b)), true
	}
	return ToRat(a).Cmp(ToRat(b)), true
}

func cmp3(less, greater bool) int {
	switch {
	case less:
		return -1
	case greater:
		return 1
	}
	return 0
}

// ratOfReal converts a finite real to an exact rational.
func ratOfReal(v Value) *big.Rat {
	switch n := v.(type) {
	case SingleFloat:
		return new(big.Rat).SetFloat64(float64(n))
	case DoubleFloat:
		return new(big.Rat).SetFloat64(float64(n))
	}
	return ToRat(v)
}

// IntegerLength implements INTEGER-LENGTH for an integer (0 otherwise).
func IntegerLength(v Value) int {
	switch n := v.(type) {
	case Fixnum:
		x := int64(n)
		if x < 0 {
			x = ^x
		}
		return bits.Len64(uint64(x))
	case *Bignum:
		b := n.Int
		if b.Sign() < 0 {
			b = new(big.Int).Not(b)
		}
		return b.BitLen()
	}
	return 0
}

// --- hashing ---

func mixHash(h, x uint64) uint64 {
	h ^= x + 0x9e3779b97f4a7c15 + (h << 6) + (h >> 2)
	return finishHash(h)
}

func finishHash(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

func bigHash(b *big.Int) uint64 {
	if b.IsInt64() {
		return finishHash(uint64(b.Int64()))
	}
	h := uint64(b.Sign() + 7)
	for _, w := range b.Bits() {
		h = mixHash(h, uint64(w))
	}
	return h
}

// NumberHash hashes a number consistently with EQL: numbers that are EQL
// hash equal (bignums and ratios structurally, floats by bits and format).
// It returns 0 for non-numbers.
func NumberHash(v Value) uint64 {
	switch n := v.(type) {
	case Fixnum:
		return finishHash(uint64(n))
	case *Bignum:
		return bigHash(n.Int)
	case *Ratio:
		return mixHash(bigHash(n.Rat.Num()), bigHash(n.Rat.Denom()))
	case SingleFloat:
		return mixHash(1, uint64(math.Float32bits(float32(n))))
	case DoubleFloat:
		return mixHash(2, math.Float64bits(float64(n)))
	case *Complex:
		return mixHash(NumberHash(n.Real)*31+3, NumberHash(n.Imag))
	}
	return 0
}

// NumberHashEqualp hashes a number consistently with = (and so EQUALP):
// numbers that are = hash equal, whatever their types.
func NumberHashEqualp(v Value) uint64 {
	if c, ok := v.(*Complex); ok {
		if isZero(c.Imag) {
			return NumberHashEqualp(c.Real)
		}
		return mixHash(NumberHashEqualp(c.Real)*31+5, NumberHashEqualp(c.Imag))
	}
	if n, ok := v.(Fixnum); ok {
		if n > -(1<<53) && n < 1<<53 {
			return finishHash(uint64(n))
		}
	}
	// Equal reals convert to the same float64 (the conversion is correctly
	// rounded), so hashing the float64 is consistent with =.
	f := ToFloat64(v)
	if f == 0 {
		return finishHash(0)
	}
	if f == math.Trunc(f) && math.Abs(f) < 1<<53 {
		return finishHash(uint64(int64(f)))
	}
	return mixHash(4, math.Float64bits(f))
}
