package reader

import (
	"strconv"

	rt "github.com/golem-lisp/golem/runtime"
)

// StructReaderKey is the key in Image.Extra of the #S hook, a StructReader
// installed by the package that implements defstruct.
type StructReaderKey struct{}

// StructReader builds a structure from the list read after #S, e.g. (POINT :X 1).
type StructReader func(th *rt.Thread, form rt.Value) rt.Value

// PathnameReaderKey is the key in Image.Extra of the #P hook, a
// PathnameReader; without it #P returns the namestring itself.
type PathnameReaderKey struct{}

// PathnameReader builds a pathname from the object read after #P.
type PathnameReader func(th *rt.Thread, namestring rt.Value) rt.Value

// argInt returns a dispatch argument as an int, saturating huge values; ok is
// false when no argument was given.
func argInt(arg rt.Value) (int, bool) {
	switch a := arg.(type) {
	case rt.Fixnum:
		if a > 1<<40 {
			return 1 << 40, true
		}
		return int(a), true
	case *rt.Bignum:
		return 1 << 40, true
	}
	return 0, false
}

// lengthArg returns the length argument of #( and #*, signalling a
// TYPE-ERROR for a bignum as SBCL does.
func lengthArg(th *rt.Thread, arg rt.Value) (int, bool) {
	if _, big := arg.(*rt.Bignum); big {
		th.TypeError(arg, rt.List(th.Img.S.Or, th.Img.S.List, rt.List(th.Img.CLSym("MOD"), rt.MakeInt(1<<62-3))))
	}
	return argInt(arg)
}

// readExtendedToken reads the token starting at the next character, if
// that character can start one; the token is left in ctx.
func readExtendedToken(th *rt.Thread, s rt.Stream, ctx *readCtx) {
	ctx.buf, ctx.esc, ctx.anyEsc, ctx.lastMulti = ctx.buf[:0], ctx.esc[:0], false, -1
	c, ok := s.ReadChar()
	if !ok {
		return
	}
	tab := CurrentReadtable(th)
	syn := tab.entry(c).syn
	if syn == Whitespace || syn == TerminatingMacro {
		s.UnreadChar(c)
		return
	}
	ctx.scanToken(th, s, tab, c, syn)
}

func sharpBackslash(th *rt.Thread, s rt.Stream, _ rune, _ rt.Value) (rt.Value, bool) {
	ctx := currentCtx(th)
	c := mustReadChar(th, s)
	readExtendedToken(th, s, ctx)
	if suppressed(th) {
		return rt.NIL, true
	}
	if len(ctx.buf) == 0 {
		return rt.Char(c), true
	}
	name := string(c) + string(ctx.buf)
	r, ok := rt.NameChar(name)
	if !ok || r < 0 || r >= rt.CharCodeLimit {
		readerError(th, s, "unrecognized character name: "+quoteString(name))
	}
	return rt.Char(r), true
}

func sharpQuote(th *rt.Thread, s rt.Stream, _ rune, _ rt.Value) (rt.Value, bool) {
	v := readInner(th, s, currentCtx(th))
	if suppressed(th) {
		return rt.NIL, true
	}
	return rt.List(th.Img.S.Function, v), true
}

func sharpLeftParen(th *rt.Thread, s rt.Stream, _ rune, arg rt.Value) (rt.Value, bool) {
	items := readDelimited(th, s, currentCtx(th), ')')
	if suppressed(th) {
		return rt.NIL, true
	}
	n, given := lengthArg(th, arg)
	if !given {
		if items == nil {
			items = []rt.Value{}
		}
		return rt.NewVector(items), true
	}
	if len(items) > n {
		readerError(th, s, "Vector longer than the specified length: #"+strconv.Itoa(n)+"(...).")
	}
	if len(items) == 0 && n > 0 {
		readerError(th, s, "Vector of length "+strconv.Itoa(n)+" can't be initialized from ()")
	}
	th.CheckAlloc(int64(n) * 16)
	out := make([]rt.Value, n)
	copy(out, items)
	for i := len(items); i < n; i++ {
		out[i] = items[len(items)-1]
	}
	return rt.NewVector(out), true
}

