package golem

import (
	"context"
	"errors"
	"fmt"
	goruntime "runtime"
	"strings"
	"sync"
	"time"

	"github.com/golem-lisp/golem/eval"
	rt "github.com/golem-lisp/golem/runtime"
)

// The debugger. EvalDebug runs an evaluation on its own goroutine; when an
// error reaches the top level unhandled, the evaluation does not unwind:
// it waits at the signal point, with its special bindings, handlers,
// restarts and frames live, and the caller gets a *Suspension. Every call
// on the suspension runs on the evaluation's goroutine and thread, in its
// dynamic context: invoking a restart resumes it, Eval and EvalInFrame run
// code at a nested level (an error there, when debugging, suspends again
// one level deeper, as in SBCL's debugger). While an evaluation is
// suspended, Eval and the other evaluating methods of the Interpreter run
// at a nested level too, without debugging.
//
// Bounds: one suspended evaluation per interpreter, at most
// MaxDebugLevels levels; the time limit counts the time spent running,
// not the time spent waiting for a call; a suspended evaluation that gets
// no call for Options.DebugTimeout is stopped; Close stops it. A limit
// that fires (time, steps, memory, Interrupt, the context of the call that
// runs it) stops the whole evaluation, every level, for good.

// DefaultDebugTimeout is how long a suspended evaluation waits for a call
// before it is stopped, when Options.DebugTimeout is zero.
const DefaultDebugTimeout = 10 * time.Minute

// MaxDebugLevels bounds the nesting of suspensions: an error at the last
// level returns a *Error instead of suspending again.
const MaxDebugLevels = 5

// ErrNotSuspended is returned by a call on a Suspension that is no longer
// waiting: its evaluation resumed, returned or was stopped.
var ErrNotSuspended = errors.New("golem: the evaluation is no longer suspended there")

// ErrDebuggerBusy is returned by a call on a Suspension (or by EvalDebug)
// made while another call of the same evaluation runs: calls run one at a
// time, on the evaluation's goroutine.
var ErrDebuggerBusy = errors.New("golem: the debugger is busy with another call")

// Suspension is an evaluation suspended at the signal point of an
// unhandled error (or at a break, see Break). It is returned as the error
// of EvalDebug, Suspension.Invoke and Suspension.Eval; errors.As also
// finds its *Error in it.
type Suspension struct {
	// Err describes the error as a failed evaluation would: Type, Report,
	// Restarts ("NAME - report", innermost first), Backtrace (the frames,
	// innermost first: frame i of FrameLocals and EvalInFrame is
	// Backtrace[i]), and the output and warnings since the previous
	// reply of the evaluation (EvalDebug's, or the last call's).
	Err *Error
	// RestartNames are the restarts' names, as Err.Restarts orders them
	// (the symbol's name, "" for an anonymous restart).
	RestartNames []string
	// Level is 1 for the evaluation's own error, n+1 for an error in code
	// evaluated at level n.
	Level int

	d        *debugger
	restarts []*rt.Restart // innermost first, as Err.Restarts
	frames   []*rt.Frame   // innermost first, as Err.Backtrace
	active   bool          // guarded by Interpreter.mu
}

// Error implements error.
func (s *Suspension) Error() string {
	return fmt.Sprintf("suspended at debugger level %d: %s", s.Level, s.Err.Error())
}

// Unwrap returns the suspended error.
func (s *Suspension) Unwrap() error { return s.Err }

// Local is one lexical variable of a frame, printed.
type Local struct {
	Name  string
	Value string
}

// debugState is the Interpreter's debugger state, guarded by
// Interpreter.mu.
type debugState struct {
	cur  *debugger // the debugging evaluation, if any
	sess *session  // the running evaluation's session (set by begin)
}

