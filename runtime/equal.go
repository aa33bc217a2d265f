package runtime

import (
	"math"
	"math/big"
	"unicode"
)

// Equaler lets object types defined outside the runtime (pathnames) take part
// in EQUAL, EQUALP, SXHASH and EQUAL hash tables.
type Equaler interface {
	// LispEqual reports whether the receiver is EQUAL to other.
	LispEqual(other Value) bool
	// LispHash returns a hash consistent with LispEqual.
	LispHash() uint64
}

// Eq implements EQ: identity, except that numbers and characters with the
// same representation are EQ (floats compare by their bits, so 0.0 and -0.0
// differ).
func Eq(a, b Value) bool {
	switch x := a.(type) {
	case DoubleFloat:
		y, ok := b.(DoubleFloat)
		return ok && math.Float64bits(float64(x)) == math.Float64bits(float64(y))
	case SingleFloat:
		y, ok := b.(SingleFloat)
		return ok && math.Float32bits(float32(x)) == math.Float32bits(float32(y))
	}
	return a == b
}

// Equal implements EQUAL (CLHS 5.3): conses recursively, strings and bit
// vectors elementwise, pathnames (Equalers) by LispEqual, EQL otherwise.
// Recursion into cars is guarded by EnterNested; cdrs are followed in a loop.
func Equal(th *Thread, a, b Value) bool {
	for {
		switch x := a.(type) {
		case *Cons:
			y, ok := b.(*Cons)
			if !ok {
				return false
			}
			if x == y {
				return true
			}
			th.Tick()
			if !eqxEqualElem(th, x.Car, y.Car, false) {
				return false
			}
			a, b = x.Cdr, y.Cdr
			continue
		case *Symbol:
			return a == b
		case Fixnum:
			return a == b
		case *String:
			if y, ok := b.(*String); ok {
				return eqxRunesEqual(x.Runes(), y.Runes(), false)
			}
			if r, ok := eqxStringRunes(b); ok {
				return eqxRunesEqual(x.Runes(), r, false)
			}
			return false
		case *BitVector:
			if bb, ok := eqxBits(b); ok {
				return eqxBitsEqual(x.Active(), bb)
			}
			return false
		case *Array:
			if len(x.Dims) == 1 {
				if r, ok := eqxStringRunes(a); ok {
					r2, ok := eqxStringRunes(b)
					return ok && eqxRunesEqual(r, r2, false)
				}
				if bs, ok := eqxBits(a); ok {
					bs2, ok := eqxBits(b)
					return ok && eqxBitsEqual(bs, bs2)
				}
			}
			return a == b
		case *Vector:
			// An empty vector of element type NIL is a string (CLHS STRING).
			if x.ElemType == NIL && len(x.Active()) == 0 {
				r, ok := eqxStringRunes(b)
				return ok && len(r) == 0
			}
			return a == b
		case Equaler:
			return x.LispEqual(b)
		}
		return Eql(a, b)
	}
}

// Equalp implements EQUALP (CLHS 5.3): characters and strings ignoring case,
// numbers by =, conses and arrays elementwise, hash tables by test and
// entries, structures slot by slot, EQ otherwise.
func Equalp(th *Thread, a, b Value) bool {
	for {
		switch x := a.(type) {
		case *Cons:
			y, ok := b.(*Cons)
			if !ok {
				return false
			}
			if x == y {
				return true
			}
			th.Tick()
			if !eqxEqualElem(th, x.Car, y.Car, true) {
				return false
			}
			a, b = x.Cdr, y.Cdr
			continue
		case *Symbol:
			return a == b
		case Char:
			y, ok := b.(Char)
			return ok && eqxFoldChar(rune(x)) == eqxFoldChar(rune(y))
		case Fixnum, *Bignum, *Ratio, SingleFloat, DoubleFloat, *Complex:
			return IsNumber(b) && eqxNumEqual(a, b)
		case *String:
			if y, ok := b.(*String); ok {
				return eqxRunesEqual(x.Runes(), y.Runes(), true)
			}
			return eqxArraysEqualp(th, a, b)
		case *Vector, *BitVector, *Array:
			return eqxArraysEqualp(th, a, b)
		case *HashTable:
			y, ok := b.(*HashTable)
			return ok && eqxHashTablesEqualp(th, x, y)
		case *Instance:
			y, ok := b.(*Instance)
			if !ok {
				return false
			}
			if x == y {
				return true
			}
			if x.Class != y.Class || x.Class.Kind != StructureClass || len(x.Slots) != len(y.Slots) {
				return false
			}
			for i := range x.Slots {
				sa, sb := x.Slots[i], y.Slots[i]
				if sa == nil || sb == nil {
					if sa != sb {
						return false
					}
					continue
				}
				if !eqxEqualElem(th, sa, sb, true) {
					return false
				}
			}
			return true
		case Equaler:
			return x.LispEqual(b)
		}
		return Eql(a, b)
	}
}

