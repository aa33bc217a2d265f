package mcp_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strconv"
	"strings"
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

// stdioClient connects an mcp-go client to srv over in-process pipes and
// the stdio transport.
func stdioClient(t *testing.T, srv *mcp.Server, opts ...client.ClientOption) *client.Client {
	t.Helper()
	clientIn, serverOut := io.Pipe()
	serverIn, clientOut := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- srv.ServeStdio(ctx, serverIn, serverOut) }()
	c := client.NewClient(transport.NewIO(clientIn, clientOut, io.NopCloser(strings.NewReader(""))), opts...)
	require.NoError(t, c.Start(ctx))
	t.Cleanup(func() {
		cancel()
		_ = clientOut.Close()
		select {
		case err := <-served:
			assert.NoError(t, err)
		case <-time.After(10 * time.Second):
			t.Error("ServeStdio did not return after its context ended")
		}
	})
	return c
}

// The stdio transport asks the client for approval (elicitation) and
// routes its answer back to the waiting tool call.
func TestStdioElicitation(t *testing.T) {
	cases := []struct {
		name    string
		approve bool
		want    string
	}{
		{"approved", true, "wiped"},
		{"declined", false, "the user did not approve it."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var asked string
			handler := elicitHandler(func(msg string) (*mcpgo.ElicitationResult, error) {
				asked = msg
				action := mcpgo.ElicitationResponseActionAccept
				if !c.approve {
					action = mcpgo.ElicitationResponseActionDecline
				}
				return &mcpgo.ElicitationResult{ElicitationResponse: mcpgo.ElicitationResponse{
					Action: action, Content: map[string]any{"approve": c.approve}}}, nil
			})
			cl := stdioClient(t, newServer(t, mcp.Options{}), client.WithElicitationHandler(handler))
			req := initRequest()
			req.Params.ProtocolVersion = "2025-06-18" // servers may send requests to the client
			req.Params.Capabilities.Elicitation = &mcpgo.ElicitationCapability{}
			_, err := cl.Initialize(context.Background(), req)
			require.NoError(t, err)
			ok(t, cl, `(define-tool "wipe" "Dangerous." '((:name "content" :type :string))
  :safety-level :dangerous :handler (lambda (args) (declare (ignore args)) "wiped"))`)
			res := call(t, cl, "wipe", map[string]any{"content": "hi"})
			assert.Contains(t, text(t, res), c.want)
			assert.Equal(t, !c.approve, res.IsError)
			assert.Equal(t, `Allow the Lisp tool wipe (marked dangerous) to run with the arguments {"content":"hi"}?`, asked)
		})
	}
}

type elicitHandler func(msg string) (*mcpgo.ElicitationResult, error)

func (h elicitHandler) Elicit(_ context.Context, req mcpgo.ElicitationRequest) (*mcpgo.ElicitationResult, error) {
	return h(req.Params.Message)
}

// Each line gets what mcp-go's stdio server gave it: a line that is not
// JSON a parse error with a null id, a notification nothing, a request its
// answer; the client's name reaches the session.
func TestStdioLines(t *testing.T) {
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"line-test","version":"7"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`not json`,
		`{"jsonrpc":"2.0","id":"p","method":"ping"}`,
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"evaluate-lisp","arguments":{"code":"(+ 1 2)"}}}`,
		`{"jsonrpc":"2.0","id":2,"method":"no/such/method"}`,
	}, "\n") + "\n"
	var out bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	require.NoError(t, newServer(t, mcp.Options{}).ServeStdio(ctx, strings.NewReader(in), &out))
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	byID := map[string]map[string]any{}
	for _, line := range lines {
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(line), &m), line)
		byID[string(mustJSON(t, m["id"]))] = m
	}
	assert.Len(t, lines, 5, "one line per request and per bad line; none for the notification")
	assert.Equal(t, map[string]any{"code": -32700.0, "message": "Parse error"}, byID["null"]["error"])
	assert.Equal(t, map[string]any{}, byID[`"p"`]["result"])
	res, _ := byID["1"]["result"].(map[string]any)
	assert.Equal(t, map[string]any{"stderr": "", "stdout": "", "values": []any{"3"}, "warnings": []any{}}, res["structuredContent"])
	assert.Equal(t, -32601.0, byID["2"]["error"].(map[string]any)["code"])
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
}

// A notifications/cancelled read while a call runs stops that call: the
// reading goes on while calls are answered.
func TestStdioCancelRunningCall(t *testing.T) {
	srv := newServer(t, mcp.Options{Limits: golem.Limits{Timeout: 30 * time.Second}})
	clientIn, serverOut := io.Pipe()
	serverIn, clientOut := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { _ = srv.ServeStdio(ctx, serverIn, serverOut) }()
	lines := make(chan string, 10)
	go func() {
		dec := json.NewDecoder(clientIn)
		for {
			var m json.RawMessage
			if dec.Decode(&m) != nil {
				close(lines)
				return
			}
			lines <- string(m)
		}
	}()
	send := func(s string) {
		_, err := io.WriteString(clientOut, s+"\n")
		require.NoError(t, err)
	}
	send(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	<-lines
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	start := time.Now()
	send(`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"evaluate-lisp","arguments":{"code":"(loop)"}}}`)
	time.Sleep(100 * time.Millisecond)
	send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":5,"reason":"test"}}`)
	send(`{"jsonrpc":"2.0","id":6,"method":"ping"}`)
	select {
	case line := <-lines:
		assert.Contains(t, line, `"id":6`, "the ping is answered while the call runs")
	case <-time.After(10 * time.Second):
		t.Fatal("no answer to the ping")
	}
	select {
	case line := <-lines:
		assert.Contains(t, line, `"id":5`)
		assert.Contains(t, line, "INTERRUPTED")
		assert.Less(t, time.Since(start), 20*time.Second)
	case <-time.After(25 * time.Second):
		t.Fatal("the cancelled call did not stop")
	}
}

// More calls than are answered at once (maxStdioCalls), written in one go
// before the input ends: every one is answered, in order within the session.
func TestStdioManyPipelinedCalls(t *testing.T) {
	const n = 300
	var b strings.Builder
	b.WriteString(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}` + "\n")
	for i := 1; i <= n; i++ {
		b.WriteString(toolCall(i, "evaluate-lisp", `{"code":"(progn (defvar *log* nil) (push `+strconv.Itoa(i)+` *log*) nil)"}`) + "\n")
	}
	// T only if the calls ran in the order they were written.
	b.WriteString(toolCall(n+1, "evaluate-lisp", `{"code":"(equal *log* (loop for i from `+strconv.Itoa(n)+` downto 1 collect i))"}`) + "\n")
	var out bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	require.NoError(t, newServer(t, mcp.Options{}).ServeStdio(ctx, strings.NewReader(b.String()), &out))
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	assert.Len(t, lines, n+2)
	assert.Contains(t, out.String(), `"text":"=\u003e T"`)
}
