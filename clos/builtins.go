package clos

import (
	"github.com/golem-lisp/golem/printer"
	rt "github.com/golem-lisp/golem/runtime"
)

func classArg(th *rt.Thread, v rt.Value) *rt.Class {
	c, ok := v.(*rt.Class)
	if !ok {
		th.TypeErrorName(v, "CLASS")
	}
	return c
}

func gfArg(th *rt.Thread, v rt.Value) *GF {
	gf, ok := v.(*GF)
	if !ok {
		th.TypeErrorName(v, "GENERIC-FUNCTION")
	}
	return gf
}

func methodArg(th *rt.Thread, v rt.Value) *Method {
	m, ok := v.(*Method)
	if !ok {
		th.TypeErrorName(v, "METHOD")
	}
	return m
}

func ctxArg(th *rt.Thread, v rt.Value) *nextCtx {
	c, ok := v.(*nextCtx)
	if !ok {
		th.ProgramError("CALL-NEXT-METHOD used outside a method body")
	}
	return c
}

func symArg(th *rt.Thread, v rt.Value) *rt.Symbol {
	s, ok := v.(*rt.Symbol)
	if !ok {
		th.TypeErrorName(v, "SYMBOL")
	}
	return s
}

func init() {
	rt.Register(
		rt.Def{Name: "FIND-CLASS", Min: 1, Max: 3, Params: "(SYMBOL &OPTIONAL (ERRORP T) ENVIRONMENT)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				c := wOf(th).findClass(th, args[0], len(args) < 2 || args[1] != rt.NIL)
				if c == nil {
					return rt.NIL
				}
				return c
			}},
		rt.Def{Name: "CLASS-OF", Min: 1, Max: 1, Params: "(OBJECT)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			return wOf(th).classOf(args[0])
		}},
		rt.Def{Name: "SLOT-VALUE", Min: 2, Max: 2, Params: "(OBJECT SLOT-NAME)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			return wOf(th).slotValue(th, args[0], args[1])
		}},
		rt.Def{Name: "SLOT-BOUNDP", Min: 2, Max: 2, Params: "(INSTANCE SLOT-NAME)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			w := wOf(th)
			inst, ok := args[0].(*rt.Instance)
			if !ok {
				return rt.Bool(w.slotMissingCall(th, args[0], args[1], "SLOT-BOUNDP", nil) != rt.NIL)
			}
			i, sd := w.slotLocation(th, inst, args[1])
			if sd == nil {
				return rt.Bool(w.slotMissingCall(th, args[0], args[1], "SLOT-BOUNDP", nil) != rt.NIL)
			}
			return rt.Bool(slotRead(inst, i, sd) != nil)
		}},
		rt.Def{Name: "SLOT-MAKUNBOUND", Min: 2, Max: 2, Params: "(INSTANCE SLOT-NAME)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			w := wOf(th)
			inst, ok := args[0].(*rt.Instance)
			if !ok {
				w.slotMissingCall(th, args[0], args[1], "SLOT-MAKUNBOUND", nil)
				return args[0]
			}
			i, sd := w.slotLocation(th, inst, args[1])
			if sd == nil {
				w.slotMissingCall(th, args[0], args[1], "SLOT-MAKUNBOUND", nil)
				return args[0]
			}
			if sd.Class {
				if sd.Shared != nil {
					sd.Shared.Car = nil
				}
			} else {
				inst.Slots[i] = nil
			}
			return args[0]
		}},
		rt.Def{Name: "SLOT-EXISTS-P", Min: 2, Max: 2, Params: "(OBJECT SLOT-NAME)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			inst, ok := args[0].(*rt.Instance)
			if !ok {
				return rt.NIL
			}
			_, sd := wOf(th).slotLocation(th, inst, args[1])
			return rt.Bool(sd != nil)
		}},
		rt.Def{Name: "ENSURE-GENERIC-FUNCTION", Min: 1, Max: -1, Params: "(FUNCTION-NAME &KEY LAMBDA-LIST DOCUMENTATION METHOD-COMBINATION ARGUMENT-PRECEDENCE-ORDER GENERIC-FUNCTION-CLASS METHOD-CLASS DECLARE ENVIRONMENT)",
			Fn: ensureGenericFunction},
		rt.Def{Name: "ADD-METHOD", Min: 2, Max: 2, Params: "(GENERIC-FUNCTION METHOD)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			gf, m := gfArg(th, args[0]), methodArg(th, args[1])
			gf.addMethod(th, m, false)
			return gf
		}},
		rt.Def{Name: "REMOVE-METHOD", Min: 2, Max: 2, Params: "(GENERIC-FUNCTION METHOD)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			gf, m := gfArg(th, args[0]), methodArg(th, args[1])
			gf.removeMethod(m)
			return gf
		}},
		rt.Def{Name: "FIND-METHOD", Min: 3, Max: 4, Params: "(GENERIC-FUNCTION QUALIFIERS SPECIALIZERS &OPTIONAL (ERRORP T))",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				w := wOf(th)
				gf := gfArg(th, args[0])
				quals := rt.ListToSlice(args[1])
				specs := rt.ListToSlice(args[2])
				errorp := len(args) < 4 || args[3] != rt.NIL
				if len(specs) != gf.ll.req {
					closError(th, "The generic function ~S takes ~D required argument~:P; was asked to find a method with specializers ~S",
						gf, rt.MakeInt(int64(gf.ll.req)), args[2])
				}
				var ss []Specializer
				for _, s := range specs {
					ss = append(ss, w.specializer(th, s))
				}
				if m := gf.findMethod(quals, ss); m != nil {
					return m
				}
				if errorp {
					th.SimpleError("There is no method on ~S with ~:[no qualifiers~;qualifiers ~:S~] and specializers ~:S.",
						gf, args[1], args[2])
				}
				return rt.NIL
			}},
		rt.Def{Name: "COMPUTE-APPLICABLE-METHODS", Min: 2, Max: 2, Params: "(GENERIC-FUNCTION ARGUMENTS)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				gf := gfArg(th, args[0])
				as := rt.ListToSlice(args[1])
				if len(as) < gf.ll.req {
					th.ProgramError("too few arguments for " + th.Printed(gf))
				}
				var out []rt.Value
				for _, m := range gf.applicableMethods(as) {
					out = append(out, m)
				}
				return rt.List(out...)
			}},
		rt.Def{Name: "METHOD-QUALIFIERS", Min: 1, Max: 1, Params: "(METHOD)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			return rt.List(methodArg(th, args[0]).qualifiers...)
		}},
		rt.Def{Name: "FUNCTION-KEYWORDS", Min: 1, Max: 1, MV: true, Params: "(METHOD)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			m := methodArg(th, args[0])
			var ks []rt.Value
			for _, k := range m.ll.keys {
				ks = append(ks, k)
			}
			return th.Values2(rt.List(ks...), rt.Bool(m.ll.allowOther))
		}},
		rt.Def{Name: "MAKE-INSTANCES-OBSOLETE", Min: 1, Max: 1, Params: "(CLASS)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			w := wOf(th)
			c := w.classDesignator(th, args[0])
			var mark func(k *rt.Class)
			mark = func(k *rt.Class) {
				if ki := infoOf(k); ki != nil && !ki.system && ki.layout != nil {
					ki.layout = &layout{names: ki.layout.names}
					for _, s := range ki.subclasses {
						mark(s)
					}
				}
			}
			mark(c)
			w.invalidate()
			return args[0]
		}},
		rt.Def{Name: "GOLEM:%CALL-NEXT-METHOD", Min: 1, Max: -1, Params: "(CONTEXT &REST ARGS)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				ctx := ctxArg(th, args[0])
				if len(args) == 1 {
					return callNext(th, ctx, ctx.args)
				}
				checkNextArgs(th, ctx, args[1:])
				return callNext(th, ctx, append([]rt.Value(nil), args[1:]...))
			}, MV: true},
		rt.Def{Name: "GOLEM:%CALL-NEXT-METHOD-APPLY", Min: 2, Max: 2, Params: "(CONTEXT ARGS)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				ctx := ctxArg(th, args[0])
				if args[1] == rt.NIL {
					return callNext(th, ctx, ctx.args)
				}
				next := rt.ListToSlice(args[1])
				checkNextArgs(th, ctx, next)
				return callNext(th, ctx, next)
			}, MV: true},
		rt.Def{Name: "GOLEM:%NEXT-METHOD-P", Min: 1, Max: -1, Params: "(CONTEXT &REST ARGS)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			if len(args) > 1 {
				th.ProgramError("NEXT-METHOD-P takes no arguments, but was given " + th.Printed(rt.List(args[1:]...)) + ".")
			}
			return rt.Bool(len(ctxArg(th, args[0]).next) > 0)
		}},
		rt.Def{Name: "GOLEM:%DEFCLASS", Min: 4, Max: 4, Params: "(NAME SUPERCLASSES SLOTS OPTIONS)", Fn: defclassBuiltin},
		rt.Def{Name: "GOLEM:%DEFGENERIC", Min: 4, Max: 4, Params: "(NAME LAMBDA-LIST OPTIONS METHODS)", Fn: defgenericBuiltin},
		rt.Def{Name: "GOLEM:%DEFMETHOD", Min: 7, Max: 7, Params: "(NAME QUALIFIERS SPECIALIZERS LAMBDA-LIST FUNCTION USES-NEXT DOC)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				w := wOf(th)
				gf := w.ensureGF(th, args[0], args[3], true)
				m := w.makeMethod(th, gf, args[1:])
				gf.addMethod(th, m, true)
				gf.checkQualifiers(th, m)
				notifyMethod(th, args[0], m)
				return m
			}},
		rt.Def{Name: "GOLEM:%DEFINE-METHOD-COMBINATION", Min: 4, Max: 4, Params: "(NAME OPERATOR IDENTITY DOC)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				name := symArg(th, args[0])
				wOf(th).defineShortCombination(name, symArg(th, args[1]), args[2] != rt.NIL, args[3])
				return name
			}},
		rt.Def{Name: "GOLEM:%CLOS-PRINT-UNREADABLE", Min: 5, Max: 5, Params: "(OBJECT STREAM TYPE IDENTITY FUNCTION)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				s := th.OutputStream(args[1])
				typ, ident := args[2] != rt.NIL, args[3] != rt.NIL
				var body func(rt.Stream)
				if args[4] != rt.NIL {
					fn := th.Resolve(args[4])
					body = func(ps rt.Stream) { fn.Call(th, []rt.Value{ps}) }
				} else if typ && !ident {
					// SBCL writes a space after the type even with no body.
					body = func(rt.Stream) {}
				}
				printer.PrintUnreadable(th, args[0], s, typ, ident, body)
				return rt.NIL
			}},
		rt.Def{Name: "GOLEM:%PRINT-OBJECT-DEFAULT", Min: 2, Max: 2, Params: "(OBJECT STREAM)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				return wOf(th).defaultPrintObject(th, args, nil)
			}},
	)
}

