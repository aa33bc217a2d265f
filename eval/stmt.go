package eval

import (
	"math"

	rt "github.com/golem-lisp/golem/runtime"
)

// Fused tests and assignments: the tests of IF and of a TAGBODY's
// conditional jumps, and SETQ and PSETQ of local variables, compiled into
// small structures that the code using them evaluates in line (with a
// switch) rather than through one closure per subform. The tagbody loop
// (compileTagbody) runs a test or an assignment statement with no closure
// call at all.

// testKind is the shape of a fused test.
type testKind uint8

const (
	testTrue  testKind = iota // a is true (any form)
	testCmp                   // a cmp b: a numeric comparison
	testEq                    // (eq a b)
	testConsp                 // (consp a); (atom a) is its negation
	testEndp                  // (endp a)
)

// condTest is a compiled test: holds says whether it is true, in line
// where the shapes allow (see compileTest).
type condTest struct {
	kind testKind
	neg  bool // the test is the negation of the shape
	cmp  fixCmp
	a, b operand
	sym  *rt.Symbol // the function called off the fast path
}

// holds evaluates the test.
func (t *condTest) holds(th *rt.Thread, f *Frame) bool {
	x := t.a.fast(f)
	if x == nil {
		x = t.a.code(th, f)
	}
	var r bool
	switch t.kind {
	case testTrue:
		r = x != rt.NIL
	case testCmp:
		y := t.b.fast(f)
		if y == nil {
			y = t.b.code(th, f)
		}
		m, ok1 := x.(rt.Fixnum)
		n, ok2 := y.(rt.Fixnum)
		if ok1 && ok2 {
			r = t.cmp.holds(m, n)
		} else {
			r = callBuiltin2(th, t.sym, x, y) != rt.NIL
		}
	case testEq:
		y := t.b.fast(f)
		if y == nil {
			y = t.b.code(th, f)
		}
		r = eq(x, y)
	case testConsp:
		_, r = x.(*rt.Cons)
	case testEndp:
		if _, ok := x.(*rt.Cons); ok {
			r = false
		} else if x == rt.NIL {
			r = true
		} else {
			r = callBuiltin1(th, t.sym, x) != rt.NIL
		}
	}
	return r != t.neg
}

// plainCLFunction reports whether a call of sym compiles as a call of the
// COMMON-LISP function itself: no local function or macro shadows it, and
// no compiler macro rewrites it.
func (c *compiler) plainCLFunction(sym *rt.Symbol, env *lexEnv) bool {
	if sym.Pkg != c.img.CL || sym.Macro != nil || sym.Flags&rt.FlagSpecialOperator != 0 || env.lookupFun(sym) != nil {
		return false
	}
	_, cm := c.img.Extra[compilerMacroKey{name: sym}]
	return !cm
}

// clCall splits form into a plain COMMON-LISP function (see
// plainCLFunction) and its argument forms, or reports false.
func (c *compiler) clCall(form rt.Value, env *lexEnv) (*rt.Symbol, []rt.Value, bool) {
	cell, ok := form.(*rt.Cons)
	if !ok {
		return nil, nil, false
	}
	sym, ok := cell.Car.(*rt.Symbol)
	if !ok || !c.plainCLFunction(sym, env) {
		return nil, nil, false
	}
	args, ok := properList(cell.Cdr, 3)
	return sym, args, ok
}

// properList returns the elements of a proper list of at most max
// elements (any number when max is negative), or reports false (for a
// dotted or circular list too).
func properList(x rt.Value, max int) ([]rt.Value, bool) {
	var out []rt.Value
	slow := x
	for x != rt.NIL {
		cell, ok := x.(*rt.Cons)
		if !ok || len(out) == max {
			return nil, false
		}
		out = append(out, cell.Car)
		x = cell.Cdr
		if len(out)&1 == 0 {
			if slow = slow.(*rt.Cons).Cdr; slow == x {
				return nil, false
			}
		}
	}
	return out, true
}

