package runtime

// ClassKind distinguishes the metaclasses golem implements.
type ClassKind uint8

const (
	// BuiltInClass is a class of a built-in type (integer, cons, ...).
	BuiltInClass ClassKind = iota
	// StandardClass is a defclass class.
	StandardClass
	// StructureClass is a defstruct type.
	StructureClass
	// ConditionClass is a define-condition type.
	ConditionClass
)

// SlotDef is an effective slot definition.
type SlotDef struct {
	Name     *Symbol
	Initargs []*Symbol
	// Initform is the initform source (for describe); InitFn computes it.
	Initform Value
	InitFn   Value // a function of no arguments, or nil for no initform
	Readers  []Value
	Writers  []Value
	Type     Value
	Class    bool // :allocation :class
	Doc      string
	// Shared holds the value of a class-allocated slot.
	Shared *Cons
}

// Class is a Lisp class: built-in, standard, structure or condition.
type Class struct {
	Name   *Symbol
	Kind   ClassKind
	Supers []*Class
	CPL    []*Class // class precedence list, starting with the class itself
	Slots  []*SlotDef
	index  map[*Symbol]int
	// DefaultInitargs is a list of (initarg initform-fn) pairs.
	DefaultInitargs []InitargDefault
	// Report is a condition report: a string, a function of (condition stream), or nil.
	Report Value
	Doc    string
	// Extra carries data owned by other packages (CLOS, defstruct).
	Extra any
	// Version changes whenever the class is redefined.
	Version int
}

// InitargDefault is one :default-initargs entry.
type InitargDefault struct {
	Initarg *Symbol
	Fn      Value // thunk computing the value
}

// Instance is an object of a standard, structure or condition class.
type Instance struct {
	Class *Class
	Slots []Value // nil marks an unbound slot
	// Layout identifies the class definition the slots follow (CLOS uses it
	// to update instances of redefined classes lazily).
	Layout any
}

// Finalize computes the CPL (single-inheritance fallback when not given) and
// the slot index.
func (c *Class) Finalize() {
	if c.CPL == nil {
		c.CPL = LinearizeCPL(c)
	}
	c.index = make(map[*Symbol]int, len(c.Slots))
	for i, s := range c.Slots {
		c.index[s.Name] = i
	}
}

// SlotIndex returns the slot position of name, or -1.
func (c *Class) SlotIndex(name *Symbol) int {
	if i, ok := c.index[name]; ok {
		return i
	}
	return -1
}

// IsSubclassOf reports whether c has super in its precedence list.
func (c *Class) IsSubclassOf(super *Class) bool {
	for _, k := range c.CPL {
		if k == super {
			return true
		}
	}
	return false
}

// LinearizeNewCPL is LinearizeCPL for a class made just now over
// superclasses whose precedence lists are current (an image's standard
// classes, made in order): a class with no superclass, or one, has itself
// followed by its superclass's list, which is what LinearizeCPL finds.
func LinearizeNewCPL(c *Class) []*Class {
	switch {
	case len(c.Supers) == 0:
		return []*Class{c}
	case len(c.Supers) == 1 && c.Supers[0].CPL != nil:
		sup := c.Supers[0].CPL
		return append(append(make([]*Class, 0, 1+len(sup)), c), sup...)
	}
	return LinearizeCPL(c)
}