// specializer resolves a specializer designator: a class, a class name or
// (EQL object).
func (w *world) specializer(th *rt.Thread, v rt.Value) Specializer {
	switch x := v.(type) {
	case *rt.Class:
		return x
	case *EqlSpecializer:
		return x
	case *rt.Symbol:
		return w.findClass(th, x, true)
	case *rt.Cons:
		parts := rt.ListToSlice(x)
		if len(parts) == 2 && parts[0] == th.Img.S.Eql {
			return w.internEql(parts[1])
		}
	}
	closError(th, "~S is not a valid parameter specializer name.", v)
	return nil
}

// makeMethod builds a method from the %DEFMETHOD arguments
// (qualifiers specializers lambda-list function uses-next doc).
func (w *world) makeMethod(th *rt.Thread, gf *GF, a []rt.Value) *Method {
	m := &Method{qualifiers: rt.ListToSlice(a[0]), lambdaList: a[2], usesNext: a[4] != rt.NIL}
	for _, q := range m.qualifiers {
		if _, ok := q.(*rt.Cons); ok {
			closError(th, "Invalid method qualifier ~S.", q)
		}
	}
	fn, ok := a[3].(rt.Function)
	if !ok {
		th.TypeErrorName(a[3], "FUNCTION")
	}
	m.fn = fn
	for _, s := range rt.ListToSlice(a[1]) {
		m.specs = append(m.specs, w.specializer(th, s))
	}
	m.req = len(m.specs)
	m.ll = parseLambdaList(th, m.lambdaList)
	if a[5] != rt.NIL {
		m.doc = a[5]
	}
	for len(m.specs) < m.ll.req {
		m.specs = append(m.specs, w.tClass)
	}
	return m
}

