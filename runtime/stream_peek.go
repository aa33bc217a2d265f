package runtime

// Peeker is implemented by streams for which looking at the next character
// differs from reading it and pushing it back: an echo stream echoes what is
// read, but not what is only peeked at (PEEK-CHAR).
type Peeker interface {
	PeekChar() (r rune, ok bool)
}

// PeekChar returns the next character of s without consuming it; ok is
// false at end of file.
func PeekChar(s Stream) (rune, bool) {
	if p, ok := s.(Peeker); ok {
		return p.PeekChar()
	}
	r, ok := s.ReadChar()
	if ok {
		s.UnreadChar(r)
	}
	return r, ok
}

// PeekChar peeks at the input stream.
func (s *TwoWayStream) PeekChar() (rune, bool) { return PeekChar(s.In) }

// PeekChar peeks at the target stream.
func (s *SynonymStream) PeekChar() (rune, bool) { return PeekChar(s.target()) }
