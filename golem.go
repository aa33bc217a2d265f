// Package golem is the embedding API of golem, a Common Lisp written in Go.
//
// An Interpreter owns one Lisp world (packages, definitions, global values).
// It runs one evaluation at a time: Eval, Call, Function.Call, Set and Get
// return ErrBusy while another caller's evaluation runs (a Go function
// called from Lisp may call Lisp back, see Function); Interrupt may be
// called from any goroutine; any number of Interpreters run in parallel and
// share nothing.
package golem

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	goruntime "runtime"
	"strings"
	"sync"
	"time"

	"github.com/golem-lisp/golem/conditions"
	"github.com/golem-lisp/golem/eval"
	"github.com/golem-lisp/golem/printer"
	"github.com/golem-lisp/golem/reader"
	rt "github.com/golem-lisp/golem/runtime"
)

// Version is golem's version string.
const Version = rt.LispImplementationVersion

// Limits bound one evaluation. Every field means the same by its sign:
// zero takes the default written beside it (so Limits{} is a safe
// sandbox), a negative value (NoLimit) lifts the limit where it can be
// lifted, and a positive value is the limit. MaxDepth cannot be lifted
// (the Go stack must not overflow): zero and negative values take its
// default; MaxSteps, unsigned, has no limit by default. The command line
// (golem mcp) shows each flag's default and spells NoLimit as 0.
//
// The timeout, the step and output limits (like Interrupt and the end of
// Eval's context) end the evaluation for good, with a *Error of type
// GOLEM:INTERRUPTED: its UNWIND-PROTECT cleanups run within 100 ms in all,
// and no GO, RETURN-FROM, THROW, restart or handler in them can resume it.
// The memory and stack limits signal a STORAGE-CONDITION, which handlers
// may take; unhandled, it ends the evaluation in the same way. errors.Is
// tells which limit stopped an evaluation (see ErrTimeLimit).
type Limits struct {
	Timeout   time.Duration // wall-clock time per Eval (0: 30s; negative: none)
	MaxSteps  uint64        // calls plus backward jumps (0: none)
	MaxDepth  int           // nested calls (0 or negative: 10000)
	MaxMemory int64         // bytes: one allocation, and what one evaluation keeps alive (0: 1 GiB; negative: no bound on what it keeps alive, one allocation still at most 1 GiB; see runtime/memory.go)
	MaxOutput int64         // characters of captured output (0: 1M; negative: none)
	// MaxBignumBits bounds the bits of any integer (and of a ratio's numerator
	// and denominator) an evaluation builds, and with it the work of one
	// bignum operation (0: DefaultMaxBignumBits, about 1.26 million
	// decimal digits, where the slowest operation takes a fraction of a
	// second; negative: none beyond MaxMemory). Larger results signal a
	// STORAGE-CONDITION before they are computed.
	MaxBignumBits int64
}

// DefaultMaxBignumBits is the default Limits.MaxBignumBits: 4 Mbit.
const DefaultMaxBignumBits = 1 << 22

// DefaultMaxMemory is Limits.MaxMemory when it is zero: 1 GiB.
const DefaultMaxMemory = 1 << 30

// Options configure a new Interpreter.
type Options struct {
	// Stdout and Stderr receive output directly when set; otherwise output is
	// captured into Result.Stdout and Result.Stderr.
	Stdout, Stderr io.Writer
	// Stdin is read by *standard-input*; empty when nil.
	Stdin io.Reader
	// Limits apply to each Eval.
	Limits Limits
	// Package is the initial current package (default COMMON-LISP-USER).
	Package string
	// Unrestricted gives Lisp code access to the host file system (the CLI).
	Unrestricted bool
	// AllowRead and AllowWrite open directories of the host file system to a
	// sandboxed interpreter; FS is a read-only file system LOAD and OPEN read from.
	AllowRead, AllowWrite []string
	FS                    fs.FS
	// Governor shares the process's memory among interpreters: pass the
	// same one to every interpreter of a server so that, near its
	// ceiling, the evaluation allocating most is stopped. Nil: the
	// interpreter gets its own, without a process ceiling.
	Governor *rt.Governor
	// DebugTimeout is how long an evaluation suspended by the debugger
	// (EvalDebug) waits for a call before it is stopped (default
	// DefaultDebugTimeout).
	DebugTimeout time.Duration
	// Setup, when set, runs at the end of New with the new interpreter, to
	// add Go functions (Define) and globals (Set) or load Lisp code. If it
	// returns an error, the interpreter refuses to evaluate: Err and every
	// Eval and Call return that error.
	Setup func(*Interpreter) error
	// REPLVariables makes Eval update *, **, +, / and the other REPL
	// variables after each top-level form, as a REPL does (see repl.go).
	REPLVariables bool
}

