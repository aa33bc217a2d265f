package clos

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// macroExpander builds a Lisp form from a macro call form.
type macroExpander func(th *rt.Thread, form *rt.Cons) rt.Value

// setupMacros installs the object system's macros as Go expanders.
func setupMacros(img *rt.Image) {
	w := getWorld(img)
	install := func(sym *rt.Symbol, exp macroExpander) {
		sym.Macro = &rt.Builtin{Name: sym, Min: 2, Max: 2, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			form, ok := args[0].(*rt.Cons)
			if !ok {
				th.ProgramError("macro form is not a list")
			}
			return exp(th, form)
		}}
	}
	cl := img.CLSym
	install(cl("DEFCLASS"), w.expandDefclass)
	install(cl("DEFGENERIC"), w.expandDefgeneric)
	install(cl("DEFMETHOD"), w.expandDefmethod)
	install(cl("WITH-SLOTS"), w.expandWithSlots)
	install(cl("WITH-ACCESSORS"), w.expandWithAccessors)
	install(cl("PRINT-UNREADABLE-OBJECT"), w.expandPrintUnreadable)
	install(cl("DEFINE-METHOD-COMBINATION"), w.expandDefineMethodCombination)
	install(cl("DEFTYPE"), w.expandDeftype)
	w.wrapDefvarDocs()
	(func() {
		// SETF functions of the object system.
		setf := func(name string, min, max int, fn func(th *rt.Thread, args []rt.Value) rt.Value) {
			sym := cl(name)
			sym.Setf = &rt.Builtin{Name: sym, NameForm: rt.List(img.S.Setf, sym), Min: min, Max: max, Fn: fn}
		}
		setf("SLOT-VALUE", 3, 3, func(th *rt.Thread, args []rt.Value) rt.Value {
			return wOf(th).setSlotValue(th, args[1], args[2], args[0])
		})
		setf("FIND-CLASS", 2, 4, func(th *rt.Thread, args []rt.Value) rt.Value {
			sym := symArg(th, args[1])
			if args[0] == rt.NIL {
				delete(th.Img.Classes, sym)
				wOf(th).invalidate()
				return rt.NIL
			}
			th.Img.Classes[sym] = classArg(th, args[0])
			wOf(th).invalidate()
			return args[0]
		})
	})()
	img.SetTypeHook(w.typeHook)
	installPrinterHook(img, w)
}

func (w *world) quote(v rt.Value) rt.Value { return rt.List(w.img.S.Quote, v) }

func (w *world) golemSym(name string) *rt.Symbol { return w.img.Intern("GOLEM", name) }

func (w *world) kw(name string) *rt.Symbol { return w.img.Kw(name) }

func (w *world) lambda(ll rt.Value, body ...rt.Value) rt.Value {
	return rt.List(w.img.S.Function, rt.ListStar(rt.List(body...), w.img.S.Lambda, ll))
}

// isConstantForm reports whether an initform can be evaluated once at
// definition time: self-evaluating objects and quoted forms.
func (w *world) isConstantForm(f rt.Value) (rt.Value, bool) {
	switch x := f.(type) {
	case *rt.Symbol:
		if x == rt.NIL || x == rt.T || x.Pkg == w.img.Keyword {
			return x, true
		}
		return nil, false
	case *rt.Cons:
		if x.Car == w.img.S.Quote {
			if c, ok := x.Cdr.(*rt.Cons); ok && c.Cdr == rt.NIL {
				return c.Car, true
			}
		}
		return nil, false
	}
	return f, true
}

func progErr(th *rt.Thread, control string, args ...rt.Value) {
	th.Error(th.MakeCondition("GOLEM:SIMPLE-PROGRAM-ERROR", th.Img.Kw("FORMAT-CONTROL"), rt.NewString(control),
		th.Img.Kw("FORMAT-ARGUMENTS"), rt.List(args...)))
}

