package golem

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// suspend evaluates code with debugging and requires a suspension.
func suspend(t *testing.T, in *Interpreter, code string) *Suspension {
	t.Helper()
	res, err := in.EvalDebug(context.Background(), code, "")
	var s *Suspension
	require.Truef(t, errors.As(err, &s), "expected a suspension, got %v, %v", res, err)
	return s
}

// printed returns a function that requires a successful result and
// returns its printed values.
func printed(t *testing.T) func(res *Result, err error) string {
	return func(res *Result, err error) string {
		t.Helper()
		require.NoError(t, err)
		require.NotNil(t, res)
		return strings.Join(res.PrintedValues(), " ")
	}
}

func frameIndex(t *testing.T, s *Suspension, prefix string) int {
	t.Helper()
	for i, f := range s.Err.Backtrace {
		if strings.HasPrefix(f, prefix) {
			return i
		}
	}
	t.Fatalf("no frame %s in %v", prefix, s.Err.Backtrace)
	return -1
}

// TestDebuggerFixesAndResumes is the agent's use: an error suspends the
// evaluation, the agent repairs the cause with ordinary evaluations, and a
// restart finishes the original call without running it again.
func TestDebuggerFixesAndResumes(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name    string
		setup   string
		code    string
		errType string
		fix     string // evaluated while suspended (nested, no debugging)
		restart string
		values  []string
		want    string
	}{
		{"undefined function, RETRY", "(defun total (xs) (reduce #'+ (mapcar #'price xs)))",
			"(total '(1 2 3))", "UNDEFINED-FUNCTION", "(defun price (x) (* x 10))", "RETRY", nil, "60"},
		{"undefined function, USE-VALUE", "(defun total2 (xs) (reduce #'+ (mapcar #'cost xs)))",
			"(total2 '(1 2 3))", "UNDEFINED-FUNCTION", "", "USE-VALUE", []string{"#'1+"}, "9"},
		{"undefined SETF function, RETRY", "(defun slot-of (x) (car x))",
			"(let ((c (list 1))) (setf (slot-of c) 42) c)", "UNDEFINED-FUNCTION",
			"(defun (setf slot-of) (v x) (setf (car x) v))", "RETRY", nil, "(42)"},
		{"unbound variable, RETRY", "(defun rate (x) (* x *rate*))",
			"(rate 4)", "UNBOUND-VARIABLE", "(defvar *rate* 3)", "RETRY", nil, "12"},
		{"unbound variable, USE-VALUE", "(defun scaled (x) (* x *scale*))",
			"(scaled 4)", "UNBOUND-VARIABLE", "", "USE-VALUE", []string{"(+ 1 2)"}, "12"},
		{"unbound variable, STORE-VALUE", "(defun scaled2 (x) (* x *factor*))",
			"(list (scaled2 4) *factor*)", "UNBOUND-VARIABLE", "", "STORE-VALUE", []string{"5"}, "(20 5)"},
		{"wrong value, STORE-VALUE of CHECK-TYPE", "(defun area (r) (check-type r number) (* r r))",
			"(area \"3\")", "SIMPLE-TYPE-ERROR", "", "STORE-VALUE", []string{"3"}, "9"},
		{"user restart", "(defun parse (s) (restart-case (error \"bad ~a\" s) (use-default (v) v)))",
			"(+ 1 (parse \"x\"))", "SIMPLE-ERROR", "", "USE-DEFAULT", []string{"41"}, "42"},
		{"CERROR's CONTINUE", "(defun checked (x) (when (minusp x) (cerror \"Use its absolute value.\" \"~a is negative\" x) (setq x (- x))) x)",
			"(checked -7)", "SIMPLE-ERROR", "", "CONTINUE", nil, "7"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in := New(Options{})
			defer in.Close()
			_, err := in.Eval(ctx, tc.setup)
			require.NoError(t, err)
			s := suspend(t, in, tc.code)
			assert.Equal(t, tc.errType, s.Err.Type)
			assert.Equal(t, 1, s.Level)
			assert.Same(t, s, in.Suspended())
			assert.Contains(t, s.RestartNames, tc.restart)
			assert.Contains(t, s.RestartNames, "ABORT")
			if tc.fix != "" {
				_, err := in.Eval(ctx, tc.fix)
				require.NoError(t, err)
				assert.Same(t, s, in.Suspended(), "a nested evaluation leaves the suspension")
			}
			got := printed(t)(s.InvokeNamed(ctx, tc.restart, tc.values))
			assert.Equal(t, tc.want, got)
			assert.Nil(t, in.Suspended())
			assert.Nil(t, in.LastError())
			_, err = s.InvokeNamed(ctx, tc.restart, tc.values)
			assert.ErrorIs(t, err, ErrNotSuspended)
		})
	}
}

