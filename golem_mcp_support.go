package golem

import (
	"context"

	rt "github.com/golem-lisp/golem/runtime"
)

// Additions to the embedding API used by the MCP server (package mcp).

// PrintedValues returns the values of a successful evaluation as the
// response text prints them (the "=> " lines).
func (r *Result) PrintedValues() []string {
	return append([]string(nil), r.printed...)
}

// Run runs fn on a fresh evaluation thread of the interpreter, set up as
// Eval sets up its threads (limits, captured streams, warning capture):
// an unhandled Lisp error or an interrupt inside fn is returned as a *Error,
// and Interrupt reaches it. Special bindings fn makes are undone when it
// returns. Like Eval, Run returns ErrBusy while another evaluation of the
// interpreter runs, and runs fn inside an evaluation suspended by the
// debugger (see EvalDebug).
func (in *Interpreter) Run(ctx context.Context, fn func(th *rt.Thread)) error {
	if susp := in.debugTarget(ctx); susp != nil {
		return susp.run(ctx, fn) // inside the suspended evaluation (debug.go)
	}
	ctx, mark, err := in.enter(ctx)
	if err != nil {
		return err
	}
	defer in.leave(mark)
	return in.run(ctx, fn)
}

// run is Run once the interpreter is claimed (see enter).
func (in *Interpreter) run(ctx context.Context, fn func(th *rt.Thread)) error {
	s := in.begin(ctx)
	defer in.end(s)
	return in.protect(s, func() { fn(s.th) })
}

// PrintValue renders v as the response text's => lines do (the response's
// printer variables, cut at the output limit), for servers that report a
// value in a format of their own.
func PrintValue(th *rt.Thread, v rt.Value) string { return printValue(th, v) }
