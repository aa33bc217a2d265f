package golem_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/golem-lisp/golem"
	"github.com/golem-lisp/golem/conformance/casefile"
	"github.com/stretchr/testify/require"
)

// fuzzLimits keep one fuzz input small: a runaway program is cut quickly.
var fuzzLimits = golem.Limits{Timeout: 250 * time.Millisecond, MaxDepth: 300, MaxMemory: 32 << 20, MaxOutput: 1 << 16}

// seedStride takes every seedStride-th conformance case as a seed: the
// seeds also run as plain tests (under -race in CI), where all 4,000 would
// take minutes.
const seedStride = 8

// addCorpusSeeds seeds f with the code of conformance cases, through seed,
// which turns a case's code into the fuzz target's arguments.
func addCorpusSeeds(f *testing.F, seed func(code string)) {
	cases, err := casefile.LoadDir("conformance/cases")
	if err != nil {
		f.Fatal(err)
	}
	for i := 0; i < len(cases); i += seedStride {
		seed(cases[i].Code)
	}
}

// checkNoInternalError fails the fuzz input when the evaluation ended in a
// Go panic: every outcome must be a value or a Lisp condition.
func checkNoInternalError(t *testing.T, code string, err error) {
	t.Helper()
	var lerr *golem.Error
	if errors.As(err, &lerr) && lerr.Type == "GOLEM:INTERNAL-ERROR" {
		t.Fatalf("code %q: Go panic: %s", code, lerr.Report)
	}
}

// FuzzEval evaluates arbitrary code in a fresh sandboxed interpreter with
// small limits: it must end in a value or a Lisp condition, never a Go panic
// or a hang. The corpus's programs are the seeds.
func FuzzEval(f *testing.F) {
	addCorpusSeeds(f, func(code string) { f.Add(code) })
	f.Fuzz(func(t *testing.T, code string) {
		in := golem.New(golem.Options{Limits: fuzzLimits})
		// A function made before the code runs checks afterwards that the
		// interpreter still evaluates, whatever the code did to the syntax
		// later text is read with (*readtable*'s case, *read-base*,
		// *package*), which a program may change for good, as in SBCL.
		made, err := in.Eval(context.Background(), "(cl:lambda () (cl:+ 1 2))")
		require.NoError(t, err)
		check, ok := made.Values[0].(*golem.Function)
		require.True(t, ok, "a lambda evaluates to a *golem.Function")
		_, err = in.Eval(context.Background(), code)
		checkNoInternalError(t, code, err)
		vals, err := check.Call(context.Background())
		if err != nil || len(vals) != 1 || golem.ToGo(vals[0]) != int64(3) {
			t.Fatalf("code %q left the interpreter broken: %v %v", code, vals, err)
		}
		// Reading and evaluating text afterwards may fail only as Lisp does.
		_, err = in.Eval(context.Background(), "(cl:+ 1 2)")
		checkNoInternalError(t, code, err)
	})
}

// printerSettings are the printer variables FuzzPrint sets, each from bits
// of the fuzzed flags.
var printerSettings = []struct {
	name   string
	values []string
}{
	{"*print-circle*", []string{"nil", "t"}},
	{"*print-pretty*", []string{"nil", "t"}},
	{"*print-readably*", []string{"nil", "t"}},
	{"*print-escape*", []string{"t", "nil"}},
	{"*print-base*", []string{"10", "2", "16", "36"}},
	{"*print-radix*", []string{"nil", "t"}},
	{"*print-case*", []string{":upcase", ":downcase", ":capitalize", ":upcase"}},
	{"*print-length*", []string{"nil", "3", "0", "nil"}},
	{"*print-level*", []string{"nil", "2", "0", "nil"}},
	{"*print-right-margin*", []string{"nil", "20", "1", "nil"}},
	{"*print-array*", []string{"t", "nil"}},
	{"*print-gensym*", []string{"t", "nil"}},
}

