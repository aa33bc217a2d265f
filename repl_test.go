package golem_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem"
	"github.com/golem-lisp/golem/printer"
	rt "github.com/golem-lisp/golem/runtime"
)

// TestREPLVariables: with Options.REPLVariables, each top-level form
// updates the variables of CLHS 25.1.1 as SBCL's REPL does, across calls
// and between the forms of one call; a form that fails updates only -.
func TestREPLVariables(t *testing.T) {
	in := golem.New(golem.Options{REPLVariables: true})
	for _, tc := range []struct{ code, want string }{
		{"(+ 1 2)", "=> 3"},
		{"*", "=> 3"},
		{"(values 4 5)", "=> 4\n=> 5"},
		{"(list * ** ***)", "=> (4 3 3)"},
		{"(list / //)", "=> (((4 3 3)) (4 5))"},
		{"(list + ++)", "=> (/ //)\n    (LIST / //))"},
		{"(values) *", "=> NIL"},
		{"(+ 10 20) (* * 2)", "=> 60"},
		{"-", "=> -"},
	} {
		got := evalOK(t, in, tc.code)
		if tc.code == "(list + ++)" {
			// The previous forms print as they were read.
			assert.Equal(t, "=> ((LIST / //) (LIST * ** ***))", got, tc.code)
			continue
		}
		assert.Equal(t, tc.want, got, tc.code)
	}
	in = golem.New(golem.Options{REPLVariables: true})
	evalOK(t, in, "(+ 1 2)")
	_, err := in.Eval(context.Background(), "(car 'x)")
	require.Error(t, err)
	assert.Equal(t, "=> (3 (+ 1 2) (LIST * + -))", evalOK(t, in, "(list * + -)"),
		"an error leaves * and + alone")
}

// TestREPLVariablesOptIn: plain embedders' Eval and every LoadFile leave
// the REPL variables alone.
func TestREPLVariablesOptIn(t *testing.T) {
	plain := golem.New(golem.Options{})
	evalOK(t, plain, "(+ 1 2)")
	assert.Equal(t, "=> NIL", evalOK(t, plain, "*"))

	file := filepath.Join(t.TempDir(), "f.lisp")
	require.NoError(t, os.WriteFile(file, []byte("(+ 40 2)\n"), 0o644))
	repl := golem.New(golem.Options{REPLVariables: true, Unrestricted: true})
	evalOK(t, repl, "(+ 1 2)")
	_, err := repl.LoadFile(context.Background(), file)
	require.NoError(t, err)
	assert.Equal(t, "=> 3", evalOK(t, repl, "*"), "LOAD's forms are not the REPL's")
}

// TestWithValuesFunc: the function sees each top-level form's values as
// the form returns, before the next form's output.
func TestWithValuesFunc(t *testing.T) {
	var out bytes.Buffer
	in := golem.New(golem.Options{Stdout: &out})
	ctx := golem.WithValuesFunc(context.Background(), func(th *rt.Thread, vals []rt.Value) {
		out.WriteString("[")
		for _, v := range vals {
			out.WriteString(" " + printer.ToString(th, v, true))
		}
		out.WriteString(" ]")
	})
	res, err := in.Eval(ctx, `(princ "a") (values 1 2) (values) (princ "b")`)
	require.NoError(t, err)
	assert.Equal(t, `a[ "a" ][ 1 2 ][ ]b[ "b" ]`, out.String())
	assert.Equal(t, `=> "b"`, res.Text())
}

