package clos

import (
	"github.com/golem-lisp/golem/printer"
	rt "github.com/golem-lisp/golem/runtime"
)

// Introspection in the style of the AMOP, in package GOLEM-MOP (read-only:
// golem's metaobjects are not user-extensible).

// SlotDefinition is a slot definition metaobject: an effective slot (Eff)
// or a DEFCLASS slot specifier (direct).
type SlotDefinition struct {
	Eff    *rt.SlotDef
	direct *directSlot
}

// PrintLisp implements printer.Printable.
func (s *SlotDefinition) PrintLisp(th *rt.Thread, out rt.Stream) {
	kind := "STANDARD-EFFECTIVE-SLOT-DEFINITION "
	if s.direct != nil {
		kind = "STANDARD-DIRECT-SLOT-DEFINITION "
	}
	printer.PrintUnreadable(th, s, out, false, true, func(out rt.Stream) {
		out.WriteString(kind)
		out.WriteString(qualifiedName(th, s.name()))
	})
}

func (s *SlotDefinition) name() *rt.Symbol {
	if s.direct != nil {
		return s.direct.name
	}
	return s.Eff.Name
}

func slotDefArg(th *rt.Thread, v rt.Value) *SlotDefinition {
	s, ok := v.(*SlotDefinition)
	if !ok {
		th.TypeError(v, th.Img.Intern("GOLEM-MOP", "SLOT-DEFINITION"))
	}
	return s
}

func classList(cs []*rt.Class) rt.Value {
	out := make([]rt.Value, len(cs))
	for i, c := range cs {
		out[i] = c
	}
	return rt.List(out...)
}

