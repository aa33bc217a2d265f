package printer

import (
	"math"
	"strings"
)

// freeExp is ~E without w and d: x (non-zero) in exponential notation with
// PRIN1's digits (CLHS 22.3.3.2: "the effect is to print the value using
// ordinary free-format exponential-notation output"; SBCL's scaling by
// powers of ten may change the last digit), k of them before the point
// (none, and -k zeros after it, when k <= 0).
func (f *fstate) freeExp(x float64, single bool, e optInt, k int, marker rune, hasMarker bool, atsign bool) {
	bits := 64
	if single {
		bits = 32
	}
	digits, dexp := prin1Digits(math.Abs(x), bits)
	expt := dexp - k
	var mant string
	if k > 0 {
		if len(digits) < k {
			digits += strings.Repeat("0", k-len(digits))
		}
		frac := digits[k:]
		if frac == "" {
			frac = "0"
		}
		mant = digits[:k] + "." + frac
	} else {
		mant = "0." + strings.Repeat("0", -k) + digits
	}
	if signBit(x) {
		f.write("-")
	} else if atsign {
		f.write("+")
	}
	f.write(mant)
	f.writeExponent(expt, e, marker, hasMarker, single)
}
