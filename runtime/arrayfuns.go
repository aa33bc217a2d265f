package runtime

import (
	"math/big"
)

// SBCL's array limits (x86-64).
const (
	arrayDimensionLimit = 4611686018427387901
	arrayRankLimit      = 129
)

// --- element types ---

// UpgradedArrayElementType returns the element type SBCL would store an
// array of spec in (UPGRADED-ARRAY-ELEMENT-TYPE).
func (th *Thread) UpgradedArrayElementType(spec Value) Value {
	img := th.Img
	switch s := spec.(type) {
	case *Symbol:
		if s == T {
			return T
		}
		if s == NIL {
			return NIL
		}
		if s.Pkg == img.CL {
			switch s.Name {
			case "BASE-CHAR", "STANDARD-CHAR":
				return img.CLSym("BASE-CHAR")
			case "CHARACTER", "EXTENDED-CHAR":
				return img.S.Character
			case "BIT":
				return img.CLSym("BIT")
			case "FIXNUM":
				return img.S.Fixnum
			case "SINGLE-FLOAT", "SHORT-FLOAT":
				return img.S.SingleFloat
			case "DOUBLE-FLOAT", "LONG-FLOAT":
				return img.S.DoubleFloat
			}
			return T
		}
		if exp, ok := th.arExpandType(s); ok {
			return th.UpgradedArrayElementType(exp)
		}
		return T
	case *Cons:
		head, _ := s.Car.(*Symbol)
		args := ListToSlice(s.Cdr)
		if head == nil {
			return T
		}
		if head.Pkg != img.CL {
			if exp, ok := th.arExpandType(s); ok {
				return th.UpgradedArrayElementType(exp)
			}
			return T
		}
		switch head.Name {
		case "UNSIGNED-BYTE":
			if len(args) == 1 {
				if n, ok := args[0].(Fixnum); ok && n > 0 {
					return th.arUpgradeBits(false, int(n))
				}
			}
		case "SIGNED-BYTE":
			if len(args) == 1 {
				if n, ok := args[0].(Fixnum); ok && n > 0 {
					return th.arUpgradeBits(true, int(n))
				}
			}
		case "MOD":
			if len(args) == 1 && IsInteger(args[0]) && Compare(args[0], MakeInt(0)) > 0 {
				hi := new(big.Int).Sub(ToBig(args[0]), bigOne)
				return th.arUpgradeRange(big.NewInt(0), hi)
			}
		case "INTEGER":
			if len(args) == 2 {
				lo, hi := arBound(args[0], 1), arBound(args[1], -1)
				if lo != nil && hi != nil {
					return th.arUpgradeRange(lo, hi)
				}
			}
		case "MEMBER", "EQL":
			if len(args) == 0 {
				return NIL
			}
			var lo, hi *big.Int
			allChars, allBase := true, true
			for _, a := range args {
				c, ok := a.(Char)
				allChars = allChars && ok
				allBase = allBase && ok && c < baseCharLimit
			}
			if allBase {
				return img.CLSym("BASE-CHAR")
			}
			if allChars {
				return img.S.Character
			}
			for _, a := range args {
				if !IsInteger(a) {
					return T
				}
				b := ToBig(a)
				if lo == nil || b.Cmp(lo) < 0 {
					lo = b
				}
				if hi == nil || b.Cmp(hi) > 0 {
					hi = b
				}
			}
			return th.arUpgradeRange(lo, hi)
		case "SINGLE-FLOAT", "SHORT-FLOAT":
			return img.S.SingleFloat
		case "DOUBLE-FLOAT", "LONG-FLOAT":
			return img.S.DoubleFloat
		case "COMPLEX":
			if len(args) == 1 {
				if a, ok := args[0].(*Symbol); ok {
					switch a.Name {
					case "SINGLE-FLOAT", "SHORT-FLOAT":
						return List(img.CLSym("COMPLEX"), img.S.SingleFloat)
					case "DOUBLE-FLOAT", "LONG-FLOAT":
						return List(img.CLSym("COMPLEX"), img.S.DoubleFloat)
					}
				}
			}
		}
	}
	return T
}

func (th *Thread) arExpandType(spec Value) (Value, bool) {
	if h, ok := th.Img.Extra[typeHookKey{}].(TypeHook); ok {
		return h(th, spec)
	}
	return nil, false
}

// arBound reads an INTEGER type bound; exclusive bounds (n) move by dir.
func arBound(v Value, dir int64) *big.Int {
	if c, ok := v.(*Cons); ok {
		if !IsInteger(c.Car) {
			return nil
		}
		return new(big.Int).Add(ToBig(c.Car), big.NewInt(dir))
	}
	if IsInteger(v) {
		return ToBig(v)
	}
	return nil
}

func (th *Thread) arUpgradeRange(lo, hi *big.Int) Value {
	if lo.Cmp(hi) > 0 {
		return NIL
	}
	if lo.Sign() >= 0 {
		return th.arUpgradeBits(false, hi.BitLen())
	}
	n := IntegerLength(MakeBigInt(lo))
	if m := IntegerLength(MakeBigInt(hi)); m > n {
		n = m
	}
	return th.arUpgradeBits(true, n+1)
}

func (th *Thread) arUpgradeBits(signed bool, n int) Value {
	img := th.Img
	if signed {
		switch {
		case n <= 8:
			n = 8
		case n <= 16:
			n = 16
		case n <= 32:
			n = 32
		case n <= 63:
			return img.S.Fixnum
		case n == 64:
		default:
			return T
		}
		return List(img.CLSym("SIGNED-BYTE"), MakeInt(int64(n)))
	}
	switch {
	case n <= 1:
		return img.CLSym("BIT")
	case n == 2, n == 8, n == 16, n == 32, n == 63, n == 64:
	case n <= 4:
		n = 4
	case n <= 7:
		n = 7
	case n <= 15:
		n = 15
	case n <= 31:
		n = 31
	case n <= 62:
		n = 62
	default:
		return T
	}
	return List(img.CLSym("UNSIGNED-BYTE"), MakeInt(int64(n)))
}

// SameElementType reports whether two upgraded array element types (as
// returned by UpgradedArrayElementType / ArrayElementType) are the same.
func SameElementType(a, b Value) bool { return sameElemType(a, b) }

// sameElemType compares two upgraded element types.
func sameElemType(a, b Value) bool {
	if a == nil {
		a = T
	}
	if b == nil {
		b = T
	}
	if a == b {
		return true
	}
	ca, ok1 := a.(*Cons)
	cb, ok2 := b.(*Cons)
	if !ok1 || !ok2 {
		return false
	}
	la, lb := ListToSlice(ca), ListToSlice(cb)
	if len(la) != len(lb) {
		return false
	}
	for i := range la {
		if !Eql(la[i], lb[i]) {
			return false
		}
	}
	return true
}

