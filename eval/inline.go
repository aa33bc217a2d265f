package eval

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// inlineCall compiles calls to a few COMMON-LISP functions with a fixnum (or
// cons) fast path; anything else goes through the real function, so errors,
// contagion and backtraces are unchanged. CL functions cannot be redefined
// (the package is locked), which makes this safe. The arithmetic, the
// commonest comparisons and CAR/CDR are fusedCall's; these are the rest.
func (c *compiler) inlineCall(sym *rt.Symbol, args []Code) Code {
	switch len(args) {
	case 1:
		a := args[0]
		slow := func(th *rt.Thread, x rt.Value) rt.Value { return callBuiltin1(th, sym, x) }
		switch sym.Name {
		case "NULL", "NOT":
			return func(th *rt.Thread, f *Frame) rt.Value { return rt.Bool(a(th, f) == rt.NIL) }
		case "CONSP":
			return func(th *rt.Thread, f *Frame) rt.Value {
				_, ok := a(th, f).(*rt.Cons)
				return rt.Bool(ok)
			}
		case "ATOM":
			return func(th *rt.Thread, f *Frame) rt.Value {
				_, ok := a(th, f).(*rt.Cons)
				return rt.Bool(!ok)
			}
		case "ZEROP":
			return func(th *rt.Thread, f *Frame) rt.Value {
				x := a(th, f)
				if n, ok := x.(rt.Fixnum); ok {
					return rt.Bool(n == 0)
				}
				return slow(th, x)
			}
		}
	case 2:
		a, b := args[0], args[1]
		slow := func(th *rt.Thread, x, y rt.Value) rt.Value { return callBuiltin2(th, sym, x, y) }
		switch sym.Name {
		case "<=", ">=", "/=":
			return fixCompareCode(sym.Name, a, b, slow)
		case "CONS":
			return func(th *rt.Thread, f *Frame) rt.Value {
				x, y := a(th, f), b(th, f)
				return &rt.Cons{Car: x, Cdr: y}
			}
		}
	}
	return nil
}

const (
	maxFix = rt.Fixnum(1<<62 - 1)
	minFix = rt.Fixnum(-(1 << 62))
)

// fixCompareCode compiles a two-argument numeric comparison with a fixnum
// fast path.
func fixCompareCode(op string, a, b Code, slow func(th *rt.Thread, x, y rt.Value) rt.Value) Code {
	cmp := fixCompare(op)
	return func(th *rt.Thread, f *Frame) rt.Value {
		x, y := a(th, f), b(th, f)
		if m, ok := x.(rt.Fixnum); ok {
			if n, ok := y.(rt.Fixnum); ok {
				return rt.Bool(cmp(m, n))
			}
		}
		return slow(th, x, y)
	}
}

func fixCompare(op string) func(a, b rt.Fixnum) bool {
	switch op {
	case "<":
		return func(a, b rt.Fixnum) bool { return a < b }
	case ">":
		return func(a, b rt.Fixnum) bool { return a > b }
	case "<=":
		return func(a, b rt.Fixnum) bool { return a <= b }
	case ">=":
		return func(a, b rt.Fixnum) bool { return a >= b }
	case "=":
		return func(a, b rt.Fixnum) bool { return a == b }
	}
	return func(a, b rt.Fixnum) bool { return a != b }
}

func callBuiltin1(th *rt.Thread, sym *rt.Symbol, x rt.Value) rt.Value {
	base := th.ArgBase(1)
	th.SetArg(base, 0, x)
	fn := sym.Fn
	if fn == nil {
		fn = undefinedFunction(th, sym, th.Args(base, 1))
	}
	v := fn.Call(th, th.Args(base, 1))
	th.PopArgs(base)
	return v
}

func callBuiltin2(th *rt.Thread, sym *rt.Symbol, x, y rt.Value) rt.Value {
	base := th.ArgBase(2)
	th.SetArg(base, 0, x)
	th.SetArg(base, 1, y)
	fn := sym.Fn
	if fn == nil {
		fn = undefinedFunction(th, sym, th.Args(base, 2))
	}
	v := fn.Call(th, th.Args(base, 2))
	th.PopArgs(base)
	return v
}
