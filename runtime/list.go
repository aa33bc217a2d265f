package runtime

import "math/big"

// Conses (CLHS 14): accessors, constructors and the list walking helpers the
// other list files share.

// lstWalker walks the conses of a list. It signals TYPE-ERROR when a proper
// list is required and the list is dotted, and an error instead of looping
// forever when the list is circular.
type lstWalker struct {
	th       *Thread
	whole    Value
	l, slow  Value
	n        int
	dottedOK bool
	// tail is the atom that ended the list (NIL for a proper list).
	tail Value
}

func lstWalk(th *Thread, l Value) *lstWalker {
	return &lstWalker{th: th, whole: l, l: l, slow: l}
}

func lstWalkDotted(th *Thread, l Value) *lstWalker {
	return &lstWalker{th: th, whole: l, l: l, slow: l, dottedOK: true}
}

// next returns the next cons, or false at the end of the list.
func (w *lstWalker) next() (*Cons, bool) {
	c, ok := w.l.(*Cons)
	if !ok {
		w.tail = w.l
		if w.l != NIL && !w.dottedOK {
			w.th.TypeErrorName(w.l, "LIST")
		}
		return nil, false
	}
	w.l = c.Cdr
	w.n++
	if w.n&1 == 0 {
		// The slow pointer re-reads conses the caller may have changed
		// (NRECONC reverses them as it goes), so it may meet an atom.
		if sc, ok := w.slow.(*Cons); ok {
			w.slow = sc.Cdr
		}
		if w.slow == w.l {
			if _, isCons := w.l.(*Cons); isCons {
				lstCircular(w.th, w.whole)
			}
		}
		if w.n&255 == 0 {
			w.th.Tick()
		}
	}
	return c, true
}

// lstCircular signals the error for a circular list where a finite one is
// required (SBCL loops forever instead).
func lstCircular(th *Thread, l Value) {
	th.Error(th.MakeCondition("SIMPLE-TYPE-ERROR", th.Img.Kw("DATUM"), l,
		th.Img.Kw("EXPECTED-TYPE"), th.Img.S.List,
		th.Img.Kw("FORMAT-CONTROL"), NewString("The value is a circular list, not a proper list."),
		th.Img.Kw("FORMAT-ARGUMENTS"), NIL))
}

// lstLength returns the number of elements of a proper list.
func lstLength(th *Thread, l Value) int {
	w := lstWalk(th, l)
	for {
		if _, ok := w.next(); !ok {
			return w.n
		}
	}
}

// ListElements returns the elements of a proper list, signalling a
// TYPE-ERROR for a dotted or circular one.
func (th *Thread) ListElements(l Value) []Value { return lstSlice(th, l) }

// lstSlice returns the elements of a proper list (signalling on dotted or
// circular lists).
func lstSlice(th *Thread, l Value) []Value {
	var out []Value
	w := lstWalk(th, l)
	for {
		c, ok := w.next()
		if !ok {
			return out
		}
		out = append(out, c.Car)
	}
}

func lstCar(th *Thread, v Value) Value {
	switch c := v.(type) {
	case *Cons:
		return c.Car
	case *Symbol:
		if c == NIL {
			return NIL
		}
	}
	return th.TypeErrorName(v, "LIST")
}

func lstCdr(th *Thread, v Value) Value {
	switch c := v.(type) {
	case *Cons:
		return c.Cdr
	case *Symbol:
		if c == NIL {
			return NIL
		}
	}
	return th.TypeErrorName(v, "LIST")
}

func lstCons(th *Thread, v Value) *Cons {
	c, ok := v.(*Cons)
	if !ok {
		th.TypeErrorName(v, "CONS")
	}
	return c
}

// lstCxr applies a C[AD]+R path, written as in the name ("AD" for CADR).
func lstCxr(th *Thread, path string, v Value) Value {
	for i := len(path) - 1; i >= 0; i-- {
		if path[i] == 'A' {
			v = lstCar(th, v)
		} else {
			v = lstCdr(th, v)
		}
	}
	return v
}

