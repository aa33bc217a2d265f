package reader

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// ExpandQuasiquote turns a backquote form (GOLEM:QUASIQUOTE template) into
// code that builds the template (CLHS 2.4.6) with LIST, LIST*, APPEND, NCONC,
// QUOTE and VECTOR. Nested backquotes are kept as QUASIQUOTE forms whose
// inner unquotes are filled in, so evaluating the result gives the inner
// backquote form. Constant parts of the template are quoted and may be shared,
// as the CLHS allows; everything else is freshly consed except the last
// spliced list, as with APPEND.
func ExpandQuasiquote(th *rt.Thread, form rt.Value) rt.Value {
	b := &bqExpander{th: th, s: th.Img.S}
	if c, ok := form.(*rt.Cons); ok && c.Car == b.s.Backquote {
		arg, ok := oneArg(c)
		if !ok {
			b.fail("malformed backquote form: " + th.Printed(form))
		}
		form = arg
	}
	code, konst := b.expand(form, 0)
	if konst {
		return quoteLit(th, form)
	}
	return code
}

type bqExpander struct {
	th *rt.Thread
	s  *rt.Syms
}

func (b *bqExpander) fail(msg string) {
	simpleError(b.th, msg)
}

// oneArg returns x when c is (HEAD x).
func oneArg(c *rt.Cons) (rt.Value, bool) {
	rest, ok := c.Cdr.(*rt.Cons)
	if !ok || rest.Cdr != rt.NIL {
		return nil, false
	}
	return rest.Car, true
}

// marker returns the backquote marker heading a well-formed (MARKER x) form.
func (b *bqExpander) marker(v rt.Value) (*rt.Symbol, rt.Value) {
	c, ok := v.(*rt.Cons)
	if !ok {
		return nil, nil
	}
	head, _ := c.Car.(*rt.Symbol)
	switch head {
	case b.s.Backquote, b.s.Comma, b.s.CommaAt, b.s.CommaDot:
		if arg, ok := oneArg(c); ok {
			return head, arg
		}
	}
	return nil, nil
}

// quoteLit returns code evaluating to the literal v.
func quoteLit(th *rt.Thread, v rt.Value) rt.Value {
	switch x := v.(type) {
	case *rt.Symbol:
		if x == rt.NIL || x == rt.T || rt.IsKeyword(x) {
			return x
		}
	case *rt.Cons:
	default:
		return v
	}
	return rt.List(th.Img.S.Quote, v)
}

// expand returns code for template x at backquote nesting depth d (0 is the
// outermost), or konst when x contains no unquote active at this level.
func (b *bqExpander) expand(x rt.Value, d int) (code rt.Value, konst bool) {
	th := b.th
	switch v := x.(type) {
	case *rt.Cons:
		th.EnterNested()
		code, konst = b.expandCons(v, d)
		th.LeaveNested()
		return code, konst
	case *rt.Vector:
		items := v.Active()
		th.EnterNested()
		code, konst = b.expandList(rt.List(items...), d)
		th.LeaveNested()
		if konst {
			return nil, true
		}
		if c, ok := code.(*rt.Cons); ok && c.Car == b.s.List {
			return rt.NewCons(th.Img.CLSym("VECTOR"), c.Cdr), false
		}
		if code == rt.NIL {
			return rt.List(th.Img.CLSym("VECTOR")), false
		}
		return rt.List(th.Img.CLSym("APPLY"), rt.List(b.s.Function, th.Img.CLSym("VECTOR")), code), false
	}
	return nil, true
}

func (b *bqExpander) expandCons(x *rt.Cons, d int) (rt.Value, bool) {
	m, arg := b.marker(x)
	switch m {
	case b.s.Backquote:
		rest, konst := b.expandList(x.Cdr, d+1)
		if konst {
			return nil, true
		}
		return rt.List(b.s.Cons, quoteLit(b.th, m), rest), false
	case b.s.Comma, b.s.CommaAt, b.s.CommaDot:
		if d == 0 {
			if m != b.s.Comma {
				b.fail(b.th.Printed(x) + " is not in a list context: a splicing comma must be inside a list")
			}
			return arg, false
		}
		rest, konst := b.expandList(x.Cdr, d-1)
		if konst {
			return nil, true
		}
		return rt.List(b.s.Cons, quoteLit(b.th, m), rest), false
	}
	return b.expandList(x, d)
}

