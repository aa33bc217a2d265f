package eval_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem"
	"github.com/golem-lisp/golem/eval"
	"github.com/golem-lisp/golem/reader"
	rt "github.com/golem-lisp/golem/runtime"
)

// TestXref checks what the compiler records for each relation. Each case
// evaluates code in an interpreter that records cross-references and asks
// one question, answered with printed definition names.
func TestXref(t *testing.T) {
	const program = `
(defvar *count* 0)
(defconstant +limit+ 10)
(defmacro twice (x) ` + "`" + `(progn ,x ,x))
(defun leaf (x) (* x 2))
(defun helper (x) (leaf (+ x *count*)))
(defun caller (xs) (mapcar #'helper xs))
(defun bumper () (setq *count* (1+ *count*)) (setf *count* +limit+))
(defun binder (n) (let ((*count* n)) (helper 1)))
(defun lambda-binder (*count*) (leaf *count*))
(defun user-of-twice () (twice (leaf 1)))
(defun inner-closure () (flet ((local (y) (leaf y))) (lambda () (local 3))))
(defun (setf thing) (v x) (declare (ignore x)) v)
(defun setf-user (x) (setf (thing x) 3))
(defgeneric area (shape))
(defmethod area ((s integer)) (leaf s))
`
	cases := []struct {
		name   string
		kind   eval.XrefKind
		target string
		want   []string
	}{
		{"who calls a function", eval.XrefCalls, "LEAF",
			[]string{"(METHOD AREA (INTEGER))", "HELPER", "INNER-CLOSURE",
				"LAMBDA-BINDER", "USER-OF-TWICE"}},
		{"#'name counts as a call", eval.XrefCalls, "HELPER",
			[]string{"BINDER", "CALLER"}},
		{"a (setf name) function", eval.XrefCalls, "(SETF THING)", []string{"SETF-USER"}},
		{"who references a special variable", eval.XrefReferences, "*COUNT*",
			[]string{"BUMPER", "HELPER", "LAMBDA-BINDER"}},
		{"who references a constant", eval.XrefReferences, "+LIMIT+", []string{"BUMPER"}},
		{"who sets", eval.XrefSets, "*COUNT*", []string{"BUMPER"}},
		{"who binds (LET and a lambda list)", eval.XrefBinds, "*COUNT*",
			[]string{"BINDER", "LAMBDA-BINDER"}},
		{"who macroexpands", eval.XrefMacroexpands, "TWICE", []string{"USER-OF-TWICE"}},
		{"nobody", eval.XrefCalls, "CALLER", nil},
	}
	in := golem.New(golem.Options{})
	x := eval.EnableXref(in.Image())
	_, err := in.Eval(context.Background(), program)
	require.NoError(t, err)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, printedNames(t, in, x.Who(in.Image(), tc.kind, readName(t, in, tc.target))))
		})
	}

	t.Run("list callees", func(t *testing.T) {
		got, ok := x.Targets(in.Image(), eval.XrefCalls, readName(t, in, "HELPER"))
		require.True(t, ok)
		assert.Equal(t, []string{"+", "LEAF"}, printedNames(t, in, got))
	})
	t.Run("a redefinition replaces what was recorded", func(t *testing.T) {
		_, err := in.Eval(context.Background(), "(defun helper (x) (caller x))")
		require.NoError(t, err)
		got, _ := x.Targets(in.Image(), eval.XrefCalls, readName(t, in, "HELPER"))
		assert.Equal(t, []string{"CALLER"}, printedNames(t, in, got))
		assert.NotContains(t, printedNames(t, in, x.Who(in.Image(), eval.XrefCalls, readName(t, in, "LEAF"))),
			"HELPER")
		assert.Empty(t, x.Who(in.Image(), eval.XrefReferences, readName(t, in, "HELPER")))
	})
	t.Run("a definition that fails to compile does not take the forms after it", func(t *testing.T) {
		// The whole form is compiled before it runs (and fails at BROKEN).
		_, err := in.Eval(context.Background(), "(progn (defun broken (&key &key)) (defun after () (leaf 2)))")
		require.Error(t, err)
		assert.Contains(t, printedNames(t, in, x.Who(in.Image(), eval.XrefCalls, readName(t, in, "LEAF"))), "AFTER")
		_, err = in.Eval(context.Background(), "(progn (defun broken2 (&key &key)) (leaf 3))")
		require.Error(t, err)
		got, _ := x.Targets(in.Image(), eval.XrefCalls, readName(t, in, "BROKEN2"))
		assert.Empty(t, got)
	})
	t.Run("an image that does not record has no database", func(t *testing.T) {
		other := golem.New(golem.Options{})
		_, err := other.Eval(context.Background(), "(defun f () (g))")
		require.NoError(t, err)
		assert.Nil(t, eval.XrefOf(other.Image()))
	})
}

func readName(t *testing.T, in *golem.Interpreter, text string) rt.Value {
	t.Helper()
	var v rt.Value
	require.NoError(t, in.Run(context.Background(), func(th *rt.Thread) {
		v, _ = reader.ReadFromString(th, text)
	}))
	return v
}

func printedNames(t *testing.T, in *golem.Interpreter, names []rt.Value) []string {
	t.Helper()
	var out []string
	for _, n := range names {
		out = append(out, in.Image().NameString(n))
	}
	return out
}
