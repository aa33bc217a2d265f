package printer_test

import (
	"testing"

	"github.com/golem-lisp/golem/printer"
	rt "github.com/golem-lisp/golem/runtime"
)

func BenchmarkPrin1Symbol(b *testing.B) {
	e := newEnv(b)
	v := e.read("(foo bar \"baz\" 1 2.5 #\\x)")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		printer.ToString(e.th, v, true)
	}
}

func BenchmarkFormatA(b *testing.B) {
	e := newEnv(b)
	ctl := rt.NewString("~a ~a ~d~%")
	args := []rt.Value{e.read("foo"), rt.NewString("x"), rt.MakeInt(42)}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		printer.Format(e.th, rt.NIL, ctl, args)
	}
}
