package runtime

// Helpers LOAD and COMPILE-FILE (eval/) need from a file stream.

// Truename returns the truename of the file s reads or writes, as TRUENAME
// of the stream does.
func (s *FileStream) Truename(th *Thread) *Pathname {
	if s.host == "" {
		return ParseNativePath(th.Img, s.fsName, false)
	}
	return th.truenameOf(s.loc, false)
}

// StartsWith reports whether the contents of the input stream s begin with
// prefix (read from the start of the file, wherever the stream is).
func (s *FileStream) StartsWith(prefix string) bool {
	if !s.in {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		b, ok := s.byteAt(int64(i))
		if !ok || b != prefix[i] {
			return false
		}
	}
	return true
}