// arDefaultElement is what SBCL fills a fresh array of et with.
func (th *Thread) arDefaultElement(et Value) Value {
	switch et {
	case th.Img.S.Character, th.Img.CLSym("BASE-CHAR"):
		return Char(0)
	case th.Img.S.SingleFloat:
		return SingleFloat(0)
	case th.Img.S.DoubleFloat:
		return DoubleFloat(0)
	}
	if c, ok := et.(*Cons); ok && c.Car == th.Img.CLSym("COMPLEX") {
		if ListToSlice(c)[1] == th.Img.S.SingleFloat {
			return &Complex{SingleFloat(0), SingleFloat(0)}
		}
		return &Complex{DoubleFloat(0), DoubleFloat(0)}
	}
	return MakeInt(0)
}

// checkElem signals a TYPE-ERROR unless x may be stored in an array of et.
func (th *Thread) checkElem(et Value, x Value) {
	switch et {
	case nil, T:
		return
	case th.Img.S.Fixnum:
		if _, ok := x.(Fixnum); ok {
			return
		}
	case th.Img.S.SingleFloat:
		if _, ok := x.(SingleFloat); ok {
			return
		}
	case th.Img.S.DoubleFloat:
		if _, ok := x.(DoubleFloat); ok {
			return
		}
	default:
		if et != NIL && th.TypeP(x, et) {
			return
		}
	}
	th.TypeError(x, et)
}

// NewStorage makes a simple one-dimensional array of n elements of the
// upgraded element type et, filled with init (nil: SBCL's default). It
// accounts for the allocation first.
func (th *Thread) NewStorage(et Value, n int, init Value) Value {
	img := th.Img
	base := et == img.CLSym("BASE-CHAR")
	switch {
	case et == img.S.Character || base:
		th.CheckAlloc(int64(n) * 4)
		r := make([]rune, n)
		if init != nil {
			c, ok := init.(Char)
			if !ok || (base && c >= baseCharLimit) {
				th.TypeError(init, et)
			}
			if c != 0 {
				for i := range r {
					r[i] = rune(c)
				}
			}
		}
		return &String{R: r, Base: base}
	case et == img.CLSym("BIT"):
		th.CheckAlloc(int64(n))
		b := make([]uint8, n)
		if init != nil {
			bit := th.bitOf(init)
			if bit != 0 {
				for i := range b {
					b[i] = bit
				}
			}
		}
		return &BitVector{Bits: b}
	}
	th.CheckAlloc(int64(n) * 16)
	if init == nil {
		init = th.arDefaultElement(et)
	} else {
		th.checkElem(et, init)
	}
	items := make([]Value, n)
	for i := range items {
		// While the collector marks, each store takes a write barrier
		// that costs far more than the store: with many sessions
		// allocating, filling one vector can take seconds.
		items[i] = init
		th.PollAt(i)
	}
	v := &Vector{Items: items}
	if et != T {
		v.ElemType = et
	}
	return v
}

func (th *Thread) bitOf(v Value) uint8 {
	n, ok := v.(Fixnum)
	if !ok || (n != 0 && n != 1) {
		th.TypeError(v, th.Img.CLSym("BIT"))
	}
	return uint8(n)
}

// --- shape and raw access ---

// IsArray reports whether v is any Lisp array.
func IsArray(v Value) bool {
	switch v.(type) {
	case *String, *Vector, *BitVector, *Array:
		return true
	}
	return false
}

// IsVector reports whether v is a one-dimensional array.
func IsVector(v Value) bool {
	switch a := v.(type) {
	case *String, *Vector, *BitVector:
		return true
	case *Array:
		return len(a.Dims) == 1
	}
	return false
}

// arDims returns the dimensions of an array (capacity, not fill pointer).
func arDims(v Value) []int {
	switch a := v.(type) {
	case *String:
		return []int{len(a.R)}
	case *Vector:
		return []int{len(a.Items)}
	case *BitVector:
		return []int{len(a.Bits)}
	case *Array:
		return a.Dims
	}
	return nil
}

// arTotal returns the total size of an array (ignoring fill pointers).
func arTotal(v Value) int {
	switch a := v.(type) {
	case *String:
		return len(a.R)
	case *Vector:
		return len(a.Items)
	case *BitVector:
		return len(a.Bits)
	case *Array:
		return a.TotalSize()
	}
	return 0
}

// arFill returns the fill pointer of a vector, or -1 when it has none.
func arFill(v Value) int {
	switch a := v.(type) {
	case *String:
		if a.HasFill {
			return a.Fill
		}
	case *Vector:
		if a.HasFill {
			return a.Fill
		}
	case *BitVector:
		if a.HasFill {
			return a.Fill
		}
	case *Array:
		if a.HasFill {
			return a.Fill
		}
	}
	return -1
}

func arSetFill(v Value, n int) {
	switch a := v.(type) {
	case *String:
		a.Fill = n
	case *Vector:
		a.Fill = n
	case *BitVector:
		a.Fill = n
	case *Array:
		a.Fill = n
	}
}

func arAdjustable(v Value) bool {
	switch a := v.(type) {
	case *String:
		return a.Adjustable
	case *Vector:
		return a.Adjustable
	case *BitVector:
		return a.Adjustable
	case *Array:
		return a.Adjustable
	}
	return false
}

// vecLen returns the active length of a vector (respecting its fill pointer).
func vecLen(v Value) int {
	if f := arFill(v); f >= 0 {
		return f
	}
	return arTotal(v)
}

// arRef reads element i (row-major, unchecked against fill pointers).
func (th *Thread) arRef(v Value, i int) Value {
	switch a := v.(type) {
	case *String:
		return Char(a.R[i])
	case *Vector:
		return a.Items[i]
	case *BitVector:
		return MakeInt(int64(a.Bits[i]))
	case *Array:
		j := a.Offset + i
		if j >= arTotal(a.Data) {
			th.SimpleError("The displaced-to array is too small.")
		}
		return th.arRef(a.Data, j)
	}
	return NIL
}

// arSet writes element i (row-major), checking the element type.
func (th *Thread) arSet(v Value, i int, x Value) {
	switch a := v.(type) {
	case *String:
		c, ok := x.(Char)
		if !ok || (a.Base && c >= baseCharLimit) {
			th.TypeError(x, ArrayElementType(th.Img, a))
		}
		a.R[i] = rune(c)
	case *Vector:
		if a.ElemType != nil && a.ElemType != T {
			th.checkElem(a.ElemType, x)
		}
		a.Items[i] = x
	case *BitVector:
		a.Bits[i] = th.bitOf(x)
	case *Array:
		j := a.Offset + i
		if j >= arTotal(a.Data) {
			th.SimpleError("The displaced-to array is too small.")
		}
		th.arSet(a.Data, j, x)
	}
}

