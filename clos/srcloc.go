package clos

import (
	"strings"

	"github.com/golem-lisp/golem/eval"
	rt "github.com/golem-lisp/golem/runtime"
)

// notifyMethod records where DEFMETHOD defined m, a method of the generic
// function named name, and tells the MCP server's definition hook.
func notifyMethod(th *rt.Thread, name rt.Value, m *Method) {
	if _, known := th.FormLocation(); !known {
		eval.NotifyMethod(th, name, "", nil) // the hook; no location to record
		return
	}
	eval.NotifyMethod(th, name, methodDetail(th, name, m), m.fn)
}

// locationSuffix ends a warning's FORMAT control with the file and line
// of the top-level form being loaded, if any.
func locationSuffix(th *rt.Thread) string { return eval.WarningLocationSuffix(th) }

// gfRedefinedInSameFile reports whether DEFGENERIC is redefining the
// generic function named name from the file that defined it before.
func gfRedefinedInSameFile(th *rt.Thread, name rt.Value) bool {
	return eval.RedefinedInSameFile(th, rt.DefGenericFunction, name, "")
}

// redefinedInSameFile reports whether DEFMETHOD is redefining m from the
// file that defined it before (reloading a file does not warn, as in SBCL).
func redefinedInSameFile(th *rt.Thread, name rt.Value, m *Method) bool {
	if _, known := th.FormLocation(); !known {
		return false
	}
	return eval.RedefinedInSameFile(th, rt.DefMethod, name, methodDetail(th, name, m))
}

// methodDetail renders a method's qualifiers and specializers, e.g.
// ":AROUND (STRING T)", with symbols printed as from the generic function
// name's package, so that the text does not depend on *PACKAGE*.
func methodDetail(th *rt.Thread, name rt.Value, m *Method) string {
	S := th.Img.S
	d := th.SpecialDepth()
	defer th.UnbindTo(d)
	if sym, _ := rt.SplitFunctionName(th.Img, name); sym != nil {
		if p := th.Img.HomePackage(sym); p != nil {
			th.BindSpecial(S.Package, p)
		}
	}
	th.BindSpecial(S.PrintPretty, rt.NIL)
	th.BindSpecial(S.PrintEscape, rt.T)
	th.BindSpecial(S.PrintReadably, rt.NIL)
	var parts []string
	for _, q := range m.qualifiers {
		parts = append(parts, th.Printed(q))
	}
	parts = append(parts, th.Printed(m.specializerNames(th.Img)))
	return strings.Join(parts, " ")
}

// describeSourceFile ends DESCRIBE's account of a function with the file
// that defined it, as SBCL does ("Source file: /p/a.lisp"), when it was
// loaded from one.
func (w *world) describeSourceFile(th *rt.Thread, fn rt.Function, s rt.Stream, indent string) {
	if src, ok := th.Img.FunctionSource(fn); ok && src.Location.IsFile() {
		w.line(s, indent+"Source file: "+src.Location.File)
	}
}
