package reader_test

import (
	"context"
	"testing"

	"github.com/golem-lisp/golem/reader"
	rt "github.com/golem-lisp/golem/runtime"
)

// FuzzRead checks that any input either reads or signals one of the
// conditions the reader is allowed to signal: READER-ERROR, END-OF-FILE,
// STORAGE-CONDITION (deep nesting, huge #n( lengths), PACKAGE-ERROR
// (interning a new symbol in a locked package with pkg::name), and, where
// SBCL signals them too, TYPE-ERROR (#C parts, bignum #n( lengths, dotted
// feature expressions) and SIMPLE-ERROR (malformed #nA contents, bad
// feature expressions). Never a Go panic.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		"(a b . c)", "'x", "`(a ,b ,@c ,.d)", "#(1 2 3)", "#3(1)", "#*101", "#5*1", "#2A((1 2)(3 4))",
		"#0A5", "#c(1 2)", "#x-ff", "#36rZZ", "#b1/10", "1.5d0", "1e39", "1/0", "-.5e-3", "10.",
		"|a\\|b|", "a\\b", "cl:car", "cl::car", "foo::bar", ":k", "#:g", "#\\Space", "#\\U+41", "#\\(",
		"#1=(a . #1#)", "#1=#(#1#)", "(#1=a #1#)", "#+sbcl a b", "#-(or) 1", "#+(and a (not b)) 1 2",
		"#|a #| b |# c|# x", "; c\n y", "\"a\\\"b\"", "#p\"x\"", "#s(p)", "#.x", ")", "...", "(a . )",
		"#\\", "#", "#12", ",a", "`,@a", "(((", "#'f", "#a", "#3a(((1)))", "#1=#2=#1#", "#+nil #<",
		"1.5.6", "+.e", "#c(1.0 2d0)", "#0*", "#*2", "#b2", "1e-400",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		img := fuzzImage(t)
		th := rt.NewThread(img, context.Background(), rt.Limits{MaxDepth: 500, MaxMemory: 1 << 20})
		defer func() {
			r := recover()
			if r == nil {
				return
			}
			u, ok := r.(*rt.Unhandled)
			if !ok {
				t.Fatalf("input %q: Go panic %v", src, r)
			}
			for _, name := range []string{"READER-ERROR", "END-OF-FILE", "STORAGE-CONDITION", "PACKAGE-ERROR", "TYPE-ERROR", "SIMPLE-ERROR"} {
				if th.TypeP(u.Condition, img.CLSym(name)) {
					return
				}
			}
			t.Fatalf("input %q: unexpected condition %s: %s", src, u.Condition.Class.Name.Name, conditionText(th, u.Condition))
		}()
		th.BindSpecial(img.S.ReadEval, rt.NIL) // no evaluation: #. is a reader error
		reader.ReadAll(th, src, func(rt.Value) {})
	})
}

// fuzzImage returns one image per fuzzing process: building an image for
// every input would dominate the run time.
func fuzzImage(t *testing.T) *rt.Image {
	t.Helper()
	if fuzzImg == nil {
		fuzzImg = rt.NewImage()
	}
	return fuzzImg
}

var fuzzImg *rt.Image
