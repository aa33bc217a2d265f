package clos

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// classInfo is the CLOS part of a DEFCLASS class (runtime.Class.Extra).
type classInfo struct {
	directSlots    []*directSlot
	directInitargs []initargSpec // direct :default-initargs
	subclasses     []*rt.Class
	layout         *layout
	finalized      bool
	forward        bool // named as a superclass but not yet defined
	system         bool // a class golem defines
	cplError       string
	// sharedCells holds the storage of the class-allocated slots this class
	// declares (shared with subclasses that inherit them).
	sharedCells map[*rt.Symbol]*rt.Cons
	// accessors are the reader and writer methods DEFCLASS added.
	accessors []*Method
	// initargs caches the valid initargs for make-instance (checked against epoch).
	initargs      map[*rt.Symbol]bool
	initargsAny   bool
	initargsEpoch uint64
	// makeFast caches whether make-instance may skip the generic functions.
	makeFast      bool
	makeFastEpoch uint64
}

// directSlot is a slot specifier of a DEFCLASS form.
type directSlot struct {
	name       *rt.Symbol
	initargs   []*rt.Symbol
	initform   rt.Value // source, nil when none
	initfn     rt.Value // thunk, nil when none or constant
	initconst  rt.Value // value of a constant initform (with hasConst)
	hasConst   bool
	readers    []rt.Value
	writers    []rt.Value
	allocClass bool
	typ        rt.Value
	doc        string
}

type initargSpec struct {
	key  *rt.Symbol
	form rt.Value
	fn   rt.Value
}

// layout names the instance-allocated slots of one version of a class, by
// position in the instance's slot vector (nil for class-allocated slots).
type layout struct {
	names []*rt.Symbol
}

func infoOf(c *rt.Class) *classInfo {
	if c == nil {
		return nil
	}
	ci, _ := c.Extra.(*classInfo)
	return ci
}

// isStandard reports whether c is a DEFCLASS-style class (standard-object
// instances).
func isStandard(c *rt.Class) bool { return c.Kind == rt.StandardClass }

// findClass implements FIND-CLASS.
func (w *world) findClass(th *rt.Thread, name rt.Value, errorp bool) *rt.Class {
	sym, ok := name.(*rt.Symbol)
	if !ok {
		th.TypeErrorName(name, "SYMBOL")
	}
	if c := w.img.Classes[sym]; c != nil {
		return c
	}
	if errorp {
		th.Error(th.MakeCondition("GOLEM:SIMPLE-CELL-ERROR", th.Img.Kw("NAME"), sym, th.Img.Kw("FORMAT-CONTROL"),
			rt.NewString("There is no class named ~A."), th.Img.Kw("FORMAT-ARGUMENTS"), rt.List(rt.NewString(qualifiedName(th, sym)))))
	}
	return nil
}

// classDesignator turns a class or class name into a class.
func (w *world) classDesignator(th *rt.Thread, v rt.Value) *rt.Class {
	if c, ok := v.(*rt.Class); ok {
		return c
	}
	return w.findClass(th, v, true)
}

