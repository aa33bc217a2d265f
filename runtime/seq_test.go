package runtime_test

import (
	"math/rand"
	"testing"

	rt "github.com/golem-lisp/golem/runtime"
	"github.com/stretchr/testify/require"
)

// Expectations below were produced by SBCL 2.x (LT, ODD, INC, PLUS, LST,
// FIRST1 are test stand-ins for <, ODDP, 1+, +, LIST and CAR).

func TestSequenceBasics(t *testing.T) {
	runCases(t, []callCase{
		{"LENGTH", `((1 2 3))`, "3"},
		{"LENGTH", `("")`, "0"},
		{"LENGTH", `((1 2 . 3))`, "!TYPE-ERROR"},
		{"LENGTH", `(5)`, "!TYPE-ERROR"},
		{"ELT", `("abc" 1)`, `#\b`},
		{"ELT", `((1 2) 5)`, "!SIMPLE-TYPE-ERROR"},
		{"ELT", `(#(1 2) 5)`, "!SIMPLE-TYPE-ERROR"},
		{"ELT", `((1 2 3) -1)`, "!TYPE-ERROR"},
		{"ELT", `((1 2 . 3) 2)`, "!TYPE-ERROR"},
		{"ELT", `(5 0)`, "!TYPE-ERROR"},
		{"SUBSEQ", `((1 2 3) 1 2)`, "(2)"},
		{"SUBSEQ", `(#*10110 1 3)`, "#*01"},
		{"SUBSEQ", `("abc" 1)`, `"bc"`},
		{"SUBSEQ", `("abc" 2 5)`, "!SIMPLE-TYPE-ERROR"},
		{"SUBSEQ", `((1 2 3) 2 5)`, "!SIMPLE-TYPE-ERROR"},
		{"SUBSEQ", `((1 2 3) 4)`, "!SIMPLE-TYPE-ERROR"},
		{"SUBSEQ", `("abc" 2 1)`, "!SIMPLE-TYPE-ERROR"},
		{"SUBSEQ", `("abc" -1)`, "!TYPE-ERROR"},
		{"COPY-SEQ", `((1 2 . 3))`, "!TYPE-ERROR"},
		{"COPY-SEQ", `(#(1 2))`, "#(1 2)"},
		{"REVERSE", `("abc")`, `"cba"`},
		{"REVERSE", `((1 2 3))`, "(3 2 1)"},
		{"NREVERSE", `(#(1 2 3))`, "#(3 2 1)"},
		{"NREVERSE", `((1 2 3))`, "(3 2 1)"},
		{"CONCATENATE", `(STRING "ab" (#\c) #(#\d))`, `"abcd"`},
		{"CONCATENATE", `(LIST "ab" #(1 2) (3))`, `(#\a #\b 1 2 3)`},
		{"CONCATENATE", `((VECTOR T 3) (1) (2 3))`, "#(1 2 3)"},
		{"CONCATENATE", `((VECTOR T 3) (1) (2))`, "!SIMPLE-TYPE-ERROR"},
		{"CONCATENATE", `(SIMPLE-VECTOR (1) (2))`, "#(1 2)"},
		{"CONCATENATE", `(BIT-VECTOR (1) #(0 1))`, "#*101"},
		{"CONCATENATE", `(STRING "a" (1))`, "!TYPE-ERROR"},
		{"CONCATENATE", `(FOO "a")`, "!SIMPLE-TYPE-ERROR"},
		{"CONCATENATE", `(VECTOR)`, "#()"},
		{"CONCATENATE", `(CONS)`, "!SIMPLE-TYPE-ERROR"},
		{"CONCATENATE", `(NULL)`, "NIL"},
		{"CONCATENATE", `((STRING 3) "ab" "c")`, `"abc"`},
		{"CONCATENATE", `((ARRAY T (2)) (1 2))`, "#(1 2)"},
		{"MAKE-SEQUENCE", `(LIST 3 :INITIAL-ELEMENT A)`, "(A A A)"},
		{"MAKE-SEQUENCE", `(STRING 3 :INITIAL-ELEMENT #\a)`, `"aaa"`},
		{"MAKE-SEQUENCE", `((VECTOR T 3) 2)`, "!SIMPLE-TYPE-ERROR"},
		{"MAKE-SEQUENCE", `(BIT-VECTOR 3)`, "#*000"},
		{"MAKE-SEQUENCE", `(VECTOR 3)`, "#(0 0 0)"},
		{"MAKE-SEQUENCE", `(SIMPLE-VECTOR 2 :INITIAL-ELEMENT 1)`, "#(1 1)"},
		{"MAKE-SEQUENCE", `(CONS 0)`, "!SIMPLE-TYPE-ERROR"},
		{"MAKE-SEQUENCE", `(INTEGER 1)`, "!SIMPLE-TYPE-ERROR"},
	})
}