// Aref reads an element of array at the given subscripts (AREF).
func (th *Thread) Aref(array Value, subs ...Value) Value {
	return th.arRef(array, th.rowMajorIndex(array, subs))
}

// SetAref stores x at the given subscripts of array ((SETF AREF)).
func (th *Thread) SetAref(x, array Value, subs ...Value) Value {
	th.arSet(array, th.rowMajorIndex(array, subs), x)
	return x
}

func (th *Thread) arrayArg(v Value) {
	if !IsArray(v) {
		th.TypeError(v, th.Img.S.Array)
	}
}

// rowMajorIndex checks subscripts against array's dimensions.
func (th *Thread) rowMajorIndex(array Value, subs []Value) int {
	th.arrayArg(array)
	if v, ok := array.(*Vector); ok && len(subs) == 1 {
		// Fast path for the common case.
		if n, ok := subs[0].(Fixnum); ok && n >= 0 && int64(n) < int64(len(v.Items)) {
			return int(n)
		}
	}
	dims := arDims(array)
	if len(subs) != len(dims) {
		th.SimpleError("Wrong number of subscripts, ~W, for array of rank ~W.", MakeInt(int64(len(subs))), MakeInt(int64(len(dims))))
	}
	idx := 0
	for k, s := range subs {
		n, ok := s.(Fixnum)
		if !ok || n < 0 || int64(n) >= int64(dims[k]) {
			th.invalidIndex(array, s, dims[k], -1)
		}
		idx = idx*dims[k] + int(n)
	}
	return idx
}

// invalidIndex signals SBCL's invalid-array-index error (a TYPE-ERROR).
func (th *Thread) invalidIndex(array, idx Value, bound, fill int) {
	expected := List(th.Img.S.Integer, MakeInt(0), List(MakeInt(int64(bound))))
	if fill >= 0 {
		th.simpleTypeError(idx, expected,
			"Invalid index ~W for ~S with fill-pointer ~W, should be a non-negative integer below ~W.",
			idx, ArrayTypeOf(th.Img, array), MakeInt(int64(fill)), MakeInt(int64(bound)))
	}
	th.simpleTypeError(idx, expected, "Invalid index ~W for ~S, should be a non-negative integer below ~W.",
		idx, ArrayTypeOf(th.Img, array), MakeInt(int64(bound)))
}

// ArrayTypeOf returns what TYPE-OF reports for an array, as SBCL does.
func ArrayTypeOf(img *Image, v Value) Value {
	c := img.CLSym
	n := func(k int) Value { return MakeInt(int64(k)) }
	switch a := v.(type) {
	case *String:
		switch {
		case a.Base && a.IsSimple():
			return List(c("SIMPLE-BASE-STRING"), n(len(a.R)))
		case a.Base:
			return List(c("BASE-STRING"), n(len(a.R)))
		case a.IsSimple():
			return List(c("SIMPLE-ARRAY"), img.S.Character, List(n(len(a.R))))
		}
		return List(img.S.Vector, img.S.Character, n(len(a.R)))
	case *BitVector:
		if !a.HasFill && !a.Adjustable {
			return List(c("SIMPLE-BIT-VECTOR"), n(len(a.Bits)))
		}
		return List(c("BIT-VECTOR"), n(len(a.Bits)))
	case *Vector:
		et := ArrayElementType(img, a)
		if !a.HasFill && !a.Adjustable {
			if et == T {
				return List(img.S.SimpleVector, n(len(a.Items)))
			}
			return List(c("SIMPLE-ARRAY"), et, List(n(len(a.Items))))
		}
		return List(img.S.Vector, et, n(len(a.Items)))
	case *Array:
		et := ArrayElementType(img, a)
		if len(a.Dims) == 1 {
			switch et {
			case c("BIT"):
				return List(c("BIT-VECTOR"), n(a.Dims[0]))
			case c("BASE-CHAR"):
				return List(c("BASE-STRING"), n(a.Dims[0]))
			}
			return List(img.S.Vector, et, n(a.Dims[0]))
		}
		dims := make([]Value, len(a.Dims))
		for i, d := range a.Dims {
			dims[i] = n(d)
		}
		head := c("SIMPLE-ARRAY")
		if a.Adjustable || a.Displaced {
			head = img.S.Array
		}
		return List(head, et, List(dims...))
	}
	return NIL
}

// --- make-array ---

// arDimsArg parses a dimension designator.
func (th *Thread) arDimsArg(v Value) []int {
	if n, ok := v.(Fixnum); ok {
		if n < 0 {
			th.TypeError(v, List(th.Img.S.Or, th.Img.S.List, List(th.Img.CLSym("MOD"), MakeInt(arrayDimensionLimit))))
		}
		return []int{int(n)}
	}
	if !IsList(v) {
		th.TypeError(v, List(th.Img.S.Or, th.Img.S.List, List(th.Img.CLSym("MOD"), MakeInt(arrayDimensionLimit))))
	}
	var dims []int
	for _, d := range ListToSlice(v) {
		n, ok := d.(Fixnum)
		if !ok || n < 0 {
			th.TypeError(d, List(th.Img.CLSym("MOD"), MakeInt(arrayDimensionLimit)))
		}
		dims = append(dims, int(n))
	}
	if len(dims) >= arrayRankLimit {
		th.SimpleError("The array rank ~W is too large.", MakeInt(int64(len(dims))))
	}
	if dims == nil {
		dims = []int{}
	}
	return dims
}

func dimsTotal(th *Thread, dims []int) int {
	total := int64(1)
	for _, d := range dims {
		total *= int64(d)
		if total > 1<<40 {
			th.StorageCondition("Heap exhausted: array too large.")
		}
	}
	return int(total)
}

// flattenContents reads nested :initial-contents for dims into out.
func (th *Thread) flattenContents(axis int, dims []int, contents Value, out []Value) []Value {
	if len(dims) == 0 {
		return append(out, contents)
	}
	if !IsSequence(contents) {
		th.TypeError(contents, th.Img.S.Sequence)
	}
	n := SeqLength(th, contents)
	if n != dims[0] {
		th.SimpleError("malformed :INITIAL-CONTENTS: Dimension of axis ~W is ~W, but ~S is ~W long.",
			MakeInt(int64(axis)), MakeInt(int64(dims[0])), contents, MakeInt(int64(n)))
	}
	for _, x := range SeqToSlice(th, contents) {
		out = th.flattenContents(axis+1, dims[1:], x, out)
	}
	return out
}

