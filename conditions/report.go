package conditions

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// ReportString renders a condition's report, as princ of the condition would.
func ReportString(th *rt.Thread, c *rt.Instance) string {
	for _, k := range c.Class.CPL {
		if r, ok := k.Report.(*rt.String); ok {
			return r.String()
		} else if k.Report != nil {
			break
		}
	}
	out := rt.NewStringOutput()
	ReportTo(th, c, out)
	return out.Take()
}

// ReportTo writes a condition's report to out, as princ of the condition
// would; out may be a stream with an output budget, which bounds the text
// of a huge report as it is made.
func ReportTo(th *rt.Thread, c *rt.Instance, out rt.Stream) {
	for _, k := range c.Class.CPL {
		switch r := k.Report.(type) {
		case nil:
			continue
		case *rt.String:
			out.WriteString(r.String())
		default:
			th.Call(r, c, out)
		}
		return
	}
	out.WriteString("Condition " + prin1Qualified(th, c.Class.Name) + " was signalled.")
}

func simpleReport(th *rt.Thread, c *rt.Instance) string {
	ctl := slot(th, c, "FORMAT-CONTROL")
	args := slot(th, c, "FORMAT-ARGUMENTS")
	if ctl == rt.NIL {
		return "Condition " + prin1Qualified(th, c.Class.Name) + " was signalled."
	}
	fmtSym := th.Img.CLSym("FORMAT")
	if fmtSym.Fn == nil {
		if s, ok := ctl.(*rt.String); ok {
			return s.String()
		}
		return prin1(th, ctl)
	}
	callArgs := append([]rt.Value{rt.NIL, ctl}, rt.ListToSlice(args)...)
	v := th.Call(fmtSym, callArgs...)
	if s, ok := v.(*rt.String); ok {
		return s.String()
	}
	return ""
}

func arithmeticReport(th *rt.Thread, c *rt.Instance) string {
	op := slot(th, c, "OPERATION")
	operands := slot(th, c, "OPERANDS")
	s := "arithmetic error " + th.Img.SymbolString(c.Class.Name) + " signalled"
	if op != rt.NIL {
		s += "\nOperation was " + prin1(th, rt.NewCons(op, operands)) + "."
	}
	return s
}

// prin1 prints v readably-ish with the printer installed in the image.
func prin1(th *rt.Thread, v rt.Value) string {
	if th.Img.PrintString != nil {
		return th.Img.PrintString(th, v, true)
	}
	if s, ok := v.(*rt.Symbol); ok {
		return th.Img.SymbolString(s)
	}
	return "#<object>"
}

// prin1Qualified prints v with every symbol package-qualified, as SBCL does in
// cell-error reports.
func prin1Qualified(th *rt.Thread, v rt.Value) string {
	th.BindSpecial(th.Img.S.Package, th.Img.Keyword)
	defer th.UnbindTo(th.SpecialDepth() - 1)
	return prin1(th, v)
}