func init() {
	def := func(name, params string, min, max int, fn func(th *rt.Thread, args []rt.Value) rt.Value) rt.Def {
		return rt.Def{Name: "GOLEM-MOP:" + name, Min: min, Max: max, Params: params, Fn: fn}
	}
	rt.Register(
		def("CLASS-PRECEDENCE-LIST", "(CLASS)", 1, 1, func(th *rt.Thread, args []rt.Value) rt.Value {
			c := classArg(th, args[0])
			wOf(th).ensureFinalized(th, c)
			return classList(c.CPL)
		}),
		def("CLASS-DIRECT-SUPERCLASSES", "(CLASS)", 1, 1, func(th *rt.Thread, args []rt.Value) rt.Value {
			return classList(classArg(th, args[0]).Supers)
		}),
		def("CLASS-DIRECT-SUBCLASSES", "(CLASS)", 1, 1, func(th *rt.Thread, args []rt.Value) rt.Value {
			if ci := infoOf(classArg(th, args[0])); ci != nil {
				return classList(ci.subclasses)
			}
			return rt.NIL
		}),
		def("CLASS-FINALIZED-P", "(CLASS)", 1, 1, func(th *rt.Thread, args []rt.Value) rt.Value {
			c := classArg(th, args[0])
			if ci := infoOf(c); ci != nil {
				return rt.Bool(ci.finalized || ci.system)
			}
			return rt.T
		}),
		def("FINALIZE-INHERITANCE", "(CLASS)", 1, 1, func(th *rt.Thread, args []rt.Value) rt.Value {
			wOf(th).ensureFinalized(th, classArg(th, args[0]))
			return rt.NIL
		}),
		def("CLASS-SLOTS", "(CLASS)", 1, 1, func(th *rt.Thread, args []rt.Value) rt.Value {
			c := classArg(th, args[0])
			wOf(th).ensureFinalized(th, c)
			var out []rt.Value
			for _, s := range c.Slots {
				out = append(out, &SlotDefinition{Eff: s})
			}
			return rt.List(out...)
		}),
		def("CLASS-DIRECT-SLOTS", "(CLASS)", 1, 1, func(th *rt.Thread, args []rt.Value) rt.Value {
			var out []rt.Value
			if ci := infoOf(classArg(th, args[0])); ci != nil {
				for _, s := range ci.directSlots {
					out = append(out, &SlotDefinition{direct: s})
				}
			}
			return rt.List(out...)
		}),
		def("CLASS-DEFAULT-INITARGS", "(CLASS)", 1, 1, func(th *rt.Thread, args []rt.Value) rt.Value {
			c := classArg(th, args[0])
			var out []rt.Value
			for _, d := range c.DefaultInitargs {
				var form rt.Value = rt.NIL
				for _, k := range c.CPL {
					if ki := infoOf(k); ki != nil {
						for _, ia := range ki.directInitargs {
							if ia.key == d.Initarg && ia.fn == d.Fn {
								form = ia.form
							}
						}
					}
				}
				out = append(out, rt.List(d.Initarg, form, d.Fn))
			}
			return rt.List(out...)
		}),
		def("SLOT-DEFINITION-NAME", "(SLOT)", 1, 1, func(th *rt.Thread, args []rt.Value) rt.Value {
			return slotDefArg(th, args[0]).name()
		}),
		def("SLOT-DEFINITION-INITARGS", "(SLOT)", 1, 1, func(th *rt.Thread, args []rt.Value) rt.Value {
			s := slotDefArg(th, args[0])
			ias := s.Eff
			var list []*rt.Symbol
			if s.direct != nil {
				list = s.direct.initargs
			} else {
				list = ias.Initargs
			}
			out := make([]rt.Value, len(list))
			for i, ia := range list {
				out[i] = ia
			}
			return rt.List(out...)
		}),
		def("SLOT-DEFINITION-INITFORM", "(SLOT)", 1, 1, func(th *rt.Thread, args []rt.Value) rt.Value {
			s := slotDefArg(th, args[0])
			if s.direct != nil {
				return orNil(s.direct.initform)
			}
			return orNil(s.Eff.Initform)
		}),
		def("SLOT-DEFINITION-ALLOCATION", "(SLOT)", 1, 1, func(th *rt.Thread, args []rt.Value) rt.Value {
			s := slotDefArg(th, args[0])
			if (s.direct != nil && s.direct.allocClass) || (s.direct == nil && s.Eff.Class) {
				return th.Img.Kw("CLASS")
			}
			return th.Img.Kw("INSTANCE")
		}),
		def("SLOT-DEFINITION-TYPE", "(SLOT)", 1, 1, func(th *rt.Thread, args []rt.Value) rt.Value {
			s := slotDefArg(th, args[0])
			if s.direct != nil {
				return orNil(s.direct.typ)
			}
			if s.Eff.Type == nil {
				return rt.T
			}
			return s.Eff.Type
		}),
		def("SLOT-DEFINITION-READERS", "(SLOT)", 1, 1, func(th *rt.Thread, args []rt.Value) rt.Value {
			s := slotDefArg(th, args[0])
			if s.direct != nil {
				return rt.List(s.direct.readers...)
			}
			return rt.NIL
		}),
		def("SLOT-DEFINITION-WRITERS", "(SLOT)", 1, 1, func(th *rt.Thread, args []rt.Value) rt.Value {
			s := slotDefArg(th, args[0])
			if s.direct != nil {
				return rt.List(s.direct.writers...)
			}
			return rt.NIL
		}),
		def("GENERIC-FUNCTION-NAME", "(GENERIC-FUNCTION)", 1, 1, func(th *rt.Thread, args []rt.Value) rt.Value {
			return gfArg(th, args[0]).name
		}),
		def("GENERIC-FUNCTION-METHODS", "(GENERIC-FUNCTION)", 1, 1, func(th *rt.Thread, args []rt.Value) rt.Value {
			gf := gfArg(th, args[0])
			var out []rt.Value
			for i := len(gf.methods) - 1; i >= 0; i-- {
				out = append(out, gf.methods[i])
			}
			return rt.List(out...)
		}),
		def("GENERIC-FUNCTION-LAMBDA-LIST", "(GENERIC-FUNCTION)", 1, 1, func(th *rt.Thread, args []rt.Value) rt.Value {
			return gfArg(th, args[0]).lambdaList
		}),
		def("GENERIC-FUNCTION-METHOD-COMBINATION", "(GENERIC-FUNCTION)", 1, 1, func(th *rt.Thread, args []rt.Value) rt.Value {
			return gfArg(th, args[0]).combo
		}),
		def("METHOD-SPECIALIZERS", "(METHOD)", 1, 1, func(th *rt.Thread, args []rt.Value) rt.Value {
			m := methodArg(th, args[0])
			out := make([]rt.Value, len(m.specs))
			for i, s := range m.specs {
				out[i] = s
			}
			return rt.List(out...)
		}),
		def("METHOD-GENERIC-FUNCTION", "(METHOD)", 1, 1, func(th *rt.Thread, args []rt.Value) rt.Value {
			if gf := methodArg(th, args[0]).gf; gf != nil {
				return gf
			}
			return rt.NIL
		}),
		def("METHOD-LAMBDA-LIST", "(METHOD)", 1, 1, func(th *rt.Thread, args []rt.Value) rt.Value {
			return orNil(methodArg(th, args[0]).lambdaList)
		}),
		def("EQL-SPECIALIZER-OBJECT", "(EQL-SPECIALIZER)", 1, 1, func(th *rt.Thread, args []rt.Value) rt.Value {
			e, ok := args[0].(*EqlSpecializer)
			if !ok {
				th.TypeError(args[0], th.Img.Intern("GOLEM", "EQL-SPECIALIZER"))
			}
			return e.Obj
		}),
		def("INTERN-EQL-SPECIALIZER", "(OBJECT)", 1, 1, func(th *rt.Thread, args []rt.Value) rt.Value {
			return wOf(th).internEql(args[0])
		}),
	)
}
