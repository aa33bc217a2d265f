package runtime

import (
	"strconv"
	"strings"
	"unicode"
)

// CharCodeLimit is the value of CHAR-CODE-LIMIT: every Unicode code point.
const CharCodeLimit = 0x110000

// CharUpcase implements CHAR-UPCASE: only characters with a round-trip case
// mapping change (CLHS 13.1.4.3: characters with case come in one-to-one
// pairs). A titlecase letter such as U+01C5 is neither uppercase nor
// lowercase and stays as it is, where SBCL maps it.
func CharUpcase(r rune) rune {
	if u := unicode.ToUpper(r); u != r && unicode.ToLower(u) == r {
		return u
	}
	return r
}

// CharDowncase implements CHAR-DOWNCASE (see CharUpcase).
func CharDowncase(r rune) rune {
	if l := unicode.ToLower(r); l != r && unicode.ToUpper(l) == r {
		return l
	}
	return r
}

// UpperCaseP implements UPPER-CASE-P: r has a lowercase partner that maps back.
func UpperCaseP(r rune) bool {
	l := unicode.ToLower(r)
	return l != r && unicode.ToUpper(l) == r
}

// LowerCaseP implements LOWER-CASE-P: r has an uppercase partner that maps back.
func LowerCaseP(r rune) bool {
	u := unicode.ToUpper(r)
	return u != r && unicode.ToLower(u) == r
}

// BothCaseP implements BOTH-CASE-P: r is uppercase or lowercase.
func BothCaseP(r rune) bool { return UpperCaseP(r) || LowerCaseP(r) }

// IsSurrogate reports whether code is a UTF-16 surrogate (U+D800 to U+DFFF):
// not a character in golem, whose strings and symbol names are Unicode text
// (CODE-CHAR returns NIL for it, as CLHS CODE-CHAR allows).
func IsSurrogate(code int64) bool { return code >= 0xD800 && code <= 0xDFFF }

// AlphaCharP implements ALPHA-CHAR-P (Unicode letters).
func AlphaCharP(r rune) bool { return unicode.IsLetter(r) }

// GraphicCharP implements GRAPHIC-CHAR-P as SBCL does: printable ASCII and
// everything above the C1 controls.
func GraphicCharP(r rune) bool { return (r >= 32 && r < 127) || r > 159 }

// DigitWeight returns the weight of r as a digit in radix (2..36), or -1.
// Decimal digits of every script count, as in SBCL.
func DigitWeight(r rune, radix int) int {
	w := -1
	switch {
	case r >= '0' && r <= '9':
		w = int(r - '0')
	case r >= 'A' && r <= 'Z':
		w = int(r-'A') + 10
	case r >= 'a' && r <= 'z':
		w = int(r-'a') + 10
	case r > 127 && unicode.Is(unicode.Nd, r):
		// Decimal digits come in runs of ten starting at zero.
		start := r
		for start > 0 && unicode.Is(unicode.Nd, start-1) {
			start--
		}
		w = int(r-start) % 10
	}
	if w >= radix {
		return -1
	}
	return w
}

func charEqualFold(a, b rune) bool { return a == b || CharDowncase(a) == CharDowncase(b) }

// CharName implements CHAR-NAME; every character has a name in SBCL.
func CharName(r rune) string {
	if n, ok := charNameTable[r]; ok {
		return n
	}
	return "U" + strings.ToUpper(strconv.FormatInt(int64(r), 16))
}

// charNameAliases are the extra names NAME-CHAR accepts (lowercase keys).
var charNameAliases = map[string]rune{
	"null": 0, "bell": 7, "escape": 27, "altmode": 27, "del": 127, "delete": 127,
	"linefeed": 10, "lf": 10, "nl": 10, "bs": 8, "ff": 12, "cr": 13, "sp": 32,
}

// NameChar implements NAME-CHAR for a name: case-insensitive standard and
// Unicode names, aliases, and U<hex>/U+<hex>. ok is false when unknown; a
// hex code beyond the character range is returned as is (or -1 when huge).
func NameChar(name string) (r rune, ok bool) {
	low := strings.ToLower(name)
	if c, found := charNameAliases[low]; found {
		return c, true
	}
	if len(low) > 1 && low[0] == 'u' {
		h := strings.TrimPrefix(low[1:], "+")
		if h != "" && isHex(h) {
			n, err := strconv.ParseInt(h, 16, 64)
			if err != nil || n > 1<<30 {
				return -1, true
			}
			if IsSurrogate(n) {
				return 0, false
			}
			return rune(n), true
		}
	}
	for code, n := range charNameTable {
		if strings.EqualFold(n, name) {
			return code, true
		}
	}
	return 0, false
}