func TestSequenceSearching(t *testing.T) {
	runCases(t, []callCase{
		{"FIND", `(3 (1 2 3) :TEST LT)`, "NIL"},
		{"FIND", `(3 (1 2 3 4) :TEST LT)`, "4"},
		{"FIND", `(A (A B) :START 4)`, "NIL"},
		{"FIND", `(#\a "abc" :START 4)`, "!SIMPLE-TYPE-ERROR"},
		{"FIND", `(5 (0 1 . 2))`, "!TYPE-ERROR"},
		{"FIND", `(1 (1 2) :TEST EQL :TEST-NOT EQL)`, "!SIMPLE-ERROR"},
		{"FIND-IF", `(5 (1))`, "!TYPE-ERROR"},
		{"FIND-IF", `(ODD (2 3 4 5) :FROM-END T)`, "5"},
		{"FIND-IF-NOT", `(ODD (1 3 4 5))`, "4"},
		{"FIND", `(#\B "abc" :TEST CHAR-EQUAL)`, `#\b`},
		{"FIND", `(2 ((1 a) (2 b)) :KEY FIRST1)`, "(2 B)"},
		{"POSITION", `(#\a "banana" :FROM-END T)`, "5"},
		{"POSITION", `(A (B A) :END 3)`, "1"},
		{"POSITION", `(1 (0 1 . 2))`, "!TYPE-ERROR"},
		{"POSITION-IF", `(ODD (2 4 5 7) :FROM-END T)`, "3"},
		{"POSITION", `(#\a "banana" :START 2 :END 3)`, "NIL"},
		{"POSITION", `(#\a "banana" :START 2 :END 4)`, "3"},
		{"COUNT", `(#\a "banana" :START 2)`, "2"},
		{"COUNT-IF", `(ODD #(1 2 3) :KEY INC)`, "1"},
		{"COUNT-IF-NOT", `(ODD (1 2 3 4))`, "2"},
		{"SEARCH", `("bc" "abcbc")`, "1"},
		{"SEARCH", `("bc" "abcbc" :FROM-END T)`, "3"},
		{"SEARCH", `("" "abc")`, "0"},
		{"SEARCH", `("" "abc" :FROM-END T)`, "3"},
		{"SEARCH", `((1 2) #(0 1 2 3) :START2 2)`, "NIL"},
		{"SEARCH", `((1 2) #(0 1 2 3))`, "1"},
		{"SEARCH", `("BC" "abcbc" :TEST CHAR-EQUAL :START1 0 :END1 1)`, "1"},
		{"MISMATCH", `("abc" "abd")`, "2"},
		{"MISMATCH", `("abc" "abc")`, "NIL"},
		{"MISMATCH", `("abc" "ab")`, "2"},
		{"MISMATCH", `("abc" "xbc" :FROM-END T)`, "1"},
		{"MISMATCH", `("abc" "bc" :FROM-END T)`, "1"},
		{"MISMATCH", `("abc" "abc" :FROM-END T)`, "NIL"},
		{"MISMATCH", `((1 2 3) (1 2 4) :START1 1 :START2 1)`, "2"},
		{"EVERY", `(LT (1 2) (2 3 0))`, "T"},
		{"SOME", `(AND2 (1 5) #(2 3))`, "(5 3)"},
		{"NOTANY", `(ODD (2 4))`, "T"},
		{"NOTEVERY", `(ODD (1 2))`, "T"},
		{"EVERY", `(ODD)`, "!SIMPLE-PROGRAM-ERROR"},
	})
}