// debugger runs one evaluation under EvalDebug.
type debugger struct {
	in      *Interpreter
	timeout time.Duration
	cmds    chan *debugCmd     // calls, received by the innermost waiting level
	events  chan debugEvent    // one per call (and one for the start); buffered
	wake    chan struct{}      // Interrupt while waiting
	done    chan struct{}      // closed when the evaluation's goroutine ends
	calls   sync.Mutex         // one call at a time
	levels  []*Suspension      // guarded by Interpreter.mu; outermost first
	waiting bool               // guarded by Interpreter.mu: a level waits for a call
	ending  bool               // guarded by Interpreter.mu: stopped while waiting, unwinding
	values  context.Context    // the evaluation's first context, for its values
	nested  []nestedLevel      // evaluation goroutine only: the code running at each level
	top     *session           // evaluation goroutine only
	paused  time.Time          // evaluation goroutine only
	cancel  context.CancelFunc // evaluation goroutine only: the running segment's context
}

// debuggerKey keys the debugger in the context of the evaluation it runs,
// so that the hook knows its thread.
type debuggerKey struct{}

// nestedLevel is code the debugger runs on the suspended thread.
type nestedLevel struct {
	sess  *session
	debug bool // an unhandled error suspends again
	mark  int  // warnings of the top session before it began
}

type debugEvent struct {
	res    *Result
	err    error
	locals []Local
}

type debugCmd struct {
	ctx context.Context
	run func(th *rt.Thread) // on the evaluation goroutine; sends one event unless it unwinds
}

// EvalDebug evaluates code like EvalInPackage (pkg may be empty), except
// that an unhandled error suspends the evaluation: the error returned is
// then a *Suspension. While an evaluation is suspended, EvalDebug runs code
// at a nested level of it (see Suspension.Eval).
func (in *Interpreter) EvalDebug(ctx context.Context, code, pkg string) (*Result, error) {
	if s := in.debugTarget(ctx); s != nil {
		return s.evalCode(ctx, code, pkg, true)
	}
	if ctx == nil {
		ctx = context.Background()
	}
	timeout := in.opts.DebugTimeout
	if timeout <= 0 {
		timeout = DefaultDebugTimeout
	}
	d := &debugger{in: in, timeout: timeout, cmds: make(chan *debugCmd), events: make(chan debugEvent, 1),
		wake: make(chan struct{}, 1), done: make(chan struct{})}
	in.mu.Lock()
	if in.dbg.cur != nil {
		in.mu.Unlock()
		return nil, ErrDebuggerBusy
	}
	in.dbg.cur = d
	in.mu.Unlock()
	go func() {
		defer close(d.done)
		res, err := in.evalWith(context.WithValue(ctx, debuggerKey{}, d), code, pkg)
		in.mu.Lock()
		in.dbg.cur = nil
		for _, s := range d.levels {
			s.active = false
		}
		d.levels = nil
		in.mu.Unlock()
		if d.cancel != nil {
			d.cancel()
		}
		d.events <- debugEvent{res: res, err: err}
	}()
	ev := <-d.events
	return ev.res, ev.err
}

// Suspended returns the innermost level of the interpreter's suspended
// evaluation, or nil when none is suspended.
func (in *Interpreter) Suspended() *Suspension {
	in.mu.Lock()
	defer in.mu.Unlock()
	if d := in.dbg.cur; d != nil && len(d.levels) > 0 {
		return d.levels[len(d.levels)-1]
	}
	return nil
}

// debugTarget returns the suspension that code evaluated now must run
// inside, or nil. A debug evaluation stopped while it waited (the debug
// timeout, Interrupt) still unwinds on its goroutine: the call waits until it
// has ended (or ctx ends), so that it finds the interpreter free, unless the
// call comes from that evaluation itself (a Go function Lisp called).
func (in *Interpreter) debugTarget(ctx context.Context) *Suspension {
	in.mu.Lock()
	d := in.dbg.cur
	ending := d != nil && d.ending
	in.mu.Unlock()
	if ending && in.nestedThread(ctx) == nil {
		if ctx == nil {
			ctx = context.Background()
		}
		select {
		case <-d.done:
		case <-ctx.Done():
		}
	}
	return in.Suspended()
}

