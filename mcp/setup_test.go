package mcp_test

import (
	"errors"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem"
	"github.com/golem-lisp/golem/mcp"
)

// Options.Setup runs for every session interpreter, again after
// reset-session, and in a sandbox like the session's own code.
func TestOptionsSetup(t *testing.T) {
	var setups atomic.Int32
	srv := newServer(t, mcp.Options{Setup: func(in *golem.Interpreter) error {
		setups.Add(1)
		if err := in.Define("host:greet", func(name string) string { return "hello " + name }); err != nil {
			return err
		}
		return in.Set("host:*visits*", 0)
	}})
	a, b := inProcess(t, srv), inProcess(t, srv)
	assert.Equal(t, `=> "hello ada"`, ok(t, a, `(host:greet "ada")`))
	assert.Equal(t, "=> 1", ok(t, a, `(incf host:*visits*)`))
	assert.Equal(t, "=> 1", ok(t, b, `(incf host:*visits*)`), "each session has its own globals")
	assert.Equal(t, int32(2), setups.Load())

	call(t, a, "reset-session", nil)
	assert.Equal(t, "=> 1", ok(t, a, `(incf host:*visits*)`), "reset-session runs Setup again")
	assert.Equal(t, `=> "hello bob"`, ok(t, a, `(host:greet "bob")`))
	assert.Equal(t, int32(3), setups.Load())

	// The Setup interpreter is sandboxed like the session.
	out, isErr := eval(t, b, `(open "/etc/passwd")`)
	assert.True(t, isErr, out)
}

// A failing Setup makes the session's evaluations fail with its error.
func TestOptionsSetupError(t *testing.T) {
	srv := newServer(t, mcp.Options{Setup: func(*golem.Interpreter) error { return errors.New("no database") }})
	c := inProcess(t, srv)
	out, isErr := eval(t, c, "(+ 1 2)")
	require.True(t, isErr)
	assert.Contains(t, out, "golem: Options.Setup: no database")
}
