package clos

// The long form of DEFINE-METHOD-COMBINATION (CLHS 7.6.6.4 and the
// DEFINE-METHOD-COMBINATION page). The macro turns the definition into a
// function of (generic-function methods options) that sorts the applicable
// methods into their groups and returns the effective method form; each
// time a generic function's dispatch builds an effective method, that form
// is compiled into a function of the generic function's arguments, with
// CALL-METHOD and MAKE-METHOD as local macros.

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// dmcArg is one variable of a long form's :arguments lambda list: the
// uninterned symbol the effective method binds, and how it gets its value
// from the generic function's arguments.
type dmcArg struct {
	kind     *rt.Symbol // :WHOLE, :REQUIRED, :OPTIONAL, :REST or :KEY
	v        *rt.Symbol
	init     rt.Value   // default form of an optional or key variable
	supplied *rt.Symbol // supplied-p variable, or nil
	key      *rt.Symbol // keyword of a key variable
}

// expandLongCombination expands (define-method-combination name lambda-list
// (group-specifier*) [(:arguments . ll)] [(:generic-function var)]
// [[declaration* | doc]] form*).
func (w *world) expandLongCombination(th *rt.Thread, name rt.Value, parts []rt.Value) rt.Value {
	if len(parts) < 2 || !rt.IsList(parts[1]) {
		progErr(th, "malformed long form of DEFINE-METHOD-COMBINATION ~S: no list of method group specifiers", name)
	}
	ll, groups, body := parts[0], rt.ListToSlice(parts[1]), parts[2:]
	var argsLL rt.Value = rt.NIL
	var gfVar rt.Value
	for len(body) > 0 {
		c, ok := body[0].(*rt.Cons)
		if !ok || (c.Car != w.kw("ARGUMENTS") && c.Car != w.kw("GENERIC-FUNCTION")) {
			break
		}
		if c.Car == w.kw("ARGUMENTS") {
			argsLL = c.Cdr
		} else {
			opt := rt.ListToSlice(c.Cdr)
			if len(opt) != 1 {
				progErr(th, "malformed :GENERIC-FUNCTION option ~S", c)
			}
			gfVar = opt[0]
		}
		body = body[1:]
	}
	var doc rt.Value = rt.NIL
	var decls []rt.Value
	for len(body) > 0 {
		if s, ok := body[0].(*rt.String); ok && len(body) > 1 && doc == rt.NIL {
			doc, body = s, body[1:]
			continue
		}
		if c, ok := body[0].(*rt.Cons); ok && c.Car == w.img.S.Declare {
			decls, body = append(decls, c), body[1:]
			continue
		}
		break
	}

	gfSym, methodsSym, optionsSym := rt.NewSymbol("GF"), rt.NewSymbol("METHODS"), rt.NewSymbol("OPTIONS")
	mSym, qSym := rt.NewSymbol("METHOD"), rt.NewSymbol("QUALIFIERS")
	argBinds, spec := w.dmcArguments(th, argsLL)

	// Sort the methods into the groups, in the order the groups are given.
	var groupBinds, clauses, finish []rt.Value
	for _, g := range groups {
		gc, ok := g.(*rt.Cons)
		if !ok {
			progErr(th, "malformed method group specifier ~S", g)
		}
		gs := rt.ListToSlice(gc)
		v, ok := gs[0].(*rt.Symbol)
		if !ok || len(gs) < 2 {
			progErr(th, "malformed method group specifier ~S", g)
		}
		var tests []rt.Value
		i := 1
		for ; i < len(gs); i++ {
			if k := gs[i]; k == w.kw("DESCRIPTION") || k == w.kw("ORDER") || k == w.kw("REQUIRED") {
				break
			}
			p := gs[i]
			if s, ok := p.(*rt.Symbol); ok && s != rt.NIL && s != w.img.CLSym("*") {
				tests = append(tests, rt.List(w.img.S.Funcall, w.quote(s), qSym))
			} else {
				tests = append(tests, rt.List(w.golemSym("%QUALIFIERS-MATCH-P"), w.quote(p), qSym))
			}
		}
		if len(tests) == 0 {
			progErr(th, "method group specifier ~S has no qualifier pattern or predicate", g)
		}
		var order rt.Value = w.kw("MOST-SPECIFIC-FIRST")
		var required rt.Value = rt.NIL
		for ; i+1 < len(gs); i += 2 {
			switch gs[i] {
			case w.kw("ORDER"):
				order = gs[i+1]
			case w.kw("REQUIRED"):
				required = gs[i+1]
			}
		}
		if i != len(gs) {
			progErr(th, "malformed method group specifier ~S", g)
		}
		groupBinds = append(groupBinds, rt.List(v, rt.NIL))
		clauses = append(clauses, rt.List(rt.ListStar(rt.List(tests...), w.img.S.Or),
			rt.List(w.img.CLSym("PUSH"), mSym, v)))
		finish = append(finish, rt.List(w.img.CLSym("SETQ"), v,
			rt.List(w.golemSym("%DMC-GROUP"), v, order, w.quote(v), required)))
	}
	clauses = append(clauses, rt.List(rt.T, rt.List(w.img.CLSym("INVALID-METHOD-ERROR"), mSym,
		rt.NewString("The qualifiers ~S of the method match no method group of the method combination ~S."),
		qSym, w.quote(name))))
	sort := rt.List(w.img.CLSym("DOLIST"), rt.List(mSym, methodsSym),
		rt.List(w.img.CLSym("LET"), rt.List(rt.List(qSym, rt.List(w.img.CLSym("METHOD-QUALIFIERS"), mSym))),
			rt.ListStar(rt.List(clauses...), w.img.CLSym("COND"))))

	inner := append(append(append(decls, sort), finish...), rt.ListStar(rt.List(body...), w.img.S.Progn))
	form := rt.ListStar(rt.List(inner...), w.img.CLSym("LET"), rt.List(groupBinds...))
	form = rt.List(w.img.CLSym("LET"), rt.List(argBinds...), form)
	form = rt.List(w.img.CLSym("DESTRUCTURING-BIND"), ll, optionsSym, form)
	if gfVar != nil {
		form = rt.List(w.img.CLSym("LET"), rt.List(rt.List(gfVar, gfSym)), form)
	}
	fn := w.lambda(rt.List(gfSym, methodsSym, optionsSym),
		rt.List(w.img.S.Declare, rt.List(w.img.S.Ignorable, gfSym, methodsSym)), form)
	return rt.List(w.golemSym("%DEFINE-LONG-METHOD-COMBINATION"), w.quote(name), fn, w.quote(spec), doc)
}

