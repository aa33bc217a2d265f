package reader

import (
	"math"
	"math/big"
	"strconv"

	rt "github.com/golem-lisp/golem/runtime"
)

// digitValue returns the weight of r as a digit in base, or -1. Decimal
// digits of every script count, as in SBCL.
func digitValue(r rune, base int) int { return rt.DigitWeight(r, base) }

const digitChars = "0123456789abcdefghijklmnopqrstuvwxyz"

func allDigits(rs []rune, base int) bool {
	if len(rs) == 0 {
		return false
	}
	for _, r := range rs {
		if digitValue(r, base) < 0 {
			return false
		}
	}
	return true
}

func isExponentMarker(r rune) bool {
	switch r {
	case 'e', 'E', 's', 'S', 'f', 'F', 'd', 'D', 'l', 'L':
		return true
	}
	return false
}

// makeInteger converts sign and digits (already validated) in base; a long
// integer is converted in subquadratic time within th's bignum limits (th
// may be nil).
func makeInteger(th *rt.Thread, neg bool, digits []rune, base int) rt.Value {
	if len(digits) <= 12 { // base^12 fits in int64 for base <= 36
		var n int64
		for _, r := range digits {
			n = n*int64(base) + int64(digitValue(r, base))
		}
		if neg {
			n = -n
		}
		return rt.MakeInt(n)
	}
	b := th.ParseDigits("READ", digits, base)
	if neg {
		b.Neg(b)
	}
	return rt.MakeBigInt(b)
}

// parseNumber interprets a token without escapes as a number (CLHS 2.3.1).
// ok is false when the token does not have number syntax. A non-empty msg
// means the syntax is numeric but the number cannot be built (a reader error).
func parseNumber(th *rt.Thread, tok []rune, base int, double bool) (v rt.Value, ok bool, msg string) {
	n := len(tok)
	if n == 0 {
		return nil, false, ""
	}
	i := 0
	neg := false
	if tok[0] == '+' || tok[0] == '-' {
		neg = tok[0] == '-'
		i = 1
	}
	if i == n {
		return nil, false, ""
	}
	body := tok[i:]
	// Every number syntax begins with a digit in the base or in decimal,
	// or with a decimal point: most symbols are ruled out at once.
	if body[0] != '.' && digitValue(body[0], max(base, 10)) < 0 {
		return nil, false, ""
	}
	// Integer in the current base.
	if allDigits(body, base) {
		return makeInteger(th, neg, body, base), true, ""
	}
	// Decimal integer with a trailing decimal point.
	if body[len(body)-1] == '.' && allDigits(body[:len(body)-1], 10) {
		return makeInteger(th, neg, body[:len(body)-1], 10), true, ""
	}
	// Ratio.
	for k, r := range body {
		if r == '/' {
			if allDigits(body[:k], base) && allDigits(body[k+1:], base) {
				num := rt.ToBig(makeInteger(th, neg, body[:k], base))
				den := rt.ToBig(makeInteger(th, false, body[k+1:], base))
				if den.Sign() == 0 {
					return nil, true, "failed to build ratio: division by zero"
				}
				th.CheckRatio("READ", num.BitLen(), den.BitLen())
				return rt.MakeRat(new(big.Rat).SetFrac(num, den)), true, ""
			}
			break
		}
	}
	return parseFloat(tok, neg, i, double)
}

