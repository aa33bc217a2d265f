package eval

import (
	rt "github.com/golem-lisp/golem/runtime"
)

type specialForm func(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code

// specialForms maps special operator names (COMMON-LISP, and GOLEM internal
// forms prefixed "%") to their compilers. Read-only after init.
var specialForms map[string]specialForm

func init() {
	specialForms = map[string]specialForm{
		"QUOTE": compileQuote, "FUNCTION": compileFunction, "IF": compileIf, "PROGN": compileProgn,
		"SETQ": compileSetq, "LET": compileLet, "LET*": compileLetStar, "BLOCK": compileBlock,
		"RETURN-FROM": compileReturnFrom, "TAGBODY": compileTagbody, "GO": compileGo,
		"CATCH": compileCatch, "THROW": compileThrow, "UNWIND-PROTECT": compileUnwindProtect,
		"FLET": compileFlet, "LABELS": compileLabels, "MACROLET": compileMacrolet,
		"SYMBOL-MACROLET": compileSymbolMacrolet, "LOCALLY": compileLocally, "THE": compileThe,
		"EVAL-WHEN": compileEvalWhen, "LOAD-TIME-VALUE": compileLoadTimeValue,
		"MULTIPLE-VALUE-CALL": compileMVCall, "MULTIPLE-VALUE-PROG1": compileMVProg1,
		"PROGV": compileProgv,
	}
}

func argsOf(c *compiler, form *rt.Cons, min, max int) []rt.Value {
	args := rt.ListToSlice(form.Cdr)
	if len(args) < min || (max >= 0 && len(args) > max) {
		c.th.ProgramError("malformed " + c.th.Printed(form.Car) + " form: " + c.th.Printed(form))
	}
	return args
}

func compileQuote(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	return constCode(argsOf(c, form, 1, 1)[0], mv)
}

func compileFunction(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	name := argsOf(c, form, 1, 1)[0]
	switch n := name.(type) {
	case *rt.Symbol:
		if b := env.lookupFun(n); b != nil {
			if b.kind == envMacro {
				c.th.ProgramError(c.th.Printed(n) + " names a local macro, not a function")
			}
			return single(c.varRef(b.v), mv)
		}
		c.noteXref(XrefCalls, n)
		return single(func(th *rt.Thread, f *Frame) rt.Value {
			if fn := n.Fn; fn != nil {
				return fn
			}
			return undefinedFunction(th, n, nil)
		}, mv)
	case *rt.Cons:
		if n.Car == c.img.S.Lambda {
			return single(c.compileLambdaForm(n, env, nil), mv)
		}
		parts := rt.ListToSlice(n)
		var setfOf *rt.Symbol
		if len(parts) == 2 {
			setfOf, _ = parts[1].(*rt.Symbol)
		}
		if n.Car == c.img.S.Setf && setfOf != nil {
			if b := env.lookupFun(name); b != nil {
				return single(c.varRef(b.v), mv)
			}
			sym := setfOf
			c.noteXref(XrefCalls, name)
			return single(func(th *rt.Thread, f *Frame) rt.Value {
				if fn := sym.Setf; fn != nil {
					return fn
				}
				return th.UndefinedSetfFunctionCall(sym, nil)
			}, mv)
		}
		if sym, ok := n.Car.(*rt.Symbol); ok && sym.Name == "NAMED-LAMBDA" && sym.Pkg == c.img.Golem && len(parts) >= 3 {
			_, code := c.compileLambda(parts[1], parts[2], rt.ListStar(rt.NIL, parts[3:]...), env, blockNameOf(parts[1]))
			return single(code, mv)
		}
	}
	c.th.ProgramError("invalid function name: " + c.th.Printed(name))
	return nil
}

// blockNameOf returns the implicit block name of a function named name.
func blockNameOf(name rt.Value) rt.Value {
	if cell, ok := name.(*rt.Cons); ok {
		if rest, ok := cell.Cdr.(*rt.Cons); ok {
			return rest.Car
		}
	}
	return name
}

func compileIf(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	tail := c.dispatchTail
	args := argsOf(c, form, 2, 3)
	testForm, thenForm, elseForm := args[0], args[1], rt.Value(rt.NIL)
	if len(args) == 3 {
		elseForm = args[2]
	}
	// (if (not x) a b) is (if x b a): one closure call less per test.
	for {
		tc, ok := testForm.(*rt.Cons)
		if !ok {
			break
		}
		op, ok := tc.Car.(*rt.Symbol)
		if !ok || (op != c.img.CLSym("NOT") && op != c.img.CLSym("NULL")) || env.lookupFun(op) != nil {
			break
		}
		inner := rt.ListToSlice(tc.Cdr)
		if len(inner) != 1 {
			break
		}
		testForm, thenForm, elseForm = inner[0], elseForm, thenForm
	}
	if code := c.fusedIf(testForm, thenForm, elseForm, env, mv, tail); code != nil {
		return code
	}
	test := c.opaque(testForm, env, false)
	then, els := c.branches(thenForm, elseForm, env, mv, tail)
	return func(th *rt.Thread, f *Frame) rt.Value {
		if test(th, f) != rt.NIL {
			return then(th, f)
		}
		return els(th, f)
	}
}

func compileProgn(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	c.tail = c.dispatchTail
	return c.compileBody(form.Cdr, env, mv)
}

func compileSetq(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	args := rt.ListToSlice(form.Cdr)
	if len(args)%2 != 0 {
		c.th.ProgramError("odd number of arguments to SETQ: " + c.th.Printed(form))
	}
	if len(args) == 0 {
		return constCode(rt.NIL, mv)
	}
	if code := c.fusedSetq(args, env, mv); code != nil {
		return code
	}
	var codes []Code
	for i := 0; i < len(args); i += 2 {
		sym, ok := args[i].(*rt.Symbol)
		if !ok {
			c.th.ProgramError("variable name is not a symbol: " + c.th.Printed(args[i]))
		}
		codes = append(codes, c.assign(sym, args[i+1], env))
	}
	if len(codes) == 1 {
		return single(codes[0], mv)
	}
	return single(func(th *rt.Thread, f *Frame) rt.Value {
		var v rt.Value
		for _, code := range codes {
			v = code(th, f)
		}
		return v
	}, mv)
}

// assign compiles (setq sym valueForm).
func (c *compiler) assign(sym *rt.Symbol, valueForm rt.Value, env *lexEnv) Code {
	b := env.lookupVar(sym)
	if b != nil && b.kind == envSymbolMacro {
		return c.opaque(rt.List(c.img.S.Setf, b.expand, valueForm), env, false)
	}
	if b == nil && sym.Flags&rt.FlagSymbolMacro != 0 {
		exp := c.img.Extra[symbolMacroKey{sym}]
		return c.opaque(rt.List(c.img.S.Setf, exp, valueForm), env, false)
	}
	val := c.opaque(valueForm, env, false)
	if b != nil && b.kind == envVar {
		return c.varSet(b.v, val)
	}
	if sym.IsConstant() {
		c.th.ProgramError("cannot set the constant " + c.th.Printed(sym))
	}
	if b == nil {
		c.noteFreeVariable(sym)
	}
	c.noteXref(XrefSets, sym)
	return func(th *rt.Thread, f *Frame) rt.Value {
		v := val(th, f)
		sym.Value = v
		return v
	}
}

type letBinding struct {
	sym  *rt.Symbol
	init rt.Value
}

func parseBindings(c *compiler, list rt.Value) []letBinding {
	var out []letBinding
	for _, b := range rt.ListToSlice(list) {
		switch x := b.(type) {
		case *rt.Symbol:
			out = append(out, letBinding{x, rt.NIL})
		case *rt.Cons:
			parts := rt.ListToSlice(x)
			sym, ok := parts[0].(*rt.Symbol)
			if !ok || len(parts) > 2 {
				c.th.ProgramError("malformed binding: " + c.th.Printed(x))
			}
			init := rt.Value(rt.NIL)
			if len(parts) == 2 {
				init = parts[1]
			}
			out = append(out, letBinding{sym, init})
		default:
			c.th.ProgramError("malformed binding: " + c.th.Printed(b))
		}
	}
	return out
}

func compileLet(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	return c.compileLetForm(form, env, mv, false)
}

func compileLetStar(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	return c.compileLetForm(form, env, mv, true)
}

func (c *compiler) compileLetForm(form *rt.Cons, env *lexEnv, mv bool, sequential bool) Code {
	tail := c.dispatchTail
	rest, ok := form.Cdr.(*rt.Cons)
	if !ok {
		c.th.ProgramError("malformed " + c.th.Printed(form.Car))
	}
	bindings := parseBindings(c, rest.Car)
	decls, _, body := parseBody(rest.Cdr, false)
	specials := declaredSpecials(c.img, decls)
	params := make([]param, len(bindings))
	inits := make([]Code, len(bindings))
	anySpecial := false
	// A LET of special variables only reads its init forms in line.
	var specialInits []operand
	if allSpecial(bindings, specials) {
		specialInits = make([]operand, len(bindings))
	}
	benv := env
	for i, b := range bindings {
		ienv := env
		if sequential {
			ienv = benv
		}
		if specialInits != nil {
			specialInits[i] = c.operand(b.init, ienv)
			inits[i] = specialInits[i].code
		} else {
			inits[i] = c.opaque(b.init, ienv, false)
		}
		params[i], benv = c.bindVar(b.sym, benv, specials)
		if params[i].special != nil {
			anySpecial = true
		} else {
			specialInits = nil
		}
	}
	benv = c.declareFree(decls, benv, specials)
	if len(bindings) == 1 && !anySpecial && len(decls) == 0 {
		if elseForm, ok := c.orShape(bindings[0].sym, body); ok {
			c.tail = tail
			return c.compileOr(params[0].v, inits[0], elseForm, benv, mv)
		}
	}
	c.tail = tail
	bodyCode := c.compileBody(body, benv, mv)
	c.warnUnused(params, decls)
	n := len(bindings)
	if !anySpecial {
		vars := make([]*varDesc, n)
		for i := range params {
			vars[i] = params[i].v
		}
		if n == 1 {
			v0, i0 := vars[0], inits[0]
			if !v0.captured {
				// The body is compiled: no closure captures the variable.
				idx := v0.index
				return func(th *rt.Thread, f *Frame) rt.Value {
					f.Slots[idx] = i0(th, f)
					return bodyCode(th, f)
				}
			}
			return func(th *rt.Thread, f *Frame) rt.Value {
				initVar(v0, f, i0(th, f))
				return bodyCode(th, f)
			}
		}
		if sequential {
			return func(th *rt.Thread, f *Frame) rt.Value {
				for i, init := range inits {
					initVar(vars[i], f, init(th, f))
				}
				return bodyCode(th, f)
			}
		}
		return func(th *rt.Thread, f *Frame) rt.Value {
			var buf [8]rt.Value
			vals := buf[:0]
			for _, init := range inits {
				vals = append(vals, init(th, f))
			}
			for i, v := range vals {
				initVar(vars[i], f, v)
			}
			return bodyCode(th, f)
		}
	}
	if specialInits != nil {
		return specialLet(specialInits, params, sequential, bodyCode)
	}
	return func(th *rt.Thread, f *Frame) rt.Value {
		depth := th.SpecialDepth()
		if sequential {
			for i, init := range inits {
				params[i].set(th, f, init(th, f))
			}
		} else {
			var buf [8]rt.Value
			vals := buf[:0]
			for _, init := range inits {
				vals = append(vals, init(th, f))
			}
			for i, v := range vals {
				params[i].set(th, f, v)
			}
		}
		v := bodyCode(th, f)
		th.UnbindTo(depth)
		return v
	}
}

// --- block / return-from ---

// blockToken identifies one entry into a BLOCK; late records that it was
// entered while the evaluation was stopped (see rt.Thread.Land).
type blockToken struct{ done, late bool }

type nonLocalExit struct {
	tok  any
	vals []rt.Value
	tag  int // tagbody target index
}

func (e *nonLocalExit) Error() string { return "non-local exit" }

func compileBlock(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	tail := c.dispatchTail
	rest, ok := form.Cdr.(*rt.Cons)
	if !ok {
		c.th.ProgramError("malformed BLOCK")
	}
	name, ok := rest.Car.(*rt.Symbol)
	if !ok {
		c.th.ProgramError("block name is not a symbol: " + c.th.Printed(rest.Car))
	}
	t := &exitTarget{name: name, fn: c.fn, mv: mv}
	benv := env.extend(&lexEnv{kind: envBlock, name: name, target: t})
	saved := c.exits
	c.exits = append(c.exits[:len(c.exits):len(c.exits)], t)
	c.tail = tail
	body := c.compileBody(rest.Cdr, benv, mv)
	c.exits = saved
	if !t.used {
		// No RETURN-FROM names this block (e.g. most DEFUN bodies).
		return body
	}
	local := func(th *rt.Thread, f *Frame) rt.Value {
		v := body(th, f)
		if v == exitSentinelP && th.LocalExit == t {
			th.LocalExit = nil
			v = th.LocalValue
			th.LocalValue = nil
		}
		return v
	}
	if !t.nonLocal {
		return local
	}
	slot := t.tokVar.index
	return func(th *rt.Thread, f *Frame) (result rt.Value) {
		tok := &blockToken{late: th.Stopped()}
		f.Slots[slot] = &box{V: tok}
		var saved rt.DynState
		th.SaveTo(&saved)
		defer func() {
			tok.done = true
			if r := recover(); r != nil {
				e, ok := r.(*nonLocalExit)
				if !ok || e.tok != tok {
					panic(r)
				}
				th.Land(tok.late)
				th.Restore(saved)
				result = th.Values(e.vals...)
			}
		}()
		return local(th, f)
	}
}

func (c *compiler) findTarget(env *lexEnv, kind envKind, name rt.Value) (*exitTarget, int) {
	for x := env; x != nil; x = x.next {
		if x.kind != kind {
			continue
		}
		if kind == envBlock && x.name == name {
			return x.target, 0
		}
		if kind == envTags {
			for i, tag := range x.target.tags {
				if rt.Eql(tag, name) {
					return x.target, i
				}
			}
		}
	}
	return nil, 0
}

// tokenRef returns code that fetches t's runtime token. The token lives in a
// boxed slot of the target's function, so closures capture it like a variable.
func (c *compiler) tokenRef(t *exitTarget) Code {
	if !t.nonLocal {
		t.nonLocal = true
		t.tokVar = &varDesc{fn: t.fn, index: t.fn.newSlot(), captured: true}
	}
	return c.varRef(t.tokVar)
}

func compileReturnFrom(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	args := argsOf(c, form, 1, 2)
	t, _ := c.findTarget(env, envBlock, args[0])
	if t == nil {
		c.th.ProgramError("return for unknown block: " + c.th.Printed(args[0]))
	}
	t.used = true
	var valForm rt.Value = rt.NIL
	if len(args) == 2 {
		valForm = args[1]
	}
	if c.reachable(t) && t.fn == c.fn {
		val := c.compile(valForm, env, t.mv)
		return func(th *rt.Thread, f *Frame) rt.Value {
			v := val(th, f)
			if v == exitSentinelP {
				return v
			}
			th.LocalExit = t
			th.LocalValue = v
			return exitSentinel
		}
	}
	tok := c.tokenRef(t)
	val := c.opaque(valForm, env, t.mv)
	wantMV := t.mv
	return func(th *rt.Thread, f *Frame) rt.Value {
		v := val(th, f)
		var vals []rt.Value
		if wantMV {
			vals = th.MultipleValues(v)
		} else {
			vals = []rt.Value{v}
		}
		token := tok(th, f).(*blockToken)
		if token.done {
			th.ControlError("attempt to RETURN-FROM a block or GO to a tag that no longer exists")
		}
		panic(&nonLocalExit{tok: token, vals: vals})
	}
}

// --- tagbody / go ---

// tagToken identifies one entry into a TAGBODY, like blockToken.
type tagToken struct{ done, late bool }

type goJump struct {
	t   *exitTarget
	idx int
}

func compileTagbody(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	t := &exitTarget{isTag: true, fn: c.fn}
	items := rt.ListToSlice(form.Cdr)
	var stmtForms []rt.Value
	for _, it := range items {
		switch it.(type) {
		case *rt.Cons:
			stmtForms = append(stmtForms, it)
		default:
			t.tags = append(t.tags, it)
		}
	}
	if len(t.tags) == 0 {
		// No tags: just a PROGN whose value is NIL.
		body := c.compileBody(rt.List(append(stmtForms, rt.NIL)...), env, mv)
		return body
	}
	benv := env.extend(&lexEnv{kind: envTags, target: t})
	saved := c.exits
	c.exits = append(c.exits[:len(c.exits):len(c.exits)], t)
	tb := &tagbodyCompiler{c: c, t: t}
	tagPos := make([]int, 0, len(t.tags))
	for _, it := range items {
		if _, ok := it.(*rt.Cons); ok {
			tb.statement(it, benv)
		} else {
			tagPos = append(tagPos, len(tb.stmts))
		}
	}
	c.exits = saved
	tb.resolve(tagPos)
	fns := tb.link(tagPos)
	n := len(fns)
	run := func(th *rt.Thread, f *Frame, pc int) rt.Value {
		for pc < n {
			pc = fns[pc](th, f)
		}
		if pc == pcExit {
			return exitSentinel
		}
		return rt.NIL
	}
	result := func(v rt.Value, th *rt.Thread) rt.Value {
		if mv && v != exitSentinelP {
			th.SetSingle()
		}
		return v
	}
	if !t.nonLocal {
		// run and result written out: one closure call per entry.
		return func(th *rt.Thread, f *Frame) rt.Value {
			pc := 0
			for pc < n {
				pc = fns[pc](th, f)
			}
			if pc == pcExit {
				return exitSentinel
			}
			if mv {
				th.SetSingle()
			}
			return rt.NIL
		}
	}
	slot := t.tokVar.index
	return func(th *rt.Thread, f *Frame) rt.Value {
		tok := &tagToken{late: th.Stopped()}
		f.Slots[slot] = &box{V: tok}
		var saved rt.DynState
		th.SaveTo(&saved)
		pc := 0
		for {
			v, next, jumped := runGuarded(th, f, tok, saved, run, pc)
			if !jumped {
				tok.done = true
				return result(v, th)
			}
			pc = tagPos[next]
		}
	}
}

// localGo reports whether form is (go tag) or (progn (go tag)) naming a tag of t.
func (c *compiler) localGo(form rt.Value, env *lexEnv, t *exitTarget) (int, bool) {
	cell, ok := form.(*rt.Cons)
	if !ok {
		return 0, false
	}
	if cell.Car == c.img.S.Progn {
		parts := rt.ListToSlice(cell.Cdr)
		if len(parts) != 1 {
			return 0, false
		}
		return c.localGo(parts[0], env, t)
	}
	if cell.Car != c.img.CLSym("GO") {
		return 0, false
	}
	parts := rt.ListToSlice(cell.Cdr)
	if len(parts) != 1 {
		return 0, false
	}
	target, idx := c.findTarget(env, envTags, parts[0])
	if target != t {
		return 0, false
	}
	return idx, true
}

func runGuarded(th *rt.Thread, f *Frame, tok *tagToken, saved rt.DynState,
	run func(*rt.Thread, *Frame, int) rt.Value, pc int) (v rt.Value, next int, jumped bool) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*nonLocalExit)
			if !ok || e.tok != tok {
				tok.done = true
				panic(r)
			}
			tok.done = true // until the jump is allowed to land
			th.Land(tok.late)
			tok.done = false
			th.Restore(saved)
			th.Tick()
			next, jumped = e.tag, true
		}
	}()
	return run(th, f, pc), 0, false
}