// ensureClass implements the run-time part of DEFCLASS.
func (w *world) ensureClass(th *rt.Thread, name *rt.Symbol, superNames []rt.Value, slots []*directSlot,
	initargs []initargSpec, doc string, hasDoc bool) *rt.Class {
	img := w.img
	rt.CheckNotLocked(th, name, "defining")
	th.CheckNotDeclaration(name)
	c := img.Classes[name]
	if c != nil && c.Name != name {
		// (setf class-name) renamed it: name is no longer its proper name,
		// so DEFCLASS makes a new class, as SBCL's ENSURE-CLASS does.
		c = nil
	}
	if c != nil && (!isStandard(c) || infoOf(c) == nil || infoOf(c).system) {
		if infoOf(c) != nil && infoOf(c).system || c.Kind == rt.BuiltInClass {
			th.SimpleError("Cannot redefine the class ~S.", name)
		}
		c = nil // a structure or condition class becomes a standard class
	}
	if c == nil {
		if f := w.forward[name]; f != nil {
			c = f
			delete(w.forward, name)
		} else {
			c = &rt.Class{Name: name, Kind: rt.StandardClass, Extra: &classInfo{}}
		}
	}
	ci := infoOf(c)
	// Superclasses.
	var supers []*rt.Class
	for _, sn := range superNames {
		var s *rt.Class
		switch x := sn.(type) {
		case *rt.Class:
			s = x
		case *rt.Symbol:
			s = img.Classes[x]
			if s == nil {
				s = w.forward[x]
				if s == nil {
					s = &rt.Class{Name: x, Kind: rt.StandardClass, Extra: &classInfo{forward: true}}
					w.forward[x] = s
				}
			}
		default:
			th.TypeErrorName(sn, "SYMBOL")
		}
		if s == c {
			th.SimpleError("Specified class ~S as a superclass of itself.", c)
		}
		if !isStandard(s) && s != w.tClass {
			th.SimpleError("The class ~S was specified as a superclass of the class ~S, but the metaclasses ~S and ~S are incompatible.",
				s, c, w.metaclassOf(s), w.standardClass)
		}
		supers = append(supers, s)
	}
	if len(supers) == 0 {
		supers = []*rt.Class{w.standardObject}
	}
	for _, s := range supers {
		if w.reaches(s, c) {
			th.SimpleError("Specified class ~S as a superclass of itself.", s)
		}
	}
	for _, old := range c.Supers {
		if oi := infoOf(old); oi != nil {
			oi.subclasses = removeClass(oi.subclasses, c)
		}
	}
	c.Supers = supers
	for _, s := range supers {
		if si := infoOf(s); si != nil && !containsClass(si.subclasses, c) {
			si.subclasses = append(si.subclasses, c)
		}
	}
	ci.forward = false
	ci.directSlots = slots
	ci.directInitargs = initargs
	if hasDoc {
		c.Doc = doc
	} else {
		c.Doc = ""
	}
	// Shared slots declared here: keep the storage of those still shared.
	oldCells := ci.sharedCells
	ci.sharedCells = map[*rt.Symbol]*rt.Cons{}
	for _, s := range slots {
		if !s.allocClass {
			continue
		}
		if cell := oldCells[s.name]; cell != nil {
			ci.sharedCells[s.name] = cell
			continue
		}
		cell := &rt.Cons{Cdr: rt.NIL}
		if s.hasConst {
			cell.Car = s.initconst
		} else if s.initfn != nil {
			cell.Car = th.Call(s.initfn)
		}
		ci.sharedCells[s.name] = cell
	}
	img.Classes[name] = c
	w.refinalize(th, c)
	// Accessor methods: replace the ones of the previous definition.
	for _, m := range ci.accessors {
		if m.gf != nil {
			m.gf.removeMethod(m)
		}
	}
	ci.accessors = nil
	for _, s := range slots {
		for _, r := range s.readers {
			ci.accessors = append(ci.accessors, w.addAccessor(th, r, c, s.name, false))
		}
		for _, wr := range s.writers {
			ci.accessors = append(ci.accessors, w.addAccessor(th, wr, c, s.name, true))
		}
	}
	w.invalidate()
	notifyDefinition(th, name, "CLASS")
	return c
}

// reaches reports whether target is s or one of its (transitive) superclasses.
func (w *world) reaches(s, target *rt.Class) bool {
	seen := map[*rt.Class]bool{}
	var walk func(k *rt.Class) bool
	walk = func(k *rt.Class) bool {
		if k == target {
			return true
		}
		if seen[k] {
			return false
		}
		seen[k] = true
		for _, x := range k.Supers {
			if walk(x) {
				return true
			}
		}
		return false
	}
	return walk(s)
}

