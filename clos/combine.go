package clos

import (
	"github.com/golem-lisp/golem/printer"
	rt "github.com/golem-lisp/golem/runtime"
)

// comboType is a method combination type: STANDARD or one defined with the
// short form of DEFINE-METHOD-COMBINATION.
type comboType struct {
	name     *rt.Symbol
	standard bool
	operator *rt.Symbol
	identity bool // identity-with-one-argument
	doc      rt.Value
	// long is the function of a long-form type (combine_long.go): it maps
	// the generic function, its sorted applicable methods and the options
	// to the effective method form; argSpec is its :arguments lambda list.
	long    rt.Function
	argSpec []dmcArg
}

// combination is a method combination as a generic function uses it.
type combination struct {
	typ *comboType
	// mostSpecificLast is the short-form order option.
	mostSpecificLast bool
	args             []rt.Value
}

// PrintLisp implements printer.Printable.
func (c *combination) PrintLisp(th *rt.Thread, s rt.Stream) {
	printer.PrintUnreadable(th, c, s, false, true, func(s rt.Stream) {
		s.WriteString("METHOD-COMBINATION ")
		printer.Write(th, c.typ.name, s)
	})
}

func (w *world) setupCombinations() {
	w.combos = map[*rt.Symbol]*comboType{}
	w.combos[w.symStandard] = &comboType{name: w.symStandard, standard: true}
	for _, spec := range []struct {
		name     string
		identity bool
	}{{"+", true}, {"AND", true}, {"OR", true}, {"PROGN", true}, {"MAX", true}, {"MIN", true},
		{"LIST", false}, {"APPEND", false}, {"NCONC", false}} {
		sym := w.img.CLSym(spec.name)
		w.combos[sym] = &comboType{name: sym, operator: sym, identity: spec.identity}
	}
}

// standardCombination is the combination of generic functions by default.
func (w *world) standardCombination() *combination {
	return &combination{typ: w.combos[w.symStandard]}
}

// makeCombination resolves a (:method-combination name . args) option.
func (w *world) makeCombination(th *rt.Thread, name rt.Value, args []rt.Value) *combination {
	sym, _ := name.(*rt.Symbol)
	ct := w.combos[sym]
	if ct == nil {
		closError(th, "~S is not a known method combination type.", name)
	}
	c := &combination{typ: ct, args: args}
	if ct.long != nil {
		return c
	}
	if !ct.standard {
		switch len(args) {
		case 0:
		case 1:
			switch a, _ := args[0].(*rt.Symbol); {
			case a == th.Img.Kw("MOST-SPECIFIC-FIRST"):
			case a == th.Img.Kw("MOST-SPECIFIC-LAST"):
				c.mostSpecificLast = true
			default:
				closError(th, "Illegal options to a short method combination type.~%The method combination type ~S accepts one option which must be either :MOST-SPECIFIC-FIRST or :MOST-SPECIFIC-LAST.", ct.name)
			}
		default:
			closError(th, "Illegal options to a short method combination type.~%The method combination type ~S accepts one option which must be either :MOST-SPECIFIC-FIRST or :MOST-SPECIFIC-LAST.", ct.name)
		}
	} else if len(args) > 0 {
		closError(th, "The method combination type STANDARD accepts no options.")
	}
	return c
}

// build makes the effective method of the sorted applicable methods ms.
func (c *combination) build(th *rt.Thread, gf *GF, ms []*Method, args []rt.Value) emf {
	if c.typ.standard {
		return buildStandard(th, gf, ms, args)
	}
	if c.typ.long != nil {
		return c.buildLong(th, gf, ms)
	}
	return c.buildShort(th, gf, ms, args)
}

func qualifierIs(m *Method, q *rt.Symbol) bool {
	return len(m.qualifiers) == 1 && m.qualifiers[0] == q
}

// buildStandard implements the standard method combination (CLHS 7.6.6.2).
func buildStandard(th *rt.Thread, gf *GF, ms []*Method, args []rt.Value) emf {
	w := gf.w
	var primary, before, after, around []*Method
	for _, m := range ms {
		switch {
		case len(m.qualifiers) == 0:
			primary = append(primary, m)
		case qualifierIs(m, w.kwBefore):
			before = append(before, m)
		case qualifierIs(m, w.kwAfter):
			after = append([]*Method{m}, after...)
		case qualifierIs(m, w.kwAround):
			around = append(around, m)
		default:
			bad := m
			return func(th *rt.Thread, args []rt.Value) rt.Value {
				return closError(th, "The method ~S on ~S has invalid qualifiers ~S for the STANDARD method combination.",
					bad, gf, rt.List(bad.qualifiers...))
			}
		}
	}
	if len(primary) == 0 {
		return func(th *rt.Thread, args []rt.Value) rt.Value {
			return closError(th, "There is no primary method for the generic function~%  ~S~%when called with arguments~%  ~S.~%See also:~%  The ANSI Standard, Section 7.6.6.2",
				gf, rt.List(args...))
		}
	}
	var inner emf
	first, rest := primary[0], primary[1:]
	if len(before) == 0 && len(after) == 0 {
		inner = primaryEmf(th, first, rest, args)
	} else {
		inner = func(th *rt.Thread, args []rt.Value) rt.Value {
			for _, m := range before {
				m.call(th, args, nil)
			}
			v := first.call(th, args, rest)
			if len(after) == 0 {
				return v
			}
			if th.ValueCount() == 1 {
				for _, m := range after {
					m.call(th, args, nil)
				}
				th.SetSingle()
				return v
			}
			vals := th.MultipleValues(v)
			for _, m := range after {
				m.call(th, args, nil)
			}
			return th.Values(vals...)
		}
	}
	if len(around) == 0 {
		return inner
	}
	return withArounds(around, inner)
}

