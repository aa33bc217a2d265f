package eval_test

import "testing"

// TestBuiltinsCallClosures checks the sequence functions calling compiled
// functions through their one- and two-argument entry points (SORT's
// predicate, REDUCE's function, :KEY, :TEST, :TEST-NOT and -IF
// predicates), with functions that have them and functions that do not
// (optional or captured parameters), against SBCL's values and errors.
func TestBuiltinsCallClosures(t *testing.T) {
	cases := []struct{ name, code, want string }{
		{"sort of a list", `(sort (list 3 1 2) (lambda (a b) (< a b)))`, `=> (1 2 3)`},
		{"sort of a vector with a key", `(sort (vector '(3) '(1) '(2)) (lambda (a b) (> a b)) :key (lambda (x) (car x)))`, `=> #((3) (2) (1))`},
		{"stable-sort with a predicate taking an optional", `(stable-sort (list 3 1 2) (lambda (a b &optional c) (declare (ignore c)) (< a b)))`, `=> (1 2 3)`},
		{"merge", `(merge 'list (list 1 3) (list 2 4) (lambda (a b) (< a b)))`, `=> (1 2 3 4)`},
		{"reduce of a list", `(reduce (lambda (a b) (list a b)) '(1 2 3 4))`, `=> (((1 2) 3) 4)`},
		{"reduce of a vector from the end", `(reduce (lambda (a b) (list a b)) #(1 2 3 4) :from-end t)`, `=> (1 (2 (3 4)))`},
		{"reduce with a key", `(reduce #'+ '((1) (2) (3)) :key (lambda (x) (car x)))`, `=> 6`},
		{"reduce with a vector and initial value", `(reduce (lambda (a b) (+ a b)) #(1 2 3) :initial-value 10)`, `=> 16`},
		{"find-if", `(find-if (lambda (x) (> x 2)) '(1 2 3 4))`, `=> 3`},
		{"remove-if-not with a key", `(remove-if-not (lambda (x) (evenp x)) '((1) (2) (4)) :key (lambda (c) (car c)))`, `=> ((2) (4))`},
		{"member with a test", `(member 2 '(1 2 3) :test (lambda (a b) (= a b)))`, `=> (2 3)`},
		{"assoc with a test-not", `(assoc 1 '((1 . a) (2 . b)) :test-not (lambda (a b) (= a b)))`, `=> (2 . B)`},
		{"count-if of a closure over a captured parameter",
			`(defun count-above (n l) (count-if (lambda (x) (> x n)) l)) (count-above 2 '(1 2 3 4 5))`, `=> 3`},
		{"a predicate whose parameter is captured",
			`(mapcar #'funcall (remove-if (lambda (x) (let ((f (lambda () x))) (null (funcall f)))) (list (lambda () 1) nil)))`, `=> (1)`},
		{"a predicate taking too few arguments",
			`(handler-case (sort (list 2 1) (lambda (a) a)) (program-error () :program-error))`, `=> :PROGRAM-ERROR`},
		{"a key taking too many arguments",
			`(handler-case (find 1 '(1) :key (lambda (a b) (list a b))) (program-error () :program-error))`, `=> :PROGRAM-ERROR`},
		{"an error in a predicate",
			`(handler-case (sort (list 'a 1) (lambda (a b) (< a b))) (type-error (c) (type-error-datum c)))`, `=> A`},
		{"a throw out of a test", `(catch 'out (member 2 '(1 2 3) :test (lambda (a b) (when (= a b) (throw 'out :thrown)))))`, `=> :THROWN`},
	}
	runFreshCases(t, cases)
}
