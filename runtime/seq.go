package runtime

// Core sequence helpers shared by the CLHS 17 builtins and other packages.

// IsSequence reports whether v is a list or a vector.
func IsSequence(v Value) bool { return IsList(v) || IsVector(v) }

func (th *Thread) seqArg(v Value) {
	if !IsSequence(v) {
		th.TypeError(v, th.Img.S.Sequence)
	}
}

// listLen returns the length of a proper list, signalling a TYPE-ERROR for
// a dotted or circular one.
func (th *Thread) listLen(l Value) int {
	c, ok := l.(*Cons)
	if !ok {
		if l != NIL {
			th.TypeError(l, th.Img.S.List)
		}
		return 0
	}
	n := 0
	// Brent's cycle check: mark is the cons seen at the last power of two;
	// meeting it again means the list is circular. The walk compares cons
	// pointers, not interfaces.
	var mark *Cons
	next := 1
	for {
		n++
		d, ok := c.Cdr.(*Cons)
		if !ok {
			if c.Cdr != NIL {
				th.TypeError(c.Cdr, th.Img.S.List)
			}
			return n
		}
		if d == mark {
			lstCircular(th, l)
		}
		if n == next {
			mark, next = d, next*2
		}
		if n&1023 == 0 {
			th.Tick()
		}
		c = d
	}
}

// SeqLength returns the length of a sequence (active length for vectors).
func SeqLength(th *Thread, seq Value) int {
	if IsList(seq) {
		return th.listLen(seq)
	}
	if IsVector(seq) {
		return vecLen(seq)
	}
	th.TypeError(seq, th.Img.S.Sequence)
	return 0
}

// SeqElt returns element i of a sequence (ELT), signalling SBCL's errors.
func SeqElt(th *Thread, seq Value, i int) Value {
	return th.seqEltV(seq, MakeInt(int64(i)))
}

func (th *Thread) indexArg(v Value) int {
	n, ok := v.(Fixnum)
	if !ok || n < 0 {
		th.TypeError(v, List(th.Img.CLSym("MOD"), MakeInt(arrayDimensionLimit)))
	}
	return int(n)
}

func (th *Thread) seqEltV(seq, idx Value) Value {
	if IsList(seq) {
		i := th.indexArg(idx)
		l := seq
		for k := 0; ; k++ {
			c, ok := l.(*Cons)
			if !ok {
				if l != NIL {
					th.TypeError(l, th.Img.S.List)
				}
				th.listIndexTooLarge(idx, k)
			}
			if k == i {
				return c.Car
			}
			l = c.Cdr
			if k&1023 == 0 {
				th.Tick()
			}
		}
	}
	th.seqArg(seq)
	return th.arRef(seq, th.vecEltIndex(seq, idx))
}

func (th *Thread) listIndexTooLarge(idx Value, length int) {
	th.simpleTypeError(idx, List(th.Img.S.Integer, MakeInt(0), MakeInt(int64(length-1))),
		"The index ~S is too large for a list of length ~S.", idx, MakeInt(int64(length)))
}

// vecEltIndex checks an ELT index against the active length of a vector.
func (th *Thread) vecEltIndex(vec, idx Value) int {
	i := th.indexArg(idx)
	f := arFill(vec)
	if f >= 0 && i >= f {
		th.invalidIndex(vec, idx, f, f)
	}
	if i >= arTotal(vec) {
		th.invalidIndex(vec, idx, arTotal(vec), -1)
	}
	return i
}

// SetSeqElt stores x as element i of seq ((SETF ELT)).
func (th *Thread) SetSeqElt(seq, idx, x Value) Value {
	if IsList(seq) {
		i := th.indexArg(idx)
		l := seq
		for k := 0; ; k++ {
			c, ok := l.(*Cons)
			if !ok {
				if l != NIL {
					th.TypeError(l, th.Img.S.List)
				}
				th.listIndexTooLarge(idx, k)
			}
			if k == i {
				c.Car = x
				return x
			}
			l = c.Cdr
			if k&1023 == 0 {
				th.Tick()
			}
		}
	}
	th.seqArg(seq)
	th.arSet(seq, th.vecEltIndex(seq, idx), x)
	return x
}

// SeqToSlice returns the (active) elements of a sequence in a fresh slice.
func SeqToSlice(th *Thread, seq Value) []Value {
	switch s := seq.(type) {
	case *Vector:
		return append([]Value(nil), s.Active()...)
	case *Cons:
		n := th.listLen(s)
		out := make([]Value, 0, n)
		for l := Value(s); l != NIL; l = l.(*Cons).Cdr {
			out = append(out, l.(*Cons).Car)
		}
		return out
	}
	if seq == NIL {
		return nil
	}
	th.seqArg(seq)
	n := vecLen(seq)
	th.CheckAlloc(int64(n) * 16)
	out := make([]Value, n)
	for i := range out {
		out[i] = th.arRef(seq, i)
		th.PollAt(i)
	}
	return out
}

