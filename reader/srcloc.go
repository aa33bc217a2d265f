package reader

import (
	"strconv"
	"strings"

	rt "github.com/golem-lisp/golem/runtime"
)

// Where reader errors happen. Nothing here runs while reading goes well but
// one offset taken per top-level form (readTopTracked); lines and columns
// are counted only when an error or a definition needs them.

// sourceOf returns the stream that knows its text behind s, or nil.
func sourceOf(s rt.Stream) rt.SourceStream {
	for range 8 { // synonym chains are short; a cycle must not hang
		switch x := s.(type) {
		case rt.SourceStream:
			return x
		case *rt.TwoWayStream:
			s = x.In
		case *rt.SynonymStream:
			t, ok := x.Sym.Value.(rt.Stream)
			if !ok {
				return nil
			}
			s = t
		default:
			return nil
		}
	}
	return nil
}

// FormReader reads the top-level forms of one stream in turn, as LOAD and
// Eval do, telling where each starts. It reuses one token buffer for all.
type FormReader struct {
	s   rt.Stream
	src rt.SourceStream // nil when s does not know its text
	ctx *readCtx
}

// NewFormReader makes a FormReader of s.
func NewFormReader(s rt.Stream) *FormReader {
	r := &FormReader{s: s, src: sourceOf(s), ctx: newCtx(false)}
	r.ctx.src = r.src
	return r
}

// Next reads the next form as READ does (returning eof at end of input)
// and where it starts: its first character, after whitespace and comments.
// The location is zero when the stream does not know its text.
func (r *FormReader) Next(th *rt.Thread, eof rt.Value) (rt.Value, rt.SourceLocation) {
	ctx := r.ctx
	ctx.labels, ctx.formStart = nil, -1
	v := readTop(th, r.s, false, eof, false, false, ctx)
	if r.src == nil || v == eof || ctx.formStart < 0 {
		return v, rt.SourceLocation{}
	}
	return v, r.src.SourceLocationAt(ctx.formStart)
}

// ReadTopLevel reads one top-level form of s and tells where it starts
// (see FormReader, which reads a stream's forms in turn).
func ReadTopLevel(th *rt.Thread, s rt.Stream, eof rt.Value) (rt.Value, rt.SourceLocation) {
	return NewFormReader(s).Next(th, eof)
}

// readObjectTracked is readObject for a top-level read that notes in ctx
// where the object starts.
func readObjectTracked(th *rt.Thread, s rt.Stream, ctx *readCtx) (rt.Value, int) {
	for {
		off := ctx.src.SourceOffset()
		c, ok := s.ReadChar()
		if !ok {
			return nil, kEOF
		}
		ctx.formStart = off
		v, k := readStepFrom(th, s, ctx, c)
		if k != kNone {
			return v, k
		}
	}
}

// readerError signals a READER-ERROR whose report says where the reader
// stopped.
func readerError(th *rt.Thread, s rt.Stream, msg string) {
	c := th.MakeCondition("GOLEM:SIMPLE-READER-ERROR", th.Img.Kw("FORMAT-CONTROL"), rt.NewString(rt.EscapeTildes(msg)),
		th.Img.Kw("FORMAT-ARGUMENTS"), rt.NIL, th.Img.Kw("STREAM"), s)
	if where := readErrorSource(th, s, false); where != nil {
		setSourceSlot(th, c, where)
	}
	th.Error(c)
}

// eofError signals END-OF-FILE inside an object: its report says where the
// top-level form being read began and which parentheses are still open.
func eofError(th *rt.Thread, s rt.Stream) {
	c := th.MakeCondition("END-OF-FILE", th.Img.Kw("STREAM"), s)
	if where := readErrorSource(th, s, true); where != nil {
		setSourceSlot(th, c, where)
	}
	th.Error(c)
}

func setSourceSlot(th *rt.Thread, c *rt.Instance, where *rt.ReadErrorSource) {
	if i := c.Class.SlotIndex(th.Img.Intern("GOLEM", "SOURCE-LOCATION")); i >= 0 {
		c.Slots[i] = where
	}
}

// ErrorSource returns where the reader error or end of file c happened,
// when the reader knew.
func ErrorSource(c *rt.Instance) (*rt.ReadErrorSource, bool) {
	for i, sd := range c.Class.Slots {
		if sd.Name.Name == "SOURCE-LOCATION" && sd.Name.Pkg != nil && sd.Name.Pkg.Name == "GOLEM" && i < len(c.Slots) {
			r, ok := c.Slots[i].(*rt.ReadErrorSource)
			return r, ok
		}
	}
	return nil, false
}

// locationSuffix is the end of a report of an error other than a reader
// error signalled while reading s: where the reader is.
func locationSuffix(th *rt.Thread, s rt.Stream) string {
	return readErrorSource(th, s, false).ReportSuffix()
}

// maxScanned bounds the characters of an unfinished form scanned for the
// parentheses it leaves open.
const maxScanned = 1 << 20

// maxUnclosedShown bounds the unclosed parentheses an end-of-file report lists.
const maxUnclosedShown = 6

