package runtime

import (
	"context"
	goruntime "runtime"
	"sync"
	"sync/atomic"
	"time"
)

// Limits bound what one evaluation may consume. Zero fields mean "no limit",
// except MaxDepth, which always has a safe default because the Go stack must
// never overflow.
type Limits struct {
	Timeout   time.Duration
	MaxSteps  uint64 // calls plus backward jumps
	MaxDepth  int    // nested Lisp calls
	MaxMemory int64  // bytes for program-sized allocations
	MaxOutput int64  // characters written to captured output streams
	// MaxBignumBits bounds the size in bits of every integer (and of the
	// numerator and denominator of every ratio) a computation may build; the
	// superlinear operations (GCD, exact rational arithmetic) get a matching
	// work bound (see CheckBignumBits). Zero means no bound beyond MaxMemory.
	MaxBignumBits int64
}

// DefaultMaxDepth bounds nested calls when Limits.MaxDepth is zero.
const DefaultMaxDepth = 10000

type specialBinding struct {
	sym *Symbol
	old Value
}

// Thread is the dynamic state of one running evaluation: special bindings,
// handler and restart stacks, multiple values, limits and interrupts. One
// goroutine uses a Thread at a time; Interrupt may be called from any goroutine.
type Thread struct {
	Img *Image
	Ctx context.Context

	nv int     // number of values the last call produced
	mv []Value // all values when nv != 1

	argStack []Value
	sp       int

	framePool []*Frame
	frameTop  int
	locals    []Value
	localsTop int

	specials []specialBinding

	Handlers [][]Handler
	Restarts []*Restart
	// Catchers are the active catch tags, innermost last.
	Catchers []Value

	// LocalExit and LocalValue carry a pending exit inside one compiled
	// function (see eval); they are never live across a call.
	LocalExit  any
	LocalValue Value
	// PendingThrow is a THROW returning to its CATCH through calls in
	// return position (see eval); Vals is reused from throw to throw.
	PendingThrow struct {
		Tag  Value
		Vals []Value
	}

	Limits    Limits
	steps     uint64
	nextCheck uint64
	deadline  time.Time
	// deadlineSpan is the time allowed from the start, for the timeout message.
	deadlineSpan time.Duration
	interrupted  atomic.Int32
	breakReq     atomic.Int32 // see RequestBreak
	reason       atomic.Value // string
	reasonOnce   sync.Once
	// stop is the panic value carrying a stopped evaluation to its top
	// level (see StopValue); graceEnd and graceSteps bound the cleanups
	// that run on the way. Only the evaluating goroutine uses them.
	stop       any
	graceEnd   time.Time
	graceSteps uint64
	// handlerFloor is the number of handler clusters established outside
	// the cleanup running during a stop: Signal ignores those.
	handlerFloor int
	// Allocated counts bytes of program-sized allocations (arrays, strings, bignums).
	Allocated int64
	// mem is the evaluation's memory account (see memory.go).
	mem *memAccount
	// Output counts characters written to limited output streams.
	Output int64
	// NestDepth counts Go-level recursion of runtime routines over Lisp data.
	NestDepth int
	origDepth int // MaxDepth before stack-exhaustion headroom was granted
	memChecks int // slow checks so far (the heap is sampled every 16th)
	// UndefinedCalls lists the symbols called as functions while undefined at
	// compile time; the top level warns about those still undefined at the end.
	UndefinedCalls []UndefinedCall
}

const checkInterval = 1024

// NewThread makes a thread for img running under ctx with the given limits.
func NewThread(img *Image, ctx context.Context, lim Limits) *Thread {
	if ctx == nil {
		ctx = context.Background()
	}
	if lim.MaxDepth <= 0 {
		lim.MaxDepth = DefaultMaxDepth
	}
	th := &Thread{Img: img, Ctx: ctx, Limits: lim, nv: 1}
	th.nextCheck = checkInterval
	now := time.Now()
	if lim.Timeout > 0 {
		th.deadline = now.Add(lim.Timeout)
	}
	if d, ok := ctx.Deadline(); ok && (th.deadline.IsZero() || d.Before(th.deadline)) {
		th.deadline = d
	}
	th.deadlineSpan = th.deadline.Sub(now)
	return th
}

