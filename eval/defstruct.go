package eval

import (
	"github.com/golem-lisp/golem/reader"
	rt "github.com/golem-lisp/golem/runtime"
)

// DEFSTRUCT (CLHS 8.1). The expander parses the definition and expands into
//
//	(progn (golem:%defstruct 'name 'options 'slots printer)
//	       (defun make-name (&key ((:x #:x) x-initform) ...) (golem:%make-struct 'name #:x ...))
//	       ...
//	       'name)
//
// GOLEM:%DEFSTRUCT (runtime/struct.go) builds the class and installs Go
// accessors, setf functions, predicate and copier; the constructors are Lisp
// functions so that initforms are compiled in the definition's lexical
// environment. Included slots copy the parent's initform forms, as SBCL does.

// dsSlot is one effective slot while expanding.
type dsSlot struct {
	name     *rt.Symbol
	initform rt.Value
	hasInit  bool
	typ      rt.Value
	readOnly bool
	accessor *rt.Symbol
}

// dsLayout is what an including DEFSTRUCT needs to know of its parent.
type dsLayout struct {
	typ   rt.Value // NIL, LIST, VECTOR or (VECTOR x)
	named bool
	slots []dsSlot
}

type dsCtor struct {
	name    *rt.Symbol
	boa     bool
	arglist rt.Value
}

// dsPendingKey keys, in Image.Extra, the layouts of structures already
// expanded, so that a structure can include one defined earlier in the same
// top-level form (before its %DEFSTRUCT has run).
type dsPendingKey struct{}

func init() {
	rt.RegisterSetup(41, func(img *rt.Image) {
		sym := img.CLSym("DEFSTRUCT")
		sym.Macro = &rt.Builtin{Name: sym, Min: 2, Max: 2, Params: "(FORM ENV)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			form, ok := args[0].(*rt.Cons)
			if !ok {
				th.ProgramError("macro form is not a list")
			}
			return expandDefstruct(th, form)
		}}
		img.Extra[reader.StructReaderKey{}] = reader.StructReader(readStructure)
		// Tell the definition hook (the MCP session's list) of each structure.
		if b, ok := img.Intern("GOLEM", "%DEFSTRUCT").Fn.(*rt.Builtin); ok {
			define := b.Fn
			b.Fn = func(th *rt.Thread, args []rt.Value) rt.Value {
				v := define(th, args)
				notifyDefinition(th, v, "STRUCTURE")
				return v
			}
		}
	})
}

func dsPending(img *rt.Image) map[*rt.Symbol]*dsLayout {
	m, ok := img.Extra[dsPendingKey{}].(map[*rt.Symbol]*dsLayout)
	if !ok {
		m = map[*rt.Symbol]*dsLayout{}
		img.Extra[dsPendingKey{}] = m
	}
	return m
}

// dsParentLayout finds the layout of an included structure.
func dsParentLayout(img *rt.Image, name *rt.Symbol) *dsLayout {
	if l := dsPending(img)[name]; l != nil {
		return l
	}
	info := rt.FindStruct(img, name)
	if info == nil {
		return nil
	}
	l := &dsLayout{typ: rt.NIL, named: info.Named}
	if info.IsTyped() {
		l.typ = info.Repr
		if info.ElementType != nil && info.ElementType != rt.T {
			l.typ = rt.List(info.Repr, info.ElementType)
		}
	}
	for _, s := range info.Slots {
		l.slots = append(l.slots, dsSlot{name: s.Name, initform: s.Initform, hasInit: s.HasInit, typ: s.Type, readOnly: s.ReadOnly})
	}
	return l
}

func dsIntern(th *rt.Thread, name string) *rt.Symbol {
	s, _ := th.Img.CurrentPackage().Intern(name)
	return s
}

func dsKw(th *rt.Thread, name string) *rt.Symbol { return th.Img.Kw(name) }

// dsOption splits a DEFSTRUCT option into its keyword and arguments.
func dsOption(th *rt.Thread, opt rt.Value) (*rt.Symbol, []rt.Value) {
	switch o := opt.(type) {
	case *rt.Symbol:
		return o, nil
	case *rt.Cons:
		if k, ok := o.Car.(*rt.Symbol); ok {
			return k, rt.ListToSlice(o.Cdr)
		}
	}
	th.SimpleError("unknown DEFSTRUCT option: ~S", opt)
	return nil, nil
}

