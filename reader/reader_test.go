package reader_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem/reader"
	rt "github.com/golem-lisp/golem/runtime"
)

func TestReadStructure(t *testing.T) {
	cases := []struct {
		in, want string
		pos      int // -1: don't check
	}{
		// symbols and case
		{"foo", "FOO", 3},
		{"foo ", "FOO", 4},
		{"foo  bar", "FOO", 4},
		{"Foo-Bar", "FOO-BAR", -1},
		{"|Foo bar|", "Foo bar", -1},
		{"abc|def|ghi", "ABCdefGHI", -1},
		{`a\b`, "Ab", -1},
		{`|a\|b|`, "a|b", -1},
		{`\1`, "1", -1},
		{"1+", "CL:1+", -1},
		{"+", "CL:+", -1},
		{"-", "CL:-", -1},
		{"+a", "+A", -1},
		{"a..b", "A..B", -1},
		{".a", ".A", -1},
		{"1.2.3", "1.2.3", -1},
		{"1/2/3", "1/2/3", -1},
		{"1/-2", "1/-2", -1},
		{".e5", ".E5", -1},
		{`\.`, ".", -1},
		{"..|.|", "...", -1},
		{"a#b", "A#B", -1},
		{"car", "CL:CAR", -1},
		{"cl:car", "CL:CAR", -1},
		{"cl::car", "CL:CAR", -1},
		{"common-lisp:car", "CL:CAR", -1},
		{":key", ":KEY", -1},
		{"::key", ":KEY", -1},
		{":||", ":", -1},
		{"keyword:new-kw", ":NEW-KW", -1},
		{"#:foo", "#:FOO", -1},
		{"#:||", "#:", -1},
		{"#:|123|", "#:123", -1},
		{"#:1.", "#:1.", -1},
		{"#:1.5", "#:1.5", -1},
		{"#:1e5", "#:1E5", -1},
		{"golem::quasiquote", "GOLEM:QUASIQUOTE", -1},
		{"nil", "NIL", -1},
		{"()", "NIL", -1},
		{"t", "T", -1},
		// integers
		{"0", "0", -1},
		{"42", "42", -1},
		{"-42", "-42", -1},
		{"+42", "42", -1},
		{"10.", "10", -1},
		{"-1.", "-1", -1},
		{"12345678901234567890", "big:12345678901234567890", -1},
		{"-9223372036854775808", "-9223372036854775808", -1},
		{"9223372036854775808", "big:9223372036854775808", -1},
		{"\u0661\u0662", "12", -1},
		// ratios
		{"1/2", "1/2", -1},
		{"2/4", "1/2", -1},
		{"4/2", "2", -1},
		{"-1/2", "-1/2", -1},
		{"+1/2", "1/2", -1},
		{"0/5", "0", -1},
		// floats
		{"1.5", "1.5f0", -1},
		{"1.5d0", "1.5d0", -1},
		{"1.5D0", "1.5d0", -1},
		{"1.5l0", "1.5d0", -1},
		{"1.5s0", "1.5f0", -1},
		{"1.5f0", "1.5f0", -1},
		{"1e10", "1e+10f0", -1},
		{"1E10", "1e+10f0", -1},
		{"1.e5", "100000f0", -1},
		{"1.5e+2", "150f0", -1},
		{"-0.5", "-0.5f0", -1},
		{".5", "0.5f0", -1},
		{"+.5", "0.5f0", -1},
		{"-.5e1", "-5f0", -1},
		{"-0.0", "-0f0", -1},
		{"1e-50", "0f0", -1},
		{"1d-400", "0d0", -1},
		{"0.1d0", "0.1d0", -1},
		{"0.1", "0.1f0", -1},
		{"1.7976931348623157d308", "1.7976931348623157e+308d0", -1},
		// lists
		{"(a b c)", "(A B C)", -1},
		{"(a . b)", "(A . B)", -1},
		{"(a b . c)", "(A B . C)", -1},
		{"(a . (b c))", "(A B C)", -1},
		{"(a.b)", "(A.B)", -1},
		{"(a .b)", "(A .B)", -1},
		{"(a . b ;x\n)", "(A . B)", -1},
		{"(a . #|x|# b)", "(A . B)", -1},
		{"(a . b #|x|#)", "(A . B)", -1},
		{"( a ( b ) )", "(A (B))", -1},
		{"(#|x|#)", "NIL", -1},
		{"(a ; comment\n b)", "(A B)", -1},
		{"(a)b", "(A)", 3},
		// quote and friends
		{"'a", "(CL:QUOTE A)", -1},
		{"''a", "(CL:QUOTE (CL:QUOTE A))", -1},
		{"#'car", "(CL:FUNCTION CL:CAR)", -1},
		{"#'(lambda (x) x)", "(CL:FUNCTION (CL:LAMBDA (X) X))", -1},
		{"`a", "(GOLEM:QUASIQUOTE A)", -1},
		{"`(a ,b ,@c ,.d)", "(GOLEM:QUASIQUOTE (A (GOLEM:UNQUOTE B) (GOLEM:UNQUOTE-SPLICING C) (GOLEM:UNQUOTE-NSPLICING D)))", -1},
		{"``(a ,,b)", "(GOLEM:QUASIQUOTE (GOLEM:QUASIQUOTE (A (GOLEM:UNQUOTE (GOLEM:UNQUOTE B)))))", -1},
		{"`#(a ,b)", "(GOLEM:QUASIQUOTE #(A (GOLEM:UNQUOTE B)))", -1},
		// strings and characters
		{`"abc"`, `"abc"`, -1},
		{`""`, `""`, -1},
		{`"a\"b\\c"`, `"a\"b\\c"`, -1},
		{`"a\bc"`, `"abc"`, -1},
		{"\"λ\n\"", "\"λ\\n\"", -1},
		{`#\a`, `#\U+0061`, -1},
		{`#\A`, `#\U+0041`, -1},
		{`#\(`, `#\U+0028`, -1},
		{`#\)`, `#\U+0029`, -1},
		{`#\|`, `#\U+007C`, -1},
		{`#\\`, `#\U+005C`, -1},
		{`#\;`, `#\U+003B`, -1},
		{`#\ `, `#\U+0020`, -1},
		{`#\Space`, `#\U+0020`, -1},
		{`#\SPACE`, `#\U+0020`, -1},
		{`#\space`, `#\U+0020`, -1},
		{`#\Newline`, `#\U+000A`, -1},
		{`#\Linefeed`, `#\U+000A`, -1},
		{`#\Tab`, `#\U+0009`, -1},
		{`#\Page`, `#\U+000C`, -1},
		{`#\Rubout`, `#\U+007F`, -1},
		{`#\Return`, `#\U+000D`, -1},
		{`#\Backspace`, `#\U+0008`, -1},
		{`#\Nul`, `#\U+0000`, -1},
		{`#\Null`, `#\U+0000`, -1},
		{`#\Esc`, `#\U+001B`, -1},
		{`#\U+41`, `#\U+0041`, -1},
		{`#\U41`, `#\U+0041`, -1},
		{`#\u0041`, `#\U+0041`, -1},
		{`#\U+10FFFF`, `#\U+10FFFF`, -1},
		{`#\λ`, `#\U+03BB`, -1},
		{"#\\\U0001F600", `#\U+1F600`, -1},
		{`#\Latin_Small_Letter_A`, `#\U+0061`, -1},
		{`(#\a #\b)`, `(#\U+0061 #\U+0062)`, -1},
		{`(#\a)`, `(#\U+0061)`, -1},
		// vectors, bit vectors, arrays
		{"#()", "#()", -1},
		{"#(1 2 3)", "#(1 2 3)", -1},
		{"#(a (b) #(c))", "#(A (B) #(C))", -1},
		{"#5(a)", "#(A A A A A)", -1},
		{"#3(a b)", "#(A B B)", -1},
		{"#0()", "#()", -1},
		{"#*", "#*", -1},
		{"#*1011", "#*1011", -1},
		{"#5*10", "#*10000", -1},
		{"#5*01", "#*01111", -1},
		{"#0*", "#*", -1},
		{"#2A((1 2) (3 4))", "#A[2 2]#(1 2 3 4)", -1},
		{"#2a((1 2 3) (4 5 6))", "#A[2 3]#(1 2 3 4 5 6)", -1},
		{"#1A(1 2)", "#(1 2)", -1},
		{"#0A5", "#A[]#(5)", -1},
		{"#2A()", "#A[0 0]#()", -1},
		{"#3A(((1)))", "#A[1 1 1]#(1)", -1},
		{`#2A("ab" "cd")`, `#A[2 2]#(#\U+0061 #\U+0062 #\U+0063 #\U+0064)`, -1},
		// radix
		{"#b101", "5", -1},
		{"#B101", "5", -1},
		{"#o17", "15", -1},
		{"#xFF", "255", -1},
		{"#x-ff", "-255", -1},
		{"#x ff", "255", -1},
		{"#b1/10", "1/2", -1},
		{"#x1/F", "1/15", -1},
		{"#36rZZ", "1295", -1},
		{"#3r12", "5", -1},
		// complex
		{"#c(1 2)", "#C(1 2)", -1},
		{"#C(1 0)", "1", -1},
		{"#c(1.0 0)", "#C(1f0 0f0)", -1},
		{"#c(1 2.0d0)", "#C(1d0 2d0)", -1},
		{"#c(1/2 3)", "#C(1/2 3)", -1},
		// uninterned
		// comments
		{"#|a|# 5", "5", 7},
		{"#|a #| b |# c|# 5", "5", -1},
		{"#||# 5", "5", -1},
		{"#|||# 5", "5", -1},
		{"; c\n7", "7", -1},
		{";\n;\n 8", "8", -1},
		// features
		{"#+golem 1 2", "1", -1},
		{"#-golem 1 2", "2", -1},
		{"#+(or) 1 2", "2", -1},
		{"#+(and) 1", "1", -1},
		{"#+(not foo) 3", "3", -1},
		{"#+(or nil golem) 3", "3", -1},
		{"#+(and golem (not sbcl)) 3", "3", -1},
		{"#-sbcl 1 2", "1", -1},
		{"#+nil (a . b . c) 4", "4", -1},
		{"#+nil #\\xyz 5", "5", -1},
		{"#+nil foo:bar 6", "6", -1},
		{"#+nil 1e999 7", "7", -1},
		{"#+nil #3*1111 8", "8", -1},
		{"#+nil #1# 9", "9", -1},
		{"#+nil #.(error \"x\") 10", "10", -1},
		{"#+nil zz::yy 11", "11", -1},
		{"#+nil a:b:c 12", "12", -1},
		{"#+nil ... 13", "13", -1},
		{"#-nil #+nil a b", "B", -1},
		{"(a #+nil b c)", "(A C)", -1},
		{"(a #+nil b)", "(A)", -1},
		{"#+nil #S(foo) 14", "14", -1},
		{"#+nil #c(1) 15", "15", -1},
		{"#+nil #2A((1 2)(3)) 16", "16", -1},
		// labels
		{"(#1=(a) #1#)", "((A) (A))", -1},
		{"#1=(a #2=b #2#)", "(A B B)", -1},
		{"(#1=a #2=b #1# #2#)", "(A B A B)", -1},
		{"#99999999999999999999=(x #99999999999999999999#)", "(X (X ...", -1},
	}
	th := newThread(t)
	for _, c := range cases {
		v, pos, errClass, msg := readOne(th, c.in)
		if !assert.Empty(t, errClass, "%q: %s", c.in, msg) {
			continue
		}
		got := dump(th.Img, v)
		if strings.HasSuffix(c.want, "...") {
			assert.True(t, strings.HasPrefix(got, strings.TrimSuffix(c.want, "...")), "%q: got %s", c.in, got)
		} else {
			assert.Equal(t, c.want, got, "%q", c.in)
		}
		if c.pos >= 0 {
			assert.Equal(t, c.pos, pos, "position after %q", c.in)
		}
	}
}

