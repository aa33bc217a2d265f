package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestHelpSaysFileAccessIsUnrestricted: eval, run and repl give the user's
// own Lisp full host file access, and their help says so.
func TestHelpSaysFileAccessIsUnrestricted(t *testing.T) {
	const note = "File access is unrestricted"
	for _, tc := range []struct {
		args     []string
		usage    string
		want     string
		toStderr bool
		code     int
	}{
		{[]string{"eval", "--help"}, "Usage: golem eval", note, false, 0},
		{[]string{"eval", "--package", "cl", "-h"}, "Usage: golem eval", note, false, 0},
		{[]string{"eval", "(+ 1 2)", "--help"}, "Usage: golem eval", note, false, 0},
		{[]string{"repl", "--help"}, "--no-userinit", note, false, 0},
		{[]string{"--help"}, "Usage: golem <command>", "full access to the\nhost's files", false, 0},
		{[]string{"run", "--help"}, "Usage: golem run", note, false, 0},
		{[]string{"repl", "-h"}, "Usage: golem repl", note, false, 0},
		{[]string{"help"}, "Usage:", "full access to the\nhost's files", false, 0},
	} {
		out, errOut, code := runCLI(t, "", tc.args...)
		text := out
		if tc.toStderr {
			text = errOut
		}
		assert.Equal(t, tc.code, code, tc.args)
		assert.Contains(t, text, tc.usage, tc.args)
		assert.Contains(t, text, tc.want, tc.args)
		assert.Contains(t, text, "golem mcp", tc.args)
	}
}
