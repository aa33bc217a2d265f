package runtime

// Structures (CLHS 8): the run-time half of DEFSTRUCT. The DEFSTRUCT macro
// (eval/defstruct.go) parses the definition and expands into a call to
// GOLEM:%DEFSTRUCT, which builds the StructInfo, the structure class and the
// accessor, predicate and copier builtins, followed by Lisp DEFUNs for the
// constructors (so slot initforms are compiled in the definition's lexical
// environment) whose bodies call GOLEM:%MAKE-STRUCT.

// StructSlot is one effective slot of a structure.
type StructSlot struct {
	Name *Symbol
	// Initform is the initform source (NIL when the slot has none); included
	// structures copy it into their constructors.
	Initform Value
	HasInit  bool
	Type     Value // T when untyped
	ReadOnly bool
	// Index is the position in Instance.Slots, or the element position in
	// the list or vector of a typed structure.
	Index    int
	Accessor *Symbol // nil when the slot has no accessor
	checked  bool    // Type is not T: stores are type-checked
}

// StructInfo describes a structure type defined by DEFSTRUCT.
type StructInfo struct {
	Name *Symbol
	// Class is the structure class; nil for :type list and :type vector.
	Class *Class
	// Repr is NIL for a class, or the symbol LIST or VECTOR.
	Repr        Value
	ElementType Value // element type of a :type (vector x) structure
	Named       bool
	NameIndex   int // position of the name in a named typed structure
	Size        int // length of the list or vector of a typed structure
	Include     *StructInfo
	Slots       []*StructSlot
	// Constructor is the default keyword constructor (used by #S), or nil.
	Constructor *Symbol
	// Printer is the :print-function or :print-object, wrapped as a function
	// of (object stream &optional depth); nil when none was given.
	Printer Value
	Doc     string
}

// IsTyped reports whether the structure is represented as a list or vector
// (DEFSTRUCT's :type option).
func (s *StructInfo) IsTyped() bool { return s.Repr != NIL && s.Repr != nil }

type structRegistryKey struct{}

type structRegistry struct {
	byName  map[*Symbol]*StructInfo
	unbound *Symbol
}

func structs(img *Image) *structRegistry {
	if r, ok := img.Extra[structRegistryKey{}].(*structRegistry); ok {
		return r
	}
	r := &structRegistry{byName: map[*Symbol]*StructInfo{}, unbound: NewSymbol("UNBOUND-SLOT")}
	img.Extra[structRegistryKey{}] = r
	return r
}

// FindStruct returns the structure named name in img, or nil.
func FindStruct(img *Image, name *Symbol) *StructInfo { return structs(img).byName[name] }

// StructUnboundMarker is the object that, passed to GOLEM:%MAKE-STRUCT in
// place of a slot value, leaves the slot unbound (a BOA &aux variable
// without an initial value).
func StructUnboundMarker(img *Image) *Symbol { return structs(img).unbound }

// StructInfoOf returns the structure description of a structure class, or nil.
func StructInfoOf(c *Class) *StructInfo {
	if c == nil {
		return nil
	}
	info, _ := c.Extra.(*StructInfo)
	return info
}

// StructPrinter returns the :print-function or :print-object given to the
// DEFSTRUCT of class c or of the nearest structure it includes, as a function
// of (object stream &optional depth), or nil when the structure prints as
// #S(...). The printer calls it for structure instances.
func StructPrinter(c *Class) Value {
	if c == nil {
		return nil
	}
	for _, k := range c.CPL {
		if info := StructInfoOf(k); info != nil && info.Printer != nil {
			return info.Printer
		}
	}
	return nil
}

func init() {
	Register(
		Def{Name: "GOLEM:%DEFSTRUCT", Min: 3, Max: 4, Params: "(NAME OPTIONS SLOTS &OPTIONAL PRINTER)", Fn: defstructBuiltin},
		Def{Name: "GOLEM:%MAKE-STRUCT", Min: 1, Max: -1, Params: "(NAME &REST SLOT-VALUES)", Fn: makeStructBuiltin},
		Def{Name: "COPY-STRUCTURE", Min: 1, Max: 1, Params: "(STRUCTURE)", Fn: func(th *Thread, args []Value) Value {
			inst, ok := args[0].(*Instance)
			if !ok || inst.Class.Kind != StructureClass {
				th.TypeError(args[0], th.Img.CLSym("STRUCTURE-OBJECT"))
			}
			return copyInstance(inst)
		}},
	)
}

