package mcp_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
	buildOut  []byte
)

// golemBinary builds cmd/golem once per test run.
func golemBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the golem binary")
	}
	buildOnce.Do(func() {
		dir, err := makeTempDir()
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "golem")
		cmd := exec.Command("go", "build", "-o", binPath, "github.com/golem-lisp/golem/cmd/golem")
		buildOut, buildErr = cmd.CombinedOutput()
	})
	require.NoError(t, buildErr, string(buildOut))
	return binPath
}

func TestStdioBinary(t *testing.T) {
	bin := golemBinary(t)
	c, err := client.NewStdioMCPClient(bin, nil, "mcp", "--timeout", "1s")
	require.NoError(t, err)
	defer c.Close()
	initialize(t, c)

	assert.Equal(t, "=> 3", ok(t, c, "(+ 1 2)"))
	assert.Equal(t, "[stdout]\nHELLO\n\n=> 42", ok(t, c, "(progn (print 'hello) 42)"))
	ok(t, c, "(defun square (x) (* x x))")
	assert.Equal(t, "=> 49", ok(t, c, "(square 7)"))

	res := call(t, c, "evaluate-lisp", map[string]any{"code": forever})
	assert.True(t, res.IsError)
	assert.Equal(t, "=> 49", ok(t, c, "(square 7)"), "the session survives a timeout")

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, err = callCtx(ctx, c, "no-such-tool", map[string]any{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "Unknown tool: no-such-tool")
}

// Only JSON-RPC messages reach stdout, whatever the Lisp code prints.
func TestStdioOnlyJSONOnStdout(t *testing.T) {
	bin := golemBinary(t)
	cmd := exec.Command(bin, "mcp")
	stdin, err := cmd.StdinPipe()
	require.NoError(t, err)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()

	msgs := []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"evaluate-lisp","arguments":{"code":"(progn (print 'noise) (format *error-output* \"more~%\") (write-line \"{not json\") 1)"}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"invalid-tool-name","arguments":{}}}`,
	}
	go func() {
		for _, m := range msgs {
			_, _ = io.WriteString(stdin, m+"\n")
		}
	}()
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	got := map[float64]map[string]any{}
	deadline := time.After(30 * time.Second)
	lines := make(chan string)
	go func() {
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	for len(got) < 3 {
		select {
		case line, open := <-lines:
			require.True(t, open, "stdout closed early")
			var m map[string]any
			require.NoError(t, json.Unmarshal([]byte(line), &m), "non-JSON on stdout: %q", line)
			assert.Equal(t, "2.0", m["jsonrpc"])
			if id, isNum := m["id"].(float64); isNum {
				got[id] = m
			}
		case <-deadline:
			t.Fatal("no answer")
		}
	}
	text := got[2]["result"].(map[string]any)["content"].([]any)[0].(map[string]any)["text"].(string)
	assert.True(t, strings.HasPrefix(text, "[stdout]\nNOISE"), text)
	assert.Contains(t, text, "{not json\n\n[stderr]\nmore\n\n=> 1")
	errObj := got[3]["error"].(map[string]any)
	assert.Equal(t, float64(-32602), errObj["code"])
	assert.Equal(t, "Unknown tool: invalid-tool-name", errObj["message"])
}

// A client that writes its requests and closes stdin gets every answer,
// including one that runs into the timeout, before golem mcp exits, and
// golem mcp exits even when some request can get no answer.
func TestStdioAnswersRequestsReadBeforeEOF(t *testing.T) {
	bin := golemBinary(t)
	evals := []struct{ code, want string }{
		{"(defun slow-square (x) (sleep 0.2) (* x x))", "=> SLOW-SQUARE"},
		{"(slow-square 3)", "=> 9"},
		{forever, ""},
		{"(slow-square 4)", "=> 16"},
		{`"last"`, `=> "last"`},
	}
	var in strings.Builder
	in.WriteString(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"eof","version":"1"}}}` + "\n")
	in.WriteString(`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n")
	for i, e := range evals {
		req, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": i + 1, "method": "tools/call",
			"params": map[string]any{"name": "evaluate-lisp", "arguments": map[string]any{"code": e.code}}})
		require.NoError(t, err)
		in.Write(req)
		in.WriteString("\n")
	}
	// Two requests that get no answer with their id (a request that is
	// also a response, which mcp-go ignores, and an id mcp-go answers as
	// null) must not keep golem mcp waiting after EOF.
	in.WriteString(`{"jsonrpc":"2.0","id":91,"method":"ping","result":1}` + "\n")
	in.WriteString(`{"jsonrpc":"2.0","id":1e400,"method":"ping"}` + "\n")
	in.WriteString(`{"jsonrpc":"2.0","id":"p","method":"ping"}` + "\n")

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "mcp", "--timeout", "1s")
	cmd.Stdin = strings.NewReader(in.String()) // EOF right after the requests
	out, err := cmd.Output()
	require.NoError(t, err, "golem mcp must exit cleanly at EOF")
	require.NoError(t, ctx.Err(), "golem mcp did not exit after EOF")

	got := map[string]map[string]any{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(line), &m), "non-JSON on stdout: %q", line)
		got[fmt.Sprint(m["id"])] = m
	}
	require.Contains(t, got, "0")
	require.Contains(t, got, "p")
	for i, e := range evals {
		m := got[fmt.Sprint(i+1)]
		require.NotNil(t, m, "no answer to request %d (%s)", i+1, e.code)
		res := m["result"].(map[string]any)
		text := res["content"].([]any)[0].(map[string]any)["text"].(string)
		if e.want == "" {
			assert.Equal(t, true, res["isError"], text)
			assert.NotContains(t, text, "cancelled before it started")
			continue
		}
		assert.Equal(t, e.want, text, "request %d (%s)", i+1, e.code)
	}
}