func TestReadErrors(t *testing.T) {
	cases := []struct{ in, class, msg string }{
		{")", "READER-ERROR", "unmatched close parenthesis"},
		{"(a))", "", ""}, // the first form is fine
		{"...", "READER-ERROR", "too many dots"},
		{".", "READER-ERROR", "dot context error"},
		{"(a . )", "READER-ERROR", "Nothing appears after . in list."},
		{"(a . b c)", "READER-ERROR", "More than one object follows . in list."},
		{"( . a)", "READER-ERROR", "Nothing appears before . in list."},
		{"(a . b . c)", "READER-ERROR", "More than one object follows"},
		{"'.", "READER-ERROR", "dot context error"},
		{"#(a . b)", "READER-ERROR", "dot context error"},
		{"1/0", "READER-ERROR", "division by zero"},
		{"1e39", "READER-ERROR", "floating-point-overflow"},
		{"1d309", "READER-ERROR", "floating-point-overflow"},
		{"-1e39", "READER-ERROR", "floating-point-overflow"},
		{"#\\foo", "READER-ERROR", "unrecognized character name: \"foo\""},
		{"#\\U+110000", "READER-ERROR", "unrecognized character name"},
		{"#\\ab", "READER-ERROR", "unrecognized character name"},
		{"(#\\a#\\b)", "READER-ERROR", "unrecognized character name: \"a#b\""},
		{"cl:", "END-OF-FILE", ""},
		{":", "END-OF-FILE", ""},
		{"(cl: )", "READER-ERROR", "after a colon"},
		{"cl:foo:bar", "READER-ERROR", "too many colons"},
		{"a:b::c", "READER-ERROR", "too many colons"},
		{":a:b", "READER-ERROR", "too many colons"},
		{"nosuchpkg:bar", "READER-ERROR", "Package NOSUCHPKG does not exist."},
		{"nosuchpkg::bar", "READER-ERROR", "Package NOSUCHPKG does not exist."},
		{"cl:xyzzy", "READER-ERROR", "Symbol \"XYZZY\" not found in the COMMON-LISP package."},
		{"cl-user:xyzzy2", "READER-ERROR", "not found in the COMMON-LISP-USER package"},
		{"cl::xyzzy3", "PACKAGE-ERROR", "Lock on package COMMON-LISP"},
		{"`,@x", "READER-ERROR", "is not a well-formed backquote expression"},
		{"`,.x", "READER-ERROR", "is not a well-formed backquote expression"},
		{"`(a . ,@b)", "READER-ERROR", "splicing comma"},
		{",a", "READER-ERROR", "Comma not inside a backquote."},
		{"'#(a ,b)", "READER-ERROR", "Comma not inside a backquote."},
		{"`(a `(b ,,,c))", "READER-ERROR", "Comma not inside a backquote."},
		{"#3()", "READER-ERROR", "Vector of length 3 can't be initialized from ()"},
		{"#2(a b c)", "READER-ERROR", "Vector longer than the specified length"},
		{"#0(a)", "READER-ERROR", "Vector longer than the specified length"},
		{"#*2", "READER-ERROR", "illegal element given for bit-vector"},
		{"#3*", "READER-ERROR", "#3* requires at least 1 bit of input."},
		{"#2*111", "READER-ERROR", "Too many bits"},
		{"#b102", "READER-ERROR", "is not a rational"},
		{"#x1.5", "READER-ERROR", "is not a rational"},
		{"#1r0", "READER-ERROR", "illegal radix for #R: 1."},
		{"#37r0", "READER-ERROR", "illegal radix for #R"},
		{"#r0", "READER-ERROR", "radix missing in #R"},
		{"#c(1)", "READER-ERROR", "illegal complex number format"},
		{"#c(a b)", "TYPE-ERROR", ""},
		{"#c(1 2 . 3)", "TYPE-ERROR", ""},
		{"#c(1 2 3)", "READER-ERROR", "illegal complex number format"},
		{"#c 5", "READER-ERROR", "illegal complex number format"},
		{"#<foo>", "READER-ERROR", "illegal sharp macro character: #\\<"},
		{"#)", "READER-ERROR", "illegal sharp macro character"},
		{"# a", "READER-ERROR", "illegal sharp macro character"},
		{"#+nil #<x>", "READER-ERROR", "illegal sharp macro character"},
		{"#:a:b", "READER-ERROR", "contains a package marker"},
		{"#:123", "READER-ERROR", "has numeric syntax"},
		{"#2A((1 2)(3))", "SIMPLE-ERROR", "malformed :INITIAL-CONTENTS: Dimension of axis 1 is 2, but "},
		{"#2A((1 2) 3)", "SIMPLE-ERROR", "but 1 more layer needed."},
		{"#*\\1", "READER-ERROR", "An escape character appeared after #*."},
		{"#*|1|", "READER-ERROR", "An escape character appeared after #*."},
		{"#99999999999999999999(a)", "TYPE-ERROR", ""},
		{"#A(1 2)", "READER-ERROR", "Array literal"},
		{"#2A 5", "READER-ERROR", "#2A axis 0 is not a sequence"},
		{"#s(foo)", "READER-ERROR", "FOO is not a defined structure type."},
		{"#s 5", "READER-ERROR", "is not a list"},
		{"#p 5", "READER-ERROR", "is not a namestring"},
		{"#1=#1#", "READER-ERROR", "Must label something more than just #1#"},
		{"#2#", "READER-ERROR", "Reference to undefined label #2#"},
		{"(#1=a #1=b)", "READER-ERROR", "Multiply defined label: #1="},
		{"#=a", "READER-ERROR", "Missing label for #="},
		{"##", "READER-ERROR", "Missing label for ##"},
		{"#+(foo bar) 3", "SIMPLE-ERROR", "unknown operator in feature expression: "},
		{"#+(not) 3", "SIMPLE-ERROR", "too few subexpressions"},
		{"#+(not a b) 3", "SIMPLE-ERROR", "too many subexpressions"},
		{"#+\"abc\" 3", "SIMPLE-ERROR", "invalid feature expression"},
		{"#+3 3", "SIMPLE-ERROR", "invalid feature expression"},
		{"#+(or . a) 3", "TYPE-ERROR", ""},
		{"(#+nil)", "READER-ERROR", "unmatched close parenthesis"},
		{"a\bb", "READER-ERROR", "invalid constituent"},
		{"a\x7fb", "READER-ERROR", "invalid constituent"},
		// end of file inside an object
		{"", "END-OF-FILE", ""},
		{"   ", "END-OF-FILE", ""},
		{"; only a comment", "END-OF-FILE", ""},
		{"'", "END-OF-FILE", ""},
		{"(a", "END-OF-FILE", ""},
		{"(a . b", "END-OF-FILE", ""},
		{"(a .", "END-OF-FILE", ""},
		{"\"abc", "END-OF-FILE", ""},
		{"\"abc\\", "END-OF-FILE", ""},
		{"|abc", "END-OF-FILE", ""},
		{"abc\\", "END-OF-FILE", ""},
		{"#|", "END-OF-FILE", ""},
		{"#| |", "END-OF-FILE", ""},
		{"#\\", "END-OF-FILE", ""},
		{"#", "END-OF-FILE", ""},
		{"#12", "END-OF-FILE", ""},
		{"#+nil", "END-OF-FILE", ""},
		{"#+nil .", "END-OF-FILE", ""},
		{"#-nil", "END-OF-FILE", ""},
		{"#1=", "END-OF-FILE", ""},
		{"#b", "END-OF-FILE", ""},
		{"`", "END-OF-FILE", ""},
		{"`(a ,", "END-OF-FILE", ""},
		{"#(1 2", "END-OF-FILE", ""},
		{"#.", "END-OF-FILE", ""},
		{"#'", "END-OF-FILE", ""},
		{"#c(1", "END-OF-FILE", ""},
	}
	th := newThread(t)
	for _, c := range cases {
		_, _, class, msg := readOne(th, c.in)
		assert.Equal(t, c.class, class, "%q: %s", c.in, msg)
		if c.msg != "" {
			assert.Contains(t, msg, c.msg, "%q", c.in)
		}
	}
}