func copyInstance(inst *Instance) *Instance {
	return &Instance{Class: inst.Class, Slots: append([]Value(nil), inst.Slots...)}
}

// structureObjectClass returns the class STRUCTURE-OBJECT, creating it when
// CLOS has not defined it.
func structureObjectClass(img *Image) *Class {
	sym := img.CLSym("STRUCTURE-OBJECT")
	if c := img.Classes[sym]; c != nil {
		return c
	}
	c := &Class{Name: sym, Kind: StructureClass}
	if t := img.Classes[T]; t != nil {
		c.Supers = []*Class{t}
	}
	c.Finalize()
	img.Classes[sym] = c
	return c
}

// plistGet returns the value of key in a property list, or NIL.
func plistGet(pl Value, key *Symbol) Value {
	for c, ok := pl.(*Cons); ok; {
		next, ok2 := c.Cdr.(*Cons)
		if !ok2 {
			break
		}
		if c.Car == key {
			return next.Car
		}
		c, ok = next.Cdr.(*Cons)
	}
	return NIL
}

func symOrNil(v Value) *Symbol {
	if s, ok := v.(*Symbol); ok && s != NIL {
		return s
	}
	return nil
}

// defstructBuiltin implements (GOLEM:%DEFSTRUCT name options slots [printer]).
// options is a plist with :TYPE (NIL, LIST, VECTOR or (VECTOR type)), :NAMED,
// :INITIAL-OFFSET, :INCLUDE, :PREDICATE, :COPIER, :CONSTRUCTOR (the default
// keyword constructor), :DOCUMENTATION and :PRINT-KIND (:FUNCTION or
// :OBJECT). slots lists the effective slots, included ones first, each as
// (name initform has-initform type read-only accessor).
func defstructBuiltin(th *Thread, args []Value) Value {
	img := th.Img
	name, ok := args[0].(*Symbol)
	if !ok || name == NIL {
		th.TypeErrorName(args[0], "SYMBOL")
	}
	opts := args[1]
	kw := img.Kw
	info := &StructInfo{Name: name, Repr: NIL, NameIndex: -1}
	if p := symOrNil(plistGet(opts, kw("INCLUDE"))); p != nil {
		info.Include = FindStruct(img, p)
		if info.Include == nil {
			th.SimpleError("The structure ~S to include is not defined.", p)
		}
	}
	typ := plistGet(opts, kw("TYPE"))
	switch t := typ.(type) {
	case *Symbol:
		if t != NIL {
			info.Repr = t
			info.ElementType = T
		}
	case *Cons:
		info.Repr = t.Car
		info.ElementType = T
		if c, ok := t.Cdr.(*Cons); ok {
			info.ElementType = c.Car
		}
	}
	if info.Include != nil && (info.Include.Repr != info.Repr) {
		th.SimpleError("The structure ~S cannot include ~S: their representations differ.", name, info.Include.Name)
	}
	info.Named = info.Repr == NIL || plistGet(opts, kw("NAMED")) != NIL
	info.Constructor = symOrNil(plistGet(opts, kw("CONSTRUCTOR")))
	if d, ok := plistGet(opts, kw("DOCUMENTATION")).(*String); ok {
		info.Doc = string(d.Runes())
	}
	for _, sv := range ListToSlice(args[2]) {
		f := ListToSlice(sv)
		if len(f) < 6 {
			th.ProgramError("malformed structure slot description: " + th.Printed(sv))
		}
		sname, ok := f[0].(*Symbol)
		if !ok {
			th.TypeErrorName(f[0], "SYMBOL")
		}
		s := &StructSlot{Name: sname, Initform: f[1], HasInit: f[2] != NIL, Type: f[3], ReadOnly: f[4] != NIL,
			Accessor: symOrNil(f[5])}
		if s.Type == nil || s.Type == NIL {
			s.Type = T
		}
		s.checked = s.Type != T
		info.Slots = append(info.Slots, s)
	}
	if info.Include != nil && len(info.Slots) < len(info.Include.Slots) {
		th.ProgramError("structure " + th.Printed(name) + " lacks the slots of the structure it includes")
	}
	// Layout.
	nInherited := 0
	if info.Include != nil {
		nInherited = len(info.Include.Slots)
	}
	if info.IsTyped() {
		pos := 0
		if info.Include != nil {
			pos = info.Include.Size
		}
		if n, ok := plistGet(opts, kw("INITIAL-OFFSET")).(Fixnum); ok && n > 0 {
			pos += int(n)
		}
		if info.Named {
			info.NameIndex = pos
			pos++
		}
		for i, s := range info.Slots {
			if i < nInherited {
				s.Index = info.Include.Slots[i].Index
			} else {
				s.Index = pos
				pos++
			}
		}
		info.Size = pos
	} else {
		for i, s := range info.Slots {
			s.Index = i
		}
	}
	checkStructLock(th, info, opts)
	th.CheckNotDeclaration(info.Name)
	if !info.IsTyped() {
		info.Class = defineStructClass(img, info)
	}
	if len(args) > 3 && args[3] != NIL && args[3] != nil {
		info.Printer = wrapStructPrinter(th, name, args[3], plistGet(opts, kw("PRINT-KIND")) == kw("FUNCTION"))
	}
	structs(img).byName[name] = info
	// Accessors.
	for i, s := range info.Slots {
		if s.Accessor == nil {
			continue
		}
		if i < nInherited && info.Include.Slots[i].Accessor == s.Accessor {
			// Same accessor name as the included structure: keep its
			// functions, which accept instances of both.
			continue
		}
		installStructAccessor(img, info, s)
	}
	if p := symOrNil(plistGet(opts, kw("PREDICATE"))); p != nil {
		p.Fn = structPredicate(info, p)
		p.Macro = nil
	}
	if c := symOrNil(plistGet(opts, kw("COPIER"))); c != nil {
		c.Fn = structCopier(info, c)
		c.Macro = nil
	}
	return name
}

