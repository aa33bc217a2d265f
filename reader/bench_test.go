package reader_test

import (
	"strings"
	"testing"

	"github.com/golem-lisp/golem/reader"
	rt "github.com/golem-lisp/golem/runtime"
)

func BenchmarkReadAll(b *testing.B) {
	th := newThread(b)
	src := strings.Repeat("(defun fib (n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2))))) ; comment\n\"a string\" 12345 1.5 #(1 2 3) `(a ,b ,@c)\n", 200)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		reader.ReadAll(th, src, func(rt.Value) {})
	}
}

// BenchmarkReadTopLevel reads as LOAD and Eval do, noting where each
// top-level form starts and converting it to a line (compare ReadAll).
func BenchmarkReadTopLevel(b *testing.B) {
	th := newThread(b)
	src := []rune(strings.Repeat("(defun fib (n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2))))) ; comment\n\"a string\" 12345 1.5 #(1 2 3) `(a ,b ,@c)\n", 200))
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	eof := rt.NewSymbol("EOF")
	for b.Loop() {
		s := rt.NewStringInput(src, 0, len(src))
		s.Name = rt.InputSource
		forms := reader.NewFormReader(s)
		for {
			if v, _ := forms.Next(th, eof); v == rt.Value(eof) {
				break
			}
		}
	}
}