// lstIndex checks a non-negative integer argument; huge reports a bignum.
func lstIndex(th *Thread, v Value) (n int64, huge bool) {
	switch x := v.(type) {
	case Fixnum:
		if x >= 0 {
			return int64(x), false
		}
	case *Bignum:
		if x.Int.Sign() > 0 {
			return 1<<63 - 1, true
		}
	}
	th.TypeErrorName(v, "UNSIGNED-BYTE")
	return 0, false
}

// lstNthcdr implements NTHCDR for an index value; on a circular list it
// reduces the count modulo the cycle length, as SBCL does.
func lstNthcdr(th *Thread, nv Value, l Value) Value {
	n, huge := lstIndex(th, nv)
	slow := l
	for i := int64(0); i < n; i++ {
		c, ok := l.(*Cons)
		if !ok {
			if l == NIL {
				return NIL
			}
			return th.TypeErrorName(l, "LIST")
		}
		l = c.Cdr
		if i&1 == 1 {
			slow = slow.(*Cons).Cdr
			if _, isCons := l.(*Cons); isCons && slow == l {
				// l is on a cycle: skip whole turns.
				period := int64(1)
				for p := l.(*Cons).Cdr; p != l; p = p.(*Cons).Cdr {
					period++
				}
				var rest int64
				if huge {
					r := new(big.Int).Sub(nv.(*Bignum).Int, big.NewInt(i+1))
					rest = r.Mod(r, big.NewInt(period)).Int64()
				} else {
					rest = (n - i - 1) % period
				}
				for ; rest > 0; rest-- {
					l = l.(*Cons).Cdr
				}
				return l
			}
		}
		if i&255 == 255 {
			th.Tick()
		}
	}
	return l
}

// lstNthcdrFixed advances k cdrs, signalling on non-lists.
func lstNthcdrFixed(th *Thread, k int, l Value) Value {
	for ; k > 0; k-- {
		l = lstCdr(th, l)
	}
	return l
}

var lstOrdinals = []string{"FIRST", "SECOND", "THIRD", "FOURTH", "FIFTH", "SIXTH", "SEVENTH", "EIGHTH", "NINTH", "TENTH"}

// lstCxrNames lists every C[AD]{1,4}R path.
func lstCxrNames() []string {
	var out []string
	var gen func(prefix string)
	gen = func(prefix string) {
		if len(prefix) > 0 {
			out = append(out, prefix)
		}
		if len(prefix) == 4 {
			return
		}
		gen(prefix + "A")
		gen(prefix + "D")
	}
	gen("")
	return out
}

// lstListLength implements LIST-LENGTH: NIL for a circular list.
func lstListLength(th *Thread, l Value) Value {
	n := 0
	fast, slow := l, l
	for {
		c, ok := fast.(*Cons)
		if !ok {
			if fast != NIL {
				th.TypeErrorName(fast, "LIST")
			}
			return MakeInt(int64(n))
		}
		fast = c.Cdr
		n++
		c, ok = fast.(*Cons)
		if !ok {
			if fast != NIL {
				th.TypeErrorName(fast, "LIST")
			}
			return MakeInt(int64(n))
		}
		fast = c.Cdr
		n++
		slow = slow.(*Cons).Cdr
		if fast == slow {
			return NIL
		}
		if n&255 == 0 {
			th.Tick()
		}
	}
}

// lstLast implements LAST.
func lstLast(th *Thread, l Value, nv Value) Value {
	n := int64(1)
	if nv != nil {
		var huge bool
		n, huge = lstIndex(th, nv)
		if huge {
			if !IsList(l) {
				th.TypeErrorName(l, "LIST")
			}
			return l
		}
	}
	w := lstWalkDotted(th, l)
	lead := l
	for i := int64(0); i < n; i++ {
		if _, ok := w.next(); !ok {
			if !IsList(l) {
				th.TypeErrorName(l, "LIST")
			}
			return l
		}
		lead = w.l
	}
	trail := l
	for {
		if _, ok := lead.(*Cons); !ok {
			return trail
		}
		w.next()
		lead = w.l
		trail = trail.(*Cons).Cdr
	}
}

