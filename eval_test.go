package golem_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/golem-lisp/golem"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func evalText(t *testing.T, in *golem.Interpreter, code string) (string, bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return in.EvalResponse(ctx, code)
}

// TestEvaluatorSemantics covers the compiler's tricky corners: closures,
// local and non-local exits, special bindings and multiple values.
func TestEvaluatorSemantics(t *testing.T) {
	cases := []struct{ name, code, want string }{
		{"closures capture fresh bindings per iteration",
			`(let ((fs nil)) (dotimes (i 3) (let ((j i)) (push (lambda () j) fs))) (mapcar #'funcall fs))`, "=> (2 1 0)"},
		{"counter closure", `(let ((n 0)) (defun next-n () (incf n))) (next-n) (next-n)`, "=> 2"},
		{"closure sees later assignment", `(let* ((x 1) (f (lambda () x))) (setq x 2) (funcall f))`, "=> 2"},
		{"return-from through mapcar", `(defun find-neg (l) (mapc (lambda (x) (when (< x 0) (return-from find-neg x))) l) nil) (find-neg '(1 -2 3))`, "=> -2"},
		{"go from a closure", `(let ((n 0)) (tagbody top (incf n) (funcall (lambda () (when (< n 5) (go top))))) n)`, "=> 5"},
		{"local return in loop", `(let ((s 0)) (dolist (x '(1 2 3 4 5) s) (when (= x 4) (return s)) (incf s x)))`, "=> 6"},
		{"nested blocks", `(block a (block b (return-from a 1)) 2)`, "=> 1"},
		{"return-from with values", `(block b (return-from b (values 1 2)))`, "=> 1\n=> 2"},
		{"values through if and let", `(let ((x 1)) (if x (values x 2) 3))`, "=> 1\n=> 2"},
		{"single value from inline +", `(defun f (a) (+ a (floor 7 2))) (f 1)`, "=> 4"},
		{"no values", `(values)`, ""},
		{"multiple-value-call", `(multiple-value-call #'list (floor 7 2) (values) (values 'a 'b))`, "=> (3 1 A B)"},
		{"multiple-value-prog1", `(multiple-value-list (multiple-value-prog1 (values 1 2) (values 3 4)))`, "=> (1 2)"},
		{"catch and throw across calls", `(defun thrower () (throw 'tag 42)) (catch 'tag (thrower) 1)`, "=> 42"},
		{"unwind-protect order", `(with-output-to-string (s) (catch 'x (unwind-protect (throw 'x 1) (write-string "cleanup" s))))`, `=> "cleanup"`},
		{"special binding restored after throw", `(defvar *sp* 1) (catch 'x (let ((*sp* 2)) (throw 'x nil))) *sp*`, "=> 1"},
		{"special seen by callee", `(defvar *dyn* 1) (defun get-dyn () *dyn*) (let ((*dyn* 2)) (get-dyn))`, "=> 2"},
		{"local special declaration", `(defun g () (declare (special zz)) zz) (let ((zz 5)) (declare (special zz)) (g))`, "=> 5"},
		{"labels recursion", `(labels ((ev (n) (if (= n 0) t (od (1- n)))) (od (n) (if (= n 0) nil (ev (1- n))))) (ev 10))`, "=> T"},
		{"flet shadows global", `(defun fsg (x) (list :global x)) (flet ((fsg (x) x)) (fsg '(1 2)))`, "=> (1 2)"},
		{"macrolet", `(macrolet ((twice (x) (list 'progn x x))) (let ((n 0)) (twice (incf n)) n))`, "=> 2"},
		{"symbol-macrolet setf", `(let ((c (list 1 2))) (symbol-macrolet ((head (car c))) (setf head 9)) c)`, "=> (9 2)"},
		{"optional and key defaults", `(defun k (a &optional (b 2 bp) &key (c (+ a b)) d) (list a b bp c d)) (k 1)`, "[warnings]\nSTYLE-WARNING: &OPTIONAL and &KEY found in the same lambda list: (A &OPTIONAL (B 2 BP) &KEY (C (+ A B)) D)\n\n=> (1 2 NIL 3 NIL)"},
		{"key args", `(defun k2 (&key ((:x y) 1) (z 2 zp)) (list y z zp)) (k2 :x 5 :z 3)`, "=> (5 3 T)"},
		{"rest and aux", `(defun r (a &rest more &aux (n (length more))) (list a more n)) (r 1 2 3)`, "=> (1 (2 3) 2)"},
		{"destructuring-bind", `(destructuring-bind (a (b c) &optional (d 4) &key e) '(1 (2 3) 5 :e 6) (list a b c d e))`, "[warnings]\nSTYLE-WARNING: &OPTIONAL and &KEY found in the same lambda list: (A (B C) &OPTIONAL (D 4) &KEY E)\n\n=> (1 2 3 5 6)"},
		{"defmacro with body", `(defmacro my-when (test &body body) (list 'if test (cons 'progn body))) (my-when t 1 2)`, "=> 2"},
		{"macro &whole and &environment", `(defmacro m (&whole w &environment e x) (declare (ignore e x)) (list 'quote w)) (m 1)`, "=> (M 1)"},
		{"setf places", `(let ((l (list 1 2 3)) (h (make-hash-table))) (setf (second l) 'b (gethash 'k h) 7) (list l (gethash 'k h)))`, "=> ((1 B 3) 7)"},
		{"push pop incf", `(let ((l nil) (n 0)) (push 1 l) (push 2 l) (incf n 10) (list (pop l) l n))`, "=> (2 (1) 10)"},
		{"psetq swaps", `(let ((a 1) (b 2)) (psetq a b b a) (list a b))`, "=> (2 1)"},
		{"rotatef", `(let ((a 1) (b 2) (c 3)) (rotatef a b c) (list a b c))`, "=> (2 3 1)"},
		{"handler-case", `(handler-case (/ 1 0) (division-by-zero () :caught))`, "=> :CAUGHT"},
		{"handler-bind declines then handler-case", `(handler-case (handler-bind ((error (lambda (c) (declare (ignore c)) nil))) (error "x")) (error (c) (princ-to-string c)))`, `=> "x"`},
		{"restart-case", `(restart-case (invoke-restart 'my-restart 5) (my-restart (v) (* v 2)))`, "=> 10"},
		{"ignore-errors", `(multiple-value-bind (v c) (ignore-errors (error "boom")) (list v (type-of c)))`, "=> (NIL SIMPLE-ERROR)"},
		{"progv", `(progv '(*pv*) '(3) (symbol-value '*pv*))`, "=> 3"},
		{"eval-when execute", `(eval-when (:compile-toplevel :load-toplevel :execute) 5)`, "=> 5"},
		{"load-time-value", `(load-time-value (+ 1 2))`, "=> 3"},
		{"the", `(the fixnum (+ 1 2))`, "=> 3"},
		{"locally", `(locally (declare (optimize speed)) 7)`, "=> 7"},
	}
	in := golem.New(golem.Options{})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, isErr := evalText(t, in, c.code)
			assert.False(t, isErr, got)
			assert.Equal(t, c.want, got)
		})
	}
}

