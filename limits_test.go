package golem_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem"
)

// escapes are programs whose cleanups or handlers try to end the unwinding
// that a limit started; each would run for ever (or return :ESCAPED) if
// they could.
var escapes = []struct{ name, code string }{
	{"go from a cleanup", `(tagbody top (unwind-protect (loop) (go top)))`},
	{"return-from a cleanup", `(block b (loop (unwind-protect (loop) (return-from b :escaped))))`},
	{"throw from a cleanup", `(catch 'c (loop (unwind-protect (loop) (throw 'c :escaped))))`},
	{"handler-case around a cleanup that signals", `(loop (handler-case (unwind-protect (loop) (error "x")) (error () nil)))`},
	{"handler-bind returning", `(block b (handler-bind ((error (lambda (c) (return-from b :escaped))))
	   (loop (unwind-protect (loop) (error "x")))))`},
	{"ignore-errors", `(loop (ignore-errors (unwind-protect (loop) (error "x"))))`},
	{"restart-case", `(loop (restart-case (unwind-protect (loop) (invoke-restart 'again)) (again () nil)))`},
	{"warning handler", `(block b (handler-bind ((warning (lambda (c) (return-from b :escaped))))
	   (loop (unwind-protect (loop) (warn "w")))))`},
	{"go through a function call", `(tagbody top (funcall (lambda () (unwind-protect (loop) (go top)))))`},
	{"cleanup recursing into itself", `(labels ((f () (unwind-protect (loop) (f)))) (f))`},
	{"nested endless cleanups", `(labels ((g (n) (unwind-protect (if (> n 0) (g (1- n)) (loop)) (loop)))) (g 200))`},
	{"catch established in a loop", `(loop (catch 'c (unwind-protect (loop) (throw 'c :again))))`},
	{"throw in return position of a called function", `(catch 'c (loop (unwind-protect (loop) (funcall (lambda () (throw 'c :escaped))))))`},
	{"throw from a handler", `(catch 'c (handler-bind ((error (lambda (e) (throw 'c :escaped))))
	   (loop (unwind-protect (loop) (error "x")))))`},
	{"cleanup calling a function that loops", `(labels ((spin () (loop))) (loop (unwind-protect (spin) (spin))))`},
}

// stoppers stop an evaluation of in after about d, returning the context to
// evaluate under.
var stoppers = []struct {
	name string
	opts func(d time.Duration) golem.Options
	ctx  func(in *golem.Interpreter, d time.Duration) (context.Context, context.CancelFunc)
}{
	{"timeout", func(d time.Duration) golem.Options { return golem.Options{Limits: golem.Limits{Timeout: d}} }, nil},
	{"Interrupt", nil, func(in *golem.Interpreter, d time.Duration) (context.Context, context.CancelFunc) {
		t := time.AfterFunc(d, func() { in.Interrupt("stop requested") })
		return context.Background(), func() { t.Stop() }
	}},
	{"context cancelled", nil, func(in *golem.Interpreter, d time.Duration) (context.Context, context.CancelFunc) {
		ctx, cancel := context.WithCancel(context.Background())
		t := time.AfterFunc(d, cancel)
		return ctx, func() { t.Stop(); cancel() }
	}},
	{"step limit", func(time.Duration) golem.Options {
		return golem.Options{Limits: golem.Limits{Timeout: 20 * time.Second, MaxSteps: 2_000_000}}
	}, nil},
}

// TestLimitsCannotBeSwallowed runs each escape under each way of stopping
// an evaluation: the result is the interrupt, within the limit plus 2 s,
// and the interpreter then works normally, keeping its definitions.
func TestLimitsCannotBeSwallowed(t *testing.T) {
	const limit = 300 * time.Millisecond
	for _, st := range stoppers {
		for i, esc := range escapes {
			// The escapes under the timeout, the main three under the others.
			if st.name != "timeout" && i >= 3 {
				continue
			}
			t.Run(st.name+"/"+esc.name, func(t *testing.T) {
				opts := golem.Options{Limits: golem.Limits{Timeout: 20 * time.Second}}
				if st.opts != nil {
					opts = st.opts(limit)
				}
				in := golem.New(opts)
				evalOK(t, in, "(defun sq (x) (* x x))")
				ctx := context.Background()
				if st.ctx != nil {
					var cancel context.CancelFunc
					ctx, cancel = st.ctx(in, limit)
					defer cancel()
				}
				start := time.Now()
				res, err := in.Eval(ctx, esc.code)
				elapsed := time.Since(start)
				require.Error(t, err, "the program escaped the limit: %v", res)
				assert.Nil(t, res)
				var lerr *golem.Error
				require.ErrorAs(t, err, &lerr)
				assert.Equal(t, "GOLEM:INTERRUPTED", lerr.Type, lerr.Report)
				assert.Less(t, elapsed, limit+2*time.Second)
				assert.Equal(t, "=> 49", evalOK(t, in, "(sq 7)"))
			})
		}
	}
}

