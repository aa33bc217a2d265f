package golem_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/golem-lisp/golem"
)

// An error suspends the evaluation instead of ending it: the caller fixes
// the cause and resumes the original call through a restart.
func ExampleInterpreter_EvalDebug() {
	ctx := context.Background()
	in := golem.New(golem.Options{})
	defer in.Close()
	_, _ = in.Eval(ctx, "(defun total (xs) (reduce #'+ (mapcar #'price xs)))")

	_, err := in.EvalDebug(ctx, "(total '(1 2 3))", "")
	var susp *golem.Suspension
	if errors.As(err, &susp) {
		fmt.Println(susp.Err.Type, susp.RestartNames[0])
		// Evaluations run inside the suspended one meanwhile.
		_, _ = in.Eval(ctx, "(defun price (x) (* x 10))")
		res, _ := susp.InvokeNamed(ctx, "RETRY", nil)
		fmt.Println(res.Text())
	}
	// Output:
	// UNDEFINED-FUNCTION RETRY
	// => 60
}
