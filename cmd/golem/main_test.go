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

// TestInvalidPrinterVariablesNeverCrash: an error raised under an invalid
// printer variable is reported (its report prints under standard printer
// values) by every command, which then goes on.
func TestInvalidPrinterVariablesNeverCrash(t *testing.T) {
	for _, code := range []string{
		`(let ((*print-length* -1)) (error "x"))`,
		`(let ((*print-level* -1)) (error "x"))`,
		`(let ((*print-length* "a")) (error "x"))`,
		`(let ((*print-base* 99)) (error "x ~s" 10))`,
	} {
		t.Run(code, func(t *testing.T) {
			out, errOut, exit := runCLI(t, "", "eval", code)
			assert.Equal(t, 1, exit, errOut)
			assert.True(t, strings.HasPrefix(out, "[ERROR] SIMPLE-ERROR\nx"), out)

			out, errOut, exit = runCLI(t, code+"\n(print :after)", "run", "-")
			assert.Equal(t, 1, exit)
			assert.Contains(t, errOut, "Unhandled SIMPLE-ERROR: x")
			assert.NotContains(t, out, ":AFTER", "run stops at the first unhandled error")

			out, _, exit = runCLI(t, code+"\n(+ 1 2)\n", "repl")
			assert.Equal(t, 0, exit)
			assert.Contains(t, out, "[ERROR] SIMPLE-ERROR\nx")
			assert.Contains(t, out, "=> 3", "the REPL goes on")
		})
	}
	out, _, exit := runCLI(t, "", "eval", `(let ((*print-length* -1)) (prin1-to-string '(1 2)))`)
	assert.Equal(t, 1, exit)
	assert.True(t, strings.HasPrefix(out, "[ERROR] TYPE-ERROR\n"), out)
}