// Break asks the running debug evaluation (EvalDebug, or code a Suspension
// runs) to suspend at its next safe point, with a CONTINUE restart that
// resumes it; EvalDebug (or the call that ran the code) then returns the
// *Suspension. It reports whether there was such an evaluation running.
// Safe from any goroutine. Unlike Interrupt, the program may go on.
func (in *Interpreter) Break() bool {
	in.mu.Lock()
	defer in.mu.Unlock()
	d, th := in.dbg.cur, in.cur
	if d == nil || th == nil || d.waiting {
		return false
	}
	th.RequestBreak()
	return true
}

// Close stops the interpreter's suspended or running debug evaluation, if
// any, and waits until its goroutine has ended. The interpreter remains
// usable.
func (in *Interpreter) Close() {
	in.mu.Lock()
	d := in.dbg.cur
	in.mu.Unlock()
	if d == nil {
		return
	}
	in.Interrupt("the debugger was closed")
	<-d.done
}

// DebugOnError reports whether GOLEM:*DEBUG-ON-ERROR* is true: a session
// setting that asks servers to evaluate with EvalDebug.
func (in *Interpreter) DebugOnError() bool {
	v := debugOnErrorSymbol(in.img).Value
	return v != nil && v != rt.NIL
}

func debugOnErrorSymbol(img *rt.Image) *rt.Symbol {
	sym, _ := img.Golem.Intern("*DEBUG-ON-ERROR*")
	return sym
}

func init() {
	rt.RegisterSetup(90, func(img *rt.Image) {
		sym := debugOnErrorSymbol(img)
		img.Golem.Export(sym)
		sym.Flags |= rt.FlagSpecial
		sym.Value = rt.NIL
	})
}

// Invoke invokes restart i of s.Err.Restarts, with the values of the
// forms in values (each a string of code, evaluated first at a nested
// level, its last value taken) as arguments, and returns what the
// evaluation then returns: its Result or *Error, or the *Suspension of
// the next unhandled error. An error in a value form is returned as a
// *Error and the evaluation stays suspended. A restart whose function
// returns (RESTART-BIND) returns its values as the Result, still suspended.
func (s *Suspension) Invoke(ctx context.Context, i int, values []string) (*Result, error) {
	if i < 0 || i >= len(s.restarts) {
		return nil, fmt.Errorf("golem: no restart %d (there are %d)", i, len(s.restarts))
	}
	r := s.restarts[i]
	return s.call(ctx, func(th *rt.Thread) {
		s.d.runNested(th, false, "", func(ns *session, vals *[]rt.Value) {
			var args []rt.Value
			for _, code := range values {
				var v []rt.Value
				s.d.in.evalForms(ns, code, &v)
				if len(v) == 0 {
					args = append(args, rt.NIL)
				} else {
					args = append(args, v[0])
				}
			}
			v := th.Call(th.Img.CLSym("INVOKE-RESTART"), append([]rt.Value{r}, args...)...)
			*vals = th.MultipleValues(v)
		})
	})
}

// InvokeNamed is Invoke for the innermost restart named name (its symbol
// name, case-insensitive: "retry", "USE-VALUE").
func (s *Suspension) InvokeNamed(ctx context.Context, name string, values []string) (*Result, error) {
	for i, n := range s.RestartNames {
		if strings.EqualFold(n, name) {
			return s.Invoke(ctx, i, values)
		}
	}
	return nil, fmt.Errorf("golem: no restart named %s", strings.ToUpper(name))
}

// Abort invokes the outermost ABORT restart, which unwinds the whole
// evaluation to its top level (UNWIND-PROTECT cleanups run), and returns
// the evaluation's outcome: a *Error saying it was aborted, or the
// *Suspension of an error in a cleanup.
func (s *Suspension) Abort(ctx context.Context) (*Result, error) {
	for i := len(s.RestartNames) - 1; i >= 0; i-- {
		if s.RestartNames[i] == "ABORT" {
			return s.Invoke(ctx, i, nil)
		}
	}
	s.d.in.Close()
	return nil, ErrNotSuspended
}

