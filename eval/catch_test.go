package eval_test

import "testing"

// TestCatchTags checks CATCH with each kind of tag form (a constant, a
// local variable, a call) and THROWs that return to it by returns or by
// unwinding, restoring special bindings and running cleanups on the way.
// The expected values are SBCL's.
func TestCatchTags(t *testing.T) {
	cases := []struct{ name, code, want string }{
		{"variable and computed tags",
			`(defun tag-of (x) x)
(let ((tag (list :t))) (list (catch tag (throw tag :var)) (catch (tag-of tag) (+ 1 (throw tag :computed)))))`,
			`=> (:VAR :COMPUTED)`},
		{"a throw out of an argument undoes a special binding",
			`(defvar *a* 1) (list (catch 'a (let ((*a* 2)) (+ 1 (throw 'a *a*)))) *a*)`, `=> (2 1)`},
		{"a throw out of a handler's extent",
			`(defvar *a* 1) (list (catch 'a (handler-bind ((error #'identity)) (let ((*a* 3)) (list (throw 'a (list *a*)))))) *a*)`,
			`=> ((3) 1)`},
		{"a throw past an inner catch runs the cleanup",
			`(let ((x 0)) (list (catch 'o (catch 'i (unwind-protect (throw 'o :outer) (setq x 1)))) x))`, `=> (:OUTER 1)`},
		{"the thrown values, unwinding", `(multiple-value-list (catch 'm (values 1 2 (throw 'm (values 3 4)))))`, `=> (3 4)`},
		{"the thrown values, returning", `(multiple-value-list (catch 'm (throw 'm (values 5 6))))`, `=> (5 6)`},
		{"a variable or constant thrown is one value",
			`(list (multiple-value-list (catch 'm (let ((x 7)) (values 1 2) (throw 'm x))))
      (multiple-value-list (catch 'm (values 1 2) (+ 1 (throw 'm :k)))))`, `=> ((7) (:K))`},
		{"a fixnum tag", `(catch 1 (throw 1 :fixnum-tag))`, `=> :FIXNUM-TAG`},
	}
	runFreshCases(t, cases)
}