func TestPackagesAndInterning(t *testing.T) {
	th := newThread(t)
	img := th.Img
	foo := img.MakePackage("FOO")
	bar, _ := foo.Intern("BAR")
	ext, _ := foo.Intern("EXT")
	foo.Export(ext)

	v, _, class, msg := readOne(th, "foo:bar")
	assert.Equal(t, "READER-ERROR", class)
	assert.Contains(t, msg, `The symbol "BAR" is not external in the FOO package.`)
	v, _, class, _ = readOne(th, "foo::bar")
	require.Empty(t, class)
	assert.Same(t, bar, v)
	v, _, class, _ = readOne(th, "foo:ext")
	require.Empty(t, class)
	assert.Same(t, ext, v)
	v, _, _, _ = readOne(th, "foo::new")
	s := v.(*rt.Symbol)
	assert.Equal(t, "NEW", s.Name)
	assert.Same(t, foo, s.Pkg)

	// Interning goes to *package*.
	depth := th.SpecialDepth()
	th.BindSpecial(img.S.Package, foo)
	v, _, _, _ = readOne(th, "zot")
	assert.Same(t, foo, v.(*rt.Symbol).Pkg)
	th.UnbindTo(depth)
	v, _, _, _ = readOne(th, "zot")
	assert.Same(t, img.CLUser, v.(*rt.Symbol).Pkg)

	// Uninterned symbols are fresh each time.
	a, _ := reader.ReadFromString(th, "#:g")
	b, _ := reader.ReadFromString(th, "#:g")
	assert.NotSame(t, a, b)
	assert.Nil(t, a.(*rt.Symbol).Pkg)
}