// parseFloat recognises [sign] {digit}* [. {digit}*] [marker [sign] {digit}+].
func parseFloat(tok []rune, neg bool, i int, double bool) (rt.Value, bool, string) {
	n := len(tok)
	j := i
	for j < n && digitValue(tok[j], 10) >= 0 {
		j++
	}
	intDigits := j - i
	fracDigits := 0
	dot := false
	if j < n && tok[j] == '.' {
		dot = true
		j++
		for j < n && digitValue(tok[j], 10) >= 0 {
			j++
			fracDigits++
		}
	}
	if intDigits+fracDigits == 0 {
		return nil, false, ""
	}
	marker := rune(0)
	expStart := n
	if j < n {
		if !isExponentMarker(tok[j]) {
			return nil, false, ""
		}
		marker = tok[j]
		j++
		expStart = j
		if j < n && (tok[j] == '+' || tok[j] == '-') {
			j++
		}
		if j == n {
			return nil, false, ""
		}
		for ; j < n; j++ {
			if digitValue(tok[j], 10) < 0 {
				return nil, false, ""
			}
		}
	} else if !dot || fracDigits == 0 {
		return nil, false, ""
	}
	switch marker {
	case 'd', 'D', 'l', 'L':
		double = true
	case 's', 'S', 'f', 'F':
		double = false
	}
	// Build Go float syntax: ASCII only, so a byte slice suffices.
	b := make([]byte, 0, n+2)
	if neg {
		b = append(b, '-')
	}
	for k := i; k < i+intDigits; k++ {
		b = append(b, digitChars[digitValue(tok[k], 10)])
	}
	if intDigits == 0 {
		b = append(b, '0')
	}
	if fracDigits > 0 {
		b = append(b, '.')
		for k := i + intDigits + 1; k < i+intDigits+1+fracDigits; k++ {
			b = append(b, digitChars[digitValue(tok[k], 10)])
		}
	}
	if marker != 0 {
		b = append(b, 'e')
		for k := expStart; k < n; k++ {
			if w := digitValue(tok[k], 10); w >= 0 {
				b = append(b, digitChars[w])
			} else {
				b = append(b, byte(tok[k])) // the exponent sign
			}
		}
	}
	bits := 32
	if double {
		bits = 64
	}
	f, _ := strconv.ParseFloat(string(b), bits)
	if math.IsInf(f, 0) {
		return nil, true, "floating-point-overflow: cannot build a float from " + string(tok)
	}
	if double {
		return rt.DoubleFloat(f), true, ""
	}
	return rt.SingleFloat(float32(f)), true, ""
}

// ParseNumber reports whether token (read without escapes) has the syntax of
// a number in base and returns the number. doubleDefault selects DOUBLE-FLOAT
// as *read-default-float-format*. Numbers that cannot be built (1/0, float
// overflow) return ok true and a nil value.
func ParseNumber(token string, base int, doubleDefault bool) (rt.Value, bool) {
	v, ok, msg := parseNumber(nil, []rune(token), base, doubleDefault)
	if msg != "" {
		return nil, true
	}
	return v, ok
}

// IsPotentialNumber reports whether token is a potential number in base
// (CLHS 2.3.1.1), so a printer must escape a symbol with that name.
func IsPotentialNumber(token string, base int) bool {
	rs := []rune(token)
	if len(rs) == 0 {
		return false
	}
	hasDot := false
	for _, r := range rs {
		if r == '.' {
			hasDot = true
		}
	}
	digit := func(r rune) bool {
		if hasDot {
			return r >= '0' && r <= '9'
		}
		return digitValue(r, base) >= 0 || (r >= '0' && r <= '9')
	}
	letter := func(r rune) bool {
		return (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z')
	}
	sawDigit := false
	for k, r := range rs {
		switch {
		case digit(r):
			sawDigit = true
		case r == '+' || r == '-' || r == '/' || r == '.' || r == '^' || r == '_':
		case letter(r):
			// A number marker may not be adjacent to another letter.
			if (k > 0 && letter(rs[k-1]) && !digit(rs[k-1])) || (k+1 < len(rs) && letter(rs[k+1]) && !digit(rs[k+1])) {
				return false
			}
		default:
			return false
		}
	}
	if !sawDigit {
		return false
	}
	first, last := rs[0], rs[len(rs)-1]
	if !(digit(first) || first == '+' || first == '-' || first == '.' || first == '^' || first == '_') {
		return false
	}
	return last != '+' && last != '-'
}
