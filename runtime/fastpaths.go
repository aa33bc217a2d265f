package runtime

// Fast entry points (Builtin.Fast2) of sequence and list searches with two
// arguments: an item that EQL compares by identity (a symbol, fixnum,
// character or cons) looked for in a short vector or proper list. Anything
// else, including a sequence longer than fastSearchLimit (so that no loop
// here needs to count steps), a dotted or circular list, or an ill-formed
// association list, declines, and the real function runs and signals.

// fastSearchLimit bounds the elements a fast search looks at.
const fastSearchLimit = 1024

// identityEql reports whether EQL of x and anything is Go's ==.
func identityEql(x Value) bool {
	switch x.(type) {
	case *Symbol, Fixnum, Char, *Cons:
		return true
	}
	return false
}

// fastPosition is (POSITION item sequence) on a vector or proper list.
func fastPosition(item, seq Value) (Value, bool) {
	if !identityEql(item) {
		return nil, false
	}
	switch s := seq.(type) {
	case *Vector:
		items := s.Active()
		if len(items) > fastSearchLimit {
			return nil, false
		}
		for i, x := range items {
			if x == item {
				return MakeInt(int64(i)), true
			}
		}
		return NIL, true
	case *Cons:
		var l Value = s
		for i := 0; i < fastSearchLimit; i++ {
			c, ok := l.(*Cons)
			if !ok {
				if l == NIL {
					return NIL, true
				}
				return nil, false
			}
			if c.Car == item {
				return MakeInt(int64(i)), true
			}
			l = c.Cdr
		}
	}
	return nil, false
}

// fastAssoc is (ASSOC item alist) on a proper list of conses and NILs.
func fastAssoc(item, alist Value) (Value, bool) {
	if !identityEql(item) {
		return nil, false
	}
	l := alist
	for i := 0; i < fastSearchLimit; i++ {
		c, ok := l.(*Cons)
		if !ok {
			if l == NIL {
				return NIL, true
			}
			return nil, false
		}
		switch e := c.Car.(type) {
		case *Cons:
			if e.Car == item {
				return e, true
			}
		default:
			if e != NIL {
				return nil, false
			}
		}
		l = c.Cdr
	}
	return nil, false
}

func installSearchFastPaths(img *Image) {
	for name, fast := range map[string]func(x, y Value) (Value, bool){"POSITION": fastPosition, "ASSOC": fastAssoc} {
		if b, ok := img.CLSym(name).Fn.(*Builtin); ok {
			b.Fast2 = fast
		}
	}
}

func init() { RegisterSetup(6, installSearchFastPaths) }
