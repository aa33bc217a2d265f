package eval_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/golem-lisp/golem"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// COMPILE-FILE writes a golem compiled file that LOAD evaluates as the
// source would be, with #. read at compile time and EVAL-WHEN resolved.
func TestCompileFileAndLoad(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src.lisp")
	require.NoError(t, os.WriteFile(src, []byte(`(in-package "CL-USER")
(defmacro cf-twice (x) `+"`"+`(* 2 ,x))
(defun cf-f () (cf-twice 21))
(eval-when (:compile-toplevel) (defparameter *cf-ct* :compile-time))
(eval-when (:load-toplevel) (defparameter *cf-lt* *load-truename*))
(defun cf-g () '#.*compile-file-truename*)
(defparameter *cf-h* '#.(make-hash-table))
`), 0o644))
	in := golem.New(golem.Options{AllowRead: []string{dir}, AllowWrite: []string{dir}})
	ctx := context.Background()
	cases := []struct{ code, want string }{
		{`(mapcar (lambda (x) (if (pathnamep x) (pathname-type x) x)) (multiple-value-list (compile-file "` + src + `")))`,
			`=> ("fasl" NIL NIL)`},
		{`(list (fboundp 'cf-f) (boundp '*cf-ct*) (boundp '*cf-lt*))`, `=> (NIL T NIL)`},
		{`(load "` + filepath.Join(dir, "src.fasl") + `")`, `=> T`},
		{`(list (cf-f) (namestring (cf-g)) (pathname-type *cf-lt*) (hash-table-p *cf-h*))`,
			`=> (42 "` + src + `" "fasl" T)`},
		{`(compile-file "` + filepath.Join(dir, "missing.lisp") + `")`, `[ERROR] FILE-ERROR`},
		// The sandbox holds for the output file too.
		{`(compile-file "` + src + `" :output-file "/etc/golem-test.fasl")`, `[ERROR] FILE-ERROR`},
	}
	for _, c := range cases {
		got, _ := in.EvalResponse(ctx, c.code)
		assert.True(t, strings.HasPrefix(got, c.want), "%s\n got: %s", c.code, got)
	}
	fasl, err := os.ReadFile(filepath.Join(dir, "src.fasl"))
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(fasl), ";;; golem fasl 1\n"))
	assert.NotContains(t, string(fasl), "COMPILE-TOPLEVEL", "EVAL-WHENs are resolved at compile time")
}

// Literal instances in a compiled file are rebuilt by their MAKE-LOAD-FORM
// forms: each object's creation form before the forms that use it, its
// initialization form as soon as the objects it refers to exist.
func TestCompileFileMakeLoadForm(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "mlf.lisp")
	require.NoError(t, os.WriteFile(src, []byte(`(eval-when (:compile-toplevel)
  (defparameter *ma* (make-instance 'mlf-obj :name 'a))
  (defparameter *mb* (make-instance 'mlf-obj :name 'b))
  (setf (mlf-dep *mb*) *ma*))
(defparameter *b* '#.*mb*)
(defparameter *a* '#.*ma*)
`), 0o644))
	in := golem.New(golem.Options{AllowRead: []string{dir}, AllowWrite: []string{dir}})
	ctx := context.Background()
	setup := `(defclass mlf-obj () ((name :initarg :name :reader mlf-name) (dep :initform nil :accessor mlf-dep)))
(defvar *order* nil)
(defmethod make-load-form ((x mlf-obj) &optional env)
  (declare (ignore env))
  (values ` + "`" + `(progn (push (list :create ',(mlf-name x)) *order*) (make-instance ',(class-of x) :name ',(mlf-name x)))
          ` + "`" + `(progn (push (list :init ',(mlf-name x)) *order*) (setf (mlf-dep ',x) ',(mlf-dep x)))))`
	got, isErr := in.EvalResponse(ctx, setup)
	require.False(t, isErr, got)
	got, _ = in.EvalResponse(ctx, `(load (compile-file "`+src+`"))
(list (reverse *order*) (eq (mlf-dep *b*) *a*) (mlf-dep *a*))`)
	assert.Equal(t, "=> (((:CREATE B) (:CREATE A) (:INIT A) (:INIT B)) T NIL)", strings.TrimPrefix(got, "=> T\n"))
}
