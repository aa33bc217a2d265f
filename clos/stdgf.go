package clos

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// standardGenericBuiltins are the standard generic functions (CLHS 7.7)
// that golem implements as builtins, with their generic function lambda
// lists.
var standardGenericBuiltins = []struct{ name, ll string }{
	{"ADD-METHOD", "(GENERIC-FUNCTION METHOD)"},
	{"REMOVE-METHOD", "(GENERIC-FUNCTION METHOD)"},
	{"FIND-METHOD", "(GENERIC-FUNCTION QUALIFIERS SPECIALIZERS &OPTIONAL ERRORP)"},
	{"COMPUTE-APPLICABLE-METHODS", "(GENERIC-FUNCTION ARGUMENTS)"},
	{"METHOD-QUALIFIERS", "(METHOD)"},
	{"FUNCTION-KEYWORDS", "(METHOD)"},
	{"MAKE-INSTANCES-OBSOLETE", "(CLASS)"},
	{"DOCUMENTATION", "(X DOC-TYPE)"},
}

// makeBuiltinsGeneric turns each builtin of standardGenericBuiltins into a
// standard generic function whose one method, specialized on T, runs the
// builtin; programs may then add methods (CLHS 7.7 lists them as
// standard generic functions).
func (w *world) makeBuiltinsGeneric(th *rt.Thread) {
	for _, g := range standardGenericBuiltins {
		sym := w.img.CLSym(g.name)
		b, ok := sym.Fn.(*rt.Builtin)
		if !ok {
			continue
		}
		gf := w.sysGF(th, g.name, g.ll)
		specs := make([]Specializer, gf.ll.req)
		for i := range specs {
			specs[i] = w.tClass
		}
		w.sysMethod(th, gf, specs, func(th *rt.Thread, args []rt.Value, next []*Method) rt.Value {
			return b.Call(th, args)
		})
	}
	// (SETF DOCUMENTATION) is a standard generic function too.
	doc := w.img.CLSym("DOCUMENTATION")
	gf := w.newGF(th, rt.List(w.img.S.Setf, doc), w.parseLL("(NEW-VALUE X DOC-TYPE)"), false)
	doc.Setf = gf
	w.sysMethod(th, gf, []Specializer{w.tClass, w.tClass, w.tClass}, func(th *rt.Thread, args []rt.Value, next []*Method) rt.Value {
		wOf(th).setDocumentation(th, args[1], args[2], args[0])
		return args[0]
	})
}

// LispType implements runtime.LispTyped: TYPE-OF a generic function is its
// class's name, not COMPILED-FUNCTION.
func (gf *GF) LispType() string { return "STANDARD-GENERIC-FUNCTION" }

// LispType implements runtime.LispTyped.
func (m *Method) LispType() string { return "STANDARD-METHOD" }