// eqxEqualElem compares two components, entering a nesting level only when
// the comparison can recurse.
func eqxEqualElem(th *Thread, a, b Value, equalp bool) bool {
	switch a.(type) {
	case *Cons, *Instance, *Vector, *Array, *HashTable:
		th.EnterNested()
		var r bool
		if equalp {
			r = Equalp(th, a, b)
		} else {
			r = Equal(th, a, b)
		}
		th.LeaveNested()
		return r
	}
	if equalp {
		return Equalp(th, a, b)
	}
	return Equal(th, a, b)
}

// eqxFoldChar maps a character to a case-insensitive key (both directions of
// folding, so special cases such as the Kelvin sign agree with K).
func eqxFoldChar(r rune) rune {
	if r < 128 {
		if r >= 'A' && r <= 'Z' {
			return r + ('a' - 'A')
		}
		return r
	}
	return unicode.ToLower(unicode.ToUpper(r))
}

func eqxRunesEqual(a, b []rune, fold bool) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] && (!fold || eqxFoldChar(a[i]) != eqxFoldChar(b[i])) {
			return false
		}
	}
	return true
}

func eqxBitsEqual(a, b []uint8) bool {
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

// eqxStringRunes returns the active characters of a string, including a
// one-dimensional character array displaced onto a string.
func eqxStringRunes(v Value) ([]rune, bool) {
	switch s := v.(type) {
	case *String:
		return s.Runes(), true
	case *Vector:
		if s.ElemType == NIL && len(s.Active()) == 0 {
			return nil, true
		}
	case *Array:
		if len(s.Dims) != 1 {
			return nil, false
		}
		if d, ok := s.Data.(*String); ok {
			end := s.Offset + vecLen(s)
			if end <= len(d.R) {
				return d.R[s.Offset:end], true
			}
		}
	}
	return nil, false
}

// eqxBits returns the active bits of a bit vector (or of a one-dimensional
// array displaced onto one).
func eqxBits(v Value) ([]uint8, bool) {
	switch b := v.(type) {
	case *BitVector:
		return b.Active(), true
	case *Array:
		if len(b.Dims) != 1 {
			return nil, false
		}
		if d, ok := b.Data.(*BitVector); ok {
			end := b.Offset + vecLen(b)
			if end <= len(d.Bits) {
				return d.Bits[b.Offset:end], true
			}
		}
	}
	return nil, false
}

// eqxArrayView describes any array for elementwise comparison: its
// dimensions and an accessor by row-major index.
func eqxArrayView(v Value) (dims []int, at func(int) Value, ok bool) {
	switch a := v.(type) {
	case *String:
		r := a.Runes()
		return []int{len(r)}, func(i int) Value { return Char(r[i]) }, true
	case *Vector:
		items := a.Active()
		return []int{len(items)}, func(i int) Value { return items[i] }, true
	case *BitVector:
		bs := a.Active()
		return []int{len(bs)}, func(i int) Value { return MakeInt(int64(bs[i])) }, true
	case *Array:
		_, inner, ok := eqxArrayStorage(a.Data)
		if !ok {
			return nil, nil, false
		}
		off := a.Offset
		dims := a.Dims
		if a.HasFill {
			dims = []int{vecLen(a)} // only the active elements count
		}
		return dims, func(i int) Value { return inner(off + i) }, true
	}
	return nil, nil, false
}

// eqxArrayStorage gives access to the full storage (ignoring fill pointers)
// of an array's backing data.
func eqxArrayStorage(v Value) (n int, at func(int) Value, ok bool) {
	switch a := v.(type) {
	case *String:
		return len(a.R), func(i int) Value { return Char(a.R[i]) }, true
	case *Vector:
		return len(a.Items), func(i int) Value { return a.Items[i] }, true
	case *BitVector:
		return len(a.Bits), func(i int) Value { return MakeInt(int64(a.Bits[i])) }, true
	case *Array:
		_, inner, ok := eqxArrayStorage(a.Data)
		if !ok {
			return 0, nil, false
		}
		off := a.Offset
		return a.TotalSize(), func(i int) Value { return inner(off + i) }, true
	}
	return 0, nil, false
}

func eqxArraysEqualp(th *Thread, a, b Value) bool {
	if a == b {
		return true
	}
	da, ea, ok := eqxArrayView(a)
	if !ok {
		return false
	}
	db, eb, ok := eqxArrayView(b)
	if !ok || len(da) != len(db) {
		return false
	}
	n := 1
	for i := range da {
		if da[i] != db[i] {
			return false
		}
		n *= da[i]
	}
	for i := 0; i < n; i++ {
		th.Tick()
		if !eqxEqualElem(th, ea(i), eb(i), true) {
			return false
		}
	}
	return true
}

func eqxHashTablesEqualp(th *Thread, a, b *HashTable) bool {
	if a == b {
		return true
	}
	if a.Count() != b.Count() || a.Test != b.Test {
		return false
	}
	same := true
	a.Each(func(k, v Value) bool {
		w, found := b.Get(th, k)
		if !found || !eqxEqualElem(th, v, w, true) {
			same = false
			return false
		}
		return true
	})
	return same
}

// eqxNumEqual is = on two numbers (false when either is a NaN).
func eqxNumEqual(a, b Value) bool {
	ca, aok := a.(*Complex)
	cb, bok := b.(*Complex)
	if aok || bok {
		var ar, ai, br, bi Value = a, MakeInt(0), b, MakeInt(0)
		if aok {
			ar, ai = ca.Real, ca.Imag
		}
		if bok {
			br, bi = cb.Real, cb.Imag
		}
		return eqxNumEqual(ar, br) && eqxNumEqual(ai, bi)
	}
	if x, ok := a.(Fixnum); ok {
		if y, ok := b.(Fixnum); ok {
			return x == y
		}
	}
	if eqxIsNaN(a) || eqxIsNaN(b) {
		return false
	}
	return Compare(a, b) == 0
}

func eqxIsNaN(v Value) bool {
	switch f := v.(type) {
	case SingleFloat:
		return f != f
	case DoubleFloat:
		return f != f
	}
	return false
}

// --- hashing ---

const (
	eqxHashDepth  = 4  // nesting levels of cars hashed (like SBCL's depthoid)
	eqxHashBudget = 64 // conses and array elements hashed per key
	eqxArrayElems = 16 // array elements hashed by EQUALP hashing
)

// Sxhash returns a hash code consistent with EQUAL: structural for conses,
// strings, bit vectors, numbers, characters, symbols (by name) and pathnames.
// It looks at a bounded part of the object, so circular structure terminates.
func Sxhash(th *Thread, v Value) uint64 {
	h := eqxHasher{budget: eqxHashBudget}
	return h.hash(v, 0)
}

// SxhashEqualp returns a hash code consistent with EQUALP.
func SxhashEqualp(th *Thread, v Value) uint64 {
	h := eqxHasher{equalp: true, budget: eqxHashBudget}
	return h.hash(v, 0)
}

type eqxHasher struct {
	equalp bool
	budget int
}

func eqxMix(h, x uint64) uint64 {
	return (h ^ x) * 0x100000001b3 * 0x9e3779b97f4a7c15
}

func eqxFinal(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// Type tags keep values of different kinds apart.
const (
	eqxTagCons uint64 = iota + 0x51
	eqxTagString
	eqxTagBits
	eqxTagChar
	eqxTagSymbol
	eqxTagSingle
	eqxTagDouble
	eqxTagRatio
	eqxTagComplex
	eqxTagArray
	eqxTagTable
	eqxTagStruct
	eqxTagOther
	eqxTagNil
)

func eqxStringHash(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return eqxFinal(h ^ eqxTagSymbol)
}

func eqxRunesHash(r []rune, fold bool) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range r {
		if fold {
			c = eqxFoldChar(c)
		}
		h ^= uint64(c)
		h *= 1099511628211
	}
	return eqxFinal(h ^ uint64(len(r)) ^ eqxTagString<<32)
}

func eqxIntHash(n int64) uint64 { return eqxFinal(uint64(n)) }

func eqxBigHash(b *big.Int) uint64 {
	if b.IsInt64() {
		return eqxIntHash(b.Int64())
	}
	h := uint64(b.Sign() + 7)
	for _, w := range b.Bits() {
		h = eqxMix(h, uint64(w))
	}
	return eqxFinal(h)
}

func eqxRatHash(r *big.Rat) uint64 {
	if r.IsInt() {
		return eqxBigHash(r.Num())
	}
	return eqxFinal(eqxMix(eqxMix(eqxTagRatio, eqxBigHash(r.Num())), eqxBigHash(r.Denom())))
}

// eqxEqlNumHash hashes a number consistently with EQL. Negative zero hashes
// as zero: the two are similar (CLHS 3.2.4.2.2), so SXHASH gives them one code.
func eqxEqlNumHash(v Value) uint64 {
	switch n := v.(type) {
	case Fixnum:
		return eqxIntHash(int64(n))
	case *Bignum:
		return eqxBigHash(n.Int)
	case *Ratio:
		return eqxRatHash(n.Rat)
	case SingleFloat:
		if n == 0 {
			n = 0 // -0.0 too
		}
		return eqxFinal(uint64(math.Float32bits(float32(n))) ^ eqxTagSingle<<40)
	case DoubleFloat:
		if n == 0 {
			n = 0
		}
		return eqxFinal(math.Float64bits(float64(n)) ^ eqxTagDouble)
	case *Complex:
		return eqxFinal(eqxMix(eqxMix(eqxTagComplex, eqxEqlNumHash(n.Real)), eqxEqlNumHash(n.Imag)))
	}
	return 0
}

// eqxNumHash hashes a number consistently with = (for EQUALP).
func eqxNumHash(v Value) uint64 {
	switch n := v.(type) {
	case Fixnum:
		return eqxIntHash(int64(n))
	case *Bignum:
		return eqxBigHash(n.Int)
	case *Ratio:
		return eqxRatHash(n.Rat)
	case SingleFloat:
		return eqxFloatHash(float64(n))
	case DoubleFloat:
		return eqxFloatHash(float64(n))
	case *Complex:
		if eqxIsZero(n.Imag) {
			return eqxNumHash(n.Real)
		}
		return eqxFinal(eqxMix(eqxMix(eqxTagComplex, eqxNumHash(n.Real)), eqxNumHash(n.Imag)))
	}
	return 0
}

func eqxIsZero(v Value) bool {
	switch n := v.(type) {
	case Fixnum:
		return n == 0
	case SingleFloat:
		return n == 0
	case DoubleFloat:
		return n == 0
	}
	return false
}

func eqxFloatHash(f float64) uint64 {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return eqxFinal(math.Float64bits(f))
	}
	if f == math.Trunc(f) && math.Abs(f) < 1<<62 {
		return eqxIntHash(int64(f))
	}
	return eqxRatHash(new(big.Rat).SetFloat64(f))
}