// MakeArray implements MAKE-ARRAY given parsed arguments (nil = absent).
func (th *Thread) MakeArray(dimsArg, elemType, initElem, initContents, adjustable, fillPointer, displacedTo, offset Value) Value {
	dims := th.arDimsArg(dimsArg)
	et := Value(T)
	if elemType != nil {
		et = th.UpgradedArrayElementType(elemType)
	}
	if initElem != nil && initContents != nil {
		th.SimpleError("Can't specify both :INITIAL-ELEMENT and :INITIAL-CONTENTS")
	}
	if displacedTo != nil && displacedTo != NIL && (initElem != nil || initContents != nil) {
		th.SimpleError("Can't specify :DISPLACED-TO and :INITIAL-ELEMENT or :INITIAL-CONTENTS")
	}
	total := dimsTotal(th, dims)
	adj := adjustable != nil && adjustable != NIL
	hasFill, fill := false, 0
	if fillPointer != nil && fillPointer != NIL {
		if len(dims) != 1 {
			th.SimpleError("Only vectors can have fill pointers.")
		}
		hasFill, fill = true, total
		if fillPointer != T {
			n, ok := fillPointer.(Fixnum)
			if !ok || n < 0 {
				th.TypeError(fillPointer, List(th.Img.S.Or, th.Img.CLSym("BOOLEAN"), List(th.Img.CLSym("MOD"), MakeInt(arrayDimensionLimit))))
			}
			if int(n) > total {
				th.SimpleError("Can't supply a value for :FILL-POINTER (~W) that is larger than the size of the vector (~W)", n, MakeInt(int64(total)))
			}
			fill = int(n)
		}
	}
	if displacedTo != nil && displacedTo != NIL {
		th.arrayArg(displacedTo)
		off := 0
		if offset != nil {
			n, ok := offset.(Fixnum)
			if !ok || n < 0 {
				th.TypeError(offset, List(th.Img.CLSym("MOD"), MakeInt(arrayDimensionLimit)))
			}
			off = int(n)
		}
		tet := ArrayElementType(th.Img, displacedTo)
		if !sameElemType(et, tet) {
			th.SimpleError("Can't displace an array of type ~S into another of type ~S", et, tet)
		}
		if off+total > arTotal(displacedTo) {
			th.SimpleError("The :DISPLACED-TO array is too small.")
		}
		return &Array{Dims: dims, Data: displacedTo, Offset: off, Displaced: true, Adjustable: adj,
			ElemType: tet, HasFill: hasFill, Fill: fill}
	}
	if offset != nil && offset != MakeInt(0) {
		th.SimpleError("Can't specify :DISPLACED-INDEX-OFFSET without :DISPLACED-TO")
	}
	storage := th.NewStorage(et, total, initElem)
	if initContents != nil {
		flat := th.flattenContents(0, dims, initContents, make([]Value, 0, total))
		if len(dims) == 1 && len(flat) != total {
			th.SimpleError("There are ~W elements in the :INITIAL-CONTENTS, but the vector length is ~W.",
				MakeInt(int64(len(flat))), MakeInt(int64(total)))
		}
		for i, x := range flat {
			th.arSet(storage, i, x)
		}
	}
	if len(dims) != 1 {
		return &Array{Dims: dims, Data: storage, Adjustable: adj}
	}
	switch s := storage.(type) {
	case *String:
		s.HasFill, s.Fill, s.Adjustable = hasFill, fill, adj
	case *BitVector:
		s.HasFill, s.Fill, s.Adjustable = hasFill, fill, adj
	case *Vector:
		s.HasFill, s.Fill, s.Adjustable = hasFill, fill, adj
	}
	return storage
}

// --- adjust-array ---

// AdjustArray implements ADJUST-ARRAY. Adjustable arrays are changed in
// place; others yield a new array.
func (th *Thread) AdjustArray(array, dimsArg, elemType, initElem, initContents, fillPointer, displacedTo, offset Value) Value {
	th.arrayArg(array)
	dims := th.arDimsArg(dimsArg)
	oldDims := arDims(array)
	if len(dims) != len(oldDims) {
		th.SimpleError("Expected ~D new dimension~:P for array, but received ~D.", MakeInt(int64(len(oldDims))), MakeInt(int64(len(dims))))
	}
	et := ArrayElementType(th.Img, array)
	if elemType != nil {
		if net := th.UpgradedArrayElementType(elemType); !sameElemType(net, et) {
			th.SimpleError("The new element type, ~S, is incompatible with old type, ~S.", elemType, et)
		}
	}
	oldFill := arFill(array)
	if fillPointer != nil && fillPointer != NIL && oldFill < 0 {
		th.SimpleError("Only vectors with fill pointers can be adjusted with :FILL-POINTER.")
	}
	var fp Value = NIL
	if oldFill >= 0 {
		fp = MakeInt(int64(oldFill))
		if fillPointer != nil && fillPointer != NIL {
			fp = fillPointer
		}
		if n, ok := fp.(Fixnum); ok && int(n) > dims[0] {
			if fillPointer == nil || fillPointer == NIL {
				th.SimpleError("can't adjust vector ~S to a size (~S) smaller than its current fill pointer (~S)", array, MakeInt(int64(dims[0])), n)
			}
			th.SimpleError("Can't supply a value for :FILL-POINTER (~W) that is larger than the size of the vector (~W)", n, MakeInt(int64(dims[0])))
		}
	}
	var fresh Value
	if displacedTo != nil && displacedTo != NIL {
		fresh = th.MakeArray(dimsArg, et, nil, nil, T, fp, displacedTo, offset)
	} else {
		fresh = th.MakeArray(dimsArg, et, initElem, initContents, T, fp, nil, nil)
		if initContents == nil {
			th.arCopyOverlap(array, oldDims, fresh, dims)
		}
	}
	if !arAdjustable(array) {
		if a, ok := fresh.(*Array); ok {
			a.Adjustable = false
		} else {
			setAdjustable(fresh, false)
		}
		return fresh
	}
	// Move the fresh array's state into the original object.
	switch a := array.(type) {
	case *String:
		if f, ok := fresh.(*String); ok {
			a.R, a.HasFill, a.Fill = f.R, f.HasFill, f.Fill
			return a
		}
	case *Vector:
		if f, ok := fresh.(*Vector); ok {
			a.Items, a.HasFill, a.Fill = f.Items, f.HasFill, f.Fill
			return a
		}
	case *BitVector:
		if f, ok := fresh.(*BitVector); ok {
			a.Bits, a.HasFill, a.Fill = f.Bits, f.HasFill, f.Fill
			return a
		}
	case *Array:
		switch f := fresh.(type) {
		case *Array:
			*a = *f
		default:
			a.Dims, a.Data, a.Offset, a.Displaced = dims, f, 0, false
			a.HasFill, a.Fill = arFill(f) >= 0, max(arFill(f), 0)
			setAdjustable(f, false)
			if s, ok := f.(*Vector); ok {
				s.HasFill = false
			}
			if s, ok := f.(*String); ok {
				s.HasFill = false
			}
			if s, ok := f.(*BitVector); ok {
				s.HasFill = false
			}
		}
		a.Adjustable = true
		return a
	}
	// A simple vector object cannot carry a displacement, so displacing an
	// adjustable vector returns the new displaced array; the original
	// object keeps its old contents (golem's one departure from "the same
	// array" for adjustable arrays).
	return fresh
}

