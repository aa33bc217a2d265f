package eval

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// Calls of builtins through their fast entry points (rt.Builtin.Fast1,
// Fast2, Fast3): structure accessors and predicates, SVREF, AREF and their
// SETF functions. A fast entry point computes the common case without a call
// record or the argument stack; when it declines, the builtin is called the
// usual way, so errors and backtraces are unchanged. A COMMON-LISP builtin
// is bound at compile time (the package is locked); any other function is
// looked up at each call, since a program may redefine it.

// fastBuiltinCode compiles a call of b (a builtin that cannot be
// redefined) with ops through its fast entry point for len(ops) arguments,
// or returns nil when it has none.
func fastBuiltinCode(b *rt.Builtin, ops []operand) Code {
	switch len(ops) {
	case 1:
		if fast := b.Fast1; fast != nil {
			a := &ops[0]
			return func(th *rt.Thread, f *Frame) rt.Value {
				x := a.load(th, f)
				if v, ok := fast(x); ok {
					th.SetSingle()
					return v
				}
				return callFunction1(th, b, x)
			}
		}
	case 2:
		if fast := b.Fast2; fast != nil {
			a0, a1 := &ops[0], &ops[1]
			return func(th *rt.Thread, f *Frame) rt.Value {
				x := a0.load(th, f)
				y := a1.load(th, f)
				if v, ok := fast(x, y); ok {
					th.SetSingle()
					return v
				}
				return callFunction2(th, b, x, y)
			}
		}
	case 3:
		if fast := b.Fast3; fast != nil {
			a0, a1, a2 := &ops[0], &ops[1], &ops[2]
			return func(th *rt.Thread, f *Frame) rt.Value {
				x := a0.load(th, f)
				y := a1.load(th, f)
				z := a2.load(th, f)
				if v, ok := fast(x, y, z); ok {
					th.SetSingle()
					return v
				}
				return callFunction3(th, b, x, y, z)
			}
		}
	}
	return nil
}

// tryFast calls fn's fast entry point for the arguments in av when fn is a
// builtin that has one; ok is false when the call must be made normally.
func tryFast(fn rt.Function, av []rt.Value) (rt.Value, bool) {
	b, isB := fn.(*rt.Builtin)
	if !isB {
		return nil, false
	}
	switch len(av) {
	case 1:
		if b.Fast1 != nil {
			return b.Fast1(av[0])
		}
	case 2:
		if b.Fast2 != nil {
			return b.Fast2(av[0], av[1])
		}
	case 3:
		if b.Fast3 != nil {
			return b.Fast3(av[0], av[1], av[2])
		}
	}
	return nil, false
}

func callFunction1(th *rt.Thread, fn rt.Function, x rt.Value) rt.Value {
	base, av := th.ArgSlots(1)
	av[0] = x
	v := fn.Call(th, av)
	th.PopArgs(base)
	return v
}

func callFunction2(th *rt.Thread, fn rt.Function, x, y rt.Value) rt.Value {
	base, av := th.ArgSlots(2)
	av[0], av[1] = x, y
	v := fn.Call(th, av)
	th.PopArgs(base)
	return v
}

func callFunction3(th *rt.Thread, fn rt.Function, x, y, z rt.Value) rt.Value {
	base, av := th.ArgSlots(3)
	av[0], av[1], av[2] = x, y, z
	v := fn.Call(th, av)
	th.PopArgs(base)
	return v
}

// compileFuncallCall compiles (FUNCALL fn arg...) without the call record
// of FUNCALL itself (SBCL's backtraces do not show one either): a function
// value is called directly, through its fast entry point when it has one,
// and (FUNCALL #'(SETF name) ...), which SETF of a place whose writer is a
// function expands into, calls name's SETF function the way a call of a
// global function does. Anything that is not a function goes to the real
// FUNCALL, which signals. It returns nil for a form it does not handle.
func (c *compiler) compileFuncallCall(form *rt.Cons, env *lexEnv) Code {
	args, ok := form.Cdr.(*rt.Cons)
	if !ok {
		return nil
	}
	if name := setfFunctionName(c, args.Car); name != nil && env.lookupFun(rt.List(c.img.S.Setf, name)) == nil {
		ops := c.operands(args.Cdr, env)
		c.noteGlobalCall(c.img.S.Funcall, len(ops)+1)
		c.noteXref(XrefCalls, rt.List(c.img.S.Setf, name))
		return c.setfFunctionCall(name, ops)
	}
	fnOp := c.operand(args.Car, env)
	ops := c.operands(args.Cdr, env)
	c.noteGlobalCall(c.img.S.Funcall, len(ops)+1)
	funcall := c.img.S.Funcall.Fn
	n := len(ops)
	return func(th *rt.Thread, f *Frame) rt.Value {
		fv := fnOp.load(th, f)
		base, av := th.ArgSlots(n + 1)
		av[0] = fv
		for i := range ops {
			av[i+1] = ops[i].load(th, f)
		}
		var v rt.Value
		if fn, ok := fv.(rt.Function); ok {
			var fast bool
			if v, fast = tryFast(fn, av[1:]); fast {
				th.SetSingle()
			} else {
				v = fn.Call(th, av[1:])
			}
		} else {
			v = funcall.Call(th, av)
		}
		th.PopArgs(base)
		return v
	}
}

