package eval

import (
	"strconv"

	rt "github.com/golem-lisp/golem/runtime"
)

// param is one variable a lambda list binds: lexical, special, or a nested
// destructuring pattern.
type param struct {
	v       *varDesc
	special *rt.Symbol
	nested  *lambdaList
}

type optParam struct {
	p        param
	init     Code // nil: NIL
	supplied *param
}

type keyParam struct {
	key *rt.Symbol
	optParam
}

type llKind uint8

const (
	llOrdinary llKind = iota
	llMacro
	llDestructuring
)

// lambdaList is a parsed lambda list ready to bind arguments into a frame.
type lambdaList struct {
	kind      llKind
	whole     *param
	envParam  *param
	required  []param
	optional  []optParam
	rest      *param
	hasKey    bool
	keys      []keyParam
	allowKeys bool
	aux       []optParam
	// simple: only required lexical parameters.
	simple   bool
	specials bool
	form     rt.Value // the source lambda list
	name     rt.Value // for error messages
}

// parseLambdaList parses ll, extending env with its parameters in order; it
// returns the list and the environment the body sees.
func (c *compiler) parseLambdaList(ll rt.Value, env *lexEnv, kind llKind, specials map[*rt.Symbol]bool, name rt.Value) (*lambdaList, *lexEnv) {
	out := &lambdaList{kind: kind, form: ll, name: name}
	s := c.img.S
	state := 0 // 0 required, 1 optional, 2 rest, 3 key, 4 aux, 5 after rest var
	bind := func(x rt.Value) param {
		if kind != llOrdinary {
			// () as a required or optional parameter is a pattern that
			// matches only the empty list.
			if _, ok := x.(*rt.Cons); ok || x == rt.NIL && state <= 1 {
				nested, env2 := c.parseLambdaList(x, env, llDestructuring, specials, name)
				env = env2
				if nested.specials {
					out.specials = true
				}
				return param{nested: nested}
			}
		}
		sym, ok := x.(*rt.Symbol)
		if !ok || sym == rt.NIL || sym == rt.T || sym.IsConstant() {
			c.th.ProgramError("invalid variable in lambda list: " + c.th.Printed(x))
		}
		var p param
		p, env = c.bindVar(sym, env, specials)
		if p.special != nil {
			out.specials = true
		}
		return p
	}
	cur := ll
	if kind != llOrdinary {
		if cell, ok := cur.(*rt.Cons); ok && cell.Car == s.Whole {
			rest, _ := cell.Cdr.(*rt.Cons)
			if rest == nil {
				c.th.ProgramError("&WHOLE without a variable")
			}
			p := bind(rest.Car)
			out.whole = &p
			cur = rest.Cdr
		}
	}
	if kind == llMacro {
		// The &ENVIRONMENT variable is bound before the other parameters,
		// wherever it appears, so their init forms can use it.
		cur = c.takeEnvironmentParam(cur, out, bind)
	}
	for cur != rt.NIL {
		cell, ok := cur.(*rt.Cons)
		if !ok {
			// dotted lambda list: (a . rest) in macro/destructuring lists
			if kind == llOrdinary {
				c.th.ProgramError("dotted ordinary lambda list: " + c.th.Printed(ll))
			}
			p := bind(cur)
			out.rest = &p
			break
		}
		x := cell.Car
		cur = cell.Cdr
		// The lambda list keywords come in a fixed order (CLHS 3.4.1), each
		// at most once, and &REST takes exactly one variable.
		misplaced := func(rank int) {
			if state == 2 {
				c.th.ProgramError("&REST without a variable in lambda list: " + c.th.Printed(ll))
			}
			if rank <= state && !(state == 5 && rank > 2) {
				c.th.ProgramError("misplaced " + c.th.Printed(x) + " in lambda list: " + c.th.Printed(ll))
			}
		}
		switch x {
		case s.Optional:
			misplaced(1)
			state = 1
			continue
		case s.Rest, s.Body:
			misplaced(2)
			state = 2
			continue
		case s.Key:
			misplaced(3)
			state = 3
			out.hasKey = true
			continue
		case s.AllowOtherKeys:
			if state != 3 || out.allowKeys {
				c.th.ProgramError("misplaced &ALLOW-OTHER-KEYS in lambda list: " + c.th.Printed(ll))
			}
			out.allowKeys = true
			continue
		case s.Aux:
			misplaced(4)
			state = 4
			continue
		case s.Environment:
			if kind == llMacro {
				c.th.ProgramError("more than one &ENVIRONMENT in lambda list: " + c.th.Printed(ll))
			}
			c.th.ProgramError("misplaced &ENVIRONMENT")
		case s.Whole:
			c.th.ProgramError("misplaced &WHOLE in lambda list")
		}
		switch state {
		case 0:
			out.required = append(out.required, bind(x))
		case 1:
			var op optParam
			if spec, ok := x.(*rt.Cons); ok {
				parts := rt.ListToSlice(spec)
				op.init = c.opaqueIn(parts, 1, env)
				op.p = bind(parts[0])
				if len(parts) > 2 {
					sp := bind(parts[2])
					op.supplied = &sp
				}
			} else {
				op.p = bind(x)
			}
			out.optional = append(out.optional, op)
		case 2:
			p := bind(x)
			out.rest = &p
			state = 5
		case 3:
			var kp keyParam
			varSpec := x
			var parts []rt.Value
			if spec, ok := x.(*rt.Cons); ok {
				parts = rt.ListToSlice(spec)
				varSpec = parts[0]
				kp.init = c.opaqueIn(parts, 1, env)
			}
			if pair, ok := varSpec.(*rt.Cons); ok {
				k, _ := pair.Car.(*rt.Symbol)
				if k == nil {
					c.th.ProgramError("invalid keyword name in lambda list")
				}
				kp.key = k
				varSpec = pair.Cdr.(*rt.Cons).Car
			} else if sym, ok := varSpec.(*rt.Symbol); ok {
				kp.key = c.img.Kw(sym.Name)
			}
			kp.p = bind(varSpec)
			if len(parts) > 2 {
				sp := bind(parts[2])
				kp.supplied = &sp
			}
			out.keys = append(out.keys, kp)
		case 4:
			var op optParam
			if spec, ok := x.(*rt.Cons); ok {
				parts := rt.ListToSlice(spec)
				op.init = c.opaqueIn(parts, 1, env)
				op.p = bind(parts[0])
			} else {
				op.p = bind(x)
			}
			out.aux = append(out.aux, op)
		case 5:
			c.th.ProgramError("extra variable after &REST in lambda list: " + c.th.Printed(ll))
		}
	}
	if state == 2 {
		c.th.ProgramError("&REST without a variable in lambda list: " + c.th.Printed(ll))
	}
	if len(out.optional) > 0 && out.hasKey {
		// SBCL's style warning: a missing optional argument makes the
		// keywords be taken as optionals.
		c.warnf("GOLEM:SIMPLE-STYLE-WARNING", "&OPTIONAL and &KEY found in the same lambda list: ~S", ll)
	}
	out.simple = !out.specials && out.whole == nil && out.envParam == nil && len(out.optional) == 0 &&
		out.rest == nil && !out.hasKey && len(out.aux) == 0
	for _, p := range out.required {
		if p.v == nil {
			out.simple = false
		}
	}
	return out, env
}

