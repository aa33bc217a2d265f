package golem

import (
	"context"
	"fmt"
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
	return context.WithValue(ctx, evalMarkKey{}, mark), mark, nil
}

// leave releases the interpreter claimed by enter.
func (in *Interpreter) leave(mark *evalMark) {
	in.emb.holder.CompareAndSwap(mark, nil)
}

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
