package reader

import (
	rt "github.com/golem-lisp/golem/runtime"
)

func init() {
	rt.Register(
		rt.Def{Name: "READ", Min: 0, Max: 4, Params: "(&OPTIONAL STREAM (EOF-ERROR-P T) EOF-VALUE RECURSIVE-P)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value { return lispRead(th, args, false) }},
		rt.Def{Name: "READ-PRESERVING-WHITESPACE", Min: 0, Max: 4, Params: "(&OPTIONAL STREAM (EOF-ERROR-P T) EOF-VALUE RECURSIVE-P)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value { return lispRead(th, args, true) }},
		rt.Def{Name: "READ-FROM-STRING", Min: 1, Max: -1, MV: true,
			Params: "(STRING &OPTIONAL (EOF-ERROR-P T) EOF-VALUE &KEY (START 0) END PRESERVE-WHITESPACE)", Fn: readFromString},
		rt.Def{Name: "READ-DELIMITED-LIST", Min: 1, Max: 3, Params: "(CHAR &OPTIONAL STREAM RECURSIVE-P)", Fn: readDelimitedList},
		rt.Def{Name: "READTABLEP", Min: 1, Max: 1, Params: "(OBJECT)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			_, ok := args[0].(*Readtable)
			return rt.Bool(ok)
		}},
		rt.Def{Name: "COPY-READTABLE", Min: 0, Max: 2, Params: "(&OPTIONAL (FROM-READTABLE *READTABLE*) TO-READTABLE)", Fn: copyReadtable},
		rt.Def{Name: "READTABLE-CASE", Min: 1, Max: 1, Params: "(READTABLE)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			return caseKeyword(th, readtableArg(th, args[0]).Case)
		}},
		rt.Def{Name: "SET-MACRO-CHARACTER", Min: 2, Max: 4, Params: "(CHAR NEW-FUNCTION &OPTIONAL NON-TERMINATING-P (READTABLE *READTABLE*))", Fn: setMacroCharacter},
		rt.Def{Name: "GET-MACRO-CHARACTER", Min: 1, Max: 2, MV: true, Params: "(CHAR &OPTIONAL (READTABLE *READTABLE*))", Fn: getMacroCharacter},
		rt.Def{Name: "MAKE-DISPATCH-MACRO-CHARACTER", Min: 1, Max: 3, Params: "(CHAR &OPTIONAL NON-TERMINATING-P (READTABLE *READTABLE*))", Fn: makeDispatchMacroCharacter},
		rt.Def{Name: "SET-DISPATCH-MACRO-CHARACTER", Min: 3, Max: 4, Params: "(DISP-CHAR SUB-CHAR NEW-FUNCTION &OPTIONAL (READTABLE *READTABLE*))", Fn: setDispatchMacroCharacter},
		rt.Def{Name: "GET-DISPATCH-MACRO-CHARACTER", Min: 2, Max: 3, Params: "(DISP-CHAR SUB-CHAR &OPTIONAL (READTABLE *READTABLE*))", Fn: getDispatchMacroCharacter},
		rt.Def{Name: "SET-SYNTAX-FROM-CHAR", Min: 2, Max: 4, Params: "(TO-CHAR FROM-CHAR &OPTIONAL (TO-READTABLE *READTABLE*) FROM-READTABLE)", Fn: setSyntaxFromChar},

		rt.Def{Name: "READ-CHAR", Min: 0, Max: 4, Params: "(&OPTIONAL STREAM (EOF-ERROR-P T) EOF-VALUE RECURSIVE-P)", Fn: readCharFn},
		rt.Def{Name: "READ-CHAR-NO-HANG", Min: 0, Max: 4, Params: "(&OPTIONAL STREAM (EOF-ERROR-P T) EOF-VALUE RECURSIVE-P)", Fn: readCharFn},
		rt.Def{Name: "PEEK-CHAR", Min: 0, Max: 5, Params: "(&OPTIONAL PEEK-TYPE STREAM (EOF-ERROR-P T) EOF-VALUE RECURSIVE-P)", Fn: peekChar},
		rt.Def{Name: "UNREAD-CHAR", Min: 1, Max: 2, Params: "(CHARACTER &OPTIONAL STREAM)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			c := charArg(th, args[0])
			inputStream(th, rt.Opt(args, 1)).UnreadChar(c)
			return rt.NIL
		}},
		rt.Def{Name: "READ-LINE", Min: 0, Max: 4, MV: true, Params: "(&OPTIONAL STREAM (EOF-ERROR-P T) EOF-VALUE RECURSIVE-P)", Fn: readLine},
		rt.Def{Name: "LISTEN", Min: 0, Max: 1, Params: "(&OPTIONAL STREAM)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			s := inputStream(th, rt.Opt(args, 0))
			c, ok := s.ReadChar()
			if ok {
				s.UnreadChar(c)
			}
			return rt.Bool(ok)
		}},
		rt.Def{Name: "CLEAR-INPUT", Min: 0, Max: 1, Params: "(&OPTIONAL STREAM)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			inputStream(th, rt.Opt(args, 0))
			return rt.NIL
		}},
	)
}

