package mcp_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem/mcp"
)

func writeFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(root, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	}
}

func TestLoadSystem(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"greeter/greeter.asd": `;;;; greeter.asd
(defsystem "greeter"
  :version "1.0.0"
  :description "Says hello."
  :depends-on ("strutil" #:asdf)
  :serial t
  :components ((:file "package")
               (:module "src"
                :components ((:file "greet" :depends-on ("names"))
                             (:file "names")))))
(defsystem "greeter/test" :depends-on ("greeter") :components ((:file "tests")))
#+sbcl (defmethod perform ((o test-op) (c (eql (find-system "greeter")))) (uiop:symbol-call :foo :bar))
`,
		"greeter/package.lisp":   `(defpackage :greeter (:use :cl) (:export #:greet))`,
		"greeter/src/names.lisp": "(in-package :greeter)\n(defparameter *names* (list \"world\"))",
		"greeter/src/greet.lisp": "(in-package :greeter)\n(defun greet () (format nil \"hello, ~a\" (strutil:shout (first *names*))))",
		"greeter/tests.lisp":     "(in-package :greeter)\n(defun run-tests () (assert (equal (greet) \"hello, WORLD\")) :passed)",
		"strutil.asd":            `(asdf:defsystem #:strutil :version "0.2" :components ((:file "strutil")))`,
		"strutil.lisp":           `(defpackage :strutil (:use :cl) (:export #:shout)) (in-package :strutil) (defun shout (s) (string-upcase s))`,
	})
	c := inProcess(t, newServer(t, mcp.Options{SystemDirs: []string{root}}))

	res := call(t, c, "load-system", map[string]any{"system": "greeter"})
	require.False(t, res.IsError, text(t, res))
	assert.Equal(t, "Loading system: greeter\nLoading system: strutil\nLoaded: strutil (version 0.2)\nLoaded: greeter (version 1.0.0)", text(t, res))
	assert.Equal(t, `=> "hello, WORLD"`, ok(t, c, "(greeter:greet)"))
	assert.Equal(t, `=> "COMMON-LISP-USER"`, ok(t, c, "(package-name *package*)"), "in-package in a file does not leak")

	// Each system loads once per session.
	res = call(t, c, "load-system", map[string]any{"system": "greeter/test"})
	require.False(t, res.IsError, text(t, res))
	assert.Equal(t, "Loading system: greeter/test\nLoaded: greeter/test (version unspecified)", text(t, res))
	assert.Equal(t, "=> :PASSED", ok(t, c, "(greeter::run-tests)"))

	res = call(t, c, "load-system", map[string]any{"system": "nonexistent-system"})
	assert.True(t, res.IsError)
	assert.Equal(t, "[ERROR] QUICKLISP-CLIENT:SYSTEM-NOT-FOUND\nSystem \"nonexistent-system\" not found.", text(t, res))

	// Other sessions have not loaded anything.
	other := inProcess(t, newServer(t, mcp.Options{SystemDirs: []string{root}}))
	out, isErr := eval(t, other, "(find-package :greeter)")
	assert.False(t, isErr)
	assert.Equal(t, "=> NIL", out)

	// A path outside the allowed directories is refused.
	res = call(t, c, "load-system", map[string]any{"system": "x", "path": "/"})
	assert.True(t, res.IsError)
	assert.Equal(t, "args_error", structured(t, res)["reason"])
}

func TestOneshotProfile(t *testing.T) {
	c := inProcess(t, newServer(t, mcp.Options{Profile: mcp.ProfileOneshot}))
	tools := call(t, c, "lisp_eval", map[string]any{"program": "(+ 1 2)"})
	payload := func(res *mcpgo.CallToolResult) map[string]any {
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(text(t, res)), &m), text(t, res))
		return m
	}
	assert.False(t, tools.IsError)
	assert.Equal(t, `{"status":"ok","result":"3","prints":"","feedback":"=> 3","truncated":false}`, text(t, tools))

	p := payload(call(t, c, "lisp_eval", map[string]any{"program": "(defun f () (princ \"hi\") 7) (f)"}))
	assert.Equal(t, "7", p["result"])
	assert.Equal(t, "hi", p["prints"])
	// Nothing persists.
	res := call(t, c, "lisp_eval", map[string]any{"program": "(f)"})
	assert.True(t, res.IsError)
	p = payload(res)
	assert.Equal(t, "error", p["status"])
	assert.Equal(t, "runtime_error", p["reason"])
	assert.Contains(t, p["message"], "UNDEFINED-FUNCTION")

	p = payload(call(t, c, "lisp_eval", map[string]any{"program": "(+ 1"}))
	assert.Equal(t, "parse_error", p["reason"])

	p = payload(call(t, c, "lisp_eval", map[string]any{"program": "(golem:fail (list 1 2))"}))
	assert.Equal(t, "fail", p["reason"])
	assert.Equal(t, "(1 2)", p["result"])

	for _, tc := range []struct {
		args map[string]any
		msg  string
	}{
		{map[string]any{}, "lisp_eval requires a non-empty `program` string argument."},
		{map[string]any{"program": nil}, "lisp_eval requires a non-empty `program` string argument."},
		{map[string]any{"program": 42}, "lisp_eval `program` must be a string, got 42."},
		{map[string]any{"program": " "}, "lisp_eval `program` must be a non-empty string."},
	} {
		res := call(t, c, "lisp_eval", tc.args)
		assert.True(t, res.IsError)
		p := payload(res)
		assert.Equal(t, "args_error", p["reason"])
		assert.Equal(t, tc.msg, p["message"])
	}
}
