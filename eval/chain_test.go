package eval_test

import "testing"

// TestListWalks checks the loops run as list walks (eval/chain.go) on
// and off their fast path: exits on either variable, lists of any length,
// a dotted list (its TYPE-ERROR), a captured variable (its slot holds a
// box), one variable; and loops of a shape close to a walk that are not
// one (a variable stepped twice, a test leaving on a true variable, a LET,
// comparison and EQ tests, RETURN-FROM with a value). The expected values
// are SBCL's.
func TestListWalks(t *testing.T) {
	const shorter = `(defun shorter-p (a b)
  (loop (cond ((null b) (return nil)) ((null a) (return t)))
        (setq a (cdr a) b (cdr b))))
`
	cases := []struct{ name, code, want string }{
		{"walk of two lists", shorter + `(list (shorter-p '(1 2) '(1 2 3)) (shorter-p '(1 2 3) '(1)) (shorter-p nil nil) (shorter-p nil '(1)) (shorter-p '(1) nil) (shorter-p '(1 2) '(3 4)))`,
			`=> (T NIL NIL T NIL NIL)`},
		{"walk of long lists", shorter + `(list (shorter-p (make-list 5000) (make-list 5001)) (shorter-p (make-list 5001) (make-list 5000)))`, `=> (T NIL)`},
		{"walk into a dotted list", shorter + `(handler-case (shorter-p '(1 2 . 3) '(1 2 3 4)) (type-error (e) (list (type-error-datum e) (type-error-expected-type e))))`,
			`=> (3 LIST)`},
		{"walk whose variable is captured", `(defun f (a b) (let ((g (lambda () a))) (list (loop (cond ((null b) (return nil)) ((null a) (return t))) (setq a (cdr a) b (cdr b))) (funcall g)))) (list (f '(1 2 3) '(4)) (f '(1) '(2 3)))`,
			`=> ((NIL (2 3)) (T NIL))`},
		{"walk of one list", `(defun skip (l) (loop (when (null l) (return :done)) (setq l (cdr l)))) (list (skip '(1 2 3)) (skip nil) (handler-case (skip '(1 . 2)) (type-error (e) (type-error-datum e))))`,
			`=> (:DONE :DONE 2)`},
		{"variable stepped twice", `(defun f (l n) (loop (when (null l) (return n)) (setq l (cdr l) l (cdr l) n (1+ n)))) (list (f '(1 2 3 4) 0) (f '(1 2) 0))`,
			`=> (2 1)`},
		{"test leaving on a true variable", `(defun f (a b) (loop (when a (return :a)) (when (null b) (return :b)) (setq b (cdr b)))) (list (f nil '(1 2)) (f 1 '(1)))`,
			`=> (:B :A)`},
		{"tests, LET and assignments in a chain", `(defun f (l) (let ((n 0) (m 0)) (loop (when (null l) (return (list n m))) (let ((x (car l))) (setq m (+ m x))) (setq n (1+ n) l (cdr l))))) (f '(1 2 3 4))`,
			`=> (4 10)`},
		{"comparison and EQ tests in a chain", `(defun f (l k) (let ((i 0)) (loop (when (>= i 10) (return :ten)) (when (eq (car l) k) (return i)) (setq i (1+ i) l (cdr l))))) (list (f '(a b c) 'c) (f '(a b c) 'z))`,
			`=> (2 :TEN)`},
		{"tests after the steps, in a tagbody", `(defun f (a b) (tagbody top (setq a (cdr a) b (cdr b)) (when (null a) (go out)) (go top) out) b) (defun g (a) (tagbody top (setq a (cdr a)) (when (null a) (go out)) (go top) out) a) (list (f '(1 2) '(1 2 3 4)) (f '(1 2 3) '(1 2 3)) (g '(1 2 3)))`,
			`=> ((3 4) NIL NIL)`},
		{"return-from with a value in a chain", `(defun f (x) (block b (let ((y x)) (tagbody top (when (null y) (return-from b :end)) (setq y (cdr y)) (go top))))) (f '(1 2))`,
			`=> :END`},
	}
	runFreshCases(t, cases)
}
