package runtime_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/golem-lisp/golem"
	"github.com/stretchr/testify/assert"
)

func TestTimeFunctions(t *testing.T) {
	in := golem.New(golem.Options{})
	fxRun(t, in, []fxCase{
		{`(multiple-value-list (decode-universal-time 0 0))`, "=> (0 0 0 1 1 1900 0 NIL 0)", false},
		{`(multiple-value-list (decode-universal-time 3900000000 -5))`, "=> (0 20 2 3 8 2023 3 NIL -5)", false},
		{`(multiple-value-list (decode-universal-time 3900000000 5/2))`, "=> (0 50 18 2 8 2023 2 NIL 5/2)", false},
		{`(length (multiple-value-list (decode-universal-time 3900000000)))`, "=> 9", false},
		{`(length (multiple-value-list (get-decoded-time)))`, "=> 9", false},
		{`(decode-universal-time -1 0)`, "~is not of type UNSIGNED-BYTE", true},
		{`(decode-universal-time 0 25)`, "~(OR NULL (RATIONAL -24 24))", true},
		{`(list (encode-universal-time 0 0 0 1 1 1900 0) (encode-universal-time 5 4 3 2 1 2024 0) (encode-universal-time 0 0 0 1 1 2000 1/3))`,
			"=> (0 3913153445 3155674800)", false},
		{`(encode-universal-time 5 4 3 2 1 99 0)`, "=> 3124235045", false},
		{`(encode-universal-time 60 0 0 1 1 2000 0)`, "~is not of type (MOD 60)", true},
		{`(let ((u (get-universal-time))) (= u (encode-universal-time (nth-value 0 (decode-universal-time u 0)) (nth-value 1 (decode-universal-time u 0))
		   (nth-value 2 (decode-universal-time u 0)) (nth-value 3 (decode-universal-time u 0)) (nth-value 4 (decode-universal-time u 0))
		   (nth-value 5 (decode-universal-time u 0)) 0)))`, "=> T", false},
		{`(> (get-universal-time) 3900000000)`, "=> T", false},
		{`internal-time-units-per-second`, "=> 1000000", false},
		{`(let ((a (get-internal-real-time))) (sleep 0.02) (>= (- (get-internal-real-time) a) 20000))`, "=> T", false},
		{`(integerp (get-internal-run-time))`, "=> T", false},
		{`(sleep 1/100)`, "=> NIL", false},
		{`(sleep -1)`, "[ERROR] SIMPLE-TYPE-ERROR\nThe value -1 is not a non-negative real number.\n\n[Backtrace]\n0: (SLEEP -1)", true},
		{`(handler-case (sleep -1) (type-error (e) (type-error-expected-type e)))`, "=> (OR (SINGLE-FLOAT 0.0) (DOUBLE-FLOAT 0.0d0) (RATIONAL 0))", false},
		{`(sleep 'x)`, "~is not a non-negative real number", true},
		{`(multiple-value-list (time (values 1 2)))`, "~=> (1 2)", false},
		{`(time (+ 1 2))`, "~Evaluation took:\n  0.0", false},
		{`(time (+ 1 2))`, "~seconds of total run time (", false},
		{`(time (+ 1 2))`, "~bytes consed", false},
	})
}

func TestSleepHonoursTimeout(t *testing.T) {
	in := golem.New(golem.Options{Limits: golem.Limits{Timeout: 150 * time.Millisecond}})
	start := time.Now()
	got, isErr := in.EvalResponse(context.Background(), "(sleep 30)")
	assert.True(t, isErr)
	assert.Contains(t, got, "timeout")
	assert.Less(t, time.Since(start), 2*time.Second)

	in2 := golem.New(golem.Options{Limits: golem.Limits{Timeout: -1}})
	go func() { time.Sleep(50 * time.Millisecond); in2.Interrupt("stop") }()
	start = time.Now()
	got, isErr = in2.EvalResponse(context.Background(), "(sleep 30)")
	assert.True(t, isErr, got)
	assert.Less(t, time.Since(start), 2*time.Second)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start = time.Now()
	_, isErr = in2.EvalResponse(ctx, "(sleep 30)")
	assert.True(t, isErr)
	assert.Less(t, time.Since(start), 2*time.Second)
}

