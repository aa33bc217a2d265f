package runtime_test

import (
	"strings"
	"testing"

	rt "github.com/golem-lisp/golem/runtime"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestConsAccessors(t *testing.T) {
	e := newLtEnv()
	ltRun(t, e, []ltCase{
		{"CAR", "(1 2)", "1"},
		{"CAR", "nil", "NIL"},
		{"CAR", "42", "ERROR:TYPE-ERROR"},
		{"CDR", "(1 . 2)", "2"},
		{"CDR", "\"x\"", "ERROR:TYPE-ERROR"},
		{"CADR", "(1 2 3)", "2"},
		{"CADR", "(1 . 2)", "ERROR:TYPE-ERROR"},
		{"CDDR", "(1 2 3)", "(3)"},
		{"CAAR", "((a) b)", "A"},
		{"CADDDR", "(1 2 3 4 5)", "4"},
		{"CDDDDR", "(1 2 3 4 5)", "(5)"},
		{"CDADR", "(1 (2 3))", "(3)"},
		{"FIRST", "(1 2 3)", "1"},
		{"SECOND", "(1 2 3)", "2"},
		{"THIRD", "(1 2)", "NIL"},
		{"TENTH", "(1 2 3 4 5 6 7 8 9 10)", "10"},
		{"FIRST", "3", "ERROR:TYPE-ERROR"},
		{"THIRD", "(1 . 2)", "ERROR:TYPE-ERROR"},
		{"REST", "(1 2)", "(2)"},
		{"CONS", "1 2", "(1 . 2)"},
		{"CONSP", "(1)", "T"},
		{"CONSP", "nil", "NIL"},
		{"ATOM", "nil", "T"},
		{"ATOM", "(1)", "NIL"},
		{"LISTP", "nil", "T"},
		{"LISTP", "3", "NIL"},
		{"ENDP", "nil", "T"},
		{"ENDP", "(1)", "NIL"},
		{"ENDP", "3", "ERROR:TYPE-ERROR"},
		{"LIST", "", "NIL"},
		{"LIST", "1 2 3", "(1 2 3)"},
		{"LIST*", "1", "1"},
		{"LIST*", "1 2 (3)", "(1 2 3)"},
		{"LIST*", "1 2", "(1 . 2)"},
		{"LIST*", "", "ERROR:SIMPLE-PROGRAM-ERROR"},
		{"MAKE-LIST", "3", "(NIL NIL NIL)"},
		{"MAKE-LIST", "2 :initial-element x", "(X X)"},
		{"MAKE-LIST", "-1", "ERROR:TYPE-ERROR"},
		{"MAKE-LIST", "2 :bogus 1", "ERROR:SIMPLE-PROGRAM-ERROR"},
		{"LIST-LENGTH", "(1 2 3)", "3"},
		{"LIST-LENGTH", "nil", "0"},
		{"LIST-LENGTH", "(1 2 . 3)", "ERROR:TYPE-ERROR"},
		{"LIST-LENGTH", "3", "ERROR:TYPE-ERROR"},
		{"NTH", "1 (a b c)", "B"},
		{"NTH", "5 (a b c)", "NIL"},
		{"NTH", "-1 (a b)", "ERROR:TYPE-ERROR"},
		{"NTH", "0 3", "ERROR:TYPE-ERROR"},
		{"NTH", "5 (1 2 . 3)", "ERROR:TYPE-ERROR"},
		{"NTHCDR", "2 (a b c)", "(C)"},
		{"NTHCDR", "0 (a b c)", "(A B C)"},
		{"NTHCDR", "2 (1 2 . 3)", "3"},
		{"NTHCDR", "5 (1 2 . 3)", "ERROR:TYPE-ERROR"},
		{"NTHCDR", "-1 (1 2)", "ERROR:TYPE-ERROR"},
		{"NTHCDR", "2 3", "ERROR:TYPE-ERROR"},
		{"NTHCDR", "100000000000000000000 (1 2)", "NIL"},
		{"LAST", "(1 2 3)", "(3)"},
		{"LAST", "(1 2 . 3)", "(2 . 3)"},
		{"LAST", "(1 2 3) 2", "(2 3)"},
		{"LAST", "(1 2 3) 0", "NIL"},
		{"LAST", "(1 2 . 3) 0", "3"},
		{"LAST", "(1 2 3) 10", "(1 2 3)"},
		{"LAST", "nil", "NIL"},
		{"LAST", "(1 2 3) -1", "ERROR:TYPE-ERROR"},
		{"LAST", "5", "ERROR:TYPE-ERROR"},
		{"BUTLAST", "(1 2 3)", "(1 2)"},
		{"BUTLAST", "(1 2 . 3)", "(1)"},
		{"BUTLAST", "(1 2 3 4) 2", "(1 2)"},
		{"BUTLAST", "(1 2 3 4) 4", "NIL"},
		{"BUTLAST", "nil", "NIL"},
		{"BUTLAST", "(1 2) 0", "(1 2)"},
		{"NBUTLAST", "(1 2 3)", "(1 2)"},
		{"NBUTLAST", "(1)", "NIL"},
		{"RPLACA", "(1 2) 3", "(3 2)"},
		{"RPLACA", "nil 3", "ERROR:TYPE-ERROR"},
		{"RPLACD", "(1 2) 3", "(1 . 3)"},
	})
}

func TestConsOperations(t *testing.T) {
	e := newLtEnv()
	e.defFn("EVENP*", func(args []rt.Value) rt.Value {
		n, ok := args[0].(rt.Fixnum)
		return rt.Bool(ok && n%2 == 0)
	})
	e.defFn("LIST1", func(args []rt.Value) rt.Value { return rt.List(args...) })
	e.defFn("ADD", func(args []rt.Value) rt.Value {
		var s rt.Fixnum
		for _, a := range args {
			s += a.(rt.Fixnum)
		}
		return s
	})
	ltRun(t, e, []ltCase{
		{"APPEND", "", "NIL"},
		{"APPEND", "(1 2) (3) nil (4 . 5)", "(1 2 3 4 . 5)"},
		{"APPEND", "(1) 2", "(1 . 2)"},
		{"APPEND", "(1 . 2) (3)", "ERROR:TYPE-ERROR"},
		{"APPEND", "1 (2)", "ERROR:TYPE-ERROR"},
		{"NCONC", "(1 2) nil (3) 4", "(1 2 3 . 4)"},
		{"NCONC", "nil nil", "NIL"},
		{"NCONC", "(1 . 2) (3)", "(1 3)"},
		{"NCONC", "(1) 2 (3)", "ERROR:TYPE-ERROR"},
		{"REVAPPEND", "(1 2) 3", "(2 1 . 3)"},
		{"REVAPPEND", "(1 . 2) nil", "ERROR:TYPE-ERROR"},
		{"NRECONC", "(1 2) (3)", "(2 1 3)"},
		{"COPY-LIST", "(1 2 . 3)", "(1 2 . 3)"},
		{"COPY-LIST", "3", "ERROR:TYPE-ERROR"},
		{"COPY-ALIST", "((a . 1) b)", "((A . 1) B)"},
		{"COPY-TREE", "(1 (2 . 3) ((4)))", "(1 (2 . 3) ((4)))"},
		{"COPY-TREE", "5", "5"},
		{"TREE-EQUAL", "(1 (2 3)) (1 (2 3))", "T"},
		{"TREE-EQUAL", "(1 (2 3)) (1 (2 4))", "NIL"},
		{"TREE-EQUAL", "(\"a\") (\"a\")", "NIL"},
		{"TREE-EQUAL", "(\"a\") (\"a\") :test #'equal", "T"},
		{"TREE-EQUAL", "1 1", "T"},
		{"LDIFF", "(1 2 3) nil", "(1 2 3)"},
		{"LDIFF", "(1 2 . 3) 3", "(1 2)"},
		{"LDIFF", "(1 2 . 3) 4", "(1 2 . 3)"},
		{"TAILP", "3 (1 2 . 3)", "T"},
		{"TAILP", "nil (1 2)", "T"},
		{"TAILP", "(2) (1 2)", "NIL"},
		{"MEMBER", "2 (1 2 3)", "(2 3)"},
		{"MEMBER", "4 (1 2 3)", "NIL"},
		{"MEMBER", "\"b\" (\"a\" \"b\")", "NIL"},
		{"MEMBER", "\"b\" (\"a\" \"b\") :test #'equal", "(\"b\")"},
		{"MEMBER", "2 ((1) (2) (3)) :key #'car", "((2) (3))"},
		{"MEMBER", "2 (1 2 3) :test-not #'eql", "(1 2 3)"},
		{"MEMBER", "3 (1 2 . 3)", "ERROR:TYPE-ERROR"},
		{"MEMBER", "1 3", "ERROR:TYPE-ERROR"},
		{"MEMBER", "1 (1 2) :test #'eql :test-not #'eql", "ERROR:SIMPLE-ERROR"},
		{"MEMBER-IF", "#'evenp* (1 3 4 5)", "(4 5)"},
		{"MEMBER-IF-NOT", "#'evenp* (2 4 5 6)", "(5 6)"},
		{"ASSOC", "b ((a . 1) (b . 2))", "(B . 2)"},
		{"ASSOC", "3 ((1 . 2) nil (3 . 4))", "(3 . 4)"},
		{"ASSOC", "3 ((1 . 2) 5)", "ERROR:TYPE-ERROR"},
		{"ASSOC", "1 3", "ERROR:TYPE-ERROR"},
		{"ASSOC", "\"b\" ((\"a\" . 1) (\"B\" . 2)) :test #'equalp", "(\"B\" . 2)"},
		{"ASSOC-IF", "#'evenp* ((1 . a) (2 . b))", "(2 . B)"},
		{"ASSOC-IF-NOT", "#'evenp* ((2 . a) (3 . b))", "(3 . B)"},
		{"RASSOC", "2 ((a . 1) (b . 2))", "(B . 2)"},
		{"RASSOC-IF", "#'evenp* ((a . 1) (b . 2))", "(B . 2)"},
		{"ACONS", "1 2 3", "((1 . 2) . 3)"},
		{"PAIRLIS", "(a b) (1 2)", "((B . 2) (A . 1))"},
		{"PAIRLIS", "(a b) (1 2) ((c . 3))", "((B . 2) (A . 1) (C . 3))"},
		{"PAIRLIS", "(a b) (1)", "ERROR:SIMPLE-ERROR"},
		{"GET-PROPERTIES", "(a 1 b 2) (b)", "B ; 2 ; (B 2)"},
		{"GET-PROPERTIES", "(a 1 b 2) (c)", "NIL ; NIL ; NIL"},
		{"GET-PROPERTIES", "(a 1 b) (c)", "ERROR:SIMPLE-TYPE-ERROR"},
		{"COPY-ALIST", "((a . b) . c)", "ERROR:TYPE-ERROR"},
		{"GETF", "(a 1 b 2) b", "2"},
		{"GETF", "(a 1 b 2) c", "NIL"},
		{"GETF", "(a 1 b 2) c 9", "9"},
		{"GETF", "(a 1 b) c", "ERROR:SIMPLE-TYPE-ERROR"},
		{"GETF", "(a 1 . b) c", "ERROR:TYPE-ERROR"},
		{"GETF", "3 c", "ERROR:TYPE-ERROR"},
		{"SUBST", "x a (a b (a c) . a)", "(X B (X C) . X)"},
		{"SUBST", "1 2 3", "3"},
		{"SUBST", "x (a) ((a) b (a)) :test #'equal", "(X B X)"},
		{"SUBST-IF", "x #'evenp* (1 2 (3 4))", "(1 X (3 X))"},
		{"SUBST-IF-NOT", "x #'consp (1 (2))", "(X (X . X) . X)"},
		{"NSUBST", "x a (a b (a c) . a)", "(X B (X C) . X)"},
		{"NSUBST-IF", "0 #'evenp* (1 2 (3 4))", "(1 0 (3 0))"},
		{"SUBLIS", "((a . 1) (b . 2)) (a b (c a) . b)", "(1 2 (C 1) . 2)"},
		{"SUBLIS", "((1 . 2)) (1 . 1) :test #'eql", "(2 . 2)"},
		{"NSUBLIS", "((a . 1)) (a (a) . a)", "(1 (1) . 1)"},
		{"MAPCAR", "#'add (1 2) (1 2 3)", "(2 4)"},
		{"MAPCAR", "#'car (1 2)", "ERROR:TYPE-ERROR"},
		{"MAPCAR", "#'list1 (1 2 . 3)", "ERROR:TYPE-ERROR"},
		{"MAPC", "#'list1 (1 2) (3 4)", "(1 2)"},
		{"MAPCAN", "#'list1 (1 2) (3 4)", "(1 3 2 4)"},
		{"MAPCAN", "#'identity ((1) 2 (3))", "(1 3)"},
		{"MAPCAN", "#'identity ((1) 2)", "(1 . 2)"},
		{"MAPLIST", "#'identity (1 2 3)", "((1 2 3) (2 3) (3))"},
		{"MAPL", "#'identity (1 2 3)", "(1 2 3)"},
		{"MAPCON", "#'copy-list (1 2 3)", "(1 2 3 2 3 3)"},
	})
}

func TestConsSets(t *testing.T) {
	e := newLtEnv()
	ltRun(t, e, []ltCase{
		{"UNION", "(1 2 3) (2 3 4)", "(1 2 3 4)"},
		{"UNION", "(a b c d) (e f b g)", "(D C A E F B G)"},
		{"UNION", "(1 2 2 3) (3 3 4)", "(2 2 1 3 3 4)"},
		{"UNION", "((a . 1) (b . 2)) ((b . 3) (c . 4)) :key #'car", "((A . 1) (B . 3) (C . 4))"},
		{"UNION", "(1 2) nil", "(2 1)"},
		{"UNION", "nil (1 2)", "(2 1)"},
		{"UNION", "(1 2 3 4 5) (4 5)", "(3 2 1 4 5)"},
		{"UNION", "(4 5) (1 2 3 4 5)", "(3 2 1 4 5)"},
		{"NUNION", "(4 5) (1 2 3 4 5)", "(3 2 1 4 5)"},
		{"NUNION", "nil (1 2)", "(2 1)"},
		{"INTERSECTION", "(4 5) (1 2 3 4 5)", "(5 4)"},
		{"SET-EXCLUSIVE-OR", "(4 5 7) (1 2 3 4 5)", "(3 2 1 7)"},
		{"UNION", "(1 2) (2 3) :test #'eql :test-not #'eql", "ERROR:SIMPLE-ERROR"},
		{"NUNION", "(1 2 3) (2 3 4)", "(1 2 3 4)"},
		{"INTERSECTION", "(1 2 3) (2 3 4)", "(3 2)"},
		{"INTERSECTION", "(1 2 3) (3 2 1)", "(3 2 1)"},
		{"INTERSECTION", "(\"a\" \"b\") (\"B\") :test #'equalp", "(\"b\")"},
		{"NINTERSECTION", "(1 2 3) (2 3 4)", "(3 2)"},
		{"SET-DIFFERENCE", "(1 2 3 5) (2 3 4)", "(5 1)"},
		{"SET-DIFFERENCE", "(1 2 3) nil", "(1 2 3)"},
		{"NSET-DIFFERENCE", "(1 2 3 5) (2 3 4)", "(5 1)"},
		{"SET-EXCLUSIVE-OR", "(1 2 3 5) (2 3 4)", "(4 5 1)"},
		{"SET-EXCLUSIVE-OR", "(1 2) nil", "(2 1)"},
		{"NSET-EXCLUSIVE-OR", "(1 2 3 5) (2 3 4)", "(1 5 4)"},
		{"NSET-EXCLUSIVE-OR", "(1 3 0 3 0) (3 4 2 4 4)", "(1 0 0 4 2 4 4)"},
		{"NSET-EXCLUSIVE-OR", "(1 2) (1 2)", "NIL"},
		{"SUBSETP", "(1 2) (2 1 3)", "T"},
		{"SUBSETP", "(1 5) (2 1 3)", "NIL"},
		{"ADJOIN", "1 (2 3)", "(1 2 3)"},
		{"ADJOIN", "2 (2 3)", "(2 3)"},
		{"ADJOIN", "(2) ((1) (2)) :key #'car", "((1) (2))"},
		{"UNION", "(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19) (15 16 17 18 19 20 21 22 23 24 25 26 27 28 29)",
			"(14 13 12 11 10 9 8 7 6 5 4 3 2 1 0 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29)"},
		{"SET-EXCLUSIVE-OR", "(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19) (15 16 17 18 19 20 21 22 23 24 25 26 27 28 29)",
			"(29 28 27 26 25 24 23 22 21 20 14 13 12 11 10 9 8 7 6 5 4 3 2 1 0)"},
	})
}

// TestConsSetsLarge checks the result orders SBCL 2.2 produces when it
// switches to hash tables (both lists of 80 or more elements).
func TestConsSetsLarge(t *testing.T) {
	e := newLtEnv()
	rng := func(a, b int) rt.Value {
		var l []rt.Value
		for i := a; i < b; i++ {
			l = append(l, rt.MakeInt(int64(i)))
		}
		return rt.List(l...)
	}
	head := func(l rt.Value, n int) string {
		var out []rt.Value
		for i := 0; i < n; i++ {
			c := l.(*rt.Cons)
			out = append(out, c.Car)
			l = c.Cdr
		}
		return e.show(rt.List(out...))
	}
	call := func(name string, args ...rt.Value) rt.Value { return e.th.Call(e.img.CLSym(name), args...) }
	assert.Equal(t, "(149 148 147)", head(call("UNION", rng(0, 100), rng(50, 150)), 3))
	assert.Equal(t, "(49 48 47)", head(call("UNION", rng(0, 100), rng(50, 250)), 3))
	assert.Equal(t, "(299 298 297)", head(call("UNION", rng(0, 300), rng(50, 250)), 3))
	assert.Equal(t, "(78 77 76)", head(call("UNION", rng(0, 79), rng(1000, 1079)), 3))
	assert.Equal(t, "(1079 1078 1077)", head(call("UNION", rng(0, 80), rng(1000, 1080)), 3))
	assert.Equal(t, "(0 1 2)", head(call("NUNION", rng(0, 300), rng(50, 250)), 3))
	u := call("NUNION", rng(0, 300), rng(500, 600))
	assert.Equal(t, "(599 598 597)", head(u, 3))
	assert.Equal(t, "(299)", e.show(call("LAST", u)))
	assert.Equal(t, "400", e.show(call("LIST-LENGTH", u)))
	assert.Equal(t, "(249 248 247)", head(call("INTERSECTION", rng(0, 300), rng(50, 250)), 3))
	assert.Equal(t, "(299 298 297)", head(call("SET-EXCLUSIVE-OR", rng(0, 300), rng(50, 250)), 3))
}

func TestConsSetfFunctions(t *testing.T) {
	e := newLtEnv()
	l := e.read("(1 (2 3) 4 5)")
	set := func(name string, args ...rt.Value) rt.Value {
		return e.img.CLSym(name).Setf.Call(e.th, args)
	}
	set("CADADR", e.read("c"), l)
	set("CAR", e.read("a"), l)
	set("CAADR", e.read("b"), l)
	set("THIRD", e.read("d"), l)
	set("NTH", e.read("e"), rt.MakeInt(3), l)
	assert.Equal(t, "(A (B C) D E)", e.show(l))
	set("REST", rt.NIL, l)
	assert.Equal(t, "(A)", e.show(l))
	c := e.catch(func() { set("NTH", rt.T, rt.MakeInt(5), l) })
	require.NotNil(t, c)
	assert.Equal(t, "TYPE-ERROR", c.Class.Name.Name)
	c = e.catch(func() { set("CAR", rt.T, rt.NIL) })
	require.NotNil(t, c)
	assert.Equal(t, "TYPE-ERROR", c.Class.Name.Name)
}

func TestConsCircularLists(t *testing.T) {
	e := newLtEnv()
	circ := ltCircular(rt.MakeInt(1), rt.MakeInt(2), rt.MakeInt(3))
	call := func(name string, args ...rt.Value) (string, *rt.Instance) {
		var out string
		c := e.catch(func() { out = e.show(e.th.Call(e.img.CLSym(name), args...)) })
		return out, c
	}
	out, c := call("LIST-LENGTH", circ)
	require.Nil(t, c)
	assert.Equal(t, "NIL", out)
	out, c = call("NTHCDR", rt.MakeInt(1000001), circ)
	require.Nil(t, c)
	assert.True(t, strings.HasPrefix(out, "(3 1 2 3"), out)
	out, c = call("NTH", e.read("100000000000000000000"), circ)
	require.Nil(t, c)
	assert.Equal(t, "2", out) // 10^20 mod 3 = 1
	out, c = call("MEMBER", rt.MakeInt(2), circ)
	require.Nil(t, c)
	for _, f := range []struct {
		name string
		args []rt.Value
	}{
		{"LAST", []rt.Value{circ}},
		{"BUTLAST", []rt.Value{circ}},
		{"COPY-LIST", []rt.Value{circ}},
		{"APPEND", []rt.Value{circ, rt.NIL}},
		{"MEMBER", []rt.Value{rt.MakeInt(9), circ}},
		{"ASSOC", []rt.Value{rt.MakeInt(9), ltCircular(rt.NIL)}},
		{"REVAPPEND", []rt.Value{circ, rt.NIL}},
		{"LDIFF", []rt.Value{circ, rt.NIL}},
		{"TAILP", []rt.Value{rt.NIL, circ}},
		{"GETF", []rt.Value{circ, rt.MakeInt(9)}},
		{"NCONC", []rt.Value{circ, rt.NIL}},
		{"SUBST", []rt.Value{rt.MakeInt(0), rt.MakeInt(9), circ}},
		{"COPY-TREE", []rt.Value{circ}},
		{"UNION", []rt.Value{circ, rt.NIL}},
		{"LENGTH", []rt.Value{circ}},
		{"LENGTH", []rt.Value{ltCircular(rt.NIL)}},
		{"REVERSE", []rt.Value{circ}},
	} {
		_, c := call(f.name, f.args...)
		require.NotNil(t, c, f.name)
		assert.Equal(t, "SIMPLE-TYPE-ERROR", c.Class.Name.Name, f.name)
	}
	// A circular list next to a finite one is fine for mapping.
	out, c = call("MAPCAR", e.th.Resolve(e.img.CLSym("CONS")), e.read("(a b c d)"), ltCircular(rt.MakeInt(0), rt.MakeInt(1)))
	require.Nil(t, c)
	assert.Equal(t, "((A . 0) (B . 1) (C . 0) (D . 1))", out)
}

func TestConsDeepNesting(t *testing.T) {
	e := newLtEnv()
	// A deep car chain: copy-tree and subst must signal STORAGE-CONDITION.
	var deep rt.Value = rt.NIL
	for i := 0; i < 1_000_000; i++ {
		deep = rt.NewCons(deep, rt.NIL)
	}
	for _, name := range []string{"COPY-TREE", "SUBST", "TREE-EQUAL"} {
		var args []rt.Value
		switch name {
		case "COPY-TREE":
			args = []rt.Value{deep}
		case "SUBST":
			args = []rt.Value{rt.T, rt.MakeInt(1), deep}
		default:
			args = []rt.Value{deep, deep}
		}
		c := e.catch(func() { e.th.Call(e.img.CLSym(name), args...) })
		if name == "TREE-EQUAL" {
			assert.Nil(t, c) // eq trees compare at once
			continue
		}
		require.NotNil(t, c, name)
		assert.Equal(t, "SIMPLE-STORAGE-CONDITION", c.Class.Name.Name, name)
	}
	// Long flat lists are not nested.
	long := make([]rt.Value, 200_000)
	for i := range long {
		long[i] = rt.MakeInt(int64(i))
	}
	l := rt.List(long...)
	c := e.catch(func() {
		r := e.th.Call(e.img.CLSym("SUBST"), rt.T, rt.MakeInt(199_999), l)
		last := e.th.Call(e.img.CLSym("LAST"), r)
		assert.Equal(t, "(T)", e.show(last))
		cp := e.th.Call(e.img.CLSym("COPY-TREE"), l)
		assert.True(t, rt.Equal(e.th, cp, l))
	})
	assert.Nil(t, c)
}
