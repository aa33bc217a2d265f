package golem

import (
	"context"
	"fmt"
	"reflect"
	"sync/atomic"
	"time"

	rt "github.com/golem-lisp/golem/runtime"
)

// Function is a Lisp function handed to Go: a value of Result.Values or of
// Call's results, or an argument of a Go function called from Lisp whose
// parameter is a *Function or an any. Call calls it; ExportTo turns it
// into a typed Go func; passed back to the same interpreter (as an
// argument of Call, Function.Call or Set, or in FromGo) it is the Lisp
// function itself again.
//
// A Function belongs to its Interpreter and follows its rule of one
// evaluation at a time: calling it while the interpreter evaluates for
// someone else returns ErrBusy. A Go function called from Lisp (through
// Define's reflection form) may call Lisp back: Call runs within the
// running evaluation when given the context the Go function received (or
// one derived from it), and a Function that arrived as an argument of that
// Go function does so with any context while the Go function runs. Such
// calls run one at a time, whatever goroutine makes them: a call made
// while another runs returns ErrBusy, and the Go function returns to Lisp
// only once a call another goroutine made has ended.
type Function struct {
	in *Interpreter
	fn rt.Function
	// th and alive are set for a Function given to a Go function called
	// from Lisp: while alive, calls run on th.
	th    *rt.Thread
	alive *atomic.Bool
}

// Call calls the function with Go arguments, converted as
// (*Interpreter).Call converts them, and returns its values. It runs under
// the interpreter's limits like Call, and returns an unhandled Lisp error
// as a *Error.
func (f *Function) Call(ctx context.Context, args ...any) ([]Value, error) {
	if f.alive != nil && f.alive.Load() {
		return f.in.callOn(f.th, func(*rt.Thread) rt.Function { return f.fn }, args)
	}
	return f.in.Call(ctx, f, args...)
}

// Name returns the function's name as PRIN1 prints it from CL-USER
// ("SCORE", "APP:CHECK", "(SETF PRICE)"), or "" for an anonymous function.
func (f *Function) Name() string {
	name := f.fn.FunctionName()
	if name == nil || name == rt.NIL {
		return ""
	}
	return f.in.img.NameString(name)
}

// String describes the function for Go messages: #<FUNCTION NAME>.
func (f *Function) String() string {
	if n := f.Name(); n != "" {
		return "#<FUNCTION " + n + ">"
	}
	return "#<FUNCTION (LAMBDA)>"
}

// Interpreter returns the interpreter the function belongs to.
func (f *Function) Interpreter() *Interpreter { return f.in }

// Lisp returns the Lisp function itself, for code using the runtime
// package. Do not call it on another goroutine than the interpreter's
// evaluation.
func (f *Function) Lisp() Value { return f.fn }

// newFunction wraps a Lisp function of in for Go.
func (in *Interpreter) newFunction(fn rt.Function) *Function {
	return &Function{in: in, fn: fn}
}

// goValues returns vals with each Lisp function wrapped as a *Function, as
// Go callers receive them.
func (in *Interpreter) goValues(vals []rt.Value) []Value {
	out := make([]Value, len(vals))
	for i, v := range vals {
		if fn, ok := v.(rt.Function); ok && in != nil {
			v = in.newFunction(fn)
		}
		out[i] = v
	}
	return out
}

// functionDesignator returns the resolver of Call's function argument.
func (in *Interpreter) functionDesignator(function any) (func(th *rt.Thread) rt.Function, error) {
	switch f := function.(type) {
	case string:
		return func(th *rt.Thread) rt.Function { return resolveFunction(th, f) }, nil
	case *Function:
		if f == nil {
			return nil, fmt.Errorf("golem: Call: nil *Function")
		}
		if f.in != in {
			return nil, fmt.Errorf("golem: Call: %v belongs to another interpreter", f)
		}
		return func(*rt.Thread) rt.Function { return f.fn }, nil
	case rt.Function:
		return func(*rt.Thread) rt.Function { return f }, nil
	}
	return nil, fmt.Errorf("golem: Call: the function must be a name (string) or a *golem.Function, not %T", function)
}

