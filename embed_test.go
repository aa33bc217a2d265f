package golem_test

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem"
	rt "github.com/golem-lisp/golem/runtime"
)

var errNegative = errors.New("negative input")

// embedInterp returns an interpreter with a set of Go functions defined.
func embedInterp(t *testing.T) *golem.Interpreter {
	t.Helper()
	in := golem.New(golem.Options{Limits: golem.Limits{Timeout: 10 * time.Second}})
	defs := map[string]any{
		"add": func(a, b int) int { return a + b },
		"sqrt-int": func(n int64) (int64, error) {
			if n < 0 {
				return 0, errNegative
			}
			r := int64(0)
			for (r+1)*(r+1) <= n {
				r++
			}
			return r, nil
		},
		"greet": func(name string) string { return "Hello, " + name + "!" },
		"sum": func(xs ...float64) float64 {
			s := 0.0
			for _, x := range xs {
				s += x
			}
			return s
		},
		"divmod":   func(a, b int) (int, int) { return a / b, a % b },
		"nothing":  func() {},
		"crash":    func(i int) int { return []int{1, 2, 3}[i] },
		"boom":     func() { panic("kaboom") },
		"with-ctx": func(ctx context.Context, x int) bool { return ctx != nil && x > 0 },
		"twice":    func(f func(int) int, x int) int { return f(f(x)) },
		"each": func(xs []string, f func(string)) {
			for _, x := range xs {
				f(x)
			}
		},
		"word-lens": func(words []string) map[string]int {
			m := map[string]int{}
			for _, w := range words {
				m[w] = len(w)
			}
			return m
		},
		"shop:price": func(item string) (float64, error) {
			if item == "apple" {
				return 0.5, nil
			}
			return 0, fmt.Errorf("no price for %q", item)
		},
	}
	for name, fn := range defs {
		require.NoError(t, in.Define(name, fn), name)
	}
	return in
}

func evalOK(t *testing.T, in *golem.Interpreter, code string) string {
	t.Helper()
	text, isErr := in.EvalResponse(context.Background(), code)
	require.False(t, isErr, "%s\n%s", code, text)
	return text
}

func TestDefineReflectedFunctions(t *testing.T) {
	in := embedInterp(t)
	cases := []struct{ code, want string }{
		{"(add 2 3)", "=> 5"},
		{"(sqrt-int 17)", "=> 4"},
		{`(greet "Lisp")`, `=> "Hello, Lisp!"`},
		{"(sum)", "=> 0.0d0"},
		{"(sum 1 2.5 1/2)", "=> 4.0d0"},
		{"(divmod 17 5)", "=> 3\n=> 2"},
		{"(multiple-value-list (divmod 17 5))", "=> (3 2)"},
		{"(nothing)", "=> NIL"},
		{"(with-ctx 1)", "=> T"},
		{"(twice (lambda (x) (* x 10)) 3)", "=> 300"},
		{"(twice #'1+ 3)", "=> 5"},
		{`(let ((acc '())) (each '("a" "b") (lambda (s) (push s acc))) acc)`, `=> ("b" "a")`},
		{`(let ((h (word-lens '("go" "lisp")))) (list (hash-table-count h) (gethash "lisp" h) (hash-table-test h)))`, "=> (2 4 EQUAL)"},
		{`(shop:price "apple")`, "=> 0.5d0"},
		{"(handler-case (sqrt-int -4) (go-error (e) (list (go-error-message e) (go-error-function e) (go-error-panic-p e))))",
			`=> ("negative input" SQRT-INT NIL)`},
		{"(handler-case (crash 7) (error (e) (list (type-of e) (go-error-panic-p e))))", "=> (GO-ERROR T)"},
		{"(handler-case (boom) (go-error (e) (princ-to-string e)))", `=> "The Go function BOOM panicked: kaboom"`},
		{"(handler-bind ((go-error (lambda (c) (declare (ignore c)) (use-value -1)))) (sqrt-int -4))", "=> -1"},
		{"(handler-bind ((go-error (lambda (c) (declare (ignore c)) (use-value :none)))) (crash 9))", "=> :NONE"},
		{"(handler-case (add 1 \"two\") (type-error (e) (list (type-error-datum e) (type-error-expected-type e))))",
			`=> ("two" (SIGNED-BYTE 64))`},
		{"(subtypep 'go-error 'error)", "=> T\n=> T"},
		// Non-local exits and Lisp errors pass through Go frames untouched.
		{"(block out (twice (lambda (x) (return-from out (list :escaped x))) 1))", "=> (:ESCAPED 1)"},
		{"(catch 'tag (twice (lambda (x) (throw 'tag x)) 8))", "=> 8"},
		{"(handler-case (twice (lambda (x) (/ x 0)) 1) (division-by-zero () :div0))", "=> :DIV0"},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, evalOK(t, in, c.code), c.code)
	}
}