func TestDebuggerFrames(t *testing.T) {
	ctx := context.Background()
	in := New(Options{})
	defer in.Close()
	_, err := in.Eval(ctx, `(defun g (x) (let ((y (* x 2))) (cerror "Go on." "y is ~a" y) (+ x y)))
		(defun h (a) (let ((f (lambda () (g a)))) (funcall f)))`)
	require.NoError(t, err)
	s := suspend(t, in, "(h 5)")
	i := frameIndex(t, s, "(G 5)")
	locals, err := s.FrameLocals(ctx, i)
	require.NoError(t, err)
	assert.Equal(t, []Local{{"X", "5"}, {"Y", "10"}}, locals)
	// A closure's frame shows the variable it captured.
	j := frameIndex(t, s, "((LAMBDA NIL))")
	locals, err = s.FrameLocals(ctx, j)
	require.NoError(t, err)
	assert.Equal(t, []Local{{"A", "5"}}, locals)

	assert.Equal(t, "15", printed(t)(s.EvalInFrame(ctx, i, "(+ x y)")))
	assert.Equal(t, "100", printed(t)(s.EvalInFrame(ctx, i, "(setq y 100)")))
	locals, err = s.FrameLocals(ctx, i)
	require.NoError(t, err)
	assert.Equal(t, []Local{{"X", "5"}, {"Y", "100"}}, locals)
	// The resumed call sees the new value.
	assert.Equal(t, "105", printed(t)(s.InvokeNamed(ctx, "CONTINUE", nil)))

	_, err = s.FrameLocals(ctx, 0)
	assert.ErrorIs(t, err, ErrNotSuspended)
	// A reference to a frame variable kept past its call is refused, not followed.
	s = suspend(t, in, "(h 2)")
	_, err = s.EvalInFrame(ctx, frameIndex(t, s, "(G 2)"), "(defparameter *kept* (lambda () y))")
	require.NoError(t, err)
	assert.Equal(t, "6", printed(t)(s.InvokeNamed(ctx, "CONTINUE", nil)))
	_, err = in.Eval(ctx, "(funcall *kept*)")
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, "CONTROL-ERROR", e.Type)
	_, err = suspend(t, in, "(h 1)").FrameLocals(ctx, 99)
	assert.ErrorContains(t, err, "no frame 99")
}

