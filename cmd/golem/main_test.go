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
	for _, tc := range []struct {
		name  string
		args  []string
		stdin string
		out   string
		code  int
	}{
		{"response text", []string{"eval", "(floor 17 5)"}, "", "=> 3\n=> 2\n", 0},
		{"an error", []string{"eval", "(/ 1 0)"}, "", "[ERROR] DIVISION-BY-ZERO\n", 1},
		{"--package before the code", []string{"eval", "--package", "keyword", "'foo"}, "", "=> :FOO\n", 0},
		{"--package after the code", []string{"eval", "'foo", "--package", "keyword"}, "", "=> :FOO\n", 0},
		{"-p=", []string{"eval", "-p", "keyword", "'foo"}, "", "=> :FOO\n", 0},
		{"code from stdin", []string{"eval", "-"}, "(+ 1 2)", "=> 3\n", 0},
		{"code after --", []string{"eval", "--", "-1"}, "", "=> -1\n", 0},
		{"output is a section", []string{"eval", `(princ "hi") 4`}, "", "[stdout]\nhi\n\n=> 4\n", 0},
		{"--plain", []string{"eval", "--plain", `(princ "hi") (values 4 "x")`}, "", "hi\n4\n\"x\"\n", 0},
		{"--plain prints under the program's printer settings", []string{"eval", "--plain", "(setq *print-base* 2) 5"}, "", "101\n", 0},
		{"--plain no values", []string{"eval", "--plain", "(values)"}, "", "", 0},
		{"--plain output without values", []string{"eval", "--plain", `(princ "a") (values)`}, "", "a", 0},
		{"exit", []string{"eval", "(exit :code 9)"}, "", "", 9},
		{"exit --plain", []string{"eval", "--plain", `(princ "a") (exit :code 3)`}, "", "a", 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, tc.stdin, tc.args...)
			assert.Equal(t, tc.code, code, errOut)
			if tc.code == 1 {
				assert.True(t, strings.HasPrefix(out, tc.out), out)
			} else {
				assert.Equal(t, tc.out, out)
			}
		})
	}
	out, errOut, code := runCLI(t, "", "eval", "--plain", "(car 1)")
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "Unhandled TYPE-ERROR: The value 1 is not of type LIST.")
}

// TestBadInvocations: usage errors exit 2 with a message and the usage
// line of the command concerned, on stderr.
func TestBadInvocations(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		msg   string
		usage string
	}{
		{nil, `expected one of "eval", "run", "repl"`, "Usage: golem <command>"},
		{[]string{"frobnicate"}, "unexpected argument frobnicate", "Usage: golem <command>"},
		{[]string{"--frob"}, "unknown flag --frob", "Usage: golem <command>"},
		{[]string{"eval"}, `expected "<code>"`, "Usage: golem eval <code>"},
		{[]string{"eval", "(+ 1 2)", "extra"}, "unexpected argument extra", "Usage: golem eval <code>"},
		{[]string{"eval", "(+ 1 2)", "--pakage", "x"}, "unknown flag --pakage", "Usage: golem eval <code>"},
		{[]string{"eval", "--package"}, "--package: expected string value", "Usage: golem eval"},
		{[]string{"run"}, `expected "<script>"`, "Usage: golem run <script>"},
		{[]string{"run", "--bogus", "s.lisp"}, "unknown flag --bogus", "Usage: golem run <script>"},
		{[]string{"repl", "stray"}, "unexpected argument stray", "Usage: golem repl"},
		{[]string{"repl", "--no-such"}, "unknown flag --no-such", "Usage: golem repl"},
		{[]string{"version", "x"}, "unexpected argument x", "Usage: golem version"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			out, errOut, code := runCLI(t, "", tc.args...)
			assert.Equal(t, 2, code)
			assert.Empty(t, out)
			assert.Contains(t, errOut, "golem: error: "+tc.msg)
			assert.Contains(t, errOut, tc.usage)
			assert.Contains(t, errOut, "--help")
		})
	}
	// golem mcp keeps its own flag parser, with the same status.
	_, errOut, code := runCLI(t, "", "mcp", "--bogus")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "flag provided but not defined: -bogus")
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
	out, errOut, code := runCLI(t, "", "run", "--load", prelude, main)
	assert.Equal(t, 0, code, errOut)
	assert.Equal(t, "hello world\nT\n", out)

	out, errOut, code = runCLI(t, `(print (+ 1 2)) (error "boom")`, "run", "-")
	assert.Equal(t, 1, code)
	assert.Equal(t, "\n3 ", out)
	assert.Contains(t, errOut, "boom")

	_, errOut, code = runCLI(t, "", "run", filepath.Join(dir, "missing.lisp"))
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "missing.lisp: no such file or directory")
}