// dsNameOption reads the argument of :copier/:predicate/:constructor: absent
// means the default, NIL means none.
func dsNameOption(th *rt.Thread, args []rt.Value, def *rt.Symbol) *rt.Symbol {
	if len(args) == 0 {
		return def
	}
	s, ok := args[0].(*rt.Symbol)
	if !ok {
		th.TypeErrorName(args[0], "SYMBOL")
	}
	if s == rt.NIL {
		return nil
	}
	return s
}

func dsParseSlot(th *rt.Thread, desc rt.Value) dsSlot {
	img := th.Img
	s := dsSlot{initform: rt.NIL, typ: rt.T}
	switch d := desc.(type) {
	case *rt.Symbol:
		s.name = d
	case *rt.Cons:
		parts := rt.ListToSlice(d)
		name, ok := parts[0].(*rt.Symbol)
		if !ok {
			th.ProgramError("slot name is not a symbol: " + th.Printed(parts[0]))
		}
		s.name = name
		if len(parts) > 1 {
			s.initform, s.hasInit = parts[1], true
		}
		rest := parts[min(len(parts), 2):]
		if len(rest)%2 != 0 {
			th.ProgramError("malformed DEFSTRUCT slot description: " + th.Printed(desc))
		}
		for i := 0; i < len(rest); i += 2 {
			switch rest[i] {
			case img.Kw("TYPE"):
				s.typ = rest[i+1]
			case img.Kw("READ-ONLY"):
				s.readOnly = rest[i+1] != rt.NIL
			default:
				th.ProgramError("unknown DEFSTRUCT slot option " + th.Printed(rest[i]) + " in " + th.Printed(desc))
			}
		}
	default:
		th.ProgramError("malformed DEFSTRUCT slot description: " + th.Printed(desc))
	}
	return s
}