// withArounds puts the around methods in front of inner.
func withArounds(around []*Method, inner emf) emf {
	pseudo := &Method{goFn: func(th *rt.Thread, args []rt.Value, next []*Method) rt.Value { return inner(th, args) }}
	chain := append(append([]*Method(nil), around...), pseudo)
	first, rest := chain[0], chain[1:]
	return func(th *rt.Thread, args []rt.Value) rt.Value { return first.call(th, args, rest) }
}

// primaryEmf calls the most specific primary method, with the fast paths
// for methods that need no next-method context and for slot accessors.
func primaryEmf(th *rt.Thread, first *Method, rest []*Method, args []rt.Value) emf {
	switch {
	case first.kind == methodReader:
		if f := readerEmf(th, first, args); f != nil {
			return f
		}
	case first.kind == methodWriter:
		if f := writerEmf(th, first, args); f != nil {
			return f
		}
	case first.goFn == nil && !first.usesNext:
		return first.fn.Call
	}
	return func(th *rt.Thread, args []rt.Value) rt.Value { return first.call(th, args, rest) }
}

// buildShort implements a short-form method combination.
func (c *combination) buildShort(th *rt.Thread, gf *GF, ms []*Method, args []rt.Value) emf {
	w := gf.w
	name := c.typ.name
	var primary, around []*Method
	for _, m := range ms {
		switch {
		case qualifierIs(m, name):
			if c.mostSpecificLast {
				primary = append([]*Method{m}, primary...)
			} else {
				primary = append(primary, m)
			}
		case qualifierIs(m, w.kwAround):
			around = append(around, m)
		default:
			bad := m
			return func(th *rt.Thread, args []rt.Value) rt.Value {
				return closError(th, "invalid method error for ~S method: The method ~S on ~S has ~:[no qualifiers~;invalid qualifiers ~:*~S~]. The method combination type ~S was defined with the short form of DEFINE-METHOD-COMBINATION and so requires all methods have either the single qualifier ~S or the single qualifier :AROUND.",
					bad, bad, gf, rt.List(bad.qualifiers...), name, name)
			}
		}
	}
	if len(primary) == 0 {
		return func(th *rt.Thread, args []rt.Value) rt.Value {
			return closError(th, "There is no primary method for the generic function~%  ~S~%when called with arguments~%  ~S.~%See also:~%  The ANSI Standard, Section 7.6.6.2",
				gf, rt.List(args...))
		}
	}
	var inner emf
	op := c.typ.operator
	if len(primary) == 1 && c.typ.identity {
		m := primary[0]
		inner = func(th *rt.Thread, args []rt.Value) rt.Value { return m.call(th, args, nil) }
	} else {
		switch {
		case op == th.Img.S.And:
			inner = func(th *rt.Thread, args []rt.Value) rt.Value {
				for i, m := range primary {
					v := m.call(th, args, nil)
					if i == len(primary)-1 {
						return v
					}
					if v == rt.NIL {
						th.SetSingle()
						return rt.NIL
					}
				}
				return rt.T
			}
		case op == th.Img.S.Or:
			inner = func(th *rt.Thread, args []rt.Value) rt.Value {
				for i, m := range primary {
					v := m.call(th, args, nil)
					if i == len(primary)-1 {
						return v
					}
					if v != rt.NIL {
						th.SetSingle()
						return v
					}
				}
				return rt.NIL
			}
		case op == th.Img.S.Progn:
			inner = func(th *rt.Thread, args []rt.Value) rt.Value {
				var v rt.Value = rt.NIL
				for _, m := range primary {
					v = m.call(th, args, nil)
				}
				return v
			}
		default:
			inner = func(th *rt.Thread, args []rt.Value) rt.Value {
				vals := make([]rt.Value, len(primary))
				for i, m := range primary {
					vals[i] = m.call(th, args, nil)
				}
				return th.Call(op, vals...)
			}
		}
	}
	if len(around) == 0 {
		return inner
	}
	return withArounds(around, inner)
}

// defineShortCombination implements the short form of DEFINE-METHOD-COMBINATION.
func (w *world) defineShortCombination(name *rt.Symbol, operator *rt.Symbol, identity bool, doc rt.Value) {
	w.combos[name] = &comboType{name: name, operator: operator, identity: identity, doc: doc}
	w.invalidate()
}
