package eval

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// standardDeclarations are the declaration identifiers of CLHS 3.3.3;
// DECLARATION is one only for PROCLAIM and DECLAIM.
var standardDeclarations = map[string]bool{"DECLARATION": true, "DYNAMIC-EXTENT": true, "FTYPE": true,
	"IGNORABLE": true, "IGNORE": true, "INLINE": true, "NOTINLINE": true, "OPTIMIZE": true, "SPECIAL": true, "TYPE": true}

// knownDeclaration reports whether head, the car of a declaration
// specifier, is a standard declaration identifier, a proclaimed declaration
// name or a type specifier (an abbreviated TYPE declaration).
func knownDeclaration(th *rt.Thread, head rt.Value) bool {
	if s, ok := head.(*rt.Symbol); ok {
		if s.Pkg == th.Img.CL && standardDeclarations[s.Name] || th.Img.IsDeclarationName(s) {
			return true
		}
	}
	return th.KnownTypeSpecifier(head)
}

// warnUnknownDeclaration signals SBCL's warning about a declaration
// specifier golem does not recognise (which it then ignores).
func warnUnknownDeclaration(th *rt.Thread, spec rt.Value) {
	if warn := th.Img.CLSym("WARN"); warn.Fn != nil {
		th.Call(warn, rt.NewString("unrecognized declaration ~S"), spec)
	}
}

// checkDeclarations warns about the declaration specifiers of decls (DECLARE
// forms) that are not known declarations.
func (c *compiler) checkDeclarations(decls []rt.Value) {
	for _, d := range decls {
		for _, spec := range rt.ListToSlice(d.(*rt.Cons).Cdr) {
			if sc, ok := spec.(*rt.Cons); ok && !knownDeclaration(c.th, sc.Car) {
				c.warnf("SIMPLE-WARNING", "unrecognized declaration ~S", spec)
			}
		}
	}
}
