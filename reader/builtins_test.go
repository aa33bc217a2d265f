package reader_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem/reader"
	rt "github.com/golem-lisp/golem/runtime"
)

func input(s string) *rt.StringInputStream {
	r := []rune(s)
	return rt.NewStringInput(r, 0, len(r))
}

func TestStreamFunctions(t *testing.T) {
	th := newThread(t)
	img := th.Img
	eof := img.Kw("EOF")

	s := input("ab")
	assert.Equal(t, rt.Char('a'), call(th, "READ-CHAR", s))
	assert.Equal(t, rt.Char('b'), call(th, "PEEK-CHAR", rt.NIL, s))
	assert.Equal(t, rt.T, call(th, "LISTEN", s))
	assert.Equal(t, rt.Char('b'), call(th, "READ-CHAR-NO-HANG", s))
	assert.Equal(t, rt.NIL, call(th, "LISTEN", s))
	assert.Equal(t, eof, call(th, "READ-CHAR", s, rt.NIL, eof))
	assert.Equal(t, eof, call(th, "PEEK-CHAR", rt.NIL, s, rt.NIL, eof))
	_, class := callErr(th, "READ-CHAR", s)
	assert.Equal(t, "END-OF-FILE", class)
	assert.Equal(t, rt.NIL, call(th, "UNREAD-CHAR", rt.Char('b'), s))
	assert.Equal(t, rt.Char('b'), call(th, "READ-CHAR", s))

	s = input("   x  y")
	assert.Equal(t, rt.Char('x'), call(th, "PEEK-CHAR", rt.T, s))
	assert.Equal(t, rt.Char('x'), call(th, "READ-CHAR", s))
	assert.Equal(t, rt.Char('y'), call(th, "PEEK-CHAR", rt.Char('y'), s))
	assert.Equal(t, rt.Char('y'), call(th, "READ-CHAR", s))
	_, class = callErr(th, "PEEK-CHAR", rt.Char('z'), input("abc"))
	assert.Equal(t, "END-OF-FILE", class)
	_, class = callErr(th, "PEEK-CHAR", rt.MakeInt(3), input("abc"))
	assert.Equal(t, "TYPE-ERROR", class)

	s = input("line one\nline two")
	v := call(th, "READ-LINE", s)
	assert.Equal(t, []rt.Value{str("line one"), rt.NIL}, strs(th.MultipleValues(v)))
	v = call(th, "READ-LINE", s)
	assert.Equal(t, []rt.Value{str("line two"), rt.T}, strs(th.MultipleValues(v)))
	v = call(th, "READ-LINE", s, rt.NIL, eof)
	assert.Equal(t, []rt.Value{eof, rt.T}, th.MultipleValues(v))
	_, class = callErr(th, "READ-LINE", s)
	assert.Equal(t, "END-OF-FILE", class)
	v = call(th, "READ-LINE", input("\nx"))
	assert.Equal(t, []rt.Value{str(""), rt.NIL}, strs(th.MultipleValues(v)))

	assert.Equal(t, rt.NIL, call(th, "CLEAR-INPUT", input("x")))

	// NIL designates *standard-input*, T *terminal-io*.
	depth := th.SpecialDepth()
	th.BindSpecial(img.S.StandardInput, input("q"))
	assert.Equal(t, rt.Char('q'), call(th, "READ-CHAR", rt.NIL))
	th.BindSpecial(img.S.TerminalIO, input("r"))
	assert.Equal(t, rt.Char('r'), call(th, "READ-CHAR", rt.T))
	th.BindSpecial(img.S.StandardInput, input("(1 2)"))
	assert.Equal(t, "(1 2)", dump(img, call(th, "READ")))
	th.UnbindTo(depth)

	// Output-only streams and non-streams are rejected.
	_, class = callErr(th, "READ-CHAR", rt.NewStringOutput())
	assert.Equal(t, "TYPE-ERROR", class)
	_, class = callErr(th, "READ-CHAR", rt.MakeInt(5))
	assert.Equal(t, "TYPE-ERROR", class)
}

// strs converts *rt.String values to comparable copies.
func strs(vals []rt.Value) []rt.Value {
	out := make([]rt.Value, len(vals))
	for i, v := range vals {
		if s, ok := v.(*rt.String); ok {
			out[i] = rt.NewString(s.String())
		} else {
			out[i] = v
		}
	}
	return out
}

