package mcp_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
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

// serveHTTP runs srv on a random loopback port and returns its base URL.
// The server shuts down at the end of the test.
func serveHTTP(t testing.TB, srv *mcp.Server, opts mcp.HTTPOptions) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	addrc := make(chan net.Addr, 1)
	done := make(chan error, 1)
	go func() {
		done <- srv.ListenAndServe(ctx, "127.0.0.1:0", opts, func(a net.Addr) { addrc <- a })
	}()
	var base string
	select {
	case a := <-addrc:
		base = "http://" + a.String()
	case err := <-done:
		t.Fatalf("server did not start: %v", err)
	}
	t.Cleanup(func() {
		cancel()
		select {
		case <-done:
		case <-time.After(15 * time.Second):
			t.Error("server did not shut down")
		}
	})
	return base
}

func TestHTTPSessions(t *testing.T) {
	srv := newServer(t, mcp.Options{})
	base := serveHTTP(t, srv, mcp.HTTPOptions{})
	a, b := legacyHTTP(t, base+"/mcp"), legacyHTTP(t, base+"/mcp")
	assert.Equal(t, "=> 3", ok(t, a, "(+ 1 2)"))
	ok(t, a, "(defun http-only-a () :a)")
	assert.Equal(t, "=> :A", ok(t, a, "(http-only-a)"))
	out, isErr := eval(t, b, "(http-only-a)")
	assert.True(t, isErr)
	assert.Contains(t, out, "UNDEFINED-FUNCTION")

	resp, err := http.Get(base + "/healthz")
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, string(body), `"status":"ok"`)
}

// rpc posts one JSON-RPC message and returns the decoded response, reading
// the last message of an SSE stream if the server answered with one.
func rpc(t *testing.T, url, session string, msg map[string]any, hdr map[string]string) (*http.Response, map[string]any) {
	t.Helper()
	body, _ := json.Marshal(msg)
	req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if session != "" {
		req.Header.Set("Mcp-Session-Id", session)
	}
	for k, v := range hdr {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		var last string
		for _, line := range strings.Split(string(raw), "\n") {
			if strings.HasPrefix(line, "data: ") {
				last = strings.TrimPrefix(line, "data: ")
			}
		}
		raw = []byte(last)
	}
	var out map[string]any
	if len(bytes.TrimSpace(raw)) > 0 && resp.StatusCode == http.StatusOK {
		require.NoError(t, json.Unmarshal(raw, &out), string(raw))
	}
	return resp, out
}

func rawInitialize(t *testing.T, url string, hdr map[string]string) string {
	t.Helper()
	resp, out := rpc(t, url, "", map[string]any{"jsonrpc": "2.0", "id": 1, "method": "initialize",
		"params": map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{},
			"clientInfo": map[string]any{"name": "raw", "version": "1"}}}, hdr)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.NotNil(t, out["result"])
	id := resp.Header.Get("Mcp-Session-Id")
	require.NotEmpty(t, id)
	rpc(t, url, id, map[string]any{"jsonrpc": "2.0", "method": "notifications/initialized"}, hdr)
	return id
}

func TestHTTPUnknownToolAndProtocolErrors(t *testing.T) {
	srv := newServer(t, mcp.Options{})
	url := serveHTTP(t, srv, mcp.HTTPOptions{}) + "/mcp"
	id := rawInitialize(t, url, nil)
	_, out := rpc(t, url, id, map[string]any{"jsonrpc": "2.0", "id": 7, "method": "tools/call",
		"params": map[string]any{"name": "invalid-tool-name", "arguments": map[string]any{}}}, nil)
	errObj, _ := out["error"].(map[string]any)
	require.NotNil(t, errObj, "%v", out)
	assert.Equal(t, float64(-32602), errObj["code"])
	assert.Equal(t, "Unknown tool: invalid-tool-name", errObj["message"])

	_, out = rpc(t, url, id, map[string]any{"jsonrpc": "2.0", "id": 8, "method": "tools/call",
		"params": map[string]any{"name": "evaluate-lisp", "arguments": map[string]any{"code": "(+ 1 2 3)"}}}, nil)
	result, _ := out["result"].(map[string]any)
	require.NotNil(t, result, "%v", out)
	content := result["content"].([]any)[0].(map[string]any)
	assert.Equal(t, "=> 6", content["text"])
	assert.NotEqual(t, true, result["isError"])

	_, out = rpc(t, url, id, map[string]any{"jsonrpc": "2.0", "id": 9, "method": "ping"}, nil)
	assert.NotNil(t, out["result"])

	// An ended session is gone: 404, as the transport specifies.
	req, _ := http.NewRequest(http.MethodDelete, url, nil)
	req.Header.Set("Mcp-Session-Id", id)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	resp, _ = rpc(t, url, id, map[string]any{"jsonrpc": "2.0", "id": 10, "method": "ping"}, nil)
	assert.Equal(t, http.StatusNotFound, resp.StatusCode)
}

