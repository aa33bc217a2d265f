package mcp

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestRequestKind checks which lines count as requests, their methods,
// and which requests are calls (a non-null id: they get an answer).
func TestRequestKind(t *testing.T) {
	cases := []struct {
		name, line, method string
		pending            int
	}{
		{"id true", `{"jsonrpc":"2.0","id":true,"method":"tools/call"}`, "tools/call", 1},
		{"id an object", `{"id":{},"method":"ping"}`, "ping", 1},
		{"id huge", `{"id":1e400,"method":"ping"}`, "ping", 1},
		{"id null", `{"id":null,"method":"ping"}`, "ping", 0},
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
			method, call := requestKind([]byte(c.line))
			assert.Equal(t, c.method, method)
			assert.Equal(t, c.pending == 1, call)
		})
	}
}
