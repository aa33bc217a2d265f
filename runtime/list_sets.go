package runtime

// Lists as sets (CLHS 14): the result orders follow SBCL's algorithms
// (elements are pushed, so results often come out reversed).

// lstSetOpts are the parsed :key/:test/:test-not arguments of a set function.
type lstSetOpts struct {
	key  func(Value) Value
	test func(a, b Value) bool // called as (test key-of-list1-elt key-of-list2-elt)
	// hashTest is the standard test symbol when membership may use a hash
	// table (nil for user tests).
	hashTest *Symbol
}

func lstSetParse(th *Thread, args []Value) lstSetOpts {
	kw := th.ParseKeys(args, "KEY", "TEST", "TEST-NOT")
	lstCheckTests(th, kw[1], kw[2])
	o := lstSetOpts{key: th.KeyFn(kw[0]), test: lstTwoArgTest(th, kw[1], kw[2], nil)}
	if kw[2] == nil {
		if kw[1] == nil {
			o.hashTest = th.Img.S.Eql
		} else {
			for _, s := range []*Symbol{th.Img.S.Eq, th.Img.S.Eql, th.Img.S.Equal, th.Img.S.Equalp} {
				if kw[1] == Value(s) {
					o.hashTest = s
				} else if f, ok := kw[1].(Function); ok && s.Fn != nil && f == s.Fn {
					o.hashTest = s
				}
			}
		}
	}
	return o
}

// lstKeyed is a list's elements with their keys.
type lstKeyed struct {
	elts, keys []Value
}

func (o *lstSetOpts) keyed(th *Thread, l Value) lstKeyed {
	elts := lstSlice(th, l)
	keys := make([]Value, len(elts))
	for i, e := range elts {
		keys[i] = o.key(e)
	}
	return lstKeyed{elts, keys}
}

// member returns a membership test of a key in set; list1First says whether
// probe keys come from list 1 (so they go first to the test).
func (o *lstSetOpts) member(th *Thread, set lstKeyed, probes int, list1First bool) func(k Value) bool {
	if o.hashTest != nil && len(set.keys) > 8 && probes > 4 {
		h := NewHashTable(o.hashTest)
		for _, k := range set.keys {
			h.Put(th, k, T)
		}
		return func(k Value) bool {
			_, ok := h.Get(th, k)
			return ok
		}
	}
	return func(k Value) bool {
		for _, k2 := range set.keys {
			th.Tick()
			if list1First {
				if o.test(k, k2) {
					return true
				}
			} else if o.test(k2, k) {
				return true
			}
		}
		return false
	}
}

// lstUnion follows SBCL 2.2: short lists push the missing elements of the
// longer list onto the shorter one; when both lists have 80 or more elements
// and the test is a standard one, a hash table of the longer then the shorter
// list's keys decides the result order.
func lstUnion(th *Thread, args []Value, destructive bool) Value {
	o := lstSetParse(th, args[2:])
	l1, l2 := o.keyed(th, args[0]), o.keyed(th, args[1])
	short, long := l2, l1
	shortList, longList := args[1], args[0]
	if len(l1.elts) < len(l2.elts) {
		short, long = l1, l2
		shortList, longList = args[0], args[1]
	}
	if o.hashTest != nil && len(short.elts) >= 80 {
		h := NewHashTable(o.hashTest)
		for i, e := range long.elts {
			h.Put(th, long.keys[i], e)
		}
		for i, e := range short.elts {
			h.Put(th, short.keys[i], e)
		}
		if !destructive {
			var res Value = NIL
			h.Each(func(_, v Value) bool {
				res = &Cons{v, res}
				return true
			})
			return res
		}
		res, head := longList, longList
		h.Each(func(_, v Value) bool {
			if c, ok := head.(*Cons); ok {
				c.Car = v
				head = c.Cdr
			} else {
				res = &Cons{v, res}
			}
			return true
		})
		return res
	}
	inShort := o.member(th, short, len(long.elts), true)
	res := shortList
	c := longList
	for i, e := range long.elts {
		cell := c.(*Cons)
		c = cell.Cdr
		if !inShort(long.keys[i]) {
			if destructive {
				cell.Cdr = res
				res = cell
			} else {
				res = &Cons{e, res}
			}
		}
	}
	return res
}

// lstFilter implements INTERSECTION and SET-DIFFERENCE (keep says whether
// members of list 2 are kept) and their destructive variants.
func lstFilter(th *Thread, args []Value, keep, destructive bool) Value {
	o := lstSetParse(th, args[2:])
	if !keep && args[1] == NIL {
		lstSlice(th, args[0])
		return args[0]
	}
	l1, l2 := o.keyed(th, args[0]), o.keyed(th, args[1])
	in2 := o.member(th, l2, len(l1.elts), true)
	var res Value = NIL
	c := args[0]
	for i, e := range l1.elts {
		cell := c.(*Cons)
		c = cell.Cdr
		if in2(l1.keys[i]) == keep {
			if destructive {
				cell.Cdr = res
				res = cell
			} else {
				res = &Cons{e, res}
			}
		}
	}
	return res
}

