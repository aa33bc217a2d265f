// Package eval owns golem's evaluator: it macroexpands each top-level form
// once and compiles it into a tree of Go closures (Code) with lexical
// variables resolved to frame slots at compile time. It implements the 25
// special operators, lambda lists, closures, macros (defmacro, macrolet,
// symbol macros, &environment), generalized references (setf) and the
// standard macros written in Go or in the embedded Lisp prelude.
package eval

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// Code is a compiled form: it runs in a thread with the current frame.
type Code func(th *rt.Thread, f *Frame) rt.Value

// Frame is a compiled function's activation record (runtime.Frame): slots
// for its local variables, and the boxes of the variables its closure
// captured. Captured variables are stored boxed, so that each binding made in
// a loop is a fresh location.
type Frame = rt.Frame

type box = rt.Box

// newFrame makes a heap frame for code run outside any call (top-level forms).
func newFrame(upv []*box, n int) *Frame {
	return &Frame{Upv: upv, Slots: make([]rt.Value, n)}
}

// fnInfo describes a function under compilation: it owns one Frame per call.
type fnInfo struct {
	parent  *fnInfo
	nslots  int
	upvals  []*varDesc // variables of enclosing functions this one uses
	upIndex map[*varDesc]int
	// vars lists the function's named lexical variables in the order they
	// were bound, for the debugger (FrameVariables); recorded at compile
	// time only.
	vars []*varDesc
}

// upvalue returns the index of v among fi's upvalues, adding it (and making
// every function between fi and v's owner carry it too).
func (fi *fnInfo) upvalue(v *varDesc) int {
	if i, ok := fi.upIndex[v]; ok {
		return i
	}
	if fi.parent == nil {
		panic("golem: variable outside its function")
	}
	v.captured = true
	if fi.parent != v.fn {
		fi.parent.upvalue(v)
	}
	if fi.upIndex == nil {
		fi.upIndex = map[*varDesc]int{}
	}
	fi.upIndex[v] = len(fi.upvals)
	fi.upvals = append(fi.upvals, v)
	return len(fi.upvals) - 1
}

// upvalueSource says where a new closure finds one of its upvalues in the
// creating function's frame: a boxed local slot, or one of its own upvalues.
type upvalueSource struct {
	local bool
	index int
}

// closureSources computes, in the creating function c.fn, where each
// upvalue of the inner function comes from.
func (c *compiler) closureSources(inner *fnInfo) []upvalueSource {
	out := make([]upvalueSource, len(inner.upvals))
	for i, v := range inner.upvals {
		if v.fn == c.fn {
			out[i] = upvalueSource{local: true, index: v.index}
		} else {
			out[i] = upvalueSource{index: c.fn.upvalue(v)}
		}
	}
	return out
}

// captureUpvalues collects a new closure's upvalues from frame f.
func captureUpvalues(f *Frame, srcs []upvalueSource) []*box {
	if len(srcs) == 0 {
		return nil
	}
	upv := make([]*box, len(srcs))
	for i, s := range srcs {
		if s.local {
			upv[i] = f.Slots[s.index].(*box)
		} else {
			upv[i] = f.Upv[s.index]
		}
	}
	return upv
}

func (fi *fnInfo) newSlot() int {
	fi.nslots++
	return fi.nslots - 1
}

// varDesc is a lexical variable's location.
type varDesc struct {
	sym      *rt.Symbol
	fn       *fnInfo
	index    int
	captured bool // referenced from an inner function: the slot holds a *box
	used     bool // read somewhere
	assigned bool // set with SETQ
	ignore   bool // declared IGNORE or IGNORABLE
}

type envKind uint8

const (
	envVar envKind = iota
	envSpecial
	envSymbolMacro
	envFun
	envMacro
	envBlock
	envTags
	envDecl   // a free declaration marker with no binding
	envInline // a local INLINE or NOTINLINE declaration (notinline.go)
)

