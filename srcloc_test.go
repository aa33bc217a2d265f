package golem_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem"
	rt "github.com/golem-lisp/golem/runtime"
)

// evalErr evaluates code and returns its *golem.Error (failing the test
// when the evaluation succeeds).
func evalErr(t *testing.T, in *golem.Interpreter, code string) *golem.Error {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_, err := in.Eval(ctx, code)
	var e *golem.Error
	require.True(t, errors.As(err, &e), "code %q: want an error, got %v", code, err)
	return e
}

// writeFiles writes name → content files into a new directory and
// returns it.
func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	return dir
}

// TestReaderErrorLocations: a reader error in code given to Eval names
// "input", the line and SBCL's column; an unfinished form names where it
// began and each parenthesis left open.
func TestReaderErrorLocations(t *testing.T) {
	cases := []struct {
		name, code string
		typ        string
		want       []string
		at         rt.SourceLocation // where the reader stopped
	}{
		{"missing paren", "(defun foo ()\n  (let ((x 1))\n    (+ x 2))\n\n(defun bar () 1)\n", "END-OF-FILE",
			[]string{"end of file on ", "(in form starting at input, line: 1, column: 0)",
				"\"(\" opened at line: 1, column: 0 is never closed: (defun foo ()"},
			rt.SourceLocation{File: "input", Line: 6, Column: 0}},
		{"missing paren in a later form", "(+ 1 2)\n\n  (list 1\n   (list 2 3)", "END-OF-FILE",
			[]string{"(in form starting at input, line: 3, column: 2)",
				"\"(\" opened at line: 3, column: 2 is never closed: (list 1"},
			rt.SourceLocation{File: "input", Line: 4, Column: 13}},
		{"unterminated string", "(print \"abc\n", "END-OF-FILE",
			[]string{"The string opened at line: 1, column: 7 is never closed.",
				"\"(\" opened at line: 1, column: 0 is never closed: (print \"abc"},
			rt.SourceLocation{File: "input", Line: 2, Column: 0}},
		{"extra close paren", "(+ 1 2)\n  )", "READER-ERROR",
			[]string{"unmatched close parenthesis", "(at input, line: 2, column: 3)"},
			rt.SourceLocation{File: "input", Line: 2, Column: 3}},
		{"bad token", "(list 1\n  no-such-package::x)", "READER-ERROR",
			[]string{"Package NO-SUCH-PACKAGE does not exist.", "(at input, line: 2, column: 20)"},
			rt.SourceLocation{File: "input", Line: 2, Column: 20}},
		{"sharp less-than", "(list 1 2 #<foo>)", "READER-ERROR",
			[]string{"illegal sharp macro character: #\\<", "(at input, line: 1, column: 12)"},
			rt.SourceLocation{File: "input", Line: 1, Column: 12}},
		{"dot", "'(a\n . b c)", "READER-ERROR",
			[]string{"More than one object follows . in list.", "(at input, line: 2, column: 6)"},
			rt.SourceLocation{File: "input", Line: 2, Column: 6}},
	}
	in := golem.New(golem.Options{})
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := evalErr(t, in, tc.code)
			assert.Equal(t, tc.typ, e.Type)
			assert.True(t, e.ReadError, "signalled while reading the code")
			for _, w := range tc.want {
				assert.Contains(t, e.Report, w)
			}
			where, ok := e.ReadErrorSource()
			require.True(t, ok, "the condition carries its location")
			assert.Equal(t, tc.at, where.At)
		})
	}
}

// TestReaderErrorOfProgramStream: a READ of the program's own string
// stream names line and column but no file, and keeps the ANSI type.
func TestReaderErrorOfProgramStream(t *testing.T) {
	in := golem.New(golem.Options{})
	text, isErr := evalText(t, in, `(handler-case (read-from-string "(a
 b #<x>)") (reader-error (c) (princ-to-string c)))`)
	assert.False(t, isErr, text)
	assert.Contains(t, text, "illegal sharp macro character: #\\\\<")
	assert.Contains(t, text, "(at line: 2, column: 5)")
	text, isErr = evalText(t, in, `(handler-case (read-from-string "(a b") (end-of-file () :eof))`)
	assert.False(t, isErr, text)
	assert.Equal(t, "=> :EOF", text)
}

