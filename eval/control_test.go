package eval_test

import (
	"testing"

	"github.com/golem-lisp/golem"
	"github.com/stretchr/testify/assert"
)

// TestPlacesAndDeclarations checks the order in which PSETF, PSETQ and
// MULTIPLE-VALUE-SETQ evaluate places (CLHS 5.1.1.1), setf expanders,
// macro lambda lists, declarations and LOOP clause order; the expected
// values are SBCL's. Each case runs in a fresh interpreter.
func TestPlacesAndDeclarations(t *testing.T) {
	cases := []struct{ name, code, want string }{
		{"psetf evaluates each place and then its value, left to right",
			`(let ((x (vector nil nil nil nil)) (i 0))
  (psetf (aref x (incf i)) (incf i) (aref x (incf i)) (incf i 10))
  (list x i))`, `=> (#(NIL 2 NIL 13) 13)`},
		{"psetq of a symbol macro is psetf",
			`(let ((a (vector 0 1 2 3 4)) (i 0))
  (symbol-macrolet ((x (aref a (incf i))) (y (aref a (incf i))))
    (psetq x (aref a (incf i)) y (aref a (incf i))))
  (list a i))`, `=> (#(0 2 2 4 4) 4)`},
		{"multiple-value-setq of a symbol macro evaluates the place first",
			`(let ((i 0) (x (list nil)))
  (symbol-macrolet ((y (car (progn (incf i) x)))) (multiple-value-setq (y) i))
  x)`, `=> (1)`},
		{"setf of values binds the extra stores of a subplace to nil",
			`(let (a b c) (setf (values a (values b c)) (values 1 2)) (list a b c))`, `=> (1 2 NIL)`},
		{"setf of (values) with no places",
			`(multiple-value-list (setf (values) (values 1)))`, `=> NIL`},
		{"setf of macro-function replaces a function",
			`(defun mf-x (l) (list :fn l)) (setf (macro-function 'mf-x) (macro-function 'pop))
(let ((l (list 1 2))) (list (mf-x l) l))`, `=> (1 (2))`},
		{"defsetf and define-setf-expander bodies are blocks named by the accessor",
			`(defun ds-a (x) (car x)) (defsetf ds-a (y) (v) (return-from ds-a ` + "`" + `(setf (car ,y) ,v)))
(defun ds-b (x) (car x))
(define-setf-expander ds-b (x) (let ((s (gensym)) (g (gensym)))
  (return-from ds-b (values (list g) (list x) (list s) ` + "`" + `(setf (car ,g) ,s) ` + "`" + `(car ,g)))))
(let ((p (list 1)) (q (list 2))) (setf (ds-a p) :a (ds-b q) :b) (list p q))`, `=> ((:A) (:B))`},
		{"ecase and ccase take T and OTHERWISE as keys",
			`(list (handler-case (ecase 1 (t :no)) (type-error (c) (type-error-datum c)))
      (ecase 'otherwise (otherwise :yes)))`, `=> (1 :YES)`},
		{"the &environment variable is bound before the other parameters",
			`(macrolet ((foo () 1))
  (macrolet ((m (&optional (x (macroexpand '(foo) e)) &environment e) x)) (m)))`, `=> 1`},
		{"() in a macro lambda list matches the empty list",
			`(macrolet ((m (() x) x)) (m () 7))`, `=> 7`},
		{"a local function may be named by a COMMON-LISP symbol that names no function",
			`(flet ((variable () 1) ((setf structure) (v) v)) (list (variable) (setf (structure) 2)))`, `=> (1 2)`},
		{"a COMMON-LISP function stays locked",
			`(handler-case (eval '(flet ((car (x) x)) (car 1))) (program-error () :locked))`, `=> :LOCKED`},
		{"proclaim rejects a dotted declaration specifier",
			`(list (handler-case (proclaim '(optimize . foo)) (type-error () :type-error))
      (handler-case (proclaim 'foo) (type-error () :type-error))
      (handler-case (proclaim '(special 1)) (error () :error)))`, `=> (:TYPE-ERROR :TYPE-ERROR :ERROR)`},
		{"a symbol macro declared special is a program error",
			`(handler-case (eval '(symbol-macrolet ((x 1)) (declare (special x)) x)) (program-error () :program-error))`,
			`=> :PROGRAM-ERROR`},
		{"dolist's declarations cover the result form",
			`(let ((x :good)) (declare (special x)) (let ((x :bad)) (declare (ignorable x)) (dolist (e nil x) (declare (special x)))))`,
			`=> :GOOD`},
		{"restart-case macroexpands its form to associate restarts",
			`(macrolet ((m (&rest args) (cons 'error args)))
  (handler-bind ((error (lambda (c) (invoke-restart (find-restart 'foo c)))))
    (handler-bind ((error (lambda (c) (declare (ignore c)) (error "inner"))))
      (restart-case (restart-case (m "outer") (foo () :bad)) (foo () :good)))))`, `=> :GOOD`},
		{"a loop conditional runs before a later while clause",
			`(loop for i in '(4 a 13) when (eq i 'a) return :good while (< i 12) collect i)`, `=> :GOOD`},
	}
	runFreshCases(t, cases)
}

// runFreshCases runs each case in a fresh interpreter as a subtest: the
// code must succeed with the response text want.
func runFreshCases(t *testing.T, cases []struct{ name, code, want string }) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in := golem.New(golem.Options{})
			got, isErr := loopEval(in, tc.code)
			assert.False(t, isErr, got)
			assert.Equal(t, tc.want, got)
		})
	}
}
