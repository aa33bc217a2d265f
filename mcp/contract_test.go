package mcp_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
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
	assert.Regexp(t, `^\[ERROR\] GOLEM:INTERRUPTED\nEvaluation stopped: timeout: evaluation took longer than (29\d|300)ms`, text(t, res))
	assert.Equal(t, "timeout", structured(t, res)["reason"])
	assert.Less(t, time.Since(start), 15*time.Second)
	assert.Equal(t, "=> 3", ok(t, c, "(+ 1 2)"))

	// Over the server's limit: the server's limit holds.
	capped := inProcess(t, newServer(t, mcp.Options{Limits: golem.Limits{Timeout: 300 * time.Millisecond}}))
	res = call(t, capped, "evaluate-lisp", map[string]any{"code": forever, "timeout_seconds": 3600})
	assert.Regexp(t, `took longer than (29\d|300)ms`, text(t, res))

	res = call(t, c, "evaluate-lisp", map[string]any{"code": "1", "timeout_seconds": -1})
	assert.True(t, res.IsError)
}

// rawStdio serves srv over stdio for the given request lines (after an
// initialize) and returns each response by id.
func rawStdio(t *testing.T, srv *mcp.Server, requests ...string) map[float64]map[string]any {
	t.Helper()
	in := `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}` + "\n" +
		`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n" + strings.Join(requests, "\n") + "\n"
	var out bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	require.NoError(t, srv.ServeStdio(ctx, strings.NewReader(in), &out))
	byID := map[float64]map[string]any{}
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(line), &m), line)
		if id, ok := m["id"].(float64); ok {
			byID[id] = m
		}
	}
	return byID
}

func toolCall(id int, name, args string) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":%s}}`, id, name, args)
}

// tools-call-contract.md, "Protocol Errors": "For invalid requests (wrong
// tool name, invalid arguments)": {"error": {"code": -32602, ...}}. The
// issue: `arguments` not an object, a wrong type such as limit: "5", a
// missing required argument. Every such failure sets the last error.
func TestContractInvalidArguments(t *testing.T) {
	srv := newServer(t, mcp.Options{})
	got := rawStdio(t, srv,
		toolCall(1, "evaluate-lisp", `"(+ 1 2)"`),
		toolCall(2, "get-backtrace", `{"limit":"5"}`),
		toolCall(3, "evaluate-lisp", `{}`),
		toolCall(4, "describe-symbol", `{"symbol":["car"]}`),
		toolCall(5, "invalid-tool-name", `{}`),
		toolCall(6, "describe-last-error", `{}`),
	)
	cases := []struct {
		id      float64
		message string
	}{
		{1, "Invalid arguments for evaluate-lisp: `arguments` must be an object, not a string."},
		{2, "Invalid arguments for get-backtrace: `limit` must be an integer, not a string."},
		{3, "Invalid arguments for evaluate-lisp: the required argument `code` is missing."},
		{4, "Invalid arguments for describe-symbol: `symbol` must be a string, not an array."},
		{5, "Unknown tool: invalid-tool-name"},
	}
	for _, tc := range cases {
		e, isErr := got[tc.id]["error"].(map[string]any)
		require.True(t, isErr, "%v", got[tc.id])
		assert.Equal(t, float64(-32602), e["code"])
		assert.Equal(t, tc.message, e["message"])
	}
	last := got[6]["result"].(map[string]any)
	content := last["content"].([]any)[0].(map[string]any)["text"].(string)
	assert.True(t, strings.HasPrefix(content, "Error: GOLEM:INVALID-ARGUMENTS\n  Invalid arguments for describe-symbol"), content)
}