// compileTest compiles form as a fused test, or reports false (having
// compiled nothing) when its shape is not one condTest knows: a simple
// operand, (not x), (null x), a two-argument numeric comparison, EQ,
// CONSP, ATOM or ENDP. Other forms are left to the caller, which compiles
// them as usual; anyTest compiles any form.
func (c *compiler) compileTest(form rt.Value, env *lexEnv) (condTest, bool) {
	neg := false
	for {
		sym, args, ok := c.clCall(form, env)
		if !ok || (sym.Name != "NOT" && sym.Name != "NULL") || len(args) != 1 {
			break
		}
		form, neg = args[0], !neg
	}
	if c.isSimpleOperand(form, env) {
		return condTest{kind: testTrue, neg: neg, a: c.operand(form, env)}, true
	}
	sym, args, ok := c.clCall(form, env)
	if !ok || !fusedTests[sym.Name] {
		if neg {
			// (not form) of any other form: the form, negated.
			return condTest{kind: testTrue, neg: true, a: operand{slot: -1, code: c.opaque(form, env, false)}}, true
		}
		return condTest{}, false
	}
	t := condTest{neg: neg, sym: sym}
	cmp, isCmp := fixComparisons[sym.Name]
	switch {
	case isCmp && len(args) == 2:
		t.kind, t.cmp = testCmp, cmp
	case sym.Name == "EQ" && len(args) == 2:
		t.kind = testEq
	case sym.Name == "CONSP" && len(args) == 1:
		t.kind = testConsp
	case sym.Name == "ATOM" && len(args) == 1:
		t.kind, t.neg = testConsp, !neg
	case sym.Name == "ENDP" && len(args) == 1:
		t.kind = testEndp
	default:
		if neg {
			return condTest{kind: testTrue, neg: true, a: operand{slot: -1, code: c.opaque(form, env, false)}}, true
		}
		return condTest{}, false
	}
	c.noteGlobalCall(sym, len(args))
	t.a = c.operand(args[0], env)
	if len(args) == 2 {
		t.b = c.operand(args[1], env)
	}
	return t, true
}

// fusedTests are the functions compileTest tests in line.
var fusedTests = map[string]bool{"<": true, ">": true, "<=": true, ">=": true, "=": true, "/=": true,
	"EQ": true, "CONSP": true, "ATOM": true, "ENDP": true}

// anyTest compiles form as a test, fused when compileTest knows its shape.
func (c *compiler) anyTest(form rt.Value, env *lexEnv) condTest {
	if t, ok := c.compileTest(form, env); ok {
		return t
	}
	return condTest{kind: testTrue, a: operand{slot: -1, code: c.opaque(form, env, false)}}
}

// unaryOp is a function applied in line to an assignment's operand.
type unaryOp uint8

const (
	opNone unaryOp = iota
	opCar
	opCdr
	opInc
	opDec
)

// unaryOps are the one-argument functions an assignment applies in line
// (as fused1 does).
var unaryOps = map[string]unaryOp{"CAR": opCar, "FIRST": opCar, "CDR": opCdr, "REST": opCdr, "1+": opInc, "1-": opDec}

// assignment is (setq var form) of a local variable of the function being
// compiled: form is an operand, or a unaryOp of a simple operand.
type assignment struct {
	dst int // the variable's slot
	op  unaryOp
	src operand
	sym *rt.Symbol // the function of op, called off the fast path
}

// value evaluates the assignment's form.
func (a *assignment) value(th *rt.Thread, f *Frame) rt.Value {
	x := a.src.fast(f)
	if x == nil {
		x = a.src.code(th, f)
	}
	switch a.op {
	case opCar:
		if c, ok := x.(*rt.Cons); ok {
			return c.Car
		}
		if x != rt.NIL {
			return callBuiltin1(th, a.sym, x)
		}
	case opCdr:
		if c, ok := x.(*rt.Cons); ok {
			return c.Cdr
		}
		if x != rt.NIL {
			return callBuiltin1(th, a.sym, x)
		}
	case opInc:
		if n, ok := x.(rt.Fixnum); ok && n < maxFix {
			return rt.MakeInt(int64(n) + 1)
		}
		return callBuiltin1(th, a.sym, x)
	case opDec:
		if n, ok := x.(rt.Fixnum); ok && n > minFix {
			return rt.MakeInt(int64(n) - 1)
		}
		return callBuiltin1(th, a.sym, x)
	}
	return x
}

// storeSlot stores x into a local variable's slot, into its box when the
// variable is captured.
func storeSlot(f *Frame, i int, x rt.Value) {
	if b, ok := f.Slots[i].(*box); ok {
		b.V = x
	} else {
		f.Slots[i] = x
	}
}

// runAssignments performs assignments one after the other (SETQ) and
// returns the last value.
func runAssignments(th *rt.Thread, f *Frame, as []assignment) rt.Value {
	var x rt.Value = rt.NIL
	for i := range as {
		a := &as[i]
		x = a.value(th, f)
		storeSlot(f, a.dst, x)
	}
	return x
}

