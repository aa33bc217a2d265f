package runtime

// List operations (CLHS 14): concatenation, copying, searching, association
// lists, property lists and substitution.

// lstKeyTest parses &key key test test-not starting at args[from] and returns
// the comparison of an item with an element (key applied to the element).
func lstKeyTest(th *Thread, args []Value, from int) func(item, elt Value) bool {
	kw := th.ParseKeys(args[from:], "KEY", "TEST", "TEST-NOT")
	lstCheckTests(th, kw[1], kw[2])
	return lstTwoArgTest(th, kw[1], kw[2], kw[0])
}

// lstStandardTest returns the Go version of a standard test given as a
// symbol or function object (nil for other tests); a missing test is EQL.
func lstStandardTest(th *Thread, test Value) func(a, b Value) bool {
	S := th.Img.S
	var name *Symbol
	switch {
	case test == nil || test == NIL:
		name = S.Eql
	default:
		for _, s := range []*Symbol{S.Eq, S.Eql, S.Equal, S.Equalp} {
			if test == Value(s) {
				name = s
				break
			}
			if f, ok := test.(Function); ok && s.Fn != nil && f == s.Fn {
				name = s
				break
			}
		}
	}
	switch name {
	case S.Eq:
		return Eq
	case S.Eql:
		return Eql
	case S.Equal:
		return func(a, b Value) bool { return Equal(th, a, b) }
	case S.Equalp:
		return func(a, b Value) bool { return Equalp(th, a, b) }
	}
	return nil
}

// lstTwoArgTest is Thread.TwoArgTest with the standard tests done in Go.
func lstTwoArgTest(th *Thread, test, testNot, key Value) func(item, elt Value) bool {
	if testNot == nil || testNot == NIL {
		if f := lstStandardTest(th, test); f != nil {
			if key == nil || key == NIL {
				return f
			}
			k := th.KeyFn(key)
			return func(item, elt Value) bool { return f(item, k(elt)) }
		}
	}
	return th.TwoArgTest(test, testNot, key)
}

// lstCheckTests rejects :test together with :test-not, as SBCL does.
func lstCheckTests(th *Thread, test, testNot Value) {
	if test != nil && testNot != nil {
		th.SimpleError(":TEST and :TEST-NOT were both supplied.")
	}
}

// lstPred builds the predicate of a -IF / -IF-NOT function from a function
// designator and a :key argument (args[from:]).
func lstPred(th *Thread, fn Value, args []Value, from int, negate bool) func(Value) bool {
	kw := th.ParseKeys(args[from:], "KEY")
	f := th.Resolve(fn)
	key := th.KeyFn(kw[0])
	return func(v Value) bool { return (th.call1(f, key(v)) != NIL) != negate }
}

func lstAppend(th *Thread, args []Value) Value {
	if len(args) == 0 {
		return NIL
	}
	var b ListBuilder
	for _, l := range args[:len(args)-1] {
		w := lstWalk(th, l)
		for {
			c, ok := w.next()
			if !ok {
				break
			}
			b.Add(c.Car)
		}
	}
	b.SetTail(args[len(args)-1])
	return b.List()
}

// lstLastCons returns the last cons of a non-empty list (any dotted tail is
// ignored), signalling on circular lists.
func lstLastCons(th *Thread, c *Cons) *Cons {
	w := lstWalkDotted(th, c)
	last := c
	for {
		x, ok := w.next()
		if !ok {
			return last
		}
		last = x
	}
}

func lstNconc(th *Thread, args []Value) Value {
	var result Value = NIL
	var tail *Cons
	for i, a := range args {
		if i == len(args)-1 {
			if tail == nil {
				return a
			}
			tail.Cdr = a
			return result
		}
		switch x := a.(type) {
		case *Cons:
			if tail == nil {
				result = x
			} else {
				tail.Cdr = x
			}
			tail = lstLastCons(th, x)
		default:
			if a != NIL {
				th.TypeErrorName(a, "LIST")
			}
		}
	}
	return result
}

func lstRevappend(th *Thread, l, tail Value, destructive bool) Value {
	w := lstWalk(th, l)
	for {
		c, ok := w.next()
		if !ok {
			return tail
		}
		if destructive {
			c.Cdr = tail
			tail = c
		} else {
			tail = &Cons{c.Car, tail}
		}
	}
}

