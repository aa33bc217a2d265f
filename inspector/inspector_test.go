package inspector_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem"
	"github.com/golem-lisp/golem/inspector"
	rt "github.com/golem-lisp/golem/runtime"
)

func TestInspectText(t *testing.T) {
	in := golem.New(golem.Options{})
	cases := []struct{ name, code, want string }{
		{"a list", "(inspect (list 1 :two))",
			"[stdout]\n[1] (1 :TWO)\nType: CONS\nKind: a proper list\nElements:\n  [2] 0: 1\n  [3] 1: :TWO\n(Inspect a part with its [id].)"},
		{"a circular list", "(let ((l (list 1 2))) (setf (cddr l) l) (inspect l))", "Kind: a circular list"},
		{"a string has a length and no parts", `(inspect "abc")`, "Type: (SIMPLE-ARRAY CHARACTER (3))\nLength: 3"},
		{"a symbol", "(inspect 'car)", "Package: COMMON-LISP\nParts:\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r, err := in.Eval(context.Background(), tc.code)
			require.NoError(t, err)
			assert.Contains(t, r.Text(), tc.want)
		})
	}
}

func TestTableIsBoundedAndStable(t *testing.T) {
	in := golem.New(golem.Options{})
	require.NoError(t, in.Run(context.Background(), func(th *rt.Thread) {
		first := rt.List(rt.MakeInt(1))
		id := inspector.Inspect(th, first).ID()
		assert.Equal(t, id, inspector.Inspect(th, first).ID(), "an object keeps its id")
		for i := 0; i < inspector.MaxObjects+10; i++ {
			inspector.Inspect(th, rt.NewString(strings.Repeat("x", i%5)))
		}
		_, held := inspector.Lookup(th.Img, id)
		assert.False(t, held, "the oldest ids are forgotten")
		again := inspector.Inspect(th, first).ID()
		assert.Greater(t, again, id, "a forgotten object gets a new id, never an old one")
		got, held := inspector.Lookup(th.Img, again)
		assert.True(t, held)
		assert.Same(t, first, got)
	}))
}

func TestInspectClassesAndGenerics(t *testing.T) {
	in := golem.New(golem.Options{})
	_, err := in.Eval(context.Background(), `(defclass shape () ((name :initarg :name)))
(defgeneric area (s)) (defmethod area ((s shape)) 0) (defmethod area ((s integer)) s)`)
	require.NoError(t, err)
	r, err := in.Eval(context.Background(), "(inspect #'area)")
	require.NoError(t, err)
	assert.Contains(t, r.Text(), "Methods:\n")
	assert.Regexp(t, `\] 0: #<STANDARD-METHOD`, r.Text())
	assert.Regexp(t, `\] 1: #<STANDARD-METHOD`, r.Text())
	r, err = in.Eval(context.Background(), "(inspect (find-class 'shape))")
	require.NoError(t, err)
	assert.Contains(t, r.Text(), "Name: COMMON-LISP-USER::SHAPE\nParts:\n")
	assert.Regexp(t, `\] direct superclasses: \(#<STANDARD-CLASS COMMON-LISP:STANDARD-OBJECT>\)`, r.Text())
}

func TestInspectShowsAtMostMaxParts(t *testing.T) {
	in := golem.New(golem.Options{})
	for _, code := range []string{
		"(inspect (make-array 100000 :initial-element 0))",
		"(let ((h (make-hash-table))) (dotimes (i 100000) (setf (gethash i h) i)) (inspect h))",
		"(inspect (make-list 100000))",
	} {
		r, err := in.Eval(context.Background(), code)
		require.NoError(t, err)
		assert.Equal(t, inspector.MaxParts, strings.Count(r.Text(), "\n  ["), code)
		assert.Contains(t, r.Text(), "more not shown", code)
	}
}