func expandDefstruct(th *rt.Thread, form *rt.Cons) rt.Value {
	img := th.Img
	parts := rt.ListToSlice(form.Cdr)
	if len(parts) == 0 {
		th.ProgramError("DEFSTRUCT needs a name")
	}
	var name *rt.Symbol
	var options []rt.Value
	switch h := parts[0].(type) {
	case *rt.Symbol:
		name = h
	case *rt.Cons:
		name, _ = h.Car.(*rt.Symbol)
		options = rt.ListToSlice(h.Cdr)
	}
	if name == nil || name == rt.NIL {
		th.ProgramError("DEFSTRUCT name is not a non-NIL symbol: " + th.Printed(parts[0]))
	}
	slotDescs := parts[1:]
	var doc rt.Value = rt.NIL
	if len(slotDescs) > 0 {
		if _, ok := slotDescs[0].(*rt.String); ok {
			doc, slotDescs = slotDescs[0], slotDescs[1:]
		}
	}

	concName := name.Name + "-"
	noConc := false // (:conc-name nil): each accessor is its slot's own symbol
	var ctors []dsCtor
	noCtor := false
	copier := dsIntern(th, "COPY-"+name.Name)
	predicate := dsIntern(th, name.Name+"-P")
	predicateGiven := false
	var include *rt.Symbol
	var overrides []rt.Value
	var printer rt.Value = rt.NIL
	printKind := rt.NIL
	var typ rt.Value = rt.NIL
	named := false
	initialOffset := -1
	seen := map[*rt.Symbol]bool{}
	for _, opt := range options {
		k, args := dsOption(th, opt)
		if k.Name != "CONSTRUCTOR" && seen[k] {
			th.ProgramError("duplicate DEFSTRUCT option " + th.Printed(k))
		}
		seen[k] = true
		if k.Pkg != img.Keyword {
			th.SimpleError("unknown DEFSTRUCT option: ~S", opt)
		}
		switch k.Name {
		case "CONC-NAME":
			if len(args) == 0 || args[0] == rt.NIL {
				concName, noConc = "", true
			} else {
				concName = string(th.StringDesignator(args[0]))
			}
		case "CONSTRUCTOR":
			switch {
			case len(args) == 0:
				ctors = append(ctors, dsCtor{name: dsIntern(th, "MAKE-"+name.Name)})
			case args[0] == rt.NIL:
				noCtor = true
			default:
				cn, ok := args[0].(*rt.Symbol)
				if !ok {
					th.TypeErrorName(args[0], "SYMBOL")
				}
				c := dsCtor{name: cn}
				if len(args) > 1 {
					c.boa, c.arglist = true, args[1]
				}
				ctors = append(ctors, c)
			}
		case "COPIER":
			copier = dsNameOption(th, args, copier)
		case "PREDICATE":
			predicate = dsNameOption(th, args, predicate)
			predicateGiven = true
		case "INCLUDE":
			if len(args) == 0 {
				th.ProgramError("DEFSTRUCT :INCLUDE needs a structure name")
			}
			p, ok := args[0].(*rt.Symbol)
			if !ok {
				th.TypeErrorName(args[0], "SYMBOL")
			}
			include, overrides = p, args[1:]
		case "PRINT-FUNCTION", "PRINT-OBJECT":
			printKind = img.Kw(k.Name[len("PRINT-"):])
			if len(args) > 0 && args[0] != rt.NIL {
				printer = rt.List(img.S.Function, args[0])
			}
		case "TYPE":
			if len(args) != 1 {
				th.ProgramError("DEFSTRUCT :TYPE needs one argument")
			}
			typ = dsCheckType(th, args[0])
		case "NAMED":
			named = true
		case "INITIAL-OFFSET":
			n, ok := rt.Opt(args, 0).(rt.Fixnum)
			if !ok || n < 0 {
				th.TypeError(rt.Opt(args, 0), img.CLSym("UNSIGNED-BYTE"))
			}
			initialOffset = int(n)
		case "DOCUMENTATION":
			if len(args) > 0 {
				doc = args[0]
			}
		default:
			th.SimpleError("unknown DEFSTRUCT option: ~S", opt)
		}
	}
	typed := typ != rt.NIL
	if !typed {
		if initialOffset >= 0 {
			th.SimpleError(":INITIAL-OFFSET can't be specified unless :TYPE is specified.")
		}
		named = true
	} else if c, ok := typ.(*rt.Cons); ok && named {
		if et := rt.ListToSlice(c.Cdr); len(et) > 0 && et[0] != rt.T {
			th.SimpleError(":NAMED option is incompatible with element type ~S", et[0])
		}
	}
	if typed && !named {
		if predicateGiven && predicate != nil {
			th.SimpleError("The :PREDICATE option was given for the unnamed structure ~S.", name)
		}
		predicate = nil
	}

	// Effective slots: the included ones (with overrides), then our own.
	var slots []dsSlot
	if include != nil {
		parent := dsParentLayout(img, include)
		if parent == nil {
			th.SimpleError("The structure ~S to include is not defined.", include)
		}
		if !dsSameType(th, parent.typ, typ) {
			th.SimpleError(":TYPE option mismatch between structures ~S and ~S", name, include)
		}
		slots = append(slots, parent.slots...)
		for _, o := range overrides {
			ov := dsParseSlot(th, o)
			found := false
			for i := range slots {
				if slots[i].name.Name == ov.name.Name {
					found = true
					slots[i].initform, slots[i].hasInit = ov.initform, ov.hasInit
					if ov.typ != rt.T {
						slots[i].typ = ov.typ
					}
					if ov.readOnly {
						slots[i].readOnly = true
					}
				}
			}
			if !found {
				th.SimpleError("The slot ~S is not in the included structure ~S.", ov.name, include)
			}
		}
	}

	for _, d := range slotDescs {
		s := dsParseSlot(th, d)
		for _, o := range slots {
			if o.name.Name == s.name.Name {
				th.ProgramError("duplicate slot name " + s.name.Name)
			}
		}
		slots = append(slots, s)
	}
	for i := range slots {
		if noConc {
			slots[i].accessor = slots[i].name
		} else {
			slots[i].accessor = dsIntern(th, concName+slots[i].name.Name)
		}
	}
	dsPending(img)[name] = &dsLayout{typ: typ, named: named, slots: slots}

	if len(ctors) == 0 && !noCtor {
		ctors = []dsCtor{{name: dsIntern(th, "MAKE-"+name.Name)}}
	}
	var defaultCtor rt.Value = rt.NIL
	for _, c := range ctors {
		if !c.boa {
			defaultCtor = c.name
			break
		}
	}

	kw := func(n string) rt.Value { return dsKw(th, n) }
	symOrNIL := func(s *rt.Symbol) rt.Value {
		if s == nil {
			return rt.NIL
		}
		return s
	}
	opts := rt.List(
		kw("TYPE"), typ,
		kw("NAMED"), dsBool(named),
		kw("INITIAL-OFFSET"), rt.MakeInt(int64(max(initialOffset, 0))),
		kw("INCLUDE"), symOrNIL(include),
		kw("PREDICATE"), symOrNIL(predicate),
		kw("COPIER"), symOrNIL(copier),
		kw("CONSTRUCTOR"), defaultCtor,
		kw("DOCUMENTATION"), doc,
		kw("PRINT-KIND"), printKind,
	)
	slotData := make([]rt.Value, len(slots))
	for i, s := range slots {
		slotData[i] = rt.List(s.name, s.initform, dsBool(s.hasInit), s.typ, dsBool(s.readOnly), s.accessor)
	}
	quote := func(v rt.Value) rt.Value { return rt.List(img.S.Quote, v) }
	out := []rt.Value{img.S.Progn,
		rt.List(img.Intern("GOLEM", "%DEFSTRUCT"), quote(name), quote(opts), quote(rt.List(slotData...)), printer)}
	for _, c := range ctors {
		if c.boa {
			out = append(out, dsBOAConstructor(th, name, c, slots))
		} else {
			out = append(out, dsKeyConstructor(th, name, c.name, slots))
		}
	}
	out = append(out, quote(name))
	return rt.List(out...)
}

