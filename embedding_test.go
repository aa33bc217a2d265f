package golem_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem"
	rt "github.com/golem-lisp/golem/runtime"
)

// stopSentinels are the errors errors.Is may match on a stopped evaluation.
var stopSentinels = map[string]error{
	"ErrTimeLimit":     golem.ErrTimeLimit,
	"ErrStepLimit":     golem.ErrStepLimit,
	"ErrOutputLimit":   golem.ErrOutputLimit,
	"ErrMemoryLimit":   golem.ErrMemoryLimit,
	"ErrDepthLimit":    golem.ErrDepthLimit,
	"ErrInterrupted":   golem.ErrInterrupted,
	"DeadlineExceeded": context.DeadlineExceeded,
	"Canceled":         context.Canceled,
}

// TestErrorsIs stops evaluations in every way and checks that errors.Is
// matches exactly the sentinels of that way.
func TestErrorsIs(t *testing.T) {
	cases := []struct {
		name   string
		limits golem.Limits
		code   string
		// setup may start something that stops the evaluation and returns
		// the context to evaluate under.
		setup func(in *golem.Interpreter) (context.Context, func())
		want  []string // the sentinels that match; none for a plain Lisp error
	}{
		{name: "time limit", limits: golem.Limits{Timeout: 50 * time.Millisecond}, code: "(loop)",
			want: []string{"ErrTimeLimit", "DeadlineExceeded"}},
		{name: "time limit in a Go function", limits: golem.Limits{Timeout: 50 * time.Millisecond}, code: "(wait-for-context)",
			want: []string{"ErrTimeLimit", "DeadlineExceeded"}},
		{name: "caller's deadline", code: "(loop)", setup: func(*golem.Interpreter) (context.Context, func()) {
			return context.WithTimeout(context.Background(), 50*time.Millisecond)
		}, want: []string{"DeadlineExceeded"}},
		{name: "caller's deadline in a Go function", code: "(wait-for-context)", setup: func(*golem.Interpreter) (context.Context, func()) {
			return context.WithTimeout(context.Background(), 50*time.Millisecond)
		}, want: []string{"DeadlineExceeded"}},
		{name: "caller cancels", code: "(loop)", setup: func(*golem.Interpreter) (context.Context, func()) {
			ctx, cancel := context.WithCancel(context.Background())
			timer := time.AfterFunc(50*time.Millisecond, cancel)
			return ctx, func() { timer.Stop(); cancel() }
		}, want: []string{"Canceled"}},
		{name: "Interrupt", code: "(loop)", setup: func(in *golem.Interpreter) (context.Context, func()) {
			timer := time.AfterFunc(50*time.Millisecond, func() { in.Interrupt("host says stop") })
			return context.Background(), func() { timer.Stop() }
		}, want: []string{"ErrInterrupted"}},
		{name: "Interrupt in a Go function", code: "(wait-for-context)", setup: func(in *golem.Interpreter) (context.Context, func()) {
			timer := time.AfterFunc(50*time.Millisecond, func() { in.Interrupt("host says stop") })
			return context.Background(), func() { timer.Stop() }
		}, want: []string{"ErrInterrupted"}},
		{name: "Interrupt before the evaluation", code: "(loop)", setup: func(in *golem.Interpreter) (context.Context, func()) {
			in.Interrupt("early")
			return context.Background(), func() {}
		}, want: []string{"ErrInterrupted"}},
		{name: "step limit", limits: golem.Limits{MaxSteps: 100_000}, code: "(loop)",
			want: []string{"ErrStepLimit"}},
		{name: "output limit", limits: golem.Limits{MaxOutput: 1000}, code: `(loop (princ "x"))`,
			want: []string{"ErrOutputLimit"}},
		{name: "memory limit", limits: golem.Limits{MaxMemory: 1 << 20}, code: "(make-array 10000000)",
			want: []string{"ErrMemoryLimit"}},
		{name: "bignum limit", limits: golem.Limits{MaxBignumBits: 1000}, code: "(expt 3 100000)",
			want: []string{"ErrMemoryLimit"}},
		{name: "depth limit", limits: golem.Limits{MaxDepth: 500}, code: "(defun deep (n) (1+ (deep n))) (deep 1)",
			want: []string{"ErrDepthLimit"}},
		{name: "Lisp error", code: "(/ 1 0)"},
		{name: "program's own storage-condition", code: "(error 'storage-condition)"},
		{name: "ABORT restart", code: "(invoke-restart 'abort)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in := golem.New(golem.Options{Limits: tc.limits})
			require.NoError(t, in.Define("wait-for-context", func(ctx context.Context) error {
				<-ctx.Done()
				return ctx.Err()
			}))
			ctx, done := context.Background(), func() {}
			if tc.setup != nil {
				ctx, done = tc.setup(in)
			}
			defer done()
			_, err := in.Eval(ctx, tc.code)
			var lerr *golem.Error
			require.ErrorAs(t, err, &lerr)
			for name, sentinel := range stopSentinels {
				want := false
				for _, w := range tc.want {
					want = want || w == name
				}
				assert.Equal(t, want, errors.Is(err, sentinel), "errors.Is(%v, %s)", err, name)
			}
		})
	}
}

