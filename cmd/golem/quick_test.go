package main

import (
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// quickCommand gives the command kong would parse from the same command
// line, and leaves every other command line to kong.
func TestQuickCommandAsKongParses(t *testing.T) {
	for _, args := range [][]string{
		{"eval", "(+ 1 2)"}, {"eval", "-"}, {"eval", "(print \"-x\") --plain"}, {"eval", " "},
		{"run", "bench/tak.lisp"}, {"run", "-"}, {"run", "script with spaces.lisp"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var grammar cli
			ctx, err := newParser(&grammar, io.Discard, io.Discard).Parse(args)
			require.NoError(t, err)
			quick, ok := quickCommand(args)
			require.True(t, ok)
			switch args[0] {
			case "eval":
				assert.Equal(t, &grammar.Eval, quick)
			case "run":
				assert.Equal(t, &grammar.Run, quick)
				assert.Empty(t, startupSteps(ctx, grammar.Run.Eval, grammar.Run.Load))
			}
		})
	}
	for _, args := range [][]string{
		{}, {"eval"}, {"eval", "--plain"}, {"eval", "-p"}, {"eval", "--help"}, {"eval", ""},
		{"eval", "(+ 1 2)", "--plain"}, {"run", "-e"}, {"run", "x.lisp", "arg"}, {"repl", "x"},
		{"mcp", "--http"}, {"version", "x"}, {"--version", "x"},
	} {
		_, ok := quickCommand(args)
		assert.False(t, ok, "%q", args)
	}
}

// BenchmarkKongParse measures what quickCommand saves golem eval CODE and
// golem run FILE at start-up: building kong's parser and parsing.
func BenchmarkKongParse(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		var grammar cli
		if _, err := newParser(&grammar, io.Discard, io.Discard).Parse([]string{"eval", "(+ 1 2)"}); err != nil {
			b.Fatal(err)
		}
	}
}
