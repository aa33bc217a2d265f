package mcp

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestIDKey(t *testing.T) {
	cases := []struct {
		raw, key string
		ok       bool
	}{
		{`1`, "n1", true},
		{`1.0`, "n1", true},
		{`1e0`, "n1", true},
		{`-12`, "n-12", true},
		{`10000000`, "n1e+07", true},
		{`1e400`, "n1e400", true},
		{`"1"`, "s1", true},
		{`"\u0031"`, "s1", true},
		{`"a\"b"`, `sa"b`, true},
		{"\"\xff\"", "s\ufffd", true},
		{`null`, "", false},
		{`{"a":1}`, "", false},
		{``, "", false},
	}
	for _, c := range cases {
		t.Run(c.raw, func(t *testing.T) {
			key, ok := idKey([]byte(c.raw))
			assert.Equal(t, c.ok, ok)
			assert.Equal(t, c.key, key)
		})
	}
}

func TestResponseID(t *testing.T) {
	cases := []struct {
		name, line, id string
		ok             bool
	}{
		{"result", `{"jsonrpc":"2.0","id":7,"result":{"content":[]}}`, "7", true},
		{"error", `{"jsonrpc":"2.0","id":"a,\"b","error":{"code":-32602}}`, `"a,\"b"`, true},
		{"request from the server", `{"jsonrpc":"2.0","id":1,"method":"sampling/createMessage"}`, "", false},
		{"notification", `{"jsonrpc":"2.0","method":"notifications/message"}`, "", false},
		{"other layout", `{"id":7,"jsonrpc":"2.0","result":{}}`, "", false},
		{"null id", `{"jsonrpc":"2.0","id":null,"error":{}}`, "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			id, ok := responseID([]byte(c.line))
			assert.Equal(t, c.ok, ok)
			assert.Equal(t, c.id, string(id))
		})
	}
}

// TestPendingRequestsMatchIDs checks that a request and its response clear
// each other whichever way the id is spelled on each side.
func TestPendingRequestsMatchIDs(t *testing.T) {
	cases := []struct{ req, resp string }{
		{`{"jsonrpc":"2.0","id":3,"method":"tools/call"}`, `{"jsonrpc":"2.0","id":3,"result":{}}`},
		{`{"jsonrpc":"2.0","id":3.0,"method":"ping"}`, `{"jsonrpc":"2.0","id":3,"result":{}}`},
		{`{"method":"ping","id":"x<y"}`, `{"jsonrpc":"2.0","id":"x\u003cy","result":{}}`},
		{`{"method":"ping","id":"x"}`, `{"result":{},"id":"x","jsonrpc":"2.0"}`},
	}
	for _, c := range cases {
		t.Run(c.req, func(t *testing.T) {
			p := newPendingRequests()
			method, call := p.received([]byte(c.req))
			assert.NotEmpty(t, method)
			assert.True(t, call)
			assert.Len(t, p.ids, 1)
			p.answered([]byte(c.resp))
			assert.Empty(t, p.ids)
		})
	}
}

// TestReceived checks which lines count as requests, and their methods.
func TestReceived(t *testing.T) {
	cases := []struct {
		name, line, method string
		pending            int
	}{
		{"request", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{}}`, "tools/call", 1},
		{"spaced", ` { "method" : "ping" , "id" : "a" } `, "ping", 1},
		{"notification", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, "notifications/initialized", 0},
		{"escaped method", `{"id":1,"method":"tools\/call"}`, "tools/call", 1},
		{"method in another case", `{"id":1,"Method":"ping"}`, "ping", 1},
		{"response", `{"jsonrpc":"2.0","id":1,"result":{}}`, "", 0},
		{"null method", `{"id":1,"method":null}`, "", 0},
		{"method not a string", `{"id":1,"method":3}`, "", 0},
		{"not JSON", `{"id":1,"method":"ping"`, "", 0},
		{"batch", `[{"id":1,"method":"ping"}]`, "", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := newPendingRequests()
			method, call := p.received([]byte(c.line))
			assert.Equal(t, c.method, method)
			assert.Equal(t, c.pending == 1, call)
			assert.Len(t, p.ids, c.pending)
		})
	}
}
