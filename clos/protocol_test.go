package clos_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestProtocolErrors checks the errors and behaviour of the object
// system's protocols that the ANSI suite exercises (expectations from
// SBCL 2.2.9; error lines: type only).
func TestProtocolErrors(t *testing.T) {
	runEvalCases(t, []evalCase{
		{"initarg-not-symbol", `(defclass a () ((x :initarg :x))) (make-instance 'a '(x) 1 :allow-other-keys t)`, "[ERROR] PROGRAM-ERROR"},
		{"shared-initialize-odd", `(defclass a () ((x :initarg :x))) (shared-initialize (allocate-instance (find-class 'a)) nil :x)`, "[ERROR] PROGRAM-ERROR"},
		{"precedence-order-duplicate", `(defgeneric g (x y) (:argument-precedence-order x y x))`, "[ERROR] PROGRAM-ERROR"},
		{"precedence-order-missing", `(defgeneric g (x y) (:argument-precedence-order y))`, "[ERROR] PROGRAM-ERROR"},
		{"next-method-p-arguments", `(defmethod g ((x t)) (next-method-p x)) (g 1)`, "[ERROR] PROGRAM-ERROR"},
		{"leftmost-allow-other-keys", `(defmethod g ((x t) &key) x) (g 1 :allow-other-keys nil :allow-other-keys t :bogus t)`, "[ERROR] PROGRAM-ERROR"},
		{"leftmost-allow-other-keys-true", `(defmethod g ((x t) &key) x) (g 1 :allow-other-keys t :allow-other-keys nil :bogus t)`, "=> 1"},
		{"call-next-method-same-methods", `(defmethod g ((x integer)) (call-next-method (1+ x))) (defmethod g ((x t)) x) (g 1)`, "=> 2"},
		// Golem checks always; SBCL only under (safety 3).
		{"call-next-method-other-methods", `(defmethod g ((x (eql 0))) (call-next-method 1)) (defmethod g ((x t)) x) (g 0)`, "[ERROR] ERROR"},
		{"change-class-keeps-shared-value", `(defclass a () ((x :allocation :class))) (defclass b () ((x))) (let ((o (make-instance 'a))) (setf (slot-value o 'x) 4) (change-class o 'b) (slot-value o 'x))`, "=> 4"},
		{"defclass-after-rename", `(defclass a () ()) (let ((c (find-class 'a))) (setf (class-name c) 'z) (eq c (defclass a () ())))`, "=> NIL"},
		{"generic-function-class", `(defclass my-gf (standard-generic-function) ()) (defgeneric g (x) (:generic-function-class my-gf) (:method ((x t)) (list x))) (list (class-name (class-of #'g)) (typep #'g 'standard-generic-function) (g 1))`, "=> (MY-GF T (1))"},
		{"generic-function-class-not-gf", `(defgeneric g (x) (:generic-function-class standard-object))`, "[ERROR] ERROR"},
		{"make-load-form-generic", `(list (typep #'make-load-form 'standard-generic-function) (handler-case (make-load-form (make-condition 'error)) (error () :error)))`, "=> (T :ERROR)"},
		{"class-name-method", `(defclass a () ()) (defmethod class-name ((x a)) :mine) (list (class-name (make-instance 'a)) (class-name (find-class 'a)))`, "=> (:MINE A)"},
	})
}

// evalCase is Lisp code and the response text it should give; an expected
// "[ERROR] TYPE" is compared with the first line of an error response.
type evalCase struct{ name, code, want string }

// runEvalCases runs each case in a fresh interpreter.
func runEvalCases(t *testing.T, cases []evalCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, isErr := eval(t, c.code)
			if strings.HasPrefix(c.want, "[ERROR] ") {
				require.True(t, isErr, got)
				assert.Equal(t, c.want, strings.SplitN(got, "\n", 2)[0])
				return
			}
			assert.False(t, isErr, got)
			assert.Equal(t, c.want, got)
		})
	}
}