// lexEnv is the compile-time lexical environment: an immutable linked list.
type lexEnv struct {
	next   *lexEnv
	kind   envKind
	name   rt.Value // symbol, or (SETF x) name for functions
	v      *varDesc
	expand rt.Value    // symbol macro expansion, or macro function
	target *exitTarget // blocks and tagbodies
	// funs is the innermost function or macro binding at or below this
	// one, so that looking up a global function skips the variables,
	// blocks and tags of deeply nested code (which made compiling it
	// quadratic).
	funs *lexEnv
}

// extend returns n, made the innermost binding on top of e.
func (e *lexEnv) extend(n *lexEnv) *lexEnv {
	n.next = e
	switch {
	case n.kind == envFun || n.kind == envMacro:
		n.funs = n
	case e != nil:
		n.funs = e.funs
	default:
		n.funs = nil
	}
	return n
}

// Env is the &environment object handed to macro functions.
type Env struct {
	lex *lexEnv
}

// FunctionName implements nothing; Env is a plain Lisp object.
func (e *Env) String() string { return "#<ENVIRONMENT>" }

func (e *lexEnv) lookupVar(sym *rt.Symbol) *lexEnv {
	for x := e; x != nil; x = x.next {
		switch x.kind {
		case envVar, envSpecial, envSymbolMacro:
			if x.name == sym {
				return x
			}
		}
	}
	return nil
}

func (e *lexEnv) lookupFun(name rt.Value) *lexEnv {
	if e == nil {
		return nil
	}
	for x := e.funs; x != nil; {
		if nameEq(x.name, name) {
			return x
		}
		if x.next == nil {
			break
		}
		x = x.next.funs
	}
	return nil
}

func nameEq(a, b rt.Value) bool {
	if a == b {
		return true
	}
	ca, ok1 := a.(*rt.Cons)
	cb, ok2 := b.(*rt.Cons)
	if ok1 && ok2 {
		return ca.Car == cb.Car && nameEq(ca.Cdr, cb.Cdr)
	}
	return false
}

// exitTarget is a block or tagbody being compiled.
type exitTarget struct {
	name     rt.Value
	fn       *fnInfo
	mv       bool     // the block's value is wanted with all values
	used     bool     // some RETURN-FROM names it
	nonLocal bool     // some exit reaches it through a function call: needs a token
	tokVar   *varDesc // the boxed slot holding the runtime token when nonLocal
	tags     []rt.Value
	isTag    bool
}

// compiler carries per-function compile state.
type compiler struct {
	th  *rt.Thread
	img *rt.Image
	fn  *fnInfo
	// exits are the targets reachable from the current position by returning
	// the exit sentinel (no function call or opaque form in between).
	exits []*exitTarget
	// tail asks the next compile (or compileBody) for code in return
	// position; it reads and clears the flag before compiling anything.
	// dispatchTail is that answer for the special form being dispatched,
	// which must read it before compiling a subform. See throwSentinel.
	tail, dispatchTail bool
	// root is the top-level form of a compilation that defers compile-time
	// errors (see deferErrors); nil in the compilers of nested lambdas.
	root rt.Value
	// who is the name of the global definition being compiled, which
	// cross-references are recorded for (eval/xref.go); nil outside one.
	who rt.Value
}

// exitSentinel is returned by compiled code to perform a local exit; it never
// escapes the function whose code produced it.
var exitSentinel rt.Value = &sentinel{1}

// throwSentinel is returned by a THROW in return position: a form whose
// value becomes, with nothing computed after it, the value of its function
// body or of a CATCH body (through IF branches, the last form of PROGN,
// LET, LET*, FLET, LABELS and BLOCK, and calls in return position). The
// pending throw is in Thread.PendingThrow. A CATCH receiving the sentinel
// takes the throw or passes it on; a call site not in return position, and
// Closure.Call, turn it into the panic that any other THROW makes. So a
// THROW that returns through calls to its CATCH unwinds without a Go panic
// or an allocation.
var throwSentinel rt.Value = &sentinel{2}

