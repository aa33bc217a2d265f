package mcp_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem/mcp"
)

// TestSessionREPLVariables: an evaluate-lisp session is a REPL: *, / and +
// hold the previous form's values and the form itself, across calls.
// EXIT and QUIT are errors there, and the session lives on.
func TestSessionREPLVariables(t *testing.T) {
	c := inProcess(t, newServer(t, mcp.Options{}))
	ok(t, c, "(values 6 7)")
	assert.Equal(t, "=> (6 (6 7) (VALUES 6 7))", ok(t, c, "(list * / +)"))
	assert.Equal(t, "=> 3", ok(t, c, "(+ 1 2) (* * 1)"))
	for _, code := range []string{"(exit)", "(quit)", "(exit :code 1)"} {
		out, isErr := eval(t, c, code)
		assert.True(t, isErr, code)
		assert.Contains(t, out, "sandboxed", code)
	}
	assert.Equal(t, "=> 3", ok(t, c, "*"), "the session keeps its state")
}

// TestLoadSystemLeavesREPLVariables: load-system evaluates on the
// session's behalf, not as a form the user typed: * and + stay.
func TestLoadSystemLeavesREPLVariables(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"tiny/tiny.asd":  `(defsystem "tiny" :components ((:file "tiny")))`,
		"tiny/tiny.lisp": `(defun tiny () :tiny)`,
	})
	c := inProcess(t, newServer(t, mcp.Options{SystemDirs: []string{root}}))
	ok(t, c, "(+ 20 22)")
	res := call(t, c, "load-system", map[string]any{"system": "tiny"})
	require.False(t, res.IsError, text(t, res))
	assert.Equal(t, "=> (42 (+ 20 22) :TINY)", ok(t, c, "(list * + (tiny))"))
}
