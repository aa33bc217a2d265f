package printer

import (
	"strings"
	"unicode/utf8"

	rt "github.com/golem-lisp/golem/runtime"
)

// EchoStream implements MAKE-ECHO-STREAM: input read from In is echoed to Out.
type EchoStream struct {
	In, Out rt.Stream
	unread  int // characters pushed back, not to be echoed again
	closed  bool
}

// ReadChar reads from In and echoes the character to Out.
func (s *EchoStream) ReadChar() (rune, bool) {
	r, ok := s.In.ReadChar()
	if !ok {
		return r, ok
	}
	if s.unread > 0 {
		s.unread--
	} else {
		s.Out.WriteString(string(r))
	}
	return r, true
}

// UnreadChar pushes r back on In.
func (s *EchoStream) UnreadChar(r rune) { s.In.UnreadChar(r); s.unread++ }

// WriteString writes to Out.
func (s *EchoStream) WriteString(str string) { s.Out.WriteString(str) }

// Column is Out's column.
func (s *EchoStream) Column() int { return s.Out.Column() }

// IsInput is true.
func (s *EchoStream) IsInput() bool { return true }

// IsOutput is true.
func (s *EchoStream) IsOutput() bool { return true }

// Close marks the stream closed.
func (s *EchoStream) Close() { s.closed = true }

// IsOpen reports whether the stream is open.
func (s *EchoStream) IsOpen() bool { return !s.closed }

// ConcatenatedStream implements MAKE-CONCATENATED-STREAM.
type ConcatenatedStream struct {
	Streams []rt.Stream
	cur     int
	last    rt.Stream // stream the last character came from, for unread
	closed  bool
}

// ReadChar reads from the current stream, moving on at end of file.
func (s *ConcatenatedStream) ReadChar() (rune, bool) {
	for s.cur < len(s.Streams) {
		if r, ok := s.Streams[s.cur].ReadChar(); ok {
			s.last = s.Streams[s.cur]
			return r, true
		}
		s.cur++
	}
	return 0, false
}

// UnreadChar pushes r back on the stream it came from.
func (s *ConcatenatedStream) UnreadChar(r rune) {
	if s.last != nil {
		s.last.UnreadChar(r)
		for i, x := range s.Streams {
			if x == s.last {
				s.cur = i
			}
		}
	}
}

// WriteString does nothing: the stream is input only.
func (s *ConcatenatedStream) WriteString(string) {}

// Column is unknown.
func (s *ConcatenatedStream) Column() int { return -1 }

// IsInput is true.
func (s *ConcatenatedStream) IsInput() bool { return true }

// IsOutput is false.
func (s *ConcatenatedStream) IsOutput() bool { return false }

// Close marks the stream closed.
func (s *ConcatenatedStream) Close() { s.closed = true }

// IsOpen reports whether the stream is open.
func (s *ConcatenatedStream) IsOpen() bool { return !s.closed }

// Remaining returns the streams not yet exhausted (CONCATENATED-STREAM-STREAMS).
func (s *ConcatenatedStream) Remaining() []rt.Stream { return s.Streams[s.cur:] }

// FillPointerOutputStream writes into a string with a fill pointer, as
// FORMAT with a string destination and WITH-OUTPUT-TO-STRING with a string
// argument do.
type FillPointerOutputStream struct {
	th *rt.Thread
	S  *rt.String
	// A, when S is nil, is a string of another representation (displaced,
	// for one), appended to through VECTOR-PUSH-EXTEND.
	A      *rt.Array
	col    int
	closed bool
}

// newArrayFillPointerOutput makes a stream appending to a non-simple string
// a, which must have a fill pointer.
func newArrayFillPointerOutput(th *rt.Thread, a *rt.Array) *FillPointerOutputStream {
	if !a.HasFill || !th.IsString(a) {
		noFillPointerString(th, a)
	}
	text, _ := th.StringText(a)
	return newFillPointerStream(&FillPointerOutputStream{th: th, A: a}, []rune(text))
}

// writeArray appends str to f.A.
func (f *FillPointerOutputStream) writeArray(str string) {
	a := f.A
	n := utf8.RuneCountInString(str)
	for _, r := range str {
		if !a.Adjustable && a.Fill >= a.Dims[0] {
			f.th.SimpleError("The string ~S has no room for more characters.", a)
		}
		f.th.VectorPushExtend(rt.Char(r), a, n)
	}
}

