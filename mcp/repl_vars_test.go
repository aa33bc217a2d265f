package mcp_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

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