// maxParallel bounds the assignments of a fused PSETQ, whose values are
// held in an array on the Go stack until they are all computed.
const maxParallel = 8

// runParallel performs assignments in parallel (PSETQ): every value is
// computed before any variable is set.
func runParallel(th *rt.Thread, f *Frame, as []assignment) {
	var buf [maxParallel]rt.Value
	for i := range as {
		buf[i] = as[i].value(th, f)
	}
	for i := range as {
		storeSlot(f, as[i].dst, buf[i])
	}
}

// localTarget returns the variable sym names when it is a lexical
// variable of the function being compiled (not special, not a symbol
// macro, not one of an enclosing function).
func (c *compiler) localTarget(sym rt.Value, env *lexEnv) *varDesc {
	s, ok := sym.(*rt.Symbol)
	if !ok {
		return nil
	}
	b := env.lookupVar(s)
	if b == nil || b.kind != envVar || b.v.fn != c.fn {
		return nil
	}
	return b.v
}

// assignments compiles the pairs of a SETQ or PSETQ as fused assignments,
// or reports false (having compiled nothing) unless every variable is a
// local variable of this function (see localTarget).
func (c *compiler) assignments(pairs []rt.Value, env *lexEnv) ([]assignment, bool) {
	if len(pairs) == 0 || len(pairs)%2 != 0 {
		return nil, false
	}
	for i := 0; i < len(pairs); i += 2 {
		if c.localTarget(pairs[i], env) == nil {
			return nil, false
		}
	}
	out := make([]assignment, 0, len(pairs)/2)
	for i := 0; i < len(pairs); i += 2 {
		v := c.localTarget(pairs[i], env)
		a := c.valueAssignment(pairs[i+1], env)
		a.dst = v.index
		v.assigned = true
		out = append(out, a)
	}
	return out, true
}

// valueAssignment compiles the value form of an assignment (its dst not
// set): a unaryOp of a simple operand, or any form as an operand.
func (c *compiler) valueAssignment(form rt.Value, env *lexEnv) assignment {
	if sym, args, ok := c.clCall(form, env); ok && len(args) == 1 && unaryOps[sym.Name] != opNone &&
		c.isSimpleOperand(args[0], env) {
		c.noteGlobalCall(sym, 1)
		return assignment{op: unaryOps[sym.Name], sym: sym, src: c.operand(args[0], env)}
	}
	return assignment{src: c.operand(form, env)}
}

// fusedSetq compiles (setq var form ...) of local variables into one
// closure, or returns nil.
func (c *compiler) fusedSetq(pairs []rt.Value, env *lexEnv, mv bool) Code {
	as, ok := c.assignments(pairs, env)
	if !ok {
		return nil
	}
	if len(as) == 1 {
		a := as[0]
		return single(func(th *rt.Thread, f *Frame) rt.Value {
			x := a.value(th, f)
			storeSlot(f, a.dst, x)
			return x
		}, mv)
	}
	return single(func(th *rt.Thread, f *Frame) rt.Value {
		return runAssignments(th, f, as)
	}, mv)
}

type stmtKind uint8

const (
	stmtCode     stmtKind = iota
	stmtJump              // go to target
	stmtTest              // go to target when test holds
	stmtAssign            // SETQ of local variables
	stmtParallel          // PSETQ of local variables
	stmtBind              // the bindings of a LET or LET* of lexical variables
	stmtReturn            // RETURN-FROM a block of this function with a simple operand
)

// tagStmt is one statement of a tagbody; the jumps, tests and assignments
// that DO, DOLIST, DOTIMES, LOOP and the IF forms of their bodies expand
// into are executed by the tagbody loop itself.
type tagStmt struct {
	kind    stmtKind
	code    Code // a stmtCode statement
	target  int  // statement index of a jump's target (a tag's index until resolved)
	toTag   bool // target is the index of a tag of the tagbody
	test    condTest
	assigns []assignment
	vars    []*varDesc  // a stmtBind's variables
	seq     bool        // a stmtBind of LET*
	block   *exitTarget // a stmtReturn's block; its value is test.a
}

// tagbodyCompiler compiles the statements of a tagbody.
type tagbodyCompiler struct {
	c     *compiler
	t     *exitTarget
	stmts []tagStmt
}

