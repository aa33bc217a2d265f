package conditions_test

import (
	"context"
	"testing"

	"github.com/golem-lisp/golem"
	"github.com/stretchr/testify/assert"
)

// TestConditionDesignatorArguments checks that a condition given to
// SIGNAL, ERROR or WARN takes no further arguments (a TYPE-ERROR, as in
// SBCL), while CERROR's arguments fill in its continue format control.
func TestConditionDesignatorArguments(t *testing.T) {
	cases := []struct{ name, code, want string }{
		{"warn", `(handler-case (warn (make-condition 'simple-warning) :format-control "x") (type-error (c) (type-error-datum c)))`,
			`=> (:FORMAT-CONTROL "x")`},
		{"error", `(handler-case (error (make-condition 'simple-error) 1) (type-error () :type-error))`, `=> :TYPE-ERROR`},
		{"signal", `(handler-case (signal (make-condition 'simple-condition) 1) (type-error () :type-error))`, `=> :TYPE-ERROR`},
		{"a condition alone is fine", `(handler-case (error (make-condition 'simple-error :format-control "e")) (error (c) (princ-to-string c)))`,
			`=> "e"`},
		{"cerror", `(block nil (handler-bind ((error (lambda (c) (return (list (princ-to-string c) (princ-to-string (find-restart 'continue c)))))))
  (cerror "Use ~S." (make-condition 'simple-error :format-control "e") 7)))`, `=> ("e" "Use 7.")`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in := golem.New(golem.Options{})
			got, isErr := in.EvalResponse(context.Background(), tc.code)
			assert.False(t, isErr, got)
			assert.Equal(t, tc.want, got)
		})
	}
}