func compileGo(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	args := argsOf(c, form, 1, 1)
	t, idx := c.findTarget(env, envTags, args[0])
	if t == nil {
		c.th.ProgramError("attempt to GO to nonexistent tag: " + c.th.Printed(args[0]))
	}
	if c.reachable(t) && t.fn == c.fn {
		j := &goJump{t, idx}
		return func(th *rt.Thread, f *Frame) rt.Value {
			th.LocalExit = j
			return exitSentinel
		}
	}
	tok := c.tokenRef(t)
	return func(th *rt.Thread, f *Frame) rt.Value {
		token := tok(th, f).(*tagToken)
		if token.done {
			th.ControlError("attempt to GO to a tag that no longer exists")
		}
		panic(&nonLocalExit{tok: token, tag: idx})
	}
}

// --- catch / throw ---

type throwExit struct {
	tag  rt.Value
	vals []rt.Value
}

func (e *throwExit) Error() string { return "throw" }

// sameTag is EQ on catch tags, which are nearly always symbols: comparing
// the pointers directly avoids the runtime's general interface comparison.
// Other tags compare as rt.Eq does (floats by their bits, so -0.0 is not
// the tag 0.0).
func sameTag(a, b rt.Value) bool {
	if sa, ok := a.(*rt.Symbol); ok {
		sb, ok := b.(*rt.Symbol)
		return ok && sa == sb
	}
	return rt.Eq(a, b)
}