func TestReadBuiltins(t *testing.T) {
	th := newThread(t)
	img := th.Img
	eof := img.Kw("EOF")

	s := input("a b\n(c)")
	assert.Equal(t, "A", dump(img, call(th, "READ", s)))
	assert.Equal(t, rt.Char('b'), call(th, "PEEK-CHAR", rt.NIL, s), "READ consumes one whitespace")
	assert.Equal(t, "B", dump(img, call(th, "READ-PRESERVING-WHITESPACE", s)))
	assert.Equal(t, rt.Char('\n'), call(th, "PEEK-CHAR", rt.NIL, s))
	assert.Equal(t, "(C)", dump(img, call(th, "READ", s)))
	assert.Equal(t, eof, call(th, "READ", s, rt.NIL, eof))
	_, class := callErr(th, "READ", s)
	assert.Equal(t, "END-OF-FILE", class)
	// End of file inside an object is an error even when eof-error-p is false.
	_, class = callErr(th, "READ", input("(a"), rt.NIL, eof)
	assert.Equal(t, "END-OF-FILE", class)

	s = input("a b c ] d")
	assert.Equal(t, "(A B C)", dump(img, call(th, "READ-DELIMITED-LIST", rt.Char(']'), s)))
	assert.Equal(t, "D", dump(img, call(th, "READ", s)))
	_, class = callErr(th, "READ-DELIMITED-LIST", rt.Char(']'), input("a . b ]"))
	assert.Equal(t, "READER-ERROR", class)
	_, class = callErr(th, "READ-DELIMITED-LIST", rt.Char(']'), input("a b"))
	assert.Equal(t, "END-OF-FILE", class)

	assert.Equal(t, rt.T, call(th, "READTABLEP", img.S.Readtable.Value))
	assert.Equal(t, rt.NIL, call(th, "READTABLEP", rt.NIL))
}

// lispFn wraps a Go function as a Lisp function, standing in for a user's
// lambda.
func lispFn(name string, min, max int, fn func(th *rt.Thread, args []rt.Value) rt.Value) *rt.Builtin {
	return &rt.Builtin{Name: rt.NewSymbol(name), Min: min, Max: max, MultipleValues: true, Fn: fn}
}

