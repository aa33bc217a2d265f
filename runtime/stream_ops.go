package runtime

// FinishOutput writes out what s holds buffered (FINISH-OUTPUT and
// FORCE-OUTPUT): a file stream's buffer goes to its file, so that another
// stream opened on the file reads it; composite streams pass the request on
// to their output streams.
func FinishOutput(s Stream) {
	switch x := s.(type) {
	case *FileStream:
		if !x.closed {
			x.flush()
		}
	case *SynonymStream:
		FinishOutput(x.target())
	case *TwoWayStream:
		FinishOutput(x.Out)
	case *BroadcastStream:
		for _, t := range x.Targets {
			FinishOutput(t)
		}
	default:
		if o, ok := s.(interface{ OutputStream() Stream }); ok {
			FinishOutput(o.OutputStream())
		}
	}
}
