package runtime_test

import (
	"testing"

	rt "github.com/golem-lisp/golem/runtime"
	"github.com/stretchr/testify/require"
)

// Expectations from SBCL.

func TestCharacters(t *testing.T) {
	runCases(t, []callCase{
		{"CHAR-LESSP", `(#\a #\_)`, "NIL"},
		{"CHAR-LESSP", `(#\_ #\a)`, "T"},
		{"CHAR-GREATERP", `(#\a #\_)`, "T"},
		{"CHAR-EQUAL", `(#\a #\A #\a)`, "T"},
		{"CHAR-EQUAL", `(#\ı #\I)`, "NIL"},
		{"CHAR-EQUAL", `(#\ß #\ẞ)`, "NIL"},
		{"CHAR=", `(#\a)`, "T"},
		{"CHAR=", `(#\a #\a 5)`, "!TYPE-ERROR"},
		{"CHAR=", `()`, "!SIMPLE-PROGRAM-ERROR"},
		{"CHAR/=", `(#\a #\b #\a)`, "NIL"},
		{"CHAR/=", `(#\a #\b #\c)`, "T"},
		{"CHAR<", `(#\a #\b #\c)`, "T"},
		{"CHAR<=", `(#\a #\a #\b)`, "T"},
		{"CHAR>", `(#\b #\a #\a)`, "NIL"},
		{"CHAR-NOT-EQUAL", `(#\a #\B)`, "T"},
		{"CHAR-NOT-GREATERP", `(#\a #\A)`, "T"},
		{"CHAR-UPCASE", `(#\a)`, `#\A`},
		{"CHAR-UPCASE", `(#\ı)`, `#\ı`},
		{"CHAR-UPCASE", `(#\ÿ)`, `#\Ÿ`},
		{"CHAR-UPCASE", `(#\ǅ)`, `#\ǅ`},
		{"CHAR-DOWNCASE", `(#\ǅ)`, `#\ǅ`},
		{"CHAR-DOWNCASE", `(#\Λ)`, `#\λ`},
		{"CHAR-DOWNCASE", `(#\U212A)`, "#\\\u212a"},
		{"UPPER-CASE-P", `(#\ǅ)`, "NIL"},
		{"BOTH-CASE-P", `(#\ǅ)`, "NIL"},
		{"LOWER-CASE-P", `(#\µ)`, "NIL"},
		{"UPPER-CASE-P", `(#\A)`, "T"},
		{"LOWER-CASE-P", `(#\a)`, "T"},
		{"BOTH-CASE-P", `(#\5)`, "NIL"},
		{"ALPHA-CHAR-P", `(#\ʰ)`, "T"},
		{"ALPHA-CHAR-P", `(#\Ⅰ)`, "NIL"},
		{"ALPHANUMERICP", `(#\٠)`, "T"},
		{"ALPHANUMERICP", `(#\_)`, "NIL"},
		{"GRAPHIC-CHAR-P", `(#\Rubout)`, "NIL"},
		{"GRAPHIC-CHAR-P", `(#\NO-BREAK_SPACE)`, "T"},
		{"GRAPHIC-CHAR-P", `(#\Space)`, "T"},
		{"STANDARD-CHAR-P", `(#\a)`, "T"},
		{"STANDARD-CHAR-P", `(#\Tab)`, "NIL"},
		{"STANDARD-CHAR-P", `(5)`, "!TYPE-ERROR"},
		{"DIGIT-CHAR-P", `(#\7)`, "7"},
		{"DIGIT-CHAR-P", `(#\٩)`, "9"},
		{"DIGIT-CHAR-P", `(#\z 36)`, "35"},
		{"DIGIT-CHAR-P", `(#\a)`, "NIL"},
		{"DIGIT-CHAR-P", `(#\a 37)`, "!TYPE-ERROR"},
		{"DIGIT-CHAR-P", `(#\a 1)`, "!TYPE-ERROR"},
		{"DIGIT-CHAR-P", `(#\²)`, "NIL"},
		{"DIGIT-CHAR", `(10 16)`, `#\A`},
		{"DIGIT-CHAR", `(10 10)`, "NIL"},
		{"DIGIT-CHAR", `(35 36)`, `#\Z`},
		{"DIGIT-CHAR", `(3)`, `#\3`},
		{"CODE-CHAR", `(955)`, `#\λ`},
		{"CODE-CHAR", `(1114112)`, "!TYPE-ERROR"},
		{"CODE-CHAR", `(-1)`, "!TYPE-ERROR"},
		{"CHAR-CODE", `(#\a)`, "97"},
		{"CHAR-INT", `(#\a)`, "97"},
		{"CHARACTER", `("a")`, `#\a`},
		{"CHARACTER", `("ab")`, "!SIMPLE-TYPE-ERROR"},
		{"CHARACTER", `(X)`, `#\X`},
		{"CHARACTER", `(65)`, "!SIMPLE-TYPE-ERROR"},
		{"CHARACTERP", `(#\a)`, "T"},
		{"CHARACTERP", `("a")`, "NIL"},
		{"CHAR-NAME", `(#\a)`, `"LATIN_SMALL_LETTER_A"`},
		{"CHAR-NAME", `(#\Space)`, `"Space"`},
		{"CHAR-NAME", `(#\Newline)`, `"Newline"`},
		{"CHAR-NAME", `(#\Nul)`, `"Nul"`},
		{"CHAR-NAME", `(#\Esc)`, `"Esc"`},
		{"CHAR-NAME", `(#\λ)`, `"GREEK_SMALL_LETTER_LAMDA"`},
		{"CHAR-NAME", `(#\U10FFFF)`, `"U10FFFF"`},
		{"NAME-CHAR", `("space")`, `#\Space`},
		{"NAME-CHAR", `("Linefeed")`, `#\Newline`},
		{"NAME-CHAR", `("Null")`, `#\Nul`},
		{"NAME-CHAR", `("Escape")`, `#\Esc`},
		{"NAME-CHAR", `("Del")`, `#\Rubout`},
		{"NAME-CHAR", `("U+41")`, `#\A`},
		{"NAME-CHAR", `("u3bb")`, `#\λ`},
		{"NAME-CHAR", `("latin_capital_letter_a")`, `#\A`},
		{"NAME-CHAR", `("latin small letter a")`, "NIL"},
		{"NAME-CHAR", `("A")`, "NIL"},
		{"NAME-CHAR", `("U110000")`, "!TYPE-ERROR"},
		{"NAME-CHAR", `(SPACE)`, `#\Space`},
		{"NAME-CHAR", `(#\a)`, "NIL"},
	})
}

