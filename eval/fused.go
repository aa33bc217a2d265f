package eval

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// Fused operations: calls of the arithmetic, comparison and CAR/CDR
// functions of COMMON-LISP compile to one closure with a fixnum (or cons)
// fast path that reads local-variable and constant operands itself, instead
// of one closure per operand. This is where loops and recursive arithmetic
// spend their time; anything off the fast path calls the real function.

// operand is an argument form compiled for the fast paths: a local
// variable of the current function, a constant, or any other form. The
// closures that use operands read variables and constants in line (fast)
// and make an indirect call only for other forms.
type operand struct {
	slot  int      // frame slot of a local variable, or -1
	value rt.Value // the constant; nil for a variable or another form
	code  Code     // evaluates the operand; always set
	// sym is a special variable whose value is read in line while it is
	// bound (an unbound one runs code, which signals), or nil.
	sym *rt.Symbol
}

// fast reads a variable or constant operand in frame f, or returns nil when
// the operand is another form and code must run. Go inlines it, which a
// method containing the indirect call would prevent.
func (o *operand) fast(f *Frame) rt.Value {
	if o.slot >= 0 {
		return slotValue(f, o.slot)
	}
	if o.sym != nil {
		return o.sym.Value
	}
	return o.value
}

// load evaluates an operand in frame f.
func (o *operand) load(th *rt.Thread, f *Frame) rt.Value {
	if x := o.fast(f); x != nil {
		return x
	}
	return o.code(th, f)
}

// operand compiles form as an operand (in argument position: opaque).
func (c *compiler) operand(form rt.Value, env *lexEnv) operand {
	if c.isSimpleOperand(form, env) {
		o, _ := c.simpleOperand(form, env)
		if o.slot >= 0 {
			o.code = c.compile(form, env, false)
		} else {
			o.code = constCode(o.value, false)
		}
		return o
	}
	return operand{slot: -1, code: c.opaque(form, env, false), sym: c.specialRead(form, env)}
}

// operands compiles argument forms as operands.
func (c *compiler) operands(forms rt.Value, env *lexEnv) []operand {
	var out []operand
	slow := forms
	for n := 1; forms != rt.NIL; n++ {
		cell, ok := forms.(*rt.Cons)
		if !ok {
			c.th.ProgramError("dotted argument list in call")
		}
		out = append(out, c.operand(cell.Car, env))
		forms = cell.Cdr
		if n&1 == 0 {
			// A circular argument list is a TYPE-ERROR, not a compilation
			// that fills memory: ListElements signals it.
			if slow = slow.(*rt.Cons).Cdr; slow == forms {
				c.th.ListElements(forms)
			}
		}
	}
	return out
}

// operandCodes returns the code of each operand, for the general call path.
func operandCodes(ops []operand) []Code {
	out := make([]Code, len(ops))
	for i := range ops {
		out[i] = ops[i].code
	}
	return out
}

// simpleOperand recognizes local variables (of the function being compiled)
// and constants.
func (c *compiler) simpleOperand(form rt.Value, env *lexEnv) (operand, bool) {
	switch x := form.(type) {
	case *rt.Symbol:
		if x == rt.NIL || x == rt.T || x.Pkg == c.img.Keyword {
			return operand{slot: -1, value: x}, true
		}
		b := env.lookupVar(x)
		if b == nil || b.kind != envVar || b.v.fn != c.fn {
			return operand{}, false
		}
		b.v.used = true
		return operand{slot: b.v.index}, true
	case *rt.Cons:
		if x.Car == c.img.S.Quote {
			if rest, ok := x.Cdr.(*rt.Cons); ok && rest.Cdr == rt.NIL {
				return operand{slot: -1, value: rest.Car}, true
			}
		}
		return operand{}, false
	}
	return operand{slot: -1, value: form}, true
}