// Stacks are the stacks of a thread whose evaluation has ended (argument
// stack, special bindings, call frames and local slots), emptied, for the
// next thread of the same interpreter to start with instead of growing
// its own: an interpreter runs one evaluation at a time, so it can keep
// one set (see ReleaseStacks and UseStacks). Only the stacks move from
// thread to thread; each evaluation still gets a fresh Thread, so its
// limits, interrupt flag and stop state are its own.
type Stacks struct {
	args     []Value
	specials []specialBinding
	frames   []*Frame
	locals   []Value
}

// Bounds on the stacks kept for reuse: a deeper evaluation's stacks are
// left to the collector, so that an idle interpreter does not hold the
// memory of its deepest evaluation and emptying them stays cheap.
const (
	maxKeptArgs     = 4096
	maxKeptSpecials = 1024
	maxKeptFrames   = 1024
	maxKeptLocals   = 8192
)

// UseStacks moves the stacks in st (filled by an earlier thread's
// ReleaseStacks) to th, a new thread that has not run yet, leaving st
// empty.
func (th *Thread) UseStacks(st *Stacks) {
	th.argStack, th.specials, th.framePool, th.locals = st.args, st.specials, st.frames, st.locals
	*st = Stacks{}
}

// ReleaseStacks empties th's stacks and moves them to st, except those too
// big to keep. Call it only once th's evaluation has ended (every special
// binding undone) and nothing runs on th any more: th is left without
// stacks (were it used again, it would grow new ones).
func (th *Thread) ReleaseStacks(st *Stacks) {
	*st = Stacks{}
	if len(th.argStack) <= maxKeptArgs {
		clear(th.argStack)
		st.args = th.argStack
	}
	if len(th.specials) == 0 && cap(th.specials) <= maxKeptSpecials {
		st.specials = th.specials
	}
	if len(th.framePool) <= maxKeptFrames {
		for _, f := range th.framePool {
			*f = Frame{}
		}
		st.frames = th.framePool
	}
	if len(th.locals) <= maxKeptLocals {
		clear(th.locals)
		st.locals = th.locals
	}
	th.argStack, th.sp, th.specials, th.framePool, th.frameTop, th.locals, th.localsTop = nil, 0, nil, nil, 0, nil, 0
}

// Interrupt asks the running evaluation to stop with reason. Safe from any
// goroutine; the first reason is kept.
func (th *Thread) Interrupt(reason string) {
	// The reason is stored before the flag is raised, so the evaluating
	// goroutine never sees the flag without it.
	th.reasonOnce.Do(func() { th.reason.Store(reason) })
	th.interrupted.Store(1)
}

// Interrupted is the panic value that stops an evaluation for a limit or an
// interrupt. Lisp handlers never see it, so ignore-errors cannot swallow it.
type Interrupted struct{ Reason string }

func (e *Interrupted) Error() string { return e.Reason }

// Stopping an evaluation. Once a limit fires (the timeout, the step limit,
// Interrupt, the context's end, the output limit, or an unhandled
// STORAGE-CONDITION on its way to the top level), the evaluation is
// stopped for good: the interrupt flag stays set until the Thread is
// discarded (each evaluation runs on a fresh Thread), the stop value
// unwinds to the top level, and nothing on the way can end the unwinding.
// A non-local exit (GO, RETURN-FROM, THROW, a restart) to a point
// established before the stop is refused (Land), handlers established
// before the stop no longer run (Signal), and the debugger is not entered.
// UNWIND-PROTECT cleanups still run, but all of them together within a
// grace budget of CleanupGrace of wall time and CleanupGraceSteps steps;
// after that they are cut at their next check and the remaining ones are
// skipped (CleanupAllowed). Inside a cleanup, exits and handlers that the
// cleanup itself established work as usual. Exits that stay inside one
// compiled function (returned sentinels, no panic) need no check: they
// cannot leave a cleanup, whose value is discarded, nor a handler, which
// is a function.

// CleanupGrace is the wall time that the cleanups of a stopped evaluation
// may take, all together.
const CleanupGrace = 100 * time.Millisecond

// CleanupGraceSteps is the number of steps that the cleanups of a stopped
// evaluation may take, all together.
const CleanupGraceSteps = 1 << 20

// Stopping reports whether the evaluation has been stopped, or is about to
// be (the interrupt flag is set). A cheap atomic load.
func (th *Thread) Stopping() bool { return th.interrupted.Load() != 0 }