// NewFillPointerOutput makes a stream appending to s, which must have a fill
// pointer; it is extended when adjustable (VECTOR-PUSH-EXTEND semantics).
func NewFillPointerOutput(th *rt.Thread, s *rt.String) *FillPointerOutputStream {
	if !s.HasFill {
		noFillPointerString(th, s)
	}
	return newFillPointerStream(&FillPointerOutputStream{th: th, S: s}, s.Runes())
}

// newFillPointerStream starts f's column after the string's text.
func newFillPointerStream(f *FillPointerOutputStream, runes []rune) *FillPointerOutputStream {
	if i := lastIndexRune(runes, '\n'); i >= 0 {
		f.col = len(runes) - i - 1
	} else {
		f.col = len(runes)
	}
	return f
}

// noFillPointerString signals that v is not a string with a fill pointer.
func noFillPointerString(th *rt.Thread, v rt.Value) {
	th.Error(th.MakeCondition("SIMPLE-TYPE-ERROR", th.Img.Kw("DATUM"), v,
		th.Img.Kw("EXPECTED-TYPE"), rt.List(th.Img.S.And, th.Img.S.String, rt.List(th.Img.S.Satisfies, th.Img.CLSym("ARRAY-HAS-FILL-POINTER-P"))),
		th.Img.Kw("FORMAT-CONTROL"), rt.NewString("~S is not a string with a fill pointer."),
		th.Img.Kw("FORMAT-ARGUMENTS"), rt.List(v)))
}

func lastIndexRune(rs []rune, r rune) int {
	for i := len(rs) - 1; i >= 0; i-- {
		if rs[i] == r {
			return i
		}
	}
	return -1
}

// WriteString appends text at the fill pointer.
func (f *FillPointerOutputStream) WriteString(str string) {
	if f.S == nil {
		f.writeArray(str)
		f.trackColumn(str)
		return
	}
	s := f.S
	n := utf8.RuneCountInString(str)
	if s.Fill+n > len(s.R) {
		if !s.Adjustable {
			f.th.SimpleError("The string ~S has no room for more characters.", s)
		}
		f.th.CheckAlloc(int64(n) * 4)
		nr := make([]rune, s.Fill, max(2*len(s.R), s.Fill+n)+16)
		copy(nr, s.R[:s.Fill])
		s.R = nr[:cap(nr)]
	}
	for _, r := range str {
		s.R[s.Fill] = r
		s.Fill++
	}
	f.trackColumn(str)
}

// trackColumn follows the output column over str.
func (f *FillPointerOutputStream) trackColumn(str string) {
	if i := strings.LastIndexByte(str, '\n'); i >= 0 {
		f.col = utf8.RuneCountInString(str[i+1:])
	} else {
		f.col += utf8.RuneCountInString(str)
	}
}

// ReadChar returns end of file.
func (f *FillPointerOutputStream) ReadChar() (rune, bool) { return 0, false }

// UnreadChar does nothing.
func (f *FillPointerOutputStream) UnreadChar(rune) {}

// Column returns the output column.
func (f *FillPointerOutputStream) Column() int { return f.col }

// IsInput is false.
func (f *FillPointerOutputStream) IsInput() bool { return false }

// IsOutput is true.
func (f *FillPointerOutputStream) IsOutput() bool { return true }

// Close marks the stream closed.
func (f *FillPointerOutputStream) Close() { f.closed = true }

// IsOpen reports whether the stream is open.
func (f *FillPointerOutputStream) IsOpen() bool { return !f.closed }

// --- open/closed tracking for runtime stream types ---

type closedKey struct{}

func closedSet(img *rt.Image) map[rt.Stream]bool {
	if m, ok := img.Extra[closedKey{}].(map[rt.Stream]bool); ok {
		return m
	}
	m := map[rt.Stream]bool{}
	img.Extra[closedKey{}] = m
	return m
}

