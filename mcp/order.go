package mcp

import (
	"context"
	"sync"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Calls within one session run in the order they arrived. The stdio
// transport answers each call on its own goroutine (stdio.go), and those
// may reach the session lock in any order, so the reader numbers each
// tools/call request as it reads it (in the context it hands to mcp-go's
// HandleMessage, which passes it on to the tool handler), and a call waits
// for the calls numbered before it to join their sessions' queues before
// it joins its own. A number that never reaches a handler (an unknown
// tool, invalid arguments) is admitted when HandleMessage returns; one
// whose call is cancelled while it waits holds the later calls back for
// at most admitWait.

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
	var timer *time.Timer // made only when the call has to wait
	for {
		o.mu.Lock()
		next, changed := o.next, o.changed
		o.mu.Unlock()
		if next >= seq {
			return
		}
		if timer == nil {
			timer = time.NewTimer(admitWait)
			defer timer.Stop()
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

// withCallSeq returns ctx carrying a call's arrival number.
func withCallSeq(ctx context.Context, seq uint64) context.Context {
	return context.WithValue(ctx, callSeqKey{}, seq)
}

// callSeq returns the arrival number the transport put in ctx, or 0.
func callSeq(ctx context.Context) uint64 {
	seq, _ := ctx.Value(callSeqKey{}).(uint64)
	return seq
}

// orderMiddleware admits each numbered call when the handler returns, for
// handlers that never queue on a session.
func (s *Server) orderMiddleware(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		defer s.order.admit(callSeq(ctx))
		return next(ctx, req)
	}
}
