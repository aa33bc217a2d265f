package runtime

import "math"

// seqOpts holds the standard sequence keyword arguments (nil = absent).
type seqOpts struct {
	fromEnd                    bool
	start, end, count, key     Value
	test, testNot              Value
	initialValue               Value
	start1, end1, start2, end2 Value
}

// parseSeqOpts parses keyword args among FROM-END START END COUNT KEY TEST
// TEST-NOT INITIAL-VALUE START1 END1 START2 END2.
func (th *Thread) parseSeqOpts(args []Value, names ...string) seqOpts {
	var o seqOpts
	if len(args) == 0 {
		return o
	}
	var kb [12]Value
	k := kb[:len(names)]
	th.parseKeysInto(k, args, names)
	for i, n := range names {
		v := k[i]
		if v == nil {
			continue
		}
		switch n {
		case "FROM-END":
			o.fromEnd = v != NIL
		case "START":
			o.start = v
		case "END":
			o.end = v
		case "COUNT":
			o.count = v
		case "KEY":
			o.key = v
		case "TEST":
			o.test = v
		case "TEST-NOT":
			o.testNot = v
		case "INITIAL-VALUE":
			o.initialValue = v
		case "START1":
			o.start1 = v
		case "END1":
			o.end1 = v
		case "START2":
			o.start2 = v
		case "END2":
			o.end2 = v
		}
	}
	if truthy(o.test) && truthy(o.testNot) {
		th.SimpleError("can't specify both :TEST and :TEST-NOT")
	}
	return o
}

// rawTest returns the two-argument :test/:test-not predicate (no key).
func (th *Thread) rawTest(test, testNot Value) func(a, b Value) bool {
	switch {
	case truthy(testNot):
		f := th.Resolve(testNot)
		if c := newCaller(f).c2; c != nil {
			return func(a, b Value) bool { return c.Call2(th, a, b) == NIL }
		}
		return func(a, b Value) bool { return th.call2(f, a, b) == NIL }
	case !truthy(test) || test == th.Img.S.Eql:
		return Eql
	case test == th.Img.S.Eq:
		return func(a, b Value) bool { return a == b }
	}
	f := th.Resolve(test)
	if b, ok := f.(*Builtin); ok && b.Name == th.Img.S.Eql {
		return Eql
	}
	return th.pred2(f)
}

// keyFunc resolves :key once; nil means identity.
func (th *Thread) keyFunc(key Value) func(Value) Value {
	if !truthy(key) {
		return nil
	}
	f := th.Resolve(key)
	if b, ok := f.(*Builtin); ok && b.Name == th.Img.CLSym("IDENTITY") {
		return nil
	}
	return th.fn1(f)
}

func applyKey(k func(Value) Value, v Value) Value {
	if k == nil {
		return v
	}
	return k(v)
}

// predFunction checks and resolves a predicate designator.
func (th *Thread) predFunction(pred Value) Function {
	if _, ok := pred.(*Symbol); !ok {
		if _, ok := pred.(Function); !ok {
			th.TypeError(pred, List(th.Img.S.Or, th.Img.S.Function, th.Img.S.Symbol))
		}
	}
	return th.Resolve(pred)
}

// call1 calls f with one argument passed in the thread's argument slots (a
// non-local exit out of f restores them with the rest of the dynamic state).
func (th *Thread) call1(f Function, a Value) Value {
	base, buf := th.ArgSlots(1)
	buf[0] = a
	r := f.Call(th, buf)
	th.PopArgs(base)
	return r
}

// call2 is call1 for two arguments.
func (th *Thread) call2(f Function, a, b Value) Value {
	base, buf := th.ArgSlots(2)
	buf[0], buf[1] = a, b
	r := f.Call(th, buf)
	th.PopArgs(base)
	return r
}

// caller calls one function many times with two arguments (REDUCE's
// function, SORT's predicate): through its two-argument entry point,
// looked up once, when it has one.
type caller struct {
	f  Function
	c1 Caller1
	c2 Caller2
}

func newCaller(f Function) caller {
	c := caller{f: f}
	if _, ok := f.(*Builtin); !ok {
		c.c1, _ = f.(Caller1)
		c.c2, _ = f.(Caller2)
	}
	return c
}

// call2 calls the function with a and b: through its entry point, else
// with them in buf, a slice of two that the caller reuses, or when buf is
// nil in the argument slots (call2).
func (c *caller) call2(th *Thread, buf []Value, a, b Value) Value {
	if c.c2 != nil {
		return c.c2.Call2(th, a, b)
	}
	if buf == nil {
		return th.call2(c.f, a, b)
	}
	buf[0], buf[1] = a, b
	return c.f.Call(th, buf)
}

// fn1 returns f as a Go function of one argument (a :KEY), calling it
// through its one-argument entry point when it has one.
func (th *Thread) fn1(f Function) func(Value) Value {
	if c := newCaller(f).c1; c != nil {
		return func(v Value) Value { return c.Call1(th, v) }
	}
	return func(v Value) Value { return th.call1(f, v) }
}

// pred1 returns f as a Go predicate of one argument, true when f's value
// is not NIL (when it is NIL with want false), calling f through its
// one-argument entry point when it has one.
func (th *Thread) pred1(f Function, want bool) func(Value) bool {
	if c := newCaller(f).c1; c != nil {
		return func(v Value) bool { return (c.Call1(th, v) != NIL) == want }
	}
	return func(v Value) bool { return (th.call1(f, v) != NIL) == want }
}

// pred2 returns f as a Go predicate of two arguments (a :TEST), true when
// f's value is not NIL, calling f through its two-argument entry point
// when it has one.
func (th *Thread) pred2(f Function) func(a, b Value) bool {
	if c := newCaller(f).c2; c != nil {
		return func(a, b Value) bool { return c.Call2(th, a, b) != NIL }
	}
	return func(a, b Value) bool { return th.call2(f, a, b) != NIL }
}

// matcher builds the element predicate of a -IF, -IF-NOT or item function.
type matchKind int

const (
	matchItem matchKind = iota
	matchIf
	matchIfNot
)

func (th *Thread) matcher(kind matchKind, itemOrPred Value, o seqOpts) func(Value) bool {
	key := th.keyFunc(o.key)
	switch kind {
	case matchIf, matchIfNot:
		want := kind == matchIf
		if key == nil {
			// One closure instead of two for the common case.
			return th.pred1(th.predFunction(itemOrPred), want)
		}
		p := th.pred1(th.predFunction(itemOrPred), want)
		return func(v Value) bool { return p(applyKey(key, v)) }
	}
	test := th.rawTest(o.test, o.testNot)
	item := itemOrPred
	return func(v Value) bool { return test(item, applyKey(key, v)) }
}

// --- traversal ---