func compileCatch(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	tail := c.dispatchTail
	args := argsOf(c, form, 1, -1)
	tagOp := c.operand(args[0], env)
	// The body is in return position: a THROW there, or in a function it
	// calls in return position, comes back as throwSentinel.
	c.tail = true
	body := c.opaqueBody(form.Cdr.(*rt.Cons).Cdr, env, true)
	return func(th *rt.Thread, f *Frame) (result rt.Value) {
		tag := tagOp.fast(f)
		if tag == nil {
			tag = tagOp.code(th, f)
		}
		var saved rt.DynState
		th.SaveTo(&saved)
		late := th.Stopped()
		th.Catchers = append(th.Catchers, tag)
		returned := false
		defer func() {
			if returned {
				// No panic to look at: recover would only cost time.
				return
			}
			if r := recover(); r != nil {
				e, ok := r.(*throwExit)
				// Go unwinds innermost first, so the first catcher with the
				// tag that sees the throw is the one CLHS names.
				if !ok || e.tag != tag {
					panic(r)
				}
				th.Land(late)
				th.Restore(saved)
				result = th.Values(e.vals...)
			}
		}()
		v := body(th, f)
		returned = true
		th.Catchers = th.Catchers[:len(th.Catchers)-1]
		if v == throwSentinelP {
			// The throw came back by returns, which undid the dynamic
			// state on the way: no Restore is needed.
			if p := &th.PendingThrow; sameTag(p.Tag, tag) {
				p.Tag = nil
				if len(p.Vals) == 1 {
					th.SetSingle()
					return p.Vals[0]
				}
				return th.Values(p.Vals...)
			}
			if !tail {
				raisePendingThrow(th)
			}
		}
		return v
	}
}