// dmcArguments parses an :arguments lambda list. It returns the bindings
// of the user's variables to the uninterned variables the effective method
// binds, and the specification of those variables as a list of
// (kind var init supplied key).
func (w *world) dmcArguments(th *rt.Thread, ll rt.Value) (binds []rt.Value, spec rt.Value) {
	var entries []rt.Value
	var earlier []rt.Value // (user-var gensym) for the symbol-macrolet around later defaults
	bind := func(v rt.Value) *rt.Symbol {
		s, ok := v.(*rt.Symbol)
		if !ok || s == rt.NIL || s.IsConstant() {
			progErr(th, "invalid variable ~S in the :ARGUMENTS lambda list of DEFINE-METHOD-COMBINATION", v)
		}
		g := rt.NewSymbol(s.Name)
		binds = append(binds, rt.List(s, w.quote(g)))
		earlier = append(earlier, rt.List(s, g))
		return g
	}
	initForm := func(f rt.Value) rt.Value {
		if len(earlier) == 0 {
			return f
		}
		return rt.List(w.img.CLSym("SYMBOL-MACROLET"), rt.List(earlier...), f)
	}
	kind := w.kw("REQUIRED")
	whole := false
	for l := ll; l != rt.NIL; {
		c, ok := l.(*rt.Cons)
		if !ok {
			progErr(th, "malformed :ARGUMENTS lambda list ~S", ll)
		}
		x := c.Car
		l = c.Cdr
		switch x {
		case w.img.S.Whole:
			whole = true
			continue
		case w.img.S.Optional:
			kind = w.kw("OPTIONAL")
			continue
		case w.img.S.Rest:
			kind = w.kw("REST")
			continue
		case w.img.S.Key:
			kind = w.kw("KEY")
			continue
		case w.img.S.AllowOtherKeys:
			continue
		case w.img.S.Aux:
			progErr(th, "&AUX is not supported in the :ARGUMENTS lambda list of DEFINE-METHOD-COMBINATION")
		}
		if whole {
			whole = false
			entries = append(entries, rt.List(w.kw("WHOLE"), bind(x)))
			continue
		}
		switch kind {
		case w.kw("REQUIRED"), w.kw("REST"):
			entries = append(entries, rt.List(kind, bind(x)))
		default:
			var v, key rt.Value
			var init rt.Value = rt.NIL
			var sv rt.Value
			if p, ok := x.(*rt.Cons); ok {
				ps := rt.ListToSlice(p)
				v = ps[0]
				if len(ps) > 1 {
					init = ps[1]
				}
				if len(ps) > 2 {
					sv = ps[2]
				}
			} else {
				v = x
			}
			if kind == w.kw("KEY") {
				if kv, ok := v.(*rt.Cons); ok {
					kvs := rt.ListToSlice(kv)
					if len(kvs) != 2 {
						progErr(th, "malformed &KEY parameter ~S", x)
					}
					key, v = kvs[0], kvs[1]
				} else {
					key = w.kw(symArg(th, v).Name)
				}
			} else {
				key = rt.NIL
			}
			init = initForm(init)
			g := bind(v)
			var s rt.Value = rt.NIL
			if sv != nil {
				s = bind(sv)
			}
			entries = append(entries, rt.List(kind, g, init, s, key))
		}
	}
	return binds, rt.List(entries...)
}

