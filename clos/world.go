// Package clos is golem's object system (CLHS chapter 7): classes defined by
// DEFCLASS, built-in classes for the standard types, instances, generic
// functions with standard and short-form method combination, a dispatch
// cache, PRINT-OBJECT, DESCRIBE and DOCUMENTATION. It also provides DEFTYPE.
//
// Design (after Closette, AMOP): a class is a runtime.Class whose Extra holds
// a *classInfo for DEFCLASS classes; an instance is a runtime.Instance whose
// slot vector follows the class's effective slots. Each instance slot vector
// carries, just past its length (in its capacity), the *layout it was made
// with, so a class redefinition can update instances lazily the next time
// CLOS touches them. A generic function is a Go value implementing
// runtime.Function; it caches one effective method closure per tuple of
// classes of its specialized arguments and clears the cache whenever a
// method, a class or the class hierarchy changes (an image-wide epoch).
//
// Everything is registered from Go: builtins with runtime.Register, the
// macros (DEFCLASS, DEFGENERIC, DEFMETHOD, ...) as Go expanders and the
// classes and system generic functions by a setup step, so an image needs no
// Lisp source to be loaded.
package clos

import (
	"context"

	rt "github.com/golem-lisp/golem/runtime"
)

// world is the per-image state of the object system.
type world struct {
	img *rt.Image
	// epoch changes whenever dispatch caches may be stale.
	epoch uint64

	// Built-in classes used by class-of and by the system methods.
	tClass, standardObject, structureObject, condition, classClass,
	standardClass, builtInClass, structureClass, conditionClass, forwardClass,
	function, genericFunction, standardGF, method, standardMethod,
	methodCombination, eqlSpecializerClass *rt.Class
	fixnum, bignum, ratio, singleFloat, doubleFloat, complex, character,
	symbol, null, cons, str, simpleString, vector, simpleVector, bitVector,
	simpleBitVector, array, simpleArray, hashTable, pkg, stream, stringStream,
	fileStream, twoWayStream, broadcastStream, synonymStream, restart *rt.Class

	// eqls interns EQL specializers by object.
	eqls []*EqlSpecializer
	// forward holds classes referred to as superclasses before their definition.
	forward map[*rt.Symbol]*rt.Class
	// docs holds documentation strings set for (name, doc-type) pairs.
	docs map[docKey]rt.Value
	// docStrings interns documentation strings read from Go fields.
	docStrings map[string]*rt.String
	// combos holds the method combination types by name.
	combos map[*rt.Symbol]*comboType

	// System generic functions called from Go.
	gfPrintObject, gfInitializeInstance, gfReinitializeInstance, gfSharedInitialize,
	gfAllocateInstance, gfMakeInstance, gfSlotUnbound, gfSlotMissing, gfNoApplicable,
	gfNoNext, gfDescribeObject, gfChangeClass, gfUpdateDifferent,
	gfUpdateRedefined *GF

	// printing lists the objects whose default PRINT-OBJECT method is running,
	// so the printer's hook lets the printer handle them.
	printing []rt.Value
	// typeTh is a thread used where the runtime gives no thread (class-of).
	typeTh *rt.Thread
	// deftypes maps type names to expanders (functions of the whole form).
	deftypes map[*rt.Symbol]rt.Value
	// condAccessors holds, by condition class name, the reader and writer
	// methods DEFINE-CONDITION added, which a redefinition replaces.
	condAccessors map[*rt.Symbol][]*Method

	// Symbols used from Go.
	kwInitform, kwInitfunction, kwInitargs, kwReaders, kwWriters, kwAllocation,
	kwType, kwDocumentation, kwClass, kwInstance, kwDefaultInitargs, kwMetaclass,
	kwAround, kwBefore, kwAfter, kwInitconst, kwName, kwAllowOtherKeys *rt.Symbol
	symStandard, symCallNextMethod, symNextMethodP *rt.Symbol
}

type worldKey struct{}

type docKey struct {
	name rt.Value
	setf bool
	kind *rt.Symbol
}

func getWorld(img *rt.Image) *world {
	w, _ := img.Extra[worldKey{}].(*world)
	return w
}

// wOf returns the object system state of th's image.
func wOf(th *rt.Thread) *world { return getWorld(th.Img) }

// invalidate makes every dispatch cache of the image stale.
func (w *world) invalidate() { w.epoch++ }