// lstButlast implements BUTLAST and NBUTLAST.
func lstButlast(th *Thread, l Value, nv Value, destructive bool) Value {
	n := int64(1)
	if nv != nil {
		var huge bool
		n, huge = lstIndex(th, nv)
		if huge {
			if !IsList(l) {
				th.TypeErrorName(l, "LIST")
			}
			return NIL
		}
	}
	if !IsList(l) {
		th.TypeErrorName(l, "LIST")
	}
	w := lstWalkDotted(th, l)
	for {
		if _, ok := w.next(); !ok {
			break
		}
	}
	keep := int64(w.n) - n
	if keep <= 0 {
		return NIL
	}
	if destructive {
		c := l.(*Cons)
		for i := int64(1); i < keep; i++ {
			c = c.Cdr.(*Cons)
		}
		c.Cdr = NIL
		return l
	}
	var b ListBuilder
	for i := int64(0); i < keep; i++ {
		c := l.(*Cons)
		b.Add(c.Car)
		l = c.Cdr
	}
	return b.List()
}

// lstMakeList implements MAKE-LIST.
func lstMakeList(th *Thread, args []Value) Value {
	var n int64
	switch x := args[0].(type) {
	case Fixnum:
		n = int64(x)
	default:
		n = -1
	}
	if n < 0 {
		th.TypeError(args[0], List(th.Img.CLSym("UNSIGNED-BYTE"), MakeInt(58)))
	}
	kw := th.ParseKeys(args[1:], "INITIAL-ELEMENT")
	init := OrNil(kw[0])
	th.CheckAlloc(n * 32)
	var out Value = NIL
	for i := int64(0); i < n; i++ {
		out = &Cons{init, out}
		if i&1023 == 1023 {
			th.Tick()
		}
	}
	return out
}

