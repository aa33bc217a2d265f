package runtime

import (
	"math"
	"math/big"
)

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

// ToBig returns an integer as a *big.Int (fresh for fixnums).
func ToBig(v Value) *big.Int {
	switch n := v.(type) {
	case Fixnum:
		return big.NewInt(int64(n))
	case *Bignum:
		return n.Int
	}
	return nil
}

// ToRat returns a rational as a *big.Rat.
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

// ToFloat64 converts a real to float64.
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

// Compare compares two reals: -1, 0 or 1.
func Compare(a, b Value) int {
	if x, ok := a.(Fixnum); ok {
		if y, ok := b.(Fixnum); ok {
			switch {
			case x < y:
				return -1
			case x > y:
				return 1
			}
			return 0
		}
	}
	if IsFloat(a) || IsFloat(b) {
		fa, fb := ToFloat64(a), ToFloat64(b)
		if !math.IsInf(fa, 0) && !math.IsInf(fb, 0) && IsRational(a) != IsRational(b) {
			// Compare exactly, per CLHS 12.1.4.1 (rational comparison).
			ra, rb := ratOf(a), ratOf(b)
			if ra != nil && rb != nil {
				return ra.Cmp(rb)
			}
		}
		switch {
		case fa < fb:
			return -1
		case fa > fb:
			return 1
		}
		return 0
	}
	return ToRat(a).Cmp(ToRat(b))
}

func ratOf(v Value) *big.Rat {
	switch n := v.(type) {
	case SingleFloat:
		r, _ := new(big.Rat).SetString(big.NewFloat(float64(n)).Text('g', -1))
		return r
	case DoubleFloat:
		return new(big.Rat).SetFloat64(float64(n))
	}
	return ToRat(v)
}

// IntegerLength implements INTEGER-LENGTH.
func IntegerLength(v Value) int {
	switch n := v.(type) {
	case Fixnum:
		x := int64(n)
		if x < 0 {
			x = ^x
		}
		l := 0
		for x > 0 {
			l++
			x >>= 1
		}
		return l
	case *Bignum:
		b := n.Int
		if b.Sign() < 0 {
			b = new(big.Int).Not(b)
		}
		return b.BitLen()
	}
	return 0
}
