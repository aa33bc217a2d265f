package runtime

// BinaryStream is implemented by streams that can carry integer elements
// (READ-BYTE, WRITE-BYTE, and READ-SEQUENCE/WRITE-SEQUENCE of integers):
// file streams of an integer element type and the composite streams (two-way,
// echo, concatenated, synonym, broadcast), which pass elements on to their
// component streams.
type BinaryStream interface {
	Stream
	// BinaryIn reports whether READ-BYTE can read from the stream, BinaryOut
	// whether WRITE-BYTE can write to it.
	BinaryIn(th *Thread) bool
	BinaryOut(th *Thread) bool
	// ReadElement reads one element; ok is false at end of file.
	ReadElement(th *Thread) (v Value, ok bool)
	// WriteElement writes one element, signalling TYPE-ERROR when v is not
	// of the stream's element type.
	WriteElement(th *Thread, v Value)
}

// ElementTyped is implemented by streams whose STREAM-ELEMENT-TYPE is not
// CHARACTER or depends on their component streams.
type ElementTyped interface {
	ElementType(th *Thread) Value
}

// StreamElementType implements STREAM-ELEMENT-TYPE.
func (th *Thread) StreamElementType(s Stream) Value {
	if e, ok := s.(ElementTyped); ok {
		return e.ElementType(th)
	}
	return th.Img.S.Character
}

// BinaryInput reports whether READ-BYTE can read from s.
func (th *Thread) BinaryInput(s Stream) bool {
	b, ok := s.(BinaryStream)
	return ok && b.BinaryIn(th)
}

// BinaryOutput reports whether WRITE-BYTE can write to s.
func (th *Thread) BinaryOutput(s Stream) bool {
	b, ok := s.(BinaryStream)
	return ok && b.BinaryOut(th)
}

// CombinedElementType is the element type of a stream reading elements of
// type in and writing elements of type out, as SBCL gives it for two-way
// and echo streams: the type when both are the same, else (AND in out).
func (th *Thread) CombinedElementType(in, out Stream) Value {
	a, b := th.StreamElementType(in), th.StreamElementType(out)
	if Equal(th, a, b) {
		return a
	}
	return List(th.Img.S.And, a, b)
}

// ElementType of a two-way stream combines its input's and output's.
func (s *TwoWayStream) ElementType(th *Thread) Value { return th.CombinedElementType(s.In, s.Out) }

// BinaryIn reports whether the input stream is binary.
func (s *TwoWayStream) BinaryIn(th *Thread) bool { return th.BinaryInput(s.In) }

// BinaryOut reports whether the output stream is binary.
func (s *TwoWayStream) BinaryOut(th *Thread) bool { return th.BinaryOutput(s.Out) }

// ReadElement reads from the input stream.
func (s *TwoWayStream) ReadElement(th *Thread) (Value, bool) {
	return s.In.(BinaryStream).ReadElement(th)
}

// WriteElement writes to the output stream.
func (s *TwoWayStream) WriteElement(th *Thread, v Value) { s.Out.(BinaryStream).WriteElement(th, v) }

// ElementType of a broadcast stream is its last component's, T without one.
func (s *BroadcastStream) ElementType(th *Thread) Value {
	if len(s.Targets) == 0 {
		return T
	}
	return th.StreamElementType(s.Targets[len(s.Targets)-1])
}

// BinaryIn is false: a broadcast stream is output only.
func (s *BroadcastStream) BinaryIn(*Thread) bool { return false }

// BinaryOut reports whether every component stream takes integers.
func (s *BroadcastStream) BinaryOut(th *Thread) bool {
	for _, t := range s.Targets {
		if !th.BinaryOutput(t) {
			return false
		}
	}
	return true
}

// ReadElement is at end of file.
func (s *BroadcastStream) ReadElement(*Thread) (Value, bool) { return nil, false }

// WriteElement writes v to every component stream.
func (s *BroadcastStream) WriteElement(th *Thread, v Value) {
	for _, t := range s.Targets {
		t.(BinaryStream).WriteElement(th, v)
	}
}

// ElementType of a synonym stream is its target's.
func (s *SynonymStream) ElementType(th *Thread) Value { return th.StreamElementType(s.target()) }

// BinaryIn reports whether the target stream is a binary input stream.
func (s *SynonymStream) BinaryIn(th *Thread) bool { return th.BinaryInput(s.target()) }

// BinaryOut reports whether the target stream is a binary output stream.
func (s *SynonymStream) BinaryOut(th *Thread) bool { return th.BinaryOutput(s.target()) }

// ReadElement reads from the target stream.
func (s *SynonymStream) ReadElement(th *Thread) (Value, bool) {
	return s.target().(BinaryStream).ReadElement(th)
}

// WriteElement writes to the target stream.
func (s *SynonymStream) WriteElement(th *Thread, v Value) {
	s.target().(BinaryStream).WriteElement(th, v)
}
