package eval

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// The LOOP macro (CLHS 6.1) is expanded by a clause parser that fills in the
// pieces of one iteration skeleton:
//
//	(block NAME
//	  (let (group-1 bindings) ... wrappers
//	    (let (group-2 bindings) ...
//	      (let* (accumulators)
//	        (macrolet ((loop-finish () '(go END)))
//	          (tagbody
//	             prologue...        ; INITIALLY forms
//	             before-loop...     ; first-iteration tests and steps
//	           NEXT
//	             body...            ; DO, collectors, conditionals, ...
//	             after-body...      ; later-iteration steps and tests
//	             (go NEXT)
//	           END
//	             epilogue...        ; FINALLY forms
//	             after-epilogue...  ; the loop's value
//	             ))))))
//
// Each FOR/AS subclause contributes, for the first iteration and for the
// following ones, pre-step tests, parallel steps, post-step tests and
// sequential "pseudo" steps; clauses joined by AND share one step phase.
// Variables are bound in groups (one per WITH or FOR clause) so that the
// initial value forms are evaluated in order and can see earlier variables.
// The common tail of before-loop and after-body is moved to the top of the
// loop so that it is only compiled once.

// loopBinding is one variable of a binding group.
type loopBinding struct {
	sym  *rt.Symbol
	init rt.Value
}

// loopGroup is one LET of the expansion.
type loopGroup struct {
	binds     []loopBinding
	inner     []loopBinding // bound in a nested LET once binds are visible
	ignorable []rt.Value    // user variables declared IGNORABLE
	post      []rt.Value    // forms run first in the body (destructuring)
	wrappers  []rt.Value    // (macro args) forms wrapped around the rest
	star      bool
}

func (g *loopGroup) empty() bool {
	return len(g.binds) == 0 && len(g.inner) == 0 && len(g.post) == 0 && len(g.wrappers) == 0
}

// loopStep is one assignment of an iteration phase; pat may be a
// destructuring pattern.
type loopStep struct {
	pat  rt.Value
	form rt.Value
}

// loopPhase is what one FOR subclause does in one iteration.
type loopPhase struct {
	preTests  []rt.Value
	steps     []loopStep
	postTests []rt.Value
	pseudo    []loopStep
}

func (ph *loopPhase) add(o *loopPhase) {
	ph.preTests = append(ph.preTests, o.preTests...)
	ph.steps = append(ph.steps, o.steps...)
	ph.postTests = append(ph.postTests, o.postTests...)
	ph.pseudo = append(ph.pseudo, o.pseudo...)
}

// loopAccum is one accumulation target: the loop's value or an INTO variable.
type loopAccum struct {
	name  *rt.Symbol // INTO variable, nil for the loop's value
	class string     // LIST, SUM or MINIMAX
	kind  string     // the first clause that used it, for messages
	head  *rt.Symbol // LIST: a cons whose cdr is the result
	tail  *rt.Symbol // LIST: last cons of the result
	v     *rt.Symbol // SUM/MINIMAX: the value
	flag  *rt.Symbol // MINIMAX: a value has been seen
	tmp   *rt.Symbol // MINIMAX: the new value
	init  rt.Value   // SUM/MINIMAX: the initial value
}

type loopExpander struct {
	th   *rt.Thread
	img  *rt.Image
	toks []rt.Value
	pos  int
	ctx  int // start of the clause being parsed, for messages

	name  rt.Value
	named bool

	groups  []*loopGroup
	pending *loopGroup

	prologue, beforeLoop, body, afterBody, epilogue, afterEpilogue []rt.Value

	emittedBody  bool
	insideCond   bool
	aggregate    bool // an ALWAYS/NEVER clause was seen
	vars         map[*rt.Symbol]bool
	accums       []*loopAccum
	itVar        *rt.Symbol
	endTag       *rt.Symbol
	nextTag      *rt.Symbol
	typeSymNames map[string]bool
}

// gensym makes an uninterned symbol for the expansion.
func loopGensym(name string) *rt.Symbol { return rt.NewSymbol("LOOP-" + name) }

func (p *loopExpander) cl(name string) *rt.Symbol { return p.img.CLSym(name) }

// form builds a list whose first element is the CL symbol op.
func (p *loopExpander) form(op string, args ...rt.Value) rt.Value {
	return rt.NewCons(p.cl(op), rt.List(args...))
}

// loopError signals a PROGRAM-ERROR in SBCL's style: the message followed by
// the clause being parsed.
func (p *loopExpander) loopError(ctrl string, args ...rt.Value) {
	end := p.pos + 1
	if end > len(p.toks) {
		end = len(p.toks)
	}
	start := p.ctx
	if start > end {
		start = end
	}
	context := rt.List(p.toks[start:end]...)
	th := p.th
	th.Error(th.MakeCondition("GOLEM:SIMPLE-PROGRAM-ERROR",
		th.Img.Kw("FORMAT-CONTROL"), rt.NewString("~?~%current LOOP context:~{ ~S~}."),
		th.Img.Kw("FORMAT-ARGUMENTS"), rt.List(rt.NewString(ctrl), rt.List(args...), context)))
}

// Token access.

func (p *loopExpander) more() bool { return p.pos < len(p.toks) }

func (p *loopExpander) peek() rt.Value {
	if p.pos < len(p.toks) {
		return p.toks[p.pos]
	}
	return nil
}

func (p *loopExpander) pop() rt.Value {
	if p.pos >= len(p.toks) {
		p.loopError("LOOP source code ran out when another token was expected.")
	}
	p.pos++
	return p.toks[p.pos-1]
}

// getForm pops the next form of a clause.
func (p *loopExpander) getForm() rt.Value {
	if p.pos >= len(p.toks) {
		p.loopError("LOOP code ran out where a form was expected.")
	}
	return p.pop()
}

// getProgn pops one form and every compound form after it.
func (p *loopExpander) getProgn() rt.Value {
	forms := []rt.Value{p.getForm()}
	for p.more() {
		if _, ok := p.peek().(*rt.Cons); !ok {
			break
		}
		forms = append(forms, p.pop())
	}
	if len(forms) == 1 {
		if _, ok := forms[0].(*rt.Cons); ok {
			return forms[0]
		}
	}
	// An atom must not land in a TAGBODY, where it would be a tag.
	return rt.NewCons(p.cl("PROGN"), rt.List(forms...))
}

