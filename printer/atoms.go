package printer

import (
	"math"
	"strconv"
	"strings"

	rt "github.com/golem-lisp/golem/runtime"
)

// --- integers and ratios ---

// IntegerString renders an integer in base (2..36) with uppercase digits.
func IntegerString(v rt.Value, base int) string {
	switch n := v.(type) {
	case rt.Fixnum:
		return strings.ToUpper(strconv.FormatInt(int64(n), base))
	case *rt.Bignum:
		return strings.ToUpper(n.Int.Text(base))
	}
	return ""
}

func radixPrefix(base int) string {
	switch base {
	case 2:
		return "#b"
	case 8:
		return "#o"
	case 16:
		return "#x"
	}
	return "#" + strconv.Itoa(base) + "r"
}

// bigPrintBits is the size from which printing an integer checks the
// limits first: math/big's conversion cannot be interrupted, and a program
// printing many large integers may make no call in between.
const bigPrintBits = 1 << 16

func (p *printer) integer(v rt.Value) {
	if b, ok := v.(*rt.Bignum); ok && b.Int.BitLen() >= bigPrintBits {
		p.th.Poll()
	}
	s := IntegerString(v, p.base)
	if p.radix {
		if p.base == 10 {
			s += "."
		} else {
			s = radixPrefix(p.base) + s
		}
	}
	p.write(s)
}

func (p *printer) ratio(r *rt.Ratio) {
	if r.Rat.Num().BitLen()+r.Rat.Denom().BitLen() >= bigPrintBits {
		p.th.Poll()
	}
	s := strings.ToUpper(r.Rat.Num().Text(p.base)) + "/" + strings.ToUpper(r.Rat.Denom().Text(p.base))
	if p.radix {
		s = radixPrefix(p.base) + s
	}
	p.write(s)
}

// --- floats ---

// FloatString renders a float as PRIN1 would with the given
// *read-default-float-format* (a symbol: SINGLE-FLOAT, DOUBLE-FLOAT, ...).
// Infinities and NaNs are not handled here.
func floatString(img *rt.Image, v rt.Value) string {
	var f float64
	bits := 64
	single := false
	switch x := v.(type) {
	case rt.SingleFloat:
		f, bits, single = float64(x), 32, true
	case rt.DoubleFloat:
		f = float64(x)
	}
	def := img.S.ReadDefaultFloatFormat.Value
	defSingle := def == nil || def == img.S.SingleFloat || def == img.S.ShortFloat
	marker := ""
	switch {
	case single && !defSingle:
		marker = "f"
	case !single && defSingle:
		marker = "d"
	}
	var sb strings.Builder
	if f < 0 || (f == 0 && math.Signbit(f)) {
		sb.WriteByte('-')
		f = -f
	}
	if f == 0 {
		sb.WriteString("0.0")
		if marker != "" {
			sb.WriteString(marker + "0")
		}
		return sb.String()
	}
	digits, exp := prin1Digits(f, bits)
	// value = 0.DIGITS * 10^exp
	if f >= 1e-3 && f < 1e7 {
		sb.WriteString(fixedFromDigits(digits, exp))
		if marker != "" {
			sb.WriteString(marker + "0")
		}
		return sb.String()
	}
	sb.WriteByte(digits[0])
	sb.WriteByte('.')
	if len(digits) > 1 {
		sb.WriteString(digits[1:])
	} else {
		sb.WriteByte('0')
	}
	if marker == "" {
		marker = "e"
	}
	sb.WriteString(marker)
	sb.WriteString(strconv.Itoa(exp - 1))
	return sb.String()
}

// prin1Digits returns the digits PRIN1 prints for f > 0 of the given size
// (32 or 64 bits) and the exponent e such that f = 0.DIGITS × 10^e.
func prin1Digits(f float64, bits int) (string, int) {
	if (bits == 32 && f < 1.1754943508222875e-38) || (bits == 64 && f < 2.2250738585072014e-308) {
		// Denormals: SBCL prints them with full-precision digits.
		exp, digits := floatToDigits(decodeFloat(f, bits == 32), false, 0, false)
		return digits, exp
	}
	return shortestDigits(f, bits)
}

