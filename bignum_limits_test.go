package golem_test

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem"
)

// evalTimed evaluates code and returns the result, the error and how long
// it took.
func evalTimed(in *golem.Interpreter, code string) (*golem.Result, error, time.Duration) {
	start := time.Now()
	res, err := in.Eval(context.Background(), code)
	return res, err, time.Since(start)
}

// TestBignumLimits runs the operations that once ran for minutes inside
// math/big: each must end quickly in a STORAGE-CONDITION under the default
// bignum bound (or a small one), or be stopped by a short timeout.
func TestBignumLimits(t *testing.T) {
	digits := func(n int) string { return strings.Repeat("7", n) }
	cases := []struct {
		name    string
		code    string
		limits  golem.Limits
		errType string
	}{
		{"expt", "(integer-length (expt 3 (expt 10 8)))", golem.Limits{}, "STORAGE-CONDITION"},
		{"isqrt of a huge power", "(isqrt (expt 7 30000000))", golem.Limits{}, "STORAGE-CONDITION"},
		{"reading a 5-million-digit literal", `(read-from-string (make-string 5000000 :initial-element #\7))`, golem.Limits{}, "STORAGE-CONDITION"},
		{"parse-integer of 3 million digits", `(parse-integer (make-string 3000000 :initial-element #\7))`, golem.Limits{}, "STORAGE-CONDITION"},
		{"a literal in the code", digits(2000000), golem.Limits{}, "STORAGE-CONDITION"},
		{"multiplication", "(let ((x (ash 1 60000))) (* x x))", golem.Limits{MaxBignumBits: 100000}, "STORAGE-CONDITION"},
		{"ash", "(ash 1 (expt 10 9))", golem.Limits{}, "STORAGE-CONDITION"},
		{"addition past the bound", "(let ((x (ash 1 99999))) (+ x x))", golem.Limits{MaxBignumBits: 100000}, "STORAGE-CONDITION"},
		{"ldb", "(ldb (byte 200000 0) -1)", golem.Limits{MaxBignumBits: 100000}, "STORAGE-CONDITION"},
		{"gcd of two large integers", "(gcd (1- (ash 1 30000)) (1- (ash 1 29999)))", golem.Limits{MaxBignumBits: 100000}, "STORAGE-CONDITION"},
		{"a ratio of two large integers", "(/ (1- (ash 1 30000)) (1- (ash 1 29999)))", golem.Limits{MaxBignumBits: 100000}, "STORAGE-CONDITION"},
		{"ratio arithmetic", "(+ (/ 1 (1- (ash 1 20000))) (/ 1 (1+ (ash 1 20000))))", golem.Limits{MaxBignumBits: 100000}, "STORAGE-CONDITION"},
		{"expt of a ratio", "(expt 7/3 10000000)", golem.Limits{}, "STORAGE-CONDITION"},
		{"repeated squaring", "(let ((x 3)) (loop (setf x (* x x))))", golem.Limits{}, "STORAGE-CONDITION"},
		{"a ratio of 3-Mbit integers under the default bound", "(/ (1- (ash 1 3000000)) (1- (ash 1 2999999)))", golem.Limits{}, "STORAGE-CONDITION"},
		{"a loop of large multiplications", "(let ((x (ash 1 100000))) (loop (* x x)))", golem.Limits{Timeout: 300 * time.Millisecond}, "GOLEM:INTERRUPTED"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := golem.New(golem.Options{Limits: c.limits})
			_, err, took := evalTimed(in, c.code)
			require.Error(t, err)
			var e *golem.Error
			require.ErrorAs(t, err, &e)
			assert.Equal(t, c.errType, e.Type, e.Report)
			assert.Less(t, took, 5*time.Second)
			// The session still works.
			res, err := in.Eval(context.Background(), "(+ 1 2)")
			require.NoError(t, err)
			assert.EqualValues(t, 3, golem.ToGo(res.Values[0]))
		})
	}
}

