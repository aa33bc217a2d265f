package runtime

// Box is the storage cell of a variable captured by a closure: each binding
// gets a fresh Box, and closures copy the Boxes they use when created.
type Box struct{ V Value }

// Frame is one entry of the thread's call stack: the function called and
// its arguments (for backtraces) and, for a compiled Lisp function (see
// package eval), its local variable slots and the boxes its closure
// captured. Frames are reused; nothing may keep one after the activation
// returns (closures keep Boxes, never Frames).
type Frame struct {
	// Fn is the function called; nil while a direct call is still
	// evaluating its arguments into the frame (the call has not begun).
	Fn    Function
	Args  []Value
	Upv   []*Box
	Slots []Value
}

// CallRecord is one call of a backtrace: a function and its arguments.
type CallRecord struct {
	Fn   Function
	Args []Value
}

// PushFrame enters a call of fn (nil for a direct call whose arguments are
// still being evaluated) with n cleared slots, enforcing the depth limit and
// counting a step. Set Args, and Fn when it was nil, before the body runs.
func (th *Thread) PushFrame(fn Function, upv []*Box, n int) *Frame {
	if th.frameTop >= th.Limits.MaxDepth {
		th.StackExhausted()
	}
	if th.frameTop == len(th.framePool) {
		th.framePool = append(th.framePool, &Frame{})
	}
	f := th.framePool[th.frameTop]
	th.frameTop++
	base := th.localsTop
	need := base + n
	if need > len(th.locals) {
		// Active frames keep their slices of the old array; new frames use the new one.
		th.locals = make([]Value, 2*need+64)
		base, need = 0, n
	}
	f.Fn, f.Args = fn, nil
	f.Slots = th.locals[base:need:need]
	f.Upv = upv
	th.localsTop = need
	th.Tick()
	return f
}

// PopFrame leaves the most recent call made by PushFrame.
// The slots are not cleared: the next activation at this depth overwrites
// them before reading, and clearing costs more than the references it
// would release early.
func (th *Thread) PopFrame(f *Frame) {
	th.localsTop -= len(f.Slots)
	if th.localsTop < 0 {
		th.localsTop = 0
	}
	th.frameTop--
}

// PushCall records a call of fn (a builtin, or anything without local
// slots) on the call stack, enforcing the depth limit and counting a step.
func (th *Thread) PushCall(fn Function, args []Value) {
	if th.frameTop >= th.Limits.MaxDepth {
		th.StackExhausted()
	}
	if th.frameTop == len(th.framePool) {
		th.framePool = append(th.framePool, &Frame{})
	}
	f := th.framePool[th.frameTop]
	th.frameTop++
	f.Fn, f.Args, f.Upv, f.Slots = fn, args, nil, nil
	th.Tick()
}

// PopCall removes the record PushCall made.
func (th *Thread) PopCall() { th.frameTop-- }

// CallDepth returns the number of calls on the call stack.
func (th *Thread) CallDepth() int { return th.frameTop }

// CallStack returns the calls in progress, outermost first. The records
// share the argument slices with the running frames: copy them to keep
// them past the next unwind.
func (th *Thread) CallStack() []CallRecord {
	out := make([]CallRecord, 0, th.frameTop)
	for _, f := range th.framePool[:th.frameTop] {
		if f.Fn != nil {
			out = append(out, CallRecord{Fn: f.Fn, Args: f.Args})
		}
	}
	return out
}

// TickChecked is Tick, reporting whether the limits were checked: then a
// break may have run Lisp code (the debugger, which can set a frame's
// variables), so code holding local variables outside their frame's slots
// reads them again.
func (th *Thread) TickChecked() bool {
	th.steps++
	if th.steps >= th.nextCheck {
		th.tickCheck()
		return true
	}
	return false
}