func lstCopyList(th *Thread, l Value, alist bool) Value {
	if !IsList(l) {
		return th.TypeErrorName(l, "LIST")
	}
	var b ListBuilder
	w := lstWalkDotted(th, l)
	for {
		c, ok := w.next()
		if !ok {
			break
		}
		x := c.Car
		if alist {
			if _, dotted := c.Cdr.(*Cons); !dotted && c.Cdr != NIL {
				th.TypeErrorName(c.Cdr, "LIST") // an alist is a proper list
			}
			if p, ok := x.(*Cons); ok {
				x = &Cons{p.Car, p.Cdr}
			}
		}
		b.Add(x)
	}
	b.SetTail(w.tail)
	return b.List()
}

func lstCopyTree(th *Thread, v Value) Value {
	if _, ok := v.(*Cons); !ok {
		return v
	}
	var b ListBuilder
	w := lstWalkDotted(th, v)
	for {
		c, ok := w.next()
		if !ok {
			break
		}
		x := c.Car
		if _, ok := x.(*Cons); ok {
			th.EnterNested()
			x = lstCopyTree(th, x)
			th.LeaveNested()
		}
		b.Add(x)
	}
	b.SetTail(w.tail)
	return b.List()
}

func lstTreeEqual(th *Thread, x, y Value, test func(a, b Value) bool, eqShortcut bool) bool {
	for {
		cx, okx := x.(*Cons)
		cy, oky := y.(*Cons)
		if !okx || !oky {
			if okx || oky {
				return false
			}
			return test(x, y)
		}
		if eqShortcut && cx == cy {
			return true
		}
		th.Tick()
		if _, ok := cx.Car.(*Cons); ok {
			th.EnterNested()
			r := lstTreeEqual(th, cx.Car, cy.Car, test, eqShortcut)
			th.LeaveNested()
			if !r {
				return false
			}
		} else if !lstTreeEqual(th, cx.Car, cy.Car, test, eqShortcut) {
			return false
		}
		x, y = cx.Cdr, cy.Cdr
	}
}

func lstLdiff(th *Thread, l, object Value) Value {
	if !IsList(l) {
		return th.TypeErrorName(l, "LIST")
	}
	var b ListBuilder
	w := lstWalkDotted(th, l)
	for {
		if Eql(w.l, object) {
			return b.List()
		}
		c, ok := w.next()
		if !ok {
			b.SetTail(w.tail)
			return b.List()
		}
		b.Add(c.Car)
	}
}

func lstTailp(th *Thread, object, l Value) Value {
	if !IsList(l) {
		return th.TypeErrorName(l, "LIST")
	}
	w := lstWalkDotted(th, l)
	for {
		if Eql(w.l, object) {
			return T
		}
		if _, ok := w.next(); !ok {
			return NIL
		}
	}
}

// lstMember returns the first tail of l whose car satisfies match.
func lstMember(th *Thread, l Value, match func(Value) bool) Value {
	w := lstWalk(th, l)
	for {
		c, ok := w.next()
		if !ok {
			return NIL
		}
		if match(c.Car) {
			return c
		}
	}
}

// lstAssoc returns the first pair of alist whose car (or cdr) satisfies match.
func lstAssoc(th *Thread, alist Value, useCdr bool, match func(Value) bool) Value {
	w := lstWalk(th, alist)
	for {
		c, ok := w.next()
		if !ok {
			return NIL
		}
		switch p := c.Car.(type) {
		case *Cons:
			x := p.Car
			if useCdr {
				x = p.Cdr
			}
			if match(x) {
				return p
			}
		default:
			if p != NIL {
				th.TypeErrorName(p, "LIST")
			}
		}
	}
}

func lstPairlis(th *Thread, args []Value) Value {
	keys, data := lstSlice(th, args[0]), lstSlice(th, args[1])
	if len(keys) != len(data) {
		th.SimpleError("The lists of keys and data are of unequal length.")
	}
	out := Opt(args, 2)
	for i := range keys {
		out = &Cons{&Cons{keys[i], data[i]}, out}
	}
	return out
}

// lstMalformedPlist signals SBCL's error for an odd-length property list.
// The datum is the tail where a value should be (a cons), as in SBCL.
func lstMalformedPlist(th *Thread, plist, tail Value) {
	th.Error(th.MakeCondition("SIMPLE-TYPE-ERROR", th.Img.Kw("DATUM"), tail,
		th.Img.Kw("EXPECTED-TYPE"), th.Img.CLSym("CONS"),
		th.Img.Kw("FORMAT-CONTROL"), NewString("malformed property list: ~S."),
		th.Img.Kw("FORMAT-ARGUMENTS"), List(plist)))
}

