package eval_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
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

// BenchmarkPrograms runs the functions of the bench/ programs issue 2
// measures against CLISP: tak (63,609 calls of a three-argument function),
// deriv (consing, MAPCAR, COND on EQ), stak (tak over special variables)
// and ctak (tak returning with CATCH/THROW across one call per leaf).
func BenchmarkPrograms(b *testing.B) {
	for _, p := range []struct{ name, call string }{
		{"tak", "(tak 18 12 6)"},
		{"deriv", "(dotimes (i 100) (count-conses (deriv '(+ (* 3 x x) (* a x x) (* b x) 5))))"},
		{"stak", "(stak 18 12 6)"},
		{"ctak", "(ctak 18 12 6)"},
	} {
		b.Run(p.name, func(b *testing.B) {
			th, run := compiledThunk(b, benchDefinitions(b, p.name), p.call)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				run(th)
			}
		})
	}
}

// benchDefinitions returns the definitions of bench/NAME.lisp: every
// top-level form but the last, which runs the program.
func benchDefinitions(b *testing.B, name string) string {
	src, err := os.ReadFile(filepath.Join("..", "bench", name+".lisp"))
	if err != nil {
		b.Fatal(err)
	}
	in := golem.New(golem.Options{})
	th := rt.NewThread(in.Image(), context.Background(), rt.Limits{})
	text := string(src)
	runes := []rune(text)
	lastStart, pos := 0, 0
	for {
		rest := strings.TrimLeft(string(runes[pos:]), " \t\r\n")
		if rest == "" {
			break
		}
		lastStart = len(runes) - len([]rune(rest))
		_, n := reader.ReadFromString(th, rest)
		pos = lastStart + n
	}
	return string(runes[:lastStart])
}
