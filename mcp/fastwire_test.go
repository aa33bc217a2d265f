package mcp

import (
	"context"
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// slowWire is how the stdio transport encodes any message.
func slowWire(t *testing.T, msg any) string {
	t.Helper()
	b, err := json.Marshal(msg)
	require.NoError(t, err)
	return string(rewriteWire(b))
}

// tricky strings: everything encoding/json escapes, and what it does not.
var trickyStrings = []string{
	"", "=> 3", `say "hi" \ back`, "<tag> & </tag>", "line\nnext\r\ttab\b\f",
	"\x00\x01\x1f\x7f", "héllo wörld ∀x λ 🎉", "\u2028\u2029", "bad \xff\xfe utf8 \xc3",
	"truncated \xe2\x82", strings.Repeat("x", 600) + ">",
}

func TestAppendJSONStringMatchesEncodingJSON(t *testing.T) {
	cases := append([]string(nil), trickyStrings...)
	for b := 0; b < 256; b++ {
		cases = append(cases, string([]byte{'a', byte(b), 'z'}))
	}
	for _, s := range cases {
		want, err := json.Marshal(s)
		require.NoError(t, err)
		assert.Equal(t, string(want), string(appendJSONString(nil, s)), "%q", s)
	}
}

func TestAppendToolResponseMatchesEncodingJSON(t *testing.T) {
	text := func(s string) []mcpgo.Content { return []mcpgo.Content{mcpgo.NewTextContent(s)} }
	evalResult := func(txt string, values []string, stdout string) *mcpgo.CallToolResult {
		return &mcpgo.CallToolResult{Content: text(txt), StructuredContent: map[string]any{
			"values": values, "stdout": stdout, "stderr": "", "warnings": []string{}}}
	}
	errResult := errorResult("[ERROR] DIVISION-BY-ZERO\nArithmetic error <&> \"/\"", "runtime_error", "DIVISION-BY-ZERO")
	suspended := errorResult("[ERROR] X", "runtime_error", "SIMPLE-ERROR")
	sc := suspended.StructuredContent.(map[string]any)
	sc["suspended"], sc["level"] = true, 2
	sc["restarts"] = []map[string]any{{"number": 1, "name": "ABORT", "description": "Return to top level."}}
	sc["frames"] = []map[string]any{{"number": 0, "call": "(/ 1 0)"}}
	sc["ratio"] = 0.5
	annotated := mcpgo.NewTextContent("x")
	annotated.Annotations = &mcpgo.Annotations{Priority: ptr(0.5)}
	resp := func(id any, res any) mcpgo.JSONRPCMessage {
		return mcpgo.NewJSONRPCResultResponse(mcpgo.NewRequestId(id), res)
	}
	cases := []struct {
		name string
		msg  mcpgo.JSONRPCMessage
		fast bool // appendToolResponse writes it itself
	}{
		{"evaluate-lisp success", resp(int64(7), evalResult("=> 3", []string{"3"}, "")), true},
		{"tricky strings", resp(int64(1), evalResult(strings.Join(trickyStrings, "|"), trickyStrings, "out <&>\n")), true},
		{"no values", resp(int64(2), evalResult("", nil, "")), true},
		{"string id", resp("req-\"9\"<", evalResult("=> T", []string{"T"}, "")), true},
		{"negative id", resp(int64(-12), evalResult("=> T", []string{"T"}, "")), true},
		{"error result", resp(int64(3), errResult), true},
		{"nested structured content", resp(int64(4), suspended), true},
		{"result by value", resp(int64(5), *evalResult("=> 1", []string{"1"}, "")), true},
		{"no structured content", resp(int64(6), &mcpgo.CallToolResult{Content: text("plain")}), true},
		{"no content", resp(int64(8), &mcpgo.CallToolResult{}), true},
		{"two contents", resp(int64(9), &mcpgo.CallToolResult{Content: append(text("a"), mcpgo.NewTextContent("b"))}), true},
		{"an isError member", resp(int64(10), &mcpgo.CallToolResult{Content: text("a"), StructuredContent: map[string]any{"isError": true}}), false},
		{"nil map", resp(int64(11), &mcpgo.CallToolResult{Content: text("a"), StructuredContent: map[string]any(nil)}), false},
		{"annotated content", resp(int64(12), &mcpgo.CallToolResult{Content: []mcpgo.Content{annotated}}), false},
		{"image content", resp(int64(13), &mcpgo.CallToolResult{Content: []mcpgo.Content{mcpgo.NewImageContent("AA==", "image/png")}}), false},
		{"meta", resp(int64(14), &mcpgo.CallToolResult{Result: mcpgo.Result{Meta: &mcpgo.Meta{}}, Content: text("a")}), false},
		{"number id as mcp-go decodes it", resp(float64(42), evalResult("=> 3", []string{"3"}, "")), true},
		{"fractional id", resp(-1.5, evalResult("=> 3", []string{"3"}, "")), true},
		{"negative number id", resp(float64(-7), evalResult("=> 3", []string{"3"}, "")), true},
		{"zero id", resp(float64(0), evalResult("=> 3", []string{"3"}, "")), true},
		{"minus zero id", resp(math.Copysign(0, -1), evalResult("=> 3", []string{"3"}, "")), true},
		{"largest exact id", resp(float64(1<<53-1), evalResult("=> 3", []string{"3"}, "")), true},
		{"inexact id", resp(float64(1<<60)+12345, evalResult("=> 3", []string{"3"}, "")), true},
		{"huge id", resp(1e21, evalResult("=> 3", []string{"3"}, "")), false},
		{"tiny id", resp(1e-7, evalResult("=> 3", []string{"3"}, "")), false},
		{"null id", resp(nil, evalResult("=> 3", []string{"3"}, "")), false},
		{"struct structured content", resp(int64(15), &mcpgo.CallToolResult{Content: text("a"), StructuredContent: struct{ A int }{1}}), false},
		{"another result", resp(int64(16), mcpgo.EmptyResult{}), false},
		{"an error", mcpgo.JSONRPCError{JSONRPC: mcpgo.JSONRPC_VERSION, ID: mcpgo.NewRequestId(int64(17)),
			Error: mcpgo.NewJSONRPCErrorDetails(mcpgo.INTERNAL_ERROR, "no", nil)}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			prefix := []byte("kept")
			got, ok := appendToolResponse(prefix, tc.msg)
			require.Equal(t, tc.fast, ok)
			if !ok {
				assert.Equal(t, "kept", string(got), "nothing is left behind")
				return
			}
			assert.Equal(t, "kept"+slowWire(t, tc.msg), string(got))
		})
	}
}

func ptr[T any](v T) *T { return &v }

// The answers golem's tools give through mcp-go's HandleMessage take the
// fast path, with the bytes of the slow one.
func TestToolAnswersTakeTheFastPath(t *testing.T) {
	s := NewServer(Options{})
	defer s.Close()
	ctx := context.Background()
	require.NotNil(t, s.mcp.HandleMessage(ctx, []byte(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)))
	for i, args := range []string{
		`{"code":"(+ 1 2)"}`,
		`{"code":"(progn (print \"<&>\") (warn \"w\") (values 1 \"two\"))"}`,
		`{"code":"(/ 1 0)"}`,
		`{"code":"(car"}`,
	} {
		msg := s.mcp.HandleMessage(ctx, []byte(`{"jsonrpc":"2.0","id":`+strconv.Itoa(i+1)+
			`,"method":"tools/call","params":{"name":"evaluate-lisp","arguments":`+args+`}}`))
		got, ok := appendToolResponse(nil, msg)
		require.True(t, ok, args)
		assert.Equal(t, slowWire(t, msg), string(got), args)
	}
}