// takeEnvironmentParam binds the &ENVIRONMENT variable of the top level of
// the macro lambda list ll into out and returns ll without it.
func (c *compiler) takeEnvironmentParam(ll rt.Value, out *lambdaList, bind func(rt.Value) param) rt.Value {
	var before []rt.Value
	for cur := ll; ; {
		cell, ok := cur.(*rt.Cons)
		if !ok {
			return ll
		}
		if cell.Car == c.img.S.Environment {
			next, ok := cell.Cdr.(*rt.Cons)
			if !ok {
				c.th.ProgramError("&ENVIRONMENT without a variable in lambda list: " + c.th.Printed(ll))
			}
			p := bind(next.Car)
			out.envParam = &p
			return rt.ListStar(next.Cdr, before...)
		}
		before = append(before, cell.Car)
		cur = cell.Cdr
	}
}

// opaqueIn compiles parts[i] (if present) as an init form.
func (c *compiler) opaqueIn(parts []rt.Value, i int, env *lexEnv) Code {
	if len(parts) <= i {
		return nil
	}
	return c.opaque(parts[i], env, false)
}

// bindVar creates the binding for sym: special when declared or proclaimed so.
func (c *compiler) bindVar(sym *rt.Symbol, env *lexEnv, specials map[*rt.Symbol]bool) (param, *lexEnv) {
	if sym.IsConstant() {
		c.th.ProgramError("cannot bind constant " + c.th.Printed(sym))
	}
	if sym.IsSpecial() || specials[sym] {
		c.noteXref(XrefBinds, sym)
		return param{special: sym}, env.extend(&lexEnv{kind: envSpecial, name: sym})
	}
	v := &varDesc{sym: sym, fn: c.fn, index: c.fn.newSlot()}
	c.fn.vars = append(c.fn.vars, v)
	return param{v: v}, env.extend(&lexEnv{kind: envVar, name: sym, v: v})
}

