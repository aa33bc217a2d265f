//go:build unix

package mcp_test

import (
	"os"
	"path/filepath"
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