func (c *compiler) opaqueBody(body rt.Value, env *lexEnv, mv bool) Code {
	saved := c.exits
	c.exits = nil
	code := c.compileBody(body, env, mv)
	c.exits = saved
	return code
}

func compileThrow(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	tail := c.dispatchTail
	args := argsOf(c, form, 2, 2)
	tagOp := c.operand(args[0], env)
	// A variable or constant value is read in line (one value); anything
	// else is compiled for all its values.
	valOp := operand{slot: -1}
	if c.isSimpleOperand(args[1], env) {
		valOp = c.operand(args[1], env)
	} else {
		valOp.code, valOp.sym = c.opaque(args[1], env, true), c.specialRead(args[1], env)
	}
	return func(th *rt.Thread, f *Frame) rt.Value {
		tag := tagOp.fast(f)
		if tag == nil {
			tag = tagOp.code(th, f)
		}
		v := valOp.fast(f)
		if v != nil {
			th.SetSingle()
		} else {
			v = valOp.code(th, f)
		}
		// The innermost catcher first: it is nearly always the one.
		found := false
		for i := len(th.Catchers) - 1; i >= 0; i-- {
			if sameTag(th.Catchers[i], tag) {
				found = true
				break
			}
		}
		if !found {
			th.ControlError("attempt to THROW to a tag that does not exist: " + th.Printed(tag))
		}
		if tail {
			p := &th.PendingThrow
			p.Tag, p.Vals = tag, th.AppendValues(p.Vals[:0], v)
			return throwSentinel
		}
		panic(&throwExit{tag: tag, vals: th.MultipleValues(v)})
	}
}

