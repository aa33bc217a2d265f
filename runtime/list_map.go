package runtime

// Mapping functions over lists (CLHS 14.2 MAPC and friends). They stop at the
// shortest list; circular lists are allowed (another list may end the
// iteration), but when every list is circular it is a TYPE-ERROR.

// lstMap drives all six mapping functions. onTails passes the tails instead
// of the elements; collect is called with each result.
func lstMap(th *Thread, args []Value, onTails bool, collect func(Value)) {
	f := th.Resolve(args[0])
	k := len(args) - 1
	// The walk's state lives on the Go stack for a few lists, and the
	// arguments of each call on the thread's argument stack: mapping
	// allocates nothing of its own.
	var small [8]Value
	var smallSeen [4]bool
	state, seen := small[:0], smallSeen[:0]
	if k <= len(smallSeen) {
		state, seen = small[:2*k], smallSeen[:k]
	} else {
		state, seen = make([]Value, 2*k), make([]bool, k)
	}
	// slow trails each list at half speed (Floyd): when every list has
	// been seen to be circular, the mapping could never end.
	lists, slow := state[:k], state[k:]
	copy(lists, args[1:])
	copy(slow, args[1:])
	base, buf := th.ArgSlots(k)
	circular := 0
	for n := 1; ; n++ {
		for i, l := range lists {
			c, ok := l.(*Cons)
			if !ok {
				if l != NIL {
					th.TypeErrorName(l, "LIST")
				}
				th.PopArgs(base)
				return
			}
			if onTails {
				buf[i] = c
			} else {
				buf[i] = c.Car
			}
			lists[i] = c.Cdr
		}
		if n&1 == 0 {
			for i, l := range lists {
				if sc, ok := slow[i].(*Cons); ok {
					slow[i] = sc.Cdr
				}
				if _, ok := l.(*Cons); ok && slow[i] == l && !seen[i] {
					seen[i] = true
					circular++
				}
			}
			if circular == k {
				lstCircular(th, args[1])
			}
		}
		th.Tick()
		v := f.Call(th, buf)
		if collect != nil {
			collect(v)
		}
	}
}

// lstNconcer accumulates results with NCONC semantics as SBCL's MAPCAN does:
// a non-list result in the middle is dropped, a final one becomes the tail.
type lstNconcer struct {
	th     *Thread
	result Value
	tail   *Cons
}

func (n *lstNconcer) add(v Value) {
	if c, ok := v.(*Cons); ok {
		if n.tail == nil {
			n.result = c
		} else {
			n.tail.Cdr = c
		}
		n.tail = lstLastCons(n.th, c)
		return
	}
	if n.tail == nil {
		n.result = v
	} else {
		n.tail.Cdr = v
	}
}

func (n *lstNconcer) list() Value {
	if n.result == nil {
		return NIL
	}
	return n.result
}

func init() {
	Register(
		Def{Name: "MAPCAR", Min: 2, Max: -1, Params: "(FUNCTION LIST &REST MORE-LISTS)", Fn: func(th *Thread, args []Value) Value {
			var b ListBuilder
			lstMap(th, args, false, b.Add)
			return b.List()
		}},
		Def{Name: "MAPLIST", Min: 2, Max: -1, Params: "(FUNCTION LIST &REST MORE-LISTS)", Fn: func(th *Thread, args []Value) Value {
			var b ListBuilder
			lstMap(th, args, true, b.Add)
			return b.List()
		}},
		Def{Name: "MAPC", Min: 2, Max: -1, Params: "(FUNCTION LIST &REST MORE-LISTS)", Fn: func(th *Thread, args []Value) Value {
			lstMap(th, args, false, nil)
			return args[1]
		}},
		Def{Name: "MAPL", Min: 2, Max: -1, Params: "(FUNCTION LIST &REST MORE-LISTS)", Fn: func(th *Thread, args []Value) Value {
			lstMap(th, args, true, nil)
			return args[1]
		}},
		Def{Name: "MAPCAN", Min: 2, Max: -1, Params: "(FUNCTION LIST &REST MORE-LISTS)", Fn: func(th *Thread, args []Value) Value {
			n := lstNconcer{th: th}
			lstMap(th, args, false, n.add)
			return n.list()
		}},
		Def{Name: "MAPCON", Min: 2, Max: -1, Params: "(FUNCTION LIST &REST MORE-LISTS)", Fn: func(th *Thread, args []Value) Value {
			n := lstNconcer{th: th}
			lstMap(th, args, true, n.add)
			return n.list()
		}},
	)
}
