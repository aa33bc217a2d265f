package printer_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/golem-lisp/golem/printer"
)

// A form printed by the pretty printer's layouts (LET, DEFUN, CASE, IF,
// function calls).
const layoutBenchForm = `(defun foo (a b &optional (c 1) &key d)
  (let ((x (+ a b)) (y (* c 2)))
    (case x ((1 2) (print y) (list a b c)) (otherwise (if (> x y) (foo x y) (bar (baz x) (quux y d)))))))`

func BenchmarkPrettyLayouts(b *testing.B) {
	e := newEnv(b)
	e.bind("*PRINT-PRETTY*", "T", "*PRINT-RIGHT-MARGIN*", "60")
	v := e.read(layoutBenchForm)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		printer.ToString(e.th, v, true)
	}
}

// The standard layouts print the standard forms as SBCL 2.2.9 does
// (*print-right-margin* 30), and a layout past *print-level* ends as SBCL's.
func TestLayoutsAgainstSBCL(t *testing.T) {
	cases := []struct{ form, want, level string }{
		{"(let ((a 1) (b 2)) (foo a) (bar b))", "(LET ((A 1) (B 2))\n  (FOO A)\n  (BAR B))", "NIL"},
		{"(defun f (x &optional (y 1)) (declare (ignore y)) (list x x x x x x))",
			"(DEFUN F (X &OPTIONAL (Y 1))\n  (DECLARE (IGNORE Y))\n  (LIST X X X X X X))", "NIL"},
		{"(case x ((1 2) (print y)) (otherwise (if (> x y) (foo x y) (bar x y))))",
			"(CASE X\n  ((1 2) (PRINT Y))\n  (OTHERWISE\n   (IF (> X Y)\n       (FOO X Y)\n       (BAR X Y))))", "NIL"},
		{"(flet ((f (x) x) (g (y) y)) (f 1) (g 2))", "(FLET ((F (X)\n         X)\n       (G (Y)\n         Y))\n  (F 1)\n  (G 2))", "NIL"},
		{"(progv '(a b) '(1 2) (print a))", "(PROGV\n    '(A B)\n    '(1 2)\n  (PRINT A))", "NIL"},
		{"(if (and a b) (setq a (cons c d) b (foo)))", "(IF (AND A B)\n    (SETQ A (CONS C D)\n          B (FOO)))", "NIL"},
		{"(if (and a b) (setq a (cons c d) b (foo)))", "(IF (AND A B)\n    (SETQ #))", "2"},
		{"(let ((a . 1)) . 2)", "(LET ((A . 1))\n  . 2)", "NIL"},
		{"(typecase x (integer 1) (t 2))", "(TYPECASE X (INTEGER 1) (T 2))", "NIL"},
		{"(defpackage :foo (:use :cl) (:export a b))", "(DEFPACKAGE :FOO\n  (:USE :CL)\n  (:EXPORT A B))", "NIL"},
		{"(destructuring-bind (a &rest b) x (list a b))", "(DESTRUCTURING-BIND\n    (A &REST B)\n    X\n  (LIST A B))", "NIL"},
		{"(multiple-value-bind (a b) (floor x) (list a b))", "(MULTIPLE-VALUE-BIND (A B)\n    (FLOOR X)\n  (LIST A B))", "NIL"},
		{"(block foo (return-from foo 1))", "(BLOCK FOO\n  (RETURN-FROM FOO 1))", "NIL"},
		{"(lambda (x) (+ x 1))", "(LAMBDA (X) (+ X 1))", "NIL"},
		{"(progn a b)", "(PROGN A B)", "NIL"},
		{"(loop (print 1) (print 2))", "(LOOP (PRINT 1)\n      (PRINT 2))", "NIL"},
		{"(do ((i 0 (1+ i)) (j 1)) ((> i 10) i) (print i))", "(DO ((I 0 (1+ I))\n     (J 1))\n    ((> I 10) I)\n  (PRINT I))", "NIL"},
		{"(declare (ignore a))", "(DECLARE (IGNORE A))", "NIL"},
	}
	for _, c := range cases {
		e := newEnv(t)
		e.bind("*PRINT-PRETTY*", "T", "*PRINT-RIGHT-MARGIN*", "30", "*PRINT-LEVEL*", c.level)
		assert.Equal(t, c.want, e.prin1(e.read(c.form)), "%s", c.form)
	}
}
