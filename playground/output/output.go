// Package output streams a playground run's output to the page in batches,
// and stops the run once it has sent as much as the page will show.
package output

import (
	"io"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// batchBytes and batchDelay bound a batch: pending output is sent once it
// reaches batchBytes or is older than batchDelay (or at Flush).
const (
	batchBytes = 8 << 10
	batchDelay = 30 * time.Millisecond
)

// Stream collects the output of one run at a time and hands it to an emit
// function in batches, each of one stream ("stdout" or "stderr"), in the
// order written. It is safe for concurrent use: the evaluation writes while
// a watchdog calls Flush.
type Stream struct {
	max    int    // bytes one run may send
	onFull func() // called once a run passes max

	mu      sync.Mutex
	emit    func(stream, text string) // nil between runs
	stream  string                    // the stream of pending
	pending strings.Builder
	since   time.Time // when pending got its first byte
	sent    int       // bytes of this run accounted for (sent or pending)
	full    bool
}

// New returns a Stream that lets one run send at most max bytes; the write
// that passes max sends what still fits, drops the rest and calls onFull,
// which should stop the run. Later writes of that run are dropped.
func New(max int, onFull func()) *Stream {
	return &Stream{max: max, onFull: onFull}
}

// Begin starts a run whose output goes to emit.
func (s *Stream) Begin(emit func(stream, text string)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.emit, s.sent, s.full, s.stream = emit, 0, false, ""
	s.pending.Reset()
}

// End sends what is pending and ends the run: output written after it is
// dropped.
func (s *Stream) End() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.flushLocked()
	s.emit = nil
}

// Full reports whether the current (or last) run passed the limit.
func (s *Stream) Full() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.full
}

// Flush sends the pending output now.
func (s *Stream) Flush() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.flushLocked()
}

func (s *Stream) flushLocked() {
	if s.pending.Len() == 0 || s.emit == nil {
		return
	}
	text := s.pending.String()
	s.pending.Reset()
	s.emit(s.stream, text)
}

// Writer returns the io.Writer of one stream, for golem.Options.Stdout or
// Stderr.
func (s *Stream) Writer(stream string) io.Writer { return writer{s, stream} }

type writer struct {
	s      *Stream
	stream string
}

func (w writer) Write(b []byte) (int, error) {
	w.s.write(w.stream, string(b))
	return len(b), nil
}

func (s *Stream) write(stream, text string) {
	s.mu.Lock()
	if s.emit == nil || s.full || text == "" {
		s.mu.Unlock()
		return
	}
	if stream != s.stream {
		s.flushLocked()
		s.stream = stream
	}
	full := false
	if room := s.max - s.sent; len(text) > room {
		// Cut at a character boundary.
		for room > 0 && !utf8.RuneStart(text[room]) {
			room--
		}
		text, full = text[:room], true
	}
	if s.pending.Len() == 0 {
		s.since = time.Now()
	}
	s.pending.WriteString(text)
	s.sent += len(text)
	if full || s.pending.Len() >= batchBytes || time.Since(s.since) >= batchDelay {
		s.flushLocked()
	}
	s.full = full
	s.mu.Unlock()
	if full && s.onFull != nil {
		s.onFull()
	}
}
