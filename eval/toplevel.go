package eval

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// Compile compiles form in the null lexical environment into a thunk.
func Compile(th *rt.Thread, form rt.Value) func(th *rt.Thread) rt.Value {
	c := &compiler{th: th, img: th.Img, fn: &fnInfo{}, root: form}
	code := c.compile(form, nil, true)
	fi := c.fn
	return func(th *rt.Thread) rt.Value {
		return code(th, newFrame(nil, fi.nslots))
	}
}

// Eval evaluates form in the null lexical environment; the thread's values
// are set as the form left them.
func Eval(th *rt.Thread, form rt.Value) rt.Value {
	// Self-evaluating objects and symbols need no compilation.
	switch x := form.(type) {
	case *rt.Symbol:
		if x.Flags&rt.FlagSymbolMacro == 0 {
			if x.IsConstant() || x.Pkg == th.Img.Keyword {
				th.SetSingle()
				return x.Value
			}
			v := th.SymbolValue(x)
			th.SetSingle()
			return v
		}
	case *rt.Cons:
	default:
		th.SetSingle()
		return form
	}
	return Compile(th, form)(th)
}

// EvalIn evaluates form in a macro environment object (for macroexpansion
// tools that need the lexical macros); variables are not visible.
func EvalIn(th *rt.Thread, form rt.Value, env *Env) rt.Value {
	var lex *lexEnv
	if env != nil {
		lex = macroEnv(env.lex)
	}
	c := &compiler{th: th, img: th.Img, fn: &fnInfo{}, root: form}
	code := c.compile(form, lex, true)
	return code(th, newFrame(nil, c.fn.nslots))
}

func init() {
	rt.RegisterSetup(30, func(img *rt.Image) {
		img.Eval = Eval
		img.Macroexpand = func(th *rt.Thread, form rt.Value) (rt.Value, bool) { return Macroexpand(th, form, nil) }
		for name := range specialForms {
			if s, st := img.CL.FindSymbol(name); st != rt.StatusNone && s.Pkg == img.CL {
				s.Flags |= rt.FlagSpecialOperator
			}
		}
		for name, fn := range goMacros {
			sym := img.CLSym(name)
			exp := fn
			sym.Macro = &rt.Builtin{Name: sym, Min: 2, Max: 2, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				form, ok := args[0].(*rt.Cons)
				if !ok {
					th.ProgramError("macro form is not a list")
				}
				return exp(th, form, args[1])
			}}
		}
	})
}

// goMacros are standard macros whose expanders are written in Go.
var goMacros map[string]func(th *rt.Thread, form *rt.Cons, env rt.Value) rt.Value

func init() {
	goMacros = map[string]func(th *rt.Thread, form *rt.Cons, env rt.Value) rt.Value{
		"LAMBDA": func(th *rt.Thread, form *rt.Cons, env rt.Value) rt.Value {
			return rt.List(th.Img.S.Function, form)
		},
		"DEFUN":               expandDefun,
		"DEFMACRO":            expandDefmacro,
		"DEFVAR":              expandDefvar("DEFVAR", 1),
		"DEFPARAMETER":        expandDefvar("DEFPARAMETER", 2),
		"DEFCONSTANT":         expandDefvar("DEFCONSTANT", 2),
		"DESTRUCTURING-BIND":  expandDestructuringBind,
		"MULTIPLE-VALUE-BIND": expandMVBind,
		"HANDLER-BIND":        expandHandlerBind,
		"RESTART-BIND":        expandRestartBind,
	}
}

// checkDefinable refuses definitions on symbols of locked packages (COMMON-LISP).
func checkDefinable(c *compiler, sym *rt.Symbol, what string) {
	rt.CheckNotLocked(c.th, sym, what)
}

func compileDefun(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	return c.compileDefunForm(form, env, mv, true)
}

func (c *compiler) compileDefunForm(form *rt.Cons, env *lexEnv, mv, warnRedefinition bool) Code {
	args := argsOf(c, form, 2, -1)
	name := args[0]
	var sym *rt.Symbol
	isSetf := false
	switch n := name.(type) {
	case *rt.Symbol:
		sym = n
	case *rt.Cons:
		parts := rt.ListToSlice(n)
		if len(parts) == 2 && parts[0] == c.img.S.Setf {
			sym, _ = parts[1].(*rt.Symbol)
			isSetf = true
		}
	}
	if sym == nil {
		c.th.ProgramError("invalid function name: " + c.th.Printed(name))
	}
	checkDefinable(c, sym, "setting fdefinition of")
	body := form.Cdr.(*rt.Cons).Cdr.(*rt.Cons).Cdr
	// Deferred: an error compiling the lambda must not leave the name set.
	defer c.defining(name)()
	_, maker := c.compileLambda(name, args[1], body, env, blockNameOf(name))
	return single(func(th *rt.Thread, f *Frame) rt.Value {
		return defineFunction(th, name, sym, isSetf, maker(th, f).(rt.Function), warnRedefinition)
	}, mv)
}