// parseDmcSpec reads the specification dmcArguments made.
func parseDmcSpec(th *rt.Thread, spec rt.Value) []dmcArg {
	var out []dmcArg
	for _, e := range rt.ListToSlice(spec) {
		f := rt.ListToSlice(e)
		a := dmcArg{kind: symArg(th, f[0]), v: symArg(th, f[1])}
		if len(f) == 5 {
			a.init = f[2]
			if f[3] != rt.NIL {
				a.supplied = symArg(th, f[3])
			}
			if f[4] != rt.NIL {
				a.key = symArg(th, f[4])
			}
		}
		out = append(out, a)
	}
	return out
}

// argBindings binds the :arguments variables of a long form to the
// arguments of a call of gf, held in the list variable args: required and
// optional variables by position among gf's own, the rest variable to what
// follows gf's optional parameters, key variables from there.
func (w *world) argBindings(gf *GF, spec []dmcArg, args *rt.Symbol) []rt.Value {
	cl := w.img.CLSym
	nreq, nopt := gf.ll.req, gf.ll.opt
	var tail rt.Value = rt.NIL
	if gf.ll.rest || gf.ll.hasKey {
		tail = rt.List(cl("NTHCDR"), rt.Fixnum(nreq+nopt), args)
	}
	var out []rt.Value
	req, opt := 0, 0
	for _, a := range spec {
		switch a.kind.Name {
		case "WHOLE":
			out = append(out, rt.List(a.v, args))
		case "REQUIRED":
			var f rt.Value = rt.NIL
			if req < nreq {
				f = rt.List(cl("NTH"), rt.Fixnum(req), args)
			}
			req++
			out = append(out, rt.List(a.v, f))
		case "OPTIONAL":
			var present rt.Value = rt.NIL
			if opt < nopt {
				present = rt.List(cl("NTHCDR"), rt.Fixnum(nreq+opt), args)
			}
			out = append(out, rt.List(a.v, rt.List(cl("IF"), present,
				rt.List(cl("NTH"), rt.Fixnum(nreq+opt), args), a.init)))
			if a.supplied != nil {
				out = append(out, rt.List(a.supplied, rt.List(cl("IF"), present, rt.T, rt.NIL)))
			}
			opt++
		case "REST":
			out = append(out, rt.List(a.v, tail))
		case "KEY":
			cell := rt.List(w.golemSym("%DMC-KEY-TAIL"), tail, w.quote(a.key))
			out = append(out, rt.List(a.v, rt.List(cl("IF"), cell,
				rt.List(cl("CADR"), cell), a.init)))
			if a.supplied != nil {
				out = append(out, rt.List(a.supplied, rt.List(cl("IF"), cell, rt.T, rt.NIL)))
			}
		}
	}
	return out
}