func TestReadtableCase(t *testing.T) {
	th := newThread(t)
	rtab := call(th, "COPY-READTABLE", rt.NIL)
	th.BindSpecial(th.Img.S.Readtable, rtab)
	names := func(src string) []string {
		var out []string
		reader.ReadAll(th, src, func(form rt.Value) {
			out = append(out, form.(*rt.Symbol).Name)
		})
		return out
	}
	th.Img.CLSym("READTABLE-CASE").Setf.(rt.Function).Call(th, []rt.Value{th.Img.Kw("INVERT"), rtab})
	assert.Equal(t, []string{"ABC", "abc", "Abc", "abC", "λ"}, names("abc ABC Abc a|b|C Λ"))
	assert.Equal(t, th.Img.Kw("INVERT"), call(th, "READTABLE-CASE", rtab))
	th.Img.CLSym("READTABLE-CASE").Setf.(rt.Function).Call(th, []rt.Value{th.Img.Kw("DOWNCASE"), rtab})
	assert.Equal(t, []string{"abc", "abc", "abc", "aBc"}, names("abc ABC Abc a|B|C"))
	_, _, class, msg := readOne(th, "cl:car")
	assert.Equal(t, "READER-ERROR", class)
	assert.Contains(t, msg, "Package cl does not exist.")
	th.Img.CLSym("READTABLE-CASE").Setf.(rt.Function).Call(th, []rt.Value{th.Img.Kw("PRESERVE"), rtab})
	assert.Equal(t, []string{"abc", "ABC", "Abc"}, names("abc ABC Abc"))
	v, _ := reader.ReadFromString(th, "1e5")
	assert.Equal(t, rt.SingleFloat(100000), v)
	th.Img.CLSym("READTABLE-CASE").Setf.(rt.Function).Call(th, []rt.Value{th.Img.Kw("UPCASE"), rtab})
	assert.Equal(t, []string{"ABC", "ABC", "ΛX"}, names("abc ABC λx"))

	_, class = callErr(th, "READTABLE-CASE", rt.NIL)
	assert.Equal(t, "TYPE-ERROR", class)
	_, class = callErrSetf(th, th.Img.Kw("FOO"), rtab)
	assert.Equal(t, "TYPE-ERROR", class)
	_, class = callErrSetf(th, th.Img.Kw("INVERT"), reader.StandardReadtable(th.Img))
	assert.Equal(t, "SIMPLE-ERROR", class)
}