// lstPlistFind returns the cons holding the first indicator of plist that
// satisfies match (or nil).
func lstPlistFind(th *Thread, plist Value, match func(Value) bool) *Cons {
	l, slow := plist, plist
	for n := 0; ; n++ {
		c, ok := l.(*Cons)
		if !ok {
			if l != NIL {
				th.TypeErrorName(l, "LIST")
			}
			return nil
		}
		vc, ok := c.Cdr.(*Cons)
		if !ok {
			lstMalformedPlist(th, plist, c.Cdr)
		}
		if match(c.Car) {
			return c
		}
		l = vc.Cdr
		if n&1 == 1 {
			slow = slow.(*Cons).Cdr.(*Cons).Cdr
			if slow == l {
				if _, ok := l.(*Cons); ok {
					lstCircular(th, plist)
				}
			}
			th.Tick()
		}
	}
}

// lstGetf implements GETF on a property list.
func lstGetf(th *Thread, plist, indicator, def Value) Value {
	if c := lstPlistFind(th, plist, func(k Value) bool { return Eq(k, indicator) }); c != nil {
		return c.Cdr.(*Cons).Car
	}
	return def
}

// lstSubst substitutes in a tree, copying only the changed parts. find
// reports whether a subtree is replaced and by what.
func lstSubst(th *Thread, tree Value, find func(Value) (Value, bool)) Value {
	if r, ok := find(tree); ok {
		return r
	}
	if _, ok := tree.(*Cons); !ok {
		return tree
	}
	var spine []*Cons
	var cars []Value
	node, slow := tree, tree
	var tail Value
	for {
		c := node.(*Cons)
		spine = append(spine, c)
		car := c.Car
		if _, ok := car.(*Cons); ok {
			th.EnterNested()
			car = lstSubst(th, car, find)
			th.LeaveNested()
		} else if r, ok := find(car); ok {
			car = r
		}
		cars = append(cars, car)
		node = c.Cdr
		if r, ok := find(node); ok {
			tail = r
			break
		}
		if _, ok := node.(*Cons); !ok {
			tail = node
			break
		}
		if len(spine)&1 == 0 {
			slow = slow.(*Cons).Cdr
			if slow == node {
				lstCircular(th, tree)
			}
			th.Tick()
		}
	}
	result := tail
	for i := len(spine) - 1; i >= 0; i-- {
		c := spine[i]
		if Eq(cars[i], c.Car) && Eq(result, c.Cdr) {
			result = c
		} else {
			result = &Cons{cars[i], result}
		}
	}
	return result
}

// lstNsubst substitutes destructively.
func lstNsubst(th *Thread, tree Value, find func(Value) (Value, bool)) Value {
	if r, ok := find(tree); ok {
		return r
	}
	c, ok := tree.(*Cons)
	if !ok {
		return tree
	}
	var slow Value = tree
	for n := 1; ; n++ {
		if _, ok := c.Car.(*Cons); ok {
			th.EnterNested()
			c.Car = lstNsubst(th, c.Car, find)
			th.LeaveNested()
		} else if r, ok := find(c.Car); ok {
			c.Car = r
		}
		next := c.Cdr
		if r, ok := find(next); ok {
			c.Cdr = r
			return tree
		}
		nc, ok := next.(*Cons)
		if !ok {
			return tree
		}
		c = nc
		if n&1 == 0 {
			slow = slow.(*Cons).Cdr
			if slow == Value(c) {
				lstCircular(th, tree)
			}
			th.Tick()
		}
	}
}