// seqSlice returns elements start..end of seq; for simple *Vector it
// aliases the storage (read only!).
func (th *Thread) seqSlice(seq Value, start, end int) []Value {
	switch s := seq.(type) {
	case *Vector:
		return s.Items[start:end]
	case *Cons:
		out := make([]Value, 0, end-start)
		l := Value(s)
		for i := 0; i < end; i++ {
			c := l.(*Cons)
			if i >= start {
				out = append(out, c.Car)
			}
			l = c.Cdr
			th.PollAt(i)
		}
		return out
	}
	if seq == NIL {
		return nil
	}
	th.CheckAlloc(int64(end-start) * 16)
	out := make([]Value, end-start)
	for i := range out {
		out[i] = th.arRef(seq, start+i)
		th.PollAt(i)
	}
	return out
}

// listCells returns the conses holding elements start..end of a list.
func listCells(l Value, start, end int) []*Cons {
	out := make([]*Cons, 0, end-start)
	for i := 0; i < end; i++ {
		c := l.(*Cons)
		if i >= start {
			out = append(out, c)
		}
		l = c.Cdr
	}
	return out
}

// MakeSequenceLike builds a fresh simple sequence of the same kind as proto
// (list, string, bit vector, or vector of the same element type) holding items.
func MakeSequenceLike(th *Thread, proto Value, items []Value) Value {
	if IsList(proto) {
		return List(items...)
	}
	return th.makeVectorOf(ArrayElementType(th.Img, proto), items)
}

// makeVectorOf builds a simple vector of upgraded element type et.
func (th *Thread) makeVectorOf(et Value, items []Value) Value {
	base := et == th.Img.CLSym("BASE-CHAR")
	switch {
	case et == th.Img.S.Character || base:
		r := make([]rune, len(items))
		for i, x := range items {
			c, ok := x.(Char)
			if !ok || (base && c >= baseCharLimit) {
				th.TypeError(x, et)
			}
			r[i] = rune(c)
			th.PollAt(i)
		}
		return &String{R: r, Base: base}
	case et == th.Img.CLSym("BIT"):
		b := make([]uint8, len(items))
		for i, x := range items {
			b[i] = th.bitOf(x)
			th.PollAt(i)
		}
		return &BitVector{Bits: b}
	}
	v := &Vector{Items: items}
	if et != nil && et != T {
		for i, x := range items {
			th.checkElem(et, x)
			th.PollAt(i)
		}
		v.ElemType = et
	}
	return v
}

// seqBounds validates :start/:end (nil = absent) against length.
func (th *Thread) seqBounds(length int, start, end Value) (int, int) {
	s, e := 0, length
	if start != nil {
		s = th.indexArg(start)
	}
	if end != nil && end != NIL {
		n, ok := end.(Fixnum)
		if !ok || n < 0 {
			th.TypeError(end, List(th.Img.S.Or, List(th.Img.CLSym("MOD"), MakeInt(arrayDimensionLimit)), th.Img.CLSym("NULL")))
		}
		e = int(n)
	}
	if s > e || e > length {
		th.boundingIndicesBad(s, end, length)
	}
	return s, e
}

func (th *Thread) boundingIndicesBad(start int, end Value, length int) {
	if end == nil {
		end = NIL
	}
	n := MakeInt(int64(length))
	st := MakeInt(int64(start))
	th.simpleTypeError(NewCons(st, end),
		List(th.Img.S.Cons, List(th.Img.S.Integer, MakeInt(0), n), List(th.Img.S.Integer, st, n)),
		"The bounding indices ~S and ~S are bad for a sequence of length ~S.", st, end, n)
}

// seqRange checks seq and returns its length and the parsed bounds.
func (th *Thread) seqRange(seq, start, end Value) (n, s, e int) {
	n = SeqLength(th, seq)
	s, e = th.seqBounds(n, start, end)
	return
}

func truthy(v Value) bool { return v != nil && v != NIL }

// countArg parses :count: nil/NIL means unlimited; negatives mean zero.
func (th *Thread) countArg(v Value) int {
	if v == nil || v == NIL {
		return -1
	}
	switch n := v.(type) {
	case Fixnum:
		if n < 0 {
			return 0
		}
		if n > 1<<40 {
			return -1
		}
		return int(n)
	case *Bignum:
		if n.Int.Sign() < 0 {
			return 0
		}
		return -1
	}
	th.TypeError(v, List(th.Img.S.Or, th.Img.CLSym("NULL"), th.Img.S.Integer))
	return 0
}

// seqSetRange replaces elements start.. of seq with items (destructive).
func (th *Thread) seqSetRange(seq Value, start int, items []Value) {
	switch s := seq.(type) {
	case *Vector:
		if s.ElemType == nil || s.ElemType == T {
			copy(s.Items[start:], items)
			return
		}
	case *Cons:
		l := Value(s)
		for i := 0; i < start; i++ {
			l = l.(*Cons).Cdr
		}
		for i, x := range items {
			c := l.(*Cons)
			c.Car = x
			l = c.Cdr
			th.PollAt(i)
		}
		return
	}
	for i, x := range items {
		th.arSet(seq, start+i, x)
		th.PollAt(i)
	}
}