func lstSetExclusiveOr(th *Thread, args []Value) Value {
	o := lstSetParse(th, args[2:])
	l1, l2 := o.keyed(th, args[0]), o.keyed(th, args[1])
	in2 := o.member(th, l2, len(l1.elts), true)
	in1 := o.member(th, l1, len(l2.elts), false)
	var res Value = NIL
	for i, e := range l1.elts {
		if !in2(l1.keys[i]) {
			res = &Cons{e, res}
		}
	}
	for i, e := range l2.elts {
		if !in1(l2.keys[i]) {
			res = &Cons{e, res}
		}
	}
	return res
}

// lstNsetExclusiveOr follows SBCL's splicing algorithm: matching pairs are
// removed from both lists, and what is left of list 2 is appended to what is
// left of list 1.
func lstNsetExclusiveOr(th *Thread, args []Value) Value {
	o := lstSetParse(th, args[2:])
	lstSlice(th, args[0])
	lstSlice(th, args[1])
	// Which elements match an element of the other list is decided on the
	// lists as given (removing a matched element early would keep a later
	// duplicate of its partner); then the kept conses are relinked.
	var c1, c2 []*Cons
	for x := args[0]; x != NIL; x = x.(*Cons).Cdr {
		c1 = append(c1, x.(*Cons))
	}
	for y := args[1]; y != NIL; y = y.(*Cons).Cdr {
		c2 = append(c2, y.(*Cons))
	}
	k2 := make([]Value, len(c2))
	for j, yc := range c2 {
		k2[j] = o.key(yc.Car)
	}
	matched2 := make([]bool, len(c2))
	var head, tail *Cons
	link := func(c *Cons) {
		if tail == nil {
			head = c
		} else {
			tail.Cdr = c
		}
		tail = c
	}
	for _, xc := range c1 {
		kx := o.key(xc.Car)
		found := false
		for j := range c2 {
			th.Tick()
			if o.test(kx, k2[j]) {
				found = true
				matched2[j] = true
			}
		}
		if !found {
			link(xc)
		}
	}
	for j, yc := range c2 {
		if !matched2[j] {
			link(yc)
		}
	}
	if head == nil {
		return NIL
	}
	tail.Cdr = NIL
	return head
}

func lstSubsetp(th *Thread, args []Value) Value {
	o := lstSetParse(th, args[2:])
	l1, l2 := o.keyed(th, args[0]), o.keyed(th, args[1])
	in2 := o.member(th, l2, len(l1.elts), true)
	for _, k := range l1.keys {
		if !in2(k) {
			return NIL
		}
	}
	return T
}

func lstAdjoin(th *Thread, args []Value) Value {
	o := lstSetParse(th, args[2:])
	k := o.key(args[0])
	w := lstWalk(th, args[1])
	for {
		c, ok := w.next()
		if !ok {
			return &Cons{args[0], args[1]}
		}
		if o.test(k, o.key(c.Car)) {
			return args[1]
		}
	}
}

func init() {
	Register(
		Def{Name: "UNION", Min: 2, Max: -1, Params: "(LIST1 LIST2 &KEY KEY TEST TEST-NOT)", Fn: func(th *Thread, args []Value) Value {
			return lstUnion(th, args, false)
		}},
		Def{Name: "NUNION", Min: 2, Max: -1, Params: "(LIST1 LIST2 &KEY KEY TEST TEST-NOT)", Fn: func(th *Thread, args []Value) Value {
			return lstUnion(th, args, true)
		}},
		Def{Name: "INTERSECTION", Min: 2, Max: -1, Params: "(LIST1 LIST2 &KEY KEY TEST TEST-NOT)", Fn: func(th *Thread, args []Value) Value {
			return lstFilter(th, args, true, false)
		}},
		Def{Name: "NINTERSECTION", Min: 2, Max: -1, Params: "(LIST1 LIST2 &KEY KEY TEST TEST-NOT)", Fn: func(th *Thread, args []Value) Value {
			return lstFilter(th, args, true, true)
		}},
		Def{Name: "SET-DIFFERENCE", Min: 2, Max: -1, Params: "(LIST1 LIST2 &KEY KEY TEST TEST-NOT)", Fn: func(th *Thread, args []Value) Value {
			return lstFilter(th, args, false, false)
		}},
		Def{Name: "NSET-DIFFERENCE", Min: 2, Max: -1, Params: "(LIST1 LIST2 &KEY KEY TEST TEST-NOT)", Fn: func(th *Thread, args []Value) Value {
			return lstFilter(th, args, false, true)
		}},
		Def{Name: "SET-EXCLUSIVE-OR", Min: 2, Max: -1, Params: "(LIST1 LIST2 &KEY KEY TEST TEST-NOT)", Fn: lstSetExclusiveOr},
		Def{Name: "NSET-EXCLUSIVE-OR", Min: 2, Max: -1, Params: "(LIST1 LIST2 &KEY KEY TEST TEST-NOT)", Fn: lstNsetExclusiveOr},
		Def{Name: "SUBSETP", Min: 2, Max: -1, Params: "(LIST1 LIST2 &KEY KEY TEST TEST-NOT)", Fn: lstSubsetp},
		Def{Name: "ADJOIN", Min: 2, Max: -1, Params: "(ITEM LIST &KEY KEY TEST TEST-NOT)", Fn: lstAdjoin},
	)
}