// StopValue returns the panic value that carries the stopped evaluation to
// its top level (an *Interrupted with the interrupt's reason, or the
// *Unhandled of the STORAGE-CONDITION that stopped it), starting the
// cleanups' grace budget the first time. Call it only when Stopping.
func (th *Thread) StopValue() any {
	if th.stop == nil {
		r, _ := th.reason.Load().(string)
		th.beginStop(&Interrupted{Reason: r})
	}
	return th.stop
}

// beginStop makes v the stop value and raises the interrupt flag.
func (th *Thread) beginStop(v any) {
	th.stop = v
	th.graceEnd = time.Now().Add(CleanupGrace)
	th.graceSteps = th.steps + CleanupGraceSteps
	th.interrupted.Store(1)
}

// Stop stops the evaluation with reason at once, grace or not (a limit that
// leaves no room to run anything, such as the stack).
func (th *Thread) Stop(reason string) {
	th.Interrupt(reason)
	panic(th.StopValue())
}

// Stopped reports whether the stop has begun: only cleanups run from then
// on, so an exit point established now lies inside the running cleanup.
func (th *Thread) Stopped() bool { return th.stop != nil }

// Land is called where a non-local exit is about to land (BLOCK, TAGBODY,
// CATCH, a restart established from Go), before any state is restored;
// late is what Stopped said when the exit point was established. When the
// evaluation is stopping, an exit to a point established before the stop
// is refused: the stop value continues unwinding towards the top level.
// Exits within a cleanup (to points established during the stop) land.
func (th *Thread) Land(late bool) {
	if th.interrupted.Load() != 0 && !late {
		panic(th.StopValue())
	}
}

// CleanupAllowed reports whether an UNWIND-PROTECT cleanup may run while
// the panic r unwinds through it: always, except once the evaluation is
// stopping and the cleanups' grace budget is spent. Any *Interrupted (the
// output limit raises one directly) and an unhandled STORAGE-CONDITION
// crossing a cleanup on their way to the top level stop the evaluation as
// a timeout does: no limit can be swallowed.
func (th *Thread) CleanupAllowed(r any) bool {
	if th.interrupted.Load() == 0 {
		switch x := r.(type) {
		case *Interrupted:
			th.beginStop(x)
		case *Unhandled:
			if !th.TypeP(x.Condition, th.Img.CLSym("STORAGE-CONDITION")) {
				return true
			}
			th.beginStop(x)
		default:
			return true
		}
	}
	th.StopValue()
	if !th.inGrace() {
		return false
	}
	// The handlers in place now were all established before the stop
	// (or in an enclosing cleanup): the cleanup's signals skip them.
	th.handlerFloor = len(th.Handlers)
	return true
}

func (th *Thread) inGrace() bool {
	return th.steps < th.graceSteps && time.Now().Before(th.graceEnd)
}

// stopNow unwinds a stopping evaluation: it panics with the stop value,
// except while the cleanups of an unwinding already under way are within
// their grace budget.
func (th *Thread) stopNow() {
	if th.stop != nil && th.inGrace() {
		return
	}
	panic(th.StopValue())
}

// Tick counts one step (a call or a backward jump) and checks limits and
// interrupts every checkInterval steps (a few microseconds of work).
func (th *Thread) Tick() {
	th.steps++
	if th.steps >= th.nextCheck {
		th.tickCheck()
	}
}

// CheckInterrupt stops the evaluation now if it has been interrupted
// (Tick notices only every checkInterval steps). It does not look at the
// clock or the context: a loop that must end at the time limit calls Poll.
func (th *Thread) CheckInterrupt() {
	if th.interrupted.Load() != 0 {
		th.slowCheck()
	}
}