// resolve turns the jumps to tags into statement indexes, given the
// statement index of each tag.
func (tb *tagbodyCompiler) resolve(tagPos []int) {
	for i := range tb.stmts {
		if st := &tb.stmts[i]; st.toTag {
			st.target, st.toTag = tagPos[st.target], false
		}
	}
}

// stmtFn runs one statement of a tagbody and returns the index of the
// statement to run next: pcExit when a local exit (its sentinel returned by
// a statement's code) leaves the tagbody.
type stmtFn func(th *rt.Thread, f *Frame) int

// pcExit is the next statement index of a local exit out of the tagbody.
const pcExit = int(^uint(0) >> 1)

// link makes the closure of each statement, specialised for its kind and
// operands, once resolve has fixed the jump targets.
func (tb *tagbodyCompiler) link(tagPos []int) []stmtFn {
	out := make([]stmtFn, len(tb.stmts))
	for i := range tb.stmts {
		out[i] = tb.stmtClosure(i, tagPos)
	}
	return out
}

// follow returns where going to statement p leads: past the
// unconditional jumps there (a cycle of jumps alone is left as it is).
func (tb *tagbodyCompiler) follow(p int) int {
	for n := 0; p < len(tb.stmts) && tb.stmts[p].kind == stmtJump && n <= len(tb.stmts); n++ {
		p = tb.stmts[p].target
	}
	return p
}

// stmtClosure makes statement i's closure. Its successors are threaded
// through unconditional jumps; a statement whose successor is itself or an
// earlier statement counts a step when it goes there, so that every cycle
// of statements counts steps.
func (tb *tagbodyCompiler) stmtClosure(i int, tagPos []int) stmtFn {
	st := tb.stmts[i]
	if walkable(&st) {
		if fn := tb.chain(i); fn != nil {
			return fn
		}
	}
	next := tb.follow(i + 1)
	nextBack := next <= i
	switch st.kind {
	case stmtJump:
		target := tb.follow(st.target)
		if target <= i {
			return func(th *rt.Thread, f *Frame) int { th.Tick(); return target }
		}
		return func(th *rt.Thread, f *Frame) int { return target }
	case stmtTest:
		target := tb.follow(st.target)
		return testJump(st.test, successors{next: next, target: target, nextBack: nextBack, targetBack: target <= i})
	case stmtAssign:
		return assignStmt(st.assigns, next, nextBack)
	case stmtParallel:
		as := st.assigns
		return func(th *rt.Thread, f *Frame) int {
			runParallel(th, f, as)
			if nextBack {
				th.Tick()
			}
			return next
		}
	case stmtBind:
		return bindStmt(st, next, nextBack)
	case stmtReturn:
		a, blk, mv := st.test.a, st.block, st.block.mv
		return func(th *rt.Thread, f *Frame) int {
			x := a.fast(f)
			if mv {
				th.SetSingle()
			}
			th.LocalExit, th.LocalValue = blk, x
			return pcExit
		}
	}
	code, t := st.code, tb.t
	return func(th *rt.Thread, f *Frame) int {
		if code(th, f) == exitSentinelP {
			if j, ok := th.LocalExit.(*goJump); ok && j.t == t {
				th.LocalExit = nil
				th.Tick()
				return tagPos[j.idx]
			}
			return pcExit
		}
		if nextBack {
			th.Tick()
		}
		return next
	}
}

// successors are where a test statement goes: target when its test holds,
// next otherwise; a step is counted when it goes back (see stmtClosure).
type successors struct {
	next, target         int
	nextBack, targetBack bool
}

// to returns the successor for the test's outcome, counting the step.
func (s *successors) to(th *rt.Thread, holds bool) int {
	if s.nextBack || s.targetBack {
		return s.back(th, holds)
	}
	if holds {
		return s.target
	}
	return s.next
}

// back is to for successors of which one goes back.
func (s *successors) back(th *rt.Thread, holds bool) int {
	next, back := s.next, s.nextBack
	if holds {
		next, back = s.target, s.targetBack
	}
	if back {
		th.Tick()
	}
	return next
}