// Eval evaluates code at a nested level, in the suspended evaluation's
// dynamic context (its special bindings and restarts; not its handlers),
// with debugging: an error suspends again one level deeper. Invoking one of
// the suspended evaluation's restarts from the code resumes it, and Eval
// then returns what Invoke would.
func (s *Suspension) Eval(ctx context.Context, code string) (*Result, error) {
	return s.evalCode(ctx, code, "", true)
}

func (s *Suspension) evalCode(ctx context.Context, code, pkg string, debug bool) (*Result, error) {
	return s.call(ctx, func(th *rt.Thread) {
		s.d.runNested(th, debug, pkg, func(ns *session, vals *[]rt.Value) {
			s.d.in.evalForms(ns, code, vals)
		})
	})
}

// FrameLocals returns the lexical variables of frame i (Err.Backtrace[i])
// and their values: the parameters and local variables of a compiled Lisp
// function, and the variables of enclosing functions its closure uses. A
// builtin's frame has none.
func (s *Suspension) FrameLocals(ctx context.Context, i int) ([]Local, error) {
	f, err := s.frame(i)
	if err != nil {
		return nil, err
	}
	res, err := s.callEvent(ctx, func(th *rt.Thread) {
		var out []Local
		_ = s.d.runNestedFn(th, func(ns *session) {
			S := th.Img.S
			th.BindSpecial(S.PrintLength, rt.MakeInt(10))
			th.BindSpecial(S.PrintLevel, rt.MakeInt(4))
			th.BindSpecial(S.PrintPretty, rt.NIL)
			th.BindSpecial(S.PrintEscape, rt.T)
			th.BindSpecial(S.PrintReadably, rt.NIL)
			for _, v := range eval.FrameVariables(th, f) {
				out = append(out, Local{Name: printCapped(th, v.Name), Value: s.d.printLocal(th, v.Value())})
			}
		})
		s.d.events <- debugEvent{locals: out}
	})
	if err != nil {
		return nil, err
	}
	return res.locals, res.err
}

// EvalInFrame evaluates code at a nested level (as Eval, without
// debugging) with the lexical variables of frame i in scope: SETQ and
// SETF of them change the frame, so that the evaluation, once resumed,
// sees the new values.
func (s *Suspension) EvalInFrame(ctx context.Context, i int, code string) (*Result, error) {
	f, err := s.frame(i)
	if err != nil {
		return nil, err
	}
	return s.call(ctx, func(th *rt.Thread) {
		s.d.runNested(th, false, "", func(ns *session, vals *[]rt.Value) {
			var forms []rt.Value
			ns.reading = true
			readAll(th, code, func(form rt.Value) { forms = append(forms, form) })
			ns.reading = false
			v := eval.EvalInFrame(th, forms, eval.FrameVariables(th, f))
			*vals = th.MultipleValues(v)
		})
	})
}

func (s *Suspension) frame(i int) (*rt.Frame, error) {
	if i < 0 || i >= len(s.frames) {
		return nil, fmt.Errorf("golem: no frame %d (there are %d)", i, len(s.frames))
	}
	return s.frames[i], nil
}

// call runs cmd on the evaluation's goroutine and returns the next event
// as a result.
func (s *Suspension) call(ctx context.Context, cmd func(th *rt.Thread)) (*Result, error) {
	ev, err := s.callEvent(ctx, cmd)
	if err != nil {
		return nil, err
	}
	return ev.res, ev.err
}

func (s *Suspension) callEvent(ctx context.Context, cmd func(th *rt.Thread)) (debugEvent, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	d := s.d
	if !d.calls.TryLock() {
		// A call runs (perhaps the one whose Go code makes this call, on
		// the evaluation's goroutine: waiting would never end).
		return debugEvent{}, ErrDebuggerBusy
	}
	defer d.calls.Unlock()
	d.in.mu.Lock()
	ok := s.active
	d.in.mu.Unlock()
	if !ok {
		return debugEvent{}, ErrNotSuspended
	}
	select {
	case d.cmds <- &debugCmd{ctx: ctx, run: cmd}:
	case <-d.done:
		return debugEvent{}, ErrNotSuspended
	case <-ctx.Done():
		return debugEvent{}, ctx.Err()
	}
	// The call runs under ctx: when ctx ends, the evaluation stops and
	// its last event follows.
	return <-d.events, nil
}