// shortestDigits returns the shortest digit string that reads back as f
// (f > 0) and the exponent e such that f = 0.DIGITS × 10^e.
//
// Go's shortest form is the closest one; when f lies exactly halfway
// between two shortest candidates Go may take the lower, where SBCL's
// free-format algorithm (floatToDigits) takes the upper: -346688.625f0
// prints as -346688.63. Such ties go to floatToDigits.
func shortestDigits(f float64, bits int) (string, int) {
	s := strconv.FormatFloat(f, 'e', -1, bits) // d.ddddde±XX
	mant, expPart, _ := strings.Cut(s, "e")
	e, _ := strconv.Atoi(expPart)
	digits := strings.Replace(mant, ".", "", 1)
	if halfwayAfter(f, bits, len(digits)) {
		exp, ds := floatToDigits(decodeFloat(f, bits == 32), false, 0, false)
		return ds, exp
	}
	digits = strings.TrimRight(digits, "0")
	if digits == "" {
		digits = "0"
	}
	return digits, e + 1
}

// halfwayAfter reports whether f's exact decimal expansion may be its first
// n significant digits followed by a 5 and nothing else (a tie between two
// n-digit candidates). It looks 24 digits further, so it can say yes
// wrongly but never no wrongly.
func halfwayAfter(f float64, bits, n int) bool {
	s := strconv.FormatFloat(f, 'e', n+24, bits)
	mant, _, _ := strings.Cut(s, "e")
	ds := strings.Replace(mant, ".", "", 1)
	return len(ds) > n && ds[n] == '5' && strings.Trim(ds[n+1:], "0") == ""
}

// fixedFromDigits renders 0.DIGITS × 10^exp in positional notation with at
// least one digit on each side of the point.
func fixedFromDigits(digits string, exp int) string {
	switch {
	case exp <= 0:
		return "0." + strings.Repeat("0", -exp) + digits
	case exp >= len(digits):
		return digits + strings.Repeat("0", exp-len(digits)) + ".0"
	default:
		return digits[:exp] + "." + digits[exp:]
	}
}

func (p *printer) float(v rt.Value) {
	var f float64
	single := false
	switch x := v.(type) {
	case rt.SingleFloat:
		f, single = float64(x), true
	case rt.DoubleFloat:
		f = float64(x)
	}
	switch {
	case math.IsInf(f, 0):
		st := p.st
		var sym *rt.Symbol
		switch {
		case single && f > 0:
			sym = st.sfPosInf
		case single:
			sym = st.sfNegInf
		case f > 0:
			sym = st.dfPosInf
		default:
			sym = st.dfNegInf
		}
		if p.readably && !truthy(p.img.S.ReadEval.Value) {
			p.notReadable(v)
		}
		p.write("#.")
		if sym == nil {
			p.write("GOLEM:?INFINITY")
			return
		}
		p.symbolEscaped(sym)
		return
	case math.IsNaN(f):
		if p.readably {
			p.notReadable(v)
		}
		if single {
			p.write("#<SINGLE-FLOAT quiet NaN>")
		} else {
			p.write("#<DOUBLE-FLOAT quiet NaN>")
		}
		return
	}
	p.write(floatString(p.img, v))
}

func (p *printer) complex(c *rt.Complex) {
	p.write("#C(")
	p.object(c.Real)
	p.write(" ")
	p.object(c.Imag)
	p.write(")")
}

// --- characters and strings ---

// charNameForPrint returns the text after #\ for prin1 of r.
func charNameForPrint(r rune) string {
	if r >= 32 && r < 127 {
		return string(r)
	}
	// Like SBCL, every other character prints by name (U<hex> when it has
	// no name golem knows).
	return rt.CharName(r)
}