func TestSequenceModification(t *testing.T) {
	runCases(t, []callCase{
		{"REMOVE", `(1 (1 2 1 3))`, "(2 3)"},
		{"REMOVE", `(#\a "banana" :COUNT 2 :FROM-END T)`, `"bann"`},
		{"REMOVE", `(3 (1 2 3 4 3 5) :START 3)`, "(1 2 3 4 5)"},
		{"REMOVE", `(1 (1 2 3) :TEST-NOT EQL)`, "(1)"},
		{"REMOVE", `(1 "abc" :START 5)`, "!SIMPLE-TYPE-ERROR"},
		{"REMOVE-IF", `(ODD (1 2 3 4 5) :COUNT 2)`, "(2 4 5)"},
		{"REMOVE-IF", `(ODD (1 2 3 4 5) :COUNT 2 :FROM-END T)`, "(1 2 4)"},
		{"REMOVE-IF", `(ODD (1 2 3 4 5) :COUNT -1)`, "(1 2 3 4 5)"},
		{"REMOVE-IF", `(ODD (1 2 3 4 5) :COUNT A)`, "!TYPE-ERROR"},
		{"REMOVE-IF-NOT", `(ODD #(1 2 3 4 5))`, "#(1 3 5)"},
		{"REMOVE", `(1 (1 2) :BAD 3)`, "!SIMPLE-PROGRAM-ERROR"},
		{"DELETE", `(1 (1 2 1 3) :COUNT 1 :FROM-END T)`, "(1 2 3)"},
		{"DELETE", `(1 #(1 2 1 3 1))`, "#(2 3)"},
		{"DELETE-IF", `(ODD (1 3))`, "NIL"},
		{"REMOVE-DUPLICATES", `("abcabc")`, `"abc"`},
		{"REMOVE-DUPLICATES", `((1 2 1 3 2) :FROM-END T)`, "(1 2 3)"},
		{"REMOVE-DUPLICATES", `(((A 1) (B 2) (A 3)) :KEY FIRST1)`, "((B 2) (A 3))"},
		{"REMOVE-DUPLICATES", `(((A 1) (B 2) (A 3)) :KEY FIRST1 :FROM-END T)`, "((A 1) (B 2))"},
		{"REMOVE-DUPLICATES", `(("a" "b" "a") :TEST EQUAL)`, `("b" "a")`},
		{"REMOVE-DUPLICATES", `((1 2 3 4 5) :TEST LT)`, "(5)"},
		{"REMOVE-DUPLICATES", `((1 2 3 4 5) :TEST LT :FROM-END T)`, "(1)"},
		{"REMOVE-DUPLICATES", `((1.0 1 1.0d0 1.0))`, "(1 1.0d0 1.0)"},
		{"DELETE-DUPLICATES", `((1 2 1 3 2))`, "(1 3 2)"},
		{"SUBSTITUTE", `(1 #\a "abc")`, "!TYPE-ERROR"},
		{"SUBSTITUTE", `(#\x #\a "abca" :COUNT 1 :FROM-END T)`, `"abcx"`},
		{"SUBSTITUTE-IF-NOT", `(0 ODD (1 2 3 4))`, "(1 0 3 0)"},
		{"NSUBSTITUTE", `(X 1 (1 2 1 3) :COUNT 1)`, "(X 2 1 3)"},
		{"NSUBSTITUTE-IF", `(X ODD #(1 2 3))`, "#(X 2 X)"},
		{"FILL", `((1 2 3) 0 :START 1)`, "(1 0 0)"},
		{"FILL", `("abc" 1)`, "!TYPE-ERROR"},
		{"FILL", `(#*000 1 :END 2)`, "#*110"},
		{"REPLACE", `("abcdef" "xyz" :START1 1)`, `"axyzef"`},
		{"REPLACE", `((1 2 3 4 5) (A B C) :START1 3)`, "(1 2 3 A B)"},
		{"REDUCE", `(PLUS ())`, "0"},
		{"REDUCE", `(PLUS (1))`, "1"},
		{"REDUCE", `(LST (1 2 3 4))`, "(((1 2) 3) 4)"},
		{"REDUCE", `(LST (1 2 3 4) :FROM-END T)`, "(1 (2 (3 4)))"},
		{"REDUCE", `(LST (1 2 3 4) :INITIAL-VALUE 0 :FROM-END T)`, "(1 (2 (3 (4 0))))"},
		{"REDUCE", `(LST (1 2 3 4) :START 1 :END 3 :KEY INC)`, "(3 4)"},
		{"REDUCE", `(LST () :INITIAL-VALUE 5)`, "5"},
		{"REDUCE", `(LST (1) :INITIAL-VALUE 5 :KEY INC)`, "(5 2)"},
		{"REDUCE", `(LST (1) :KEY INC)`, "2"},
		{"MAP", `(STRING CHAR-UPCASE "abc")`, `"ABC"`},
		{"MAP", `(LIST PLUS (1 2 3) #(10 20))`, "(11 22)"},
		{"MAP", `(NIL PLUS ())`, "NIL"},
		{"MAP", `(VECTOR IDENTITY "ab")`, `#(#\a #\b)`},
		{"MAP", `((VECTOR T 2) IDENTITY "abc")`, "!SIMPLE-TYPE-ERROR"},
		{"MAP-INTO", `((1 2 3) PLUS (10 20))`, "(10 20 3)"},
		{"MERGE", `(LIST (1 3 5) (2 4 6) LT)`, "(1 2 3 4 5 6)"},
		{"MERGE", `(VECTOR (1 3 5) #(2 4 6) LT)`, "#(1 2 3 4 5 6)"},
		{"MERGE", `(LIST ((1 A) (2 A)) ((1 B) (2 B)) LT :KEY FIRST1)`, "((1 A) (1 B) (2 A) (2 B))"},
		{"MERGE", `(STRING "ace" "bd" CHAR<)`, `"abcde"`},
		{"SORT", `((3 1 2) LT)`, "(1 2 3)"},
		{"SORT", `("hello" CHAR<)`, `"ehllo"`},
		{"SORT", `(#(3 1 2) LT :KEY NEG)`, "#(3 2 1)"},
		{"SORT", `(5 LT)`, "!TYPE-ERROR"},
		{"STABLE-SORT", `(((1 A) (0 B) (1 C) (0 D)) LT :KEY FIRST1)`, "((0 B) (0 D) (1 A) (1 C))"},
	})
}

