package mcp_test

import (
	"bufio"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem"
	"github.com/golem-lisp/golem/mcp"
)

// A client that stops reading its response does not hold the connection
// for ever: the write that blocks is cut after HTTPOptions.WriteTimeout.
func TestHTTPClientThatStopsReadingIsCut(t *testing.T) {
	for _, tc := range []struct {
		name         string
		writeTimeout time.Duration
		wantCut      bool
	}{
		{"cut after the write timeout", 300 * time.Millisecond, true},
		{"read in full without one", -1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := newServer(t, mcp.Options{Limits: golem.Limits{MaxOutput: 8 << 20}})
			base := serveHTTP(t, srv, mcp.HTTPOptions{WriteTimeout: tc.writeTimeout})
			id := rawInitialize(t, base+"/mcp", nil)

			// A tiny receive window, so that the response (over 8 MB with its
			// structured copy) cannot all sit in the kernel's buffers.
			d := net.Dialer{Timeout: 5 * time.Second, Control: func(_, _ string, c syscall.RawConn) error {
				return c.Control(func(fd uintptr) {
					_ = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096)
				})
			}}
			conn, err := d.Dial("tcp", strings.TrimPrefix(base, "http://"))
			require.NoError(t, err)
			defer conn.Close()
			body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 2, "method": "tools/call",
				"params": map[string]any{"name": "evaluate-lisp",
					"arguments": map[string]any{"code": "(make-string 4000000 :initial-element #\\a)"}}})
			_, err = io.WriteString(conn, "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"+
				"Accept: application/json, text/event-stream\r\nMcp-Session-Id: "+id+"\r\nMcp-Protocol-Version: 2025-06-18\r\n"+
				"Content-Length: "+strconv.Itoa(len(body))+"\r\n\r\n"+string(body))
			require.NoError(t, err)

			// Once the response has begun, stop reading for a while.
			r := bufio.NewReaderSize(conn, 16)
			_ = conn.SetReadDeadline(time.Now().Add(20 * time.Second))
			_, err = r.Peek(1)
			require.NoError(t, err)
			time.Sleep(time.Second)
			resp, err := http.ReadResponse(r, nil)
			require.NoError(t, err)
			n, err := io.Copy(io.Discard, resp.Body)
			if tc.wantCut {
				assert.Error(t, err, "the response must be cut short (read %d bytes)", n)
			} else {
				assert.NoError(t, err)
				assert.Greater(t, n, int64(8_000_000))
			}
		})
	}
}
