package eval

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// inlineCall compiles calls to a few COMMON-LISP functions with a fixnum (or
// cons) fast path; anything else goes through the real function, so errors,
// contagion and backtraces are unchanged. CL functions cannot be redefined
// (the package is locked), which makes this safe. The arithmetic, the
// commonest comparisons and CAR/CDR are fusedCall's; these are the rest.
//
// Like the fused operations, these closures set the value count themselves.
func (c *compiler) inlineCall(sym *rt.Symbol, args []Code) Code {
	if sym.Name == "LIST" && len(args) >= 1 && len(args) <= 4 {
		// LIST cannot fail, so it needs no backtrace frame; its arguments
		// are evaluated left to right and consed from the right.
		return func(th *rt.Thread, f *Frame) rt.Value {
			vals := make([]rt.Cons, len(args))
			for i, a := range args {
				vals[i].Car = a(th, f)
			}
			for i := range vals {
				if i+1 < len(vals) {
					vals[i].Cdr = &vals[i+1]
				} else {
					vals[i].Cdr = rt.NIL
				}
			}
			th.SetSingle()
			return &vals[0]
		}
	}
	if path := cxrPaths[sym.Name]; path != "" && len(args) == 1 {
		return cxrCode(sym, path, args[0])
	}
	switch len(args) {
	case 1:
		a := args[0]
		switch sym.Name {
		case "NULL", "NOT":
			return func(th *rt.Thread, f *Frame) rt.Value {
				x := a(th, f)
				th.SetSingle()
				return rt.Bool(x == rt.NIL)
			}
		case "CONSP":
			return func(th *rt.Thread, f *Frame) rt.Value {
				_, ok := a(th, f).(*rt.Cons)
				th.SetSingle()
				return rt.Bool(ok)
			}
		case "ENDP":
			return func(th *rt.Thread, f *Frame) rt.Value {
				x := a(th, f)
				th.SetSingle()
				if _, ok := x.(*rt.Cons); ok {
					return rt.NIL
				}
				if x == rt.NIL {
					return rt.T
				}
				return callBuiltin1(th, sym, x)
			}
		case "ATOM":
			return func(th *rt.Thread, f *Frame) rt.Value {
				_, ok := a(th, f).(*rt.Cons)
				th.SetSingle()
				return rt.Bool(!ok)
			}
		case "ZEROP":
			return func(th *rt.Thread, f *Frame) rt.Value {
				x := a(th, f)
				th.SetSingle()
				if n, ok := x.(rt.Fixnum); ok {
					return rt.Bool(n == 0)
				}
				return callBuiltin1(th, sym, x)
			}
		}
	case 2:
		a, b := args[0], args[1]
		switch sym.Name {
		case "CONS":
			return func(th *rt.Thread, f *Frame) rt.Value {
				x, y := a(th, f), b(th, f)
				th.SetSingle()
				return &rt.Cons{Car: x, Cdr: y}
			}
		case "MAPCAR", "MAPC", "MAPCAN", "MAPLIST", "MAPL", "MAPCON":
			return c.mapCall(sym, a, b)
		case "RPLACA", "RPLACD":
			car := sym.Name == "RPLACA"
			return func(th *rt.Thread, f *Frame) rt.Value {
				x, y := a(th, f), b(th, f)
				c, ok := x.(*rt.Cons)
				if !ok {
					return callBuiltin2(th, sym, x, y)
				}
				if car {
					c.Car = y
				} else {
					c.Cdr = y
				}
				th.SetSingle()
				return c
			}
		}
	}
	return nil
}

// cxrPaths gives the CAR/CDR steps of the composed accessors, applied
// from the right as the name reads: CADR is (car (cdr x)).
var cxrPaths = map[string]string{"CAAR": "AA", "CADR": "AD", "CDAR": "DA", "CDDR": "DD",
	"CAAAR": "AAA", "CAADR": "AAD", "CADAR": "ADA", "CADDR": "ADD",
	"CDAAR": "DAA", "CDADR": "DAD", "CDDAR": "DDA", "CDDDR": "DDD", "SECOND": "AD", "THIRD": "ADD"}

// cxrCode compiles a composed CAR/CDR accessor; a non-list anywhere along
// the way goes to the real function, which signals. The steps are unrolled
// (paths have two or three), each a car or a cdr fixed at compile time.
func cxrCode(sym *rt.Symbol, path string, a Code) Code {
	n := len(path)
	s1, s2 := path[n-1] == 'A', path[n-2] == 'A'
	if n == 2 {
		return func(th *rt.Thread, f *Frame) rt.Value {
			x := a(th, f)
			th.SetSingle()
			if v, ok := cxrStep(x, s1); ok {
				if v, ok = cxrStep(v, s2); ok {
					return v
				}
			}
			return callBuiltin1(th, sym, x)
		}
	}
	s3 := path[n-3] == 'A'
	return func(th *rt.Thread, f *Frame) rt.Value {
		x := a(th, f)
		th.SetSingle()
		if v, ok := cxrStep(x, s1); ok {
			if v, ok = cxrStep(v, s2); ok {
				if v, ok = cxrStep(v, s3); ok {
					return v
				}
			}
		}
		return callBuiltin1(th, sym, x)
	}
}

// cxrStep is one step of a composed accessor: the car (or the cdr) of a
// list, NIL of NIL; ok is false for any other object.
func cxrStep(v rt.Value, car bool) (rt.Value, bool) {
	c, ok := v.(*rt.Cons)
	if !ok {
		return rt.NIL, v == rt.NIL
	}
	if car {
		return c.Car, true
	}
	return c.Cdr, true
}

const (
	maxFix = rt.Fixnum(1<<62 - 1)
	minFix = rt.Fixnum(-(1 << 62))
)

func callBuiltin1(th *rt.Thread, sym *rt.Symbol, x rt.Value) rt.Value {
	fn := sym.Fn
	if fn == nil {
		fn = undefinedFunction(th, sym, []rt.Value{x})
	}
	if b, ok := fn.(*rt.Builtin); ok && b.Fast1 != nil {
		if v, ok := b.Fast1(x); ok {
			th.SetSingle()
			return v
		}
	}
	return callFunction1(th, fn, x)
}

func callBuiltin2(th *rt.Thread, sym *rt.Symbol, x, y rt.Value) rt.Value {
	fn := sym.Fn
	if fn == nil {
		fn = undefinedFunction(th, sym, []rt.Value{x, y})
	}
	if b, ok := fn.(*rt.Builtin); ok && b.Fast2 != nil {
		if v, ok := b.Fast2(x, y); ok {
			th.SetSingle()
			return v
		}
	}
	return callFunction2(th, fn, x, y)
}
