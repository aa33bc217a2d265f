package eval

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// specialRead returns the symbol whose global (dynamic) value form reads,
// when form is a variable that compileSymbol compiles as such a read, or nil:
// an operand reads it in line (operand.sym).
func (c *compiler) specialRead(form rt.Value, env *lexEnv) *rt.Symbol {
	sym, ok := form.(*rt.Symbol)
	if !ok || sym == rt.NIL || sym == rt.T || sym.Pkg == c.img.Keyword || sym.IsConstant() {
		return nil
	}
	if b := env.lookupVar(sym); b != nil {
		if b.kind != envSpecial {
			return nil
		}
	} else if sym.Flags&rt.FlagSymbolMacro != 0 {
		return nil
	}
	return sym
}

// allSpecial reports whether every binding binds a special variable
// (bindVar's test), for the LETs that specialLet handles.
func allSpecial(bindings []letBinding, specials map[*rt.Symbol]bool) bool {
	if len(bindings) == 0 || len(bindings) > 8 {
		return false
	}
	for _, b := range bindings {
		if !b.sym.IsSpecial() && !specials[b.sym] {
			return false
		}
	}
	return true
}

// specialLet returns the code of a LET whose bindings are all special
// (sequential for LET*), their init forms compiled as operands. The
// bindings are undone when the body returns; a non-local exit out of the
// body leaves them to the catch point's Restore (Thread.UnbindTo).
func specialLet(inits []operand, params []param, sequential bool, body Code) Code {
	n := len(inits)
	syms := make([]*rt.Symbol, n)
	for i := range params {
		syms[i] = params[i].special
	}
	if sequential {
		return func(th *rt.Thread, f *Frame) rt.Value {
			depth := th.SpecialDepth()
			for i := range inits {
				th.BindSpecial(syms[i], inits[i].load(th, f))
			}
			v := body(th, f)
			th.UnbindTo(depth)
			return v
		}
	}
	switch n {
	case 1:
		s0, i0 := syms[0], &inits[0]
		return func(th *rt.Thread, f *Frame) rt.Value {
			x0 := i0.fast(f)
			if x0 == nil {
				x0 = i0.code(th, f)
			}
			depth := th.SpecialDepth()
			th.BindSpecial(s0, x0)
			v := body(th, f)
			th.UnbindTo(depth)
			return v
		}
	case 2:
		s0, s1, i0, i1 := syms[0], syms[1], &inits[0], &inits[1]
		return func(th *rt.Thread, f *Frame) rt.Value {
			x0 := i0.fast(f)
			if x0 == nil {
				x0 = i0.code(th, f)
			}
			x1 := i1.fast(f)
			if x1 == nil {
				x1 = i1.code(th, f)
			}
			depth := th.SpecialDepth()
			th.BindSpecial(s0, x0)
			th.BindSpecial(s1, x1)
			v := body(th, f)
			th.UnbindTo(depth)
			return v
		}
	case 3:
		s0, s1, s2, i0, i1, i2 := syms[0], syms[1], syms[2], &inits[0], &inits[1], &inits[2]
		return func(th *rt.Thread, f *Frame) rt.Value {
			x0 := i0.fast(f)
			if x0 == nil {
				x0 = i0.code(th, f)
			}
			x1 := i1.fast(f)
			if x1 == nil {
				x1 = i1.code(th, f)
			}
			x2 := i2.fast(f)
			if x2 == nil {
				x2 = i2.code(th, f)
			}
			depth := th.SpecialDepth()
			th.BindSpecial(s0, x0)
			th.BindSpecial(s1, x1)
			th.BindSpecial(s2, x2)
			v := body(th, f)
			th.UnbindTo(depth)
			return v
		}
	}
	return func(th *rt.Thread, f *Frame) rt.Value {
		var buf [8]rt.Value
		for i := range inits {
			buf[i] = inits[i].load(th, f)
		}
		depth := th.SpecialDepth()
		for i, s := range syms {
			th.BindSpecial(s, buf[i])
		}
		v := body(th, f)
		th.UnbindTo(depth)
		return v
	}
}
