package golem_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/golem-lisp/golem"
)

// A limit, an interrupt or the end of the context is recognised with
// errors.Is, without reading the report.
func Example_errorsIs() {
	ctx := context.Background()
	in := golem.New(golem.Options{Limits: golem.Limits{
		Timeout:   100 * time.Millisecond,
		MaxOutput: 1000,
		MaxMemory: 64 << 20,
	}})
	for _, code := range []string{
		"(loop)",                   // runs until the time limit
		`(loop (princ "spam"))`,    // writes until the output limit
		"(make-array (expt 10 9))", // more than the memory limit
		"(car 1)",                  // an ordinary Lisp error
		"(handler-case (make-array (expt 10 9)) (storage-condition () :handled))", // no error at all
	} {
		_, err := in.Eval(ctx, code)
		switch {
		case err == nil:
			fmt.Println("ok")
		case errors.Is(err, golem.ErrTimeLimit):
			fmt.Println("time limit; also a deadline:", errors.Is(err, context.DeadlineExceeded))
		case errors.Is(err, golem.ErrOutputLimit):
			fmt.Println("output limit")
		case errors.Is(err, golem.ErrMemoryLimit):
			fmt.Println("memory limit")
		default:
			var lerr *golem.Error
			errors.As(err, &lerr)
			fmt.Println("Lisp error:", lerr.Type)
		}
	}
	// The caller's own context is told apart from the time limit.
	in = golem.New(golem.Options{Limits: golem.Limits{Timeout: 10 * time.Second}})
	cctx, cancel := context.WithCancel(ctx)
	time.AfterFunc(20*time.Millisecond, cancel)
	_, err := in.Eval(cctx, "(loop)")
	fmt.Println(errors.Is(err, context.Canceled), errors.Is(err, golem.ErrTimeLimit))
	// Output:
	// time limit; also a deadline: true
	// output limit
	// memory limit
	// Lisp error: TYPE-ERROR
	// ok
	// true false
}

// Lisp functions come back to Go as *golem.Function values.
func ExampleFunction() {
	ctx := context.Background()
	in := golem.New(golem.Options{})
	res, err := in.Eval(ctx, `(defun make-discount (percent)
	                             (lambda (price) (* price (- 1 (/ percent 100)))))
	                           (make-discount 25)`)
	if err != nil {
		panic(err)
	}
	discount := res.Values[0].(*golem.Function)
	vals, err := discount.Call(ctx, 80)
	if err != nil {
		panic(err)
	}
	fmt.Println(discount, golem.ToGo(vals[0]))
	// Functions returned by Call are *golem.Function too, and a
	// *golem.Function can be called by Call or passed back to Lisp.
	vals, _ = in.Call(ctx, "make-discount", 50)
	half := vals[0].(*golem.Function)
	vals, _ = in.Call(ctx, "mapcar", half, []int{10, 30})
	fmt.Println(golem.ToGo(vals[0]))
	// Output:
	// #<FUNCTION (LAMBDA)> 60
	// [5 15]
}

// A Go function called from Lisp receives Lisp functions as
// *golem.Function and may call them while it runs.
func ExampleFunction_callback() {
	in := golem.New(golem.Options{})
	_ = in.Define("retry", func(attempts int, f *golem.Function) (any, error) {
		var err error
		for i := 1; i <= attempts; i++ {
			var vals []golem.Value
			if vals, err = f.Call(context.Background(), i); err == nil {
				return vals[0], nil
			}
			fmt.Println("attempt", i, "failed:", err)
		}
		return nil, err
	})
	text, _ := in.EvalResponse(context.Background(),
		`(retry 3 (lambda (n) (if (< n 3) (error "not yet") (format nil "done on ~:r try" n))))`)
	fmt.Println(text)
	// Output:
	// attempt 1 failed: SIMPLE-ERROR: not yet
	// attempt 2 failed: SIMPLE-ERROR: not yet
	// => "done on third try"
}

// ExportTo turns a Lisp function into a typed Go func, usable anywhere
// after the evaluation that returned it (one call at a time).
func ExampleExportTo_function() {
	ctx := context.Background()
	in := golem.New(golem.Options{Limits: golem.Limits{Timeout: time.Second}})
	res, err := in.Eval(ctx, `(lambda (words)
	                            (let ((longest (reduce (lambda (a b) (if (> (length b) (length a)) b a)) words)))
	                              (values longest (length longest))))`)
	if err != nil {
		panic(err)
	}
	var longest func(context.Context, []string) (string, int, error)
	if err := golem.ExportTo(res.Values[0], &longest); err != nil {
		panic(err)
	}
	word, n, err := longest(ctx, strings.Fields("a rules engine in lisp"))
	fmt.Println(word, n, err)
	// A value that does not fit the Go type is an error, not a panic.
	var wrong func([]string) (int, error)
	_ = golem.ExportTo(res.Values[0], &wrong)
	_, err = wrong([]string{"x"})
	fmt.Println(err)
	// Output:
	// engine 6 <nil>
	// golem: value 1 of #<FUNCTION (LAMBDA)>: golem: cannot convert the string "x" to Go type int: not an integer
}

func ExampleInterpreter_Set() {
	ctx := context.Background()
	in := golem.New(golem.Options{})
	type Tax struct {
		Country string
		Rate    float64
	}
	_ = in.Set("*tax*", Tax{Country: "FR", Rate: 0.2}) // a struct is a plist
	_ = in.Set("*round*", func(x float64) float64 { return float64(int(x*100+0.5)) / 100 })
	text, _ := in.EvalResponse(ctx, `(funcall *round* (* 19.99 (+ 1 (getf *tax* :rate))))`)
	fmt.Println(text)
	// Output:
	// => 23.99d0
}

func ExampleInterpreter_Get() {
	ctx := context.Background()
	in := golem.New(golem.Options{})
	_, _ = in.Eval(ctx, `(defvar *seen* (list "a" "b")) (push "c" *seen*)`)
	v, _ := in.Get("*seen*")
	var seen []string
	_ = golem.ExportTo(v, &seen)
	fmt.Println(seen)
	_, err := in.Get("*missing*")
	fmt.Println(errors.Is(err, golem.ErrUnbound))
	// Output:
	// [c a b]
	// true
}

// Setup prepares every new interpreter, here with a Go function and a
// global; mcp.Options.Setup does the same for each MCP session.
func ExampleOptions_setup() {
	setup := func(in *golem.Interpreter) error {
		if err := in.Define("host:now", func() string { return "2026-11-26" }); err != nil {
			return err
		}
		return in.Set("host:*user*", "ada")
	}
	in := golem.New(golem.Options{Setup: setup})
	text, _ := in.EvalResponse(context.Background(), `(format nil "~a at ~a" host:*user* (host:now))`)
	fmt.Println(text)
	// Output:
	// => "ada at 2026-11-26"
}

// An Interpreter runs one evaluation at a time. Callers that share one
// take turns with a mutex; one that does not is refused with ErrBusy.
func ExampleErrBusy() {
	in := golem.New(golem.Options{})
	started := make(chan struct{})
	_ = in.Define("started", func() { close(started) })
	go func() { _, _ = in.Eval(context.Background(), "(started) (loop)") }()
	<-started
	_, err := in.Eval(context.Background(), "(+ 1 2)")
	fmt.Println(errors.Is(err, golem.ErrBusy))
	in.Interrupt("done")
	// Output:
	// true
}
