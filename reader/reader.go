package reader

import (
	"strconv"
	"strings"

	rt "github.com/golem-lisp/golem/runtime"
)

// readCtx is shared by one top-level read and the recursive reads made on its
// behalf by reader macros.
type readCtx struct {
	labels   map[any]*label // #n= labels, keyed by int64 or decimal string
	preserve bool           // read-preserving-whitespace semantics
	// Token buffer, reused for every token of the read.
	buf []rune
	esc []bool // esc[i]: buf[i] was escaped
	// anyEsc reports an escape in the last token; lastMulti is the buffer
	// position where its last multiple escape began (-1 if none).
	anyEsc    bool
	lastMulti int
	// upper reports that the last token was read all at once from a
	// string stream and has no lower case or non-ASCII character: upper
	// case conversion would not change it.
	upper bool
	// src, when not nil, is the text of a top-level read that tracks
	// where its object starts: formStart, an offset of src (-1: not yet).
	src       rt.SourceStream
	formStart int
	// text holds a token's UTF-8 text while its symbol is looked up.
	text []byte
	// Initial storage for buf, esc and text, so most tokens need no allocation.
	bufArr  [48]rune
	escArr  [48]bool
	textArr [64]byte
}

func newCtx(preserve bool) *readCtx {
	c := &readCtx{preserve: preserve, lastMulti: -1, formStart: -1}
	c.buf, c.esc, c.text = c.bufArr[:0], c.escArr[:0], c.textArr[:0]
	return c
}

// Result kinds of one reading step.
const (
	kObj  = iota // an object was read
	kNone        // a macro returned no values (comment, failed #+)
	kDot         // a token consisting of a single unescaped dot
	kEOF         // end of file before any object started
)

// eofMarker is a private sentinel for end of file in Go-level loops.
type eofMarker struct{}

var eofSentinel = &eofMarker{}

// Read reads one object from stream (READ). At end of file it signals
// END-OF-FILE when eofError, else returns eofValue.
func Read(th *rt.Thread, stream rt.Stream, eofError bool, eofValue rt.Value, recursive bool) rt.Value {
	return readTop(th, stream, eofError, eofValue, recursive, false, nil)
}

// ReadPreservingWhitespace is READ-PRESERVING-WHITESPACE.
func ReadPreservingWhitespace(th *rt.Thread, stream rt.Stream, eofError bool, eofValue rt.Value, recursive bool) rt.Value {
	return readTop(th, stream, eofError, eofValue, recursive, true, nil)
}

// ReadFromString reads the first object of s, signalling END-OF-FILE when
// there is none, and returns it with the index (in characters) after it.
func ReadFromString(th *rt.Thread, s string) (rt.Value, int) {
	in := rt.NewStringInput([]rune(s), 0, 0)
	in.End = len(in.R)
	v := readTop(th, in, true, rt.NIL, false, false, nil)
	return v, in.Pos
}

// ReadAll reads the objects of src one at a time, calling fn after each so
// that its side effects (in-package, readtable changes) affect the reading of
// the next.
func ReadAll(th *rt.Thread, src string, fn func(form rt.Value)) {
	r := []rune(src)
	in := rt.NewStringInput(r, 0, len(r))
	ctx := newCtx(false) // reused for every form: one token buffer
	for {
		ctx.labels = nil
		v := readTop(th, in, false, eofSentinel, false, false, ctx)
		if v == eofSentinel {
			return
		}
		fn(v)
	}
}

// currentCtx returns the context of the innermost read in progress, or nil.
func currentCtx(th *rt.Thread) *readCtx {
	c, _ := state(th.Img).ctxSym.Value.(*readCtx)
	return c
}

// ensureCtx returns the current read context, binding a fresh one when a
// reader macro is called outside any read. Undo with th.UnbindTo(depth).
func ensureCtx(th *rt.Thread) (*readCtx, int) {
	depth := th.SpecialDepth()
	if c := currentCtx(th); c != nil {
		return c, depth
	}
	c := newCtx(false)
	th.BindSpecial(state(th.Img).ctxSym, c)
	return c, depth
}

// readTop implements READ and READ-PRESERVING-WHITESPACE; fresh, when not
// nil, is the context to use for a new top-level read.
func readTop(th *rt.Thread, s rt.Stream, eofError bool, eofValue rt.Value, recursive, preserve bool, fresh *readCtx) rt.Value {
	st := state(th.Img)
	depth := th.SpecialDepth()
	ctx := currentCtx(th)
	if recursive && ctx == nil {
		readerError(th, s, "(READ) was invoked with RECURSIVE-P being true outside of a recursive read operation.")
	}
	if !recursive {
		ctx = fresh
		if ctx == nil {
			ctx = newCtx(preserve)
		}
		th.BindSpecial(st.ctxSym, ctx)
		if !recursive {
			th.BindSpecial(st.bqSym, rt.MakeInt(0))
		}
	}
	var v rt.Value
	var kind int
	if ctx.src != nil && !recursive {
		v, kind = readObjectTracked(th, s, ctx)
	} else {
		v, kind = readObject(th, s, ctx)
	}
	if kind == kDot {
		readerError(th, s, "dot context error")
	}
	th.UnbindTo(depth)
	if kind == kEOF {
		if eofError {
			th.EndOfFile(s)
		}
		return eofValue
	}
	if !recursive && !ctx.preserve {
		// READ consumes one whitespace character after the object.
		if c, ok := s.ReadChar(); ok && CurrentReadtable(th).entry(c).syn != Whitespace {
			s.UnreadChar(c)
		}
	}
	return v
}

