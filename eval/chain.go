package eval

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// List walks: a tagbody loop made of tests that leave it when a local
// variable is NIL and of steps of local variables to their CDRs (takl's
// SHORTER-P: (loop (cond ((null b) (return nil)) ((null a) (return t)))
// (setq a (cdr a) b (cdr b)))). The loop is found from its first statement
// by following each test the way that stays in the loop: where it falls
// through, or where it jumps when it falls through to a RETURN-FROM (the
// loop's exit). That statement's closure runs the whole loop (walkLoop);
// the other statements keep their own closures for the jumps that land on
// them. Steps are counted on the same edges as there (see stmtClosure).
// Running other runs of statements in one closure, with a switch over
// their kinds, measured no faster than the statements' own closures
// (triangle and div2-iter 3-4% slower) and is not done.

// walkStep is a statement of a list walk in the order the loop runs them:
// a test leaving the loop for target when variable slot is NIL, or the
// step of variable slot to its CDR.
type walkStep struct {
	test   bool
	slot   int
	target int        // where a test leaves to
	back   bool       // leaving goes back: count a step
	sym    *rt.Symbol // a step's CDR, called off the fast path
}

// maxWalk bounds the statements of a list walk.
const maxWalk = 8

// walkTest returns the slot of the variable a test statement tests, and
// whether it holds when the variable is NIL, or reports false for any
// other test.
func walkTest(st *tagStmt) (slot int, holdsOnNil, ok bool) {
	if st.kind != stmtTest || st.test.kind != testTrue || st.test.a.slot < 0 {
		return 0, false, false
	}
	return st.test.a.slot, st.test.neg, true
}

// walkSteps reports whether st is a SETQ stepping local variables to
// their CDRs, (setq a (cdr a) b (cdr b) ...).
func walkSteps(st *tagStmt) bool {
	if st.kind != stmtAssign {
		return false
	}
	for _, a := range st.assigns {
		if a.op != opCdr || a.src.slot != a.dst {
			return false
		}
	}
	return true
}

// walkable reports whether st can be a statement of a list walk.
func walkable(st *tagStmt) bool {
	_, _, ok := walkTest(st)
	return ok || walkSteps(st)
}

// chain makes the closure of the list walk starting at statement i, or
// returns nil when the statements from i on are no such loop.
func (tb *tagbodyCompiler) chain(i int) stmtFn {
	var steps []walkStep
	for j, n := i, 1; ; n++ {
		st := &tb.stmts[j]
		next := tb.follow(j + 1)
		if slot, holdsOnNil, ok := walkTest(st); ok {
			target := tb.follow(st.target)
			if holdsOnNil {
				// (if (null v) (go out)): leaves for target.
				steps = append(steps, walkStep{test: true, slot: slot, target: target, back: target <= j})
			} else if next < len(tb.stmts) && tb.stmts[next].kind == stmtReturn && target > j {
				// (if v (go on) (return ...)), as COND compiles: leaves for
				// the RETURN-FROM it falls through to, stays where it jumps.
				steps = append(steps, walkStep{test: true, slot: slot, target: next})
				next = target
			} else {
				return nil
			}
		} else {
			for _, a := range st.assigns {
				steps = append(steps, walkStep{slot: a.dst, sym: a.sym})
			}
		}
		if next == i && n >= 2 {
			return walkLoop(steps, stepsClosure(steps, i))
		}
		if next <= j || next >= len(tb.stmts) || n == maxWalk || !walkable(&tb.stmts[next]) {
			return nil
		}
		j = next
	}
}

// stepsClosure runs one iteration of a list walk from its slots, as the
// statements would, and goes back to start (counting the step).
func stepsClosure(steps []walkStep, start int) stmtFn {
	return func(th *rt.Thread, f *Frame) int {
		for k := range steps {
			o := &steps[k]
			x := slotValue(f, o.slot)
			if o.test {
				if x != rt.NIL {
					continue
				}
				if o.back {
					th.Tick()
				}
				return o.target
			}
			if c, ok := x.(*rt.Cons); ok {
				x = c.Cdr
			} else if x != rt.NIL {
				x = callBuiltin1(th, o.sym, x)
			}
			storeSlot(f, o.slot, x)
		}
		th.Tick()
		return start
	}
}

// walkLoop makes the closure of a list walk of one or two variables, each
// stepped once and tested, if at all, before its step, or returns nil for
// any other walk. While every variable
// holds a cons, no test leaves and every CDR is the cell's: the closure
// runs those iterations itself with the variables in Go locals (reading
// them back from their slots after each assignment put a store and a load
// in every iteration's chain of dependences). The slots are still written
// at each step, so anything looking at the frame sees the variables'
// values, and they are read again after a step at which a break may have
// run (TickChecked). An iteration that starts with a variable that is not
// a cons is general's, which runs the loop's statements as they are (its
// exits, its errors); so is a variable captured by a closure (its slot
// holds a box).
func walkLoop(steps []walkStep, general stmtFn) stmtFn {
	var stepped []int
	for k := range steps {
		o := &steps[k]
		// A variable tested after its step in the same iteration sees the
		// CDR, which may be NIL although the iteration began with a cons;
		// a variable stepped twice is no walk of one step each.
		for _, s := range stepped {
			if s == o.slot {
				return nil
			}
		}
		if !o.test {
			stepped = append(stepped, o.slot)
		}
	}
	if len(stepped) == 0 || len(stepped) > 2 {
		return nil
	}
	for k := range steps {
		if o := &steps[k]; o.test && o.slot != stepped[0] && o.slot != stepped[len(stepped)-1] {
			return nil
		}
	}
	if len(stepped) == 1 {
		return walk1(stepped[0], general)
	}
	return walk2(stepped[0], stepped[1], general)
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
