package golem_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem"
)

// TestLazyPrelude checks that a prelude definition compiled on first use
// behaves as one compiled when the interpreter was made, whatever the
// program changed before that first use.
func TestLazyPrelude(t *testing.T) {
	cases := []struct{ name, code, want string }{
		{"first use under a :PRESERVE readtable",
			"(setf (readtable-case *readtable*) :preserve) (COND (NIL 1) (T 2))", "=> 2"},
		{"first use in a package that uses nothing",
			"(make-package :empty :use nil) (in-package :empty) (cl:when cl:t 5)", "=> 5"},
		{"a handler of the program sees no warning of the prelude's compilation",
			"(let ((n 0)) (handler-bind ((warning (lambda (c) c (incf n)))) (eval '(with-input-from-string (s \"x\") (read s)))) n)",
			"=> 0"},
		{"DEFMETHOD on a generic function the prelude defines",
			"(defclass pt () ()) (defmethod make-load-form ((p pt) &optional env) (declare (ignore env)) ''made) (make-load-form (make-instance 'pt))",
			"=> 'MADE"},
		{"a setf function of the prelude",
			"(defun cm (x) x) (setf (compiler-macro-function 'cm) nil)", "=> NIL"},
		{"a keyword only the prelude mentions exists", "(find-symbol \"TEST\" :keyword)", "=> :TEST\n=> :EXTERNAL"},
		{"TRACE of a prelude function before its first use",
			"(trace compile-file-pathname) (let ((*trace-output* (make-broadcast-stream))) (stringp (pathname-type (compile-file-pathname \"x.lisp\"))))",
			"=> T"},
		{"a function object taken before the first use",
			"(let ((f #'compile-file-pathname)) (list (stringp (pathname-type (funcall f \"x.lisp\"))) (stringp (pathname-type (funcall f \"y.lisp\")))))",
			"=> (T T)"},
		{"a redefinition before first use wins",
			"(defun golem::%lazy-probe () 1) (unless nil (golem::%lazy-probe))", "=> 1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, isErr := evalText(t, golem.New(golem.Options{}), c.code)
			assert.False(t, isErr, got)
			assert.Equal(t, c.want, got)
		})
	}
}

// TestLazyPreludeDescribe checks that DESCRIBE tells the same of a prelude
// macro before and after its first use (it asks the macro for its lambda
// list, which the stub loads to answer).
func TestLazyPreludeDescribe(t *testing.T) {
	const code = "(with-output-to-string (*standard-output*) (describe 'ignore-errors))"
	before, isErr := evalText(t, golem.New(golem.Options{}), code)
	require.False(t, isErr, before)
	after, isErr := evalText(t, golem.New(golem.Options{}), "(ignore-errors) "+code)
	require.False(t, isErr, after)
	assert.Equal(t, after, before)
	assert.Contains(t, before, "&BODY")
}

// TestInterpretersShareNoPrelude runs interpreters on goroutines of their
// own (run it under -race): each redefines prelude macros and functions
// while the others compile theirs on first use, and each sees only its own.
func TestInterpretersShareNoPrelude(t *testing.T) {
	const n = 4
	var wg sync.WaitGroup
	results := make([]string, n)
	for i := range n {
		in := golem.New(golem.Options{})
		in.Image().CL.Locked = false // the program redefines CL macros
		wg.Add(1)
		go func() {
			defer wg.Done()
			code := fmt.Sprintf(`(defmacro when (test &body body) (declare (ignore test body)) '(quote (mine %d)))
(defun golem::%%lazy-id (x) (list x %d))
(list (when nil) (unless nil 'u) (cond ((= 1 2) 'no) (t 'yes)) (golem::%%lazy-id 'id)
      (with-output-to-string (s) (princ %d s)) (let ((x 0)) (incf x %d) x))`, i, i, i, i)
			ctx, cancel := context.WithTimeout(context.Background(), 30e9)
			defer cancel()
			results[i], _ = in.EvalResponse(ctx, code)
		}()
	}
	wg.Wait()
	for i, r := range results {
		assert.Equal(t, fmt.Sprintf(`=> ((MINE %d) U YES (ID %d) "%d" %d)`, i, i, i, i), r)
	}
}
