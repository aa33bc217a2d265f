package printer

import (
	"strconv"
	"strings"

	rt "github.com/golem-lisp/golem/runtime"
)

// Printing arrays under *print-readably*, as SBCL does: *print-array* NIL
// does not apply (CLHS 22.1.3.4: printing readably overrides it), and an
// array the standard #(...) and #nA syntax cannot describe (a specialized
// element type, or dimensions #nA cannot recover because a zero dimension
// follows a non-zero one) prints in SBCL's #A(dimensions element-type
// . contents) syntax, which golem's reader reads back.

// arrayReadablyPrintable reports whether an array of element type et and
// the given dimensions reads back from #(...) or #nA syntax: its element
// type is T, and no dimension after the last non-zero one is zero unless
// all dimensions after the first zero are zero too (#2A() has dimensions
// (0 0), #2A(()) has (1 0)).
func arrayReadablyPrintable(et rt.Value, dims []int) bool {
	if et != nil && et != rt.T {
		return false
	}
	zero, lastNonZero := -1, -1
	for i, d := range dims {
		if d == 0 && zero < 0 {
			zero = i
		}
		if d != 0 {
			lastNonZero = i
		}
	}
	return zero < 0 || lastNonZero < 0 || zero > lastNonZero
}

// sbclArrayForm prints #A(dims element-type . contents) for an array with
// the given row-major accessor. The contents are nested lists (the
// innermost ones bit-vectors for bit arrays, as in SBCL); they print under
// the current printer variables, like any other list.
func (p *printer) sbclArrayForm(et rt.Value, dims []int, at func(int) rt.Value) {
	isBit := et == p.img.CLSym("BIT")
	compact := func(items []rt.Value) rt.Value {
		if isBit {
			bs := make([]uint8, len(items))
			for i, x := range items {
				if b, ok := x.(rt.Fixnum); ok {
					bs[i] = uint8(b)
				}
			}
			return &rt.BitVector{Bits: bs}
		}
		return rt.List(items...)
	}
	var listify func(dims []int, index int) rt.Value
	listify = func(dims []int, index int) rt.Value {
		if len(dims) == 0 {
			return at(index)
		}
		count := 1
		for _, d := range dims[1:] {
			count *= d
		}
		items := make([]rt.Value, dims[0])
		for i := range items {
			items[i] = listify(dims[1:], index)
			index += count
			p.th.Tick()
		}
		if len(dims) == 1 {
			return compact(items)
		}
		return rt.List(items...)
	}
	dimList := make([]rt.Value, len(dims))
	for i, d := range dims {
		dimList[i] = rt.MakeInt(int64(d))
	}
	// Rank one: the contents are the (compacted) sequence itself; rank
	// zero: the element.
	contents := listify(dims, 0)
	p.write("#A")
	p.object(&rt.Cons{Car: rt.List(dimList...), Cdr: &rt.Cons{Car: et, Cdr: contents}})
}

// terseArray prints an array whose contents are not printed: #<(VECTOR
// FIXNUM 3) {...}>, or, for an array of element type NIL printed readably
// with *read-eval* true, the #.(MAKE-ARRAY ...) form that makes it again
// (as SBCL does); otherwise printing readably signals PRINT-NOT-READABLE.
func (p *printer) terseArray(v rt.Value) {
	if p.readably && rt.ArrayElementType(p.img, v) == rt.NIL && truthy(p.img.S.ReadEval.Value) {
		// SBCL's format: "#.(~S '~D :ELEMENT-TYPE ~S)".
		dims := rt.ArrayDims(v)
		text := make([]string, len(dims))
		for i, d := range dims {
			text[i] = strconv.Itoa(d)
		}
		p.write("#.(")
		p.object(p.img.CLSym("MAKE-ARRAY"))
		p.write(" '(" + strings.Join(text, " ") + ") ")
		p.object(p.img.Kw("ELEMENT-TYPE"))
		p.write(" ")
		p.object(rt.NIL)
		p.write(")")
		return
	}
	p.unreadableArray(v)
}
