package reader

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// SyntaxType is the syntax type of a character in a readtable (CLHS 2.1.4).
type SyntaxType uint8

// The syntax types.
const (
	Constituent SyntaxType = iota
	Whitespace
	TerminatingMacro
	NonTerminatingMacro
	SingleEscape
	MultipleEscape
	Invalid
)

// CaseMode is a readtable case (CLHS 23.1.2).
type CaseMode uint8

// The readtable cases.
const (
	CaseUpcase CaseMode = iota
	CaseDowncase
	CasePreserve
	CaseInvert
)

// macroFunc is a reader macro implemented in Go. ok is false when the macro
// returns no values (comments, failed feature tests).
type macroFunc func(th *rt.Thread, s rt.Stream, c rune) (v rt.Value, ok bool)

// dispatchFunc is a dispatch sub-character function implemented in Go. arg is
// the decimal infix argument, or nil when none was given.
type dispatchFunc func(th *rt.Thread, s rt.Stream, sub rune, arg rt.Value) (v rt.Value, ok bool)

// macroEntry is the reader macro of one macro character.
type macroEntry struct {
	fn       rt.Value  // the function designator seen by Lisp
	goFn     macroFunc // fast path when fn is a standard Go macro
	dispatch map[rune]*dispatchEntry
}

// dispatchEntry is one sub-character of a dispatching macro character.
type dispatchEntry struct {
	fn   rt.Value
	goFn dispatchFunc
}

type charEntry struct {
	syn   SyntaxType
	macro *macroEntry
}

// Readtable is a Lisp READTABLE.
type Readtable struct {
	ascii [128]charEntry
	other map[rune]charEntry // non-ASCII characters differing from constituent
	Case  CaseMode
	// standard marks the standard readtable, which programs may not modify.
	standard bool
}

// entry returns the syntax entry of c.
func (t *Readtable) entry(c rune) charEntry {
	if c >= 0 && c < 128 {
		return t.ascii[c]
	}
	if e, ok := t.other[c]; ok {
		return e
	}
	return charEntry{}
}

func (t *Readtable) setEntry(c rune, e charEntry) {
	if c >= 0 && c < 128 {
		t.ascii[c] = e
		return
	}
	if e.syn == Constituent && e.macro == nil {
		delete(t.other, c)
		return
	}
	if t.other == nil {
		t.other = map[rune]charEntry{}
	}
	t.other[c] = e
}

// Syntax returns the syntax type of c in t (for the printer's escaping rules).
func (t *Readtable) Syntax(c rune) SyntaxType { return t.entry(c).syn }

// CaseMode returns the readtable case of t.
func (t *Readtable) CaseMode() CaseMode { return t.Case }

// String names the object for Go-level diagnostics.
func (t *Readtable) String() string { return "#<READTABLE>" }

func copyMacro(m *macroEntry) *macroEntry {
	if m == nil {
		return nil
	}
	n := &macroEntry{fn: m.fn, goFn: m.goFn}
	if m.dispatch != nil {
		n.dispatch = make(map[rune]*dispatchEntry, len(m.dispatch))
		for k, d := range m.dispatch {
			dd := *d
			n.dispatch[k] = &dd
		}
	}
	return n
}

// copyInto makes dst a copy of t (dst may be t's fresh replacement).
func (t *Readtable) copyInto(dst *Readtable) {
	for i, e := range t.ascii {
		dst.ascii[i] = charEntry{e.syn, copyMacro(e.macro)}
	}
	dst.other = nil
	if len(t.other) > 0 {
		dst.other = make(map[rune]charEntry, len(t.other))
		for c, e := range t.other {
			dst.other[c] = charEntry{e.syn, copyMacro(e.macro)}
		}
	}
	dst.Case = t.Case
}

// Copy returns a modifiable copy of t.
func (t *Readtable) Copy() *Readtable {
	n := &Readtable{}
	t.copyInto(n)
	return n
}

// invalidTrait reports whether c has the "invalid" constituent trait
// (CLHS Figure 2-8): it may not appear unescaped in a token.
func invalidTrait(c rune) bool {
	switch c {
	case '\b', '\t', '\n', '\f', '\r', ' ', 0x7f:
		return true
	}
	return false
}

// upcase and downcase follow CHAR-UPCASE and CHAR-DOWNCASE.
func upcase(r rune) rune {
	if r < 128 {
		if r >= 'a' && r <= 'z' {
			return r - 32
		}
		return r
	}
	return rt.CharUpcase(r)
}

func downcase(r rune) rune {
	if r < 128 {
		if r >= 'A' && r <= 'Z' {
			return r + 32
		}
		return r
	}
	return rt.CharDowncase(r)
}

func isUpper(r rune) bool { return rt.UpperCaseP(r) }
func isLower(r rune) bool { return rt.LowerCaseP(r) }

// --- per-image state ---

type stateKey struct{}

// imageState is the reader's per-image data.
type imageState struct {
	std *Readtable
	// ctxSym and bqSym are uninterned specials holding the current read
	// context and backquote depth.
	ctxSym, bqSym *rt.Symbol
	// goMacros and goDispatch recognise the Lisp wrappers of the standard
	// macros so set-macro-character keeps the Go fast path.
	goMacros   map[*rt.Builtin]macroFunc
	goDispatch map[*rt.Builtin]dispatchFunc
	dispatcher *rt.Builtin // the macro function of every dispatching character
}

func state(img *rt.Image) *imageState {
	st, _ := img.Extra[stateKey{}].(*imageState)
	if st == nil {
		st = newImageState(img)
		img.Extra[stateKey{}] = st
	}
	return st
}

// StandardReadtable returns img's standard readtable. It must not be modified:
// the Lisp functions refuse to, and Go callers should Copy it first.
func StandardReadtable(img *rt.Image) *Readtable { return state(img).std }

