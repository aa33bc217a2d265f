package reader

import (
	"math/big"

	rt "github.com/golem-lisp/golem/runtime"
)

// readList is the ( macro.
func readList(th *rt.Thread, s rt.Stream, _ rune) (rt.Value, bool) {
	return readListBody(th, s, currentCtx(th), ')', true), true
}

// readListBody reads objects up to close, building a list; allowDot permits
// the consing dot. Under *read-suppress* the result is NIL.
func readListBody(th *rt.Thread, s rt.Stream, ctx *readCtx, close rune, allowDot bool) rt.Value {
	var b rt.ListBuilder
	n := 0
	for {
		c, ok := skipWhitespace(th, s)
		if !ok {
			eofError(th, s)
		}
		if c == close {
			if suppressed(th) {
				return rt.NIL
			}
			return b.List()
		}
		v, k := readStepFrom(th, s, ctx, c)
		switch k {
		case kNone:
			continue
		case kDot:
			if !allowDot {
				readerError(th, s, "dot context error")
			}
			if n == 0 {
				readerError(th, s, "Nothing appears before . in list.")
			}
			b.SetTail(readDottedTail(th, s, ctx, close))
			return b.List()
		}
		b.Add(v)
		n++
	}
}

// readDottedTail reads the object after a consing dot and the closing character.
func readDottedTail(th *rt.Thread, s rt.Stream, ctx *readCtx, close rune) rt.Value {
	var tail rt.Value
	for {
		c, ok := skipWhitespace(th, s)
		if !ok {
			eofError(th, s)
		}
		if c == close {
			readerError(th, s, "Nothing appears after . in list.")
		}
		v, k := readStepFrom(th, s, ctx, c)
		if k == kNone {
			continue
		}
		if k == kDot {
			readerError(th, s, "dot context error")
		}
		tail = v
		break
	}
	if cc, ok := tail.(*rt.Cons); ok && (cc.Car == th.Img.S.CommaAt || cc.Car == th.Img.S.CommaDot) && bqDepth(th) > 0 {
		readerError(th, s, "a splicing comma may not follow a dot")
	}
	for {
		c, ok := skipWhitespace(th, s)
		if !ok {
			eofError(th, s)
		}
		if c == close {
			return tail
		}
		if _, k := readStepFrom(th, s, ctx, c); k != kNone {
			readerError(th, s, "More than one object follows . in list.")
		}
	}
}

// readDelimited reads objects up to close into a fresh slice (no dots).
func readDelimited(th *rt.Thread, s rt.Stream, ctx *readCtx, close rune) []rt.Value {
	var out []rt.Value
	for {
		c, ok := skipWhitespace(th, s)
		if !ok {
			eofError(th, s)
		}
		if c == close {
			return out
		}
		v, k := readStepFrom(th, s, ctx, c)
		switch k {
		case kNone:
			continue
		case kDot:
			if suppressed(th) {
				continue
			}
			readerError(th, s, "dot context error")
		}
		out = append(out, v)
	}
}

func readRightParen(th *rt.Thread, s rt.Stream, _ rune) (rt.Value, bool) {
	readerError(th, s, "unmatched close parenthesis")
	return nil, false
}

func readQuote(th *rt.Thread, s rt.Stream, _ rune) (rt.Value, bool) {
	return rt.List(th.Img.S.Quote, readInner(th, s, currentCtx(th))), true
}

func readComment(th *rt.Thread, s rt.Stream, _ rune) (rt.Value, bool) {
	for {
		c, ok := s.ReadChar()
		if !ok || c == '\n' {
			return nil, false
		}
	}
}

func readString(th *rt.Thread, s rt.Stream, close rune) (rt.Value, bool) {
	tab := CurrentReadtable(th)
	var out []rune
	for {
		c := mustReadChar(th, s)
		if c == close {
			break
		}
		if tab.entry(c).syn == SingleEscape {
			c = mustReadChar(th, s)
		}
		out = append(out, c)
	}
	if suppressed(th) {
		return rt.NIL, true
	}
	if out == nil {
		out = []rune{}
	}
	return &rt.String{R: out}, true
}

func bqDepth(th *rt.Thread) int64 {
	n, _ := state(th.Img).bqSym.Value.(rt.Fixnum)
	return int64(n)
}

func readBackquote(th *rt.Thread, s rt.Stream, _ rune) (rt.Value, bool) {
	depth := th.SpecialDepth()
	th.BindSpecial(state(th.Img).bqSym, rt.MakeInt(bqDepth(th)+1))
	v := readInner(th, s, currentCtx(th))
	th.UnbindTo(depth)
	if c, ok := v.(*rt.Cons); ok && !suppressed(th) && (c.Car == th.Img.S.CommaAt || c.Car == th.Img.S.CommaDot) {
		readerError(th, s, "`"+th.Printed(v)+" is not a well-formed backquote expression")
	}
	return rt.List(th.Img.S.Backquote, v), true
}

func readComma(th *rt.Thread, s rt.Stream, _ rune) (rt.Value, bool) {
	depth := th.SpecialDepth()
	d := bqDepth(th)
	if d <= 0 && !suppressed(th) {
		readerError(th, s, "Comma not inside a backquote.")
	}
	head := th.Img.S.Comma
	if c, ok := s.ReadChar(); ok {
		switch c {
		case '@':
			head = th.Img.S.CommaAt
		case '.':
			head = th.Img.S.CommaDot
		default:
			s.UnreadChar(c)
		}
	}
	if d > 0 {
		th.BindSpecial(state(th.Img).bqSym, rt.MakeInt(d-1))
	}
	v := readInner(th, s, currentCtx(th))
	th.UnbindTo(depth)
	return rt.List(head, v), true
}

// readDispatch is the macro function of every dispatching macro character:
// it reads the optional decimal argument and the sub-character and calls the
// sub-character's function from the current readtable.
func readDispatch(th *rt.Thread, s rt.Stream, c rune) (rt.Value, bool) {
	var arg rt.Value
	var n int64
	var big10 *big.Int
	sub := mustReadChar(th, s)
	for sub >= '0' && sub <= '9' {
		d := int64(sub - '0')
		switch {
		case big10 != nil:
			big10.Mul(big10, bigTen).Add(big10, big.NewInt(d))
		case n > (1<<62)/10:
			big10 = new(big.Int).SetInt64(n)
			big10.Mul(big10, bigTen).Add(big10, big.NewInt(d))
		default:
			n = n*10 + d
		}
		arg = rt.Fixnum(0)
		sub = mustReadChar(th, s)
	}
	if arg != nil {
		if big10 != nil {
			arg = rt.MakeBigInt(big10)
		} else {
			arg = rt.MakeInt(n)
		}
	}
	m := CurrentReadtable(th).entry(c).macro
	var e *dispatchEntry
	if m != nil && m.dispatch != nil {
		e = m.dispatch[upcase(sub)]
	}
	if e == nil {
		if c == '#' {
			readerError(th, s, "illegal sharp macro character: "+charDesc(sub))
		}
		readerError(th, s, "no dispatch function defined for "+charDesc(sub))
	}
	if e.goFn != nil {
		return e.goFn(th, s, sub, arg)
	}
	v := th.Call(e.fn, s, rt.Char(sub), rt.OrNil(arg))
	return v, th.ValueCount() != 0
}

var bigTen = big.NewInt(10)