func setAdjustable(v Value, adj bool) {
	switch a := v.(type) {
	case *String:
		a.Adjustable = adj
	case *Vector:
		a.Adjustable = adj
	case *BitVector:
		a.Adjustable = adj
	case *Array:
		a.Adjustable = adj
	}
}

// arCopyOverlap copies the elements whose subscripts are valid in both shapes.
func (th *Thread) arCopyOverlap(src Value, sdims []int, dst Value, ddims []int) {
	rank := len(sdims)
	if rank == 0 {
		th.arSet(dst, 0, th.arRef(src, 0))
		return
	}
	common := make([]int, rank)
	for i := range common {
		common[i] = min(sdims[i], ddims[i])
		if common[i] == 0 {
			return
		}
	}
	idx := make([]int, rank)
	for {
		th.Tick()
		si, di := 0, 0
		for k := 0; k < rank; k++ {
			si = si*sdims[k] + idx[k]
			di = di*ddims[k] + idx[k]
		}
		th.arSet(dst, di, th.arRef(src, si))
		k := rank - 1
		for k >= 0 {
			idx[k]++
			if idx[k] < common[k] {
				break
			}
			idx[k] = 0
			k--
		}
		if k < 0 {
			return
		}
	}
}

// --- fill pointers and vector-push ---

func (th *Thread) fillPointerArg(v Value) int {
	f := arFill(v)
	if f < 0 || !IsVector(v) {
		th.simpleTypeError(v, List(th.Img.S.And, th.Img.S.Vector, List(th.Img.S.Not, th.Img.CLSym("SIMPLE-ARRAY"))),
			"~S is not an array with a fill pointer.", v)
	}
	return f
}

// VectorPushExtend implements VECTOR-PUSH-EXTEND, growing geometrically.
func (th *Thread) VectorPushExtend(x, vec Value, ext int) int {
	f := th.fillPointerArg(vec)
	capa := arTotal(vec)
	if f >= capa {
		grow := max(ext, capa, 1)
		newSize := capa + grow
		switch a := vec.(type) {
		case *Vector:
			th.CheckAlloc(int64(grow) * 16)
			items := make([]Value, newSize)
			copy(items, a.Items)
			fill := th.arDefaultElement(ArrayElementType(th.Img, a))
			for i := capa; i < newSize; i++ {
				items[i] = fill
			}
			a.Items, a.Adjustable = items, true
		case *String:
			th.CheckAlloc(int64(grow) * 4)
			r := make([]rune, newSize)
			copy(r, a.R)
			a.R, a.Adjustable = r, true
		case *BitVector:
			th.CheckAlloc(int64(grow))
			b := make([]uint8, newSize)
			copy(b, a.Bits)
			a.Bits, a.Adjustable = b, true
		case *Array:
			a.Adjustable = true
			th.AdjustArray(a, MakeInt(int64(newSize)), nil, nil, nil, nil, nil, nil)
		}
	}
	th.arSet(vec, f, x)
	arSetFill(vec, f+1)
	return f
}

// --- bit arrays ---

func (th *Thread) isBitArray(v Value) bool {
	switch a := v.(type) {
	case *BitVector:
		return true
	case *Array:
		return ArrayElementType(th.Img, a) == th.Img.CLSym("BIT")
	}
	return false
}