func init() {
	rt.RegisterSetup(50, setupWorld)
	rt.RegisterSetup(51, setupSystemGFs)
	rt.RegisterSetup(52, setupMacros)
}

func setupWorld(img *rt.Image) {
	w := &world{img: img, forward: map[*rt.Symbol]*rt.Class{}, docs: map[docKey]rt.Value{},
		deftypes: map[*rt.Symbol]rt.Value{}, condAccessors: map[*rt.Symbol][]*Method{}, epoch: 1}
	img.Extra[worldKey{}] = w
	w.typeTh = rt.NewThread(img, context.Background(), rt.Limits{})
	kw := img.Kw
	w.kwInitform, w.kwInitfunction, w.kwInitargs = kw("INITFORM"), kw("INITFUNCTION"), kw("INITARGS")
	w.kwReaders, w.kwWriters, w.kwAllocation = kw("READERS"), kw("WRITERS"), kw("ALLOCATION")
	w.kwType, w.kwDocumentation, w.kwClass, w.kwInstance = kw("TYPE"), kw("DOCUMENTATION"), kw("CLASS"), kw("INSTANCE")
	w.kwDefaultInitargs, w.kwMetaclass = kw("DEFAULT-INITARGS"), kw("METACLASS")
	w.kwAround, w.kwBefore, w.kwAfter = kw("AROUND"), kw("BEFORE"), kw("AFTER")
	w.kwInitconst, w.kwName, w.kwAllowOtherKeys = kw("INITCONST"), kw("NAME"), kw("ALLOW-OTHER-KEYS")
	w.symStandard = img.CLSym("STANDARD")
	w.symCallNextMethod, w.symNextMethodP = img.CLSym("CALL-NEXT-METHOD"), img.CLSym("NEXT-METHOD-P")
	w.makeBuiltinClasses()
	w.setupCombinations()
	img.SetBuiltinClassOf(w.builtinClassOf)
	img.SetTypeHook(w.typeHook)
	w.defineErrorClasses()
}

// builtin creates (or finds) a built-in class named by a COMMON-LISP symbol.
func (w *world) builtin(name string, kind rt.ClassKind, supers ...*rt.Class) *rt.Class {
	sym := w.img.CLSym(name)
	if c := w.img.Classes[sym]; c != nil {
		return c
	}
	c := &rt.Class{Name: sym, Kind: kind, Supers: supers}
	c.CPL = rt.LinearizeNewCPL(c)
	c.Finalize()
	c.Extra = &classInfo{finalized: true, system: true}
	w.img.Classes[sym] = c
	return c
}

