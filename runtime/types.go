package runtime

import "math/big"

// TypeP reports whether v is of the type named by spec. Unknown type
// specifiers are treated by the TypeHook (deftype, CLOS) when set.
func (th *Thread) TypeP(v Value, spec Value) bool {
	switch s := spec.(type) {
	case *Symbol:
		return th.typepSymbol(v, s)
	case *Class:
		return th.ClassOf(v).IsSubclassOf(s)
	case *Cons:
		return th.typepCompound(v, s)
	}
	return false
}

// TypeHook, when set on an Image, expands user-defined type specifiers
// (deftype). It returns the expansion and true, or false when spec is unknown.
type TypeHook func(th *Thread, spec Value) (Value, bool)

func (th *Thread) typepSymbol(v Value, s *Symbol) bool {
	if s.Pkg == th.Img.CL || s == NIL || s == T {
		if r, known := th.builtinTypeP(v, s.Name); known {
			return r
		}
	}
	if c := th.Img.Classes[s]; c != nil {
		return th.ClassOf(v).IsSubclassOf(c)
	}
	if h, ok := th.Img.Extra[typeHookKey{}].(TypeHook); ok {
		if exp, ok := h(th, s); ok {
			return th.TypeP(v, exp)
		}
	}
	return false
}

type typeHookKey struct{}

// SetTypeHook installs the expander for user-defined types.
func (img *Image) SetTypeHook(h TypeHook) { img.Extra[typeHookKey{}] = h }

func (th *Thread) typepCompound(v Value, s *Cons) bool {
	head, _ := s.Car.(*Symbol)
	args := ListToSlice(s.Cdr)
	if head != nil && head.Pkg == th.Img.CL {
		switch head.Name {
		case "AND":
			for _, a := range args {
				if !th.TypeP(v, a) {
					return false
				}
			}
			return true
		case "OR":
			for _, a := range args {
				if th.TypeP(v, a) {
					return true
				}
			}
			return false
		case "NOT":
			return len(args) == 1 && !th.TypeP(v, args[0])
		case "MEMBER":
			for _, a := range args {
				if Eql(v, a) {
					return true
				}
			}
			return false
		case "EQL":
			return len(args) == 1 && Eql(v, args[0])
		case "SATISFIES":
			return len(args) == 1 && th.Call(args[0], v) != NIL
		case "CONS":
			c, ok := v.(*Cons)
			if !ok {
				return false
			}
			if len(args) > 0 && !isStar(args[0]) && !th.TypeP(c.Car, args[0]) {
				return false
			}
			return len(args) < 2 || isStar(args[1]) || th.TypeP(c.Cdr, args[1])
		case "INTEGER", "RATIONAL", "REAL", "FLOAT", "SINGLE-FLOAT", "DOUBLE-FLOAT", "SHORT-FLOAT", "LONG-FLOAT":
			if !th.typepSymbol(v, head) {
				return false
			}
			return inRange(v, args)
		case "MOD":
			return th.typepSymbol(v, th.Img.S.Integer) && len(args) == 1 &&
				Compare(v, MakeInt(0)) >= 0 && Compare(v, args[0]) < 0
		case "UNSIGNED-BYTE":
			if !th.typepSymbol(v, th.Img.S.Integer) || Compare(v, MakeInt(0)) < 0 {
				return false
			}
			return len(args) == 0 || isStar(args[0]) || IntegerLength(v) <= int(toInt(args[0]))
		case "SIGNED-BYTE":
			if !th.typepSymbol(v, th.Img.S.Integer) {
				return false
			}
			return len(args) == 0 || isStar(args[0]) || IntegerLength(v) < int(toInt(args[0]))
		case "VALUES":
			return len(args) > 0 && th.TypeP(v, args[0])
		case "FUNCTION":
			return th.typepSymbol(v, head)
		case "COMPLEX":
			// Both parts of the part type: golem's complexes upgrade no part
			// type, as SBCL's UPGRADED-COMPLEX-PART-TYPE answers.
			cx, ok := v.(*Complex)
			if !ok || len(args) == 0 || isStar(args[0]) {
				return ok
			}
			return th.TypeP(cx.Real, args[0]) && th.TypeP(cx.Imag, args[0])
		case "ARRAY", "SIMPLE-ARRAY", "VECTOR", "SIMPLE-VECTOR", "STRING", "SIMPLE-STRING",
			"BASE-STRING", "SIMPLE-BASE-STRING", "BIT-VECTOR", "SIMPLE-BIT-VECTOR":
			if !th.typepSymbol(v, head) {
				return false
			}
			return th.arrayShapeMatches(v, head.Name, args)
		}
	}
	if h, ok := th.Img.Extra[typeHookKey{}].(TypeHook); ok {
		if exp, ok := h(th, s); ok {
			return th.TypeP(v, exp)
		}
	}
	return false
}