// expandDefclass: (defclass name (super...) (slot...) option...)
func (w *world) expandDefclass(th *rt.Thread, form *rt.Cons) rt.Value {
	parts := rt.ListToSlice(form.Cdr)
	if len(parts) < 3 {
		progErr(th, "malformed DEFCLASS: ~S", form)
	}
	name, ok := parts[0].(*rt.Symbol)
	if !ok || name == rt.NIL {
		progErr(th, "~S is not a valid class name.", parts[0])
	}
	if !rt.IsList(parts[1]) || !rt.IsList(parts[2]) {
		progErr(th, "malformed DEFCLASS: ~S", form)
	}
	var slotForms []rt.Value
	seen := map[*rt.Symbol]bool{}
	for _, spec := range rt.ListToSlice(parts[2]) {
		var sname *rt.Symbol
		var opts []rt.Value
		switch x := spec.(type) {
		case *rt.Symbol:
			sname = x
		case *rt.Cons:
			sname, _ = x.Car.(*rt.Symbol)
			opts = rt.ListToSlice(x.Cdr)
		}
		if sname == nil || sname == rt.NIL || sname.IsConstant() {
			progErr(th, "~S is not a legal slot name in DEFCLASS ~S.", spec, name)
		}
		if seen[sname] {
			progErr(th, "Multiple slots named ~S in DEFCLASS ~S.", sname, name)
		}
		seen[sname] = true
		if len(opts)%2 != 0 {
			progErr(th, "In DEFCLASS ~S, the slot specification ~S has an odd number of options.", name, spec)
		}
		out := []rt.Value{w.kw("NAME"), w.quote(sname)}
		var initargs, readers, writers []rt.Value
		once := map[string]bool{}
		for i := 0; i < len(opts); i += 2 {
			k, _ := opts[i].(*rt.Symbol)
			v := opts[i+1]
			key := ""
			if k != nil && k.Pkg == w.img.Keyword {
				key = k.Name
			}
			switch key {
			case "INITFORM", "ALLOCATION", "TYPE", "DOCUMENTATION":
				if once[key] {
					progErr(th, "Duplicate slot option ~S for slot ~S in DEFCLASS ~S.", k, sname, name)
				}
				once[key] = true
			}
			switch key {
			case "INITARG":
				initargs = append(initargs, v)
			case "INITFORM":
				out = append(out, w.kw("INITFORM"), w.quote(v))
				if c, ok := w.isConstantForm(v); ok {
					out = append(out, w.kw("INITCONST"), w.quote(c))
				} else {
					out = append(out, w.kw("INITFUNCTION"), w.lambda(rt.NIL, v))
				}
			case "READER":
				readers = append(readers, v)
			case "WRITER":
				writers = append(writers, v)
			case "ACCESSOR":
				readers = append(readers, v)
				writers = append(writers, rt.List(w.img.S.Setf, v))
			case "ALLOCATION":
				if v != w.kwClass && v != w.kwInstance {
					progErr(th, "~S is not a legal :ALLOCATION for slot ~S in DEFCLASS ~S.", v, sname, name)
				}
				out = append(out, w.kw("ALLOCATION"), v)
			case "TYPE":
				out = append(out, w.kw("TYPE"), w.quote(v))
			case "DOCUMENTATION":
				if _, ok := v.(*rt.String); !ok {
					progErr(th, "The :DOCUMENTATION slot option of slot ~S in DEFCLASS ~S is not a string.", sname, name)
				}
				out = append(out, w.kw("DOCUMENTATION"), v)
			default:
				progErr(th, "Invalid initialization argument: ~S in call for class ~S.", opts[i],
					rt.NewString("#<STANDARD-CLASS SB-MOP:STANDARD-DIRECT-SLOT-DEFINITION>"))
			}
		}
		out = append(out, w.kw("INITARGS"), w.quote(rt.List(initargs...)), w.kw("READERS"), w.quote(rt.List(readers...)),
			w.kw("WRITERS"), w.quote(rt.List(writers...)))
		slotForms = append(slotForms, rt.ListStar(rt.List(out...), w.img.S.List))
	}
	var optForms []rt.Value
	seenOpt := map[string]bool{}
	for _, o := range parts[3:] {
		oc, ok := o.(*rt.Cons)
		if !ok {
			progErr(th, "~S is not a DEFCLASS option.", o)
		}
		k, _ := oc.Car.(*rt.Symbol)
		args := rt.ListToSlice(oc.Cdr)
		key := ""
		if k != nil && k.Pkg == w.img.Keyword {
			key = k.Name
		}
		if seenOpt[key] {
			progErr(th, "Multiple ~S options in DEFCLASS ~S.", k, name)
		}
		seenOpt[key] = true
		switch key {
		case "DEFAULT-INITARGS":
			if len(args)%2 != 0 {
				progErr(th, "odd number of default initargs in DEFCLASS ~S", name)
			}
			var ds []rt.Value
			dup := map[rt.Value]bool{}
			for i := 0; i < len(args); i += 2 {
				if dup[args[i]] {
					progErr(th, "Duplicate initialization argument name ~S in :DEFAULT-INITARGS of DEFCLASS ~S.", args[i], name)
				}
				dup[args[i]] = true
				var fn rt.Value
				if c, ok := w.isConstantForm(args[i+1]); ok {
					fn = rt.List(w.golemSym("%CONSTANTLY"), w.quote(c))
				} else {
					fn = w.lambda(rt.NIL, args[i+1])
				}
				ds = append(ds, rt.List(w.img.S.List, w.quote(args[i]), w.quote(args[i+1]), fn))
			}
			optForms = append(optForms, w.kw("DEFAULT-INITARGS"), rt.ListStar(rt.List(ds...), w.img.S.List))
		case "DOCUMENTATION":
			if len(args) != 1 {
				progErr(th, "malformed :DOCUMENTATION option in DEFCLASS ~S", name)
			}
			optForms = append(optForms, w.kw("DOCUMENTATION"), args[0])
		case "METACLASS":
			if len(args) != 1 {
				progErr(th, "malformed :METACLASS option in DEFCLASS ~S", name)
			}
			optForms = append(optForms, w.kw("METACLASS"), w.quote(args[0]))
		default:
			progErr(th, "~S is not a DEFCLASS option.", o)
		}
	}
	return rt.List(w.golemSym("%DEFCLASS"), w.quote(name), w.quote(parts[1]),
		rt.ListStar(rt.List(slotForms...), w.img.S.List), rt.ListStar(rt.List(optForms...), w.img.S.List))
}

