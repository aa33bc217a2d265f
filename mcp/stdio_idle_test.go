package mcp_test

import (
	"context"
	"io"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem/mcp"
)

// The goroutines that answered calls wait to read again (keeping their
// grown stacks), but only a few of them, and none outlives the connection.
func TestStdioIdleReadersBounded(t *testing.T) {
	srv := mcp.NewServer(mcp.Options{})
	clientIn, serverOut := io.Pipe()
	serverIn, clientOut := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- srv.ServeStdio(ctx, serverIn, serverOut) }()
	c := client.NewClient(transport.NewIO(clientIn, clientOut, io.NopCloser(strings.NewReader(""))))
	require.NoError(t, c.Start(ctx))
	init := mcpgo.InitializeRequest{}
	init.Params.ProtocolVersion = "2025-06-18"
	init.Params.ClientInfo = mcpgo.Implementation{Name: "idle", Version: "1"}
	_, err := c.Initialize(ctx, init)
	require.NoError(t, err)
	call := func(code string) {
		req := mcpgo.CallToolRequest{}
		req.Params.Name = "evaluate-lisp"
		req.Params.Arguments = map[string]any{"code": code}
		res, err := c.CallTool(ctx, req)
		if assert.NoError(t, err) {
			assert.False(t, res.IsError)
		}
	}
	call("(+ 1 2)")

	// 24 calls at once, in separate sessions so that they run at once.
	var wg sync.WaitGroup
	for i := range 24 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req := mcpgo.CallToolRequest{}
			req.Params.Name = "evaluate-lisp"
			req.Params.Arguments = map[string]any{"code": "(sleep 0.05)", "session": "s" + string(rune('a'+i))}
			_, err := c.CallTool(ctx, req)
			assert.NoError(t, err)
		}()
	}
	wg.Wait()
	for range 20 {
		call("(+ 1 2)")
	}
	assert.Eventually(t, func() bool { return connGoroutines("awaitReading") <= 4 }, 5*time.Second, 10*time.Millisecond,
		"%d goroutines wait to read again", connGoroutines("awaitReading"))

	cancel()
	_ = clientOut.Close()
	select {
	case err := <-served:
		assert.NoError(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("ServeStdio did not return after its context ended")
	}
	_ = serverOut.Close() // the client's reading ends
	_ = c.Close()
	srv.Close()
	assert.Eventually(t, func() bool { return connGoroutines("") == 0 }, 5*time.Second, 10*time.Millisecond,
		"%d goroutines of the connection are left", connGoroutines(""))
}

// connGoroutines counts the goroutines running the stdio transport's
// (*stdioConn) methods, or only those in the method named fn.
func connGoroutines(fn string) int {
	buf := make([]byte, 1<<20)
	n := 0
	for _, g := range strings.Split(string(buf[:runtime.Stack(buf, true)]), "\n\n") {
		if strings.Contains(g, "mcp.(*stdioConn)."+fn) {
			n++
		}
	}
	return n
}
