package runtime

// Fast entry points (Builtin.Fast1/2/3) of list, property-list and equality
// builtins: the common case of a short proper list (at most fastSearchLimit
// conses, so that no loop here needs to count steps or check for a cycle)
// is computed without a call record; anything else (a dotted, circular or
// long list, a symbol whose property list lives in the image, a bad
// argument) declines, and the real builtin runs and signals as before.

// fastEqualDepth bounds the nesting of conses fastEqual follows in their
// cars (the Go stack it may use).
const fastEqualDepth = 64

// fastLen returns the length of l when it is a proper list of at most
// fastSearchLimit conses.
func fastLen(l Value) (int, bool) {
	for n := 0; n <= fastSearchLimit; n++ {
		c, ok := l.(*Cons)
		if !ok {
			return n, l == NIL
		}
		l = c.Cdr
	}
	return 0, false
}

// fastLength is LENGTH of a short proper list or a vector.
func fastLength(x Value) (Value, bool) {
	switch s := x.(type) {
	case *Cons:
		if n, ok := fastLen(s); ok {
			return MakeInt(int64(n)), true
		}
		return nil, false
	case *Vector, *String, *BitVector:
		return MakeInt(int64(vecLen(s))), true
	}
	if x == NIL {
		return MakeInt(0), true
	}
	return nil, false
}

// fastEqual is EQUAL within a budget of fastSearchLimit conses.
func fastEqual(a, b Value) (Value, bool) {
	budget := fastSearchLimit
	r, ok := equalBounded(a, b, &budget, 0)
	if !ok {
		return nil, false
	}
	return Bool(r), true
}

// equalBounded is Equal for trees of at most *budget conses nested at most
// fastEqualDepth deep in their cars; ok is false beyond that.
func equalBounded(a, b Value, budget *int, depth int) (r, ok bool) {
	for {
		x, isCons := a.(*Cons)
		if !isCons {
			switch a.(type) {
			case *Symbol, Fixnum, Char:
				return a == b, true
			}
			// Atoms other than conses: Equal does not look at the thread
			// for them.
			return Equal(nil, a, b), true
		}
		y, isCons := b.(*Cons)
		if !isCons {
			return false, true
		}
		if x == y {
			return true, true
		}
		*budget--
		if *budget < 0 {
			return false, false
		}
		if _, nested := x.Car.(*Cons); nested {
			if depth >= fastEqualDepth {
				return false, false
			}
			if r, ok := equalBounded(x.Car, y.Car, budget, depth+1); !r || !ok {
				return r, ok
			}
		} else if r, ok := equalBounded(x.Car, y.Car, budget, depth); !r || !ok {
			return r, ok
		}
		a, b = x.Cdr, y.Cdr
	}
}

// fastEql is EQL, which never signals.
func fastEql(a, b Value) (Value, bool) { return Bool(Eql(a, b)), true }

// fastPlistGet returns the value of indicator in a short, well-formed
// property list (NIL when absent).
func fastPlistGet(plist, indicator Value) (Value, bool) {
	l := plist
	for n := 0; n < fastSearchLimit; n++ {
		c, ok := l.(*Cons)
		if !ok {
			return NIL, l == NIL
		}
		v, ok := c.Cdr.(*Cons)
		if !ok {
			return nil, false
		}
		if Eq(c.Car, indicator) {
			return v.Car, true
		}
		l = v.Cdr
	}
	return nil, false
}

// fastGet is (GET symbol indicator) of a symbol other than NIL and T (whose
// property lists belong to the image).
func fastGet(x, indicator Value) (Value, bool) {
	s, ok := x.(*Symbol)
	if !ok || s == NIL || s == T {
		return nil, false
	}
	if s.Plist == nil {
		return NIL, true
	}
	return fastPlistGet(s.Plist, indicator)
}

// fastGetf is (GETF plist indicator).
func fastGetf(plist, indicator Value) (Value, bool) { return fastPlistGet(plist, indicator) }

// fastMember is (MEMBER item list) for an item EQL compares by identity.
func fastMember(item, list Value) (Value, bool) {
	if !identityEql(item) {
		return nil, false
	}
	l := list
	for n := 0; n < fastSearchLimit; n++ {
		c, ok := l.(*Cons)
		if !ok {
			return NIL, l == NIL
		}
		if c.Car == item {
			return c, true
		}
		l = c.Cdr
	}
	return nil, false
}

