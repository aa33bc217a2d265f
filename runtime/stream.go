package runtime

import (
	"bufio"
	"io"
	"strings"
	"unicode/utf8"
)

// Stream is a Lisp stream. Character streams only; binary element types are
// carried by the same interface with runes standing for octets.
type Stream interface {
	// ReadRune returns the next character; ok is false at end of file.
	ReadChar() (r rune, ok bool)
	// UnreadRune pushes back the character just read.
	UnreadChar(r rune)
	// WriteString writes text.
	WriteString(s string)
	// Column returns the current output column, or -1 when unknown.
	Column() int
	// IsInput and IsOutput report the stream's direction.
	IsInput() bool
	IsOutput() bool
	// Close closes the stream.
	Close()
}

// LineStart reports whether a stream's output is at the start of a line.
func LineStart(s Stream) bool { return s.Column() == 0 }

// columnTracker tracks the output column for fresh-line and pretty printing.
type columnTracker struct{ col int }

func (c *columnTracker) track(s string) {
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		c.col = utf8.RuneCountInString(s[i+1:])
	} else {
		c.col += utf8.RuneCountInString(s)
	}
}

// StringInputStream reads from a string.
type StringInputStream struct {
	R      []rune
	Pos    int
	End    int
	closed bool
	// Name is the source name reader errors and definitions give the text
	// (SourceLocation.File): "input" for code given to Eval, "" otherwise.
	Name   string
	cursor lineCursor
}

// NewStringInput makes an input stream over s[start:end].
func NewStringInput(s []rune, start, end int) *StringInputStream {
	return &StringInputStream{R: s, Pos: start, End: end}
}

func (s *StringInputStream) ReadChar() (rune, bool) {
	if s.Pos >= s.End {
		return 0, false
	}
	r := s.R[s.Pos]
	s.Pos++
	return r, true
}
func (s *StringInputStream) UnreadChar(rune) {
	if s.Pos > 0 {
		s.Pos--
	}
}
func (s *StringInputStream) WriteString(string) {}
func (s *StringInputStream) Column() int        { return -1 }
func (s *StringInputStream) IsInput() bool      { return true }
func (s *StringInputStream) IsOutput() bool     { return false }
func (s *StringInputStream) Close()             { s.closed = true }

// IsOpen reports whether the stream has not been closed (OPEN-STREAM-P).
func (s *StringInputStream) IsOpen() bool { return !s.closed }

// OutputBudget is a shared character budget for captured output streams.
type OutputBudget struct {
	Used, Max int64
}

// StringOutputStream accumulates output in memory, optionally under a budget.
type StringOutputStream struct {
	b      strings.Builder
	Budget *OutputBudget
	// Owner, when set, is charged (CheckAlloc) as the buffer grows, for the
	// buffer and for the Lisp string it will become: the thread that made
	// the stream or last resolved it as a designator.
	Owner  *Thread
	closed bool
	// ElemNil marks a stream made with :ELEMENT-TYPE NIL: it takes no
	// characters, and its string is an empty vector of element type NIL.
	ElemNil bool
	columnTracker
}

// NewStringOutput makes an unbounded string output stream.
func NewStringOutput() *StringOutputStream { return &StringOutputStream{} }

// NewStringOutputFor makes a string output stream whose growth th pays for.
func NewStringOutputFor(th *Thread) *StringOutputStream { return &StringOutputStream{Owner: th} }

// stringStreamCharge is what a byte of a string stream's buffer costs: the
// byte, and the rune it becomes in the Lisp string.
const stringStreamCharge = 5

func (s *StringOutputStream) ReadChar() (rune, bool) { return 0, false }
func (s *StringOutputStream) UnreadChar(rune)        {}
func (s *StringOutputStream) WriteString(str string) {
	if s.ElemNil && str != "" {
		if s.Owner != nil {
			r, _ := utf8.DecodeRuneInString(str)
			s.Owner.TypeError(Char(r), NIL)
		}
		return
	}
	if s.Budget != nil && s.Budget.Max > 0 {
		n := int64(len(str))
		if s.Budget.Used+n > s.Budget.Max {
			room := s.Budget.Max - s.Budget.Used
			if room > 0 {
				s.b.WriteString(str[:room])
			}
			s.Budget.Used = s.Budget.Max
			s.b.WriteString("\n[output truncated: limit reached]")
			panic(&Interrupted{Reason: "output limit exceeded"})
		}
		s.Budget.Used += n
	}
	if s.Owner != nil {
		if need := s.b.Len() + len(str); need > s.b.Cap() {
			// strings.Builder grows to about twice its size.
			s.Owner.CheckAlloc(int64(max(need, 2*s.b.Cap())) * stringStreamCharge)
			s.Owner.Poll()
		}
	}
	s.b.WriteString(str)
	s.track(str)
}
func (s *StringOutputStream) Column() int    { return s.col }
func (s *StringOutputStream) IsInput() bool  { return false }
func (s *StringOutputStream) IsOutput() bool { return true }
func (s *StringOutputStream) Close()         { s.closed = true }

// IsOpen reports whether the stream has not been closed (OPEN-STREAM-P).
func (s *StringOutputStream) IsOpen() bool { return !s.closed }

// Take returns the accumulated text and clears it (get-output-stream-string).
func (s *StringOutputStream) Take() string {
	out := s.b.String()
	s.b.Reset()
	s.col = 0
	return out
}