// tokIs reports whether v is a symbol named like one of the loop keywords
// (LOOP keywords are compared by name, in any package).
func tokIs(v rt.Value, names ...string) bool {
	s, ok := v.(*rt.Symbol)
	if !ok {
		return false
	}
	for _, n := range names {
		if s.Name == n {
			return true
		}
	}
	return false
}

func (p *loopExpander) nextIs(names ...string) bool {
	return p.more() && tokIs(p.peek(), names...)
}

// Variables.

func (p *loopExpander) group() *loopGroup {
	if p.pending == nil {
		p.pending = &loopGroup{}
	}
	return p.pending
}

// bindBlock closes the group of variables made since the last one.
func (p *loopExpander) bindBlock() {
	if p.pending != nil && !p.pending.empty() {
		p.groups = append(p.groups, p.pending)
	}
	p.pending = nil
}

// checkNewVar signals duplicated or unbindable loop variables.
func (p *loopExpander) checkNewVar(s *rt.Symbol) {
	if s.Pkg == p.img.Keyword || s.IsConstant() {
		p.loopError("~S is not a variable that LOOP can bind.", s)
	}
	if p.vars[s] {
		p.loopError("Duplicated variable ~S", s)
	}
	p.vars[s] = true
}

// makeVar binds pattern (a symbol, NIL or a destructuring tree) in the
// pending group; init is nil for "no initial value" (a default for typ).
// It returns the variable holding the value (a gensym for NIL patterns with
// an initial value, nil when there is nothing to bind).
func (p *loopExpander) makeVar(pat rt.Value, init rt.Value, typ rt.Value) *rt.Symbol {
	g := p.group()
	switch x := pat.(type) {
	case *rt.Symbol:
		if x == rt.NIL {
			if init == nil {
				return nil
			}
			tmp := loopGensym("IGNORE")
			g.binds = append(g.binds, loopBinding{tmp, init})
			return tmp
		}
		if x.Pkg != nil {
			p.checkNewVar(x)
			g.ignorable = append(g.ignorable, x)
		}
		if init == nil {
			init = p.typedInit(typ)
		}
		g.binds = append(g.binds, loopBinding{x, init})
		return x
	case *rt.Cons:
		if init == nil {
			p.makeLeaves(pat, typ)
			return nil
		}
		tmp := loopGensym("DESTRUCTURE")
		g.binds = append(g.binds, loopBinding{tmp, init})
		p.makeLeaves(pat, typ)
		g.post = append(g.post, p.desetq(pat, tmp))
		return nil
	default:
		p.loopError("~S is not a valid LOOP variable.", pat)
	}
	return nil
}

// makeLeaves binds every variable of a destructuring pattern to its default.
func (p *loopExpander) makeLeaves(pat rt.Value, typ rt.Value) {
	for {
		switch x := pat.(type) {
		case *rt.Cons:
			sub := typ
			if tc, ok := typ.(*rt.Cons); ok {
				sub = tc.Car
				typ = tc.Cdr
			}
			p.makeLeaves(x.Car, sub)
			pat = x.Cdr
			continue
		case *rt.Symbol:
			if x != rt.NIL {
				p.makeVar(x, nil, typ)
			}
		default:
			p.loopError("~S is not a valid LOOP variable.", pat)
		}
		return
	}
}

// typedInit is the default value of a variable declared of type typ.
func (p *loopExpander) typedInit(typ rt.Value) rt.Value {
	name := ""
	switch t := typ.(type) {
	case *rt.Symbol:
		if t.Pkg == p.img.CL {
			name = t.Name
		}
	case *rt.Cons:
		if s, ok := t.Car.(*rt.Symbol); ok && s.Pkg == p.img.CL {
			name = s.Name
		}
	}
	switch name {
	case "FIXNUM", "INTEGER", "NUMBER", "REAL", "RATIONAL", "BIT", "UNSIGNED-BYTE", "SIGNED-BYTE", "MOD", "BIGNUM":
		return rt.MakeInt(0)
	case "FLOAT", "SINGLE-FLOAT", "SHORT-FLOAT":
		return rt.SingleFloat(0)
	case "DOUBLE-FLOAT", "LONG-FLOAT":
		return rt.DoubleFloat(0)
	}
	return rt.NIL
}

var loopTypeSymbols = []string{
	"ARRAY", "ATOM", "BIGNUM", "BIT", "BIT-VECTOR", "CHARACTER", "COMPILED-FUNCTION",
	"COMPLEX", "CONS", "DOUBLE-FLOAT", "FIXNUM", "FLOAT", "FUNCTION", "HASH-TABLE",
	"INTEGER", "KEYWORD", "LIST", "LONG-FLOAT", "NIL", "NULL", "NUMBER", "PACKAGE",
	"PATHNAME", "RANDOM-STATE", "RATIO", "RATIONAL", "READTABLE", "SEQUENCE",
	"SHORT-FLOAT", "SIMPLE-ARRAY", "SIMPLE-BIT-VECTOR", "SIMPLE-STRING",
	"SIMPLE-VECTOR", "SINGLE-FLOAT", "STANDARD-CHAR", "STREAM", "STRING",
	"BASE-CHAR", "SYMBOL", "T", "VECTOR", "REAL",
}

// optionalType pops a type specifier after a variable: OF-TYPE spec, a
// standard type symbol, or a list of types for a destructuring pattern.
func (p *loopExpander) optionalType(pat rt.Value) rt.Value {
	if !p.more() {
		return nil
	}
	z := p.peek()
	if tokIs(z, "OF-TYPE") {
		p.pop()
		return p.pop()
	}
	switch s := z.(type) {
	case *rt.Symbol:
		if s == rt.NIL || s == rt.T || s.Pkg == p.img.CL {
			if p.typeSymNames == nil {
				p.typeSymNames = map[string]bool{}
				for _, n := range loopTypeSymbols {
					p.typeSymNames[n] = true
				}
			}
			if p.typeSymNames[s.Name] {
				p.pop()
				return s
			}
		}
	case *rt.Cons:
		if _, ok := pat.(*rt.Cons); ok {
			p.pop()
			return s
		}
	}
	return nil
}

