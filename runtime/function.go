package runtime

import "strings"

// Function is anything callable: Go builtins, compiled closures, generic
// functions. The args slice is only valid during the call: a callee that keeps
// arguments must copy them. Every call leaves Thread.nv describing how many
// values it returned (builtins do this through Builtin.Call).
type Function interface {
	Call(th *Thread, args []Value) Value
	// FunctionName returns the function's name (a symbol, a (SETF x) list) or NIL.
	FunctionName() Value
}

// Caller1 is implemented by functions with a cheaper entry point for a
// call with exactly one argument (a compiled Lisp function, package eval):
// Call1(th, x) does all that Call(th, []Value{x}) does, the call record,
// the argument count check and the errors included. Builtins that call a
// function argument once per element (the mapping functions, the tests,
// keys and predicates of the sequence functions) look for it once, before
// the loop.
type Caller1 interface {
	Call1(th *Thread, x Value) Value
}

// Caller2 is Caller1 for calls with exactly two arguments.
type Caller2 interface {
	Call2(th *Thread, x, y Value) Value
}

// LambdaLister is implemented by functions that know their lambda list.
type LambdaLister interface {
	LambdaList() Value
}

// Builtin is a function implemented in Go.
type Builtin struct {
	Name     *Symbol
	NameForm Value // the full name when it is not a symbol, e.g. (SETF CAR)
	Min, Max int   // argument counts; Max < 0 means any number
	// MultipleValues marks builtins that set Thread values themselves.
	MultipleValues bool
	Fn             func(th *Thread, args []Value) Value
	Params         string // lambda list text, e.g. "(LIST &KEY TEST)"
	// Fast1, Fast2 and Fast3, when set, compute the builtin's common case
	// for exactly one, two or three arguments without a call record;
	// compiled call sites try them before Call. ok false means the
	// arguments are not the common case and the caller must make the real
	// call, so every error (and its backtrace frame) still comes from Call.
	// They must not signal, run Lisp code, allocate what a program sizes,
	// or set multiple values; their value is a single value.
	Fast1 func(x Value) (v Value, ok bool)
	Fast2 func(x, y Value) (v Value, ok bool)
	Fast3 func(x, y, z Value) (v Value, ok bool)
}

// Call checks the argument count and runs the builtin.
func (b *Builtin) Call(th *Thread, args []Value) Value {
	th.PushCall(b, args)
	if len(args) < b.Min || (b.Max >= 0 && len(args) > b.Max) {
		th.argCountError(b, len(args))
	}
	v := b.Fn(th, args)
	if !b.MultipleValues {
		th.nv = 1
	}
	th.PopCall()
	return v
}

// FunctionName implements Function.
func (b *Builtin) FunctionName() Value {
	if b.NameForm != nil {
		return b.NameForm
	}
	if b.Name == nil {
		return NIL
	}
	return b.Name
}

func (th *Thread) argCountError(fn Function, n int) {
	b, _ := fn.(*Builtin)
	want := ""
	if b != nil {
		switch {
		case b.Max < 0:
			want = "at least " + itoa(b.Min)
		case b.Min == b.Max:
			want = "exactly " + itoa(b.Min)
		default:
			want = "between " + itoa(b.Min) + " and " + itoa(b.Max)
		}
	}
	name := th.Img.NameString(fn.FunctionName())
	th.ProgramError("invalid number of arguments: " + itoa(n) + " (" + name + " takes " + want + ")")
}

// NameString renders a function name for messages, with package prefix as prin1
// would show it from CL-USER.
func (img *Image) NameString(name Value) string {
	switch n := name.(type) {
	case *Symbol:
		return img.SymbolString(n)
	case *Cons:
		var parts []string
		for c := Value(n); c != NIL; {
			cc, ok := c.(*Cons)
			if !ok {
				break
			}
			parts = append(parts, img.NameString(cc.Car))
			c = cc.Cdr
		}
		return "(" + strings.Join(parts, " ") + ")"
	}
	return "anonymous"
}

// SymbolString renders a symbol as prin1 would from CL-USER, without escapes.
func (img *Image) SymbolString(s *Symbol) string {
	p := img.HomePackage(s)
	switch {
	case p == nil:
		return "#:" + s.Name
	case p == img.Keyword:
		return ":" + s.Name
	case p == img.CL || p == img.CLUser:
		return s.Name
	}
	if found, st := img.CLUser.FindSymbol(s.Name); found == s && st != StatusNone {
		return s.Name
	}
	if p.IsExternal(s) {
		return p.Name + ":" + s.Name
	}
	return p.Name + "::" + s.Name
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}
