package mcp_test

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"sort"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem/mcp"
)

// lineClient is a client of the stdio transport that writes JSON-RPC lines
// itself and reads the reply lines, with no MCP client library: what it
// costs is a write and a line read, so a benchmark through it measures the
// server's own round trip.
type lineClient struct {
	w   io.Writer
	r   *bufio.Reader
	buf []byte
}

// newLineClient serves srv over in-process pipes until the benchmark or test
// ends, and initializes the session.
func newLineClient(tb testing.TB, srv *mcp.Server) *lineClient {
	tb.Helper()
	clientIn, serverOut := io.Pipe()
	serverIn, clientOut := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	go func() { _ = srv.ServeStdio(ctx, serverIn, serverOut) }()
	tb.Cleanup(func() {
		cancel()
		_ = clientOut.Close()
		_ = clientIn.Close()
	})
	c := &lineClient{w: clientOut, r: bufio.NewReader(clientIn)}
	reply := c.roundTrip(tb, []byte(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}`))
	require.Contains(tb, string(reply), `"protocolVersion":"2025-06-18"`)
	_, err := c.w.Write([]byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n"))
	require.NoError(tb, err)
	return c
}

// roundTrip writes one request line and returns the next line read.
func (c *lineClient) roundTrip(tb testing.TB, req []byte) []byte {
	c.buf = append(append(c.buf[:0], req...), '\n')
	if _, err := c.w.Write(c.buf); err != nil {
		tb.Fatal(err)
	}
	line, err := c.r.ReadBytes('\n')
	if err != nil {
		tb.Fatal(err)
	}
	return line
}

// evalRequest is the tools/call request line of evaluate-lisp (+ 1 2)
// with the given id.
func evalRequest(dst []byte, id int) []byte {
	dst = append(dst[:0], `{"jsonrpc":"2.0","id":`...)
	dst = strconv.AppendInt(dst, int64(id), 10)
	return append(dst, `,"method":"tools/call","params":{"name":"evaluate-lisp","arguments":{"code":"(+ 1 2)"}}}`...)
}

// The raw client gets golem's whole answer to evaluate-lisp (+ 1 2), with
// the request's id, as the benchmark below expects it.
func TestStdioRawRoundTrip(t *testing.T) {
	srv := newServer(t, mcp.Options{})
	c := newLineClient(t, srv)
	for id := 1; id <= 3; id++ {
		reply := c.roundTrip(t, evalRequest(nil, id))
		require.JSONEq(t, `{"jsonrpc":"2.0","id":`+strconv.Itoa(id)+`,"result":{"isError":false,
			"content":[{"type":"text","text":"=> 3"}],"structuredContent":{"values":["3"],"stdout":"","stderr":"","warnings":[]}}}`, string(reply))
	}
}

// BenchmarkStdioRawRoundTrip is BenchmarkStdioRoundTrip without mcp-go's
// client: the request line is written as bytes and the reply line read as
// bytes (checked for its value, not decoded), so the time is the server's
// round trip (reading, mcp-go's HandleMessage, the evaluation, encoding
// and writing the answer) plus two pipe hand-overs. It reports the median.
func BenchmarkStdioRawRoundTrip(b *testing.B) {
	srv := mcp.NewServer(mcp.Options{})
	defer srv.Close()
	c := newLineClient(b, srv)
	want := []byte(`"values":["3"]`)
	var req []byte
	times := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		req = evalRequest(req, i+1)
		start := time.Now()
		reply := c.roundTrip(b, req)
		times = append(times, time.Since(start))
		if !bytes.Contains(reply, want) || bytes.Contains(reply, []byte(`"isError":true`)) {
			b.Fatalf("reply %s", reply)
		}
	}
	b.StopTimer()
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	b.ReportMetric(float64(times[len(times)/2].Microseconds()), "median-µs")
}
