package runtime_test

import (
	"context"
	"testing"

	rt "github.com/golem-lisp/golem/runtime"
)

var numSink rt.Value

// BenchmarkAddFixnum adds small fixnums: the result comes pre-boxed, so the
// fast path must not allocate.
func BenchmarkAddFixnum(b *testing.B) {
	img := rt.NewImage()
	th := rt.NewThread(img, context.Background(), rt.Limits{})
	x, y := rt.MakeInt(1000), rt.MakeInt(2000)
	b.ReportAllocs()
	for b.Loop() {
		numSink = rt.Add(th, x, y)
	}
}

// BenchmarkAddMixed measures the generic path (fixnum + double).
func BenchmarkAddMixed(b *testing.B) {
	img := rt.NewImage()
	th := rt.NewThread(img, context.Background(), rt.Limits{})
	x, y := rt.MakeInt(1000), rt.Value(rt.DoubleFloat(0.5))
	b.ReportAllocs()
	for b.Loop() {
		numSink = rt.Add(th, x, y)
	}
}

// BenchmarkNumLessFixnum compares fixnums.
func BenchmarkNumLessFixnum(b *testing.B) {
	img := rt.NewImage()
	th := rt.NewThread(img, context.Background(), rt.Limits{})
	x, y := rt.MakeInt(1000), rt.MakeInt(2000)
	b.ReportAllocs()
	ok := false
	for b.Loop() {
		ok = rt.NumLess(th, x, y)
	}
	numSink = rt.Bool(ok)
}

func TestAddFixnumDoesNotAllocate(t *testing.T) {
	img := rt.NewImage()
	th := rt.NewThread(img, context.Background(), rt.Limits{})
	x, y := rt.MakeInt(1000), rt.MakeInt(2000)
	allocs := testing.AllocsPerRun(100, func() {
		numSink = rt.Add(th, x, y)
		numSink = rt.Sub(th, x, y)
		numSink = rt.Mul(th, rt.MakeInt(3), x)
		numSink = rt.OnePlus(th, x)
	})
	if allocs != 0 {
		t.Fatalf("fixnum arithmetic allocated %v times per run", allocs)
	}
}
