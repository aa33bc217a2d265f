package main

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem"
)

// TestSymbolCompletion: Tab completes symbols accessible in the current
// package, a package's external (pkg:) or present (pkg::) symbols, and
// package names, keeping the case typed; nothing while an evaluation runs.
func TestSymbolCompletion(t *testing.T) {
	in := golem.New(golem.Options{})
	_, err := in.Eval(context.Background(), `(defpackage :zeta (:use :cl) (:export #:zap-out)) (in-package :zeta) (defun zap-in ()) (in-package :cl-user) (defun my-own-fun ())`)
	require.NoError(t, err)
	var idle atomic.Bool
	idle.Store(true)
	c := &symbolCompleter{in: in, idle: &idle}
	complete := func(line string) []string {
		rs := []rune(line)
		cands, n := c.Do(rs, len(rs))
		var out []string
		for _, cand := range cands {
			out = append(out, string(rs[len(rs)-n:])+string(cand))
		}
		return out
	}
	for _, tc := range []struct {
		line     string
		want     []string
		excluded string
	}{
		{"(my-own", []string{"my-own-fun"}, ""},
		{"(MY-OWN", []string{"MY-OWN-FUN"}, ""},
		{"(mapc", []string{"mapc", "mapcan", "mapcar"}, ""},
		{"(zeta:z", []string{"zeta:zap-out"}, "zeta:zap-in"},
		{"(zeta::zap", []string{"zeta::zap-in", "zeta::zap-out"}, ""},
		{"(ze", []string{"zeta:"}, ""},
		{"(funcall #'my-own", []string{"my-own-fun"}, ""},
		{"(no-such-prefix-at-all", nil, ""},
		{"(nosuchpkg:x", nil, ""},
		{"(list ", nil, ""},
	} {
		got := complete(tc.line)
		for _, w := range tc.want {
			assert.Contains(t, got, w, tc.line)
		}
		if tc.want == nil {
			assert.Empty(t, got, tc.line)
		}
		if tc.excluded != "" {
			assert.NotContains(t, got, tc.excluded, tc.line)
		}
	}
	idle.Store(false)
	assert.Empty(t, complete("(mapc"), "no completion while evaluating")
}

// TestParenMatching: the painter marks the open parenthesis matching the
// close parenthesis before the cursor, ignoring strings, character names,
// |names| and comments.
func TestParenMatching(t *testing.T) {
	for _, tc := range []struct {
		line string
		pos  int // -1: end of line
		want int // index of the matching (, -1 for none
	}{
		{"(a (b) c)", -1, 0},
		{"(a (b) c)", 6, 3},
		{`(f ")" (g))`, -1, 0},
		{`(f #\) (g))`, -1, 0},
		{`(f |)| x)`, -1, 0},
		{"a)", -1, -1},
		{"(a b", -1, -1},
		{"(a ; (b)", -1, -1},
	} {
		rs := []rune(tc.line)
		pos := tc.pos
		if pos < 0 {
			pos = len(rs)
		}
		got := -1
		if pos > 0 && rs[pos-1] == ')' {
			got = matchingOpen(rs, pos-1)
		}
		assert.Equal(t, tc.want, got, "%s at %d", tc.line, pos)
		painted := string(parenPainter{}.Paint(rs, pos))
		if tc.want >= 0 {
			assert.Equal(t, tc.line[:tc.want]+"\x1b[7m(\x1b[0m"+tc.line[tc.want+1:], painted, tc.line)
		} else {
			assert.Equal(t, tc.line, painted, tc.line)
		}
	}
}

// TestScreen: the screen keeps the end of the unfinished line (the prompt
// of a READ-LINE after it), bounded however long the line grows.
func TestScreen(t *testing.T) {
	var out strings.Builder
	scr := &screen{w: &out}
	assert.True(t, scr.atLineStart())
	fmt.Fprint(scr, "a\nName: ")
	assert.False(t, scr.atLineStart())
	assert.Equal(t, "Name: ", scr.takeLine())
	assert.True(t, scr.atLineStart(), "the user's newline ends the line")
	fmt.Fprint(scr, strings.Repeat("x", 10*maxPartial))
	assert.Len(t, scr.takeLine(), maxPartial)
	fmt.Fprint(scr, "open")
	scr.freshLine()
	scr.freshLine()
	assert.Equal(t, "a\nName: "+strings.Repeat("x", 10*maxPartial)+"open\n", out.String())
}
