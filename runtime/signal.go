package runtime

import (
	"fmt"
	"strings"
)

// Handler is one binding of a handler-bind cluster.
type Handler struct {
	Type Value // a type specifier
	Fn   Value // a function designator of one argument
}

// Restart is an established restart.
type Restart struct {
	Name        Value // a symbol, NIL for anonymous restarts
	Fn          Value // function invoked by invoke-restart
	Report      Value // string, function of a stream, or nil
	Interactive Value // function returning an argument list, or nil
	Test        Value // function of a condition, or nil
	// Conditions associated by with-condition-restarts; empty means any.
	Conditions []*Instance
}

// Unhandled is the panic value that carries an error nobody handled to the
// top level (the effect of the top-level ABORT restart).
type Unhandled struct {
	Condition *Instance
	Backtrace []CallRecord
	// Restarts are the restarts that were active at the signal point, innermost first.
	Restarts []*Restart
}

func (u *Unhandled) Error() string { return "unhandled condition" }

// MakeCondition creates a condition of the class named name (in COMMON-LISP
// unless qualified "PKG:NAME") with an initarg plist of keyword names and values.
func (th *Thread) MakeCondition(name string, initargs ...Value) *Instance {
	sym := th.Img.defLookup(name)
	c := th.Img.Classes[sym]
	if c == nil {
		panic("golem: condition class " + name + " is not defined")
	}
	inst := NewInstance(c)
	th.InitInstance(inst, initargs)
	return inst
}

func (img *Image) defLookup(name string) *Symbol {
	for i := 0; i < len(name); i++ {
		if name[i] == ':' {
			p := img.FindPackage(name[:i])
			s, _ := p.Intern(name[i+1:])
			return s
		}
	}
	return img.CLSym(name)
}

// PushHandlers establishes a handler cluster; restore with the saved slice.
// The stack grows in place (nesting N handlers costs O(N), not O(N²)):
// the slices saved to restore it are prefixes of it, and Signal runs each
// handler on a prefix whose capacity is cut, so a push made by the handler
// never writes over the clusters it disabled.
func (th *Thread) PushHandlers(cluster []Handler) {
	th.Handlers = append(th.Handlers, cluster)
}

// PushRestart establishes a restart.
// Like the handler stack, it grows in place.
func (th *Thread) PushRestart(r *Restart) {
	th.Restarts = append(th.Restarts, r)
}

// Signal runs the applicable handlers for c, innermost first. Each handler
// runs with its own cluster and the ones inside it disabled. Signal returns
// when every applicable handler declined.
func (th *Thread) Signal(c *Instance) {
	floor := 0
	if th.interrupted.Load() != 0 {
		// A stopped evaluation runs no handler established before the
		// stop: none may end its unwinding. A cleanup running within its
		// grace budget still has the handlers it established itself.
		th.stopNow()
		floor = th.handlerFloor
	} else if bos := th.Img.S.BreakOnSignals.Value; bos != nil && bos != NIL && th.TypeP(c, bos) {
		th.InvokeDebugger(c)
	}
	for i := len(th.Handlers) - 1; i >= floor; i-- {
		for _, h := range th.Handlers[i] {
			if th.TypeP(c, h.Type) {
				saved := th.Handlers
				th.Handlers = th.Handlers[:i:i]
				th.Call(h.Fn, c)
				th.Handlers = saved
			}
		}
	}
}

// Error signals c and, when no handler takes a non-local exit, enters the
// debugger (which never returns).
func (th *Thread) Error(c *Instance) Value {
	th.Signal(c)
	th.InvokeDebugger(c)
	return nil
}

// InvokeDebugger calls *debugger-hook* and then the image's debugger; it does
// not return.
func (th *Thread) InvokeDebugger(c *Instance) {
	if th.interrupted.Load() != 0 {
		panic(th.StopValue())
	}
	hookSym := th.Img.S.DebuggerHook
	if hook := hookSym.Value; hook != nil && hook != NIL {
		th.BindSpecial(hookSym, NIL)
		th.Call(hook, c, hook)
	}
	if th.Img.Debugger != nil {
		th.Img.Debugger(th, c)
	}
	bt := th.CallStack()
	for i := range bt {
		// The argument slices live on the thread's stacks, which unwinding
		// reuses: keep copies.
		bt[i].Args = append([]Value(nil), bt[i].Args...)
	}
	rs := make([]*Restart, 0, len(th.Restarts))
	for i := len(th.Restarts) - 1; i >= 0; i-- {
		rs = append(rs, th.Restarts[i])
	}
	panic(&Unhandled{Condition: c, Backtrace: bt, Restarts: rs})
}

