package printer

import rt "github.com/golem-lisp/golem/runtime"

// LispType names the stream's type (TYPE-OF, TYPEP, CLASS-OF).
func (s *EchoStream) LispType() string { return "ECHO-STREAM" }

// ElementType combines the input's and the output's element types.
func (s *EchoStream) ElementType(th *rt.Thread) rt.Value { return th.CombinedElementType(s.In, s.Out) }

// BinaryIn reports whether the input stream is binary.
func (s *EchoStream) BinaryIn(th *rt.Thread) bool { return th.BinaryInput(s.In) }

// BinaryOut reports whether the output stream is binary.
func (s *EchoStream) BinaryOut(th *rt.Thread) bool { return th.BinaryOutput(s.Out) }

// ReadElement reads an element from the input stream and echoes it to the
// output stream.
func (s *EchoStream) ReadElement(th *rt.Thread) (rt.Value, bool) {
	v, ok := s.In.(rt.BinaryStream).ReadElement(th)
	if ok && th.BinaryOutput(s.Out) {
		s.Out.(rt.BinaryStream).WriteElement(th, v)
	}
	return v, ok
}

// WriteElement writes to the output stream.
func (s *EchoStream) WriteElement(th *rt.Thread, v rt.Value) {
	s.Out.(rt.BinaryStream).WriteElement(th, v)
}

// LispType names the stream's type (TYPE-OF, TYPEP, CLASS-OF).
func (s *ConcatenatedStream) LispType() string { return "CONCATENATED-STREAM" }

// ElementType is the current component's element type, NIL when none is left.
func (s *ConcatenatedStream) ElementType(th *rt.Thread) rt.Value {
	if r := s.Remaining(); len(r) > 0 {
		return th.StreamElementType(r[0])
	}
	return rt.NIL
}

// BinaryIn reports whether the current component is a binary input stream
// (true when none is left: READ-BYTE is then at end of file).
func (s *ConcatenatedStream) BinaryIn(th *rt.Thread) bool {
	r := s.Remaining()
	return len(r) == 0 || th.BinaryInput(r[0])
}

// BinaryOut is false: a concatenated stream is input only.
func (s *ConcatenatedStream) BinaryOut(*rt.Thread) bool { return false }

// ReadElement reads from the current component, moving on at its end of
// file; it stops at a component that is not binary.
func (s *ConcatenatedStream) ReadElement(th *rt.Thread) (rt.Value, bool) {
	for s.cur < len(s.Streams) {
		b, ok := s.Streams[s.cur].(rt.BinaryStream)
		if !ok || !b.BinaryIn(th) {
			return nil, false
		}
		if v, ok := b.ReadElement(th); ok {
			s.last = nil
			return v, true
		}
		s.cur++
	}
	return nil, false
}

// WriteElement is never called: BinaryOut is false.
func (s *ConcatenatedStream) WriteElement(*rt.Thread, rt.Value) {}

// LispType names the stream's type: WITH-OUTPUT-TO-STRING and FORMAT with a
// string make it, and it is a STRING-STREAM.
func (f *FillPointerOutputStream) LispType() string { return "STRING-STREAM" }

// PeekChar returns the next character of the input stream without echoing it
// (it is echoed when read).
func (s *EchoStream) PeekChar() (rune, bool) { return rt.PeekChar(s.In) }

// OutputStream is the stream output goes to (FINISH-OUTPUT passes on to it).
func (s *EchoStream) OutputStream() rt.Stream { return s.Out }
