package golem_test

import (
	"strings"
	"testing"

	"github.com/golem-lisp/golem"
	"github.com/stretchr/testify/assert"
)

// TestEvaluationsReuseStacks runs evaluations that end in different ways
// (an error deep in calls with special bindings made, a recursion deeper
// than the stacks an interpreter keeps, an abort by the step limit) one
// after the other on one interpreter: each evaluation starts on the stacks
// the previous one left, and must see none of its calls, arguments or
// bindings.
func TestEvaluationsReuseStacks(t *testing.T) {
	in := golem.New(golem.Options{})
	steps := golem.New(golem.Options{Limits: golem.Limits{MaxSteps: 10000}})
	_, isErr := evalText(t, in, `(defvar *rs* 1)
(defun rs-f (n) (let ((*rs* n)) (if (= n 0) (car n) (list (rs-f (1- n))))))
(defun rs-g (x) (car x))
(defun rs-d (n) (if (= n 0) 0 (1+ (rs-d (1- n)))))`)
	assert.False(t, isErr)
	_, isErr = evalText(t, steps, `(defun rs-loop (n) (if (> n 100) (loop) (list (rs-loop (1+ n)))))`)
	assert.False(t, isErr)
	cases := []struct {
		name string
		in   *golem.Interpreter
		code string
		want string
	}{
		{"error inside nested calls", in, `(rs-f 3)`,
			"[ERROR] TYPE-ERROR\nThe value 0 is not of type LIST.\n\n[Backtrace]\n0: (CAR 0)\n1: (RS-F 0)\n2: (RS-F 1)\n3: (RS-F 2)\n4: (RS-F 3)"},
		{"special bindings undone", in, `*rs*`, "=> 1"},
		{"backtrace has only the new calls", in, `(rs-g 7)`,
			"[ERROR] TYPE-ERROR\nThe value 7 is not of type LIST.\n\n[Backtrace]\n0: (CAR 7)\n1: (RS-G 7)"},
		{"recursion deeper than the stacks kept", in, `(rs-d 5000)`, "=> 5000"},
		{"after a deep recursion", in, `(rs-g 8)`,
			"[ERROR] TYPE-ERROR\nThe value 8 is not of type LIST.\n\n[Backtrace]\n0: (CAR 8)\n1: (RS-G 8)"},
		{"values after errors", in, `(list (rs-d 3) *rs* (ignore-errors (rs-f 2)))`, "=> (3 1 NIL)"},
		{"stopped by the step limit", steps, `(rs-loop 1)`, "[ERROR] GOLEM:INTERRUPTED\nEvaluation stopped: step limit exceeded"},
		{"after the step limit", steps, `(let ((*print-length* nil)) (list 1 2 3))`, "=> (1 2 3)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, _ := evalText(t, c.in, c.code)
			if strings.HasPrefix(c.want, "[ERROR] GOLEM:INTERRUPTED") {
				// Where the limit stops the loop varies; the start does not.
				assert.True(t, strings.HasPrefix(got, c.want), got)
				return
			}
			assert.Equal(t, c.want, got)
		})
	}
}