func TestCoerce(t *testing.T) {
	runCases(t, []callCase{
		{"COERCE", `((1 2) VECTOR)`, "#(1 2)"},
		{"COERCE", `("abc" LIST)`, `(#\a #\b #\c)`},
		{"COERCE", `((#\a #\b) STRING)`, `"ab"`},
		{"COERCE", `(#(1 0) BIT-VECTOR)`, "#*10"},
		{"COERCE", `(1 FLOAT)`, "1.0"},
		{"COERCE", `(1 SINGLE-FLOAT)`, "1.0"},
		{"COERCE", `(1.5d0 SINGLE-FLOAT)`, "1.5"},
		{"COERCE", `(1.5 DOUBLE-FLOAT)`, "1.5d0"},
		{"COERCE", `(1.0d0 FLOAT)`, "1.0d0"},
		{"COERCE", `(1 COMPLEX)`, "1"},
		{"COERCE", `(1.5 COMPLEX)`, "#C(1.5 0.0)"},
		{"COERCE", `(1 (COMPLEX DOUBLE-FLOAT))`, "#C(1.0d0 0.0d0)"},
		{"COERCE", `("a" CHARACTER)`, `#\a`},
		{"COERCE", `(A CHARACTER)`, `#\A`},
		{"COERCE", `(65 CHARACTER)`, "!SIMPLE-TYPE-ERROR"},
		{"COERCE", `(1.5 INTEGER)`, "!SIMPLE-TYPE-ERROR"},
		{"COERCE", `(1 INTEGER)`, "1"},
		{"COERCE", `((1 2) (VECTOR T 3))`, "!SIMPLE-TYPE-ERROR"},
		{"COERCE", `((1 2) T)`, "(1 2)"},
		{"COERCE", `(NIL VECTOR)`, "#()"},
		{"COERCE", `(X LIST)`, "!SIMPLE-TYPE-ERROR"},
		{"COERCE", `(NOSUCHFN FUNCTION)`, "!UNDEFINED-FUNCTION"},
		{"COERCE", `(LENGTH FUNCTION)`, "#<FUNCTION>"},
	})
}