func TestDebuggerNestedLevels(t *testing.T) {
	ctx := context.Background()
	in := New(Options{})
	defer in.Close()
	s1 := suspend(t, in, "(list 1 (car 'x))")
	assert.Equal(t, "TYPE-ERROR", s1.Err.Type)

	// An error at the nested level without debugging leaves level 1.
	_, err := in.Eval(ctx, "(/ 1 0)")
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, "DIVISION-BY-ZERO", e.Type)
	assert.Same(t, s1, in.Suspended())

	// With debugging, it suspends one level deeper.
	_, err = s1.Eval(ctx, "(symbol-value 'no-such-variable)")
	var s2 *Suspension
	require.ErrorAs(t, err, &s2)
	assert.Equal(t, 2, s2.Level)
	assert.Same(t, s2, in.Suspended())
	assert.Contains(t, s2.Err.Restarts, "ABORT - Return to debugger level 1.")

	// Its ABORT returns to level 1.
	i := indexOf(s2.Err.Restarts, "ABORT - Return to debugger level 1.")
	_, err = s2.Invoke(ctx, i, nil)
	var back *Suspension
	require.ErrorAs(t, err, &back)
	assert.Same(t, s1, back)
	assert.Same(t, s1, in.Suspended())

	// Code at level 1 may invoke the suspended evaluation's restarts.
	_, err = s1.Eval(ctx, "(invoke-restart 'no-such-restart)")
	require.ErrorAs(t, err, &s2)
	assert.Equal(t, "CONTROL-ERROR", s2.Err.Type)
	_, err = s2.Abort(ctx)
	require.ErrorAs(t, err, &e)
	assert.Contains(t, e.Report, "aborted")
	assert.Nil(t, in.Suspended())

	// The depth is bounded: past MaxDebugLevels an error is a plain *Error.
	s := suspend(t, in, "(car 1)")
	for level := 2; level <= MaxDebugLevels; level++ {
		_, err = s.Eval(ctx, "(car 1)")
		require.ErrorAs(t, err, &s)
		assert.Equal(t, level, s.Level)
	}
	_, err = s.Eval(ctx, "(car 1)")
	require.ErrorAs(t, err, &e)
	assert.NotErrorAs(t, err, new(*Suspension))
	in.Close()
	assert.Nil(t, in.Suspended())
	assert.Equal(t, "3", printed(t)(in.Eval(ctx, "(+ 1 2)")))
}

func indexOf(xs []string, x string) int {
	for i, s := range xs {
		if s == x {
			return i
		}
	}
	return -1
}

func TestDebuggerDynamicContext(t *testing.T) {
	ctx := context.Background()
	in := New(Options{})
	defer in.Close()
	_, err := in.Eval(ctx, "(defvar *depth* 0)")
	require.NoError(t, err)
	s := suspend(t, in, `(let ((*depth* 3)) (princ "before") (handler-bind ((warning #'muffle-warning)) (+ *depth* (error "stop"))))`)
	assert.Equal(t, "before", s.Err.Stdout)
	// Nested code sees the evaluation's special bindings and output of its own.
	res, err := in.Eval(ctx, `(progn (princ "nested") *depth*)`)
	assert.Equal(t, "3", printed(t)(res, err))
	assert.Equal(t, "nested", res.Stdout)
	// ABORT from nested code returns to the level.
	_, err = in.Eval(ctx, "(progn (setq *depth* 4) (abort))")
	var back *Suspension
	require.ErrorAs(t, err, &back)
	assert.Same(t, s, back)
	assert.Equal(t, "4", printed(t)(in.Eval(ctx, "*depth*")))
	// A restart of the suspended evaluation taken from nested code resumes it.
	res, err = in.Eval(ctx, "(invoke-restart (car (last (compute-restarts))))")
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.NotErrorAs(t, err, new(*Suspension))
	assert.Contains(t, e.Report, "aborted")
	assert.Nil(t, res)
	assert.Nil(t, in.Suspended())
	assert.Equal(t, "0", printed(t)(in.Eval(ctx, "*depth*")))
}