// TestScript: a #! script gets the arguments after its name (and after a
// --) and sets the exit status; --eval and --load run first, in order.
func TestScript(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "s.lisp")
	require.NoError(t, os.WriteFile(script, []byte(`#!/usr/bin/env -S golem run
(format t "~s~%" golem:*command-line-arguments*)
(format t "~a~%" (if (boundp 'cl-user::*pre*) cl-user::*pre* :unset))
(exit :code (length golem:*command-line-arguments*))
(print :not-reached)
`), 0o755))
	pre := filepath.Join(dir, "pre.lisp")
	require.NoError(t, os.WriteFile(pre, []byte(`(setq cl-user::*pre* (list cl-user::*pre* :loaded))`), 0o644))
	for _, tc := range []struct {
		name string
		args []string
		out  string
		code int
	}{
		{"no arguments", []string{"run", script}, "NIL\nUNSET\n", 0},
		{"arguments", []string{"run", script, "a", "b c"}, "(\"a\" \"b c\")\nUNSET\n", 2},
		{"flags after the script are its own", []string{"run", script, "--help", "-l", "x"}, "(\"--help\" \"-l\" \"x\")\nUNSET\n", 3},
		{"a -- after the script is dropped", []string{"run", script, "--", "--x"}, "(\"--x\")\nUNSET\n", 1},
		{"-- before the script", []string{"run", "--", script, "a"}, "(\"a\")\nUNSET\n", 1},
		{"--eval and --load in order", []string{"run", "--eval", "(defvar *pre* 1)", "--load", pre, "-e", "(push 0 *pre*)", script},
			"NIL\n(0 1 LOADED)\n", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", tc.args...)
			assert.Equal(t, tc.code, code, errOut)
			assert.Equal(t, tc.out, out)
		})
	}

	out, _, code := runCLI(t, "#!/bin/sh\n(princ (+ 1 2)) (exit :code 4)", "run", "-", "x")
	assert.Equal(t, 4, code)
	assert.Equal(t, "3", out)
}

// TestScriptError: an unhandled error in a script prints its report and
// backtrace to stderr and exits 1; output written before stays.
func TestScriptError(t *testing.T) {
	script := filepath.Join(t.TempDir(), "bad.lisp")
	require.NoError(t, os.WriteFile(script, []byte("(princ \"before\")\n(defun f (x) (car x))\n\n(f 1)\n(princ \"after\")\n"), 0o644))
	out, errOut, code := runCLI(t, "", "run", script)
	assert.Equal(t, 1, code)
	assert.Equal(t, "before", out)
	assert.Contains(t, errOut, "Unhandled TYPE-ERROR: The value 1 is not of type LIST.")
	assert.Contains(t, errOut, "(F 1)")
	assert.Contains(t, errOut, "(in the top-level form at file: "+script+", line: 4, column: 0)")

	require.NoError(t, os.WriteFile(script, []byte("(princ 1)\n  (list (car 2)\n"), 0o644))
	_, errOut, code = runCLI(t, "", "run", script)
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "Unhandled END-OF-FILE")
	assert.Contains(t, errOut, "file: "+script+", line: 2, column: 2", "a reader error says where")
}

// TestReplCommand drives the REPL through a pipe: every form on a line is
// evaluated and printed, an unhandled error enters the debugger (or, with
// --disable-debugger, is reported), and the REPL goes on.
func TestReplCommand(t *testing.T) {
	out, _, code := runCLI(t, "(defun sq (x)\n  (* x x))\n(sq 7) (sq 8)\n(car 1)\nabort\n(sq 3)\n", "repl", "--no-userinit")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "CL-USER> SQ\n")
	assert.Contains(t, out, "CL-USER> 49\n64\n")
	assert.Contains(t, out, "debugger invoked on a TYPE-ERROR:\n  The value 1 is not of type LIST.")
	assert.Contains(t, out, "  0: [ABORT] Return to top level.")
	assert.Contains(t, out, "1] CL-USER> 9\n", "the REPL survives errors")

	out, _, code = runCLI(t, "(car 1)\n(+ 1 2)\n", "repl", "--no-userinit", "--disable-debugger")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "; Evaluation aborted on TYPE-ERROR: The value 1 is not of type LIST.")
	assert.Contains(t, out, "CL-USER> 3\n")

	out, _, code = runCLI(t, "(read-line)\nhello there\n(string-upcase *)\n(exit :code 7)\n(print :no)\n", "repl", "--no-userinit")
	assert.Equal(t, 7, code)
	assert.Contains(t, out, "\"hello there\"\nNIL\n")
	assert.Contains(t, out, "\"HELLO THERE\"")
	assert.NotContains(t, out, ":NO")
}

