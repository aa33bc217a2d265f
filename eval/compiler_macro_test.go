package eval_test

import (
	"testing"
)

// TestCompilerMacros checks DEFINE-COMPILER-MACRO and how the compiler
// applies compiler macros, against SBCL's compiler (the expected values
// are what SBCL 2.2.9 prints when the same code is compiled). Each case
// runs in a fresh interpreter.
func TestCompilerMacros(t *testing.T) {
	const sc = `(defun cm-sc (r s &key (start 0)) (list r s start))
(define-compiler-macro cm-sc (&whole form r s &rest rest)
  (if (constantp r) ` + "`" + `(cm-sc (load-time-value (string-upcase ,r)) ,s ,@rest) form))
`
	cases := []struct{ name, code, want string }{
		{"whole form with load-time-value inside a function",
			sc + `(defun cm-f () (cm-sc "a" "b")) (cm-f)`, `=> ("A" "b" 0)`},
		{"declining keeps the call",
			sc + `(defun cm-f (x) (cm-sc x "b" :start 2)) (cm-f "a")`, `=> ("a" "b" 2)`},
		{"funcall of #'name uses the compiler macro, &whole is the funcall form",
			sc + `(defun cm-f () (funcall #'cm-sc "a" "b" :start 1)) (cm-f)`, `=> ("A" "b" 1)`},
		{"the expander sees the funcall form whole",
			sc + `(funcall (compiler-macro-function 'cm-sc) '(funcall #'cm-sc "q" x) nil)`,
			`=> (CM-SC (LOAD-TIME-VALUE (STRING-UPCASE "q")) X)`},
		{"a local function shadows the compiler macro",
			sc + `(defun cm-f () (flet ((cm-sc (r s) (list :local r s))) (list (cm-sc "a" "b") (funcall #'cm-sc "a" "b")))) (cm-f)`,
			`=> ((:LOCAL "a" "b") (:LOCAL "a" "b"))`},
		{"an expansion that calls the same function is expanded again until it declines",
			`(defvar *cm-n* 0) (defun cm-tw (x) x)
(define-compiler-macro cm-tw (&whole w x &environment e)
  (declare (ignorable e))
  (incf *cm-n*)
  (if (< *cm-n* 5) ` + "`" + `(cm-tw ,x) w))
(defun cm-f () (cm-tw 7)) (list (cm-f) *cm-n*)`, `=> (7 5)`},
		{"a lambda form expansion with &environment",
			`(defun cm-ot (type) (lambda (x) (typep x type)))
(define-compiler-macro cm-ot (&whole form type &environment env)
  (if (constantp type env) (let ((x (gensym))) ` + "`" + `(lambda (,x) (typep ,x ,type))) form))
(defun cm-f () (list (funcall (cm-ot 'integer) 3) (funcall (cm-ot 'string) 3))) (cm-f)`, `=> (T NIL)`},
		{"a funcall of a lambda expansion",
			`(defun cm-sq (x) (* x x))
(define-compiler-macro cm-sq (&whole w x)
  (if (numberp x) ` + "`" + `(funcall (lambda (y) (list :cm (* y y))) ,x) w))
(defun cm-f () (list (cm-sq 3) (funcall #'cm-sq 4) (let ((z 5)) (cm-sq z)))) (cm-f)`,
			`=> ((:CM 9) (:CM 16) 25)`},
		{"optional and key parameters with defaults",
			`(defun cm-pk (a &optional (b 2) &key (c 3)) (list a b c))
(define-compiler-macro cm-pk (&whole w a &optional (b 20 bp) &key (c 30))
  (if bp ` + "`" + `(list :cm ,a ,b ,c) w))
(defun cm-f () (list (cm-pk 1) (cm-pk 1 2) (cm-pk 1 2 :c 9))) (cm-f)`,
			// The style warnings name the lambda lists as written.
			"[warnings]\nSTYLE-WARNING: &OPTIONAL and &KEY found in the same lambda list: (A &OPTIONAL (B 2) &KEY (C 3))\n" +
				"STYLE-WARNING: &OPTIONAL and &KEY found in the same lambda list: (A &OPTIONAL (B 20 BP) &KEY (C 30))\n\n" +
				`=> ((1 2 3) (:CM 1 2 30) (:CM 1 2 9))`},
		{"documentation string and block",
			`(define-compiler-macro cm-d (&whole w x) "doc" (declare (ignore x)) (return-from cm-d w))
(list (documentation 'cm-d 'compiler-macro) (funcall (compiler-macro-function 'cm-d) '(cm-d 3) nil))`,
			`=> ("doc" (CM-D 3))`},
		{"setf of compiler-macro-function",
			`(setf (compiler-macro-function 'cm-z) (lambda (f e) (declare (ignore e)) (list 'quote f)))
(list (cm-z 1 2) (setf (compiler-macro-function 'cm-z) nil) (compiler-macro-function 'cm-z))`,
			`=> ((CM-Z 1 2) NIL NIL)`},
		{"a (setf name) compiler macro",
			`(define-compiler-macro (setf cm-foo) (&whole w v x) (declare (ignore v x)) w)
(functionp (compiler-macro-function '(setf cm-foo)))`, `=> T`},
		{"NOTINLINE proclaimed turns the compiler macro off, INLINE on",
			`(defun cm-ni (x) (list :fn x)) (define-compiler-macro cm-ni (x) ` + "`" + `(list :cm ,x))
(declaim (notinline cm-ni)) (defun cm-f () (list (cm-ni 1) (funcall #'cm-ni 2)))
(declaim (inline cm-ni)) (defun cm-g () (cm-ni 3))
(list (cm-f) (cm-g))`, `=> (((:FN 1) (:FN 2)) (:CM 3))`},
		{"a local NOTINLINE declaration turns the compiler macro off in its scope",
			`(defun cm-ln (x) (list :fn x)) (define-compiler-macro cm-ln (x) ` + "`" + `(list :cm ,x))
(declaim (notinline cm-ln2)) (defun cm-ln2 (x) (list :fn2 x)) (define-compiler-macro cm-ln2 (x) ` + "`" + `(list :cm2 ,x))
(defun cm-f (a) (list (locally (declare (notinline cm-ln)) (cm-ln a)) (cm-ln a)
                      (let ((b a)) (declare (inline cm-ln2)) (cm-ln2 b)) (cm-ln2 a)))
(cm-f 1)`, `=> ((:FN 1) (:CM 1) (:CM2 1) (:FN2 1))`},
		{"a compiler macro that never declines is a STORAGE-CONDITION",
			`(defun cm-loopy (x) x) (define-compiler-macro cm-loopy (x) ` + "`" + `(cm-loopy ,x))
(handler-case (compile nil '(lambda () (cm-loopy 1))) (storage-condition () :storage))`, `=> :STORAGE`},
	}
	runFreshCases(t, cases)
}
