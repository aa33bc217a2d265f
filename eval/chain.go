package eval

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// Statement chains: a loop of statements of the kinds the tagbody runs in
// line (tests, assignments of local variables, LET bindings of uncaptured
// variables, RETURN-FROM a local block), followed from its first statement
// through the way each test falls through (or jumps, when it falls through
// to a RETURN-FROM: a loop's exit) back to that statement. When the loop
// is a list walk (walkLoop), its first statement's closure runs the whole
// loop; the chain's steps (chainClosure) run the iterations off its fast
// path. Each statement keeps its own closure for the jumps that land on
// it; steps are counted on the same edges as there (see stmtClosure).
// Chains of other statements are not used: running their steps with a
// switch measured no faster than the statements' own closures (triangle,
// div2-iter 3-4% slower).

// chainKind is the operation of one step of a chain.
type chainKind uint8

const (
	chainSlotTest chainKind = iota // leave when a local variable is true (NIL when neg)
	chainTest                      // leave when the test's outcome is exitWhen
	chainCdr                       // (setq dst (cdr src)) of local variables
	chainAssign                    // one assignment of a SETQ
	chainBind                      // binding of an uncaptured LET variable
	chainReturn                    // RETURN-FROM a local block
)

// chainOp is one step of a chain.
type chainOp struct {
	kind     chainKind
	neg      bool // chainSlotTest: leave when the variable is NIL
	exitWhen bool // chainTest: leave when the test's outcome is this
	back     bool // leaving goes back: count a step
	slot     int  // chainSlotTest's variable
	target   int  // where a test jumps
	test     condTest
	as       assignment
	block    *exitTarget // chainReturn's block; its value is test.a
}

// maxChain bounds the statements of one chain.
const maxChain = 8

// chainable reports whether st can be a step of a chain.
func chainable(st *tagStmt) bool {
	switch st.kind {
	case stmtTest, stmtAssign, stmtReturn:
		return true
	case stmtBind:
		return len(st.vars) == 1 && !st.vars[0].captured
	}
	return false
}

// chain makes the closure running the loop of statements from i on as a
// list walk (walkLoop), or returns nil when they are no such loop. A test
// continues the chain where it falls through, or where it jumps when it
// falls through to a RETURN-FROM (a loop's exit, the less likely way).
func (tb *tagbodyCompiler) chain(i int) stmtFn {
	var ops []chainOp
	end, endBack, stmts := 0, false, 0
	for j := i; ; {
		st := &tb.stmts[j]
		stmts++
		next := tb.follow(j + 1)
		switch st.kind {
		case stmtTest:
			// The test leaves the chain for exit when it holds (or, with
			// exitWhen false, when it does not).
			target := tb.follow(st.target)
			exit, exitWhen := target, true
			if next < len(tb.stmts) && tb.stmts[next].kind == stmtReturn && target > j &&
				target < len(tb.stmts) && chainable(&tb.stmts[target]) {
				exit, exitWhen, next = next, false, target
			}
			op := chainOp{kind: chainTest, test: st.test, target: exit, exitWhen: exitWhen, back: exit <= j}
			if a := st.test.a; st.test.kind == testTrue && a.slot >= 0 {
				// Leaves when (x != NIL) != neg is exitWhen.
				op.kind, op.slot, op.neg = chainSlotTest, a.slot, st.test.neg != !exitWhen
			}
			ops = append(ops, op)
		case stmtAssign:
			for _, a := range st.assigns {
				op := chainOp{kind: chainAssign, as: a}
				if a.op == opCdr && a.src.slot >= 0 {
					op.kind = chainCdr
				}
				ops = append(ops, op)
			}
		case stmtBind:
			ops = append(ops, chainOp{kind: chainBind, as: st.assigns[0]})
		case stmtReturn:
			ops = append(ops, chainOp{kind: chainReturn, test: st.test, block: st.block})
		}
		if st.kind == stmtReturn {
			break
		}
		if next <= j {
			end, endBack = next, true
			break
		}
		if next >= len(tb.stmts) || stmts == maxChain || !chainable(&tb.stmts[next]) {
			end = next
			break
		}
		j = next
	}
	if stmts < 2 {
		return nil
	}
	if !endBack || end != i {
		return nil
	}
	return walkLoop(ops, chainClosure(ops, end, endBack))
}

