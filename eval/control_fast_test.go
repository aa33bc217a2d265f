package eval_test

import "testing"

// TestControlFastPaths checks the behaviour the fast paths of compiled
// control forms and variable bindings must keep: DESTRUCTURING-BIND of a
// required-only pattern, and the errors its general path signals.
func TestControlFastPaths(t *testing.T) {
	cases := []struct{ name, code, want string }{
		{"destructuring-bind of exactly its elements",
			`(destructuring-bind (a b c) (list 1 2 3) (list c b a))`, `=> (3 2 1)`},
		{"destructuring-bind of too few elements",
			`(handler-case (destructuring-bind (a b c) (list 1 2) (list a b c))
  (error (c) (list (type-of c) (search "too few elements in (1 2)" (princ-to-string c)) (search "exactly 3 expected, but got 2" (princ-to-string c)))))`,
			`=> (SIMPLE-DESTRUCTURING-ERROR 53 111)`},
		{"destructuring-bind of too many elements",
			`(handler-case (destructuring-bind (a b) (list 1 2 3) (list a b))
  (error (c) (list (type-of c) (search "too many elements in (1 2 3)" (princ-to-string c)))))`,
			`=> (SIMPLE-DESTRUCTURING-ERROR 53)`},
		{"destructuring-bind of a dotted list",
			`(handler-case (destructuring-bind (a b) (list* 1 2 3) (list a b))
  (error (c) (list (type-of c) (search "dotted list in (1 2 . 3)" (princ-to-string c)))))`,
			`=> (SIMPLE-DESTRUCTURING-ERROR 53)`},
		{"destructuring-bind of an atom",
			`(handler-case (destructuring-bind (a b) 5 (list a b))
  (error (c) (list (type-of c) (search "dotted list in 5" (princ-to-string c)))))`,
			`=> (SIMPLE-DESTRUCTURING-ERROR 53)`},
		{"destructuring-bind of a circular list",
			`(handler-case (let ((l (list 1 2 3))) (setf (cdr (last l)) l) (destructuring-bind (a b) l (list a b)))
  (error (c) (list (type-of c) (search "circular list" (princ-to-string c)))))`,
			`=> (SIMPLE-DESTRUCTURING-ERROR 53)`},
		{"destructuring-bind of () matches only the empty list",
			`(list (destructuring-bind () nil :empty)
      (handler-case (destructuring-bind () '(1) :empty) (error (c) (type-of c))))`,
			`=> (:EMPTY SIMPLE-DESTRUCTURING-ERROR)`},
		{"each destructuring-bind in a loop binds fresh captured variables",
			`(let ((fns nil)) (dolist (x '((1 2) (3 4)) (mapcar #'funcall fns))
  (destructuring-bind (a b) x (push (lambda () (+ a b)) fns))))`, `=> (7 3)`},
	}
	runFreshCases(t, cases)
}