// ensureGenericFunction implements ENSURE-GENERIC-FUNCTION.
func ensureGenericFunction(th *rt.Thread, args []rt.Value) rt.Value {
	w := wOf(th)
	kw := th.ParseKeys(args[1:], "LAMBDA-LIST", "DOCUMENTATION", "METHOD-COMBINATION", "ARGUMENT-PRECEDENCE-ORDER",
		"GENERIC-FUNCTION-CLASS", "METHOD-CLASS", "DECLARE", "ENVIRONMENT")
	name := args[0]
	gf := currentGF(th, name)
	if gf == nil {
		ll := kw[0]
		if ll == nil {
			ll = rt.NIL
		}
		gf = w.ensureGF(th, name, ll, false)
	} else if kw[0] != nil {
		w.setLambdaList(th, gf, kw[0])
	}
	if kw[1] != nil {
		gf.doc = kw[1]
	}
	if kw[2] != nil {
		if c, ok := kw[2].(*combination); ok {
			gf.combo = c
		}
	}
	if kw[3] != nil {
		w.setArgPrecedence(th, gf, kw[3])
	}
	if kw[4] != nil {
		w.setGFClass(th, gf, kw[4])
	}
	gf.declared = true
	w.invalidate()
	return gf
}

// setLambdaList changes a generic function's lambda list, checking that
// its methods stay congruent.
func (w *world) setLambdaList(th *rt.Thread, gf *GF, ll rt.Value) {
	li := parseLambdaList(th, ll)
	old, oldLL := gf.ll, gf.lambdaList
	gf.ll, gf.lambdaList = li, ll
	for _, m := range gf.methods {
		ok := true
		func() {
			defer func() {
				if r := recover(); r != nil {
					ok = false
				}
			}()
			if m.ll.req != li.req || m.ll.opt != li.opt || (li.rest || li.hasKey) != (m.ll.rest || m.ll.hasKey) {
				ok = false
			}
		}()
		if !ok {
			gf.ll, gf.lambdaList = old, oldLL
			th.SimpleError("New lambda-list ~S is incompatible with existing methods of ~S. Old lambda-list ~S", ll, gf, oldLL)
		}
	}
	if gf.ll.req != old.req {
		gf.setPrecedence(nil)
	}
	w.invalidate()
}