// callOn calls a Lisp function from a Go function that Lisp called, on the
// running evaluation's thread th. An unhandled Lisp error inside is
// returned as a *Error (the evaluation goes on); a limit or an interrupt
// keeps stopping the evaluation, and non-local exits to Lisp code outside
// (a HANDLER-CASE around the Go function's call) go through.
func (in *Interpreter) callOn(th *rt.Thread, resolve func(*rt.Thread) rt.Function, args []any) (vals []Value, err error) {
	if !in.acquireLisp() {
		return nil, errLispRunning
	}
	defer in.releaseLisp()
	saved := th.Save()
	late := th.Stopped()
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		u, ok := r.(*rt.Unhandled)
		if !ok || th.Stopping() || th.TypeP(u.Condition, in.img.CLSym("STORAGE-CONDITION")) {
			panic(r)
		}
		th.Land(late)
		e := &Error{}
		renderError(th, &session{th: th}, r, e)
		e.Time = time.Now()
		th.Restore(saved)
		vals, err = nil, e
	}()
	fn := resolve(th)
	conv := &converter{img: in.img, th: th}
	lispArgs := make([]rt.Value, len(args))
	for i, a := range args {
		lispArgs[i] = conv.fromGo(a, 0)
	}
	r := th.Call(fn, lispArgs...)
	return in.goValues(th.MultipleValues(r)), nil
}

// boundFunction wraps a Lisp function given to a Go function called from
// Lisp: while that call runs (alive), calls run on its thread.
func (c *converter) boundFunction(fn rt.Function) (*Function, bool) {
	if c.th == nil {
		return nil, false
	}
	in := interpreterOf(c.th.Img)
	if in == nil {
		return nil, false
	}
	return &Function{in: in, fn: fn, th: c.th, alive: c.alive}, true
}

// exportFunction makes a Go func of type t that calls f through
// Function.Call: a first context.Context parameter is the call's context
// (otherwise context.Background()), the other parameters are converted with
// FromGo, and the results with ExportTo, from the function's values in
// order (NIL for missing ones). A failure is returned in a last result of
// type error when t has one, and panics with the error otherwise.
func (f *Function) exportFunction(t reflect.Type) reflect.Value {
	errOut := t.NumOut() > 0 && t.Out(t.NumOut()-1) == errorType
	return reflect.MakeFunc(t, func(args []reflect.Value) []reflect.Value {
		ctx := context.Background()
		if t.NumIn() > 0 && t.In(0) == contextType {
			if c, ok := args[0].Interface().(context.Context); ok && c != nil {
				ctx = c
			}
			args = args[1:]
		}
		var goArgs []any
		for i, a := range args {
			if t.IsVariadic() && i == len(args)-1 {
				for j := 0; j < a.Len(); j++ {
					goArgs = append(goArgs, a.Index(j).Interface())
				}
				break
			}
			goArgs = append(goArgs, a.Interface())
		}
		outs := make([]reflect.Value, t.NumOut())
		for i := range outs {
			outs[i] = reflect.New(t.Out(i)).Elem()
		}
		vals, err := f.Call(ctx, goArgs...)
		if err == nil {
			conv := &converter{img: f.in.img}
			for i := 0; i < len(outs) && err == nil; i++ {
				if errOut && i == len(outs)-1 {
					break
				}
				var v rt.Value = rt.NIL
				if i < len(vals) {
					v = vals[i]
				}
				if cerr := conv.export(v, outs[i], 0); cerr != nil {
					err = fmt.Errorf("golem: value %d of %v: %w", i+1, f, cerr)
				}
			}
		}
		if err != nil {
			if !errOut {
				panic(err)
			}
			outs[len(outs)-1] = reflect.ValueOf(&err).Elem()
		}
		return outs
	})
}