// evaluate-lisp-tool.md, "Success Response": {"content": [...], "isError":
// false}; tools-call-contract.md: every success says "isError": false. The
// issue: every tool result carries structuredContent.
func TestContractSuccessWire(t *testing.T) {
	srv := newServer(t, mcp.Options{})
	got := rawStdio(t, srv,
		toolCall(1, "evaluate-lisp", `{"code":"(+ 1 2)"}`),
		toolCall(2, "list-definitions", `{}`),
		toolCall(3, "reset-session", `{}`),
		toolCall(4, "evaluate-lisp", `{"code":"(/ 1 0)"}`),
		toolCall(5, "describe-last-error", `{}`),
	)
	for id := 1.0; id <= 5; id++ {
		res, isResult := got[id]["result"].(map[string]any)
		require.True(t, isResult, "%v", got[id])
		assert.Contains(t, res, "structuredContent", "call %v", id)
		assert.Equal(t, id == 4, res["isError"], "call %v: %v", id, res)
	}
	assert.Equal(t, "=> 3", got[1]["result"].(map[string]any)["content"].([]any)[0].(map[string]any)["text"])
}

// evaluate-lisp-tool.md, "Stream Capture": "*debug-io* | Null stream |
// (suppressed)", "*query-io* | Null stream | (suppressed)".
func TestContractNullInteractiveStreams(t *testing.T) {
	c := inProcess(t, newServer(t, mcp.Options{}))
	assert.Equal(t, "[stdout]\nshown\n\n=> 42",
		ok(t, c, `(progn (format *debug-io* "debug~%") (format *query-io* "query~%") (format t "shown~%") 42)`))
	assert.Equal(t, "=> :EOF\n=> T", ok(t, c, `(read-line *query-io* nil :eof)`))
}

// tools-call-contract.md, "list-definitions": "[Functions]\n- MY-FUNCTION (A B
// &OPTIONAL C)"; the issue: it lists conditions, structure accessors and
// (setf name) functions, and carries structuredContent.
func TestContractListDefinitions(t *testing.T) {
	c := inProcess(t, newServer(t, mcp.Options{}))
	ok(t, c, `(defun my-function (a b &optional c) (list a b c))
(defun (setf thing) (v x) (list v x))
(defstruct point x (y 0 :read-only t))
(define-condition my-error (error) ((code :initarg :code :reader my-error-code)))
(defvar *my-var* 42)
(defmacro with-timing (form) form)`)
	res := call(t, c, "list-definitions", nil)
	out := text(t, res)
	for _, want := range []string{
		"[Functions]\n",
		"- MY-FUNCTION (A B &OPTIONAL C)\n",
		"- (SETF THING) (V X)\n",
		"- POINT-X (INSTANCE)\n",
		"- (SETF POINT-X) (NEW-VALUE INSTANCE)\n",
		"- POINT-Y (INSTANCE)\n",
		"[Variables]\n- *MY-VAR* = 42",
		"[Macros]\n- WITH-TIMING (FORM)",
		"[Conditions]\n- MY-ERROR",
		"- MY-ERROR-CODE (OBJECT)",
		"[Structures]\n- POINT",
	} {
		assert.Contains(t, out, want)
	}
	assert.NotContains(t, out, "(SETF POINT-Y)") // read-only
	sc := structured(t, res)
	assert.Contains(t, sc["conditions"], "MY-ERROR")
	assert.Contains(t, sc["functions"], "MY-FUNCTION (A B &OPTIONAL C)")
}

// describe-last-error-tool.md, "Set on error: When any tool invocation
// produces an error"; the issue: a read error in macroexpand, an argument
// error.
func TestContractAnyFailingToolSetsLastError(t *testing.T) {
	c := inProcess(t, newServer(t, mcp.Options{}))
	res := call(t, c, "macroexpand", map[string]any{"form": "(when (foo"})
	require.True(t, res.IsError)
	out := text(t, call(t, c, "describe-last-error", nil))
	assert.True(t, strings.HasPrefix(out, "Error: END-OF-FILE\n"), out)
	assert.Contains(t, out, "Available Restarts:\n  1. ABORT - Return to top level\n")

	res = call(t, c, "inspect", map[string]any{"id": 424242})
	require.True(t, res.IsError)
	out = text(t, call(t, c, "describe-last-error", nil))
	assert.True(t, strings.HasPrefix(out, "Error: GOLEM:INVALID-ARGUMENTS\n  No object has the id 424242"), out)

	ok(t, c, "(+ 1 2)") // "Cleared: Reset on successful evaluation"
	assert.Equal(t, "No error information available.\n(No error has occurred since the last successful evaluation)",
		text(t, call(t, c, "describe-last-error", nil)))
}