// A STORAGE-CONDITION that Lisp code handles is not an error at all.
func TestHandledLimitIsNoError(t *testing.T) {
	in := golem.New(golem.Options{Limits: golem.Limits{MaxMemory: 1 << 20}})
	res, err := in.Eval(context.Background(), "(handler-case (make-array 10000000) (storage-condition () :caught))")
	require.NoError(t, err)
	assert.Equal(t, golem.Keyword("caught"), golem.ToGo(res.Values[0]))
}

// Call reports its limits the same way.
func TestCallErrorsIs(t *testing.T) {
	in := golem.New(golem.Options{Limits: golem.Limits{Timeout: 50 * time.Millisecond}})
	_, err := in.Call(context.Background(), "(lambda () (loop))")
	assert.ErrorIs(t, err, golem.ErrTimeLimit)
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	res, err := in.Eval(context.Background(), "(lambda () (loop))")
	require.NoError(t, err)
	_, err = res.Values[0].(*golem.Function).Call(context.Background())
	assert.ErrorIs(t, err, golem.ErrTimeLimit)
}

func TestFunctionValues(t *testing.T) {
	ctx := context.Background()
	in := golem.New(golem.Options{})
	res, err := in.Eval(ctx, `(defun add (a b) (+ a b)) (values #'add (lambda (x) (* x x)) 3)`)
	require.NoError(t, err)
	require.Len(t, res.Values, 3)
	add, ok := res.Values[0].(*golem.Function)
	require.True(t, ok, "%T", res.Values[0])
	square, ok := res.Values[1].(*golem.Function)
	require.True(t, ok, "%T", res.Values[1])
	assert.Equal(t, int64(3), golem.ToGo(res.Values[2]), "non-functions are unchanged")
	assert.Equal(t, "ADD", add.Name())
	assert.Equal(t, "", square.Name())
	assert.Equal(t, "#<FUNCTION ADD>", add.String())
	assert.Same(t, in, add.Interpreter())

	vals, err := add.Call(ctx, 2, 40)
	require.NoError(t, err)
	assert.Equal(t, int64(42), golem.ToGo(vals[0]))

	// Call accepts a *Function, and a *Function passed back is the Lisp
	// function itself (EQ).
	vals, err = in.Call(ctx, square, 7)
	require.NoError(t, err)
	assert.Equal(t, int64(49), golem.ToGo(vals[0]))
	vals, err = in.Call(ctx, "(lambda (f) (eq f #'add))", add)
	require.NoError(t, err)
	assert.Equal(t, true, golem.ToGo(vals[0]))
	vals, err = in.Call(ctx, "mapcar", square, []int{1, 2, 3})
	require.NoError(t, err)
	assert.Equal(t, []any{int64(1), int64(4), int64(9)}, golem.ToGo(vals[0]))

	// Call returns functions as *Function too.
	vals, err = in.Call(ctx, "(lambda (n) (lambda (x) (+ x n)))", 10)
	require.NoError(t, err)
	adder, ok := vals[0].(*golem.Function)
	require.True(t, ok, "%T", vals[0])
	vals, err = adder.Call(ctx, 5)
	require.NoError(t, err)
	assert.Equal(t, int64(15), golem.ToGo(vals[0]))

	// A Lisp error inside is a *Error.
	_, err = add.Call(ctx, "a", 1)
	var lerr *golem.Error
	require.ErrorAs(t, err, &lerr)
	assert.Equal(t, "TYPE-ERROR", lerr.Type)

	// Another interpreter's function is refused by Call, and reaches Lisp
	// only as an opaque Go value.
	other := golem.New(golem.Options{})
	_, err = other.Call(ctx, add, 1, 2)
	assert.ErrorContains(t, err, "belongs to another interpreter")
	vals, err = other.Call(ctx, "functionp", add)
	require.NoError(t, err)
	assert.Nil(t, golem.ToGo(vals[0]))

	_, err = in.Call(ctx, 42)
	assert.ErrorContains(t, err, "must be a name (string) or a *golem.Function")
}

