package mcp_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem/mcp"
)

const wordCount = `(golem:define-tool "word_count" "Count words in a text."
  '((:name "text" :type :string :description "The text"))
  :required '("text") :safety-level :safe :categories '(:text)
  :handler (lambda (args)
             (let ((text (gethash "text" args)) (n 0) (in-word nil))
               (loop for c across text
                     do (if (char= c #\Space)
                            (setf in-word nil)
                            (unless in-word (setf in-word t) (incf n))))
               (format nil "~D" n))))`

func toolNames(t *testing.T, c *client.Client) map[string]mcpgo.Tool {
	t.Helper()
	list, err := c.ListTools(context.Background(), mcpgo.ListToolsRequest{})
	require.NoError(t, err)
	out := map[string]mcpgo.Tool{}
	for _, tl := range list.Tools {
		out[tl.Name] = tl
	}
	return out
}

func TestLispDefinedTools(t *testing.T) {
	srv := newServer(t, mcp.Options{})
	c := inProcess(t, srv)
	var mu sync.Mutex
	changed := 0
	c.OnNotification(func(n mcpgo.JSONRPCNotification) {
		if n.Method == "notifications/tools/list_changed" {
			mu.Lock()
			changed++
			mu.Unlock()
		}
	})
	assert.Equal(t, "=> #<TOOL word_count>", ok(t, c, wordCount))
	require.Eventually(t, func() bool { mu.Lock(); defer mu.Unlock(); return changed > 0 }, 5*time.Second, 10*time.Millisecond)

	tools := toolNames(t, c)
	require.Contains(t, tools, "word_count")
	wc := tools["word_count"]
	assert.Equal(t, "Count words in a text.", wc.Description)
	assert.Equal(t, []string{"text"}, wc.InputSchema.Required)
	assert.True(t, *wc.Annotations.ReadOnlyHint)

	res := call(t, c, "word_count", map[string]any{"text": "the quick  brown fox"})
	assert.False(t, res.IsError, text(t, res))
	assert.Equal(t, "4", text(t, res))
	_, err := callCtx(context.Background(), c, "word_count", map[string]any{})
	assert.ErrorContains(t, err, "Invalid arguments for word_count: the required argument `text` is missing.")

	// Other connections do not see it.
	other := inProcess(t, srv)
	assert.NotContains(t, toolNames(t, other), "word_count")

	// Lists are pretty-printed, NIL is "nil", errors are isError.
	ok(t, c, `(golem:define-tool "pairs" "Pairs." '() :handler (lambda (args) (declare (ignore args)) (list 1 (list 2 3))))`)
	ok(t, c, `(golem:define-tool "nothing" "Nothing." '() :handler (lambda (args) (declare (ignore args)) nil))`)
	ok(t, c, `(golem:define-tool "broken" "Fails." '() :handler (lambda (args) (declare (ignore args)) (error "no way")))`)
	assert.Equal(t, "(1 (2 3))", text(t, call(t, c, "pairs", nil)))
	assert.Equal(t, "nil", text(t, call(t, c, "nothing", nil)))
	res = call(t, c, "broken", nil)
	assert.True(t, res.IsError)
	assert.Contains(t, text(t, res), "no way")

	// Definition errors are clear.
	for code, want := range map[string]string{
		`(golem:define-tool "WordCount" "x" '() :handler #'identity)`:                           "snake_case",
		`(golem:define-tool "needs_x" "x" '((:name "y")) :required '("x") :handler #'identity)`: "not a parameter",
		`(golem:define-tool "bad_level" "x" '() :safety-level :risky :handler #'identity)`:      ":safe, :cautious or :dangerous",
		`(golem:define-tool "no_handler" "x" '())`:                                              ":handler",
	} {
		out, isErr := eval(t, c, code)
		assert.True(t, isErr, code)
		assert.Contains(t, out, want, code)
	}

	// A reset retires the session's tools.
	call(t, c, "reset-session", nil)
	assert.NotContains(t, toolNames(t, c), "word_count")
}

func TestDangerousLispTools(t *testing.T) {
	define := `(golem:define-tool "wipe" "Dangerous." '() :safety-level :dangerous :handler (lambda (args) (declare (ignore args)) "wiped"))`
	c := inProcess(t, newServer(t, mcp.Options{}))
	ok(t, c, define)
	assert.False(t, *toolNames(t, c)["wipe"].Annotations.ReadOnlyHint)
	assert.True(t, *toolNames(t, c)["wipe"].Annotations.DestructiveHint)
	res := call(t, c, "wipe", nil)
	assert.True(t, res.IsError)
	assert.Contains(t, text(t, res), "--allow-dangerous")
	// A refusal is the session's last error, as every failing tool's is.
	assert.Contains(t, text(t, call(t, c, "describe-last-error", nil)), "Error: GOLEM:APPROVAL-REQUIRED\n  The tool wipe is marked :dangerous")

	allowed := inProcess(t, newServer(t, mcp.Options{AllowDangerous: true}))
	ok(t, allowed, define)
	assert.Equal(t, "wiped", text(t, call(t, allowed, "wipe", nil)))
}