func init() {
	defs := []Def{
		{Name: "CONS", Min: 2, Max: 2, Params: "(SE1 SE2)", Fn: func(th *Thread, args []Value) Value {
			return &Cons{args[0], args[1]}
		}},
		{Name: "CONSP", Min: 1, Max: 1, Params: "(OBJECT)", Fn: func(th *Thread, args []Value) Value {
			_, ok := args[0].(*Cons)
			return Bool(ok)
		}},
		{Name: "ATOM", Min: 1, Max: 1, Params: "(OBJECT)", Fn: func(th *Thread, args []Value) Value {
			_, ok := args[0].(*Cons)
			return Bool(!ok)
		}},
		{Name: "LISTP", Min: 1, Max: 1, Params: "(OBJECT)", Fn: func(th *Thread, args []Value) Value {
			return Bool(IsList(args[0]))
		}},
		{Name: "ENDP", Min: 1, Max: 1, Params: "(OBJECT)", Fn: func(th *Thread, args []Value) Value {
			switch args[0].(type) {
			case *Cons:
				return NIL
			}
			if args[0] == NIL {
				return T
			}
			return th.TypeErrorName(args[0], "LIST")
		}},
		{Name: "LIST", Min: 0, Max: -1, Params: "(&REST ARGS)", Fn: func(th *Thread, args []Value) Value {
			return List(args...)
		}},
		{Name: "LIST*", Min: 1, Max: -1, Params: "(ARG &REST OTHERS)", Fn: func(th *Thread, args []Value) Value {
			return ListStar(args[len(args)-1], args[:len(args)-1]...)
		}},
		{Name: "MAKE-LIST", Min: 1, Max: -1, Params: "(SIZE &KEY INITIAL-ELEMENT)", Fn: lstMakeList},
		{Name: "LIST-LENGTH", Min: 1, Max: 1, Params: "(LIST)", Fn: func(th *Thread, args []Value) Value {
			return lstListLength(th, args[0])
		}},
		{Name: "NTH", Min: 2, Max: 2, Params: "(N LIST)", Fn: func(th *Thread, args []Value) Value {
			return lstCar(th, lstNthcdr(th, args[0], args[1]))
		}},
		{Name: "NTHCDR", Min: 2, Max: 2, Params: "(N LIST)", Fn: func(th *Thread, args []Value) Value {
			if !IsList(args[1]) {
				lstIndex(th, args[0])
				return th.TypeErrorName(args[1], "LIST")
			}
			return lstNthcdr(th, args[0], args[1])
		}},
		{Name: "REST", Min: 1, Max: 1, Params: "(LIST)", Fn: func(th *Thread, args []Value) Value {
			return lstCdr(th, args[0])
		}},
		{Name: "LAST", Min: 1, Max: 2, Params: "(LIST &OPTIONAL (N 1))", Fn: func(th *Thread, args []Value) Value {
			var n Value
			if len(args) > 1 {
				n = args[1]
			}
			return lstLast(th, args[0], n)
		}},
		{Name: "BUTLAST", Min: 1, Max: 2, Params: "(LIST &OPTIONAL (N 1))", Fn: func(th *Thread, args []Value) Value {
			var n Value
			if len(args) > 1 {
				n = args[1]
			}
			return lstButlast(th, args[0], n, false)
		}},
		{Name: "NBUTLAST", Min: 1, Max: 2, Params: "(LIST &OPTIONAL (N 1))", Fn: func(th *Thread, args []Value) Value {
			var n Value
			if len(args) > 1 {
				n = args[1]
			}
			return lstButlast(th, args[0], n, true)
		}},
		{Name: "RPLACA", Min: 2, Max: 2, Params: "(CONS OBJECT)", Fn: func(th *Thread, args []Value) Value {
			lstCons(th, args[0]).Car = args[1]
			return args[0]
		}},
		{Name: "RPLACD", Min: 2, Max: 2, Params: "(CONS OBJECT)", Fn: func(th *Thread, args []Value) Value {
			lstCons(th, args[0]).Cdr = args[1]
			return args[0]
		}},
	}
	for _, path := range lstCxrNames() {
		path := path
		defs = append(defs, Def{Name: "C" + path + "R", Min: 1, Max: 1, Params: "(LIST)",
			Fn: func(th *Thread, args []Value) Value { return lstCxr(th, path, args[0]) }})
	}
	for i, name := range lstOrdinals {
		i := i
		defs = append(defs, Def{Name: name, Min: 1, Max: 1, Params: "(LIST)",
			Fn: func(th *Thread, args []Value) Value { return lstCar(th, lstNthcdrFixed(th, i, args[0])) }})
	}
	Register(defs...)
	RegisterSetup(10, lstInstallSetfs)
}

// lstSetf makes the (SETF name) builtin of a CL accessor.
func lstSetf(img *Image, name string, min, max int, params string, fn func(th *Thread, args []Value) Value) {
	sym := img.CLSym(name)
	sym.Setf = &Builtin{Name: sym, NameForm: List(img.S.Setf, sym), Min: min, Max: max, Params: params, Fn: fn}
}

// lstInstallSetfs defines the setf functions of the cons accessors; each
// takes the new value first and returns it.
func lstInstallSetfs(img *Image) {
	for _, path := range lstCxrNames() {
		path := path
		lstSetf(img, "C"+path+"R", 2, 2, "(NEW-VALUE LIST)", func(th *Thread, args []Value) Value {
			c := lstCons(th, lstCxr(th, path[1:], args[1]))
			if path[0] == 'A' {
				c.Car = args[0]
			} else {
				c.Cdr = args[0]
			}
			return args[0]
		})
	}
	for i, name := range lstOrdinals {
		i := i
		lstSetf(img, name, 2, 2, "(NEW-VALUE LIST)", func(th *Thread, args []Value) Value {
			lstCons(th, lstNthcdrFixed(th, i, args[1])).Car = args[0]
			return args[0]
		})
	}
	lstSetf(img, "REST", 2, 2, "(NEW-VALUE LIST)", func(th *Thread, args []Value) Value {
		lstCons(th, args[1]).Cdr = args[0]
		return args[0]
	})
	lstSetf(img, "NTH", 3, 3, "(NEW-VALUE N LIST)", func(th *Thread, args []Value) Value {
		lstCons(th, lstNthcdr(th, args[1], args[2])).Car = args[0]
		return args[0]
	})
}
