package mcp_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem"
	"github.com/golem-lisp/golem/mcp"
)

// debugEval evaluates code with `debug: true` and requires a suspension.
func debugEval(t *testing.T, c *client.Client, code string) map[string]any {
	t.Helper()
	res := call(t, c, "evaluate-lisp", map[string]any{"code": code, "debug": true})
	require.True(t, res.IsError, text(t, res))
	sc := structured(t, res)
	require.Equal(t, true, sc["suspended"], text(t, res))
	return sc
}

// restartNumber returns the number the reply gives the restart named name.
func restartNumber(t *testing.T, sc map[string]any, name string) float64 {
	t.Helper()
	for _, r := range sc["restarts"].([]any) {
		m := r.(map[string]any)
		if m["name"] == name {
			return m["number"].(float64)
		}
	}
	t.Fatalf("no restart %s in %v", name, sc["restarts"])
	return 0
}

func frameNumber(t *testing.T, sc map[string]any, prefix string) float64 {
	t.Helper()
	for _, f := range sc["frames"].([]any) {
		m := f.(map[string]any)
		if strings.HasPrefix(m["call"].(string), prefix) {
			return m["number"].(float64)
		}
	}
	t.Fatalf("no frame %s in %v", prefix, sc["frames"])
	return 0
}

// TestDebuggerAgent is the scenario as an agent runs it: the
// error costs one turn, and the original call completes without being
// run again.
func TestDebuggerAgent(t *testing.T) {
	c := inProcess(t, newServer(t, mcp.Options{}))
	ok(t, c, "(defvar *calls* 0) (defun total (xs) (incf *calls*) (reduce #'+ (mapcar #'price xs)))")

	res := call(t, c, "evaluate-lisp", map[string]any{"code": "(total '(1 2 3))", "debug": true})
	require.True(t, res.IsError)
	out := text(t, res)
	assert.Contains(t, out, "[ERROR] UNDEFINED-FUNCTION")
	assert.Contains(t, out, "[Restarts]\n1. ABORT - Return to top level\n2. RETRY - Retry calling PRICE\n")
	assert.Contains(t, out, "1: (TOTAL (1 2 3))")
	sc := structured(t, res)
	assert.Equal(t, true, sc["suspended"])
	assert.Equal(t, "UNDEFINED-FUNCTION", sc["condition"])
	assert.Equal(t, float64(1), sc["level"])
	assert.Equal(t, float64(1), frameNumber(t, sc, "(TOTAL"))

	// describe-last-error describes the suspended error, restarts numbered alike.
	desc := text(t, call(t, c, "describe-last-error", nil))
	assert.Contains(t, desc, "UNDEFINED-FUNCTION")
	assert.Contains(t, desc, "1. ABORT - Return to top level")
	assert.Contains(t, desc, "2. RETRY - Retry calling PRICE")

	// The agent defines the missing function while the call waits; an
	// error meanwhile leaves the suspended error the one described.
	_, isErr := eval(t, c, "(price-of 1)")
	assert.True(t, isErr)
	ok(t, c, "(defun price (x) (* x 10))")
	desc = text(t, call(t, c, "describe-last-error", nil))
	assert.Contains(t, desc, "The function COMMON-LISP-USER::PRICE is undefined")

	res = call(t, c, "invoke-restart", map[string]any{"restart": "RETRY"})
	require.False(t, res.IsError, text(t, res))
	assert.Equal(t, "=> 60", text(t, res))
	assert.Equal(t, []any{"60"}, structured(t, res)["values"])
	assert.Equal(t, "=> 1", ok(t, c, "*calls*"), "the call was resumed, not run again")

	res = call(t, c, "invoke-restart", map[string]any{"restart": 2})
	require.True(t, res.IsError)
	assert.Contains(t, text(t, res), "GOLEM:NOT-SUSPENDED")
}