// --- unwind-protect ---

func compileUnwindProtect(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	args := argsOf(c, form, 1, -1)
	protected := c.opaque(args[0], env, mv)
	cleanup := c.opaqueBody(form.Cdr.(*rt.Cons).Cdr, env, false)
	return func(th *rt.Thread, f *Frame) rt.Value {
		var saved rt.DynState
		th.SaveTo(&saved)
		normal := false
		defer func() {
			if normal {
				return
			}
			r := recover()
			th.Restore(saved)
			// A stopped evaluation runs its cleanups within a grace budget
			// (and refuses their exits); past it they are skipped.
			if th.CleanupAllowed(r) {
				cleanup(th, f)
			}
			panic(r)
		}()
		v := protected(th, f)
		normal = true
		if !mv {
			cleanup(th, f)
			return v
		}
		vals := th.MultipleValues(v)
		cleanup(th, f)
		return th.Values(vals...)
	}
}

// --- flet / labels / macrolet / symbol-macrolet ---

func (c *compiler) localFunctions(form *rt.Cons, env *lexEnv, recursive bool) ([]*varDesc, []Code, *lexEnv, rt.Value) {
	rest, ok := form.Cdr.(*rt.Cons)
	if !ok {
		c.th.ProgramError("malformed " + c.th.Printed(form.Car))
	}
	defs := rt.ListToSlice(rest.Car)
	vars := make([]*varDesc, len(defs))
	benv := env
	for i, d := range defs {
		parts := rt.ListToSlice(d)
		if len(parts) < 2 {
			c.th.ProgramError("malformed local function definition: " + c.th.Printed(d))
		}
		c.checkLocalFunctionName(parts[0], "a local function")
		vars[i] = &varDesc{fn: c.fn, index: c.fn.newSlot()}
		benv = benv.extend(&lexEnv{kind: envFun, name: parts[0], v: vars[i]})
	}
	defEnv := env
	if recursive {
		defEnv = benv
	}
	makers := make([]Code, len(defs))
	for i, d := range defs {
		parts := rt.ListToSlice(d)
		_, makers[i] = c.compileLambda(parts[0], parts[1], d.(*rt.Cons).Cdr.(*rt.Cons).Cdr, defEnv, blockNameOf(parts[0]))
	}
	return vars, makers, benv, rest.Cdr
}