// Interpreter is one Lisp world.
type Interpreter struct {
	img              *rt.Image
	opts             Options
	mu               sync.Mutex
	cur              *rt.Thread
	lastErr          *Error
	pendingInterrupt string
	curCancel        context.CancelFunc // cancels the running evaluation's context
	stacks           rt.Stacks          // the last evaluation's thread stacks, for the next one (under mu)
	dbg              debugState         // the debugger (debug.go)
	emb              embedding          // Setup, the busy check, calls back from Go (embedding.go)
}

// New creates an interpreter with the standard packages and the prelude loaded.
func New(opts Options) *Interpreter {
	img := rt.NewImage()
	img.Sandbox = !opts.Unrestricted
	img.Files = rt.FileAccess{ReadDirs: opts.AllowRead, WriteDirs: opts.AllowWrite, FS: opts.FS}
	if opts.Governor == nil {
		opts.Governor = rt.NewGovernor(0)
	}
	rt.SetDefaultPathnameDefaults(img)
	in := &Interpreter{img: img, opts: opts}
	img.Debugger = in.debugHook // suspends only EvalDebug's evaluations (debug.go)
	th := rt.NewThread(img, context.Background(), rt.Limits{})
	eval.LoadPrelude(th, eval.LazyPrelude(readAll))
	if opts.Package != "" {
		if p := img.FindPackage(strings.ToUpper(opts.Package)); p != nil {
			img.S.Package.Value = p
		}
	}
	in.initEmbedding()
	return in
}

// readAll reads and handles the forms of src one at a time.
func readAll(th *rt.Thread, src string, fn func(rt.Value)) {
	rs := []rune(src)
	stream := rt.NewStringInput(rs, 0, len(rs))
	eof := &struct{ x int }{}
	for {
		form := reader.Read(th, stream, false, eof, false)
		if form == rt.Value(eof) {
			return
		}
		fn(form)
	}
}

// Image returns the interpreter's Lisp world, for packages extending golem.
func (in *Interpreter) Image() *rt.Image { return in.img }

// Result is what an evaluation produced.
type Result struct {
	// Values are the last form's values; a Lisp function is a *Function.
	Values   []rt.Value
	Stdout   string
	Stderr   string
	Warnings []string
	// printed holds the values as the response text prints them.
	printed []string
}

// Text renders the evaluate-lisp response text for a successful evaluation.
func (r *Result) Text() string {
	var b strings.Builder
	writeSections(&b, r.Stdout, r.Stderr, r.Warnings)
	for i, p := range r.printed {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString("=> ")
		b.WriteString(p)
	}
	return strings.TrimRight(b.String(), "\n")
}

func writeSections(b *strings.Builder, stdout, stderr string, warnings []string) {
	section := func(name, text string) {
		text = strings.TrimSpace(text)
		if text == "" {
			return
		}
		b.WriteString("[" + name + "]\n")
		b.WriteString(text)
		b.WriteString("\n\n")
	}
	section("stdout", stdout)
	section("stderr", stderr)
	section("warnings", strings.Join(warnings, "\n"))
}

// Frame is one backtrace entry, printed as a call form.
type Frame struct {
	Text string
}

// Error is an unhandled Lisp error (or an interrupted evaluation).
type Error struct {
	Type   string // condition type name, e.g. "DIVISION-BY-ZERO"
	Report string
	// Restarts available at the signal point, innermost first, as "NAME - report".
	Restarts []string
	// Backtrace holds every frame at the signal point, innermost first;
	// Text shows the first 20.
	Backtrace []string
	Time      time.Time
	// ReadError is true when the error was signalled while reading the code
	// (unbalanced parentheses, bad syntax) rather than while evaluating it.
	ReadError bool
	Stdout    string
	Stderr    string
	Warnings  []string
	Condition rt.Value // the condition object, when there is one
	cause     error    // why a limit or interrupt stopped it (errors.go)
}

func (e *Error) Error() string { return e.Type + ": " + e.Report }