func sharpStar(th *rt.Thread, s rt.Stream, _ rune, arg rt.Value) (rt.Value, bool) {
	ctx := currentCtx(th)
	readExtendedToken(th, s, ctx)
	if suppressed(th) {
		return rt.NIL, true
	}
	if ctx.anyEsc {
		readerError(th, s, "An escape character appeared after #*.")
	}
	for _, r := range ctx.buf {
		if r != '0' && r != '1' {
			readerError(th, s, "illegal element given for bit-vector: "+charDesc(r))
		}
	}
	k := len(ctx.buf)
	n, given := lengthArg(th, arg)
	if !given {
		n = k
	} else {
		if k > n {
			readerError(th, s, "Too many bits in "+quoteString(string(ctx.buf))+": expected "+strconv.Itoa(n)+" or fewer")
		}
		if k == 0 && n > 0 {
			readerError(th, s, "#"+strconv.Itoa(n)+"* requires at least 1 bit of input.")
		}
		th.CheckAlloc(int64(n))
	}
	bits := make([]uint8, n)
	for i := range bits {
		r := ctx.buf[min(i, k-1)]
		bits[i] = uint8(r - '0')
	}
	return &rt.BitVector{Bits: bits}, true
}

func sharpColon(th *rt.Thread, s rt.Stream, _ rune, _ rt.Value) (rt.Value, bool) {
	ctx := currentCtx(th)
	readExtendedToken(th, s, ctx)
	if suppressed(th) {
		return rt.NIL, true
	}
	if ctx.nextColon(0) >= 0 {
		readerError(th, s, "The symbol following #: contains a package marker: "+quoteString(string(ctx.buf)))
	}
	if !ctx.anyEsc && isIntegerToken(ctx.buf, readBase(th)) {
		readerError(th, s, "The symbol following #: has numeric syntax: "+quoteString(string(ctx.buf)))
	}
	applyCase(CurrentReadtable(th).Case, ctx.buf, ctx.esc)
	return rt.NewSymbol(string(ctx.buf)), true
}

// isIntegerToken reports whether tok is [sign] digits in base.
func isIntegerToken(tok []rune, base int) bool {
	if len(tok) > 0 && (tok[0] == '+' || tok[0] == '-') {
		tok = tok[1:]
	}
	return allDigits(tok, base)
}

func sharpDot(th *rt.Thread, s rt.Stream, _ rune, _ rt.Value) (rt.Value, bool) {
	form := readInner(th, s, currentCtx(th))
	if suppressed(th) {
		return rt.NIL, true
	}
	if th.Img.S.ReadEval.Value == rt.NIL {
		readerError(th, s, "can't read #. while *READ-EVAL* is NIL")
	}
	if th.Img.Eval == nil {
		readerError(th, s, "#. is not available: no evaluator is installed")
	}
	v := th.Img.Eval(th, form)
	if th.ValueCount() == 0 {
		return nil, false
	}
	return v, true
}

func sharpRadix(th *rt.Thread, s rt.Stream, sub rune, arg rt.Value) (rt.Value, bool) {
	ctx := currentCtx(th)
	var base int
	switch upcase(sub) {
	case 'B':
		base = 2
	case 'O':
		base = 8
	case 'X':
		base = 16
	default:
		if suppressed(th) {
			readInner(th, s, ctx)
			return rt.NIL, true
		}
		n, given := argInt(arg)
		if !given {
			readerError(th, s, "radix missing in #R")
		}
		if n < 2 || n > 36 {
			readerError(th, s, "illegal radix for #R: "+printed(th, arg)+".")
		}
		base = n
	}
	depth := th.SpecialDepth()
	th.BindSpecial(th.Img.S.ReadBase, rt.MakeInt(int64(base)))
	v := readInner(th, s, ctx)
	th.UnbindTo(depth)
	if suppressed(th) {
		return rt.NIL, true
	}
	if !rt.IsRational(v) {
		readerError(th, s, "#"+string(sub)+" (base "+strconv.Itoa(base)+".) value is not a rational: "+th.Printed(v)+".")
	}
	return v, true
}

func sharpC(th *rt.Thread, s rt.Stream, _ rune, _ rt.Value) (rt.Value, bool) {
	v := readInner(th, s, currentCtx(th))
	if suppressed(th) {
		return rt.NIL, true
	}
	var parts []rt.Value
	for x := v; x != rt.NIL; {
		c, ok := x.(*rt.Cons)
		if !ok {
			if len(parts) == 0 {
				break // not a list at all
			}
			th.TypeErrorName(x, "LIST")
		}
		parts = append(parts, c.Car)
		if len(parts) > 2 {
			break
		}
		x = c.Cdr
	}
	if len(parts) != 2 {
		readerError(th, s, "illegal complex number format: #C"+th.Printed(v))
	}
	for _, p := range parts {
		if !rt.IsReal(p) {
			th.TypeErrorName(p, "REAL")
		}
	}
	return makeComplex(parts[0], parts[1]), true
}

