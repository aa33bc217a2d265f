package runtime

// lstRemove is REMOVE and DELETE (and their -IF and -IF-NOT forms) of a
// proper list l whose bounds s..e the caller has checked, from the front.
// One walk calls match on the elements s..e in order until limit of them
// have matched (limit < 0: no limit), as markMatches does, and DELETE
// splices the matching conses out as it goes while REMOVE copies the rest:
// no slices of elements, flags or cells are built.
func (th *Thread) lstRemove(l *Cons, s, e, limit int, match func(Value) bool, destructive bool) Value {
	if destructive {
		var head Value = l
		var kept *Cons // the last cons kept before c
		c := l
		for i := 0; i < e && limit != 0; i++ {
			next := c.Cdr
			if i >= s && match(c.Car) {
				limit--
				if kept == nil {
					head = next
				} else {
					kept.Cdr = next
				}
			} else {
				kept = c
			}
			th.PollAt(i)
			if i+1 < e {
				nc, ok := th.walkCons(next)
				if !ok {
					break
				}
				c = nc
			}
		}
		return head
	}
	var b ListBuilder
	i := 0
	for x := Value(l); ; i++ {
		c, ok := th.walkCons(x)
		if !ok {
			break
		}
		if i < s || i >= e || limit == 0 || !match(c.Car) {
			b.Add(c.Car)
		} else {
			limit--
		}
		x = c.Cdr
		th.PollAt(i)
	}
	return b.List()
}

// lstReduce is REDUCE from the front over the elements s..e (s < e) of a
// proper list l whose bounds the caller has checked: the elements are
// read as the walk goes, with no slice of them, and f is called through
// the argument slots.
func (th *Thread) lstReduce(f Function, l *Cons, s, e int, key func(Value) Value, acc Value) Value {
	fc := newCaller(f)
	c := l
	for i := 0; i < s; i++ {
		c = c.Cdr.(*Cons)
	}
	i := s
	if acc == nil {
		acc = applyKey(key, c.Car)
		i++
		if i < e {
			next, ok := th.walkCons(c.Cdr)
			if !ok {
				return acc
			}
			c = next
		}
	}
	for ; i < e; i++ {
		acc = fc.call2(th, nil, acc, applyKey(key, c.Car))
		th.PollAt(i)
		if i+1 < e {
			next, ok := th.walkCons(c.Cdr)
			if !ok {
				break
			}
			c = next
		}
	}
	return acc
}

// walkCons is the next cell of a list a walk checked before calling Lisp
// code (a predicate, key or reducer) that may have changed it since: ok
// is false when the list now ends there, and another atom is a TYPE-ERROR.
func (th *Thread) walkCons(x Value) (c *Cons, ok bool) {
	c, ok = x.(*Cons)
	if !ok && x != NIL {
		th.TypeErrorName(x, "LIST")
	}
	return c, ok
}
