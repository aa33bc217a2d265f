package mcp_test

import (
	"context"
	"strings"
	"testing"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem"
	"github.com/golem-lisp/golem/mcp"
)

// The examples of the evaluate-lisp and tools/call contracts, verbatim.
func TestContractExamples(t *testing.T) {
	c := inProcess(t, newServer(t, mcp.Options{}))
	cases := []struct{ code, want string }{
		{"(+ 1 2)", "=> 3"},
		{"(+ 1 2 3)", "=> 6"},
		{"(floor 17 5)", "=> 3\n=> 2"},
		{"(progn (print 'hello) 42)", "[stdout]\nHELLO\n\n=> 42"},
		{"(progn (format t \"Output~%\") (format *error-output* \"Error~%\") 42)", "[stdout]\nOutput\n\n[stderr]\nError\n\n=> 42"},
		{"(mapcar #'1+ '(1 2 3))", "=> (2 3 4)"},
		{"(defun foo (x) (* x 2))\n(foo 21)", "=> 42"},
		{"(defun square (x) (* x x)) (square 5)", "=> 25"},
	}
	for _, tc := range cases {
		out, isErr := eval(t, c, tc.code)
		assert.False(t, isErr, tc.code)
		assert.Equal(t, tc.want, out, tc.code)
	}

	out, isErr := eval(t, c, "(/ 1 0)")
	assert.True(t, isErr)
	assert.True(t, strings.HasPrefix(out, "[ERROR] DIVISION-BY-ZERO\n"), out)
	assert.Contains(t, out, "\n\n[Backtrace]\n0: (/ 1 0)")

	out, isErr = eval(t, c, "(fmakunbound 'foo) (foo 42)")
	assert.True(t, isErr)
	assert.True(t, strings.HasPrefix(out, "[ERROR] UNDEFINED-FUNCTION\nThe function COMMON-LISP-USER::FOO is undefined.\n\n[Backtrace]\n"), out)
	assert.Contains(t, out, "(FOO 42)")

	out, isErr = eval(t, c, "(car 42)")
	assert.True(t, isErr)
	assert.True(t, strings.HasPrefix(out, "[ERROR] TYPE-ERROR\nThe value 42 is not of type LIST.\n\n[Backtrace]\n0: (CAR 42)"), out)
}

func TestPersistenceAndMultipleForms(t *testing.T) {
	c := inProcess(t, newServer(t, mcp.Options{}))
	assert.Equal(t, "=> SQUARE", ok(t, c, "(defun square (x) (* x x))"))
	assert.Equal(t, "=> 49", ok(t, c, "(square 7)"))
	assert.Contains(t, ok(t, c, "(defvar x 10) (defvar y 20) (setf x 10) (setf y 20) (+ x y)"), "=> 30")
	assert.Equal(t, "=> 30", ok(t, c, "(+ x y)"))
}

func TestStructuredContent(t *testing.T) {
	c := inProcess(t, newServer(t, mcp.Options{}))
	res := call(t, c, "evaluate-lisp", map[string]any{"code": "(progn (princ \"hi\") (values 1 2))"})
	require.False(t, res.IsError)
	sc := structured(t, res)
	assert.Equal(t, []any{"1", "2"}, sc["values"])
	assert.Equal(t, "hi", sc["stdout"])
	assert.Equal(t, "", sc["stderr"])
	assert.Equal(t, []any{}, sc["warnings"])

	res = call(t, c, "evaluate-lisp", map[string]any{"code": "(/ 1 0)"})
	require.True(t, res.IsError)
	sc = structured(t, res)
	assert.Equal(t, "runtime_error", sc["reason"])
	assert.Equal(t, "DIVISION-BY-ZERO", sc["condition"])

	res = call(t, c, "evaluate-lisp", map[string]any{"code": "(+ 1 2"})
	require.True(t, res.IsError)
	assert.Equal(t, "parse_error", structured(t, res)["reason"])

	res = call(t, c, "evaluate-lisp", map[string]any{"code": "(make-list 1000000000)"})
	require.True(t, res.IsError)
	assert.Contains(t, text(t, res), "STORAGE-CONDITION")
	assert.Equal(t, "memory_limit", structured(t, res)["reason"])
	// The server and the session survive.
	assert.Equal(t, "=> 3", ok(t, c, "(+ 1 2)"))
}

