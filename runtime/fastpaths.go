package runtime

// Fast entry points (Builtin.Fast1, Fast2) of type predicates, of the
// character comparisons and CHAR-CODE, of two-argument arithmetic and
// comparisons on double-floats, and of sequence and list searches with two
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

// exactDouble converts a double-float, or a fixnum that a double holds
// exactly, to float64.
func exactDouble(v Value) (float64, bool) {
	switch x := v.(type) {
	case DoubleFloat:
		return float64(x), true
	case Fixnum:
		if x > -(1<<53) && x < 1<<53 {
			return float64(x), true
		}
	}
	return 0, false
}

// doubleOperands returns the operands of a two-argument arithmetic call as
// float64 when one is a double-float and the other a double-float or an
// exactly convertible fixnum: float contagion makes the result a
// double-float computed from these values.
func doubleOperands(a, b Value) (float64, float64, bool) {
	_, da := a.(DoubleFloat)
	_, db := b.(DoubleFloat)
	if !da && !db {
		return 0, 0, false
	}
	x, ok1 := exactDouble(a)
	y, ok2 := exactDouble(b)
	return x, y, ok1 && ok2
}

// doubleResult declines an infinite or NaN result: the real function
// decides whether it signals.
func doubleResult(r float64) (Value, bool) {
	if r-r != 0 {
		return nil, false
	}
	return DoubleFloat(r), true
}

// fastArith are the fast entry points of two-argument +, -, * and / on
// double-floats, and of * on small fixnums (the other fixnum cases are
// compiled in line by the evaluator).
var fastArith = map[string]func(a, b Value) (Value, bool){
	"+": func(a, b Value) (Value, bool) {
		if x, y, ok := doubleOperands(a, b); ok {
			return doubleResult(x + y)
		}
		return nil, false
	},
	"-": func(a, b Value) (Value, bool) {
		if x, y, ok := doubleOperands(a, b); ok {
			return doubleResult(x - y)
		}
		return nil, false
	},
	"*": func(a, b Value) (Value, bool) {
		if x, ok := a.(Fixnum); ok {
			if y, ok := b.(Fixnum); ok && x == Fixnum(int32(x)) && y == Fixnum(int32(y)) {
				return MakeInt(int64(x * y)), true
			}
		}
		if x, y, ok := doubleOperands(a, b); ok {
			return doubleResult(x * y)
		}
		return nil, false
	},
	"/": func(a, b Value) (Value, bool) {
		if x, y, ok := doubleOperands(a, b); ok && y != 0 {
			return doubleResult(x / y)
		}
		return nil, false
	},
}

// fastCompare makes the fast entry point of a two-argument comparison of
// double-floats (with a fixnum a double holds exactly); a NaN declines.
func fastCompare(holds func(x, y float64) bool) func(a, b Value) (Value, bool) {
	return func(a, b Value) (Value, bool) {
		x, y, ok := doubleOperands(a, b)
		if !ok || x != x || y != y {
			return nil, false
		}
		return Bool(holds(x, y)), true
	}
}

// fastPredicates are the fast entry points of type predicates that cannot
// fail: every call is the common case. Each is the builtin's own test.
var fastPredicates = map[string]func(x Value) bool{
	"NUMBERP":    IsNumber,
	"INTEGERP":   IsInteger,
	"RATIONALP":  IsRational,
	"REALP":      IsReal,
	"FLOATP":     IsFloat,
	"LISTP":      IsList,
	"KEYWORDP":   IsKeyword,
	"SYMBOLP":    func(x Value) bool { _, ok := x.(*Symbol); return ok },
	"CHARACTERP": func(x Value) bool { _, ok := x.(Char); return ok },
	"FUNCTIONP":  func(x Value) bool { _, ok := x.(Function); return ok },
}

// fastCharCompare makes the fast entry point of a two-argument
// case-sensitive character comparison.
func fastCharCompare(holds func(a, b Char) bool) func(x, y Value) (Value, bool) {
	return func(x, y Value) (Value, bool) {
		a, ok1 := x.(Char)
		b, ok2 := y.(Char)
		if !ok1 || !ok2 {
			return nil, false
		}
		return Bool(holds(a, b)), true
	}
}

func installNumberAndSearchFastPaths(img *Image) {
	for name, holds := range map[string]func(a, b Char) bool{
		"CHAR=":  func(a, b Char) bool { return a == b },
		"CHAR/=": func(a, b Char) bool { return a != b },
		"CHAR<":  func(a, b Char) bool { return a < b },
		"CHAR>":  func(a, b Char) bool { return a > b },
		"CHAR<=": func(a, b Char) bool { return a <= b },
		"CHAR>=": func(a, b Char) bool { return a >= b },
	} {
		if b, ok := img.CLSym(name).Fn.(*Builtin); ok {
			b.Fast2 = fastCharCompare(holds)
		}
	}
	if b, ok := img.CLSym("CHAR-CODE").Fn.(*Builtin); ok {
		b.Fast1 = func(x Value) (Value, bool) {
			if c, ok := x.(Char); ok {
				return MakeInt(int64(c)), true
			}
			return nil, false
		}
	}
	for name, test := range fastPredicates {
		if b, ok := img.CLSym(name).Fn.(*Builtin); ok {
			b.Fast1 = func(x Value) (Value, bool) { return Bool(test(x)), true }
		}
	}
	for name, holds := range map[string]func(x, y float64) bool{
		"<":  func(x, y float64) bool { return x < y },
		">":  func(x, y float64) bool { return x > y },
		"<=": func(x, y float64) bool { return x <= y },
		">=": func(x, y float64) bool { return x >= y },
		"=":  func(x, y float64) bool { return x == y },
		"/=": func(x, y float64) bool { return x != y },
	} {
		if b, ok := img.CLSym(name).Fn.(*Builtin); ok {
			b.Fast2 = fastCompare(holds)
		}
	}
	for name, fast := range fastArith {
		if b, ok := img.CLSym(name).Fn.(*Builtin); ok {
			b.Fast2 = fast
		}
	}
	for name, fast := range map[string]func(x, y Value) (Value, bool){"POSITION": fastPosition, "ASSOC": fastAssoc} {
		if b, ok := img.CLSym(name).Fn.(*Builtin); ok {
			b.Fast2 = fast
		}
	}
}

func init() { RegisterSetup(6, installNumberAndSearchFastPaths) }