// debugHook is the image's Debugger: it suspends the debug evaluation's
// thread at an unhandled error, and declines (returns) for any other
// thread, a level without debugging, a reading error, a
// STORAGE-CONDITION (a limit) or past MaxDebugLevels.
func (in *Interpreter) debugHook(th *rt.Thread, c *rt.Instance) {
	in.mu.Lock()
	d, top := in.dbg.cur, in.dbg.sess
	ok := d != nil && in.cur == th && top != nil && top.th == th && len(d.levels) < MaxDebugLevels
	in.mu.Unlock()
	if !ok || th.Ctx.Value(debuggerKey{}) != d || th.Stopping() || th.TypeP(c, th.Img.CLSym("STORAGE-CONDITION")) {
		return
	}
	sess, debug := top, true
	if n := len(d.nested); n > 0 {
		sess, debug = d.nested[n-1].sess, d.nested[n-1].debug
	}
	if !debug || sess.reading {
		return
	}
	d.top = top
	d.suspend(th, sess, c)
}

// suspend waits at the signal point of c for calls, running them on th;
// it leaves by a restart's non-local exit or a stop.
func (d *debugger) suspend(th *rt.Thread, sess *session, c *rt.Instance) {
	in := d.in
	var live []*rt.Frame
	var calls []rt.CallRecord
	for _, f := range th.LiveFrames() {
		if f.Fn != nil && !isInternalFrame(f.Fn) {
			live = append(live, f)
			calls = append(calls, rt.CallRecord{Fn: f.Fn, Args: f.Args})
		}
	}
	restarts := make([]*rt.Restart, 0, len(th.Restarts))
	for i := len(th.Restarts) - 1; i >= 0; i-- {
		restarts = append(restarts, th.Restarts[i])
	}
	e := &Error{Time: time.Now()}
	renderError(th, sess, &rt.Unhandled{Condition: c, Backtrace: calls, Restarts: restarts}, e)
	d.takeOutput(sess, &e.Stdout, &e.Stderr, &e.Warnings)
	frames := make([]*rt.Frame, len(live))
	for i, f := range live {
		frames[len(live)-1-i] = f
	}
	s := &Suspension{Err: e, d: d, restarts: restarts, frames: frames, active: true}
	for _, r := range restarts {
		name := ""
		if sym, ok := r.Name.(*rt.Symbol); ok && r.Name != rt.NIL {
			name = sym.Name
		}
		s.RestartNames = append(s.RestartNames, name)
	}
	in.mu.Lock()
	d.levels = append(d.levels, s)
	s.Level = len(d.levels)
	in.lastErr = e
	in.mu.Unlock()
	// Code run from the debugger does not see the evaluation's handlers
	// (the first cluster is the session's warning recorder, which stays).
	handlers := th.Handlers
	if len(handlers) > 0 {
		th.Handlers = handlers[:1:1]
	}
	defer func() {
		th.Handlers = handlers
		in.mu.Lock()
		s.active = false
		d.levels = d.levels[:s.Level-1]
		in.mu.Unlock()
	}()
	d.pause(th)
	d.events <- debugEvent{err: s}
	for {
		timer := time.NewTimer(d.timeout)
		select {
		case cmd := <-d.cmds:
			timer.Stop()
			d.resume(th, cmd.ctx)
			cmd.run(th)
			d.pause(th)
		case <-timer.C:
			th.Interrupt(fmt.Sprintf("debug timeout: the suspended evaluation got no debugger call for %v", d.timeout))
			d.end()
			panic(th.StopValue())
		case <-d.wake:
			timer.Stop()
			if th.Stopping() {
				d.end()
				panic(th.StopValue())
			}
		}
	}
}

// end marks the evaluation as stopped while it waited: calls that follow
// wait for it to unwind (debugTarget).
func (d *debugger) end() {
	d.in.mu.Lock()
	d.ending = true
	d.in.mu.Unlock()
}