func TestDefineErrorsReachGo(t *testing.T) {
	in := embedInterp(t)
	ctx := context.Background()
	_, err := in.Eval(ctx, "(sqrt-int -1)")
	var lerr *golem.Error
	require.ErrorAs(t, err, &lerr)
	assert.Equal(t, "GO-ERROR", lerr.Type)
	assert.Equal(t, "The Go function SQRT-INT returned an error: negative input", lerr.Report)
	assert.ErrorIs(t, err, errNegative, "Unwrap gives the Go error")
	assert.Contains(t, lerr.Restarts[0], "USE-VALUE")
	assert.Equal(t, "(SQRT-INT -1)", lerr.Backtrace[0])

	_, err = in.Call(ctx, "boom")
	require.ErrorAs(t, err, &lerr)
	assert.Equal(t, "GO-ERROR", lerr.Type)
	assert.Nil(t, errors.Unwrap(err), "a panic with a string carries no Go error")

	text, isErr := in.EvalResponse(ctx, "(add 1)")
	assert.True(t, isErr)
	assert.Contains(t, text, "[ERROR] PROGRAM-ERROR")

	// The interpreter keeps working after Go panics.
	assert.Equal(t, "=> 7", evalOK(t, in, "(add 3 4)"))
}

func TestDefineNames(t *testing.T) {
	in := golem.New(golem.Options{})
	one := func() int { return 1 }
	require.NoError(t, in.Define("My-Fun", one))
	require.NoError(t, in.Define("tools:one", one))
	require.NoError(t, in.Define("tools::hidden", one))
	assert.Equal(t, "=> (1 1 1)", evalOK(t, in, "(list (my-fun) (tools:one) (tools::hidden))"))
	assert.Equal(t, "=> :EXTERNAL", evalOK(t, in, `(nth-value 1 (find-symbol "ONE" "TOOLS"))`))
	assert.Equal(t, "=> :INTERNAL", evalOK(t, in, `(nth-value 1 (find-symbol "HIDDEN" "TOOLS"))`))

	for _, bad := range []string{"car", "cl:list", ":key", "", "go-error", "let"} {
		assert.Error(t, in.Define(bad, one), bad)
	}
	assert.Error(t, in.Define("x", 42))
	assert.Error(t, in.Define("x", (func())(nil)))

	// A Lisp definition can be replaced by a Go one, and the other way round.
	evalOK(t, in, "(defun area (r) (* r r 3))")
	require.NoError(t, in.Define("area", func(r float64) float64 { return r * r * 3.14 }))
	assert.Equal(t, "=> 3.14d0", evalOK(t, in, "(area 1)"))
}

func TestDefineLowLevel(t *testing.T) {
	in := golem.New(golem.Options{})
	require.NoError(t, in.Define("second-arg", func(th *rt.Thread, args []golem.Value) golem.Value {
		if len(args) < 2 {
			th.ProgramError("second-arg needs two arguments")
		}
		return args[1]
	}))
	require.NoError(t, in.Define("apply-go", func(th *rt.Thread, args []golem.Value) (golem.Value, error) {
		if len(args) == 0 {
			return nil, errors.New("no function")
		}
		return th.Call(args[0], args[1:]...), nil
	}))
	require.NoError(t, in.Define("bad-index", func(th *rt.Thread, args []golem.Value) golem.Value {
		return args[5]
	}))
	assert.Equal(t, "=> B", evalOK(t, in, "(second-arg 'a 'b 'c)"))
	assert.Equal(t, "=> 6", evalOK(t, in, "(apply-go #'+ 1 2 3)"))
	assert.Equal(t, `=> "The Go function APPLY-GO returned an error: no function"`,
		evalOK(t, in, "(handler-case (apply-go) (go-error (e) (princ-to-string e)))"))
	assert.Equal(t, "=> T", evalOK(t, in, "(handler-case (bad-index) (go-error (e) (go-error-panic-p e)))"))
	assert.Equal(t, "=> :PE", evalOK(t, in, "(handler-case (second-arg 1) (program-error () :pe))"))
}