// Text renders the evaluate-lisp error response text.
func (e *Error) Text() string {
	var b strings.Builder
	b.WriteString("[ERROR] " + e.Type + "\n" + e.Report + "\n\n[Backtrace]\n")
	if len(e.Backtrace) == 0 {
		b.WriteString(e.NoFrames() + "\n")
	}
	for i, f := range e.Backtrace {
		if i == maxShownFrames {
			break
		}
		fmt.Fprintf(&b, "%d: %s\n", i, f)
	}
	var out strings.Builder
	writeSections(&out, e.Stdout, e.Stderr, e.Warnings)
	if out.Len() > 0 {
		b.WriteString("\n")
		b.WriteString(out.String())
	}
	return strings.TrimRight(b.String(), "\n")
}

// NoFrames says why the error has no backtrace frames, as the [Backtrace]
// section and describe-last-error show it.
func (e *Error) NoFrames() string {
	if e.ReadError {
		return "(no frames: the error was signalled while reading the code)"
	}
	return "(no frames: the error was signalled outside any function call)"
}

// maxShownFrames bounds the backtrace in the response text.
const maxShownFrames = 20

// LastError returns the error of the most recent evaluation that failed, or
// nil when the most recent evaluation succeeded.
func (in *Interpreter) LastError() *Error {
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.lastErr
}

// Interrupt stops the running evaluation, if any, for good (see Limits).
// Safe from any goroutine.
func (in *Interpreter) Interrupt(reason string) {
	in.mu.Lock()
	th, cancel := in.cur, in.curCancel
	if th == nil {
		in.pendingInterrupt = reason
	}
	in.mu.Unlock()
	if th != nil {
		th.Interrupt(reason)
		if cancel != nil {
			cancel()
		}
	}
}

func (in *Interpreter) limits() rt.Limits {
	l := in.opts.Limits
	out := rt.Limits{MaxSteps: l.MaxSteps, MaxDepth: l.MaxDepth, MaxMemory: l.MaxMemory, MaxOutput: l.MaxOutput}
	switch {
	case l.Timeout == 0:
		out.Timeout = 30 * time.Second
	case l.Timeout > 0:
		out.Timeout = l.Timeout
	}
	if out.MaxOutput == 0 {
		out.MaxOutput = 1 << 20
	}
	if out.MaxMemory == 0 {
		out.MaxMemory = DefaultMaxMemory
	}
	switch {
	case l.MaxBignumBits == 0:
		out.MaxBignumBits = DefaultMaxBignumBits
	case l.MaxBignumBits > 0:
		out.MaxBignumBits = l.MaxBignumBits
	}
	return out
}

// session is the per-Eval setup: a thread with captured streams and a
// warning recorder.
type session struct {
	th       *rt.Thread
	cancel   context.CancelFunc
	reading  bool // the reader is reading the code (errors are parse errors)
	stdout   *rt.StringOutputStream
	stderr   *rt.StringOutputStream
	warnings []string
}

func (in *Interpreter) newSession(ctx context.Context) *session {
	img := in.img
	th := rt.NewThread(img, ctx, in.limits())
	in.mu.Lock()
	th.UseStacks(&in.stacks) // empty while another evaluation holds them
	in.mu.Unlock()
	s := &session{th: th}
	budget := &rt.OutputBudget{Max: th.Limits.MaxOutput}
	var out, errOut rt.Stream
	if in.opts.Stdout != nil {
		out = &rt.WriterStream{W: in.opts.Stdout}
	} else {
		s.stdout = rt.NewStringOutput()
		s.stdout.Budget = budget
		out = s.stdout
	}
	if in.opts.Stderr != nil {
		errOut = &rt.WriterStream{W: in.opts.Stderr}
	} else {
		s.stderr = rt.NewStringOutput()
		s.stderr.Budget = budget
		errOut = s.stderr
	}
	in2 := rt.Stream(rt.NewReaderStream(in.opts.Stdin))
	S := img.S
	th.BindSpecial(S.StandardOutput, out)
	th.BindSpecial(S.ErrorOutput, errOut)
	th.BindSpecial(S.TraceOutput, errOut)
	th.BindSpecial(S.StandardInput, in2)
	io := &rt.TwoWayStream{In: in2, Out: out}
	th.BindSpecial(S.TerminalIO, io)
	if in.opts.Stdout == nil {
		// Captured output has no user to ask: *query-io* and *debug-io* are
		// null streams, as evaluate-lisp-tool.md says (output discarded,
		// input at its end).
		io = &rt.TwoWayStream{In: rt.NewReaderStream(nil), Out: &rt.BroadcastStream{}}
	}
	th.BindSpecial(S.QueryIO, io)
	th.BindSpecial(S.DebugIO, io)
	recorder := &rt.Builtin{Name: img.Intern("GOLEM", "RECORD-WARNING"), Min: 1, Max: 1,
		Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			c := args[0].(*rt.Instance)
			// One warning per line: forms in the report print without
			// pretty-printer line breaks.
			d := th.SpecialDepth()
			th.BindSpecial(S.PrintPretty, rt.NIL)
			report := conditions.ReportString(th, c)
			th.UnbindTo(d)
			if show := warningFunc(th); show != nil {
				if th.SymbolValue(S.ErrorOutput) != errOut {
					// The program rebound *ERROR-OUTPUT*: WARN prints the
					// warning there, as in SBCL.
					return rt.NIL
				}
				show(warningTypeName(c) + ": " + report)
			} else {
				s.warnings = append(s.warnings, warningTypeName(c)+": "+report)
			}
			// A warning raised with SIGNAL has no MUFFLE-WARNING restart: it is
			// recorded and SIGNAL returns.
			if r := th.Call(img.CLSym("FIND-RESTART"), img.CLSym("MUFFLE-WARNING"), c); r != rt.NIL {
				th.Call(img.CLSym("INVOKE-RESTART"), r)
			}
			return rt.NIL
		}}
	th.PushHandlers([]rt.Handler{{Type: S.Warning, Fn: recorder}})
	return s
}

