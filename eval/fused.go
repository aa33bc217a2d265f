package eval

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// Fused operations: calls of the arithmetic, comparison and CAR/CDR
// functions of COMMON-LISP compile to one closure with a fixnum (or cons)
// fast path that reads local-variable and constant operands itself, instead
// of one closure per operand. This is where loops and recursive arithmetic
// spend their time; anything off the fast path calls the real function.

// operand is a simple argument: a local variable of the current function or
// a constant.
type operand struct {
	slot  int // frame slot of a local variable, or -1
	value rt.Value
	code  Code // any other form
}

// simpleOperand recognizes local variables (of the function being compiled)
// and constants.
func (c *compiler) simpleOperand(form rt.Value, env *lexEnv) (operand, bool) {
	switch x := form.(type) {
	case *rt.Symbol:
		if x == rt.NIL || x == rt.T || x.Pkg == c.img.Keyword {
			return operand{slot: -1, value: x}, true
		}
		b := env.lookupVar(x)
		if b == nil || b.kind != envVar || b.v.fn != c.fn {
			return operand{}, false
		}
		b.v.used = true
		return operand{slot: b.v.index}, true
	case *rt.Cons:
		if x.Car == c.img.S.Quote {
			if rest, ok := x.Cdr.(*rt.Cons); ok && rest.Cdr == rt.NIL {
				return operand{slot: -1, value: rest.Car}, true
			}
		}
		return operand{}, false
	}
	return operand{slot: -1, value: form}, true
}

// load evaluates an operand in frame f. It is small enough for Go to inline
// into the fused closures.
func (o *operand) load(th *rt.Thread, f *Frame) rt.Value {
	if o.code != nil {
		return o.code(th, f)
	}
	if o.slot < 0 {
		return o.value
	}
	return slotValue(f, o.slot)
}

// slotValue reads a local variable's slot, unboxing a captured one.
func slotValue(f *Frame, i int) rt.Value {
	x := f.Slots[i]
	if b, ok := x.(*box); ok {
		return b.V
	}
	return x
}

// fusable gives the argument count of each operator fusedCall knows.
var fusable = map[string]int{"1+": 1, "1-": 1, "CAR": 1, "FIRST": 1, "CDR": 1, "REST": 1,
	"+": 2, "-": 2, "<": 2, ">": 2, "=": 2, "EQ": 2}

// isSimpleOperand is simpleOperand without side effects on the variable's
// use flag, to decide whether fusing applies before compiling anything.
func (c *compiler) isSimpleOperand(form rt.Value, env *lexEnv) bool {
	switch x := form.(type) {
	case *rt.Symbol:
		if x == rt.NIL || x == rt.T || x.Pkg == c.img.Keyword {
			return true
		}
		b := env.lookupVar(x)
		return b != nil && b.kind == envVar && b.v.fn == c.fn
	case *rt.Cons:
		if x.Car != c.img.S.Quote {
			return false
		}
		rest, ok := x.Cdr.(*rt.Cons)
		return ok && rest.Cdr == rt.NIL
	}
	return true
}