func TestCallbackAfterReturn(t *testing.T) {
	in := golem.New(golem.Options{})
	var saved func() int
	require.NoError(t, in.Define("save", func(f func() int) { saved = f }))
	require.NoError(t, in.Define("run-saved", func() int { return saved() }))
	evalOK(t, in, "(save (lambda () 1))")
	text, isErr := in.EvalResponse(context.Background(), "(run-saved)")
	assert.True(t, isErr)
	assert.Contains(t, text, "called after the call from Lisp returned")
}

func TestCall(t *testing.T) {
	in := embedInterp(t)
	ctx := context.Background()
	evalOK(t, in, `(defun score (order) (* (getf order :qty) (getf order :price)))
	               (defpackage :geo (:use :cl) (:export #:dist))
	               (defun geo:dist (x y) (sqrt (+ (* x x) (* y y))))`)

	vals, err := in.Call(ctx, "score", struct {
		Qty   int
		Price float64
	}{3, 2.5})
	require.NoError(t, err)
	assert.Equal(t, []any{7.5}, toGoAll(vals))

	vals, err = in.Call(ctx, "geo:dist", 3, 4)
	require.NoError(t, err)
	assert.Equal(t, []any{float32(5)}, toGoAll(vals))

	vals, err = in.Call(ctx, "floor", 17, 5)
	require.NoError(t, err)
	assert.Equal(t, []any{int64(3), int64(2)}, toGoAll(vals))

	vals, err = in.Call(ctx, "(lambda (&rest xs) (reverse xs))", "a", 1, true, nil, []int{1, 2})
	require.NoError(t, err)
	assert.Equal(t, []any{[]any{[]any{int64(1), int64(2)}, nil, true, int64(1), "a"}}, toGoAll(vals))

	vals, err = in.Call(ctx, "#'greet", "Go")
	require.NoError(t, err)
	assert.Equal(t, "Hello, Go!", golem.ToGo(vals[0]))

	// Go functions passed as arguments are callable Lisp functions.
	vals, err = in.Call(ctx, "mapcar", func(x int) int { return x * x }, []int{1, 2, 3})
	require.NoError(t, err)
	assert.Equal(t, []any{int64(1), int64(4), int64(9)}, golem.ToGo(vals[0]))

	_, err = in.Call(ctx, "no-such-function", 1)
	var lerr *golem.Error
	require.ErrorAs(t, err, &lerr)
	assert.Equal(t, "UNDEFINED-FUNCTION", lerr.Type)

	_, err = in.Call(ctx, "sqrt-int", -9)
	assert.ErrorIs(t, err, errNegative)

	_, err = in.Call(ctx, "(lambda () (error \"custom ~a\" 42))")
	require.ErrorAs(t, err, &lerr)
	assert.Equal(t, "custom 42", lerr.Report)
}

func TestCallInterrupts(t *testing.T) {
	in := golem.New(golem.Options{Limits: golem.Limits{Timeout: 200 * time.Millisecond}})
	evalOK(t, in, "(defun spin () (loop))")
	start := time.Now()
	_, err := in.Call(context.Background(), "spin")
	var lerr *golem.Error
	require.ErrorAs(t, err, &lerr)
	assert.Equal(t, "GOLEM:INTERRUPTED", lerr.Type)
	assert.Contains(t, lerr.Report, "timeout")
	assert.Less(t, time.Since(start), 5*time.Second)

	// A Go function waiting on its context ends with the evaluation.
	require.NoError(t, in.Define("wait", func(ctx context.Context) error {
		<-ctx.Done()
		return ctx.Err()
	}))
	_, err = in.Call(context.Background(), "wait")
	require.ErrorAs(t, err, &lerr)
	assert.Equal(t, "GOLEM:INTERRUPTED", lerr.Type)
	assert.Contains(t, lerr.Report, "timeout")

	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(20 * time.Millisecond); cancel() }()
	in2 := golem.New(golem.Options{})
	evalOK(t, in2, "(defun spin () (loop))")
	_, err = in2.Call(ctx, "spin")
	require.ErrorAs(t, err, &lerr)
	assert.Contains(t, lerr.Report, "cancelled")

	go func() { time.Sleep(20 * time.Millisecond); in2.Interrupt("stop requested") }()
	_, err = in2.Call(context.Background(), "spin")
	require.ErrorAs(t, err, &lerr)
	assert.Contains(t, lerr.Report, "stop requested")
	assert.Equal(t, "=> 2", evalOK(t, in2, "(1+ 1)"))
}