// lstSubstFinder parses the arguments of SUBST-like functions.
func lstSubstFinder(th *Thread, name string, args []Value) (find func(Value) (Value, bool), tree Value) {
	switch name {
	case "SUBST", "NSUBST":
		newV, old := args[0], args[1]
		test := lstKeyTest(th, args, 3)
		return func(sub Value) (Value, bool) {
			if test(old, sub) {
				return newV, true
			}
			return nil, false
		}, args[2]
	case "SUBST-IF", "NSUBST-IF", "SUBST-IF-NOT", "NSUBST-IF-NOT":
		newV := args[0]
		negate := name == "SUBST-IF-NOT" || name == "NSUBST-IF-NOT"
		pred := lstPred(th, args[1], args, 3, negate)
		return func(sub Value) (Value, bool) {
			if pred(sub) {
				return newV, true
			}
			return nil, false
		}, args[2]
	default: // SUBLIS, NSUBLIS
		kw := th.ParseKeys(args[2:], "KEY", "TEST", "TEST-NOT")
		lstCheckTests(th, kw[1], kw[2])
		test := lstTwoArgTest(th, kw[1], kw[2], nil)
		key := th.KeyFn(kw[0])
		var pairs []*Cons
		w := lstWalk(th, args[0])
		for {
			c, ok := w.next()
			if !ok {
				break
			}
			switch p := c.Car.(type) {
			case *Cons:
				pairs = append(pairs, p)
			default:
				if p != NIL {
					th.TypeErrorName(p, "LIST")
				}
			}
		}
		work := 0 // comparisons: tree size times alist length
		return func(sub Value) (Value, bool) {
			k := key(sub)
			for _, p := range pairs {
				if test(k, p.Car) {
					return p.Cdr, true
				}
				work++
				th.PollAt(work)
			}
			return nil, false
		}, args[1]
	}
}