func TestTraceAndEnvironment(t *testing.T) {
	in := golem.New(golem.Options{})
	fxRun(t, in, []fxCase{
		{`(defun fact (n) (if (< n 2) 1 (* n (fact (1- n))))) (defun two (a b) (values a b)) (trace fact two)`, "=> (FACT TWO)", false},
		{`(fact 3)`, "[stderr]\n0: (FACT 3)\n    1: (FACT 2)\n      2: (FACT 1)\n      2: FACT returned 1\n    1: FACT returned 2\n  0: FACT returned 6\n\n=> 6", false},
		{`(two 1 "x")`, "[stderr]\n0: (TWO 1 \"x\")\n  0: TWO returned 1 \"x\"\n\n=> 1\n=> \"x\"", false},
		{`(trace)`, "=> (FACT TWO)", false},
		{`(trace fact)`, "~FACT is already TRACE'd, untracing it first.", false},
		{`(trace nosuch)`, "~NOSUCH is undefined, not tracing.", false},
		{`(untrace fact)`, "=> T", false},
		{`(fact 3)`, "=> 6", false},
		{`(trace)`, "=> (TWO)", false},
		{`(untrace) (trace)`, "=> NIL", false},
		{`(two 1 2)`, "=> 1\n=> 2", false},
		{`(list (lisp-implementation-type) (stringp (lisp-implementation-version)) (stringp (machine-type)) (stringp (software-type)) (short-site-name) (long-site-name))`,
			`~=> ("golem" T T T NIL NIL)`, false},
		{`(defvar *zzq-var* 5) (defmacro zzq-mac ()) (apropos "ZZQ-")`, "[stdout]\n*ZZQ-VAR* = 5\nZZQ-MAC (fbound)", false},
		{`(apropos-list "zzq-")`, "=> (*ZZQ-VAR* ZZQ-MAC)", false},
		{`(apropos-list "MAKE-HASH" "CL")`, "=> (MAKE-HASH-TABLE)", false},
		{`(with-standard-io-syntax (list *package* *print-readably* *print-pretty* *read-default-float-format* *print-circle* *print-base* *read-eval*))`,
			`=> (#<PACKAGE "COMMON-LISP-USER"> T NIL SINGLE-FLOAT NIL 10 T)`, false},
		{`(let ((*print-base* 16) (*package* (find-package "KEYWORD"))) (with-standard-io-syntax (prin1-to-string (list 10 'foo))))`,
			`=> "(10 FOO)"`, false},
		{`(with-standard-io-syntax (read-from-string "1.5"))`, "=> 1.5\n=> 3", false},
		{`(with-standard-io-syntax (set-macro-character #\! (lambda (s c) c)))`, "~", true},
		{`(y-or-n-p "Proceed?")`, "~no interactive input available", true},
		{`(yes-or-no-p)`, "~YES-OR-NO-P: no interactive input available", true},
		{`(let ((*query-io* (make-two-way-stream (make-string-input-stream (format nil "maybe~%y~%")) (make-string-output-stream)))) (y-or-n-p "ok?"))`,
			"=> T", false},
		{`(let* ((out (make-string-output-stream)) (*query-io* (make-two-way-stream (make-string-input-stream (format nil "no~%")) out)))
		   (list (yes-or-no-p "Really ~A?" "go") (get-output-stream-string out)))`, `=> (NIL "Really go? (yes or no) ")`, false},
		{`(step (+ 1 2))`, "=> 3", false},
		{`(disassemble 'fact)`, "~golem has no machine code to show: FACT is compiled to a tree of Go closures", false},
		{`(disassemble 'nosuchfn)`, "~UNDEFINED-FUNCTION", true},
		{`(ed)`, "~ED is not available", true},
		{`(inspect 3)`, "~] 3\nType: (INTEGER 0 4611686018427387903)", false},
		{`(dribble)`, "~not currently dribbling", true},
		{`(room)`, "~Dynamic space usage is:", false},
		{`(macroexpand-1 '(with-open-file (s "x" :direction :output) (declare (ignorable s)) (print 1 s)))`,
			"~(LET ((S (OPEN \"x\" :DIRECTION :OUTPUT)) (#1=#:ABORTP T))\n  (DECLARE (IGNORABLE S))\n  (UNWIND-PROTECT (MULTIPLE-VALUE-PROG1 (PROGN (PRINT 1 S)) (SETQ #1# NIL))\n    (WHEN S (CLOSE S :ABORT #1#))))", false},
	})
	got, _ := in.EvalResponse(context.Background(), `(trace fact) (fact 1)`)
	assert.True(t, strings.Contains(got, "FACT returned 1"), got)
}
