package mcp_test

import (
	"context"
	"io"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem"
	"github.com/golem-lisp/golem/mcp"
)

// Evaluations running longer than a second report progress when asked to.
func TestProgressNotifications(t *testing.T) {
	c := inProcess(t, newServer(t, mcp.Options{Limits: golem.Limits{Timeout: 2500 * time.Millisecond}}))
	var mu sync.Mutex
	var progress []mcpgo.JSONRPCNotification
	c.OnNotification(func(n mcpgo.JSONRPCNotification) {
		if n.Method == "notifications/progress" {
			mu.Lock()
			progress = append(progress, n)
			mu.Unlock()
		}
	})
	req := mcpgo.CallToolRequest{}
	req.Params.Name = "evaluate-lisp"
	req.Params.Arguments = map[string]any{"code": forever}
	req.Params.Meta = &mcpgo.Meta{ProgressToken: "tok-1"}
	res, err := c.CallTool(context.Background(), req)
	require.NoError(t, err)
	assert.True(t, res.IsError)
	require.Eventually(t, func() bool { mu.Lock(); defer mu.Unlock(); return len(progress) >= 2 }, 5*time.Second, 10*time.Millisecond)
	mu.Lock()
	defer mu.Unlock()
	assert.Equal(t, "tok-1", progress[0].Params.AdditionalFields["progressToken"])
}

// Clients of the sessionless 2026-07-28 revision work, and the `session`
// argument gives them persistent, separate sessions.
func TestHTTPModernProtocol(t *testing.T) {
	srv := newServer(t, mcp.Options{})
	url := serveHTTP(t, srv, mcp.HTTPOptions{}) + "/mcp"
	newModern := func() *client.Client {
		c, err := client.NewStreamableHttpClient(url)
		require.NoError(t, err)
		require.NoError(t, c.Start(context.Background()))
		initialize(t, c)
		t.Cleanup(func() { _ = c.Close() })
		return c
	}
	a, b := newModern(), newModern()
	assert.Equal(t, "=> 3", ok(t, a, "(+ 1 2)"))
	res := call(t, a, "evaluate-lisp", map[string]any{"code": "(defun modern-fn () :mine)", "session": "agent-a"})
	require.False(t, res.IsError, text(t, res))
	res = call(t, a, "evaluate-lisp", map[string]any{"code": "(modern-fn)", "session": "agent-a"})
	assert.Equal(t, "=> :MINE", text(t, res))
	res = call(t, b, "evaluate-lisp", map[string]any{"code": "(modern-fn)", "session": "agent-b"})
	assert.True(t, res.IsError)
}

func TestLoggingSetLevelAndPing(t *testing.T) {
	c := inProcess(t, newServer(t, mcp.Options{}))
	require.NoError(t, c.Ping(context.Background()))
	req := mcpgo.SetLevelRequest{}
	req.Params.Level = mcpgo.LoggingLevelDebug
	require.NoError(t, c.SetLevel(context.Background(), req))
}

// BenchmarkStdioRoundTrip measures one evaluate-lisp call of (+ 1 2) over
// the stdio transport (in-process pipes), reporting the median.
func BenchmarkStdioRoundTrip(b *testing.B) {
	srv := mcp.NewServer(mcp.Options{})
	defer srv.Close()
	clientIn, serverOut := io.Pipe()
	serverIn, clientOut := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { _ = srv.ServeStdio(ctx, serverIn, serverOut) }()
	c := client.NewClient(transport.NewIO(clientIn, clientOut, io.NopCloser(nilReader{})))
	require.NoError(b, c.Start(ctx))
	init := mcpgo.InitializeRequest{}
	init.Params.ProtocolVersion = "2025-06-18"
	init.Params.ClientInfo = mcpgo.Implementation{Name: "bench", Version: "1"}
	_, err := c.Initialize(ctx, init)
	require.NoError(b, err)
	req := mcpgo.CallToolRequest{}
	req.Params.Name = "evaluate-lisp"
	req.Params.Arguments = map[string]any{"code": "(+ 1 2)"}
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		res, err := c.CallTool(ctx, req)
		times = append(times, time.Since(start))
		if err != nil || res.IsError {
			b.Fatal(err, res)
		}
	}
	b.StopTimer()
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	b.ReportMetric(float64(times[len(times)/2].Microseconds()), "median-µs")
}

type nilReader struct{}

func (nilReader) Read([]byte) (int, error) { select {} }