// testJump makes the statement that goes to target when test holds, and
// to next otherwise.
func testJump(t condTest, to successors) stmtFn {
	a, neg := t.a, t.neg
	switch {
	case t.kind == testTrue && a.slot >= 0:
		slot := a.slot
		return func(th *rt.Thread, f *Frame) int {
			return to.to(th, (slotValue(f, slot) != rt.NIL) != neg)
		}
	case t.kind == testCmp:
		b, cmp, sym := t.b, t.cmp, t.sym
		return func(th *rt.Thread, f *Frame) int {
			x := a.fast(f)
			if x == nil {
				x = a.code(th, f)
			}
			y := b.fast(f)
			if y == nil {
				y = b.code(th, f)
			}
			m, ok1 := x.(rt.Fixnum)
			n, ok2 := y.(rt.Fixnum)
			if ok1 && ok2 {
				return to.to(th, cmp.holds(m, n) != neg)
			}
			return to.to(th, (callBuiltin2(th, sym, x, y) != rt.NIL) != neg)
		}
	}
	return func(th *rt.Thread, f *Frame) int {
		return to.to(th, t.holds(th, f))
	}
}

// assignStmt makes the statement of a SETQ of local variables.
func assignStmt(as []assignment, next int, nextBack bool) stmtFn {
	same := true
	for i := range as {
		if as[i].op != as[0].op || as[i].src.slot < 0 {
			same = false
		}
	}
	if same && as[0].op == opCdr {
		// (setq a (cdr a) b (cdr b) ...), as list walks step.
		return func(th *rt.Thread, f *Frame) int {
			for i := range as {
				a := &as[i]
				x := slotValue(f, a.src.slot)
				if c, ok := x.(*rt.Cons); ok {
					x = c.Cdr
				} else if x != rt.NIL {
					x = callBuiltin1(th, a.sym, x)
				}
				storeSlot(f, a.dst, x)
			}
			if nextBack {
				th.Tick()
			}
			return next
		}
	}
	if len(as) == 1 {
		a := as[0]
		return func(th *rt.Thread, f *Frame) int {
			storeSlot(f, a.dst, a.value(th, f))
			if nextBack {
				th.Tick()
			}
			return next
		}
	}
	return func(th *rt.Thread, f *Frame) int {
		runAssignments(th, f, as)
		if nextBack {
			th.Tick()
		}
		return next
	}
}

// bindStmt makes the statement binding a LET's variables (the closures
// of its body are compiled, so whether a variable is captured is known).
func bindStmt(st tagStmt, next int, nextBack bool) stmtFn {
	as, vars := st.assigns, st.vars
	captured := false
	for _, v := range vars {
		captured = captured || v.captured
	}
	if len(as) == 1 && !captured {
		a := as[0]
		return func(th *rt.Thread, f *Frame) int {
			f.Slots[a.dst] = a.value(th, f)
			if nextBack {
				th.Tick()
			}
			return next
		}
	}
	seq := st.seq || len(as) == 1
	return func(th *rt.Thread, f *Frame) int {
		if seq {
			for i := range as {
				initVar(vars[i], f, as[i].value(th, f))
			}
		} else {
			var buf [maxParallel]rt.Value
			for i := range as {
				buf[i] = as[i].value(th, f)
			}
			for i := range as {
				initVar(vars[i], f, buf[i])
			}
		}
		if nextBack {
			th.Tick()
		}
		return next
	}
}

// letStatement compiles a LET or LET* of lexical variables (seq for LET*)
// as a statement binding them followed by its body as statements, or
// reports false (having compiled nothing) for any other shape, or when
// compiling it signals an error (then compiled as code, the form signals
// it when it runs).
func (tb *tagbodyCompiler) letStatement(cell *rt.Cons, env *lexEnv, seq bool) bool {
	c := tb.c
	rest, ok := cell.Cdr.(*rt.Cons)
	if !ok {
		return false
	}
	list, ok := properList(rest.Car, maxParallel)
	if !ok || len(list) == 0 {
		return false
	}
	syms := make([]*rt.Symbol, len(list))
	inits := make([]rt.Value, len(list))
	for i, b := range list {
		inits[i] = rt.NIL
		switch x := b.(type) {
		case *rt.Symbol:
			syms[i] = x
		case *rt.Cons:
			parts, ok := properList(x, 2)
			if !ok {
				return false
			}
			syms[i], _ = parts[0].(*rt.Symbol)
			if len(parts) == 2 {
				inits[i] = parts[1]
			}
		}
		if s := syms[i]; s == nil || s == rt.NIL || s == rt.T || s.IsConstant() || s.IsSpecial() {
			return false
		}
	}
	decls, _, body := parseBody(rest.Cdr, false)
	if declaredSpecials(c.img, decls) != nil {
		return false
	}
	forms, ok := properList(body, -1)
	if !ok {
		return false
	}
	start, saved := len(tb.stmts), c.exits
	failed := c.catchError(func() {
		as := make([]assignment, len(syms))
		vars := make([]*varDesc, len(syms))
		params := make([]param, len(syms))
		benv := env
		for i, sym := range syms {
			initEnv := env
			if seq {
				initEnv = benv
			}
			as[i] = c.valueAssignment(inits[i], initEnv)
			params[i], benv = c.bindVar(sym, benv, nil)
			vars[i] = params[i].v
			as[i].dst = vars[i].index
		}
		benv = c.declareFree(decls, benv, nil)
		tb.stmts = append(tb.stmts, tagStmt{kind: stmtBind, assigns: as, vars: vars, seq: seq})
		for _, form := range forms {
			tb.statement(form, benv)
		}
		c.warnUnused(params, decls)
	})
	if failed != nil {
		tb.stmts, c.exits = tb.stmts[:start], saved
		return false
	}
	return true
}