func TestArgumentErrors(t *testing.T) {
	c := inProcess(t, newServer(t, mcp.Options{MaxArgBytes: 1000}))
	for _, args := range []map[string]any{{"code": ""}, {"code": "   \n"}} {
		res := call(t, c, "evaluate-lisp", args)
		assert.True(t, res.IsError, "%v", args)
		assert.Equal(t, "evaluate-lisp requires a non-empty `code` string argument.", text(t, res))
		assert.Equal(t, "args_error", structured(t, res)["reason"])
	}
	// Arguments that do not fit the schema are protocol errors (see
	// TestContractInvalidArguments for their code on the wire).
	for _, args := range []map[string]any{nil, {}, {"code": 42}, {"code": nil}, {"code": "1", "session": 7}} {
		_, err := callCtx(context.Background(), c, "evaluate-lisp", args)
		assert.ErrorContains(t, err, "Invalid arguments for evaluate-lisp", "%v", args)
	}
	res := call(t, c, "evaluate-lisp", map[string]any{"code": "(length \"" + strings.Repeat("x", 2000) + "\")"})
	assert.True(t, res.IsError)
	assert.Contains(t, text(t, res), "too large")
	assert.Equal(t, "args_error", structured(t, res)["reason"])
}

func TestSessionIsolation(t *testing.T) {
	srv := newServer(t, mcp.Options{})
	a, b := inProcess(t, srv), inProcess(t, srv)
	ok(t, a, "(defun only-in-a () :a) (defvar *only-a* 1)")
	assert.Equal(t, "=> :A", ok(t, a, "(only-in-a)"))
	out, isErr := eval(t, b, "(only-in-a)")
	assert.True(t, isErr)
	assert.Contains(t, out, "UNDEFINED-FUNCTION")
	assert.Equal(t, "=> NIL", ok(t, b, "(boundp '*only-a*)"))

	// A named session is shared by every connection that names it, and
	// separate from the connections' own sessions.
	res := call(t, a, "evaluate-lisp", map[string]any{"code": "(defun shared-fn () 42)", "session": "work"})
	require.False(t, res.IsError, text(t, res))
	res = call(t, b, "evaluate-lisp", map[string]any{"code": "(shared-fn)", "session": "work"})
	assert.Equal(t, "=> 42", text(t, res))
	out, isErr = eval(t, b, "(shared-fn)")
	assert.True(t, isErr, out)
}

func TestPackages(t *testing.T) {
	c := inProcess(t, newServer(t, mcp.Options{}))
	ok(t, c, "(defpackage :my-pkg (:use :cl))")
	ok(t, c, "(in-package :my-pkg)")
	assert.Equal(t, `=> "MY-PKG"`, ok(t, c, "(package-name *package*)"))
	ok(t, c, "(defun helper () 1)")

	// The package argument binds *package* for one call only.
	res := call(t, c, "evaluate-lisp", map[string]any{"code": "(package-name *package*)", "package": "cl-user"})
	assert.Equal(t, `=> "COMMON-LISP-USER"`, text(t, res))
	assert.Equal(t, `=> "MY-PKG"`, ok(t, c, "(package-name *package*)"))
	res = call(t, c, "evaluate-lisp", map[string]any{"code": "(helper)", "package": "MY-PKG"})
	assert.Equal(t, "=> 1", text(t, res))

	res = call(t, c, "evaluate-lisp", map[string]any{"code": "1", "package": "no-such-package"})
	assert.True(t, res.IsError)
	assert.Contains(t, text(t, res), "PACKAGE-ERROR")
}

func TestResetSession(t *testing.T) {
	c := inProcess(t, newServer(t, mcp.Options{}))
	ok(t, c, "(defun keep-me () 1) (defpackage :scratch (:use :cl))")
	eval(t, c, "(/ 1 0)")
	res := call(t, c, "reset-session", nil)
	assert.False(t, res.IsError)
	assert.Equal(t, "Session reset. All definitions cleared.", text(t, res))
	out, isErr := eval(t, c, "(keep-me)")
	assert.True(t, isErr)
	assert.Contains(t, out, "UNDEFINED-FUNCTION")
	assert.Equal(t, "=> NIL", ok(t, c, "(find-package :scratch)"))
	call(t, c, "reset-session", nil)
	assert.Equal(t, "No error information available.\n(No error has occurred since the last successful evaluation)",
		text(t, call(t, c, "describe-last-error", nil)))
}