func TestDebuggerBounds(t *testing.T) {
	ctx := context.Background()
	t.Run("debug timeout stops a suspended evaluation", func(t *testing.T) {
		in := New(Options{DebugTimeout: 50 * time.Millisecond})
		s := suspend(t, in, "(unwind-protect (car 1) (setq *cleaned* t))")
		require.Eventually(t, func() bool { return in.Suspended() == nil }, 10*time.Second, 10*time.Millisecond)
		_, err := s.Invoke(ctx, 0, nil)
		assert.ErrorIs(t, err, ErrNotSuspended)
		// The evaluation's own end (after its cleanups) records why it stopped.
		require.Eventually(t, func() bool {
			e := in.LastError()
			return e != nil && strings.Contains(e.Report, "debug timeout")
		}, 10*time.Second, 10*time.Millisecond)
		assert.Equal(t, "T", printed(t)(in.Eval(ctx, "*cleaned*")), "cleanups ran")
	})
	t.Run("waiting does not count against the time limit", func(t *testing.T) {
		in := New(Options{Limits: Limits{Timeout: 600 * time.Millisecond}})
		defer in.Close()
		s := suspend(t, in, "(+ 1 (undefined-fn))")
		time.Sleep(800 * time.Millisecond)
		_, err := in.Eval(ctx, "(defun undefined-fn () 41)")
		require.NoError(t, err)
		assert.Equal(t, "42", printed(t)(s.InvokeNamed(ctx, "RETRY", nil)))
	})
	t.Run("a limit firing at a nested level stops everything", func(t *testing.T) {
		in := New(Options{Limits: Limits{Timeout: 200 * time.Millisecond}})
		defer in.Close()
		suspend(t, in, "(unwind-protect (car 1) (setq *cleaned* t))")
		_, err := in.Eval(ctx, "(handler-case (loop) (error () :caught))")
		var e *Error
		require.ErrorAs(t, err, &e)
		assert.Equal(t, "GOLEM:INTERRUPTED", e.Type)
		assert.Contains(t, e.Report, "timeout")
		assert.Nil(t, in.Suspended())
		assert.Equal(t, "T", printed(t)(in.Eval(ctx, "*cleaned*")))
	})
	t.Run("limits never suspend", func(t *testing.T) {
		in := New(Options{Limits: Limits{MaxSteps: 100000, MaxMemory: 64 << 20}})
		defer in.Close()
		for _, code := range []string{"(make-array (expt 10 9))", "(defun deep (n) (1+ (deep n))) (deep 1)", "(loop)", "(car 1"} {
			_, err := in.EvalDebug(ctx, code, "")
			var e *Error
			require.ErrorAs(t, err, &e, code)
			assert.NotErrorAs(t, err, new(*Suspension), code)
			assert.Nil(t, in.Suspended())
		}
	})
	t.Run("the step limit counts the nested level", func(t *testing.T) {
		in := New(Options{Limits: Limits{MaxSteps: 100000}})
		defer in.Close()
		s := suspend(t, in, "(car 1)")
		_, err := s.Eval(ctx, "(loop)")
		var e *Error
		require.ErrorAs(t, err, &e)
		assert.Contains(t, e.Report, "step limit")
		assert.Nil(t, in.Suspended())
	})
	t.Run("Interrupt and Close stop a suspended evaluation", func(t *testing.T) {
		in := New(Options{})
		s := suspend(t, in, "(car 1)")
		in.Interrupt("reset")
		require.Eventually(t, func() bool { return in.Suspended() == nil }, 10*time.Second, 10*time.Millisecond)
		_, err := s.Eval(ctx, "1")
		assert.ErrorIs(t, err, ErrNotSuspended)
		suspend(t, in, "(car 2)")
		in.Close()
		assert.Nil(t, in.Suspended())
		assert.Equal(t, "3", printed(t)(in.EvalDebug(ctx, "(+ 1 2)", "")))
	})
	t.Run("the context of a call stops the evaluation", func(t *testing.T) {
		in := New(Options{})
		defer in.Close()
		s := suspend(t, in, "(car 1)")
		cctx, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
		defer cancel()
		_, err := s.Eval(cctx, "(loop)")
		var e *Error
		require.ErrorAs(t, err, &e)
		assert.Equal(t, "GOLEM:INTERRUPTED", e.Type)
		assert.Nil(t, in.Suspended())
	})
}

func TestDebuggerBreak(t *testing.T) {
	ctx := context.Background()
	in := New(Options{})
	defer in.Close()
	assert.False(t, in.Break(), "nothing runs")
	_, err := in.Eval(ctx, "(defvar *go* nil)")
	require.NoError(t, err)
	done := make(chan error, 1)
	go func() {
		_, err := in.EvalDebug(ctx, "(progn (loop until *go*) :finished)", "")
		done <- err
	}()
	require.Eventually(t, in.Break, 10*time.Second, time.Millisecond)
	var s *Suspension
	require.ErrorAs(t, <-done, &s)
	assert.Contains(t, s.RestartNames, "CONTINUE")
	assert.Contains(t, s.Err.Report, "break")
	_, err = in.Eval(ctx, "(setq *go* t)")
	require.NoError(t, err)
	assert.Equal(t, ":FINISHED", printed(t)(s.InvokeNamed(ctx, "CONTINUE", nil)))
}