// eofErrorP reads an optional eof-error-p argument (default true).
func eofErrorP(args []rt.Value, i int) bool { return i >= len(args) || args[i] != rt.NIL }

func lispRead(th *rt.Thread, args []rt.Value, preserve bool) rt.Value {
	s := inputStream(th, rt.Opt(args, 0))
	return readTop(th, s, eofErrorP(args, 1), rt.Opt(args, 2), rt.Opt(args, 3) != rt.NIL, preserve, nil)
}

func readFromString(th *rt.Thread, args []rt.Value) rt.Value {
	str, ok := th.SimpleStringOf(args[0])
	if !ok {
		th.TypeErrorName(args[0], "STRING")
	}
	var kw []rt.Value
	if len(args) > 3 {
		kw = th.ParseKeys(args[3:], "START", "END", "PRESERVE-WHITESPACE")
	} else {
		kw = make([]rt.Value, 3)
	}
	runes := str.Runes()
	start, end := boundingIndices(th, kw[0], kw[1], len(runes))
	in := rt.NewStringInput(runes, start, end)
	preserve := kw[2] != nil && kw[2] != rt.NIL
	v := readTop(th, in, eofErrorP(args, 1), rt.Opt(args, 2), false, preserve, nil)
	return th.Values2(v, rt.MakeInt(int64(in.Pos)))
}

// boundingIndices validates :start and :end designators for a sequence of length n.
func boundingIndices(th *rt.Thread, startV, endV rt.Value, n int) (int, int) {
	start, end := 0, n
	if startV != nil {
		f, ok := startV.(rt.Fixnum)
		if !ok || f < 0 || int64(f) > int64(n) {
			th.TypeError(startV, rt.List(th.Img.S.Integer, rt.MakeInt(0), rt.MakeInt(int64(n))))
		}
		start = int(f)
	}
	if endV != nil && endV != rt.NIL {
		f, ok := endV.(rt.Fixnum)
		if !ok || f < 0 || int64(f) > int64(n) {
			th.TypeError(endV, rt.List(th.Img.S.Or, rt.NIL, rt.List(th.Img.S.Integer, rt.MakeInt(0), rt.MakeInt(int64(n)))))
		}
		end = int(f)
	}
	if start > end {
		th.TypeError(startV, rt.List(th.Img.S.Integer, rt.MakeInt(0), rt.MakeInt(int64(end))))
	}
	return start, end
}

func readDelimitedList(th *rt.Thread, args []rt.Value) rt.Value {
	c := charArg(th, args[0])
	s := inputStream(th, rt.Opt(args, 1))
	recursive := rt.Opt(args, 2) != rt.NIL
	st := state(th.Img)
	depth := th.SpecialDepth()
	ctx := currentCtx(th)
	if !recursive || ctx == nil {
		ctx = newCtx(false)
		th.BindSpecial(st.ctxSym, ctx)
		if !recursive {
			th.BindSpecial(st.bqSym, rt.MakeInt(0))
		}
	}
	v := readListBody(th, s, ctx, c, false)
	th.UnbindTo(depth)
	return v
}

func charArg(th *rt.Thread, v rt.Value) rune {
	c, ok := v.(rt.Char)
	if !ok {
		th.TypeErrorName(v, "CHARACTER")
	}
	return rune(c)
}

// readtableArg checks that v is a readtable.
func readtableArg(th *rt.Thread, v rt.Value) *Readtable {
	t, ok := v.(*Readtable)
	if !ok {
		th.TypeError(v, th.Img.CLSym("READTABLE"))
	}
	return t
}