func (p *param) set(th *rt.Thread, f *Frame, v rt.Value) {
	switch {
	case p.v != nil:
		initVar(p.v, f, v)
	case p.special != nil:
		th.BindSpecial(p.special, v)
	default:
		p.nested.bindList(th, f, v)
	}
}

// allParams lists every variable the lambda list binds, for warnings.
func (ll *lambdaList) allParams() []param {
	var out []param
	add := func(p *param) {
		if p == nil {
			return
		}
		if p.nested != nil {
			out = append(out, p.nested.allParams()...)
			return
		}
		out = append(out, *p)
	}
	add(ll.whole)
	add(ll.envParam)
	for i := range ll.required {
		add(&ll.required[i])
	}
	for i := range ll.optional {
		add(&ll.optional[i].p)
		add(ll.optional[i].supplied)
	}
	add(ll.rest)
	for i := range ll.keys {
		add(&ll.keys[i].p)
		add(ll.keys[i].supplied)
	}
	for i := range ll.aux {
		add(&ll.aux[i].p)
	}
	return out
}

// bindList destructures a list against a macro or destructuring lambda list.
func (ll *lambdaList) bindList(th *rt.Thread, f *Frame, list rt.Value) {
	if ll.simple && ll.bindRequired(f, list) {
		return
	}
	if ll.whole != nil {
		ll.whole.set(th, f, list)
	}
	var args []rt.Value
	cur, slow := list, list
	for n := 1; ; n++ {
		cell, ok := cur.(*rt.Cons)
		if !ok {
			break
		}
		args = append(args, cell.Car)
		cur = cell.Cdr
		if n&1 == 0 {
			if slow = slow.(*rt.Cons).Cdr; slow == cur {
				ll.fail(th, list, "circular list")
			}
		}
	}
	if cur != rt.NIL && (ll.rest == nil || ll.hasKey) {
		// A dotted tail can be a &REST variable, but never keyword arguments.
		ll.fail(th, list, "dotted list")
	}
	ll.bindArgs(th, f, args, list, cur)
}

// bindRequired binds a lambda list of required lexical variables only
// (ll.simple) straight from list's cells, and reports whether list had
// exactly their number of elements. When it had not, nothing is signalled
// here: bindList's general path binds again and signals the error.
func (ll *lambdaList) bindRequired(f *Frame, list rt.Value) bool {
	cur := list
	for i := range ll.required {
		cell, ok := cur.(*rt.Cons)
		if !ok {
			return false
		}
		initVar(ll.required[i].v, f, cell.Car)
		cur = cell.Cdr
	}
	return cur == rt.NIL
}

func (ll *lambdaList) fail(th *rt.Thread, list rt.Value, why string) {
	what := "DESTRUCTURING-BIND"
	if ll.name != nil && ll.name != rt.NIL {
		what = th.Printed(ll.name)
	}
	msg := "Error while parsing arguments to " + what + ": " + why + " in " + th.Printed(list) +
		" to satisfy lambda list " + th.Printed(ll.form)
	if want := ll.expectation(); want != "" && (why == "too few elements" || why == "too many elements") {
		msg += ": " + want + ", but got " + itoa(len(rt.ListToSlice(list)))
	}
	th.Error(th.MakeCondition("GOLEM:SIMPLE-DESTRUCTURING-ERROR",
		th.Img.Kw("FORMAT-CONTROL"), rt.NewString(rt.EscapeTildes(msg)), th.Img.Kw("FORMAT-ARGUMENTS"), rt.NIL))
}

