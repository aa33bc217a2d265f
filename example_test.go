package golem_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/golem-lisp/golem"
	rt "github.com/golem-lisp/golem/runtime"
)

// The ten-line embedding: make an interpreter, evaluate, read the values.
func Example() {
	ctx := context.Background()
	in := golem.New(golem.Options{Limits: golem.Limits{Timeout: 5 * time.Second}})
	res, err := in.Eval(ctx, `(defun fact (n) (if (< n 2) 1 (* n (fact (1- n)))))
	                          (format t "computing~%")
	                          (fact 20)`)
	if err != nil {
		panic(err)
	}
	fmt.Println(golem.ToGo(res.Values[0]))
	fmt.Print(res.Stdout)
	fmt.Println(res.Text())
	// Output:
	// 2432902008176640000
	// computing
	// [stdout]
	// computing
	//
	// => 2432902008176640000
}

func ExampleInterpreter_Eval_error() {
	in := golem.New(golem.Options{})
	_, err := in.Eval(context.Background(), "(defun half (x) (/ x 0)) (half 7)")
	var lerr *golem.Error
	if errors.As(err, &lerr) {
		fmt.Println(lerr.Type)
		fmt.Println(lerr.Report)
		fmt.Println(strings.Join(lerr.Backtrace[:2], " < "))
	}
	// Output:
	// DIVISION-BY-ZERO
	// arithmetic error DIVISION-BY-ZERO signalled
	// Operation was (/ 7 0).
	// (/ 7 0) < (HALF 7)
}

func ExampleInterpreter_Call() {
	ctx := context.Background()
	in := golem.New(golem.Options{})
	if _, err := in.Eval(ctx, `(defun shipping (order)
	                             (if (> (getf order :total) 50) 0 (+ 5 (* 2 (getf order :items)))))`); err != nil {
		panic(err)
	}
	type Order struct {
		Items int
		Total float64
	}
	for _, o := range []Order{{Items: 2, Total: 30}, {Items: 9, Total: 80}} {
		vals, err := in.Call(ctx, "shipping", o) // the struct arrives as a plist
		if err != nil {
			panic(err)
		}
		var fee int
		if err := golem.ExportTo(vals[0], &fee); err != nil {
			panic(err)
		}
		fmt.Println(fee)
	}
	// Functions can also be given as Lisp forms, and return several values.
	vals, _ := in.Call(ctx, "(lambda (a b) (floor a b))", 17, 5)
	fmt.Println(golem.ToGo(vals[0]), golem.ToGo(vals[1]))
	// Output:
	// 9
	// 0
	// 3 2
}

func ExampleInterpreter_Define() {
	ctx := context.Background()
	in := golem.New(golem.Options{})
	rates := map[string]float64{"EUR": 1.1, "GBP": 1.3}
	// A plain Go signature: arguments and results are converted, and a
	// returned error becomes a GOLEM:GO-ERROR condition.
	err := in.Define("fx:to-usd", func(amount float64, currency string) (float64, error) {
		r, ok := rates[currency]
		if !ok {
			return 0, fmt.Errorf("unknown currency %s", currency)
		}
		return amount * r, nil
	})
	if err != nil {
		panic(err)
	}
	text, _ := in.EvalResponse(ctx, `(list (fx:to-usd 100 "EUR")
	                                      (handler-case (fx:to-usd 1 "XYZ")
	                                        (golem:go-error (e) (golem:go-error-message e))))`)
	fmt.Println(text)
	// Output:
	// => (110.00000000000001d0 "unknown currency XYZ")
}

func ExampleInterpreter_Define_variadic() {
	in := golem.New(golem.Options{})
	// A context.Context first parameter receives the evaluation's context;
	// a variadic function takes &rest arguments; func parameters receive
	// Lisp functions.
	_ = in.Define("join", func(ctx context.Context, sep string, parts ...string) string {
		return strings.Join(parts, sep)
	})
	_ = in.Define("apply-twice", func(f func(string) string, s string) string { return f(f(s)) })
	text, _ := in.EvalResponse(context.Background(),
		`(apply-twice (lambda (s) (join "-" s s)) "ab")`)
	fmt.Println(text)
	// Output:
	// => "ab-ab-ab-ab"
}