func callErrSetf(th *rt.Thread, args ...rt.Value) (v rt.Value, errClass string) {
	saved := th.Save()
	defer func() {
		if r := recover(); r != nil {
			th.Restore(saved)
			errClass = classify(th, r.(*rt.Unhandled).Condition)
		}
	}()
	return th.Img.CLSym("READTABLE-CASE").Setf.(rt.Function).Call(th, args), ""
}

func TestReadVariables(t *testing.T) {
	th := newThread(t)
	img := th.Img
	depth := th.SpecialDepth()
	th.BindSpecial(img.S.ReadBase, rt.MakeInt(16))
	for in, want := range map[string]string{"ff": "255", "1e5": "485", "10.": "10", "1.5": "1.5f0", "-a": "-10", "g": "G", "1/a": "1/10"} {
		v, _ := reader.ReadFromString(th, in)
		assert.Equal(t, want, dump(img, v), "base 16 %q", in)
	}
	th.UnbindTo(depth)

	th.BindSpecial(img.S.ReadDefaultFloatFormat, img.S.DoubleFloat)
	v, _ := reader.ReadFromString(th, "1.5")
	assert.Equal(t, rt.DoubleFloat(1.5), v)
	v, _ = reader.ReadFromString(th, "1.5f0")
	assert.Equal(t, rt.SingleFloat(1.5), v)
	v, _ = reader.ReadFromString(th, "1e300")
	assert.Equal(t, rt.DoubleFloat(1e300), v)
	th.UnbindTo(depth)

	th.BindSpecial(img.S.ReadSuppress, rt.T)
	for _, in := range []string{"foo", "(a b . c)", "1e999", "nopkg:x", "#\\nosuchname", "#(1 2)", "#*102", `"s"`, "#.(x)", "#1#", "#1=(a)", "a:b:c", "...", "#c(1)", "#s(x)", "#2a((1)(2 3))", "#5r99", "#xzz", "#p 5"} {
		v, _, class, msg := readOne(th, in)
		assert.Empty(t, class, "suppressed %q: %s", in, msg)
		assert.Equal(t, rt.NIL, v, "suppressed %q", in)
	}
	th.UnbindTo(depth)

	th.BindSpecial(img.S.ReadEval, rt.NIL)
	_, _, class, msg := readOne(th, "#.(+ 1 2)")
	assert.Equal(t, "READER-ERROR", class)
	assert.Contains(t, msg, "*READ-EVAL*")
	th.UnbindTo(depth)

	// #. goes through the image's Eval hook.
	img.Eval = nil
	_, _, class, msg = readOne(th, "#.(+ 1 2)")
	assert.Equal(t, "READER-ERROR", class)
	assert.Contains(t, msg, "no evaluator")
	img.Eval = func(th *rt.Thread, form rt.Value) rt.Value {
		th.SetSingle()
		return rt.List(img.Kw("EVALUATED"), form)
	}
	v, _ = reader.ReadFromString(th, "(a #.(+ 1 2))")
	assert.Equal(t, "(A (:EVALUATED (CL:+ 1 2)))", dump(img, v))
	img.Eval = func(th *rt.Thread, form rt.Value) rt.Value { return th.Values() }
	v, _ = reader.ReadFromString(th, "(a #.(values) b)")
	assert.Equal(t, "(A B)", dump(img, v))
}

