package golem

import (
	"context"
	"errors"
	"strings"

	rt "github.com/golem-lisp/golem/runtime"
)

// Sentinel errors. An evaluation that a limit, an interrupt or its context
// stopped returns a *Error (of type GOLEM:INTERRUPTED, or STORAGE-CONDITION
// for the memory and depth limits) that errors.Is matches against the
// reason it stopped:
//
//	reason                                   errors.Is(err, ...)
//	Limits.Timeout                           ErrTimeLimit, context.DeadlineExceeded
//	the deadline of the caller's context     context.DeadlineExceeded
//	the caller's context cancelled           context.Canceled
//	Interrupt                                ErrInterrupted
//	Limits.MaxSteps                          ErrStepLimit
//	Limits.MaxOutput                         ErrOutputLimit
//	Limits.MaxMemory, MaxBignumBits, the     ErrMemoryLimit
//	  Governor's ceiling (unhandled)
//	Limits.MaxDepth (unhandled)              ErrDepthLimit
//
// Only an unhandled STORAGE-CONDITION reaches the caller: Lisp code may
// handle one and go on. Errors from a Go function called from Lisp are
// matched too, through (*Error).Unwrap.
var (
	// ErrTimeLimit: the evaluation ran longer than Limits.Timeout.
	ErrTimeLimit = errors.New("golem: time limit exceeded")
	// ErrStepLimit: the evaluation took more than Limits.MaxSteps steps.
	ErrStepLimit = errors.New("golem: step limit exceeded")
	// ErrOutputLimit: the evaluation wrote more than Limits.MaxOutput
	// characters of captured output.
	ErrOutputLimit = errors.New("golem: output limit exceeded")
	// ErrMemoryLimit: the evaluation needed more memory than Limits.MaxMemory
	// (or a bigger integer than Limits.MaxBignumBits, or the process's memory
	// was nearly full and it allocated most), and no handler took the
	// STORAGE-CONDITION.
	ErrMemoryLimit = errors.New("golem: memory limit exceeded")
	// ErrDepthLimit: calls or data nested deeper than Limits.MaxDepth
	// allows, and no handler took the STORAGE-CONDITION.
	ErrDepthLimit = errors.New("golem: depth limit exceeded")
	// ErrInterrupted: Interrupt stopped the evaluation.
	ErrInterrupted = errors.New("golem: interrupted")
	// ErrBusy: the interpreter was asked to evaluate, or to read or set a
	// global, while it is evaluating on behalf of another caller. An
	// Interpreter runs one evaluation at a time and does not queue them:
	// share one between goroutines behind a mutex, or give each goroutine
	// its own.
	ErrBusy = errors.New("golem: the interpreter is busy with another evaluation")
)

// Is reports whether e is the target error: a sentinel above for the
// reason e's evaluation stopped, context.DeadlineExceeded or
// context.Canceled (see the table at ErrTimeLimit). Wrapped Go errors are
// matched by Unwrap.
func (e *Error) Is(target error) bool {
	if e.cause == nil || target == nil {
		return false
	}
	if e.cause == target {
		return true
	}
	// The time limit is also a deadline.
	return e.cause == ErrTimeLimit && target == context.DeadlineExceeded
}

// stopCause tells why an evaluation on th stopped with panic value r (its
// rendered report being report): one of the sentinels, context.Canceled
// or context.DeadlineExceeded, or nil for an ordinary Lisp error.
func stopCause(th *rt.Thread, r any, report string) error {
	switch x := r.(type) {
	case *rt.Interrupted:
		return interruptCause(th, x.Reason)
	case *rt.Unhandled:
		// golem's limits signal GOLEM:SIMPLE-STORAGE-CONDITION
		// (runtime.StorageCondition); a program's own STORAGE-CONDITION is
		// an ordinary error.
		c := x.Condition
		if c == nil || c.Class == nil || c.Class.Name == nil || c.Class.Name.Name != "SIMPLE-STORAGE-CONDITION" ||
			c.Class.Name.Pkg == nil || c.Class.Name.Pkg.Name != "GOLEM" {
			return nil
		}
		if isDepthMessage(report) {
			return ErrDepthLimit
		}
		return ErrMemoryLimit
	}
	return nil
}

// isDepthMessage reports whether a STORAGE-CONDITION's message (see
// runtime.StackExhausted) is about nesting rather than memory.
func isDepthMessage(msg string) bool {
	m := strings.ToLower(msg)
	return strings.Contains(m, "stack exhausted") || strings.Contains(m, "too deep")
}

// callersDeadline reports whether the deadline of the evaluation's
// context ctx is the one of the context its caller gave (rather than the
// time limit's).
func callersDeadline(ctx context.Context) bool {
	if ctx == nil {
		return false
	}
	d, ok := ctx.Deadline()
	if !ok {
		return false
	}
	if m, _ := ctx.Value(evalMarkKey{}).(*evalMark); m != nil {
		return m.hasDeadline && !m.deadline.After(d)
	}
	// Not an evaluation enter made: the cause tells.
	return ctx.Err() == context.DeadlineExceeded && context.Cause(ctx) == context.DeadlineExceeded
}

// interruptCause classifies the reason of a GOLEM:INTERRUPTED stop. The
// reasons golem's own limits give are fixed (runtime/thread.go,
// runtime/stream.go); anything else came from Interrupt.
func interruptCause(th *rt.Thread, reason string) error {
	ctx := th.Ctx
	switch {
	case reason == "step limit exceeded":
		return ErrStepLimit
	case strings.HasPrefix(reason, "output limit exceeded"):
		return ErrOutputLimit
	case isDepthMessage(reason):
		return ErrDepthLimit
	case strings.HasPrefix(reason, "timeout:"):
		// The runtime words the end of any deadline as a timeout.
		if callersDeadline(ctx) {
			return context.DeadlineExceeded
		}
		return ErrTimeLimit
	case strings.HasPrefix(reason, "evaluation cancelled:"):
		switch {
		case ctx != nil && ctx.Err() == context.DeadlineExceeded:
			if callersDeadline(ctx) {
				return context.DeadlineExceeded
			}
			return ErrTimeLimit
		case ctx != nil && ctx.Err() != nil:
			return ctx.Err()
		case strings.Contains(reason, context.DeadlineExceeded.Error()):
			return context.DeadlineExceeded
		}
		return context.Canceled
	case strings.HasPrefix(reason, "aborted:"):
		return nil // the ABORT restart: the program's own doing
	}
	return ErrInterrupted
}