// buildLong makes the effective method of a long-form combination: the
// definition's function gives the form, compiled here into a function of
// the generic function's arguments.
func (c *combination) buildLong(th *rt.Thread, gf *GF, ms []*Method) emf {
	w := gf.w
	methods := make([]rt.Value, len(ms))
	for i, m := range ms {
		methods[i] = m
	}
	form := c.typ.long.Call(th, []rt.Value{gf, rt.List(methods...), rt.List(c.args...)})
	args := rt.NewSymbol("ARGS")
	r := rt.NewSymbol("R")
	macros := rt.List(
		rt.List(w.img.CLSym("CALL-METHOD"), rt.List(w.img.S.Rest, r),
			rt.List(w.golemSym("%EXPAND-CALL-METHOD"), r, w.quote(args))),
		rt.List(w.img.CLSym("MAKE-METHOD"), rt.List(w.img.S.Rest, r),
			rt.List(w.img.CLSym("ERROR"), rt.NewString("MAKE-METHOD ~S is not an argument of CALL-METHOD."), r)))
	body := rt.List(w.img.CLSym("LET*"), rt.List(w.argBindings(gf, c.typ.argSpec, args)...), form)
	lambda := w.lambda(rt.List(w.img.S.Rest, args),
		rt.List(w.img.S.Declare, rt.List(w.img.S.Ignorable, args)),
		rt.List(w.img.CLSym("MACROLET"), macros, body))
	fn, ok := th.Img.Eval(th, lambda).(rt.Function)
	if !ok {
		return func(th *rt.Thread, args []rt.Value) rt.Value {
			return closError(th, "The effective method of ~S did not compile to a function.", gf)
		}
	}
	return fn.Call
}

// expandCallMethod expands (call-method method [next-methods]) inside an
// effective method whose arguments are in the list variable args.
func (w *world) expandCallMethod(th *rt.Thread, form rt.Value, args rt.Value) rt.Value {
	parts := rt.ListToSlice(form)
	if len(parts) < 1 || len(parts) > 2 {
		progErr(th, "malformed CALL-METHOD ~S", rt.NewCons(w.img.CLSym("CALL-METHOD"), form))
	}
	if mf, ok := w.makeMethodForm(parts[0]); ok {
		return mf
	}
	if _, ok := parts[0].(*Method); !ok {
		progErr(th, "CALL-METHOD: ~S is neither a method nor a MAKE-METHOD form", parts[0])
	}
	var next []rt.Value
	if len(parts) == 2 {
		for _, n := range rt.ListToSlice(parts[1]) {
			if mf, ok := w.makeMethodForm(n); ok {
				fn := w.lambda(rt.List(w.img.S.Rest, args),
					rt.List(w.img.S.Declare, rt.List(w.img.S.Ignorable, args)), mf)
				next = append(next, rt.List(w.golemSym("%MAKE-METHOD"), fn))
			} else {
				next = append(next, w.quote(n))
			}
		}
	}
	return rt.List(w.golemSym("%CALL-METHOD"), w.quote(parts[0]),
		rt.ListStar(rt.List(next...), w.img.CLSym("LIST")), args)
}

// makeMethodForm returns the form of a (make-method form).
func (w *world) makeMethodForm(v rt.Value) (rt.Value, bool) {
	c, ok := v.(*rt.Cons)
	if !ok || c.Car != w.img.CLSym("MAKE-METHOD") {
		return nil, false
	}
	parts := rt.ListToSlice(c.Cdr)
	if len(parts) != 1 {
		return nil, false
	}
	return parts[0], true
}

