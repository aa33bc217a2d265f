package clos

import (
	"strings"

	"github.com/golem-lisp/golem/eval"
	"github.com/golem-lisp/golem/printer"
	rt "github.com/golem-lisp/golem/runtime"
)

type goMethodFn = func(th *rt.Thread, args []rt.Value, next []*Method) rt.Value

// parseLL reads a lambda list written as text ("(A B &REST C)") into a list
// of symbols: lambda list keywords from COMMON-LISP, variables in GOLEM.
func (w *world) parseLL(text string) rt.Value {
	text = strings.Trim(text, "()")
	var out []rt.Value
	for _, f := range strings.Fields(text) {
		if strings.HasPrefix(f, "&") {
			out = append(out, w.img.CLSym(f))
			continue
		}
		if s, st := w.img.CL.FindSymbol(f); st != rt.StatusNone && s.Pkg == w.img.CL {
			out = append(out, s)
			continue
		}
		out = append(out, w.img.Intern("GOLEM", f))
	}
	return rt.List(out...)
}

// sysGF makes the generic function named by the COMMON-LISP symbol name.
func (w *world) sysGF(th *rt.Thread, name string, ll string) *GF {
	sym := w.img.CLSym(name)
	gf := w.newGF(th, sym, w.parseLL(ll), false)
	sym.Fn = gf
	return gf
}

// sysMethod adds a Go method to gf.
func (w *world) sysMethod(th *rt.Thread, gf *GF, specs []Specializer, fn goMethodFn, qualifiers ...rt.Value) *Method {
	m := &Method{specs: specs, goFn: fn, req: len(specs), qualifiers: qualifiers}
	m.ll = lambdaInfo{req: len(specs), opt: gf.ll.opt, rest: gf.ll.rest || gf.ll.hasKey}
	m.lambdaList = gf.lambdaList
	gf.addMethod(th, m, false)
	return m
}