// seqScan calls fn on elements start..end of seq (from the end when
// fromEnd) until fn returns false. Lists are walked to their end (or END)
// and bounds beyond a list's length are tolerated, as SBCL does for
// FIND, POSITION and COUNT.
func (th *Thread) seqScan(seq Value, o seqOpts, fn func(i int, x Value) bool) {
	var xs []Value
	s := 0
	if IsList(seq) {
		if o.start != nil {
			s = th.indexArg(o.start)
		}
		e := -1
		if truthy(o.end) {
			n, ok := o.end.(Fixnum)
			if !ok || n < 0 {
				th.TypeError(o.end, List(th.Img.S.Or, List(th.Img.CLSym("MOD"), MakeInt(arrayDimensionLimit)), th.Img.CLSym("NULL")))
			}
			e = int(n)
		} else {
			// Check the list first so a circular one spins without allocating.
			th.listLen(seq)
			if !o.fromEnd {
				// A proper list: fn sees the elements as the walk goes.
				i := 0
				for l := seq; ; i++ {
					c, ok := th.walkCons(l)
					if !ok {
						return
					}
					if i >= s && !fn(i, c.Car) {
						return
					}
					th.PollAt(i)
					l = c.Cdr
				}
			}
		}
		l := seq
		for i := 0; e < 0 || i < e; i++ {
			c, ok := l.(*Cons)
			if !ok {
				if l != NIL {
					th.TypeError(l, th.Img.S.List)
				}
				break
			}
			if i >= s {
				xs = append(xs, c.Car)
			}
			l = c.Cdr
			if i&1023 == 0 {
				th.Tick()
			}
		}
	} else {
		var e int
		_, s, e = th.seqRange(seq, o.start, o.end)
		if _, simple := seq.(*Vector); !simple {
			// Strings and other specialized vectors are read in place:
			// a slice of boxed elements could be many times their size.
			th.scanInPlace(seq, s, e, o.fromEnd, fn)
			return
		}
		xs = th.seqSlice(seq, s, e)
	}
	if o.fromEnd {
		for i := len(xs) - 1; i >= 0; i-- {
			if !fn(s+i, xs[i]) {
				return
			}
			th.PollAt(i)
		}
		return
	}
	for i, x := range xs {
		if !fn(s+i, x) {
			return
		}
		th.PollAt(i)
	}
}

// scanInPlace is seqScan over elements s..e of a vector other than a
// simple *Vector.
func (th *Thread) scanInPlace(seq Value, s, e int, fromEnd bool, fn func(i int, x Value) bool) {
	if fromEnd {
		for i := e - 1; i >= s; i-- {
			if !fn(i, th.arRef(seq, i)) {
				return
			}
			th.PollAt(i)
		}
		return
	}
	for i := s; i < e; i++ {
		if !fn(i, th.arRef(seq, i)) {
			return
		}
		th.PollAt(i)
	}
}

func (th *Thread) seqFind(seq Value, o seqOpts, match func(Value) bool) (int, Value) {
	pos, found := -1, Value(NIL)
	th.seqScan(seq, o, func(i int, x Value) bool {
		if match(x) {
			pos, found = i, x
			return false
		}
		return true
	})
	return pos, found
}

func (th *Thread) seqCount(seq Value, o seqOpts, match func(Value) bool) int {
	n := 0
	th.seqScan(seq, o, func(_ int, x Value) bool {
		if match(x) {
			n++
		}
		return true
	})
	return n
}

// markMatches returns flags for elements of xs selected by match, honouring
// :count and :from-end, and how many were selected.
func (th *Thread) markMatches(xs []Value, o seqOpts, match func(Value) bool) ([]bool, int) {
	limit := th.countArg(o.count)
	flags := make([]bool, len(xs))
	n := 0
	if o.fromEnd {
		for i := len(xs) - 1; i >= 0 && n != limit; i-- {
			if match(xs[i]) {
				flags[i] = true
				n++
			}
			th.PollAt(i)
		}
	} else {
		for i := 0; i < len(xs) && n != limit; i++ {
			if match(xs[i]) {
				flags[i] = true
				n++
			}
			th.PollAt(i)
		}
	}
	return flags, n
}

// seqRemoveFlags removes the flagged elements of start..end of seq.
func (th *Thread) seqRemoveFlags(seq Value, n, s int, flags []bool, removed int, destructive bool) Value {
	if IsList(seq) {
		if destructive {
			if removed == 0 {
				return seq
			}
			cells := listCells(seq, 0, n)
			var head Value = NIL
			var last *Cons
			for i, c := range cells {
				th.PollAt(i)
				if i >= s && i-s < len(flags) && flags[i-s] {
					continue
				}
				if last == nil {
					head = c
				} else {
					last.Cdr = c
				}
				last = c
			}
			if last != nil {
				last.Cdr = NIL
			}
			return head
		}
		var b ListBuilder
		i := 0
		for l := seq; ; {
			// The predicates ran before this walk and may have changed the list.
			c, ok := th.walkCons(l)
			if !ok {
				break
			}
			if !(i >= s && i-s < len(flags) && flags[i-s]) {
				b.Add(c.Car)
			}
			i++
			th.PollAt(i)
			l = c.Cdr
		}
		return b.List()
	}
	all := SeqToSlice(th, seq)
	kept := make([]Value, 0, len(all)-removed)
	for i, x := range all {
		if !(i >= s && i-s < len(flags) && flags[i-s]) {
			kept = append(kept, x)
		}
		th.PollAt(i)
	}
	if destructive && arFill(seq) >= 0 {
		th.seqSetRange(seq, 0, kept)
		arSetFill(seq, len(kept))
		return seq
	}
	return MakeSequenceLike(th, seq, kept)
}

func (th *Thread) seqRemove(seq Value, o seqOpts, match func(Value) bool, destructive bool) Value {
	n, s, e := th.seqRange(seq, o.start, o.end)
	if c, ok := seq.(*Cons); ok && !o.fromEnd {
		return th.lstRemove(c, s, e, th.countArg(o.count), match, destructive)
	}
	flags, removed := th.markMatches(th.seqSlice(seq, s, e), o, match)
	return th.seqRemoveFlags(seq, n, s, flags, removed, destructive)
}

func (th *Thread) seqSubstitute(newItem, seq Value, o seqOpts, match func(Value) bool, destructive bool) Value {
	_, s, e := th.seqRange(seq, o.start, o.end)
	xs := th.seqSlice(seq, s, e)
	flags, _ := th.markMatches(xs, o, match)
	if destructive {
		if c, ok := seq.(*Cons); ok {
			for i, cell := range listCells(c, s, e) {
				if flags[i] {
					cell.Car = newItem
				}
			}
			return seq
		}
		for i, f := range flags {
			if f {
				th.arSet(seq, s+i, newItem)
			}
		}
		return seq
	}
	all := SeqToSlice(th, seq)
	for i, f := range flags {
		if f {
			all[s+i] = newItem
		}
	}
	return MakeSequenceLike(th, seq, all)
}