// defineFunction makes fn the global function named name (sym, or (setf
// sym) when isSetf), as DEFUN does, and returns name.
func defineFunction(th *rt.Thread, name rt.Value, sym *rt.Symbol, isSetf bool, fn rt.Function, warnRedefinition bool) rt.Value {
	if isSetf {
		noteRedefinition(th, name, sym, "SETF", warnRedefinition && sym.Setf != nil, "DEFUN")
		sym.Setf = fn
	} else {
		noteRedefinition(th, name, sym, "FUNCTION", warnRedefinition && (sym.Fn != nil || sym.Macro != nil), "DEFUN")
		sym.Fn = fn
		sym.Macro = nil
	}
	notifyDefinition(th, name, "FUNCTION")
	return name
}

// noteRedefinition gives SBCL's style warning, "redefining NAME in DEFUN",
// when a definition replaces an existing one, unless both came from the
// same file (loading a file twice, or a file that defines a name twice,
// stays quiet, as in SBCL; the definition-source record knows the file).
// The prelude's own definitions are not warned about.
func noteRedefinition(th *rt.Thread, name rt.Value, sym *rt.Symbol, kind string, existed bool, by string) {
	img := th.Img
	if !existed || !img.CL.Locked || sameFileAsBefore(th, name, kind) {
		return
	}
	shown := QualifiedName(img, sym)
	if kind == "SETF" {
		shown = "(" + QualifiedName(img, img.S.Setf) + " " + shown + ")"
	}
	warnSym := img.CLSym("WARN")
	if warnSym.Fn == nil {
		return
	}
	th.Call(warnSym, th.MakeCondition("GOLEM:SIMPLE-STYLE-WARNING",
		img.Kw("FORMAT-CONTROL"), rt.NewString("redefining ~A in ~A"+WarningLocationSuffix(th)),
		img.Kw("FORMAT-ARGUMENTS"), rt.List(rt.NewString(shown), rt.NewString(by))))
}

// DefinitionHook, when set in Image.Extra under DefinitionHookKey, is told of
// every top-level definition (the MCP server lists them).
type DefinitionHook func(th *rt.Thread, name rt.Value, kind string)

// DefinitionHookKey is the Image.Extra key of the DefinitionHook.
type DefinitionHookKey struct{}

// notifyDefinition records where the definition comes from and tells the
// DefinitionHook (see NotifyDefinition).
func notifyDefinition(th *rt.Thread, name rt.Value, kind string) {
	recordDefinitionSource(th, name, kind)
	callDefinitionHook(th, name, kind)
}

func callDefinitionHook(th *rt.Thread, name rt.Value, kind string) {
	if h, ok := th.Img.Extra[DefinitionHookKey{}].(DefinitionHook); ok {
		h(th, name, kind)
	}
}

func compileDefmacro(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	args := argsOf(c, form, 2, -1)
	sym, ok := args[0].(*rt.Symbol)
	if !ok {
		c.th.ProgramError("macro name is not a symbol: " + c.th.Printed(args[0]))
	}
	checkDefinable(c, sym, "setting the macro-function of")
	body := form.Cdr.(*rt.Cons).Cdr.(*rt.Cons).Cdr
	defer c.defining(sym)()
	maker := c.macroLambdaCode(sym, args[1], body, env)
	// Define the macro at compile time too, so later forms of the same
	// top-level form (e.g. a PROGN) can use it.
	if env == nil {
		noteRedefinition(c.th, sym, sym, "MACRO", sym.Macro != nil || sym.Fn != nil, "DEFMACRO")
		sym.Macro = maker(c.th, nil).(rt.Function)
	}
	return single(func(th *rt.Thread, f *Frame) rt.Value {
		if env != nil {
			noteRedefinition(th, sym, sym, "MACRO", sym.Macro != nil || sym.Fn != nil, "DEFMACRO")
		}
		sym.Macro = maker(th, f).(rt.Function)
		notifyDefinition(th, sym, "MACRO")
		return sym
	}, mv)
}

