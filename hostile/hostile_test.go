package hostile

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Outcomes a case may accept: the first line of an error reply names the
// condition type; ok stands for a normal value.
const (
	ok          = "OK"
	interrupted = "GOLEM:INTERRUPTED"
	storage     = "STORAGE-CONDITION"
	typeError   = "TYPE-ERROR"
	fileError   = "FILE-ERROR"
)

// hostileCase is one program and the outcomes it may end in.
type hostileCase struct {
	name string
	code string
	want []string
	// repeat evaluates code this many times in the session (default 1);
	// every call must end in a wanted outcome and the last one in an error
	// unless ok is wanted.
	repeat int
	// after runs extra checks in the same session once code has run.
	after func(t *testing.T, c *client)
}

// circular binds X to a circular list for the body.
func circular(body string) string {
	return "(let ((x (list 1 2 3))) (setf (cdr (last x)) x) " + body + ")"
}

// nested builds, at run time, a form nested 30,000 deep by wrapping f in
// (op ... f) and evaluates it.
func nested(wrap string) string {
	return "(eval (let ((f 1)) (dotimes (i 30000 f) (setq f " + wrap + "))))"
}

var cases = []hostileCase{
	// Limits a program cannot swallow (item 2).
	{name: "unwind-protect cleanup jumps back", code: "(tagbody top (unwind-protect (loop) (go top)))", want: []string{interrupted}},
	{name: "cleanup returns from a block", code: "(block b (loop (unwind-protect (loop) (return-from b :escaped))))", want: []string{interrupted}},
	{name: "cleanup throws", code: "(catch 'c (loop (unwind-protect (loop) (throw 'c :escaped))))", want: []string{interrupted}},
	{name: "handler-case around a cleanup that signals", code: `(loop (handler-case (unwind-protect (loop) (error "x")) (error () nil)))`, want: []string{interrupted}},
	{name: "handler-case on serious-condition", code: "(handler-case (loop) (serious-condition () :caught))", want: []string{interrupted}},
	{name: "handler-bind on t", code: "(catch 'x (handler-bind ((t (lambda (c) (throw 'x c)))) (loop)))", want: []string{interrupted}},
	{name: "ignore-errors in a loop", code: "(loop (ignore-errors (loop)))", want: []string{interrupted}},
	{name: "abort restart in a loop", code: `(loop (with-simple-restart (abort "again") (loop)))`, want: []string{interrupted}},
	{name: "cleanup that never ends", code: "(unwind-protect (loop) (loop))", want: []string{interrupted}},
	{name: "sleep", code: "(sleep 100)", want: []string{interrupted}},

	// Go work that must look at the limits (item 3).
	{name: "integer-length of a huge power", code: "(integer-length (expt 3 (expt 10 8)))", want: []string{storage, interrupted, "SIMPLE-ERROR"}},
	{name: "isqrt of a huge power", code: "(isqrt (expt 7 30000000))", want: []string{storage, interrupted, "SIMPLE-ERROR"}},
	{name: "ash far left", code: "(ash 1 (expt 2 40))", want: []string{storage, "SIMPLE-ERROR"}},
	{name: "format ~f with a billion digits", code: `(format nil "~,1000000000f" 1.0)`, want: []string{storage, interrupted}},
	{name: "five-million-digit literal", code: `(integer-length (read-from-string (make-string 5000000 :initial-element #\7)))`, want: []string{ok, storage, interrupted, "SIMPLE-ERROR", "READER-ERROR"}},
	{name: "parse-integer of three million digits", code: `(integer-length (parse-integer (make-string 3000000 :initial-element #\7)))`, want: []string{ok, storage, interrupted, "SIMPLE-ERROR"}},
	{name: "printing ten million digits", code: "(length (princ-to-string (expt 10 10000000)))", want: []string{ok, storage, interrupted, "SIMPLE-ERROR"}},
	{name: "remove-duplicates of many", code: "(length (remove-duplicates (loop for i below 300000 collect i)))", want: []string{ok, interrupted}},
	{name: "quadratic remove-duplicates", code: "(length (remove-duplicates (loop for i below 300000 collect i) :test #'equalp))", want: []string{ok, interrupted}},
	{name: "search in a long string", code: `(let ((s (make-string 20000000 :initial-element #\a))) (loop (search "ab" s)))`, want: []string{interrupted}},
	{name: "fill of a long vector", code: `(let ((v (make-array 10000000 :element-type '(unsigned-byte 8)))) (loop (fill v 1)))`, want: []string{interrupted}},

	// Allocations made inside Go (item 4).
	{name: "format ~~ a billion times", code: `(format nil "~1000000000~")`, want: []string{storage}},
	{name: "format ~d padded to a billion", code: `(format nil "~1000000000d" 1)`, want: []string{storage}},
	{name: "format ~f padded to a billion", code: `(format nil "~1000000000,3f" 1.0)`, want: []string{storage}},
	{name: "format ~t to a billion", code: `(format nil "~1000000000t")`, want: []string{storage}},
	{name: "format ~| a billion times", code: `(format nil "~1000000000|")`, want: []string{storage}},
	{name: "format ~< justified to a billion", code: `(format nil "~1000000000<x~>")`, want: []string{storage}},
	{name: "format ~a padded to a billion", code: `(format nil "~1000000000a" 1)`, want: []string{storage}},
	{name: "format ~% a billion times", code: `(format nil "~1000000000%")`, want: []string{storage}},
	{name: "format iteration a billion times", code: `(format nil "~v@{~a~:*~}" 1000000000 "x")`, want: []string{storage, interrupted}},
	{name: "eval of nested lists", code: nested("(list 'list f)"), want: []string{ok, storage}},
	{name: "eval of nested handler-case", code: nested("(list 'handler-case f)"), want: []string{ok, storage}},
	{name: "eval of nested handler-bind", code: nested("(list 'handler-bind '((error #'identity)) f)"), want: []string{ok, storage}},
	// 30,000 unused-variable warnings, as SBCL gives.
	{name: "eval of nested let", code: nested("(list 'let '((x 1)) f)"), want: []string{ok, storage, interrupted}},
	{name: "eval of nested progn", code: nested("(list 'progn f)"), want: []string{ok, storage}},
	{name: "reading a deep list", code: `(read-from-string (make-string 10000000 :initial-element #\())`, want: []string{storage, "END-OF-FILE", "READER-ERROR"}},
	{name: "printing a deep list", code: "(let ((x nil)) (dotimes (i 1000000) (setq x (list x))) (length (prin1-to-string x)))", want: []string{ok, storage}},
	{name: "copying a deep list", code: "(let ((x nil)) (dotimes (i 1000000) (setq x (list x))) (equal (copy-tree x) x))", want: []string{ok, storage}},
	{name: "reverse of a circular list", code: circular("(reverse x)"), want: []string{typeError, storage}},
	{name: "mapcar over a circular list", code: circular("(mapcar #'identity x)"), want: []string{typeError, storage, interrupted}},
	{name: "apply to a circular list", code: circular("(apply #'+ x)"), want: []string{typeError, storage}},
	{name: "format iteration over a circular list", code: circular(`(format nil "~{~a~}" x)`), want: []string{typeError, storage, interrupted}},
	{name: "eval of a circular form", code: circular("(eval (cons 'list x))"), want: []string{typeError, storage, "PROGRAM-ERROR"}},
	{name: "length of a circular list", code: circular("(length x)"), want: []string{typeError}},
	{name: "copy-list of a circular list", code: circular("(copy-list x)"), want: []string{typeError, storage}},
	{name: "append to a circular list", code: circular("(append x '(1))"), want: []string{typeError, storage}},
	{name: "big make-array", code: "(length (make-array 50000000 :initial-element 1))", want: []string{storage}},
	{name: "big concatenate", code: "(length (concatenate 'string (make-string 150000000) (make-string 150000000)))", want: []string{storage}},
	{name: "big make-list", code: "(length (make-list 100000000))", want: []string{storage}},
	{name: "big hash table", code: "(hash-table-count (make-hash-table :size 1000000000))", want: []string{ok, storage}},
	{name: "big adjust-array", code: "(length (adjust-array (make-array 1 :adjustable t) 100000000))", want: []string{storage}},
	{name: "endless string output", code: `(with-output-to-string (s) (loop (write-string "xxxx" s)))`, want: []string{storage}},
	{name: "endless interning", code: `(let ((n 0)) (loop (intern (format nil "S~a" (incf n)))))`, want: []string{storage, interrupted}},
	{name: "endless consing", code: "(let (l) (loop (push (make-string 1000) l)))", want: []string{storage, interrupted}},
	{name: "storage-condition caught in a loop", code: "(let (l) (loop (handler-case (push (make-array 1000000) l) (storage-condition () nil))))", want: []string{storage, interrupted}},
	{name: "endless hash table", code: "(let ((h (make-hash-table))) (dotimes (i 100000000) (setf (gethash i h) (list i i))))", want: []string{storage, interrupted}},

	// One session's memory (item 5): it gets the errors, not its neighbour.
	{name: "keeping big arrays across calls", code: "(defvar *keep* nil) (push (make-array 9000000) *keep*) (length *keep*)",
		repeat: 20, want: []string{ok, storage}},

	// Error rendering (item 6).
	{name: "negative *print-length*", code: `(let ((*print-length* -1)) (error "x"))`, want: []string{"SIMPLE-ERROR", typeError}},
	{name: "negative *print-level*", code: `(let ((*print-level* -1)) (error "x"))`, want: []string{"SIMPLE-ERROR", typeError}},
	{name: "string *print-length*", code: `(let ((*print-length* "a")) (error "x"))`, want: []string{"SIMPLE-ERROR", typeError}},
	{name: "printing with a bad *print-length*", code: `(let ((*print-length* "a")) (prin1-to-string (list 1 2)))`, want: []string{typeError}},
}