// setfFunctionName returns name when form is (FUNCTION (SETF name)).
func setfFunctionName(c *compiler, form rt.Value) *rt.Symbol {
	fc, ok := form.(*rt.Cons)
	if !ok || fc.Car != c.img.S.Function {
		return nil
	}
	rest, ok := fc.Cdr.(*rt.Cons)
	if !ok || rest.Cdr != rt.NIL {
		return nil
	}
	nc, ok := rest.Car.(*rt.Cons)
	if !ok || nc.Car != c.img.S.Setf {
		return nil
	}
	nrest, ok := nc.Cdr.(*rt.Cons)
	if !ok || nrest.Cdr != rt.NIL {
		return nil
	}
	sym, _ := nrest.Car.(*rt.Symbol)
	return sym
}

// setfFunctionCall calls the global function (SETF name) with ops: the
// function is looked up before the arguments are evaluated, as
// (FUNCALL #'(SETF name) ...) does.
func (c *compiler) setfFunctionCall(name *rt.Symbol, ops []operand) Code {
	if name.Pkg == c.img.CL {
		if b, ok := name.Setf.(*rt.Builtin); ok {
			if code := fastBuiltinCode(b, ops); code != nil {
				return code
			}
		}
	}
	switch len(ops) {
	case 2:
		// The commonest: a structure slot writer.
		a0, a1 := &ops[0], &ops[1]
		return func(th *rt.Thread, f *Frame) rt.Value {
			fn := setfFunctionOf(th, name)
			x := a0.load(th, f)
			y := a1.load(th, f)
			if b, ok := fn.(*rt.Builtin); ok && b.Fast2 != nil {
				if v, ok := b.Fast2(x, y); ok {
					th.SetSingle()
					return v
				}
			}
			return callFunction2(th, fn, x, y)
		}
	case 3:
		a0, a1, a2 := &ops[0], &ops[1], &ops[2]
		return func(th *rt.Thread, f *Frame) rt.Value {
			fn := setfFunctionOf(th, name)
			x := a0.load(th, f)
			y := a1.load(th, f)
			z := a2.load(th, f)
			if b, ok := fn.(*rt.Builtin); ok && b.Fast3 != nil {
				if v, ok := b.Fast3(x, y, z); ok {
					th.SetSingle()
					return v
				}
			}
			return callFunction3(th, fn, x, y, z)
		}
	}
	n := len(ops)
	return func(th *rt.Thread, f *Frame) rt.Value {
		fn := setfFunctionOf(th, name)
		base, av := th.ArgSlots(n)
		for i := range ops {
			av[i] = ops[i].load(th, f)
		}
		v, fast := tryFast(fn, av)
		if fast {
			th.SetSingle()
		} else {
			v = fn.Call(th, av)
		}
		th.PopArgs(base)
		return v
	}
}

// setfFunctionOf returns the function (SETF name), as #'(SETF name) does.
func setfFunctionOf(th *rt.Thread, name *rt.Symbol) rt.Function {
	if fn := name.Setf; fn != nil {
		return fn
	}
	return th.UndefinedSetfFunctionCall(name, nil)
}

// globalCall1 is compileGlobalCall's code for a call of sym with one
// argument: a direct call of a plain compiled function (as for any number
// of arguments), or a builtin's fast entry point (a structure accessor or
// predicate, most often), or the general call.
func (c *compiler) globalCall1(sym *rt.Symbol, a *operand, args []Code, tail bool) Code {
	general := c.generalGlobalCall(sym, args)
	return func(th *rt.Thread, cf *Frame) rt.Value {
		switch fn := sym.Fn.(type) {
		case *Closure:
			info := fn.info
			if info.direct != 2 {
				break
			}
			// compileGlobalCall's direct call, for one argument.
			f := th.PushFrame(nil, fn.upv, info.fn.nslots)
			x := a.fast(cf)
			if x == nil {
				x = a.code(th, cf)
			}
			f.Slots[0] = x
			f.Fn, f.Args = fn, f.Slots[:1:1]
			v := info.body(th, f)
			th.PopFrame(f)
			if v == throwSentinelP && !tail {
				raisePendingThrow(th)
			}
			return v
		case *rt.Builtin:
			if fn.Fast1 == nil {
				break
			}
			x := a.load(th, cf)
			if sym.Fn == rt.Function(fn) {
				if v, ok := fn.Fast1(x); ok {
					th.SetSingle()
					return v
				}
			}
			return callBuiltin1(th, sym, x)
		}
		return general(th, cf)
	}
}