// readErrorSource describes where the reader stopped on s, or returns nil
// when s does not know its text; eof adds the top-level form's start and
// what is still open in it.
func readErrorSource(th *rt.Thread, s rt.Stream, eof bool) *rt.ReadErrorSource {
	src := sourceOf(s)
	if src == nil {
		if rs, ok := s.(*rt.ReaderStream); ok {
			at := rt.SourceLocation{Line: rs.Line}
			return &rt.ReadErrorSource{At: at, Note: "(at line: " + strconv.Itoa(rs.Line) + ")"}
		}
		return nil
	}
	at := src.SourceLocationAt(src.SourceOffset())
	r := &rt.ReadErrorSource{At: at}
	ctx := currentCtx(th)
	if !eof || ctx == nil || ctx.src != src || ctx.formStart < 0 {
		r.Note = "(at " + at.Describe() + ")"
		return r
	}
	r.FormStart = src.SourceLocationAt(ctx.formStart)
	var b strings.Builder
	b.WriteString("(in form starting at " + r.FormStart.Describe() + ")")
	text, whole := src.SourceText(ctx.formStart, maxScanned)
	if !whole {
		// A form this long is not scanned for what is left open.
		r.Note = b.String()
		return r
	}
	sc := ScanParens(text, 0)
	where := func(i int) string {
		l := r.FormStart.Advance(text[:i])
		l.File = ""
		return l.Describe()
	}
	switch {
	case sc.InString >= 0:
		b.WriteString("\nThe string opened at " + where(sc.InString) + " is never closed.")
	case sc.InBar >= 0:
		b.WriteString("\nThe |escaped symbol| opened at " + where(sc.InBar) + " is never closed.")
	case sc.InComment >= 0:
		b.WriteString("\nThe #| comment opened at " + where(sc.InComment) + " is never closed.")
	}
	for i, p := range sc.Open {
		if i == maxUnclosedShown {
			b.WriteString("\n(and " + strconv.Itoa(len(sc.Open)+sc.Deeper-i) + " more)")
			break
		}
		b.WriteString("\n\"(\" opened at " + where(p) + " is never closed: " + Snippet(text, p))
	}
	r.Note = b.String()
	return r
}

// Snippet is the first line of text at pos, without trailing blanks and
// cut to 60 characters.
func Snippet(text []rune, pos int) string {
	end := pos
	for end < len(text) && text[end] != '\n' {
		end++
	}
	line := []rune(strings.TrimRight(string(text[pos:end]), " \t\r"))
	if len(line) > 60 {
		return string(line[:60]) + "..."
	}
	return string(line)
}

// SkipBlank returns the index of the first character from i on that is
// not whitespace or inside a comment (; to end of line, nested #| |#).
func SkipBlank(src []rune, i int) int {
	for i < len(src) {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			i++
		case c == ';':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '#' && i+1 < len(src) && src[i+1] == '|':
			depth := 1
			i += 2
			for i < len(src) && depth > 0 {
				switch {
				case src[i] == '|' && i+1 < len(src) && src[i+1] == '#':
					depth--
					i += 2
				case src[i] == '#' && i+1 < len(src) && src[i+1] == '|':
					depth++
					i += 2
				default:
					i++
				}
			}
		default:
			return i
		}
	}
	return i
}

// ParenScan is what ScanParens found at the end of a text.
type ParenScan struct {
	// Open holds the offsets of the unclosed "(", outermost first: the
	// first MaxOpenTracked of them; Deeper counts the others.
	Open                       []int
	Deeper                     int
	InString, InBar, InComment int // offset of an unterminated one, or -1
}

// MaxOpenTracked bounds ParenScan.Open, so that scanning text nested a
// million deep stays small.
const MaxOpenTracked = 1000

// ScanParens follows parentheses in src from start to the end, skipping
// strings, |escapes|, comments and character literals, and reports what is
// still open at the end (for messages about a missing parenthesis).
func ScanParens(src []rune, start int) ParenScan {
	sc := ParenScan{InString: -1, InBar: -1, InComment: -1}
	for i := start; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '\\':
			i++
		case c == '"' || c == '|':
			j := i + 1
			for j < len(src) && src[j] != c {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(src) {
				if c == '"' {
					sc.InString = i
				} else {
					sc.InBar = i
				}
				return sc
			}
			i = j
		case c == ';':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '#' && i+1 < len(src) && src[i+1] == '|':
			end := SkipBlank(src, i)
			if end >= len(src) && !strings.HasSuffix(string(src[i:]), "|#") {
				sc.InComment = i
				return sc
			}
			i = end - 1
		case c == '#' && i+1 < len(src) && src[i+1] == '\\':
			i += 2 // the character itself, whatever it is
		case c == '(' && len(sc.Open) < MaxOpenTracked:
			sc.Open = append(sc.Open, i)
		case c == '(':
			sc.Deeper++
		case c == ')' && sc.Deeper > 0:
			sc.Deeper--
		case c == ')':
			if len(sc.Open) > 0 {
				sc.Open = sc.Open[:len(sc.Open)-1]
			}
		}
	}
	return sc
}