func (w *world) makeBuiltinClasses() {
	b := func(name string, supers ...*rt.Class) *rt.Class { return w.builtin(name, rt.BuiltInClass, supers...) }
	std := func(name string, supers ...*rt.Class) *rt.Class { return w.builtin(name, rt.StandardClass, supers...) }
	w.tClass = b("T")
	w.standardObject = std("STANDARD-OBJECT", w.tClass)
	// STRUCTURE-OBJECT may exist already when a structure was defined first.
	so := w.img.CLSym("STRUCTURE-OBJECT")
	if c := w.img.Classes[so]; c != nil {
		c.Supers = []*rt.Class{w.tClass}
		c.CPL = nil
		c.Finalize()
		w.structureObject = c
	} else {
		w.structureObject = w.builtin("STRUCTURE-OBJECT", rt.StructureClass, w.tClass)
		w.structureObject.Extra = nil
	}
	// Condition classes were made by package conditions without T at the
	// top of their precedence lists: put it there.
	w.condition = w.img.Classes[w.img.S.Condition]
	if w.condition != nil {
		w.condition.Supers = []*rt.Class{w.tClass}
		seen := map[*rt.Class]bool{}
		for _, c := range w.img.Classes {
			if c.Kind == rt.ConditionClass && !seen[c] {
				seen[c] = true
				c.CPL = rt.LinearizeCPL(c)
			}
		}
	}
	w.classClass = std("CLASS", w.standardObject)
	w.builtInClass = std("BUILT-IN-CLASS", w.classClass)
	w.standardClass = std("STANDARD-CLASS", w.classClass)
	w.structureClass = std("STRUCTURE-CLASS", w.classClass)
	w.conditionClass = w.golemClass("CONDITION-CLASS", w.classClass)
	w.forwardClass = w.golemClass("FORWARD-REFERENCED-CLASS", w.classClass)
	w.eqlSpecializerClass = w.golemClass("EQL-SPECIALIZER", w.standardObject)
	w.function = b("FUNCTION", w.tClass)
	w.genericFunction = std("GENERIC-FUNCTION", w.function, w.standardObject)
	w.standardGF = std("STANDARD-GENERIC-FUNCTION", w.genericFunction)
	w.method = std("METHOD", w.standardObject)
	w.standardMethod = std("STANDARD-METHOD", w.method)
	w.methodCombination = std("METHOD-COMBINATION", w.standardObject)

	w.symbol = b("SYMBOL", w.tClass)
	sequence := b("SEQUENCE", w.tClass)
	list := b("LIST", sequence)
	w.cons = b("CONS", list)
	w.null = b("NULL", w.symbol, list)
	w.array = b("ARRAY", w.tClass)
	w.simpleArray = b("SIMPLE-ARRAY", w.array)
	w.vector = b("VECTOR", w.array, sequence)
	w.simpleVector = b("SIMPLE-VECTOR", w.vector, w.simpleArray)
	w.str = b("STRING", w.vector)
	w.simpleString = b("SIMPLE-STRING", w.str, w.simpleArray)
	baseString := b("BASE-STRING", w.str)
	b("SIMPLE-BASE-STRING", baseString, w.simpleString)
	w.bitVector = b("BIT-VECTOR", w.vector)
	w.simpleBitVector = b("SIMPLE-BIT-VECTOR", w.bitVector, w.simpleArray)
	number := b("NUMBER", w.tClass)
	w.complex = b("COMPLEX", number)
	real := b("REAL", number)
	rational := b("RATIONAL", real)
	integer := b("INTEGER", rational)
	w.fixnum = b("FIXNUM", integer)
	w.bignum = b("BIGNUM", integer)
	w.ratio = b("RATIO", rational)
	float := b("FLOAT", real)
	w.singleFloat = b("SINGLE-FLOAT", float)
	w.doubleFloat = b("DOUBLE-FLOAT", float)
	w.character = b("CHARACTER", w.tClass)
	w.hashTable = b("HASH-TABLE", w.tClass)
	w.pkg = b("PACKAGE", w.tClass)
	b("RANDOM-STATE", w.tClass)
	b("READTABLE", w.tClass)
	pathname := b("PATHNAME", w.tClass)
	b("LOGICAL-PATHNAME", pathname)
	w.restart = b("RESTART", w.tClass)
	w.stream = b("STREAM", w.tClass)
	w.stringStream = b("STRING-STREAM", w.stream)
	w.fileStream = b("FILE-STREAM", w.stream)
	w.twoWayStream = b("TWO-WAY-STREAM", w.stream)
	b("ECHO-STREAM", w.stream)
	b("CONCATENATED-STREAM", w.stream)
	w.broadcastStream = b("BROADCAST-STREAM", w.stream)
	w.synonymStream = b("SYNONYM-STREAM", w.stream)
}

// golemClass makes a standard class named in package GOLEM.
func (w *world) golemClass(name string, supers ...*rt.Class) *rt.Class {
	sym := w.img.Intern("GOLEM", name)
	c := &rt.Class{Name: sym, Kind: rt.StandardClass, Supers: supers}
	c.Finalize()
	c.Extra = &classInfo{finalized: true, system: true}
	w.img.Classes[sym] = c
	return c
}

