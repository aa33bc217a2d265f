package conditions

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// defineCondition implements the run-time part of DEFINE-CONDITION:
// (%define-condition name supers slot-specs report default-initargs doc)
// where each slot spec is (name initargs initform-thunk readers writers class-allocated).
func defineCondition(th *rt.Thread, args []rt.Value) rt.Value {
	return buildCondition(th, args, true)
}

// buildCondition defines the condition class of the %DEFINE-CONDITION
// arguments args; record notes the definition's source location (not done
// when a redefined superclass makes it define the class again).
func buildCondition(th *rt.Thread, args []rt.Value, record bool) rt.Value {
	img := th.Img
	name, ok := args[0].(*rt.Symbol)
	if !ok {
		th.TypeErrorName(args[0], "SYMBOL")
	}
	th.CheckNotDeclaration(name)
	c := &rt.Class{Name: name, Kind: rt.ConditionClass}
	supers := rt.ListToSlice(args[1])
	if len(supers) == 0 {
		supers = []rt.Value{img.S.Condition}
	}
	for _, s := range supers {
		sym, _ := s.(*rt.Symbol)
		k := img.Classes[sym]
		if k == nil || k.Kind != rt.ConditionClass {
			th.SimpleError("~S is not a defined condition type.", s)
		}
		c.Supers = append(c.Supers, k)
	}
	c.CPL = rt.LinearizeCPL(c)
	if c.CPL == nil {
		th.SimpleError("inconsistent class precedence list for ~S", name)
	}
	// Inherited slots, most general first, then the direct slots (which
	// override a same-named inherited slot and merge its initargs).
	byName := map[*rt.Symbol]*rt.SlotDef{}
	for i := len(c.CPL) - 1; i >= 1; i-- {
		for _, sd := range c.CPL[i].Slots {
			if prev, ok := byName[sd.Name]; ok {
				*prev = mergeSlot(*prev, sd)
				continue
			}
			cp := *sd
			byName[sd.Name] = &cp
			c.Slots = append(c.Slots, &cp)
		}
	}
	// accessors holds (slot-name readers writers) for each direct slot.
	var accessors []rt.Value
	for _, spec := range rt.ListToSlice(args[2]) {
		parts := rt.ListToSlice(spec)
		sname := parts[0].(*rt.Symbol)
		sd := &rt.SlotDef{Name: sname, Class: parts[5] != rt.NIL}
		for _, ia := range rt.ListToSlice(parts[1]) {
			sd.Initargs = append(sd.Initargs, ia.(*rt.Symbol))
		}
		if parts[2] != rt.NIL {
			sd.InitFn = parts[2]
		}
		if sd.Class {
			sd.Shared = &rt.Cons{Car: nil, Cdr: rt.NIL}
			if sd.InitFn != nil {
				sd.Shared.Car = th.Call(sd.InitFn)
			}
		}
		if prev, ok := byName[sname]; ok {
			merged := mergeSlot(*sd, prev)
			if sd.InitFn != nil {
				merged.InitFn = sd.InitFn
			}
			*prev = merged
			sd = prev
		} else {
			byName[sname] = sd
			c.Slots = append(c.Slots, sd)
		}
		for _, r := range rt.ListToSlice(parts[3]) {
			sym, ok := r.(*rt.Symbol)
			if !ok {
				th.SimpleError("invalid reader name ~S", r)
			}
			sd.Readers = append(sd.Readers, sym)
		}
		accessors = append(accessors, rt.List(sname, parts[3], parts[4]))
	}
	if args[3] != rt.NIL {
		c.Report = args[3]
	}
	pl := rt.ListToSlice(args[4])
	given := map[*rt.Symbol]bool{}
	for i := 0; i+1 < len(pl); i += 2 {
		k := pl[i].(*rt.Symbol)
		given[k] = true
		c.DefaultInitargs = append(c.DefaultInitargs, rt.InitargDefault{Initarg: k, Fn: pl[i+1]})
	}
	// Default initargs are inherited: the most specific class supplying one wins.
	for _, k := range c.CPL[1:] {
		for _, d := range k.DefaultInitargs {
			if !given[d.Initarg] {
				given[d.Initarg] = true
				c.DefaultInitargs = append(c.DefaultInitargs, d)
			}
		}
	}
	if s, ok := args[5].(*rt.String); ok {
		c.Doc = s.String()
	}
	c.Finalize()
	installConditionClass(th, c, args)
	defineAccessors(th, name, accessors)
	if record {
		th.RecordDefinition(rt.DefCondition, name, "", nil)
	}
	return name
}