func toGoAll(vals []golem.Value) []any {
	out := make([]any, len(vals))
	for i, v := range vals {
		out[i] = golem.ToGo(v)
	}
	return out
}

func TestToGo(t *testing.T) {
	in := golem.New(golem.Options{})
	res, err := in.Eval(context.Background(), `(list 42 (expt 2 100) 2/3 1.5 2.5d0 #C(1 2) #\x "str" t nil :key 'sym
	  #(1 "a") #*101 (let ((h (make-hash-table :test 'equal))) (setf (gethash "k" h) 1) h)
	  (let ((h (make-hash-table))) (setf (gethash 1 h) 'one (gethash '(a) h) 2) h)
	  '(1 . 2) (let ((l (list 1 2))) (setf (cddr l) l) l))`)
	require.NoError(t, err)
	items := golem.ToGo(res.Values[0]).([]any)
	big2100 := new(big.Int).Lsh(big.NewInt(1), 100)
	assert.Equal(t, int64(42), items[0])
	assert.Equal(t, big2100, items[1])
	assert.Equal(t, big.NewRat(2, 3), items[2])
	assert.Equal(t, float32(1.5), items[3])
	assert.Equal(t, 2.5, items[4])
	assert.Equal(t, complex(1, 2), items[5])
	assert.Equal(t, golem.Char('x'), items[6])
	assert.Equal(t, "str", items[7])
	assert.Equal(t, true, items[8])
	assert.Nil(t, items[9])
	assert.Equal(t, golem.Keyword("key"), items[10])
	assert.Equal(t, golem.Symbol{Package: "COMMON-LISP-USER", Name: "SYM"}, items[11])
	assert.Equal(t, "SYM", items[11].(golem.Symbol).String())
	assert.Equal(t, ":KEY", items[10].(golem.Symbol).String())
	assert.Equal(t, []any{int64(1), "a"}, items[12])
	assert.Equal(t, []uint8{1, 0, 1}, items[13])
	assert.Equal(t, map[string]any{"k": int64(1)}, items[14])
	m := items[15].(map[any]any)
	assert.Len(t, m, 2)
	assert.Equal(t, golem.Symbol{Package: "COMMON-LISP-USER", Name: "ONE"}, m[int64(1)])
	_, isCons := items[16].(*rt.Cons)
	assert.True(t, isCons, "a dotted pair stays a Lisp value")
	_, isCons = items[17].(*rt.Cons)
	assert.True(t, isCons, "a circular list stays a Lisp value")

	// Deeply nested data is bounded, not a Go stack overflow.
	res, err = in.Eval(context.Background(), "(let ((x nil)) (dotimes (i 50000 x) (setq x (list x))))")
	require.NoError(t, err)
	assert.NotNil(t, golem.ToGo(res.Values[0]))
}

type account struct {
	Owner     string
	Balance   float64
	AccountID int `lisp:"id"`
	Tags      []string
	Limits    map[string]int
	Parent    *account
	Skipped   string `lisp:"-"`
	internal  int
}