func removeClass(l []*rt.Class, c *rt.Class) []*rt.Class {
	out := l[:0]
	for _, k := range l {
		if k != c {
			out = append(out, k)
		}
	}
	return out
}

func containsClass(l []*rt.Class, c *rt.Class) bool {
	for _, k := range l {
		if k == c {
			return true
		}
	}
	return false
}

// refinalize recomputes c and every class below it.
func (w *world) refinalize(th *rt.Thread, c *rt.Class) {
	seen := map[*rt.Class]bool{}
	var walk func(k *rt.Class)
	walk = func(k *rt.Class) {
		if seen[k] {
			return
		}
		seen[k] = true
		w.finalize(th, k)
		if ki := infoOf(k); ki != nil {
			for _, s := range ki.subclasses {
				walk(s)
			}
		}
	}
	walk(c)
}

// finalize computes the precedence list, effective slots, default initargs
// and layout of a standard class, when all its superclasses are defined.
func (w *world) finalize(th *rt.Thread, c *rt.Class) {
	ci := infoOf(c)
	if ci == nil || ci.system {
		return
	}
	ci.finalized = false
	ci.cplError = ""
	for _, s := range c.Supers {
		if si := infoOf(s); si != nil && (si.forward || (!si.system && !si.finalized)) {
			c.CPL = nil
			return
		}
	}
	cpl := rt.LinearizeCPL(c)
	if cpl == nil {
		c.CPL = nil
		ci.cplError = "While computing the class precedence list of the class named " + th.Printed(c.Name) +
			". It is not possible to compute the class precedence list because there is a circularity in the local precedence relations."
		return
	}
	c.CPL = cpl
	// Effective slots: names in order of first appearance from the least
	// specific class; properties from the most specific declarations.
	var order []*rt.Symbol
	decls := map[*rt.Symbol][]*directSlot{} // most specific first
	owners := map[*rt.Symbol][]*rt.Class{}
	for i := len(cpl) - 1; i >= 0; i-- {
		ki := infoOf(cpl[i])
		if ki == nil {
			continue
		}
		for _, ds := range ki.directSlots {
			if _, ok := decls[ds.name]; !ok {
				order = append(order, ds.name)
			}
			decls[ds.name] = append([]*directSlot{ds}, decls[ds.name]...)
			owners[ds.name] = append([]*rt.Class{cpl[i]}, owners[ds.name]...)
		}
	}
	slots := make([]*rt.SlotDef, 0, len(order))
	names := make([]*rt.Symbol, 0, len(order))
	for _, n := range order {
		ds := decls[n]
		sd := &rt.SlotDef{Name: n, Type: rt.T}
		seen := map[*rt.Symbol]bool{}
		var types []rt.Value
		initSet, docSet := false, false
		for _, d := range ds {
			for _, ia := range d.initargs {
				if !seen[ia] {
					seen[ia] = true
					sd.Initargs = append(sd.Initargs, ia)
				}
			}
			if !initSet && (d.initfn != nil || d.hasConst) {
				initSet = true
				sd.Initform = d.initform
				if d.hasConst {
					sd.InitFn = constThunk{d.initconst}
				} else {
					sd.InitFn = d.initfn
				}
			}
			if !docSet && d.doc != "" {
				docSet = true
				sd.Doc = d.doc
			}
			if d.typ != nil && d.typ != rt.T {
				types = append(types, d.typ)
			}
		}
		switch len(types) {
		case 0:
		case 1:
			sd.Type = types[0]
		default:
			sd.Type = rt.ListStar(rt.List(types...), w.img.S.And)
		}
		if ds[0].allocClass {
			sd.Class = true
			sd.Shared = infoOf(owners[n][0]).sharedCells[n]
			names = append(names, nil)
		} else {
			names = append(names, n)
		}
		for _, d := range ds[:1] {
			sd.Readers = d.readers
			sd.Writers = d.writers
		}
		slots = append(slots, sd)
	}
	c.Slots = slots
	// Default initargs: the first declaration of each initarg in CPL order.
	c.DefaultInitargs = nil
	seenKey := map[*rt.Symbol]bool{}
	for _, k := range cpl {
		ki := infoOf(k)
		if ki == nil {
			continue
		}
		for _, ia := range ki.directInitargs {
			if !seenKey[ia.key] {
				seenKey[ia.key] = true
				c.DefaultInitargs = append(c.DefaultInitargs, rt.InitargDefault{Initarg: ia.key, Fn: ia.fn})
			}
		}
	}
	c.Finalize()
	if ci.layout == nil || !sameNames(ci.layout.names, names) {
		if ci.layout != nil {
			c.Version++
		}
		ci.layout = &layout{names: names}
	}
	ci.finalized = true
}