func (th *Thread) arrayShapeMatches(v Value, kind string, args []Value) bool {
	var dimSpec Value
	switch kind {
	case "ARRAY", "SIMPLE-ARRAY":
		if len(args) > 0 && !isStar(args[0]) && !th.elementTypeMatches(v, args[0]) {
			return false
		}
		if len(args) > 1 {
			dimSpec = args[1]
		}
	case "VECTOR":
		if len(args) > 0 && !isStar(args[0]) && !th.elementTypeMatches(v, args[0]) {
			return false
		}
		if len(args) > 1 {
			dimSpec = List(args[1])
		}
	default:
		if len(args) > 0 {
			dimSpec = List(args[0])
		}
	}
	if dimSpec == nil || isStar(dimSpec) {
		return true
	}
	dims := arrayCapacityDims(v)
	if n, ok := dimSpec.(Fixnum); ok {
		return len(dims) == int(n)
	}
	ds := ListToSlice(dimSpec)
	if len(ds) != len(dims) {
		return false
	}
	for i, d := range ds {
		if !isStar(d) && toInt(d) != int64(dims[i]) {
			return false
		}
	}
	return true
}

func (th *Thread) elementTypeMatches(v Value, et Value) bool {
	return SameElementType(ArrayElementType(th.Img, v), th.UpgradedArrayElementType(et))
}

// ArrayElementType returns the (upgraded) element type of an array value.
func ArrayElementType(img *Image, v Value) Value {
	switch a := v.(type) {
	case *String:
		if a.Base {
			return img.CLSym("BASE-CHAR")
		}
		return img.S.Character
	case *BitVector:
		return img.CLSym("BIT")
	case *Vector:
		if a.ElemType != nil {
			return a.ElemType
		}
		return T
	case *Array:
		if a.ElemType != nil {
			return a.ElemType
		}
		return ArrayElementType(img, a.Data)
	}
	return T
}

// ArrayDims returns the dimensions of an array value (nil for non-arrays).
func ArrayDims(v Value) []int {
	switch a := v.(type) {
	case *String:
		return []int{len(a.Runes())}
	case *Vector:
		return []int{len(a.Active())}
	case *BitVector:
		return []int{len(a.Active())}
	case *Array:
		return a.Dims
	}
	return nil
}

// arrayCapacityDims returns the dimensions used by array type specifiers,
// which count a vector's whole storage, not just its fill pointer.
func arrayCapacityDims(v Value) []int {
	switch a := v.(type) {
	case *String:
		return []int{len(a.R)}
	case *Vector:
		return []int{len(a.Items)}
	case *BitVector:
		return []int{len(a.Bits)}
	}
	return ArrayDims(v)
}

func isStar(v Value) bool {
	s, ok := v.(*Symbol)
	return ok && s.Name == "*" && s.Pkg != nil && s.Pkg.Name == "COMMON-LISP"
}

func toInt(v Value) int64 {
	if n, ok := v.(Fixnum); ok {
		return int64(n)
	}
	return 1 << 62
}