func TestDebuggerRestartsOverMCP(t *testing.T) {
	c := inProcess(t, newServer(t, mcp.Options{}))
	ok(t, c, `(defun area (r) (check-type r number) (* r r))
	          (defun scaled (x) (* x *scale*))
	          (defun parse (s) (restart-case (error "bad ~a" s) (use-default (v) :report "Use a default." v)))`)
	cases := []struct {
		name    string
		code    string
		restart any // a name, or the name whose number is used
		byNum   bool
		values  []any
		want    string
	}{
		{"STORE-VALUE fixes a wrong value", `(area "3")`, "STORE-VALUE", true, []any{"(+ 1 2)"}, "=> 9"},
		{"USE-VALUE for an unbound variable", "(scaled 4)", "USE-VALUE", false, []any{"5"}, "=> 20"},
		{"a RESTART-CASE restart", `(+ 1 (parse "x"))`, "USE-DEFAULT", true, []any{"41"}, "=> 42"},
		{"a qualified name", `(+ 1 (parse "y"))`, "cl-user::use-default", false, []any{"1"}, "=> 2"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			sc := debugEval(t, c, tc.code)
			var restart any = tc.restart
			if tc.byNum {
				restart = restartNumber(t, sc, tc.restart.(string))
			}
			res := call(t, c, "invoke-restart", map[string]any{"restart": restart, "values": tc.values})
			require.False(t, res.IsError, text(t, res))
			assert.Equal(t, tc.want, text(t, res))
		})
	}

	t.Run("an error in a value form leaves it suspended", func(t *testing.T) {
		debugEval(t, c, "(scaled 2)")
		res := call(t, c, "invoke-restart", map[string]any{"restart": "USE-VALUE", "values": []any{"(car 1)"}})
		require.True(t, res.IsError)
		assert.Contains(t, text(t, res), "TYPE-ERROR")
		res = call(t, c, "invoke-restart", map[string]any{"restart": "use-value", "values": []any{"3"}})
		assert.Equal(t, "=> 6", text(t, res))
	})
	t.Run("bad arguments", func(t *testing.T) {
		debugEval(t, c, "(scaled 2)")
		res := call(t, c, "invoke-restart", map[string]any{"restart": 99})
		require.True(t, res.IsError)
		assert.Contains(t, text(t, res), "No restart 99")
		res = call(t, c, "invoke-restart", map[string]any{"restart": "NO-SUCH"})
		assert.Contains(t, text(t, res), "No restart NO-SUCH")
		res = call(t, c, "frame-locals", map[string]any{"frame": 500})
		assert.True(t, res.IsError)
		assert.Contains(t, text(t, call(t, c, "describe-last-error", nil)), "UNBOUND-VARIABLE",
			"a failed debugger call leaves the suspended error the last")
		res = call(t, c, "abort", nil)
		require.False(t, res.IsError, text(t, res))
		assert.Contains(t, text(t, res), "Aborted")
		assert.Contains(t, text(t, call(t, c, "abort", nil)), "GOLEM:NOT-SUSPENDED")
	})
}

func TestDebuggerFramesOverMCP(t *testing.T) {
	c := inProcess(t, newServer(t, mcp.Options{}))
	ok(t, c, `(defun g (x) (let ((y (* x 2))) (cerror "Go on." "y is ~a" y) (+ x y)))`)
	sc := debugEval(t, c, "(g 5)")
	frame := frameNumber(t, sc, "(G 5)")
	res := call(t, c, "frame-locals", map[string]any{"frame": frame})
	require.False(t, res.IsError, text(t, res))
	assert.Equal(t, "Frame 1: (G 5)\nX = 5\nY = 10", text(t, res))
	assert.Equal(t, []any{map[string]any{"name": "X", "value": "5"}, map[string]any{"name": "Y", "value": "10"}},
		structured(t, res)["locals"])

	res = call(t, c, "eval-in-frame", map[string]any{"frame": frame, "code": "(setq y 100)"})
	require.False(t, res.IsError, text(t, res))
	assert.Equal(t, "=> 100", text(t, res))
	res = call(t, c, "invoke-restart", map[string]any{"restart": "CONTINUE"})
	assert.Equal(t, "=> 105", text(t, res))
}

