package response_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem"
	"github.com/golem-lisp/golem/playground/response"
)

func join(segs []response.Segment) string {
	var b strings.Builder
	for _, s := range segs {
		b.WriteString(s.Text)
	}
	return b.String()
}

func classes(segs []response.Segment) string {
	var out []string
	for _, s := range segs {
		out = append(out, s.Class)
	}
	return strings.Join(out, " ")
}

func TestSegments(t *testing.T) {
	in := golem.New(golem.Options{})
	cases := []struct{ code, classes string }{
		{"(floor 17 5)", "value"},
		{`(progn (format t "a~%~%b~%") (format *error-output* "e") (values 1 2))`, "head stdout sep head stderr sep value"},
		{`(format t "only output")`, "head stdout sep value"},
		{"(values)", ""},
		{`(progn (format t "x") (values))`, "head stdout"},
		{"(defun f (x) (let ((y 1)) x)) (f 2)", "head warnings sep value"},
		{"(/ 1 0)", "error sep head backtrace"},
		{`(progn (format t "out") (car 1))`, "error sep head backtrace sep head stdout"},
		{"(defun deep (n) (if (= n 0) (error \"bottom\") (deep (1- n)))) (deep 30)", "error sep head backtrace"},
		{"(car", "error sep head backtrace"},
	}
	for _, c := range cases {
		res, err := in.Eval(context.Background(), c.code)
		var segs []response.Segment
		var text string
		if err != nil {
			var e *golem.Error
			require.True(t, errors.As(err, &e))
			segs, text = response.OfError(e), e.Text()
		} else {
			segs, text = response.OfResult(res), res.Text()
		}
		assert.Equal(t, text, join(segs), c.code)
		assert.Equal(t, c.classes, classes(segs), c.code)
	}
}
