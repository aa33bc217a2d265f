package golem_test

import (
	"context"
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem"
)

// oddArguments are argument forms of many types, including circular and
// huge data, for calling library functions with what they do not expect.
var oddArguments = []string{"1", "-1", "0", "2.5", "1/3", "#c(1 2)", "'a", "nil", "t", `"abc"`, `#\x`,
	"'(1 2 3)", "'(a . b)", "#(1 2)", "(make-hash-table)", "#'car", "'car", ":key",
	"(make-string-output-stream)", "most-positive-fixnum", "(expt 2 70)", "-7.5d0", `'(1 (2) "x")`,
	"(make-array '(2 2))", "#*101", "(list 'quote 'x)", `(find-package "CL")`, "*readtable*",
	"(make-random-state)", `#p"foo.lisp"`, "1000000", "-3",
	"(let ((l (list 1 2))) (setf (cddr l) l) l)", "(make-array 3 :adjustable t :fill-pointer 0)",
	"(make-string 3)", "-1000000000000", "1e30", "(code-char 955)", "#2A((1 2) (3 4))",
	`(vector 'a "b" 3)`, `(make-symbol "G")`, "(list :a 1 :b 2)", "'((a . 1) (b . 2))",
	"(lambda (x) x)", "#'+", "#'<", "(make-broadcast-stream)", `(make-string-input-stream "(1 2) x")`,
	"-0.0", "(/ 1.0 3)", "(ash 1 100)", "(1- (ash 1 62))", "''sym", `#\Nul`, `""`, "'()",
	`(make-condition 'simple-error :format-control "x")`, "(find-class 'integer)"}

// TestRandomCallsStayLispErrors calls random COMMON-LISP functions with
// random odd arguments (nested one level): whatever happens must be a value
// or a Lisp condition, never a Go panic (GOLEM:INTERNAL-ERROR), a crash or a
// hang. Found: APPLY and VALUES-LIST filling memory from a circular list,
// error messages printing circular data forever, NRECONC's list walker.
func TestRandomCallsStayLispErrors(t *testing.T) {
	in := golem.New(golem.Options{Limits: golem.Limits{Timeout: 2 * time.Second, MaxMemory: 256 << 20}})
	ctx := context.Background()
	res, err := in.Eval(ctx, `(let (fs)
  (do-external-symbols (s "CL")
    (when (and (fboundp s) (not (macro-function s)) (not (special-operator-p s))
               ;; Functions that wait for input or touch the file system.
               (not (member s '(sleep read read-line read-char read-byte peek-char read-preserving-whitespace
                                read-delimited-list read-char-no-hang y-or-n-p yes-or-no-p break invoke-debugger
                                ed inspect dribble room load compile-file delete-file rename-file open
                                directory ensure-directories-exist probe-file file-write-date file-author
                                truename))))
      (push (symbol-name s) fs)))
  (format nil "~{~a~^ ~}" (sort fs #'string<)))`)
	require.NoError(t, err)
	names := strings.Fields(golem.ToGo(res.Values[0]).(string))
	require.Greater(t, len(names), 500)
	rng := rand.New(rand.NewSource(2))
	arg := func() string { return oddArguments[rng.Intn(len(oddArguments))] }
	for i := 0; i < 2000; i++ {
		var b strings.Builder
		fmt.Fprintf(&b, "(%s", names[rng.Intn(len(names))])
		for j := rng.Intn(4); j > 0; j-- {
			if rng.Intn(5) == 0 {
				fmt.Fprintf(&b, " (%s %s %s)", names[rng.Intn(len(names))], arg(), arg())
			} else {
				b.WriteString(" " + arg())
			}
		}
		b.WriteString(")")
		text, _ := in.EvalResponse(ctx, b.String())
		assert.NotContains(t, text, "INTERNAL-ERROR", b.String())
	}
	// The session survived all of it.
	text, _ := in.EvalResponse(ctx, "(+ 1 2)")
	assert.Equal(t, "=> 3", text)
}

// TestRandomSpecialFormsStayLispErrors compiles and runs random nestings of
// special operators and standard macros with malformed arguments: each must
// give a value or a Lisp condition, never a Go panic. Found: unchecked
// SYMBOL-MACROLET bindings, (FUNCTION (SETF ...)) and the THE, LDB and
// APPLY places.
func TestRandomSpecialFormsStayLispErrors(t *testing.T) {
	// Random LOOPs and TAGBODYs run forever: a short timeout stops them.
	in := golem.New(golem.Options{Limits: golem.Limits{Timeout: 50 * time.Millisecond, MaxMemory: 256 << 20}})
	ctx := context.Background()
	ops := strings.Fields(`let let* flet labels macrolet symbol-macrolet tagbody go block return-from catch
		throw unwind-protect the eval-when load-time-value locally multiple-value-bind multiple-value-call
		multiple-value-prog1 progv setq psetq function quote if progn lambda defun defmacro
		destructuring-bind handler-case handler-bind restart-case loop do dolist dotimes case typecase cond
		and or when unless defvar defparameter defconstant defstruct defclass defgeneric defmethod setf incf
		push pop with-output-to-string with-slots declare prog prog1 nth-value ignore-errors ecase ctypecase
		assert check-type define-condition deftype declaim define-symbol-macro shiftf rotatef
		with-open-stream formatter time`)
	atoms := []string{"1", "x", "nil", "t", "()", "(x)", "((x 1))", "((x))", "(1 2)", "((1 2))", "(&rest)",
		"(&key)", "(x &optional)", `"s"`, ":k", "'q", "(declare (ignore x))", "(go nowhere)", "(return 1)",
		"#(1)", "(x . 1)", "((x . 1))", "(lambda)", "(function)", "(quote)", "(1)", "(nil)", "(t)", "((t))",
		"(x y z)", "(&whole)", "(&environment e)"}
	rng := rand.New(rand.NewSource(4))
	var form func(depth int) string
	form = func(depth int) string {
		if depth > 2 || rng.Intn(3) == 0 {
			return atoms[rng.Intn(len(atoms))]
		}
		var b strings.Builder
		fmt.Fprintf(&b, "(%s", ops[rng.Intn(len(ops))])
		for j := rng.Intn(4); j > 0; j-- {
			b.WriteString(" " + form(depth+1))
		}
		b.WriteString(")")
		return b.String()
	}
	for i := 0; i < 3000; i++ {
		code := form(0)
		text, _ := in.EvalResponse(ctx, code)
		assert.NotContains(t, text, "INTERNAL-ERROR", code)
	}
	// The session survived (the forms may have changed the current package).
	text, _ := in.EvalResponse(ctx, "(cl:+ 1 2)")
	assert.Equal(t, "=> 3", text)
}