// splitBody separates a docstring and declarations from body forms.
func (w *world) splitBody(body []rt.Value) (doc rt.Value, decls []rt.Value, forms []rt.Value) {
	doc = rt.NIL
	i := 0
	for i < len(body) {
		b := body[i]
		if s, ok := b.(*rt.String); ok && i+1 < len(body) && doc == rt.NIL {
			doc = s
			i++
			continue
		}
		if c, ok := b.(*rt.Cons); ok && c.Car == w.img.S.Declare {
			decls = append(decls, b)
			i++
			continue
		}
		break
	}
	return doc, decls, body[i:]
}

// mentions reports whether tree contains sym (anywhere).
func mentions(th *rt.Thread, tree rt.Value, pred func(rt.Value) bool) bool {
	th.EnterNested()
	defer th.LeaveNested()
	for {
		if pred(tree) {
			return true
		}
		c, ok := tree.(*rt.Cons)
		if !ok {
			return false
		}
		if mentions(th, c.Car, pred) {
			return true
		}
		tree = c.Cdr
	}
}

// methodParts parses (qualifier* specialized-lambda-list . body) and builds
// the %DEFMETHOD argument forms after the name.
func (w *world) methodParts(th *rt.Thread, name rt.Value, rest []rt.Value) []rt.Value {
	var quals []rt.Value
	i := 0
	for i < len(rest) {
		if _, ok := rest[i].(*rt.Cons); ok || rest[i] == rt.NIL {
			break
		}
		quals = append(quals, rest[i])
		i++
	}
	if i >= len(rest) {
		progErr(th, "malformed method definition for ~S: missing lambda list", name)
	}
	sll := rt.ListToSlice(rest[i])
	body := rest[i+1:]
	var specForms, plain, reqVars []rt.Value
	j := 0
	for ; j < len(sll); j++ {
		p := sll[j]
		if s, ok := p.(*rt.Symbol); ok && s.Pkg == w.img.CL && len(s.Name) > 0 && s.Name[0] == '&' {
			break
		}
		switch x := p.(type) {
		case *rt.Symbol:
			plain = append(plain, x)
			reqVars = append(reqVars, x)
			specForms = append(specForms, w.quote(rt.T))
		case *rt.Cons:
			parts := rt.ListToSlice(x)
			v, ok := parts[0].(*rt.Symbol)
			if !ok || len(parts) != 2 {
				progErr(th, "~S is not a valid specialized parameter.", p)
			}
			plain = append(plain, v)
			reqVars = append(reqVars, v)
			switch s := parts[1].(type) {
			case *rt.Symbol:
				specForms = append(specForms, w.quote(s))
			case *rt.Cons:
				sp := rt.ListToSlice(s)
				if len(sp) == 2 && sp[0] == w.img.S.Eql {
					specForms = append(specForms, rt.List(w.img.S.List, w.quote(w.img.S.Eql), sp[1]))
				} else {
					progErr(th, "~S is not a valid parameter specializer name.", parts[1])
				}
			default:
				progErr(th, "~S is not a valid parameter specializer name.", parts[1])
			}
		default:
			progErr(th, "~S is not a valid specialized parameter.", p)
		}
	}
	hasKey, hasAOK := false, false
	for _, p := range sll[j:] {
		if p == w.img.S.Key {
			hasKey = true
		}
		if p == w.img.S.AllowOtherKeys {
			hasAOK = true
		}
	}
	plainLL := rt.List(append(append([]rt.Value(nil), plain...), sll[j:]...)...)
	fnLL := plainLL
	if hasKey && !hasAOK {
		// CLHS 7.6.5: the generic function checks keyword arguments.
		var tail []rt.Value
		inserted := false
		for _, p := range sll[j:] {
			if p == w.img.S.Aux && !inserted {
				tail = append(tail, w.img.S.AllowOtherKeys)
				inserted = true
			}
			tail = append(tail, p)
		}
		if !inserted {
			tail = append(tail, w.img.S.AllowOtherKeys)
		}
		fnLL = rt.List(append(append([]rt.Value(nil), plain...), tail...)...)
	}
	doc, decls, forms := w.splitBody(body)
	blockName := name
	if c, ok := name.(*rt.Cons); ok {
		blockName = rt.ListToSlice(c)[1]
	}
	cnm, nmp := w.symCallNextMethod, w.symNextMethodP
	usesNext := mentions(th, rt.List(forms...), func(v rt.Value) bool { return v == cnm || v == nmp })
	inner := rt.ListStar(rt.List(forms...), w.img.S.Block, blockName)
	if usesNext {
		ctx := rt.NewSymbol("NEXT-METHOD-CONTEXT")
		fnLL = rt.NewCons(ctx, fnLL)
		fnRef := mentions(th, rt.List(forms...), func(v rt.Value) bool {
			c, ok := v.(*rt.Cons)
			if !ok || c.Car != w.img.S.Function {
				return false
			}
			a, ok := c.Cdr.(*rt.Cons)
			return ok && (a.Car == cnm || a.Car == nmp)
		})
		if fnRef {
			args := rt.NewSymbol("ARGS")
			inner = rt.List(w.img.CLSym("FLET"), rt.List(
				rt.List(cnm, rt.List(w.img.S.Rest, args), rt.List(w.golemSym("%CALL-NEXT-METHOD-APPLY"), ctx, args)),
				rt.List(nmp, rt.NIL, rt.List(w.golemSym("%NEXT-METHOD-P"), ctx))),
				rt.List(w.img.S.Declare, rt.List(w.img.S.Ignorable, rt.List(w.img.S.Function, cnm), rt.List(w.img.S.Function, nmp))),
				inner)
		} else {
			args := rt.NewSymbol("ARGS")
			// (call-next-method . args) => (golem:%call-next-method ctx . args)
			cnmExp := rt.List(w.img.CLSym("LIST*"), w.quote(w.golemSym("%CALL-NEXT-METHOD")), w.quote(ctx), args)
			// NEXT-METHOD-P takes any arguments here: %NEXT-METHOD-P
			// signals the PROGRAM-ERROR of passing some when it runs.
			nmpExp := rt.List(w.img.CLSym("LIST*"), w.quote(w.golemSym("%NEXT-METHOD-P")), w.quote(ctx), args)
			inner = rt.List(w.img.CLSym("MACROLET"), rt.List(
				rt.List(cnm, rt.List(w.img.S.Rest, args), cnmExp),
				rt.List(nmp, rt.List(w.img.S.Rest, args), nmpExp)),
				inner)
		}
	}
	lamBody := []rt.Value{rt.List(w.img.S.Declare, rt.ListStar(rt.List(reqVars...), w.img.S.Ignorable))}
	lamBody = append(lamBody, decls...)
	lamBody = append(lamBody, inner)
	// A named lambda, so backtraces show (METHOD NAME QUALIFIER... (SPECIALIZER...)).
	var specNames []rt.Value
	for _, sf := range specForms {
		if c, ok := sf.(*rt.Cons); ok && c.Car == w.img.S.Quote {
			specNames = append(specNames, rt.ListToSlice(c)[1])
		} else {
			specNames = append(specNames, rt.List(w.img.S.Eql, rt.ListToSlice(sf)[2]))
		}
	}
	head := w.img.Intern("GOLEM", "METHOD")
	if _, ok := name.(*rt.Cons); ok {
		head = w.img.Intern("GOLEM", "SETF-METHOD")
	}
	fname := rt.ListStar(rt.List(append(append([]rt.Value(nil), quals...), rt.List(specNames...))...), head, blockName)
	fn := rt.List(w.golemSym("%NAMED-FUNCTION"), w.quote(fname),
		rt.List(w.img.S.Function, rt.ListStar(rt.List(lamBody...), w.img.S.Lambda, fnLL)))
	return []rt.Value{w.quote(rt.List(quals...)), rt.ListStar(rt.List(specForms...), w.img.S.List), w.quote(plainLL), fn,
		rt.Bool(usesNext), w.quote(doc)}
}