// TestHostilePrograms runs every case in a fresh session of one server while
// a neighbouring session does small work the whole time. Each case must end
// in a wanted outcome within the time limit plus slack; afterwards its
// session must still answer and keep a function defined before; the
// neighbour must never fail; and the server must stay up.
func TestHostilePrograms(t *testing.T) {
	outside := t.TempDir()
	allowed := filepath.Join(outside, "allowed")
	require.NoError(t, os.Mkdir(allowed, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(outside, "secret.txt"), []byte("TOP-SECRET-42"), 0o644))
	all := append(append([]hostileCase{}, cases...), sandboxCases(allowed)...)

	srv := startServer(t, "--allow-write", allowed)
	neighbour := startNeighbour(t, srv)
	ran := 0
	for _, tc := range all {
		if !srv.alive() {
			t.Logf("server died: %v\n%s", srv.err, tail(srv.stderr()))
			srv = startServer(t, "--allow-write", allowed)
			neighbour.stop()
			neighbour = startNeighbour(t, srv)
		}
		t.Run(tc.name, func(t *testing.T) {
			ran++
			neighbour.setCase(tc.name)
			runCase(t, srv, tc)
			assert.True(t, srv.alive(), "the server died: %v\n%s", srv.err, tail(srv.stderr()))
		})
	}
	neighbour.stop()
	for _, f := range neighbour.failures() {
		t.Error("neighbouring session:", f)
	}
	assert.Greater(t, neighbour.count.Load(), int64(ran), "the neighbour was starved")
}