// raisePendingThrow continues the throw pending in th as a panic.
func raisePendingThrow(th *rt.Thread) {
	p := &th.PendingThrow
	e := &throwExit{tag: p.Tag, vals: append([]rt.Value(nil), p.Vals...)}
	p.Tag = nil
	panic(e)
}

type sentinel struct{ _ int }

func (c *compiler) reachable(t *exitTarget) bool {
	for _, x := range c.exits {
		if x == t {
			return true
		}
	}
	return false
}

// opaque compiles a subform from which local exits cannot use the sentinel.
func (c *compiler) opaque(form rt.Value, env *lexEnv, mv bool) Code {
	saved := c.exits
	c.exits = nil
	code := c.compile(form, env, mv)
	c.exits = saved
	return code
}

func constCode(v rt.Value, mv bool) Code {
	if mv {
		return func(th *rt.Thread, f *Frame) rt.Value { th.SetSingle(); return v }
	}
	return func(th *rt.Thread, f *Frame) rt.Value { return v }
}

// single wraps code that produces one value so it reports one value in mv contexts.
func single(code Code, mv bool) Code {
	if !mv {
		return code
	}
	return func(th *rt.Thread, f *Frame) rt.Value {
		v := code(th, f)
		th.SetSingle()
		return v
	}
}

// compile compiles form in env. mv says whether the consumer needs an exact
// value count.
func (c *compiler) compile(form rt.Value, env *lexEnv, mv bool) Code {
	tail := c.tail
	c.tail = false
	switch x := form.(type) {
	case *rt.Symbol:
		return c.compileSymbol(x, env, mv)
	case *rt.Cons:
		if rt.Value(x) != c.root {
			return c.compileConsDeferringErrors(x, env, mv, tail)
		}
		return c.compileCons(x, env, mv, tail)
	}
	return constCode(form, mv)
}

// Compile-time errors. An ERROR signalled while a subform is compiled (in
// a macro's expander, or by malformed special-form syntax) does not abort
// the whole top-level form: as in SBCL, the compiler warns, and the subform
// becomes code that signals the same condition when it is evaluated. So
// (handler-case (broken-macro) (error () :caught)) returns :CAUGHT, and a
// DEFUN whose body misuses a macro is defined and fails when called. An
// error in the top-level form itself still ends its evaluation at once, with
// the expander's backtrace.

// compileErrorAbort carries an ERROR signalled during compilation to the
// innermost subform being compiled.
type compileErrorAbort struct{ cond *rt.Instance }

// compileConsDeferringErrors is compileCons for a subform: a compile-time
// ERROR (caught by catchError) makes the form code that signals it.
func (c *compiler) compileConsDeferringErrors(form *rt.Cons, env *lexEnv, mv, tail bool) (code Code) {
	th := c.th
	exits := c.exits
	cond := c.catchError(func() { code = c.compileCons(form, env, mv, tail) })
	if cond == nil {
		return code
	}
	c.exits = exits
	c.tail, c.dispatchTail = false, false
	d := th.SpecialDepth()
	th.BindSpecial(c.img.S.PrintLength, rt.MakeInt(6))
	th.BindSpecial(c.img.S.PrintLevel, rt.MakeInt(3))
	th.BindSpecial(c.img.S.PrintPretty, rt.NIL)
	shown := th.Printed(form)
	th.UnbindTo(d)
	c.warnf("GOLEM:SIMPLE-COMPILER-WARNING", "Compiling ~A signalled an error, which evaluating it signals again: ~A",
		rt.NewString(shown), cond)
	return func(th *rt.Thread, f *Frame) rt.Value {
		th.Error(cond)
		return nil
	}
}