func TestDescribeLastError(t *testing.T) {
	c := inProcess(t, newServer(t, mcp.Options{}))
	noError := "No error information available.\n(No error has occurred since the last successful evaluation)"
	assert.Equal(t, noError, text(t, call(t, c, "describe-last-error", nil)))

	eval(t, c, "(/ 1 0)")
	for i := 0; i < 2; i++ { // kept across calls
		out := text(t, call(t, c, "describe-last-error", nil))
		assert.True(t, strings.HasPrefix(out, "Error: DIVISION-BY-ZERO\n  "), out)
		assert.Contains(t, out, "\n\nAvailable Restarts:\n  1. ")
		assert.Contains(t, out, "ABORT")
		assert.Contains(t, out, "\n\nBacktrace (top 5 frames):\n  0: (/ 1 0)")
		assert.True(t, strings.HasSuffix(out, "\n\nFor full backtrace, use get-backtrace tool."), out)
	}
	bt := text(t, call(t, c, "get-backtrace", nil))
	assert.Contains(t, bt, "0: (/ 1 0)")
	res := call(t, c, "get-backtrace", map[string]any{"limit": 0})
	assert.True(t, res.IsError)

	eval(t, c, "(fmakunbound 'nonexistent-func) (nonexistent-func 42)")
	out := text(t, call(t, c, "describe-last-error", nil))
	assert.True(t, strings.HasPrefix(out, "Error: UNDEFINED-FUNCTION\n"), out)

	ok(t, c, "(+ 1 2)")
	assert.Equal(t, noError, text(t, call(t, c, "describe-last-error", nil)))
	assert.Equal(t, noError, text(t, call(t, c, "get-backtrace", nil)))
}

func TestTimeoutLeavesSessionAlive(t *testing.T) {
	c := inProcess(t, newServer(t, mcp.Options{Limits: golem.Limits{Timeout: 300 * time.Millisecond}}))
	ok(t, c, "(defun survivor () :alive) (defvar *state* 7)")
	start := time.Now()
	res := call(t, c, "evaluate-lisp", map[string]any{"code": forever})
	assert.Less(t, time.Since(start), 10*time.Second)
	require.True(t, res.IsError)
	assert.Contains(t, strings.ToLower(text(t, res)), "timeout")
	assert.Equal(t, "timeout", structured(t, res)["reason"])
	assert.Equal(t, "=> :ALIVE", ok(t, c, "(survivor)"))
	assert.Equal(t, "=> 7", ok(t, c, "*state*"))

	// unwind-protect cleanups run when the evaluation is interrupted.
	res = call(t, c, "evaluate-lisp", map[string]any{"code": "(unwind-protect (tagbody top (go top)) (setf *state* 8))"})
	require.True(t, res.IsError)
	assert.Equal(t, "=> 8", ok(t, c, "*state*"))
}

func TestCancellationInterrupts(t *testing.T) {
	c := inProcess(t, newServer(t, mcp.Options{}))
	ok(t, c, "(defun survivor () :alive)")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	time.AfterFunc(300*time.Millisecond, cancel)
	res, err := callCtx(ctx, c, "evaluate-lisp", map[string]any{"code": forever})
	if err == nil {
		// The in-process transport hands the cancelled context to the
		// server directly, so the interrupted evaluation still answers.
		require.True(t, res.IsError)
		assert.Contains(t, text(t, res), "cancel")
	}
	// Calls in a session run in order: this one can only finish once the
	// cancelled loop was interrupted.
	start := time.Now()
	assert.Equal(t, "=> :ALIVE", ok(t, c, "(survivor)"))
	assert.Less(t, time.Since(start), 10*time.Second)
}

func TestListDefinitions(t *testing.T) {
	c := inProcess(t, newServer(t, mcp.Options{}))
	assert.Equal(t, "No definitions in this session.", text(t, call(t, c, "list-definitions", nil)))
	ok(t, c, "(defun my-function (a b &optional c) (list a b c))")
	ok(t, c, "(defun helper (x) x)")
	ok(t, c, "(defvar *my-var* 42)")
	ok(t, c, "(defparameter +my-constant+ \"hello\")")
	ok(t, c, "(defmacro with-timing (form) form)")
	out := text(t, call(t, c, "list-definitions", nil))
	assert.Equal(t, "[Functions]\n- MY-FUNCTION (A B &OPTIONAL C)\n- HELPER (X)\n\n"+
		"[Variables]\n- *MY-VAR* = 42\n- +MY-CONSTANT+ = \"hello\"\n\n"+
		"[Macros]\n- WITH-TIMING (FORM)", out)

	res := call(t, c, "list-definitions", map[string]any{"package": "nope"})
	assert.True(t, res.IsError)
	assert.Contains(t, text(t, res), "PACKAGE-ERROR")
}