func setupSystemGFs(img *rt.Image) {
	w := getWorld(img)
	th := w.typeTh
	t := w.tClass

	w.gfPrintObject = w.sysGF(th, "PRINT-OBJECT", "(OBJECT STREAM)")
	w.sysMethod(th, w.gfPrintObject, []Specializer{t, t}, w.defaultPrintObject)
	w.gfDescribeObject = w.sysGF(th, "DESCRIBE-OBJECT", "(OBJECT STREAM)")
	w.sysMethod(th, w.gfDescribeObject, []Specializer{t, t}, func(th *rt.Thread, args []rt.Value, next []*Method) rt.Value {
		w.describeDefault(th, args[0], th.OutputStream(args[1]))
		th.Values()
		return rt.NIL
	})

	w.makeBuiltinsGeneric(th)
	// MAKE-LOAD-FORM is a standard generic function; an object no method
	// knows how to make at load time is an error (CLHS 3.2.4.4).
	gfMakeLoadForm := w.sysGF(th, "MAKE-LOAD-FORM", "(OBJECT &OPTIONAL ENVIRONMENT)")
	w.sysMethod(th, gfMakeLoadForm, []Specializer{t}, func(th *rt.Thread, args []rt.Value, next []*Method) rt.Value {
		return th.SimpleError("~S has no MAKE-LOAD-FORM method.", args[0])
	})
	// CLASS-NAME and (SETF CLASS-NAME) are generic (CLHS 7.7), so programs
	// may add methods.
	gfClassName := w.sysGF(th, "CLASS-NAME", "(CLASS)")
	w.sysMethod(th, gfClassName, []Specializer{w.classClass}, func(th *rt.Thread, args []rt.Value, next []*Method) rt.Value {
		if c := classArg(th, args[0]); c.Name != nil {
			return c.Name
		}
		return rt.NIL
	})
	className := w.img.CLSym("CLASS-NAME")
	gfSetClassName := w.newGF(th, rt.List(w.img.S.Setf, className), w.parseLL("(NEW-VALUE CLASS)"), false)
	className.Setf = gfSetClassName
	w.sysMethod(th, gfSetClassName, []Specializer{t, w.classClass}, func(th *rt.Thread, args []rt.Value, next []*Method) rt.Value {
		classArg(th, args[1]).Name = symArg(th, args[0])
		return args[0]
	})

	w.gfMakeInstance = w.sysGF(th, "MAKE-INSTANCE", "(CLASS &REST INITARGS &KEY &ALLOW-OTHER-KEYS)")
	w.sysMethod(th, w.gfMakeInstance, []Specializer{w.symbol}, func(th *rt.Thread, args []rt.Value, next []*Method) rt.Value {
		c := w.findClass(th, args[0], true)
		return w.gfMakeInstance.Call(th, append([]rt.Value{c}, args[1:]...))
	})
	w.sysMethod(th, w.gfMakeInstance, []Specializer{w.classClass}, func(th *rt.Thread, args []rt.Value, next []*Method) rt.Value {
		return w.makeInstance(th, args[0].(*rt.Class), args[1:])
	})
	w.gfAllocateInstance = w.sysGF(th, "ALLOCATE-INSTANCE", "(CLASS &REST INITARGS &KEY &ALLOW-OTHER-KEYS)")
	w.sysMethod(th, w.gfAllocateInstance, []Specializer{w.classClass}, func(th *rt.Thread, args []rt.Value, next []*Method) rt.Value {
		return w.allocate(th, args[0].(*rt.Class))
	})
	w.gfInitializeInstance = w.sysGF(th, "INITIALIZE-INSTANCE", "(INSTANCE &REST INITARGS &KEY &ALLOW-OTHER-KEYS)")
	w.sysMethod(th, w.gfInitializeInstance, []Specializer{t}, func(th *rt.Thread, args []rt.Value, next []*Method) rt.Value {
		w.gfSharedInitialize.Call(th, append([]rt.Value{args[0], rt.T}, args[1:]...))
		th.SetSingle()
		return args[0]
	})
	w.gfReinitializeInstance = w.sysGF(th, "REINITIALIZE-INSTANCE", "(INSTANCE &REST INITARGS &KEY &ALLOW-OTHER-KEYS)")
	w.sysMethod(th, w.gfReinitializeInstance, []Specializer{t}, func(th *rt.Thread, args []rt.Value, next []*Method) rt.Value {
		inst := instanceArg(th, args[0])
		w.checkInitargs(th, inst.Class, args[1:], w.gfReinitializeInstance, w.gfSharedInitialize)
		w.gfSharedInitialize.Call(th, append([]rt.Value{args[0], rt.NIL}, args[1:]...))
		th.SetSingle()
		return args[0]
	})
	w.gfSharedInitialize = w.sysGF(th, "SHARED-INITIALIZE", "(INSTANCE SLOT-NAMES &REST INITARGS &KEY &ALLOW-OTHER-KEYS)")
	w.sysMethod(th, w.gfSharedInitialize, []Specializer{t, t}, func(th *rt.Thread, args []rt.Value, next []*Method) rt.Value {
		inst := instanceArg(th, args[0])
		checkInitargList(th, args[2:])
		w.sharedInit(th, inst, args[1], args[2:])
		th.SetSingle()
		return args[0]
	})
	w.gfUpdateDifferent = w.sysGF(th, "UPDATE-INSTANCE-FOR-DIFFERENT-CLASS", "(PREVIOUS CURRENT &REST INITARGS &KEY &ALLOW-OTHER-KEYS)")
	w.sysMethod(th, w.gfUpdateDifferent, []Specializer{t, t}, func(th *rt.Thread, args []rt.Value, next []*Method) rt.Value {
		prev, cur := instanceArg(th, args[0]), instanceArg(th, args[1])
		var added []rt.Value
		for _, sd := range cur.Class.Slots {
			if sd.Class {
				continue
			}
			j := prev.Class.SlotIndex(sd.Name)
			if j < 0 || prev.Class.Slots[j].Class {
				added = append(added, sd.Name)
			}
		}
		w.gfSharedInitialize.Call(th, append([]rt.Value{cur, rt.List(added...)}, args[2:]...))
		th.SetSingle()
		return args[1]
	})
	w.gfUpdateRedefined = w.sysGF(th, "UPDATE-INSTANCE-FOR-REDEFINED-CLASS",
		"(INSTANCE ADDED-SLOTS DISCARDED-SLOTS PROPERTY-LIST &REST INITARGS &KEY &ALLOW-OTHER-KEYS)")
	w.sysMethod(th, w.gfUpdateRedefined, []Specializer{t, t, t, t}, func(th *rt.Thread, args []rt.Value, next []*Method) rt.Value {
		inst := instanceArg(th, args[0])
		w.checkInitargs(th, inst.Class, args[4:], w.gfUpdateRedefined, w.gfSharedInitialize)
		w.gfSharedInitialize.Call(th, append([]rt.Value{args[0], args[1]}, args[4:]...))
		th.SetSingle()
		return args[0]
	})
	w.gfChangeClass = w.sysGF(th, "CHANGE-CLASS", "(INSTANCE NEW-CLASS &REST INITARGS &KEY &ALLOW-OTHER-KEYS)")
	w.sysMethod(th, w.gfChangeClass, []Specializer{t, w.symbol}, func(th *rt.Thread, args []rt.Value, next []*Method) rt.Value {
		c := w.findClass(th, args[1], true)
		return w.gfChangeClass.Call(th, append([]rt.Value{args[0], c}, args[2:]...))
	})
	w.sysMethod(th, w.gfChangeClass, []Specializer{w.standardObject, w.standardClass}, func(th *rt.Thread, args []rt.Value, next []*Method) rt.Value {
		v := w.changeClass(th, args[0].(*rt.Instance), args[1].(*rt.Class), args[2:])
		th.SetSingle()
		return v
	})
	w.gfSlotMissing = w.sysGF(th, "SLOT-MISSING", "(CLASS OBJECT SLOT-NAME OPERATION &OPTIONAL NEW-VALUE)")
	w.sysMethod(th, w.gfSlotMissing, []Specializer{t, t, t, t}, func(th *rt.Thread, args []rt.Value, next []*Method) rt.Value {
		obj, name, op := args[1], args[2], args[3]
		var what string
		switch opName(op) {
		case "SLOT-VALUE":
			what = "read the slot's value (slot-value)"
		case "SETF":
			nv := rt.Value(rt.NIL)
			if len(args) > 4 {
				nv = args[4]
			}
			what = "set the slot's value to " + th.Printed(nv) + " (SETF of SLOT-VALUE)"
		case "SLOT-BOUNDP":
			what = "test to see whether slot is bound (SLOT-BOUNDP)"
		case "SLOT-MAKUNBOUND":
			what = "make the slot unbound (SLOT-MAKUNBOUND)"
		default:
			what = "access the slot (" + th.Printed(op) + ")"
		}
		return th.Error(th.MakeCondition("GOLEM:SIMPLE-CELL-ERROR", th.Img.Kw("NAME"), name,
			th.Img.Kw("FORMAT-CONTROL"), rt.NewString("When attempting to ~A, the slot ~S is missing from the object ~S."),
			th.Img.Kw("FORMAT-ARGUMENTS"), rt.List(rt.NewString(what), name, obj)))
	})
	w.gfSlotUnbound = w.sysGF(th, "SLOT-UNBOUND", "(CLASS INSTANCE SLOT-NAME)")
	w.sysMethod(th, w.gfSlotUnbound, []Specializer{t, t, t}, func(th *rt.Thread, args []rt.Value, next []*Method) rt.Value {
		return th.Error(th.MakeCondition("UNBOUND-SLOT", th.Img.Kw("NAME"), args[2], th.Img.Kw("INSTANCE"), args[1]))
	})
	w.gfNoApplicable = w.sysGF(th, "NO-APPLICABLE-METHOD", "(GENERIC-FUNCTION &REST FUNCTION-ARGUMENTS)")
	w.sysMethod(th, w.gfNoApplicable, []Specializer{t}, func(th *rt.Thread, args []rt.Value, next []*Method) rt.Value {
		return closError(th, "There is no applicable method for the generic function~%  ~S~%when called with arguments~%  ~S.~%See also:~%  The ANSI Standard, Section 7.6.6",
			args[0], rt.List(args[1:]...))
	})
	w.gfNoNext = w.sysGF(th, "NO-NEXT-METHOD", "(GENERIC-FUNCTION METHOD &REST ARGS)")
	w.sysMethod(th, w.gfNoNext, []Specializer{t, t}, func(th *rt.Thread, args []rt.Value, next []*Method) rt.Value {
		return closError(th, "There is no next method for the generic function~%  ~S~%when called from method~%  ~S~%with arguments~%  ~S.~%See also:~%  The ANSI Standard, Section 7.6.6.2",
			args[0], args[1], rt.List(args[2:]...))
	})
	w.invalidate()
}

