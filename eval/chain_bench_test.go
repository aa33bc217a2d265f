package eval_test

import "testing"

// BenchmarkShortListWalk measures takl's SHORTER-P on lists of 12 and 18
// elements (a loop of two NULL tests and a SETQ of two CDRs, 13
// iterations), 1,000 calls.
func BenchmarkShortListWalk(b *testing.B) {
	th, run := compiledThunk(b, `(defun shorter-p (a b)
  (loop (cond ((null b) (return nil)) ((null a) (return t)))
        (setq a (cdr a) b (cdr b))))
(defvar *l1* (make-list 12)) (defvar *l2* (make-list 18))
(defun walks () (dotimes (i 1000) (shorter-p *l1* *l2*)))`, "(walks)")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		run(th)
	}
}
