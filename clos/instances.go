package clos

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// allocSlots makes the slot vector of a new instance of c.
func allocSlots(c *rt.Class) []rt.Value { return make([]rt.Value, len(c.Slots)) }

// currentLayout returns the layout new instances of c follow (nil when c has none).
func currentLayout(c *rt.Class) any {
	if ci := infoOf(c); ci != nil && ci.layout != nil {
		return ci.layout
	}
	return nil
}

// layoutOf returns the layout an instance was made with, or nil.
func layoutOf(inst *rt.Instance) *layout {
	l, _ := inst.Layout.(*layout)
	return l
}

// ensureCurrent updates an instance whose class was redefined since it was
// made (CLHS 4.3.6).
func (w *world) ensureCurrent(th *rt.Thread, inst *rt.Instance) {
	ci := infoOf(inst.Class)
	if ci == nil || ci.system || ci.layout == nil {
		return
	}
	old := layoutOf(inst)
	if old == ci.layout || (old == nil && len(inst.Slots) == len(inst.Class.Slots)) {
		return
	}
	w.updateObsolete(th, inst, old)
}

func (w *world) updateObsolete(th *rt.Thread, inst *rt.Instance, old *layout) {
	c := inst.Class
	ci := infoOf(c)
	oldVals := map[*rt.Symbol]rt.Value{}
	oldLocal := map[*rt.Symbol]bool{}
	var oldOrder []*rt.Symbol
	if old != nil {
		for i, n := range old.names {
			if n != nil && i < len(inst.Slots) {
				oldLocal[n] = true
				oldVals[n] = inst.Slots[i]
				oldOrder = append(oldOrder, n)
			}
		}
	}
	newSlots := allocSlots(c)
	newLocal := map[*rt.Symbol]bool{}
	var added []rt.Value
	for i, n := range ci.layout.names {
		if n == nil {
			continue
		}
		newLocal[n] = true
		if oldLocal[n] {
			newSlots[i] = oldVals[n]
		} else {
			added = append([]rt.Value{n}, added...)
		}
	}
	var discarded []rt.Value
	var plist []rt.Value
	for _, n := range oldOrder {
		if !newLocal[n] {
			discarded = append([]rt.Value{n}, discarded...)
			if v := oldVals[n]; v != nil {
				plist = append([]rt.Value{n, v}, plist...)
			}
		}
	}
	inst.Slots = newSlots
	inst.Layout = currentLayout(c)
	if w.gfUpdateRedefined != nil {
		w.gfUpdateRedefined.Call(th, []rt.Value{inst, rt.List(added...), rt.List(discarded...), rt.List(plist...)})
	}
}

// slotLocation finds slot name in inst: its index and definition.
func (w *world) slotLocation(th *rt.Thread, inst *rt.Instance, name rt.Value) (int, *rt.SlotDef) {
	w.ensureCurrent(th, inst)
	sym, ok := name.(*rt.Symbol)
	if !ok {
		return -1, nil
	}
	i := inst.Class.SlotIndex(sym)
	if i < 0 {
		return -1, nil
	}
	return i, inst.Class.Slots[i]
}

func slotRead(inst *rt.Instance, i int, sd *rt.SlotDef) rt.Value {
	if sd.Class {
		if sd.Shared == nil {
			return nil
		}
		return sd.Shared.Car
	}
	if i < len(inst.Slots) {
		return inst.Slots[i]
	}
	return nil
}

func slotWrite(inst *rt.Instance, i int, sd *rt.SlotDef, v rt.Value) {
	if sd.Class {
		if sd.Shared == nil {
			sd.Shared = &rt.Cons{Cdr: rt.NIL}
		}
		sd.Shared.Car = v
		return
	}
	inst.Slots[i] = v
}

// slotValue implements SLOT-VALUE.
func (w *world) slotValue(th *rt.Thread, obj rt.Value, name rt.Value) rt.Value {
	inst, ok := obj.(*rt.Instance)
	if !ok {
		return w.slotMissingCall(th, obj, name, "SLOT-VALUE", nil)
	}
	i, sd := w.slotLocation(th, inst, name)
	if sd == nil {
		return w.slotMissingCall(th, obj, name, "SLOT-VALUE", nil)
	}
	v := slotRead(inst, i, sd)
	if v == nil {
		v = w.gfSlotUnbound.Call(th, []rt.Value{inst.Class, inst, name})
		th.SetSingle()
	}
	return v
}

