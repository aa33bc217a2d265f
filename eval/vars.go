package eval

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// standardVariables gives the global values of the special variables the
// evaluator owns (the reader, printer and number code define their own).
func standardVariables(img *rt.Image) {
	S := img.S
	null := &rt.BroadcastStream{}
	def := func(sym *rt.Symbol, v rt.Value) {
		if sym.Value == nil {
			img.DefineVar(sym, v)
		} else {
			sym.Flags |= rt.FlagSpecial
		}
	}
	def(S.Package, img.CLUser)
	def(S.MacroexpandHook, S.Funcall)
	def(S.DebuggerHook, rt.NIL)
	def(S.BreakOnSignals, rt.NIL)
	def(S.LoadPathname, rt.NIL)
	def(S.LoadTruename, rt.NIL)
	for _, s := range []*rt.Symbol{S.StandardOutput, S.ErrorOutput, S.TraceOutput, S.StandardInput,
		S.TerminalIO, S.QueryIO, S.DebugIO} {
		def(s, null)
	}
	var features rt.ListBuilder
	for _, f := range []string{"GOLEM", "COMMON-LISP", "ANSI-CL", "IEEE-FLOATING-POINT", "64-BIT"} {
		features.Add(img.Kw(f))
	}
	def(S.Features, features.List())
	for _, name := range []string{"*", "**", "***", "+", "++", "+++", "/", "//", "///", "-",
		"*MODULES*", "*COMPILE-FILE-PATHNAME*", "*COMPILE-FILE-TRUENAME*"} {
		def(img.CLSym(name), rt.NIL)
	}
	for _, name := range []string{"*LOAD-VERBOSE*", "*LOAD-PRINT*", "*COMPILE-VERBOSE*", "*COMPILE-PRINT*"} {
		def(img.CLSym(name), rt.NIL)
	}
	def(img.CLSym("*DEFAULT-PATHNAME-DEFAULTS*"), rt.NewString(""))
	for _, name := range []string{"LAMBDA-LIST-KEYWORDS"} {
		sym := img.CLSym(name)
		sym.Value = rt.List(S.Optional, S.Rest, S.Key, S.Aux, S.Body, S.Whole, S.Environment, S.AllowOtherKeys)
		sym.Flags |= rt.FlagConstant | rt.FlagSpecial
	}
	for name, v := range map[string]int64{"CALL-ARGUMENTS-LIMIT": 4611686018427387903,
		"LAMBDA-PARAMETERS-LIMIT": 4611686018427387903, "MULTIPLE-VALUES-LIMIT": 4611686018427387903} {
		sym := img.CLSym(name)
		sym.Value = rt.MakeInt(v)
		sym.Flags |= rt.FlagConstant | rt.FlagSpecial
	}
}

func init() {
	rt.RegisterSetup(31, standardVariables)
}
