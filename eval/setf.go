package eval

import (
	rt "github.com/golem-lisp/golem/runtime"
)

type setfExpanderKey struct{ sym *rt.Symbol }

// setfExpansion is the five values of GET-SETF-EXPANSION.
type setfExpansion struct {
	vars, vals, stores []rt.Value
	store, access      rt.Value
}

func (e setfExpansion) values(th *rt.Thread) rt.Value {
	return th.Values(rt.List(e.vars...), rt.List(e.vals...), rt.List(e.stores...), e.store, e.access)
}

func gensym(th *rt.Thread, prefix string) *rt.Symbol {
	return rt.NewSymbol(prefix + itoa(int(th.Img.NextGensym())))
}

// GetSetfExpansion implements CLHS 5.1.1.2 for place in env.
func GetSetfExpansion(th *rt.Thread, place rt.Value, env *Env) setfExpansion {
	img := th.Img
	var lex *lexEnv
	if env != nil {
		lex = env.lex
	}
	switch p := place.(type) {
	case *rt.Symbol:
		if exp, ok := Macroexpand1(th, p, env); ok {
			return GetSetfExpansion(th, exp, env)
		}
		store := gensym(th, "NEW")
		return setfExpansion{stores: []rt.Value{store}, store: rt.List(img.CLSym("SETQ"), p, store), access: p}
	case *rt.Cons:
		op, ok := p.Car.(*rt.Symbol)
		if !ok {
			th.ProgramError("invalid place: " + th.Printed(place))
		}
		if b := lex.lookupFun(op); b != nil && b.kind == envFun {
			return callSetfFunction(th, p, op)
		}
		if exp, ok := img.Extra[setfExpanderKey{op}]; ok {
			var e rt.Value = env
			if env == nil {
				e = &Env{}
			}
			th.Call(exp, place, e)
			vals := th.MultipleValues(nil)
			if len(vals) >= 5 {
				return setfExpansion{vars: rt.ListToSlice(vals[0]), vals: rt.ListToSlice(vals[1]),
					stores: rt.ListToSlice(vals[2]), store: vals[3], access: vals[4]}
			}
			th.ProgramError("setf expander for " + th.Printed(op) + " did not return five values")
		}
		if op.Pkg == img.CL {
			switch op.Name {
			case "THE":
				parts := rt.ListToSlice(p)
				if len(parts) != 3 {
					th.ProgramError("malformed THE place: " + th.Printed(p))
				}
				return GetSetfExpansion(th, parts[2], env)
			case "GETF":
				return getfExpansion(th, p, env)
			case "VALUES":
				return valuesExpansion(th, p, env)
			case "LDB", "MASK-FIELD":
				return ldbExpansion(th, p, env, op.Name)
			case "APPLY":
				return applyExpansion(th, p)
			}
		}
		if op.Setf == nil {
			if b := lex.lookupFun(op); b == nil || b.kind == envMacro {
				if exp, ok := Macroexpand1(th, place, env); ok {
					return GetSetfExpansion(th, exp, env)
				}
			}
		}
		return callSetfFunction(th, p, op)
	}
	th.ProgramError("invalid place: " + th.Printed(place))
	return setfExpansion{}
}

// callSetfFunction expands a place whose writer is the function (SETF op).
func callSetfFunction(th *rt.Thread, p *rt.Cons, op *rt.Symbol) setfExpansion {
	img := th.Img
	args := rt.ListToSlice(p.Cdr)
	var e setfExpansion
	for _, a := range args {
		e.vars = append(e.vars, gensym(th, "G"))
		e.vals = append(e.vals, a)
	}
	store := gensym(th, "NEW")
	e.stores = []rt.Value{store}
	e.store = rt.ListStar(rt.List(e.vars...), img.S.Funcall, rt.List(img.S.Function, rt.List(img.S.Setf, op)), store)
	e.access = rt.NewCons(op, rt.List(e.vars...))
	return e
}

func getfExpansion(th *rt.Thread, p *rt.Cons, env *Env) setfExpansion {
	img := th.Img
	args := rt.ListToSlice(p.Cdr)
	if len(args) < 2 || len(args) > 3 {
		th.ProgramError("malformed GETF place: " + th.Printed(p))
	}
	inner := GetSetfExpansion(th, args[0], env)
	ind := gensym(th, "IND")
	e := setfExpansion{vars: append(inner.vars, ind), vals: append(inner.vals, args[1])}
	access := rt.List(img.CLSym("GETF"), inner.access, ind)
	if len(args) == 3 {
		def := gensym(th, "DEF")
		e.vars = append(e.vars, def)
		e.vals = append(e.vals, args[2])
		access = rt.List(img.CLSym("GETF"), inner.access, ind, def)
	}
	store := gensym(th, "NEW")
	e.stores = []rt.Value{store}
	// (let ((new-plist (golem:%putf access-of-plist ind store))) inner-store) store
	setPlist := rt.List(img.CLSym("LET"), rt.List(rt.List(inner.stores[0],
		rt.List(img.Intern("GOLEM", "%PUTF"), inner.access, ind, store))), inner.store, store)
	e.store = setPlist
	e.access = access
	return e
}