// makeComplex applies the canonicalisation and float contagion of COMPLEX.
func makeComplex(re, im rt.Value) rt.Value {
	if rt.IsRational(re) && rt.IsRational(im) {
		if f, ok := im.(rt.Fixnum); ok && f == 0 {
			return re
		}
		return &rt.Complex{Real: re, Imag: im}
	}
	_, d1 := re.(rt.DoubleFloat)
	_, d2 := im.(rt.DoubleFloat)
	if d1 || d2 {
		return &rt.Complex{Real: rt.DoubleFloat(rt.ToFloat64(re)), Imag: rt.DoubleFloat(rt.ToFloat64(im))}
	}
	return &rt.Complex{Real: toSingle(re), Imag: toSingle(im)}
}

func toSingle(v rt.Value) rt.Value {
	if f, ok := v.(rt.SingleFloat); ok {
		return f
	}
	return rt.SingleFloat(float32(rt.ToFloat64(v)))
}

// properList returns the elements of a proper list, or nil for anything else.
func properList(v rt.Value) []rt.Value {
	var out []rt.Value
	slow := v
	for i := 0; ; i++ {
		if v == rt.NIL {
			if out == nil {
				out = []rt.Value{}
			}
			return out
		}
		c, ok := v.(*rt.Cons)
		if !ok {
			return nil
		}
		out = append(out, c.Car)
		v = c.Cdr
		if i%2 == 1 {
			slow = slow.(*rt.Cons).Cdr
			if slow == v {
				return nil // circular
			}
		}
	}
}

// seqElements returns the elements of a list or vector for #A contents.
func seqElements(th *rt.Thread, v rt.Value) ([]rt.Value, bool) {
	switch x := v.(type) {
	case *rt.Array:
		// A displaced or otherwise non-simple vector.
		if len(x.Dims) != 1 {
			return nil, false
		}
		return rt.SeqToSlice(th, x), true
	case *rt.Vector:
		return x.Active(), true
	case *rt.String:
		rs := x.Runes()
		out := make([]rt.Value, len(rs))
		for i, r := range rs {
			out[i] = rt.Char(r)
		}
		return out, true
	case *rt.BitVector:
		bs := x.Active()
		out := make([]rt.Value, len(bs))
		for i, b := range bs {
			out[i] = rt.MakeInt(int64(b))
		}
		return out, true
	}
	l := properList(v)
	return l, l != nil
}

