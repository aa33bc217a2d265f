package conditions

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// Redefinition of condition classes. A DEFINE-CONDITION of a name already
// naming a condition class updates that class object in place, so that the
// classes below it, the methods specialized on it and HANDLER-CASE clauses
// naming it all see the new definition; each condition class directly
// below it is then defined again from its own DEFINE-CONDITION arguments,
// which the image keeps, so that it inherits the new slots, superclasses
// and default initargs (recursively down the hierarchy).

type conditionDefsKey struct{}

// conditionDefs returns the image's table of the arguments each condition
// class was last defined with.
func conditionDefs(img *rt.Image) map[*rt.Symbol][]rt.Value {
	if m, ok := img.Extra[conditionDefsKey{}].(map[*rt.Symbol][]rt.Value); ok {
		return m
	}
	m := map[*rt.Symbol][]rt.Value{}
	img.Extra[conditionDefsKey{}] = m
	return m
}

// installConditionClass makes the freshly built class c the class of its
// name: the existing condition class of that name takes c's definition
// (and is returned), and the condition classes directly below it are
// defined again. args are the %DEFINE-CONDITION arguments c was built from.
func installConditionClass(th *rt.Thread, c *rt.Class, args []rt.Value) *rt.Class {
	img := th.Img
	defs := conditionDefs(img)
	old := img.Classes[c.Name]
	if old == nil || old.Kind != rt.ConditionClass || old == c {
		img.Classes[c.Name] = c
		defs[c.Name] = append([]rt.Value(nil), args...)
		return c
	}
	for _, s := range c.Supers {
		if s.IsSubclassOf(old) {
			th.SimpleError("~S cannot be a superclass of the condition class ~S, which is one of its own superclasses.", s.Name, c.Name)
		}
	}
	version, extra := old.Version, old.Extra
	*old = *c
	old.Version, old.Extra = version+1, extra
	old.CPL = append([]*rt.Class{old}, c.CPL[1:]...)
	defs[c.Name] = append([]rt.Value(nil), args...)
	var below [][]rt.Value
	for name, a := range defs {
		k := img.Classes[name]
		if k == nil || k == old || k.Kind != rt.ConditionClass {
			continue
		}
		for _, s := range k.Supers {
			if s == old {
				below = append(below, a)
				break
			}
		}
	}
	for _, a := range below {
		buildCondition(th, a, false)
	}
	return old
}