// setSlotValue implements (SETF SLOT-VALUE).
func (w *world) setSlotValue(th *rt.Thread, obj rt.Value, name rt.Value, v rt.Value) rt.Value {
	inst, ok := obj.(*rt.Instance)
	if !ok {
		w.slotMissingCall(th, obj, name, "SETF", v)
		return v
	}
	i, sd := w.slotLocation(th, inst, name)
	if sd == nil {
		w.slotMissingCall(th, obj, name, "SETF", v)
		return v
	}
	slotWrite(inst, i, sd, v)
	return v
}

// slotMissingCall calls SLOT-MISSING and returns its primary value.
func (w *world) slotMissingCall(th *rt.Thread, obj, name rt.Value, op string, nv rt.Value) rt.Value {
	args := []rt.Value{w.classOf(obj), obj, name, th.Img.CLSym(op)}
	if nv != nil {
		args = append(args, nv)
	}
	v := w.gfSlotMissing.Call(th, args)
	th.SetSingle()
	return v
}

// readerEmf is the effective method of a slot reader when it is the only
// applicable method: a direct slot access for instances of the class
// dispatched on.
func readerEmf(th *rt.Thread, m *Method, args []rt.Value) emf {
	inst, ok := args[0].(*rt.Instance)
	if !ok {
		return nil
	}
	c := inst.Class
	ci := infoOf(c)
	// A condition class never changes its slots (DEFINE-CONDITION makes a
	// new class), so its instances need no layout check.
	cond := ci == nil && c.Kind == rt.ConditionClass
	if !cond && (ci == nil || ci.system || !ci.finalized) {
		return nil
	}
	idx := c.SlotIndex(m.slotName)
	if idx < 0 {
		return nil
	}
	sd := c.Slots[idx]
	slow := func(th *rt.Thread, args []rt.Value) rt.Value { return m.call(th, args, nil) }
	if cond && !sd.Class {
		return func(th *rt.Thread, args []rt.Value) rt.Value {
			if inst, ok := args[0].(*rt.Instance); ok && inst.Class == c && idx < len(inst.Slots) {
				if v := inst.Slots[idx]; v != nil {
					th.SetSingle()
					return v
				}
			}
			return slow(th, args)
		}
	}
	if sd.Class {
		cell := sd.Shared
		return func(th *rt.Thread, args []rt.Value) rt.Value {
			if inst, ok := args[0].(*rt.Instance); ok && inst.Class == c && cell != nil && cell.Car != nil {
				th.SetSingle()
				return cell.Car
			}
			return slow(th, args)
		}
	}
	var lay any = ci.layout
	return func(th *rt.Thread, args []rt.Value) rt.Value {
		if inst, ok := args[0].(*rt.Instance); ok && inst.Class == c {
			if inst.Layout == lay {
				if v := inst.Slots[idx]; v != nil {
					th.SetSingle()
					return v
				}
			}
		}
		return slow(th, args)
	}
}

// writerEmf is readerEmf for slot writers.
func writerEmf(th *rt.Thread, m *Method, args []rt.Value) emf {
	inst, ok := args[1].(*rt.Instance)
	if !ok {
		return nil
	}
	c := inst.Class
	ci := infoOf(c)
	if ci == nil || ci.system || !ci.finalized {
		return nil
	}
	idx := c.SlotIndex(m.slotName)
	if idx < 0 || c.Slots[idx].Class {
		return nil
	}
	var lay any = ci.layout
	return func(th *rt.Thread, args []rt.Value) rt.Value {
		if inst, ok := args[1].(*rt.Instance); ok && inst.Class == c {
			if inst.Layout == lay {
				inst.Slots[idx] = args[0]
				th.SetSingle()
				return args[0]
			}
		}
		return m.call(th, args, nil)
	}
}

// --- initialization (CLHS 7.1) ---

// defaultedInitargs appends the class's default initargs not supplied.
func defaultedInitargs(th *rt.Thread, c *rt.Class, initargs []rt.Value) []rt.Value {
	if len(c.DefaultInitargs) == 0 {
		return initargs
	}
	out := append([]rt.Value(nil), initargs...)
	for _, d := range c.DefaultInitargs {
		found := false
		for i := 0; i+1 < len(initargs); i += 2 {
			if initargs[i] == d.Initarg {
				found = true
				break
			}
		}
		if !found {
			var v rt.Value
			if k, ok := d.Fn.(constThunk); ok {
				v = k.v
			} else {
				v = th.Call(d.Fn)
			}
			out = append(out, d.Initarg, v)
		}
	}
	return out
}