// accessorHook is the name, in the GOLEM package, of the function the object
// system registers to define the slot readers and writers of a condition
// class as methods on generic functions (CLHS DEFINE-CONDITION): it is called
// with the class name and a list of (slot-name readers writers), one per
// direct slot, and replaces the methods an earlier definition of the class
// added.
const accessorHook = "%DEFINE-CONDITION-ACCESSORS"

// defineAccessors defines the readers and writers of a condition class's
// direct slots: as methods through the object system's hook when it is
// installed, else as ordinary functions.
func defineAccessors(th *rt.Thread, name *rt.Symbol, accessors []rt.Value) {
	if hook := th.Img.Intern("GOLEM", accessorHook); hook.Fn != nil {
		th.Call(hook.Fn, name, rt.List(accessors...))
		return
	}
	for _, a := range accessors {
		parts := rt.ListToSlice(a)
		sname := parts[0].(*rt.Symbol)
		for _, r := range rt.ListToSlice(parts[1]) {
			sym := r.(*rt.Symbol)
			sym.Fn = conditionReader(sym, sname)
		}
		for _, w := range rt.ListToSlice(parts[2]) {
			installWriter(th, w, sname)
		}
	}
}

func mergeSlot(a rt.SlotDef, b *rt.SlotDef) rt.SlotDef {
	seen := map[*rt.Symbol]bool{}
	for _, ia := range a.Initargs {
		seen[ia] = true
	}
	for _, ia := range b.Initargs {
		if !seen[ia] {
			a.Initargs = append(a.Initargs, ia)
		}
	}
	if a.InitFn == nil {
		a.InitFn = b.InitFn
	}
	return a
}

func conditionReader(name, slotName *rt.Symbol) *rt.Builtin {
	return &rt.Builtin{Name: name, Min: 1, Max: 1, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
		inst, ok := args[0].(*rt.Instance)
		if !ok {
			return th.TypeErrorName(args[0], "CONDITION")
		}
		if v, ok := inst.SlotValueByName(slotName); ok {
			return v
		}
		if inst.Class.SlotIndex(slotName) < 0 {
			th.SimpleError("The slot ~S is missing from the object ~S.", slotName, inst)
		}
		return th.Error(th.MakeCondition("UNBOUND-SLOT", th.Img.Kw("NAME"), slotName, th.Img.Kw("INSTANCE"), inst))
	}}
}

func installWriter(th *rt.Thread, w rt.Value, slotName *rt.Symbol) {
	var sym *rt.Symbol
	isSetf := false
	switch x := w.(type) {
	case *rt.Symbol:
		sym = x
	case *rt.Cons:
		parts := rt.ListToSlice(x)
		if len(parts) == 2 {
			sym, _ = parts[1].(*rt.Symbol)
			isSetf = true
		}
	}
	if sym == nil {
		th.SimpleError("invalid writer name ~S", w)
	}
	fn := &rt.Builtin{Name: sym, NameForm: w, Min: 2, Max: 2, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
		inst, ok := args[1].(*rt.Instance)
		if !ok {
			return th.TypeErrorName(args[1], "CONDITION")
		}
		i := inst.Class.SlotIndex(slotName)
		if i < 0 {
			th.SimpleError("The slot ~S is missing from the object ~S.", slotName, inst)
		}
		if sd := inst.Class.Slots[i]; sd.Class {
			sd.Shared.Car = args[0]
		} else {
			inst.Slots[i] = args[0]
		}
		return args[0]
	}}
	if isSetf {
		sym.Setf = fn
	} else {
		sym.Fn = fn
	}
}