func TestSetfSequenceFunctions(t *testing.T) {
	e := newLispEnv()
	l := e.read(`(1 2 3)`)
	e.th.Call(e.img.CLSym("ELT").Setf, rt.NewSymbol("X"), l, rt.MakeInt(1))
	require.Equal(t, "(1 X 3)", e.show(l))
	s := e.read(`"abcdef"`)
	e.th.Call(e.img.CLSym("SUBSEQ").Setf, e.read(`"XYZ"`), s, rt.MakeInt(1), rt.MakeInt(3))
	require.Equal(t, `"aXYdef"`, e.show(s))
	l2 := e.read(`(1 2 3)`)
	e.th.Call(e.img.CLSym("SUBSEQ").Setf, e.read(`(A B C D)`), l2, rt.MakeInt(1))
	require.Equal(t, "(1 A B)", e.show(l2))
	// REPLACE within one vector copies as if through a temporary.
	v := e.read(`#(1 2 3 4 5)`)
	e.th.Call(e.img.CLSym("REPLACE"), v, v, e.img.Kw("START1"), rt.MakeInt(1))
	require.Equal(t, "#(1 1 2 3 4)", e.show(v))
	// Fill pointers bound the active elements.
	fv := e.th.Call(e.img.CLSym("MAKE-ARRAY"), rt.MakeInt(5), e.img.Kw("FILL-POINTER"), rt.MakeInt(3),
		e.img.Kw("INITIAL-CONTENTS"), e.read(`(1 2 3 4 5)`))
	require.Equal(t, "#(3 2 1)", e.show(e.th.Call(e.img.CLSym("REVERSE"), fv)))
	e.th.Call(e.img.CLSym("NREVERSE"), fv)
	require.Equal(t, "4", e.show(e.th.Call(e.img.CLSym("AREF"), fv, rt.MakeInt(3))))
	require.Equal(t, "#(2 1)", e.show(e.th.Call(e.img.CLSym("SUBSEQ"), fv, rt.MakeInt(1))))
	require.Equal(t, "!SIMPLE-TYPE-ERROR", e.callValues(e.img.CLSym("ELT"), []rt.Value{fv, rt.MakeInt(3)}))
	// DELETE on a vector with a fill pointer works in place.
	dv := e.th.Call(e.img.CLSym("MAKE-ARRAY"), rt.MakeInt(5), e.img.Kw("FILL-POINTER"), rt.MakeInt(5),
		e.img.Kw("INITIAL-CONTENTS"), e.read(`(1 2 1 3 1)`))
	r := e.th.Call(e.img.CLSym("DELETE"), rt.MakeInt(1), dv)
	require.Same(t, dv, r)
	require.Equal(t, "#(2 3)", e.show(dv))
	// MAP-INTO sets the fill pointer.
	mv := e.th.Call(e.img.CLSym("MAKE-ARRAY"), rt.MakeInt(3), e.img.Kw("FILL-POINTER"), rt.MakeInt(1))
	e.th.Call(e.img.CLSym("MAP-INTO"), mv, e.img.CLSym("IDENTITY"), e.read(`(A B C D)`))
	require.Equal(t, "#(A B C)", e.show(mv))
	// COMPLEMENT and CONSTANTLY build functions.
	odd, _ := e.img.CLUser.FindSymbol("ODD")
	notOdd := e.th.Call(e.img.CLSym("COMPLEMENT"), odd)
	require.Equal(t, rt.T, e.th.Call(notOdd, rt.MakeInt(2)))
	k := e.th.Call(e.img.CLSym("CONSTANTLY"), rt.MakeInt(5))
	require.Equal(t, rt.MakeInt(5), e.th.Call(k, rt.MakeInt(1), rt.MakeInt(2)))
}

