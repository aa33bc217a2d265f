package mcp_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem/mcp"
)

// The three examples of define-tool-protocol.md, "Example Definitions",
// verbatim.
const (
	exampleDescribeSymbol = `(let ((tool (define-tool
              "describe_symbol"
              "Get detailed information about a Lisp symbol including type, value, documentation."
              '((:name "symbol" :type :string :description "Symbol name to describe")
                (:name "package" :type :string :description "Package name (optional)"))
              :required '("symbol")
              :safety-level :safe
              :categories '(:introspection)
              :handler (lambda (args)
                         (let* ((sym-name (gethash "symbol" args))
                                (pkg-name (gethash "package" args))
                                (pkg (if pkg-name (find-package pkg-name) *package*))
                                (sym (and pkg (find-symbol (string-upcase sym-name) pkg))))
                           (if sym
                               (with-output-to-string (s)
                                 (describe sym s))
                               (format nil "Symbol ~A not found" sym-name)))))))
  (register-tool *agent-q-registry* tool))`

	exampleEvalForm = `(let ((tool (define-tool
              "eval_form"
              "Evaluate a Lisp form in the running image. Returns result or error."
              '((:name "form" :type :string :description "Lisp form to evaluate")
                (:name "package" :type :string :description "Package context (optional)"))
              :required '("form")
              :safety-level :cautious  ; Modifies state, logged
              :categories '(:execution)
              :handler (lambda (args)
                         (let* ((form-string (gethash "form" args))
                                (pkg (find-package (or (gethash "package" args) *package*))))
                           (handler-case
                               (let ((*package* pkg))
                                 (format nil "~S" (eval (read-from-string form-string))))
                             (error (e)
                               (format nil "Error: ~A" e))))))))
  (register-tool *agent-q-registry* tool))`

	exampleWriteFile = `(let ((tool (define-tool
              "write_file"
              "Write content to a file. DESTRUCTIVE - requires user approval."
              '((:name "path" :type :string :description "File path to write")
                (:name "content" :type :string :description "Content to write"))
              :required '("path" "content")
              :safety-level :dangerous  ; Requires approval
              :categories '(:buffer :filesystem)
              :handler (lambda (args)
                         (let ((path (gethash "path" args))
                               (content (gethash "content" args)))
                           (with-open-file (stream path :direction :output
                                                  :if-exists :supersede)
                             (write-string content stream))
                           (format nil "Wrote ~D bytes to ~A"
                                  (length content) path))))))
  (register-tool *agent-q-registry* tool))`
)

func TestContractDefineToolExamples(t *testing.T) {
	dir, err := makeTempDir()
	require.NoError(t, err)
	c := inProcess(t, newServer(t, mcp.Options{AllowWrite: []string{dir}, AllowDangerous: true}))
	for _, ex := range []string{exampleDescribeSymbol, exampleEvalForm, exampleWriteFile} {
		out := ok(t, c, ex)
		assert.Regexp(t, `^=> #<TOOL [a-z_]+>$`, out)
	}
	tools := toolNames(t, c)
	for _, name := range []string{"describe_symbol", "eval_form", "write_file"} {
		assert.Contains(t, tools, name)
	}
	assert.True(t, *tools["describe_symbol"].Annotations.ReadOnlyHint)
	assert.True(t, *tools["write_file"].Annotations.DestructiveHint)

	// "Testing Contract": (get-tool "tool_name"), then the handler called by hand.
	assert.Equal(t, "=> T", ok(t, c, `(let ((tool (get-tool "describe_symbol")))
  (let ((args (make-hash-table :test 'equal)))
    (setf (gethash "symbol" args) "car")
    (not (null (search "function" (funcall (tool-handler tool) args))))))`))
	assert.Equal(t, `=> "describe_symbol"`, ok(t, c, `(tool-name (get-tool "describe_symbol"))`))
	assert.Equal(t, "=> NIL", ok(t, c, `(get-tool "no_such_tool")`))
	// "Integration with LLM Provider": tool-to-schema.
	assert.Equal(t, `=> (:TYPE "function" :FUNCTION
 (:NAME "describe_symbol" :DESCRIPTION
  "Get detailed information about a Lisp symbol including type, value, documentation."
  :PARAMETERS
  (:TYPE "object" :PROPERTIES
   (:SYMBOL (:TYPE "string" :DESCRIPTION "Symbol name to describe") :PACKAGE
    (:TYPE "string" :DESCRIPTION "Package name (optional)"))
   :REQUIRED ("symbol"))))`, ok(t, c, `(tool-to-schema (get-tool "describe_symbol"))`))
	assert.Equal(t, "=> (:BUFFER :FILESYSTEM)\n=> :DANGEROUS\n=> (\"path\" \"content\")",
		ok(t, c, `(let ((tool (get-tool "write_file"))) (values (tool-categories tool) (tool-safety-level tool) (tool-required tool)))`))

	// Each runs over MCP.
	res := call(t, c, "describe_symbol", map[string]any{"symbol": "car"})
	require.False(t, res.IsError, text(t, res))
	assert.Contains(t, text(t, res), "function")
	assert.Equal(t, "3", text(t, call(t, c, "eval_form", map[string]any{"form": "(+ 1 2)"})))
	path := filepath.Join(dir, "out.txt")
	assert.Equal(t, "Wrote 2 bytes to "+path, text(t, call(t, c, "write_file", map[string]any{"path": path, "content": "hi"})))

	// Registering a name again replaces the tool.
	ok(t, c, `(register-tool *agent-q-registry*
  (define-tool "eval_form" "Replaced." '() :handler (lambda (args) (declare (ignore args)) "replaced")))`)
	assert.Equal(t, "replaced", text(t, call(t, c, "eval_form", nil)))
	assert.Equal(t, "Replaced.", toolNames(t, c)["eval_form"].Description)
}

// The issue: the approval prompt for a :dangerous tool shows the arguments
// as Lisp or JSON, not Go's map[content:hi ...].
func TestDangerousToolApprovalPrompt(t *testing.T) {
	var asked string
	handler := approvalHandler(func(msg string) { asked = msg })
	c, err := client.NewInProcessClientWithOptions(newServer(t, mcp.Options{}).MCPServer(), client.WithElicitationHandler(handler))
	require.NoError(t, err)
	require.NoError(t, c.Start(context.Background()))
	t.Cleanup(func() { _ = c.Close() })
	req := initRequest()
	req.Params.Capabilities.Elicitation = &mcpgo.ElicitationCapability{}
	_, err = c.Initialize(context.Background(), req)
	require.NoError(t, err)
	ok(t, c, `(define-tool "wipe" "Dangerous." '((:name "content" :type :string) (:name "count" :type :integer))
  :safety-level :dangerous :handler (lambda (args) (declare (ignore args)) "wiped"))`)
	res := call(t, c, "wipe", map[string]any{"content": "hi", "count": 2})
	require.False(t, res.IsError, text(t, res))
	assert.Equal(t, `Allow the Lisp tool wipe (marked dangerous) to run with the arguments {"content":"hi","count":2}?`, asked)
}

type approvalHandler func(msg string)

func (h approvalHandler) Elicit(ctx context.Context, req mcpgo.ElicitationRequest) (*mcpgo.ElicitationResult, error) {
	h(req.Params.Message)
	return &mcpgo.ElicitationResult{ElicitationResponse: mcpgo.ElicitationResponse{
		Action: mcpgo.ElicitationResponseActionAccept, Content: map[string]any{"approve": true}}}, nil
}