func runCase(t *testing.T, srv *server, tc hostileCase) {
	c, err := srv.newClient()
	require.NoError(t, err)
	defer c.close()
	out, isErr, err := c.eval("(defun kept () :kept)")
	require.NoError(t, err)
	require.False(t, isErr, out)

	n := max(tc.repeat, 1)
	var last string
	for i := 0; i < n; i++ {
		start := time.Now()
		out, isErr, err := c.eval(tc.code)
		elapsed := time.Since(start)
		require.NoError(t, err, "call %d", i)
		got := outcome(out, isErr)
		assert.Contains(t, tc.want, got, "call %d gave:\n%s", i, clip(out))
		assert.Less(t, elapsed, evalTimeout+slack, "call %d took %v", i, elapsed)
		last = got
		if t.Failed() {
			break
		}
	}
	if n > 1 && !contains(tc.want, ok) {
		assert.NotEqual(t, ok, last)
	}
	if n > 1 && contains(tc.want, ok) && contains(tc.want, storage) {
		assert.Equal(t, storage, last, "repeating never reached the memory limit")
	}
	if tc.after != nil {
		tc.after(t, c)
	}
	out, isErr, err = c.eval("(+ 1 2)")
	require.NoError(t, err)
	assert.Equal(t, "=> 3", out, "the session does not answer after the case")
	assert.False(t, isErr)
	out, _, err = c.eval("(kept)")
	require.NoError(t, err)
	assert.Equal(t, "=> :KEPT", out, "the session lost its definitions")
}