func (c *compiler) defvarCommon(form *rt.Cons, env *lexEnv, mv bool, kind string) Code {
	args := argsOf(c, form, 1, 3)
	sym, ok := args[0].(*rt.Symbol)
	if !ok {
		c.th.ProgramError("variable name is not a symbol: " + c.th.Printed(args[0]))
	}
	if kind != "DEFCONSTANT" {
		checkDefinable(c, sym, "proclaiming special")
		sym.Flags |= rt.FlagSpecial
	} else {
		checkDefinable(c, sym, "defining constant")
	}
	var init Code
	if len(args) > 1 {
		init = c.opaque(args[1], env, false)
	}
	var doc rt.Value
	if len(args) == 3 {
		if s, ok := args[2].(*rt.String); ok {
			doc = s
		}
	}
	return single(func(th *rt.Thread, f *Frame) rt.Value {
		if init == nil {
			defineVariable(th, kind, sym, nil)
		} else {
			defineVariable(th, kind, sym, func() rt.Value { return init(th, f) })
		}
		if doc != nil {
			setVariableDocumentation(th, sym, doc)
		}
		return sym
	}, mv)
}

// setVariableDocumentation records a variable's documentation string
// through GOLEM::%SET-DOCUMENTATION (defined with CLOS), when it exists.
func setVariableDocumentation(th *rt.Thread, sym *rt.Symbol, doc rt.Value) {
	if set, st := th.Img.Golem.FindSymbol("%SET-DOCUMENTATION"); st != rt.StatusNone && set.Fn != nil {
		th.Call(set.Fn, sym, th.Img.CLSym("VARIABLE"), doc)
	}
}

// defineVariable does at run time what DEFVAR, DEFPARAMETER or DEFCONSTANT
// (kind) does; init, nil for a DEFVAR with no value, computes the value.
func defineVariable(th *rt.Thread, kind string, sym *rt.Symbol, init func() rt.Value) rt.Value {
	switch kind {
	case "DEFVAR":
		sym.Flags |= rt.FlagSpecial
		if init != nil && sym.Value == nil {
			sym.Value = init()
		}
	case "DEFPARAMETER":
		sym.Flags |= rt.FlagSpecial
		sym.Value = init()
	case "DEFCONSTANT":
		v := init()
		if sym.IsConstant() && sym.Value != nil && !rt.Eql(sym.Value, v) {
			if !constantEqual(th, sym.Value, v) {
				th.SimpleError("The constant ~S is being redefined (from ~S to ~S)", sym, sym.Value, v)
			}
			v = sym.Value
		}
		sym.Value = v
		sym.Flags |= rt.FlagConstant | rt.FlagSpecial
	}
	notifyDefinition(th, sym, "VARIABLE")
	return sym
}

// constantEqual allows redefinition of a constant with an EQUAL value, as SBCL does for strings and lists.
func constantEqual(th *rt.Thread, a, b rt.Value) bool {
	eq := th.Img.CLSym("EQUAL")
	if eq.Fn == nil {
		return false
	}
	return eq.Fn.Call(th, []rt.Value{a, b}) != rt.NIL
}

func compileDefvar(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	return c.defvarCommon(form, env, mv, "DEFVAR")
}

func compileDefparameter(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	argsOf(c, form, 2, 3)
	return c.defvarCommon(form, env, mv, "DEFPARAMETER")
}

func compileDefconstant(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	argsOf(c, form, 2, 3)
	return c.defvarCommon(form, env, mv, "DEFCONSTANT")
}

func compileDestructuringBind(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	args := argsOf(c, form, 2, -1)
	listCode := c.opaque(args[1], env, false)
	decls, _, body := parseBody(form.Cdr.(*rt.Cons).Cdr.(*rt.Cons).Cdr, false)
	specials := declaredSpecials(c.img, decls)
	ll, benv := c.parseLambdaList(args[0], env, llDestructuring, specials, nil)
	benv = c.declareFree(decls, benv, specials)
	bodyCode := c.compileBody(body, benv, mv)
	c.warnUnused(ll.allParams(), decls)
	return func(th *rt.Thread, f *Frame) rt.Value {
		depth := th.SpecialDepth()
		ll.bindList(th, f, listCode(th, f))
		v := bodyCode(th, f)
		if ll.specials {
			th.UnbindTo(depth)
		}
		return v
	}
}