func init() {
	defs := []Def{
		{Name: "APPEND", Min: 0, Max: -1, Params: "(&REST LISTS)", Fn: lstAppend},
		{Name: "NCONC", Min: 0, Max: -1, Params: "(&REST LISTS)", Fn: lstNconc},
		{Name: "REVAPPEND", Min: 2, Max: 2, Params: "(X Y)", Fn: func(th *Thread, args []Value) Value {
			return lstRevappend(th, args[0], args[1], false)
		}},
		{Name: "NRECONC", Min: 2, Max: 2, Params: "(X Y)", Fn: func(th *Thread, args []Value) Value {
			return lstRevappend(th, args[0], args[1], true)
		}},
		{Name: "COPY-LIST", Min: 1, Max: 1, Params: "(LIST)", Fn: func(th *Thread, args []Value) Value {
			return lstCopyList(th, args[0], false)
		}},
		{Name: "COPY-ALIST", Min: 1, Max: 1, Params: "(ALIST)", Fn: func(th *Thread, args []Value) Value {
			return lstCopyList(th, args[0], true)
		}},
		{Name: "COPY-TREE", Min: 1, Max: 1, Params: "(OBJECT)", Fn: func(th *Thread, args []Value) Value {
			return lstCopyTree(th, args[0])
		}},
		{Name: "TREE-EQUAL", Min: 2, Max: -1, Params: "(X Y &KEY TEST TEST-NOT)", Fn: func(th *Thread, args []Value) Value {
			kw := th.ParseKeys(args[2:], "TEST", "TEST-NOT")
			test := lstTwoArgTest(th, kw[0], kw[1], nil)
			dflt := kw[1] == nil && (kw[0] == nil || kw[0] == th.Img.S.Eql || kw[0] == th.Img.S.Eq)
			return Bool(lstTreeEqual(th, args[0], args[1], test, dflt))
		}},
		{Name: "LDIFF", Min: 2, Max: 2, Params: "(LIST OBJECT)", Fn: func(th *Thread, args []Value) Value {
			return lstLdiff(th, args[0], args[1])
		}},
		{Name: "TAILP", Min: 2, Max: 2, Params: "(OBJECT LIST)", Fn: func(th *Thread, args []Value) Value {
			return lstTailp(th, args[0], args[1])
		}},
		{Name: "MEMBER", Min: 2, Max: -1, Params: "(ITEM LIST &KEY KEY TEST TEST-NOT)", Fn: func(th *Thread, args []Value) Value {
			if kind, ok := lstPlainTest(th, args[2:]); ok {
				return lstMemberPlain(th, args[0], args[1], kind)
			}
			test := lstKeyTest(th, args, 2)
			item := args[0]
			return lstMember(th, args[1], func(x Value) bool { return test(item, x) })
		}},
		{Name: "MEMBER-IF", Min: 2, Max: -1, Params: "(TEST LIST &KEY KEY)", Fn: func(th *Thread, args []Value) Value {
			return lstMember(th, args[1], lstPred(th, args[0], args, 2, false))
		}},
		{Name: "MEMBER-IF-NOT", Min: 2, Max: -1, Params: "(TEST LIST &KEY KEY)", Fn: func(th *Thread, args []Value) Value {
			return lstMember(th, args[1], lstPred(th, args[0], args, 2, true))
		}},
		{Name: "ASSOC", Min: 2, Max: -1, Params: "(ITEM ALIST &KEY KEY TEST TEST-NOT)", Fn: func(th *Thread, args []Value) Value {
			if kind, ok := lstPlainTest(th, args[2:]); ok {
				return lstAssocPlain(th, args[0], args[1], kind)
			}
			test := lstKeyTest(th, args, 2)
			item := args[0]
			return lstAssoc(th, args[1], false, func(x Value) bool { return test(item, x) })
		}},
		{Name: "ASSOC-IF", Min: 2, Max: -1, Params: "(PREDICATE ALIST &KEY KEY)", Fn: func(th *Thread, args []Value) Value {
			return lstAssoc(th, args[1], false, lstPred(th, args[0], args, 2, false))
		}},
		{Name: "ASSOC-IF-NOT", Min: 2, Max: -1, Params: "(PREDICATE ALIST &KEY KEY)", Fn: func(th *Thread, args []Value) Value {
			return lstAssoc(th, args[1], false, lstPred(th, args[0], args, 2, true))
		}},
		{Name: "RASSOC", Min: 2, Max: -1, Params: "(ITEM ALIST &KEY KEY TEST TEST-NOT)", Fn: func(th *Thread, args []Value) Value {
			test := lstKeyTest(th, args, 2)
			item := args[0]
			return lstAssoc(th, args[1], true, func(x Value) bool { return test(item, x) })
		}},
		{Name: "RASSOC-IF", Min: 2, Max: -1, Params: "(PREDICATE ALIST &KEY KEY)", Fn: func(th *Thread, args []Value) Value {
			return lstAssoc(th, args[1], true, lstPred(th, args[0], args, 2, false))
		}},
		{Name: "RASSOC-IF-NOT", Min: 2, Max: -1, Params: "(PREDICATE ALIST &KEY KEY)", Fn: func(th *Thread, args []Value) Value {
			return lstAssoc(th, args[1], true, lstPred(th, args[0], args, 2, true))
		}},
		{Name: "ACONS", Min: 3, Max: 3, Params: "(KEY DATUM ALIST)", Fn: func(th *Thread, args []Value) Value {
			return &Cons{&Cons{args[0], args[1]}, args[2]}
		}},
		{Name: "PAIRLIS", Min: 2, Max: 3, Params: "(KEYS DATA &OPTIONAL ALIST)", Fn: lstPairlis},
		{Name: "GET-PROPERTIES", Min: 2, Max: 2, MV: true, Params: "(PLACE INDICATOR-LIST)", Fn: func(th *Thread, args []Value) Value {
			inds := lstSlice(th, args[1])
			c := lstPlistFind(th, args[0], func(k Value) bool {
				for _, i := range inds {
					if Eq(i, k) {
						return true
					}
				}
				return false
			})
			if c == nil {
				return th.Values(NIL, NIL, NIL)
			}
			return th.Values(c.Car, c.Cdr.(*Cons).Car, c)
		}},
		{Name: "GETF", Min: 2, Max: 3, Params: "(PLACE INDICATOR &OPTIONAL DEFAULT)", Fn: func(th *Thread, args []Value) Value {
			return lstGetf(th, args[0], args[1], Opt(args, 2))
		}},
	}
	for _, spec := range []struct {
		name, params string
		min          int
		destructive  bool
	}{
		{"SUBST", "(NEW OLD TREE &KEY KEY TEST TEST-NOT)", 3, false},
		{"NSUBST", "(NEW OLD TREE &KEY KEY TEST TEST-NOT)", 3, true},
		{"SUBST-IF", "(NEW PREDICATE TREE &KEY KEY)", 3, false},
		{"NSUBST-IF", "(NEW PREDICATE TREE &KEY KEY)", 3, true},
		{"SUBST-IF-NOT", "(NEW PREDICATE TREE &KEY KEY)", 3, false},
		{"NSUBST-IF-NOT", "(NEW PREDICATE TREE &KEY KEY)", 3, true},
		{"SUBLIS", "(ALIST TREE &KEY KEY TEST TEST-NOT)", 2, false},
		{"NSUBLIS", "(ALIST TREE &KEY KEY TEST TEST-NOT)", 2, true},
	} {
		spec := spec
		defs = append(defs, Def{Name: spec.name, Min: spec.min, Max: -1, Params: spec.params,
			Fn: func(th *Thread, args []Value) Value {
				find, tree := lstSubstFinder(th, spec.name, args)
				if spec.destructive {
					return lstNsubst(th, tree, find)
				}
				return lstSubst(th, tree, find)
			}})
	}
	Register(defs...)
}