func isPrintableRune(r rune) bool {
	return strconv.IsPrint(r)
}

func (p *printer) char(r rune) {
	if !p.escape {
		p.write(string(r))
		return
	}
	if p.readably && r != ' ' {
		// SBCL names every character when printing readably.
		p.write("#\\" + rt.CharName(r))
		return
	}
	p.write("#\\" + charNameForPrint(r))
}

func (p *printer) string(s *rt.String) {
	runes := s.Runes()
	if !p.escape {
		p.write(string(runes))
		return
	}
	var sb strings.Builder
	sb.Grow(len(runes) + 2)
	sb.WriteByte('"')
	for _, r := range runes {
		if r == '"' || r == '\\' {
			sb.WriteByte('\\')
		}
		sb.WriteRune(r)
	}
	sb.WriteByte('"')
	p.write(sb.String())
}

// --- symbols ---

func (p *printer) symbol(s *rt.Symbol) {
	if !p.escape {
		p.write(p.caseName(s.Name))
		return
	}
	p.symbolEscaped(s)
}

// symbolEscaped prints s with the package prefix and escapes it needs to
// read back from *package*.
func (p *printer) symbolEscaped(s *rt.Symbol) {
	img := p.img
	home := img.HomePackage(s)
	switch {
	case home == img.Keyword:
		p.write(":")
	case home == nil:
		if p.gensym || p.readably {
			p.write("#:")
		}
	default:
		cur := img.CurrentPackage()
		if home != cur {
			if found, st := cur.FindSymbol(s.Name); st == rt.StatusNone || found != s {
				p.write(p.symbolNameText(home.Name))
				if home.IsExternal(s) {
					p.write(":")
				} else {
					p.write("::")
				}
			}
		}
	}
	p.write(p.symbolNameText(s.Name))
}

// symbolNameText returns name as it must be written to read back: in
// |...| when needed, case-converted per *print-case* otherwise.
func (p *printer) symbolNameText(name string) string {
	if p.needsBars(name) {
		var sb strings.Builder
		sb.WriteByte('|')
		for _, r := range name {
			if r == '|' || r == '\\' {
				sb.WriteByte('\\')
			}
			sb.WriteRune(r)
		}
		sb.WriteByte('|')
		return sb.String()
	}
	return p.caseName(name)
}

// caseName applies *print-case* and the readtable case to a symbol name
// printed without escapes.
func (p *printer) caseName(name string) string {
	switch p.rcase {
	case rcPreserve:
		return name
	case rcInvert:
		up, low := false, false
		for _, r := range name {
			if rt.UpperCaseP(r) {
				up = true
			} else if rt.LowerCaseP(r) {
				low = true
			}
		}
		if up && low {
			return name
		}
		return strings.Map(func(r rune) rune {
			if rt.UpperCaseP(r) {
				return rt.CharDowncase(r)
			}
			return rt.CharUpcase(r)
		}, name)
	case rcDowncase:
		switch p.pcase {
		case caseUp:
			return strings.Map(rt.CharUpcase, name)
		case caseCap:
			return capitalizeWords(name, false)
		}
		return name
	}
	switch p.pcase {
	case caseDown:
		return strings.Map(rt.CharDowncase, name)
	case caseCap:
		return capitalizeWords(name, true)
	}
	return name
}

// capitalizeWords implements :capitalize: the first character of each word
// (run of alphanumerics) is uppercase. With upcase readtables the other
// uppercase characters are lowered; lowercase ones are left alone.
func capitalizeWords(name string, upReadtable bool) string {
	var sb strings.Builder
	prevNotAlnum := true
	for _, r := range name {
		switch {
		case upReadtable:
			if !prevNotAlnum && !rt.LowerCaseP(r) {
				r = rt.CharDowncase(r)
			}
		default:
			if prevNotAlnum {
				r = rt.CharUpcase(r)
			}
		}
		sb.WriteRune(r)
		prevNotAlnum = !(isAlnum(r))
	}
	return sb.String()
}