func sharpA(th *rt.Thread, s rt.Stream, _ rune, arg rt.Value) (rt.Value, bool) {
	contents := readInner(th, s, currentCtx(th))
	if suppressed(th) {
		return rt.NIL, true
	}
	rank, given := argInt(arg)
	if !given {
		if a, ok := sbclArrayLiteral(th, contents); ok {
			return a, true
		}
		readerError(th, s, "Array literal is neither of the standard form #<rank>A<contents> nor the SBCL form #A(dimensions element-type . contents)")
	}
	if rank > 129 {
		readerError(th, s, "#"+strconv.Itoa(rank)+"A: the rank exceeds ARRAY-RANK-LIMIT")
	}
	if rank == 0 {
		return &rt.Array{Dims: []int{}, Data: rt.NewVector([]rt.Value{contents})}, true
	}
	// The dimensions come from the first element at each level.
	dims := make([]int, rank)
	cur := contents
	for i := 0; i < rank; i++ {
		elts, ok := seqElements(th, cur)
		if !ok {
			readerError(th, s, "#"+strconv.Itoa(rank)+"A axis "+strconv.Itoa(i)+" is not a sequence: "+th.Printed(cur))
		}
		dims[i] = len(elts)
		if len(elts) == 0 {
			break
		}
		cur = elts[0]
	}
	var flat []rt.Value
	var walk func(v rt.Value, level int)
	walk = func(v rt.Value, level int) {
		if level == rank {
			flat = append(flat, v)
			return
		}
		elts, ok := seqElements(th, v)
		if !ok {
			simpleError(th, "malformed :INITIAL-CONTENTS: "+th.Printed(v)+" is not a sequence, but "+
				strconv.Itoa(rank-level)+" more layer"+plural(rank-level)+" needed.")
		}
		if len(elts) != dims[level] {
			simpleError(th, "malformed :INITIAL-CONTENTS: Dimension of axis "+strconv.Itoa(level)+" is "+
				strconv.Itoa(dims[level])+", but "+th.Printed(v)+" is "+strconv.Itoa(len(elts))+" long.")
		}
		th.EnterNested()
		for _, e := range elts {
			walk(e, level+1)
		}
		th.LeaveNested()
	}
	walk(contents, 0)
	if flat == nil {
		flat = []rt.Value{}
	}
	if rank == 1 {
		return rt.NewVector(flat), true
	}
	return &rt.Array{Dims: dims, Data: rt.NewVector(flat)}, true
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func sharpS(th *rt.Thread, s rt.Stream, _ rune, _ rt.Value) (rt.Value, bool) {
	v := readInner(th, s, currentCtx(th))
	if suppressed(th) {
		return rt.NIL, true
	}
	if _, ok := v.(*rt.Cons); !ok {
		readerError(th, s, "#S: "+th.Printed(v)+" is not a list beginning with a structure name")
	}
	hook, _ := th.Img.Extra[StructReaderKey{}].(StructReader)
	if hook == nil {
		readerError(th, s, th.Printed(v.(*rt.Cons).Car)+" is not a defined structure type.")
	}
	return hook(th, v), true
}

func sharpP(th *rt.Thread, s rt.Stream, _ rune, _ rt.Value) (rt.Value, bool) {
	v := readInner(th, s, currentCtx(th))
	if suppressed(th) {
		return rt.NIL, true
	}
	if hook, _ := th.Img.Extra[PathnameReaderKey{}].(PathnameReader); hook != nil {
		return hook(th, v), true
	}
	if _, ok := v.(*rt.String); !ok {
		readerError(th, s, "#P: "+th.Printed(v)+" is not a namestring")
	}
	return v, true
}

func sharpComment(th *rt.Thread, s rt.Stream, _ rune, _ rt.Value) (rt.Value, bool) {
	depth := 1
	prev := rune(0)
	for {
		c := mustReadChar(th, s)
		switch {
		case prev == '|' && c == '#':
			depth--
			if depth == 0 {
				return nil, false
			}
			c = 0
		case prev == '#' && c == '|':
			depth++
			c = 0
		}
		prev = c
	}
}

// sharpFeature implements #+ and #-.
func sharpFeature(th *rt.Thread, s rt.Stream, sub rune, _ rt.Value) (rt.Value, bool) {
	ctx := currentCtx(th)
	depth := th.SpecialDepth()
	th.BindSpecial(th.Img.S.Package, th.Img.Keyword)
	th.BindSpecial(th.Img.S.ReadSuppress, rt.NIL)
	expr := readInner(th, s, ctx)
	th.UnbindTo(depth)
	want := sub == '+'
	if featureP(th, s, expr) == want {
		return readInner(th, s, ctx), true
	}
	th.BindSpecial(th.Img.S.ReadSuppress, rt.T)
	readInner(th, s, ctx)
	th.UnbindTo(depth)
	return nil, false
}

// featureP evaluates a feature expression (CLHS 24.1.2.1) against *features*.
func featureP(th *rt.Thread, s rt.Stream, x rt.Value) bool {
	switch e := x.(type) {
	case *rt.Symbol:
		for f := th.Img.S.Features.Value; ; {
			th.Tick()
			c, ok := f.(*rt.Cons)
			if !ok {
				return false
			}
			if c.Car == e {
				return true
			}
			f = c.Cdr
		}
	case *rt.Cons:
		var args []rt.Value
		for t := e.Cdr; t != rt.NIL; {
			c, ok := t.(*rt.Cons)
			if !ok {
				th.TypeErrorName(t, "LIST")
			}
			args = append(args, c.Car)
			t = c.Cdr
			th.Tick()
		}
		op, _ := e.Car.(*rt.Symbol)
		if op == nil || op.Pkg != th.Img.Keyword {
			featureError(th, "unknown operator in feature expression: "+th.Printed(x)+".")
		}
		var r bool
		th.EnterNested()
		switch op.Name {
		case "AND":
			r = true
			for _, a := range args {
				if !featureP(th, s, a) {
					r = false
					break
				}
			}
		case "OR":
			for _, a := range args {
				if featureP(th, s, a) {
					r = true
					break
				}
			}
		case "NOT":
			if len(args) != 1 {
				what := "few"
				if len(args) > 1 {
					what = "many"
				}
				featureError(th, "too "+what+" subexpressions in feature expression: "+th.Printed(x))
			}
			r = !featureP(th, s, args[0])
		default:
			featureError(th, "unknown operator in feature expression: "+th.Printed(x)+".")
		}
		th.LeaveNested()
		return r
	}
	featureError(th, "invalid feature expression: "+th.Printed(x))
	return false
}

// featureError signals a malformed feature expression: a SIMPLE-ERROR, as in SBCL.
func featureError(th *rt.Thread, msg string) {
	simpleError(th, msg)
}
