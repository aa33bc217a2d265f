package runtime_test

import (
	"testing"

	"github.com/golem-lisp/golem"
)

// TestDeclarationNames checks that unknown declarations are warned about
// (in code and in PROCLAIM) and that a symbol cannot name both a type and
// a declaration, whichever is defined first (messages as in SBCL).
func TestDeclarationNames(t *testing.T) {
	in := golem.New(golem.Options{})
	fxRun(t, in, []fxCase{
		{`(let ((x 1)) (declare (no-such-declaration x)) x)`,
			"[warnings]\nSIMPLE-WARNING: unrecognized declaration (NO-SUCH-DECLARATION X)\n\n=> 1", false},
		{`(let ((x 1)) (declare (fixnum x) ((integer 0 3) x) (type t x) (ignorable x)) x)`, "=> 1", false},
		{`(proclaim '(no-such-declaration 1))`, "[warnings]\nSIMPLE-WARNING: unrecognized declaration (NO-SUCH-DECLARATION 1)\n\n=> NIL", false},
		{`(proclaim '(declaration my-decl)) (let ((x 1)) (declare (my-decl x)) x)`, "=> 1", false},
		{`(mapcar (lambda (form) (handler-case (progn (eval form) :defined) (error () :error)))
		   '((deftype my-decl () t) (defclass my-decl () ()) (defstruct my-decl a) (define-condition my-decl (error) ())))`,
			"=> (:ERROR :ERROR :ERROR :ERROR)", false},
		{`(defstruct decl-struct a) (handler-case (proclaim '(declaration decl-struct)) (error (c) (princ-to-string c)))`,
			`=> "Symbol DECL-STRUCT cannot be both the name of a type and the name of a declaration."`, false},
	})
}
