package hostile

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// limits the suite's server runs under.
const (
	evalTimeout = 2 * time.Second
	maxMemory   = "256M"
	// addressSpace caps the server's virtual memory, so that a regression
	// fails the test instead of taking the machine (and CI) down.
	addressSpace = 6 << 30
	// slack is the time allowed past the time limit for an answer.
	slack = 2 * time.Second
)

// binary is the golem CLI built for the suite (without -race: the race
// detector's shadow memory does not fit under the address-space cap).
var binary string

func TestMain(m *testing.M) {
	// GOLEM_BINARY runs the suite against a golem built elsewhere.
	if b := os.Getenv("GOLEM_BINARY"); b != "" {
		binary = b
		os.Exit(m.Run())
	}
	dir, err := os.MkdirTemp("", "golem-hostile-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binary = filepath.Join(dir, "golem")
	build := exec.Command("go", "build", "-o", binary, "github.com/golem-lisp/golem/cmd/golem")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building golem:", err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// server is a running `golem mcp --http` child process.
type server struct {
	t    *testing.T
	cmd  *exec.Cmd
	url  string
	done chan struct{} // closed when the process has exited
	err  error         // its exit status, once done
	log  *bytes.Buffer
	mu   sync.Mutex
}

// startServer starts golem mcp on a free loopback port with the suite's
// limits and extra flags, under prlimit when it is installed.
func startServer(t *testing.T, extra ...string) *server {
	t.Helper()
	args := append([]string{"mcp", "--http", "127.0.0.1:0", "--timeout", evalTimeout.String(),
		"--max-memory", maxMemory}, extra...)
	var cmd *exec.Cmd
	if p, err := exec.LookPath("prlimit"); err == nil {
		cmd = exec.Command(p, append([]string{fmt.Sprintf("--as=%d", addressSpace), "--", binary}, args...)...)
	} else {
		t.Log("prlimit not found: the server runs without an address-space cap")
		cmd = exec.Command(binary, args...)
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &server{t: t, cmd: cmd, done: make(chan struct{}), log: &bytes.Buffer{}}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			if i := strings.Index(line, "serving MCP at "); i >= 0 {
				select {
				case addr <- strings.TrimSpace(line[i+len("serving MCP at "):]):
				default:
				}
			}
			s.mu.Lock()
			if s.log.Len() < 1<<20 {
				s.log.WriteString(line + "\n")
			}
			s.mu.Unlock()
		}
	}()
	go func() {
		s.err = cmd.Wait()
		close(s.done)
	}()
	select {
	case u := <-addr:
		s.url = u
	case <-s.done:
		t.Fatalf("server exited at start: %v\n%s", s.err, s.stderr())
	case <-time.After(30 * time.Second):
		t.Fatal("server did not start")
	}
	t.Cleanup(s.stop)
	return s
}

func (s *server) stderr() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.log.String()
}

// alive reports whether the process is still running.
func (s *server) alive() bool {
	select {
	case <-s.done:
		return false
	default:
		return true
	}
}

func (s *server) stop() {
	if s.alive() {
		_ = s.cmd.Process.Kill()
		<-s.done
	}
}

// client talks JSON-RPC to the server as one MCP session.
type client struct {
	s       *server
	http    *http.Client
	session string
	nextID  int
}

// newClient initializes a new MCP session.
func (s *server) newClient() (*client, error) {
	c := &client{s: s, http: &http.Client{Timeout: 60 * time.Second}}
	_, hdr, err := c.post(map[string]any{"jsonrpc": "2.0", "id": 0, "method": "initialize",
		"params": map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{},
			"clientInfo": map[string]any{"name": "hostile", "version": "1"}}})
	if err != nil {
		return nil, err
	}
	c.session = hdr.Get("Mcp-Session-Id")
	if c.session == "" {
		return nil, fmt.Errorf("no session id")
	}
	_, _, err = c.post(map[string]any{"jsonrpc": "2.0", "method": "notifications/initialized"})
	return c, err
}

// post sends one message and returns the decoded reply (nil for a
// notification), reading the last event of an SSE stream.
func (c *client) post(msg map[string]any) (map[string]any, http.Header, error) {
	return c.postCtx(context.Background(), msg)
}

// postCtx is post with a context that, cancelled, drops the connection.
func (c *client) postCtx(ctx context.Context, msg map[string]any) (map[string]any, http.Header, error) {
	body, _ := json.Marshal(msg)
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, c.s.url, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if c.session != "" {
		req.Header.Set("Mcp-Session-Id", c.session)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, nil, err
	}
	if resp.StatusCode == http.StatusAccepted {
		return nil, resp.Header, nil
	}
	if resp.StatusCode != http.StatusOK {
		return nil, resp.Header, fmt.Errorf("HTTP %d: %s", resp.StatusCode, raw)
	}
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		var last string
		for _, line := range strings.Split(string(raw), "\n") {
			if strings.HasPrefix(line, "data: ") {
				last = strings.TrimPrefix(line, "data: ")
			}
		}
		raw = []byte(last)
	}
	var out map[string]any
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, resp.Header, fmt.Errorf("bad reply %q: %v", raw, err)
	}
	return out, resp.Header, nil
}

// call calls a tool and returns its text and whether it is an error.
func (c *client) call(tool string, args map[string]any) (string, bool, error) {
	c.nextID++
	out, _, err := c.post(map[string]any{"jsonrpc": "2.0", "id": c.nextID, "method": "tools/call",
		"params": map[string]any{"name": tool, "arguments": args}})
	if err != nil {
		return "", false, err
	}
	if e, ok := out["error"].(map[string]any); ok {
		return "", false, fmt.Errorf("JSON-RPC error %v: %v", e["code"], e["message"])
	}
	res, _ := out["result"].(map[string]any)
	if res == nil {
		return "", false, fmt.Errorf("no result in %v", out)
	}
	var text strings.Builder
	content, _ := res["content"].([]any)
	for _, item := range content {
		if m, ok := item.(map[string]any); ok {
			if s, ok := m["text"].(string); ok {
				text.WriteString(s)
			}
		}
	}
	isErr, _ := res["isError"].(bool)
	return text.String(), isErr, nil
}

// eval evaluates code in the client's session.
func (c *client) eval(code string) (string, bool, error) {
	return c.call("evaluate-lisp", map[string]any{"code": code})
}

// close ends the session, freeing it on the server.
func (c *client) close() {
	req, _ := http.NewRequest(http.MethodDelete, c.s.url, nil)
	req.Header.Set("Mcp-Session-Id", c.session)
	if resp, err := c.http.Do(req); err == nil {
		resp.Body.Close()
	}
}