// CurrentReadtable returns the value of *readtable*, signalling a TYPE-ERROR
// when it is not a readtable.
func CurrentReadtable(th *rt.Thread) *Readtable {
	v := th.Img.S.Readtable.Value
	if t, ok := v.(*Readtable); ok {
		return t
	}
	if v == nil {
		return state(th.Img).std
	}
	th.TypeError(v, th.Img.CLSym("READTABLE"))
	return nil
}

func (st *imageState) wrapMacro(img *rt.Image, name string, f macroFunc) *rt.Builtin {
	sym, _ := img.Golem.Intern(name)
	b := &rt.Builtin{Name: sym, Min: 2, Max: 2, MultipleValues: true, Params: "(STREAM CHAR)"}
	b.Fn = func(th *rt.Thread, args []rt.Value) rt.Value {
		s := inputStream(th, args[0])
		c, ok := args[1].(rt.Char)
		if !ok {
			th.TypeErrorName(args[1], "CHARACTER")
		}
		_, depth := ensureCtx(th)
		v, ok := f(th, s, rune(c))
		th.UnbindTo(depth)
		if !ok {
			return th.Values()
		}
		th.SetSingle()
		return v
	}
	st.goMacros[b] = f
	return b
}

func (st *imageState) wrapDispatch(img *rt.Image, name string, f dispatchFunc) *rt.Builtin {
	sym, _ := img.Golem.Intern(name)
	b := &rt.Builtin{Name: sym, Min: 3, Max: 3, MultipleValues: true, Params: "(STREAM SUB-CHAR ARG)"}
	b.Fn = func(th *rt.Thread, args []rt.Value) rt.Value {
		s := inputStream(th, args[0])
		c, ok := args[1].(rt.Char)
		if !ok {
			th.TypeErrorName(args[1], "CHARACTER")
		}
		var arg rt.Value
		if args[2] != rt.NIL {
			if !rt.IsInteger(args[2]) {
				th.TypeError(args[2], rt.List(th.Img.S.Or, rt.NIL, th.Img.S.Integer))
			}
			arg = args[2]
		}
		_, depth := ensureCtx(th)
		v, ok := f(th, s, rune(c), arg)
		th.UnbindTo(depth)
		if !ok {
			return th.Values()
		}
		th.SetSingle()
		return v
	}
	st.goDispatch[b] = f
	return b
}

func newImageState(img *rt.Image) *imageState {
	st := &imageState{
		ctxSym:     rt.NewSymbol("*READ-CONTEXT*"),
		bqSym:      rt.NewSymbol("*BACKQUOTE-DEPTH*"),
		goMacros:   map[*rt.Builtin]macroFunc{},
		goDispatch: map[*rt.Builtin]dispatchFunc{},
	}
	st.ctxSym.Flags |= rt.FlagSpecial
	st.bqSym.Flags |= rt.FlagSpecial
	st.bqSym.Value = rt.MakeInt(0)
	st.dispatcher = st.wrapMacro(img, "READ-DISPATCH-CHAR", readDispatch)

	t := &Readtable{standard: true}
	for _, c := range "\t\n\f\r " {
		t.ascii[c].syn = Whitespace
	}
	// Backspace, Rubout and Vt stay constituents (the first two invalid ones).
	t.ascii['\\'].syn = SingleEscape
	t.ascii['|'].syn = MultipleEscape
	term := func(c rune, name string, f macroFunc) {
		t.ascii[c] = charEntry{TerminatingMacro, &macroEntry{fn: st.wrapMacro(img, name, f), goFn: f}}
	}
	term('(', "READ-LIST", readList)
	term(')', "READ-RIGHT-PAREN", readRightParen)
	term('\'', "READ-QUOTE", readQuote)
	term(';', "READ-COMMENT", readComment)
	term('"', "READ-STRING", readString)
	term('`', "READ-BACKQUOTE", readBackquote)
	term(',', "READ-COMMA", readComma)
	sharp := &macroEntry{fn: st.dispatcher, goFn: readDispatch, dispatch: map[rune]*dispatchEntry{}}
	t.ascii['#'] = charEntry{NonTerminatingMacro, sharp}
	sub := func(c rune, name string, f dispatchFunc) {
		sharp.dispatch[c] = &dispatchEntry{fn: st.wrapDispatch(img, name, f), goFn: f}
	}
	sub('\\', "SHARP-BACKSLASH", sharpBackslash)
	sub('\'', "SHARP-QUOTE", sharpQuote)
	sub('(', "SHARP-LEFT-PAREN", sharpLeftParen)
	sub('*', "SHARP-STAR", sharpStar)
	sub(':', "SHARP-COLON", sharpColon)
	sub('.', "SHARP-DOT", sharpDot)
	sub('B', "SHARP-B", sharpRadix)
	sub('O', "SHARP-O", sharpRadix)
	sub('X', "SHARP-X", sharpRadix)
	sub('R', "SHARP-R", sharpRadix)
	sub('C', "SHARP-C", sharpC)
	sub('A', "SHARP-A", sharpA)
	sub('S', "SHARP-S", sharpS)
	sub('P', "SHARP-P", sharpP)
	sub('+', "SHARP-PLUS", sharpFeature)
	sub('-', "SHARP-MINUS", sharpFeature)
	sub('|', "SHARP-VERTICAL-BAR", sharpComment)
	sub('=', "SHARP-EQUAL", sharpEqual)
	sub('#', "SHARP-SHARP", sharpSharp)
	st.std = t
	return st
}

// LispType makes TYPE-OF and TYPEP see readtables as READTABLE.
func (r *Readtable) LispType() string { return "READTABLE" }