func (c *compiler) compileSymbol(sym *rt.Symbol, env *lexEnv, mv bool) Code {
	if sym == rt.NIL || sym == rt.T || sym.Pkg == c.img.Keyword {
		return constCode(sym, mv)
	}
	b := env.lookupVar(sym)
	if b != nil {
		switch b.kind {
		case envSymbolMacro:
			return c.compile(b.expand, env, mv)
		case envVar:
			b.v.used = true
			return c.varRefMV(b.v, mv)
		}
	} else if sym.Flags&rt.FlagSymbolMacro != 0 {
		exp, _ := c.img.Extra[symbolMacroKey{sym}]
		return c.compile(exp, env, mv)
	}
	c.noteXref(XrefReferences, sym)
	if sym.IsConstant() && sym.Value != nil {
		return constCode(sym.Value, mv)
	}
	if b == nil {
		c.noteFreeVariable(sym)
	}
	return single(func(th *rt.Thread, f *Frame) rt.Value {
		if v := sym.Value; v != nil {
			return v
		}
		return unboundVariable(th, sym)
	}, mv)
}

type symbolMacroKey struct{ sym *rt.Symbol }

// varRefMV is varRef for a context that may need the value count: one
// closure that sets it, rather than a wrapper around varRef's.
func (c *compiler) varRefMV(v *varDesc, mv bool) Code {
	if !mv || v.fn != c.fn {
		return single(c.varRef(v), mv)
	}
	idx := v.index
	return func(th *rt.Thread, f *Frame) rt.Value {
		th.SetSingle()
		return slotValue(f, idx)
	}
}

func (c *compiler) varRef(v *varDesc) Code {
	idx := v.index
	if v.fn == c.fn {
		// A slot holds a *box exactly when its variable is captured (a box is
		// never a Lisp value), so the type test decides without consulting v.
		return func(th *rt.Thread, f *Frame) rt.Value { return slotValue(f, idx) }
	}
	u := c.fn.upvalue(v)
	return func(th *rt.Thread, f *Frame) rt.Value { return f.Upv[u].V }
}

// warnUnused signals the style warnings SBCL gives for lexical variables
// that are bound but never read (named variables only: macro gensyms are exempt).
func (c *compiler) warnUnused(params []param, decls []rt.Value) {
	ignored := declaredIgnored(c.img, decls)
	for _, p := range params {
		v := p.v
		// SBCL stays quiet about variables that are only assigned.
		if v == nil || v.used || v.assigned || v.ignore || ignored[v.sym] || v.sym == nil || v.sym.Pkg == nil {
			continue
		}
		c.warnf("GOLEM:SIMPLE-STYLE-WARNING", "The variable ~S is defined but never used.", v.sym)
	}
}

// declaredIgnored collects the symbols of IGNORE and IGNORABLE declarations.
func declaredIgnored(img *rt.Image, decls []rt.Value) map[*rt.Symbol]bool {
	var out map[*rt.Symbol]bool
	for _, d := range decls {
		for _, spec := range rt.ListToSlice(d.(*rt.Cons).Cdr) {
			sc, ok := spec.(*rt.Cons)
			if !ok || (sc.Car != img.S.Ignore && sc.Car != img.S.Ignorable) {
				continue
			}
			for _, s := range rt.ListToSlice(sc.Cdr) {
				if sym, ok := s.(*rt.Symbol); ok {
					if out == nil {
						out = map[*rt.Symbol]bool{}
					}
					out[sym] = true
				}
			}
		}
	}
	return out
}

// varSet returns code storing the value of val into v.
func (c *compiler) varSet(v *varDesc, val Code) Code {
	idx := v.index
	v.assigned = true
	if v.fn == c.fn {
		return func(th *rt.Thread, f *Frame) rt.Value {
			x := val(th, f)
			if b, ok := f.Slots[idx].(*box); ok {
				b.V = x
			} else {
				f.Slots[idx] = x
			}
			return x
		}
	}
	u := c.fn.upvalue(v)
	return func(th *rt.Thread, f *Frame) rt.Value {
		x := val(th, f)
		f.Upv[u].V = x
		return x
	}
}

