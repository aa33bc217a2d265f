package mcp_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem"
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
	assert.Equal(t, "[ERROR] SYSTEM-NOT-FOUND\nSystem \"nonexistent-system\" not found.", text(t, res))

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
	assert.Equal(t, `{"status":"ok","result":"3","prints":"","feedback":"=> 3"}`, text(t, tools))

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

// TestLoadSystemSandbox: a program that may write DIR defines systems whose
// components (or .asd files) name files outside DIR, a device, a FIFO or a
// file over the size limit. Each load-system call ends in a FILE-ERROR that
// does not show the file's content, and the session keeps working.
func TestLoadSystemSandbox(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "rw")
	const secret = "TOP-SECRET-CONTENT"
	writeFiles(t, root, map[string]string{
		"secret.txt":         secret + " (defun leaked () t)",
		"secret.asd":         `(defsystem "planted" :components ((:file "x"))) ` + secret,
		"rw/sub/inner.lisp":  "(defun inner-fn () :inner)",
		"rw/big/big.lisp":    ";" + strings.Repeat("x", 9<<20) + "\n",
		"rw/fine.asd":        `(defsystem "fine" :components ((:module "sub" :components ((:file "inner")))))`,
		"rw/nested/sys.lisp": "(defun nested-fn () :nested)",
	})
	require.NoError(t, os.Symlink(filepath.Join(root, "secret.txt"), filepath.Join(dir, "link.lisp")))
	require.NoError(t, os.Symlink("../secret.asd", filepath.Join(dir, "planted.asd")))
	require.NoError(t, syscall.Mkfifo(filepath.Join(dir, "fifo.lisp"), 0o644))
	c := inProcess(t, newServer(t, mcp.Options{AllowWrite: []string{dir},
		Limits: golem.Limits{Timeout: 20 * time.Second, MaxMemory: 8 << 20}}))

	// The program writes DIR/NAME.asd itself, as an attacker would.
	writeASD := func(name, form string) {
		t.Helper()
		code := `(with-open-file (s ` + strconv.Quote(filepath.Join(dir, name+".asd")) +
			` :direction :output :if-exists :supersede) (write-string ` + strconv.Quote(form) + ` s) t)`
		assert.Equal(t, "=> T", ok(t, c, code))
	}
	deep := strings.Repeat("../", 40)
	for _, tc := range []struct {
		name, asd string // asd "" means the .asd is already there
		want      string
	}{
		{"dotdot", `(defsystem "dotdot" :components ((:file "../secret.txt")))`, "is outside the directories"},
		{"devzero", `(defsystem "devzero" :components ((:file "../../../dev/zero/.")))`, "FILE-ERROR"},
		{"deepzero", `(defsystem "deepzero" :components ((:file "` + deep + `dev/zero/.")))`, "is outside the directories"},
		{"syspath", `(defsystem "syspath" :pathname "../" :components ((:file "secret" :pathname "secret.txt")))`, "is outside the directories"},
		{"module", `(defsystem "module" :components ((:module "m" :pathname "../" :components ((:static-file "a") (:file "secret.txt")))))`, "is outside the directories"},
		{"absolute", `(defsystem "absolute" :components ((:file "/etc/passwd")))`, "No such file or directory"},
		{"link", `(defsystem "link" :components ((:file "link")))`, "is outside the directories"},
		{"planted", "", "is outside the directories"},
		{"fifo", `(defsystem "fifo" :components ((:file "fifo")))`, "Not a regular file"},
		{"big", `(defsystem "big" :components ((:file "big/big")))`, "is larger than 8388608 bytes"},
		{"missing", `(defsystem "missing" :components ((:file "nothing-here")))`, "No such file or directory"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.asd != "" {
				writeASD(tc.name, tc.asd)
			}
			res := call(t, c, "load-system", map[string]any{"system": tc.name, "path": dir})
			out := text(t, res)
			require.True(t, res.IsError, out)
			assert.Contains(t, out, "[ERROR] FILE-ERROR", out)
			assert.Contains(t, out, tc.want)
			assert.NotContains(t, out, secret)
			assert.Equal(t, "runtime_error", structured(t, res)["reason"])
			assert.Equal(t, "FILE-ERROR", structured(t, res)["condition"])
			assert.Equal(t, "=> 3", ok(t, c, "(+ 1 2)"))
		})
	}

	// Systems that stay inside DIR load, also from a subdirectory path.
	res := call(t, c, "load-system", map[string]any{"system": "fine", "path": dir})
	require.False(t, res.IsError, text(t, res))
	assert.Equal(t, "=> :INNER", ok(t, c, "(inner-fn)"))
	writeASD("nested/nested", `(defsystem "nested" :components ((:file "sys") (:file "../sub/inner")))`)
	res = call(t, c, "load-system", map[string]any{"system": "nested", "path": filepath.Join(dir, "nested")})
	require.False(t, res.IsError, text(t, res))
	assert.Equal(t, "=> :NESTED", ok(t, c, "(nested-fn)"))
	assert.Equal(t, `=> "COMMON-LISP-USER"`, ok(t, c, "(package-name *package*)"))

	// The path argument: outside answers the same whether it exists or not.
	for _, tc := range []struct{ path, want string }{
		{root, "is outside the directories systems may be loaded from"},
		{filepath.Join(root, "no-such-dir"), "is outside the directories systems may be loaded from"},
		{filepath.Join(dir, "no-such-dir"), "must be an existing directory"},
		{filepath.Join(dir, "fine.asd"), "must be an existing directory"},
	} {
		res := call(t, c, "load-system", map[string]any{"system": "fine", "path": tc.path})
		require.True(t, res.IsError, tc.path)
		assert.Equal(t, "args_error", structured(t, res)["reason"], tc.path)
		assert.Contains(t, text(t, res), tc.want, tc.path)
	}
}
