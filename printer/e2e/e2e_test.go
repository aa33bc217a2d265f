package e2e_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/golem-lisp/golem"
)

// TestEndToEnd runs Lisp code through the whole interpreter and compares
// its output with SBCL's.
func TestEndToEnd(t *testing.T) {
	for _, c := range e2eCases {
		in := golem.New(golem.Options{})
		// The SBCL outputs were produced with *print-pretty* NIL unless the
		// code binds it.
		code := "(let ((*print-pretty* nil)) (handler-case (progn " + c.code + ") (error (e) (format t \"ERR: ~A\" (type-of e)))))"
		res, err := in.Eval(context.Background(), code)
		if !assert.NoError(t, err, c.code) {
			continue
		}
		assert.Equal(t, c.want, res.Stdout, c.code)
	}
}
