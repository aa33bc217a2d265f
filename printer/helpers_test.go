package printer_test

import (
	"context"
	"testing"

	_ "github.com/golem-lisp/golem/conditions"
	"github.com/golem-lisp/golem/printer"
	"github.com/golem-lisp/golem/reader"
	rt "github.com/golem-lisp/golem/runtime"
)

// env is a fresh image and thread with *standard-output* bound to a string
// stream.
type env struct {
	img *rt.Image
	th  *rt.Thread
	out *rt.StringOutputStream
}

func newEnv(t testing.TB) *env {
	t.Helper()
	img := rt.NewImage()
	th := rt.NewThread(img, context.Background(), rt.Limits{})
	out := rt.NewStringOutput()
	th.BindSpecial(img.S.StandardOutput, out)
	th.BindSpecial(img.S.TerminalIO, out)
	th.BindSpecial(img.S.Package, img.CLUser)
	// The SBCL outputs the cases hold were produced with *print-pretty* NIL
	// unless a case binds it.
	th.BindSpecial(img.S.PrintPretty, rt.NIL)
	return &env{img: img, th: th, out: out}
}

// read parses Lisp data text.
func (e *env) read(s string) rt.Value {
	v, _ := reader.ReadFromString(e.th, s)
	return v
}

// bind binds printer variables given as name/value-text pairs, e.g.
// "*PRINT-BASE*", "16".
func (e *env) bind(pairs ...string) {
	for i := 0; i+1 < len(pairs); i += 2 {
		e.th.BindSpecial(e.img.CLSym(pairs[i]), e.read(pairs[i+1]))
	}
}

// catch runs fn and returns the class name of the unhandled condition it
// signalled, or "".
func (e *env) catch(fn func()) (name string) {
	d := e.th.SpecialDepth()
	defer func() {
		if r := recover(); r != nil {
			u, ok := r.(*rt.Unhandled)
			if !ok {
				panic(r)
			}
			name = u.Condition.Class.Name.Name
		}
		e.th.UnbindTo(d)
	}()
	fn()
	return ""
}

// call calls a Lisp function by name with arguments.
func (e *env) call(name string, args ...rt.Value) rt.Value {
	return e.th.Call(e.img.CLSym(name), args...)
}

func (e *env) prin1(v rt.Value) string { return printer.ToString(e.th, v, true) }

func nanValue() float64 {
	zero := 0.0
	return zero / zero
}