// warningTypeName names a warning in the [warnings] section: its class name,
// except that golem's internal style warnings show as STYLE-WARNING.
func warningTypeName(c *rt.Instance) string {
	return conditionTypeName(c)
}

// Eval evaluates every form of code in order and returns the last form's values.
// An unhandled Lisp error returns a *Error; errors.Is tells a limit or an
// interrupt (see ErrTimeLimit). While another evaluation of the interpreter
// runs, Eval returns ErrBusy at once.
func (in *Interpreter) Eval(ctx context.Context, code string) (*Result, error) {
	return in.evalWith(ctx, code, "")
}

// EvalInPackage is Eval with *package* bound to the named package
// (case-insensitive) for this evaluation.
func (in *Interpreter) EvalInPackage(ctx context.Context, code, pkg string) (*Result, error) {
	return in.evalWith(ctx, code, pkg)
}

func (in *Interpreter) evalWith(ctx context.Context, code, pkg string) (res *Result, err error) {
	if susp := in.debugTarget(ctx); susp != nil {
		// The suspended evaluation holds the interpreter: code runs inside it.
		return susp.evalCode(ctx, code, pkg, false)
	}
	ctx, mark, err := in.enter(ctx)
	if err != nil {
		return nil, err
	}
	defer in.leave(mark)
	s := in.begin(ctx)
	th := s.th
	defer in.end(s)
	var vals []rt.Value
	var bound *rt.Package
	err = in.protect(s, func() {
		bound = in.bindPackageArg(th, pkg)
		aborted, _ := th.WithRestart(in.img.CLSym("ABORT"), "Return to top level.", func() {
			in.evalForms(s, code, &vals)
		})
		if aborted {
			panic(&rt.Interrupted{Reason: "aborted: the ABORT restart was invoked"})
		}
	})
	if err == nil {
		res = &Result{Values: in.goValues(vals), Warnings: s.warnings}
		in.collect(s, &res.Stdout, &res.Stderr)
		err = in.protect(s, func() { res.print(th, vals) })
		if err != nil {
			res = nil
		}
	}
	in.unbindKeepingPackage(th, 0, bound)
	in.mu.Lock()
	if e, ok := err.(*Error); ok {
		in.lastErr = e
	} else if err == nil {
		in.lastErr = nil
	}
	in.mu.Unlock()
	return res, err
}

// bindPackageArg binds *package* on th to the package named pkg (a
// package argument, case-insensitive) and returns it; nil when pkg is "".
func (in *Interpreter) bindPackageArg(th *rt.Thread, pkg string) *rt.Package {
	if pkg == "" {
		return nil
	}
	p := in.img.FindPackage(strings.ToUpper(pkg))
	if p == nil {
		th.PackageError(rt.NewString(pkg), "The name \""+strings.ToUpper(pkg)+"\" does not designate any package.")
	}
	th.BindSpecial(in.img.S.Package, p)
	return p
}

// print prints vals into r as the response text shows them.
func (r *Result) print(th *rt.Thread, vals []rt.Value) {
	for _, v := range vals {
		r.printed = append(r.printed, printValue(th, v))
	}
}