// expectation describes how many elements the lambda list accepts, as SBCL words it.
func (ll *lambdaList) expectation() string {
	min := len(ll.required)
	if ll.rest != nil || ll.hasKey {
		return "at least " + itoa(min) + " expected"
	}
	max := min + len(ll.optional)
	if max == min {
		return "exactly " + itoa(min) + " expected"
	}
	return "between " + itoa(min) + " and " + itoa(max) + " expected"
}

// bindArgs binds a spread argument vector. list is the original list for
// destructuring (so &rest shares its tail) or nil; tail is a dotted tail.
func (ll *lambdaList) bindArgs(th *rt.Thread, f *Frame, args []rt.Value, list rt.Value, tail rt.Value) {
	n := len(args)
	nreq := len(ll.required)
	if n < nreq {
		if list != nil {
			ll.fail(th, list, "too few elements")
		}
		argCountError(th, ll, n)
	}
	for i := range ll.required {
		ll.required[i].set(th, f, args[i])
	}
	i := nreq
	for j := range ll.optional {
		op := &ll.optional[j]
		if i < n {
			op.p.set(th, f, args[i])
			if op.supplied != nil {
				op.supplied.set(th, f, rt.T)
			}
			i++
		} else {
			var v rt.Value = rt.NIL
			if op.init != nil {
				v = op.init(th, f)
			}
			op.p.set(th, f, v)
			if op.supplied != nil {
				op.supplied.set(th, f, rt.NIL)
			}
		}
	}
	if ll.rest != nil {
		var restList rt.Value
		if list != nil {
			restList = list
			for k := 0; k < i; k++ {
				restList = restList.(*rt.Cons).Cdr
			}
		} else {
			restList = rt.List(args[i:]...)
		}
		ll.rest.set(th, f, restList)
	} else if i < n && !ll.hasKey {
		if list != nil {
			ll.fail(th, list, "too many elements")
		}
		argCountError(th, ll, n)
	}
	if ll.hasKey {
		keyArgs := args[i:]
		if len(keyArgs)%2 != 0 {
			if list != nil {
				ll.fail(th, list, "odd number of keyword arguments")
			}
			th.ProgramError("odd number of &KEY arguments")
		}
		for j := range ll.keys {
			kp := &ll.keys[j]
			found := false
			for k := 0; k < len(keyArgs); k += 2 {
				if keyArgs[k] == kp.key {
					kp.p.set(th, f, keyArgs[k+1])
					found = true
					break
				}
			}
			if !found {
				var v rt.Value = rt.NIL
				if kp.init != nil {
					v = kp.init(th, f)
				}
				kp.p.set(th, f, v)
			}
			if kp.supplied != nil {
				kp.supplied.set(th, f, rt.Bool(found))
			}
		}
		if !ll.allowKeys {
			ll.checkKeys(th, keyArgs)
		}
	}
	for j := range ll.aux {
		op := &ll.aux[j]
		var v rt.Value = rt.NIL
		if op.init != nil {
			v = op.init(th, f)
		}
		op.p.set(th, f, v)
	}
}

func (ll *lambdaList) checkKeys(th *rt.Thread, keyArgs []rt.Value) {
	aok := th.Img.S.KwAllowOtherKeys
	for k := 0; k < len(keyArgs); k += 2 {
		if keyArgs[k] == aok {
			if keyArgs[k+1] != rt.NIL {
				return
			}
			break
		}
	}
	for k := 0; k < len(keyArgs); k += 2 {
		key := keyArgs[k]
		if key == aok {
			continue
		}
		known := false
		for j := range ll.keys {
			if ll.keys[j].key == key {
				known = true
				break
			}
		}
		if !known {
			if _, ok := key.(*rt.Symbol); !ok {
				th.ProgramError("invalid keyword argument name: " + th.Printed(key))
			}
			th.ProgramError("unknown &KEY argument: " + th.Printed(key))
		}
	}
}

func argCountError(th *rt.Thread, ll *lambdaList, n int) {
	th.ProgramError("invalid number of arguments: " + itoa(n))
}