// eqlHashKey returns a Go map key that is equal exactly when values are EQL.
func eqlHashKey(v Value) any {
	// Bignums and ratios key by their binary magnitude and sign: linear,
	// where decimal text would take a division per digit block.
	type bigKey struct {
		neg bool
		s   string
	}
	type ratKey struct {
		neg      bool
		num, den string
	}
	type sfKey struct{ b uint32 }
	type dfKey struct{ b uint64 }
	switch x := v.(type) {
	case *Bignum:
		return bigKey{x.Int.Sign() < 0, string(x.Int.Bytes())}
	case *Ratio:
		return ratKey{x.Rat.Sign() < 0, string(x.Rat.Num().Bytes()), string(x.Rat.Denom().Bytes())}
	case SingleFloat:
		return sfKey{math.Float32bits(float32(x))}
	case DoubleFloat:
		return dfKey{math.Float64bits(float64(x))}
	case *Complex:
		return [2]any{eqlHashKey(x.Real), eqlHashKey(x.Imag)}
	}
	return v
}

func (th *Thread) seqRemoveDuplicates(seq Value, o seqOpts, destructive bool) Value {
	n, s, e := th.seqRange(seq, o.start, o.end)
	xs := th.seqSlice(seq, s, e)
	key := th.keyFunc(o.key)
	keys := make([]Value, len(xs))
	for i, x := range xs {
		keys[i] = applyKey(key, x)
		th.PollAt(i)
	}
	flags := make([]bool, len(xs))
	removed := 0
	plainEql := !truthy(o.testNot) && (!truthy(o.test) || o.test == th.Img.S.Eql || o.test == th.Img.S.Eq)
	if !plainEql {
		if f, ok := o.test.(*Builtin); ok && (f.Name == th.Img.S.Eql || f.Name == th.Img.S.Eq) {
			plainEql = true
		}
	}
	if plainEql {
		seen := make(map[any]bool, len(xs))
		if o.fromEnd {
			for i, k := range keys {
				th.PollAt(i)
				hk := eqlHashKey(k)
				if seen[hk] {
					flags[i] = true
					removed++
				}
				seen[hk] = true
			}
		} else {
			for i := len(keys) - 1; i >= 0; i-- {
				th.PollAt(i)
				hk := eqlHashKey(keys[i])
				if seen[hk] {
					flags[i] = true
					removed++
				}
				seen[hk] = true
			}
		}
	} else {
		test := th.rawTest(o.test, o.testNot)
		work := 0 // comparisons: this is quadratic
		for i := range keys {
			th.Tick()
			if o.fromEnd {
				for j := 0; j < i; j++ {
					work++
					th.PollAt(work)
					if !flags[j] && test(keys[j], keys[i]) {
						flags[i] = true
						removed++
						break
					}
				}
			} else {
				for j := i + 1; j < len(keys); j++ {
					work++
					th.PollAt(work)
					if test(keys[i], keys[j]) {
						flags[i] = true
						removed++
						break
					}
				}
			}
		}
	}
	return th.seqRemoveFlags(seq, n, s, flags, removed, destructive)
}

// --- reduce, fill, replace, search, mismatch ---

func (th *Thread) seqReduce(fn Value, seq Value, o seqOpts) Value {
	f := th.Resolve(fn)
	_, s, e := th.seqRange(seq, o.start, o.end)
	if c, ok := seq.(*Cons); ok && !o.fromEnd && s < e {
		return th.lstReduce(f, c, s, e, th.keyFunc(o.key), o.initialValue)
	}
	xs := th.seqSlice(seq, s, e)
	key := th.keyFunc(o.key)
	if len(xs) == 0 {
		if o.initialValue != nil {
			return o.initialValue
		}
		return f.Call(th, nil)
	}
	fc, buf := newCaller(f), make([]Value, 2)
	if o.fromEnd {
		acc := o.initialValue
		i := len(xs) - 1
		if acc == nil {
			acc = applyKey(key, xs[i])
			i--
		}
		for ; i >= 0; i-- {
			acc = fc.call2(th, buf, applyKey(key, xs[i]), acc)
			th.PollAt(i)
		}
		return acc
	}
	acc := o.initialValue
	i := 0
	if acc == nil {
		acc = applyKey(key, xs[0])
		i = 1
	}
	for ; i < len(xs); i++ {
		acc = fc.call2(th, buf, acc, applyKey(key, xs[i]))
		th.PollAt(i)
	}
	return acc
}

func (th *Thread) seqFill(seq, item Value, start, end Value) Value {
	_, s, e := th.seqRange(seq, start, end)
	// The item is checked once against the element type, then stored.
	switch x := seq.(type) {
	case *Cons:
		for i, c := range listCells(x, s, e) {
			c.Car = item
			th.PollAt(i)
		}
		return seq
	case *Vector:
		if s < e {
			th.arSet(seq, s, item)
		}
		for i := s; i < e; i++ {
			x.Items[i] = item
			th.PollAt(i)
		}
		return seq
	case *String:
		if s < e {
			th.arSet(seq, s, item)
		}
		c := rune(item.(Char))
		for i := s; i < e; i++ {
			x.R[i] = c
			th.PollAt(i)
		}
		return seq
	case *BitVector:
		b := th.bitOf(item)
		for i := s; i < e; i++ {
			x.Bits[i] = b
			th.PollAt(i)
		}
		return seq
	}
	for i := s; i < e; i++ {
		th.arSet(seq, i, item)
		th.PollAt(i)
	}
	return seq
}

// Replace implements REPLACE on already-validated bounds.
func (th *Thread) seqReplace(s1, s2 Value, o seqOpts) Value {
	_, a, b := th.seqRange(s1, o.start1, o.end1)
	_, c, d := th.seqRange(s2, o.start2, o.end2)
	n := min(b-a, d-c)
	// Same-kind vectors copy directly (copy handles overlap, as when
	// s1 and s2 are the same vector).
	switch x := s1.(type) {
	case *Vector:
		if y, ok := s2.(*Vector); ok && (x.ElemType == nil || x.ElemType == T) {
			copy(x.Items[a:a+n], y.Items[c:c+n])
			return s1
		}
	case *String:
		if y, ok := s2.(*String); ok {
			copy(x.R[a:a+n], y.R[c:c+n])
			return s1
		}
	case *BitVector:
		if y, ok := s2.(*BitVector); ok {
			copy(x.Bits[a:a+n], y.Bits[c:c+n])
			return s1
		}
	}
	if _, aliased := s2.(*Vector); aliased {
		th.CheckAlloc(int64(n) * 16)
	}
	items := append([]Value(nil), th.seqSlice(s2, c, c+n)...)
	th.seqSetRange(s1, a, items)
	return s1
}

func (th *Thread) keyedSlice(seq Value, start, end Value, key func(Value) Value) (int, []Value) {
	_, s, e := th.seqRange(seq, start, end)
	xs := th.seqSlice(seq, s, e)
	if key == nil {
		return s, xs
	}
	out := make([]Value, len(xs))
	for i, x := range xs {
		out[i] = key(x)
		th.PollAt(i)
	}
	return s, out
}