// TestReplStartup: the init file, then --eval and --load in order.
func TestReplStartup(t *testing.T) {
	dir := t.TempDir()
	rc := filepath.Join(dir, "rc.lisp")
	require.NoError(t, os.WriteFile(rc, []byte(`(defvar *trail* (list :rc))`), 0o644))
	lib := filepath.Join(dir, "lib.lisp")
	require.NoError(t, os.WriteFile(lib, []byte(`(push :load *trail*)`), 0o644))
	out, errOut, code := runCLI(t, "(reverse *trail*)\n", "repl", "--userinit", rc, "--eval", "(push :eval *trail*)", "--load", lib)
	assert.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "(:RC :EVAL :LOAD)")

	t.Setenv("HOME", dir)
	require.NoError(t, os.WriteFile(filepath.Join(dir, ".golemrc"), []byte(`(defvar *from-home* :yes)`), 0o644))
	out, _, _ = runCLI(t, "(boundp '*from-home*)\n", "repl")
	assert.Contains(t, out, "CL-USER> T\n", "~/.golemrc is loaded")
	out, _, _ = runCLI(t, "(boundp '*from-home*)\n", "repl", "--no-userinit")
	assert.Contains(t, out, "CL-USER> NIL\n")

	_, _, code = runCLI(t, "", "repl", "--no-userinit", "--eval", "(exit :code 5)")
	assert.Equal(t, 5, code)
}

func TestVersionCommand(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}, {"-v"}} {
		out, _, code := runCLI(t, "", args...)
		assert.Equal(t, 0, code)
		assert.True(t, strings.HasPrefix(out, "golem "), out)
	}
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

			out, _, exit = runCLI(t, code+"\n(+ 1 2)\n", "repl", "--no-userinit", "--disable-debugger")
			assert.Equal(t, 0, exit)
			assert.Contains(t, out, "; Evaluation aborted on SIMPLE-ERROR: x")
			assert.Contains(t, out, "CL-USER> 3", "the REPL goes on")

			out, _, exit = runCLI(t, code+"\nbacktrace\ntoplevel\n(+ 1 2)\n", "repl", "--no-userinit")
			assert.Equal(t, 0, exit)
			assert.Contains(t, out, "debugger invoked on a SIMPLE-ERROR:\n  x")
			assert.Contains(t, out, "CL-USER> 3", "the REPL goes on")
		})
	}
	out, _, exit := runCLI(t, "", "eval", `(let ((*print-length* -1)) (prin1-to-string '(1 2)))`)
	assert.Equal(t, 1, exit)
	assert.True(t, strings.HasPrefix(out, "[ERROR] TYPE-ERROR\n"), out)
}

// TestWarningsPrinted: warnings reach the user of run, eval --plain and the
// REPL as they are signalled (SBCL's wording for WARN's), not only in the
// response text of golem eval.
func TestWarningsPrinted(t *testing.T) {
	const code = `(princ 1) (warn "careful ~a" 2) (princ 3) (defun f () (missing-fn))`
	out, errOut, status := runCLI(t, code, "run", "-")
	assert.Equal(t, 0, status)
	assert.Equal(t, "13", out)
	assert.Contains(t, errOut, "WARNING: careful 2\n")
	assert.Contains(t, errOut, "STYLE-WARNING: undefined function: COMMON-LISP-USER::MISSING-FN")

	out, errOut, status = runCLI(t, "", "eval", "--plain", code)
	assert.Equal(t, 0, status)
	assert.Equal(t, "13\nF\n", out)
	assert.Contains(t, errOut, "WARNING: careful 2\n")

	out, _, status = runCLI(t, "", "eval", code)
	assert.Equal(t, 0, status)
	assert.Contains(t, out, "[warnings]\nSIMPLE-WARNING: careful 2\n")

	out, _, status = runCLI(t, code+"\n", "repl", "--no-userinit")
	assert.Equal(t, 0, status)
	assert.Contains(t, out, "CL-USER> 1\n1\nWARNING: careful 2\nNIL\n3\n3\n")
}