func TestErrorsAndLimits(t *testing.T) {
	in := golem.New(golem.Options{Limits: golem.Limits{Timeout: 2 * time.Second}})
	cases := []struct{ name, code, wantPrefix string }{
		{"division by zero", `(/ 1 0)`, "[ERROR] DIVISION-BY-ZERO\narithmetic error DIVISION-BY-ZERO signalled\nOperation was (/ 1 0).\n\n[Backtrace]\n0: (/ 1 0)"},
		{"undefined function", `(foo 42)`, "[ERROR] UNDEFINED-FUNCTION\nThe function COMMON-LISP-USER::FOO is undefined.\n\n[Backtrace]\n0: (FOO 42)"},
		{"type error", `(car 42)`, "[ERROR] TYPE-ERROR\nThe value 42 is not of type LIST.\n\n[Backtrace]\n0: (CAR 42)"},
		// A direct call evaluating its arguments has not begun: no frame yet.
		{"backtrace of a pending call", `(defun bt-callee (x) (list x)) (defun bt-caller (y) (bt-callee (car y))) (bt-caller 5)`,
			"[ERROR] TYPE-ERROR\nThe value 5 is not of type LIST.\n\n[Backtrace]\n0: (CAR 5)\n1: (BT-CALLER 5)"},
		// The report printer labels circular data instead of printing
		// until a limit stops it, and leaves *print-circle* as it was.
		// Compilation nesting is bounded, through macro expansion too.
		{"macro expanding into itself", `(defmacro self-expanding () '(self-expanding)) (list (self-expanding))`,
			"[ERROR] STORAGE-CONDITION\nControl stack exhausted"},
		{"circular source", `(eval '#1=(list 1 #1#))`, "[ERROR] STORAGE-CONDITION\nControl stack exhausted"},
		{"report of a circular datum", `(+ 1 (let ((l (list 1 2))) (setf (cddr l) l) l))`,
			"[ERROR] TYPE-ERROR\nThe value #1=(1 2 . #1#) is not of type NUMBER.\n\n[Backtrace]\n0: (+ 1 #1=(1 2 . #1#))"},
		{"backtrace through direct calls", `(defun bt-inner (x) (car x)) (defun bt-outer (y) (list (bt-inner y))) (bt-outer 7)`,
			"[ERROR] TYPE-ERROR\nThe value 7 is not of type LIST.\n\n[Backtrace]\n0: (CAR 7)\n1: (BT-INNER 7)\n2: (BT-OUTER 7)"},
		{"unbound variable", `(+ 1 nope)`, "[ERROR] UNBOUND-VARIABLE\nThe variable NOPE is unbound."},
		{"deep recursion", `(defun deep (n) (1+ (deep n))) (deep 1)`, "[ERROR] STORAGE-CONDITION"},
		{"timeout not swallowed by ignore-errors", `(ignore-errors (loop))`, "[ERROR] GOLEM:INTERRUPTED"},
		{"output before error kept", `(progn (princ "partial") (error "late"))`, "[ERROR] SIMPLE-ERROR\nlate"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, isErr := evalText(t, in, c.code)
			assert.True(t, isErr, got)
			assert.True(t, strings.HasPrefix(got, c.wantPrefix), "got:\n%s", got)
		})
	}
	// Printing the circular datum's report left *print-circle* as it was.
	got, _ := evalText(t, in, `*print-circle*`)
	require.Equal(t, "=> NIL", got)
	got, _ = evalText(t, in, `(progn (princ "partial") (error "late"))`)
	require.Contains(t, got, "[stdout]\npartial")
	got, isErr := evalText(t, in, `(+ 1 2)`)
	require.False(t, isErr)
	require.Equal(t, "=> 3", got)
}

