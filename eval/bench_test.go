package eval_test

import (
	"context"
	"testing"

	"github.com/golem-lisp/golem"
	"github.com/golem-lisp/golem/eval"
	"github.com/golem-lisp/golem/reader"
	rt "github.com/golem-lisp/golem/runtime"
)

// compiledThunk compiles code in a fresh interpreter after evaluating setup.
func compiledThunk(b *testing.B, setup, code string) (*rt.Thread, func(*rt.Thread) rt.Value) {
	in := golem.New(golem.Options{})
	if _, err := in.Eval(context.Background(), setup); err != nil {
		b.Fatal(err)
	}
	th := rt.NewThread(in.Image(), context.Background(), rt.Limits{})
	form, _ := reader.ReadFromString(th, code)
	return th, eval.Compile(th, form)
}

// BenchmarkCall measures a call to a one-argument Lisp function: it must not allocate.
func BenchmarkCall(b *testing.B) {
	th, run := compiledThunk(b, "(defun id1 (x) x)", "(id1 7)")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		run(th)
	}
}

// BenchmarkFixnumArith measures inlined fixnum arithmetic on small values: no allocation.
func BenchmarkFixnumArith(b *testing.B) {
	th, run := compiledThunk(b, "(defun ar (a b) (if (< a b) (+ a (- b 1)) (- a b)))", "(ar 10 20)")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		run(th)
	}
}

// BenchmarkFib20 measures recursive calls with fixnum arithmetic.
func BenchmarkFib20(b *testing.B) {
	th, run := compiledThunk(b, "(defun fib (n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2)))))", "(fib 20)")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		run(th)
	}
}

// BenchmarkCallLoop measures a million calls from a Lisp loop.
func BenchmarkCallLoop(b *testing.B) {
	th, run := compiledThunk(b, "(defun id1 (x) x)", "(dotimes (i 1000000) (id1 i))")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		run(th)
	}
}

// BenchmarkEmptyLoop measures a million iterations of DOTIMES.
func BenchmarkEmptyLoop(b *testing.B) {
	th, run := compiledThunk(b, "", "(dotimes (i 1000000) i)")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		run(th)
	}
}

// BenchmarkTak measures (tak 18 12 6): 63,609 calls of a three-argument function.
func BenchmarkTak(b *testing.B) {
	th, run := compiledThunk(b, `(defun tak (x y z)
  (if (not (< y x)) z
      (tak (tak (1- x) y z) (tak (1- y) z x) (tak (1- z) x y))))`, "(tak 18 12 6)")
	for i := 0; i < b.N; i++ {
		run(th)
	}
}

// BenchmarkDeriv measures symbolic differentiation: consing, MAPCAR, COND on EQ.
func BenchmarkDeriv(b *testing.B) {
	th, run := compiledThunk(b, `(defun deriv-aux (a) (list '/ (deriv a) a))
(defun deriv (a)
  (cond ((atom a) (if (eq a 'x) 1 0))
        ((eq (car a) '+) (cons '+ (mapcar #'deriv (cdr a))))
        ((eq (car a) '-) (cons '- (mapcar #'deriv (cdr a))))
        ((eq (car a) '*) (list '* a (cons '+ (mapcar #'deriv-aux (cdr a)))))
        ((eq (car a) '/) (list '- (list '/ (deriv (cadr a)) (caddr a))
                               (list '/ (cadr a) (list '* (caddr a) (caddr a) (deriv (caddr a))))))
        (t 'error)))
(defun count-conses (x) (if (consp x) (+ 1 (count-conses (car x)) (count-conses (cdr x))) 0))`, "(dotimes (i 100) (count-conses (deriv '(+ (* 3 x x) (* a x x) (* b x) 5))))")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		run(th)
	}
}

// BenchmarkStak measures tak over special variables: dynamic binding and
// special variable reads.
func BenchmarkStak(b *testing.B) {
	th, run := compiledThunk(b, `(defvar *x*) (defvar *y*) (defvar *z*)
(defun stak (*x* *y* *z*) (stak-aux))
(defun stak-aux ()
  (if (not (< *y* *x*)) *z*
      (let ((*x* (let ((*x* (1- *x*)) (*y* *y*) (*z* *z*)) (stak-aux)))
            (*y* (let ((*x* (1- *y*)) (*y* *z*) (*z* *x*)) (stak-aux)))
            (*z* (let ((*x* (1- *z*)) (*y* *x*) (*z* *y*)) (stak-aux))))
        (stak-aux))))`, "(stak 18 12 6)")
	for i := 0; i < b.N; i++ {
		run(th)
	}
}

// BenchmarkCtak measures tak with CATCH/THROW for returns: a THROW that
// crosses one function call for every leaf.
func BenchmarkCtak(b *testing.B) {
	th, run := compiledThunk(b, `(defun ctak (x y z) (catch 'ctak (ctak-aux x y z)))
(defun ctak-aux (x y z)
  (if (not (< y x))
      (throw 'ctak z)
      (ctak-aux (catch 'ctak (ctak-aux (1- x) y z))
                (catch 'ctak (ctak-aux (1- y) z x))
                (catch 'ctak (ctak-aux (1- z) x y)))))`, "(ctak 18 12 6)")
	for i := 0; i < b.N; i++ {
		run(th)
	}
}