func TestBoundingIndexError(t *testing.T) {
	e := newLispEnv()
	c := e.condition(func() { e.th.Call(e.img.CLSym("SUBSEQ"), e.read(`"abc"`), rt.MakeInt(2), rt.MakeInt(5)) })
	require.NotNil(t, c)
	require.True(t, e.th.TypeP(c, e.img.CLSym("TYPE-ERROR")))
	c = e.condition(func() { e.th.Call(e.img.CLSym("AREF"), e.read(`#(1 2 3)`), rt.MakeInt(5)) })
	require.True(t, e.th.TypeP(c, e.img.CLSym("TYPE-ERROR")))
}

// lispInts makes a list of fixnums.
func lispInts(xs []int) rt.Value {
	var b rt.ListBuilder
	for _, x := range xs {
		b.Add(rt.MakeInt(int64(x)))
	}
	return b.List()
}

func TestSortLarge(t *testing.T) {
	e := newLispEnv()
	lt, _ := e.img.CLUser.FindSymbol("LT")
	rng := rand.New(rand.NewSource(1))
	const n = 100000
	xs := make([]int, n)
	for i := range xs {
		xs[i] = rng.Intn(1000000)
	}
	for _, name := range []string{"SORT", "STABLE-SORT"} {
		out := e.th.Call(e.img.CLSym(name), lispInts(xs), lt)
		vals := rt.ListToSlice(out)
		require.Len(t, vals, n)
		for i := 1; i < n; i++ {
			require.LessOrEqual(t, vals[i-1].(rt.Fixnum), vals[i].(rt.Fixnum))
		}
		items := make([]rt.Value, n)
		for i, x := range xs {
			items[i] = rt.MakeInt(int64(x))
		}
		vec := rt.NewVector(items)
		e.th.Call(e.img.CLSym(name), vec, lt)
		for i := 1; i < n; i++ {
			require.LessOrEqual(t, items[i-1].(rt.Fixnum), items[i].(rt.Fixnum))
		}
	}
}

func TestStableSortIsStable(t *testing.T) {
	e := newLispEnv()
	lt, _ := e.img.CLUser.FindSymbol("LT")
	first, _ := e.img.CLUser.FindSymbol("FIRST1")
	rng := rand.New(rand.NewSource(2))
	const n = 5000
	items := make([]rt.Value, n)
	for i := range items {
		items[i] = rt.List(rt.MakeInt(int64(rng.Intn(10))), rt.MakeInt(int64(i)))
	}
	out := rt.ListToSlice(e.th.Call(e.img.CLSym("STABLE-SORT"), rt.List(items...), lt, e.img.Kw("KEY"), first))
	for i := 1; i < n; i++ {
		a, b := rt.ListToSlice(out[i-1]), rt.ListToSlice(out[i])
		if a[0] == b[0] {
			require.Less(t, a[1].(rt.Fixnum), b[1].(rt.Fixnum))
		} else {
			require.Less(t, a[0].(rt.Fixnum), b[0].(rt.Fixnum))
		}
	}
}

func BenchmarkSortVector(b *testing.B) {
	e := newLispEnv()
	lt, _ := e.img.CLUser.FindSymbol("LT")
	rng := rand.New(rand.NewSource(3))
	src := make([]rt.Value, 10000)
	for i := range src {
		src[i] = rt.MakeInt(int64(rng.Intn(1 << 20)))
	}
	items := make([]rt.Value, len(src))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		copy(items, src)
		e.th.Call(e.img.CLSym("SORT"), rt.NewVector(items), lt)
	}
}

func BenchmarkRemoveDuplicates(b *testing.B) {
	e := newLispEnv()
	xs := make([]int, 10000)
	for i := range xs {
		xs[i] = i % 500
	}
	l := lispInts(xs)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e.th.Call(e.img.CLSym("REMOVE-DUPLICATES"), l)
	}
}