func isAlnum(r rune) bool {
	return rt.AlphaCharP(r) || rt.DigitWeight(r, 10) >= 0
}

// Character attributes for the potential-number check (CLHS 2.3.1.1).
const (
	atOther = 1 << iota
	atNumber
	atUpper
	atLower
	atSign
	atExt
	atDot
	atSlash
	atFunny
)

func charAttr(r rune) int {
	switch {
	case r >= '0' && r <= '9':
		return atNumber
	case r == '+' || r == '-':
		return atSign
	case r == '^' || r == '_':
		return atExt
	case r == '.':
		return atDot
	case r == '/':
		return atSlash
	}
	switch r {
	case '"', '\'', '(', ')', ',', ';', '\\', '`', '|', '#', ':', ' ', '\t', '\n', '\r', '\f':
		return atFunny
	}
	if r < 32 || r == 127 {
		return atFunny
	}
	if r < 160 && r >= 128 {
		return atFunny
	}
	if rt.UpperCaseP(r) {
		return atUpper
	}
	if rt.LowerCaseP(r) {
		return atLower
	}
	if r < 128 {
		return atOther
	}
	if !isPrintableRune(r) {
		return atFunny
	}
	return atOther
}

// needsBars reports whether a symbol name must be written between vertical
// bars to read back as the same symbol: it is empty, contains characters
// that are not constituents (or of the wrong case), consists of dots only,
// or could be read as a number in *print-base* (SBCL's rules).
//
// The whole name is checked for characters of the wrong case first. SBCL
// checks only the characters after the point where its potential-number
// scan gives up, so it prints |+-9B>| bare in base 16 under a :downcase
// readtable, which then reads back as +-9b>; golem keeps the bars (CLHS
// 22.1.3.3: printed symbols must read back when *print-escape* is true).
func (p *printer) needsBars(name string) bool {
	if name == "" {
		return true
	}
	var letter int
	switch p.rcase {
	case rcUpcase:
		letter = atUpper
	case rcDowncase:
		letter = atLower
	default:
		letter = atUpper | atLower
	}
	runes := []rune(name)
	attrs := make([]int, len(runes))
	for i, r := range runes {
		a := charAttr(r)
		if a&atFunny != 0 || (a&(atUpper|atLower) != 0 && a&letter == 0) {
			return true
		}
		attrs[i] = a
	}
	return potentialNumber(runes, attrs, letter, p.base)
}