// unbindKeepingPackage undoes th's special bindings down to depth; an
// IN-PACKAGE inside the code outlives the package argument's binding
// (bound, from bindPackageArg).
func (in *Interpreter) unbindKeepingPackage(th *rt.Thread, depth int, bound *rt.Package) {
	cur := in.img.CurrentPackage()
	th.UnbindTo(depth)
	if bound != nil && cur != bound {
		in.img.S.Package.Value = cur
	}
}

// begin sets up an evaluation and makes it the target of Interrupt; an
// interrupt that arrived while no evaluation ran applies to this one.
func (in *Interpreter) begin(ctx context.Context) *session {
	if ctx == nil {
		ctx = context.Background()
	}
	// Go functions called from Lisp see a context that ends with the
	// evaluation's time limit or an Interrupt.
	ctx, cancel := newEvalContext(ctx, in.limits().Timeout)
	s := in.newSession(ctx)
	s.cancel = cancel
	s.th.BeginMemory(in.opts.Governor)
	in.mu.Lock()
	in.cur = s.th
	in.curCancel = cancel
	in.dbg.sess = s
	if in.pendingInterrupt != "" {
		s.th.Interrupt(in.pendingInterrupt)
		in.pendingInterrupt = ""
	}
	in.mu.Unlock()
	return s
}

// timeoutCause is the cause of an evaluation's context ending at its time
// limit; its text is made only when read.
type timeoutCause time.Duration

func (t timeoutCause) Error() string {
	return fmt.Sprintf("timeout: evaluation took longer than %v", time.Duration(t))
}

// end undoes an evaluation's special bindings and unregisters it.
func (in *Interpreter) end(s *session) {
	s.th.UnbindTo(0)
	s.th.EndMemory()
	in.mu.Lock()
	s.th.ReleaseStacks(&in.stacks)
	in.cur = nil
	in.curCancel = nil
	in.dbg.sess = nil
	in.mu.Unlock()
	if s.cancel != nil {
		s.cancel()
	}
}

// evalForms reads and evaluates the forms of code one at a time, so that
// each form's side effects (IN-PACKAGE, readtable changes) apply to the next.
func (in *Interpreter) evalForms(s *session, code string, vals *[]rt.Value) {
	th := s.th
	*vals = []rt.Value{}
	rs := []rune(code)
	stream := rt.NewStringInput(rs, 0, len(rs))
	stream.Name = rt.InputSource // reader errors and definitions say "input, line: 3"
	eof := &struct{ x int }{}
	forms := reader.NewFormReader(stream)
	for {
		s.reading = true
		form, loc := forms.Next(th, eof)
		s.reading = false
		if form == rt.Value(eof) {
			break
		}
		d := th.SpecialDepth()
		th.BindFormLocation(loc)
		v := in.evalTopLevel(s, form)
		th.UnbindTo(d)
		*vals = th.MultipleValues(v)
	}
	eval.WarnUndefinedFunctions(th)
}

func (in *Interpreter) collect(s *session, stdout, stderr *string) {
	if s.stdout != nil {
		*stdout = s.stdout.Peek()
	}
	if s.stderr != nil {
		*stderr = s.stderr.Peek()
	}
}

// printValue renders a value as the response text shows it.
func printValue(th *rt.Thread, v rt.Value) string {
	S := th.Img.S
	depth := th.SpecialDepth()
	th.BindSpecial(S.PrintLength, rt.MakeInt(100))
	th.BindSpecial(S.PrintLevel, rt.MakeInt(10))
	th.BindSpecial(S.PrintCircle, rt.T)
	th.BindSpecial(S.PrintPretty, rt.T)
	th.BindSpecial(S.PrintReadably, rt.NIL)
	th.BindSpecial(S.PrintEscape, rt.T)
	out := &cappedOutput{max: int(th.Limits.MaxOutput)}
	func() {
		defer func() {
			if r := recover(); r != nil && r != errValueCapped {
				panic(r)
			}
		}()
		printer.Write(th, v, out)
	}()
	th.UnbindTo(depth)
	if out.dropped {
		return out.b.String() + "... [value truncated: the printed value is longer than the output limit]"
	}
	return out.b.String()
}

// errValueCapped stops printing a value once the output limit is reached.
var errValueCapped = &struct{ msg string }{"value capped"}

// cappedOutput is an output stream that keeps at most max bytes, so a huge
// value is never printed whole into memory.
type cappedOutput struct {
	b       strings.Builder
	max     int
	col     int
	dropped bool
}

