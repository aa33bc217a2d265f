package mcp_test

import (
	"context"
	"encoding/json"
	"os"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem/mcp"
)

// forever is an evaluation that never ends by itself.
const forever = "(tagbody top (go top))"

var tempDirs []string

func makeTempDir() (string, error) {
	dir, err := os.MkdirTemp("", "golem-mcp-test-")
	if err == nil {
		tempDirs = append(tempDirs, dir)
	}
	return dir, err
}

func TestMain(m *testing.M) {
	code := m.Run()
	for _, d := range tempDirs {
		_ = os.RemoveAll(d)
	}
	os.Exit(code)
}

// newServer builds a server closed at the end of the test.
func newServer(t *testing.T, opts mcp.Options) *mcp.Server {
	t.Helper()
	srv := mcp.NewServer(opts)
	t.Cleanup(srv.Close)
	return srv
}

// inProcess connects an initialized in-process client: its own MCP session.
func inProcess(t *testing.T, srv *mcp.Server) *client.Client {
	t.Helper()
	c, err := client.NewInProcessClient(srv.MCPServer())
	require.NoError(t, err)
	require.NoError(t, c.Start(context.Background()))
	initialize(t, c)
	t.Cleanup(func() { _ = c.Close() })
	return c
}

func initialize(t *testing.T, c *client.Client) {
	t.Helper()
	req := mcpgo.InitializeRequest{}
	req.Params.ProtocolVersion = mcpgo.LATEST_PROTOCOL_VERSION
	req.Params.ClientInfo = mcpgo.Implementation{Name: "golem-test", Version: "1"}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_, err := c.Initialize(ctx, req)
	require.NoError(t, err)
}

// call calls a tool and returns the result.
func call(t *testing.T, c *client.Client, name string, args map[string]any) *mcpgo.CallToolResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	res, err := callCtx(ctx, c, name, args)
	require.NoError(t, err)
	return res
}

func callCtx(ctx context.Context, c *client.Client, name string, args map[string]any) (*mcpgo.CallToolResult, error) {
	req := mcpgo.CallToolRequest{}
	req.Params.Name = name
	if args != nil {
		req.Params.Arguments = args
	}
	return c.CallTool(ctx, req)
}

// eval evaluates code and returns the text and isError.
func eval(t *testing.T, c *client.Client, code string) (string, bool) {
	t.Helper()
	res := call(t, c, "evaluate-lisp", map[string]any{"code": code})
	return text(t, res), res.IsError
}

// ok evaluates code that must succeed and returns its text.
func ok(t *testing.T, c *client.Client, code string) string {
	t.Helper()
	out, isErr := eval(t, c, code)
	require.False(t, isErr, "evaluating %s: %s", code, out)
	return out
}

func text(t *testing.T, res *mcpgo.CallToolResult) string {
	t.Helper()
	require.Len(t, res.Content, 1)
	tc, isText := res.Content[0].(mcpgo.TextContent)
	require.True(t, isText, "content is %T", res.Content[0])
	return tc.Text
}

// structured decodes a result's structuredContent into a map.
func structured(t *testing.T, res *mcpgo.CallToolResult) map[string]any {
	t.Helper()
	var raw []byte
	if len(res.RawStructuredContent) > 0 {
		raw = res.RawStructuredContent
	} else {
		var err error
		raw, err = json.Marshal(res.StructuredContent)
		require.NoError(t, err)
	}
	var m map[string]any
	require.NoError(t, json.Unmarshal(raw, &m))
	return m
}

// legacyHTTP connects a streamable HTTP client that uses transport
// sessions (protocol 2025-11-25 and earlier).
func legacyHTTP(t *testing.T, url string, opts ...transport.StreamableHTTPCOption) *client.Client {
	t.Helper()
	c, err := client.NewStreamableHttpClient(url, opts...)
	require.NoError(t, err)
	require.NoError(t, c.Start(context.Background()))
	req := mcpgo.InitializeRequest{}
	req.Params.ProtocolVersion = "2025-06-18"
	req.Params.ClientInfo = mcpgo.Implementation{Name: "golem-test", Version: "1"}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_, err = c.Initialize(ctx, req)
	require.NoError(t, err)
	t.Cleanup(func() { _ = c.Close() })
	return c
}