func inRange(v Value, args []Value) bool {
	if len(args) > 0 && !isStar(args[0]) {
		if l, ok := args[0].(*Cons); ok {
			if Compare(v, l.Car) <= 0 {
				return false
			}
		} else if Compare(v, args[0]) < 0 {
			return false
		}
	}
	if len(args) > 1 && !isStar(args[1]) {
		if h, ok := args[1].(*Cons); ok {
			if Compare(v, h.Car) >= 0 {
				return false
			}
		} else if Compare(v, args[1]) > 0 {
			return false
		}
	}
	return true
}

// builtinTypeP answers typep for the standard atomic type names; known is
// false for names it does not cover.
func (th *Thread) builtinTypeP(v Value, name string) (result, known bool) {
	if lt, ok := v.(LispTyped); ok && lt.LispType() == name {
		return true, true
	}
	switch name {
	case "PATHNAME":
		_, ok := v.(*Pathname)
		return ok, true
	case "LOGICAL-PATHNAME":
		p, ok := v.(*Pathname)
		return ok && p.IsLogical(), true
	case "READTABLE", "RESTART", "RANDOM-STATE":
		if r, ok := v.(*Restart); ok && r != nil {
			return name == "RESTART", true
		}
		return false, true
	case "T":
		return true, true
	case "NIL":
		return false, true
	case "NULL":
		return v == NIL, true
	case "SYMBOL":
		_, ok := v.(*Symbol)
		return ok, true
	case "KEYWORD":
		return IsKeyword(v), true
	case "BOOLEAN":
		return v == NIL || v == T, true
	case "CONS":
		_, ok := v.(*Cons)
		return ok, true
	case "LIST":
		return IsList(v), true
	case "ATOM":
		_, ok := v.(*Cons)
		return !ok, true
	case "NUMBER":
		return IsNumber(v), true
	case "REAL":
		return IsReal(v), true
	case "RATIONAL":
		return IsRational(v), true
	case "INTEGER":
		return IsInteger(v), true
	case "FIXNUM":
		_, ok := v.(Fixnum)
		return ok, true
	case "BIGNUM":
		_, ok := v.(*Bignum)
		return ok, true
	case "BIT":
		n, ok := v.(Fixnum)
		return ok && (n == 0 || n == 1), true
	case "RATIO":
		_, ok := v.(*Ratio)
		return ok, true
	case "FLOAT":
		return IsFloat(v), true
	case "SINGLE-FLOAT", "SHORT-FLOAT":
		_, ok := v.(SingleFloat)
		return ok, true
	case "DOUBLE-FLOAT", "LONG-FLOAT":
		_, ok := v.(DoubleFloat)
		return ok, true
	case "COMPLEX":
		_, ok := v.(*Complex)
		return ok, true
	case "CHARACTER":
		_, ok := v.(Char)
		return ok, true
	case "BASE-CHAR":
		c, ok := v.(Char)
		return ok && c < baseCharLimit, true
	case "STANDARD-CHAR":
		c, ok := v.(Char)
		return ok && (c == '\n' || (c >= 32 && c < 127)), true
	case "EXTENDED-CHAR":
		c, ok := v.(Char)
		return ok && c >= 256, true
	case "STRING":
		return th.IsString(v), true
	case "BASE-STRING":
		return th.IsString(v) && ArrayElementType(th.Img, v) == th.Img.CLSym("BASE-CHAR"), true
	case "SIMPLE-STRING":
		return th.Img.IsSimpleString(v), true
	case "SIMPLE-BASE-STRING":
		s, ok := v.(*String)
		return ok && s.Base && s.IsSimple(), true
	case "VECTOR":
		switch a := v.(type) {
		case *String, *Vector, *BitVector:
			return true, true
		case *Array:
			return len(a.Dims) == 1, true
		}
		return false, true
	case "SIMPLE-VECTOR":
		vec, ok := v.(*Vector)
		return ok && vec.IsSimple(), true
	case "BIT-VECTOR":
		switch a := v.(type) {
		case *BitVector:
			return true, true
		case *Array:
			// A displaced one-dimensional array of element type BIT.
			return len(a.Dims) == 1 && ArrayElementType(th.Img, a) == th.Img.CLSym("BIT"), true
		}
		return false, true
	case "SIMPLE-BIT-VECTOR":
		b, ok := v.(*BitVector)
		return ok && !b.HasFill && !b.Adjustable, true
	case "ARRAY":
		switch v.(type) {
		case *String, *Vector, *BitVector, *Array:
			return true, true
		}
		return false, true
	case "SIMPLE-ARRAY":
		switch a := v.(type) {
		case *String:
			return a.IsSimple(), true
		case *Vector:
			return !a.HasFill && !a.Adjustable, true
		case *BitVector:
			return !a.HasFill && !a.Adjustable, true
		case *Array:
			return !a.Adjustable && !a.Displaced && !a.HasFill, true
		}
		return false, true
	case "SEQUENCE":
		if IsList(v) {
			return true, true
		}
		return th.builtinTypeP(v, "VECTOR")
	case "FUNCTION", "COMPILED-FUNCTION":
		_, ok := v.(Function)
		return ok, true
	case "HASH-TABLE":
		_, ok := v.(*HashTable)
		return ok, true
	case "PACKAGE":
		_, ok := v.(*Package)
		return ok, true
	case "STREAM":
		_, ok := v.(Stream)
		return ok, true
	case "STRING-STREAM":
		switch v.(type) {
		case *StringInputStream, *StringOutputStream:
			return true, true
		}
		return false, true
	}
	return false, false
}

