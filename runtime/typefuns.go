package runtime

import (
	"math"
	"math/big"
)

// sbclFixnumMax is SBCL's MOST-POSITIVE-FIXNUM, used so TYPE-OF answers as SBCL does.
const sbclFixnumMax = 4611686018427387903

// LispTyped is implemented by Go types that stand for a standard Lisp type
// (e.g. the reader's readtables): TYPE-OF and TYPEP use the name.
type LispTyped interface {
	// LispType returns the name of a COMMON-LISP type symbol, e.g. "READTABLE".
	LispType() string
}

// checkTypepSpec signals the error of TYPEP given VALUES, a VALUES type or
// a FUNCTION type with arguments, which denote no set of objects (CLHS
// TYPEP: "any type specifier except values, or a type specifier list whose
// first element is either function or values").
func (th *Thread) checkTypepSpec(spec Value) {
	head := spec
	if c, ok := spec.(*Cons); ok {
		head = c.Car
		if head == th.Img.S.Function {
			th.SimpleError("The FUNCTION type specifier ~S is illegal for TYPEP.", spec)
		}
	}
	if head == th.Img.S.Values {
		th.SimpleError("The VALUES type specifier ~S is illegal for TYPEP.", spec)
	}
}

// TypeOf implements TYPE-OF with SBCL's answers.
func (th *Thread) TypeOf(v Value) Value {
	img := th.Img
	c := img.CLSym
	if lt, ok := v.(LispTyped); ok {
		return c(lt.LispType())
	}
	switch x := v.(type) {
	case *Symbol:
		switch {
		case x == NIL:
			return c("NULL")
		case x == T:
			return c("BOOLEAN")
		case IsKeyword(x):
			return c("KEYWORD")
		}
		return c("SYMBOL")
	case Fixnum:
		switch {
		case x == 0 || x == 1:
			return c("BIT")
		case x > sbclFixnumMax:
			// A fixnum here but a bignum in SBCL: a range within golem's
			// fixnums, so the type is a subtype of every built-in type x
			// belongs to (CLHS TYPE-OF 1.a).
			return List(c("INTEGER"), MakeInt(sbclFixnumMax+1), MakeInt(math.MaxInt64))
		case x > 1:
			return List(c("INTEGER"), MakeInt(0), MakeInt(sbclFixnumMax))
		case x < -sbclFixnumMax-1:
			return List(c("INTEGER"), MakeInt(math.MinInt64), MakeInt(-sbclFixnumMax-2))
		}
		return c("FIXNUM")
	case *Bignum:
		if x.Int.Sign() > 0 {
			return List(c("INTEGER"), MakeBigInt(new(big.Int).Add(big.NewInt(math.MaxInt64), big.NewInt(1))))
		}
		return c("BIGNUM") // as SBCL names negative bignums
	case *Ratio:
		return c("RATIO")
	case SingleFloat:
		return c("SINGLE-FLOAT")
	case DoubleFloat:
		return c("DOUBLE-FLOAT")
	case *Complex:
		if IsRational(x.Real) {
			return List(c("COMPLEX"), c("RATIONAL"))
		}
		return List(c("COMPLEX"), th.TypeOf(x.Real))
	case Char:
		if x == '\n' || (x >= 32 && x < 127) {
			return c("STANDARD-CHAR")
		}
		if x < 256 {
			return c("BASE-CHAR")
		}
		return c("EXTENDED-CHAR")
	case *Cons:
		return c("CONS")
	case *String, *Vector, *BitVector, *Array:
		return ArrayTypeOf(img, v)
	case *HashTable:
		return c("HASH-TABLE")
	case *Package:
		return c("PACKAGE")
	case *Instance:
		// The class itself when it has no proper name (CLHS TYPE-OF 1.c).
		if name := x.Class.Name; name != nil && name != NIL && img.Classes[name] == x.Class {
			return name
		}
		return x.Class
	case *Class:
		switch x.Kind {
		case StructureClass:
			return img.Intern("GOLEM", "STRUCTURE-CLASS")
		case BuiltInClass:
			return c("BUILT-IN-CLASS")
		}
		return c("STANDARD-CLASS")
	case *Restart:
		return c("RESTART")
	case Function:
		return c("COMPILED-FUNCTION")
	case *StringInputStream, *StringOutputStream:
		return c("STRING-STREAM")
	case *TwoWayStream:
		return c("TWO-WAY-STREAM")
	case *BroadcastStream:
		return c("BROADCAST-STREAM")
	case *SynonymStream:
		return c("SYNONYM-STREAM")
	case Stream:
		return c("FILE-STREAM")
	}
	if f, ok := img.Extra[typeOfKey{}].(func(Value) Value); ok {
		if t := f(v); t != nil {
			return t
		}
	}
	return T
}

type typeOfKey struct{}

// SetTypeOfHook lets other packages name the types of their own Go values.
func (img *Image) SetTypeOfHook(f func(Value) Value) { img.Extra[typeOfKey{}] = f }

func init() {
	Register(
		Def{Name: "TYPE-OF", Min: 1, Max: 1, Params: "(OBJECT)", Fn: func(th *Thread, args []Value) Value {
			return th.TypeOf(args[0])
		}},
		Def{Name: "TYPEP", Min: 2, Max: 3, Params: "(OBJECT TYPE-SPECIFIER &OPTIONAL ENVIRONMENT)", Fn: func(th *Thread, args []Value) Value {
			th.checkTypepSpec(args[1])
			return Bool(th.TypeP(args[0], args[1]))
		}},
	)
}