func ExampleInterpreter_Define_panic() {
	in := golem.New(golem.Options{})
	_ = in.Define("nth-item", func(items []string, i int) string { return items[i] })
	text, _ := in.EvalResponse(context.Background(),
		`(handler-case (nth-item '("a" "b") 5)
		   (error (e) (format nil "caught: ~a" e)))`)
	fmt.Println(text)
	// Output:
	// => "caught: The Go function NTH-ITEM panicked: runtime error: index out of range [5] with length 2"
}

// The low-level form receives Lisp values unconverted and the running
// thread, which calls Lisp functions and signals Lisp errors.
func ExampleInterpreter_Define_lowLevel() {
	in := golem.New(golem.Options{})
	_ = in.Define("count-if-go", func(th *rt.Thread, args []golem.Value) golem.Value {
		if len(args) != 2 {
			th.ProgramError("count-if-go takes a predicate and a list")
		}
		n := 0
		for l := args[1]; l != rt.NIL; l = l.(*rt.Cons).Cdr {
			if th.Call(args[0], l.(*rt.Cons).Car) != rt.NIL {
				n++
			}
		}
		return rt.MakeInt(int64(n))
	})
	text, _ := in.EvalResponse(context.Background(), "(count-if-go #'evenp '(1 2 3 4 6))")
	fmt.Println(text)
	// Output:
	// => 3
}

func ExampleInterpreter_Interrupt() {
	in := golem.New(golem.Options{})
	go func() {
		time.Sleep(50 * time.Millisecond)
		in.Interrupt("stopped by the host") // safe from any goroutine
	}()
	_, err := in.Eval(context.Background(), "(loop)")
	fmt.Println(err)
	// Cancelling the context interrupts too.
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	_, err = in.Eval(ctx, "(loop)")
	fmt.Println(err)
	// Output:
	// GOLEM:INTERRUPTED: Evaluation stopped: stopped by the host
	// GOLEM:INTERRUPTED: Evaluation stopped: evaluation cancelled: context canceled
}

func ExampleToGo() {
	in := golem.New(golem.Options{})
	res, _ := in.Eval(context.Background(),
		`(list 1 (expt 2 70) 3/4 2.5d0 "text" #\λ t nil :done #(1 2))`)
	for _, v := range golem.ToGo(res.Values[0]).([]any) {
		if c, ok := v.(golem.Char); ok {
			fmt.Printf("golem.Char %c\n", c)
			continue
		}
		fmt.Printf("%T %v\n", v, v)
	}
	// Output:
	// int64 1
	// *big.Int 1180591620717411303424
	// *big.Rat 3/4
	// float64 2.5
	// string text
	// golem.Char λ
	// bool true
	// <nil> <nil>
	// golem.Symbol :DONE
	// []interface {} [1 2]
}

func ExampleInterpreter_FromGo() {
	in := golem.New(golem.Options{})
	type Item struct {
		SKU      string
		Quantity int
		Tags     []string `lisp:"labels"`
	}
	cart := map[string]Item{"a": {SKU: "X1", Quantity: 2, Tags: []string{"new"}}}
	vals, _ := in.Call(context.Background(), "(lambda (cart) (gethash \"a\" cart))", in.FromGo(cart))
	text, _ := in.Call(context.Background(), "prin1-to-string", vals[0])
	fmt.Println(golem.ToGo(text[0]))
	// Output:
	// (:SKU "X1" :QUANTITY 2 :LABELS ("new"))
}

func ExampleExportTo() {
	in := golem.New(golem.Options{})
	res, _ := in.Eval(context.Background(), `
	  (defstruct server host (port 80) aliases)
	  (list (make-server :host "a.example" :aliases '("www"))
	        '(:host "b.example" :port 8080))`)
	type Server struct {
		Host    string
		Port    uint16
		Aliases []string
	}
	var servers []Server
	if err := golem.ExportTo(res.Values[0], &servers); err != nil {
		panic(err)
	}
	fmt.Printf("%+v\n", servers)
	// Output:
	// [{Host:a.example Port:80 Aliases:[www]} {Host:b.example Port:8080 Aliases:[]}]
}

// Go values with no Lisp form travel through Lisp as opaque handles.
func ExampleFromGo_handle() {
	type Conn struct{ Name string }
	in := golem.New(golem.Options{})
	_ = in.Define("conn-name", func(c *Conn) string { return c.Name })
	conn := &Conn{Name: "db-1"}
	vals, _ := in.Call(context.Background(), "(lambda (c) (list (prin1-to-string c) (conn-name c)))", conn)
	fmt.Println(golem.ToGo(vals[0]))
	// Output:
	// [#<GO-VALUE *golem_test.Conn> db-1]
}