func dsBool(b bool) rt.Value {
	if b {
		return rt.T
	}
	return rt.NIL
}

// dsCheckType validates a :type option: LIST, VECTOR or (VECTOR element-type).
func dsCheckType(th *rt.Thread, t rt.Value) rt.Value {
	img := th.Img
	switch x := t.(type) {
	case *rt.Symbol:
		if x == img.S.List || x == img.S.Vector {
			return x
		}
	case *rt.Cons:
		if x.Car == img.S.Vector {
			if rest := rt.ListToSlice(x.Cdr); len(rest) == 1 {
				if rest[0] == rt.T {
					return img.S.Vector
				}
				return x
			}
		}
	}
	th.SimpleError("~S is a bad :TYPE for DEFSTRUCT.", t)
	return nil
}

func dsSameType(th *rt.Thread, a, b rt.Value) bool {
	if a == b {
		return true
	}
	ca, ok1 := a.(*rt.Cons)
	cb, ok2 := b.(*rt.Cons)
	if ok1 && ok2 {
		return ca.Car == cb.Car && rt.Equal(th, ca.Cdr, cb.Cdr)
	}
	return false
}

func dsMakeCall(th *rt.Thread, name *rt.Symbol, vals []rt.Value) rt.Value {
	return rt.ListStar(rt.List(vals...), th.Img.Intern("GOLEM", "%MAKE-STRUCT"), rt.List(th.Img.S.Quote, name))
}

func dsDefun(th *rt.Thread, name *rt.Symbol, ll, body rt.Value) rt.Value {
	return structureDefun(th.Img, name, ll, body)
}

// structureDefun returns (golem::%define-function 'name #'(lambda ll
// decls... (block name form)) nil): a DEFUN with no redefinition warning,
// made of a function call and a lambda form (see compileDefineFunction).
func structureDefun(img *rt.Image, name *rt.Symbol, ll rt.Value, bodyForms ...rt.Value) rt.Value {
	n := len(bodyForms) - 1
	lambda := rt.ListStar(rt.List(rt.List(img.CLSym("BLOCK"), name, bodyForms[n])), append([]rt.Value{img.S.Lambda, ll}, bodyForms[:n]...)...)
	return rt.List(img.Intern("GOLEM", "%DEFINE-FUNCTION"), rt.List(img.S.Quote, name), rt.List(img.S.Function, lambda), rt.NIL)
}

// dsKeyConstructor builds the keyword constructor: every slot is a keyword
// argument named by the slot, defaulting to its initform.
func dsKeyConstructor(th *rt.Thread, name, fname *rt.Symbol, slots []dsSlot) rt.Value {
	img := th.Img
	ll := []rt.Value{img.S.Key}
	vals := make([]rt.Value, len(slots))
	for i, s := range slots {
		v := rt.NewSymbol(s.name.Name)
		ll = append(ll, rt.List(rt.List(img.Kw(s.name.Name), v), s.initform))
		vals[i] = v
	}
	return dsDefun(th, fname, rt.List(ll...), dsMakeCall(th, name, vals))
}

