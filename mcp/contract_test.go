package mcp_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem"
	"github.com/golem-lisp/golem/mcp"
)

// Tests that hold golem to the contracts in ../shared/spec/, quoting the
// text each one checks.

// describe-last-error-tool.md, "Undefined Function":
//
//	Available Restarts:
//	  1. ABORT - Return to top level
//	  2. RETRY - Retry calling NONEXISTENT-FUNC
//	  3. USE-VALUE - Call specified function instead
//	  4. RETURN-VALUE - Return specified values
//
// and "Timestamp | When error occurred".
func TestContractDescribeLastErrorRestarts(t *testing.T) {
	c := inProcess(t, newServer(t, mcp.Options{}))
	eval(t, c, "(nonexistent-func 42)")
	out := text(t, call(t, c, "describe-last-error", nil))
	assert.Contains(t, out, "Available Restarts:\n"+
		"  1. ABORT - Return to top level\n"+
		"  2. RETRY - Retry calling NONEXISTENT-FUNC\n"+
		"  3. USE-VALUE - Call specified function instead\n"+
		"  4. RETURN-VALUE - Return specified values\n")
	assert.Regexp(t, regexp.MustCompile(`\nOccurred at: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\n`), out)

	// "Division by Zero": 1. ABORT - Return to top level
	eval(t, c, "(/ 1 0)")
	out = text(t, call(t, c, "describe-last-error", nil))
	assert.Contains(t, out, "Available Restarts:\n  1. ABORT - Return to top level\n\n")
}

// evaluate-lisp-tool.md, "Backtrace Format": "[Backtrace]\n0: (FUNCTION-NAME
// ARG1 ARG2 ...)". The issue: the section is never empty; it says why there
// are no frames, as describe-last-error does.
func TestContractBacktraceNeverEmpty(t *testing.T) {
	c := inProcess(t, newServer(t, mcp.Options{}))
	for _, tc := range []struct{ code, why string }{
		{"(+ 1", "(no frames: the error was signalled while reading the code)"},
		{"undefined-variable-here", "(no frames: the error was signalled outside any function call)"},
	} {
		out, isErr := eval(t, c, tc.code)
		require.True(t, isErr)
		assert.True(t, strings.HasSuffix(out, "\n\n[Backtrace]\n"+tc.why), out)
		desc := text(t, call(t, c, "describe-last-error", nil))
		assert.Contains(t, desc, "Backtrace (top 5 frames):\n  "+tc.why+"\n")
		assert.Contains(t, text(t, call(t, c, "get-backtrace", nil)), tc.why)
	}
}

// The issue: evaluate-lisp takes an optional timeout_seconds, capped by the
// server's limit.
func TestEvaluateTimeoutSeconds(t *testing.T) {
	c := inProcess(t, newServer(t, mcp.Options{Limits: golem.Limits{Timeout: 20 * time.Second}}))
	start := time.Now()
	res := call(t, c, "evaluate-lisp", map[string]any{"code": forever, "timeout_seconds": 0.3})
	assert.True(t, res.IsError)
	assert.Contains(t, text(t, res), "[ERROR] GOLEM:INTERRUPTED\nEvaluation stopped: timeout: evaluation took longer than 300ms")
	assert.Equal(t, "timeout", structured(t, res)["reason"])
	assert.Less(t, time.Since(start), 15*time.Second)
	assert.Equal(t, "=> 3", ok(t, c, "(+ 1 2)"))

	// Over the server's limit: the server's limit holds.
	capped := inProcess(t, newServer(t, mcp.Options{Limits: golem.Limits{Timeout: 300 * time.Millisecond}}))
	res = call(t, capped, "evaluate-lisp", map[string]any{"code": forever, "timeout_seconds": 3600})
	assert.Contains(t, text(t, res), "took longer than 300ms")

	res = call(t, c, "evaluate-lisp", map[string]any{"code": "1", "timeout_seconds": -1})
	assert.True(t, res.IsError)
}
