package mcp

import (
	"context"
	"encoding/json"
	"sync"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Calls within one session run in the order they arrived. The stdio
// transport answers each call on its own goroutine (stdio.go), and those
// may reach the session lock in any order, so the reader numbers each
// tools/call request as it reads it (seqMetaKey in the request's _meta),
// and a call waits for the calls numbered before it to join their
// sessions' queues before it joins its own. A number that never reaches a
// handler (an unknown tool, a request cancelled while queued) holds the
// later calls back for at most admitWait.

// seqMetaKey is the _meta field that carries a call's arrival number.
const seqMetaKey = "golem/seq"

// admitWait bounds how long a call waits for an earlier number.
const admitWait = 100 * time.Millisecond

// arrivalOrder admits numbered calls to their sessions' queues in order.
type arrivalOrder struct {
	mu       sync.Mutex
	next     uint64 // the lowest number not yet admitted
	admitted map[uint64]bool
	changed  chan struct{} // closed and replaced whenever next moves
}

func newArrivalOrder() *arrivalOrder {
	return &arrivalOrder{next: 1, admitted: map[uint64]bool{}, changed: make(chan struct{})}
}

// wait returns when every call numbered below seq has been admitted or
// given up on after admitWait, or when ctx ends. Unnumbered calls (seq 0)
// do not wait.
func (o *arrivalOrder) wait(ctx context.Context, seq uint64) {
	if seq == 0 {
		return
	}
	timer := time.NewTimer(admitWait)
	defer timer.Stop()
	for {
		o.mu.Lock()
		next, changed := o.next, o.changed
		o.mu.Unlock()
		if next >= seq {
			return
		}
		select {
		case <-changed:
		case <-timer.C:
			o.update(func() {
				if o.next < seq {
					o.next = seq
				}
			})
			return
		case <-ctx.Done():
			return
		}
	}
}

// admit records that call seq has joined its queue (or needs none). It may
// be called more than once.
func (o *arrivalOrder) admit(seq uint64) {
	if seq == 0 {
		return
	}
	o.update(func() { o.admitted[seq] = true })
}

// update applies change, moves next past admitted numbers and wakes the
// waiters if it moved.
func (o *arrivalOrder) update(change func()) {
	o.mu.Lock()
	defer o.mu.Unlock()
	before := o.next
	change()
	for o.admitted[o.next] {
		o.next++
	}
	for n := range o.admitted {
		if n < o.next {
			delete(o.admitted, n)
		}
	}
	if o.next != before {
		close(o.changed)
		o.changed = make(chan struct{})
	}
}

type callSeqKey struct{}

// callSeq returns the arrival number the middleware put in ctx, or 0.
func callSeq(ctx context.Context) uint64 {
	seq, _ := ctx.Value(callSeqKey{}).(uint64)
	return seq
}

// orderMiddleware puts each call's arrival number in its context and admits
// it when the handler returns, for handlers that never queue on a session.
func (s *Server) orderMiddleware(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		var seq uint64
		if m := req.Params.Meta; m != nil {
			if f, ok := m.AdditionalFields[seqMetaKey].(float64); ok && f >= 1 {
				seq = uint64(f)
			}
		}
		defer s.order.admit(seq)
		return next(context.WithValue(ctx, callSeqKey{}, seq), req)
	}
}

// numberToolCall returns line with its arrival number added to the _meta
// of its params when it is a tools/call request, or line unchanged.
func numberToolCall(line []byte, seq uint64) ([]byte, bool) {
	var h rpcHeader
	if json.Unmarshal(line, &h) != nil || h.Method == nil {
		return line, false
	}
	return numberRequest(line, *h.Method, seq)
}

// numberRequest is numberToolCall for a line known to be valid JSON whose
// method is method.
func numberRequest(line []byte, method string, seq uint64) ([]byte, bool) {
	if method != string(mcpgo.MethodToolsCall) {
		return line, false
	}
	if out, ok := numberToolCallFast(line, seq); ok {
		return out, true
	}
	var msg map[string]json.RawMessage
	if json.Unmarshal(line, &msg) != nil || msg == nil {
		return line, false
	}
	var params map[string]json.RawMessage
	if raw, ok := msg["params"]; ok && json.Unmarshal(raw, &params) != nil {
		return line, false
	}
	if params == nil { // absent or null
		params = map[string]json.RawMessage{}
	}
	var meta map[string]json.RawMessage
	if raw, ok := params["_meta"]; ok && json.Unmarshal(raw, &meta) != nil {
		return line, false
	}
	if meta == nil {
		meta = map[string]json.RawMessage{}
	}
	meta[seqMetaKey], _ = json.Marshal(seq)
	params["_meta"], _ = json.Marshal(meta)
	msg["params"], _ = json.Marshal(params)
	out, err := json.Marshal(msg)
	if err != nil {
		return line, false
	}
	return out, true
}