// takeOutput moves the output and warnings sess collected so far into
// the suspension's error, so that the next reply shows only what follows.
func (d *debugger) takeOutput(sess *session, stdout, stderr *string, warnings *[]string) {
	if sess.stdout != nil {
		*stdout = sess.stdout.Take()
	}
	if sess.stderr != nil {
		*stderr = sess.stderr.Take()
	}
	mark := 0
	if n := len(d.nested); n > 0 {
		mark = d.nested[n-1].mark
	}
	if top := d.top; top != nil && mark <= len(top.warnings) {
		*warnings = append([]string(nil), top.warnings[mark:]...)
		top.warnings = top.warnings[:mark]
	}
}

// pause marks the evaluation as waiting: the clock of its time limit
// stops, and Interrupt wakes it to stop.
func (d *debugger) pause(th *rt.Thread) {
	th.CancelBreak() // a break asked for before this stop is satisfied by it
	d.paused = time.Now()
	d.in.mu.Lock()
	d.waiting = true
	d.in.curCancel = d.poke
	d.in.mu.Unlock()
	if d.cancel != nil {
		d.cancel()
		d.cancel = nil
	}
}

func (d *debugger) poke() {
	select {
	case d.wake <- struct{}{}:
	default:
	}
}

// resume runs the evaluation again for a call made with ctx: the time
// limit moves by the time spent waiting, and the thread's context becomes
// ctx (with the time limit), so that the caller can stop it.
func (d *debugger) resume(th *rt.Thread, ctx context.Context) {
	th.ExtendDeadline(time.Since(d.paused))
	if d.values == nil {
		d.values = th.Ctx
	}
	ctx, cancel := context.WithCancel(withValues{ctx, d.values})
	if dl := th.Deadline(); !dl.IsZero() {
		var cancelT context.CancelFunc
		ctx, cancelT = context.WithDeadline(ctx, dl)
		prev := cancel
		cancel = func() { cancelT(); prev() }
	}
	th.Ctx = ctx
	d.cancel = cancel
	d.in.mu.Lock()
	d.waiting = false
	d.in.curCancel = func() { cancel(); d.poke() }
	d.in.mu.Unlock()
}

// runNested runs body at a nested level of the suspension at level (in
// its dynamic context, with output captured apart and an ABORT restart
// back to that level) and sends its outcome as an event. A non-local exit
// to a point outside the level (a restart of the suspended evaluation)
// and a stop pass through: the evaluation resumes or ends, and its next
// event answers the call.
func (d *debugger) runNested(th *rt.Thread, debug bool, pkg string, body func(ns *session, vals *[]rt.Value)) {
	in := d.in
	// The level code runs at is the innermost one, whichever level's
	// Suspension the call was made on.
	in.mu.Lock()
	level := len(d.levels)
	in.mu.Unlock()
	var vals []rt.Value
	var res *Result
	var bound *rt.Package
	aborted := false
	ns, depth, pop := d.enterNested(th, debug)
	defer pop()
	err := d.guard(ns, func() {
		bound = in.bindPackageArg(th, pkg)
		aborted, _ = th.WithRestart(in.img.CLSym("ABORT"), fmt.Sprintf("Return to debugger level %d.", level), func() {
			body(ns, &vals)
		})
	})
	if err == nil && !aborted {
		res = &Result{Values: vals}
		err = d.guard(ns, func() { res.print(th, vals) })
		if err != nil {
			res = nil
		}
	}
	in.unbindKeepingPackage(th, depth, bound)
	var stdout, stderr string
	var warnings []string
	d.takeOutput(ns, &stdout, &stderr, &warnings)
	switch {
	case aborted:
		in.mu.Lock()
		var s *Suspension
		if level-1 < len(d.levels) {
			s = d.levels[level-1]
		}
		in.mu.Unlock()
		d.events <- debugEvent{err: s}
		return
	case res != nil:
		res.Stdout, res.Stderr, res.Warnings = stdout, stderr, warnings
		res.Values = in.goValues(res.Values)
	default:
		var e *Error
		if errors.As(err, &e) {
			e.Stdout, e.Stderr, e.Warnings = stdout, stderr, warnings
		}
	}
	d.events <- debugEvent{res: res, err: err}
}