func (th *Thread) seqSearch(s1, s2 Value, o seqOpts) Value {
	key := th.keyFunc(o.key)
	if x, ok := s1.(*String); ok && key == nil && o.test == nil && o.testNot == nil {
		if y, ok := s2.(*String); ok {
			// Characters under EQL, read in place instead of boxed.
			_, a0, a1 := th.seqRange(x, o.start1, o.end1)
			_, b0, b1 := th.seqRange(y, o.start2, o.end2)
			eq := func(p, q rune) bool { return p == q }
			return searchResult(b0, searchIndex(th, x.R[a0:a1], y.R[b0:b1], eq, o.fromEnd))
		}
	}
	test := th.rawTest(o.test, o.testNot)
	_, a := th.keyedSlice(s1, o.start1, o.end1, key)
	off, b := th.keyedSlice(s2, o.start2, o.end2, key)
	return searchResult(off, searchIndex(th, a, b, test, o.fromEnd))
}

// searchIndex returns where a first occurs in b (the last place when
// fromEnd), or -1. The search is quadratic, so comparisons poll the limits.
func searchIndex[E any](th *Thread, a, b []E, eq func(E, E) bool, fromEnd bool) int {
	found := -1
	work := 0
	for j := 0; j+len(a) <= len(b); j++ {
		th.Tick()
		ok := true
		for i := range a {
			work++
			th.PollAt(work)
			if !eq(a[i], b[j+i]) {
				ok = false
				break
			}
		}
		if ok {
			found = j
			if !fromEnd {
				break
			}
		}
	}
	return found
}

// searchResult is SEARCH's value for index found in a range starting at off.
func searchResult(off, found int) Value {
	if found < 0 {
		return NIL
	}
	return MakeInt(int64(off + found))
}

func (th *Thread) seqMismatch(s1, s2 Value, o seqOpts) Value {
	key := th.keyFunc(o.key)
	test := th.rawTest(o.test, o.testNot)
	off, a := th.keyedSlice(s1, o.start1, o.end1, key)
	_, b := th.keyedSlice(s2, o.start2, o.end2, key)
	n := min(len(a), len(b))
	if o.fromEnd {
		for k := 1; k <= n; k++ {
			th.PollAt(k)
			if !test(a[len(a)-k], b[len(b)-k]) {
				return MakeInt(int64(off + len(a) - k + 1))
			}
		}
		if len(a) == len(b) {
			return NIL
		}
		return MakeInt(int64(off + len(a) - n))
	}
	for i := 0; i < n; i++ {
		th.PollAt(i)
		if !test(a[i], b[i]) {
			return MakeInt(int64(off + i))
		}
	}
	if len(a) == len(b) {
		return NIL
	}
	return MakeInt(int64(off + n))
}

// --- reverse, subseq ---

// SeqReverse returns a fresh reversed copy (REVERSE).
func SeqReverse(th *Thread, seq Value) Value {
	if IsList(seq) {
		// The walker signals a TYPE-ERROR for a dotted or circular list.
		var out Value = NIL
		w := lstWalk(th, seq)
		for {
			c, ok := w.next()
			if !ok {
				return out
			}
			out = &Cons{c.Car, out}
		}
	}
	xs := SeqToSlice(th, seq)
	for i, j := 0, len(xs)-1; i < j; i, j = i+1, j-1 {
		xs[i], xs[j] = xs[j], xs[i]
		th.PollAt(i)
	}
	return MakeSequenceLike(th, seq, xs)
}

func (th *Thread) seqNReverse(seq Value) Value {
	if IsList(seq) {
		th.listLen(seq)
		var prev Value = NIL
		for l := seq; l != NIL; {
			c := l.(*Cons)
			next := c.Cdr
			c.Cdr = prev
			prev, l = c, next
		}
		return prev
	}
	th.seqArg(seq)
	n := vecLen(seq)
	switch v := seq.(type) {
	case *Vector:
		xs := v.Items[:n]
		for i, j := 0, n-1; i < j; i, j = i+1, j-1 {
			xs[i], xs[j] = xs[j], xs[i]
		}
	case *String:
		r := v.R[:n]
		for i, j := 0, n-1; i < j; i, j = i+1, j-1 {
			r[i], r[j] = r[j], r[i]
		}
	default:
		for i, j := 0, n-1; i < j; i, j = i+1, j-1 {
			th.PollAt(i)
			x, y := th.arRef(seq, i), th.arRef(seq, j)
			th.arSet(seq, i, y)
			th.arSet(seq, j, x)
		}
	}
	return seq
}

// Subseq implements SUBSEQ (end nil or NIL for the end of the sequence).
func Subseq(th *Thread, seq Value, start, end Value) Value {
	if IsList(seq) {
		s := th.indexArg(start)
		e := -1
		if truthy(end) {
			n, ok := end.(Fixnum)
			if !ok || n < 0 {
				th.TypeError(end, List(th.Img.S.Or, List(th.Img.CLSym("MOD"), MakeInt(arrayDimensionLimit)), th.Img.CLSym("NULL")))
			}
			e = int(n)
			if e < s {
				th.boundingIndicesBad(s, end, th.listLen(seq))
			}
		}
		l := seq
		for i := 0; i < s; i++ {
			c, ok := l.(*Cons)
			if !ok {
				th.boundingIndicesBad(s, end, th.listLen(seq))
			}
			l = c.Cdr
		}
		var b ListBuilder
		for i := s; e < 0 || i < e; i++ {
			c, ok := l.(*Cons)
			if !ok {
				if l != NIL {
					th.TypeError(l, th.Img.S.List)
				}
				if e >= 0 {
					th.boundingIndicesBad(s, end, th.listLen(seq))
				}
				break
			}
			b.Add(c.Car)
			l = c.Cdr
			if i&1023 == 0 {
				th.Tick()
			}
		}
		return b.List()
	}
	th.seqArg(seq)
	s, e := th.seqBounds(vecLen(seq), start, end)
	switch v := seq.(type) {
	case *String:
		return &String{R: append([]rune(nil), v.R[s:e]...), Base: v.Base}
	case *BitVector:
		return &BitVector{Bits: append([]uint8(nil), v.Bits[s:e]...)}
	}
	return MakeSequenceLike(th, seq, append([]Value(nil), th.seqSlice(seq, s, e)...))
}

// CopySeq implements COPY-SEQ.
func CopySeq(th *Thread, seq Value) Value {
	if seq == NIL {
		return NIL
	}
	return Subseq(th, seq, MakeInt(0), nil)
}

// --- result types ---

// seqType is a parsed sequence type specifier.
type seqType struct {
	list   bool
	et     Value // upgraded element type for vectors
	length int   // required length, -1 when any
	minLen int
	maxLen int // -1 when unbounded
	// general marks a type understood only through SUBTYPEP (a union, a
	// DEFTYPE expanding to one, ...): a length is checked by asking whether
	// a sequence of that length is of the type.
	general bool
}