// LinearizeCPL computes the CLHS 4.3.5 class precedence list of c from its
// direct superclasses' lists. It returns nil when the constraints are inconsistent.
func LinearizeCPL(c *Class) []*Class {
	// Collect all classes and the local precedence constraints. The
	// classes are few (tens), so slices and linear searches beat maps: a
	// new image linearizes some hundreds of classes.
	var all []*Class
	index := func(k *Class) int {
		for i, x := range all {
			if x == k {
				return i
			}
		}
		return -1
	}
	var walk func(k *Class)
	walk = func(k *Class) {
		if index(k) >= 0 {
			return
		}
		all = append(all, k)
		for _, s := range k.Supers {
			walk(s)
		}
	}
	walk(c)
	// preds[i] lists the classes (as indices in all) that must precede all[i].
	preds := make([][]int, len(all))
	for i, k := range all {
		prev := i
		for _, s := range k.Supers {
			si := index(s)
			preds[si] = append(preds[si], prev)
			prev = si
		}
	}
	out := make([]*Class, 0, len(all))
	done := make([]bool, len(all))
	var cands []int
	for len(out) < len(all) {
		cands = cands[:0]
		for i := range all {
			if done[i] {
				continue
			}
			ok := true
			for _, p := range preds[i] {
				if !done[p] {
					ok = false
					break
				}
			}
			if ok {
				cands = append(cands, i)
			}
		}
		if len(cands) == 0 {
			return nil
		}
		choice := cands[0]
		if len(cands) > 1 {
			// Choose the candidate that is a direct superclass of the rightmost
			// class already in the output.
		pick:
			for i := len(out) - 1; i >= 0; i-- {
				for _, s := range out[i].Supers {
					for _, k := range cands {
						if all[k] == s {
							choice = k
							break pick
						}
					}
				}
			}
		}
		done[choice] = true
		out = append(out, all[choice])
	}
	return out
}

// NewInstance allocates an instance with all slots unbound.
func NewInstance(c *Class) *Instance {
	return &Instance{Class: c, Slots: make([]Value, len(c.Slots))}
}

// FindClass returns the class named sym, or nil.
func (img *Image) FindClass(sym *Symbol) *Class { return img.Classes[sym] }

// InitInstance fills an instance's slots from an initarg plist, the class's
// default initargs and slot initforms (the shared-initialize steps golem needs
// before CLOS is present). It returns the initargs it did not recognise.
func (th *Thread) InitInstance(inst *Instance, initargs []Value) []Value {
	c := inst.Class
	args := append([]Value(nil), initargs...)
	for _, d := range c.DefaultInitargs {
		if !plistHas(args, d.Initarg) {
			args = append(args, d.Initarg, th.Call(d.Fn))
		}
	}
	var unknown []Value
	for i := 0; i+1 < len(args); i += 2 {
		k, v := args[i], args[i+1]
		matched := false
		for si, s := range c.Slots {
			for _, ia := range s.Initargs {
				if ia == k {
					matched = true
					if inst.Slots[si] == nil && !s.Class {
						inst.Slots[si] = v
					} else if s.Class && s.Shared != nil && !plistHasBefore(args, k, i) {
						s.Shared.Car = v
					}
				}
			}
		}
		if !matched && k != th.Img.S.KwAllowOtherKeys {
			unknown = append(unknown, k, v)
		}
	}
	for si, s := range c.Slots {
		if inst.Slots[si] == nil && !s.Class && s.InitFn != nil {
			inst.Slots[si] = th.Call(s.InitFn)
		}
	}
	return unknown
}

func plistHas(pl []Value, k Value) bool {
	for i := 0; i+1 < len(pl); i += 2 {
		if pl[i] == k {
			return true
		}
	}
	return false
}

func plistHasBefore(pl []Value, k Value, end int) bool {
	for i := 0; i+1 < len(pl) && i < end; i += 2 {
		if pl[i] == k {
			return true
		}
	}
	return false
}

// SlotValueByName reads a slot of an instance by name; ok is false when the
// slot does not exist or is unbound.
func (inst *Instance) SlotValueByName(name *Symbol) (Value, bool) {
	i := inst.Class.SlotIndex(name)
	if i < 0 {
		return nil, false
	}
	s := inst.Class.Slots[i]
	if s.Class {
		if s.Shared == nil || s.Shared.Car == nil {
			return nil, false
		}
		return s.Shared.Car, true
	}
	v := inst.Slots[i]
	return v, v != nil
}