// runNestedFn runs fn at a nested level without debugging and returns
// the *Error of an unhandled error in it; special bindings fn makes are
// undone.
func (d *debugger) runNestedFn(th *rt.Thread, fn func(ns *session)) error {
	ns, depth, pop := d.enterNested(th, false)
	defer pop()
	err := d.guard(ns, func() { fn(ns) })
	th.UnbindTo(depth)
	return err
}

// run is Interpreter.Run for an interpreter whose evaluation is suspended:
// fn runs on the suspended thread, at a nested level without debugging.
func (s *Suspension) run(ctx context.Context, fn func(th *rt.Thread)) error {
	ev, err := s.callEvent(ctx, func(th *rt.Thread) {
		err := s.d.runNestedFn(th, func(*session) { fn(th) })
		s.d.events <- debugEvent{err: err}
	})
	if err != nil {
		return err
	}
	return ev.err
}

// enterNested sets up a nested level on th: output streams of its own
// (when the interpreter captures output) and a place in d.nested. Call
// pop when it ends, normally or by a panic.
func (d *debugger) enterNested(th *rt.Thread, debug bool) (ns *session, depth int, pop func()) {
	ns = &session{th: th}
	depth = th.SpecialDepth()
	top := d.top
	S := th.Img.S
	if top.stdout != nil {
		ns.stdout = rt.NewStringOutput()
		ns.stdout.Budget = top.stdout.Budget
		th.BindSpecial(S.StandardOutput, ns.stdout)
	}
	if top.stderr != nil {
		ns.stderr = rt.NewStringOutput()
		ns.stderr.Budget = top.stderr.Budget
		th.BindSpecial(S.ErrorOutput, ns.stderr)
		th.BindSpecial(S.TraceOutput, ns.stderr)
	}
	d.nested = append(d.nested, nestedLevel{sess: ns, debug: debug, mark: len(top.warnings)})
	n := len(d.nested)
	return ns, depth, func() { d.nested = d.nested[:n-1] }
}

// guard runs body at a nested level: an unhandled error (or a Go panic)
// becomes a *Error and the thread returns to its state before body; a
// stop, an unhandled STORAGE-CONDITION and a non-local exit to a point
// outside the level go on unwinding.
func (d *debugger) guard(ns *session, body func()) (err error) {
	th := ns.th
	saved := th.Save()
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		if !catchable(th, r) {
			panic(r)
		}
		e := &Error{Time: time.Now()}
		renderError(th, ns, r, e)
		th.Restore(saved)
		err = e
	}()
	body()
	return nil
}

// catchable reports whether the panic r ends only the nested level that
// raised it.
func catchable(th *rt.Thread, r any) bool {
	if th.Stopping() {
		return false
	}
	switch x := r.(type) {
	case *rt.Unhandled:
		return !th.TypeP(x.Condition, th.Img.CLSym("STORAGE-CONDITION"))
	case goruntime.Error:
		return true
	}
	return false
}

// printLocal prints a local variable's value for FrameLocals; an error
// while printing shows as such.
func (d *debugger) printLocal(th *rt.Thread, v rt.Value) (out string) {
	saved := th.Save()
	defer func() {
		if r := recover(); r != nil {
			if !catchable(th, r) {
				panic(r)
			}
			th.Restore(saved)
			out = "#<error printing value>"
		}
	}()
	return printCapped(th, v)
}

// withValues is a context that ends as its Context does and has the
// values of its Context and, failing those, of values: a resumed
// evaluation runs under its caller's context with the values of the
// context it began with (which Go functions called from Lisp look up).
type withValues struct {
	context.Context
	values context.Context
}

func (c withValues) Value(key any) any {
	if v := c.Context.Value(key); v != nil {
		return v
	}
	return c.values.Value(key)
}