// checkLocalFunctionName signals a PROGRAM-ERROR, as SBCL does, when a
// local function or macro would bind a name of a locked package such as
// COMMON-LISP (CLHS 11.1.2.1.2, item 2).
func (c *compiler) checkLocalFunctionName(name rt.Value, as string) {
	sym, ok := name.(*rt.Symbol)
	if cell, isCons := name.(*rt.Cons); isCons && cell.Car == c.img.S.Setf {
		if rest, ok2 := cell.Cdr.(*rt.Cons); ok2 {
			sym, ok = rest.Car.(*rt.Symbol)
		}
	}
	if !ok || implementationLocalNames[sym.Name] && sym.Pkg == c.img.CL {
		return
	}
	// A COMMON-LISP symbol that is not globally a function, macro or
	// special operator may be bound lexically (CLHS 11.1.2.1.2.1), as SBCL
	// also allows for local macros and (SETF symbol) names.
	p := c.img.HomePackage(sym)
	if p == c.img.CL && sym.Fn == nil && sym.Macro == nil && sym.Setf == nil &&
		sym.Flags&rt.FlagSpecialOperator == 0 {
		return
	}
	cur := c.img.CurrentPackage()
	if p != nil && p.Locked && p != cur {
		c.th.ProgramError("Lock on package " + p.Name + " violated when binding " + c.th.Printed(name) +
			" as " + as + " while in package " + cur.Name + ".\nSee also: the ANSI Standard, Section 11.1.2.1.2")
	}
}