func sameDims(a, b []int) bool {
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

func (th *Thread) bitOp(name string, op func(a, b uint8) uint8, args []Value) Value {
	bitArrayType := List(th.Img.S.Array, th.Img.CLSym("BIT"))
	a, b := args[0], args[0]
	var optArg Value
	if name == "BIT-NOT" {
		optArg = Opt(args, 1)
	} else {
		b, optArg = args[1], Opt(args, 2)
	}
	for _, x := range []Value{a, b} {
		if !th.isBitArray(x) {
			th.TypeError(x, bitArrayType)
		}
	}
	dims := arDims(a)
	if !sameDims(dims, arDims(b)) {
		th.SimpleError("~S and ~S don't have the same dimensions.", a, b)
	}
	var dst Value
	switch optArg {
	case NIL:
		n := dimsTotal(th, dims)
		st := th.NewStorage(th.Img.CLSym("BIT"), n, nil)
		if len(dims) == 1 {
			dst = st
		} else {
			dst = &Array{Dims: append([]int(nil), dims...), Data: st}
		}
	case T:
		dst = a
	default:
		if !th.isBitArray(optArg) {
			th.TypeError(optArg, bitArrayType)
		}
		if !sameDims(dims, arDims(optArg)) {
			th.SimpleError("~S and ~S don't have the same dimensions.", a, optArg)
		}
		dst = optArg
	}
	n := arTotal(a)
	if ab, ok := a.(*BitVector); ok {
		if bb, ok := b.(*BitVector); ok {
			if db, ok := dst.(*BitVector); ok {
				for i := 0; i < n; i++ {
					db.Bits[i] = op(ab.Bits[i], bb.Bits[i])
				}
				return dst
			}
		}
	}
	for i := 0; i < n; i++ {
		x := uint8(th.arRef(a, i).(Fixnum))
		y := uint8(th.arRef(b, i).(Fixnum))
		th.arSet(dst, i, MakeInt(int64(op(x, y))))
	}
	return dst
}

// --- builtins ---

func (th *Thread) vectorArg(v Value) {
	if !IsVector(v) {
		th.TypeError(v, th.Img.S.Vector)
	}
}

func (th *Thread) simpleVectorOf(v Value) *Vector {
	sv, ok := v.(*Vector)
	if !ok || !sv.IsSimple() {
		th.TypeError(v, th.Img.S.SimpleVector)
	}
	return sv
}

// vecIndex checks an index against a vector's total size (as AREF does).
func (th *Thread) vecIndex(vec, idx Value) int {
	n, ok := idx.(Fixnum)
	size := arTotal(vec)
	if !ok || n < 0 || int64(n) >= int64(size) {
		th.invalidIndex(vec, idx, size, -1)
	}
	return int(n)
}

var setfDefs []Def

// registerSetf adds builtins installed as the (SETF name) functions of CL
// symbols; their first argument is the new value.
func registerSetf(defs ...Def) { setfDefs = append(setfDefs, defs...) }

func axisArg(th *Thread, array, axis Value) int {
	rank := len(arDims(array))
	n, ok := axis.(Fixnum)
	if !ok || n < 0 {
		th.TypeError(axis, List(th.Img.CLSym("MOD"), MakeInt(arrayRankLimit)))
	}
	if int(n) >= rank {
		th.SimpleError("Axis number ~W is too big; ~S only has ~D dimension~:P.", axis, array, MakeInt(int64(rank)))
	}
	return int(n)
}

func init() {
	RegisterSetup(5, func(img *Image) {
		for _, d := range setfDefs {
			sym := img.defSymbol(d.Name)
			sym.Setf = &Builtin{Name: sym, NameForm: List(img.S.Setf, sym), Min: d.Min, Max: d.Max,
				MultipleValues: d.MV, Fn: d.Fn, Params: d.Params}
		}
		defConstant(img.CLSym("ARRAY-DIMENSION-LIMIT"), MakeInt(arrayDimensionLimit))
		defConstant(img.CLSym("ARRAY-TOTAL-SIZE-LIMIT"), MakeInt(arrayDimensionLimit))
		defConstant(img.CLSym("ARRAY-RANK-LIMIT"), MakeInt(arrayRankLimit))
	})
	pred := func(name string, p func(th *Thread, v Value) bool) Def {
		return Def{Name: name, Min: 1, Max: 1, Params: "(OBJECT)", Fn: func(th *Thread, args []Value) Value {
			return Bool(p(th, args[0]))
		}}
	}
	Register(
		Def{Name: "MAKE-ARRAY", Min: 1, Max: -1,
			Params: "(DIMENSIONS &KEY ELEMENT-TYPE INITIAL-ELEMENT INITIAL-CONTENTS ADJUSTABLE FILL-POINTER DISPLACED-TO DISPLACED-INDEX-OFFSET)",
			Fn: func(th *Thread, args []Value) Value {
				k := th.ParseKeys(args[1:], "ELEMENT-TYPE", "INITIAL-ELEMENT", "INITIAL-CONTENTS", "ADJUSTABLE",
					"FILL-POINTER", "DISPLACED-TO", "DISPLACED-INDEX-OFFSET")
				return th.MakeArray(args[0], k[0], k[1], k[2], k[3], k[4], k[5], k[6])
			}},
		Def{Name: "ADJUST-ARRAY", Min: 2, Max: -1,
			Params: "(ARRAY NEW-DIMENSIONS &KEY ELEMENT-TYPE INITIAL-ELEMENT INITIAL-CONTENTS FILL-POINTER DISPLACED-TO DISPLACED-INDEX-OFFSET)",
			Fn: func(th *Thread, args []Value) Value {
				k := th.ParseKeys(args[2:], "ELEMENT-TYPE", "INITIAL-ELEMENT", "INITIAL-CONTENTS", "FILL-POINTER",
					"DISPLACED-TO", "DISPLACED-INDEX-OFFSET")
				return th.AdjustArray(args[0], args[1], k[0], k[1], k[2], k[3], k[4], k[5])
			}},
		Def{Name: "AREF", Min: 1, Max: -1, Params: "(ARRAY &REST SUBSCRIPTS)", Fn: func(th *Thread, args []Value) Value {
			return th.Aref(args[0], args[1:]...)
		}},
		Def{Name: "ROW-MAJOR-AREF", Min: 2, Max: 2, Params: "(ARRAY INDEX)", Fn: func(th *Thread, args []Value) Value {
			th.arrayArg(args[0])
			return th.arRef(args[0], th.vecIndex(args[0], args[1]))
		}},
		Def{Name: "SVREF", Min: 2, Max: 2, Params: "(SIMPLE-VECTOR INDEX)", Fn: func(th *Thread, args []Value) Value {
			sv := th.simpleVectorOf(args[0])
			return sv.Items[th.vecIndex(sv, args[1])]
		}},
		Def{Name: "BIT", Min: 1, Max: -1, Params: "(BIT-ARRAY &REST SUBSCRIPTS)", Fn: func(th *Thread, args []Value) Value {
			if !th.isBitArray(args[0]) {
				th.TypeError(args[0], List(th.Img.S.Array, th.Img.CLSym("BIT")))
			}
			return th.Aref(args[0], args[1:]...)
		}},
		Def{Name: "SBIT", Min: 1, Max: -1, Params: "(SIMPLE-BIT-ARRAY &REST SUBSCRIPTS)", Fn: func(th *Thread, args []Value) Value {
			if !th.isBitArray(args[0]) || !th.TypeP(args[0], th.Img.CLSym("SIMPLE-ARRAY")) {
				th.TypeError(args[0], List(th.Img.CLSym("SIMPLE-ARRAY"), th.Img.CLSym("BIT")))
			}
			return th.Aref(args[0], args[1:]...)
		}},
		Def{Name: "ARRAY-DIMENSIONS", Min: 1, Max: 1, Params: "(ARRAY)", Fn: func(th *Thread, args []Value) Value {
			th.arrayArg(args[0])
			var b ListBuilder
			for _, d := range arDims(args[0]) {
				b.Add(MakeInt(int64(d)))
			}
			return b.List()
		}},
		Def{Name: "ARRAY-DIMENSION", Min: 2, Max: 2, Params: "(ARRAY AXIS-NUMBER)", Fn: func(th *Thread, args []Value) Value {
			th.arrayArg(args[0])
			return MakeInt(int64(arDims(args[0])[axisArg(th, args[0], args[1])]))
		}},
		Def{Name: "ARRAY-RANK", Min: 1, Max: 1, Params: "(ARRAY)", Fn: func(th *Thread, args []Value) Value {
			th.arrayArg(args[0])
			return MakeInt(int64(len(arDims(args[0]))))
		}},
		Def{Name: "ARRAY-TOTAL-SIZE", Min: 1, Max: 1, Params: "(ARRAY)", Fn: func(th *Thread, args []Value) Value {
			th.arrayArg(args[0])
			return MakeInt(int64(arTotal(args[0])))
		}},
		Def{Name: "ARRAY-ELEMENT-TYPE", Min: 1, Max: 1, Params: "(ARRAY)", Fn: func(th *Thread, args []Value) Value {
			th.arrayArg(args[0])
			return ArrayElementType(th.Img, args[0])
		}},
		Def{Name: "ARRAY-IN-BOUNDS-P", Min: 1, Max: -1, Params: "(ARRAY &REST SUBSCRIPTS)", Fn: func(th *Thread, args []Value) Value {
			th.arrayArg(args[0])
			dims := arDims(args[0])
			if len(args)-1 != len(dims) {
				th.SimpleError("Wrong number of subscripts, ~W, for array of rank ~W.", MakeInt(int64(len(args)-1)), MakeInt(int64(len(dims))))
			}
			for i, s := range args[1:] {
				if !IsInteger(s) {
					th.TypeErrorName(s, "INTEGER")
				}
				n, ok := s.(Fixnum)
				if !ok || n < 0 || int64(n) >= int64(dims[i]) {
					return NIL
				}
			}
			return T
		}},
		Def{Name: "ARRAY-ROW-MAJOR-INDEX", Min: 1, Max: -1, Params: "(ARRAY &REST SUBSCRIPTS)", Fn: func(th *Thread, args []Value) Value {
			return MakeInt(int64(th.rowMajorIndex(args[0], args[1:])))
		}},
		Def{Name: "ARRAY-HAS-FILL-POINTER-P", Min: 1, Max: 1, Params: "(ARRAY)", Fn: func(th *Thread, args []Value) Value {
			th.arrayArg(args[0])
			return Bool(arFill(args[0]) >= 0)
		}},
		Def{Name: "FILL-POINTER", Min: 1, Max: 1, Params: "(VECTOR)", Fn: func(th *Thread, args []Value) Value {
			return MakeInt(int64(th.fillPointerArg(args[0])))
		}},
		Def{Name: "ADJUSTABLE-ARRAY-P", Min: 1, Max: 1, Params: "(ARRAY)", Fn: func(th *Thread, args []Value) Value {
			th.arrayArg(args[0])
			return Bool(arAdjustable(args[0]))
		}},
		Def{Name: "ARRAY-DISPLACEMENT", Min: 1, Max: 1, MV: true, Params: "(ARRAY)", Fn: func(th *Thread, args []Value) Value {
			th.arrayArg(args[0])
			if a, ok := args[0].(*Array); ok && a.Displaced {
				return th.Values2(a.Data, MakeInt(int64(a.Offset)))
			}
			return th.Values2(NIL, MakeInt(0))
		}},
		Def{Name: "VECTOR", Min: 0, Max: -1, Params: "(&REST OBJECTS)", Fn: func(th *Thread, args []Value) Value {
			return NewVector(append([]Value(nil), args...))
		}},
		Def{Name: "VECTOR-PUSH", Min: 2, Max: 2, Params: "(NEW-ELEMENT VECTOR)", Fn: func(th *Thread, args []Value) Value {
			f := th.fillPointerArg(args[1])
			if f >= arTotal(args[1]) {
				return NIL
			}
			th.arSet(args[1], f, args[0])
			arSetFill(args[1], f+1)
			return MakeInt(int64(f))
		}},
		Def{Name: "VECTOR-PUSH-EXTEND", Min: 2, Max: 3, Params: "(NEW-ELEMENT VECTOR &OPTIONAL MIN-EXTENSION)", Fn: func(th *Thread, args []Value) Value {
			ext := 1
			if len(args) > 2 {
				n, ok := args[2].(Fixnum)
				if !ok || n < 0 {
					th.TypeError(args[2], List(th.Img.S.And, th.Img.S.Fixnum, List(th.Img.S.Integer, MakeInt(0))))
				}
				ext = int(n)
			}
			return MakeInt(int64(th.VectorPushExtend(args[0], args[1], ext)))
		}},
		Def{Name: "VECTOR-POP", Min: 1, Max: 1, Params: "(VECTOR)", Fn: func(th *Thread, args []Value) Value {
			f := th.fillPointerArg(args[0])
			if f == 0 {
				th.SimpleError("There is nothing left to pop.")
			}
			arSetFill(args[0], f-1)
			return th.arRef(args[0], f-1)
		}},
		pred("ARRAYP", func(th *Thread, v Value) bool { return IsArray(v) }),
		pred("VECTORP", func(th *Thread, v Value) bool { return IsVector(v) }),
		pred("SIMPLE-VECTOR-P", func(th *Thread, v Value) bool {
			sv, ok := v.(*Vector)
			return ok && sv.IsSimple()
		}),
		pred("BIT-VECTOR-P", func(th *Thread, v Value) bool { return th.isBitArray(v) && IsVector(v) }),
		pred("SIMPLE-BIT-VECTOR-P", func(th *Thread, v Value) bool {
			b, ok := v.(*BitVector)
			return ok && !b.HasFill && !b.Adjustable
		}),
		Def{Name: "UPGRADED-ARRAY-ELEMENT-TYPE", Min: 1, Max: 2, Params: "(TYPESPEC &OPTIONAL ENVIRONMENT)", Fn: func(th *Thread, args []Value) Value {
			return th.UpgradedArrayElementType(args[0])
		}},
	)
	type bop struct {
		name string
		op   func(a, b uint8) uint8
	}
	for _, b := range []bop{
		{"BIT-AND", func(a, b uint8) uint8 { return a & b }},
		{"BIT-IOR", func(a, b uint8) uint8 { return a | b }},
		{"BIT-XOR", func(a, b uint8) uint8 { return a ^ b }},
		{"BIT-EQV", func(a, b uint8) uint8 { return 1 ^ (a ^ b) }},
		{"BIT-NAND", func(a, b uint8) uint8 { return 1 ^ (a & b) }},
		{"BIT-NOR", func(a, b uint8) uint8 { return 1 ^ (a | b) }},
		{"BIT-ANDC1", func(a, b uint8) uint8 { return (1 ^ a) & b }},
		{"BIT-ANDC2", func(a, b uint8) uint8 { return a & (1 ^ b) }},
		{"BIT-ORC1", func(a, b uint8) uint8 { return (1 ^ a) | b }},
		{"BIT-ORC2", func(a, b uint8) uint8 { return a | (1 ^ b) }},
	} {
		b := b
		Register(Def{Name: b.name, Min: 2, Max: 3, Params: "(BIT-ARRAY1 BIT-ARRAY2 &OPTIONAL OPT-ARG)",
			Fn: func(th *Thread, args []Value) Value { return th.bitOp(b.name, b.op, args) }})
	}
	Register(Def{Name: "BIT-NOT", Min: 1, Max: 2, Params: "(BIT-ARRAY &OPTIONAL OPT-ARG)",
		Fn: func(th *Thread, args []Value) Value {
			return th.bitOp("BIT-NOT", func(a, _ uint8) uint8 { return 1 ^ a }, args)
		}})
	registerSetf(
		Def{Name: "AREF", Min: 2, Max: -1, Params: "(NEW-VALUE ARRAY &REST SUBSCRIPTS)", Fn: func(th *Thread, args []Value) Value {
			return th.SetAref(args[0], args[1], args[2:]...)
		}},
		Def{Name: "ROW-MAJOR-AREF", Min: 3, Max: 3, Params: "(NEW-VALUE ARRAY INDEX)", Fn: func(th *Thread, args []Value) Value {
			th.arrayArg(args[1])
			th.arSet(args[1], th.vecIndex(args[1], args[2]), args[0])
			return args[0]
		}},
		Def{Name: "SVREF", Min: 3, Max: 3, Params: "(NEW-VALUE SIMPLE-VECTOR INDEX)", Fn: func(th *Thread, args []Value) Value {
			sv := th.simpleVectorOf(args[1])
			sv.Items[th.vecIndex(sv, args[2])] = args[0]
			return args[0]
		}},
		Def{Name: "BIT", Min: 2, Max: -1, Params: "(NEW-BIT BIT-ARRAY &REST SUBSCRIPTS)", Fn: func(th *Thread, args []Value) Value {
			if !th.isBitArray(args[1]) {
				th.TypeError(args[1], List(th.Img.S.Array, th.Img.CLSym("BIT")))
			}
			return th.SetAref(args[0], args[1], args[2:]...)
		}},
		Def{Name: "SBIT", Min: 2, Max: -1, Params: "(NEW-BIT SIMPLE-BIT-ARRAY &REST SUBSCRIPTS)", Fn: func(th *Thread, args []Value) Value {
			if !th.isBitArray(args[1]) || !th.TypeP(args[1], th.Img.CLSym("SIMPLE-ARRAY")) {
				th.TypeError(args[1], List(th.Img.CLSym("SIMPLE-ARRAY"), th.Img.CLSym("BIT")))
			}
			return th.SetAref(args[0], args[1], args[2:]...)
		}},
		Def{Name: "FILL-POINTER", Min: 2, Max: 2, Params: "(NEW-VALUE VECTOR)", Fn: func(th *Thread, args []Value) Value {
			th.fillPointerArg(args[1])
			n, ok := args[0].(Fixnum)
			if !ok || n < 0 || int(n) > arTotal(args[1]) {
				th.simpleTypeError(args[0], List(th.Img.S.Integer, MakeInt(0), MakeInt(int64(arTotal(args[1])))),
					"The new fill pointer, ~S, is larger than the length of the vector (~S.)", args[0], MakeInt(int64(arTotal(args[1]))))
			}
			arSetFill(args[1], int(n))
			return args[0]
		}},
	)
}

// installArrayFastPaths gives SVREF, AREF and their SETF functions the
// fast entry points compiled call sites use (Builtin.Fast2, Fast3): a
// fixnum index within a vector's storage; anything else makes the real call.
func installArrayFastPaths(img *Image) {
	fixnum, single, double := img.S.Fixnum, img.S.SingleFloat, img.S.DoubleFloat
	// storable says whether x may be stored in a vector of element type et
	// without the full type check.
	storable := func(et, x Value) bool {
		switch et {
		case nil, T:
			return true
		case fixnum:
			_, ok := x.(Fixnum)
			return ok
		case double:
			_, ok := x.(DoubleFloat)
			return ok
		case single:
			_, ok := x.(SingleFloat)
			return ok
		}
		return false
	}
	if b, ok := img.CLSym("SVREF").Fn.(*Builtin); ok {
		b.Fast2 = func(v, i Value) (Value, bool) {
			if sv, ok := v.(*Vector); ok && sv.IsSimple() {
				if n, ok := i.(Fixnum); ok && n >= 0 && int64(n) < int64(len(sv.Items)) {
					return sv.Items[n], true
				}
			}
			return nil, false
		}
	}
	if b, ok := img.CLSym("SVREF").Setf.(*Builtin); ok {
		b.Fast3 = func(x, v, i Value) (Value, bool) {
			if sv, ok := v.(*Vector); ok && sv.IsSimple() {
				if n, ok := i.(Fixnum); ok && n >= 0 && int64(n) < int64(len(sv.Items)) {
					sv.Items[n] = x
					return x, true
				}
			}
			return nil, false
		}
	}
	if b, ok := img.CLSym("AREF").Fn.(*Builtin); ok {
		b.Fast2 = func(v, i Value) (Value, bool) {
			n, ok := i.(Fixnum)
			if !ok || n < 0 {
				return nil, false
			}
			switch a := v.(type) {
			case *Vector:
				if int64(n) < int64(len(a.Items)) {
					return a.Items[n], true
				}
			case *String:
				if int64(n) < int64(len(a.R)) {
					return Char(a.R[n]), true
				}
			}
			return nil, false
		}
	}
	if b, ok := img.CLSym("AREF").Setf.(*Builtin); ok {
		b.Fast3 = func(x, v, i Value) (Value, bool) {
			if a, ok := v.(*Vector); ok {
				if n, ok := i.(Fixnum); ok && n >= 0 && int64(n) < int64(len(a.Items)) && storable(a.ElemType, x) {
					a.Items[n] = x
					return x, true
				}
			}
			return nil, false
		}
	}

	// CHAR and SCHAR (and their SETF functions) of a string whose storage
	// holds the index; SCHAR's string must be simple.
	for _, name := range []string{"CHAR", "SCHAR"} {
		simple := name == "SCHAR"
		if b, ok := img.CLSym(name).Fn.(*Builtin); ok {
			b.Fast2 = func(v, i Value) (Value, bool) {
				if s, ok := v.(*String); ok && (!simple || s.IsSimple()) {
					if n, ok := i.(Fixnum); ok && n >= 0 && int64(n) < int64(len(s.R)) {
						return Char(s.R[n]), true
					}
				}
				return nil, false
			}
		}
		if b, ok := img.CLSym(name).Setf.(*Builtin); ok {
			b.Fast3 = func(x, v, i Value) (Value, bool) {
				c, isChar := x.(Char)
				if s, ok := v.(*String); ok && isChar && (!simple || s.IsSimple()) && !(s.Base && c >= baseCharLimit) {
					if n, ok := i.(Fixnum); ok && n >= 0 && int64(n) < int64(len(s.R)) {
						s.R[n] = rune(c)
						return x, true
					}
				}
				return nil, false
			}
		}
	}
}

func init() { RegisterSetup(6, installArrayFastPaths) }