// TestLoadErrorLocations: LOAD of files in turn, the third one missing a
// parenthesis, names the third file and the line where its form began.
func TestLoadErrorLocations(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"one.lisp":   "(defun one () 1)\n",
		"two.lisp":   "(defun two () 2)\n",
		"three.lisp": "(defun three () 3)\n\n;; the next form is not closed\n(defun broken (x)\n  (let ((y x))\n    (list y)\n",
		"four.lisp":  "(defun four () 4)\n(list 1 #<four>)\n",
	})
	in := golem.New(golem.Options{AllowRead: []string{dir}})
	three := filepath.Join(dir, "three.lisp")
	code := ""
	for _, f := range []string{"one", "two", "three"} {
		code += `(load "` + filepath.Join(dir, f+".lisp") + `") `
	}
	e := evalErr(t, in, code)
	assert.Equal(t, "END-OF-FILE", e.Type)
	assert.Contains(t, e.Report, "(in form starting at file: "+three+", line: 4, column: 0)")
	assert.Contains(t, e.Report, "\"(\" opened at line: 4, column: 0 is never closed: (defun broken (x)")
	assert.Contains(t, e.Report, "\"(\" opened at line: 5, column: 2 is never closed: (let ((y x))")
	where, ok := e.ReadErrorSource()
	require.True(t, ok)
	assert.Equal(t, rt.SourceLocation{File: three, Line: 4}, where.FormStart)
	assert.False(t, e.ReadError, "the code itself read fine: LOAD's READ failed")

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_, err := in.LoadFile(ctx, filepath.Join(dir, "four.lisp"))
	var le *golem.Error
	require.True(t, errors.As(err, &le), "%v", err)
	assert.Equal(t, "READER-ERROR", le.Type)
	assert.Contains(t, le.Report, "(at file: "+filepath.Join(dir, "four.lisp")+", line: 2, column: 10)")
}

// TestWarningLocations: compiler warnings of a LOADed file name the file
// and the line of the top-level form; those of code given to Eval keep
// SBCL's text.
func TestWarningLocations(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"w.lisp": "(defun g ()\n  (undefined-thing 1))\n\n(defun h (x)\n  (car x 2))\n(defun u (y) 1)\n",
	})
	path := filepath.Join(dir, "w.lisp")
	in := golem.New(golem.Options{AllowRead: []string{dir}})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	res, err := in.LoadFile(ctx, path)
	require.NoError(t, err)
	assert.Contains(t, res.Warnings, "WARNING: The function CAR is called with two arguments, but wants exactly one."+
		" (in form starting at file: "+path+", line: 4, column: 0)")
	assert.Contains(t, res.Warnings, "STYLE-WARNING: undefined function: COMMON-LISP-USER::UNDEFINED-THING"+
		" (in form starting at file: "+path+", line: 1, column: 0)")
	assert.Contains(t, res.Warnings, "STYLE-WARNING: The variable Y is defined but never used."+
		" (in form starting at file: "+path+", line: 6, column: 0)")

	res, err = in.Eval(ctx, "(defun g2 ()\n  (undefined-thing-2 1))")
	require.NoError(t, err)
	assert.Equal(t, []string{"STYLE-WARNING: undefined function: COMMON-LISP-USER::UNDEFINED-THING-2"}, res.Warnings)
}