func TestFromGoAndExportTo(t *testing.T) {
	in := golem.New(golem.Options{})
	ctx := context.Background()
	acct := account{Owner: "Ann", Balance: 12.5, AccountID: 7, Tags: []string{"vip"},
		Limits: map[string]int{"daily": 100}, Skipped: "x", internal: 3}
	plist := in.FromGo(acct)
	vals, err := in.Call(ctx, "write-to-string", plist, golem.Keyword("PRETTY"), nil)
	require.NoError(t, err)
	assert.Equal(t, `(:OWNER "Ann" :BALANCE 12.5d0 :ID 7 :TAGS ("vip") :LIMITS #<HASH-TABLE :TEST EQUAL :COUNT 1 {...}> :PARENT NIL)`,
		golem.ToGo(vals[0]))

	var back account
	require.NoError(t, golem.ExportTo(plist, &back))
	acct.Skipped, acct.internal = "", 0
	assert.Equal(t, acct, back)

	// Structs fill from structure and CLOS instances and hash tables too.
	res, err := in.Eval(ctx, `(defstruct acct owner balance id)
	  (defclass holder () ((owner :initarg :owner) (balance :initarg :balance)))
	  (list (make-acct :owner "Bo" :balance 3 :id 9)
	        (make-instance 'holder :owner "Cy" :balance 1/2)
	        (let ((h (make-hash-table :test 'equal))) (setf (gethash "owner" h) "Di" (gethash :id h) 4) h))`)
	require.NoError(t, err)
	var three []account
	require.NoError(t, golem.ExportTo(res.Values[0], &three))
	assert.Equal(t, account{Owner: "Bo", Balance: 3, AccountID: 9}, three[0])
	assert.Equal(t, account{Owner: "Cy", Balance: 0.5}, three[1])
	assert.Equal(t, account{Owner: "Di", AccountID: 4}, three[2])

	// Scalars.
	var (
		i8   int8
		u    uint
		f    float32
		s    string
		r    rune
		c    golem.Char
		b    bool
		bi   *big.Int
		br   big.Rat
		sym  golem.Symbol
		z    complex128
		rs   []rune
		arr  [2]int
		anyv any
		p    *int
	)
	require.NoError(t, golem.ExportTo(golem.FromGo(-5), &i8))
	require.NoError(t, golem.ExportTo(golem.FromGo(uint64(1<<63)), &u))
	require.NoError(t, golem.ExportTo(golem.FromGo(2), &f))
	require.NoError(t, golem.ExportTo(in.FromGo(golem.Keyword("ok")), &s))
	require.NoError(t, golem.ExportTo(golem.FromGo(golem.Char('λ')), &r))
	require.NoError(t, golem.ExportTo(golem.FromGo(golem.Char('λ')), &c))
	require.NoError(t, golem.ExportTo(golem.FromGo(0), &b))
	require.NoError(t, golem.ExportTo(golem.FromGo(new(big.Int).Lsh(big.NewInt(3), 70)), &bi))
	require.NoError(t, golem.ExportTo(golem.FromGo(big.NewRat(1, 3)), &br))
	require.NoError(t, golem.ExportTo(in.FromGo(golem.Keyword("k")), &sym))
	require.NoError(t, golem.ExportTo(golem.FromGo(complex(1, -1)), &z))
	require.NoError(t, golem.ExportTo(golem.FromGo("héllo"), &rs))
	require.NoError(t, golem.ExportTo(golem.FromGo([]int{4, 5}), &arr))
	require.NoError(t, golem.ExportTo(golem.FromGo([]any{1, "x"}), &anyv))
	require.NoError(t, golem.ExportTo(rt.NIL, &p))
	assert.Equal(t, int8(-5), i8)
	assert.Equal(t, uint(1<<63), u)
	assert.Equal(t, float32(2), f)
	assert.Equal(t, "OK", s)
	assert.Equal(t, 'λ', r)
	assert.Equal(t, golem.Char('λ'), c)
	assert.True(t, b, "0 is true in Lisp")
	assert.Equal(t, "3541774862152233910272", bi.String())
	assert.Equal(t, "1/3", br.String())
	assert.Equal(t, golem.Keyword("K"), sym)
	assert.Equal(t, complex(1, -1), z)
	assert.Equal(t, []rune("héllo"), rs)
	assert.Equal(t, [2]int{4, 5}, arr)
	assert.Equal(t, []any{int64(1), "x"}, anyv)
	assert.Nil(t, p)

	var ce *golem.ConversionError
	assert.ErrorAs(t, golem.ExportTo(golem.FromGo(300), &i8), &ce)
	assert.ErrorAs(t, golem.ExportTo(golem.FromGo(-1), &u), &ce)
	assert.ErrorAs(t, golem.ExportTo(golem.FromGo("x"), &f), &ce)
	assert.ErrorAs(t, golem.ExportTo(golem.FromGo([]int{1}), &arr), &ce)
	assert.Contains(t, golem.ExportTo(golem.FromGo([]any{1, "no"}), &[]int{}).Error(), `the string "no" to Go type int`)
	assert.Error(t, golem.ExportTo(golem.FromGo(1), i8))
	var fn func() int
	assert.Error(t, golem.ExportTo(rt.NIL, fn))

	// Without an interpreter, maps and structs are carried opaquely.
	opaque := golem.FromGo(map[string]int{"a": 1})
	assert.Equal(t, map[string]int{"a": 1}, golem.ToGo(opaque))
	var m map[string]int
	require.NoError(t, golem.ExportTo(opaque, &m))
	assert.Equal(t, 1, m["a"])
}