// ConditionOf turns CLHS 9.1.2.1 condition designator arguments into a
// condition: a condition, a class name with initargs, or a format control with
// arguments (which makes a condition of defaultType).
func (th *Thread) ConditionOf(args []Value, defaultType string) *Instance {
	if len(args) == 0 {
		th.ProgramError("no condition designator given")
	}
	switch d := args[0].(type) {
	case *Instance:
		if d.Class.Kind == ConditionClass {
			if len(args) > 1 {
				// As in SBCL: a condition takes no further arguments.
				th.Error(th.MakeCondition("SIMPLE-TYPE-ERROR", th.Img.Kw("DATUM"), List(args[1:]...),
					th.Img.Kw("EXPECTED-TYPE"), th.Img.CLSym("NULL"),
					th.Img.Kw("FORMAT-CONTROL"), NewString("You may not supply additional arguments when giving ~S as a condition designator."),
					th.Img.Kw("FORMAT-ARGUMENTS"), List(d)))
			}
			return d
		}
	case *Symbol:
		if c := th.Img.Classes[d]; c != nil && c.Kind == ConditionClass {
			inst := NewInstance(c)
			if rest := th.InitInstance(inst, args[1:]); len(rest) > 0 && !th.allowOther(args[1:]) {
				th.ProgramError(fmt.Sprintf("invalid initialization argument %s for %s",
					th.Img.NameString(rest[0]), th.Img.SymbolString(d)))
			}
			return inst
		}
		if d != NIL && d.Pkg != nil {
			th.Error(th.MakeCondition("SIMPLE-TYPE-ERROR", th.Img.Kw("DATUM"), d,
				th.Img.Kw("EXPECTED-TYPE"), th.Img.S.Condition,
				th.Img.Kw("FORMAT-CONTROL"), NewString(fmt.Sprintf("%s does not designate a condition class.", th.Img.SymbolString(d))),
				th.Img.Kw("FORMAT-ARGUMENTS"), NIL))
		}
	case *String, Function:
		return th.MakeCondition(defaultType, th.Img.Kw("FORMAT-CONTROL"), d,
			th.Img.Kw("FORMAT-ARGUMENTS"), List(args[1:]...))
	}
	if th.IsString(args[0]) { // a string with a fill pointer, displaced or adjustable
		return th.MakeCondition(defaultType, th.Img.Kw("FORMAT-CONTROL"), args[0],
			th.Img.Kw("FORMAT-ARGUMENTS"), List(args[1:]...))
	}
	th.TypeError(args[0], List(th.Img.S.Or, th.Img.S.Condition, th.Img.S.Symbol, th.Img.S.String, th.Img.S.Function))
	return nil
}

func (th *Thread) allowOther(pl []Value) bool {
	for i := 0; i+1 < len(pl); i += 2 {
		if pl[i] == th.Img.S.KwAllowOtherKeys && pl[i+1] != NIL {
			return true
		}
	}
	return false
}

// --- error helpers used throughout the runtime ---

// TypeError signals a TYPE-ERROR for datum and expected type.
func (th *Thread) TypeError(datum, expected Value) Value {
	return th.Error(th.MakeCondition("TYPE-ERROR", th.Img.Kw("DATUM"), datum, th.Img.Kw("EXPECTED-TYPE"), expected))
}

// TypeErrorName signals a TYPE-ERROR whose expected type is a CL symbol.
func (th *Thread) TypeErrorName(datum Value, expected string) Value {
	return th.TypeError(datum, th.Img.CLSym(expected))
}

// SimpleError signals a SIMPLE-ERROR with a literal message.
func (th *Thread) SimpleError(format string, args ...Value) Value {
	return th.Error(th.MakeCondition("SIMPLE-ERROR", th.Img.Kw("FORMAT-CONTROL"), NewString(format),
		th.Img.Kw("FORMAT-ARGUMENTS"), List(args...)))
}

// simpleOf signals a condition of type name with a literal message.
func (th *Thread) simpleOf(name, msg string, extra ...Value) Value {
	args := append([]Value{th.Img.Kw("FORMAT-CONTROL"), NewString(EscapeTildes(msg)), th.Img.Kw("FORMAT-ARGUMENTS"), NIL}, extra...)
	return th.Error(th.MakeCondition(name, args...))
}

// ProgramError signals a PROGRAM-ERROR with a literal message.
func (th *Thread) ProgramError(msg string) Value {
	return th.simpleOf("GOLEM:SIMPLE-PROGRAM-ERROR", msg)
}