// Code building.

// desetq assigns form's value to the destructuring pattern pat.
func (p *loopExpander) desetq(pat rt.Value, form rt.Value) rt.Value {
	switch x := pat.(type) {
	case *rt.Symbol:
		if x == rt.NIL {
			return form
		}
		return p.form("SETQ", x, form)
	case *rt.Cons:
		tmp := loopGensym("DESETQ")
		var forms []rt.Value
		for {
			c, ok := pat.(*rt.Cons)
			if !ok {
				if s, ok := pat.(*rt.Symbol); ok && s != rt.NIL {
					forms = append(forms, p.form("SETQ", s, tmp))
				}
				break
			}
			if c.Car != rt.NIL {
				forms = append(forms, p.desetq(c.Car, p.form("CAR", tmp)))
			}
			if c.Cdr == rt.NIL {
				break
			}
			forms = append(forms, p.form("SETQ", tmp, p.form("CDR", tmp)))
			pat = c.Cdr
		}
		return rt.ListStar(rt.List(forms...), p.cl("LET"), rt.List(rt.List(tmp, form)))
	}
	return form
}

// psetq assigns the steps in parallel: all forms are evaluated first.
func (p *loopExpander) psetq(steps []loopStep) rt.Value {
	if len(steps) == 0 {
		return nil
	}
	if len(steps) == 1 {
		return p.desetq(steps[0].pat, steps[0].form)
	}
	rest := p.psetq(steps[1:])
	return p.desetq(steps[0].pat, p.form("PROG1", steps[0].form, rest))
}

func (p *loopExpander) goEnd() rt.Value { return p.form("GO", p.endTag) }

// endTest leaves the loop when any of tests is true.
func (p *loopExpander) endTest(tests []rt.Value) rt.Value {
	switch len(tests) {
	case 0:
		return nil
	case 1:
		return p.form("WHEN", tests[0], p.goEnd())
	}
	return p.form("WHEN", rt.NewCons(p.cl("OR"), rt.List(tests...)), p.goEnd())
}

// phaseCode is the code of one iteration phase.
func (p *loopExpander) phaseCode(ph *loopPhase) []rt.Value {
	var out []rt.Value
	add := func(f rt.Value) {
		if f != nil {
			out = append(out, f)
		}
	}
	add(p.endTest(ph.preTests))
	add(p.psetq(ph.steps))
	add(p.endTest(ph.postTests))
	for _, s := range ph.pseudo {
		add(p.desetq(s.pat, s.form))
	}
	return out
}

func (p *loopExpander) returnForm(v rt.Value) rt.Value {
	return p.form("RETURN-FROM", p.name, v)
}

func (p *loopExpander) emitBody(f rt.Value) {
	p.emittedBody = true
	p.body = append(p.body, f)
}

// pseudoBody places f in the body, or in the stepping code when no body
// code precedes it (so WHILE before a FOR clause tests in order).
func (p *loopExpander) pseudoBody(f rt.Value) {
	if p.emittedBody || p.insideCond {
		p.body = append(p.body, f)
		return
	}
	p.beforeLoop = append(p.beforeLoop, f)
	p.afterBody = append(p.afterBody, f)
}

// disallowConditional rejects a clause that can't follow WHEN/IF/UNLESS;
// name is the clause's keyword, or "" for a generic message.
func (p *loopExpander) disallowConditional(name string) {
	if !p.insideCond {
		return
	}
	if name == "" {
		p.loopError("This LOOP clause is not permitted inside a conditional.")
	}
	p.loopError("The LOOP ~S clause is not permitted inside a conditional.", p.img.Kw(name))
}

func (p *loopExpander) whenItVar() *rt.Symbol {
	if p.itVar == nil {
		p.itVar = loopGensym("IT")
	}
	return p.itVar
}

// Expansion.

func expandLoop(th *rt.Thread, form rt.Value) rt.Value {
	img := th.Img
	c, ok := form.(*rt.Cons)
	if !ok {
		th.ProgramError("LOOP: malformed form")
	}
	body := c.Cdr
	if bc, ok := body.(*rt.Cons); !ok || !isSymbol(bc.Car) {
		// Simple loop: compound forms repeated forever in a NIL block.
		tag := loopGensym("TOP")
		return rt.List(img.CLSym("BLOCK"), rt.NIL,
			rt.List(img.CLSym("TAGBODY"), tag, rt.NewCons(img.CLSym("PROGN"), body), rt.List(img.CLSym("GO"), tag)))
	}
	toks := make([]rt.Value, 0, 16)
	for x := body; x != rt.NIL; {
		xc, ok := x.(*rt.Cons)
		if !ok {
			th.ProgramError("LOOP: the body is a dotted list")
		}
		toks = append(toks, xc.Car)
		x = xc.Cdr
		if len(toks) > 1<<17 {
			th.ProgramError("LOOP: the body is too long (or circular)")
		}
	}
	p := &loopExpander{th: th, img: img, toks: toks, name: rt.NIL, vars: map[*rt.Symbol]bool{},
		endTag: loopGensym("END"), nextTag: loopGensym("NEXT")}
	for p.more() {
		p.clause()
	}
	p.bindBlock()
	return p.assemble()
}

func isSymbol(v rt.Value) bool {
	_, ok := v.(*rt.Symbol)
	return ok
}

// clause parses one top-level clause.
func (p *loopExpander) clause() {
	kw := p.peek()
	p.ctx = p.pos
	if !isSymbol(kw) {
		p.loopError("~S found where a LOOP keyword was expected.", kw)
	}
	p.pos++
	if p.keywordClause(kw) {
		return
	}
	switch {
	case tokIs(kw, "FOR", "AS"):
		p.forClause()
	case tokIs(kw, "AND", "ELSE"):
		next := func(i int) rt.Value {
			if p.pos+i < len(p.toks) {
				return p.toks[p.pos+i]
			}
			return rt.NIL
		}
		p.loopError("secondary clause misplaced at top level in LOOP macro: ~S ~S ~S ...", kw, next(0), next(1))
	default:
		p.loopError("unknown LOOP keyword: ~S", kw)
	}
}