func (th *Thread) slowCheck() {
	th.nextCheck = th.steps + checkInterval
	if th.interrupted.Load() != 0 {
		th.stopNow()
		return // a cleanup within the grace budget
	}
	if th.Limits.MaxSteps > 0 && th.steps > th.Limits.MaxSteps {
		th.Interrupt("step limit exceeded")
		th.stopNow()
	}
	// The deadline first: a context that ends at the same deadline should
	// still be reported as a timeout.
	if !th.deadline.IsZero() && !time.Now().Before(th.deadline) {
		th.Interrupt("timeout: evaluation took longer than " + th.deadlineSpan.Round(time.Millisecond).String())
		th.stopNow()
	}
	select {
	case <-th.Ctx.Done():
		reason := "evaluation cancelled: " + th.Ctx.Err().Error()
		if th.Ctx.Err() == context.DeadlineExceeded {
			reason = "timeout: evaluation took longer than " + th.deadlineSpan.Round(time.Millisecond).String()
		}
		th.Interrupt(reason)
		th.stopNow()
	default:
	}
	th.memChecks++
	if (th.memChecks%8 == 0 && th.Limits.MaxMemory > 0) || th.memBlamed() {
		th.checkLiveHeap()
	}
	yieldIfSingleThreaded()
	if th.steps > longRunSteps && th.memChecks%yieldEvery == 0 {
		// A long evaluation lets the others run now and then, so that
		// the small calls of other sessions are not queued behind every
		// busy one for a whole scheduler time slice (10 ms). Yielding at
		// every check would cost the evaluation up to half its speed.
		goruntime.Gosched()
	}
}

// longRunSteps is the step count past which an evaluation yields its
// processor every yieldEvery checks (about a millisecond of work).
const (
	longRunSteps = 1 << 18
	yieldEvery   = 32
)

// checkLiveHeap brings the evaluation's memory account up to date with the
// runtime's heap metrics (see memory.go): the small objects it made are
// estimated, an evaluation that keeps more than its limit alive gets a
// STORAGE-CONDITION, and near the governor's ceiling the evaluation that
// allocated most since the last collection does. An evaluation doing small
// work is never blamed for what others hold.
func (th *Thread) checkLiveHeap() {
	th.sampleMemory(0)
}

// Steps returns the number of steps counted so far.
func (th *Thread) Steps() uint64 { return th.steps }

// EnterNested guards Go-level recursion over Lisp data (printer, equal, ...).
// Call LeaveNested when done.
func (th *Thread) EnterNested() {
	th.NestDepth++
	if th.NestDepth > th.Limits.MaxDepth*4 {
		th.NestDepth = 0
		th.StackExhausted()
	}
}

// LeaveNested undoes EnterNested.
func (th *Thread) LeaveNested() { th.NestDepth-- }

// --- multiple values ---

// Values sets the thread's values and returns the primary one.
func (th *Thread) Values(vals ...Value) Value {
	th.nv = len(vals)
	th.mv = append(th.mv[:0], vals...)
	if len(vals) == 0 {
		return NIL
	}
	return vals[0]
}

// Values2 returns two values without building a slice at the call site.
func (th *Thread) Values2(a, b Value) Value {
	th.nv = 2
	th.mv = append(th.mv[:0], a, b)
	return a
}

// SetSingle declares that the last form produced exactly one value.
func (th *Thread) SetSingle() { th.nv = 1 }

// ValueCount returns the number of values the last form produced.
func (th *Thread) ValueCount() int { return th.nv }

// MultipleValues returns all values of the last form given its primary value.
// The slice is fresh.
func (th *Thread) MultipleValues(primary Value) []Value {
	if th.nv == 1 {
		return []Value{primary}
	}
	return append([]Value(nil), th.mv[:th.nv]...)
}

// AppendValues appends the last form's values to dst.
func (th *Thread) AppendValues(dst []Value, primary Value) []Value {
	if th.nv == 1 {
		return append(dst, primary)
	}
	return append(dst, th.mv[:th.nv]...)
}

// --- argument stack ---

// ArgBase reserves n argument slots and returns the base index. Use Arg and
// SetArg to fill them (the stack may move while arguments are evaluated),
// then Args to get the slice and PopArgs to release them.
func (th *Thread) ArgBase(n int) int {
	base := th.sp
	if need := base + n; need > len(th.argStack) {
		th.growArgs(need)
	}
	th.sp = base + n
	return base
}

// minArgStack is the size of a thread's argument stack when it is first
// needed (a thread allocates it then, or takes it from Stacks).
const minArgStack = 256

// growArgs makes the argument stack hold at least need values.
func (th *Thread) growArgs(need int) {
	ns := make([]Value, max(need*2, minArgStack))
	copy(ns, th.argStack[:th.sp])
	th.argStack = ns
}

