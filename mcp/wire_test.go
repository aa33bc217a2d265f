package mcp_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/golem-lisp/golem/mcp"
)

func TestRewriteMessage(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"a success says isError false",
			`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"=> 3"}],"structuredContent":{}}}`,
			`{"jsonrpc":"2.0","id":1,"result":{"isError":false,"content":[{"type":"text","text":"=> 3"}],"structuredContent":{}}}`},
		{"a failure is left alone",
			`{"jsonrpc":"2.0","id":1,"result":{"content":[],"isError":true}}`,
			`{"jsonrpc":"2.0","id":1,"result":{"content":[],"isError":true}}`},
		{"text that looks like a result is not touched",
			`{"jsonrpc":"2.0","id":1,"result":{"messages":[{"text":"\"result\":{\"content\":["}]}}`,
			`{"jsonrpc":"2.0","id":1,"result":{"messages":[{"text":"\"result\":{\"content\":["}]}}`},
		{"invalid arguments are -32602",
			`{"jsonrpc":"2.0","id":2,"error":{"code":-32603,"message":"golem-invalid-params: Invalid arguments for x: y"}}`,
			`{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"Invalid arguments for x: y"}}`},
		{"other internal errors stay",
			`{"jsonrpc":"2.0","id":2,"error":{"code":-32603,"message":"boom"}}`,
			`{"jsonrpc":"2.0","id":2,"error":{"code":-32603,"message":"boom"}}`},
		{"an unknown tool",
			`{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"tool 'nope' not found: tool not found"}}`,
			`{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"Unknown tool: nope"}}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, string(mcp.RewriteMessage([]byte(tc.in))))
		})
	}
}