func (c *cappedOutput) WriteString(s string) {
	if c.max > 0 && c.b.Len()+len(s) > c.max {
		c.b.WriteString(s[:max(0, c.max-c.b.Len())])
		c.dropped = true
		panic(errValueCapped)
	}
	c.b.WriteString(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		c.col = len(s) - i - 1
	} else {
		c.col += len(s)
	}
}
func (c *cappedOutput) ReadChar() (rune, bool) { return 0, false }
func (c *cappedOutput) UnreadChar(rune)        {}
func (c *cappedOutput) Column() int            { return c.col }
func (c *cappedOutput) IsInput() bool          { return false }
func (c *cappedOutput) IsOutput() bool         { return true }
func (c *cappedOutput) Close()                 {}

// protect runs body, turning unhandled conditions, interrupts and Go panics
// into *Error.
func (in *Interpreter) protect(s *session, body func()) (err error) {
	th := s.th
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		if x, ok := r.(*rt.ExitRequest); ok {
			e := &Exit{Code: x.Code, Abort: x.Abort}
			in.collect(s, &e.Stdout, &e.Stderr)
			err = e
			return
		}
		e := &Error{Warnings: s.warnings}
		renderError(th, s, r, e)
		e.cause = stopCause(th, r, e.Report)
		in.collect(s, &e.Stdout, &e.Stderr)
		e.Time = time.Now()
		err = e
	}()
	body()
	return nil
}

// renderError fills e from the panic value r that ended an evaluation on
// th. Rendering cannot fail: each part prints on its own report thread and
// has a fallback, and anything else that goes wrong is caught here, so no
// panic escapes to the embedder.
func renderError(th *rt.Thread, s *session, r any, e *Error) {
	ctx, cancel := context.WithTimeout(context.Background(), reportTime)
	defer cancel()
	defer func() {
		if p := recover(); p != nil && e.Report == "" {
			e.Report = "(error while rendering the error)"
		}
	}()
	switch x := r.(type) {
	case *rt.Unhandled:
		e.Condition = x.Condition
		e.Type = conditionTypeName(x.Condition)
		e.ReadError = s.reading
		e.Report = safeReport(ctx, th, x.Condition)
		e.Backtrace = renderBacktrace(ctx, th, x.Backtrace)
		e.Restarts = renderRestarts(ctx, th, x.Restarts)
	case *rt.Interrupted:
		e.Type = "GOLEM:INTERRUPTED"
		e.Report = "Evaluation stopped: " + x.Reason
		e.Backtrace = renderBacktrace(ctx, th, th.CallStack())
	default:
		e.Type = "GOLEM:INTERNAL-ERROR"
		e.Report = fmt.Sprintf("internal error: %v", r)
		stack := make([]byte, 8192)
		stack = stack[:goruntime.Stack(stack, false)]
		fmt.Fprintf(os.Stderr, "golem: internal error: %v\n%s\n", r, stack)
	}
}

// conditionTypeName names a condition's type for the response header: golem's
// internal SIMPLE-* classes show as the standard type they stand for.
func conditionTypeName(c *rt.Instance) string {
	cls := c.Class
	if cls.Name.Pkg != nil && cls.Name.Pkg.Name == "GOLEM" && strings.HasPrefix(cls.Name.Name, "SIMPLE-") {
		for _, k := range cls.CPL[1:] {
			if k.Name.Pkg != nil && k.Name.Pkg.Name == "COMMON-LISP" && k.Name.Name != "SIMPLE-CONDITION" {
				return k.Name.Name
			}
		}
	}
	return cls.Name.Name
}

// reportTime bounds the rendering of one error (its report, backtrace and
// restarts together), so that an evaluation a limit stopped ends soon after.
const reportTime = time.Second

// reportThread makes a thread that prints part of an ended evaluation's
// error: limited in time (by ctx, shared by the parts) and, like the
// evaluation, in memory, and printing under a known printer state whatever
// the program had bound (see bindStandardPrinter). Its bindings live in
// the symbols: call UnbindTo(0) when done, including when a limit stops it.
func reportThread(ctx context.Context, th *rt.Thread) *rt.Thread {
	fresh := rt.NewThread(th.Img, ctx, rt.Limits{MaxMemory: th.Limits.MaxMemory})
	bindStandardPrinter(fresh)
	return fresh
}