// readtableDesignator resolves an optional readtable argument: absent means
// *readtable*, NIL the standard readtable when nilStandard.
func readtableDesignator(th *rt.Thread, args []rt.Value, i int, nilStandard bool) *Readtable {
	if i >= len(args) {
		return CurrentReadtable(th)
	}
	if args[i] == rt.NIL && nilStandard {
		return state(th.Img).std
	}
	return readtableArg(th, args[i])
}

func mustModify(th *rt.Thread, t *Readtable, op string) {
	if t.standard {
		th.SimpleError("~A would modify the standard readtable.", rt.NewString(op))
	}
}

func caseKeyword(th *rt.Thread, m CaseMode) rt.Value {
	switch m {
	case CaseDowncase:
		return th.Img.S.Downcase
	case CasePreserve:
		return th.Img.S.Preserve
	case CaseInvert:
		return th.Img.S.Invert
	}
	return th.Img.S.Upcase
}

func setfReadtableCase(th *rt.Thread, args []rt.Value) rt.Value {
	t := readtableArg(th, args[1])
	var m CaseMode
	switch args[0] {
	case th.Img.S.Upcase:
		m = CaseUpcase
	case th.Img.S.Downcase:
		m = CaseDowncase
	case th.Img.S.Preserve:
		m = CasePreserve
	case th.Img.S.Invert:
		m = CaseInvert
	default:
		th.TypeError(args[0], rt.List(th.Img.S.Member, th.Img.S.Upcase, th.Img.S.Downcase, th.Img.S.Preserve, th.Img.S.Invert))
	}
	mustModify(th, t, "(SETF READTABLE-CASE)")
	t.Case = m
	return args[0]
}

func copyReadtable(th *rt.Thread, args []rt.Value) rt.Value {
	from := readtableDesignator(th, args, 0, true)
	if len(args) > 1 && args[1] != rt.NIL {
		to := readtableArg(th, args[1])
		mustModify(th, to, "COPY-READTABLE")
		from.copyInto(to)
		return to
	}
	return from.Copy()
}

// functionDesignator checks a reader macro function argument.
func functionDesignator(th *rt.Thread, v rt.Value) rt.Value {
	switch v.(type) {
	case rt.Function, *rt.Symbol:
		return v
	}
	th.TypeError(v, rt.List(th.Img.S.Or, th.Img.CLSym("FUNCTION"), th.Img.S.Symbol))
	return nil
}

func setMacroCharacter(th *rt.Thread, args []rt.Value) rt.Value {
	c := charArg(th, args[0])
	fn := functionDesignator(th, args[1])
	syn := TerminatingMacro
	if rt.Opt(args, 2) != rt.NIL {
		syn = NonTerminatingMacro
	}
	t := readtableDesignator(th, args, 3, false)
	mustModify(th, t, "SET-MACRO-CHARACTER")
	m := &macroEntry{fn: fn}
	if b, ok := fn.(*rt.Builtin); ok {
		m.goFn = state(th.Img).goMacros[b]
	}
	t.setEntry(c, charEntry{syn, m})
	return rt.T
}

func getMacroCharacter(th *rt.Thread, args []rt.Value) rt.Value {
	c := charArg(th, args[0])
	t := readtableDesignator(th, args, 1, true)
	e := t.entry(c)
	if e.macro == nil {
		return th.Values2(rt.NIL, rt.NIL)
	}
	return th.Values2(e.macro.fn, rt.Bool(e.syn == NonTerminatingMacro))
}

func makeDispatchMacroCharacter(th *rt.Thread, args []rt.Value) rt.Value {
	c := charArg(th, args[0])
	syn := TerminatingMacro
	if rt.Opt(args, 1) != rt.NIL {
		syn = NonTerminatingMacro
	}
	t := readtableDesignator(th, args, 2, false)
	mustModify(th, t, "MAKE-DISPATCH-MACRO-CHARACTER")
	st := state(th.Img)
	t.setEntry(c, charEntry{syn, &macroEntry{fn: st.dispatcher, goFn: readDispatch, dispatch: map[rune]*dispatchEntry{}}})
	return rt.T
}

