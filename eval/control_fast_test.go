package eval_test

import (
	"context"
	"testing"
	"time"

	"github.com/golem-lisp/golem"
	"github.com/stretchr/testify/assert"
)

// TestControlFastPaths checks the behaviour the fast paths of compiled
// control forms and variable bindings must keep: DESTRUCTURING-BIND of a
// required-only pattern and the errors its general path signals; TAGBODY
// statements run as jumps, tests and assignments (IF branches, PROGN and
// TAGBODY spliced in, SETQ and PSETQ of local variables); fused IF tests.
// The expected values are SBCL's.
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
		{"a list walk leaves by either RETURN",
			`(let ((a (list 1 2 3)) (b (list 1 2)) (n 0))
  (loop (cond ((null b) (return (list :b n))) ((null a) (return (list :a n))))
        (setq a (cdr a) b (cdr b)) (incf n)))`, `=> (:B 2)`},
		{"DO steps its variables in parallel",
			`(do ((r '(1 2 3 4 5) (cddr r)) (acc '() (cons (car r) acc))) ((null r) acc))`, `=> (5 3 1)`},
		{"PSETQ statement swaps", `(let ((x 1) (y 2)) (tagbody (psetq x y y x)) (list x y))`, `=> (2 1)`},
		{"GO forwards and backwards",
			`(let ((out nil)) (tagbody (setq out (cons 1 out)) (go b) a (setq out (cons 2 out)) (go c) b (setq out (cons 3 out)) (go a) c) out)`,
			`=> (2 3 1)`},
		{"IF statements with both branches in a loop",
			`(let ((i 0) (out nil)) (tagbody top (if (< i 5) (progn (if (oddp i) (push i out) (push (- i) out)) (incf i) (go top)))) out)`,
			`=> (-4 3 -2 1 0)`},
		{"WHEN and UNLESS statements",
			`(let ((i 0) (out nil)) (tagbody top (when (>= i 3) (go end)) (unless (= i 1) (push i out)) (setq i (1+ i)) (go top) end) out)`,
			`=> (2 0)`},
		{"a statement IF whose branches both jump",
			`(let ((n 0)) (tagbody top (incf n) (if (< n 3) (go top) (go end)) (setq n 100) end) n)`, `=> 3`},
		{"an IF statement jumping in one branch only",
			`(let ((n 0) (m 0)) (tagbody top (incf n) (if (< n 3) (incf m) (go end)) (go top) end) (list n m))`, `=> (3 2)`},
		{"RETURN-FROM out of a statement IF",
			`(let ((n 0)) (block b (tagbody top (incf n) (if (> n 3) (return-from b n) (go top)))))`, `=> 4`},
		{"nested PROGN and TAGBODY statements run in order",
			`(let ((n 0)) (tagbody (progn (incf n) (progn (setq n (* n 10)))) (tagbody (incf n 100))) n)`, `=> 110`},
		{"a statement test with no branches is evaluated",
			`(let ((n 0)) (tagbody (if (progn (incf n) nil) 1 2)) n)`, `=> 1`},
		{"captured variables set by a SETQ statement",
			`(let ((fns nil) (x 0)) (tagbody top (setq x (1+ x)) (push (lambda () x) fns) (if (< x 3) (go top))) (mapcar #'funcall fns))`,
			`=> (3 3 3)`},
		{"SETQ of CDR of a non-list is a type error",
			`(handler-case (let ((a 5)) (tagbody (setq a (cdr a))) a) (type-error (c) (list :type-error (type-error-datum c))))`,
			`=> (:TYPE-ERROR 5)`},
		{"PSETQ of 1+ of a symbol is a type error",
			`(handler-case (let ((a 'x) (b 1)) (tagbody (psetq a (1+ a) b a)) a) (type-error (c) (list :type-error (type-error-datum c))))`,
			`=> (:TYPE-ERROR X)`},
		{"1+ of a float and past the fixnums",
			`(let ((a 1.5) (b most-positive-fixnum)) (tagbody (setq a (1+ a) b (1+ b))) (list a (= b (1+ most-positive-fixnum))))`,
			`=> (2.5 T)`},
		{"ENDP test of a list and of a non-list",
			`(list (let ((l (list 1 2 3)) (s 0)) (tagbody top (if (endp l) (go end)) (incf s (car l)) (setq l (cdr l)) (go top) end) s)
      (handler-case (let ((l 5)) (tagbody top (if (endp l) (go end)) (setq l (cdr l)) (go top) end) l)
        (type-error (c) (list :type-error (type-error-datum c)))))`,
			`=> (6 (:TYPE-ERROR 5))`},
		{"fused IF tests",
			`(let ((x nil) (y 3) (z (list 1)) (w 1))
  (list (if (not (not x)) 1 2) (if (eq y 3) :three) (if (atom z) :atom :cons) (if (= w 1.0) :eq) (if (endp z) 1 2)))`,
			`=> (2 :THREE :CONS :EQ 2)`},
		{"SETQ of several local variables returns the last value",
			`(let ((a (list 1 2)) (b 5)) (list (setq a (cdr a) b (1- b)) a b))`, `=> (4 (2) 4)`},
		{"an error in a macro of a loop body is signalled when that form runs",
			`(defmacro bad-macro () (error "bad expansion"))
(let ((out nil)) (handler-case (dotimes (i 3) (push i out) (bad-macro)) (error () (list :error out))))`,
			"[warnings]\nWARNING: Compiling (BAD-MACRO) signalled an error, which evaluating it signals again: bad expansion\n\n=> (:ERROR (0))"},
		{"OR and COND clauses of one form return one value of a true form, all of the last",
			`(list (multiple-value-list (or (values 1 2) 3)) (multiple-value-list (or nil (values 1 2)))
      (multiple-value-list (cond ((values 1 2)))) (multiple-value-list (or nil nil))
      (let ((x nil) (y 5)) (or x y)) (funcall (lambda (a) (or a :none)) nil))`,
			`=> ((1) (1 2) (1) (NIL) 5 :NONE)`},
		{"IF branches that are constants return one value",
			`(list (multiple-value-list (if (values nil 2) 1 :no)) (multiple-value-list (funcall (lambda (x) (if x 'a "b")) nil)))`,
			`=> ((:NO) ("b"))`},
		{"a LET statement binds fresh variables at each iteration",
			`(let ((fns nil) (i 0)) (tagbody top (let* ((j i) (k (* 10 j))) (push (lambda () (list j k)) fns)) (incf i) (when (< i 3) (go top))) (mapcar #'funcall fns))`,
			`=> ((2 20) (1 10) (0 0))`},
		{"LET statements bind in parallel, LET* in sequence",
			`(let ((x 1) (out nil)) (tagbody (let ((x 2) (y x)) (push (list x y) out)) (let* ((x 3) (y x)) (push (list x y) out))) out)`,
			`=> ((3 3) (2 1))`},
		{"a LET statement loops back by GO from its body",
			`(let ((out nil) (i 0)) (tagbody top (let ((j (* i i))) (push j out) (when (< i 3) (incf i) (go top)))) out)`,
			`=> (9 4 1 0)`},
		{"LET statements of special variables bind them dynamically",
			`(defvar *sp* :global) (defun get-sp () *sp*)
(let ((out nil)) (tagbody (let ((*sp* :bound)) (push (get-sp) out)) (let ((x :lex)) (declare (special x)) (push x out)) (push (get-sp) out)) out)`,
			`=> (:GLOBAL :LEX :BOUND)`},
		{"DOLIST binds a fresh variable for each element",
			`(let ((fns nil)) (dolist (x '(1 2 3)) (push (lambda () x) fns)) (mapcar #'funcall fns))`, `=> (3 2 1)`},
		{"RETURN statements of a variable, a constant and nothing return one value",
			`(list (multiple-value-list (loop (values 1 2) (return 3)))
      (multiple-value-list (let ((x :x)) (loop (floor 7 2) (return x))))
      (multiple-value-list (dotimes (i 5) (when (= i 2) (truncate 7 2) (return))))
      (block outer (dolist (x '(1 2 3)) (when (= x 2) (return-from outer (list :outer x))))))`,
			`=> ((3) (:X) (NIL) (:OUTER 2))`},
		{"circular tagbody statements are a storage condition, not a crash",
			`(list (handler-case (eval (read-from-string "(tagbody a #1=(progn 1 #1#))")) (storage-condition () :storage))
      (handler-case (eval (read-from-string "(tagbody a #1=(if x #1# #1#))")) (storage-condition () :storage))
      (handler-case (eval (read-from-string "(tagbody a #1=(let ((x 1)) #1#))")) (storage-condition () :storage)))`,
			`=> (:STORAGE :STORAGE :STORAGE)`},
		{"a statement macro expanding into itself is a storage condition",
			`(defmacro selfm () '(selfm)) (handler-case (eval '(loop (selfm))) (storage-condition () :storage))`,
			`=> :STORAGE`},
	}
	runFreshCases(t, cases)
}