// expandDefmethod: (defmethod name qualifier* lambda-list . body)
func (w *world) expandDefmethod(th *rt.Thread, form *rt.Cons) rt.Value {
	parts := rt.ListToSlice(form.Cdr)
	if len(parts) < 2 {
		progErr(th, "malformed DEFMETHOD: ~S", form)
	}
	fnameSymbol(th, parts[0])
	args := w.methodParts(th, parts[0], parts[1:])
	return rt.ListStar(rt.List(args...), w.golemSym("%DEFMETHOD"), w.quote(parts[0]))
}

// expandDefgeneric: (defgeneric name lambda-list option...)
func (w *world) expandDefgeneric(th *rt.Thread, form *rt.Cons) rt.Value {
	parts := rt.ListToSlice(form.Cdr)
	if len(parts) < 2 {
		progErr(th, "malformed DEFGENERIC: ~S", form)
	}
	name := parts[0]
	fnameSymbol(th, name)
	if !rt.IsList(parts[1]) {
		progErr(th, "the lambda list of DEFGENERIC ~S is not a list", name)
	}
	for _, p := range rt.ListToSlice(parts[1]) {
		if c, ok := p.(*rt.Cons); ok {
			if len(rt.ListToSlice(c)) > 1 {
				progErr(th, "The generic function lambda list ~S of ~S contains a default value or specializer.", parts[1], name)
			}
		}
	}
	var opts, methods []rt.Value
	seen := map[string]bool{}
	for _, o := range parts[2:] {
		oc, ok := o.(*rt.Cons)
		if !ok {
			progErr(th, "~S is not a DEFGENERIC option.", o)
		}
		k, _ := oc.Car.(*rt.Symbol)
		args := rt.ListToSlice(oc.Cdr)
		key := ""
		if k != nil {
			key = k.Name
			if k.Pkg != w.img.Keyword && k != w.img.S.Declare {
				key = ""
			}
		}
		if key != "METHOD" && key != "DECLARE" {
			if seen[key] {
				progErr(th, "Duplicate option ~S in DEFGENERIC ~S.", k, name)
			}
			seen[key] = true
		}
		switch key {
		case "METHOD":
			ma := w.methodParts(th, name, args)
			methods = append(methods, rt.ListStar(rt.List(ma...), w.img.S.List))
		case "DOCUMENTATION":
			opts = append(opts, w.kw("DOCUMENTATION"), w.quote(args[0]))
		case "METHOD-COMBINATION":
			opts = append(opts, w.kw("METHOD-COMBINATION"), w.quote(oc.Cdr))
		case "ARGUMENT-PRECEDENCE-ORDER":
			opts = append(opts, w.kw("ARGUMENT-PRECEDENCE-ORDER"), w.quote(oc.Cdr))
		case "GENERIC-FUNCTION-CLASS":
			if len(args) != 1 {
				progErr(th, "malformed :GENERIC-FUNCTION-CLASS option ~S in DEFGENERIC ~S", o, name)
			}
			opts = append(opts, w.kw("GENERIC-FUNCTION-CLASS"), w.quote(args[0]))
		case "METHOD-CLASS", "DECLARE":
		default:
			progErr(th, "Unsupported option ~S in DEFGENERIC ~S.", o, name)
		}
	}
	return rt.List(w.golemSym("%DEFGENERIC"), w.quote(name), w.quote(parts[1]),
		rt.ListStar(rt.List(opts...), w.img.S.List), rt.ListStar(rt.List(methods...), w.img.S.List))
}

