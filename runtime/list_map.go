package runtime

// Mapping functions over lists (CLHS 14.2 MAPC and friends). They stop at the
// shortest list; circular lists are allowed (another list may end the
// iteration), but when every list is circular it is a TYPE-ERROR.

// MapKind says what a mapping function does with the values of its calls.
type MapKind uint8

const (
	// MapDiscard drops them and returns the first list (MAPC, MAPL).
	MapDiscard MapKind = iota
	// MapCollect returns a fresh list of them (MAPCAR, MAPLIST).
	MapCollect
	// MapNconc joins them with NCONC (MAPCAN, MAPCON).
	MapNconc
)

// lstMap drives the six mapping functions over two or more lists (MapOne
// maps over one). onTails passes the tails instead of the elements;
// collect is called with each result.
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

// MapOne is a mapping function of kind over one list (as MAPCAR, MAPC,
// MAPCAN, or with onTails MAPLIST, MAPL, MAPCON, called with f and list;
// the caller makes the call record): the same walk, calls and errors as
// lstMap, the commonest case made cheaper. f is called through c1 when it
// is not nil (f itself, as its one-argument entry point), else through
// f's Caller1 when it has one.
func (th *Thread) MapOne(f Function, c1 Caller1, list Value, onTails bool, kind MapKind) Value {
	if c1 == nil {
		if _, ok := f.(*Builtin); !ok {
			c1, _ = f.(Caller1)
		}
	}
	var b ListBuilder
	var nc lstNconcer
	if kind == MapNconc {
		nc.th = th
	}
	// slow trails l at half speed (Floyd): meeting it means the list is circular.
	slow, _ := list.(*Cons)
	l := list
	for n := 1; ; n++ {
		c, ok := l.(*Cons)
		if !ok {
			if l != NIL {
				th.TypeErrorName(l, "LIST")
			}
			break
		}
		var x Value = c
		if !onTails {
			x = c.Car
		}
		l = c.Cdr
		if n&1 == 0 {
			if slow != nil {
				slow, _ = slow.Cdr.(*Cons)
			}
			if lc, ok := l.(*Cons); ok && lc == slow {
				lstCircular(th, list)
			}
		}
		th.Tick()
		var v Value
		if c1 != nil {
			v = c1.Call1(th, x)
		} else {
			v = th.call1(f, x)
		}
		switch kind {
		case MapCollect:
			b.Add(v)
		case MapNconc:
			nc.add(v)
		}
	}
	switch kind {
	case MapCollect:
		return b.List()
	case MapNconc:
		return nc.list()
	}
	return list
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

// mapDef defines one of the six mapping functions: one list goes to
// MapOne, more to lstMap.
func mapDef(name string, onTails bool, kind MapKind) Def {
	return Def{Name: name, Min: 2, Max: -1, Params: "(FUNCTION LIST &REST MORE-LISTS)", Fn: func(th *Thread, args []Value) Value {
		if len(args) == 2 {
			return th.MapOne(th.Resolve(args[0]), nil, args[1], onTails, kind)
		}
		switch kind {
		case MapCollect:
			var b ListBuilder
			lstMap(th, args, onTails, b.Add)
			return b.List()
		case MapNconc:
			n := lstNconcer{th: th}
			lstMap(th, args, onTails, n.add)
			return n.list()
		}
		lstMap(th, args, onTails, nil)
		return args[1]
	}}
}

func init() {
	Register(
		mapDef("MAPCAR", false, MapCollect),
		mapDef("MAPLIST", true, MapCollect),
		mapDef("MAPC", false, MapDiscard),
		mapDef("MAPL", true, MapDiscard),
		mapDef("MAPCAN", false, MapNconc),
		mapDef("MAPCON", true, MapNconc),
	)
}
