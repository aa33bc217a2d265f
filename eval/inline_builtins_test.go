package eval_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/golem-lisp/golem"
	"github.com/stretchr/testify/assert"
)

// TestFastBuiltinCalls checks that the calls compiled through builtins'
// fast entry points (structure accessors and predicates, SVREF, AREF and
// their SETF functions, FUNCALL) agree with the real functions, on the
// common case and off it: errors keep their type, datum and backtrace frame,
// and a redefined function is seen. The expected values are SBCL's.
func TestFastBuiltinCalls(t *testing.T) {
	const node = "(defstruct node (sons '()) (mark 0) (id 0 :type fixnum))\n" +
		"(defstruct (node2 (:include node)) extra)\n"
	cases := []struct{ name, code, want string }{
		{"accessor", node + `(defun f (n) (node-mark n)) (f (make-node :mark 3))`, `=> 3`},
		{"accessor of included structure", node + `(defun f (n) (node-mark n)) (f (make-node2 :mark 4))`, `=> 4`},
		{"accessor type error", node + `(defun f (n) (node-mark n)) (handler-case (f 5) (type-error (e) (list (type-error-datum e) (type-error-expected-type e))))`, `=> (5 NODE)`},
		{"setf accessor", node + `(defun f (n) (setf (node-mark n) 7) (incf (node-mark n)) n) (node-mark (f (make-node)))`, `=> 8`},
		{"setf accessor type error", node + `(defun f (n) (setf (node-mark n) 7)) (handler-case (f 'a) (type-error (e) (type-error-datum e)))`, `=> A`},
		{"setf typed slot checks the type", node + `(defun f (n v) (setf (node-id n) v)) (handler-case (f (make-node) "x") (type-error (e) (list (type-error-datum e) (type-error-expected-type e))))`, `=> ("x" FIXNUM)`},
		{"predicate", node + `(defun f (x) (node-p x)) (list (f (make-node)) (f (make-node2)) (f 3) (f nil))`, `=> (T T NIL NIL)`},
		{"redefined accessor is called", node + `(defun f (n) (node-mark n)) (f (make-node)) (defun node-mark (x) (list :mine x)) (f 1)`, `=> (:MINE 1)`},
		{"redefined setf function is called", node + `(defun f (n) (setf (node-mark n) 1)) (f (make-node)) (defun (setf node-mark) (v x) (list :mine v x)) (f 2)`, `=> (:MINE 1 2)`},
		{"svref", `(defun f (v i) (svref v i)) (f (vector 1 2 3) 2)`, `=> 3`},
		{"svref index error", `(defun f (v i) (svref v i)) (handler-case (f (vector 1 2) 5) (type-error (e) (list (type-error-datum e) (type-error-expected-type e))))`, `=> (5 (INTEGER 0 (2)))`},
		{"svref of a non-simple vector", `(defun f (v i) (svref v i)) (handler-case (f (make-array 2 :adjustable t) 0) (type-error (e) (type-error-expected-type e)))`, `=> SIMPLE-VECTOR`},
		{"setf svref", `(defun f (v i x) (setf (svref v i) x) v) (f (vector 1 2 3) 1 :b)`, `=> #(1 :B 3)`},
		{"setf svref index error", `(defun f (v i) (setf (svref v i) 0)) (handler-case (f (vector 1 2) -1) (type-error (e) (type-error-datum e)))`, `=> -1`},
		{"aref of vector and string", `(defun f (v i) (aref v i)) (list (f (vector 1 2) 1) (f "abc" 2) (f (make-array 3 :fill-pointer 1 :initial-element 9) 2))`, `=> (2 #\c 9)`},
		{"aref of a 2-d array", `(defun f (v i j) (aref v i j)) (f (make-array '(2 2) :initial-contents '((1 2) (3 4))) 1 0)`, `=> 3`},
		{"setf aref typed vector", `(defun f (v i x) (setf (aref v i) x) v) (list (f (make-array 2 :element-type 'double-float :initial-element 0d0) 1 2d0) (f (make-array 2 :element-type 'fixnum :initial-element 0) 0 5))`, `=> (#(0.0d0 2.0d0) #(5 0))`},
		{"setf aref element type error", `(defun f (v i x) (setf (aref v i) x)) (handler-case (f (make-array 2 :element-type 'fixnum :initial-element 0) 0 1.5) (type-error (e) (list (type-error-datum e) (type-error-expected-type e))))`, `=> (1.5 FIXNUM)`},
		{"setf aref string", `(defun f (v i x) (setf (aref v i) x) v) (f (copy-seq "abc") 1 #\z)`, `=> "azc"`},
		{"funcall of a closure and of a symbol", `(defun f (g x) (funcall g x)) (list (f (lambda (y) (* y 2)) 3) (f '1+ 3) (f #'car '(1 2)))`, `=> (6 4 1)`},
		{"funcall of a non-function", `(defun f (g) (funcall g 1)) (handler-case (f 3) (type-error (e) (list (type-error-datum e) (type-error-expected-type e))))`, `=> (3 FUNCTION)`},
		{"funcall of an undefined symbol", `(defun f (g) (funcall g 1)) (handler-case (f 'no-such-fn) (undefined-function (e) (cell-error-name e)))`, `=> NO-SUCH-FN`},
		{"funcall multiple values", `(defun f (g) (multiple-value-list (funcall g 7 2))) (list (f #'floor) (f #'values))`, `=> ((3 1) (7 2))`},
		{"funcall undefined setf function", `(defun f (x) (funcall #'(setf no-such-place) 1 x)) (handler-case (f 2) (undefined-function () :undefined))`, `=> :UNDEFINED`},
		{"position", `(defun f (x s) (position x s)) (list (f nil (vector 1 nil)) (f 'b '(a b)) (f 3 '(1 2)) (f 1.0 '(1 1.0)) (f #\b "abc") (f 5 (make-array 3 :fill-pointer 1 :initial-element 5)))`, `=> (1 1 NIL 1 1 0)`},
		{"position in a long vector", `(defun f (x s) (position x s)) (let ((v (make-array 5000 :initial-element 0))) (setf (aref v 4000) 1) (f 1 v))`, `=> 4000`},
		{"position in a dotted list", `(defun f (x s) (position x s)) (handler-case (f 9 '(1 2 . 3)) (type-error (e) (type-error-datum e)))`, `=> 3`},
		{"assoc", `(defun f (x a) (assoc x a)) (list (f 'b '((a . 1) nil (b . 2))) (f 'c '((a . 1))) (f 2.0 '((2.0 . x))))`, `=> ((B . 2) NIL (2.0 . X))`},
		{"assoc of a non-cons element", `(defun f (x a) (assoc x a)) (handler-case (f 'b '((a . 1) 3 (b . 2))) (type-error (e) (type-error-datum e)))`, `=> 3`},
		{"setf, incf and decf of accessors", node + `(defun f (n v) (setf (node-mark n) v) (incf (node-id n)) (incf (node-id n) 5) (decf (node-mark n)) (list (node-mark n) (node-id n))) (f (make-node) 10)`, `=> (9 6)`},
		{"setf, incf and decf of vector elements", `(defun f (v i) (list (multiple-value-list (setf (svref v i) 5)) (incf (aref v i)) (decf (aref v i) 2) v)) (f (vector 1 2 3) 1)`, `=> ((5) 6 4 #(1 4 3))`},
		{"incf whose delta assigns the place's variable", node + `(defun f () (let ((a (make-node :mark 1)) (b (make-node :mark 100)) (c nil)) (setq c a) (incf (node-mark a) (progn (setq a b) 1)) (list (node-mark c) (node-mark a)))) (f)`, `=> (2 100)`},
		{"setf of a local function's place", node + `(defun f (c) (flet ((node-mark (x) (car x)) ((setf node-mark) (v x) (setf (car x) (list :local v)))) (setf (node-mark c) 3) c)) (f (list 1 2))`, `=> ((:LOCAL 3) 2)`},
		{"setf and incf of a defsetf place", `(defun my-acc (x) (car x)) (defsetf my-acc (x) (v) ` + "`" + `(setf (car ,x) (* 10 ,v))) (defun f (c) (setf (my-acc c) 2) (incf (my-acc c)) c) (f (list 0))`, `=> (210)`},
		{"setf and incf of car and gethash", `(defun f (c h k) (setf (car c) 1) (setf (gethash k h) 2) (incf (gethash k h 10)) (incf (gethash :new h 10)) (list c (gethash k h) (gethash :new h))) (f (list 0) (make-hash-table) :a)`, `=> ((1) 3 11)`},
		{"setf of a place without a writer", `(defun f (x) (setf (no-such-place x) 1)) (handler-case (f 1) (undefined-function () :undefined))`, `=> :UNDEFINED`},
		{"incf of an accessor of a non-structure", node + `(defun f (n) (incf (node-mark n))) (handler-case (f 5) (type-error (e) (list (type-error-datum e) (type-error-expected-type e))))`, `=> (5 NODE)`},
		{"apply", `(defun f (g &rest args) (apply g args)) (defun h (g a l) (apply g a l)) (list (f #'+ 1 2 3) (h #'list 1 '(2 3)) (h 'list 1 nil) (multiple-value-list (h #'values 1 '(2 3))) (h #'car '(1 2) nil))`, `=> (6 (1 2 3) (1) (1 2 3) 1)`},
		{"apply of a dotted list", `(defun h (g a l) (apply g a l)) (handler-case (h #'list 1 '(2 . 3)) (type-error (e) (type-error-datum e)))`, `=> 3`},
		{"apply of a non-list", `(defun h (g a l) (apply g a l)) (handler-case (h #'list 1 5) (type-error (e) (type-error-datum e)))`, `=> 5`},
		{"apply of a circular list", `(defun h (g a l) (apply g a l)) (let ((l (list 1 2))) (setf (cdr (cdr l)) l) (handler-case (h #'list 1 l) (type-error () :circular)))`, `=> :CIRCULAR`},
		{"apply of a long list", `(defun h (g a l) (apply g a l)) (h #'+ 1 (make-list 3000 :initial-element 1))`, `=> 3001`},
		{"apply of an undefined function", `(defun h (g a l) (apply g a l)) (list (handler-case (h 'no-such-fn 1 nil) (undefined-function (e) (cell-error-name e))) (handler-case (h 3 1 nil) (type-error (e) (type-error-datum e))))`, `=> (NO-SUCH-FN 3)`},
		{"double-float arithmetic and comparisons", `(defun f (a b) (list (+ a b) (- a b) (* a b) (/ a b) (< a b) (> a b) (<= a b) (>= a b) (= a b) (/= a b))) (list (f 1.5d0 2) (f 2 0.5d0) (f 0d0 -1d0) (f 3 4) (f (expt 2 60) 1d0))`,
			`=> ((3.5d0 -0.5d0 3.0d0 0.75d0 T NIL T NIL NIL T)
 (2.5d0 1.5d0 1.0d0 4.0d0 NIL T NIL T NIL T)
 (-1.0d0 1.0d0 -0.0d0 -0.0d0 NIL T NIL T NIL T) (7 -1 12 3/4 T NIL T NIL NIL T)
 (1.152921504606847d18 1.152921504606847d18 1.152921504606847d18
  1.152921504606847d18 NIL T NIL T NIL T))`},
		{"double-float arithmetic errors", `(defun f (a b) (* a b)) (defun g (a b) (/ a b)) (list (handler-case (f 1d300 1d300) (floating-point-overflow () :overflow)) (handler-case (g 1d0 0d0) (division-by-zero () :div0)) (handler-case (g 0d0 0d0) (floating-point-invalid-operation () :invalid)))`, `=> (:OVERFLOW :DIV0 :INVALID)`},
		{"fixnum multiplication", `(defun f (a b) (* a b)) (list (f 100000 100000) (f -65536 65536) (f 4611686018427387904 2) (f 1.5 2) (f 1/2 4))`, `=> (10000000000 -4294967296 9223372036854775808 3.0 2)`},
		{"type predicates and eql", `(defun f (x) (list (numberp x) (integerp x) (rationalp x) (realp x) (floatp x) (listp x) (keywordp x) (symbolp x) (characterp x) (functionp x) (eql x 1/2))) (mapcar #'f (list 1 (expt 2 70) 1/2 1.5 #c(1 2) nil '(1) :k 'a #\a #'car "s"))`,
			`=> ((T T T T NIL NIL NIL NIL NIL NIL NIL) (T T T T NIL NIL NIL NIL NIL NIL NIL)
 (T NIL T T NIL NIL NIL NIL NIL NIL T) (T NIL NIL T T NIL NIL NIL NIL NIL NIL)
 (T NIL NIL NIL NIL NIL NIL NIL NIL NIL NIL)
 (NIL NIL NIL NIL NIL T NIL T NIL NIL NIL)
 (NIL NIL NIL NIL NIL T NIL NIL NIL NIL NIL)
 (NIL NIL NIL NIL NIL NIL T T NIL NIL NIL)
 (NIL NIL NIL NIL NIL NIL NIL T NIL NIL NIL)
 (NIL NIL NIL NIL NIL NIL NIL NIL T NIL NIL)
 (NIL NIL NIL NIL NIL NIL NIL NIL NIL T NIL)
 (NIL NIL NIL NIL NIL NIL NIL NIL NIL NIL NIL))`},
		{"char and schar", `(defun f (s i) (list (char s i) (schar (copy-seq "xyz") i))) (defun g (s i c) (setf (char s i) c) (setf (schar s 0) #\Q) s) (list (f "abc" 1) (g (copy-seq "abc") 2 #\z) (char (make-array 3 :element-type 'character :initial-contents "pqr" :fill-pointer 1) 2))`, `=> ((#\b #\y) "Qbz" #\r)`},
		{"char and schar errors", `(defun f (s i) (char s i)) (defun h (s) (schar s 0)) (defun g (s i c) (setf (char s i) c)) (list (handler-case (f "abc" 3) (type-error (e) (type-error-datum e))) (handler-case (h (make-array 3 :element-type 'character :initial-element #\a :adjustable t)) (type-error (e) (type-error-expected-type e))) (handler-case (g (copy-seq "abc") 0 5) (type-error (e) (type-error-datum e))) (handler-case (g (make-string 2 :element-type 'base-char :initial-element #\a) 1 (code-char 955)) (type-error (e) (type-error-datum e))))`, `=> (3 SIMPLE-STRING 5 #\GREEK_SMALL_LETTER_LAMDA)`},
		{"character comparisons and char-code", `(defun f (a b) (list (char= a b) (char/= a b) (char< a b) (char> a b) (char<= a b) (char>= a b) (char-code a))) (list (f #\a #\b) (f #\b #\b) (handler-case (f #\a 1) (type-error (e) (type-error-datum e))) (handler-case (char-code (car (list 1))) (type-error (e) (type-error-datum e))))`, `=> ((NIL T T NIL T NIL 97) (T NIL NIL NIL T T 98) 1 1)`},
		{"endp", `(defun f (l) (list (endp l) (endp (cdr l)))) (list (f '(1)) (handler-case (endp (car (list 3))) (type-error (e) (type-error-datum e))))`, `=> ((NIL T) 3)`},
		{"rplaca and rplacd", `(defun f (c) (rplaca c 1) (rplacd c 2)) (list (f (list 0)) (handler-case (f (car (list nil))) (type-error (e) (type-error-expected-type e))))`, `=> ((1 . 2) CONS)`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := golem.New(golem.Options{})
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			text, isErr := in.EvalResponse(ctx, c.code)
			assert.False(t, isErr, text)
			// Redefinitions come with a style warning before the value.
			_, value, _ := strings.Cut(text, "\n\n=> ")
			if value == "" {
				value = text
			} else {
				value = "=> " + value
			}
			assert.Equal(t, c.want, value)
		})
	}
}

// TestFastBuiltinCallBacktrace checks that an error off the fast path is
// signalled by the builtin itself, whose frame the backtrace shows.
func TestFastBuiltinCallBacktrace(t *testing.T) {
	assertErrorShows(t, []struct{ name, code, shows string }{
		{"svref", `(defun g (v i) (svref v i)) (g (vector 1) 4)`, "0: (SVREF #(1) 4)\n1: (G #(1) 4)"},
		{"setf svref", `(defun g (v i) (setf (svref v i) 0)) (g (vector 1) 4)`, "0: ((SETF SVREF) 0 #(1) 4)\n1: (G #(1) 4)"},
		{"accessor", `(defstruct pt x) (defun g (p) (pt-x p)) (g 3)`, "0: (PT-X 3)\n1: (G 3)"},
	})
}

// assertErrorShows evaluates each case's code in a fresh interpreter and
// checks that it ends in an error whose response text (report and
// backtrace) contains shows.
func assertErrorShows(t *testing.T, cases []struct{ name, code, shows string }) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := golem.New(golem.Options{})
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			text, isErr := in.EvalResponse(ctx, c.code)
			assert.True(t, isErr, text)
			assert.Contains(t, text, c.shows)
		})
	}
}