// keywordClause parses a clause that may also follow a conditional (and a
// few that then complain); it reports false for an unknown keyword.
func (p *loopExpander) keywordClause(kw rt.Value) bool {
	name := kw.(*rt.Symbol).Name
	switch name {
	case "NAMED":
		n := p.pop()
		s, ok := n.(*rt.Symbol)
		if !ok {
			p.loopError("~S is an invalid name for your LOOP", n)
		}
		if p.beforeLoop != nil || p.body != nil || p.afterEpilogue != nil || p.insideCond {
			p.loopError("The NAMED ~S clause occurs too late.", n)
		}
		if p.named {
			p.loopError("You may only use one NAMED clause in your loop: NAMED ~S ... NAMED ~S.", p.name, n)
		}
		p.name, p.named = s, true
	case "WITH":
		p.disallowConditional("WITH")
		p.withClause()
	case "INITIALLY":
		p.disallowConditional("INITIALLY")
		p.prologue = append(p.prologue, p.getProgn())
	case "FINALLY":
		p.disallowConditional("FINALLY")
		p.epilogue = append(p.epilogue, p.getProgn())
	case "DO", "DOING":
		p.emitBody(p.getProgn())
	case "RETURN":
		p.pseudoBody(p.returnForm(p.getForm()))
	case "COLLECT", "COLLECTING":
		p.listAccum("COLLECT")
	case "APPEND", "APPENDING":
		p.listAccum("APPEND")
	case "NCONC", "NCONCING":
		p.listAccum("NCONC")
	case "COUNT", "COUNTING":
		p.numAccum("COUNT", "SUM")
	case "SUM", "SUMMING":
		p.numAccum("SUM", "SUM")
	case "MAXIMIZE", "MAXIMIZING":
		p.numAccum("MAX", "MINIMAX")
	case "MINIMIZE", "MINIMIZING":
		p.numAccum("MIN", "MINIMAX")
	case "WHILE":
		p.disallowConditional("WHILE")
		p.pseudoBody(p.form("UNLESS", p.getForm(), p.goEnd()))
	case "UNTIL":
		p.disallowConditional("UNTIL")
		p.pseudoBody(p.form("WHEN", p.getForm(), p.goEnd()))
	case "ALWAYS", "NEVER":
		f := p.getForm()
		p.disallowConditional("")
		p.disallowAnonymous()
		op := "UNLESS"
		if name == "NEVER" {
			op = "WHEN"
		}
		p.emitBody(p.form(op, f, p.returnForm(rt.NIL)))
		p.afterEpilogue = append(p.afterEpilogue, p.returnForm(rt.T))
	case "THEREIS":
		p.disallowConditional("")
		p.disallowAnonymous()
		it := p.whenItVar()
		p.emitBody(p.form("WHEN", p.form("SETQ", it, p.getForm()), p.returnForm(it)))
	case "WHEN", "IF":
		p.conditional(kw, false)
	case "UNLESS":
		p.conditional(kw, true)
	case "REPEAT":
		p.disallowConditional("REPEAT")
		n := p.getForm()
		v := p.makeVar(loopGensym("REPEAT"), p.form("CEILING", n), nil)
		step := p.form("IF", p.form("<=", v, rt.MakeInt(0)), p.goEnd(), p.form("SETQ", v, p.form("1-", v)))
		p.beforeLoop = append(p.beforeLoop, step)
		p.afterBody = append(p.afterBody, step)
	default:
		return false
	}
	return true
}

func (p *loopExpander) disallowAnonymous() {
	p.aggregate = true
	for _, a := range p.accums {
		if a.name == nil {
			p.loopError("This LOOP clause is not permitted with anonymous collectors.")
		}
	}
}

// withClause: WITH var [type] [= form] {AND var [type] [= form]}*.
func (p *loopExpander) withClause() {
	for {
		v := p.pop()
		typ := p.optionalType(v)
		var init rt.Value
		if p.nextIs("=") {
			p.pop()
			init = p.getForm()
		}
		if s, ok := v.(*rt.Symbol); ok && s == rt.NIL && init == nil {
			// nothing to bind
		} else {
			p.makeVar(v, init, typ)
		}
		if !p.nextIs("AND") {
			break
		}
		p.pop()
	}
	p.bindBlock()
}

// conditional: WHEN/IF/UNLESS form clause {AND clause}* [ELSE clause {AND clause}*] [END].
func (p *loopExpander) conditional(kw rt.Value, negate bool) {
	test := p.getForm()
	saved := p.insideCond
	p.insideCond = true
	usesIt := false
	first := true
	getClause := func(after rt.Value) rt.Value {
		var forms []rt.Value
		for {
			key := p.peek()
			if !p.more() {
				p.loopError("LOOP source code ran out when another token was expected.")
			}
			if !isSymbol(key) {
				p.loopError("~S found where keyword expected getting LOOP clause after ~S", key, after)
			}
			p.ctx = p.pos
			p.pos++
			if first && p.nextIs("IT") {
				p.toks[p.pos] = p.whenItVar()
				usesIt = true
			}
			savedBody := p.body
			p.body = nil
			ok := p.keywordClause(key)
			clauseBody := p.body
			p.body = savedBody
			if !ok || len(clauseBody) == 0 {
				p.loopError("~S does not introduce a LOOP clause that can follow ~S.", key, after)
			}
			forms = append(forms, clauseBody...)
			first = false
			if !p.nextIs("AND") {
				break
			}
			p.pop()
		}
		if len(forms) == 1 {
			return forms[0]
		}
		return rt.NewCons(p.cl("PROGN"), rt.List(forms...))
	}
	then := getClause(kw)
	var elseForm rt.Value
	if p.nextIs("ELSE") {
		p.pop()
		elseForm = getClause(p.img.Kw("ELSE"))
	}
	if p.nextIs("END") {
		p.pop()
	}
	if usesIt {
		test = p.form("SETQ", p.itVar, test)
	}
	if negate {
		test = p.form("NOT", test)
	}
	var f rt.Value
	if elseForm != nil {
		f = p.form("IF", test, then, elseForm)
	} else {
		f = p.form("IF", test, then)
	}
	// A conditional is body code: a later WHILE or UNTIL tests after it.
	p.emitBody(f)
	p.insideCond = saved
}