// implementationLocalNames are the COMMON-LISP names that the expansions of
// DEFMETHOD, LOOP and PPRINT-LOGICAL-BLOCK and the effective methods of
// long-form method combinations bind as local functions or macros themselves.
var implementationLocalNames = map[string]bool{"CALL-NEXT-METHOD": true, "NEXT-METHOD-P": true, "LOOP-FINISH": true,
	"PPRINT-POP": true, "PPRINT-EXIT-IF-LIST-EXHAUSTED": true, "CALL-METHOD": true, "MAKE-METHOD": true}

func compileFlet(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	return c.compileLocalFns(form, env, mv, false)
}

func compileLabels(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	return c.compileLocalFns(form, env, mv, true)
}

func (c *compiler) compileLocalFns(form *rt.Cons, env *lexEnv, mv, recursive bool) Code {
	tail := c.dispatchTail
	vars, makers, benv, body := c.localFunctions(form, env, recursive)
	decls, _, forms := parseBody(body, false)
	benv = c.declareFree(decls, benv, declaredSpecials(c.img, decls))
	c.tail = tail
	bodyCode := c.compileBody(forms, benv, mv)
	if recursive {
		return func(th *rt.Thread, f *Frame) rt.Value {
			for i, v := range vars {
				initVar(v, f, nil)
				_ = i
			}
			for i, mk := range makers {
				fn := mk(th, f)
				if vars[i].captured {
					f.Slots[vars[i].index].(*box).V = fn
				} else {
					f.Slots[vars[i].index] = fn
				}
			}
			return bodyCode(th, f)
		}
	}
	return func(th *rt.Thread, f *Frame) rt.Value {
		var buf [4]rt.Value
		fns := buf[:0]
		for _, mk := range makers {
			fns = append(fns, mk(th, f))
		}
		for i, fn := range fns {
			initVar(vars[i], f, fn)
		}
		return bodyCode(th, f)
	}
}

// macroEnv strips lexical variables and functions, keeping what macrolet
// definitions may see (macros, symbol macros and declarations).
func macroEnv(env *lexEnv) *lexEnv {
	var kept []*lexEnv
	for x := env; x != nil; x = x.next {
		if x.kind == envMacro || x.kind == envSymbolMacro {
			kept = append(kept, x)
		}
	}
	var out *lexEnv
	for i := len(kept) - 1; i >= 0; i-- {
		k := *kept[i]
		out = out.extend(&k)
	}
	return out
}

func compileMacrolet(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	rest, ok := form.Cdr.(*rt.Cons)
	if !ok {
		c.th.ProgramError("malformed MACROLET")
	}
	benv := env
	for _, d := range rt.ListToSlice(rest.Car) {
		parts := rt.ListToSlice(d)
		if len(parts) < 2 {
			c.th.ProgramError("malformed MACROLET definition: " + c.th.Printed(d))
		}
		c.checkLocalFunctionName(parts[0], "a local macro")
		fn := c.makeMacroFunction(parts[0], parts[1], d.(*rt.Cons).Cdr.(*rt.Cons).Cdr, macroEnv(env))
		benv = benv.extend(&lexEnv{kind: envMacro, name: parts[0], expand: fn})
	}
	decls, _, forms := parseBody(rest.Cdr, false)
	benv = c.declareFree(decls, benv, declaredSpecials(c.img, decls))
	return c.compileBody(forms, benv, mv)
}