// expandWithSlots: (with-slots (slot-entry...) instance . body)
func (w *world) expandWithSlots(th *rt.Thread, form *rt.Cons) rt.Value {
	parts := rt.ListToSlice(form.Cdr)
	if len(parts) < 2 || !rt.IsList(parts[0]) {
		progErr(th, "malformed WITH-SLOTS: ~S", form)
	}
	obj := rt.NewSymbol("INSTANCE")
	var binds []rt.Value
	for _, e := range rt.ListToSlice(parts[0]) {
		var v, slot rt.Value
		switch x := e.(type) {
		case *rt.Symbol:
			v, slot = x, x
		case *rt.Cons:
			p := rt.ListToSlice(x)
			if len(p) != 2 {
				progErr(th, "malformed WITH-SLOTS slot entry ~S", e)
			}
			v, slot = p[0], p[1]
		default:
			progErr(th, "malformed WITH-SLOTS slot entry ~S", e)
		}
		binds = append(binds, rt.List(v, rt.List(w.img.CLSym("SLOT-VALUE"), obj, w.quote(slot))))
	}
	return rt.List(w.img.CLSym("LET"), rt.List(rt.List(obj, parts[1])),
		rt.ListStar(rt.List(parts[2:]...), w.img.CLSym("SYMBOL-MACROLET"), rt.List(binds...)))
}