// initVar stores a fresh binding's value (boxing it when captured).
func initVar(v *varDesc, f *Frame, x rt.Value) {
	if v.captured {
		f.Slots[v.index] = &box{V: x}
	} else {
		f.Slots[v.index] = x
	}
}

// unboundVariable signals UNBOUND-VARIABLE (with USE-VALUE and STORE-VALUE
// restarts) and returns the value a restart supplied.
func unboundVariable(th *rt.Thread, sym *rt.Symbol) rt.Value {
	return th.SymbolValue(sym)
}

func (c *compiler) compileCons(form *rt.Cons, env *lexEnv, mv, tail bool) Code {
	// Every nested form and macro expansion passes here: deeply nested or
	// circular source, and a macro that expands into itself, give a
	// STORAGE-CONDITION, not a Go stack overflow.
	c.th.EnterNested()
	defer c.th.LeaveNested()
	switch op := form.Car.(type) {
	case *rt.Symbol:
		if b := env.lookupFun(op); b != nil {
			if b.kind == envMacro {
				return c.compileExpansion(c.expandWith(b.expand, form, env), env, mv, tail)
			}
			return c.compileLocalCall(b.v, form, env)
		}
		if op.Flags&rt.FlagSpecialOperator != 0 && (op.Pkg == c.img.CL || op.Pkg == c.img.Golem) {
			if sf := specialForms[op.Name]; sf != nil {
				c.dispatchTail = tail
				code := sf(c, form, env, mv)
				c.dispatchTail = false
				return code
			}
		}
		if op.Macro != nil {
			c.noteXref(XrefMacroexpands, op)
			if code := c.directSetf(op, form, env, mv); code != nil {
				return code
			}
			if sf := macroForms[op.Name]; sf != nil && op.Pkg == c.img.CL {
				// A standard macro compiled directly (see macroForms).
				c.dispatchTail = tail
				code := sf(c, form, env, mv)
				c.dispatchTail = false
				return code
			}
			return c.compileExpansion(c.expandWith(op.Macro, form, env), env, mv, tail)
		}
		if exp, ok := c.compilerMacroExpansion(op, form, env); ok {
			c.noteXref(XrefCalls, op)
			return c.compileExpansion(exp, env, mv, tail)
		}
		if op.Pkg == c.img.Golem {
			if cf := callForms[op.Name]; cf != nil {
				if code := cf(c, form, env, mv); code != nil {
					return code
				}
			}
		}
		return c.compileGlobalCall(op, form, env, mv, tail)
	case *rt.Cons:
		if op.Car == c.img.S.Lambda {
			fnCode := c.compileLambdaForm(op, env, nil)
			return c.compileFuncall(fnCode, form.Cdr, env)
		}
	}
	c.th.ProgramError("illegal function call: " + c.th.Printed(form))
	return nil
}

// compileExpansion compiles a macro's expansion in place of its form. An
// error compiling it is the form's (see compileConsDeferringErrors), so the
// warning names the form the program wrote.
func (c *compiler) compileExpansion(exp rt.Value, env *lexEnv, mv, tail bool) Code {
	if cell, ok := exp.(*rt.Cons); ok {
		return c.compileCons(cell, env, mv, tail)
	}
	c.tail = tail
	return c.compile(exp, env, mv)
}

// expandWith calls a macro function through *macroexpand-hook*.
func (c *compiler) expandWith(macro rt.Value, form rt.Value, env *lexEnv) rt.Value {
	return callMacro(c.th, macro, form, &Env{env})
}

func callMacro(th *rt.Thread, macro rt.Value, form rt.Value, env *Env) rt.Value {
	hook := th.Img.S.MacroexpandHook.Value
	if hook == nil || hook == rt.NIL || hook == th.Img.S.Funcall {
		return th.Call(macro, form, env)
	}
	return th.Call(hook, macro, form, env)
}