// readObject reads the next object, skipping whitespace and macros that
// return no values. It returns kObj, kDot or kEOF.
func readObject(th *rt.Thread, s rt.Stream, ctx *readCtx) (rt.Value, int) {
	for {
		c, ok := s.ReadChar()
		if !ok {
			return nil, kEOF
		}
		v, k := readStepFrom(th, s, ctx, c)
		if k != kNone {
			return v, k
		}
	}
}

// readInner reads an object inside another one (a reader macro's argument):
// end of file is an error and so is a consing dot.
func readInner(th *rt.Thread, s rt.Stream, ctx *readCtx) rt.Value {
	v, k := readObject(th, s, ctx)
	switch k {
	case kEOF:
		eofError(th, s)
	case kDot:
		readerError(th, s, "dot context error")
	}
	return v
}

// readStepFrom performs one step of the reader algorithm (CLHS 2.2) given the
// first character c.
func readStepFrom(th *rt.Thread, s rt.Stream, ctx *readCtx, c rune) (rt.Value, int) {
	tab := CurrentReadtable(th)
	e := tab.entry(c)
	switch e.syn {
	case Whitespace:
		return nil, kNone
	case TerminatingMacro, NonTerminatingMacro:
		if e.macro != nil {
			return callMacro(th, s, e.macro, c)
		}
	case Invalid:
		readerError(th, s, "invalid character "+charDesc(c))
	}
	return readToken(th, s, ctx, tab, c, e.syn)
}

func callMacro(th *rt.Thread, s rt.Stream, m *macroEntry, c rune) (rt.Value, int) {
	th.Tick() // lets timeouts interrupt reading huge input
	th.EnterNested()
	var v rt.Value
	var ok bool
	if m.goFn != nil {
		v, ok = m.goFn(th, s, c)
	} else {
		v = th.Call(m.fn, s, rt.Char(c))
		ok = th.ValueCount() != 0
	}
	th.LeaveNested()
	if !ok {
		return nil, kNone
	}
	return v, kObj
}

// skipWhitespace returns the next non-whitespace character.
func skipWhitespace(th *rt.Thread, s rt.Stream) (rune, bool) {
	tab := CurrentReadtable(th)
	for {
		c, ok := s.ReadChar()
		if !ok {
			return 0, false
		}
		if tab.entry(c).syn != Whitespace {
			return c, true
		}
	}
}

// readChar reads a character that must be there.
func mustReadChar(th *rt.Thread, s rt.Stream) rune {
	c, ok := s.ReadChar()
	if !ok {
		eofError(th, s)
	}
	return c
}

func suppressed(th *rt.Thread) bool {
	v := th.Img.S.ReadSuppress.Value
	return v != nil && v != rt.NIL
}

// charDesc renders a character as #\x for messages.
func charDesc(c rune) string {
	if rt.GraphicCharP(c) && c != ' ' {
		return "#\\" + string(c)
	}
	return "#\\" + rt.CharName(c)
}

// inputStream resolves an input stream designator and checks its direction.
func inputStream(th *rt.Thread, d rt.Value) rt.Stream {
	s := th.InputStream(d)
	if !s.IsInput() {
		th.Error(th.MakeCondition("SIMPLE-TYPE-ERROR", th.Img.Kw("DATUM"), s,
			th.Img.Kw("EXPECTED-TYPE"), rt.List(th.Img.S.Satisfies, th.Img.CLSym("INPUT-STREAM-P")),
			th.Img.Kw("FORMAT-CONTROL"), rt.NewString("~S is not a character input stream."),
			th.Img.Kw("FORMAT-ARGUMENTS"), rt.List(s)))
	}
	if o, ok := s.(interface{ IsOpen() bool }); ok && !o.IsOpen() {
		th.Error(th.MakeCondition("GOLEM:SIMPLE-STREAM-ERROR", th.Img.Kw("STREAM"), s,
			th.Img.Kw("FORMAT-CONTROL"), rt.NewString("~S is closed."), th.Img.Kw("FORMAT-ARGUMENTS"), rt.List(s)))
	}
	return s
}

// printed renders v for a message; integers need no printer.
func printed(th *rt.Thread, v rt.Value) string {
	switch x := v.(type) {
	case rt.Fixnum:
		return strconv.FormatInt(int64(x), 10)
	case *rt.Bignum:
		return x.Int.String()
	}
	return th.Printed(v)
}

// simpleError signals a SIMPLE-ERROR whose message is msg verbatim.
func simpleError(th *rt.Thread, msg string) {
	th.SimpleError(strings.ReplaceAll(msg, "~", "~~"))
}