// TestLoopsCountSteps checks that loops made of statements the tagbody
// runs itself (jumps, tests, assignments) still count steps, so the step
// limit stops them.
func TestLoopsCountSteps(t *testing.T) {
	loops := []string{
		`(tagbody a (go a))`,
		`(let ((x 0)) (tagbody a (setq x 1) (go a)))`,
		`(let ((x 0)) (loop (setq x (1+ x))))`,
		`(let ((l (list 1))) (setf (cdr l) l) (loop (setq l (cdr l))))`,
		`(let ((x 0)) (tagbody a (if (< x 10) (go a) (go a))))`,
		`(let ((x 0)) (tagbody a (psetq x 1) (when t (go a))))`,
		`(do ((i 0 (1+ i))) (nil))`,
		`(let ((x 0)) (tagbody a (go b) b (go a)))`,
		// List walks, run with their variables in Go locals (chain.go).
		`(let ((l (list 1 2))) (setf (cddr l) l) (loop (when (null l) (return)) (setq l (cdr l))))`,
		`(let* ((l (list 1 2)) (m l)) (setf (cddr l) l) (loop (cond ((null l) (return nil)) ((null m) (return t))) (setq l (cdr l) m (cdr m))))`,
	}
	for _, code := range loops {
		t.Run(code, func(t *testing.T) {
			in := golem.New(golem.Options{Limits: golem.Limits{MaxSteps: 100_000}})
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			_, err := in.Eval(ctx, code)
			assert.ErrorIs(t, err, golem.ErrStepLimit)
		})
	}
}
