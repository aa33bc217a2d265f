package clos

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// defineConditionAccessors implements GOLEM:%DEFINE-CONDITION-ACCESSORS, the
// hook DEFINE-CONDITION (package conditions) calls once the class is
// defined: (name ((slot-name readers writers)...)). Each reader and writer
// becomes a method specialized on the condition class (CLHS
// DEFINE-CONDITION), replacing the accessor methods an earlier definition of
// the class added.
func defineConditionAccessors(th *rt.Thread, args []rt.Value) rt.Value {
	w := wOf(th)
	name := symArg(th, args[0])
	c := w.img.Classes[name]
	if c == nil || c.Kind != rt.ConditionClass {
		return th.SimpleError("~S is not a defined condition type.", name)
	}
	for _, m := range w.condAccessors[name] {
		if m.gf != nil {
			m.gf.removeMethod(m)
		}
	}
	delete(w.condAccessors, name)
	w.invalidate() // a redefinition may change the class's precedence list
	var added []*Method
	for _, slot := range rt.ListToSlice(args[1]) {
		parts := rt.ListToSlice(slot)
		if len(parts) != 3 {
			return th.SimpleError("invalid condition slot accessors ~S", slot)
		}
		sname := symArg(th, parts[0])
		for _, r := range rt.ListToSlice(parts[1]) {
			added = append(added, w.addAccessor(th, r, c, sname, false))
			w.condAccessors[name] = added
		}
		for _, wr := range rt.ListToSlice(parts[2]) {
			added = append(added, w.addAccessor(th, wr, c, sname, true))
			w.condAccessors[name] = added
		}
	}
	return rt.NIL
}

func init() {
	rt.Register(rt.Def{Name: "GOLEM:%DEFINE-CONDITION-ACCESSORS", Min: 2, Max: 2, Fn: defineConditionAccessors})
}
