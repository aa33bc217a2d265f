package reader

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// sbclArrayLiteral makes the array of SBCL's #A(dimensions element-type
// . contents) syntax, which the printer writes for arrays that #(...) and
// #nA cannot describe under *print-readably* (a specialized element type, or
// dimensions such as (0 1)). contents is what MAKE-ARRAY's
// :INITIAL-CONTENTS takes: nested sequences for a rank-one or higher array,
// the element itself for rank zero. It reports false when v is not of that
// shape.
func sbclArrayLiteral(th *rt.Thread, v rt.Value) (rt.Value, bool) {
	c, ok := v.(*rt.Cons)
	if !ok {
		return nil, false
	}
	rest, ok := c.Cdr.(*rt.Cons)
	if !ok {
		return nil, false
	}
	dims := properList(c.Car)
	if dims == nil && c.Car != rt.NIL {
		return nil, false
	}
	for _, d := range dims {
		if n, ok := d.(rt.Fixnum); !ok || n < 0 {
			return nil, false
		}
	}
	img := th.Img
	return th.Call(img.CLSym("MAKE-ARRAY"), c.Car, img.Kw("ELEMENT-TYPE"), rest.Car,
		img.Kw("INITIAL-CONTENTS"), rest.Cdr), true
}
