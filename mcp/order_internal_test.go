package mcp

import (
	"context"
	"io"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

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

// TestStdioAdmitsUnhandledCalls checks that a numbered tools/call that
// never reaches a tool handler (an unknown tool) is admitted when its
// message has been handled, so the next call does not wait admitWait.
func TestStdioAdmitsUnhandledCalls(t *testing.T) {
	srv := NewServer(Options{})
	c := &stdioConn{srv: srv, out: io.Discard}
	line := []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"no-such-tool","arguments":{}}}`)
	c.handle(withCallSeq(context.Background(), 1), line)
	srv.order.mu.Lock()
	next := srv.order.next
	srv.order.mu.Unlock()
	assert.Equal(t, uint64(2), next)
}
