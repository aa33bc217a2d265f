package runtime

// StringDesignator returns the characters designated by a string, symbol
// or character (CLHS string designator), signalling TYPE-ERROR otherwise.
// The slice may be a string's storage: callers must not modify it.
func (th *Thread) StringDesignator(v Value) []rune {
	if r, ok := th.stringDesig(v); ok {
		return r
	}
	th.TypeError(v, th.StringDesignatorType())
	return nil
}

func (th *Thread) stringDesig(v Value) ([]rune, bool) {
	switch s := v.(type) {
	case *Symbol:
		return []rune(s.Name), true
	case Char:
		return []rune{rune(s)}, true
	}
	return th.stringRunes(v)
}

func (th *Thread) stringArg(v Value) {
	if !th.IsString(v) {
		th.TypeError(v, th.Img.S.String)
	}
}

type caseMode int

const (
	caseUp caseMode = iota
	caseDown
	caseCapitalize
)

// applyCase converts r[s:e] in place.
func (th *Thread) applyCase(r []rune, s, e int, mode caseMode) {
	inWord := false
	for i := s; i < e; i++ {
		th.PollAt(i)
		c := r[i]
		switch mode {
		case caseUp:
			r[i] = CharUpcase(c)
		case caseDown:
			r[i] = CharDowncase(c)
		case caseCapitalize:
			alnum := AlphaCharP(c) || DigitWeight(c, 10) >= 0
			if alnum {
				if inWord {
					r[i] = CharDowncase(c)
				} else {
					r[i] = CharUpcase(c)
				}
			}
			inWord = alnum
		}
	}
}

func caseDef(name string, mode caseMode, destructive bool) Def {
	return Def{Name: name, Min: 1, Max: -1, Params: "(STRING &KEY START END)", Fn: func(th *Thread, args []Value) Value {
		o := th.parseSeqOpts(args[1:], "START", "END")
		if destructive {
			th.stringArg(args[0])
			r, _ := th.stringRunes(args[0])
			s, e := th.seqBounds(len(r), o.start, o.end)
			if str, ok := args[0].(*String); ok {
				th.applyCase(str.Runes(), s, e, mode)
				return str
			}
			th.applyCase(r, s, e, mode)
			for i := s; i < e; i++ {
				th.arSet(args[0], i, Char(r[i]))
				th.PollAt(i)
			}
			return args[0]
		}
		src := th.StringDesignator(args[0])
		s, e := th.seqBounds(len(src), o.start, o.end)
		th.CheckAlloc(int64(len(src)) * 4)
		r := append([]rune(nil), src...)
		th.applyCase(r, s, e, mode)
		return &String{R: r}
	}}
}

// bagContains reports whether char-bag (a sequence of characters) holds c.
func bagContains(bag []Value, c rune) bool {
	for _, b := range bag {
		if bc, ok := b.(Char); ok && rune(bc) == c {
			return true
		}
	}
	return false
}

func trimDef(name string, left, right bool) Def {
	return Def{Name: name, Min: 2, Max: 2, Params: "(CHAR-BAG STRING)", Fn: func(th *Thread, args []Value) Value {
		th.seqArg(args[0])
		bag := SeqToSlice(th, args[0])
		r := th.StringDesignator(args[1])
		s, e := 0, len(r)
		// Each test scans the bag: poll by the work done.
		work := 0
		if left {
			for s < e && bagContains(bag, r[s]) {
				s++
				th.PollWork(&work, len(bag))
			}
		}
		if right {
			for e > s && bagContains(bag, r[e-1]) {
				e--
				th.PollWork(&work, len(bag))
			}
		}
		return &String{R: append([]rune(nil), r[s:e]...)}
	}}
}

// compareStrings returns the first mismatch index (relative) and the sign
// of the comparison of a and b.
func (th *Thread) compareStrings(a, b []rune, fold bool) (int, int) {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		th.PollAt(i)
		x, y := a[i], b[i]
		if fold {
			x, y = CharDowncase(x), CharDowncase(y)
		}
		if x != y {
			if x < y {
				return i, -1
			}
			return i, 1
		}
	}
	switch {
	case len(a) < len(b):
		return n, -1
	case len(a) > len(b):
		return n, 1
	}
	return n, 0
}

func strCompareDef(name string, fold bool, boolean bool, ok func(sign int) bool) Def {
	return Def{Name: name, Min: 2, Max: -1, Params: "(STRING1 STRING2 &KEY START1 END1 START2 END2)", Fn: func(th *Thread, args []Value) Value {
		a := th.StringDesignator(args[0])
		b := th.StringDesignator(args[1])
		o := th.parseSeqOpts(args[2:], "START1", "END1", "START2", "END2")
		s1, e1 := th.seqBounds(len(a), o.start1, o.end1)
		s2, e2 := th.seqBounds(len(b), o.start2, o.end2)
		i, sign := th.compareStrings(a[s1:e1], b[s2:e2], fold)
		if !ok(sign) {
			return NIL
		}
		if boolean {
			return T
		}
		return MakeInt(int64(s1 + i))
	}}
}