// setGFClass implements :generic-function-class: a class (or its name)
// that is STANDARD-GENERIC-FUNCTION or a subclass of it.
func (w *world) setGFClass(th *rt.Thread, gf *GF, v rt.Value) {
	c, ok := v.(*rt.Class)
	if !ok {
		c = w.findClass(th, v, true)
	}
	if !c.IsSubclassOf(w.standardGF) {
		closError(th, "The :GENERIC-FUNCTION-CLASS ~S of ~S is not a subclass of STANDARD-GENERIC-FUNCTION.", c, gf)
	}
	if c == w.standardGF {
		c = nil
	}
	gf.class = c
}

// setArgPrecedence implements :argument-precedence-order.
func (w *world) setArgPrecedence(th *rt.Thread, gf *GF, order rt.Value) {
	names := rt.ListToSlice(gf.lambdaList)[:gf.ll.req]
	var idx []int
	for _, o := range rt.ListToSlice(order) {
		found := -1
		for i, n := range names {
			if n == o {
				found = i
			}
		}
		if found < 0 {
			progErr(th, "~S is not a required parameter of ~S.", o, gf)
		}
		for _, j := range idx {
			if j == found {
				found = -1
			}
		}
		if found < 0 {
			progErr(th, "The argument precedence order ~S names ~S more than once.", order, o)
		}
		idx = append(idx, found)
	}
	if len(idx) != len(names) {
		progErr(th, "The argument precedence order ~S must name each required parameter of ~S once.", order, gf)
	}
	gf.setPrecedence(idx)
}