func TestStrings(t *testing.T) {
	runCases(t, []callCase{
		{"STRING-UPCASE", `("hello world" :START 2 :END 7)`, `"heLLO World"`},
		{"STRING-CAPITALIZE", `("hELLO wORLD 1st 2ND o'neil x-ray")`, `"Hello World 1st 2nd O'Neil X-Ray"`},
		{"STRING-CAPITALIZE", `("ǆa")`, `"Ǆa"`},
		{"STRING-UPCASE", `("ß")`, `"ß"`},
		{"STRING-UPCASE", `(FOO)`, `"FOO"`},
		{"STRING-UPCASE", `(#\a)`, `"A"`},
		{"STRING-DOWNCASE", `("ABC" :START 4)`, "!SIMPLE-TYPE-ERROR"},
		{"NSTRING-UPCASE", `("abc" :START 1)`, `"aBC"`},
		{"NSTRING-UPCASE", `(ABC)`, "!TYPE-ERROR"},
		{"STRING-TRIM", `(" " "  ab  ")`, `"ab"`},
		{"STRING-TRIM", `((#\a) "aabaa")`, `"b"`},
		{"STRING-LEFT-TRIM", `("a" "aab")`, `"b"`},
		{"STRING-RIGHT-TRIM", `(#(#\b) "aabb")`, `"aa"`},
		{"STRING-LEFT-TRIM", `("ab" ABC)`, `"ABC"`},
		{"STRING-TRIM", `("a" #\a)`, `""`},
		{"STRING=", `("abc" "abd")`, "NIL"},
		{"STRING=", `("abc" "xabcx" :START2 1 :END2 4)`, "T"},
		{"STRING=", `(ABC "ABC")`, "T"},
		{"STRING=", `(#\a "a")`, "T"},
		{"STRING=", `(1 "a")`, "!TYPE-ERROR"},
		{"STRING=", `("abc" "abcd" :END1 4)`, "!SIMPLE-TYPE-ERROR"},
		{"STRING/=", `("abc" "abd")`, "2"},
		{"STRING<", `("abc" "abd")`, "2"},
		{"STRING<", `("abc" "abc")`, "NIL"},
		{"STRING<", `("ab" "abc")`, "2"},
		{"STRING<", `("abc" "b" :START1 1)`, "NIL"},
		{"STRING<", `("xabc" "b" :START1 1)`, "1"},
		{"STRING<", `("xaac" "b" :START1 1)`, "1"},
		{"STRING>", `("abd" "abc")`, "2"},
		{"STRING<=", `("abc" "abc")`, "3"},
		{"STRING>=", `("abc" "ab")`, "2"},
		{"STRING-EQUAL", `("ABC" "abc")`, "T"},
		{"STRING-LESSP", `("ABC" "abd")`, "2"},
		{"STRING-NOT-EQUAL", `("abc" "ABC")`, "NIL"},
		{"STRING-NOT-GREATERP", `("a" "B")`, "0"},
		{"STRING-GREATERP", `("b" "A")`, "0"},
		{"STRING-NOT-LESSP", `("b" "b")`, "1"},
		{"STRING", `(ABC)`, `"ABC"`},
		{"STRING", `(#\a)`, `"a"`},
		{"STRING", `(5)`, "!SIMPLE-TYPE-ERROR"},
		{"MAKE-STRING", `(3 :INITIAL-ELEMENT #\x)`, `"xxx"`},
		{"MAKE-STRING", `(-1)`, "!TYPE-ERROR"},
		{"CHAR", `("abc" 1)`, `#\b`},
		{"CHAR", `("abc" 5)`, "!SIMPLE-TYPE-ERROR"},
		{"CHAR", `(#(1 2) 1)`, "!TYPE-ERROR"},
		{"SCHAR", `("abc" 1)`, `#\b`},
		{"STRINGP", `("a")`, "T"},
		{"STRINGP", `(A)`, "NIL"},
		{"SIMPLE-STRING-P", `("a")`, "T"},
	})
}