func (h *eqxHasher) hash(v Value, depth int) uint64 {
	switch x := v.(type) {
	case *Symbol:
		if x == NIL {
			return eqxTagNil
		}
		return eqxStringHash(x.Name)
	case *Cons:
		acc := eqxTagCons
		var l Value = x
		for {
			c, ok := l.(*Cons)
			if !ok {
				return eqxFinal(eqxMix(acc, h.hash(l, depth+1)))
			}
			if h.budget <= 0 {
				return eqxFinal(acc)
			}
			h.budget--
			if depth < eqxHashDepth {
				acc = eqxMix(acc, h.hash(c.Car, depth+1))
			} else {
				acc = eqxMix(acc, 1)
			}
			l = c.Cdr
		}
	case Fixnum:
		return eqxIntHash(int64(x))
	case Char:
		if h.equalp {
			return eqxFinal(uint64(eqxFoldChar(rune(x))) ^ eqxTagChar<<32)
		}
		return eqxFinal(uint64(x) ^ eqxTagChar<<32)
	case *Bignum, *Ratio, SingleFloat, DoubleFloat, *Complex:
		if h.equalp {
			return eqxNumHash(v)
		}
		return eqxEqlNumHash(v)
	case *String:
		if h.equalp {
			return h.arrayHash(v, depth)
		}
		return eqxRunesHash(x.Runes(), false)
	case *BitVector:
		if h.equalp {
			return h.arrayHash(v, depth)
		}
		return eqxBitsHash(x.Active())
	case *Vector:
		if h.equalp {
			return h.arrayHash(v, depth)
		}
		if r, ok := eqxStringRunes(v); ok {
			return eqxRunesHash(r, false)
		}
		return eqxTagArray
	case *Array:
		if h.equalp {
			return h.arrayHash(v, depth)
		}
		if r, ok := eqxStringRunes(v); ok {
			return eqxRunesHash(r, false)
		}
		if bs, ok := eqxBits(v); ok {
			return eqxBitsHash(bs)
		}
		return eqxTagArray
	case *HashTable:
		if h.equalp {
			return eqxFinal(eqxMix(eqxMix(eqxTagTable, uint64(x.Count())), eqxStringHash(x.Test.Name)))
		}
		return eqxTagTable
	case *Instance:
		acc := eqxStringHash(x.Class.Name.Name)
		if h.equalp && x.Class.Kind == StructureClass && depth < eqxHashDepth {
			for _, s := range x.Slots {
				if h.budget <= 0 {
					break
				}
				h.budget--
				if s != nil {
					acc = eqxMix(acc, h.hash(s, depth+1))
				}
			}
		}
		return eqxFinal(acc ^ eqxTagStruct)
	case Equaler:
		return x.LispHash()
	}
	return eqxTagOther
}