func (th *Thread) charIndexArg(str, idx Value, simple bool) int {
	if simple {
		s, ok := str.(*String)
		if !ok || !s.IsSimple() {
			th.TypeError(str, th.Img.CLSym("SIMPLE-STRING"))
		}
	} else {
		th.stringArg(str)
	}
	return th.vecIndex(str, idx)
}

// MakeString implements MAKE-STRING.
func (th *Thread) MakeString(size, init, elemType Value) Value {
	n := th.indexArg(size)
	var et Value = th.Img.S.Character
	if elemType != nil {
		// NIL is a subtype of CHARACTER: (make-string 0 :element-type nil)
		// is a string of element type NIL.
		et = th.UpgradedArrayElementType(elemType)
		if et != th.Img.S.Character && et != th.Img.CLSym("BASE-CHAR") && et != NIL {
			th.SimpleError("~S is not a valid :ELEMENT-TYPE for MAKE-STRING", elemType)
		}
	}
	return th.NewStorage(et, n, init)
}

func init() {
	eq := func(s int) bool { return s == 0 }
	Register(
		Def{Name: "STRINGP", Min: 1, Max: 1, Params: "(OBJECT)", Fn: func(th *Thread, args []Value) Value {
			return Bool(th.IsString(args[0]))
		}},
		Def{Name: "SIMPLE-STRING-P", Min: 1, Max: 1, Params: "(OBJECT)", Fn: func(th *Thread, args []Value) Value {
			return Bool(th.Img.IsSimpleString(args[0]))
		}},
		Def{Name: "CHAR", Min: 2, Max: 2, Params: "(STRING INDEX)", Fn: func(th *Thread, args []Value) Value {
			return th.arRef(args[0], th.charIndexArg(args[0], args[1], false))
		}},
		Def{Name: "SCHAR", Min: 2, Max: 2, Params: "(STRING INDEX)", Fn: func(th *Thread, args []Value) Value {
			return th.arRef(args[0], th.charIndexArg(args[0], args[1], true))
		}},
		Def{Name: "STRING", Min: 1, Max: 1, Params: "(X)", Fn: func(th *Thread, args []Value) Value {
			if th.IsString(args[0]) {
				return args[0]
			}
			r, ok := th.stringDesig(args[0])
			if !ok {
				th.simpleTypeError(args[0], th.StringDesignatorType(),
					"~S is not a string designator.", args[0])
			}
			return &String{R: append([]rune(nil), r...)}
		}},
		Def{Name: "MAKE-STRING", Min: 1, Max: -1, Params: "(SIZE &KEY INITIAL-ELEMENT ELEMENT-TYPE)", Fn: func(th *Thread, args []Value) Value {
			k := th.ParseKeys(args[1:], "INITIAL-ELEMENT", "ELEMENT-TYPE")
			return th.MakeString(args[0], k[0], k[1])
		}},
		caseDef("STRING-UPCASE", caseUp, false),
		caseDef("STRING-DOWNCASE", caseDown, false),
		caseDef("STRING-CAPITALIZE", caseCapitalize, false),
		caseDef("NSTRING-UPCASE", caseUp, true),
		caseDef("NSTRING-DOWNCASE", caseDown, true),
		caseDef("NSTRING-CAPITALIZE", caseCapitalize, true),
		trimDef("STRING-TRIM", true, true),
		trimDef("STRING-LEFT-TRIM", true, false),
		trimDef("STRING-RIGHT-TRIM", false, true),
		strCompareDef("STRING=", false, true, eq),
		strCompareDef("STRING-EQUAL", true, true, eq),
		strCompareDef("STRING/=", false, false, func(s int) bool { return s != 0 }),
		strCompareDef("STRING<", false, false, func(s int) bool { return s < 0 }),
		strCompareDef("STRING>", false, false, func(s int) bool { return s > 0 }),
		strCompareDef("STRING<=", false, false, func(s int) bool { return s <= 0 }),
		strCompareDef("STRING>=", false, false, func(s int) bool { return s >= 0 }),
		strCompareDef("STRING-NOT-EQUAL", true, false, func(s int) bool { return s != 0 }),
		strCompareDef("STRING-LESSP", true, false, func(s int) bool { return s < 0 }),
		strCompareDef("STRING-GREATERP", true, false, func(s int) bool { return s > 0 }),
		strCompareDef("STRING-NOT-GREATERP", true, false, func(s int) bool { return s <= 0 }),
		strCompareDef("STRING-NOT-LESSP", true, false, func(s int) bool { return s >= 0 }),
	)
	registerSetf(
		Def{Name: "CHAR", Min: 3, Max: 3, Params: "(NEW-VALUE STRING INDEX)", Fn: func(th *Thread, args []Value) Value {
			th.arSet(args[1], th.charIndexArg(args[1], args[2], false), args[0])
			return args[0]
		}},
		Def{Name: "SCHAR", Min: 3, Max: 3, Params: "(NEW-VALUE STRING INDEX)", Fn: func(th *Thread, args []Value) Value {
			th.arSet(args[1], th.charIndexArg(args[1], args[2], true), args[0])
			return args[0]
		}},
	)
}
