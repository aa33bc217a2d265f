package golem_test

import (
	"context"
	"testing"

	"github.com/golem-lisp/golem"
)

// BenchmarkEvalSmall measures one Eval of a form that does almost nothing,
// (+ 1 2): the cost of setting up and ending an evaluation (thread,
// captured streams, memory account, contexts), reading, compiling and
// printing the value. An MCP evaluate-lisp call pays it on every call.
func BenchmarkEvalSmall(b *testing.B) {
	in := golem.New(golem.Options{})
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		res, err := in.Eval(ctx, "(+ 1 2)")
		if err != nil || res.Text() != "=> 3" {
			b.Fatal(res, err)
		}
	}
}
