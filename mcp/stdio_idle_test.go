package mcp_test

import (
	"context"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/golem-lisp/golem/mcp"
)

// The goroutines that answered calls wait to read again (keeping their
// grown stacks), but only a few of them, and none outlives the connection.
func TestStdioIdleReadersBounded(t *testing.T) {
	t.Run("connection", func(t *testing.T) {
		c := stdioClient(t, newServer(t, mcp.Options{}))
		initialize(t, c)
		ok(t, c, "(+ 1 2)")
		// 24 calls at once, in separate sessions so that they run at once.
		var wg sync.WaitGroup
		for i := range 24 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
				defer cancel()
				_, err := callCtx(ctx, c, "evaluate-lisp", map[string]any{"code": "(sleep 0.05)", "session": "s" + string(rune('a'+i))})
				assert.NoError(t, err)
			}()
		}
		wg.Wait()
		for range 20 {
			ok(t, c, "(+ 1 2)")
		}
		assert.Eventually(t, func() bool { return connGoroutines("awaitReading") <= 4 }, 5*time.Second, 10*time.Millisecond,
			"%d goroutines wait to read again", connGoroutines("awaitReading"))
	})
	// The subtest's cleanups have ended the connection.
	assert.Eventually(t, func() bool { return connGoroutines("") == 0 }, 5*time.Second, 10*time.Millisecond,
		"%d goroutines of the connection are left", connGoroutines(""))
}

// connGoroutines counts the goroutines running the stdio transport's
// (*stdioConn) methods, or only those in the method named fn.
func connGoroutines(fn string) int {
	buf := make([]byte, 1<<20)
	n := 0
	for _, g := range strings.Split(string(buf[:runtime.Stack(buf, true)]), "\n\n") {
		if strings.Contains(g, "mcp.(*stdioConn)."+fn) {
			n++
		}
	}
	return n
}