// fusedCall compiles (op a b) or (op a) with simple operands, or returns nil.
func (c *compiler) fusedCall(sym *rt.Symbol, argForms rt.Value, env *lexEnv) Code {
	forms := rt.ListToSlice(argForms)
	if (sym.Name == "+" || sym.Name == "-") && len(forms) > 2 {
		// (+ a b c) is (+ (+ a b) c): left to right, as the generic
		// function folds it.
		acc := rt.List(sym, forms[0], forms[1])
		for _, f := range forms[2 : len(forms)-1] {
			acc = rt.List(sym, acc, f)
		}
		forms = []rt.Value{acc, forms[len(forms)-1]}
	}
	if len(forms) < 1 || len(forms) > 2 {
		return nil
	}
	// Operands that are not variables or constants are compiled as usual
	// (in argument position: opaque).
	if fusable[sym.Name] != len(forms) {
		return nil
	}
	ops := make([]operand, len(forms))
	for i, f := range forms {
		if c.isSimpleOperand(f, env) {
			ops[i], _ = c.simpleOperand(f, env)
		} else {
			ops[i] = operand{slot: -1, code: c.opaque(f, env, false)}
		}
	}
	if len(ops) == 1 {
		a := ops[0]
		slow := func(th *rt.Thread, x rt.Value) rt.Value { return callBuiltin1(th, sym, x) }
		switch sym.Name {
		case "1+":
			return func(th *rt.Thread, f *Frame) rt.Value {
				x := a.load(th, f)
				if n, ok := x.(rt.Fixnum); ok && n < maxFix {
					return rt.MakeInt(int64(n) + 1)
				}
				return slow(th, x)
			}
		case "1-":
			return func(th *rt.Thread, f *Frame) rt.Value {
				x := a.load(th, f)
				if n, ok := x.(rt.Fixnum); ok && n > minFix {
					return rt.MakeInt(int64(n) - 1)
				}
				return slow(th, x)
			}
		case "CAR", "FIRST":
			return func(th *rt.Thread, f *Frame) rt.Value {
				x := a.load(th, f)
				if c, ok := x.(*rt.Cons); ok {
					return c.Car
				}
				if x == rt.NIL {
					return rt.NIL
				}
				return slow(th, x)
			}
		case "CDR", "REST":
			return func(th *rt.Thread, f *Frame) rt.Value {
				x := a.load(th, f)
				if c, ok := x.(*rt.Cons); ok {
					return c.Cdr
				}
				if x == rt.NIL {
					return rt.NIL
				}
				return slow(th, x)
			}
		}
		return nil
	}
	a, b := ops[0], ops[1]
	slow := func(th *rt.Thread, x, y rt.Value) rt.Value { return callBuiltin2(th, sym, x, y) }
	switch sym.Name {
	case "+":
		return func(th *rt.Thread, f *Frame) rt.Value {
			x, y := a.load(th, f), b.load(th, f)
			if m, ok := x.(rt.Fixnum); ok {
				if n, ok := y.(rt.Fixnum); ok {
					s := m + n
					if (s > m) == (n > 0) && s <= maxFix && s >= minFix {
						return rt.MakeInt(int64(s))
					}
				}
			}
			return slow(th, x, y)
		}
	case "-":
		return func(th *rt.Thread, f *Frame) rt.Value {
			x, y := a.load(th, f), b.load(th, f)
			if m, ok := x.(rt.Fixnum); ok {
				if n, ok := y.(rt.Fixnum); ok {
					s := m - n
					if (s < m) == (n > 0) && s <= maxFix && s >= minFix {
						return rt.MakeInt(int64(s))
					}
				}
			}
			return slow(th, x, y)
		}
	case "<":
		return func(th *rt.Thread, f *Frame) rt.Value {
			x, y := a.load(th, f), b.load(th, f)
			if m, ok := x.(rt.Fixnum); ok {
				if n, ok := y.(rt.Fixnum); ok {
					return rt.Bool(m < n)
				}
			}
			return slow(th, x, y)
		}
	case ">":
		return func(th *rt.Thread, f *Frame) rt.Value {
			x, y := a.load(th, f), b.load(th, f)
			if m, ok := x.(rt.Fixnum); ok {
				if n, ok := y.(rt.Fixnum); ok {
					return rt.Bool(m > n)
				}
			}
			return slow(th, x, y)
		}
	case "=":
		return func(th *rt.Thread, f *Frame) rt.Value {
			x, y := a.load(th, f), b.load(th, f)
			if m, ok := x.(rt.Fixnum); ok {
				if n, ok := y.(rt.Fixnum); ok {
					return rt.Bool(m == n)
				}
			}
			return slow(th, x, y)
		}
	case "EQ":
		return func(th *rt.Thread, f *Frame) rt.Value {
			return rt.Bool(a.load(th, f) == b.load(th, f))
		}
	}
	return nil
}