// IsOpen reports whether s is open (OPEN-STREAM-P).
func IsOpen(img *rt.Image, s rt.Stream) bool {
	if o, ok := s.(interface{ IsOpen() bool }); ok {
		return o.IsOpen()
	}
	m, ok := img.Extra[closedKey{}].(map[rt.Stream]bool)
	return !ok || !m[s]
}

// CloseStream closes s and records it as closed.
func CloseStream(img *rt.Image, s rt.Stream) {
	s.Close()
	if _, ok := s.(interface{ IsOpen() bool }); !ok {
		closedSet(img)[s] = true
	}
}

// outStream resolves an optional output stream designator argument and
// checks that it is open.
func outStream(th *rt.Thread, args []rt.Value, i int) rt.Stream {
	s := th.OutputStream(rt.Opt(args, i))
	if !s.IsOutput() {
		th.Error(th.MakeCondition("SIMPLE-TYPE-ERROR", th.Img.Kw("DATUM"), s,
			th.Img.Kw("EXPECTED-TYPE"), rt.List(th.Img.S.Satisfies, th.Img.CLSym("OUTPUT-STREAM-P")),
			th.Img.Kw("FORMAT-CONTROL"), rt.NewString("~S is not a character output stream."),
			th.Img.Kw("FORMAT-ARGUMENTS"), rt.List(s)))
	}
	if m, ok := th.Img.Extra[closedKey{}].(map[rt.Stream]bool); ok && len(m) > 0 && m[s] {
		th.Error(th.MakeCondition("GOLEM:SIMPLE-STREAM-ERROR", th.Img.Kw("STREAM"), s,
			th.Img.Kw("FORMAT-CONTROL"), rt.NewString("~S is closed"), th.Img.Kw("FORMAT-ARGUMENTS"), rt.List(s)))
	}
	if o, ok := s.(interface{ IsOpen() bool }); ok && !o.IsOpen() {
		th.Error(th.MakeCondition("GOLEM:SIMPLE-STREAM-ERROR", th.Img.Kw("STREAM"), s,
			th.Img.Kw("FORMAT-CONTROL"), rt.NewString("~S is closed"), th.Img.Kw("FORMAT-ARGUMENTS"), rt.List(s)))
	}
	return s
}

func streamArg(th *rt.Thread, v rt.Value) rt.Stream {
	s, ok := v.(rt.Stream)
	if !ok {
		th.TypeErrorName(v, "STREAM")
	}
	return s
}

func outputStreamArg(th *rt.Thread, v rt.Value) rt.Stream {
	s := streamArg(th, v)
	if !s.IsOutput() {
		th.Error(th.MakeCondition("SIMPLE-TYPE-ERROR", th.Img.Kw("DATUM"), s,
			th.Img.Kw("EXPECTED-TYPE"), rt.List(th.Img.S.Satisfies, th.Img.CLSym("OUTPUT-STREAM-P")),
			th.Img.Kw("FORMAT-CONTROL"), rt.NewString("~S is not an output stream."),
			th.Img.Kw("FORMAT-ARGUMENTS"), rt.List(s)))
	}
	return s
}

func inputStreamArg(th *rt.Thread, v rt.Value) rt.Stream {
	s := streamArg(th, v)
	if !s.IsInput() {
		th.Error(th.MakeCondition("SIMPLE-TYPE-ERROR", th.Img.Kw("DATUM"), s,
			th.Img.Kw("EXPECTED-TYPE"), rt.List(th.Img.S.Satisfies, th.Img.CLSym("INPUT-STREAM-P")),
			th.Img.Kw("FORMAT-CONTROL"), rt.NewString("~S is not an input stream."),
			th.Img.Kw("FORMAT-ARGUMENTS"), rt.List(s)))
	}
	return s
}

// stringArg returns the runes of a string argument of any representation.
func stringArg(th *rt.Thread, v rt.Value) []rune {
	s, ok := th.SimpleStringOf(v)
	if !ok {
		th.TypeErrorName(v, "STRING")
	}
	return s.Runes()
}

