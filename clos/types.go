package clos

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// typeHook expands type specifiers defined by DEFTYPE for TYPEP and SUBTYPEP.
func (w *world) typeHook(th *rt.Thread, spec rt.Value) (rt.Value, bool) {
	switch s := spec.(type) {
	case *rt.Symbol:
		fn := w.deftypes[s]
		if fn == nil {
			if s.Pkg == w.img.CL {
				// Standard atomic type names TYPEP does not know itself.
				switch s.Name {
				case "UNSIGNED-BYTE":
					return rt.List(w.img.S.Integer, rt.MakeInt(0), w.img.CLSym("*")), true
				case "SIGNED-BYTE":
					return w.img.S.Integer, true
				}
			}
			return nil, false
		}
		return th.Call(fn), true
	case *rt.Cons:
		head, ok := s.Car.(*rt.Symbol)
		if !ok {
			return nil, false
		}
		fn := w.deftypes[head]
		if fn == nil {
			return nil, false
		}
		return th.Resolve(fn).Call(th, rt.ListToSlice(s.Cdr)), true
	}
	return nil, false
}

// expandDeftype: (deftype name lambda-list . body). Optional and keyword
// parameters without a default default to *, as CLHS DEFTYPE says.
func (w *world) expandDeftype(th *rt.Thread, form *rt.Cons) rt.Value {
	parts := rt.ListToSlice(form.Cdr)
	if len(parts) < 2 {
		progErr(th, "malformed DEFTYPE: ~S", form)
	}
	name, ok := parts[0].(*rt.Symbol)
	if !ok || name == rt.NIL {
		progErr(th, "~S is not a valid type name.", parts[0])
	}
	if !rt.IsList(parts[1]) {
		progErr(th, "malformed DEFTYPE lambda list: ~S", parts[1])
	}
	star := w.quote(w.img.CLSym("*"))
	var ll []rt.Value
	var envVar rt.Value
	state := 0
	items := rt.ListToSlice(parts[1])
	for i := 0; i < len(items); i++ {
		p := items[i]
		if s, ok := p.(*rt.Symbol); ok && s.Pkg == w.img.CL && len(s.Name) > 0 && s.Name[0] == '&' {
			switch s.Name {
			case "&OPTIONAL":
				state = 1
			case "&KEY":
				state = 2
			case "&ENVIRONMENT":
				if i+1 < len(items) {
					envVar = items[i+1]
					i++
				}
				continue
			default:
				state = 3
			}
			ll = append(ll, p)
			continue
		}
		if state == 1 || state == 2 {
			switch x := p.(type) {
			case *rt.Symbol:
				p = rt.List(x, star)
			case *rt.Cons:
				if x.Cdr == rt.NIL {
					p = rt.List(x.Car, star)
				}
			}
		}
		ll = append(ll, p)
	}
	doc, decls, forms := w.splitBody(parts[2:])
	args := rt.NewSymbol("ARGS")
	body := append(append([]rt.Value(nil), decls...), rt.ListStar(rt.List(forms...), w.img.S.Block, name))
	var inner rt.Value = rt.ListStar(rt.List(body...), w.img.CLSym("DESTRUCTURING-BIND"), rt.List(ll...), args)
	if envVar != nil {
		inner = rt.List(w.img.CLSym("LET"), rt.List(rt.List(envVar, rt.NIL)),
			rt.List(w.img.S.Declare, rt.List(w.img.S.Ignorable, envVar)), inner)
	}
	fn := w.lambda(rt.List(w.img.S.Rest, args), inner)
	return rt.List(w.golemSym("%DEFTYPE"), w.quote(name), fn, doc)
}
