package runtime

// sortItem pairs an element with its (precomputed) key.
type sortItem struct{ key, val Value }

// sorter runs a stable merge sort calling a Lisp predicate.
type sorter struct {
	th   *Thread
	pred caller
	buf  []Value
	tmp  []sortItem
}

func (s *sorter) less(a, b Value) bool {
	s.th.Tick()
	if c2 := s.pred.c2; c2 != nil {
		return c2.Call2(s.th, a, b) != NIL
	}
	s.buf[0], s.buf[1] = a, b
	return s.pred.f.Call(s.th, s.buf) != NIL
}

// sort orders xs stably: O(n log n) comparisons.
func (s *sorter) sort(xs []sortItem) {
	if len(xs) <= 12 {
		for i := 1; i < len(xs); i++ {
			x := xs[i]
			j := i
			for j > 0 && s.less(x.key, xs[j-1].key) {
				xs[j] = xs[j-1]
				j--
			}
			xs[j] = x
		}
		return
	}
	mid := len(xs) / 2
	s.sort(xs[:mid])
	s.sort(xs[mid:])
	// Already in order: nothing to merge.
	if !s.less(xs[mid].key, xs[mid-1].key) {
		return
	}
	tmp := append(s.tmp[:0], xs[:mid]...)
	s.tmp = tmp
	i, j, k := 0, mid, 0
	for i < len(tmp) && j < len(xs) {
		if s.less(xs[j].key, tmp[i].key) {
			xs[k] = xs[j]
			j++
		} else {
			xs[k] = tmp[i]
			i++
		}
		k++
	}
	copy(xs[k:], tmp[i:])
}

// SortValues stably sorts vals in place by pred applied to keys (key may be nil or NIL).
func (th *Thread) SortValues(vals []Value, pred, key Value) {
	kf := th.keyFunc(key)
	items := make([]sortItem, len(vals))
	for i, v := range vals {
		items[i] = sortItem{applyKey(kf, v), v}
		th.PollAt(i)
	}
	s := &sorter{th: th, pred: newCaller(th.Resolve(pred)), buf: make([]Value, 2)}
	s.sort(items)
	for i, it := range items {
		vals[i] = it.val
	}
}

// SortSeq implements SORT and STABLE-SORT (both stable).
func (th *Thread) SortSeq(seq, pred, key Value) Value {
	th.seqArg(seq)
	if IsList(seq) {
		if seq == NIL {
			return NIL
		}
		n := th.listLen(seq)
		cells := listCells(seq, 0, n)
		vals := make([]Value, n)
		for i, c := range cells {
			vals[i] = c.Car
		}
		th.SortValues(vals, pred, key)
		for i, c := range cells {
			c.Car = vals[i]
		}
		return seq
	}
	if v, ok := seq.(*Vector); ok && (v.ElemType == nil || v.ElemType == T) {
		th.SortValues(v.Active(), pred, key)
		return seq
	}
	vals := SeqToSlice(th, seq)
	th.SortValues(vals, pred, key)
	th.seqSetRange(seq, 0, vals)
	return seq
}

// Merge implements MERGE: stable, taking from seq1 on ties.
func (th *Thread) Merge(spec, s1, s2, pred, key Value) Value {
	st := th.seqTypeOf(spec)
	th.seqArg(s1)
	th.seqArg(s2)
	a, b := SeqToSlice(th, s1), SeqToSlice(th, s2)
	kf := th.keyFunc(key)
	s := &sorter{th: th, pred: newCaller(th.Resolve(pred)), buf: make([]Value, 2)}
	out := make([]Value, 0, len(a)+len(b))
	i, j := 0, 0
	var ka, kb Value
	if len(a) > 0 {
		ka = applyKey(kf, a[0])
	}
	if len(b) > 0 {
		kb = applyKey(kf, b[0])
	}
	for i < len(a) && j < len(b) {
		if s.less(kb, ka) {
			out = append(out, b[j])
			j++
			if j < len(b) {
				kb = applyKey(kf, b[j])
			}
		} else {
			out = append(out, a[i])
			i++
			if i < len(a) {
				ka = applyKey(kf, a[i])
			}
		}
	}
	out = append(append(out, a[i:]...), b[j:]...)
	return th.buildSeq(st, spec, out)
}

func init() {
	sortDef := func(name string) Def {
		return Def{Name: name, Min: 2, Max: -1, Params: "(SEQUENCE PREDICATE &KEY KEY)", Fn: func(th *Thread, args []Value) Value {
			k := th.ParseKeys(args[2:], "KEY")
			return th.SortSeq(args[0], args[1], k[0])
		}}
	}
	Register(sortDef("SORT"), sortDef("STABLE-SORT"),
		Def{Name: "MERGE", Min: 4, Max: -1, Params: "(RESULT-TYPE SEQUENCE1 SEQUENCE2 PREDICATE &KEY KEY)", Fn: func(th *Thread, args []Value) Value {
			k := th.ParseKeys(args[4:], "KEY")
			return th.Merge(args[0], args[1], args[2], args[3], k[0])
		}})
}