// boundingIndices parses :start/:end (nil = absent) against length n.
func boundingIndices(th *rt.Thread, seq rt.Value, start, end rt.Value, n int) (int, int) {
	s, e := 0, n
	if start != nil { // absent; an explicit NIL is not a valid start
		v, ok := start.(rt.Fixnum)
		if !ok || v < 0 {
			th.TypeError(start, th.Img.CLSym("UNSIGNED-BYTE"))
		}
		s = int(v)
	}
	if end != nil && end != rt.NIL {
		v, ok := end.(rt.Fixnum)
		if !ok || v < 0 {
			th.TypeError(end, rt.List(th.Img.S.Or, rt.NIL, th.Img.CLSym("UNSIGNED-BYTE")))
		}
		e = int(v)
	}
	if e > n || s > e {
		th.Error(th.MakeCondition("GOLEM:SIMPLE-PROGRAM-ERROR",
			th.Img.Kw("FORMAT-CONTROL"), rt.NewString("The bounding indices ~S and ~S are bad for a sequence of length ~S."),
			th.Img.Kw("FORMAT-ARGUMENTS"), rt.List(rt.MakeInt(int64(s)), rt.OrNil(end), rt.MakeInt(int64(n)))))
	}
	_ = seq
	return s, e
}

func init() {
	rt.Register(
		rt.Def{Name: "TERPRI", Min: 0, Max: 1, Params: "(&OPTIONAL STREAM)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				outStream(th, args, 0).WriteString("\n")
				return rt.NIL
			}},
		rt.Def{Name: "FRESH-LINE", Min: 0, Max: 1, Params: "(&OPTIONAL STREAM)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				s := outStream(th, args, 0)
				if s.Column() > 0 {
					s.WriteString("\n")
					return rt.T
				}
				return rt.NIL
			}},
		rt.Def{Name: "WRITE-CHAR", Min: 1, Max: 2, Params: "(CHARACTER &OPTIONAL STREAM)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				c, ok := args[0].(rt.Char)
				if !ok {
					th.TypeErrorName(args[0], "CHARACTER")
				}
				outStream(th, args, 1).WriteString(string(rune(c)))
				return c
			}},
		rt.Def{Name: "WRITE-STRING", Min: 1, Max: -1, Params: "(STRING &OPTIONAL STREAM &KEY START END)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				return writeString(th, args, false)
			}},
		rt.Def{Name: "WRITE-LINE", Min: 1, Max: -1, Params: "(STRING &OPTIONAL STREAM &KEY START END)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				return writeString(th, args, true)
			}},
		rt.Def{Name: "FINISH-OUTPUT", Min: 0, Max: 1, Params: "(&OPTIONAL STREAM)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				rt.FinishOutput(th.OutputStream(rt.Opt(args, 0)))
				return rt.NIL
			}},
		rt.Def{Name: "FORCE-OUTPUT", Min: 0, Max: 1, Params: "(&OPTIONAL STREAM)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				rt.FinishOutput(th.OutputStream(rt.Opt(args, 0)))
				return rt.NIL
			}},
		rt.Def{Name: "CLEAR-OUTPUT", Min: 0, Max: 1, Params: "(&OPTIONAL STREAM)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				th.OutputStream(rt.Opt(args, 0))
				return rt.NIL
			}},
		rt.Def{Name: "MAKE-STRING-OUTPUT-STREAM", Min: 0, Max: -1, Params: "(&KEY ELEMENT-TYPE)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				kw := th.ParseKeys(args, "ELEMENT-TYPE")
				s := rt.NewStringOutputFor(th)
				if kw[0] != nil {
					s.ElemNil, _ = th.Subtypep(kw[0], rt.NIL) // the empty type: no characters
				}
				return s
			}},
		rt.Def{Name: "GET-OUTPUT-STREAM-STRING", Min: 1, Max: 1, Params: "(STRING-OUTPUT-STREAM)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				s, ok := args[0].(*rt.StringOutputStream)
				if !ok {
					th.TypeErrorName(args[0], "STRING-STREAM")
				}
				if s.ElemNil {
					return &rt.Vector{ElemType: rt.NIL}
				}
				return rt.NewString(s.Take())
			}},
		rt.Def{Name: "MAKE-STRING-INPUT-STREAM", Min: 1, Max: 3, Params: "(STRING &OPTIONAL (START 0) END)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				rs := stringArg(th, args[0])
				var start, end rt.Value
				if len(args) > 1 {
					start = args[1]
				}
				if len(args) > 2 {
					end = args[2]
				}
				s, e := boundingIndices(th, args[0], start, end, len(rs))
				return rt.NewStringInput(rs, s, e)
			}},
		rt.Def{Name: "MAKE-BROADCAST-STREAM", Min: 0, Max: -1, Params: "(&REST STREAMS)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				out := &rt.BroadcastStream{}
				for _, a := range args {
					out.Targets = append(out.Targets, outputStreamArg(th, a))
				}
				return out
			}},
		rt.Def{Name: "MAKE-TWO-WAY-STREAM", Min: 2, Max: 2, Params: "(INPUT-STREAM OUTPUT-STREAM)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				return &rt.TwoWayStream{In: inputStreamArg(th, args[0]), Out: outputStreamArg(th, args[1])}
			}},
		rt.Def{Name: "MAKE-ECHO-STREAM", Min: 2, Max: 2, Params: "(INPUT-STREAM OUTPUT-STREAM)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				return &EchoStream{In: inputStreamArg(th, args[0]), Out: outputStreamArg(th, args[1])}
			}},
		rt.Def{Name: "MAKE-SYNONYM-STREAM", Min: 1, Max: 1, Params: "(SYMBOL)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				s, ok := args[0].(*rt.Symbol)
				if !ok {
					th.TypeErrorName(args[0], "SYMBOL")
				}
				return &rt.SynonymStream{Sym: s}
			}},
		rt.Def{Name: "MAKE-CONCATENATED-STREAM", Min: 0, Max: -1, Params: "(&REST STREAMS)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				out := &ConcatenatedStream{}
				for _, a := range args {
					out.Streams = append(out.Streams, inputStreamArg(th, a))
				}
				return out
			}},
		rt.Def{Name: "BROADCAST-STREAM-STREAMS", Min: 1, Max: 1, Params: "(BROADCAST-STREAM)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				s, ok := args[0].(*rt.BroadcastStream)
				if !ok {
					th.TypeErrorName(args[0], "BROADCAST-STREAM")
				}
				return rt.List(streamsToValues(s.Targets)...)
			}},
		rt.Def{Name: "CONCATENATED-STREAM-STREAMS", Min: 1, Max: 1, Params: "(CONCATENATED-STREAM)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				s, ok := args[0].(*ConcatenatedStream)
				if !ok {
					th.TypeErrorName(args[0], "CONCATENATED-STREAM")
				}
				return rt.List(streamsToValues(s.Remaining())...)
			}},
		rt.Def{Name: "ECHO-STREAM-INPUT-STREAM", Min: 1, Max: 1, Params: "(ECHO-STREAM)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				s, ok := args[0].(*EchoStream)
				if !ok {
					th.TypeErrorName(args[0], "ECHO-STREAM")
				}
				return s.In
			}},
		rt.Def{Name: "ECHO-STREAM-OUTPUT-STREAM", Min: 1, Max: 1, Params: "(ECHO-STREAM)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				s, ok := args[0].(*EchoStream)
				if !ok {
					th.TypeErrorName(args[0], "ECHO-STREAM")
				}
				return s.Out
			}},
		rt.Def{Name: "TWO-WAY-STREAM-INPUT-STREAM", Min: 1, Max: 1, Params: "(TWO-WAY-STREAM)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				s, ok := args[0].(*rt.TwoWayStream)
				if !ok {
					th.TypeErrorName(args[0], "TWO-WAY-STREAM")
				}
				return s.In
			}},
		rt.Def{Name: "TWO-WAY-STREAM-OUTPUT-STREAM", Min: 1, Max: 1, Params: "(TWO-WAY-STREAM)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				s, ok := args[0].(*rt.TwoWayStream)
				if !ok {
					th.TypeErrorName(args[0], "TWO-WAY-STREAM")
				}
				return s.Out
			}},
		rt.Def{Name: "SYNONYM-STREAM-SYMBOL", Min: 1, Max: 1, Params: "(SYNONYM-STREAM)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				s, ok := args[0].(*rt.SynonymStream)
				if !ok {
					th.TypeErrorName(args[0], "SYNONYM-STREAM")
				}
				return s.Sym
			}},
		rt.Def{Name: "STREAMP", Min: 1, Max: 1, Params: "(OBJECT)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				_, ok := args[0].(rt.Stream)
				return rt.Bool(ok)
			}},
		rt.Def{Name: "INPUT-STREAM-P", Min: 1, Max: 1, Params: "(STREAM)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				return rt.Bool(streamArg(th, args[0]).IsInput())
			}},
		rt.Def{Name: "OUTPUT-STREAM-P", Min: 1, Max: 1, Params: "(STREAM)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				return rt.Bool(streamArg(th, args[0]).IsOutput())
			}},
		rt.Def{Name: "OPEN-STREAM-P", Min: 1, Max: 1, Params: "(STREAM)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				return rt.Bool(IsOpen(th.Img, streamArg(th, args[0])))
			}},
		rt.Def{Name: "CLOSE", Min: 1, Max: -1, Params: "(STREAM &KEY ABORT)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				s := streamArg(th, args[0])
				kw := th.ParseKeys(args[1:], "ABORT")
				if a, ok := s.(interface{ CloseAbort() }); ok && kw[0] != nil && kw[0] != rt.NIL {
					a.CloseAbort()
				}
				CloseStream(th.Img, s)
				return rt.T
			}},
		rt.Def{Name: "WRITE-SEQUENCE", Min: 2, Max: -1, Params: "(SEQUENCE STREAM &KEY (START 0) END)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				s := outStream(th, args, 1)
				kw := th.ParseKeys(args[2:], "START", "END")
				writeSequence(th, args[0], s, kw[0], kw[1])
				return args[0]
			}},
	)
}

