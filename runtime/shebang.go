package runtime

// SkipShebang skips the first line of a character file stream that starts
// with "#!" (a script's interpreter line, as in #!/usr/bin/env -S golem
// run), as SBCL's LOAD does for source files; otherwise it reads nothing.
// The line is read character by character, so line counts stay right.
func (s *FileStream) SkipShebang() {
	if s.binary || s.pos != 0 {
		return
	}
	if b, ok := s.byteAt(0); !ok || b != '#' {
		return
	}
	if b, ok := s.byteAt(1); !ok || b != '!' {
		return
	}
	for {
		c, ok := s.ReadChar()
		if !ok || c == '\n' {
			return
		}
	}
}