// ControlError signals a CONTROL-ERROR with a literal message.
func (th *Thread) ControlError(msg string) Value {
	return th.simpleOf("GOLEM:SIMPLE-CONTROL-ERROR", msg)
}

// PackageError signals a PACKAGE-ERROR about pkg (a package or a name) with a literal message.
func (th *Thread) PackageError(pkg Value, msg string) Value {
	return th.simpleOf("GOLEM:SIMPLE-PACKAGE-ERROR", msg, th.Img.Kw("PACKAGE"), pkg)
}

// ReaderError signals a READER-ERROR on stream with a literal message.
func (th *Thread) ReaderError(stream Value, msg string) Value {
	return th.simpleOf("GOLEM:SIMPLE-READER-ERROR", msg, th.Img.Kw("STREAM"), stream)
}

// EndOfFile signals END-OF-FILE on stream.
func (th *Thread) EndOfFile(stream Value) Value {
	return th.Error(th.MakeCondition("END-OF-FILE", th.Img.Kw("STREAM"), stream))
}

// UndefinedFunction signals UNDEFINED-FUNCTION for name.
func (th *Thread) UndefinedFunction(name Value) Value {
	return th.Error(th.MakeCondition("UNDEFINED-FUNCTION", th.Img.Kw("NAME"), name))
}

// UnboundVariable signals UNBOUND-VARIABLE for sym.
func (th *Thread) UnboundVariable(sym *Symbol) Value {
	return th.Error(th.MakeCondition("UNBOUND-VARIABLE", th.Img.Kw("NAME"), sym))
}

// DivisionByZero signals DIVISION-BY-ZERO for operation and operands.
func (th *Thread) DivisionByZero(op string, operands ...Value) Value {
	return th.Error(th.MakeCondition("DIVISION-BY-ZERO", th.Img.Kw("OPERATION"), th.Img.CLSym(op),
		th.Img.Kw("OPERANDS"), List(operands...)))
}

// ArithmeticError signals a condition of the given arithmetic-error type.
func (th *Thread) ArithmeticError(typ, op string, operands ...Value) Value {
	return th.Error(th.MakeCondition(typ, th.Img.Kw("OPERATION"), th.Img.CLSym(op),
		th.Img.Kw("OPERANDS"), List(operands...)))
}

// StorageCondition signals a STORAGE-CONDITION with a message.
func (th *Thread) StorageCondition(msg string) Value {
	return th.Error(th.MakeCondition("GOLEM:SIMPLE-STORAGE-CONDITION",
		th.Img.Kw("FORMAT-CONTROL"), NewString(EscapeTildes(msg)), th.Img.Kw("FORMAT-ARGUMENTS"), NIL))
}

// StackExhausted signals a STORAGE-CONDITION for too-deep recursion, leaving
// some headroom for the handlers; exhausting that too stops the evaluation.
func (th *Thread) StackExhausted() {
	if th.Limits.MaxDepth > th.baseDepth()+500 || th.NestDepth < 0 {
		th.Stop("control stack exhausted while handling a stack exhaustion")
	}
	if th.origDepth == 0 {
		th.origDepth = th.Limits.MaxDepth
	}
	th.Limits.MaxDepth += 500
	th.StorageCondition("Control stack exhausted (no more space for function call frames). This is probably due to heavily nested or infinitely recursive function calls.")
}

func (th *Thread) baseDepth() int {
	if th.origDepth == 0 {
		return th.Limits.MaxDepth
	}
	return th.origDepth
}

// CheckAlloc accounts for a program-sized allocation of n bytes (negative:
// more than memory can hold) and signals a STORAGE-CONDITION before it is
// made when it would pass the memory limit: one allocation may not pass
// MaxMemory, nor may what the evaluation keeps alive, and near the
// governor's process ceiling the evaluation allocating most is stopped
// (see memory.go).
func (th *Thread) CheckAlloc(n int64) {
	limit := th.memLimit()
	if n < 0 || n > limit {
		what := "more bytes than memory can hold"
		if n >= 0 {
			what = fmt.Sprintf("%d bytes", n)
		}
		th.heapExhausted(fmt.Sprintf("Heap exhausted: cannot allocate %s (limit %d MiB).", what, limit>>20))
	}
	th.Allocated += n
	th.chargeMemory(n)
}

// DefaultMaxAlloc bounds one program-sized allocation when no memory limit is set.
const DefaultMaxAlloc = 1 << 30

// EscapeTildes makes literal text safe to use as a FORMAT control string.
func EscapeTildes(s string) string { return strings.ReplaceAll(s, "~", "~~") }
