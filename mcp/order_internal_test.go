package mcp

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNumberToolCall(t *testing.T) {
	cases := []struct {
		name, line string
		numbered   bool
		meta       map[string]any
	}{
		{"tool call", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"evaluate-lisp","arguments":{"code":"1"}}}`,
			true, map[string]any{seqMetaKey: 7.0}},
		{"keeps the caller's meta", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","_meta":{"progressToken":3}}}`,
			true, map[string]any{seqMetaKey: 7.0, "progressToken": 3.0}},
		{"replaces a caller's number", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","_meta":{"golem/seq":99}}}`,
			true, map[string]any{seqMetaKey: 7.0}},
		{"no params", `{"jsonrpc":"2.0","id":1,"method":"tools/call","name":"x"}`,
			true, map[string]any{seqMetaKey: 7.0}},
		{"null params", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":null,"name":"x"}`,
			true, map[string]any{seqMetaKey: 7.0}},
		{"empty params and meta, spaced", ` { "jsonrpc" : "2.0" , "id" : 1 , "method" : "tools/call" , "params" : { "name" : "x" , "_meta" : { } } } `,
			true, map[string]any{seqMetaKey: 7.0}},
		{"empty params", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{},"name":"x"}`,
			true, map[string]any{seqMetaKey: 7.0}},
		{"escaped key", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","\u005fmeta":{"progressToken":3}}}`,
			true, map[string]any{seqMetaKey: 7.0, "progressToken": 3.0}},
		{"strings holding braces and quotes", `{"jsonrpc":"2.0","id":"a}\"{","method":"tools/call","params":{"name":"x","arguments":{"code":"(princ \"}{]\")"},"_meta":{"progressToken":"}"}}}`,
			true, map[string]any{seqMetaKey: 7.0, "progressToken": "}"}},
		{"other method", `{"jsonrpc":"2.0","id":1,"method":"ping"}`, false, nil},
		{"notification", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, false, nil},
		{"not JSON", `{"jsonrpc":`, false, nil},
		{"params not an object", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":[1]}`, false, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, ok := numberToolCall([]byte(c.line), 7)
			assert.Equal(t, c.numbered, ok)
			if !c.numbered {
				assert.Equal(t, c.line, string(out))
				return
			}
			var msg struct {
				ID     any `json:"id"`
				Params struct {
					Name string         `json:"name"`
					Meta map[string]any `json:"_meta"`
				} `json:"params"`
			}
			require.NoError(t, json.Unmarshal(out, &msg))
			assert.NotNil(t, msg.ID)
			if strings.Contains(c.line, `"name":`) && strings.Contains(c.line, `"params":{"`) {
				assert.NotEmpty(t, msg.Params.Name)
			}
			assert.Equal(t, c.meta, msg.Params.Meta)
		})
	}
}

func TestArrivalOrder(t *testing.T) {
	o := newArrivalOrder()
	ctx := context.Background()
	// Call 1 needs no wait; call 3 waits for call 2.
	o.wait(ctx, 1)
	o.admit(1)
	done := make(chan struct{})
	go func() { o.wait(ctx, 3); close(done) }()
	select {
	case <-done:
		t.Fatal("call 3 did not wait for call 2")
	case <-time.After(admitWait / 4):
	}
	o.admit(2)
	select {
	case <-done:
	case <-time.After(time.Second):
		t.Fatal("call 3 still waits after call 2 was admitted")
	}
	o.admit(3)

	// A number that never comes holds the next call back for admitWait only,
	// and the calls after that do not wait for it again.
	start := time.Now()
	o.wait(ctx, 5)
	assert.GreaterOrEqual(t, time.Since(start), admitWait)
	o.admit(5)
	start = time.Now()
	o.wait(ctx, 6)
	assert.Less(t, time.Since(start), admitWait)

	// Unnumbered calls never wait; admitting twice is harmless.
	o.wait(ctx, 0)
	o.admit(0)
	o.admit(6)
	o.admit(6)
	assert.Equal(t, uint64(7), o.next)
}

func TestFIFOLock(t *testing.T) {
	var l fifoLock
	first := l.join()
	<-first
	assert.True(t, l.locked())
	second, third := l.join(), l.join()
	l.leave(second) // withdrawn before being granted
	l.unlock()
	select {
	case <-third:
	case <-time.After(time.Second):
		t.Fatal("the lock did not pass to the next waiter")
	}
	l.unlock()
	assert.False(t, l.locked())
	// Leaving after the grant releases the lock.
	g := l.join()
	l.leave(g)
	assert.False(t, l.locked())
}
