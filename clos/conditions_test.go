package clos_test

import (
	"context"
	"strings"
	"testing"

	"github.com/golem-lisp/golem"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestConditionAccessorMethods checks that DEFINE-CONDITION's readers and
// writers are methods (CLHS DEFINE-CONDITION) that share generic functions
// with DEFMETHOD in either order, survive cached dispatch across a
// redefinition, and are replaced, not duplicated, by one. Expectations
// checked against SBCL 2.2.9.
func TestConditionAccessorMethods(t *testing.T) {
	in := golem.New(golem.Options{})
	ctx := context.Background()
	steps := []struct{ name, code, want string }{
		{"reader-is-generic", `(define-condition c (error) ((a :initarg :a :reader reason))) (typep #'reason 'generic-function)`, "=> T"},
		{"defmethod-after", `(defclass k () ()) (defmethod reason ((x k)) :k) (list (reason (make-instance 'k)) (reason (make-condition 'c :a 1)))`, "=> (:K 1)"},
		{"redefine-replaces", `(defvar *old* (make-condition 'c :a 0)) (reason *old*) (define-condition c (error) ((b :initarg :b :reader reason)))
			(list (reason (make-condition 'c :b 2)) (length (compute-applicable-methods #'reason (list (make-condition 'c)))) (reason (make-instance 'k)))`, "=> (2 1 :K)"},
		{"redefine-drops-reader", `(define-condition c (error) ((b :initarg :b))) (handler-case (reason (make-condition 'c :b 3)) (error () :no-method))`, "=> :NO-METHOD"},
		{"defgeneric-before", `(defgeneric code (x)) (defmethod code ((x integer)) (- x)) (define-condition d (error) ((n :initarg :n :reader code))) (list (code 4) (code (make-condition 'd :n 5)))`, "=> (-4 5)"},
		{"accessor-setf-method", `(define-condition e (error) ((n :initarg :n :accessor e-n))) (let ((x (make-condition 'e :n 1))) (incf (e-n x)) (list (e-n x) (typep (fdefinition '(setf e-n)) 'generic-function)))`, "=> (2 T)"},
		{"writer-method", `(define-condition f (error) ((n :initarg :n :reader f-n :writer set-f-n))) (let ((x (make-condition 'f :n 1))) (set-f-n 9 x) (list (f-n x) (typep #'set-f-n 'generic-function)))`, "=> (9 T)"},
		{"class-slot-reader", `(define-condition g (error) ((n :allocation :class :initform 7 :reader g-n))) (g-n (make-condition 'g))`, "=> 7"},
		{"standard-readers-ordinary", `(list (typep #'type-error-datum 'generic-function) (typep #'simple-condition-format-control 'generic-function))`, "=> (NIL NIL)"},
		{"ordinary-function-clash", `(defun plain (x) x) (define-condition h (error) ((a :reader plain)))`, "[ERROR] PROGRAM-ERROR"},
	}
	for _, s := range steps {
		got, isErr := in.EvalResponse(ctx, s.code)
		if strings.HasPrefix(s.want, "[ERROR] ") {
			require.True(t, isErr, "%s: %s", s.name, got)
			assert.Equal(t, s.want, strings.SplitN(got, "\n", 2)[0], s.name)
			continue
		}
		require.False(t, isErr, "%s: %s", s.name, got)
		assert.Equal(t, s.want, got, s.name)
	}
}