func TestHTTPSecurity(t *testing.T) {
	srv := newServer(t, mcp.Options{})
	base := serveHTTP(t, srv, mcp.HTTPOptions{Token: "s3cret", AllowedOrigins: []string{"https://app.example"}})
	url := base + "/mcp"
	init := map[string]any{"jsonrpc": "2.0", "id": 1, "method": "initialize",
		"params": map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{},
			"clientInfo": map[string]any{"name": "raw", "version": "1"}}}
	auth := map[string]string{"Authorization": "Bearer s3cret"}

	resp, _ := rpc(t, url, "", init, nil)
	assert.Equal(t, http.StatusUnauthorized, resp.StatusCode)
	resp, _ = rpc(t, url, "", init, map[string]string{"Authorization": "Bearer wrong"})
	assert.Equal(t, http.StatusUnauthorized, resp.StatusCode)

	// DNS rebinding: a foreign Host or Origin is refused.
	resp, _ = rpc(t, url, "", init, map[string]string{"Authorization": "Bearer s3cret", "Host": "evil.example:80"})
	assert.Equal(t, http.StatusForbidden, resp.StatusCode)
	resp, _ = rpc(t, url, "", init, map[string]string{"Authorization": "Bearer s3cret", "Origin": "https://evil.example"})
	assert.Equal(t, http.StatusForbidden, resp.StatusCode)
	resp, _ = rpc(t, url, "", init, map[string]string{"Authorization": "Bearer s3cret", "Origin": "https://app.example"})
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	resp, _ = rpc(t, url, "", init, map[string]string{"Authorization": "Bearer s3cret", "Origin": "http://localhost:3000"})
	assert.Equal(t, http.StatusOK, resp.StatusCode)

	c := legacyHTTP(t, url, transport.WithHTTPHeaders(auth))
	assert.Equal(t, "=> 3", ok(t, c, "(+ 1 2)"))

	r, err := http.Get(base + "/nope")
	require.NoError(t, err)
	r.Body.Close()
	assert.Equal(t, http.StatusNotFound, r.StatusCode)
}

func TestHTTPConcurrentSessions(t *testing.T) {
	srv := newServer(t, mcp.Options{})
	url := serveHTTP(t, srv, mcp.HTTPOptions{}) + "/mcp"
	// 200 independent sessions on one server, each seeing only its own *ID*.
	const sessions, evals = 200, 5
	clients := make([]*client.Client, sessions)
	for n := range clients {
		clients[n] = legacyHTTP(t, url)
	}
	var wg sync.WaitGroup
	errs := make(chan error, sessions*(evals+1))
	for n, c := range clients {
		wg.Add(1)
		go func(n int, c *client.Client) {
			defer wg.Done()
			check := func(code, want string) {
				res, err := callCtx(context.Background(), c, "evaluate-lisp", map[string]any{"code": code})
				if err != nil {
					errs <- fmt.Errorf("session %d: %s: %v", n, code, err)
					return
				}
				tc, isText := res.Content[0].(mcpgo.TextContent)
				if !isText || res.IsError || tc.Text != want {
					errs <- fmt.Errorf("session %d: %s: got %v, want %q", n, code, res.Content, want)
				}
			}
			check(fmt.Sprintf("(defparameter *id* %d)", n), "=> *ID*")
			for i := 0; i < evals; i++ {
				check(fmt.Sprintf("(+ *id* %d)", i*1000), fmt.Sprintf("=> %d", n+i*1000))
			}
		}(n, c)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestHTTPIdleSessionsExpire(t *testing.T) {
	srv := newServer(t, mcp.Options{IdleTimeout: 200 * time.Millisecond})
	url := serveHTTP(t, srv, mcp.HTTPOptions{}) + "/mcp"
	c := legacyHTTP(t, url)
	ok(t, c, "(defun soon-gone () 1)")
	require.Equal(t, 1, srv.SessionCount())
	require.Eventually(t, func() bool { return srv.SessionCount() == 0 }, 5*time.Second, 20*time.Millisecond)
	_, err := callCtx(context.Background(), c, "evaluate-lisp", map[string]any{"code": "(soon-gone)"})
	assert.Error(t, err, "an expired session must not be reused silently")
}

func TestHTTPGracefulShutdownInterrupts(t *testing.T) {
	srv := mcp.NewServer(mcp.Options{Limits: golem.Limits{Timeout: time.Minute}})
	ctx, cancel := context.WithCancel(context.Background())
	addrc := make(chan net.Addr, 1)
	done := make(chan error, 1)
	go func() {
		done <- srv.ListenAndServe(ctx, "127.0.0.1:0", mcp.HTTPOptions{ShutdownGrace: 200 * time.Millisecond},
			func(a net.Addr) { addrc <- a })
	}()
	c := legacyHTTP(t, "http://"+(<-addrc).String()+"/mcp")
	callDone := make(chan struct{})
	go func() {
		_, _ = callCtx(context.Background(), c, "evaluate-lisp", map[string]any{"code": forever})
		close(callDone)
	}()
	time.Sleep(300 * time.Millisecond)
	start := time.Now()
	cancel()
	select {
	case err := <-done:
		assert.NoError(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("shutdown did not finish")
	}
	assert.Less(t, time.Since(start), 8*time.Second)
	select {
	case <-callDone:
	case <-time.After(5 * time.Second):
		t.Fatal("the running call did not end")
	}
}