// TestBignumsWithinTheBound checks that results under the bound stay exact.
func TestBignumsWithinTheBound(t *testing.T) {
	in := golem.New(golem.Options{})
	cases := []struct{ code, want string }{
		{"(integer-length (expt 3 1000000))", "1584963"},
		{"(= (isqrt (expt 7 300000)) (expt 7 150000))", "T"},
		{"(let ((n (1- (expt 10 20001)))) (= (isqrt n) (1- (expt 10 10000))))", "NIL"},
		{"(let* ((n (expt 10 20001)) (r (isqrt n))) (and (<= (* r r) n) (< n (* (1+ r) (1+ r)))))", "T"},
		{"(let* ((n (+ (expt 3 100001) 12345)) (r (isqrt n))) (and (<= (* r r) n) (< n (* (1+ r) (1+ r)))))", "T"},
		{"(gcd (expt 6 10000) (expt 15 10000))", "(EXPT 3 10000)"},
		{"(expt 2/3 3)", "8/27"},
		{"(expt 2/3 -3)", "27/8"},
		{"(expt -2/3 -3)", "-27/8"},
		{"(expt 1/3 -3)", "27"},
		{"(* (expt 2/3 -100000) (expt 2/3 100000))", "1"},
		{"(let ((x (expt 2/3 1000000))) (= (/ x) (expt 3/2 1000000)))", "T"},
		{"(/ -2/3)", "-3/2"},
		{"(let ((x (expt 7/3 500000))) (multiple-value-bind (q r) (round x) (and (= (+ q r) x) (< (abs r) 1))))", "T"},
		{"(let ((x (expt 7/3 500000))) (= (* (/ x 9) 9) (- (+ x 1) 1)))", "T"},
		{"(truncate 7/2 1/3)", "10"},
		{"(floor -7/2 1/3)", "-11"},
		{"(parse-integer \"-123456789012345678901234567890\")", "-123456789012345678901234567890"},
		{"(parse-integer \"  zz1  \" :radix 36)", "46621"},
		{"(read-from-string \"#x-FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF\")", "(- (1- (expt 16 40)))"},
		{"(read-from-string \"123456789012345678901234567890/3\")", "41152263004115226300411522630"},
	}
	for _, c := range cases {
		t.Run(c.code, func(t *testing.T) {
			res, err := in.Eval(context.Background(), fmt.Sprintf("(equal %s %s)", c.code, c.want))
			require.NoError(t, err)
			assert.Equal(t, true, golem.ToGo(res.Values[0]))
		})
	}
}

// TestLongIntegersReadAndPrint reads, prints and parses 300,000-digit
// integers (once quadratic) in several bases.
func TestLongIntegersReadAndPrint(t *testing.T) {
	in := golem.New(golem.Options{Limits: golem.Limits{Timeout: 20 * time.Second}})
	ctx := context.Background()
	var b strings.Builder
	for i := 0; i < 300000; i++ {
		b.WriteByte("123456789"[i%9])
	}
	text := "9" + b.String()[1:]
	want, _ := new(big.Int).SetString(text, 10)
	start := time.Now()
	res, err := in.Eval(ctx, fmt.Sprintf(`(let ((n %s)) (list (prin1-to-string n) (integer-length n)
  (= n (parse-integer %q)) (= n (parse-integer (write-to-string n :base 7) :radix 7))
  (= n (let ((*read-base* 36)) (read-from-string (write-to-string n :base 36))))
  (= (- n) (parse-integer (concatenate 'string "-" (write-to-string n :base 2)) :radix 2))))`, text, text))
	require.NoError(t, err)
	assert.Less(t, time.Since(start), 10*time.Second)
	out := golem.ToGo(res.Values[0]).([]any)
	assert.Equal(t, text, out[0])
	assert.EqualValues(t, want.BitLen(), out[1])
	for i := 2; i < len(out); i++ {
		assert.Equal(t, true, out[i], i)
	}
}
