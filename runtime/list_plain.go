package runtime

// MEMBER and ASSOC with no keyword arguments or only :TEST of EQ, EQL or
// EQUAL (as a symbol or its function), the usual calls: the test is
// compared in Go, without parsing keywords into a fresh slice or building
// closures. Everything else takes the general path.

// lstTestKind names a standard test.
type lstTestKind uint8

const (
	lstTestEql lstTestKind = iota
	lstTestEq
	lstTestEqual
)

// lstPlainTest recognises keyword arguments that are nothing or just
// :TEST with a standard test.
func lstPlainTest(th *Thread, keys []Value) (lstTestKind, bool) {
	switch len(keys) {
	case 0:
		return lstTestEql, true
	case 2:
		k, ok := keys[0].(*Symbol)
		if !ok || k.Pkg != th.Img.Keyword || k.Name != "TEST" {
			return 0, false
		}
		S := th.Img.S
		switch f := keys[1]; {
		case f == S.Eql || (S.Eql.Fn != nil && f == Value(S.Eql.Fn)):
			return lstTestEql, true
		case f == S.Eq || (S.Eq.Fn != nil && f == Value(S.Eq.Fn)):
			return lstTestEq, true
		case f == S.Equal || (S.Equal.Fn != nil && f == Value(S.Equal.Fn)):
			return lstTestEqual, true
		}
	}
	return 0, false
}

// lstSame applies a standard test to item and x.
func lstSame(th *Thread, kind lstTestKind, item, x Value) bool {
	switch kind {
	case lstTestEq:
		return item == x
	case lstTestEqual:
		return Equal(th, item, x)
	}
	return Eql(item, x)
}

// lstMemberPlain is MEMBER with a standard test.
func lstMemberPlain(th *Thread, item, l Value, kind lstTestKind) Value {
	if kind == lstTestEql && identityEql(item) {
		kind = lstTestEq
	}
	w := lstWalk(th, l)
	for {
		c, ok := w.next()
		if !ok {
			return NIL
		}
		if lstSame(th, kind, item, c.Car) {
			return c
		}
	}
}

// lstAssocPlain is ASSOC with a standard test.
func lstAssocPlain(th *Thread, item, alist Value, kind lstTestKind) Value {
	if kind == lstTestEql && identityEql(item) {
		kind = lstTestEq
	}
	w := lstWalk(th, alist)
	for {
		c, ok := w.next()
		if !ok {
			return NIL
		}
		switch p := c.Car.(type) {
		case *Cons:
			if lstSame(th, kind, item, p.Car) {
				return p
			}
		default:
			if p != NIL {
				th.TypeErrorName(p, "LIST")
			}
		}
	}
}