func checkStructLock(th *Thread, info *StructInfo, opts Value) {
	if !th.Img.CL.Locked {
		return
	}
	check := func(sym *Symbol, what string) {
		if sym != nil && (sym.Pkg == th.Img.CL || sym == T) {
			th.PackageError(th.Img.CL, "Lock on package COMMON-LISP violated when defining "+th.Printed(sym)+
				" as "+what+" "+th.Printed(info.Name)+" structure.")
		}
	}
	if info.Name.Pkg == th.Img.CL {
		th.PackageError(th.Img.CL, "Lock on package COMMON-LISP violated when defining "+th.Printed(info.Name)+" as a structure.")
	}
	for _, s := range info.Slots {
		check(s.Accessor, "an accessor for")
	}
	check(symOrNil(plistGet(opts, th.Img.Kw("PREDICATE"))), "the predicate for")
	check(symOrNil(plistGet(opts, th.Img.Kw("COPIER"))), "the copier for")
}

// defineStructClass creates (or, for a compatible redefinition, updates) the
// structure class of info and registers it.
func defineStructClass(img *Image, info *StructInfo) *Class {
	super := structureObjectClass(img)
	if info.Include != nil {
		super = info.Include.Class
	}
	slots := make([]*SlotDef, len(info.Slots))
	for i, s := range info.Slots {
		sd := &SlotDef{Name: s.Name, Initform: s.Initform, Type: s.Type, Initargs: []*Symbol{img.Kw(s.Name.Name)}}
		if s.Accessor != nil {
			sd.Readers = []Value{s.Accessor}
			if !s.ReadOnly {
				sd.Writers = []Value{List(img.S.Setf, s.Accessor)}
			}
		}
		slots[i] = sd
	}
	old := img.Classes[info.Name]
	c := old
	if old == nil || old.Kind != StructureClass || !sameSlotNames(old.Slots, slots) ||
		len(old.Supers) != 1 || old.Supers[0] != super {
		c = &Class{Name: info.Name, Kind: StructureClass}
		if old != nil {
			c.Version = old.Version + 1
		}
	}
	c.Supers = []*Class{super}
	c.Slots = slots
	c.Doc = info.Doc
	c.Extra = info
	c.CPL = nil
	c.Finalize()
	img.Classes[info.Name] = c
	return c
}

func sameSlotNames(a, b []*SlotDef) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Name != b[i].Name {
			return false
		}
	}
	return true
}