// bindStandardPrinter binds the printer variables on th to their standard
// values (those of a new interpreter), so that an error report prints the
// same whatever the failing program bound them to, valid or not (a
// *PRINT-LENGTH* of -1 must not make its own report fail), except that
// *print-circle* is on: circular data then print finitely (a TYPE-ERROR
// about a circular list would otherwise print until a limit stops it).
// *package* and *read-default-float-format* are kept when valid.
func bindStandardPrinter(th *rt.Thread) {
	S := th.Img.S
	for _, b := range []struct {
		sym *rt.Symbol
		val rt.Value
	}{
		{S.PrintArray, rt.T}, {S.PrintBase, rt.MakeInt(10)}, {S.PrintCase, S.Upcase},
		{S.PrintCircle, rt.T}, {S.PrintEscape, rt.T}, {S.PrintGensym, rt.T},
		{S.PrintLength, rt.NIL}, {S.PrintLevel, rt.NIL}, {S.PrintLines, rt.NIL},
		{S.PrintMiserWidth, rt.NIL}, {S.PrintPprintDispatch, &printer.DispatchTable{}},
		{S.PrintPretty, rt.T}, {S.PrintRadix, rt.NIL}, {S.PrintReadably, rt.NIL},
		{S.PrintRightMargin, rt.NIL},
	} {
		th.BindSpecial(b.sym, b.val)
	}
	if _, ok := S.Package.Value.(*rt.Package); !ok {
		th.BindSpecial(S.Package, th.Img.CLUser)
	}
	switch S.ReadDefaultFloatFormat.Value {
	case S.SingleFloat, S.DoubleFloat, S.ShortFloat, S.LongFloat:
	default:
		th.BindSpecial(S.ReadDefaultFloatFormat, S.SingleFloat)
	}
}

// safeReport renders c's report, keeping at most the evaluation's output
// limit of it (a report printing a huge list ends with a truncation note).
func safeReport(ctx context.Context, th *rt.Thread, c *rt.Instance) (text string) {
	fresh := reportThread(ctx, th)
	out := rt.NewStringOutput()
	out.Budget = &rt.OutputBudget{Max: th.Limits.MaxOutput}
	defer func() {
		fresh.UnbindTo(0)
		if r := recover(); r != nil {
			_, stopped := r.(*rt.Interrupted)
			switch {
			case stopped && out.Budget.Max > 0 && out.Budget.Used >= out.Budget.Max:
				text = out.Take() // with the truncation note
			case stopped && out.Budget.Used > 0:
				text = out.Take() + "\n[report truncated: printing it took too long]"
			case stopped:
				text = "(the report of a " + c.Class.Name.Name + " condition took too long to print)"
			default:
				text = "(error while printing the report of a " + c.Class.Name.Name + " condition)"
			}
		}
	}()
	conditions.ReportTo(fresh, c, out)
	return out.Take()
}

// renderRestarts describes restarts as "NAME - report".
func renderRestarts(ctx context.Context, th *rt.Thread, rs []*rt.Restart) []string {
	fresh := reportThread(ctx, th)
	defer fresh.UnbindTo(0)
	var out []string
	for _, r := range rs {
		out = append(out, restartLine(fresh, r))
	}
	return out
}

func restartLine(th *rt.Thread, r *rt.Restart) (line string) {
	name := "(anonymous)"
	d := th.SpecialDepth()
	defer func() {
		if recover() != nil {
			th.UnbindTo(d)
			line = name
		}
	}()
	if r.Name != rt.NIL {
		name = "(unprintable)"
		name = printer.ToString(th, r.Name, false)
	}
	switch rep := r.Report.(type) {
	case nil:
		return name
	case *rt.String:
		return name + " - " + rep.String()
	default:
		out := rt.NewStringOutput()
		out.Budget = &rt.OutputBudget{Max: maxFrameItem}
		th.Call(rep, out)
		return name + " - " + out.Take()
	}
}

// renderBacktrace prints every frame, innermost first.
func renderBacktrace(ctx context.Context, th *rt.Thread, frames []rt.CallRecord) []string {
	fresh := reportThread(ctx, th)
	defer fresh.UnbindTo(0)
	S := th.Img.S
	fresh.BindSpecial(S.PrintLength, rt.MakeInt(10))
	fresh.BindSpecial(S.PrintLevel, rt.MakeInt(4))
	fresh.BindSpecial(S.PrintPretty, rt.NIL)
	fresh.BindSpecial(S.PrintEscape, rt.T)
	var out []string
	for i := len(frames) - 1; i >= 0; i-- {
		f := frames[i]
		if f.Fn == nil || isInternalFrame(f.Fn) {
			continue
		}
		out = append(out, renderFrame(fresh, f)+frameSource(th.Img, f.Fn))
	}
	return out
}

func isInternalFrame(fn rt.Function) bool {
	if s, ok := fn.FunctionName().(*rt.Symbol); ok && s.Pkg != nil && s.Pkg.Name == "GOLEM" {
		return strings.HasPrefix(s.Name, "%") || s.Name == "RECORD-WARNING"
	}
	return false
}