// Accumulation.

// accumTarget finds or makes the accumulator named by an INTO phrase (or
// the loop's value).
func (p *loopExpander) accumTarget(into *rt.Symbol, kind, class string, typ rt.Value) *loopAccum {
	for _, a := range p.accums {
		if a.name == into {
			if a.class != class {
				if into == nil {
					p.loopError("incompatible kinds of LOOP value accumulation specified for collecting~%as the value of the LOOP: ~A and ~A",
						rt.NewString(a.class), rt.NewString(kind))
				}
				p.loopError("incompatible kinds of LOOP value accumulation specified for collecting~%INTO ~S: ~A and ~A",
					into, rt.NewString(a.class), rt.NewString(kind))
			}
			return a
		}
	}
	if into == nil && p.aggregate {
		p.loopError("This anonymous collection LOOP clause is not permitted with aggregate booleans.")
	}
	if into != nil {
		p.checkNewVar(into)
	}
	a := &loopAccum{name: into, class: class, kind: kind}
	switch class {
	case "LIST":
		a.head = loopGensym("LIST-HEAD")
		a.tail = loopGensym("LIST-TAIL")
	default:
		a.v = into
		if into == nil {
			a.v = loopGensym("ACCUM")
		}
		a.init = p.typedInit(typ)
		if a.init == rt.NIL {
			a.init = rt.MakeInt(0)
		}
		if class == "MINIMAX" {
			a.flag = loopGensym("MINMAX-FLAG")
			a.tmp = loopGensym("MINMAX-TEMP")
		}
	}
	if into == nil {
		p.afterEpilogue = append(p.afterEpilogue, p.returnForm(a.answer(p)))
	}
	p.accums = append(p.accums, a)
	return a
}

// answer is the form computing the accumulated value.
func (a *loopAccum) answer(p *loopExpander) rt.Value {
	if a.class == "LIST" {
		return p.form("CDR", a.head)
	}
	return a.v
}

func (p *loopExpander) intoPhrase() *rt.Symbol {
	if !p.nextIs("INTO") {
		return nil
	}
	p.pop()
	v := p.pop()
	s, ok := v.(*rt.Symbol)
	if !ok || s == rt.NIL || s.Pkg == p.img.Keyword || s.IsConstant() {
		p.loopError("~S is an invalid variable to accumulate INTO.", v)
	}
	return s
}

func (p *loopExpander) listAccum(kind string) {
	f := p.getForm()
	into := p.intoPhrase()
	a := p.accumTarget(into, kind, "LIST", nil)
	var op rt.Value
	switch kind {
	case "COLLECT":
		op = p.form("SETQ", a.tail, p.form("CDR", p.form("RPLACD", a.tail, p.form("LIST", f))))
	case "APPEND", "NCONC":
		if kind == "APPEND" {
			f = p.form("COPY-LIST", f)
		}
		op = p.form("WHEN", p.form("CDR", p.form("RPLACD", a.tail, f)),
			p.form("SETQ", a.tail, p.form("LAST", p.form("CDR", a.tail))))
	}
	if into != nil {
		op = p.form("PROGN", op, p.form("SETQ", into, p.form("CDR", a.head)))
	}
	p.emitBody(op)
}

func (p *loopExpander) numAccum(kind, class string) {
	f := p.getForm()
	into := p.intoPhrase()
	typ := p.optionalType(nil)
	a := p.accumTarget(into, kind, class, typ)
	var op rt.Value
	switch kind {
	case "COUNT":
		op = p.form("WHEN", f, p.form("SETQ", a.v, p.form("1+", a.v)))
	case "SUM":
		op = p.form("SETQ", a.v, p.form("+", a.v, f))
	case "MAX", "MIN":
		cmp := ">"
		if kind == "MIN" {
			cmp = "<"
		}
		op = p.form("PROGN", p.form("SETQ", a.tmp, f),
			p.form("WHEN", p.form("OR", p.form("NOT", a.flag), p.form(cmp, a.tmp, a.v)),
				p.form("SETQ", a.flag, rt.T, a.v, a.tmp)))
	}
	p.emitBody(op)
}

// FOR/AS clauses.

// forClause parses FOR var [type] prep ... {AND var [type] prep ...}*.
func (p *loopExpander) forClause() {
	var first, other loopPhase
	for {
		v := p.pop()
		typ := p.optionalType(v)
		prep := p.pop()
		var o, f *loopPhase
		switch {
		case tokIs(prep, "="):
			o, f = p.forEquals(v, typ)
		case tokIs(prep, "IN"):
			o = p.forIn(v, typ, p.getForm())
		case tokIs(prep, "ON"):
			o, f = p.forOn(v, typ)
		case tokIs(prep, "ACROSS"):
			o = p.forAcross(v, typ)
		case tokIs(prep, "BEING"):
			o = p.forBeing(v, typ)
		case tokIs(prep, "FROM", "DOWNFROM", "UPFROM", "TO", "UPTO", "BELOW", "DOWNTO", "ABOVE", "BY"):
			o, f = p.forArith(v, typ, prep.(*rt.Symbol))
		default:
			p.loopError("~S is an unknown keyword in FOR or AS clause in LOOP.", prep)
		}
		if p.emittedBody {
			p.loopError("iteration in LOOP follows body code")
		}
		if f == nil {
			f = o
		}
		other.add(o)
		first.add(f)
		if !p.nextIs("AND") {
			break
		}
		p.pop()
	}
	p.beforeLoop = append(p.beforeLoop, p.phaseCode(&first)...)
	p.afterBody = append(p.afterBody, p.phaseCode(&other)...)
	p.bindBlock()
}

func isNil(v rt.Value) bool { return v == rt.NIL }