// Peek returns the accumulated text without clearing it.
func (s *StringOutputStream) Peek() string { return s.b.String() }

// WriterStream writes to a Go io.Writer.
type WriterStream struct {
	W io.Writer
	columnTracker
}

func (s *WriterStream) ReadChar() (rune, bool) { return 0, false }
func (s *WriterStream) UnreadChar(rune)        {}
func (s *WriterStream) WriteString(str string) {
	_, _ = io.WriteString(s.W, str)
	s.track(str)
}
func (s *WriterStream) Column() int    { return s.col }
func (s *WriterStream) IsInput() bool  { return false }
func (s *WriterStream) IsOutput() bool { return true }
func (s *WriterStream) Close() {
	if c, ok := s.W.(io.Closer); ok {
		_ = c.Close()
	}
}

// ReaderStream reads characters from a Go io.Reader.
type ReaderStream struct {
	r       *bufio.Reader
	closer  io.Closer
	Line    int
	lastNew bool
}

// NewReaderStream wraps an io.Reader (nil reads as empty).
func NewReaderStream(r io.Reader) *ReaderStream {
	if r == nil {
		// An empty stream (every captured evaluation makes two): the
		// smallest buffer will do.
		return &ReaderStream{r: bufio.NewReaderSize(strings.NewReader(""), 16), Line: 1}
	}
	c, _ := r.(io.Closer)
	return &ReaderStream{r: bufio.NewReader(r), closer: c, Line: 1}
}

func (s *ReaderStream) ReadChar() (rune, bool) {
	r, _, err := s.r.ReadRune()
	if err != nil {
		return 0, false
	}
	if r == '\n' {
		s.Line++
	}
	return r, true
}
func (s *ReaderStream) UnreadChar(r rune) {
	if s.r.UnreadRune() == nil && r == '\n' {
		s.Line--
	}
}
func (s *ReaderStream) WriteString(string) {}
func (s *ReaderStream) Column() int        { return -1 }
func (s *ReaderStream) IsInput() bool      { return true }
func (s *ReaderStream) IsOutput() bool     { return false }
func (s *ReaderStream) Close() {
	if s.closer != nil {
		_ = s.closer.Close()
	}
}

// TwoWayStream reads from one stream and writes to another.
type TwoWayStream struct{ In, Out Stream }

func (s *TwoWayStream) ReadChar() (rune, bool) { return s.In.ReadChar() }
func (s *TwoWayStream) UnreadChar(r rune)      { s.In.UnreadChar(r) }
func (s *TwoWayStream) WriteString(str string) { s.Out.WriteString(str) }
func (s *TwoWayStream) Column() int            { return s.Out.Column() }
func (s *TwoWayStream) IsInput() bool          { return true }
func (s *TwoWayStream) IsOutput() bool         { return true }
func (s *TwoWayStream) Close()                 {}

// BroadcastStream writes to several streams.
type BroadcastStream struct{ Targets []Stream }

func (s *BroadcastStream) ReadChar() (rune, bool) { return 0, false }
func (s *BroadcastStream) UnreadChar(rune)        {}
func (s *BroadcastStream) WriteString(str string) {
	for _, t := range s.Targets {
		t.WriteString(str)
	}
}
func (s *BroadcastStream) Column() int {
	if len(s.Targets) == 0 {
		return 0
	}
	return s.Targets[len(s.Targets)-1].Column()
}
func (s *BroadcastStream) IsInput() bool  { return false }
func (s *BroadcastStream) IsOutput() bool { return true }
func (s *BroadcastStream) Close()         {}

// SynonymStream forwards to the dynamic value of a symbol.
type SynonymStream struct {
	Sym *Symbol
}

func (s *SynonymStream) target() Stream {
	if t, ok := s.Sym.Value.(Stream); ok {
		return t
	}
	return &BroadcastStream{}
}
func (s *SynonymStream) ReadChar() (rune, bool) { return s.target().ReadChar() }
func (s *SynonymStream) UnreadChar(r rune)      { s.target().UnreadChar(r) }
func (s *SynonymStream) WriteString(str string) { s.target().WriteString(str) }
func (s *SynonymStream) Column() int            { return s.target().Column() }
func (s *SynonymStream) IsInput() bool          { return s.target().IsInput() }
func (s *SynonymStream) IsOutput() bool         { return s.target().IsOutput() }
func (s *SynonymStream) Close()                 {}

// StreamDesignator resolves an output stream designator (NIL → *standard-output*,
// T → *terminal-io*) to a stream.
func (th *Thread) OutputStream(d Value) Stream {
	switch d {
	case NIL:
		d = th.SymbolValue(th.Img.S.StandardOutput)
	case T:
		d = th.SymbolValue(th.Img.S.TerminalIO)
	}
	if s, ok := d.(Stream); ok {
		if so, ok := s.(*StringOutputStream); ok && so.Owner != nil {
			so.Owner = th
		}
		return s
	}
	th.TypeError(d, th.Img.CLSym("STREAM"))
	return nil
}

// InputStream resolves an input stream designator (NIL → *standard-input*,
// T → *terminal-io*) to a stream.
func (th *Thread) InputStream(d Value) Stream {
	switch d {
	case NIL:
		d = th.SymbolValue(th.Img.S.StandardInput)
	case T:
		d = th.SymbolValue(th.Img.S.TerminalIO)
	}
	if s, ok := d.(Stream); ok {
		return s
	}
	th.TypeError(d, th.Img.CLSym("STREAM"))
	return nil
}