// parseSeqType interprets a sequence type specifier for MAKE-SEQUENCE,
// CONCATENATE, MAP, MERGE and COERCE.
func (th *Thread) parseSeqType(spec Value) (seqType, bool) {
	img := th.Img
	st := seqType{length: -1, maxLen: -1, et: T}
	dimLen := func(v Value) int {
		if n, ok := v.(Fixnum); ok {
			return int(n)
		}
		return -1
	}
	if c, ok := spec.(*Class); ok && c.Name != nil && img.Classes[c.Name] == c {
		spec = c.Name // a class stands for its proper name
	}
	switch s := spec.(type) {
	case *Symbol:
		if s.Pkg == img.CL || s == NIL {
			switch s.Name {
			case "LIST":
				st.list = true
				return st, true
			case "CONS":
				st.list, st.minLen = true, 1
				return st, true
			case "NULL":
				st.list, st.maxLen = true, 0
				return st, true
			case "VECTOR", "SIMPLE-VECTOR":
				return st, true
			case "STRING", "SIMPLE-STRING":
				st.et = img.S.Character
				return st, true
			case "BASE-STRING", "SIMPLE-BASE-STRING":
				st.et = img.CLSym("BASE-CHAR")
				return st, true
			case "BIT-VECTOR", "SIMPLE-BIT-VECTOR":
				st.et = img.CLSym("BIT")
				return st, true
			}
		}
	case *Cons:
		head, _ := s.Car.(*Symbol)
		args := ListToSlice(s.Cdr)
		if head != nil && head.Pkg == img.CL {
			switch head.Name {
			case "CONS":
				st.list, st.minLen = true, 1
				return st, true
			case "VECTOR":
				if len(args) > 0 && !isStar(args[0]) {
					st.et = th.UpgradedArrayElementType(args[0])
				}
				if len(args) > 1 {
					st.length = dimLen(args[1])
				}
				return st, true
			case "SIMPLE-VECTOR", "STRING", "SIMPLE-STRING", "BASE-STRING", "SIMPLE-BASE-STRING",
				"BIT-VECTOR", "SIMPLE-BIT-VECTOR":
				switch head.Name {
				case "SIMPLE-VECTOR":
				case "BIT-VECTOR", "SIMPLE-BIT-VECTOR":
					st.et = img.CLSym("BIT")
				case "BASE-STRING", "SIMPLE-BASE-STRING":
					st.et = img.CLSym("BASE-CHAR")
				default:
					st.et = img.S.Character
				}
				if len(args) > 0 {
					st.length = dimLen(args[0])
				}
				return st, true
			case "ARRAY", "SIMPLE-ARRAY":
				if len(args) > 1 {
					dims := args[1]
					if n, ok := dims.(Fixnum); ok && n != 1 {
						break
					}
					if c, ok := dims.(*Cons); ok {
						ds := ListToSlice(c)
						if len(ds) != 1 {
							break
						}
						st.length = dimLen(ds[0])
					} else if !isStar(dims) {
						if _, ok := dims.(Fixnum); !ok {
							break
						}
					}
					if len(args) > 0 && !isStar(args[0]) {
						st.et = th.UpgradedArrayElementType(args[0])
					}
					return st, true
				}
			}
		}
	}
	if exp, ok := th.arExpandType(spec); ok {
		return th.parseSeqType(exp)
	}
	return th.parseGeneralSeqType(spec, st)
}

// parseGeneralSeqType understands any other type specifier that is a subtype
// of LIST or of (VECTOR e) for an upgraded element type e.
func (th *Thread) parseGeneralSeqType(spec Value, st seqType) (seqType, bool) {
	if spec == NIL {
		return st, false
	}
	c := th.Img.CLSym
	st.general = true
	if sub, _ := th.Subtypep(spec, c("LIST")); sub {
		st.list = true
		return st, true
	}
	for _, et := range []Value{T, c("CHARACTER"), c("BIT")} {
		if sub, _ := th.Subtypep(spec, List(c("VECTOR"), et)); sub {
			st.et = et
			return st, true
		}
	}
	return st, false
}

func (th *Thread) seqTypeOf(spec Value) seqType {
	st, ok := th.parseSeqType(spec)
	if !ok {
		th.simpleTypeError(spec, th.Img.S.Sequence, "~S is a bad type specifier for sequences.", spec)
	}
	return st
}

func (th *Thread) checkSeqLength(st seqType, spec Value, n int) {
	bad := (st.length >= 0 && n != st.length) || n < st.minLen || (st.maxLen >= 0 && n > st.maxLen)
	if st.general && !bad {
		c := th.Img.CLSym
		var sub bool
		switch {
		case st.list && n == 0:
			sub = th.TypeP(NIL, spec)
		case st.list:
			sub, _ = th.Subtypep(List(c("CONS"), T, T), spec)
		default:
			sub, _ = th.Subtypep(List(c("VECTOR"), st.et, MakeInt(int64(n))), spec)
		}
		bad = !sub
	}
	if bad {
		th.simpleTypeError(MakeInt(int64(n)), spec,
			"The length requested (~S) does not match the type restriction in ~S.", MakeInt(int64(n)), spec)
	}
}

// buildSeq makes a fresh sequence of type st holding items.
func (th *Thread) buildSeq(st seqType, spec Value, items []Value) Value {
	th.checkSeqLength(st, spec, len(items))
	if st.list {
		return List(items...)
	}
	return th.makeVectorOf(st.et, items)
}

// MakeSequence implements MAKE-SEQUENCE.
func (th *Thread) MakeSequence(spec Value, size Value, init Value) Value {
	st := th.seqTypeOf(spec)
	n := th.indexArg(size)
	th.checkSeqLength(st, spec, n)
	if st.list {
		th.CheckAlloc(int64(n) * 16)
		if init == nil {
			init = NIL
		}
		var out Value = NIL
		for i := 0; i < n; i++ {
			out = &Cons{init, out}
			th.PollAt(i)
		}
		return out
	}
	return th.NewStorage(st.et, n, init)
}

// Concatenate implements CONCATENATE.
func (th *Thread) Concatenate(spec Value, seqs []Value) Value {
	if out := th.concatenateStrings(spec, seqs); out != nil {
		return out
	}
	st := th.seqTypeOf(spec)
	var items []Value
	for _, s := range seqs {
		th.seqArg(s)
		items = append(items, SeqToSlice(th, s)...)
	}
	return th.buildSeq(st, spec, items)
}

// concatenateStrings is CONCATENATE's fast path for (concatenate 'string
// strings...): it copies runes without boxing characters. It returns nil
// when the arguments do not fit it.
func (th *Thread) concatenateStrings(spec Value, seqs []Value) Value {
	if sym, ok := spec.(*Symbol); !ok || (sym != th.Img.S.String && sym != th.Img.CLSym("SIMPLE-STRING")) {
		return nil
	}
	n := 0
	for _, s := range seqs {
		if !th.IsString(s) {
			return nil
		}
		n += vecLen(s)
	}
	th.CheckAlloc(int64(n) * 4)
	out := make([]rune, 0, n)
	for _, s := range seqs {
		r, _ := th.stringRunes(s)
		out = append(out, r...)
	}
	return &String{R: out}
}

