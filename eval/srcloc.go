package eval

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// Definition sources: each definition made while the location of its
// top-level form is known (LOAD, Eval) is recorded on the Image
// (rt.Thread.RecordDefinition), once, when the definition is made; the
// code that runs later is unchanged.

// NotifyDefinition records where the definition of kind ("FUNCTION",
// "MACRO", "VARIABLE", "GENERIC-FUNCTION", "CLASS", "STRUCTURE", the
// rt.DefinitionKind names) named name is made and tells the
// DefinitionHook. Packages defining things (clos) call it once the
// definition is in place.
func NotifyDefinition(th *rt.Thread, name rt.Value, kind string) {
	notifyDefinition(th, name, kind)
}

// NotifyMethod records where a method of the generic function named name
// is defined (detail tells the methods apart, fn is the method function;
// an empty detail records nothing) and tells the DefinitionHook that the generic function changed.
func NotifyMethod(th *rt.Thread, name rt.Value, detail string, fn rt.Function) {
	if detail != "" {
		th.RecordDefinition(rt.DefMethod, name, detail, fn)
	}
	callDefinitionHook(th, name, "GENERIC-FUNCTION")
}

// recordDefinitionSource records the definition of kind named name, with
// the function it made for the kinds that make one (backtraces find
// their frames' sources by function).
func recordDefinitionSource(th *rt.Thread, name rt.Value, kind string) {
	sym, setf := rt.SplitFunctionName(th.Img, name)
	if sym == nil {
		return
	}
	var fn rt.Function
	switch rt.DefinitionKind(kind) {
	case rt.DefFunction, rt.DefGenericFunction:
		fn = sym.Fn
		if setf {
			fn = sym.Setf
		}
	case rt.DefMacro:
		fn = sym.Macro
	}
	th.RecordDefinition(rt.DefinitionKind(kind), name, "", fn)
}

// sameFileAsBefore reports whether the definition of kind ("FUNCTION",
// "SETF" or "MACRO") named name being made comes from the same file as
// the one it replaces.
func sameFileAsBefore(th *rt.Thread, name rt.Value, kind string) bool {
	k := rt.DefMacro
	if kind != "MACRO" {
		k = rt.DefFunction
	}
	return RedefinedInSameFile(th, k, name, "")
}

// RedefinedInSameFile reports whether a definition being made replaces
// one made from the same file (name and detail as in rt.DefinitionSource):
// reloading a file then stays quiet, as in SBCL, where a definition from
// elsewhere warns "redefining ...".
func RedefinedInSameFile(th *rt.Thread, kind rt.DefinitionKind, name rt.Value, detail string) bool {
	old, ok := th.Img.DefinitionSource(kind, name, detail)
	cur, known := th.FormLocation()
	return ok && known && old.Location.IsFile() && old.Location.File == cur.File
}
