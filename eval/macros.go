package eval

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// MacroFunction is the expander made by defmacro or macrolet: a function of
// (form environment) that destructures the form with a macro lambda list.
type MacroFunction struct {
	info *lambdaInfo
	upv  []*box
}

// Call implements rt.Function.
func (m *MacroFunction) Call(th *rt.Thread, args []rt.Value) rt.Value {
	if len(args) != 2 {
		th.ProgramError("invalid number of arguments to a macro function: " + itoa(len(args)))
	}
	form := args[0]
	info := m.info
	f := th.PushFrame(m, m.upv, info.fn.nslots)
	f.Args = args
	ll := info.ll
	depth := th.SpecialDepth()
	if ll.whole != nil {
		ll.whole.set(th, f, form)
	}
	if ll.envParam != nil {
		ll.envParam.set(th, f, args[1])
	}
	var rest rt.Value = rt.NIL
	if c, ok := form.(*rt.Cons); ok {
		rest = c.Cdr
	}
	inner := *ll
	inner.whole = nil
	inner.bindList(th, f, rest)
	v := info.body(th, f)
	if ll.specials {
		th.UnbindTo(depth)
	}
	th.PopFrame(f)
	if v == throwSentinelP {
		raisePendingThrow(th)
	}
	th.SetSingle()
	return v
}

// FunctionName implements rt.Function.
func (m *MacroFunction) FunctionName() rt.Value { return m.info.name }

// LambdaList returns the macro lambda list.
func (m *MacroFunction) LambdaList() rt.Value { return m.info.ll.form }

// Documentation returns the docstring.
func (m *MacroFunction) Documentation() string { return m.info.doc }

// makeMacroFunction compiles a macro at compile time in env (which holds no
// run-time bindings) and returns the expander.
func (c *compiler) makeMacroFunction(name, ll, body rt.Value, env *lexEnv) rt.Function {
	root := &compiler{th: c.th, img: c.img, fn: &fnInfo{}, who: c.who}
	info := root.compileLambdaInfo(name, ll, body, env, name, llMacro)
	return &MacroFunction{info: info}
}

// macroLambdaCode compiles a macro lambda in the current function so the
// expander closes over the run-time lexical environment (defmacro).
func (c *compiler) macroLambdaCode(name, ll, body rt.Value, env *lexEnv) Code {
	info := c.compileLambdaInfo(name, ll, body, env, name, llMacro)
	srcs := c.closureSources(info.fn)
	return func(th *rt.Thread, f *Frame) rt.Value {
		return &MacroFunction{info: info, upv: captureUpvalues(f, srcs)}
	}
}

// Macroexpand1 expands form once in env (nil for the global environment).
func Macroexpand1(th *rt.Thread, form rt.Value, env *Env) (rt.Value, bool) {
	var lex *lexEnv
	if env != nil {
		lex = env.lex
	}
	switch x := form.(type) {
	case *rt.Symbol:
		if b := lex.lookupVar(x); b != nil {
			if b.kind == envSymbolMacro {
				return b.expand, true
			}
			return form, false
		}
		if x.Flags&rt.FlagSymbolMacro != 0 {
			return th.Img.Extra[symbolMacroKey{x}], true
		}
	case *rt.Cons:
		op, ok := x.Car.(*rt.Symbol)
		if !ok {
			return form, false
		}
		if b := lex.lookupFun(op); b != nil {
			if b.kind == envMacro {
				return callMacro(th, b.expand, form, env), true
			}
			return form, false
		}
		if op.Macro != nil {
			if env == nil {
				env = &Env{}
			}
			return callMacro(th, op.Macro, form, env), true
		}
	}
	return form, false
}

// Macroexpand expands form repeatedly until it is no longer a macro form.
func Macroexpand(th *rt.Thread, form rt.Value, env *Env) (rt.Value, bool) {
	expanded := false
	for {
		th.Tick()
		f, ok := Macroexpand1(th, form, env)
		if !ok {
			return f, expanded
		}
		expanded = true
		form = f
	}
}

// compilerMacroKey keys a compiler macro in Image.Extra: the symbol of its
// function name, and whether the name is (SETF symbol).
type compilerMacroKey struct {
	name *rt.Symbol
	setf bool
}

// notinlineKey marks in Image.Extra a function name proclaimed NOTINLINE.
type notinlineKey struct{ name compilerMacroKey }

// compilerMacroKeyOf parses a function name, a symbol or (SETF symbol), into
// its key; ok is false for anything else.
func compilerMacroKeyOf(th *rt.Thread, name rt.Value) (key compilerMacroKey, ok bool) {
	switch n := name.(type) {
	case *rt.Symbol:
		return compilerMacroKey{name: n}, true
	case *rt.Cons:
		if n.Car == th.Img.S.Setf {
			if c2, ok := n.Cdr.(*rt.Cons); ok && c2.Cdr == rt.NIL {
				if s, ok := c2.Car.(*rt.Symbol); ok {
					return compilerMacroKey{name: s, setf: true}, true
				}
			}
		}
	}
	return compilerMacroKey{}, false
}

// compilerMacroKeyArg is compilerMacroKeyOf for a function's argument: a
// name that is not a function name is a TYPE-ERROR.
func compilerMacroKeyArg(th *rt.Thread, name rt.Value) compilerMacroKey {
	key, ok := compilerMacroKeyOf(th, name)
	if !ok {
		th.TypeError(name, rt.List(th.Img.S.Or, th.Img.S.Symbol, rt.List(th.Img.S.Cons, rt.List(th.Img.S.Eql, th.Img.S.Setf))))
	}
	return key
}

// compilerMacroExpansion applies the compiler macro of a call form, (op ...)
// or (FUNCALL #'name ...) (CLHS 3.2.2.1.1), and reports whether it gave an
// expansion; returning the form itself declines, and a function proclaimed
// NOTINLINE, or declared so locally, has its compiler macro ignored (CLHS
// 3.2.2.1.3). As in SBCL, the expansion
// is then compiled like any form, so a call of the same function in it is
// offered to the compiler macro again: a compiler macro ends by declining.
func (c *compiler) compilerMacroExpansion(op *rt.Symbol, form *rt.Cons, env *lexEnv) (rt.Value, bool) {
	key := compilerMacroKey{name: op}
	if op == c.img.S.Funcall {
		args, ok := form.Cdr.(*rt.Cons)
		if !ok {
			return nil, false
		}
		fn, ok := args.Car.(*rt.Cons)
		if !ok || fn.Car != c.img.S.Function {
			return nil, false
		}
		tail, ok := fn.Cdr.(*rt.Cons)
		if !ok || tail.Cdr != rt.NIL {
			return nil, false
		}
		if key, ok = compilerMacroKeyOf(c.th, tail.Car); !ok {
			return nil, false
		}
		if !key.setf && env.lookupFun(key.name) != nil {
			// #'name of a local function names no compiler macro.
			return nil, false
		}
	}
	cm, ok := c.img.Extra[key]
	if !ok || c.notinline(key, env) {
		return nil, false
	}
	exp := c.expandWith(cm, form, env)
	return exp, exp != rt.Value(form)
}