// wrapStructPrinter turns a :print-function (object stream depth) or a
// :print-object (object stream) function into a function of
// (object stream &optional depth).
func wrapStructPrinter(th *Thread, name *Symbol, fn Value, withDepth bool) Value {
	f := th.Resolve(fn)
	return &Builtin{Name: name, Min: 2, Max: 3, Params: "(OBJECT STREAM &OPTIONAL DEPTH)",
		Fn: func(th *Thread, args []Value) Value {
			if withDepth {
				depth := Value(MakeInt(0))
				if len(args) > 2 {
					depth = args[2]
				}
				return f.Call(th, []Value{args[0], args[1], depth})
			}
			return f.Call(th, []Value{args[0], args[1]})
		}}
}

// structInstance checks that v is an instance of c (or of a structure that
// includes it) and returns it.
func structInstance(th *Thread, v Value, c *Class) *Instance {
	if inst, ok := v.(*Instance); ok && (inst.Class == c || inst.Class.IsSubclassOf(c)) {
		return inst
	}
	th.TypeError(v, c.Name)
	return nil
}

func installStructAccessor(img *Image, info *StructInfo, s *StructSlot) {
	sym := s.Accessor
	var reader, writer func(th *Thread, args []Value) Value
	idx := s.Index
	switch {
	case info.Class != nil:
		c := info.Class
		reader = func(th *Thread, args []Value) Value {
			inst := structInstance(th, args[0], c)
			v := inst.Slots[idx]
			if v == nil {
				th.Error(th.MakeCondition("SIMPLE-TYPE-ERROR", img.Kw("DATUM"), NIL, img.Kw("EXPECTED-TYPE"), s.Type,
					img.Kw("FORMAT-CONTROL"), NewString("Accessed uninitialized slot ~S of structure ~S"),
					img.Kw("FORMAT-ARGUMENTS"), List(s.Name, info.Name)))
			}
			return v
		}
		writer = func(th *Thread, args []Value) Value {
			inst := structInstance(th, args[1], c)
			if s.checked && !th.TypeP(args[0], s.Type) {
				th.TypeError(args[0], s.Type)
			}
			inst.Slots[idx] = args[0]
			return args[0]
		}
	case info.Repr == img.S.List:
		reader = func(th *Thread, args []Value) Value {
			return listNth(th, args[0], idx)
		}
		writer = func(th *Thread, args []Value) Value {
			c := listNthCons(th, args[1], idx)
			if c == nil {
				th.SimpleError("The list ~S is too short to hold slot ~S of the structure ~S.", args[1], s.Name, info.Name)
			}
			c.Car = args[0]
			return args[0]
		}
	default:
		reader = func(th *Thread, args []Value) Value {
			if !IsVector(args[0]) {
				th.TypeError(args[0], img.S.Vector)
			}
			return SeqElt(th, args[0], idx)
		}
		writer = func(th *Thread, args []Value) Value {
			if !IsVector(args[1]) {
				th.TypeError(args[1], img.S.Vector)
			}
			th.SetSeqElt(args[1], MakeInt(int64(idx)), args[0])
			return args[0]
		}
	}
	rb := &Builtin{Name: sym, Min: 1, Max: 1, Params: "(INSTANCE)", Fn: reader}
	wb := &Builtin{Name: sym, NameForm: List(img.S.Setf, sym), Min: 2, Max: 2,
		Params: "(NEW-VALUE INSTANCE)", Fn: writer}
	if c := info.Class; c != nil {
		// The common case, for compiled call sites: an instance of exactly
		// this structure with the slot set (and, for a write, no type to check).
		rb.Fast1 = func(x Value) (Value, bool) {
			if inst, ok := x.(*Instance); ok && inst.Class == c {
				v := inst.Slots[idx]
				return v, v != nil
			}
			return nil, false
		}
		wb.Fast2 = func(v, x Value) (Value, bool) {
			if inst, ok := x.(*Instance); ok && inst.Class == c && !s.checked {
				inst.Slots[idx] = v
				return v, true
			}
			return nil, false
		}
	}
	sym.Fn = rb
	sym.Macro = nil
	if s.ReadOnly {
		sym.Setf = nil
	} else {
		sym.Setf = wb
	}
}

// listNthCons returns the cons holding element i of l, or nil when l is too
// short; a non-list signals TYPE-ERROR.
func listNthCons(th *Thread, l Value, i int) *Cons {
	for k := 0; ; k++ {
		c, ok := l.(*Cons)
		if !ok {
			if l != NIL {
				th.TypeError(l, th.Img.S.List)
			}
			return nil
		}
		if k == i {
			return c
		}
		l = c.Cdr
	}
}

func listNth(th *Thread, l Value, i int) Value {
	if c := listNthCons(th, l, i); c != nil {
		return c.Car
	}
	return NIL
}