// --- map and friends ---

// seqCursors iterates several sequences in parallel.
type seqCursors struct {
	seqs  []Value
	lists []Value
	n     int
}

func (th *Thread) newCursors(seqs []Value) *seqCursors {
	c := &seqCursors{seqs: seqs, lists: make([]Value, len(seqs)), n: math.MaxInt}
	for i, s := range seqs {
		th.seqArg(s)
		if IsList(s) {
			c.lists[i] = s
			// Lists are walked lazily so a circular list with a finite
			// partner works; the length of the shortest vector bounds n.
			continue
		}
		c.n = min(c.n, vecLen(s))
	}
	return c
}

// next fills args with the i'th elements; false when any sequence ended.
func (th *Thread) cursorNext(c *seqCursors, i int, args []Value) bool {
	if i >= c.n {
		return false
	}
	for k, s := range c.seqs {
		if IsList(s) {
			cell, ok := c.lists[k].(*Cons)
			if !ok {
				if c.lists[k] != NIL {
					th.TypeError(c.lists[k], th.Img.S.List)
				}
				return false
			}
			args[k] = cell.Car
			c.lists[k] = cell.Cdr
		} else {
			args[k] = th.arRef(s, i)
		}
	}
	if i&1023 == 0 {
		th.Tick()
	}
	return true
}

// mapSeqs calls fn on parallel elements until one sequence ends.
func (th *Thread) mapSeqs(fnDesig Value, seqs []Value, each func(v Value) bool) {
	f := th.Resolve(fnDesig)
	c := th.newCursors(seqs)
	args := make([]Value, len(seqs))
	for i := 0; th.cursorNext(c, i, args); i++ {
		if !each(f.Call(th, args)) {
			return
		}
	}
}

// Map implements MAP.
func (th *Thread) Map(spec, fn Value, seqs []Value) Value {
	if spec == NIL {
		th.mapSeqs(fn, seqs, func(Value) bool { return true })
		return NIL
	}
	st := th.seqTypeOf(spec)
	var items []Value
	th.mapSeqs(fn, seqs, func(v Value) bool { items = append(items, v); return true })
	if (st.length >= 0 && len(items) != st.length) || len(items) < st.minLen || (st.maxLen >= 0 && len(items) > st.maxLen) {
		res := th.buildSeq(seqType{list: st.list, et: st.et, length: -1, maxLen: -1}, spec, items)
		th.simpleTypeError(res, spec, "MAP result ~S is not a sequence of type ~S", res, spec)
	}
	return th.buildSeq(st, spec, items)
}

// MapInto implements MAP-INTO.
func (th *Thread) MapInto(result, fn Value, seqs []Value) Value {
	th.seqArg(result)
	if IsList(result) {
		// The function is called once per element of RESULT at most: never
		// for an empty one.
		if result == NIL {
			return result
		}
		l := result
		th.mapSeqs(fn, seqs, func(v Value) bool {
			c := l.(*Cons)
			c.Car = v
			l = c.Cdr
			_, more := l.(*Cons)
			return more
		})
		return result
	}
	capa := arTotal(result)
	if arFill(result) < 0 {
		capa = vecLen(result)
	}
	i := 0
	if capa > 0 {
		th.mapSeqs(fn, seqs, func(v Value) bool {
			th.arSet(result, i, v)
			i++
			return i < capa
		})
	}
	if arFill(result) >= 0 {
		arSetFill(result, i)
	}
	return result
}

// quantifier implements EVERY, SOME, NOTANY and NOTEVERY.
func (th *Thread) quantifier(name string, pred Value, seqs []Value) Value {
	var result Value = NIL
	switch name {
	case "EVERY", "NOTANY":
		result = T
	}
	th.mapSeqs(pred, seqs, func(v Value) bool {
		switch name {
		case "EVERY":
			if v == NIL {
				result = NIL
				return false
			}
		case "SOME":
			if v != NIL {
				result = v
				return false
			}
		case "NOTANY":
			if v != NIL {
				result = NIL
				return false
			}
		case "NOTEVERY":
			if v == NIL {
				result = T
				return false
			}
		}
		return true
	})
	return result
}

// --- coerce ---

// Coerce implements COERCE.
func (th *Thread) Coerce(obj, spec Value) Value {
	img := th.Img
	head := spec
	if c, ok := spec.(*Cons); ok {
		head = c.Car
	}
	hs, _ := head.(*Symbol)
	if hs != nil && hs.Pkg == img.CL {
		switch hs.Name {
		case "FLOAT", "SINGLE-FLOAT", "SHORT-FLOAT", "DOUBLE-FLOAT", "LONG-FLOAT":
			if !IsReal(obj) {
				th.TypeError(obj, img.S.Real)
			}
			var f Value
			switch hs.Name {
			case "FLOAT":
				if IsFloat(obj) {
					f = obj
				} else {
					f = SingleFloat(float32(ToFloat64(obj)))
				}
			case "SINGLE-FLOAT", "SHORT-FLOAT":
				f = SingleFloat(float32(ToFloat64(obj)))
			default:
				f = DoubleFloat(ToFloat64(obj))
			}
			if _, isCons := spec.(*Cons); isCons && !th.TypeP(f, spec) {
				th.simpleTypeError(obj, spec, "~S can't be converted to type ~S.", obj, spec)
			}
			return f
		case "COMPLEX":
			return th.coerceComplex(obj, spec)
		case "CHARACTER":
			if hs == spec {
				return Char(th.CharacterDesignator(obj))
			}
		case "FUNCTION":
			if hs == spec {
				return th.coerceFunction(obj)
			}
		case "T":
			return obj
		}
	}
	if th.TypeP(obj, spec) {
		return obj
	}
	if st, ok := th.parseSeqType(spec); ok {
		if !IsSequence(obj) {
			th.simpleTypeError(obj, spec, "~S can't be converted to type ~S.", obj, spec)
		}
		return th.buildSeq(st, spec, SeqToSlice(th, obj))
	}
	th.simpleTypeError(obj, spec, "~S can't be converted to type ~S.", obj, spec)
	return nil
}