// directSetf compiles (SETF (acc arg...) value), (INCF (acc arg...)
// [delta]) and (DECF ...) when every arg, the value and the delta are local
// variables or constants and the place's writer is the function (SETF acc):
// the expansion's temporaries (a LET* and a LET) are then only copies of
// values that nothing in between can change, so the call of the writer is
// compiled directly, with the same order of evaluation and the same calls.
// It returns nil for anything else, which is compiled from its expansion.
func (c *compiler) directSetf(op *rt.Symbol, form *rt.Cons, env *lexEnv, mv bool) Code {
	if op.Pkg != c.img.CL {
		return nil
	}
	if hook := c.img.S.MacroexpandHook.Value; hook != nil && hook != rt.NIL && hook != c.img.S.Funcall {
		// A program watching expansions sees this one.
		return nil
	}
	var delta rt.Value
	parts, ok := properList(form.Cdr, 2)
	switch op.Name {
	case "SETF":
		if !ok || len(parts) != 2 {
			return nil
		}
	case "INCF", "DECF":
		if !ok || len(parts) < 1 || len(parts) > 2 {
			return nil
		}
		delta = rt.MakeInt(1)
		if len(parts) == 2 {
			delta = parts[1]
		}
	default:
		return nil
	}
	place, ok := parts[0].(*rt.Cons)
	if !ok {
		return nil
	}
	acc, ok := place.Car.(*rt.Symbol)
	if !ok || !c.writerIsSetfFunction(acc, env) {
		return nil
	}
	args, ok := properList(place.Cdr, 8)
	if !ok {
		return nil
	}
	for _, a := range args {
		if !c.isSimpleOperand(a, env) {
			return nil
		}
	}
	if op.Name == "SETF" {
		if !c.isSimpleOperand(parts[1], env) {
			return nil
		}
		return c.compile(rt.NewCons(c.img.S.Funcall, rt.ListStar(rt.List(args...),
			rt.List(c.img.S.Function, rt.List(c.img.S.Setf, acc)), parts[1])), env, mv)
	}
	if !c.isSimpleOperand(delta, env) {
		return nil
	}
	arith := c.img.CLSym("+")
	if op.Name == "DECF" {
		arith = c.img.CLSym("-")
	}
	// The reading call's arguments are only variables and constants, so
	// the new value is computed from the same values the store uses.
	return c.compile(rt.NewCons(c.img.S.Funcall, rt.ListStar(rt.List(args...),
		rt.List(c.img.S.Function, rt.List(c.img.S.Setf, acc)), rt.List(arith, place, delta))), env, mv)
}

// writerIsSetfFunction says whether a place (acc ...) in env is written
// by calling the function (SETF acc), as GetSetfExpansion decides, with
// no local function or macro named acc.
func (c *compiler) writerIsSetfFunction(acc *rt.Symbol, env *lexEnv) bool {
	if env.lookupFun(acc) != nil || acc.Macro != nil || acc.Flags&rt.FlagSpecialOperator != 0 {
		return false
	}
	if _, ok := c.img.Extra[setfExpanderKey{acc}]; ok {
		return false
	}
	if acc.Pkg == c.img.CL {
		// GetSetfExpansion's own places (THE, GETF, VALUES, LDB, ...) have
		// no SETF function; the rest of COMMON-LISP's do.
		_, isB := acc.Setf.(*rt.Builtin)
		return isB
	}
	return true
}

// applySpreadLimit bounds the list APPLY spreads on the argument stack
// itself; a longer (or circular) one goes to the real APPLY.
const applySpreadLimit = 1024

// compileApplyCall compiles (APPLY fn arg... list) (at least one argument
// besides fn): the arguments are spread on the argument stack and the
// function called directly, without the APPLY frame and the copies the
// builtin makes. A function designator that is not a function or a fbound
// symbol, and a list that is not a proper list of at most applySpreadLimit
// elements, go to the real APPLY, which signals.
func (c *compiler) compileApplyCall(sym *rt.Symbol, ops []operand) Code {
	apply := sym.Fn
	n := len(ops)
	return func(th *rt.Thread, f *Frame) rt.Value {
		base, av := th.ArgSlots(n)
		for i := range ops {
			av[i] = ops[i].load(th, f)
		}
		var fn rt.Function
		switch x := av[0].(type) {
		case rt.Function:
			fn = x
		case *rt.Symbol:
			fn = x.Fn
		}
		k := 0
		for l := av[n-1]; fn != nil; k++ {
			if l == rt.NIL {
				break
			}
			cell, ok := l.(*rt.Cons)
			if !ok || k == applySpreadLimit {
				fn = nil
				break
			}
			l = cell.Cdr
		}
		var v rt.Value
		if fn == nil {
			v = apply.Call(th, av)
		} else {
			_, sv := th.ArgSlots(n - 2 + k)
			copy(sv, av[1:n-1])
			l := av[n-1]
			for i := n - 2; i < len(sv); i++ {
				cell := l.(*rt.Cons)
				sv[i] = cell.Car
				l = cell.Cdr
			}
			var fast bool
			if v, fast = tryFast(fn, sv); fast {
				th.SetSingle()
			} else {
				v = fn.Call(th, sv)
			}
		}
		th.PopArgs(base)
		return v
	}
}