// defgenericBuiltin implements (GOLEM:%DEFGENERIC name lambda-list options methods):
// options is a plist (:documentation :method-combination
// :argument-precedence-order), methods a list of %DEFMETHOD argument lists
// without the name.
func defgenericBuiltin(th *rt.Thread, args []rt.Value) rt.Value {
	w := wOf(th)
	name, ll := args[0], args[1]
	sym, _ := fnameSymbol(th, name)
	gf := currentGF(th, name)
	if gf == nil {
		_, setf := fnameSymbol(th, name)
		if (!setf && (sym.Fn != nil || sym.Macro != nil)) || (setf && sym.Setf != nil) {
			th.ProgramError(qualifiedName(th, name) + " already names an ordinary function or a macro.")
		}
		gf = w.ensureGF(th, name, ll, false)
	} else {
		if !gfRedefinedInSameFile(th, name) {
			warnStyle(th, "redefining ~A in DEFGENERIC", rt.NewString(qualifiedName(th, name)))
		}
		for _, m := range append([]*Method(nil), gf.methods...) {
			if m.fromDefgeneric {
				gf.removeMethod(m)
			}
		}
		w.setLambdaList(th, gf, ll)
	}
	gf.declared = true
	opts := rt.ListToSlice(args[2])
	gf.doc = nil
	gf.combo = w.standardCombination()
	gf.setPrecedence(nil)
	gf.class = nil
	for i := 0; i+1 < len(opts); i += 2 {
		k, _ := opts[i].(*rt.Symbol)
		if k == nil {
			continue
		}
		v := opts[i+1]
		switch k.Name {
		case "DOCUMENTATION":
			gf.doc = v
		case "METHOD-COMBINATION":
			parts := rt.ListToSlice(v)
			if len(parts) == 0 {
				progErr(th, "malformed :METHOD-COMBINATION option in DEFGENERIC ~S", name)
			}
			gf.combo = w.makeCombination(th, parts[0], parts[1:])
		case "ARGUMENT-PRECEDENCE-ORDER":
			w.setArgPrecedence(th, gf, v)
		case "GENERIC-FUNCTION-CLASS":
			w.setGFClass(th, gf, v)
		}
	}
	for _, ma := range rt.ListToSlice(args[3]) {
		m := w.makeMethod(th, gf, rt.ListToSlice(ma))
		m.fromDefgeneric = true
		gf.addMethod(th, m, false)
	}
	w.invalidate()
	notifyDefinition(th, name, "GENERIC-FUNCTION")
	return gf
}

