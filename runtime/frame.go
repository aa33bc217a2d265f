package runtime

// Box is the storage cell of a variable captured by a closure: each binding
// gets a fresh Box, and closures copy the Boxes they use when created.
type Box struct{ V Value }

// Frame is the activation record of a compiled function (see package eval):
// its local variable slots and the boxes its closure captured. Frames live
// on a per-thread stack and are reused; nothing may keep one after the
// activation returns (closures keep Boxes, never Frames).
type Frame struct {
	Upv   []*Box
	Slots []Value
}

// PushFrame allocates an activation record with n cleared slots.
func (th *Thread) PushFrame(upv []*Box, n int) *Frame {
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
	f.Slots = th.locals[base:need:need]
	f.Upv = upv
	th.localsTop = need
	return f
}

// PopFrame releases the most recent activation record.
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