func TestSessionPersistence(t *testing.T) {
	in := golem.New(golem.Options{})
	_, isErr := evalText(t, in, `(defpackage :my-pkg (:use :cl)) (in-package :my-pkg) (defun hello () 'hi)`)
	require.False(t, isErr)
	got, _ := evalText(t, in, `(hello)`)
	require.Equal(t, "=> HI", got)
	got, _ = evalText(t, in, `(in-package :cl-user) 'my-pkg::hi`)
	require.Equal(t, "=> MY-PKG::HI", got)
}

func TestTwoInterpretersShareNothing(t *testing.T) {
	a, b := golem.New(golem.Options{}), golem.New(golem.Options{})
	_, _ = evalText(t, a, `(defun only-in-a () 1) (defvar *v* 1)`)
	got, isErr := evalText(t, b, `(only-in-a)`)
	require.True(t, isErr)
	require.Contains(t, got, "UNDEFINED-FUNCTION")
	got, _ = evalText(t, b, `(boundp '*v*)`)
	require.Equal(t, "=> NIL", got)
}

// TestErrorsLeaveNoBindings checks that rendering an error response does not
// leave printer variables bound in the session.
func TestErrorsLeaveNoBindings(t *testing.T) {
	in := golem.New(golem.Options{})
	_, isErr := evalText(t, in, `(car 1)`)
	require.True(t, isErr)
	got, _ := evalText(t, in, `(list *print-length* *print-level* (make-list 12))`)
	require.Equal(t, "=> (NIL NIL (NIL NIL NIL NIL NIL NIL NIL NIL NIL NIL NIL NIL))", got)
}

// TestConsingIsBounded checks that a program filling the heap with small
// objects gets a STORAGE-CONDITION instead of taking the process down.
func TestConsingIsBounded(t *testing.T) {
	in := golem.New(golem.Options{Limits: golem.Limits{MaxMemory: 64 << 20, Timeout: 20 * time.Second}})
	got, isErr := evalText(t, in, `(let ((l nil)) (loop (push (make-list 10) l)))`)
	require.True(t, isErr, got)
	require.True(t, strings.HasPrefix(got, "[ERROR] STORAGE-CONDITION\nHeap exhausted"), got)
	got, _ = evalText(t, in, `(+ 1 2)`)
	require.Equal(t, "=> 3", got)
}

// TestHugeValuesAreCapped checks that a printed value stops at the output limit.
func TestHugeValuesAreCapped(t *testing.T) {
	in := golem.New(golem.Options{Limits: golem.Limits{MaxOutput: 1000}})
	got, isErr := evalText(t, in, `(make-string 5000 :initial-element #\a)`)
	require.False(t, isErr)
	require.Less(t, len(got), 1200)
	require.True(t, strings.HasSuffix(got, "[value truncated: the printed value is longer than the output limit]"), got)
}