// qualifiersMatch reports whether a method's qualifiers match a qualifier
// pattern: equal, except that * matches any element and any tail.
func qualifiersMatch(pattern, qs rt.Value, star *rt.Symbol) bool {
	for {
		if pattern == star {
			return true
		}
		p, ok := pattern.(*rt.Cons)
		if !ok {
			return pattern == rt.NIL && qs == rt.NIL
		}
		q, ok := qs.(*rt.Cons)
		if !ok {
			return false
		}
		if p.Car != star && !rt.Eql(p.Car, q.Car) {
			return false
		}
		pattern, qs = p.Cdr, q.Cdr
	}
}

func init() {
	rt.Register(
		rt.Def{Name: "GOLEM:%DEFINE-LONG-METHOD-COMBINATION", Min: 4, Max: 4, Params: "(NAME FUNCTION ARGUMENTS DOC)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				name := symArg(th, args[0])
				fn, ok := args[1].(rt.Function)
				if !ok {
					th.TypeErrorName(args[1], "FUNCTION")
				}
				w := wOf(th)
				w.combos[name] = &comboType{name: name, long: fn, argSpec: parseDmcSpec(th, args[2]), doc: args[3]}
				w.invalidate()
				return name
			}},
		rt.Def{Name: "GOLEM:%QUALIFIERS-MATCH-P", Min: 2, Max: 2, Params: "(PATTERN QUALIFIERS)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				return rt.Bool(qualifiersMatch(args[0], args[1], th.Img.CLSym("*")))
			}},
		rt.Def{Name: "GOLEM:%DMC-GROUP", Min: 4, Max: 4, Params: "(METHODS ORDER NAME REQUIRED)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				// The methods were pushed, so they come least specific first.
				ms := rt.ListToSlice(args[0])
				if args[3] != rt.NIL && len(ms) == 0 {
					th.Call(th.Img.CLSym("METHOD-COMBINATION-ERROR"),
						rt.NewString("No methods in the required method group ~S."), args[2])
				}
				switch args[1] {
				case th.Img.Kw("MOST-SPECIFIC-LAST"):
					return args[0]
				case th.Img.Kw("MOST-SPECIFIC-FIRST"):
					for i, j := 0, len(ms)-1; i < j; i, j = i+1, j-1 {
						ms[i], ms[j] = ms[j], ms[i]
					}
					return rt.List(ms...)
				}
				th.Call(th.Img.CLSym("METHOD-COMBINATION-ERROR"),
					rt.NewString("The :ORDER of method group ~S is ~S, not :MOST-SPECIFIC-FIRST or :MOST-SPECIFIC-LAST."),
					args[2], args[1])
				return rt.NIL
			}},
		rt.Def{Name: "GOLEM:%DMC-KEY-TAIL", Min: 2, Max: 2, Params: "(PLIST KEY)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				for l := args[0]; ; {
					c, ok := l.(*rt.Cons)
					if !ok {
						return rt.NIL
					}
					next, ok := c.Cdr.(*rt.Cons)
					if !ok {
						return rt.NIL
					}
					if c.Car == args[1] {
						return c
					}
					l = next.Cdr
				}
			}},
		rt.Def{Name: "GOLEM:%EXPAND-CALL-METHOD", Min: 2, Max: 2, Params: "(FORM ARGS)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				return wOf(th).expandCallMethod(th, args[0], args[1])
			}},
		rt.Def{Name: "GOLEM:%CALL-METHOD", Min: 3, Max: 3, Params: "(METHOD NEXT-METHODS ARGS)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				m := methodArg(th, args[0])
				var next []*Method
				for _, n := range rt.ListToSlice(args[1]) {
					next = append(next, methodArg(th, n))
				}
				return m.call(th, rt.ListToSlice(args[2]), next)
			}},
		rt.Def{Name: "GOLEM:%MAKE-METHOD", Min: 1, Max: 1, Params: "(FUNCTION)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				fn, ok := args[0].(rt.Function)
				if !ok {
					th.TypeErrorName(args[0], "FUNCTION")
				}
				return &Method{goFn: func(th *rt.Thread, args []rt.Value, next []*Method) rt.Value {
					return fn.Call(th, args)
				}}
			}},
	)
}