// dispatchTable returns the dispatch table of disp in t or signals an error.
func dispatchTable(th *rt.Thread, t *Readtable, disp rune) map[rune]*dispatchEntry {
	m := t.entry(disp).macro
	if m == nil || m.dispatch == nil {
		th.SimpleError("~S is not a dispatching macro character.", rt.Char(disp))
	}
	return m.dispatch
}

func setDispatchMacroCharacter(th *rt.Thread, args []rt.Value) rt.Value {
	disp := charArg(th, args[0])
	sub := charArg(th, args[1])
	t := readtableDesignator(th, args, 3, false)
	mustModify(th, t, "SET-DISPATCH-MACRO-CHARACTER")
	table := dispatchTable(th, t, disp)
	if sub >= '0' && sub <= '9' {
		th.SimpleError("SUB-CHAR must not be a decimal digit: ~S", rt.Char(sub))
	}
	if args[2] == rt.NIL {
		delete(table, upcase(sub))
		return rt.T
	}
	fn := functionDesignator(th, args[2])
	e := &dispatchEntry{fn: fn}
	if b, ok := fn.(*rt.Builtin); ok {
		e.goFn = state(th.Img).goDispatch[b]
	}
	table[upcase(sub)] = e
	return rt.T
}

func getDispatchMacroCharacter(th *rt.Thread, args []rt.Value) rt.Value {
	disp := charArg(th, args[0])
	sub := charArg(th, args[1])
	t := readtableDesignator(th, args, 2, true)
	table := dispatchTable(th, t, disp)
	if sub >= '0' && sub <= '9' {
		return rt.NIL
	}
	if e := table[upcase(sub)]; e != nil {
		return e.fn
	}
	return rt.NIL
}

func setSyntaxFromChar(th *rt.Thread, args []rt.Value) rt.Value {
	to := charArg(th, args[0])
	from := charArg(th, args[1])
	toT := readtableDesignator(th, args, 2, false)
	fromT := state(th.Img).std
	if len(args) > 3 && args[3] != rt.NIL {
		fromT = readtableArg(th, args[3])
	}
	mustModify(th, toT, "SET-SYNTAX-FROM-CHAR")
	e := fromT.entry(from)
	toT.setEntry(to, charEntry{e.syn, copyMacro(e.macro)})
	return rt.T
}

// --- input-side stream functions ---

func eofResult(th *rt.Thread, s rt.Stream, args []rt.Value, i int) rt.Value {
	if eofErrorP(args, i) {
		th.EndOfFile(s)
	}
	return rt.Opt(args, i+1)
}

func readCharFn(th *rt.Thread, args []rt.Value) rt.Value {
	s := inputStream(th, rt.Opt(args, 0))
	c, ok := s.ReadChar()
	if !ok {
		return eofResult(th, s, args, 1)
	}
	return rt.Char(c)
}

func peekChar(th *rt.Thread, args []rt.Value) rt.Value {
	pt := rt.Opt(args, 0)
	target, isChar := pt.(rt.Char)
	if !isChar && pt != rt.NIL && pt != rt.T {
		th.TypeError(pt, rt.List(th.Img.S.Or, th.Img.S.Character, th.Img.CLSym("BOOLEAN")))
	}
	s := inputStream(th, rt.Opt(args, 1))
	var tab *Readtable
	if pt == rt.T {
		tab = CurrentReadtable(th)
	}
	for {
		// The character returned is peeked at, those skipped are read (an
		// echo stream echoes only these).
		c, ok := rt.PeekChar(s)
		if !ok {
			return eofResult(th, s, args, 2)
		}
		switch {
		case isChar && c != rune(target), tab != nil && tab.entry(c).syn == Whitespace:
			s.ReadChar()
			continue
		}
		return rt.Char(c)
	}
}

func readLine(th *rt.Thread, args []rt.Value) rt.Value {
	s := inputStream(th, rt.Opt(args, 0))
	var line []rune
	for {
		c, ok := s.ReadChar()
		if !ok {
			if line == nil {
				return th.Values2(eofResult(th, s, args, 1), rt.T)
			}
			return th.Values2(&rt.String{R: line}, rt.T)
		}
		if c == '\n' {
			if line == nil {
				line = []rune{}
			}
			return th.Values2(&rt.String{R: line}, rt.NIL)
		}
		line = append(line, c)
	}
}