// returnStatement compiles (return-from name value) as a statement when
// the block is reached by returning the exit sentinel (as compileReturnFrom
// does) and value is a variable of this function or a constant, or
// reports false (having compiled nothing).
func (tb *tagbodyCompiler) returnStatement(cell *rt.Cons, env *lexEnv) bool {
	c := tb.c
	parts, ok := properList(cell.Cdr, 2)
	if !ok || len(parts) == 0 {
		return false
	}
	if _, ok := parts[0].(*rt.Symbol); !ok {
		return false
	}
	t, _ := c.findTarget(env, envBlock, parts[0])
	if t == nil || !c.reachable(t) || t.fn != c.fn {
		return false
	}
	var val rt.Value = rt.NIL
	if len(parts) == 2 {
		val = parts[1]
	}
	if !c.isSimpleOperand(val, env) {
		return false
	}
	t.used = true
	o, _ := c.simpleOperand(val, env)
	tb.stmts = append(tb.stmts, tagStmt{kind: stmtReturn, test: condTest{a: o}, block: t})
	return true
}

// statement compiles one statement of the tagbody (its value is not used)
// after macroexpanding it, so that the jumps and assignments of macros are
// seen: a PROGN, and a TAGBODY without tags, are spliced into the
// statements (the loops of LOOP, DO, DOTIMES and DOLIST put their bodies in
// one); an IF becomes a test jumping over its branches, themselves compiled
// as statements; GO to a tag of this tagbody, SETQ and PSETQ of local
// variables are statements of their own; anything else is code.
func (tb *tagbodyCompiler) statement(form rt.Value, env *lexEnv) {
	c, t := tb.c, tb.t
	// Statements nest as forms do: circular or too deeply nested source
	// is a STORAGE-CONDITION, as in compileCons, not a Go stack overflow.
	c.th.EnterNested()
	defer c.th.LeaveNested()
	cell, ok := form.(*rt.Cons)
	if !ok {
		if _, isConst := c.constantForm(form); !isConst {
			tb.code(form, env)
		}
		return
	}
	if tb.parallel(cell, env) {
		return
	}
	if expanded, ok := tb.expand(cell, env); !ok {
		tb.code(form, env)
		return
	} else if expanded != rt.Value(cell) {
		tb.statement(expanded, env)
		return
	}
	if cell.Car == c.img.S.Progn || cell.Car == c.img.CLSym("TAGBODY") && noTags(cell.Cdr) {
		if forms, ok := properList(cell.Cdr, -1); ok {
			for _, sub := range forms {
				tb.statement(sub, env)
			}
			return
		}
	}
	if idx, ok := c.localGo(form, env, t); ok {
		tb.stmts = append(tb.stmts, tagStmt{kind: stmtJump, target: idx, toTag: true})
		return
	}
	if cell.Car == c.img.CLSym("IF") {
		if parts, ok := properList(cell.Cdr, 3); ok && len(parts) >= 2 {
			var els rt.Value = rt.NIL
			if len(parts) == 3 {
				els = parts[2]
			}
			tb.ifStatement(parts[0], parts[1], els, env)
			return
		}
	}
	if cell.Car == c.img.CLSym("LET") || cell.Car == c.img.CLSym("LET*") {
		if tb.letStatement(cell, env, cell.Car == c.img.CLSym("LET*")) {
			return
		}
	}
	if cell.Car == c.img.CLSym("RETURN-FROM") && tb.returnStatement(cell, env) {
		return
	}
	if cell.Car == c.img.CLSym("SETQ") {
		if pairs, ok := properList(cell.Cdr, -1); ok {
			if as, ok := c.assignments(pairs, env); ok {
				tb.stmts = append(tb.stmts, tagStmt{kind: stmtAssign, assigns: as})
				return
			}
		}
	}
	tb.code(form, env)
}