func TestReadtableFunctions(t *testing.T) {
	th := newThread(t)
	img := th.Img
	std := reader.StandardReadtable(img)

	cur := img.S.Readtable.Value.(*reader.Readtable)
	assert.NotSame(t, std, cur, "*readtable* starts as a modifiable copy")

	fn := call(th, "GET-MACRO-CHARACTER", rt.Char('('))
	vals := th.MultipleValues(fn)
	require.Len(t, vals, 2)
	assert.Equal(t, rt.NIL, vals[1])
	assert.Implements(t, (*rt.Function)(nil), vals[0])
	vals = th.MultipleValues(call(th, "GET-MACRO-CHARACTER", rt.Char('#')))
	assert.Equal(t, rt.T, vals[1])
	vals = th.MultipleValues(call(th, "GET-MACRO-CHARACTER", rt.Char('a')))
	assert.Equal(t, []rt.Value{rt.NIL, rt.NIL}, vals)
	assert.NotEqual(t, rt.NIL, call(th, "GET-DISPATCH-MACRO-CHARACTER", rt.Char('#'), rt.Char('a')))
	assert.Equal(t, rt.NIL, call(th, "GET-DISPATCH-MACRO-CHARACTER", rt.Char('#'), rt.Char('!')))
	_, class := callErr(th, "GET-DISPATCH-MACRO-CHARACTER", rt.Char('a'), rt.Char('x'))
	assert.Equal(t, "SIMPLE-ERROR", class)

	// The standard readtable refuses changes.
	_, class = callErr(th, "SET-MACRO-CHARACTER", rt.Char('!'), fn, rt.NIL, std)
	assert.Equal(t, "SIMPLE-ERROR", class)

	rtab := call(th, "COPY-READTABLE")
	depth := th.SpecialDepth()
	th.BindSpecial(img.S.Readtable, rtab)

	// A macro returning no values acts like a comment.
	none := lispFn("NONE", 2, 2, func(th *rt.Thread, args []rt.Value) rt.Value { return th.Values() })
	call(th, "SET-MACRO-CHARACTER", rt.Char('!'), none)
	v, _ := reader.ReadFromString(th, "(a ! b)")
	assert.Equal(t, "(A B)", dump(img, v))
	v, _ = reader.ReadFromString(th, "a!b")
	assert.Equal(t, "A", dump(img, v), "terminating macro ends a token")

	// A non-terminating macro that reads the rest recursively.
	brace := lispFn("BRACE", 2, 2, func(th *rt.Thread, args []rt.Value) rt.Value {
		l := call(th, "READ-DELIMITED-LIST", rt.Char('}'), args[0], rt.T)
		th.SetSingle()
		return rt.NewCons(img.Kw("SET"), l)
	})
	call(th, "SET-MACRO-CHARACTER", rt.Char('{'), brace)
	call(th, "SET-SYNTAX-FROM-CHAR", rt.Char('}'), rt.Char(')'))
	v, _ = reader.ReadFromString(th, "(x {1 2 {3}} y)")
	assert.Equal(t, "(X (:SET 1 2 (:SET 3)) Y)", dump(img, v))

	// Labels are shared with recursive reads made by user macros.
	v, _ = reader.ReadFromString(th, "(#1=a {#1#})")
	assert.Equal(t, "(A (:SET A))", dump(img, v))

	// set-syntax-from-char copies macro definitions; like SBCL's, the
	// copied ( still closes on ).
	call(th, "SET-SYNTAX-FROM-CHAR", rt.Char('['), rt.Char('('))
	call(th, "SET-SYNTAX-FROM-CHAR", rt.Char(']'), rt.Char(')'))
	v, _ = reader.ReadFromString(th, "[a b)")
	assert.Equal(t, "(A B)", dump(img, v))
	_, _, class, _ = readOne(th, "[a b]")
	assert.Equal(t, "READER-ERROR", class)
	// ...and whitespace.
	call(th, "SET-SYNTAX-FROM-CHAR", rt.Char(','), rt.Char(' '))
	v, _ = reader.ReadFromString(th, "(a,b)")
	assert.Equal(t, "(A B)", dump(img, v))
	// Making a character a constituent.
	call(th, "SET-SYNTAX-FROM-CHAR", rt.Char(';'), rt.Char('a'))
	v, _ = reader.ReadFromString(th, "a;b")
	assert.Equal(t, "A;B", dump(img, v))

	// Dispatching macro characters.
	assert.Equal(t, rt.T, call(th, "MAKE-DISPATCH-MACRO-CHARACTER", rt.Char('%')))
	sub := lispFn("PCT-Y", 3, 3, func(th *rt.Thread, args []rt.Value) rt.Value {
		obj := call(th, "READ", args[0], rt.T, rt.NIL, rt.T)
		th.SetSingle()
		return rt.List(args[1], args[2], obj)
	})
	call(th, "SET-DISPATCH-MACRO-CHARACTER", rt.Char('%'), rt.Char('y'), sub)
	assert.Same(t, sub, call(th, "GET-DISPATCH-MACRO-CHARACTER", rt.Char('%'), rt.Char('Y')))
	v, _ = reader.ReadFromString(th, "%3y foo")
	assert.Equal(t, "(#\\U+0079 3 FOO)", dump(img, v))
	v, _ = reader.ReadFromString(th, "%Yfoo")
	assert.Equal(t, "(#\\U+0059 NIL FOO)", dump(img, v))
	_, _, class, msg := readOne(th, "%z foo")
	assert.Equal(t, "READER-ERROR", class)
	assert.Contains(t, msg, "no dispatch function defined for #\\z")
	_, class = callErr(th, "SET-DISPATCH-MACRO-CHARACTER", rt.Char('%'), rt.Char('1'), sub)
	assert.Equal(t, "SIMPLE-ERROR", class)

	// A user sub-character on #.
	call(th, "SET-DISPATCH-MACRO-CHARACTER", rt.Char('#'), rt.Char('!'), sub)
	v, _ = reader.ReadFromString(th, "#!x")
	assert.Equal(t, "(#\\U+0021 NIL X)", dump(img, v))

	// Reinstalling a standard macro keeps working (the Go fast path).
	paren, _ := th.MultipleValues(call(th, "GET-MACRO-CHARACTER", rt.Char('('), rt.NIL))[0].(rt.Function)
	call(th, "SET-MACRO-CHARACTER", rt.Char('<'), paren)
	v, _ = reader.ReadFromString(th, "<a b)")
	assert.Equal(t, "(A B)", dump(img, v))

	// Calling a standard macro function directly from Lisp.
	qfn := th.MultipleValues(call(th, "GET-MACRO-CHARACTER", rt.Char('\''), rt.NIL))[0]
	v = th.Call(qfn, input("x"), rt.Char('\''))
	assert.Equal(t, "(CL:QUOTE X)", dump(img, v))
	sharpA := call(th, "GET-DISPATCH-MACRO-CHARACTER", rt.Char('#'), rt.Char('('), rt.NIL)
	v = th.Call(sharpA, input("1 2)"), rt.Char('('), rt.NIL)
	assert.Equal(t, "#(1 2)", dump(img, v))

	// copy-readtable into an existing readtable; nil means standard.
	fresh := call(th, "COPY-READTABLE", rt.NIL)
	call(th, "COPY-READTABLE", rtab, fresh)
	th.BindSpecial(img.S.Readtable, fresh)
	v, _ = reader.ReadFromString(th, "[a {b})")
	assert.Equal(t, "(A (:SET B))", dump(img, v))
	call(th, "COPY-READTABLE", rt.NIL, fresh)
	v, _ = reader.ReadFromString(th, "[a]")
	assert.Equal(t, "[A]", dump(img, v))
	th.UnbindTo(depth)

	// The global readtable was never changed.
	v, _ = reader.ReadFromString(th, "{a}")
	assert.Equal(t, "{A}", dump(img, v))
}
