package eval_test

import (
	"testing"

	"github.com/golem-lisp/golem"
	"github.com/stretchr/testify/assert"
)

// TestCxrInLine checks the composed CAR/CDR accessors compiled in line
// (cxrCode) against SBCL's values, on lists, NIL along the way and a
// non-list, whose error comes from the accessor itself.
func TestCxrInLine(t *testing.T) {
	cases := []struct{ name, code, want string }{
		{"two steps", `(let ((x '((1 . 2) (3 4) . 5))) (list (caar x) (cadr x) (cdar x) (cddr x) (eq (second x) (cadr x))))`,
			`=> (1 (3 4) 2 5 T)`},
		{"three steps", `(let ((x '(((1) 2) (3 (4 . 6)) 5 7))) (list (caaar x) (caadr x) (cadar x) (caddr x) (cdaar x) (cdadr x) (cddar x) (cdddr x) (third x)))`,
			`=> (1 3 2 5 NIL ((4 . 6)) NIL (7) 5)`},
		{"nil along the way", `(let ((x '(1))) (list (cadr x) (cddr x) (caddr x) (cdddr x) (caadr x)))`, `=> (NIL NIL NIL NIL NIL)`},
		{"nil", `(let ((x nil)) (list (caar x) (cdddr x) (third x)))`, `=> (NIL NIL NIL)`},
		{"a non-list along the way", `(let ((x '(1 . 2))) (handler-case (cadr x) (type-error (c) (list (type-error-datum c) (type-error-expected-type c)))))`,
			`=> (2 LIST)`},
		{"a non-list", `(let ((x 7)) (handler-case (cdddr x) (type-error (c) (type-error-datum c))))`, `=> 7`},
	}
	runFreshCases(t, cases)
	in := golem.New(golem.Options{})
	text, isErr := loopEval(in, `(defun cx (x) (caddr x)) (cx '(1 2 . 3))`)
	assert.True(t, isErr, text)
	assert.Contains(t, text, "0: (CADDR (1 2 . 3))\n1: (CX (1 2 . 3))")
}
