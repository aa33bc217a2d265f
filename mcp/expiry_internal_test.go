package mcp

import (
	"context"
	"net/http/httptest"
	"runtime"
	"testing"
	"time"
	"weak"

	"github.com/mark3labs/mcp-go/client"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem"
)

// An expired session's interpreter is garbage: nothing the server keeps
// (the session table, the tools it defined, mcp-go's session record) still
// refers to it.
func TestIdleExpiryFreesTheInterpreter(t *testing.T) {
	srv := NewServer(Options{IdleTimeout: 150 * time.Millisecond})
	defer srv.Close()
	hs := httptest.NewServer(srv.HTTPHandler(HTTPOptions{}))
	defer hs.Close()

	c, err := client.NewStreamableHttpClient(hs.URL + "/mcp")
	require.NoError(t, err)
	require.NoError(t, c.Start(context.Background()))
	init := mcpgo.InitializeRequest{}
	init.Params.ProtocolVersion = "2025-06-18"
	init.Params.ClientInfo = mcpgo.Implementation{Name: "expiry", Version: "1"}
	_, err = c.Initialize(context.Background(), init)
	require.NoError(t, err)
	for _, code := range []string{
		"(defparameter *big* (make-list 100000))",
		`(golem:define-tool "kept_tool" "Keeps the session." '() :handler (lambda (a) (declare (ignore a)) "x"))`,
	} {
		req := mcpgo.CallToolRequest{}
		req.Params.Name = "evaluate-lisp"
		req.Params.Arguments = map[string]any{"code": code}
		res, err := c.CallTool(context.Background(), req)
		require.NoError(t, err)
		require.False(t, res.IsError, "%v", res.Content)
	}

	var in weak.Pointer[golem.Interpreter]
	func() {
		sessions := srv.snapshot()
		require.Len(t, sessions, 1)
		in = weak.Make(sessions[0].running.Load())
	}()
	require.NotNil(t, in.Value())

	require.Eventually(t, func() bool { return srv.SessionCount() == 0 }, 5*time.Second, 10*time.Millisecond)
	require.Eventually(t, func() bool {
		runtime.GC()
		return in.Value() == nil
	}, 5*time.Second, 50*time.Millisecond, "the expired session's interpreter is still reachable")
	srv.lispMu.Lock()
	defer srv.lispMu.Unlock()
	require.Empty(t, srv.lispTools)
}