func renderFrame(th *rt.Thread, f rt.CallRecord) (out string) {
	d := th.SpecialDepth()
	defer func() {
		if r := recover(); r != nil {
			th.UnbindTo(d)
			out = "(<error printing frame>)"
		}
	}()
	name := f.Fn.FunctionName()
	var head string
	if name == rt.NIL {
		head = "(LAMBDA ())"
		if ll, ok := f.Fn.(rt.LambdaLister); ok {
			head = "(LAMBDA " + printCapped(th, ll.LambdaList()) + ")"
		}
	} else {
		head = printCapped(th, name)
	}
	parts := []string{head}
	for _, a := range f.Args {
		parts = append(parts, printCapped(th, a))
	}
	return "(" + strings.Join(parts, " ") + ")"
}

// maxFrameItem bounds the characters printed of one argument of a
// backtrace frame and of one restart's report (*print-length* does not
// shorten strings).
const maxFrameItem = 2000

// printCapped prints v as PRIN1 would under th's printer bindings, keeping
// at most maxFrameItem characters ("..." marks the cut).
func printCapped(th *rt.Thread, v rt.Value) string {
	out := &cappedOutput{max: maxFrameItem}
	d := th.SpecialDepth()
	func() {
		defer func() {
			if r := recover(); r != nil && r != errValueCapped {
				panic(r)
			}
		}()
		printer.Write(th, v, out)
	}()
	th.UnbindTo(d)
	if out.dropped {
		return out.b.String() + "..."
	}
	return out.b.String()
}

// EvalResponse evaluates code and returns the evaluate-lisp response text and
// whether it is an error response.
func (in *Interpreter) EvalResponse(ctx context.Context, code string) (string, bool) {
	return in.EvalResponseInPackage(ctx, code, "")
}

// EvalResponseInPackage is EvalResponse with *package* bound to pkg when pkg is non-empty.
func (in *Interpreter) EvalResponseInPackage(ctx context.Context, code, pkg string) (string, bool) {
	res, err := in.evalWith(ctx, code, pkg)
	if err != nil {
		if e, ok := err.(*Error); ok {
			return e.Text(), true
		}
		return "[ERROR] GOLEM:INTERNAL-ERROR\n" + err.Error(), true
	}
	return res.Text(), false
}

// LoadFile loads a source file as LOAD does, with output going where the
// interpreter's options send it.
func (in *Interpreter) LoadFile(ctx context.Context, path string) (*Result, error) {
	return in.evalWith(withoutREPLVariables(ctx), "(load "+quoteLisp(path)+")", "")
}

func quoteLisp(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`)
	return `"` + r.Replace(s) + `"`
}

// PackagePrompt returns the REPL prompt name of the current package (its
// shortest nickname, as SBCL shows CL-USER).
func (in *Interpreter) PackagePrompt() string {
	p := in.img.CurrentPackage()
	name := p.Name
	for _, n := range p.Nicknames {
		if len(n) < len(name) {
			name = n
		}
	}
	return name
}

// Complete reports whether src holds only complete forms (balanced
// parentheses outside strings, comments and escapes), for line-based REPLs.
func Complete(src string) bool {
	depth := 0
	inString, inBar, escape := false, false, false
	blockComment := 0
	rs := []rune(src)
	for i := 0; i < len(rs); i++ {
		c := rs[i]
		switch {
		case escape:
			escape = false
		case blockComment > 0:
			if c == '|' && i+1 < len(rs) && rs[i+1] == '#' {
				blockComment--
				i++
			} else if c == '#' && i+1 < len(rs) && rs[i+1] == '|' {
				blockComment++
				i++
			}
		case inString:
			if c == '\\' {
				escape = true
			} else if c == '"' {
				inString = false
			}
		case inBar:
			if c == '\\' {
				escape = true
			} else if c == '|' {
				inBar = false
			}
		case c == '\\':
			escape = true
		case c == '"':
			inString = true
		case c == '|':
			inBar = true
		case c == ';':
			for i < len(rs) && rs[i] != '\n' {
				i++
			}
		case c == '#' && i+1 < len(rs) && rs[i+1] == '|':
			blockComment++
			i++
		case c == '#' && i+1 < len(rs) && rs[i+1] == '\\':
			i += 2
		case c == '(':
			depth++
		case c == ')':
			depth--
		}
	}
	return depth <= 0 && !inString && !inBar && blockComment == 0
}
