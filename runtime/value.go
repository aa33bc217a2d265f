// Package runtime owns golem's object model (symbols, conses, numbers,
// characters, strings, arrays, packages, functions, hash tables, streams,
// classes and instances), the per-evaluation dynamic state (Thread) and the
// standard library functions that need nothing but the object model.
//
// Every Lisp object is a Value (a Go interface). NIL and T are the two
// process-wide symbol singletons (their mutable parts live per Image); every
// other symbol belongs to exactly one Image, so two interpreters share nothing.
package runtime

import (
	"math/big"
	"unsafe"
)

// Value is any Lisp object.
type Value = any

// Fixnum is an integer that fits in a machine word.
type Fixnum int64

// Bignum is an integer outside the fixnum range. It is immutable.
type Bignum struct{ Int *big.Int }

// Ratio is a non-integral rational number, always normalized. Immutable.
type Ratio struct{ Rat *big.Rat }

// SingleFloat is a Lisp SINGLE-FLOAT.
type SingleFloat float32

// DoubleFloat is a Lisp DOUBLE-FLOAT.
type DoubleFloat float64

// Complex is a complex number whose parts are both rationals or both floats
// of one format.
type Complex struct{ Real, Imag Value }

// Char is a Lisp character: any Unicode code point.
type Char rune

// Cons is a cons cell.
type Cons struct {
	Car, Cdr Value
}

// smallInts holds pre-boxed fixnums so that common integers never allocate.
// It is filled once at start-up, before any init function runs, and never
// written again.
var smallInts [smallIntMax - smallIntMin + 1]Value

// smallIntBoxes holds the fixnums smallInts box: each of its interfaces
// points at its element here, as the Go runtime's own boxes of the
// integers below 256 point into a static table, instead of at one of
// 5,000 small heap objects allocated at every start (half the allocations
// of the package's initialisation).
var smallIntBoxes [smallIntMax - smallIntMin + 1]Fixnum

// smallIntsFilled fills smallInts in place (a function returning the 80 KB
// array would zero and copy it on the stack at every start).
var smallIntsFilled = func() bool {
	// An interface is two words: its type, and a pointer to the value.
	type eface struct{ typ, data unsafe.Pointer }
	var proto Value = Fixnum(smallIntMax + 1)
	typ := (*eface)(unsafe.Pointer(&proto)).typ
	for i := range smallInts {
		smallIntBoxes[i] = Fixnum(int64(i) + smallIntMin)
		*(*eface)(unsafe.Pointer(&smallInts[i])) = eface{typ, unsafe.Pointer(&smallIntBoxes[i])}
	}
	return true
}()

const (
	smallIntMin = -1024
	smallIntMax = 4096
)

// MakeInt returns the Lisp integer for n without allocating for small values.
func MakeInt(n int64) Value {
	if n >= smallIntMin && n <= smallIntMax {
		return smallInts[n-smallIntMin]
	}
	return Fixnum(n)
}

// MakeBigInt returns the Lisp integer for b, demoting it to a fixnum when it fits.
// b must not be modified afterwards.
func MakeBigInt(b *big.Int) Value {
	if b.IsInt64() {
		return MakeInt(b.Int64())
	}
	return &Bignum{b}
}

// MakeRat returns the Lisp rational for r (an integer when the denominator is 1).
func MakeRat(r *big.Rat) Value {
	if r.IsInt() {
		return MakeBigInt(new(big.Int).Set(r.Num()))
	}
	return &Ratio{r}
}

// Cons returns a fresh cons.
func NewCons(car, cdr Value) *Cons { return &Cons{car, cdr} }

// List builds a fresh proper list of the given elements.
func List(items ...Value) Value {
	var out Value = NIL
	for i := len(items) - 1; i >= 0; i-- {
		out = &Cons{items[i], out}
	}
	return out
}

// ListStar builds a list whose last cdr is tail.
func ListStar(tail Value, items ...Value) Value {
	out := tail
	for i := len(items) - 1; i >= 0; i-- {
		out = &Cons{items[i], out}
	}
	return out
}

// Bool converts a Go boolean to T or NIL.
func Bool(b bool) Value {
	if b {
		return T
	}
	return NIL
}

// IsList reports whether v is a cons or NIL.
func IsList(v Value) bool {
	if v == NIL {
		return true
	}
	_, ok := v.(*Cons)
	return ok
}

// ListBuilder accumulates a list in order without reversing.
type ListBuilder struct {
	head Value
	tail *Cons
}

// Add appends one element.
func (b *ListBuilder) Add(v Value) {
	c := &Cons{v, NIL}
	if b.tail == nil {
		b.head = c
	} else {
		b.tail.Cdr = c
	}
	b.tail = c
}

// SetTail makes v the cdr of the last cons (for dotted results and nconc).
func (b *ListBuilder) SetTail(v Value) {
	if b.tail == nil {
		b.head = v
		return
	}
	b.tail.Cdr = v
}

// List returns the built list (NIL when empty).
func (b *ListBuilder) List() Value {
	if b.head == nil {
		return NIL
	}
	return b.head
}
