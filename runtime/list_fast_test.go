package runtime_test

import (
	"testing"

	rt "github.com/golem-lisp/golem/runtime"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestListFastPaths checks each fast entry point of the list builtins
// against the builtin itself: where the entry point answers, its value and
// its effect on the arguments are the builtin's; where it must decline (a
// dotted, circular or long list, an error to signal), it does.
func TestListFastPaths(t *testing.T) {
	e := newLispEnv()
	sym, _ := e.img.CLUser.Intern("PLISTED")
	sym.Plist = e.read(`(COLOR RED SIZE 3)`)
	bad, _ := e.img.CLUser.Intern("BADPLIST")
	bad.Plist = e.read(`(COLOR RED SIZE)`)
	long := "("
	for i := 0; i < 1100; i++ {
		long += "X "
	}
	long += ")"
	cases := []struct {
		fn, args string
		fast     bool
	}{
		{"EQUAL", `((A (B "c") . 3) (A (B "c") . 3))`, true},
		{"EQUAL", `((A (B "c")) (A (B "C")))`, true},
		{"EQUAL", `((1 2) (1 2 3))`, true},
		{"EQUAL", `(#*101 #*101)`, true},
		{"EQUAL", `(1.0 1)`, true},
		{"EQUAL", `(` + long + ` ` + long + `)`, false},
		{"EQL", `(1.5 1.5)`, true},
		{"GET", `(PLISTED SIZE)`, true},
		{"GET", `(PLISTED WEIGHT)`, true},
		{"GET", `(BADPLIST WEIGHT)`, false},
		{"GET", `(NIL FOO)`, false},
		{"GET", `(3 FOO)`, false},
		{"GETF", `((A 1 B 2) B)`, true},
		{"GETF", `((A 1 B) C)`, false},
		{"GETF", `(NIL C)`, true},
		{"GETF", `((0.0d0 1) -0.0d0)`, true},
		{"MEMBER", `(C (A B C D))`, true},
		{"MEMBER", `(E (A B C D))`, true},
		{"MEMBER", `(E (A B . C))`, false},
		{"MEMBER", `(1.0 (1.0))`, false},
		{"MEMBER", `(X ` + long + `)`, true},
		{"MEMBER", `(Y ` + long + `)`, false},
		{"LENGTH", `((A B C))`, true},
		{"LENGTH", `(NIL)`, true},
		{"LENGTH", `("abcd")`, true},
		{"LENGTH", `(#(1 2))`, true},
		{"LENGTH", `((A . B))`, false},
		{"LENGTH", `(` + long + `)`, false},
		{"LENGTH", `(3)`, false},
		{"NTHCDR", `(2 (A B C))`, true},
		{"NTHCDR", `(5 (A B C))`, true},
		{"NTHCDR", `(1 (A . B))`, false},
		{"NTHCDR", `(-1 (A B))`, false},
		{"NTH", `(1 (A B C))`, true},
		{"NTH", `(7 (A B C))`, true},
		{"NTH", `(X (A B C))`, false},
		{"LAST", `((A B C))`, true},
		{"LAST", `(NIL)`, true},
		{"LAST", `((A . B))`, false},
		{"NREVERSE", `((A B C))`, true},
		{"NREVERSE", `(NIL)`, true},
		{"NREVERSE", `((A B . C))`, false},
		{"NREVERSE", `(` + long + `)`, false},
		{"NREVERSE", `(#(1 2))`, false},
		{"NCONC", `((A B) (C))`, true},
		{"NCONC", `(NIL (C))`, true},
		{"NCONC", `((A) D)`, true},
		{"NCONC", `((A . B) (C))`, false},
		{"APPEND", `((A B) (C))`, true},
		{"APPEND", `(NIL 3)`, true},
		{"APPEND", `((A . B) (C))`, false},
		{"APPEND", `(3 (C))`, false},
		{"LIST", `(A)`, true},
		{"LIST", `(A B)`, true},
		{"LIST", `(A B C)`, true},
		{"LIST*", `(A B)`, true},
		{"LIST*", `(A B C)`, true},
	}
	for _, c := range cases {
		b, ok := e.img.CLSym(c.fn).Fn.(*rt.Builtin)
		require.True(t, ok, c.fn)
		fastArgs := rt.ListToSlice(e.read(c.args))
		var v rt.Value
		switch len(fastArgs) {
		case 1:
			require.NotNil(t, b.Fast1, c.fn)
			v, ok = b.Fast1(fastArgs[0])
		case 2:
			require.NotNil(t, b.Fast2, c.fn)
			v, ok = b.Fast2(fastArgs[0], fastArgs[1])
		case 3:
			require.NotNil(t, b.Fast3, c.fn)
			v, ok = b.Fast3(fastArgs[0], fastArgs[1], fastArgs[2])
		}
		assert.Equal(t, c.fast, ok, "(%s %s) answered in the fast path", c.fn, c.args)
		realArgs := rt.ListToSlice(e.read(c.args))
		want := e.callValues(b, realArgs)
		if !ok {
			// Declining leaves the arguments as they were.
			for i, x := range rt.ListToSlice(e.read(c.args)) {
				assert.Equal(t, e.show(x), e.show(fastArgs[i]), "(%s %s) argument %d after declining", c.fn, c.args, i)
			}
			continue
		}
		assert.Equal(t, want, e.show(v), "(%s %s)", c.fn, c.args)
		for i := range fastArgs {
			assert.Equal(t, e.show(realArgs[i]), e.show(fastArgs[i]), "(%s %s) argument %d afterwards", c.fn, c.args, i)
		}
	}
}

// TestFastEqualDeep checks that EQUAL's fast entry point declines on a tree
// nested deeper than it follows (and the builtin still answers).
func TestFastEqualDeep(t *testing.T) {
	e := newLispEnv()
	deep := func() rt.Value {
		var v rt.Value = rt.NIL
		for i := 0; i < 200; i++ {
			v = rt.List(v)
		}
		return v
	}
	b := e.img.CLSym("EQUAL").Fn.(*rt.Builtin)
	x, y := deep(), deep()
	_, ok := b.Fast2(x, y)
	assert.False(t, ok)
	assert.Equal(t, "T", e.callValues(b, []rt.Value{x, y}))
}

// TestMemberAssocPlainTests checks MEMBER and ASSOC with no keywords or a
// standard :TEST (answered without the general keyword parser) against the
// same calls through :KEY IDENTITY (which take the general path).
func TestMemberAssocPlainTests(t *testing.T) {
	e := newLispEnv()
	identity := e.img.CLSym("IDENTITY")
	kw := e.img.Kw
	for _, c := range []struct{ fn, args, want string }{
		{"MEMBER", `((B) (A (B) C))`, "NIL"},
		{"MEMBER", `(2 (1 2 3))`, "(2 3)"},
		{"MEMBER", `(1.5 (1 1.5 3))`, "(1.5 3)"},
		{"MEMBER", `((B) (A (B) C) :TEST EQUAL)`, "((B) C)"},
		{"MEMBER", `("b" ("a" "b") :TEST EQUAL)`, `("b")`},
		{"MEMBER", `((B) (A (B) C) :TEST EQ)`, "NIL"},
		{"MEMBER", `(B (A B C) :TEST EQL)`, "(B C)"},
		{"MEMBER", `(D (A B . C) :TEST EQUAL)`, "!TYPE-ERROR"},
		{"ASSOC", `(B ((A . 1) NIL (B . 2)))`, "(B . 2)"},
		{"ASSOC", `((B) ((A . 1) ((B) . 2)) :TEST EQUAL)`, "((B) . 2)"},
		{"ASSOC", `((B) ((A . 1) ((B) . 2)))`, "NIL"},
		{"ASSOC", `(C ((A . 1) 3))`, "!TYPE-ERROR"},
		{"ASSOC", `(C ((A . 1) 3) :TEST EQ)`, "!TYPE-ERROR"},
	} {
		assert.Equal(t, c.want, e.call(c.fn, c.args), "(%s %s)", c.fn, c.args)
		args := append(rt.ListToSlice(e.read(c.args)), kw("KEY"), identity)
		assert.Equal(t, c.want, e.callValues(e.img.CLSym(c.fn), args), "(%s %s :KEY IDENTITY)", c.fn, c.args)
	}
	// The function objects name the same tests as their symbols.
	l := e.read(`(A (B) C)`)
	eq, equal := e.img.CLSym("EQ").Fn, e.img.CLSym("EQUAL").Fn
	assert.Equal(t, "NIL", e.callValues(e.img.CLSym("MEMBER"), []rt.Value{e.read(`(B)`), l, kw("TEST"), eq}))
	assert.Equal(t, "((B) C)", e.callValues(e.img.CLSym("MEMBER"), []rt.Value{e.read(`(B)`), l, kw("TEST"), equal}))
}

// BenchmarkMemberUserTest is MEMBER with a :TEST and a :KEY that are not
// standard tests, over 100 elements: the calls of the test and the key go
// through the argument slots, so they allocate nothing per element.
func BenchmarkMemberUserTest(b *testing.B) {
	e := newLispEnv()
	items := make([]rt.Value, 100)
	for i := range items {
		items[i] = rt.MakeInt(int64(i))
	}
	l := rt.List(items...)
	member := e.img.CLSym("MEMBER")
	gt, _ := e.img.CLUser.FindSymbol("GT")
	inc, _ := e.img.CLUser.FindSymbol("INC")
	args := []rt.Value{rt.MakeInt(-5), l, e.img.Kw("TEST"), gt, e.img.Kw("KEY"), inc}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		e.th.Call(member, args...)
	}
}

// BenchmarkPositionIfList is POSITION-IF over a 100-element list: the
// elements are visited as the list is walked, with no slice of them.
func BenchmarkPositionIfList(b *testing.B) {
	e := newLispEnv()
	items := make([]rt.Value, 100)
	for i := range items {
		items[i] = rt.MakeInt(int64(2 * i))
	}
	l := rt.List(items...)
	pos := e.img.CLSym("POSITION-IF")
	odd, _ := e.img.CLUser.FindSymbol("ODD")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		e.th.Call(pos, odd, l)
	}
}
