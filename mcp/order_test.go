package mcp_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/golem-lisp/golem/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestStdioCallsRunInArrivalOrder sends many calls to one session at once:
// mcp-go's stdio workers pick them up concurrently, and they must still run
// in the order they were written.
func TestStdioCallsRunInArrivalOrder(t *testing.T) {
	srv := mcp.NewServer(mcp.Options{})
	defer srv.Close()
	var in bytes.Buffer
	write := func(msg map[string]any) {
		b, err := json.Marshal(msg)
		require.NoError(t, err)
		in.Write(append(b, '\n'))
	}
	evalReq := func(id int, code string) {
		write(map[string]any{"jsonrpc": "2.0", "id": id, "method": "tools/call",
			"params": map[string]any{"name": "evaluate-lisp", "arguments": map[string]any{"code": code}}})
	}
	write(map[string]any{"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": map[string]any{
		"protocolVersion": "2025-06-18", "capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "order", "version": "1"}}})
	write(map[string]any{"jsonrpc": "2.0", "method": "notifications/initialized"})
	evalReq(1, "(defvar *log* nil)")
	const n = 40
	for i := 1; i <= n; i++ {
		evalReq(1+i, fmt.Sprintf("(push %d *log*)", i))
	}
	// A call with a caller-supplied _meta keeps it.
	write(map[string]any{"jsonrpc": "2.0", "id": n + 2, "method": "tools/call", "params": map[string]any{
		"name": "evaluate-lisp", "arguments": map[string]any{"code": "(reverse *log*)"},
		"_meta": map[string]any{"progressToken": "p1"}}})

	var out bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	start := time.Now()
	require.NoError(t, srv.ServeStdio(ctx, &in, &out))

	answers := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var m struct {
			ID     any `json:"id"`
			Result struct {
				Content []struct {
					Text string `json:"text"`
				} `json:"content"`
			} `json:"result"`
		}
		require.NoError(t, json.Unmarshal([]byte(line), &m), line)
		if len(m.Result.Content) > 0 {
			answers[fmt.Sprint(m.ID)] = m.Result.Content[0].Text
		}
	}
	want := make([]string, n)
	for i := range want {
		want[i] = fmt.Sprint(i + 1)
	}
	// The pretty printer may break long lists over lines.
	flat := func(text string) string { return strings.Join(strings.Fields(text), " ") }
	assert.Equal(t, "=> ("+strings.Join(want, " ")+")", flat(answers[fmt.Sprint(n+2)]))
	for i := 1; i <= n; i++ {
		assert.Equal(t, "=> ("+strings.Join(reversed(want[:i]), " ")+")", flat(answers[fmt.Sprint(1+i)]), "call %d", i)
	}
	// Every number reached a handler, so no call waited out the gap timeout.
	assert.Less(t, time.Since(start), 5*time.Second)
}

func reversed(s []string) []string {
	out := make([]string, len(s))
	for i, x := range s {
		out[len(s)-1-i] = x
	}
	return out
}