// potentialNumber runs SBCL's state machine deciding whether a token could
// be read as a number (and so needs escaping).
func potentialNumber(runes []rune, attrs []int, letter int, base int) bool {
	const (
		sStart = iota
		sDotFound
		sStartStuff
		sStartMarker
		sStartDotStuff
		sStartDotMarker
		sDotDigit
		sDotMarker
		sLastDigitAlpha
		sAlphaDigit
		sAlphaMarker
		sDigit
		sMarker
	)
	n := len(runes)
	i := 0
	state := sStart
	var cur rune
	var bits int
	// advance moves to the next character in a new state. When the token
	// ends, atEnd decides: true means "quote unless the last char is a sign".
	type result int
	const (
		cont result = iota
		quote
		noQuote
	)
	// digitp is SBCL's: only digits and uppercase letters count, so in base
	// 16 FACE may need bars while face never does.
	digitp := func() bool {
		w := -1
		switch {
		case cur >= '0' && cur <= '9':
			w = int(cur - '0')
		case cur >= 'A' && cur <= 'Z':
			w = int(cur-'A') + 10
		}
		return w >= 0 && w < base
	}
	test := func(mask int) bool { return bits&mask != 0 }
	load := func() {
		cur = runes[i]
		bits = attrs[i]
		if bits&letter != 0 {
			bits |= 1 << 20 // letter flag
		}
		i++
	}
	const letterBit = 1 << 20
	advance := func(next int, atEnd bool) result {
		if i == n {
			if atEnd {
				if runes[n-1] == '+' || runes[n-1] == '-' {
					return noQuote
				}
				return quote
			}
			return noQuote
		}
		load()
		state = next
		return cont
	}
	load()
	for {
		var r result
		switch state {
		case sStart:
			switch {
			case digitp():
				if test(letterBit) {
					r = advance(sLastDigitAlpha, true)
				} else {
					r = advance(sDigit, true)
				}
			case test(letterBit | atNumber | atOther | atSlash):
				return false
			case cur == '.':
				r = advance(sDotFound, true)
			case test(atSign | atExt):
				r = advance(sStartStuff, false)
			default:
				return true
			}
		case sDotFound:
			switch {
			case test(letterBit):
				r = advance(sStartDotMarker, false)
			case digitp():
				r = advance(sDotDigit, true)
			case test(atNumber | atOther):
				return false
			case test(atExt | atSlash | atSign):
				r = advance(sStartDotStuff, false)
			case cur == '.':
				r = advance(sDotFound, true)
			default:
				return true
			}
		case sStartStuff:
			switch {
			case digitp():
				if test(letterBit) {
					r = advance(sLastDigitAlpha, true)
				} else {
					r = advance(sDigit, true)
				}
			case test(atNumber | atOther):
				return false
			case test(letterBit):
				r = advance(sStartMarker, false)
			case cur == '.':
				r = advance(sStartDotStuff, false)
			case test(atSign | atExt | atSlash):
				r = advance(sStartStuff, false)
			default:
				return true
			}
		case sStartMarker:
			if test(letterBit) {
				return false
			}
			state = sStartStuff
			continue
		case sStartDotStuff:
			switch {
			case test(letterBit):
				r = advance(sStartDotStuff, false)
			case digitp():
				r = advance(sDotDigit, true)
			case test(atSign | atExt | atDot | atSlash):
				r = advance(sStartDotStuff, false)
			case test(atNumber | atOther):
				return false
			default:
				return true
			}
		case sStartDotMarker:
			if test(letterBit) {
				return false
			}
			state = sStartDotStuff
			continue
		case sDotDigit:
			switch {
			case test(letterBit):
				r = advance(sDotMarker, true)
			case digitp():
				r = advance(sDotDigit, true)
			case test(atNumber | atOther):
				return false
			case test(atSign | atExt | atDot | atSlash):
				r = advance(sDotDigit, true)
			default:
				return true
			}
		case sDotMarker:
			if test(letterBit) {
				return false
			}
			state = sDotDigit
			continue
		case sLastDigitAlpha:
			switch {
			case digitp() || test(atSign|atSlash):
				r = advance(sAlphaDigit, true)
			case test(letterBit | atNumber | atOther | atDot):
				return false
			default:
				return true
			}
		case sAlphaDigit:
			switch {
			case digitp() || test(atSign|atSlash):
				if test(letterBit) {
					r = advance(sLastDigitAlpha, true)
				} else {
					r = advance(sAlphaDigit, true)
				}
			case test(letterBit):
				r = advance(sAlphaMarker, true)
			case test(atNumber | atOther | atDot):
				return false
			default:
				return true
			}
		case sAlphaMarker:
			if test(letterBit) {
				return false
			}
			state = sAlphaDigit
			continue
		case sDigit:
			switch {
			case digitp():
				if test(letterBit) {
					r = advance(sAlphaDigit, true)
				} else {
					r = advance(sDigit, true)
				}
			case test(atNumber | atOther):
				return false
			case test(letterBit):
				r = advance(sMarker, true)
			case test(atExt | atSlash | atSign):
				r = advance(sDigit, true)
			case cur == '.':
				r = advance(sDotDigit, true)
			default:
				return true
			}
		case sMarker:
			if test(letterBit) {
				return false
			}
			state = sDigit
			continue
		}
		switch r {
		case quote:
			return true
		case noQuote:
			return false
		}
	}
}