func TestGoValues(t *testing.T) {
	in := golem.New(golem.Options{})
	ctx := context.Background()
	acct := &account{Owner: "Ann"}
	require.NoError(t, in.Define("owner-of", func(a *account) string { return a.Owner }))
	require.NoError(t, in.Define("new-account", func(owner string) *account { return &account{Owner: owner} }))
	vals, err := in.Call(ctx, "(lambda (a) (list (prin1-to-string a) (owner-of a) (eq a a)))", acct)
	require.NoError(t, err)
	assert.Equal(t, []any{"#<GO-VALUE *golem_test.account>", "Ann", true}, golem.ToGo(vals[0]))

	vals, err = in.Call(ctx, "list", acct, acct)
	require.NoError(t, err)
	pair := golem.ToGo(vals[0]).([]any)
	assert.Same(t, acct, pair[0], "ToGo returns the Go value itself")
	eq, err := in.Call(ctx, "eq", acct, acct)
	require.NoError(t, err)
	assert.Equal(t, rt.T, eq[0], "the same pointer is EQ")

	vals, err = in.Call(ctx, "(lambda () (owner-of (new-account \"Bo\")))")
	require.NoError(t, err)
	assert.Equal(t, "Bo", golem.ToGo(vals[0]))

	var got *account
	require.NoError(t, golem.ExportTo(golem.FromGo(acct), &got))
	assert.Same(t, acct, got)
	var copied account
	require.NoError(t, golem.ExportTo(golem.FromGo(acct), &copied))
	assert.Equal(t, "Ann", copied.Owner)

	text, isErr := in.EvalResponse(ctx, "(owner-of 42)")
	assert.True(t, isErr)
	assert.Contains(t, text, "TYPE-ERROR")

	_, err = in.Call(ctx, "(lambda (a) (let ((*print-readably* t)) (prin1-to-string a)))", acct)
	var lerr *golem.Error
	require.ErrorAs(t, err, &lerr)
	assert.Equal(t, "PRINT-NOT-READABLE", lerr.Type)
}

// TestParallelInterpreters runs 64 interpreters at once (run under -race by
// CI): interpreters share nothing, Go functions included.
func TestParallelInterpreters(t *testing.T) {
	const n = 64
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			in := golem.New(golem.Options{Limits: golem.Limits{Timeout: time.Minute}})
			calls := 0
			if err := in.Define("go-square", func(x int) int { calls++; return x * x }); err != nil {
				errs <- err
				return
			}
			code := fmt.Sprintf(`(defpackage :p%d (:use :cl)) (in-package :p%d)
			  (defvar *id* %d)
			  (defgeneric describe-it (x))
			  (defmethod describe-it ((x integer)) (format nil "~r" x))
			  (define-condition odd-thing (error) ())
			  (defun work (k)
			    (handler-case (if (oddp k) (error 'odd-thing) (cl-user::go-square k))
			      (odd-thing () (- k))))
			  (list *id* (loop for k below 10 sum (work k)) (describe-it *id*))`, i, i, i)
			res, err := in.Eval(context.Background(), code)
			if err != nil {
				errs <- fmt.Errorf("interpreter %d: %v", i, err)
				return
			}
			want := fmt.Sprintf("=> (%d 95 %q)", i, spell(i))
			if got := res.Text(); got != want {
				errs <- fmt.Errorf("interpreter %d: got %s, want %s", i, got, want)
				return
			}
			vals, err := in.Call(context.Background(), "work", 6)
			if err != nil || golem.ToGo(vals[0]) != int64(36) || calls != 6 {
				errs <- fmt.Errorf("interpreter %d: Call gave %v, %v, %d calls", i, vals, err, calls)
			}
		}(i)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// spell writes n in English as ~R does, for 0..99.
func spell(n int) string {
	small := strings.Fields("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen")
	tens := strings.Fields("_ _ twenty thirty forty fifty sixty seventy eighty ninety")
	if n < 20 {
		return small[n]
	}
	if n%10 == 0 {
		return tens[n/10]
	}
	return tens[n/10] + "-" + small[n%10]
}