func itoa(n int) string { return strconv.Itoa(n) }

// lambdaInfo is a compiled lambda expression.
type lambdaInfo struct {
	name rt.Value
	fn   *fnInfo
	ll   *lambdaList
	body Code
	req  []*varDesc // for the simple fast path
	doc  string
	// reqState says whether the required parameters can be copied straight
	// into slots 0..n-1 (reqPlain) or some need boxes (reqBoxed).
	reqState uint8
	// direct is n+1 when the function takes exactly n plain required
	// parameters, so a caller may evaluate arguments straight into a new
	// frame (see compileGlobalCall); otherwise -1.
	direct int8
}

const (
	reqPlain uint8 = 1 + iota
	reqBoxed
)

// prepareRequired decides, once the body is compiled, whether the required
// parameters can be copied straight into slots 0..n-1, and sets direct.
func (info *lambdaInfo) prepareRequired() {
	info.reqState = reqPlain
	for i, v := range info.req {
		if v.captured || v.index != i {
			info.reqState = reqBoxed
		}
	}
	info.direct = -1
	if info.ll.simple && info.reqState == reqPlain && len(info.req) < 100 {
		info.direct = int8(len(info.req) + 1)
	}
}

// Closure is a compiled Lisp function with its captured variables.
type Closure struct {
	info *lambdaInfo
	upv  []*box
}

// Call implements rt.Function.
func (cl *Closure) Call(th *rt.Thread, args []rt.Value) rt.Value {
	info := cl.info
	f := th.PushFrame(cl, cl.upv, info.fn.nslots)
	f.Args = args
	ll := info.ll
	if ll.simple {
		if len(args) != len(info.req) {
			argCountError(th, ll, len(args))
		}
		if info.reqState == reqPlain {
			copy(f.Slots, args)
		} else {
			for i, v := range info.req {
				if v.captured {
					f.Slots[v.index] = &box{V: args[i]}
				} else {
					f.Slots[v.index] = args[i]
				}
			}
		}
		v := info.body(th, f)
		th.PopFrame(f)
		if v == throwSentinelP {
			raisePendingThrow(th)
		}
		return v
	}
	depth := th.SpecialDepth()
	ll.bindArgs(th, f, args, nil, rt.NIL)
	v := info.body(th, f)
	if ll.specials {
		th.UnbindTo(depth)
	}
	th.PopFrame(f)
	if v == throwSentinelP {
		raisePendingThrow(th)
	}
	return v
}

// Call1 implements rt.Caller1: a call with one argument, as Call makes it,
// without an argument slice when the function takes exactly one plain
// required parameter (the argument goes straight into its frame, as a
// direct call from compiled code puts it).
func (cl *Closure) Call1(th *rt.Thread, x rt.Value) rt.Value {
	info := cl.info
	if info.direct != 2 {
		base, av := th.ArgSlots(1)
		av[0] = x
		v := cl.Call(th, av)
		th.PopArgs(base)
		return v
	}
	f := th.PushFrame(cl, cl.upv, info.fn.nslots)
	f.Slots[0] = x
	f.Args = f.Slots[:1:1]
	v := info.body(th, f)
	th.PopFrame(f)
	if v == throwSentinelP {
		raisePendingThrow(th)
	}
	return v
}

// Call2 implements rt.Caller2: Call1 for two arguments.
func (cl *Closure) Call2(th *rt.Thread, x, y rt.Value) rt.Value {
	info := cl.info
	if info.direct != 3 {
		base, av := th.ArgSlots(2)
		av[0], av[1] = x, y
		v := cl.Call(th, av)
		th.PopArgs(base)
		return v
	}
	f := th.PushFrame(cl, cl.upv, info.fn.nslots)
	f.Slots[0], f.Slots[1] = x, y
	f.Args = f.Slots[:2:2]
	v := info.body(th, f)
	th.PopFrame(f)
	if v == throwSentinelP {
		raisePendingThrow(th)
	}
	return v
}

// FunctionName implements rt.Function.
func (cl *Closure) FunctionName() rt.Value {
	if cl.info.name == nil {
		return rt.NIL
	}
	return cl.info.name
}

// LambdaList returns the source lambda list.
func (cl *Closure) LambdaList() rt.Value { return cl.info.ll.form }