// checkInitargs signals the error for initargs not valid for class c
// (CLHS 7.1.2). gfs are the generic functions whose methods' keyword
// parameters count.
func (w *world) checkInitargs(th *rt.Thread, c *rt.Class, initargs []rt.Value, gfs ...*GF) {
	checkInitargList(th, initargs)
	if len(initargs) == 0 {
		return
	}
	for i := 0; i+1 < len(initargs); i += 2 {
		if initargs[i] == w.kwAllowOtherKeys && initargs[i+1] != rt.NIL {
			return
		}
	}
	valid, any := w.validInitargs(c, gfs)
	if any {
		return
	}
	var bad []rt.Value
	for i := 0; i+1 < len(initargs); i += 2 {
		k, _ := initargs[i].(*rt.Symbol)
		if k == w.kwAllowOtherKeys || (k != nil && valid[k]) {
			continue
		}
		bad = append([]rt.Value{initargs[i]}, bad...)
	}
	if len(bad) == 0 {
		return
	}
	if len(bad) == 1 {
		th.ProgramError("Invalid initialization argument:\n  " + th.Printed(bad[0]) + "\nin call for class " + th.Printed(c) +
			".\nSee also:\n  The ANSI Standard, Section 7.1.2")
	}
	s := ""
	for i, b := range bad {
		if i > 0 {
			s += ", "
		}
		s += th.Printed(b)
	}
	th.ProgramError("Invalid initialization arguments:\n  " + s + "\nin call for class " + th.Printed(c) +
		".\nSee also:\n  The ANSI Standard, Section 7.1.2")
}

// checkInitargList signals the PROGRAM-ERROR of an initialization
// argument list of odd length or with a key that is not a symbol, as SBCL's
// SHARED-INITIALIZE, REINITIALIZE-INSTANCE and MAKE-INSTANCE do even under
// :ALLOW-OTHER-KEYS.
func checkInitargList(th *rt.Thread, initargs []rt.Value) {
	if len(initargs)%2 != 0 {
		th.ProgramError("odd number of &KEY arguments")
	}
	for i := 0; i < len(initargs); i += 2 {
		if _, ok := initargs[i].(*rt.Symbol); !ok {
			th.ProgramError("keyword argument not a symbol: " + th.Printed(initargs[i]) + ".")
		}
	}
}

// validInitargs returns the initargs valid for making instances of c.
func (w *world) validInitargs(c *rt.Class, gfs []*GF) (map[*rt.Symbol]bool, bool) {
	ci := infoOf(c)
	cacheable := ci != nil && len(gfs) == 4
	if cacheable && ci.initargsEpoch == w.epoch {
		return ci.initargs, ci.initargsAny
	}
	valid := map[*rt.Symbol]bool{}
	for _, s := range c.Slots {
		for _, ia := range s.Initargs {
			valid[ia] = true
		}
	}
	any := false
	for _, gf := range gfs {
		if gf == nil {
			continue
		}
		for _, m := range gf.methods {
			if !w.methodAppliesToClass(m, c, gf) {
				continue
			}
			if m.ll.allowOther {
				any = true
			}
			for _, k := range m.ll.keys {
				valid[k] = true
			}
		}
	}
	if cacheable {
		ci.initargs, ci.initargsAny, ci.initargsEpoch = valid, any, w.epoch
	}
	return valid, any
}

// methodAppliesToClass approximates applicability of an initialization
// method to the first argument: an instance of c (or c itself for
// MAKE-INSTANCE and ALLOCATE-INSTANCE).
func (w *world) methodAppliesToClass(m *Method, c *rt.Class, gf *GF) bool {
	if len(m.specs) == 0 {
		return true
	}
	onClass := gf == w.gfMakeInstance || gf == w.gfAllocateInstance
	switch s := m.specs[0].(type) {
	case *rt.Class:
		if onClass {
			return w.metaclassOf(c).IsSubclassOf(s)
		}
		return c.IsSubclassOf(s)
	case *EqlSpecializer:
		return s.Obj == c || (onClass && s.Obj == c.Name)
	}
	return false
}

// onlySystem reports whether every method of gf is golem's own.
func onlySystem(gf *GF) bool {
	for _, m := range gf.methods {
		if m.goFn == nil {
			return false
		}
	}
	return true
}