// checkTypeError signals the CHECK-TYPE error with a STORE-VALUE restart and
// returns the new value when the restart is taken.
func checkTypeError(th *rt.Thread, args []rt.Value) rt.Value {
	place, value, typ, typeString := args[0], args[1], args[2], args[3]
	ctl := "The value of ~S is ~S, which is not of type ~S."
	fargs := rt.List(place, value, typ)
	if s, ok := typeString.(*rt.String); ok {
		ctl = "The value of ~S is ~S, which is not " + rt.EscapeTildes(s.String()) + "."
		fargs = rt.List(place, value)
	}
	c := th.MakeCondition("SIMPLE-TYPE-ERROR", th.Img.Kw("DATUM"), value, th.Img.Kw("EXPECTED-TYPE"), typ,
		th.Img.Kw("FORMAT-CONTROL"), rt.NewString(ctl), th.Img.Kw("FORMAT-ARGUMENTS"), fargs)
	chosen, vals := th.WithRestarts([]rt.RestartSpec{{Name: th.Img.CLSym("STORE-VALUE"),
		Report: "Supply a new value for " + th.Printed(place) + ".", NeedsValue: true}},
		func() { th.Error(c) })
	if chosen == 0 && len(vals) > 0 {
		return vals[0]
	}
	return value
}

// assertFailed signals the ASSERT error with a CONTINUE restart.
func assertFailed(th *rt.Thread, args []rt.Value) rt.Value {
	test := args[0]
	var c *rt.Instance
	if rest := rt.ListToSlice(args[1]); len(rest) > 0 {
		c = th.ConditionOf(rest, "SIMPLE-ERROR")
	} else {
		c = th.MakeCondition("SIMPLE-ERROR", th.Img.Kw("FORMAT-CONTROL"), rt.NewString("The assertion ~S failed."),
			th.Img.Kw("FORMAT-ARGUMENTS"), rt.List(test))
	}
	th.WithRestart(th.Img.CLSym("CONTINUE"), "Retry assertion.", func() { th.Error(c) })
	return rt.NIL
}

func init() {
	rt.Register(
		rt.Def{Name: "GOLEM:%DEFINE-CONDITION", Min: 6, Max: 6, Fn: defineCondition},
		rt.Def{Name: "GOLEM:%CHECK-TYPE-ERROR", Min: 4, Max: 4, Fn: checkTypeError},
		rt.Def{Name: "GOLEM:%ASSERT-FAILED", Min: 2, Max: 2, Fn: assertFailed},
	)
}

// caseStoreValue signals the TYPE-ERROR of CCASE and CTYPECASE with a
// STORE-VALUE restart and returns the new value when it is taken.
func caseStoreValue(th *rt.Thread, args []rt.Value) rt.Value {
	value, expected, place := args[0], args[1], args[2]
	c := th.MakeCondition("TYPE-ERROR", th.Img.Kw("DATUM"), value, th.Img.Kw("EXPECTED-TYPE"), expected)
	chosen, vals := th.WithRestarts([]rt.RestartSpec{{Name: th.Img.CLSym("STORE-VALUE"),
		Report: "Supply a new value for " + th.Printed(place) + ".", NeedsValue: true}},
		func() { th.Error(c) })
	if chosen == 0 && len(vals) > 0 {
		return vals[0]
	}
	return value
}

func init() {
	rt.Register(rt.Def{Name: "GOLEM:%CASE-STORE-VALUE", Min: 3, Max: 3, Fn: caseStoreValue})
}