// TestBacktraceLocations: a frame of a function loaded from a file names
// the file and the line of its definition; functions defined by Eval'd
// code show none.
func TestBacktraceLocations(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"bt.lisp": "(defpackage :bt (:use :cl))\n(in-package :bt)\n\n(defun inner (x)\n  (car x))\n" +
			"(defun outer (x) (inner x))\n(defmethod meth ((s string)) (outer s))\n",
	})
	path := filepath.Join(dir, "bt.lisp")
	in := golem.New(golem.Options{AllowRead: []string{dir}})
	e := evalErr(t, in, `(load "`+path+`") (defun from-input (x) (bt::meth x)) (from-input "s")`)
	require.GreaterOrEqual(t, len(e.Backtrace), 5, "%q", e.Backtrace)
	assert.Equal(t, `(CAR "s")`, e.Backtrace[0])
	assert.Equal(t, `(BT::INNER "s") [`+path+`:4]`, e.Backtrace[1])
	assert.Equal(t, `(BT::OUTER "s") [`+path+`:6]`, e.Backtrace[2])
	assert.Equal(t, `((METHOD BT::METH (STRING)) "s") [`+path+`:7]`, e.Backtrace[3])
	assert.Equal(t, `(FROM-INPUT "s")`, e.Backtrace[4])
}

// TestDefinitionSources: each kind of definition made by a LOADed file
// remembers its file and line, and code given to Eval records "input"
// with its own line; reloading a file moves the lines.
func TestDefinitionSources(t *testing.T) {
	defs := `(defpackage :srcdefs (:use :cl))
(in-package :srcdefs)

(defun f1 (x) (car x))
(defmacro m1 (x) x)
(defgeneric g1 (a))
(defmethod g1 ((a string)) a)
(defmethod g1 :around ((a integer)) (call-next-method))
(defclass c1 () ())
(defvar *v1* 1)
(defparameter *p1* 2)
(define-condition cond1 (error) ())
(defstruct s1 a)
(defun (setf f1) (v x) (setf (car x) v))
(defconstant +k1+ 3)
`
	dir := writeFiles(t, map[string]string{"defs.lisp": defs})
	path := filepath.Join(dir, "defs.lisp")
	in := golem.New(golem.Options{AllowRead: []string{dir}})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_, err := in.LoadFile(ctx, path)
	require.NoError(t, err)
	img := in.Image()
	sym := func(name string) *rt.Symbol { return img.Intern("SRCDEFS", name) }
	type def struct {
		kind   rt.DefinitionKind
		detail string
		line   int
	}
	shown := func(s *rt.Symbol) []def {
		var out []def
		for _, d := range img.DefinitionSources(s) {
			assert.Equal(t, path, d.Location.File)
			out = append(out, def{d.Kind, d.Detail, d.Location.Line})
		}
		return out
	}
	assert.Equal(t, []def{{rt.DefFunction, "", 4}, {rt.DefFunction, "", 14}}, shown(sym("F1")))
	assert.Equal(t, []def{{rt.DefMacro, "", 5}}, shown(sym("M1")))
	assert.Equal(t, []def{{rt.DefGenericFunction, "", 6}, {rt.DefMethod, "(STRING)", 7}, {rt.DefMethod, ":AROUND (INTEGER)", 8}},
		shown(sym("G1")))
	assert.Equal(t, []def{{rt.DefClass, "", 9}}, shown(sym("C1")))
	assert.Equal(t, []def{{rt.DefVariable, "", 10}}, shown(sym("*V1*")))
	assert.Equal(t, []def{{rt.DefVariable, "", 11}}, shown(sym("*P1*")))
	assert.Equal(t, []def{{rt.DefCondition, "", 12}}, shown(sym("COND1")))
	assert.Contains(t, shown(sym("S1")), def{rt.DefStructure, "", 13})
	assert.Equal(t, []def{{rt.DefVariable, "", 15}}, shown(sym("+K1+")))

	setf, ok := img.DefinitionSource(rt.DefFunction, rt.List(img.S.Setf, sym("F1")), "")
	require.True(t, ok)
	assert.Equal(t, path+":14", setf.Location.String())
	src, ok := img.FunctionSource(sym("F1").Fn)
	require.True(t, ok, "found by the function object")
	assert.Equal(t, rt.SourceLocation{File: path, Line: 4}, src.Location)

	// Reloading the edited file moves the lines (and warns of nothing).
	require.NoError(t, os.WriteFile(path, []byte(strings.Replace(defs, "(defun f1", "\n\n(defun f1", 1)), 0o644))
	res, err := in.LoadFile(ctx, path)
	require.NoError(t, err)
	assert.Empty(t, res.Warnings)
	assert.Equal(t, []def{{rt.DefFunction, "", 6}, {rt.DefFunction, "", 16}}, shown(sym("F1")))

	// Evaluated code records "input" and its own line.
	_, err = in.Eval(ctx, "(in-package :srcdefs)\n\n(defun f1 (x) x)")
	require.NoError(t, err)
	got, ok := img.DefinitionSource(rt.DefFunction, sym("F1"), "")
	require.True(t, ok)
	assert.Equal(t, rt.SourceLocation{File: rt.InputSource, Line: 3}, got.Location)
	_, ok = img.FunctionSource(sym("F1").Fn)
	assert.True(t, ok)

	// Prelude definitions have no recorded source.
	assert.Empty(t, img.DefinitionSources(img.CLSym("CAR")))
}