// makeInstance implements MAKE-INSTANCE for a class.
func (w *world) makeInstance(th *rt.Thread, c *rt.Class, initargs []rt.Value) rt.Value {
	if c.Kind == rt.BuiltInClass {
		closError(th, "Cannot allocate an instance of ~S.", c)
	}
	w.ensureFinalized(th, c)
	ci := infoOf(c)
	args := defaultedInitargs(th, c, initargs)
	w.checkInitargs(th, c, args, w.gfMakeInstance, w.gfAllocateInstance, w.gfInitializeInstance, w.gfSharedInitialize)
	if ci != nil && !ci.system {
		if ci.makeFastEpoch != w.epoch {
			ci.makeFast = onlySystem(w.gfAllocateInstance) && onlySystem(w.gfInitializeInstance) && onlySystem(w.gfSharedInitialize)
			ci.makeFastEpoch = w.epoch
		}
		if ci.makeFast {
			inst := &rt.Instance{Class: c, Slots: allocSlots(c), Layout: currentLayout(c)}
			w.sharedInit(th, inst, rt.T, args)
			return inst
		}
	}
	inst := w.gfAllocateInstance.Call(th, append([]rt.Value{c}, args...))
	w.gfInitializeInstance.Call(th, append([]rt.Value{inst}, args...))
	return inst
}

// allocate implements the system ALLOCATE-INSTANCE methods.
func (w *world) allocate(th *rt.Thread, c *rt.Class) rt.Value {
	switch c.Kind {
	case rt.StandardClass:
		w.ensureFinalized(th, c)
		return &rt.Instance{Class: c, Slots: allocSlots(c), Layout: currentLayout(c)}
	case rt.StructureClass:
		inst := rt.NewInstance(c)
		for i := range inst.Slots {
			inst.Slots[i] = rt.NIL
		}
		return inst
	case rt.ConditionClass:
		return rt.NewInstance(c)
	}
	return closError(th, "Cannot allocate an instance of ~S.", c)
}

// sharedInit implements the system SHARED-INITIALIZE method (CLHS 7.1.4).
func (w *world) sharedInit(th *rt.Thread, inst *rt.Instance, slotNames rt.Value, initargs []rt.Value) {
	c := inst.Class
	if c.Kind == rt.StructureClass {
		return
	}
	w.ensureCurrent(th, inst)
	all := slotNames == rt.T
	var names map[rt.Value]bool
	if !all && slotNames != rt.NIL {
		names = map[rt.Value]bool{}
		for _, n := range rt.ListToSlice(slotNames) {
			names[n] = true
		}
	}
	for i, sd := range c.Slots {
		set := false
		if len(initargs) > 0 && len(sd.Initargs) > 0 {
		search:
			for j := 0; j+1 < len(initargs); j += 2 {
				for _, ia := range sd.Initargs {
					if initargs[j] == ia {
						slotWrite(inst, i, sd, initargs[j+1])
						set = true
						break search
					}
				}
			}
		}
		if set || sd.InitFn == nil {
			continue
		}
		if !all && !names[sd.Name] {
			continue
		}
		if slotRead(inst, i, sd) == nil {
			slotWrite(inst, i, sd, slotInit(th, sd))
		}
	}
}

// changeClass implements the system CHANGE-CLASS method (CLHS 7.2).
func (w *world) changeClass(th *rt.Thread, inst *rt.Instance, nc *rt.Class, initargs []rt.Value) rt.Value {
	w.ensureCurrent(th, inst)
	w.ensureFinalized(th, nc)
	if !isStandard(nc) || !isStandard(inst.Class) {
		closError(th, "Cannot change the class of ~S to ~S.", inst, nc)
	}
	w.checkInitargs(th, nc, initargs, w.gfUpdateDifferent, w.gfSharedInitialize)
	prev := &rt.Instance{Class: inst.Class, Slots: inst.Slots, Layout: inst.Layout}
	newSlots := allocSlots(nc)
	for i, sd := range nc.Slots {
		if sd.Class {
			continue
		}
		// A local slot keeps the value the slot of that name had, local
		// or shared (CLHS 7.2.1).
		if j := prev.Class.SlotIndex(sd.Name); j >= 0 {
			newSlots[i] = slotRead(prev, j, prev.Class.Slots[j])
		}
	}
	inst.Class = nc
	inst.Slots = newSlots
	inst.Layout = currentLayout(nc)
	w.gfUpdateDifferent.Call(th, append([]rt.Value{prev, inst}, initargs...))
	return inst
}
