package golem

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestListWalksSurviveMutation checks that sequence functions walking a
// list while calling a predicate, key or reducer that shortens the list or
// ends it in an atom stop at the new end or signal a TYPE-ERROR, never a
// Go panic (GOLEM:INTERNAL-ERROR, which HANDLER-CASE cannot catch).
func TestListWalksSurviveMutation(t *testing.T) {
	cases := []struct{ name, form, want string }{
		{"DELETE-IF shortened", `(delete-if (lambda (x) (when (= x 1) (setf (cddr l) nil)) nil) l)`, "(1 2)"},
		{"DELETE-IF dotted", `(delete-if (lambda (x) (when (= x 1) (setf (cddr l) 7)) nil) l)`, "TYPE-ERROR"},
		{"REMOVE-IF dotted", `(remove-if (lambda (x) (when (= x 1) (setf (cddr l) 7)) nil) l)`, "TYPE-ERROR"},
		{"REDUCE shortened", `(reduce (lambda (a x) (when (= x 2) (setf (cddr l) nil)) (+ a x)) l)`, "3"},
		{"REDUCE dotted", `(reduce (lambda (a x) (when (= x 2) (setf (cddr l) 9)) (+ a x)) l)`, "TYPE-ERROR"},
		{"REMOVE-IF :FROM-END dotted", `(remove-if (lambda (x) (when (= x 5) (setf (cddr l) 7)) nil) l :from-end t)`, "TYPE-ERROR"},
		{"FIND-IF dotted", `(find-if (lambda (x) (when (= x 1) (setf (cddr l) 7)) nil) l)`, "TYPE-ERROR"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in := New(Options{})
			defer in.Close()
			res, err := in.Eval(context.Background(),
				"(let ((l (list 1 2 3 4 5))) (handler-case (prin1-to-string "+tc.form+") (type-error () \"TYPE-ERROR\")))")
			require.NoError(t, err)
			require.Len(t, res.Values, 1)
			assert.Equal(t, tc.want, ToGo(res.Values[0]))
		})
	}
}