func (c *compiler) args(forms rt.Value, env *lexEnv) []Code {
	var out []Code
	saved := c.exits
	c.exits = nil
	for forms != rt.NIL {
		cell, ok := forms.(*rt.Cons)
		if !ok {
			c.th.ProgramError("dotted argument list in call")
		}
		out = append(out, c.compile(cell.Car, env, false))
		forms = cell.Cdr
	}
	c.exits = saved
	return out
}

// compileGlobalCall compiles a call of the global function sym; tail says
// the call is in return position (see throwSentinel).
func (c *compiler) compileGlobalCall(sym *rt.Symbol, form *rt.Cons, env *lexEnv, mv, tail bool) Code {
	if sym.Pkg == c.img.CL {
		if code := c.fusedCall(sym, form.Cdr, env); code != nil {
			c.noteGlobalCall(sym, len(rt.ListToSlice(form.Cdr)))
			return code
		}
	}
	if sym == c.img.S.Funcall {
		if code := c.compileFuncallCall(form, env); code != nil {
			return code
		}
	}
	ops := c.operands(form.Cdr, env)
	args := operandCodes(ops)
	c.noteGlobalCall(sym, len(args))
	if sym.Pkg == c.img.CL {
		if code := c.inlineCall(sym, args); code != nil {
			return code
		}
		if b, ok := sym.Fn.(*rt.Builtin); ok {
			if code := fastBuiltinCode(b, ops); code != nil {
				return code
			}
		}
		if sym.Name == "APPLY" && len(ops) >= 2 {
			return c.compileApplyCall(sym, ops)
		}
	}
	if len(ops) == 1 {
		return c.globalCall1(sym, &ops[0], args, tail)
	}
	if n := len(args); n < 100 {
		// Calls of plain compiled functions evaluate their arguments straight
		// into the callee's frame; anything else takes the general path.
		general := c.generalGlobalCall(sym, args)
		want := int8(n + 1)
		return func(th *rt.Thread, cf *Frame) rt.Value {
			cl, ok := sym.Fn.(*Closure)
			if !ok || cl.info.direct != want {
				return general(th, cf)
			}
			// The direct call, written out here because this is the
			// evaluator's hottest path. The arguments are evaluated in the
			// caller's frame straight into the callee's new frame: no
			// argument stack, no copy. The frame has no function until
			// they are, so a backtrace taken meanwhile leaves it out; a
			// non-local exit meanwhile abandons the frame, and the catch
			// point's restore of the frame stack reclaims it.
			info := cl.info
			f := th.PushFrame(nil, cl.upv, info.fn.nslots)
			for i := range ops {
				a := &ops[i]
				x := a.fast(cf)
				if x == nil {
					x = a.code(th, cf)
				}
				f.Slots[i] = x
			}
			f.Fn, f.Args = cl, f.Slots[:len(ops):len(ops)]
			v := info.body(th, f)
			th.PopFrame(f)
			if v == throwSentinelP && !tail {
				raisePendingThrow(th)
			}
			return v
		}
	}
	return c.generalGlobalCall(sym, args)
}

