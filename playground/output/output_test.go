package output_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem"
	"github.com/golem-lisp/golem/playground/output"
	"github.com/golem-lisp/golem/playground/response"
)

type batch struct{ stream, text string }

// recorder collects the batches of one run.
type recorder struct{ batches []batch }

func (r *recorder) emit(stream, text string) { r.batches = append(r.batches, batch{stream, text}) }

func (r *recorder) text(stream string) string {
	var b strings.Builder
	for _, x := range r.batches {
		if x.stream == stream {
			b.WriteString(x.text)
		}
	}
	return b.String()
}

func TestStream(t *testing.T) {
	cases := []struct {
		name    string
		max     int
		writes  []batch // stream and text of each write
		batches []batch // what reaches the page
		full    bool
	}{
		{"small writes are batched", 100,
			[]batch{{"stdout", "a"}, {"stdout", "b"}, {"stdout", "c"}},
			[]batch{{"stdout", "abc"}}, false},
		{"a change of stream sends the batch", 100,
			[]batch{{"stdout", "a"}, {"stderr", "E"}, {"stdout", "b"}},
			[]batch{{"stdout", "a"}, {"stderr", "E"}, {"stdout", "b"}}, false},
		{"the limit cuts the output", 5,
			[]batch{{"stdout", "abc"}, {"stdout", "defg"}, {"stdout", "hij"}},
			[]batch{{"stdout", "abcde"}}, true},
		{"exactly the limit is not over it", 3,
			[]batch{{"stdout", "abc"}},
			[]batch{{"stdout", "abc"}}, false},
		{"a character is never cut in half", 4,
			[]batch{{"stdout", "abλλ"}},
			[]batch{{"stdout", "abλ"}}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fulls := 0
			s := output.New(c.max, func() { fulls++ })
			r := &recorder{}
			s.Begin(r.emit)
			for _, w := range c.writes {
				_, err := s.Writer(w.stream).Write([]byte(w.text))
				require.NoError(t, err)
			}
			s.End()
			assert.Equal(t, c.batches, r.batches)
			assert.Equal(t, c.full, s.Full())
			if c.full {
				assert.Equal(t, 1, fulls, "onFull is called once")
			} else {
				assert.Zero(t, fulls)
			}
			// After End, output is dropped.
			_, _ = s.Writer("stdout").Write([]byte("late"))
			assert.Equal(t, c.batches, r.batches)
		})
	}
}

func TestStreamBatchesBySize(t *testing.T) {
	s := output.New(1<<20, nil)
	r := &recorder{}
	s.Begin(r.emit)
	line := strings.Repeat("x", 1000) + "\n"
	for range 100 {
		_, _ = s.Writer("stdout").Write([]byte(line))
	}
	assert.Greater(t, len(r.batches), 5, "large output is sent while it is written")
	s.End()
	assert.Equal(t, strings.Repeat(line, 100), r.text("stdout"))
	s.Begin(r.emit)
	assert.False(t, s.Full(), "Begin starts a new run")
}

// TestStreamStopsARun runs golem with a Stream as the playground does: the
// output streams while the code runs, and a print loop is stopped at the
// limit with the output limit as its reason.
func TestStreamStopsARun(t *testing.T) {
	var in *golem.Interpreter
	s := output.New(10_000, func() { in.Interrupt(response.OutputStopReason) })
	in = golem.New(golem.Options{Stdout: s.Writer("stdout"), Stderr: s.Writer("stderr"),
		Limits: golem.Limits{Timeout: 20 * time.Second}})

	r := &recorder{}
	s.Begin(r.emit)
	res, err := in.Eval(context.Background(), `(format t "out~%") (format *error-output* "err~%") (+ 1 2)`)
	s.End()
	require.NoError(t, err)
	assert.Equal(t, "=> 3", res.Text(), "the output is streamed, not in the result")
	assert.Equal(t, []batch{{"stdout", "out\n"}, {"stderr", "err\n"}}, r.batches)

	r = &recorder{}
	s.Begin(r.emit)
	_, err = in.Eval(context.Background(), `(loop (print "a runaway loop"))`)
	s.End()
	var e *golem.Error
	require.True(t, errors.As(err, &e), "%v", err)
	assert.Equal(t, response.StopOutput, response.Stop(e), e.Report)
	assert.Len(t, r.text("stdout"), 10_000)
	assert.True(t, s.Full())

	// The session survives, and the next run streams again.
	r = &recorder{}
	s.Begin(r.emit)
	res, err = in.Eval(context.Background(), `(princ "again")`)
	s.End()
	require.NoError(t, err)
	assert.Equal(t, `=> "again"`, res.Text())
	assert.Equal(t, "again", r.text("stdout"))
}