func structPredicate(info *StructInfo, sym *Symbol) *Builtin {
	var fn func(th *Thread, args []Value) Value
	switch {
	case info.Class != nil:
		c := info.Class
		fn = func(th *Thread, args []Value) Value {
			if inst, ok := args[0].(*Instance); ok && (inst.Class == c || inst.Class.IsSubclassOf(c)) {
				return T
			}
			return NIL
		}
	default:
		fn = func(th *Thread, args []Value) Value {
			return boolValue(typedStructP(th, info, args[0]))
		}
	}
	b := &Builtin{Name: sym, Min: 1, Max: 1, Params: "(OBJECT)", Fn: fn}
	if c := info.Class; c != nil {
		// The predicate cannot fail: every call is the common case.
		b.Fast1 = func(x Value) (Value, bool) {
			inst, ok := x.(*Instance)
			return Bool(ok && (inst.Class == c || inst.Class.IsSubclassOf(c))), true
		}
	}
	return b
}

func boolValue(b bool) Value {
	if b {
		return T
	}
	return NIL
}

// typedStructP tests a list or vector for the name of a named typed structure.
func typedStructP(th *Thread, info *StructInfo, v Value) bool {
	if info.NameIndex < 0 {
		return false
	}
	if info.Repr == th.Img.S.List {
		l := v
		for k := 0; ; k++ {
			c, ok := l.(*Cons)
			if !ok {
				return false
			}
			if k == info.NameIndex {
				return c.Car == info.Name
			}
			l = c.Cdr
		}
	}
	if !IsVector(v) || vecLen(v) <= info.NameIndex {
		return false
	}
	return SeqElt(th, v, info.NameIndex) == info.Name
}

func structCopier(info *StructInfo, sym *Symbol) *Builtin {
	fn := func(th *Thread, args []Value) Value {
		// A typed structure is copied as the sequence it is.
		return th.Call(th.Img.CLSym("COPY-SEQ"), args[0])
	}
	if c := info.Class; c != nil {
		fn = func(th *Thread, args []Value) Value {
			return copyInstance(structInstance(th, args[0], c))
		}
	}
	return &Builtin{Name: sym, Min: 1, Max: 1, Params: "(INSTANCE)", Fn: fn}
}

// makeStructBuiltin implements (GOLEM:%MAKE-STRUCT name value...): the values
// are those of the effective slots in order.
func makeStructBuiltin(th *Thread, args []Value) Value {
	reg := structs(th.Img)
	name, _ := args[0].(*Symbol)
	info := reg.byName[name]
	if info == nil {
		th.SimpleError("~S is not a defined structure type.", args[0])
	}
	vals := args[1:]
	if len(vals) != len(info.Slots) {
		th.ProgramError("wrong number of slot values for structure " + th.Printed(name))
	}
	for i, s := range info.Slots {
		if s.checked && vals[i] != reg.unbound && !th.TypeP(vals[i], s.Type) {
			th.TypeError(vals[i], s.Type)
		}
	}
	if info.Class != nil {
		inst := &Instance{Class: info.Class, Slots: make([]Value, len(vals))}
		for i, v := range vals {
			if v != reg.unbound {
				inst.Slots[i] = v
			}
		}
		return inst
	}
	data := make([]Value, info.Size)
	pad := Value(NIL)
	if info.Repr != th.Img.S.List {
		pad = MakeInt(0)
	}
	for i := range data {
		data[i] = pad
	}
	for k := info; k != nil; k = k.Include {
		if k.NameIndex >= 0 {
			data[k.NameIndex] = k.Name
		}
	}
	for i, s := range info.Slots {
		if vals[i] != reg.unbound {
			data[s.Index] = vals[i]
		} else {
			data[s.Index] = NIL
		}
	}
	if info.Repr == th.Img.S.List {
		return List(data...)
	}
	if et := info.ElementType; et == nil || et == T {
		return NewVector(data)
	}
	// A specialised vector: let MAKE-ARRAY choose the representation and
	// the padding; store only the slots.
	vec := th.Call(th.Img.CLSym("MAKE-ARRAY"), MakeInt(int64(len(data))), th.Img.Kw("ELEMENT-TYPE"), info.ElementType)
	for _, s := range info.Slots {
		th.SetSeqElt(vec, MakeInt(int64(s.Index)), data[s.Index])
	}
	return vec
}