// slotValue reads a local variable's slot, unboxing a captured one.
func slotValue(f *Frame, i int) rt.Value {
	x := f.Slots[i]
	if b, ok := x.(*box); ok {
		return b.V
	}
	return x
}

// fusable gives the argument count of each operator fusedCall knows.
var fusable = map[string]int{"1+": 1, "1-": 1, "CAR": 1, "FIRST": 1, "CDR": 1, "REST": 1,
	"+": 2, "-": 2, "<": 2, ">": 2, "<=": 2, ">=": 2, "=": 2, "/=": 2, "EQ": 2}

// isSimpleOperand is simpleOperand without side effects on the variable's
// use flag, to decide whether fusing applies before compiling anything.
func (c *compiler) isSimpleOperand(form rt.Value, env *lexEnv) bool {
	switch x := form.(type) {
	case *rt.Symbol:
		if x == rt.NIL || x == rt.T || x.Pkg == c.img.Keyword {
			return true
		}
		b := env.lookupVar(x)
		return b != nil && b.kind == envVar && b.v.fn == c.fn
	case *rt.Cons:
		if x.Car != c.img.S.Quote {
			return false
		}
		rest, ok := x.Cdr.(*rt.Cons)
		return ok && rest.Cdr == rt.NIL
	}
	return true
}

// fusedCall compiles (op a b) or (op a) with simple operands, or returns
// nil. The closures set the value count themselves (one store), so a call
// in a multiple-value context needs no wrapper.
func (c *compiler) fusedCall(sym *rt.Symbol, argForms rt.Value, env *lexEnv) Code {
	forms := rt.ListToSlice(argForms)
	if (sym.Name == "+" || sym.Name == "-") && len(forms) > 2 {
		// (+ a b c) is (+ (+ a b) c): left to right, as the generic
		// function folds it.
		acc := rt.List(sym, forms[0], forms[1])
		for _, f := range forms[2 : len(forms)-1] {
			acc = rt.List(sym, acc, f)
		}
		forms = []rt.Value{acc, forms[len(forms)-1]}
	}
	if len(forms) < 1 || len(forms) > 2 || fusable[sym.Name] != len(forms) {
		return nil
	}
	ops := make([]operand, len(forms))
	for i, f := range forms {
		ops[i] = c.operand(f, env)
	}
	if len(ops) == 1 {
		return fused1(sym, ops[0])
	}
	if cmp, ok := fixComparisons[sym.Name]; ok {
		return fusedCompare(sym, cmp, ops[0], ops[1])
	}
	return fused2(sym, ops[0], ops[1])
}

// fused1 compiles the one-operand operators.
func fused1(sym *rt.Symbol, a operand) Code {
	slow := func(th *rt.Thread, x rt.Value) rt.Value { return callBuiltin1(th, sym, x) }
	switch sym.Name {
	case "1+":
		return func(th *rt.Thread, f *Frame) rt.Value {
			x := a.fast(f)
			if x == nil {
				x = a.code(th, f)
			}
			th.SetSingle()
			if n, ok := x.(rt.Fixnum); ok && n < maxFix {
				return rt.MakeInt(int64(n) + 1)
			}
			return slow(th, x)
		}
	case "1-":
		return func(th *rt.Thread, f *Frame) rt.Value {
			x := a.fast(f)
			if x == nil {
				x = a.code(th, f)
			}
			th.SetSingle()
			if n, ok := x.(rt.Fixnum); ok && n > minFix {
				return rt.MakeInt(int64(n) - 1)
			}
			return slow(th, x)
		}
	case "CAR", "FIRST":
		return func(th *rt.Thread, f *Frame) rt.Value {
			x := a.fast(f)
			if x == nil {
				x = a.code(th, f)
			}
			th.SetSingle()
			if c, ok := x.(*rt.Cons); ok {
				return c.Car
			}
			if x == rt.NIL {
				return rt.NIL
			}
			return slow(th, x)
		}
	case "CDR", "REST":
		return func(th *rt.Thread, f *Frame) rt.Value {
			x := a.fast(f)
			if x == nil {
				x = a.code(th, f)
			}
			th.SetSingle()
			if c, ok := x.(*rt.Cons); ok {
				return c.Cdr
			}
			if x == rt.NIL {
				return rt.NIL
			}
			return slow(th, x)
		}
	}
	return nil
}