func (th *Thread) coerceComplex(obj, spec Value) Value {
	if !IsNumber(obj) {
		th.simpleTypeError(obj, spec, "~S can't be converted to type ~S.", obj, spec)
	}
	var part Value
	if c, ok := spec.(*Cons); ok {
		if args := ListToSlice(c.Cdr); len(args) > 0 && !isStar(args[0]) {
			part = th.UpgradedArrayElementType(args[0])
		}
	}
	conv := func(x Value) Value {
		switch part {
		case th.Img.S.SingleFloat:
			return SingleFloat(float32(ToFloat64(x)))
		case th.Img.S.DoubleFloat:
			return DoubleFloat(ToFloat64(x))
		}
		return x
	}
	switch x := obj.(type) {
	case *Complex:
		if part == nil || part == T {
			return x
		}
		return &Complex{conv(x.Real), conv(x.Imag)}
	case SingleFloat:
		if part == th.Img.S.DoubleFloat {
			return &Complex{DoubleFloat(x), DoubleFloat(0)}
		}
		return &Complex{x, SingleFloat(0)}
	case DoubleFloat:
		if part == th.Img.S.SingleFloat {
			return &Complex{SingleFloat(float32(x)), SingleFloat(0)}
		}
		return &Complex{x, DoubleFloat(0)}
	}
	// A rational: stays rational unless a float part type is asked for.
	switch part {
	case th.Img.S.SingleFloat:
		return &Complex{conv(obj), SingleFloat(0)}
	case th.Img.S.DoubleFloat:
		return &Complex{conv(obj), DoubleFloat(0)}
	}
	return obj
}

func (th *Thread) coerceFunction(obj Value) Value {
	switch x := obj.(type) {
	case Function:
		return x
	case *Symbol:
		switch {
		case x.Flags&FlagSpecialOperator != 0:
			th.SimpleError("~S names a special operator.", x)
		case x.Macro != nil:
			th.SimpleError("~S names a macro.", x)
		case x.Fn == nil:
			th.UndefinedFunction(x)
		}
		return x.Fn
	case *Cons:
		if x.Car == th.Img.S.Lambda && th.Img.Eval != nil {
			return th.Img.Eval(th, List(th.Img.S.Function, x))
		}
	}
	th.simpleTypeError(obj, th.Img.S.Function, "~S can't be converted to type ~S.", obj, th.Img.S.Function)
	return nil
}

// --- builtins ---

var (
	keysFind   = []string{"FROM-END", "START", "END", "KEY"}
	keysRemove = []string{"FROM-END", "START", "END", "COUNT", "KEY"}
)

// familyDefs registers NAME, NAME-IF and NAME-IF-NOT. lead is the number of
// arguments before the item or predicate; fn gets them, the matcher, the
// sequence and the options.
func familyDefs(name string, lead int, keys []string, fn func(th *Thread, lead []Value, match func(Value) bool, seq Value, o seqOpts) Value) {
	leadParams := ""
	if lead == 1 {
		leadParams = "NEW "
	}
	kp := ""
	for _, k := range keys {
		kp += " " + k
	}
	mk := func(suffix string, kind matchKind) Def {
		names := keys
		param := "ITEM"
		if kind == matchItem {
			names = append(append([]string(nil), keys...), "TEST", "TEST-NOT")
		} else {
			param = "PREDICATE"
		}
		pl := "(" + leadParams + param + " SEQUENCE &KEY" + kp
		if kind == matchItem {
			pl += " TEST TEST-NOT"
		}
		return Def{Name: name + suffix, Min: lead + 2, Max: -1, Params: pl + ")",
			Fn: func(th *Thread, args []Value) Value {
				o := th.parseSeqOpts(args[lead+2:], names...)
				seq := args[lead+1]
				th.seqArg(seq)
				return fn(th, args[:lead], th.matcher(kind, args[lead], o), seq, o)
			}}
	}
	Register(mk("", matchItem), mk("-IF", matchIf), mk("-IF-NOT", matchIfNot))
}