// outcome is ok for a value, else the condition type of an error reply
// (SIMPLE-TYPE-ERROR counts as TYPE-ERROR).
func outcome(text string, isErr bool) string {
	if !isErr {
		return ok
	}
	first, _, _ := strings.Cut(text, "\n")
	typ := strings.TrimPrefix(first, "[ERROR] ")
	if typ == "SIMPLE-TYPE-ERROR" {
		return typeError
	}
	return typ
}

// sandboxCases are the load-system escapes of item 1: component names that
// leave the allowed directory must be FILE-ERRORs that show nothing of what
// lies outside.
func sandboxCases(allowed string) []hostileCase {
	escape := func(name, component string) hostileCase {
		asd := fmt.Sprintf(`(defsystem %q :components ((:file %q)))`, name, component)
		code := fmt.Sprintf(`(with-open-file (s %q :direction :output :if-exists :supersede) (write-string %q s) :written)`,
			filepath.Join(allowed, name+".asd"), asd)
		return hostileCase{name: "load-system component " + component, code: code, want: []string{ok},
			after: func(t *testing.T, c *client) {
				start := time.Now()
				out, isErr, err := c.call("load-system", map[string]any{"system": name, "path": allowed})
				require.NoError(t, err)
				assert.True(t, isErr, "load-system of %s succeeded:\n%s", component, clip(out))
				assert.NotContains(t, out, "TOP-SECRET", "the sandbox let a file outside be read")
				assert.Less(t, time.Since(start), evalTimeout+slack)
			}}
	}
	return []hostileCase{
		escape("up", "../secret.txt"),
		escape("devzero", strings.Repeat("../", 20)+"dev/zero/."),
		escape("abs", filepath.Join(filepath.Dir(allowed), "secret.txt")),
	}
}

// neighbour is a session doing small work in a loop, recording failures.
type neighbour struct {
	count   atomic.Int64
	mu      sync.Mutex
	current string
	fails   []string
	quit    chan struct{}
	done    chan struct{}
}

func startNeighbour(t *testing.T, srv *server) *neighbour {
	t.Helper()
	c, err := srv.newClient()
	require.NoError(t, err)
	out, isErr, err := c.eval("(defun small (n) (let ((s 0)) (dotimes (i n) (incf s)) s))")
	require.NoError(t, err)
	require.False(t, isErr, out)
	nb := &neighbour{quit: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(nb.done)
		for {
			select {
			case <-nb.quit:
				return
			default:
			}
			start := time.Now()
			out, _, err := c.eval("(small 100000)")
			switch {
			case err != nil:
				nb.fail(err.Error())
			case out != "=> 100000":
				nb.fail(clip(out))
			case time.Since(start) > evalTimeout:
				nb.fail(fmt.Sprintf("small work took %v", time.Since(start)))
			}
			nb.count.Add(1)
			time.Sleep(20 * time.Millisecond)
		}
	}()
	return nb
}

func (nb *neighbour) setCase(name string) {
	nb.mu.Lock()
	nb.current = name
	nb.mu.Unlock()
}

func (nb *neighbour) fail(msg string) {
	nb.mu.Lock()
	defer nb.mu.Unlock()
	if !nb.stopped() {
		nb.fails = append(nb.fails, "during "+nb.current+": "+msg)
	}
}

func (nb *neighbour) stopped() bool {
	select {
	case <-nb.quit:
		return true
	default:
		return false
	}
}

func (nb *neighbour) stop() {
	if !nb.stopped() {
		close(nb.quit)
	}
	<-nb.done
}

func (nb *neighbour) failures() []string {
	nb.mu.Lock()
	defer nb.mu.Unlock()
	return nb.fails
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// clip shortens a reply for a failure message.
func clip(s string) string {
	if len(s) > 600 {
		return s[:600] + "…"
	}
	return s
}

func tail(s string) string {
	if len(s) > 3000 {
		return "…" + s[len(s)-3000:]
	}
	return s
}