// Documentation returns the docstring.
func (cl *Closure) Documentation() string { return cl.info.doc }

// compileLambda compiles (lambda-list . body) as a new function nested in the
// current one; the returned Code makes a closure over the current frame.
func (c *compiler) compileLambda(name rt.Value, ll rt.Value, body rt.Value, env *lexEnv, blockName rt.Value) (*lambdaInfo, Code) {
	info := c.compileLambdaInfo(name, ll, body, env, blockName, llOrdinary)
	srcs := c.closureSources(info.fn)
	return info, func(th *rt.Thread, f *Frame) rt.Value {
		return &Closure{info: info, upv: captureUpvalues(f, srcs)}
	}
}

func (c *compiler) compileLambdaInfo(name rt.Value, ll rt.Value, body rt.Value, env *lexEnv, blockName rt.Value, kind llKind) *lambdaInfo {
	inner := &compiler{th: c.th, img: c.img, fn: &fnInfo{parent: c.fn}, who: c.who}
	decls, doc, forms := parseBody(body, true)
	specials := declaredSpecials(c.img, decls)
	info := &lambdaInfo{name: name, fn: inner.fn, doc: doc}
	parsed, benv := inner.parseLambdaList(ll, env, kind, specials, name)
	benv = inner.declareFree(decls, benv, specials)
	if blockName != nil {
		forms = rt.List(rt.ListStar(forms, c.img.S.Block, blockName))
	}
	info.ll = parsed
	inner.tail = true
	info.body = inner.compileBody(forms, benv, true)
	inner.warnUnused(parsed.allParams(), decls)
	if parsed.simple {
		for _, p := range parsed.required {
			info.req = append(info.req, p.v)
		}
	}
	// The body is compiled, so whether a parameter is captured is final.
	info.prepareRequired()
	return info
}

// compileLambdaForm compiles (lambda ll . body).
func (c *compiler) compileLambdaForm(form *rt.Cons, env *lexEnv, name rt.Value) Code {
	rest, ok := form.Cdr.(*rt.Cons)
	if !ok {
		c.th.ProgramError("malformed LAMBDA: " + c.th.Printed(form))
	}
	_, code := c.compileLambda(name, rest.Car, rest.Cdr, env, nil)
	return code
}

// parseBody splits leading declarations (and a docstring when allowed).
func parseBody(body rt.Value, allowDoc bool) (decls []rt.Value, doc string, forms rt.Value) {
	forms = body
	for {
		cell, ok := forms.(*rt.Cons)
		if !ok {
			return
		}
		if s, ok := cell.Car.(*rt.String); ok && allowDoc && doc == "" && cell.Cdr != rt.NIL {
			doc = s.String()
			forms = cell.Cdr
			continue
		}
		if d, ok := cell.Car.(*rt.Cons); ok {
			if sym, ok := d.Car.(*rt.Symbol); ok && sym.Name == "DECLARE" && sym.Pkg != nil && sym.Pkg.Name == "COMMON-LISP" {
				decls = append(decls, d)
				forms = cell.Cdr
				continue
			}
		}
		return
	}
}

// declaredSpecials collects the symbols of (declare (special ...)) specifiers.
func declaredSpecials(img *rt.Image, decls []rt.Value) map[*rt.Symbol]bool {
	var out map[*rt.Symbol]bool
	for _, d := range decls {
		for _, spec := range rt.ListToSlice(d.(*rt.Cons).Cdr) {
			sc, ok := spec.(*rt.Cons)
			if !ok || sc.Car != img.S.Special {
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

// declareFree adds free special declarations (for variables not bound by
// the form itself) so that references in the body read the dynamic value,
// and the INLINE and NOTINLINE declarations.
func (c *compiler) declareFree(decls []rt.Value, env *lexEnv, specials map[*rt.Symbol]bool) *lexEnv {
	for sym := range specials {
		if b := env.lookupVar(sym); b != nil && b.kind == envSpecial {
			continue
		}
		env = env.extend(&lexEnv{kind: envSpecial, name: sym})
	}
	if len(decls) > 0 {
		c.checkDeclarations(decls)
		env = c.declareInline(decls, env)
	}
	return env
}