// TestStorageConditionStopsForGood: a memory or stack limit that ends the
// evaluation cannot be swallowed by a cleanup either.
func TestStorageConditionStopsForGood(t *testing.T) {
	cases := []struct{ name, code string }{
		{"allocation", `(tagbody top (unwind-protect (make-array (expt 10 10)) (go top)))`},
		{"stack", `(labels ((r (n) (1+ (r n)))) (block b (loop (unwind-protect (r 0) (return-from b :escaped)))))`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := golem.New(golem.Options{Limits: golem.Limits{Timeout: 20 * time.Second, MaxMemory: 64 << 20}})
			evalOK(t, in, "(defun sq (x) (* x x))")
			start := time.Now()
			res, err := in.Eval(context.Background(), c.code)
			require.Error(t, err, "the program escaped the limit: %v", res)
			var lerr *golem.Error
			require.ErrorAs(t, err, &lerr)
			assert.Equal(t, "STORAGE-CONDITION", lerr.Type, lerr.Report)
			assert.Less(t, time.Since(start), 5*time.Second)
			assert.Equal(t, "=> 49", evalOK(t, in, "(sq 7)"))
		})
	}
}

// TestOutputLimitStopsForGood: the output limit cannot be swallowed by a
// cleanup either.
func TestOutputLimitStopsForGood(t *testing.T) {
	in := golem.New(golem.Options{Limits: golem.Limits{Timeout: 20 * time.Second, MaxOutput: 1000}})
	evalOK(t, in, "(defun sq (x) (* x x))")
	start := time.Now()
	res, err := in.Eval(context.Background(), `(tagbody top (unwind-protect (loop (princ "x")) (go top)))`)
	require.Error(t, err, "the program escaped the limit: %v", res)
	var lerr *golem.Error
	require.ErrorAs(t, err, &lerr)
	assert.Equal(t, "GOLEM:INTERRUPTED", lerr.Type)
	assert.Contains(t, lerr.Report, "output limit")
	assert.Less(t, time.Since(start), 5*time.Second)
	assert.Equal(t, "=> 49", evalOK(t, in, "(sq 7)"))
}

// TestCleanupsRunAfterALimit: a stopped evaluation still runs its cleanups
// (within the grace budget), and inside a cleanup the exits and handlers it
// establishes itself work.
func TestCleanupsRunAfterALimit(t *testing.T) {
	cases := []struct{ name, cleanup, want string }{
		{"plain", `(setq *cleaned* :done)`, ":DONE"},
		{"handler-case inside", `(setq *cleaned* (handler-case (error "y") (error () :handled)))`, ":HANDLED"},
		{"non-local return inside", `(setq *cleaned* (block k (mapc (lambda (x) (return-from k x)) '(1 2))))`, "1"},
		{"catch inside", `(setq *cleaned* (catch 'k (funcall (lambda () (throw 'k :thrown)))))`, ":THROWN"},
		{"restart inside", `(setq *cleaned* (restart-case (invoke-restart 'r 5) (r (x) x)))`, "5"},
		{"cut when endless", `(progn (setq *cleaned* :started) (loop))`, ":STARTED"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := golem.New(golem.Options{Limits: golem.Limits{Timeout: 200 * time.Millisecond}})
			evalOK(t, in, "(defvar *cleaned* nil)")
			start := time.Now()
			_, err := in.Eval(context.Background(), `(unwind-protect (loop) `+c.cleanup+`)`)
			var lerr *golem.Error
			require.ErrorAs(t, err, &lerr)
			assert.Equal(t, "GOLEM:INTERRUPTED", lerr.Type, lerr.Report)
			assert.Contains(t, lerr.Report, "timeout")
			assert.Less(t, time.Since(start), 3*time.Second)
			assert.Equal(t, "=> "+c.want, evalOK(t, in, "*cleaned*"))
		})
	}
}

