package golem

import (
	"context"
	"sync"
	"time"
)

// evalContext is the context of one evaluation, as Go functions called
// from Lisp see it: its parent's, ending also at the evaluation's time
// limit (with timeoutCause as its cause) or when the evaluation is
// interrupted or ends. It is what context.WithTimeoutCause (or WithCancel,
// without a limit) returns, made only when first needed: most evaluations
// never wait on their context (the thread checks its own deadline), and
// making one cost each evaluation a timer and a registration in its
// parent, about a tenth of the evaluation of a small form.
//
// Deadline, and Err and Value while nothing ended it, answer from the
// parent and the deadline; Done, Err once the deadline has passed or the
// parent ended, and the context package's own look-up (by context.Cause
// and the contexts derived from this one) make the real context, which
// answers from then on.
type evalContext struct {
	parent   context.Context
	deadline time.Time // zero: no time limit
	cause    error     // the cause at the deadline
	// parentDeadline is parent.Deadline(), which never changes: asked
	// once instead of through the parent's whole chain at every call.
	parentDeadline    time.Time
	parentHasDeadline bool

	mu         sync.Mutex
	real       context.Context
	realCancel context.CancelFunc
	cancelled  bool // cancel was called before real was made
}

// newEvalContext returns the context of an evaluation under parent with
// the time limit t (none when t <= 0), and the function that cancels it.
func newEvalContext(parent context.Context, t time.Duration) (*evalContext, context.CancelFunc) {
	c := &evalContext{parent: parent}
	c.parentDeadline, c.parentHasDeadline = parent.Deadline()
	if t > 0 {
		c.deadline = time.Now().Add(t)
		c.cause = timeoutCause(t)
	}
	return c, c.cancel
}

// make returns the real context, making it on first use.
func (c *evalContext) make() context.Context {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.real == nil {
		if c.deadline.IsZero() {
			c.real, c.realCancel = context.WithCancel(c.parent)
		} else {
			c.real, c.realCancel = context.WithDeadlineCause(c.parent, c.deadline, c.cause)
		}
		if c.cancelled {
			c.realCancel()
		}
	}
	return c.real
}

func (c *evalContext) cancel() {
	c.mu.Lock()
	c.cancelled = true
	cancel := c.realCancel
	c.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// Deadline is the earlier of the parent's deadline and the time limit's.
func (c *evalContext) Deadline() (time.Time, bool) {
	d, ok := c.parentDeadline, c.parentHasDeadline
	if c.deadline.IsZero() || ok && d.Before(c.deadline) {
		return d, ok
	}
	return c.deadline, true
}

// Done makes the real context: a channel must be closed when it ends.
func (c *evalContext) Done() <-chan struct{} { return c.make().Done() }

// Err is nil until the evaluation is cancelled, its deadline passes or
// its parent ends; then it is the real context's.
func (c *evalContext) Err() error {
	c.mu.Lock()
	real, cancelled := c.real, c.cancelled
	c.mu.Unlock()
	if real != nil {
		return real.Err()
	}
	if cancelled || c.parent.Err() != nil || !c.deadline.IsZero() && !time.Now().Before(c.deadline) {
		return c.make().Err()
	}
	return nil
}

// Value is the parent's value for key: the evaluation's context adds none
// of its own (nor does the real one), except the context package's record
// of the nearest cancellable context (its key is an *int), which only the
// real context can give.
func (c *evalContext) Value(key any) any {
	if _, internal := key.(*int); internal {
		return c.make().Value(key)
	}
	return c.parent.Value(key)
}

// String names the context as the context package's do.
func (c *evalContext) String() string {
	if c.deadline.IsZero() {
		return "golem evaluation context (no time limit)"
	}
	return "golem evaluation context (deadline " + c.deadline.String() + ")"
}
