package eval_test

import "testing"

// BenchmarkListWalkLoop measures a LOOP walking two 1,000-element lists
// with NULL tests and SETQ of CDRs (takl's inner loop): 1,000 iterations.
func BenchmarkListWalkLoop(b *testing.B) {
	th, run := compiledThunk(b, `(defun shorter-p (a b)
  (loop (cond ((null b) (return nil)) ((null a) (return t)))
        (setq a (cdr a) b (cdr b))))
(defvar *l1* (make-list 1000)) (defvar *l2* (make-list 1000))`, "(shorter-p *l1* *l2*)")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		run(th)
	}
}

// BenchmarkDoLoop measures a DO loop stepping two variables in parallel
// over a 200-element list (div2-iter): 100 iterations, 100 conses.
func BenchmarkDoLoop(b *testing.B) {
	th, run := compiledThunk(b, `(defun halve (l)
  (do ((rest l (cddr rest)) (acc '() (cons (car rest) acc))) ((null rest) acc)))
(defvar *l* (make-list 200))`, "(halve *l*)")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		run(th)
	}
}
