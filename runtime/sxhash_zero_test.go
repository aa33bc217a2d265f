package runtime_test

import (
	"testing"

	"github.com/golem-lisp/golem"
)

// Negative zero is similar to zero, so SXHASH gives them one code, while
// EQL hash tables still keep them apart; the empty type upgrades to itself
// as a complex part type.
func TestSxhashNegativeZero(t *testing.T) {
	in := golem.New(golem.Options{})
	fxRun(t, in, []fxCase{
		{`(list (= (sxhash 0.0) (sxhash -0.0)) (= (sxhash 0d0) (sxhash -0d0)) (= (sxhash #c(0.0 -0.0)) (sxhash #c(-0.0 0.0))))`,
			`=> (T T T)`, false},
		{`(let ((h (make-hash-table :test 'eql))) (setf (gethash 0.0 h) 1 (gethash -0.0 h) 2) (list (gethash 0.0 h) (gethash -0.0 h)))`,
			`=> (1 2)`, false},
		{`(list (upgraded-complex-part-type nil) (upgraded-complex-part-type 'integer))`, `=> (NIL INTEGER)`, false},
	})
}