func TestIntrospection(t *testing.T) {
	c := inProcess(t, newServer(t, mcp.Options{}))
	ok(t, c, "(defun documented (x) \"Return X twice.\" (* 2 x))")

	hasDocs := ok(t, c, "(fboundp 'documentation)") != "=> NIL"
	out := text(t, call(t, c, "describe-symbol", map[string]any{"symbol": "documented"}))
	assert.Contains(t, out, "Symbol: COMMON-LISP-USER::DOCUMENTED")
	assert.Contains(t, out, "Status: :INTERNAL")
	assert.Contains(t, out, "Kind: function")
	assert.Contains(t, out, "Lambda list: (X)")
	if hasDocs {
		assert.Contains(t, out, "Return X twice.")
	}

	out = text(t, call(t, c, "describe-symbol", map[string]any{"symbol": "mapcar"}))
	assert.Contains(t, out, "Symbol: COMMON-LISP:MAPCAR")
	assert.Contains(t, out, "Status: :INHERITED")

	out = text(t, call(t, c, "function-documentation", map[string]any{"symbol": "documented"}))
	assert.True(t, strings.HasPrefix(out, "Function COMMON-LISP-USER::DOCUMENTED (X)\n"), out)
	if hasDocs {
		assert.Contains(t, out, "Return X twice.")
	}

	out = text(t, call(t, c, "apropos", map[string]any{"query": "mapc"}))
	assert.Contains(t, out, "COMMON-LISP:MAPCAR (function)")

	out = text(t, call(t, c, "macroexpand", map[string]any{"form": "(when a b)"}))
	assert.Contains(t, out, "IF")
	out = text(t, call(t, c, "macroexpand", map[string]any{"form": "(list (when a b))", "full": true}))
	assert.True(t, strings.HasPrefix(out, "(LIST\n (IF A") || strings.HasPrefix(out, "(LIST (IF A"), out)

	res := call(t, c, "check-syntax", map[string]any{"code": "(defun square (x) (* x x))\n(square 5)"})
	assert.False(t, res.IsError)
	assert.Equal(t, "Syntax OK: 2 forms.\n1. line 1, column 1 to line 1, column 26: (defun square (x) (* x x))\n"+
		"2. line 2, column 1 to line 2, column 10: (square 5)", text(t, res))

	res = call(t, c, "check-syntax", map[string]any{"code": "(defun foo (x)\n  (let ((y 1))\n    (+ x y)"})
	assert.True(t, res.IsError)
	out = text(t, res)
	assert.Contains(t, out, "2 parentheses are never closed")
	assert.Contains(t, out, "\"(\" opened at line 1, column 1: (defun foo (x)")
	assert.Contains(t, out, "\"(\" opened at line 2, column 3: (let ((y 1))")
	assert.Equal(t, "parse_error", structured(t, res)["reason"])

	res = call(t, c, "check-syntax", map[string]any{"code": "(+ 1 2))"})
	assert.True(t, res.IsError, text(t, res))
	assert.Contains(t, text(t, res), "line 1, column 8")
}

func TestToolsList(t *testing.T) {
	c := inProcess(t, newServer(t, mcp.Options{}))
	ctx := context.Background()
	list, err := c.ListTools(ctx, mcpgo.ListToolsRequest{})
	require.NoError(t, err)
	byName := map[string]mcpgo.Tool{}
	for _, tl := range list.Tools {
		byName[tl.Name] = tl
	}
	for _, name := range []string{"evaluate-lisp", "list-definitions", "reset-session", "load-system",
		"describe-last-error", "get-backtrace", "check-syntax", "describe-symbol", "apropos", "macroexpand",
		"function-documentation"} {
		require.Contains(t, byName, name)
		assert.Contains(t, byName[name].InputSchema.Properties, "session", name)
		assert.NotNil(t, byName[name].Annotations.ReadOnlyHint, name)
	}
	ev := byName["evaluate-lisp"]
	assert.Equal(t, "Evaluate Common Lisp code in a persistent REPL session. Definitions and variables persist across calls.", ev.Description)
	assert.Equal(t, []string{"code"}, ev.InputSchema.Required)
	assert.False(t, *ev.Annotations.ReadOnlyHint)
	assert.True(t, *byName["describe-symbol"].Annotations.ReadOnlyHint)
	assert.True(t, *byName["apropos"].Annotations.ReadOnlyHint)
	assert.True(t, *byName["macroexpand"].Annotations.ReadOnlyHint)
	assert.Equal(t, "object", ev.OutputSchema.Type)
	assert.Contains(t, byName["describe-last-error"].Description, "Get detailed information about the most recent error.")
}

func TestGoDefinedTool(t *testing.T) {
	tl := mcpgo.NewTool("golem-version", mcpgo.WithDescription("Report golem's version."))
	srv := newServer(t, mcp.Options{Tools: []mcp.Tool{{Tool: tl,
		Handler: func(ctx context.Context, s *mcp.Session, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
			r, err := s.Interpreter().Eval(ctx, "(+ 40 2)")
			if err != nil {
				return nil, err
			}
			return mcpgo.NewToolResultText(golem.Version + " " + r.Text()), nil
		}}}})
	c := inProcess(t, srv)
	assert.Equal(t, golem.Version+" => 42", text(t, call(t, c, "golem-version", nil)))
}