func eqxBitsHash(bs []uint8) uint64 {
	acc := eqxTagBits ^ uint64(len(bs))<<8
	var word uint64
	for i, b := range bs {
		word = word<<1 | uint64(b)
		if i%64 == 63 {
			acc = eqxMix(acc, word)
			word = 0
		}
	}
	return eqxFinal(eqxMix(acc, word))
}

// arrayHash hashes any array for EQUALP: dimensions and the first elements,
// so strings, character vectors and bit vectors agree with general vectors.
func (h *eqxHasher) arrayHash(v Value, depth int) uint64 {
	dims, at, ok := eqxArrayView(v)
	if !ok {
		return eqxTagArray
	}
	acc := eqxTagArray
	n := 1
	for _, d := range dims {
		acc = eqxMix(acc, uint64(d))
		n *= d
	}
	if depth >= eqxHashDepth {
		return eqxFinal(acc)
	}
	for i := 0; i < n && i < eqxArrayElems && h.budget > 0; i++ {
		h.budget--
		acc = eqxMix(acc, h.hash(at(i), depth+1))
	}
	return eqxFinal(acc)
}

// sxhashFixnum folds a hash into a non-negative fixnum (62 bits, like SBCL).
func sxhashFixnum(h uint64) Value {
	return MakeInt(int64(h & (1<<62 - 1)))
}

