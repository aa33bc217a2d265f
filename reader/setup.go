package reader

import (
	rt "github.com/golem-lisp/golem/runtime"
)

func init() {
	rt.RegisterSetup(20, setupImage)
}

// setupImage installs the reader variables, the standard readtable, the
// backquote macro and (SETF READTABLE-CASE).
func setupImage(img *rt.Image) {
	st := state(img)
	s := img.S
	img.DefineVar(s.Readtable, st.std.Copy())
	defineDefault(img, s.ReadBase, rt.MakeInt(10))
	defineDefault(img, s.ReadEval, rt.T)
	defineDefault(img, s.ReadSuppress, rt.NIL)
	defineDefault(img, s.ReadDefaultFloatFormat, s.SingleFloat)
	defineDefault(img, s.Features, rt.List(img.Kw("GOLEM"), img.Kw("COMMON-LISP"), img.Kw("ANSI-CL"),
		img.Kw("IEEE-FLOATING-POINT"), img.Kw("64-BIT")))

	bq := s.Backquote
	bq.Macro = &rt.Builtin{Name: bq, Min: 2, Max: 2, Params: "(FORM ENV)",
		Fn: func(th *rt.Thread, args []rt.Value) rt.Value { return ExpandQuasiquote(th, args[0]) }}

	rc := img.CLSym("READTABLE-CASE")
	rc.Setf = &rt.Builtin{Name: rc, NameForm: rt.List(s.Setf, rc), Min: 2, Max: 2, Params: "(NEW-VALUE READTABLE)",
		Fn: setfReadtableCase}
}

// defineDefault makes sym special with value v unless another package
// already gave it a value.
func defineDefault(img *rt.Image, sym *rt.Symbol, v rt.Value) {
	if sym.Value != nil {
		sym.Flags |= rt.FlagSpecial
		return
	}
	img.DefineVar(sym, v)
}