// expandWithAccessors: (with-accessors ((var accessor)...) instance . body)
func (w *world) expandWithAccessors(th *rt.Thread, form *rt.Cons) rt.Value {
	parts := rt.ListToSlice(form.Cdr)
	if len(parts) < 2 || !rt.IsList(parts[0]) {
		progErr(th, "malformed WITH-ACCESSORS: ~S", form)
	}
	obj := rt.NewSymbol("INSTANCE")
	var binds []rt.Value
	for _, e := range rt.ListToSlice(parts[0]) {
		p := rt.ListToSlice(e)
		if len(p) != 2 {
			progErr(th, "malformed WITH-ACCESSORS entry ~S", e)
		}
		binds = append(binds, rt.List(p[0], rt.List(p[1], obj)))
	}
	return rt.List(w.img.CLSym("LET"), rt.List(rt.List(obj, parts[1])),
		rt.ListStar(rt.List(parts[2:]...), w.img.CLSym("SYMBOL-MACROLET"), rt.List(binds...)))
}

// expandPrintUnreadable: (print-unreadable-object (object stream &key type identity) . body)
func (w *world) expandPrintUnreadable(th *rt.Thread, form *rt.Cons) rt.Value {
	parts := rt.ListToSlice(form.Cdr)
	if len(parts) < 1 {
		progErr(th, "malformed PRINT-UNREADABLE-OBJECT: ~S", form)
	}
	spec := rt.ListToSlice(parts[0])
	if len(spec) < 2 {
		progErr(th, "malformed PRINT-UNREADABLE-OBJECT: ~S", form)
	}
	var typ, ident rt.Value = rt.NIL, rt.NIL
	for i := 2; i+1 < len(spec); i += 2 {
		switch spec[i] {
		case w.kw("TYPE"):
			typ = spec[i+1]
		case w.kw("IDENTITY"):
			ident = spec[i+1]
		}
	}
	var fn rt.Value = rt.NIL
	if len(parts) > 1 {
		param := rt.Value(rt.NewSymbol("STREAM"))
		if s, ok := spec[1].(*rt.Symbol); ok && !s.IsConstant() && s.Pkg != w.img.Keyword {
			param = s
		}
		fn = w.lambda(rt.List(param), append([]rt.Value{rt.List(w.img.S.Declare, rt.List(w.img.S.Ignorable, param))},
			parts[1:]...)...)
	}
	return rt.List(w.golemSym("%CLOS-PRINT-UNREADABLE"), spec[0], spec[1], typ, ident, fn)
}

