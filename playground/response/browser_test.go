package response_test

import (
	"context"
	"errors"
	"regexp"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem"
	"github.com/golem-lisp/golem/playground/response"
)

// evalError evaluates code in a fresh interpreter with limits and returns
// the error it must end in.
func evalError(t *testing.T, limits golem.Limits, code string, interrupt string) *golem.Error {
	t.Helper()
	in := golem.New(golem.Options{Limits: limits})
	if interrupt != "" {
		in.Interrupt(interrupt) // applies to the next evaluation
	}
	_, err := in.Eval(context.Background(), code)
	var e *golem.Error
	require.True(t, errors.As(err, &e), "%s: %v", code, err)
	return e
}

func TestStop(t *testing.T) {
	cases := []struct {
		name, code, interrupt string
		limits                golem.Limits
		want                  string
	}{
		{"time limit", "(loop)", "", golem.Limits{Timeout: 50 * time.Millisecond}, response.StopTime},
		{"golem's output limit", `(loop (princ "xxxxxxxx"))`, "", golem.Limits{MaxOutput: 1000}, response.StopOutput},
		{"the playground's output limit", "(loop)", response.OutputStopReason, golem.Limits{}, response.StopOutput},
		{"user", "(loop)", response.UserStopReason, golem.Limits{}, response.StopUser},
		{"abort", "(abort)", "", golem.Limits{}, response.StopOther},
		{"a Lisp error is no stop", "(car 1)", "", golem.Limits{}, ""},
		{"nor is a storage condition", "(defun f (n) (1+ (f n))) (f 1)", "", golem.Limits{MaxDepth: 200}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, response.Stop(evalError(t, c.limits, c.code, c.interrupt)))
		})
	}
	assert.Empty(t, response.Stop(nil))
	assert.Empty(t, response.Stop(errors.New("not golem's")))
}

// flagLike matches what a browser user cannot act on: command-line flags,
// embedding options and limit names.
var flagLike = regexp.MustCompile(`--[a-z]|Options\.|max-[a-z]+-`)

// noFiles is the advice that replaces the file access hint.
const noFiles = "The playground has no files: keep data in the code (a string, WITH-INPUT-FROM-STRING or a literal list)."

func TestForBrowser(t *testing.T) {
	cases := []struct {
		name, code string
		want       *regexp.Regexp // what the rewritten report must say
	}{
		{"open", `(open "/etc/passwd")`, regexp.MustCompile(`^File access is disabled in this session: cannot open #P"/etc/passwd"\. The playground has no files: keep data in the code`)},
		{"write", `(with-open-file (s "x.txt" :direction :output) (print 1 s))`, regexp.MustCompile(`cannot open #P"x.txt"\. The playground has no files`)},
		{"load", `(load "lib.lisp")`, regexp.MustCompile(`cannot load #P"lib.lisp"\. The playground has no files`)},
		{"quicklisp", "(ql:update-client)", regexp.MustCompile(`^golem cannot update the Quicklisp client: the playground has no Quicklisp; paste the code you need into the editor\.$`)},
		{"bignum", "(expt 3 (expt 10 12))", regexp.MustCompile(`^Bignum too large: EXPT would build an integer of about \d+ bits, over the limit of \d+ bits\.$`)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := evalError(t, golem.Limits{}, c.code, "")
			require.Regexp(t, flagLike, e.Report, "the case no longer exercises a hint: update browserHints or drop it")
			got := response.ForBrowser(e.Report)
			assert.NotRegexp(t, flagLike, got)
			assert.Regexp(t, c.want, got)
		})
	}
	for in, want := range map[string]string{
		"a (max-x) b (max-y-z) c.":        "a b c.",
		"The operator can x --allow-y. B": noFiles + " B",
		"The operator can (x. --y). B":    noFiles + " B",
		// Other reports, and user text, pass unchanged.
		"The value 1 is not of type LIST":       "The value 1 is not of type LIST",
		"use --force (not really)":              "use --force (not really)",
		"The operator can help (no flags here)": "The operator can help (no flags here)",
		"keep (max-Upper) and (max-open":        "keep (max-Upper) and (max-open",
		"":                                      "",
	} {
		assert.Equal(t, want, response.ForBrowser(in), in)
	}
}
