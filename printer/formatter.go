package printer

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// FORMATTER (CLHS 22.4): (formatter "control") makes a function of a stream
// and arguments that runs the control string and returns the arguments it
// did not consume.

func init() {
	rt.Register(rt.Def{Name: "GOLEM:%FORMATTER-CALL", Min: 2, Max: -1, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
		s := th.OutputStream(args[0])
		f := &fstate{th: th, out: s, args: append([]rt.Value(nil), args[2:]...)}
		f.runControl(args[1])
		if f.pos >= len(f.args) {
			return rt.NIL
		}
		return rt.List(f.args[f.pos:]...)
	}})
	rt.RegisterSetup(16, func(img *rt.Image) {
		sym := img.CLSym("FORMATTER")
		sym.Macro = &rt.Builtin{Name: sym, Min: 2, Max: 2, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			form, _ := args[0].(*rt.Cons)
			parts := rt.ListToSlice(form)
			if len(parts) != 2 {
				th.ProgramError("FORMATTER takes exactly one control string")
			}
			if _, ok := parts[1].(*rt.String); !ok {
				th.TypeErrorName(parts[1], "STRING")
			}
			stream, rest := rt.NewSymbol("STREAM"), rt.NewSymbol("ARGS")
			call := img.Intern("GOLEM", "%FORMATTER-CALL")
			// #'(lambda (stream &rest args) (apply #'%formatter-call stream "control" args))
			return rt.List(img.S.Function, rt.List(img.S.Lambda, rt.List(stream, img.S.Rest, rest),
				rt.List(img.CLSym("APPLY"), rt.List(img.S.Function, call), stream, parts[1], rest)))
		}}
	})
}