// chainClosure runs a chain's steps, then goes to end (counting a step
// when endBack).
func chainClosure(ops []chainOp, end int, endBack bool) stmtFn {
	return func(th *rt.Thread, f *Frame) int {
		for k := range ops {
			o := &ops[k]
			switch o.kind {
			case chainSlotTest:
				if (slotValue(f, o.slot) != rt.NIL) == o.neg {
					continue
				}
			case chainTest:
				if o.test.holds(th, f) != o.exitWhen {
					continue
				}
			case chainCdr:
				a := &o.as
				x := slotValue(f, a.src.slot)
				if c, ok := x.(*rt.Cons); ok {
					x = c.Cdr
				} else if x != rt.NIL {
					x = callBuiltin1(th, a.sym, x)
				}
				storeSlot(f, a.dst, x)
				continue
			case chainAssign:
				storeSlot(f, o.as.dst, o.as.value(th, f))
				continue
			case chainBind:
				f.Slots[o.as.dst] = o.as.value(th, f)
				continue
			case chainReturn:
				x := o.test.a.fast(f)
				if o.block.mv {
					th.SetSingle()
				}
				th.LocalExit, th.LocalValue = o.block, x
				return pcExit
			}
			// A test leaves the chain.
			if o.back {
				th.Tick()
			}
			return o.target
		}
		if endBack {
			th.Tick()
		}
		return end
	}
}

// walkLoop makes the closure of a chain that is a whole loop (it goes back
// to its own first statement) made of tests that leave it when a variable
// is NIL and of steps of variables to their CDRs, one or two variables,
// each stepped once (takl's SHORTER-P, list walks in step); it returns nil
// for any other chain. While every variable holds a cons, no test leaves
// and every CDR is the cell's: the closure runs those iterations itself
// with the variables in Go locals (reading them back from their slots
// after each assignment put a store and a load in every iteration's chain
// of dependences). The slots are still written at each step, so anything
// looking at the frame sees the variables' values, and they are read again
// after a step at which a break may have run (TickChecked). An iteration
// that starts with a variable that is not a cons is general's, which runs
// the chain as it is (its exits, its errors); so is a variable captured by
// a closure (its slot holds a box).
func walkLoop(ops []chainOp, general stmtFn) stmtFn {
	var tested, stepped []int
	for k := range ops {
		o := &ops[k]
		switch {
		case o.kind == chainSlotTest && o.neg:
			tested = append(tested, o.slot)
		case o.kind == chainCdr && o.as.src.slot == o.as.dst:
			for _, s := range stepped {
				if s == o.as.dst {
					return nil
				}
			}
			stepped = append(stepped, o.as.dst)
		default:
			return nil
		}
	}
	for _, s := range tested {
		if s != stepped[0] && s != stepped[len(stepped)-1] {
			return nil
		}
	}
	switch len(stepped) {
	case 1:
		return walk1(stepped[0], general)
	case 2:
		return walk2(stepped[0], stepped[1], general)
	}
	return nil
}

// walk1 is walkLoop's closure for one variable, in slot s.
func walk1(s int, general stmtFn) stmtFn {
	return func(th *rt.Thread, f *Frame) int {
		x := f.Slots[s]
		for {
			c, ok := x.(*rt.Cons)
			if !ok {
				return general(th, f)
			}
			x = c.Cdr
			f.Slots[s] = x
			if th.TickChecked() {
				x = f.Slots[s]
			}
		}
	}
}

// walk2 is walkLoop's closure for two variables, in slots s0 and s1.
func walk2(s0, s1 int, general stmtFn) stmtFn {
	return func(th *rt.Thread, f *Frame) int {
		x, y := f.Slots[s0], f.Slots[s1]
		for {
			c, ok1 := x.(*rt.Cons)
			d, ok2 := y.(*rt.Cons)
			if !ok1 || !ok2 {
				return general(th, f)
			}
			x, y = c.Cdr, d.Cdr
			f.Slots[s0], f.Slots[s1] = x, y
			if th.TickChecked() {
				x, y = f.Slots[s0], f.Slots[s1]
			}
		}
	}
}
