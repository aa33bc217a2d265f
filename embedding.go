package golem

import (
	"context"
	"fmt"
	goruntime "runtime"
	"sync/atomic"
	"time"

	rt "github.com/golem-lisp/golem/runtime"
)

// embedding is the Interpreter's state for Setup, the busy check and
// calls back into Lisp (see ErrBusy and Function).
type embedding struct {
	// holder marks the evaluation that has the interpreter, nil when idle.
	holder atomic.Pointer[evalMark]
	// setupErr is what Options.Setup returned; evaluations return it.
	setupErr error
	// lisp is 1 while Lisp code runs on the thread of the evaluation that
	// holds the interpreter, 0 while that thread waits in a Go function
	// called from Lisp: only then may Lisp be called back on it, by one
	// caller at a time (see callOn).
	lisp atomic.Int32
}

// evalMark identifies one evaluation; its context carries it, so that a
// Go function called from Lisp that calls back with that context is known
// to run on the evaluation's own goroutine.
// It also records the caller's deadline, to tell it from the time limit.
type evalMark struct {
	in          *Interpreter
	deadline    time.Time
	hasDeadline bool
}

type evalMarkKey struct{}

// interpreterKey keys the Interpreter in its Image's Extra map, so that Go
// functions called from Lisp can give Lisp functions to Go as *Function.
type interpreterKey struct{}

// initEmbedding runs at the end of New: it records the interpreter in its
// image and runs Options.Setup.
func (in *Interpreter) initEmbedding() {
	in.img.Extra[interpreterKey{}] = in
	if in.opts.Setup == nil {
		return
	}
	if err := in.opts.Setup(in); err != nil {
		in.emb.setupErr = fmt.Errorf("golem: Options.Setup: %w", err)
	}
}

// Err returns the error Options.Setup returned when the interpreter was
// made, or nil. An interpreter whose Setup failed refuses to evaluate:
// Eval, Call and the others return this error.
func (in *Interpreter) Err() error { return in.emb.setupErr }

// interpreterOf returns the interpreter of img, or nil for an image made
// without New.
func interpreterOf(img *rt.Image) *Interpreter {
	in, _ := img.Extra[interpreterKey{}].(*Interpreter)
	return in
}

// enter claims the interpreter for one evaluation, or returns ErrBusy when
// another one has it (or the error of Options.Setup). The returned context
// identifies the evaluation to calls back from Go (see nestedThread); call
// leave with the mark when the evaluation ends.
func (in *Interpreter) enter(ctx context.Context) (context.Context, *evalMark, error) {
	if err := in.emb.setupErr; err != nil {
		return ctx, nil, err
	}
	if ctx == nil {
		ctx = context.Background()
	}
	if m, _ := ctx.Value(evalMarkKey{}).(*evalMark); m != nil && in.emb.holder.Load() == m {
		return ctx, nil, fmt.Errorf("%w: a Go function called from Lisp may call Lisp functions back (Call, Function.Call) but not start a new evaluation", ErrBusy)
	}
	mark := &evalMark{in: in}
	mark.deadline, mark.hasDeadline = ctx.Deadline()
	if !in.emb.holder.CompareAndSwap(nil, mark) {
		return ctx, nil, ErrBusy
	}
	in.emb.lisp.Store(1)
	return context.WithValue(ctx, evalMarkKey{}, mark), mark, nil
}

// leave releases the interpreter claimed by enter.
func (in *Interpreter) leave(mark *evalMark) {
	if in.emb.holder.Load() == mark {
		in.emb.lisp.Store(0)
		in.emb.holder.CompareAndSwap(mark, nil)
	}
}

// pauseLisp is called by a Go function called from Lisp on th before its
// Go code runs: until resumeLisp, a call back (callOn, a Lisp function
// given to it as a Go func) may run Lisp on th. It returns what
// resumeLisp needs.
func pauseLisp(th *rt.Thread) (*Interpreter, int32) {
	in := interpreterOf(th.Img)
	if in == nil {
		return nil, 0
	}
	return in, in.emb.lisp.Swap(0)
}

// resumeLisp undoes pauseLisp once the Go code has returned (or panicked),
// waiting for a call back that another goroutine is still making.
func resumeLisp(in *Interpreter, prev int32) {
	if in == nil || prev == 0 {
		return
	}
	for i := 0; !in.emb.lisp.CompareAndSwap(0, prev); i++ {
		if i < 100 {
			goruntime.Gosched()
		} else {
			time.Sleep(time.Millisecond)
		}
	}
}

// acquireLisp claims the paused evaluation thread for a call back from
// Go; false means Lisp is running on it already (the evaluation itself, a
// low-level LispFunc, or a call back from another goroutine).
func (in *Interpreter) acquireLisp() bool {
	return in == nil || in.emb.lisp.CompareAndSwap(0, 1)
}

// releaseLisp ends a call back claimed with acquireLisp.
func (in *Interpreter) releaseLisp() {
	if in != nil {
		in.emb.lisp.Store(0)
	}
}

// errLispRunning is ErrBusy for a call back made while Lisp runs.
var errLispRunning = fmt.Errorf("%w: Lisp is running on the evaluation's thread; a Go function called from Lisp may call Lisp back from its own goroutine, one call at a time (a low-level LispFunc uses th.Call)", ErrBusy)

// claim is enter for the operations that take no context (Set, Get).
func (in *Interpreter) claim() (release func(), err error) {
	_, mark, err := in.enter(context.Background())
	if err != nil {
		return nil, err
	}
	return func() { in.leave(mark) }, nil
}

// nestedThread returns the thread of the running evaluation when ctx is
// that evaluation's context (or derived from it): the caller is a Go
// function that Lisp called, running on the evaluation's goroutine, so it
// may call Lisp on the same thread. Otherwise it returns nil.
func (in *Interpreter) nestedThread(ctx context.Context) *rt.Thread {
	if ctx == nil {
		return nil
	}
	m, _ := ctx.Value(evalMarkKey{}).(*evalMark)
	if m == nil || in.emb.holder.Load() != m {
		return nil
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.cur
}
