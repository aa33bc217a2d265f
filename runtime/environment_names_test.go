package runtime_test

import (
	"testing"

	"github.com/golem-lisp/golem"
)

// TestFunctionNamesInEnvironment checks TRACE, UNTRACE and DISASSEMBLE of
// (SETF name) functions, the TYPE-ERROR about a malformed function name
// (whose datum is not of its expected type) and APROPOS-LIST's CLHS
// lambda list.
func TestFunctionNamesInEnvironment(t *testing.T) {
	in := golem.New(golem.Options{})
	fxRun(t, in, []fxCase{
		{`(defun fnt (x) (car x)) (defun (setf fnt) (v x) (setf (car x) v)) (trace (setf fnt))`, "=> ((SETF FNT))", false},
		{`(let ((x (list 1))) (setf (fnt x) 2) x)`,
			"[stderr]\n0: ((SETF FNT) 2 (1))\n  0: (SETF FNT) returned 2\n\n=> (2)", false},
		{`(trace)`, "=> ((SETF FNT))", false},
		{`(untrace (setf fnt)) (trace)`, "=> NIL", false},
		{`(disassemble '(setf fnt))`, "~(SETF FNT) is compiled to a tree of Go closures", false},
		{`(disassemble '(setf nosuch-fnt))`, "~UNDEFINED-FUNCTION", true},
		{`(mapcar (lambda (n) (handler-case (fboundp n) (type-error (c) (typep (type-error-datum c) (type-error-expected-type c)))))
		   '((x) (setf) (setf a b) (setf . a) 3))`, "=> (NIL NIL NIL NIL NIL)", false},
		{`(handler-case (disassemble '(a b)) (type-error (c) (typep (type-error-datum c) (type-error-expected-type c))))`, "=> NIL", false},
		{`(handler-case (apply #'apropos-list '("CAR" "CL" nil)) (program-error () :program-error))`, "=> :PROGRAM-ERROR", false},
		{`(let ((b (make-array 3 :element-type 'bit :displaced-to #*01101 :displaced-index-offset 1)))
		   (list (typep b 'bit-vector) (typep b '(bit-vector 3)) (typep b 'simple-bit-vector) (typep (make-array '(1 1) :element-type 'bit) 'bit-vector)))`,
			"=> (T T NIL NIL)", false},
	})
}