func sameNames(a, b []*rt.Symbol) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// ensureFinalized signals the error of a class that cannot be instantiated.
func (w *world) ensureFinalized(th *rt.Thread, c *rt.Class) {
	ci := infoOf(c)
	if ci == nil || ci.finalized || ci.system {
		return
	}
	if ci.cplError != "" {
		th.SimpleError(rt.EscapeTildes(ci.cplError))
	}
	w.finalize(th, c)
	if ci.finalized {
		return
	}
	for _, k := range c.Supers {
		if ki := infoOf(k); ki != nil && ki.forward {
			th.SimpleError("Cannot allocate an instance of ~S: its superclass ~S is not defined.", c, k.Name)
		}
	}
	th.SimpleError("The class ~S is not finalized.", c)
}

// constThunk is an initfunction returning a constant (initforms that are
// constants need no closure).
type constThunk struct{ v rt.Value }

// Call implements rt.Function.
func (k constThunk) Call(th *rt.Thread, args []rt.Value) rt.Value { th.SetSingle(); return k.v }

// FunctionName implements rt.Function.
func (k constThunk) FunctionName() rt.Value { return rt.NIL }

// slotInit computes the initial value of an effective slot.
func slotInit(th *rt.Thread, sd *rt.SlotDef) rt.Value {
	if k, ok := sd.InitFn.(constThunk); ok {
		return k.v
	}
	return th.Call(sd.InitFn)
}

// addAccessor defines a reader or writer method for slot on class c.
func (w *world) addAccessor(th *rt.Thread, name rt.Value, c *rt.Class, slot *rt.Symbol, writer bool) *Method {
	var ll rt.Value
	var specs []Specializer
	obj := w.img.Intern("COMMON-LISP-USER", "OBJECT")
	if writer {
		nv := w.img.Intern("COMMON-LISP-USER", "NEW-VALUE")
		ll = rt.List(nv, obj)
		specs = []Specializer{w.tClass, c}
	} else {
		ll = rt.List(obj)
		specs = []Specializer{c}
	}
	gf := w.ensureGF(th, name, ll, true)
	m := &Method{specs: specs, lambdaList: ll, slotName: slot, req: len(specs), ll: lambdaInfo{req: len(specs)}}
	if writer {
		m.kind = methodWriter
	} else {
		m.kind = methodReader
	}
	m.goFn = accessorGoFn(m)
	gf.addMethod(th, m, false)
	return m
}

// accessorGoFn implements a reader or writer method through SLOT-VALUE, for
// calls that do not go through the cached fast path.
func accessorGoFn(m *Method) func(th *rt.Thread, args []rt.Value, next []*Method) rt.Value {
	if m.kind == methodWriter {
		return func(th *rt.Thread, args []rt.Value, next []*Method) rt.Value {
			wOf(th).setSlotValue(th, args[1], m.slotName, args[0])
			th.SetSingle()
			return args[0]
		}
	}
	return func(th *rt.Thread, args []rt.Value, next []*Method) rt.Value {
		v := wOf(th).slotValue(th, args[0], m.slotName)
		th.SetSingle()
		return v
	}
}