// expandDefineMethodCombination expands the short form here and the long
// form in combine_long.go.
func (w *world) expandDefineMethodCombination(th *rt.Thread, form *rt.Cons) rt.Value {
	parts := rt.ListToSlice(form.Cdr)
	if len(parts) < 1 {
		progErr(th, "malformed DEFINE-METHOD-COMBINATION: ~S", form)
	}
	name := parts[0]
	if len(parts) > 1 {
		if _, ok := parts[1].(*rt.Cons); ok || parts[1] == rt.NIL {
			return w.expandLongCombination(th, name, parts[1:])
		}
	}
	op := name
	var identity, doc rt.Value = rt.NIL, rt.NIL
	for i := 1; i+1 < len(parts); i += 2 {
		switch parts[i] {
		case w.kw("OPERATOR"):
			op = parts[i+1]
		case w.kw("IDENTITY-WITH-ONE-ARGUMENT"):
			identity = parts[i+1]
		case w.kw("DOCUMENTATION"):
			doc = parts[i+1]
		default:
			progErr(th, "invalid DEFINE-METHOD-COMBINATION option ~S", parts[i])
		}
	}
	return rt.List(w.golemSym("%DEFINE-METHOD-COMBINATION"), w.quote(name), w.quote(op), identity, doc)
}
