package main

import (
	"bufio"
	"context"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestShutdownWatchdog(t *testing.T) {
	cases := []struct {
		name                string
		signal, serveEnds   bool
		interrupted, exited bool
	}{
		{"serving ends without a signal", false, true, false, false},
		{"evaluations end after the signal", true, true, true, false},
		{"evaluations never end", true, false, true, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			served := make(chan struct{})
			var interrupted, exited atomic.Bool
			done := make(chan struct{})
			go func() {
				defer close(done)
				shutdownWatchdog(ctx, served, func() {
					interrupted.Store(true)
					if c.serveEnds {
						close(served)
					}
				}, func() { exited.Store(true) })
			}()
			if c.signal {
				cancel()
			} else {
				close(served)
			}
			select {
			case <-done:
			case <-time.After(shutdownGrace + 5*time.Second):
				t.Fatal("the watchdog did not return")
			}
			assert.Equal(t, c.interrupted, interrupted.Load())
			assert.Equal(t, c.exited, exited.Load())
		})
	}
}

// TestSIGTERMStopsStdioServer: a stdio server running an evaluation whose
// cleanup jumps back into its endless loop stops within 2 s of SIGTERM,
// answering the call with the interrupt.
func TestSIGTERMStopsStdioServer(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the golem binary")
	}
	bin := filepath.Join(t.TempDir(), "golem")
	build := exec.Command("go", "build", "-o", bin, ".")
	out, err := build.CombinedOutput()
	require.NoError(t, err, string(out))

	cmd := exec.Command(bin, "mcp", "--timeout", "60s")
	stdin, err := cmd.StdinPipe()
	require.NoError(t, err)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	exited := make(chan error, 1)
	lines := make(chan string, 16)
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
		exited <- cmd.Wait()
	}()
	defer func() { _ = cmd.Process.Kill() }()

	send := func(msg string) {
		_, err := io.WriteString(stdin, msg+"\n")
		require.NoError(t, err)
	}
	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	select {
	case l := <-lines:
		require.Contains(t, l, `"id":1`)
	case <-time.After(20 * time.Second):
		t.Fatal("no answer to initialize")
	}
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"evaluate-lisp","arguments":{"code":"(tagbody top (unwind-protect (loop) (go top)))"}}}`)
	time.Sleep(500 * time.Millisecond) // the evaluation is running

	start := time.Now()
	require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
	var answer strings.Builder
	timeout := time.After(2 * time.Second)
	for lines != nil {
		select {
		case l, ok := <-lines:
			if !ok {
				lines = nil
				break
			}
			answer.WriteString(l)
		case <-timeout:
			t.Fatalf("still running %v after SIGTERM", time.Since(start))
		}
	}
	select {
	case <-exited:
	case <-timeout:
		t.Fatalf("still running %v after SIGTERM", time.Since(start))
	}
	assert.Less(t, time.Since(start), 2*time.Second)
	assert.Contains(t, answer.String(), `"id":2`)
	assert.Contains(t, answer.String(), "GOLEM:INTERRUPTED")
}