func writeString(th *rt.Thread, args []rt.Value, line bool) rt.Value {
	rs := stringArg(th, args[0])
	s := outStream(th, args, 1)
	var kw []rt.Value
	if len(args) > 2 {
		kw = th.ParseKeys(args[2:], "START", "END")
	} else {
		kw = []rt.Value{nil, nil}
	}
	st, e := boundingIndices(th, args[0], kw[0], kw[1], len(rs))
	out := string(rs[st:e])
	if line {
		out += "\n"
	}
	s.WriteString(out)
	return args[0]
}

// writeSequence implements WRITE-SEQUENCE for strings, vectors and lists of
// characters, or of integers on binary streams.
func writeSequence(th *rt.Thread, seq rt.Value, s rt.Stream, start, end rt.Value) {
	if th.BinaryOutput(s) {
		bw := s.(rt.BinaryStream)
		items := rt.SeqToSlice(th, seq)
		a, b := boundingIndices(th, seq, start, end, len(items))
		for _, v := range items[a:b] {
			bw.WriteElement(th, v)
		}
		return
	}
	elemText := func(v rt.Value) string {
		switch x := v.(type) {
		case rt.Char:
			return string(rune(x))
		case rt.Fixnum:
			return string(rune(x))
		}
		th.TypeError(v, rt.List(th.Img.S.Or, th.Img.S.Character, th.Img.S.Integer))
		return ""
	}
	var sb strings.Builder
	if str, ok := seq.(*rt.Array); ok && th.IsString(str) {
		seq, _ = th.SimpleStringOf(str) // a displaced string
	}
	switch x := seq.(type) {
	case *rt.String:
		rs := x.Runes()
		a, b := boundingIndices(th, seq, start, end, len(rs))
		s.WriteString(string(rs[a:b]))
		return
	case *rt.Vector:
		items := x.Active()
		a, b := boundingIndices(th, seq, start, end, len(items))
		for _, v := range items[a:b] {
			sb.WriteString(elemText(v))
		}
	case *rt.BitVector:
		bits := x.Active()
		a, b := boundingIndices(th, seq, start, end, len(bits))
		for _, v := range bits[a:b] {
			sb.WriteRune(rune(v))
		}
	default:
		if !rt.IsList(seq) {
			th.TypeErrorName(seq, "SEQUENCE")
		}
		items := rt.SeqToSlice(th, seq) // a dotted or circular list is a TYPE-ERROR
		a, b := boundingIndices(th, seq, start, end, len(items))
		for _, v := range items[a:b] {
			sb.WriteString(elemText(v))
		}
	}
	s.WriteString(sb.String())
}