// code adds a statement compiled as code.
func (tb *tagbodyCompiler) code(form rt.Value, env *lexEnv) {
	tb.stmts = append(tb.stmts, tagStmt{code: tb.c.compile(form, env, false)})
}

// ifStatement compiles (if test then else) as statements: a test jumping
// over the branch not taken. (if test (go tag)) is one test jumping to the
// tag.
func (tb *tagbodyCompiler) ifStatement(testForm, thenForm, elseForm rt.Value, env *lexEnv) {
	test := tb.c.anyTest(testForm, env)
	at := len(tb.stmts)
	tb.stmts = append(tb.stmts, tagStmt{kind: stmtTest, test: test})
	tb.statement(thenForm, env)
	thenEnd := len(tb.stmts)
	if thenEnd == at+2 && tb.stmts[at+1].kind == stmtJump {
		// (if test (go tag) else): jump where the GO goes when test holds.
		jump := tb.stmts[at+1]
		tb.stmts = tb.stmts[:at+1]
		tb.stmts[at].target, tb.stmts[at].toTag = jump.target, jump.toTag
		tb.statement(elseForm, env)
		return
	}
	if thenEnd == at+1 {
		// No then branch: jump over the else branch when test holds.
		tb.statement(elseForm, env)
		tb.stmts[at].target = len(tb.stmts)
		return
	}
	// Jump to the else branch when the test fails.
	tb.stmts[at].test.neg = !tb.stmts[at].test.neg
	jump := len(tb.stmts)
	tb.stmts = append(tb.stmts, tagStmt{kind: stmtJump})
	tb.statement(elseForm, env)
	if len(tb.stmts) == jump+1 {
		// No else branch: no jump over it.
		tb.stmts = tb.stmts[:jump]
		tb.stmts[at].target = jump
		return
	}
	tb.stmts[at].target = jump + 1
	tb.stmts[jump].target = len(tb.stmts)
}

// expand macroexpands a statement once (unless it is a special form, a call
// of a local function, or a standard macro the compiler compiles directly).
// An ERROR signalled by the expander is not signalled here: expand reports
// false, and the statement compiled as code signals it when it runs (see
// compileConsDeferringErrors, which expands it again).
func (tb *tagbodyCompiler) expand(cell *rt.Cons, env *lexEnv) (rt.Value, bool) {
	c := tb.c
	op, isSym := cell.Car.(*rt.Symbol)
	if !isSym || op.Flags&rt.FlagSpecialOperator != 0 {
		return cell, true
	}
	if b := env.lookupFun(op); b != nil && b.kind != envMacro {
		return cell, true
	} else if b == nil && (op.Macro == nil || op.Pkg == c.img.CL && macroForms[op.Name] != nil) {
		return cell, true
	}
	var next rt.Value
	if c.catchError(func() { next, _ = Macroexpand1(c.th, cell, &Env{env}) }) != nil {
		return nil, false
	}
	return next, true
}

// catchError runs fn with a handler of ERROR established around it (so
// that handlers fn establishes, such as a macro expander's, see their errors
// first). When an ERROR is signalled and not handled inside fn, it unwinds
// to here, restores the dynamic state and returns the condition; otherwise
// it returns nil. The handler records the abort it panics with, so that
// only the frame that established it recovers: recovering and re-panicking
// every other panic at every level made unwinding a deeply nested
// compilation quadratic (minutes for a few thousand levels). For the same
// reason the handler is pushed in place, not onto a copy of the clusters.
func (c *compiler) catchError(fn func()) (cond *rt.Instance) {
	th := c.th
	saved := th.Save()
	handlers := th.Handlers
	var pending *compileErrorAbort
	handler := &rt.Builtin{Min: 1, Max: 1, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
		if cond, ok := args[0].(*rt.Instance); ok {
			pending = &compileErrorAbort{cond: cond}
			panic(pending)
		}
		return rt.NIL
	}}
	th.PushHandlers([]rt.Handler{{Type: c.img.CLSym("ERROR"), Fn: handler}})
	defer func() {
		if pending == nil {
			// A normal return, or a panic that is not ours: let it pass.
			th.Handlers = handlers
			return
		}
		r := recover()
		if abort, ok := r.(*compileErrorAbort); !ok || abort != pending {
			panic(r)
		}
		th.Restore(saved)
		cond = pending.cond
	}()
	fn()
	return nil
}