func isHex(s string) bool {
	for _, c := range s {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// CharOf returns the character v or signals a TYPE-ERROR.
func (th *Thread) CharOf(v Value) rune {
	c, ok := v.(Char)
	if !ok {
		th.TypeError(v, th.Img.S.Character)
	}
	return rune(c)
}

// CharacterDesignator implements CHARACTER: a character, or a string or
// symbol name of length one.
func (th *Thread) CharacterDesignator(v Value) rune {
	switch x := v.(type) {
	case Char:
		return rune(x)
	case *Symbol:
		if r := []rune(x.Name); len(r) == 1 {
			return r[0]
		}
		th.simpleTypeError(v, th.Img.S.Character, "Symbol name is not of length one: ~S", v)
	}
	if r, ok := th.stringRunes(v); ok {
		if len(r) == 1 {
			return r[0]
		}
		th.simpleTypeError(v, th.Img.S.Character, "String is not of length one: ~S", v)
	}
	th.simpleTypeError(v, th.Img.S.Character, "~S cannot be coerced to a character.", v)
	return 0
}

// simpleTypeError signals a SIMPLE-TYPE-ERROR with a format control.
func (th *Thread) simpleTypeError(datum, expected Value, control string, args ...Value) {
	kw := th.Img.Kw
	th.Error(th.MakeCondition("SIMPLE-TYPE-ERROR", kw("DATUM"), datum, kw("EXPECTED-TYPE"), expected,
		kw("FORMAT-CONTROL"), NewString(control), kw("FORMAT-ARGUMENTS"), List(args...)))
}

func (th *Thread) radixArg(args []Value, i int) int {
	if i >= len(args) {
		return 10
	}
	n, ok := args[i].(Fixnum)
	if !ok || n < 2 || n > 36 {
		th.TypeError(args[i], List(th.Img.S.Integer, MakeInt(2), MakeInt(36)))
	}
	return int(n)
}

// charCompare builds a CHAR= style builtin: cmp reports whether adjacent
// characters are in order; all arguments are type-checked first.
func charCompare(name string, fold bool, cmp func(a, b rune) bool) Def {
	return Def{Name: name, Min: 1, Max: -1, Params: "(CHARACTER &REST MORE-CHARACTERS)",
		Fn: func(th *Thread, args []Value) Value {
			for _, a := range args {
				th.CharOf(a)
			}
			for i := 0; i+1 < len(args); i++ {
				a, b := rune(args[i].(Char)), rune(args[i+1].(Char))
				if fold {
					a, b = CharDowncase(a), CharDowncase(b)
				}
				if !cmp(a, b) {
					return NIL
				}
			}
			return T
		}}
}

// charAllDifferent builds CHAR/= and CHAR-NOT-EQUAL.
func charAllDifferent(name string, fold bool) Def {
	return Def{Name: name, Min: 1, Max: -1, Params: "(CHARACTER &REST MORE-CHARACTERS)",
		Fn: func(th *Thread, args []Value) Value {
			for _, a := range args {
				th.CharOf(a)
			}
			for i := range args {
				for j := i + 1; j < len(args); j++ {
					a, b := rune(args[i].(Char)), rune(args[j].(Char))
					if a == b || (fold && charEqualFold(a, b)) {
						return NIL
					}
				}
			}
			return T
		}}
}

func charPredicate(name string, p func(rune) bool) Def {
	return Def{Name: name, Min: 1, Max: 1, Params: "(CHAR)", Fn: func(th *Thread, args []Value) Value {
		return Bool(p(th.CharOf(args[0])))
	}}
}

func init() {
	eq := func(a, b rune) bool { return a == b }
	lt := func(a, b rune) bool { return a < b }
	gt := func(a, b rune) bool { return a > b }
	le := func(a, b rune) bool { return a <= b }
	ge := func(a, b rune) bool { return a >= b }
	Register(
		charCompare("CHAR=", false, eq), charAllDifferent("CHAR/=", false),
		charCompare("CHAR<", false, lt), charCompare("CHAR>", false, gt),
		charCompare("CHAR<=", false, le), charCompare("CHAR>=", false, ge),
		charCompare("CHAR-EQUAL", true, eq), charAllDifferent("CHAR-NOT-EQUAL", true),
		charCompare("CHAR-LESSP", true, lt), charCompare("CHAR-GREATERP", true, gt),
		charCompare("CHAR-NOT-GREATERP", true, le), charCompare("CHAR-NOT-LESSP", true, ge),
		charPredicate("ALPHA-CHAR-P", AlphaCharP),
		charPredicate("ALPHANUMERICP", func(r rune) bool { return unicode.IsLetter(r) || unicode.Is(unicode.Nd, r) }),
		charPredicate("GRAPHIC-CHAR-P", GraphicCharP),
		charPredicate("STANDARD-CHAR-P", func(r rune) bool { return r == '\n' || (r >= 32 && r < 127) }),
		charPredicate("UPPER-CASE-P", UpperCaseP),
		charPredicate("LOWER-CASE-P", LowerCaseP),
		charPredicate("BOTH-CASE-P", BothCaseP),
		Def{Name: "CHARACTERP", Min: 1, Max: 1, Params: "(OBJECT)", Fn: func(th *Thread, args []Value) Value {
			_, ok := args[0].(Char)
			return Bool(ok)
		}},
		Def{Name: "CHAR-UPCASE", Min: 1, Max: 1, Params: "(CHAR)", Fn: func(th *Thread, args []Value) Value {
			return Char(CharUpcase(th.CharOf(args[0])))
		}},
		Def{Name: "CHAR-DOWNCASE", Min: 1, Max: 1, Params: "(CHAR)", Fn: func(th *Thread, args []Value) Value {
			return Char(CharDowncase(th.CharOf(args[0])))
		}},
		Def{Name: "CHAR-CODE", Min: 1, Max: 1, Params: "(CHAR)", Fn: func(th *Thread, args []Value) Value {
			return MakeInt(int64(th.CharOf(args[0])))
		}},
		Def{Name: "CHAR-INT", Min: 1, Max: 1, Params: "(CHAR)", Fn: func(th *Thread, args []Value) Value {
			return MakeInt(int64(th.CharOf(args[0])))
		}},
		Def{Name: "CODE-CHAR", Min: 1, Max: 1, Params: "(CODE)", Fn: func(th *Thread, args []Value) Value {
			n, ok := args[0].(Fixnum)
			if !ok || n < 0 || n >= CharCodeLimit {
				th.TypeError(args[0], List(th.Img.CLSym("MOD"), MakeInt(CharCodeLimit)))
			}
			if IsSurrogate(int64(n)) {
				return NIL
			}
			return Char(rune(n))
		}},
		Def{Name: "CHARACTER", Min: 1, Max: 1, Params: "(OBJECT)", Fn: func(th *Thread, args []Value) Value {
			return Char(th.CharacterDesignator(args[0]))
		}},
		Def{Name: "DIGIT-CHAR-P", Min: 1, Max: 2, Params: "(CHAR &OPTIONAL (RADIX 10))", Fn: func(th *Thread, args []Value) Value {
			r := th.CharOf(args[0])
			w := DigitWeight(r, th.radixArg(args, 1))
			if w < 0 {
				return NIL
			}
			return MakeInt(int64(w))
		}},
		Def{Name: "DIGIT-CHAR", Min: 1, Max: 2, Params: "(WEIGHT &OPTIONAL (RADIX 10))", Fn: func(th *Thread, args []Value) Value {
			radix := th.radixArg(args, 1)
			if !IsInteger(args[0]) || Compare(args[0], MakeInt(0)) < 0 {
				th.TypeError(args[0], th.Img.CLSym("UNSIGNED-BYTE"))
			}
			w, ok := args[0].(Fixnum)
			if !ok || int(w) >= radix {
				return NIL
			}
			if w < 10 {
				return Char('0' + rune(w))
			}
			return Char('A' + rune(w) - 10)
		}},
		Def{Name: "CHAR-NAME", Min: 1, Max: 1, Params: "(CHAR)", Fn: func(th *Thread, args []Value) Value {
			return NewString(CharName(th.CharOf(args[0])))
		}},
		Def{Name: "NAME-CHAR", Min: 1, Max: 1, Params: "(NAME)", Fn: func(th *Thread, args []Value) Value {
			if _, ok := args[0].(Char); ok {
				return NIL
			}
			name := th.DesignatorArg(args[0])
			r, ok := NameChar(name)
			if !ok {
				return NIL
			}
			if r < 0 || r >= CharCodeLimit {
				th.TypeError(MakeInt(int64(r)), List(th.Img.CLSym("MOD"), MakeInt(CharCodeLimit)))
			}
			return Char(r)
		}},
	)
	RegisterSetup(10, func(img *Image) {
		defConstant(img.CLSym("CHAR-CODE-LIMIT"), MakeInt(CharCodeLimit))
	})
}

// defConstant makes sym a constant variable with value v.
func defConstant(sym *Symbol, v Value) {
	sym.Value = v
	sym.Flags |= FlagConstant
}