// fused2 compiles the two-operand operators other than comparisons.
func fused2(sym *rt.Symbol, a, b operand) Code {
	slow := func(th *rt.Thread, x, y rt.Value) rt.Value { return callBuiltin2(th, sym, x, y) }
	switch sym.Name {
	case "+":
		return func(th *rt.Thread, f *Frame) rt.Value {
			x := a.fast(f)
			if x == nil {
				x = a.code(th, f)
			}
			y := b.fast(f)
			if y == nil {
				y = b.code(th, f)
			}
			th.SetSingle()
			if m, ok := x.(rt.Fixnum); ok {
				if n, ok := y.(rt.Fixnum); ok {
					s := m + n
					if (s > m) == (n > 0) && s <= maxFix && s >= minFix {
						return rt.MakeInt(int64(s))
					}
				}
			}
			return slow(th, x, y)
		}
	case "-":
		return func(th *rt.Thread, f *Frame) rt.Value {
			x := a.fast(f)
			if x == nil {
				x = a.code(th, f)
			}
			y := b.fast(f)
			if y == nil {
				y = b.code(th, f)
			}
			th.SetSingle()
			if m, ok := x.(rt.Fixnum); ok {
				if n, ok := y.(rt.Fixnum); ok {
					s := m - n
					if (s < m) == (n > 0) && s <= maxFix && s >= minFix {
						return rt.MakeInt(int64(s))
					}
				}
			}
			return slow(th, x, y)
		}
	case "EQ":
		return func(th *rt.Thread, f *Frame) rt.Value {
			x := a.fast(f)
			if x == nil {
				x = a.code(th, f)
			}
			y := b.fast(f)
			if y == nil {
				y = b.code(th, f)
			}
			th.SetSingle()
			return rt.Bool(eq(x, y))
		}
	}
	return nil
}

// fusedCompare compiles a two-operand numeric comparison.
func fusedCompare(sym *rt.Symbol, cmp fixCmp, a, b operand) Code {
	return func(th *rt.Thread, f *Frame) rt.Value {
		x := a.fast(f)
		if x == nil {
			x = a.code(th, f)
		}
		y := b.fast(f)
		if y == nil {
			y = b.code(th, f)
		}
		th.SetSingle()
		if m, ok := x.(rt.Fixnum); ok {
			if n, ok := y.(rt.Fixnum); ok {
				return rt.Bool(cmp.holds(m, n))
			}
		}
		return callBuiltin2(th, sym, x, y)
	}
}

// fixCmp names a fixnum comparison; holds is a switch rather than a
// function value so that Go inlines it into the closures.
type fixCmp uint8

const (
	cmpLess fixCmp = iota
	cmpGreater
	cmpLessEq
	cmpGreaterEq
	cmpEqual
	cmpNotEqual
)

// fixComparisons maps the comparison operators to their fixCmp.
var fixComparisons = map[string]fixCmp{"<": cmpLess, ">": cmpGreater, "<=": cmpLessEq,
	">=": cmpGreaterEq, "=": cmpEqual, "/=": cmpNotEqual}

func (c fixCmp) holds(m, n rt.Fixnum) bool {
	switch c {
	case cmpLess:
		return m < n
	case cmpGreater:
		return m > n
	case cmpLessEq:
		return m <= n
	case cmpGreaterEq:
		return m >= n
	case cmpEqual:
		return m == n
	}
	return m != n
}