// generalGlobalCall calls through the argument stack and Function.Call.
func (c *compiler) generalGlobalCall(sym *rt.Symbol, args []Code) Code {
	switch len(args) {
	case 0:
		return func(th *rt.Thread, f *Frame) rt.Value {
			fn := sym.Fn
			if fn == nil {
				fn = undefinedFunction(th, sym, nil)
			}
			return fn.Call(th, nil)
		}
	case 1:
		a0 := args[0]
		return func(th *rt.Thread, f *Frame) rt.Value {
			v0 := a0(th, f)
			fn := sym.Fn
			if b, ok := fn.(*rt.Builtin); ok && b.Fast1 != nil {
				// A structure accessor or predicate, most often.
				if v, ok := b.Fast1(v0); ok {
					th.SetSingle()
					return v
				}
			}
			base, av := th.ArgSlots(1)
			av[0] = v0
			if fn == nil {
				fn = undefinedFunction(th, sym, av)
			}
			v := fn.Call(th, av)
			th.PopArgs(base)
			return v
		}
	case 2:
		a0, a1 := args[0], args[1]
		return func(th *rt.Thread, f *Frame) rt.Value {
			base, av := th.ArgSlots(2)
			av[0] = a0(th, f)
			av[1] = a1(th, f)
			fn := sym.Fn
			if b, ok := fn.(*rt.Builtin); ok && b.Fast2 != nil {
				if v, ok := b.Fast2(av[0], av[1]); ok {
					th.PopArgs(base)
					th.SetSingle()
					return v
				}
			}
			if fn == nil {
				fn = undefinedFunction(th, sym, av)
			}
			v := fn.Call(th, av)
			th.PopArgs(base)
			return v
		}
	}
	n := len(args)
	return func(th *rt.Thread, f *Frame) rt.Value {
		base, av := th.ArgSlots(n)
		for i, a := range args {
			av[i] = a(th, f)
		}
		fn := sym.Fn
		if fn == nil {
			fn = undefinedFunction(th, sym, av)
		}
		v := fn.Call(th, av)
		th.PopArgs(base)
		return v
	}
}

// undefinedFunction signals UNDEFINED-FUNCTION for a call of sym with args,
// offering SBCL's restarts, and returns the function to call instead.
func undefinedFunction(th *rt.Thread, sym *rt.Symbol, args []rt.Value) rt.Function {
	return th.UndefinedFunctionCall(sym, args)
}

// compileFuncall calls the function computed by fnCode with args.
func (c *compiler) compileFuncall(fnCode Code, argForms rt.Value, env *lexEnv) Code {
	args := c.args(argForms, env)
	n := len(args)
	return func(th *rt.Thread, f *Frame) rt.Value {
		fn := fnCode(th, f).(rt.Function)
		base := th.ArgBase(n)
		for i, a := range args {
			th.SetArg(base, i, a(th, f))
		}
		v := fn.Call(th, th.Args(base, n))
		th.PopArgs(base)
		return v
	}
}

func (c *compiler) compileLocalCall(v *varDesc, form *rt.Cons, env *lexEnv) Code {
	ref := c.varRef(v)
	args := c.args(form.Cdr, env)
	n := len(args)
	return func(th *rt.Thread, f *Frame) rt.Value {
		fn := ref(th, f).(rt.Function)
		base := th.ArgBase(n)
		for i, a := range args {
			th.SetArg(base, i, a(th, f))
		}
		v := fn.Call(th, th.Args(base, n))
		th.PopArgs(base)
		return v
	}
}

// compileBody compiles forms as an implicit progn.
//
// Like compile, it reads and clears c.tail first: set it just before the
// call for a body in return position.
func (c *compiler) compileBody(body rt.Value, env *lexEnv, mv bool) Code {
	tail := c.tail
	c.tail = false
	forms := rt.ListToSlice(body)
	switch len(forms) {
	case 0:
		return constCode(rt.NIL, mv)
	case 1:
		c.tail = tail
		return c.compile(forms[0], env, mv)
	}
	codes := make([]Code, len(forms))
	for i, form := range forms {
		last := i == len(forms)-1
		c.tail = tail && last
		codes[i] = c.compile(form, env, mv && last)
	}
	last := codes[len(codes)-1]
	init := codes[:len(codes)-1]
	if len(c.exits) == 0 {
		if len(init) == 1 {
			a := init[0]
			return func(th *rt.Thread, f *Frame) rt.Value {
				a(th, f)
				return last(th, f)
			}
		}
		return func(th *rt.Thread, f *Frame) rt.Value {
			for _, code := range init {
				code(th, f)
			}
			return last(th, f)
		}
	}
	return func(th *rt.Thread, f *Frame) rt.Value {
		for _, code := range init {
			if code(th, f) == exitSentinelP {
				return exitSentinel
			}
		}
		return last(th, f)
	}
}