func TestExportFunction(t *testing.T) {
	ctx := context.Background()
	in := golem.New(golem.Options{})
	res, err := in.Eval(ctx, `(lambda (a b) (values (+ a b) (format nil "~a+~a" a b)))`)
	require.NoError(t, err)
	fn := res.Values[0]

	var add func(int, int) (int, string, error)
	require.NoError(t, golem.ExportTo(fn, &add))
	n, s, err := add(2, 3)
	require.NoError(t, err)
	assert.Equal(t, 5, n)
	assert.Equal(t, "2+3", s)

	// A context parameter and a variadic one; missing values are NIL.
	res, err = in.Eval(ctx, `(lambda (&rest xs) (apply #'+ xs))`)
	require.NoError(t, err)
	var sum func(context.Context, ...float64) (float64, *string, error)
	require.NoError(t, golem.ExportTo(res.Values[0], &sum))
	f, missing, err := sum(ctx, 1.5, 2.5)
	require.NoError(t, err)
	assert.Equal(t, 4.0, f)
	assert.Nil(t, missing)

	// Mismatches: at ExportTo, and for the values at the call.
	var notFunc int
	var cerr *golem.ConversionError
	require.ErrorAs(t, golem.ExportTo(fn, &notFunc), &cerr)
	assert.Contains(t, cerr.Error(), "a Lisp function converts only to a func, *golem.Function or any")
	var wrongResult func(int, int) (bool, []int, error)
	require.NoError(t, golem.ExportTo(fn, &wrongResult))
	_, _, err = wrongResult(1, 2)
	require.ErrorAs(t, err, &cerr)
	assert.Contains(t, err.Error(), "value 2 of #<FUNCTION (LAMBDA)>")
	assert.Contains(t, err.Error(), `cannot convert the character '1' to Go type int`)
	var lerr *golem.Error
	var addErr func(string, int) (int, error)
	require.NoError(t, golem.ExportTo(fn, &addErr))
	_, err = addErr("x", 1)
	require.ErrorAs(t, err, &lerr)
	assert.Equal(t, "TYPE-ERROR", lerr.Type)

	// Without an error result, a failure panics with the error.
	var noErr func(string) int
	require.NoError(t, golem.ExportTo(fn, &noErr))
	assert.PanicsWithError(t, "golem: value 1 of #<FUNCTION (LAMBDA)>: golem: cannot convert the string \"x+NIL\" to Go type int: not an integer", func() {
		in2 := golem.New(golem.Options{})
		r, err := in2.Eval(ctx, `(lambda (a &optional b) (format nil "~a+~a" a b))`)
		require.NoError(t, err)
		require.NoError(t, golem.ExportTo(r.Values[0], &noErr))
		noErr("x")
	})

	// A *Function target and an any target keep the *Function.
	var same *golem.Function
	require.NoError(t, golem.ExportTo(fn, &same))
	assert.Same(t, fn, same)
	var anything any
	require.NoError(t, golem.ExportTo(fn, &anything))
	assert.Same(t, fn, anything)
}

