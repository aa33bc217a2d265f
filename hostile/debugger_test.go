package hostile

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSuspendedEvaluationStops suspends, with evaluate-lisp's `debug`, an
// evaluation whose cleanup jumps back into its loop, on a server with no
// time limit, and stops it each way there is: reset-session, a limit
// (notifications/cancelled) on code running inside it, the debug timeout.
// The session must then answer (+ 1 2) within stopWithin.
func TestSuspendedEvaluationStops(t *testing.T) {
	srv := startServer(t, "--timeout", "0", "--debug-timeout", "1s")
	suspended := "(tagbody top (unwind-protect (car 1) (go top)))"
	for _, tc := range []struct {
		name string
		stop func(t *testing.T, c *client)
	}{
		{"reset-session", func(t *testing.T, c *client) {
			start := time.Now()
			_, isErr, err := c.call("reset-session", map[string]any{})
			require.NoError(t, err)
			assert.False(t, isErr)
			assert.Less(t, time.Since(start), stopWithin, "reset-session waited for the evaluation")
		}},
		{"notifications/cancelled inside it", func(t *testing.T, c *client) {
			id := c.startEval(context.Background(), "(loop)") // runs inside the suspended evaluation
			time.Sleep(300 * time.Millisecond)
			_, _, err := c.post(map[string]any{"jsonrpc": "2.0", "method": "notifications/cancelled",
				"params": map[string]any{"requestId": id, "reason": "enough"}})
			require.NoError(t, err)
		}},
		{"debug timeout", func(t *testing.T, c *client) { time.Sleep(1500 * time.Millisecond) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := srv.newClient()
			require.NoError(t, err)
			defer c.close()
			out, isErr, err := c.call("evaluate-lisp", map[string]any{"code": suspended, "debug": true})
			require.NoError(t, err)
			require.True(t, isErr)
			require.Contains(t, out, "[Restarts]")
			tc.stop(t, c)
			start := time.Now()
			out, _, err = c.eval("(+ 1 2)")
			require.NoError(t, err)
			assert.Equal(t, "=> 3", out)
			assert.Less(t, time.Since(start), stopWithin, "the session stayed busy")
			out, _, err = c.call("abort", map[string]any{})
			require.NoError(t, err)
			assert.Contains(t, out, "GOLEM:NOT-SUSPENDED")
		})
	}
}
