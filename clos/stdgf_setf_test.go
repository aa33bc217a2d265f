package clos_test

import (
	"context"
	"testing"

	"github.com/golem-lisp/golem"
	"github.com/stretchr/testify/assert"
)

// TestSetfDocumentationIsGeneric checks that (SETF DOCUMENTATION) is a
// standard generic function (CLHS 7.7) to which programs add methods, and
// that its system method still sets documentation.
func TestSetfDocumentationIsGeneric(t *testing.T) {
	in := golem.New(golem.Options{})
	got, isErr := in.EvalResponse(context.Background(), `(defclass sdoc () ((d :initform nil :accessor sdoc-d)))
(defmethod documentation ((x sdoc) (type (eql t))) (sdoc-d x))
(defmethod (setf documentation) ((new string) (x sdoc) (type (eql t))) (setf (sdoc-d x) new))
(defun sdoc-f () nil)
(let ((o (make-instance 'sdoc)))
  (list (typep #'(setf documentation) 'standard-generic-function)
        (setf (documentation o t) "mine") (documentation o t)
        (setf (documentation 'sdoc-f 'function) "fn") (documentation 'sdoc-f 'function)))`)
	assert.False(t, isErr, got)
	assert.Equal(t, `=> (T #1="mine" #1# #2="fn" #2#)`, got)
}