func compileSymbolMacrolet(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	rest, ok := form.Cdr.(*rt.Cons)
	if !ok {
		c.th.ProgramError("malformed SYMBOL-MACROLET")
	}
	benv := env
	for _, d := range rt.ListToSlice(rest.Car) {
		parts := rt.ListToSlice(d)
		if len(parts) != 2 {
			c.th.ProgramError("malformed SYMBOL-MACROLET binding: " + c.th.Printed(d))
		}
		sym, ok := parts[0].(*rt.Symbol)
		if !ok {
			c.th.ProgramError("malformed SYMBOL-MACROLET binding: " + c.th.Printed(d))
		}
		if sym.IsSpecial() || sym.IsConstant() {
			c.th.ProgramError("attempt to bind a special or constant variable with SYMBOL-MACROLET: " + c.th.Printed(sym))
		}
		benv = benv.extend(&lexEnv{kind: envSymbolMacro, name: sym, expand: parts[1]})
	}
	decls, _, forms := parseBody(rest.Cdr, false)
	specials := declaredSpecials(c.img, decls)
	for e := benv; e != env; e = e.next {
		if specials[e.name.(*rt.Symbol)] {
			c.th.ProgramError("symbol macro " + c.th.Printed(e.name) + " is declared SPECIAL in its SYMBOL-MACROLET")
		}
	}
	benv = c.declareFree(decls, benv, specials)
	return c.compileBody(forms, benv, mv)
}

func compileLocally(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	decls, _, forms := parseBody(form.Cdr, false)
	benv := c.declareFree(decls, env, declaredSpecials(c.img, decls))
	return c.compileBody(forms, benv, mv)
}

// compileThe checks the values of the form against the type, as SBCL's
// safe code does (a TYPE-ERROR when they do not match).
func compileThe(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	args := argsOf(c, form, 2, 2)
	spec := args[0]
	if spec == rt.T {
		return c.compile(args[1], env, mv)
	}
	valuesSpec := false
	if sc, ok := spec.(*rt.Cons); ok && sc.Car == c.img.S.Values {
		valuesSpec = true
	}
	code := c.opaque(args[1], env, mv || valuesSpec)
	return func(th *rt.Thread, f *Frame) rt.Value {
		v := code(th, f)
		th.CheckThe(spec, v)
		return v
	}
}

func compileEvalWhen(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	rest, ok := form.Cdr.(*rt.Cons)
	if !ok {
		c.th.ProgramError("malformed EVAL-WHEN")
	}
	for _, s := range rt.ListToSlice(rest.Car) {
		if sym, ok := s.(*rt.Symbol); ok && (sym.Name == "EXECUTE" || sym.Name == "EVAL") {
			return c.compileBody(rest.Cdr, env, mv)
		}
	}
	return constCode(rt.NIL, mv)
}

func compileLoadTimeValue(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	args := argsOf(c, form, 1, 2)
	v := Eval(c.th, args[0])
	return constCode(v, mv)
}

func compileMVCall(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	args := argsOf(c, form, 1, -1)
	fnCode := c.opaque(args[0], env, false)
	var forms []Code
	for _, a := range args[1:] {
		forms = append(forms, c.opaque(a, env, true))
	}
	return func(th *rt.Thread, f *Frame) rt.Value {
		fn := th.Resolve(fnCode(th, f))
		var all []rt.Value
		for _, code := range forms {
			v := code(th, f)
			all = th.AppendValues(all, v)
		}
		return fn.Call(th, all)
	}
}

func compileMVProg1(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	args := argsOf(c, form, 1, -1)
	first := c.opaque(args[0], env, mv)
	rest := c.opaqueBody(form.Cdr.(*rt.Cons).Cdr, env, false)
	if !mv {
		return func(th *rt.Thread, f *Frame) rt.Value {
			v := first(th, f)
			rest(th, f)
			return v
		}
	}
	return func(th *rt.Thread, f *Frame) rt.Value {
		v := first(th, f)
		vals := th.MultipleValues(v)
		rest(th, f)
		return th.Values(vals...)
	}
}

func compileProgv(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	args := argsOf(c, form, 2, -1)
	symsCode := c.opaque(args[0], env, false)
	valsCode := c.opaque(args[1], env, false)
	body := c.opaqueBody(form.Cdr.(*rt.Cons).Cdr.(*rt.Cons).Cdr, env, mv)
	return func(th *rt.Thread, f *Frame) rt.Value {
		syms := rt.ListToSlice(symsCode(th, f))
		vals := rt.ListToSlice(valsCode(th, f))
		depth := th.SpecialDepth()
		for i, s := range syms {
			sym, ok := s.(*rt.Symbol)
			if !ok {
				th.TypeErrorName(s, "SYMBOL")
			}
			if i < len(vals) {
				th.BindSpecial(sym, vals[i])
			} else {
				th.BindSpecial(sym, nil)
			}
		}
		v := body(th, f)
		th.UnbindTo(depth)
		return v
	}
}