// forEquals: var = form [THEN form].
func (p *loopExpander) forEquals(v, typ rt.Value) (other, first *loopPhase) {
	init := p.getForm()
	p.makeVar(v, nil, typ)
	if p.nextIs("THEN") {
		p.pop()
		then := p.getForm()
		return &loopPhase{steps: []loopStep{{v, then}}}, &loopPhase{steps: []loopStep{{v, init}}}
	}
	return &loopPhase{steps: []loopStep{{v, init}}}, nil
}

// listStep is the form advancing list variable lv: CDR or the BY function.
func (p *loopExpander) listStep(lv *rt.Symbol) rt.Value {
	if !p.nextIs("BY") {
		return p.form("CDR", lv)
	}
	p.pop()
	f := p.getForm()
	if c, ok := f.(*rt.Cons); ok && (c.Car == p.img.S.Function || c.Car == p.img.S.Quote) {
		if r, ok := c.Cdr.(*rt.Cons); ok && r.Cdr == rt.NIL {
			if s, ok := r.Car.(*rt.Symbol); ok {
				return rt.List(s, lv)
			}
		}
	}
	fv := p.makeVar(loopGensym("STEP-BY"), f, nil)
	return p.form("FUNCALL", fv, lv)
}

// forIn: var IN list [BY step].
func (p *loopExpander) forIn(v, typ, list rt.Value) *loopPhase {
	p.makeVar(v, nil, typ)
	lv := p.makeVar(loopGensym("LIST"), list, nil)
	step := p.listStep(lv)
	ph := &loopPhase{preTests: []rt.Value{p.form("ENDP", lv)}, pseudo: []loopStep{{lv, step}}}
	if !isNil(v) {
		ph.steps = []loopStep{{v, p.form("CAR", lv)}}
	}
	return ph
}

// forOn: var ON list [BY step].
func (p *loopExpander) forOn(v, typ rt.Value) (other, first *loopPhase) {
	list := p.getForm()
	if s, ok := v.(*rt.Symbol); ok && s != rt.NIL {
		p.makeVar(s, list, typ)
		step := p.listStep(s)
		test := []rt.Value{p.form("ATOM", s)}
		return &loopPhase{steps: []loopStep{{s, step}}, postTests: test}, &loopPhase{postTests: test}
	}
	p.makeVar(v, nil, typ)
	lv := p.makeVar(loopGensym("LIST"), list, nil)
	step := p.listStep(lv)
	ph := &loopPhase{preTests: []rt.Value{p.form("ATOM", lv)}, pseudo: []loopStep{{lv, step}}}
	if !isNil(v) {
		ph.steps = []loopStep{{v, lv}}
	}
	return ph, nil
}

// forAcross: var ACROSS vector.
func (p *loopExpander) forAcross(v, typ rt.Value) *loopPhase {
	vec := p.getForm()
	p.makeVar(v, nil, typ)
	vv := p.makeVar(loopGensym("ACROSS-VECTOR"), vec, nil)
	iv := p.makeVar(loopGensym("ACROSS-INDEX"), rt.MakeInt(0), nil)
	lim := loopGensym("ACROSS-LIMIT")
	g := p.group()
	g.inner = append(g.inner, loopBinding{lim, p.form("LENGTH", vv)})
	ph := &loopPhase{preTests: []rt.Value{p.form(">=", iv, lim)}, pseudo: []loopStep{{iv, p.form("1+", iv)}}}
	if !isNil(v) {
		ph.steps = []loopStep{{v, p.form("AREF", vv, iv)}}
	}
	return ph
}

func isNumberLiteral(v rt.Value) bool {
	switch v.(type) {
	case rt.Fixnum, *rt.Bignum, *rt.Ratio, rt.SingleFloat, rt.DoubleFloat:
		return true
	}
	return false
}

// forArith: var {FROM|DOWNFROM|UPFROM x | TO|UPTO|BELOW|DOWNTO|ABOVE y | BY z}*.
func (p *loopExpander) forArith(v, typ rt.Value, prep *rt.Symbol) (other, first *loopPhase) {
	type phrase struct {
		role string // FROM, TO or BY
		kw   *rt.Symbol
		form rt.Value
	}
	var phrases []phrase
	seen := map[string]bool{}
	dir := 0
	setDir := func(d int) {
		if dir != 0 && dir != d {
			p.loopError("conflicting stepping directions in LOOP sequencing path")
		}
		dir = d
	}
	var fromP, toP *phrase
	for {
		role := "TO"
		switch prep.Name {
		case "FROM":
			role = "FROM"
		case "DOWNFROM":
			role = "FROM"
			setDir(-1)
		case "UPFROM":
			role = "FROM"
			setDir(1)
		case "UPTO", "BELOW":
			setDir(1)
		case "DOWNTO", "ABOVE":
			setDir(-1)
		case "BY":
			role = "BY"
		}
		if seen[role] {
			p.loopError("A ~S prepositional phrase occurs multiply for some LOOP clause.", prep)
		}
		seen[role] = true
		phrases = append(phrases, phrase{role, prep, p.getForm()})
		if !p.nextIs("FROM", "DOWNFROM", "UPFROM", "TO", "UPTO", "BELOW", "DOWNTO", "ABOVE", "BY") {
			break
		}
		prep = p.pop().(*rt.Symbol)
	}
	for i := range phrases {
		switch phrases[i].role {
		case "FROM":
			fromP = &phrases[i]
		case "TO":
			toP = &phrases[i]
		}
	}
	if dir == 0 {
		dir = 1
	}
	if dir < 0 && fromP == nil {
		p.loopError("don't know where to start stepping")
	}
	var sv *rt.Symbol
	switch x := v.(type) {
	case *rt.Symbol:
		sv = x
		if x == rt.NIL {
			sv = loopGensym("ARITH")
		}
	default:
		p.loopError("~S is not a valid variable for arithmetic LOOP iteration.", v)
	}
	if fromP == nil {
		init := p.typedInit(typ)
		if init == rt.NIL {
			init = rt.MakeInt(0)
		}
		p.makeVar(sv, init, typ)
	}
	var limit, step rt.Value
	for _, ph := range phrases {
		switch ph.role {
		case "FROM":
			p.makeVar(sv, ph.form, typ)
		case "TO":
			limit = ph.form
			if !isNumberLiteral(limit) {
				limit = p.makeVar(loopGensym("LIMIT"), ph.form, nil)
			}
		case "BY":
			step = ph.form
			if !isNumberLiteral(step) {
				step = p.makeVar(loopGensym("STEP"), ph.form, nil)
			}
			if !isNumberLiteral(step) || p.th.Call(p.img.CLSym("PLUSP"), step) == rt.NIL {
				g := p.group()
				g.post = append(g.post, p.form("UNLESS", p.form("PLUSP", step),
					p.form("ERROR", rt.List(p.img.S.Quote, p.img.CLSym("TYPE-ERROR")),
						p.img.Kw("DATUM"), step,
						p.img.Kw("EXPECTED-TYPE"), rt.List(p.img.S.Quote, rt.List(p.cl("AND"), p.cl("NUMBER"), rt.List(p.cl("REAL"), rt.List(rt.MakeInt(0))))))))
			}
		}
	}
	var stepForm rt.Value
	switch {
	case dir > 0 && step == nil:
		stepForm = p.form("1+", sv)
	case dir > 0:
		stepForm = p.form("+", sv, step)
	case step == nil:
		stepForm = p.form("1-", sv)
	default:
		stepForm = p.form("-", sv, step)
	}
	other = &loopPhase{steps: []loopStep{{sv, stepForm}}}
	first = &loopPhase{}
	if toP != nil {
		var test rt.Value
		switch {
		case dir > 0 && tokIs(toP.kw, "BELOW"):
			test = p.form(">=", sv, limit)
		case dir > 0:
			test = p.form(">", sv, limit)
		case tokIs(toP.kw, "ABOVE"):
			test = p.form("<=", sv, limit)
		default:
			test = p.form("<", sv, limit)
		}
		other.postTests = []rt.Value{test}
		first.postTests = []rt.Value{test}
	}
	return other, first
}

