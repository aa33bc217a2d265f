package eval_test

import (
	"testing"

	"github.com/golem-lisp/golem"
	"github.com/stretchr/testify/assert"
)

// TestMapOneList checks the compiled mapping functions over one list
// (mapCall, Thread.MapOne) against SBCL's values: each kind, functions with
// and without a one-argument entry point (a plain compiled function, one
// with optional or captured parameters, a builtin, a symbol), and the
// errors of the general path.
func TestMapOneList(t *testing.T) {
	cases := []struct{ name, code, want string }{
		{"mapcar of a global function", `(defun m-inc (x) (1+ x)) (mapcar #'m-inc '(1 2 3))`, `=> (2 3 4)`},
		{"mapcar of a symbol", `(defun m-inc (x) (1+ x)) (mapcar 'm-inc '(1 2 3))`, `=> (2 3 4)`},
		{"mapcar of a closure", `(let ((k 10)) (mapcar (lambda (x) (+ x k)) '(1 2 3)))`, `=> (11 12 13)`},
		{"mapcar of a builtin", `(mapcar #'car '((1) (2) (3)))`, `=> (1 2 3)`},
		{"mapcar of a function with an optional parameter",
			`(mapcar (lambda (x &optional (y 5)) (+ x y)) '(1 2))`, `=> (6 7)`},
		{"mapcar of a function whose parameter a closure captures",
			`(mapcar #'funcall (mapcar (lambda (x) (lambda () x)) '(1 2 3)))`, `=> (1 2 3)`},
		{"mapcar of the empty list", `(mapcar #'car nil)`, `=> NIL`},
		{"mapcar of a function returning several values", `(mapcar #'floor '(7 9))`, `=> (7 9)`},
		{"maplist passes the tails", `(let ((l (list 1 2 3))) (equal (maplist #'identity l) (list l (cdr l) (cddr l))))`, `=> T`},
		{"mapc returns its list", `(let ((s 0)) (list (mapc (lambda (x) (incf s x)) '(1 2 3)) s))`, `=> ((1 2 3) 6)`},
		{"mapl returns its list", `(let ((n 0)) (list (mapl (lambda (x) (incf n (length x))) '(1 2 3)) n))`, `=> ((1 2 3) 6)`},
		{"mapcan joins the lists and drops atoms between them", `(mapcan (lambda (x) (if (numberp x) (list x x) x)) '(1 a 2))`, `=> (1 1 2 2)`},
		{"mapcan ends with a final atom", `(mapcan #'identity '((1) 2))`, `=> (1 . 2)`},
		{"mapcon", `(mapcon #'copy-list '(1 2 3))`, `=> (1 2 3 2 3 3)`},
		{"mapcar as a value of multiple-value-list", `(multiple-value-list (mapcar #'1+ '(1)))`, `=> ((2))`},
		{"a dotted list is a type-error after the proper part",
			`(let ((seen nil)) (list (handler-case (mapcar (lambda (x) (push x seen)) '(1 2 . 3)) (type-error (c) (type-error-datum c))) seen))`,
			`=> (3 (2 1))`},
		{"a circular list is a type-error",
			`(let ((l (list 1 2 3))) (setf (cdr (last l)) l) (handler-case (mapc #'identity l) (type-error (c) (eq (type-error-datum c) l))))`,
			`=> T`},
		{"an atom is a type-error", `(handler-case (mapcar #'identity 5) (type-error (c) (type-error-datum c)))`, `=> 5`},
		{"an undefined function", `(handler-case (mapcar 'm-no-such-function '(1)) (undefined-function (c) (cell-error-name c)))`, `=> M-NO-SUCH-FUNCTION`},
		{"a non-function", `(handler-case (mapcar 5 '(1)) (type-error (c) (type-error-datum c)))`, `=> 5`},
		{"too many arguments for the function", `(defun m-two (a b) (list a b)) (handler-case (mapcar #'m-two '(1)) (program-error () :program-error))`, `=> :PROGRAM-ERROR`},
		{"throw out of the function", `(catch 'out (mapcar (lambda (x) (if (= x 2) (throw 'out :thrown) x)) '(1 2 3)))`, `=> :THROWN`},
		{"return-from out of the function", `(defun m-find (l) (mapc (lambda (x) (when (evenp x) (return-from m-find x))) l) nil) (m-find '(1 3 4 5))`, `=> 4`},
		{"redefinition is seen", `(defun m-f (x) x) (defun m-g (l) (mapcar 'm-f l)) (m-g '(1)) (setf (fdefinition 'm-f) (lambda (x) (* 10 x))) (m-g '(1 2))`, `=> (10 20)`},
		{"arguments are evaluated left to right", `(let ((log nil)) (mapcar (progn (push 1 log) #'identity) (progn (push 2 log) '(a))) log)`, `=> (2 1)`},
		{"two lists take the general path", `(mapcar #'+ '(1 2 3) '(10 20))`, `=> (11 22)`},
		{"apply of mapcar", `(apply #'mapcar #'1+ '((1 2)))`, `=> (2 3)`},
		{"funcall of mapc", `(funcall #'mapc #'1+ '(1 2))`, `=> (1 2)`},
	}
	runFreshCases(t, cases)
}

// TestMapOneListTraced checks that a traced mapping function is called as
// traced: the compiled call sees the new definition of MAPCAR.
func TestMapOneListTraced(t *testing.T) {
	in := golem.New(golem.Options{})
	got, isErr := loopEval(in, `(defun m-id (x) x) (defun m-run () (mapcar #'m-id '(1))) (m-run) (trace mapcar)
(let ((s (make-string-output-stream))) (let ((*trace-output* s)) (m-run)) (untrace mapcar) (get-output-stream-string s))`)
	assert.False(t, isErr, got)
	assert.Contains(t, got, "0: (MAPCAR #<")
	assert.Contains(t, got, "0: MAPCAR returned (1)")
}

// TestMapOneListBacktrace checks that an error in the mapped function shows
// the mapping function's frame below the function's own, as the builtin's
// call made it.
func TestMapOneListBacktrace(t *testing.T) {
	assertErrorShows(t, []struct{ name, code, shows string }{
		{"global function", `(defun m-bad (x) (car x)) (defun m-run (l) (mapcar #'m-bad l)) (m-run '(5))`,
			"0: (CAR 5)\n1: (M-BAD 5)\n2: (MAPCAR #<FUNCTION M-BAD> (5))\n3: (M-RUN (5))"},
		{"dotted list", `(defun m-run (l) (mapc #'identity l)) (m-run '(1 . 2))`,
			"0: (MAPC #<FUNCTION IDENTITY> (1 . 2))\n1: (M-RUN (1 . 2))"},
	})
}
