// Package response splits evaluate-lisp response texts into classed
// segments for display (sections, values, the error and its backtrace), so
// the playground can colour them while showing exactly the response text.
package response

import (
	"strconv"
	"strings"

	"github.com/golem-lisp/golem"
)

// Segment is a run of the response text and how to show it: "head" (a
// section header such as [stdout]), "stdout", "stderr", "warnings",
// "value", "error" (the [ERROR] line and report), "backtrace", "sep"
// (blank lines between sections) or "plain".
type Segment struct {
	Class string `json:"c"`
	Text  string `json:"t"`
}

// maxShownFrames is how many backtrace frames the response text shows.
const maxShownFrames = 20

// splitter consumes the response text in order; any mismatch with the
// expected layout makes the whole text one segment, so the concatenated
// segments always equal the text.
type splitter struct {
	text string
	pos  int
	segs []Segment
	ok   bool
}

func (s *splitter) take(class, want string) {
	if !s.ok || want == "" {
		return
	}
	if !strings.HasPrefix(s.text[s.pos:], want) {
		// The response text is trimmed of newlines at its end.
		if rest := s.text[s.pos:]; rest != "" && rest == strings.TrimRight(want, "\n") {
			want = rest
		} else {
			s.ok = false
			return
		}
	}
	s.segs = append(s.segs, Segment{class, want})
	s.pos += len(want)
}

// newlines takes up to n newlines (the text is trimmed at its end).
func (s *splitter) newlines(n int) {
	i := 0
	for i < n && s.pos+i < len(s.text) && s.text[s.pos+i] == '\n' {
		i++
	}
	s.take("sep", s.text[s.pos:s.pos+i])
}

func (s *splitter) sections(stdout, stderr string, warnings []string) {
	for _, sec := range [][2]string{{"stdout", stdout}, {"stderr", stderr}, {"warnings", strings.Join(warnings, "\n")}} {
		body := strings.TrimSpace(sec[1])
		if body == "" {
			continue
		}
		s.take("head", "["+sec[0]+"]\n")
		s.take(sec[0], body)
		s.newlines(2)
	}
}

func (s *splitter) finish(class, fallback string) []Segment {
	if s.ok && s.pos < len(s.text) {
		s.segs = append(s.segs, Segment{class, s.text[s.pos:]})
	}
	if !s.ok {
		return []Segment{{fallback, s.text}}
	}
	return s.segs
}

// OfResult splits the response text of a successful evaluation.
func OfResult(res *golem.Result) []Segment {
	s := &splitter{text: res.Text(), ok: true}
	s.sections(res.Stdout, res.Stderr, res.Warnings)
	return s.finish("value", "plain")
}

// OfError splits the response text of a failed evaluation.
func OfError(e *golem.Error) []Segment {
	s := &splitter{text: e.Text(), ok: true}
	s.take("error", "[ERROR] "+e.Type+"\n"+e.Report+"\n")
	s.newlines(1)
	s.take("head", "[Backtrace]\n")
	var bt strings.Builder
	if len(e.Backtrace) == 0 {
		bt.WriteString(e.NoFrames() + "\n")
	}
	for i, f := range e.Backtrace {
		if i == maxShownFrames {
			break
		}
		bt.WriteString(strconv.Itoa(i) + ": " + f + "\n")
	}
	s.take("backtrace", bt.String())
	s.newlines(1)
	s.sections(e.Stdout, e.Stderr, e.Warnings)
	return s.finish("plain", "error")
}
