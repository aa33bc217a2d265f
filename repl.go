package golem

import (
	"context"

	"github.com/golem-lisp/golem/eval"
	rt "github.com/golem-lisp/golem/runtime"
)

// REPL support: the REPL variables of CLHS 25.1.1 and evaluation that shows
// each top-level form's values as it goes.
//
// With Options.REPLVariables set, Eval, EvalInPackage, EvalResponse,
// EvalDebug and a Suspension's Eval treat each top-level form of their code as a form typed at a
// REPL, as SBCL's REPL does: before the form is evaluated, - is set to it;
// after it returns, +++/++/+ shift in -, ///, // and / shift in the list of
// its values, and ***, ** and * its primary value (NIL for no values). A
// form that ends in an unhandled error updates only -. The golem CLI's REPL
// and every MCP session set it; plain embedders do not (their Eval leaves
// the variables alone, as (load ...) and a program's own EVAL do). LoadFile
// and Run never update them.

// ValuesFunc receives the values of one top-level form, on the evaluating
// thread, while the evaluation is still running: it may print them with
// the printer or signal Lisp errors, which go to the evaluation's handlers
// and debugger as the form's own would.
type ValuesFunc func(th *rt.Thread, vals []rt.Value)

// eachKey carries WithValuesFunc's function in the evaluation's context.
type eachKey struct{}

// noREPLKey marks an evaluation that must not update the REPL variables
// (LoadFile's).
type noREPLKey struct{}

// WithValuesFunc returns a context under which Eval, EvalInPackage,
// EvalDebug and a Suspension's Eval call fn with the values of every
// top-level form of their code as soon as the form returns, as a REPL
// prints them (a Result holds only the last form's values).
func WithValuesFunc(ctx context.Context, fn ValuesFunc) context.Context {
	if ctx == nil {
		ctx = context.Background()
	}
	return context.WithValue(ctx, eachKey{}, fn)
}

// warnKey carries WithWarningFunc's function in the evaluation's context.
type warnKey struct{}

// WithWarningFunc returns a context under which an evaluation hands each
// warning that reaches the top level (no handler muffled it) to fn as it is
// signalled, as "TYPE: report" (the compiler's style warnings about
// undefined functions at the end of the code), instead of collecting them
// in Result.Warnings and Error.Warnings: for a terminal or a script, where
// a warning prints when it happens, among the output.
func WithWarningFunc(ctx context.Context, fn func(warning string)) context.Context {
	if ctx == nil {
		ctx = context.Background()
	}
	return context.WithValue(ctx, warnKey{}, fn)
}

// warningFunc returns WithWarningFunc's function in th's context, or nil.
func warningFunc(th *rt.Thread) func(string) {
	fn, _ := th.Ctx.Value(warnKey{}).(func(string))
	return fn
}

// evalTopLevel evaluates one top-level form of Eval's code, updating the
// REPL variables when the interpreter keeps them and calling the
// WithValuesFunc function. The form's values stay the thread's current values.
func (in *Interpreter) evalTopLevel(s *session, form rt.Value) rt.Value {
	th := s.th
	each, _ := th.Ctx.Value(eachKey{}).(ValuesFunc)
	repl := in.opts.REPLVariables && th.Ctx.Value(noREPLKey{}) == nil
	if !repl && each == nil {
		return eval.Eval(th, form)
	}
	cl := func(name string) *rt.Symbol { return in.img.CLSym(name) }
	if repl {
		cl("-").Value = form
	}
	vals := th.MultipleValues(eval.Eval(th, form))
	vals = append([]rt.Value(nil), vals...)
	if repl {
		primary := rt.Value(rt.NIL)
		if len(vals) > 0 {
			primary = vals[0]
		}
		shift := func(names [3]string, v rt.Value) {
			a, b, c := cl(names[0]), cl(names[1]), cl(names[2])
			c.Value, b.Value, a.Value = b.Value, a.Value, v
		}
		shift([3]string{"+", "++", "+++"}, form)
		shift([3]string{"/", "//", "///"}, rt.List(vals...))
		shift([3]string{"*", "**", "***"}, primary)
	}
	if each != nil {
		each(th, vals)
	}
	return th.Values(vals...)
}

// WithoutREPLVariables returns a context under which an evaluation leaves
// the REPL variables alone even with Options.REPLVariables set: for code a
// tool evaluates on a REPL session's behalf (MCP's load-system), which is
// not a form the user typed.
func WithoutREPLVariables(ctx context.Context) context.Context {
	if ctx == nil {
		ctx = context.Background()
	}
	return context.WithValue(ctx, noREPLKey{}, true)
}

// BreakHere is Break for Go code running on the evaluating goroutine (the
// reader of Options.Stdin, a Go function called from Lisp) that sees an
// interactive interrupt itself, such as Ctrl-C while the program reads the
// terminal: the debug evaluation suspends right there (EvalDebug returns
// the *Suspension, with a CONTINUE restart) and BreakHere returns when
// CONTINUE is invoked; another restart unwinds through the caller, which
// must let the panic pass. It reports false, doing nothing, when no debug
// evaluation runs.
func (in *Interpreter) BreakHere() bool {
	in.mu.Lock()
	d, th := in.dbg.cur, in.cur
	in.mu.Unlock()
	if d == nil || th == nil {
		return false
	}
	th.TakeBreakNow()
	return true
}

// withoutREPLVariables is WithoutREPLVariables, for LoadFile.
func withoutREPLVariables(ctx context.Context) context.Context { return WithoutREPLVariables(ctx) }