// segment kinds of a list template.
const (
	segSingle = iota
	segSplice
	segNSplice
)

type segment struct {
	kind int
	code rt.Value
}

// expandList expands a list template whose elements are at depth d.
func (b *bqExpander) expandList(l rt.Value, d int) (rt.Value, bool) {
	th := b.th
	var segs []segment
	allConst := true
	var tailCode rt.Value
	tailConst := true
	x, slow := l, l
	for n := 0; ; n++ {
		c, ok := x.(*rt.Cons)
		if m, _ := b.marker(x); !ok || m != nil {
			tailCode, tailConst = b.expand(x, d)
			if !tailConst && (m == b.s.CommaAt || m == b.s.CommaDot) {
				b.fail("a splicing comma may not follow a dot in " + th.Printed(l))
			}
			break
		}
		e := c.Car
		em, earg := b.marker(e)
		switch {
		case d == 0 && em == b.s.CommaAt:
			segs = append(segs, segment{segSplice, earg})
			allConst = false
		case d == 0 && em == b.s.CommaDot:
			segs = append(segs, segment{segNSplice, earg})
			allConst = false
		case d == 1 && (em == b.s.Comma || em == b.s.CommaAt || em == b.s.CommaDot) && b.isSplice(earg):
			// ,,@x or ,@,@x: the inner splice distributes the outer comma
			// over the elements of x.
			_, inner := b.marker(earg)
			g := rt.NewSymbol("X")
			fn := rt.List(b.s.Function, rt.List(b.s.Lambda, rt.List(g), rt.List(b.s.List, quoteLit(th, em), g)))
			segs = append(segs, segment{segSplice, rt.List(th.Img.CLSym("MAPCAR"), fn, inner)})
			allConst = false
		default:
			code, konst := b.expand(e, d)
			if konst {
				code = quoteLit(th, e)
			} else {
				allConst = false
			}
			segs = append(segs, segment{segSingle, code})
		}
		x = c.Cdr
		if n%2 == 1 {
			slow = slow.(*rt.Cons).Cdr
			if slow == x {
				b.fail("circular list in a backquote template")
			}
		}
	}
	if allConst && tailConst {
		return nil, true
	}
	// Build the code from the right; acc == nil means the literal tail NIL.
	var acc rt.Value
	if tailConst {
		if tail := x; tail != rt.NIL {
			acc = quoteLit(th, tail)
		}
	} else {
		acc = tailCode
	}
	for i := len(segs) - 1; i >= 0; {
		switch segs[i].kind {
		case segSingle:
			j := i
			for j > 0 && segs[j-1].kind == segSingle {
				j--
			}
			items := make([]rt.Value, 0, i-j+2)
			for k := j; k <= i; k++ {
				items = append(items, segs[k].code)
			}
			if acc == nil {
				acc = rt.NewCons(b.s.List, rt.List(items...))
			} else {
				acc = rt.NewCons(th.Img.CLSym("LIST*"), rt.List(append(items, acc)...))
			}
			i = j - 1
		default:
			op := th.Img.CLSym("APPEND")
			if segs[i].kind == segNSplice {
				op = th.Img.CLSym("NCONC")
			}
			switch ac := acc.(type) {
			case nil:
				acc = segs[i].code
			case *rt.Cons:
				if ac.Car == op {
					acc = rt.NewCons(op, rt.NewCons(segs[i].code, ac.Cdr))
				} else {
					acc = rt.List(op, segs[i].code, acc)
				}
			default:
				acc = rt.List(op, segs[i].code, acc)
			}
			i--
		}
	}
	if acc == nil {
		return rt.NIL, false
	}
	return acc, false
}

func (b *bqExpander) isSplice(v rt.Value) bool {
	m, _ := b.marker(v)
	return m == b.s.CommaAt || m == b.s.CommaDot
}