func opName(op rt.Value) string {
	if s, ok := op.(*rt.Symbol); ok {
		return s.Name
	}
	return ""
}

func instanceArg(th *rt.Thread, v rt.Value) *rt.Instance {
	inst, ok := v.(*rt.Instance)
	if !ok {
		th.TypeError(v, th.Img.CLSym("STANDARD-OBJECT"))
	}
	return inst
}

// notifyDefinition records where a definition comes from and tells the
// MCP server's definition hook about it.
func notifyDefinition(th *rt.Thread, name rt.Value, kind string) {
	eval.NotifyDefinition(th, name, kind)
}

// --- PRINT-OBJECT ---

// defaultPrintObject is the system PRINT-OBJECT method: the printer's own
// representation.
func (w *world) defaultPrintObject(th *rt.Thread, args []rt.Value, next []*Method) rt.Value {
	obj := args[0]
	s := th.OutputStream(args[1])
	if inst, ok := obj.(*rt.Instance); ok && isStandard(inst.Class) {
		printer.PrintUnreadable(th, obj, s, true, true, nil)
		th.SetSingle()
		return obj
	}
	w.printing = append(w.printing, obj)
	n := len(w.printing)
	d := th.SpecialDepth()
	// The printer already printed any #n= label of obj.
	th.BindSpecial(th.Img.S.PrintCircle, rt.NIL)
	printer.Write(th, obj, s)
	th.UnbindTo(d)
	w.printing = w.printing[:n-1]
	th.SetSingle()
	return obj
}

// printHook is the printer's PRINT-OBJECT hook: it calls the generic
// function when a user method applies to v.
func (w *world) printHook(th *rt.Thread, v rt.Value, s rt.Stream) bool {
	gf := w.gfPrintObject
	if gf == nil || onlySystem(gf) {
		return false
	}
	for _, p := range w.printing {
		if p == v {
			return false
		}
	}
	user := false
	for _, m := range gf.methods {
		if m.goFn == nil && w.applicable(m, []rt.Value{v, s}) {
			user = true
			break
		}
	}
	if !user {
		return false
	}
	gf.Call(th, []rt.Value{v, s})
	return true
}