func compileMVBind(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	args := argsOf(c, form, 2, -1)
	valsCode := c.opaque(args[1], env, true)
	decls, _, body := parseBody(form.Cdr.(*rt.Cons).Cdr.(*rt.Cons).Cdr, false)
	specials := declaredSpecials(c.img, decls)
	var params []param
	benv := env
	anySpecial := false
	for _, v := range rt.ListToSlice(args[0]) {
		sym, ok := v.(*rt.Symbol)
		if !ok {
			c.th.ProgramError("invalid variable in MULTIPLE-VALUE-BIND: " + c.th.Printed(v))
		}
		var p param
		p, benv = c.bindVar(sym, benv, specials)
		if p.special != nil {
			anySpecial = true
		}
		params = append(params, p)
	}
	benv = c.declareFree(decls, benv, specials)
	bodyCode := c.compileBody(body, benv, mv)
	c.warnUnused(params, decls)
	return func(th *rt.Thread, f *Frame) rt.Value {
		depth := th.SpecialDepth()
		v := valsCode(th, f)
		n := th.ValueCount()
		if n == 1 {
			for i := range params {
				if i == 0 {
					params[i].set(th, f, v)
				} else {
					params[i].set(th, f, rt.NIL)
				}
			}
		} else {
			vals := th.MultipleValues(v)
			for i := range params {
				if i < len(vals) {
					params[i].set(th, f, vals[i])
				} else {
					params[i].set(th, f, rt.NIL)
				}
			}
		}
		r := bodyCode(th, f)
		if anySpecial {
			th.UnbindTo(depth)
		}
		return r
	}
}

// compileHandlerBind: (handler-bind ((type handler)...) . body)
func compileHandlerBind(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	args := argsOf(c, form, 1, -1)
	type binding struct {
		typ rt.Value
		fn  Code
	}
	var bs []binding
	for _, b := range rt.ListToSlice(args[0]) {
		parts := rt.ListToSlice(b)
		if len(parts) != 2 {
			c.th.ProgramError("malformed HANDLER-BIND binding: " + c.th.Printed(b))
		}
		bs = append(bs, binding{parts[0], c.opaque(parts[1], env, false)})
	}
	body := c.opaqueBody(form.Cdr.(*rt.Cons).Cdr, env, mv)
	return func(th *rt.Thread, f *Frame) rt.Value {
		cluster := make([]rt.Handler, len(bs))
		for i, b := range bs {
			cluster[i] = rt.Handler{Type: b.typ, Fn: b.fn(th, f)}
		}
		saved := th.Handlers
		th.PushHandlers(cluster)
		v := body(th, f)
		th.Handlers = saved
		return v
	}
}

// compileRestartBind: (restart-bind ((name fn &key report-function interactive-function test-function)...) . body)
func compileRestartBind(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	args := argsOf(c, form, 1, -1)
	type binding struct {
		name                    rt.Value
		fn, report, inter, test Code
	}
	var bs []binding
	for _, b := range rt.ListToSlice(args[0]) {
		parts := rt.ListToSlice(b)
		if len(parts) < 2 {
			c.th.ProgramError("malformed RESTART-BIND binding: " + c.th.Printed(b))
		}
		bd := binding{name: parts[0], fn: c.opaque(parts[1], env, false)}
		for i := 2; i+1 < len(parts); i += 2 {
			k, _ := parts[i].(*rt.Symbol)
			code := c.opaque(parts[i+1], env, false)
			if k == nil {
				continue
			}
			switch k.Name {
			case "REPORT-FUNCTION":
				bd.report = code
			case "INTERACTIVE-FUNCTION":
				bd.inter = code
			case "TEST-FUNCTION":
				bd.test = code
			}
		}
		bs = append(bs, bd)
	}
	body := c.opaqueBody(form.Cdr.(*rt.Cons).Cdr, env, mv)
	return func(th *rt.Thread, f *Frame) rt.Value {
		saved := th.Restarts
		// The first binding ends up innermost, so COMPUTE-RESTARTS lists
		// them in the order written.
		for i := len(bs) - 1; i >= 0; i-- {
			b := bs[i]
			r := &rt.Restart{Name: b.name, Fn: b.fn(th, f)}
			if b.report != nil {
				r.Report = b.report(th, f)
			}
			if b.inter != nil {
				r.Interactive = b.inter(th, f)
			}
			if b.test != nil {
				r.Test = b.test(th, f)
			}
			th.PushRestart(r)
		}
		v := body(th, f)
		th.Restarts = saved
		return v
	}
}