// TestErrorRenderingCannotFail: reports, restarts and backtraces print under
// a known printer state, whatever the program bound the printer variables
// to; invalid values are TYPE-ERRORs where the program prints; nothing
// panics out of Eval.
func TestErrorRenderingCannotFail(t *testing.T) {
	cases := []struct{ name, code, typ, report string }{
		{"negative *print-length*", `(let ((*print-length* -1)) (error "x ~s" '(1 2 3)))`, "SIMPLE-ERROR", "x (1 2 3)"},
		{"negative *print-level*", `(let ((*print-level* -1)) (error "x ~s" '(1 (2))))`, "SIMPLE-ERROR", "x (1 (2))"},
		{"string *print-length*", `(let ((*print-length* "a")) (error "x"))`, "SIMPLE-ERROR", "x"},
		{"*print-base* 99", `(let ((*print-base* 99)) (error "x ~s" 10))`, "SIMPLE-ERROR", "x 10"},
		{"*print-case* 3", `(let ((*print-case* 3)) (error "x ~s" 'foo))`, "SIMPLE-ERROR", "x FOO"},
		{"*print-right-margin* -3", `(let ((*print-right-margin* -3)) (error "x ~s" '(a b)))`, "SIMPLE-ERROR", "x (A B)"},
		{"*print-lines* -1", `(let ((*print-lines* -1)) (error "x"))`, "SIMPLE-ERROR", "x"},
		{"*print-pprint-dispatch* 3", `(let ((*print-pprint-dispatch* 3)) (error "x ~s" ''a))`, "SIMPLE-ERROR", "x 'A"},
		{"*package* 3", `(let ((*package* 3)) (error "x ~s" 'foo))`, "SIMPLE-ERROR", "x FOO"},
		{"set globally", `(setf *print-length* -1) (error "x ~s" '(1 2))`, "SIMPLE-ERROR", "x (1 2)"},
		{"printing the value", `(let ((*print-length* -1)) (prin1-to-string '(1 2)))`, "TYPE-ERROR",
			"The value -1 is not of type (OR NULL UNSIGNED-BYTE)."},
		{"printing the result", `(setf *print-case* :sideways) 'foo`, "TYPE-ERROR",
			"The value :SIDEWAYS is not of type (MEMBER :UPCASE :DOWNCASE :CAPITALIZE)."},
		{"restart report that fails", `(restart-case (error "x") (again () :report (lambda (s) (error "no")) nil))`,
			"SIMPLE-ERROR", "x"},
		{"condition report that fails", `(define-condition bad (error) () (:report (lambda (c s) (error "no"))))
		  (error 'bad)`, "BAD", "(error while printing the report of a BAD condition)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := golem.New(golem.Options{Limits: golem.Limits{Timeout: 10 * time.Second}})
			evalOK(t, in, "(defun sq (x) (* x x))")
			var err error
			require.NotPanics(t, func() { _, err = in.Eval(context.Background(), c.code) })
			var lerr *golem.Error
			require.ErrorAs(t, err, &lerr)
			assert.Equal(t, c.typ, lerr.Type)
			assert.Equal(t, c.report, lerr.Report)
			if c.name != "printing the result" { // that happens after the evaluation
				assert.NotEmpty(t, lerr.Backtrace)
				assert.Contains(t, lerr.Restarts, "ABORT - Return to top level.")
			}
			if c.name == "restart report that fails" {
				assert.Contains(t, lerr.Restarts, "AGAIN")
			}
			assert.NotPanics(t, func() { _ = lerr.Text() })
			_, err = in.Eval(context.Background(), `(setf *print-length* nil *print-case* :upcase)`)
			require.NoError(t, err)
			assert.Equal(t, "=> 49", evalOK(t, in, "(sq 7)"))
		})
	}
}

// TestErrorRenderingIsBounded: an error's report keeps at most the output
// limit, a backtrace argument a few thousand characters, and rendering
// takes about a second at most, however big the data.
func TestErrorRenderingIsBounded(t *testing.T) {
	in := golem.New(golem.Options{Limits: golem.Limits{Timeout: 20 * time.Second, MaxOutput: 10000}})
	_, err := in.Eval(context.Background(), `(error "~a" (make-string 3000000 :initial-element #\a))`)
	var lerr *golem.Error
	require.ErrorAs(t, err, &lerr)
	assert.Equal(t, "SIMPLE-ERROR", lerr.Type)
	assert.Less(t, len(lerr.Report), 10100)
	assert.Contains(t, lerr.Report, "[output truncated")
	require.NotEmpty(t, lerr.Backtrace)
	assert.Less(t, len(lerr.Backtrace[0]), 2100)
	assert.Contains(t, lerr.Backtrace[0], `aaa...`)

	start := time.Now()
	_, err = in.Eval(context.Background(), `(error "~s" (make-list 3000000))`)
	require.ErrorAs(t, err, &lerr)
	assert.Equal(t, "SIMPLE-ERROR", lerr.Type)
	assert.Less(t, time.Since(start), 5*time.Second)
}