// ClassOf returns the class of any value. Built-in classes are created by the
// CLOS setup; before that, ClassOf returns the class of T for non-instances.
func (th *Thread) ClassOf(v Value) *Class {
	if inst, ok := v.(*Instance); ok {
		return inst.Class
	}
	if f, ok := th.Img.Extra[classOfKey{}].(func(Value) *Class); ok {
		return f(v)
	}
	if c := th.Img.Classes[T]; c != nil {
		return c
	}
	return &Class{Name: T}
}

type classOfKey struct{}

// SetBuiltinClassOf installs the function mapping non-instance values to their
// built-in classes.
func (img *Image) SetBuiltinClassOf(f func(Value) *Class) { img.Extra[classOfKey{}] = f }

// Eql implements EQL.
func Eql(a, b Value) bool {
	switch x := a.(type) {
	case Fixnum, *Symbol, *Cons, Char:
		return a == b
	case *Bignum:
		y, ok := b.(*Bignum)
		return ok && x.Int.Cmp(y.Int) == 0
	case *Ratio:
		y, ok := b.(*Ratio)
		return ok && x.Rat.Cmp(y.Rat) == 0
	case *Complex:
		y, ok := b.(*Complex)
		return ok && Eql(x.Real, y.Real) && Eql(x.Imag, y.Imag)
	case SingleFloat, DoubleFloat:
		// Floats are EQL when they have the same representation: 0.0 and
		// -0.0 differ, and a NaN is EQL to itself.
		return Eq(a, b)
	}
	return a == b
}

// ListToSlice returns the elements of a proper list (stopping at a dotted tail).
//
// It stops at the end of the first lap of a circular list rather than
// filling memory; code that has a Thread and takes a list from the program
// should use Thread.ListElements, which signals an error instead.
func ListToSlice(l Value) []Value {
	var out []Value
	slow := l
	for n := 1; ; n++ {
		c, ok := l.(*Cons)
		if !ok {
			return out
		}
		out = append(out, c.Car)
		l = c.Cdr
		if n&1 == 0 {
			slow = slow.(*Cons).Cdr
			if slow == l {
				return out
			}
		}
	}
}

var bigOne = big.NewInt(1)