// parallel compiles a PSETQ of local variables as a statement, or reports
// false (having compiled nothing). It is recognised before PSETQ is
// expanded into a LET of temporaries.
func (tb *tagbodyCompiler) parallel(cell *rt.Cons, env *lexEnv) bool {
	c := tb.c
	op, ok := cell.Car.(*rt.Symbol)
	if !ok || op != c.img.CLSym("PSETQ") || env.lookupFun(op) != nil {
		return false
	}
	pairs, ok := properList(cell.Cdr, 2*maxParallel)
	if !ok {
		return false
	}
	as, ok := c.assignments(pairs, env)
	if !ok {
		return false
	}
	tb.stmts = append(tb.stmts, tagStmt{kind: stmtParallel, assigns: as})
	return true
}

// noTags reports whether the body of a TAGBODY has no tags.
func noTags(body rt.Value) bool {
	for x := body; x != rt.NIL; {
		cell, ok := x.(*rt.Cons)
		if !ok {
			return false
		}
		if _, ok := cell.Car.(*rt.Cons); !ok {
			return false
		}
		x = cell.Cdr
	}
	return true
}

// orShape recognises the body (if var var else) of a LET binding var
// alone, which OR and COND expand into, and returns else.
func (c *compiler) orShape(v *rt.Symbol, body rt.Value) (rt.Value, bool) {
	forms, ok := properList(body, 1)
	if !ok || len(forms) != 1 {
		return nil, false
	}
	cell, ok := forms[0].(*rt.Cons)
	if !ok || cell.Car != c.img.CLSym("IF") {
		return nil, false
	}
	parts, ok := properList(cell.Cdr, 3)
	if !ok || len(parts) != 3 || parts[0] != rt.Value(v) || parts[1] != rt.Value(v) {
		return nil, false
	}
	return parts[2], true
}

// compileOr compiles (let ((v init)) (if v v else)) into one closure: the
// value of init when it is true, else the value of else, with v bound
// around else as the LET binds it.
func (c *compiler) compileOr(v *varDesc, init Code, elseForm rt.Value, env *lexEnv, mv bool) Code {
	v.used = true
	els := c.compile(elseForm, env, mv)
	if !v.captured {
		// else, the variable's whole scope, is compiled: no closure
		// captures it, so its slot is set without initVar's test.
		idx := v.index
		return func(th *rt.Thread, f *Frame) rt.Value {
			x := init(th, f)
			f.Slots[idx] = x
			if x != rt.NIL {
				if mv {
					th.SetSingle()
				}
				return x
			}
			return els(th, f)
		}
	}
	return func(th *rt.Thread, f *Frame) rt.Value {
		x := init(th, f)
		initVar(v, f, x)
		if x != rt.NIL {
			if mv {
				th.SetSingle()
			}
			return x
		}
		return els(th, f)
	}
}

// eq is rt.Eq (EQ) for compiled code: identity, floats compared by their
// bits, so 0.0 and -0.0 differ and a NaN is EQ to itself. Symbols are
// compared as pointers (== on two interfaces of the same type calls the
// runtime's efaceeq); Go's == on the interfaces decides every other case
// (fixnums, characters, pointers) but floats, which it compares as numbers.
// Written without calls, so that Go inlines it into the fused closures.
func eq(x, y rt.Value) bool {
	switch a := x.(type) {
	case *rt.Symbol:
		b, _ := y.(*rt.Symbol)
		return a == b
	case rt.DoubleFloat:
		b, ok := y.(rt.DoubleFloat)
		return ok && math.Float64bits(float64(a)) == math.Float64bits(float64(b))
	case rt.SingleFloat:
		b, ok := y.(rt.SingleFloat)
		return ok && math.Float32bits(float32(a)) == math.Float32bits(float32(b))
	}
	return x == y
}

// exitSentinelP and throwSentinelP are the sentinels as pointers: an
// interface compared with a pointer of a known type is compared in line,
// where two interfaces of the same dynamic type take a runtime call.
var (
	exitSentinelP  = exitSentinel.(*sentinel)
	throwSentinelP = throwSentinel.(*sentinel)
)
