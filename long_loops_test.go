package golem_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem"
)

// TestLongBuiltinLoopsAreInterrupted runs builtins whose Go loops take
// seconds unchecked (a few hundred calls, so the evaluator's own checks,
// every thousand calls, never come): a short timeout must stop them. The
// arrays are kept small because the error's backtrace prints them.
func TestLongBuiltinLoopsAreInterrupted(t *testing.T) {
	cases := []struct{ name, code string }{
		{"fill", `(let* ((s (make-string 2000000)) (d (make-array 2000000 :element-type 'character :displaced-to s)))
  (dotimes (i 400) (fill d #\a)))`},
		{"search", `(let ((s (make-string 2000000 :initial-element #\a)) (p (make-string 3000 :initial-element #\a)))
  (setf (char p 2999) #\b)
  (dotimes (i 40) (search p s)))`},
		{"remove-duplicates", `(let ((v (make-array 200000)))
  (dotimes (i 200000) (setf (aref v i) i))
  (remove-duplicates v :test #'equal))`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := golem.New(golem.Options{Limits: golem.Limits{Timeout: 200 * time.Millisecond}})
			_, err, took := evalTimed(in, c.code)
			var e *golem.Error
			require.ErrorAs(t, err, &e)
			assert.Equal(t, "GOLEM:INTERRUPTED", e.Type, e.Report)
			assert.Less(t, took, 3*time.Second)
		})
	}
}
