package runtime

import "time"

// Support for golem's debugger (the root package's Suspension): an
// evaluation suspended at the signal point of an unhandled error, or at a
// safe point after a break request, waits on its own goroutine while the
// debugger runs Lisp code on the same Thread, in its dynamic context.

// RequestBreak asks the running evaluation to enter the debugger at its
// next safe point (the limit check made every checkInterval calls and
// backward jumps, never inside a builtin's Go loop), with a CONTINUE
// restart that resumes it. Safe from any goroutine.
func (th *Thread) RequestBreak() { th.breakReq.Store(1) }

// CancelBreak withdraws a break request not yet taken (the evaluation
// suspended for another reason first).
func (th *Thread) CancelBreak() { th.breakReq.Store(0) }

// tickCheck is Tick's slow path: the limits, then a pending break.
func (th *Thread) tickCheck() {
	th.slowCheck()
	if th.breakReq.Load() != 0 && th.interrupted.Load() == 0 {
		th.breakReq.Store(0)
		th.takeBreak()
	}
}

// TakeBreakNow takes a break at once, as a break request does at the next
// safe point: for Go code running on the evaluating goroutine that sees an
// interactive interrupt itself (Ctrl-C while the program reads the
// terminal). It returns when the CONTINUE restart is invoked.
func (th *Thread) TakeBreakNow() {
	th.breakReq.Store(0)
	th.takeBreak()
}

// takeBreak signals GOLEM:INTERACTIVE-INTERRUPT and enters the debugger as
// BREAK does, keeping the state of the
// code it interrupted (its values and pending exits) across the Lisp code
// the debugger runs. Without a debugger that takes it, the break ends the
// evaluation like an unhandled error.
func (th *Thread) takeBreak() {
	nv, mv := th.nv, append([]Value(nil), th.mv...)
	exit, val := th.LocalExit, th.LocalValue
	tag, vals := th.PendingThrow.Tag, append([]Value(nil), th.PendingThrow.Vals...)
	// As SBCL does for Ctrl-C: handlers see the GOLEM:INTERACTIVE-INTERRUPT
	// first (so (handler-case (loop) (golem:interactive-interrupt () ...))
	// stops a loop), then the debugger.
	c := th.MakeCondition("GOLEM:INTERACTIVE-INTERRUPT")
	th.WithRestart(th.Img.CLSym("CONTINUE"), "Return from BREAK.", func() {
		th.Signal(c)
		th.InvokeDebugger(c)
	})
	th.nv, th.mv = nv, append(th.mv[:0], mv...)
	th.LocalExit, th.LocalValue = exit, val
	th.PendingThrow.Tag, th.PendingThrow.Vals = tag, append(th.PendingThrow.Vals[:0], vals...)
}

// Deadline returns the time at which the evaluation's time limit fires
// (zero: none).
func (th *Thread) Deadline() time.Time { return th.deadline }

// ExtendDeadline moves the time limit d later: the debugger does not count
// the time an evaluation spends suspended, waiting for a call.
func (th *Thread) ExtendDeadline(d time.Duration) {
	if !th.deadline.IsZero() && d > 0 {
		th.deadline = th.deadline.Add(d)
	}
}

// LiveFrames returns the frames of the calls in progress, outermost first
// (including direct calls still evaluating their arguments, whose Fn is
// nil). They stay valid while the calls are in progress: the debugger
// reads and sets a suspended call's variables through them.
func (th *Thread) LiveFrames() []*Frame {
	return append([]*Frame(nil), th.framePool[:th.frameTop]...)
}

// FrameActive reports whether f is the frame of a call in progress on th
// (a frame from LiveFrames whose call has returned is reused).
func (th *Thread) FrameActive(f *Frame) bool {
	for _, g := range th.framePool[:th.frameTop] {
		if g == f {
			return true
		}
	}
	return false
}