// Lisp functions given to Go functions called from Lisp are *Function
// values that call back within the evaluation.
func TestFunctionCallback(t *testing.T) {
	ctx := context.Background()
	in := golem.New(golem.Options{})
	var kept *golem.Function
	require.NoError(t, in.Define("apply-go", func(f *golem.Function, x int) (int, error) {
		kept = f
		vals, err := f.Call(context.Background(), x)
		if err != nil {
			return 0, err
		}
		var n int
		return n, golem.ExportTo(vals[0], &n)
	}))
	require.NoError(t, in.Define("call-any", func(f any) (string, error) {
		fn, ok := f.(*golem.Function)
		if !ok {
			return "", fmt.Errorf("got %T", f)
		}
		vals, err := fn.Call(ctx)
		if err != nil {
			return "", err
		}
		return fmt.Sprint(golem.ToGo(vals[0])), nil
	}))
	// A Go function given the evaluation's context calls Lisp by name.
	require.NoError(t, in.Define("call-named", func(ctx context.Context, name string, x int) (any, error) {
		vals, err := in.Call(ctx, name, x)
		if err != nil {
			return nil, err
		}
		return vals[0], nil
	}))
	require.NoError(t, in.Define("eval-inside", func(ctx context.Context) error {
		_, err := in.Eval(ctx, "1")
		return err
	}))

	cases := []struct{ name, code, want string }{
		{"callback", "(apply-go (lambda (x) (* x 10)) 4)", "=> 40"},
		{"callback sees dynamic bindings", "(defvar *k* 1) (let ((*k* 7)) (apply-go (lambda (x) (+ x *k*)) 1))", "=> 8"},
		{"any parameter", `(call-any (lambda () "hi"))`, `=> "hi"`},
		{"by name with the context", "(defun twice (x) (* 2 x)) (call-named \"twice\" 21)", "=> 42"},
		{"an unhandled error is the Go function's error", `(handler-case (apply-go (lambda (x) (error "boom ~a" x)) 1)
		   (golem:go-error (e) (golem:go-error-message e)))`, `=> "SIMPLE-ERROR: boom 1"`},
		{"a handler outside the Go function takes the error first", `(handler-case (apply-go (lambda (x) (error "boom ~a" x)) 1)
		   (simple-error () :outside))`, "=> :OUTSIDE"},
		{"non-local exit through Go", "(block b (apply-go (lambda (x) (return-from b (list :left x))) 5))", "=> (:LEFT 5)"},
		{"the state after a returned error is clean", `(defvar *d* :top)
		   (list (handler-case (apply-go (lambda (x) (let ((*d* :inner)) (error "x ~a" x))) 1) (golem:go-error () *d*)) *d*)`, "=> (:TOP :TOP)"},
		{"no Eval inside an evaluation", `(handler-case (eval-inside) (golem:go-error (e) (golem:go-error-message e)))`,
			`=> "golem: the interpreter is busy with another evaluation: a Go function called from Lisp may call Lisp functions back (Call, Function.Call) but not start a new evaluation"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			text, _ := in.EvalResponse(ctx, tc.code)
			assert.Equal(t, tc.want, text)
		})
	}

	// After the call from Lisp, a kept *Function is an ordinary one.
	text, _ := in.EvalResponse(ctx, "(apply-go #'1+ 1)")
	require.Equal(t, "=> 2", text)
	vals, err := kept.Call(ctx, 3)
	require.NoError(t, err)
	assert.Equal(t, int64(4), golem.ToGo(vals[0]))
}

// An Interpreter runs one evaluation at a time: other callers get ErrBusy
// at once, and nothing races (run with -race).
func TestBusyInterpreter(t *testing.T) {
	ctx := context.Background()
	in := golem.New(golem.Options{})
	res, err := in.Eval(ctx, "(defvar *n* 0) (lambda () (incf *n*))")
	require.NoError(t, err)
	incr := res.Values[0].(*golem.Function)

	started := make(chan struct{})
	require.NoError(t, in.Define("started", func() { close(started) }))
	done := make(chan error, 1)
	go func() {
		_, err := in.Eval(ctx, "(started) (loop)")
		done <- err
	}()
	<-started
	calls := []struct {
		name string
		call func() error
	}{
		{"Eval", func() error { _, err := in.Eval(ctx, "1"); return err }},
		{"Call", func() error { _, err := in.Call(ctx, "+", 1); return err }},
		{"Function.Call", func() error { _, err := incr.Call(ctx); return err }},
		{"exported func", func() error {
			var f func() (int, error)
			if err := golem.ExportTo(incr, &f); err != nil {
				return err
			}
			_, err := f()
			return err
		}},
		{"Set", func() error { return in.Set("*n*", 5) }},
		{"Get", func() error { _, err := in.Get("*n*"); return err }},
		{"Run", func() error { return in.Run(ctx, nil) }},
	}
	for _, c := range calls {
		assert.ErrorIs(t, c.call(), golem.ErrBusy, c.name)
	}
	in.Interrupt("done")
	assert.ErrorIs(t, <-done, golem.ErrInterrupted)

	// Goroutines sharing the interpreter without a lock each get a result
	// or ErrBusy; the counter counts exactly the calls that ran.
	var wg sync.WaitGroup
	var mu sync.Mutex
	ran := 0
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				_, err := incr.Call(ctx)
				if err == nil {
					mu.Lock()
					ran++
					mu.Unlock()
				} else {
					assert.ErrorIs(t, err, golem.ErrBusy)
				}
			}
		}()
	}
	wg.Wait()
	n, err := in.Get("*n*")
	require.NoError(t, err)
	assert.Equal(t, int64(ran), golem.ToGo(n))
	assert.Positive(t, ran)
}

func TestGlobals(t *testing.T) {
	ctx := context.Background()
	in := golem.New(golem.Options{})
	type Config struct {
		Name  string
		Limit int
	}
	require.NoError(t, in.Set("*rate*", 1.5))
	require.NoError(t, in.Set("*config*", Config{Name: "a", Limit: 3}))
	require.NoError(t, in.Set("app:*mode*", golem.Keyword("strict")))
	require.NoError(t, in.Set("*double*", func(x int) int { return 2 * x }))
	require.NoError(t, in.Set("*print-base*", 16))

	cases := []struct{ name, code, want string }{
		{"a number", "(* *rate* 2)", "=> 3.0d0"},
		{"a struct as a plist", "(getf *config* :limit)", "=> 3"},
		{"a qualified name", "app:*mode*", "=> :STRICT"},
		{"a Go function", "(funcall *double* 21)", "=> 2A"},
		{"special: LET rebinds it dynamically", "(setf *print-base* 10) (defun rate () *rate*) (let ((*rate* 2)) (rate))", "=> 2"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			text, _ := in.EvalResponse(ctx, tc.code)
			assert.Equal(t, tc.want, text)
		})
	}

	_, err := in.Eval(ctx, "(setf *rate* 4) (defparameter *fn* #'car)")
	require.NoError(t, err)
	v, err := in.Get("*rate*")
	require.NoError(t, err)
	assert.Equal(t, int64(4), golem.ToGo(v))
	v, err = in.Get("APP:*MODE*")
	require.NoError(t, err)
	assert.Equal(t, golem.Keyword("strict"), golem.ToGo(v))
	v, err = in.Get("*fn*")
	require.NoError(t, err)
	assert.IsType(t, &golem.Function{}, v)

	for _, name := range []string{"*nothing*", "nopkg:*x*"} {
		_, err = in.Get(name)
		assert.ErrorIs(t, err, golem.ErrUnbound, name)
	}
	for name, msg := range map[string]string{
		"pi":     "PI is a constant",
		"car":    "CAR is a COMMON-LISP symbol, not a standard variable",
		":key":   "is a keyword",
		"":       "empty variable name",
		"cl:*x*": "package COMMON-LISP is locked",
	} {
		assert.ErrorContains(t, in.Set(name, 1), msg, name)
	}
}

func TestSetup(t *testing.T) {
	ctx := context.Background()
	in := golem.New(golem.Options{Setup: func(in *golem.Interpreter) error {
		if err := in.Define("host:greet", func(name string) string { return "hello " + name }); err != nil {
			return err
		}
		return in.Set("*greeting-count*", 0)
	}})
	require.NoError(t, in.Err())
	text, _ := in.EvalResponse(ctx, `(list (host:greet "ada") *greeting-count*)`)
	assert.Equal(t, `=> ("hello ada" 0)`, text)

	boom := errors.New("no database")
	bad := golem.New(golem.Options{Setup: func(*golem.Interpreter) error { return boom }})
	assert.ErrorIs(t, bad.Err(), boom)
	_, err := bad.Eval(ctx, "1")
	assert.ErrorIs(t, err, boom)
	assert.True(t, strings.HasPrefix(err.Error(), "golem: Options.Setup: "), err.Error())
	_, err = bad.Call(ctx, "+")
	assert.ErrorIs(t, err, boom)
	text, isErr := bad.EvalResponse(ctx, "1")
	assert.True(t, isErr)
	assert.Contains(t, text, "no database")
}

// Every limit means the same by its sign: zero is the default, negative
// (NoLimit) is none where a limit can be lifted.
func TestLimitSigns(t *testing.T) {
	const deep = "(defun deep (n) (if (= n 0) 0 (1+ (deep (1- n))))) (deep 20000)"
	cases := []struct {
		name    string
		limits  golem.Limits
		code    string
		wantErr error // nil: the evaluation succeeds
	}{
		{"output: zero is 1M", golem.Limits{}, "(write-string (make-string 1100000 :initial-element #\\x)) nil", golem.ErrOutputLimit},
		{"output: NoLimit", golem.Limits{MaxOutput: golem.NoLimit}, "(write-string (make-string 1100000 :initial-element #\\x)) nil", nil},
		{"bignum: zero is 4 Mbit", golem.Limits{}, "(integer-length (expt 2 5000000))", golem.ErrMemoryLimit},
		{"bignum: NoLimit", golem.Limits{MaxBignumBits: golem.NoLimit}, "(integer-length (expt 2 5000000))", nil},
		{"memory: zero is 1 GiB", golem.Limits{}, "(length (make-array (expt 2 28)))", golem.ErrMemoryLimit},
		{"memory: NoLimit still bounds one allocation", golem.Limits{MaxMemory: golem.NoLimit}, "(length (make-array (expt 2 28)))", golem.ErrMemoryLimit},
		{"depth: zero is 10000", golem.Limits{}, deep, golem.ErrDepthLimit},
		{"depth: cannot be lifted", golem.Limits{MaxDepth: golem.NoLimit}, deep, golem.ErrDepthLimit},
		{"depth: raised", golem.Limits{MaxDepth: 30000}, deep, nil},
		{"steps: zero is none", golem.Limits{}, "(loop repeat 2000000 count t)", nil},
		{"steps: a limit", golem.Limits{MaxSteps: 100_000}, "(loop repeat 2000000 count t)", golem.ErrStepLimit},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in := golem.New(golem.Options{Limits: tc.limits})
			_, err := in.Eval(context.Background(), tc.code)
			if tc.wantErr == nil {
				assert.NoError(t, err)
			} else {
				assert.ErrorIs(t, err, tc.wantErr)
			}
		})
	}
	// The time limit: Go functions see it as their context's deadline.
	for _, tc := range []struct {
		name    string
		timeout time.Duration
		want    time.Duration // 0: no deadline
	}{
		{"zero is 30s", 0, 30 * time.Second},
		{"NoLimit", golem.NoLimit, 0},
		{"a limit", 5 * time.Second, 5 * time.Second},
	} {
		t.Run("timeout: "+tc.name, func(t *testing.T) {
			in := golem.New(golem.Options{Limits: golem.Limits{Timeout: tc.timeout}})
			var left time.Duration
			require.NoError(t, in.Define("deadline", func(ctx context.Context) {
				if d, ok := ctx.Deadline(); ok {
					left = time.Until(d)
				}
			}))
			_, err := in.Eval(context.Background(), "(deadline)")
			require.NoError(t, err)
			if tc.want == 0 {
				assert.Zero(t, left)
			} else {
				assert.InDelta(t, tc.want.Seconds(), left.Seconds(), 2)
			}
		})
	}
}

// During a Go function called from Lisp, the Lisp functions it received
// may be called from other goroutines too, one call at a time: each call
// runs whole or gets ErrBusy, and nothing races (run with -race).
func TestCallBackFromGoroutines(t *testing.T) {
	ctx := context.Background()
	in := golem.New(golem.Options{})
	require.NoError(t, in.Define("fan-out", func(f *golem.Function, step func(int) int) (int, error) {
		var wg sync.WaitGroup
		var mu sync.Mutex
		ran, busy := 0, 0
		for g := 0; g < 4; g++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := 0; i < 25; i++ {
					_, err := f.Call(ctx, 1)
					mu.Lock()
					switch {
					case err == nil:
						ran++
					case errors.Is(err, golem.ErrBusy):
						busy++
					default:
						t.Errorf("unexpected error: %v", err)
					}
					mu.Unlock()
				}
			}()
		}
		own := 0
		for i := 0; i < 25; i++ { // the Go function's own calls race with them
			if _, err := f.Call(ctx, 1); err == nil {
				own++
			}
			func() {
				defer func() { _ = recover() }() // ErrBusy panics out of a func without an error result
				step(1)
			}()
		}
		wg.Wait()
		assert.Equal(t, 100, ran+busy)
		return ran + own, nil
	}))
	res, err := in.Eval(ctx, `(defvar *hits* 0)
	  (let ((ran (fan-out (lambda (n) (incf *hits* n)) (lambda (n) (incf *hits* (* 1000 n))))))
	    (list ran (mod *hits* 1000)))`)
	require.NoError(t, err)
	got := golem.ToGo(res.Values[0]).([]any)
	assert.Equal(t, got[0], got[1], "every call that ran counted once")
	assert.Positive(t, got[0])

	// A low-level Go function runs Lisp itself (th.Call): calls back
	// through the API are refused while it runs.
	require.NoError(t, in.Define("low-level", func(th *rt.Thread, args []golem.Value) golem.Value {
		_, err := in.Call(th.Ctx, "+", 1)
		return rt.Bool(errors.Is(err, golem.ErrBusy))
	}))
	text, _ := in.EvalResponse(ctx, "(low-level)")
	assert.Equal(t, "=> T", text)
}
