package eval_test

import "testing"

// BenchmarkMapcarGlobal is MAPCAR of a one-argument global function over
// 100 elements: 100 calls and the 100 conses of the result.
func BenchmarkMapcarGlobal(b *testing.B) {
	th, run := compiledThunk(b, "(defun id1 (x) x) (defvar *l* (make-list 100 :initial-element 'a))",
		"(mapcar #'id1 *l*)")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		run(th)
	}
}

// BenchmarkMapcarClosure is MAPCAR of a lambda closing over a parameter of
// its function (boyer's substitute-term, deriv): the closure, and a call
// per element.
func BenchmarkMapcarClosure(b *testing.B) {
	th, run := compiledThunk(b, `(defun pair-all (y l) (mapcar (lambda (x) (eq x y)) l))
(defvar *l* (make-list 100 :initial-element 'a))`, "(pair-all 'b *l*)")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		run(th)
	}
}

// BenchmarkMapcGlobal is MAPC of a global function over 100 elements: no
// result list, so nothing is allocated per element.
func BenchmarkMapcGlobal(b *testing.B) {
	th, run := compiledThunk(b, "(defun id1 (x) x) (defvar *l* (make-list 100 :initial-element 'a))",
		"(mapc #'id1 *l*)")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		run(th)
	}
}

// BenchmarkFuncallClosure is FUNCALL of a closure held in a variable, 100
// times in a DOTIMES.
func BenchmarkFuncallClosure(b *testing.B) {
	th, run := compiledThunk(b, `(defun call-n (f) (dotimes (i 100) (funcall f i)))`,
		"(call-n (lambda (x) x))")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		run(th)
	}
}

// BenchmarkMapcarShort is MAPCAR of a global function over a one-element
// list 1,000 times, as boyer and deriv map over the arguments of a term:
// the cost of MAPCAR itself beside its one call and one cons.
func BenchmarkMapcarShort(b *testing.B) {
	th, run := compiledThunk(b, `(defun id1 (x) x) (defvar *l* (list 'a)) (defvar *n* (make-list 1000))
(defun map-short (l) (dolist (i *n*) (mapcar #'id1 l)))`, "(map-short *l*)")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		run(th)
	}
}

// BenchmarkCallShort is BenchmarkMapcarShort's loop calling the function
// directly and consing its value: what MAPCAR adds is the difference.
func BenchmarkCallShort(b *testing.B) {
	th, run := compiledThunk(b, `(defun id1 (x) x) (defvar *l* (list 'a)) (defvar *n* (make-list 1000))
(defun call-short (l) (dolist (i *n*) (cons (id1 (car l)) nil)))`, "(call-short *l*)")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		run(th)
	}
}

// BenchmarkSortClosure is SORT of a 100-element list by a lambda: about 550
// calls of a two-argument compiled function by the builtin.
func BenchmarkSortClosure(b *testing.B) {
	th, run := compiledThunk(b, `(defvar *l* (loop for i below 100 collect (mod (* i 37) 101)))`,
		"(sort (copy-list *l*) (lambda (a b) (< a b)))")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		run(th)
	}
}

// BenchmarkReduceKeyClosure is REDUCE over 100 elements with a lambda as
// the function and another as the :KEY.
func BenchmarkReduceKeyClosure(b *testing.B) {
	th, run := compiledThunk(b, `(defvar *l* (loop for i below 100 collect (list i)))`,
		"(reduce (lambda (a b) (+ a b)) *l* :key (lambda (x) (car x)))")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		run(th)
	}
}
