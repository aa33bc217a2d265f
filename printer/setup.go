package printer

import (
	"math"

	rt "github.com/golem-lisp/golem/runtime"
)

func init() {
	rt.RegisterSetup(15, setupImage)
}

// setupImage defines the printer control variables with SBCL's global
// defaults, the float infinity constants the printer refers to, and the
// image's PrintString hook.
func setupImage(img *rt.Image) {
	st := state(img)
	S := img.S
	defs := []struct {
		sym *rt.Symbol
		val rt.Value
	}{
		{S.PrintEscape, rt.T},
		{S.PrintReadably, rt.NIL},
		{S.PrintCircle, rt.NIL},
		{S.PrintLength, rt.NIL},
		{S.PrintLevel, rt.NIL},
		{S.PrintBase, rt.MakeInt(10)},
		{S.PrintRadix, rt.NIL},
		{S.PrintCase, S.Upcase},
		{S.PrintGensym, rt.T},
		{S.PrintArray, rt.T},
		{S.PrintPretty, rt.T}, // SBCL's default, in the REPL and under --script alike
		{S.PrintRightMargin, rt.NIL},
		{S.PrintLines, rt.NIL},
		{S.PrintMiserWidth, rt.NIL},
		{S.PrintPprintDispatch, &DispatchTable{}},
	}
	for _, d := range defs {
		img.DefineVar(d.sym, d.val)
	}
	if S.ReadDefaultFloatFormat.Value == nil {
		img.DefineVar(S.ReadDefaultFloatFormat, S.SingleFloat)
	}
	constant := func(name string, v rt.Value) *rt.Symbol {
		sym, _ := img.Golem.Intern(name)
		img.Golem.Export(sym)
		if sym.Value == nil {
			sym.Value = v
			sym.Flags |= rt.FlagConstant | rt.FlagSpecial
		}
		return sym
	}
	st.sfPosInf = constant("SINGLE-FLOAT-POSITIVE-INFINITY", rt.SingleFloat(float32(math.Inf(1))))
	st.sfNegInf = constant("SINGLE-FLOAT-NEGATIVE-INFINITY", rt.SingleFloat(float32(math.Inf(-1))))
	st.dfPosInf = constant("DOUBLE-FLOAT-POSITIVE-INFINITY", rt.DoubleFloat(math.Inf(1)))
	st.dfNegInf = constant("DOUBLE-FLOAT-NEGATIVE-INFINITY", rt.DoubleFloat(math.Inf(-1)))
	constant("SHORT-FLOAT-POSITIVE-INFINITY", rt.SingleFloat(float32(math.Inf(1))))
	constant("SHORT-FLOAT-NEGATIVE-INFINITY", rt.SingleFloat(float32(math.Inf(-1))))
	constant("LONG-FLOAT-POSITIVE-INFINITY", rt.DoubleFloat(math.Inf(1)))
	constant("LONG-FLOAT-NEGATIVE-INFINITY", rt.DoubleFloat(math.Inf(-1)))
	img.PrintString = ToString
}