// builtinClassOf maps a value that is not an instance to its class.
func (w *world) builtinClassOf(v rt.Value) *rt.Class {
	switch x := v.(type) {
	case rt.Fixnum:
		return w.fixnum
	case *rt.Cons:
		return w.cons
	case *rt.Symbol:
		if x == rt.NIL {
			return w.null
		}
		return w.symbol
	case *rt.String:
		if x.IsSimple() {
			return w.simpleString
		}
		return w.str
	case rt.DoubleFloat:
		return w.doubleFloat
	case rt.SingleFloat:
		return w.singleFloat
	case *rt.Bignum:
		return w.bignum
	case *rt.Ratio:
		return w.ratio
	case *rt.Complex:
		return w.complex
	case rt.Char:
		return w.character
	case *rt.Vector:
		if x.IsSimple() {
			return w.simpleVector
		}
		if x.ElemType == rt.NIL { // a string (CLHS STRING)
			if w.img.IsSimpleString(x) {
				return w.simpleString
			}
			return w.str
		}
		return w.vector
	case *rt.BitVector:
		if !x.HasFill && !x.Adjustable {
			return w.simpleBitVector
		}
		return w.bitVector
	case *rt.Array:
		if len(x.Dims) == 1 {
			if w.img.IsString(x) {
				return w.str
			}
			return w.vector
		}
		if !x.Adjustable && !x.Displaced && !x.HasFill {
			return w.simpleArray
		}
		return w.array
	case *rt.HashTable:
		return w.hashTable
	case *rt.Package:
		return w.pkg
	case *GF:
		if x.class != nil {
			return x.class
		}
		return w.standardGF
	case *Method:
		return w.standardMethod
	case *EqlSpecializer:
		return w.eqlSpecializerClass
	case *rt.Class:
		return w.metaclassOf(x)
	case *rt.Restart:
		return w.restart
	case *rt.StringInputStream, *rt.StringOutputStream:
		return w.stringStream
	case *rt.TwoWayStream:
		return w.twoWayStream
	case *rt.BroadcastStream:
		return w.broadcastStream
	case *rt.SynonymStream:
		return w.synonymStream
	case rt.Function:
		return w.function
	}
	// Objects of other packages (readtables, pathnames, ...): the class
	// named by their type.
	if t, ok := w.typeTh.TypeOf(v).(*rt.Symbol); ok {
		if c := w.img.Classes[t]; c != nil {
			return c
		}
	}
	if _, ok := v.(rt.Stream); ok {
		return w.stream
	}
	return w.tClass
}

// metaclassOf returns the class of a class.
func (w *world) metaclassOf(c *rt.Class) *rt.Class {
	switch c.Kind {
	case rt.BuiltInClass:
		return w.builtInClass
	case rt.StructureClass:
		return w.structureClass
	case rt.ConditionClass:
		return w.conditionClass
	}
	if ci := infoOf(c); ci != nil && ci.forward {
		return w.forwardClass
	}
	return w.standardClass
}

// classOf returns the class of any value, updating obsolete instances first.
func (w *world) classOf(v rt.Value) *rt.Class {
	if inst, ok := v.(*rt.Instance); ok {
		return inst.Class
	}
	return w.builtinClassOf(v)
}

// defineErrorClasses makes the condition classes CLOS signals. Their names
// start with SIMPLE- in package GOLEM so responses name them by the standard
// type they specialise (ERROR, CELL-ERROR), as SBCL's internal classes are.
func (w *world) defineErrorClasses() {
	img := w.img
	simple := img.Classes[img.CLSym("SIMPLE-CONDITION")]
	for _, spec := range [][2]string{{"SIMPLE-CLOS-ERROR", "ERROR"}, {"SIMPLE-CELL-ERROR", "CELL-ERROR"}} {
		sym := img.Intern("GOLEM", spec[0])
		if img.Classes[sym] != nil || simple == nil {
			continue
		}
		super := img.Classes[img.CLSym(spec[1])]
		c := &rt.Class{Name: sym, Kind: rt.ConditionClass, Supers: []*rt.Class{simple, super}}
		c.CPL = rt.LinearizeCPL(c)
		for i := len(c.CPL) - 1; i >= 1; i-- {
			for _, sd := range c.CPL[i].Slots {
				if !hasSlotNamed(c.Slots, sd.Name) {
					cp := *sd
					c.Slots = append(c.Slots, &cp)
				}
			}
		}
		c.Finalize()
		img.Classes[sym] = c
	}
}

func hasSlotNamed(slots []*rt.SlotDef, name *rt.Symbol) bool {
	for _, s := range slots {
		if s.Name == name {
			return true
		}
	}
	return false
}

// closError signals an ERROR (shown as ERROR) with a format control.
func closError(th *rt.Thread, control string, args ...rt.Value) rt.Value {
	return th.Error(th.MakeCondition("GOLEM:SIMPLE-CLOS-ERROR", th.Img.Kw("FORMAT-CONTROL"), rt.NewString(control),
		th.Img.Kw("FORMAT-ARGUMENTS"), rt.List(args...)))
}