// forBeing: var BEING {EACH|THE} path {OF|IN} form [USING (kind var)].
func (p *loopExpander) forBeing(v, typ rt.Value) *loopPhase {
	art := p.pop()
	if !tokIs(art, "EACH", "THE") {
		p.loopError("~S was found where ITS or EACH expected in LOOP iteration path syntax.", art)
	}
	path := p.pop()
	switch {
	case tokIs(path, "HASH-KEY", "HASH-KEYS"):
		return p.hashPath(v, typ, true)
	case tokIs(path, "HASH-VALUE", "HASH-VALUES"):
		return p.hashPath(v, typ, false)
	case tokIs(path, "SYMBOL", "SYMBOLS"):
		return p.packagePath(v, typ, "SYMBOLS")
	case tokIs(path, "PRESENT-SYMBOL", "PRESENT-SYMBOLS"):
		return p.packagePath(v, typ, "PRESENT")
	case tokIs(path, "EXTERNAL-SYMBOL", "EXTERNAL-SYMBOLS"):
		return p.packagePath(v, typ, "EXTERNAL")
	}
	p.loopError("~S is not the name of a LOOP iteration path.", path)
	return nil
}

// iterDest binds pattern v and returns the symbol a MULTIPLE-VALUE-SETQ can
// assign, adding a destructuring step when v is a pattern.
func (p *loopExpander) iterDest(v, typ rt.Value, ph *loopPhase) *rt.Symbol {
	switch x := v.(type) {
	case *rt.Symbol:
		if x == rt.NIL {
			return p.makeVar(loopGensym("IGNORE"), nil, nil)
		}
		return p.makeVar(x, nil, typ)
	}
	p.makeVar(v, nil, typ)
	tmp := p.makeVar(loopGensym("DESTRUCTURE"), nil, nil)
	ph.pseudo = append(ph.pseudo, loopStep{v, tmp})
	return tmp
}

func (p *loopExpander) hashPath(v, typ rt.Value, keys bool) *loopPhase {
	var table rt.Value
	var other rt.Value // the USING variable, if any
	hasOther := false
	for p.nextIs("OF", "IN", "USING") {
		prep := p.pop()
		if tokIs(prep, "USING") {
			u := p.pop()
			parts, ok := u.(*rt.Cons)
			want := "HASH-VALUE"
			if !keys {
				want = "HASH-KEY"
			}
			if !ok || hasOther || !tokIs(parts.Car, want) {
				p.loopError("Bad \"using\" phrase in LOOP iteration path: ~S", u)
			}
			r, ok := parts.Cdr.(*rt.Cons)
			if !ok || r.Cdr != rt.NIL {
				p.loopError("Bad \"using\" phrase in LOOP iteration path: ~S", u)
			}
			other, hasOther = r.Car, true
			continue
		}
		if table != nil {
			p.loopError("A ~S prepositional phrase occurs multiply for some LOOP clause.", prep)
		}
		table = p.getForm()
	}
	if table == nil {
		p.loopError("The hash table to iterate over is missing (OF or IN phrase).")
	}
	ph := &loopPhase{}
	it := p.makeVar(loopGensym("HASH-MORE"), nil, nil)
	mainDest := p.iterDest(v, typ, ph)
	ht := p.makeVar(loopGensym("HASHTAB"), table, nil)
	var otherDest *rt.Symbol
	if hasOther {
		otherDest = p.iterDest(other, nil, ph)
	}
	next := loopGensym("HASHTAB-NEXT")
	g := p.group()
	g.wrappers = append(g.wrappers, rt.List(p.cl("WITH-HASH-TABLE-ITERATOR"), rt.List(next, ht)))
	var vars []rt.Value
	if keys {
		vars = []rt.Value{it, mainDest}
		if otherDest != nil {
			vars = append(vars, otherDest)
		}
	} else {
		if otherDest == nil {
			otherDest = p.makeVar(loopGensym("IGNORE"), nil, nil)
		}
		vars = []rt.Value{it, otherDest, mainDest}
	}
	ph.preTests = []rt.Value{p.form("NOT", p.form("MULTIPLE-VALUE-SETQ", rt.List(vars...), rt.List(next)))}
	return ph
}

