package runtime_test

import (
	"testing"

	rt "github.com/golem-lisp/golem/runtime"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestListRemove covers REMOVE and DELETE of lists from the front (one walk,
// lstRemove): bounds, :count, keys and tests, and the errors of a bad list
// or bad bounds, which come before any call of the predicate.
func TestListRemove(t *testing.T) {
	runCases(t, []callCase{
		{"DELETE-IF", `(ODD (1 2 3 4 5 6 7) :COUNT 2)`, "(2 4 5 6 7)"},
		{"DELETE-IF", `(ODD (1 2 3 4 5 6 7) :START 1 :END 5)`, "(1 2 4 6 7)"},
		{"DELETE-IF", `(ODD (1 2 3 4 5 6 7) :START 3 :COUNT 1)`, "(1 2 3 4 6 7)"},
		{"DELETE-IF", `(ODD (1 3 5) :COUNT 0)`, "(1 3 5)"},
		{"DELETE-IF", `(ODD (1 3 5) :COUNT NIL)`, "NIL"},
		{"DELETE-IF", `(ODD (2 4))`, "(2 4)"},
		{"DELETE-IF-NOT", `(ODD (1 2 3 4))`, "(1 3)"},
		{"DELETE-IF", `(ODD (1 2 3) :KEY INC)`, "(1 3)"},
		{"DELETE", `(1 (1 1 2 1))`, "(2)"},
		{"DELETE", `(2 (1 2 3 4) :TEST LT)`, "(1 2)"},
		{"DELETE", `(2 (1 2 3 4) :TEST-NOT LT)`, "(3 4)"},
		{"DELETE", `(1 (1 2) :END 3)`, "!SIMPLE-TYPE-ERROR"},
		{"DELETE", `(1 (1 2) :START 3)`, "!SIMPLE-TYPE-ERROR"},
		{"DELETE", `(1 (1 2 . 3))`, "!TYPE-ERROR"},
		{"DELETE-IF", `(ODD (1 2) :COUNT A)`, "!TYPE-ERROR"},
		{"REMOVE-IF", `(ODD (1 2 3 4 5 6 7) :START 1 :END 5)`, "(1 2 4 6 7)"},
		{"REMOVE-IF", `(ODD (1 2 3 4 5) :START 1 :COUNT 1)`, "(1 2 4 5)"},
		{"REMOVE-IF", `(ODD (1))`, "NIL"},
		{"REMOVE", `(A (A B A) :START 1)`, "(A B)"},
		{"REMOVE", `(1 (1 2 . 3))`, "!TYPE-ERROR"},
	})
}

// TestListRemoveSharing checks that DELETE splices the list's own conses
// while REMOVE leaves its argument alone, that the predicate stops being
// called once :count elements matched, and that a circular list is an error
// before the predicate runs.
func TestListRemoveSharing(t *testing.T) {
	e := newLispEnv()
	odd, _ := e.img.CLUser.FindSymbol("ODD")
	l := e.read(`(1 2 3 4 5)`)
	second := l.(*rt.Cons).Cdr.(*rt.Cons)
	r := e.th.Call(e.img.CLSym("REMOVE-IF"), odd, l)
	assert.Equal(t, "(2 4)", e.show(r))
	assert.Equal(t, "(1 2 3 4 5)", e.show(l))
	r = e.th.Call(e.img.CLSym("DELETE-IF"), odd, l)
	require.Same(t, second, r)
	assert.Equal(t, "(2 4)", e.show(r))

	calls := 0
	e.defFn("ODDC", func(a []rt.Value) rt.Value { calls++; return rt.Bool(int64(a[0].(rt.Fixnum))%2 != 0) })
	oddc, _ := e.img.CLUser.FindSymbol("ODDC")
	r = e.th.Call(e.img.CLSym("DELETE-IF"), oddc, e.read(`(1 2 3 4 5 6)`), e.img.Kw("COUNT"), rt.MakeInt(2))
	assert.Equal(t, "(2 4 5 6)", e.show(r))
	assert.Equal(t, 3, calls)

	calls = 0
	circ := ltCircular(rt.MakeInt(1), rt.MakeInt(2))
	assert.Equal(t, "!SIMPLE-TYPE-ERROR", e.callValues(e.img.CLSym("DELETE-IF"), []rt.Value{oddc, circ}))
	assert.Equal(t, "!SIMPLE-TYPE-ERROR", e.callValues(e.img.CLSym("REMOVE-IF"), []rt.Value{oddc, circ}))
	assert.Zero(t, calls)
}

// TestListReduce covers REDUCE of a list from the front (lstReduce): bounds,
// :key, :initial-value, and the order of the calls.
func TestListReduce(t *testing.T) {
	runCases(t, []callCase{
		{"REDUCE", `(LST (1 2 3 4 5) :START 1 :END 4)`, "((2 3) 4)"},
		{"REDUCE", `(LST (1 2 3 4 5) :START 4)`, "5"},
		{"REDUCE", `(LST (1 2 3) :START 3 :INITIAL-VALUE 9)`, "9"},
		{"REDUCE", `(LST (1 2 3) :START 2 :INITIAL-VALUE 9 :KEY INC)`, "(9 4)"},
		{"REDUCE", `(LST (1 2 3) :START 1 :KEY INC)`, "(3 4)"},
		{"REDUCE", `(PLUS (1 2 3) :END 4)`, "!SIMPLE-TYPE-ERROR"},
		{"REDUCE", `(PLUS (1 2 . 3))`, "!TYPE-ERROR"},
	})
}

// TestListScan covers FIND, POSITION and COUNT of a list from the front
// without :END (the elements are visited as the list is walked): :START,
// keys, the first match ending the walk, and a dotted list signalling
// before the predicate runs.
func TestListScan(t *testing.T) {
	runCases(t, []callCase{
		{"POSITION-IF", `(ODD (2 4 5 7) :START 3)`, "3"},
		{"POSITION-IF", `(ODD (2 4 5 7) :START 9)`, "NIL"},
		{"FIND-IF", `(ODD (2 4 5 7) :KEY INC)`, "2"},
		{"COUNT-IF", `(ODD (1 2 3 4 5) :START 1)`, "2"},
		{"POSITION", `(5 (2 4 5 7) :TEST LT)`, "3"},
		{"FIND-IF", `(ODD (2 4 . 5))`, "!TYPE-ERROR"},
	})
	e := newLispEnv()
	calls := 0
	e.defFn("ODDC", func(a []rt.Value) rt.Value { calls++; return rt.Bool(int64(a[0].(rt.Fixnum))%2 != 0) })
	oddc, _ := e.img.CLUser.FindSymbol("ODDC")
	assert.Equal(t, "3", e.callValues(e.img.CLSym("FIND-IF"), []rt.Value{oddc, e.read(`(2 3 4 5)`)}))
	assert.Equal(t, 2, calls)
	calls = 0
	assert.Equal(t, "!TYPE-ERROR", e.callValues(e.img.CLSym("FIND-IF"), []rt.Value{oddc, e.read(`(2 3 4 . 5)`)}))
	assert.Zero(t, calls)
}