// TestRedefinitionFromAnotherFile: redefining from another file warns,
// naming the new definition's file and line (the same file twice does
// not, see TestDefinitionSources).
func TestRedefinitionFromAnotherFile(t *testing.T) {
	text := "(defun twice-defined () 1)\n(defgeneric twice-gf (x))\n(defmethod twice-gf ((x string)) x)\n"
	dir := writeFiles(t, map[string]string{"a.lisp": text, "b.lisp": "\n" + text})
	in := golem.New(golem.Options{AllowRead: []string{dir}})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_, err := in.LoadFile(ctx, filepath.Join(dir, "a.lisp"))
	require.NoError(t, err)
	b := filepath.Join(dir, "b.lisp")
	res, err := in.LoadFile(ctx, b)
	require.NoError(t, err)
	at := func(line string) string {
		return " (in form starting at file: " + b + ", line: " + line + ", column: 0)"
	}
	assert.Equal(t, []string{
		"STYLE-WARNING: redefining COMMON-LISP-USER::TWICE-DEFINED in DEFUN" + at("2"),
		"STYLE-WARNING: redefining COMMON-LISP-USER::TWICE-GF in DEFGENERIC" + at("3"),
		"STYLE-WARNING: redefining TWICE-GF (#<BUILT-IN-CLASS COMMON-LISP:STRING>) in DEFMETHOD" + at("4"),
	}, res.Warnings)
}

// TestDescribeSourceFile: DESCRIBE of a function, macro or generic function
// loaded from a file ends with SBCL's "Source file:" line; one defined by
// evaluated code has none.
func TestDescribeSourceFile(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"d.lisp": "(defun d-fn (x) x)\n(defmacro d-mac (x) x)\n(defgeneric d-gf (x))\n(defmethod d-gf ((x t)) x)\n",
	})
	path := filepath.Join(dir, "d.lisp")
	in := golem.New(golem.Options{AllowRead: []string{dir}})
	for _, name := range []string{"d-fn", "d-mac", "d-gf"} {
		text, isErr := evalText(t, in, `(load "`+path+`") (with-output-to-string (*standard-output*) (describe '`+name+`))`)
		require.False(t, isErr, text)
		assert.Contains(t, text, "Source file: "+path+"\n", name)
	}
	text, isErr := evalText(t, in, `(defun d-input (x) x) (with-output-to-string (*standard-output*) (describe 'd-input))`)
	require.False(t, isErr, text)
	assert.NotContains(t, text, "Source file")
}