func init() {
	Register(
		Def{Name: "EQ", Min: 2, Max: 2, Params: "(X Y)", Fn: func(th *Thread, args []Value) Value {
			return Bool(Eq(args[0], args[1]))
		}},
		Def{Name: "EQL", Min: 2, Max: 2, Params: "(X Y)", Fn: func(th *Thread, args []Value) Value {
			return Bool(Eql(args[0], args[1]))
		}},
		Def{Name: "EQUAL", Min: 2, Max: 2, Params: "(X Y)", Fn: func(th *Thread, args []Value) Value {
			return Bool(Equal(th, args[0], args[1]))
		}},
		Def{Name: "EQUALP", Min: 2, Max: 2, Params: "(X Y)", Fn: func(th *Thread, args []Value) Value {
			return Bool(Equalp(th, args[0], args[1]))
		}},
		Def{Name: "NOT", Min: 1, Max: 1, Params: "(X)", Fn: func(th *Thread, args []Value) Value {
			return Bool(args[0] == NIL)
		}},
		Def{Name: "NULL", Min: 1, Max: 1, Params: "(OBJECT)", Fn: func(th *Thread, args []Value) Value {
			return Bool(args[0] == NIL)
		}},
		Def{Name: "SXHASH", Min: 1, Max: 1, Params: "(X)", Fn: func(th *Thread, args []Value) Value {
			return sxhashFixnum(Sxhash(th, args[0]))
		}},
	)
}