func init() {
	familyDefs("FIND", 0, keysFind, func(th *Thread, _ []Value, m func(Value) bool, seq Value, o seqOpts) Value {
		_, x := th.seqFind(seq, o, m)
		return x
	})
	familyDefs("POSITION", 0, keysFind, func(th *Thread, _ []Value, m func(Value) bool, seq Value, o seqOpts) Value {
		i, _ := th.seqFind(seq, o, m)
		if i < 0 {
			return NIL
		}
		return MakeInt(int64(i))
	})
	familyDefs("COUNT", 0, keysFind, func(th *Thread, _ []Value, m func(Value) bool, seq Value, o seqOpts) Value {
		return MakeInt(int64(th.seqCount(seq, o, m)))
	})
	familyDefs("REMOVE", 0, keysRemove, func(th *Thread, _ []Value, m func(Value) bool, seq Value, o seqOpts) Value {
		return th.seqRemove(seq, o, m, false)
	})
	familyDefs("DELETE", 0, keysRemove, func(th *Thread, _ []Value, m func(Value) bool, seq Value, o seqOpts) Value {
		return th.seqRemove(seq, o, m, true)
	})
	familyDefs("SUBSTITUTE", 1, keysRemove, func(th *Thread, lead []Value, m func(Value) bool, seq Value, o seqOpts) Value {
		return th.seqSubstitute(lead[0], seq, o, m, false)
	})
	familyDefs("NSUBSTITUTE", 1, keysRemove, func(th *Thread, lead []Value, m func(Value) bool, seq Value, o seqOpts) Value {
		return th.seqSubstitute(lead[0], seq, o, m, true)
	})
	quant := func(name string) Def {
		return Def{Name: name, Min: 2, Max: -1, Params: "(PREDICATE FIRST-SEQUENCE &REST MORE-SEQUENCES)",
			Fn: func(th *Thread, args []Value) Value { return th.quantifier(name, args[0], args[1:]) }}
	}
	Register(
		quant("EVERY"), quant("SOME"), quant("NOTANY"), quant("NOTEVERY"),
		Def{Name: "LENGTH", Min: 1, Max: 1, Params: "(SEQUENCE)", Fn: func(th *Thread, args []Value) Value {
			return MakeInt(int64(SeqLength(th, args[0])))
		}},
		Def{Name: "ELT", Min: 2, Max: 2, Params: "(SEQUENCE INDEX)", Fn: func(th *Thread, args []Value) Value {
			return th.seqEltV(args[0], args[1])
		}},
		Def{Name: "SUBSEQ", Min: 2, Max: 3, Params: "(SEQUENCE START &OPTIONAL END)", Fn: func(th *Thread, args []Value) Value {
			var end Value
			if len(args) > 2 {
				end = args[2]
			}
			if start, ok := args[1].(Fixnum); ok && !IsList(args[0]) {
				// Charged before the copy is made (lists are estimated as they are walked).
				stop := Fixnum(SeqLength(th, args[0]))
				if e, ok := end.(Fixnum); ok {
					stop = min(stop, e)
				}
				th.chargeElements(args[0], int(stop-start))
			}
			return Subseq(th, args[0], args[1], end)
		}},
		Def{Name: "COPY-SEQ", Min: 1, Max: 1, Params: "(SEQUENCE)", Fn: func(th *Thread, args []Value) Value {
			th.seqArg(args[0])
			if !IsList(args[0]) {
				th.chargeElements(args[0], SeqLength(th, args[0]))
			}
			return CopySeq(th, args[0])
		}},
		Def{Name: "REVERSE", Min: 1, Max: 1, Params: "(SEQUENCE)", Fn: func(th *Thread, args []Value) Value {
			th.seqArg(args[0])
			if !IsList(args[0]) {
				th.chargeElements(args[0], SeqLength(th, args[0]))
			}
			return SeqReverse(th, args[0])
		}},
		Def{Name: "NREVERSE", Min: 1, Max: 1, Params: "(SEQUENCE)", Fn: func(th *Thread, args []Value) Value {
			th.seqArg(args[0])
			return th.seqNReverse(args[0])
		}},
		Def{Name: "CONCATENATE", Min: 1, Max: -1, Params: "(RESULT-TYPE &REST SEQUENCES)", Fn: func(th *Thread, args []Value) Value {
			return th.Concatenate(args[0], args[1:])
		}},
		Def{Name: "MAKE-SEQUENCE", Min: 2, Max: -1, Params: "(RESULT-TYPE SIZE &KEY INITIAL-ELEMENT)", Fn: func(th *Thread, args []Value) Value {
			k := th.ParseKeys(args[2:], "INITIAL-ELEMENT")
			return th.MakeSequence(args[0], args[1], k[0])
		}},
		Def{Name: "MAP", Min: 3, Max: -1, Params: "(RESULT-TYPE FUNCTION FIRST-SEQUENCE &REST MORE-SEQUENCES)", Fn: func(th *Thread, args []Value) Value {
			return th.Map(args[0], args[1], args[2:])
		}},
		Def{Name: "MAP-INTO", Min: 2, Max: -1, Params: "(RESULT-SEQUENCE FUNCTION &REST SEQUENCES)", Fn: func(th *Thread, args []Value) Value {
			return th.MapInto(args[0], args[1], args[2:])
		}},
		Def{Name: "REDUCE", Min: 2, Max: -1, Params: "(FUNCTION SEQUENCE &KEY KEY FROM-END START END INITIAL-VALUE)", Fn: func(th *Thread, args []Value) Value {
			o := th.parseSeqOpts(args[2:], "KEY", "FROM-END", "START", "END", "INITIAL-VALUE")
			th.seqArg(args[1])
			return th.seqReduce(args[0], args[1], o)
		}},
		Def{Name: "FILL", Min: 2, Max: -1, Params: "(SEQUENCE ITEM &KEY START END)", Fn: func(th *Thread, args []Value) Value {
			o := th.parseSeqOpts(args[2:], "START", "END")
			th.seqArg(args[0])
			return th.seqFill(args[0], args[1], o.start, o.end)
		}},
		Def{Name: "REPLACE", Min: 2, Max: -1, Params: "(SEQUENCE1 SEQUENCE2 &KEY START1 END1 START2 END2)", Fn: func(th *Thread, args []Value) Value {
			o := th.parseSeqOpts(args[2:], "START1", "END1", "START2", "END2")
			th.seqArg(args[0])
			th.seqArg(args[1])
			return th.seqReplace(args[0], args[1], o)
		}},
		Def{Name: "SEARCH", Min: 2, Max: -1, Params: "(SEQUENCE1 SEQUENCE2 &KEY FROM-END TEST TEST-NOT KEY START1 START2 END1 END2)", Fn: func(th *Thread, args []Value) Value {
			o := th.parseSeqOpts(args[2:], "FROM-END", "TEST", "TEST-NOT", "KEY", "START1", "START2", "END1", "END2")
			th.seqArg(args[0])
			th.seqArg(args[1])
			return th.seqSearch(args[0], args[1], o)
		}},
		Def{Name: "MISMATCH", Min: 2, Max: -1, Params: "(SEQUENCE1 SEQUENCE2 &KEY FROM-END TEST TEST-NOT KEY START1 START2 END1 END2)", Fn: func(th *Thread, args []Value) Value {
			o := th.parseSeqOpts(args[2:], "FROM-END", "TEST", "TEST-NOT", "KEY", "START1", "START2", "END1", "END2")
			th.seqArg(args[0])
			th.seqArg(args[1])
			return th.seqMismatch(args[0], args[1], o)
		}},
		Def{Name: "REMOVE-DUPLICATES", Min: 1, Max: -1, Params: "(SEQUENCE &KEY FROM-END TEST TEST-NOT START END KEY)", Fn: func(th *Thread, args []Value) Value {
			o := th.parseSeqOpts(args[1:], "FROM-END", "TEST", "TEST-NOT", "START", "END", "KEY")
			th.seqArg(args[0])
			return th.seqRemoveDuplicates(args[0], o, false)
		}},
		Def{Name: "DELETE-DUPLICATES", Min: 1, Max: -1, Params: "(SEQUENCE &KEY FROM-END TEST TEST-NOT START END KEY)", Fn: func(th *Thread, args []Value) Value {
			o := th.parseSeqOpts(args[1:], "FROM-END", "TEST", "TEST-NOT", "START", "END", "KEY")
			th.seqArg(args[0])
			return th.seqRemoveDuplicates(args[0], o, true)
		}},
		Def{Name: "COERCE", Min: 2, Max: 2, Params: "(OBJECT RESULT-TYPE)", Fn: func(th *Thread, args []Value) Value {
			return th.Coerce(args[0], args[1])
		}},
		Def{Name: "IDENTITY", Min: 1, Max: 1, Params: "(THING)", Fn: func(th *Thread, args []Value) Value {
			return args[0]
		}},
		Def{Name: "COMPLEMENT", Min: 1, Max: 1, Params: "(FUNCTION)", Fn: func(th *Thread, args []Value) Value {
			f := th.Resolve(args[0])
			return &Builtin{Min: 0, Max: -1, Params: "(&REST ARGUMENTS)", Fn: func(th *Thread, args []Value) Value {
				return Bool(f.Call(th, args) == NIL)
			}}
		}},
		Def{Name: "CONSTANTLY", Min: 1, Max: 1, Params: "(VALUE)", Fn: func(th *Thread, args []Value) Value {
			v := args[0]
			return &Builtin{Min: 0, Max: -1, Params: "(&REST ARGUMENTS)", Fn: func(*Thread, []Value) Value { return v }}
		}},
	)
	registerSetf(
		Def{Name: "ELT", Min: 3, Max: 3, Params: "(NEW-VALUE SEQUENCE INDEX)", Fn: func(th *Thread, args []Value) Value {
			return th.SetSeqElt(args[1], args[2], args[0])
		}},
		Def{Name: "SUBSEQ", Min: 3, Max: 4, Params: "(NEW-SEQUENCE SEQUENCE START &OPTIONAL END)", Fn: func(th *Thread, args []Value) Value {
			th.seqArg(args[0])
			th.seqArg(args[1])
			var end Value
			if len(args) > 3 {
				end = args[3]
			}
			th.seqReplace(args[1], args[0], seqOpts{start1: args[2], end1: end})
			return args[0]
		}},
	)
}