func valuesExpansion(th *rt.Thread, p *rt.Cons, env *Env) setfExpansion {
	img := th.Img
	var e setfExpansion
	var stores, accesses []rt.Value
	for _, sub := range rt.ListToSlice(p.Cdr) {
		x := GetSetfExpansion(th, sub, env)
		e.vars = append(e.vars, x.vars...)
		e.vals = append(e.vals, x.vals...)
		// A subplace's first store variable receives its value; any
		// others are bound to NIL (CLHS 5.1.2.3).
		store := x.store
		if len(x.stores) == 0 {
			e.stores = append(e.stores, gensym(th, "NEW"))
		} else {
			e.stores = append(e.stores, x.stores[0])
			if len(x.stores) > 1 {
				store = rt.List(img.CLSym("LET"), rt.List(x.stores[1:]...), store)
			}
		}
		stores = append(stores, store)
		accesses = append(accesses, x.access)
	}
	e.store = rt.NewCons(img.CLSym("VALUES"), rt.List(stores...))
	e.access = rt.NewCons(img.CLSym("VALUES"), rt.List(accesses...))
	return e
}

func ldbExpansion(th *rt.Thread, p *rt.Cons, env *Env, name string) setfExpansion {
	img := th.Img
	args := rt.ListToSlice(p.Cdr)
	if len(args) != 2 {
		th.ProgramError("malformed " + name + " place: " + th.Printed(p))
	}
	inner := GetSetfExpansion(th, args[1], env)
	bs := gensym(th, "BYTESPEC")
	store := gensym(th, "NEW")
	deposit := "DPB"
	if name == "MASK-FIELD" {
		deposit = "DEPOSIT-FIELD"
	}
	e := setfExpansion{vars: append([]rt.Value{bs}, inner.vars...), vals: append([]rt.Value{args[0]}, inner.vals...)}
	e.stores = []rt.Value{store}
	e.store = rt.List(img.CLSym("LET"), rt.List(rt.List(inner.stores[0],
		rt.List(img.CLSym(deposit), store, bs, inner.access))), inner.store, store)
	e.access = rt.List(img.CLSym(name), bs, inner.access)
	return e
}

func applyExpansion(th *rt.Thread, p *rt.Cons) setfExpansion {
	img := th.Img
	args := rt.ListToSlice(p.Cdr)
	var fname *rt.Symbol
	if len(args) > 0 {
		if fnForm, ok := args[0].(*rt.Cons); ok && fnForm.Car == img.S.Function {
			if parts := rt.ListToSlice(fnForm); len(parts) == 2 {
				fname, _ = parts[1].(*rt.Symbol)
			}
		}
	}
	if fname == nil {
		th.ProgramError("SETF of APPLY needs a #'function: " + th.Printed(p))
	}
	var e setfExpansion
	for _, a := range args[1:] {
		e.vars = append(e.vars, gensym(th, "G"))
		e.vals = append(e.vals, a)
	}
	store := gensym(th, "NEW")
	e.stores = []rt.Value{store}
	e.store = rt.ListStar(rt.List(e.vars...), img.CLSym("APPLY"), rt.List(img.S.Function, rt.List(img.S.Setf, fname)), store)
	e.access = rt.ListStar(rt.List(e.vars...), img.CLSym("APPLY"), rt.List(img.S.Function, fname))
	return e
}

func init() {
	rt.Register(
		rt.Def{Name: "GET-SETF-EXPANSION", Min: 1, Max: 2, MV: true, Params: "(PLACE &OPTIONAL ENVIRONMENT)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				return GetSetfExpansion(th, args[0], envArg(args, 1)).values(th)
			}},
		rt.Def{Name: "GOLEM:%SET-SETF-EXPANDER", Min: 2, Max: 2, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			sym, ok := args[0].(*rt.Symbol)
			if !ok {
				th.TypeErrorName(args[0], "SYMBOL")
			}
			th.Img.Extra[setfExpanderKey{sym}] = args[1]
			return sym
		}},
		rt.Def{Name: "GOLEM:%PUTF", Min: 3, Max: 3, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			plist, ind, val := args[0], args[1], args[2]
			for cur := plist; cur != rt.NIL; {
				c, ok := cur.(*rt.Cons)
				if !ok {
					th.TypeErrorName(plist, "LIST")
				}
				next, ok := c.Cdr.(*rt.Cons)
				if !ok {
					th.SimpleError("malformed property list: ~S", plist)
				}
				if c.Car == ind {
					next.Car = val
					return plist
				}
				cur = next.Cdr
			}
			return rt.ListStar(plist, ind, val)
		}},
	)
}