func TestStringSetfAndSpecialStrings(t *testing.T) {
	e := newLispEnv()
	s := e.read(`"abc"`)
	e.th.Call(e.img.CLSym("CHAR").Setf, rt.Char('X'), s, rt.MakeInt(1))
	require.Equal(t, `"aXc"`, e.show(s))
	require.Equal(t, "!TYPE-ERROR", e.callValues(e.img.CLSym("CHAR").Setf, []rt.Value{rt.MakeInt(1), s, rt.MakeInt(1)}))
	adj := e.th.Call(e.img.CLSym("MAKE-ARRAY"), rt.MakeInt(3), e.img.Kw("ELEMENT-TYPE"), e.img.S.Character,
		e.img.Kw("ADJUSTABLE"), rt.T, e.img.Kw("INITIAL-ELEMENT"), rt.Char('a'))
	require.Equal(t, rt.NIL, e.th.Call(e.img.CLSym("SIMPLE-STRING-P"), adj))
	require.Equal(t, "!TYPE-ERROR", e.callValues(e.img.CLSym("SCHAR"), []rt.Value{adj, rt.MakeInt(1)}))
	// A displaced string is a string.
	d := e.th.Call(e.img.CLSym("MAKE-ARRAY"), rt.MakeInt(2), e.img.Kw("ELEMENT-TYPE"), e.img.S.Character,
		e.img.Kw("DISPLACED-TO"), e.read(`"abc"`), e.img.Kw("DISPLACED-INDEX-OFFSET"), rt.MakeInt(1))
	require.Equal(t, rt.T, e.th.Call(e.img.CLSym("STRINGP"), d))
	require.Equal(t, rt.T, e.th.Call(e.img.CLSym("STRING="), d, e.read(`"bc"`)))
	require.Equal(t, `"BC"`, e.show(e.th.Call(e.img.CLSym("STRING-UPCASE"), d)))
	require.Equal(t, rt.Char('c'), e.th.Call(e.img.CLSym("CHAR"), d, rt.MakeInt(1)))
}