// printCode is the program FuzzPrint evaluates: read data (without #.) and
// print it under the printer variables flags selects.
func printCode(data string, flags uint32) string {
	var b strings.Builder
	b.WriteString("(let* ((data (let ((*read-eval* nil)) (read-from-string " + lispString(data) + ")))\n (")
	for _, s := range printerSettings {
		n := uint32(len(s.values))
		b.WriteString("(" + s.name + " " + s.values[flags%n] + ")")
		flags /= n
	}
	b.WriteString("))\n (prin1-to-string data))")
	return b.String()
}

// FuzzPrint prints data read from arbitrary text under arbitrary printer
// settings: a string or a Lisp condition (PRINT-NOT-READABLE, a reader
// error in the data), never a Go panic or a runaway.
func FuzzPrint(f *testing.F) {
	addCorpusSeeds(f, func(code string) { f.Add(code, uint32(len(code))) })
	for i, s := range []string{"(a b . c)", "#(1 2 #(3))", `"a\"b"`, "|a b|", "#:g", "1/3", "-0.0", "1d300", "#c(1 2)",
		"#1=(a . #1#)", "#2A((1 2) (3 4))", "#*1011", "(quote x)", "`(a ,b ,@c)", "(function f)", `#\Space`,
		"#p\"x.lisp\"", "(loop for x in y collect x)", "((((((((a))))))))", "foo::bar", ":key", "123456789012345678901234567890"} {
		f.Add(s, uint32(i*7919))
	}
	f.Fuzz(func(t *testing.T, data string, flags uint32) {
		in := golem.New(golem.Options{Limits: fuzzLimits})
		code := printCode(data, flags)
		_, err := in.Eval(context.Background(), code)
		checkNoInternalError(t, code, err)
	})
}

// formatArguments are argument lists FuzzFormat passes to its control string.
var formatArguments = []string{
	"", "1", "1 2 3", `"a" #\b 3.5 -7/3`, "'(1 (2 3) 4) '(a b)", "12345678901234567890 -1 0",
	"'sym :key nil t", "1.0d0 -0.0 1e-7 123456.789", "#(1 2) \"x\" 'car", "'(1 2 . 3)",
	"(list 1 2) (list (list 3))", "-5 8 #c(1 2)", "'(\"a\" \"b\" \"c\")", "100 2", "#'car",
}

// FuzzFormat runs FORMAT with an arbitrary control string over a choice of
// arguments: a value or a Lisp condition, never a Go panic or a runaway.
func FuzzFormat(f *testing.F) {
	for _, s := range []string{"~a", "~s ~d", "~{~a~^, ~}", "~:[no~;yes~]", "~@[x~]", "~5,2f", "~e", "~$", "~r",
		"~:r", "~@r", "~:@r", "~b ~o ~x", "~10,'0d", "~<~a~;~a~>", "~:<~a~:>", "~*~a", "~2:*~a", "~?", "~@?",
		"~(~a~)", "~:@(~a~)", "~%~&~|~~", "~t~10t", "~c", "~:c", "~/cl:identity/", "~v,vd", "~#a", "~{~}",
		"~1{~a~}", "~:{~a~}", "~@{~a~}", "~[a~;b~:;c~]", "~#[none~;one~:;many~]", "~i~_~:i", "~w", "~@w",
		"~,,'.,4:d", "~p ~:p ~@p", "~3,4,5,'*,'-,'ee", "~10,4g", "~@<~a~>", "~^", "~a~100000000a"} {
		f.Add(s, uint8(len(s)))
	}
	f.Fuzz(func(t *testing.T, control string, args uint8) {
		in := golem.New(golem.Options{Limits: fuzzLimits})
		code := "(format nil " + lispString(control) + " " + formatArguments[int(args)%len(formatArguments)] + ")"
		_, err := in.Eval(context.Background(), code)
		checkNoInternalError(t, code, err)
	})
}

// lispString writes s as a Lisp string literal.
func lispString(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}
