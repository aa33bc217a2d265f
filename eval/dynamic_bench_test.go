package eval_test

import "testing"

// BenchmarkUnwindProtect measures 1,000 UNWIND-PROTECTs left normally
// (the protected form and the cleanup each a SETQ).
func BenchmarkUnwindProtect(b *testing.B) {
	th, run := compiledThunk(b, `(defun up-loop (n)
  (let ((x 0) (y 0)) (dotimes (i n) (unwind-protect (setq x (1+ x)) (setq y (1+ y)))) (+ x y)))`, "(up-loop 1000)")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		run(th)
	}
}

// BenchmarkSpecialLet measures 1,000 LETs binding two special variables,
// one to the other's value.
func BenchmarkSpecialLet(b *testing.B) {
	th, run := compiledThunk(b, `(defvar *sa* 0) (defvar *sb* 0)
(defun sl-loop (n) (dotimes (i n) (let ((*sa* i) (*sb* *sa*)) (setq *sb* (1+ *sb*)))))`, "(sl-loop 1000)")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		run(th)
	}
}