// TestExit: EXIT and QUIT unwind the evaluation (running its cleanups,
// past handlers) and Eval returns an *Exit with the code.
func TestExit(t *testing.T) {
	for _, tc := range []struct {
		code string
		want int
		out  string
	}{
		{"(exit)", 0, ""},
		{"(exit :code 3)", 3, ""},
		{"(quit :unix-status 4)", 4, ""},
		{"(cl-user::quit)", 0, ""},
		{"(exit :code 257)", 1, ""},
		{`(unwind-protect (exit :code 5) (princ "cleanup"))`, 5, "cleanup"},
		{`(handler-case (exit :code 6) (error () (princ "caught")))`, 6, ""},
		{`(ignore-errors (exit :code 7))`, 7, ""},
	} {
		t.Run(tc.code, func(t *testing.T) {
			in := golem.New(golem.Options{Unrestricted: true})
			_, err := in.Eval(context.Background(), tc.code+` (princ "after")`)
			var exit *golem.Exit
			require.True(t, errors.As(err, &exit), "%v", err)
			assert.Equal(t, tc.want, exit.Code)
			assert.Equal(t, tc.out, exit.Stdout)
			assert.Equal(t, "=> 2", evalOK(t, in, "(+ 1 1)"), "the interpreter goes on")
		})
	}
	in := golem.New(golem.Options{Unrestricted: true})
	_, err := in.Eval(context.Background(), `(exit :code "x")`)
	var lispErr *golem.Error
	require.True(t, errors.As(err, &lispErr), "%v", err)
	assert.Equal(t, "TYPE-ERROR", lispErr.Type)
}

// TestExitSandboxed: in a sandboxed interpreter (MCP sessions, embedders)
// EXIT and QUIT are errors that end the evaluation; the interpreter and its
// definitions stay.
func TestExitSandboxed(t *testing.T) {
	in := golem.New(golem.Options{})
	evalOK(t, in, "(defun keep () :kept)")
	for _, code := range []string{"(exit)", "(quit)", "(exit :code 2)"} {
		_, err := in.Eval(context.Background(), code)
		var lispErr *golem.Error
		require.True(t, errors.As(err, &lispErr), "%s: %v", code, err)
		assert.Equal(t, "SIMPLE-ERROR", lispErr.Type)
		assert.Contains(t, lispErr.Report, "sandboxed")
	}
	assert.Equal(t, "=> :KEPT", evalOK(t, in, "(keep)"))
	assert.Equal(t, "=> :HANDLED", evalOK(t, in, "(handler-case (exit) (error () :handled))"))
}

// TestCommandLineArguments: GOLEM:*COMMAND-LINE-ARGUMENTS* is NIL until
// the embedder sets it, then a list of strings; CL-USER sees it.
func TestCommandLineArguments(t *testing.T) {
	in := golem.New(golem.Options{})
	assert.Equal(t, "=> NIL", evalOK(t, in, "golem:*command-line-arguments*"))
	in.SetCommandLineArguments([]string{"a", "b c"})
	assert.Equal(t, `=> ("a" "b c")`, evalOK(t, in, "*command-line-arguments*"))
	assert.Equal(t, "=> T", evalOK(t, in, "(boundp 'golem:*command-line-arguments*)"))
}

// TestBreakSignalsInteractiveInterrupt: a break (Ctrl-C in the REPL) is
// signalled as GOLEM:INTERACTIVE-INTERRUPT before the debugger is entered,
// as in SBCL, so a program can stop a loop with it; unhandled, the
// evaluation suspends with a CONTINUE restart.
func TestBreakSignalsInteractiveInterrupt(t *testing.T) {
	ctx := context.Background()
	in := golem.New(golem.Options{})
	defer in.Close()
	done := make(chan error, 1)
	var res *golem.Result
	go func() {
		var err error
		res, err = in.EvalDebug(ctx, "(handler-case (loop) (golem:interactive-interrupt (c) (list :stopped (type-of c))))", "")
		done <- err
	}()
	require.Eventually(t, in.Break, 20*time.Second, time.Millisecond)
	require.NoError(t, <-done)
	assert.Equal(t, "=> (:STOPPED INTERACTIVE-INTERRUPT)", res.Text())

	go func() {
		_, err := in.EvalDebug(ctx, "(loop)", "")
		done <- err
	}()
	require.Eventually(t, in.Break, 20*time.Second, time.Millisecond)
	var s *golem.Suspension
	require.ErrorAs(t, <-done, &s)
	assert.Equal(t, "INTERACTIVE-INTERRUPT", s.Err.Type)
	assert.Contains(t, s.RestartNames, "CONTINUE")
	_, err := s.Abort(ctx)
	require.Error(t, err)
}