// fastNthcdr is (NTHCDR n list) for a fixnum n and a short list.
func fastNthcdr(n, list Value) (Value, bool) {
	k, ok := n.(Fixnum)
	if !ok || k < 0 || k > fastSearchLimit {
		return nil, false
	}
	l := list
	for ; k > 0; k-- {
		c, ok := l.(*Cons)
		if !ok {
			return NIL, l == NIL
		}
		l = c.Cdr
	}
	if _, ok := l.(*Cons); ok || l == NIL {
		return l, true
	}
	return nil, false
}

// fastNth is (NTH n list).
func fastNth(n, list Value) (Value, bool) {
	l, ok := fastNthcdr(n, list)
	if !ok {
		return nil, false
	}
	if c, ok := l.(*Cons); ok {
		return c.Car, true
	}
	return NIL, true
}

// fastLast is (LAST list) of a short proper list.
func fastLast(list Value) (Value, bool) {
	c, ok := list.(*Cons)
	if !ok {
		return NIL, list == NIL
	}
	for n := 0; n < fastSearchLimit; n++ {
		next, ok := c.Cdr.(*Cons)
		if !ok {
			if c.Cdr == NIL {
				return c, true
			}
			return nil, false
		}
		c = next
	}
	return nil, false
}

// fastNreverse is NREVERSE of a short proper list, reversed in place as
// the builtin does, in one walk: on a dotted or long list the conses it
// has turned are turned back before it declines.
func fastNreverse(list Value) (Value, bool) {
	var prev Value = NIL
	l := list
	for n := 0; n <= fastSearchLimit; n++ {
		c, ok := l.(*Cons)
		if !ok {
			if l == NIL {
				return prev, true
			}
			break
		}
		next := c.Cdr
		c.Cdr = prev
		prev, l = c, next
	}
	for prev != NIL {
		c := prev.(*Cons)
		next := c.Cdr
		c.Cdr = l
		l, prev = c, next
	}
	return nil, false
}

// fastNconc is (NCONC x y) for a short proper list x.
func fastNconc(x, y Value) (Value, bool) {
	if x == NIL {
		return y, true
	}
	last, ok := fastLast(x)
	if !ok {
		return nil, false
	}
	last.(*Cons).Cdr = y
	return x, true
}

// fastAppend is (APPEND x y) for a short proper list x: at most
// fastSearchLimit conses, as the builtin makes them.
func fastAppend(x, y Value) (Value, bool) {
	if x == NIL {
		return y, true
	}
	if _, ok := fastLen(x); !ok {
		return nil, false
	}
	var b ListBuilder
	for l := x; l != NIL; l = l.(*Cons).Cdr {
		b.Add(l.(*Cons).Car)
	}
	b.SetTail(y)
	return b.List(), true
}

func fastList1(x Value) (Value, bool)       { return &Cons{x, NIL}, true }
func fastList2(x, y Value) (Value, bool)    { return &Cons{x, &Cons{y, NIL}}, true }
func fastList3(x, y, z Value) (Value, bool) { return &Cons{x, &Cons{y, &Cons{z, NIL}}}, true }
func fastListStar2(x, y Value) (Value, bool) {
	return &Cons{x, y}, true
}
func fastListStar3(x, y, z Value) (Value, bool) { return &Cons{x, &Cons{y, z}}, true }

func installListFastPaths(img *Image) {
	builtin := func(name string) *Builtin {
		if b, ok := img.CLSym(name).Fn.(*Builtin); ok {
			return b
		}
		return &Builtin{} // not installed: the entry point goes nowhere
	}
	for name, f := range map[string]func(Value) (Value, bool){
		"LENGTH": fastLength, "LAST": fastLast, "NREVERSE": fastNreverse, "LIST": fastList1,
	} {
		builtin(name).Fast1 = f
	}
	for name, f := range map[string]func(x, y Value) (Value, bool){
		"EQUAL": fastEqual, "EQL": fastEql, "GET": fastGet, "GETF": fastGetf, "MEMBER": fastMember,
		"NTHCDR": fastNthcdr, "NTH": fastNth, "NCONC": fastNconc, "APPEND": fastAppend,
		"LIST": fastList2, "LIST*": fastListStar2,
	} {
		builtin(name).Fast2 = f
	}
	builtin("LIST").Fast3 = fastList3
	builtin("LIST*").Fast3 = fastListStar3
}

func init() { RegisterSetup(6, installListFastPaths) }
