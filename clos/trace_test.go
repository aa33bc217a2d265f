package clos_test

import (
	"context"
	"testing"

	"github.com/golem-lisp/golem"
	"github.com/stretchr/testify/assert"
)

// TestTracedGenericFunction checks that DEFMETHOD adds to a traced
// generic function (it took the trace wrapper for an ordinary function)
// and that calls through the wrapper are traced.
func TestTracedGenericFunction(t *testing.T) {
	in := golem.New(golem.Options{})
	got, isErr := in.EvalResponse(context.Background(), `(defgeneric tgf (x)) (trace tgf)
(defmethod tgf ((x integer)) (* x 2))
(list (search "0: TGF returned 8" (with-output-to-string (*trace-output*) (tgf 4))) (trace) (progn (untrace tgf) (tgf 5)))`)
	assert.False(t, isErr, got)
	assert.Equal(t, "=> (15 (TGF) 10)", got)
}
