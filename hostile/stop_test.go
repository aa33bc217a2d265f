package hostile

import (
	"context"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// wedge is the evaluation that used to survive every way of stopping it:
// its cleanup jumps back into the loop.
const wedge = "(tagbody top (unwind-protect (loop) (go top)))"

// stopWithin is how soon a stopped evaluation must let its session answer.
const stopWithin = 2 * time.Second

// TestWedgedEvaluationStops starts the wedge on a server with no time limit
// and stops it each way a client or operator can: a cancellation
// notification, reset-session, a dropped connection. The session must then
// answer (+ 1 2) within stopWithin.
func TestWedgedEvaluationStops(t *testing.T) {
	srv := startServer(t, "--timeout", "0")
	for _, tc := range []struct {
		name string
		stop func(t *testing.T, c *client, id int, cancel context.CancelFunc)
		// kept says whether the session's definitions survive the stop.
		kept bool
	}{
		{"notifications/cancelled", func(t *testing.T, c *client, id int, _ context.CancelFunc) {
			_, _, err := c.post(map[string]any{"jsonrpc": "2.0", "method": "notifications/cancelled",
				"params": map[string]any{"requestId": id, "reason": "enough"}})
			require.NoError(t, err)
		}, true},
		{"reset-session", func(t *testing.T, c *client, _ int, _ context.CancelFunc) {
			start := time.Now()
			_, isErr, err := c.call("reset-session", map[string]any{})
			require.NoError(t, err)
			assert.False(t, isErr)
			assert.Less(t, time.Since(start), stopWithin, "reset-session waited for the evaluation")
		}, false},
		{"dropped connection", func(t *testing.T, _ *client, _ int, cancel context.CancelFunc) { cancel() }, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := srv.newClient()
			require.NoError(t, err)
			defer c.close()
			_, _, err = c.eval("(defun kept () :kept)")
			require.NoError(t, err)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			id := c.startEval(ctx, wedge)
			time.Sleep(300 * time.Millisecond) // let it run
			tc.stop(t, c, id, cancel)
			start := time.Now()
			out, _, err := c.eval("(+ 1 2)")
			require.NoError(t, err)
			assert.Equal(t, "=> 3", out)
			assert.Less(t, time.Since(start), stopWithin, "the session stayed busy")
			want := "=> :KEPT"
			if !tc.kept {
				want = "[ERROR] UNDEFINED-FUNCTION"
			}
			out, _, err = c.eval("(kept)")
			require.NoError(t, err)
			assert.Contains(t, out, want)
		})
	}
}

// TestSIGTERMStopsAWedgedServer sends SIGTERM to a server running the wedge
// with no time limit: the process must exit within 2 s.
func TestSIGTERMStopsAWedgedServer(t *testing.T) {
	srv := startServer(t, "--timeout", "0")
	c, err := srv.newClient()
	require.NoError(t, err)
	c.startEval(context.Background(), wedge)
	time.Sleep(300 * time.Millisecond)
	require.NoError(t, srv.cmd.Process.Signal(syscall.SIGTERM))
	select {
	case <-srv.done:
	case <-time.After(stopWithin):
		t.Fatal("the server still runs 2 s after SIGTERM")
	}
}

// startEval sends an evaluate-lisp call without waiting for its answer and
// returns its request id; cancelling ctx drops the connection.
func (c *client) startEval(ctx context.Context, code string) int {
	c.nextID++
	id := c.nextID
	req := map[string]any{"jsonrpc": "2.0", "id": id, "method": "tools/call",
		"params": map[string]any{"name": "evaluate-lisp", "arguments": map[string]any{"code": code}}}
	go func() { _, _, _ = c.postCtx(ctx, req) }()
	return id
}