func TestSharpSHook(t *testing.T) {
	th := newThread(t)
	th.Img.Extra[reader.StructReaderKey{}] = reader.StructReader(func(th *rt.Thread, form rt.Value) rt.Value {
		return rt.List(th.Img.Kw("STRUCT"), form)
	})
	v, _ := reader.ReadFromString(th, "#S(point :x 1 :y 2)")
	assert.Equal(t, "(:STRUCT (POINT :X 1 :Y 2))", dump(th.Img, v))
	th.Img.Extra[reader.PathnameReaderKey{}] = reader.PathnameReader(func(th *rt.Thread, ns rt.Value) rt.Value {
		return rt.List(th.Img.Kw("PATH"), ns)
	})
	v, _ = reader.ReadFromString(th, `#p"x.lisp"`)
	assert.Equal(t, `(:PATH "x.lisp")`, dump(th.Img, v))
}

func TestCircularLabels(t *testing.T) {
	th := newThread(t)
	v, _ := reader.ReadFromString(th, "#1=(a . #1#)")
	c := v.(*rt.Cons)
	assert.Same(t, c, c.Cdr)

	v, _ = reader.ReadFromString(th, "#1=(a #1# b)")
	c = v.(*rt.Cons)
	assert.Same(t, c, c.Cdr.(*rt.Cons).Car)

	v, _ = reader.ReadFromString(th, "#1=#(1 #1#)")
	vec := v.(*rt.Vector)
	assert.Same(t, vec, vec.Items[1])

	v, _ = reader.ReadFromString(th, "#1=(#2=(x #1#) #2#)")
	outer := v.(*rt.Cons)
	inner := outer.Car.(*rt.Cons)
	assert.Same(t, inner, outer.Cdr.(*rt.Cons).Car)
	assert.Same(t, outer, inner.Cdr.(*rt.Cons).Car)

	v, _ = reader.ReadFromString(th, "#1=(#1# . #1#)")
	c = v.(*rt.Cons)
	assert.Same(t, c, c.Car)
	assert.Same(t, c, c.Cdr)

	v, _ = reader.ReadFromString(th, "#1=#2A((#1# 2) (3 4))")
	arr := v.(*rt.Array)
	assert.Same(t, arr, arr.Data.(*rt.Vector).Items[0])

	// Labels are local to one top-level read.
	_, _, class, _ := readOne(th, "#1#")
	assert.Equal(t, "READER-ERROR", class)

	// A long labelled list is fixed up without recursion.
	var sb strings.Builder
	sb.WriteString("#1=(")
	for range 200000 {
		sb.WriteString("#1# ")
	}
	sb.WriteString(")")
	v, _ = reader.ReadFromString(th, sb.String())
	first := v.(*rt.Cons)
	n := 0
	for x := rt.Value(first); x != rt.NIL; x = x.(*rt.Cons).Cdr {
		require.Same(t, first, x.(*rt.Cons).Car)
		n++
	}
	assert.Equal(t, 200000, n)
}

