package golem

import (
	"context"
	"time"

	"github.com/golem-lisp/golem/eval"
	"github.com/golem-lisp/golem/reader"
	rt "github.com/golem-lisp/golem/runtime"
)

// Call calls a Lisp function with Go arguments and returns its values.
//
// function is a *Function (a Lisp function handed to Go earlier) or a
// string read by the Lisp reader in the current package: a symbol
// ("greet", "my-pkg:score") names a global function; any other form is
// evaluated and must yield a function ("(lambda (x) (* x x))", "#'car").
// Each argument is converted with (*Interpreter).FromGo; Lisp values pass
// through unchanged. The values are Lisp values, with functions as
// *Function: convert them with ToGo or ExportTo.
//
// Like Eval, Call runs under the interpreter's limits, may be interrupted
// through ctx or Interrupt, returns an unhandled Lisp error as a *Error,
// and returns ErrBusy while another evaluation of the interpreter runs,
// except when ctx is the context of a Go function that Lisp called (see
// Function): then it calls the function within that evaluation. Output goes
// to Options.Stdout and Options.Stderr, or is discarded when they are nil
// (an error's output is kept in the *Error).
func (in *Interpreter) Call(ctx context.Context, function any, args ...any) ([]Value, error) {
	resolve, err := in.functionDesignator(function)
	if err != nil {
		return nil, err
	}
	if th := in.nestedThread(ctx); th != nil {
		return in.callOn(th, resolve, args)
	}
	ctx, mark, err := in.enter(ctx)
	if err != nil {
		return nil, err
	}
	defer in.leave(mark)
	// Go functions called from Lisp see the time limit as the context's
	// deadline, a little later than the limit itself so that Lisp code
	// running at the limit reports the timeout rather than a cancellation.
	if d := in.limits().Timeout; d > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadlineCause(ctx, time.Now().Add(d+timeoutMargin), timeoutCause(d))
		defer cancel()
	}
	var vals []Value
	err = in.run(ctx, func(th *rt.Thread) {
		aborted, _ := th.WithRestart(in.img.CLSym("ABORT"), "Return to top level.", func() {
			fn := resolve(th)
			conv := &converter{img: in.img, th: th}
			lispArgs := make([]rt.Value, len(args))
			for i, a := range args {
				lispArgs[i] = conv.fromGo(a, 0)
			}
			r := fn.Call(th, lispArgs)
			vals = in.goValues(th.MultipleValues(r))
		})
		if aborted {
			panic(&rt.Interrupted{Reason: "aborted: the ABORT restart was invoked"})
		}
	})
	if err != nil {
		return nil, err
	}
	return vals, nil
}

// timeoutMargin separates the deadline of Call's context from the time limit.
const timeoutMargin = 50 * time.Millisecond

// resolveFunction reads a function designator and returns the function.
func resolveFunction(th *rt.Thread, text string) rt.Function {
	rs := []rune(text)
	stream := rt.NewStringInput(rs, 0, len(rs))
	form := reader.Read(th, stream, true, rt.NIL, false)
	if sym, ok := form.(*rt.Symbol); ok {
		return th.Resolve(sym)
	}
	return th.Resolve(eval.Eval(th, form))
}
