package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func runCLI(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), code
}

func TestEvalCommand(t *testing.T) {
	out, _, code := runCLI(t, "", "eval", "(floor 17 5)")
	assert.Equal(t, 0, code)
	assert.Equal(t, "=> 3\n=> 2\n", out)

	out, _, code = runCLI(t, "", "eval", "(/ 1 0)")
	assert.Equal(t, 1, code)
	assert.True(t, strings.HasPrefix(out, "[ERROR] DIVISION-BY-ZERO\n"), out)

	out, _, code = runCLI(t, "", "eval", "--package", "keyword", "'foo")
	assert.Equal(t, 0, code)
	assert.Equal(t, "=> :FOO\n", out)
}

func TestRunCommand(t *testing.T) {
	dir := t.TempDir()
	lib := filepath.Join(dir, "lib.lisp")
	main := filepath.Join(dir, "main.lisp")
	require.NoError(t, os.WriteFile(lib, []byte(`(defun greet (x) (format nil "hello ~a" x))`), 0o644))
	require.NoError(t, os.WriteFile(main, []byte(`(load (merge-lib "lib.lisp"))
(format t "~a~%" (greet "world"))
(format t "~a~%" (not (null *load-truename*)))`), 0o644))
	// merge-lib resolves a file next to the one being loaded.
	prelude := filepath.Join(dir, "prelude.lisp")
	require.NoError(t, os.WriteFile(prelude, []byte(`(defun merge-lib (name) (concatenate 'string `+"\""+dir+"/\""+` name))`), 0o644))
	out, errOut, code := runCLI(t, "", "run", prelude, main)
	assert.Equal(t, 0, code, errOut)
	assert.Equal(t, "hello world\nT\n", out)

	out, errOut, code = runCLI(t, `(print (+ 1 2)) (error "boom")`, "run", "-")
	assert.Equal(t, 1, code)
	assert.Equal(t, "\n3 ", out)
	assert.Contains(t, errOut, "boom")
}

func TestReplCommand(t *testing.T) {
	out, _, code := runCLI(t, "(defun sq (x)\n  (* x x))\n(sq 7)\n(car 1)\n(sq 3)\n", "repl")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "CL-USER> => SQ")
	assert.Contains(t, out, "=> 49")
	assert.Contains(t, out, "[ERROR] TYPE-ERROR")
	assert.Contains(t, out, "=> 9", "the REPL survives errors")
}

func TestVersionCommand(t *testing.T) {
	out, _, code := runCLI(t, "", "version")
	assert.Equal(t, 0, code)
	assert.True(t, strings.HasPrefix(out, "golem "))
}