func TestDeepNesting(t *testing.T) {
	th := newThread(t)
	for _, src := range []string{
		strings.Repeat("(", 100000),
		strings.Repeat("(", 100000) + strings.Repeat(")", 100000),
		strings.Repeat("'", 100000) + "a",
		strings.Repeat("#(", 100000),
		strings.Repeat("`", 100000) + "a",
		strings.Repeat("#+nil ", 100000) + "a",
		labels(100000) + "a",
	} {
		_, _, class, _ := readOne(th, src)
		assert.Equal(t, "STORAGE-CONDITION", class, "%.10q...", src)
	}
	// Moderate nesting is fine and leaves NestDepth balanced.
	v, _, class, _ := readOne(th, strings.Repeat("(", 1000)+strings.Repeat(")", 1000))
	require.Empty(t, class)
	assert.Equal(t, rt.Value(rt.NIL), innermost(v))
	th2 := newThread(t)
	_, _, _, _ = readOne(th2, strings.Repeat("(", 500)+strings.Repeat(")", 500))
	assert.Equal(t, 0, th2.NestDepth)
}

func labels(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "#%d=", i)
	}
	return b.String()
}

func innermost(v rt.Value) rt.Value {
	for {
		c, ok := v.(*rt.Cons)
		if !ok {
			return v
		}
		v = c.Car
	}
}