// TestBreakDuringSleep: a break reaches an evaluation sleeping in SLEEP at
// once, and CONTINUE goes back to sleeping.
func TestBreakDuringSleep(t *testing.T) {
	ctx := context.Background()
	in := golem.New(golem.Options{})
	defer in.Close()
	done := make(chan error, 1)
	start := time.Now()
	go func() {
		_, err := in.EvalDebug(ctx, "(sleep 60)", "")
		done <- err
	}()
	require.Eventually(t, in.Break, 20*time.Second, time.Millisecond)
	var s *golem.Suspension
	require.ErrorAs(t, <-done, &s)
	assert.Less(t, time.Since(start), 30*time.Second, "the break did not wait for the sleep to end")
	assert.Equal(t, "INTERACTIVE-INTERRUPT", s.Err.Type)
	_, err := s.Abort(ctx)
	require.Error(t, err)
}

// TestBreakHere: Go code on the evaluating goroutine (here a Go function
// called from Lisp) suspends the debug evaluation where it is; CONTINUE
// returns into it. Without a debug evaluation BreakHere does nothing.
func TestBreakHere(t *testing.T) {
	ctx := context.Background()
	in := golem.New(golem.Options{})
	defer in.Close()
	require.NoError(t, in.Define("go-break", func() bool { return in.BreakHere() }))
	assert.False(t, in.BreakHere(), "nothing runs")
	_, err := in.Eval(ctx, "(go-break)")
	require.NoError(t, err, "a plain Eval is not debugged")

	_, err = in.EvalDebug(ctx, "(list (go-break) :after)", "")
	var s *golem.Suspension
	require.ErrorAs(t, err, &s)
	assert.Equal(t, "INTERACTIVE-INTERRUPT", s.Err.Type)
	require.NotEmpty(t, s.Err.Backtrace)
	assert.Contains(t, s.Err.Backtrace[0], "GO-BREAK")
	res, err := s.InvokeNamed(ctx, "CONTINUE", nil)
	require.NoError(t, err)
	assert.Equal(t, "=> (T :AFTER)", res.Text())
}

// TestWithWarningFunc: warnings go to the function as they are signalled,
// among the output, and not into the Result; muffled ones never do.
func TestWithWarningFunc(t *testing.T) {
	var out bytes.Buffer
	in := golem.New(golem.Options{Stdout: &out})
	ctx := golem.WithWarningFunc(context.Background(), func(w string) { out.WriteString("[" + w + "]") })
	res, err := in.Eval(ctx, `(princ 1) (warn "careful ~a" 2) (princ 3)
(handler-bind ((warning #'muffle-warning)) (warn "hidden"))
(defun uses-missing () (missing-fn))`)
	require.NoError(t, err)
	assert.Equal(t, "1[SIMPLE-WARNING: careful 2]3[STYLE-WARNING: undefined function: COMMON-LISP-USER::MISSING-FN]", out.String())
	assert.Empty(t, res.Warnings)

	out.Reset()
	res, err = in.Eval(ctx, `(with-output-to-string (*error-output*) (warn "rebound"))`)
	require.NoError(t, err)
	assert.Equal(t, "=> \"WARNING: rebound\n\"", res.Text(), "a rebound *ERROR-OUTPUT* gets the warning, as in SBCL")
	assert.Empty(t, out.String())

	res, err = in.Eval(context.Background(), `(warn "collected")`)
	require.NoError(t, err)
	assert.Equal(t, []string{"SIMPLE-WARNING: collected"}, res.Warnings, "without it, warnings are collected as before")
}