func (p *loopExpander) packagePath(v, typ rt.Value, kind string) *loopPhase {
	var pkg rt.Value = p.cl("*PACKAGE*")
	if p.nextIs("OF", "IN") {
		p.pop()
		pkg = p.getForm()
	}
	acc := loopGensym("SYMBOLS")
	s := loopGensym("SYMBOL")
	pv := loopGensym("PACKAGE")
	var collect rt.Value = p.form("PUSH", s, acc)
	iterator := "DO-SYMBOLS"
	switch kind {
	case "EXTERNAL":
		iterator = "DO-EXTERNAL-SYMBOLS"
	case "PRESENT":
		collect = p.form("UNLESS", p.form("EQ", p.form("NTH-VALUE", rt.MakeInt(1),
			p.form("FIND-SYMBOL", p.form("SYMBOL-NAME", s), pv)), p.img.Kw("INHERITED")), collect)
	}
	list := p.form("LET", rt.List(rt.List(pv, pkg), rt.List(acc, rt.NIL)),
		p.form(iterator, rt.List(s, pv), collect),
		p.form("NREVERSE", acc))
	return p.forIn(v, typ, list)
}

// Assembly.

// formEqual compares generated forms; user subforms are shared, so
// identical conses compare equal without a walk.
func formEqual(a, b rt.Value, depth int) bool {
	if depth > 64 {
		return false
	}
	switch x := a.(type) {
	case *rt.Cons:
		y, ok := b.(*rt.Cons)
		if !ok {
			return false
		}
		if x == y {
			return true
		}
		return formEqual(x.Car, y.Car, depth+1) && formEqual(x.Cdr, y.Cdr, depth+1)
	case *rt.Symbol:
		y, ok := b.(*rt.Symbol)
		return ok && x == y
	case rt.Fixnum:
		y, ok := b.(rt.Fixnum)
		return ok && x == y
	}
	return false
}

func (p *loopExpander) assemble() rt.Value {
	before, after := p.beforeLoop, p.afterBody
	var top []rt.Value
	for len(before) > 0 && len(after) > 0 && formEqual(before[len(before)-1], after[len(after)-1], 0) {
		top = append([]rt.Value{before[len(before)-1]}, top...)
		before = before[:len(before)-1]
		after = after[:len(after)-1]
	}
	var tb []rt.Value
	tb = append(tb, p.prologue...)
	tb = append(tb, before...)
	tb = append(tb, p.nextTag)
	tb = append(tb, top...)
	tb = append(tb, p.body...)
	tb = append(tb, after...)
	tb = append(tb, p.form("GO", p.nextTag), p.endTag)
	tb = append(tb, p.epilogue...)
	tb = append(tb, p.afterEpilogue...)
	var inner rt.Value = rt.NewCons(p.cl("TAGBODY"), rt.List(tb...))
	inner = p.form("MACROLET",
		rt.List(rt.List(p.cl("LOOP-FINISH"), rt.NIL, rt.List(p.img.S.Quote, p.goEnd()))), inner)

	// Accumulators and the IT variable are bound innermost.
	acc := &loopGroup{star: true}
	if p.itVar != nil {
		acc.binds = append(acc.binds, loopBinding{p.itVar, rt.NIL})
	}
	for _, a := range p.accums {
		switch a.class {
		case "LIST":
			acc.binds = append(acc.binds, loopBinding{a.head, p.form("LIST", rt.NIL)}, loopBinding{a.tail, a.head})
			if a.name != nil {
				acc.binds = append(acc.binds, loopBinding{a.name, rt.NIL})
			}
		default:
			acc.binds = append(acc.binds, loopBinding{a.v, a.init})
			if a.class == "MINIMAX" {
				acc.binds = append(acc.binds, loopBinding{a.flag, rt.NIL}, loopBinding{a.tmp, a.init})
			}
		}
		if a.name != nil {
			acc.ignorable = append(acc.ignorable, a.name)
		}
	}
	groups := p.groups
	if !acc.empty() {
		groups = append(groups[:len(groups):len(groups)], acc)
	}
	for i := len(groups) - 1; i >= 0; i-- {
		inner = p.wrapGroup(groups[i], inner)
	}
	return p.form("BLOCK", p.name, inner)
}

// wrapGroup binds one group's variables around inner.
func (p *loopExpander) wrapGroup(g *loopGroup, inner rt.Value) rt.Value {
	for i := len(g.wrappers) - 1; i >= 0; i-- {
		inner = appendForm(g.wrappers[i], inner)
	}
	if len(g.inner) > 0 {
		inner = p.form("LET", bindingList(g.inner), inner)
	}
	var body []rt.Value
	if len(g.ignorable) > 0 {
		body = append(body, rt.List(p.img.S.Declare, rt.NewCons(p.img.S.Ignorable, rt.List(g.ignorable...))))
	}
	body = append(body, g.post...)
	body = append(body, inner)
	op := "LET"
	if g.star {
		op = "LET*"
	}
	return rt.ListStar(rt.List(body...), p.cl(op), bindingList(g.binds))
}

func bindingList(bs []loopBinding) rt.Value {
	out := make([]rt.Value, len(bs))
	for i, b := range bs {
		out[i] = rt.List(b.sym, b.init)
	}
	return rt.List(out...)
}

// appendForm returns (op args... extra), copying the list form.
func appendForm(form rt.Value, extra rt.Value) rt.Value {
	items := rt.ListToSlice(form)
	return rt.List(append(items[:len(items):len(items)], extra)...)
}

func init() {
	rt.RegisterSetup(40, func(img *rt.Image) {
		sym := img.CLSym("LOOP")
		sym.Macro = &rt.Builtin{Name: sym, Min: 2, Max: 2, Params: "(&BODY KEYWORDS-AND-FORMS)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			return expandLoop(th, args[0])
		}}
		fin := img.CLSym("LOOP-FINISH")
		fin.Macro = &rt.Builtin{Name: fin, Min: 2, Max: 2, Params: "()", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			th.ProgramError("LOOP-FINISH is only valid inside the body of a LOOP")
			return rt.NIL
		}}
	})
}