func TestReadAll(t *testing.T) {
	th := newThread(t)
	img := th.Img
	pkg := img.MakePackage("P2")
	pkg.UsePackage(img.CL)
	var forms []rt.Value
	reader.ReadAll(th, "(a) ; c\n b 3 #| x |# \"s\"", func(f rt.Value) { forms = append(forms, f) })
	require.Len(t, forms, 4)
	assert.Equal(t, "(A)", dump(img, forms[0]))
	assert.Equal(t, `"s"`, dump(img, forms[3]))

	// The callback's side effects affect the next form.
	var syms []*rt.Symbol
	depth := th.SpecialDepth()
	reader.ReadAll(th, "x (switch) y", func(f rt.Value) {
		if _, ok := f.(*rt.Cons); ok {
			th.BindSpecial(img.S.Package, pkg)
			return
		}
		syms = append(syms, f.(*rt.Symbol))
	})
	th.UnbindTo(depth)
	require.Len(t, syms, 2)
	assert.Same(t, img.CLUser, syms[0].Pkg)
	assert.Same(t, pkg, syms[1].Pkg)
}

func TestReadFromStringBuiltin(t *testing.T) {
	th := newThread(t)
	img := th.Img
	v := call(th, "READ-FROM-STRING", str("(a b) c"))
	assert.Equal(t, "(A B)", dump(img, v))
	vals := th.MultipleValues(v)
	require.Len(t, vals, 2)
	assert.Equal(t, rt.MakeInt(6), vals[1])

	v = call(th, "READ-FROM-STRING", str("abc"), rt.NIL, rt.NIL, img.Kw("START"), rt.MakeInt(1))
	assert.Equal(t, "BC", dump(img, v))
	v = call(th, "READ-FROM-STRING", str("abcdef"), rt.T, rt.NIL, img.Kw("END"), rt.MakeInt(2))
	assert.Equal(t, "AB", dump(img, v))
	v = call(th, "READ-FROM-STRING", str(""), rt.NIL, img.Kw("EOF"))
	assert.Equal(t, img.Kw("EOF"), v)
	assert.Equal(t, []rt.Value{img.Kw("EOF"), rt.MakeInt(0)}, th.MultipleValues(v))
	v = call(th, "READ-FROM-STRING", str("   "), rt.NIL, img.Kw("EOF"))
	assert.Equal(t, []rt.Value{img.Kw("EOF"), rt.MakeInt(3)}, th.MultipleValues(v))
	v = call(th, "READ-FROM-STRING", str("a b"), rt.T, rt.NIL, img.Kw("PRESERVE-WHITESPACE"), rt.T)
	a, _ := img.CLUser.Intern("A")
	assert.Equal(t, rt.Value(a), v)
	assert.Equal(t, rt.MakeInt(1), th.MultipleValues(v)[1])

	_, class := callErr(th, "READ-FROM-STRING", str("abc"), rt.T, rt.NIL, img.Kw("START"), rt.MakeInt(5))
	assert.Equal(t, "TYPE-ERROR", class)
	_, class = callErr(th, "READ-FROM-STRING", str(""))
	assert.Equal(t, "END-OF-FILE", class)
	_, class = callErr(th, "READ-FROM-STRING", rt.MakeInt(1))
	assert.Equal(t, "TYPE-ERROR", class)
}