func TestDebuggerSessionSetting(t *testing.T) {
	c := inProcess(t, newServer(t, mcp.Options{}))
	ok(t, c, "(setf golem:*debug-on-error* t)")
	res := call(t, c, "evaluate-lisp", map[string]any{"code": "(car 'x)"})
	require.True(t, res.IsError)
	assert.Equal(t, true, structured(t, res)["suspended"])
	// A nested error suspends one level deeper, whose ABORT comes back.
	res = call(t, c, "evaluate-lisp", map[string]any{"code": "(/ 1 0)"})
	sc := structured(t, res)
	assert.Equal(t, float64(2), sc["level"])
	assert.Contains(t, text(t, res), "ABORT - Return to debugger level 1")
	res = call(t, c, "abort", nil)
	assert.Contains(t, text(t, res), "Aborted")
	ok(t, c, "(setf golem:*debug-on-error* nil)")
	res = call(t, c, "evaluate-lisp", map[string]any{"code": "(car 'x)"})
	assert.Nil(t, structured(t, res)["suspended"])
	_, err := callCtx(context.Background(), c, "evaluate-lisp", map[string]any{"code": "1", "debug": "yes"})
	assert.ErrorContains(t, err, "`debug` must be a boolean")
}

func TestDebuggerBoundsOverMCP(t *testing.T) {
	t.Run("reset-session aborts", func(t *testing.T) {
		c := inProcess(t, newServer(t, mcp.Options{}))
		ok(t, c, "(defvar *kept* 1)")
		debugEval(t, c, "(car 1)")
		call(t, c, "reset-session", nil)
		assert.Contains(t, text(t, call(t, c, "invoke-restart", map[string]any{"restart": 1})), "GOLEM:NOT-SUSPENDED")
		out, isErr := eval(t, c, "(boundp '*kept*)")
		assert.False(t, isErr)
		assert.Equal(t, "=> NIL", out)
	})
	t.Run("the debug timeout aborts", func(t *testing.T) {
		c := inProcess(t, newServer(t, mcp.Options{DebugTimeout: 50 * time.Millisecond}))
		debugEval(t, c, "(car 1)")
		require.Eventually(t, func() bool {
			return strings.Contains(text(t, call(t, c, "abort", nil)), "GOLEM:NOT-SUSPENDED")
		}, 10*time.Second, 20*time.Millisecond)
		ok(t, c, "(+ 1 2)")
	})
	t.Run("a limit at a nested level stops the suspended evaluation", func(t *testing.T) {
		c := inProcess(t, newServer(t, mcp.Options{Limits: golem.Limits{Timeout: 300 * time.Millisecond}}))
		debugEval(t, c, "(car 1)")
		time.Sleep(400 * time.Millisecond) // waiting is not running
		res := call(t, c, "evaluate-lisp", map[string]any{"code": "(handler-case (loop) (error () :caught))"})
		require.True(t, res.IsError)
		assert.Contains(t, text(t, res), "GOLEM:INTERRUPTED")
		assert.Contains(t, text(t, res), "timeout")
		assert.Contains(t, text(t, call(t, c, "abort", nil)), "GOLEM:NOT-SUSPENDED")
	})
}

// The introspection tools keep working while an evaluation is suspended:
// they run inside it.
func TestDebuggerToolsWhileSuspended(t *testing.T) {
	c := inProcess(t, newServer(t, mcp.Options{}))
	ok(t, c, "(defun total (xs) (reduce #'+ (mapcar #'price xs)))")
	debugEval(t, c, "(let ((*print-base* 2)) (total '(1 2)))")
	for _, tc := range []struct {
		tool string
		args map[string]any
		want string
	}{
		{"describe-symbol", map[string]any{"symbol": "total"}, "TOTAL"},
		{"macroexpand", map[string]any{"form": "(when a b)"}, "IF"},
		{"apropos", map[string]any{"query": "total"}, "TOTAL"},
	} {
		res := call(t, c, tc.tool, tc.args)
		require.False(t, res.IsError, "%s: %s", tc.tool, text(t, res))
		assert.Contains(t, text(t, res), tc.want, tc.tool)
	}
	// Code inside sees the suspended evaluation's bindings.
	assert.Equal(t, "=> 101", ok(t, c, "5"))
	res := call(t, c, "abort", nil)
	require.False(t, res.IsError, text(t, res))
	assert.Equal(t, "=> 5", ok(t, c, "5"))
}