// ArgSlots reserves n argument slots and returns their base and a slice to
// fill. The slice stays valid while the arguments are evaluated even if
// nested calls grow the stack (they then work on a new array); release the
// slots with PopArgs(base).
func (th *Thread) ArgSlots(n int) (int, []Value) {
	base := th.ArgBase(n)
	return base, th.argStack[base : base+n : base+n]
}

// SetArg stores argument i of the frame at base.
func (th *Thread) SetArg(base, i int, v Value) { th.argStack[base+i] = v }

// Args returns the n arguments at base.
func (th *Thread) Args(base, n int) []Value { return th.argStack[base : base+n : base+n] }

// PopArgs releases argument slots down to base.
func (th *Thread) PopArgs(base int) { th.sp = base }

// --- special variables ---

// BindSpecial dynamically binds sym to v (shallow binding).
func (th *Thread) BindSpecial(sym *Symbol, v Value) {
	th.specials = append(th.specials, specialBinding{sym, sym.Value})
	sym.Value = v
}

// SpecialDepth returns the current depth of the special binding stack.
func (th *Thread) SpecialDepth() int { return len(th.specials) }

// UnbindTo undoes special bindings down to depth.
func (th *Thread) UnbindTo(depth int) {
	// A local copy of the slice: stores through a symbol would otherwise
	// make Go load th.specials again at every step.
	sp := th.specials
	for i := len(sp) - 1; i >= depth; i-- {
		b := &sp[i]
		b.sym.Value = b.old
		*b = specialBinding{}
	}
	th.specials = sp[:depth]
}

// SymbolValue returns the value of a special variable or signals
// UNBOUND-VARIABLE, returning the value a USE-VALUE or STORE-VALUE restart supplies.
func (th *Thread) SymbolValue(s *Symbol) Value {
	if v := s.Value; v != nil {
		return v
	}
	return th.unboundVariableValue(s)
}

// --- saving and restoring dynamic state at catch points ---

// DynState is the part of a Thread restored when a non-local exit lands.
type DynState struct {
	sp, specials, nest  int
	frameTop, localsTop int
	handlers            [][]Handler
	restarts            []*Restart
	catchers            int
}

// Save captures the dynamic state at a catch point.
func (th *Thread) Save() DynState {
	return DynState{th.sp, len(th.specials), th.NestDepth, th.frameTop, th.localsTop, th.Handlers, th.Restarts, len(th.Catchers)}
}

// SaveTo is Save into *s, which Go then fills in place: a catch point
// whose saved state lives in its deferred function's closure saves a copy.
func (th *Thread) SaveTo(s *DynState) {
	s.sp, s.specials, s.nest = th.sp, len(th.specials), th.NestDepth
	s.frameTop, s.localsTop = th.frameTop, th.localsTop
	s.handlers, s.restarts = th.Handlers, th.Restarts
	s.catchers = len(th.Catchers)
}

// Restore returns to a saved dynamic state after a non-local exit.
func (th *Thread) Restore(s DynState) {
	th.sp = s.sp
	for th.frameTop > s.frameTop {
		th.frameTop--
		f := th.framePool[th.frameTop]
		clear(f.Slots)
		f.Fn, f.Args, f.Upv, f.Slots = nil, nil, nil, nil
	}
	th.localsTop = s.localsTop
	th.UnbindTo(s.specials)
	th.NestDepth = s.nest
	th.Handlers = s.handlers
	th.Restarts = s.restarts
	th.Catchers = th.Catchers[:s.catchers]
	if th.origDepth != 0 && th.frameTop < th.origDepth/2 {
		th.Limits.MaxDepth, th.origDepth = th.origDepth, 0
	}
}

// --- calling ---

// Call calls a function designator with arguments.
func (th *Thread) Call(fn Value, args ...Value) Value {
	return th.Resolve(fn).Call(th, args)
}

// Resolve turns a function designator into a Function or signals an error.
func (th *Thread) Resolve(fn Value) Function {
	switch f := fn.(type) {
	case Function:
		return f
	case *Symbol:
		if f.Fn != nil {
			return f.Fn
		}
		return th.UndefinedFunctionCall(f, nil)
	}
	th.TypeError(fn, th.Img.Intern("CL", "FUNCTION"))
	return nil
}

// Restarts returns the restart stack recorded in a saved state.
func (s DynState) Restarts() []*Restart { return s.restarts }