// fusedIf compiles an IF whose test compileTest knows (a variable, a
// numeric comparison, EQ, CONSP, ATOM or ENDP of operands) into one closure
// that makes the test itself, or returns nil. A branch that is a constant
// is returned in line.
func (c *compiler) fusedIf(testForm, thenForm, elseForm rt.Value, env *lexEnv, mv, tail bool) Code {
	t, ok := c.compileTest(testForm, env)
	if !ok {
		return nil
	}
	then, els := c.constBranches(thenForm, elseForm, env, mv, tail)
	if t.neg {
		then, els = els, then
	}
	a, b := t.a, t.b
	switch t.kind {
	case testTrue:
		return func(th *rt.Thread, f *Frame) rt.Value {
			x := a.fast(f)
			if x == nil {
				x = a.code(th, f)
			}
			if x != rt.NIL {
				return then.run(th, f)
			}
			return els.run(th, f)
		}
	case testCmp:
		cmp, sym := t.cmp, t.sym
		return func(th *rt.Thread, f *Frame) rt.Value {
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
				if cmp.holds(m, n) {
					return then.run(th, f)
				}
				return els.run(th, f)
			}
			if callBuiltin2(th, sym, x, y) != rt.NIL {
				return then.run(th, f)
			}
			return els.run(th, f)
		}
	case testEq:
		return func(th *rt.Thread, f *Frame) rt.Value {
			x := a.fast(f)
			if x == nil {
				x = a.code(th, f)
			}
			y := b.fast(f)
			if y == nil {
				y = b.code(th, f)
			}
			if eq(x, y) {
				return then.run(th, f)
			}
			return els.run(th, f)
		}
	case testConsp:
		return func(th *rt.Thread, f *Frame) rt.Value {
			x := a.fast(f)
			if x == nil {
				x = a.code(th, f)
			}
			if _, ok := x.(*rt.Cons); ok {
				return then.run(th, f)
			}
			return els.run(th, f)
		}
	}
	t.neg = false
	return func(th *rt.Thread, f *Frame) rt.Value {
		if t.holds(th, f) {
			return then.run(th, f)
		}
		return els.run(th, f)
	}
}

// branch is a compiled branch of an IF: code, or the constant k that it
// returns.
type branch struct {
	code Code
	k    rt.Value
	mv   bool // the value count is wanted: the constant sets it
}

// run evaluates the branch.
func (b *branch) run(th *rt.Thread, f *Frame) rt.Value {
	if b.k != nil {
		if b.mv {
			th.SetSingle()
		}
		return b.k
	}
	return b.code(th, f)
}

// constBranches is branches, with a constant branch kept as its value.
func (c *compiler) constBranches(thenForm, elseForm rt.Value, env *lexEnv, mv, tail bool) (branch, branch) {
	compile := func(form rt.Value) branch {
		if k, ok := c.constantForm(form); ok {
			return branch{k: k, mv: mv}
		}
		c.tail = tail
		return branch{code: c.compile(form, env, mv)}
	}
	then := compile(thenForm)
	return then, compile(elseForm)
}

// constantForm returns the value of a form that is a constant (a
// self-evaluating object, NIL, T, a keyword or a QUOTE form).
func (c *compiler) constantForm(form rt.Value) (rt.Value, bool) {
	switch x := form.(type) {
	case *rt.Symbol:
		if x == rt.NIL || x == rt.T || x.Pkg == c.img.Keyword {
			return x, true
		}
		return nil, false
	case *rt.Cons:
		if x.Car == c.img.S.Quote {
			if rest, ok := x.Cdr.(*rt.Cons); ok && rest.Cdr == rt.NIL {
				return rest.Car, true
			}
		}
		return nil, false
	}
	return form, true
}

// branches compiles the two branches of an IF, in return position when the
// IF is.
func (c *compiler) branches(thenForm, elseForm rt.Value, env *lexEnv, mv, tail bool) (Code, Code) {
	c.tail = tail
	then := c.compile(thenForm, env, mv)
	c.tail = tail
	return then, c.compile(elseForm, env, mv)
}