// checkQualifiers warns, as SBCL does, about a method whose qualifiers the
// generic function's method combination does not accept.
func (gf *GF) checkQualifiers(th *rt.Thread, m *Method) {
	w := gf.w
	ok := gf.combo.typ.long != nil // a long form's groups are checked as it runs
	if gf.combo.typ.standard {
		ok = len(m.qualifiers) == 0 || qualifierIs(m, w.kwBefore) || qualifierIs(m, w.kwAfter) || qualifierIs(m, w.kwAround)
	} else if !ok {
		ok = qualifierIs(m, gf.combo.typ.name) || qualifierIs(m, w.kwAround)
	}
	if ok {
		return
	}
	if warn := th.Img.CLSym("WARN"); warn.Fn != nil {
		th.Call(warn, rt.NewString("Invalid qualifiers for ~A method combination in method ~S: ~S."),
			gf.combo.typ.name, m, rt.List(m.qualifiers...))
	}
}

// warnStyle signals a style warning with a format control.
func warnStyle(th *rt.Thread, control string, args ...rt.Value) {
	warn := th.Img.CLSym("WARN")
	if warn.Fn == nil {
		return
	}
	th.Call(warn, th.MakeCondition("GOLEM:SIMPLE-STYLE-WARNING", th.Img.Kw("FORMAT-CONTROL"), rt.NewString(control+locationSuffix(th)),
		th.Img.Kw("FORMAT-ARGUMENTS"), rt.List(args...)))
}

// defclassBuiltin implements (GOLEM:%DEFCLASS name supers slots options):
// each slot is a plist (:name :initargs :initform :initfunction :initconst
// :readers :writers :allocation :type :documentation); options is a plist
// (:default-initargs ((key form fn)...) :documentation :metaclass).
func defclassBuiltin(th *rt.Thread, args []rt.Value) rt.Value {
	w := wOf(th)
	name := symArg(th, args[0])
	var slots []*directSlot
	for _, spec := range rt.ListToSlice(args[2]) {
		pl := rt.ListToSlice(spec)
		ds := &directSlot{typ: rt.T}
		for i := 0; i+1 < len(pl); i += 2 {
			k, _ := pl[i].(*rt.Symbol)
			if k == nil {
				continue
			}
			v := pl[i+1]
			switch k.Name {
			case "NAME":
				ds.name = symArg(th, v)
			case "INITARGS":
				for _, ia := range rt.ListToSlice(v) {
					ds.initargs = append(ds.initargs, symArg(th, ia))
				}
			case "INITFORM":
				ds.initform = v
			case "INITFUNCTION":
				ds.initfn = v
			case "INITCONST":
				ds.initconst, ds.hasConst = v, true
			case "READERS":
				ds.readers = rt.ListToSlice(v)
			case "WRITERS":
				ds.writers = rt.ListToSlice(v)
			case "ALLOCATION":
				ds.allocClass = v == w.kwClass
			case "TYPE":
				ds.typ = v
			case "DOCUMENTATION":
				if s, ok := v.(*rt.String); ok {
					ds.doc = s.String()
				}
			}
		}
		slots = append(slots, ds)
	}
	var initargs []initargSpec
	doc, hasDoc := "", false
	opts := rt.ListToSlice(args[3])
	for i := 0; i+1 < len(opts); i += 2 {
		k, _ := opts[i].(*rt.Symbol)
		if k == nil {
			continue
		}
		v := opts[i+1]
		switch k.Name {
		case "DEFAULT-INITARGS":
			for _, d := range rt.ListToSlice(v) {
				parts := rt.ListToSlice(d)
				initargs = append(initargs, initargSpec{key: symArg(th, parts[0]), form: parts[1], fn: parts[2]})
			}
		case "DOCUMENTATION":
			if s, ok := v.(*rt.String); ok {
				doc, hasDoc = s.String(), true
			}
		case "METACLASS":
			if v != rt.NIL && v != w.standardClass.Name {
				if c := w.img.Classes[symArg(th, v)]; c == nil || c != w.standardClass {
					closError(th, "golem supports only STANDARD-CLASS as a metaclass, not ~S.", v)
				}
			}
		}
	}
	return w.ensureClass(th, name, rt.ListToSlice(args[1]), slots, initargs, doc, hasDoc)
}