// dsBOAConstructor builds a "by order of arguments" constructor (CLHS 3.4.6):
// variables of the lambda list that name slots initialise them; optional and
// keyword variables without a default take the slot's initform; slots not
// mentioned get their initforms, and &aux variables without a value leave
// their slot unbound.
func dsBOAConstructor(th *rt.Thread, name *rt.Symbol, c dsCtor, slots []dsSlot) rt.Value {
	img := th.Img
	slotIndex := func(v rt.Value) int {
		if s, ok := v.(*rt.Symbol); ok {
			for i := range slots {
				if slots[i].name.Name == s.Name {
					return i
				}
			}
		}
		return -1
	}
	bound := map[int]rt.Value{}
	unbound := map[int]bool{}
	mark := func(v rt.Value) {
		if i := slotIndex(v); i >= 0 {
			bound[i] = v
			delete(unbound, i)
		}
	}
	withDefault := func(v rt.Value) rt.Value {
		if i := slotIndex(v); i >= 0 && slots[i].hasInit {
			return slots[i].initform
		}
		return nil
	}
	var ll, vars []rt.Value
	state := "REQUIRED"
	for l := c.arglist; l != rt.NIL; {
		cell, ok := l.(*rt.Cons)
		if !ok {
			th.ProgramError("malformed BOA lambda list: " + th.Printed(c.arglist))
		}
		l = cell.Cdr
		p := cell.Car
		if s, ok := p.(*rt.Symbol); ok {
			switch s {
			case img.S.Optional, img.S.Rest, img.S.Key, img.S.Aux:
				state = s.Name[1:]
				ll = append(ll, s)
				continue
			case img.S.AllowOtherKeys:
				ll = append(ll, s)
				continue
			case img.S.Whole, img.S.Environment, img.S.Body:
				th.ProgramError(s.Name + " is not allowed in a BOA constructor lambda list")
			}
		}
		switch state {
		case "REQUIRED", "REST":
			mark(p)
			ll = append(ll, p)
		case "OPTIONAL", "KEY":
			var v rt.Value
			var spec []rt.Value
			if cp, ok := p.(*rt.Cons); ok {
				spec = rt.ListToSlice(cp)
				v = spec[0]
				if state == "KEY" {
					if kv, ok := v.(*rt.Cons); ok {
						v = rt.ListToSlice(kv)[1]
					}
				}
			} else {
				spec = []rt.Value{p}
				v = p
			}
			if len(spec) == 1 {
				if d := withDefault(v); d != nil {
					spec = append(spec, d)
				}
			}
			if len(spec) > 2 {
				mark(spec[2]) // a supplied-p variable naming a slot
			}
			mark(v)
			ll = append(ll, rt.List(spec...))
		case "AUX":
			if cp, ok := p.(*rt.Cons); ok {
				spec := rt.ListToSlice(cp)
				vars = append(vars, spec[0])
				if len(spec) > 1 {
					mark(spec[0])
				} else if i := slotIndex(spec[0]); i >= 0 {
					delete(bound, i)
					unbound[i] = true
				}
			} else {
				vars = append(vars, p)
				if i := slotIndex(p); i >= 0 {
					delete(bound, i)
					unbound[i] = true
				}
			}
			ll = append(ll, p)
		}
	}
	vals := make([]rt.Value, len(slots))
	for i, s := range slots {
		switch {
		case unbound[i]:
			vals[i] = rt.List(img.S.Quote, rt.StructUnboundMarker(img))
		case bound[i] != nil:
			vals[i] = bound[i]
		default:
			vals[i] = s.initform
		}
	}
	// Variables that only leave a slot unbound are never read.
	decl := rt.List(img.S.Declare, rt.NewCons(img.S.Ignorable, rt.List(vars...)))
	return structureDefun(img, c.name, rt.List(ll...), decl, dsMakeCall(th, name, vals))
}

// readStructure is the #S reader hook: (name :slot value ...) is built by the
// structure's default keyword constructor.
func readStructure(th *rt.Thread, form rt.Value) rt.Value {
	c := form.(*rt.Cons)
	name, _ := c.Car.(*rt.Symbol)
	var info *rt.StructInfo
	if name != nil {
		info = rt.FindStruct(th.Img, name)
	}
	if info == nil || info.IsTyped() {
		th.ReaderError(rt.NIL, th.Printed(c.Car)+" is not a defined structure type.")
	}
	if info.Constructor == nil {
		th.ReaderError(rt.NIL, "The "+th.Printed(name)+" structure does not have a default constructor.")
	}
	rest := rt.ListToSlice(c.Cdr)
	if len(rest)%2 != 0 {
		th.ReaderError(rt.NIL, "#S: odd number of slot arguments in "+th.Printed(form))
	}
	args := make([]rt.Value, len(rest))
	for i := 0; i < len(rest); i += 2 {
		args[i] = th.Img.Kw(string(th.StringDesignator(rest[i])))
		args[i+1] = rest[i+1]
	}
	return th.Call(info.Constructor, args...)
}
