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
	if v == throwSentinel {
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
	root := &compiler{th: c.th, img: c.img, fn: &fnInfo{}}
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

type compilerMacroKey struct{ name rt.Value }

// compilerMacroFor returns the compiler macro function for name, if any.
// Golem honours compiler macros defined by programs (they may rewrite calls).
func compilerMacroFor(img *rt.Image, sym *rt.Symbol) rt.Value {
	if v, ok := img.Extra[compilerMacroKey{sym}]; ok {
		return v
	}
	return nil
}
