package stress

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem"
)

// parallelWork is evaluated by every interpreter: definitions of each kind
// (functions, classes, conditions, packages, globals), FORMAT, hash tables
// and a caught error. %[1]d is the interpreter's number.
const parallelWork = `
(defpackage :worker-%[1]d (:use :cl))
(in-package :worker-%[1]d)
(defvar *id* %[1]d)
(defclass point () ((x :initarg :x :reader x)))
(defgeneric norm (p))
(defmethod norm ((p point)) (abs (x p)))
(define-condition odd (error) ((n :initarg :n :reader n)))
(defun sum-even (k)
  (loop for i below k
        sum (handler-case (if (oddp i) (error 'odd :n i) i)
              (odd (c) (- (n c))))))
(let ((h (make-hash-table :test 'equal)))
  (dotimes (i 100) (setf (gethash (format nil "k~d" i) h) i))
  (list *id* (sum-even 10) (norm (make-instance 'point :x (- *id*)))
        (gethash "k42" h) (format nil "~r" *id*) (find-package :worker-%[1]d)))`

// TestInterpretersInParallel makes interpreters on 8 goroutines at once,
// the first ones of the process among them, and has each evaluate, be
// interrupted by its time limit, and evaluate again. Run with -race: any
// state the interpreters share shows up as a race report or a wrong answer.
func TestInterpretersInParallel(t *testing.T) {
	const goroutines, perGoroutine = 8, 3
	var wg sync.WaitGroup
	errs := make(chan error, goroutines*perGoroutine)
	for g := 0; g < goroutines; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for k := 0; k < perGoroutine; k++ {
				if err := useOne(g*perGoroutine + k); err != nil {
					errs <- err
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// useOne creates interpreter id and checks three evaluations in it.
func useOne(id int) error {
	in := golem.New(golem.Options{Limits: golem.Limits{Timeout: 300 * time.Millisecond}})
	ctx := context.Background()
	res, err := in.Eval(ctx, fmt.Sprintf(parallelWork, id))
	if err != nil {
		return fmt.Errorf("interpreter %d: %v", id, err)
	}
	want := fmt.Sprintf(`=> (%d -5 %d 42 %q #<PACKAGE "WORKER-%d">)`, id, id, spell(id), id)
	if got := res.Text(); got != want {
		return fmt.Errorf("interpreter %d: got %s, want %s", id, got, want)
	}
	if _, err := in.Eval(ctx, "(loop)"); err == nil {
		return fmt.Errorf("interpreter %d: (loop) ended without an error", id)
	}
	res, err = in.Eval(ctx, "(sum-even 4)")
	if err != nil || res.Text() != "=> -2" {
		return fmt.Errorf("interpreter %d after the timeout: %v %v", id, res, err)
	}
	return nil
}

// TestInterpretersShareNoGlobals checks that what one interpreter defines
// is invisible to another made at the same time.
func TestInterpretersShareNoGlobals(t *testing.T) {
	a := golem.New(golem.Options{})
	b := golem.New(golem.Options{})
	ctx := context.Background()
	_, err := a.Eval(ctx, "(defvar *only-in-a* 1) (defun only-in-a () 1) (defpackage :only-a)")
	require.NoError(t, err)
	for _, code := range []string{"*only-in-a*", "(only-in-a)", "(find-package :only-a)"} {
		res, err := b.Eval(ctx, code)
		if err == nil {
			assert.Equal(t, "=> NIL", res.Text(), code)
		}
	}
}

// spell writes n in English as ~R does, for 0..99.
func spell(n int) string {
	small := []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
		"eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"}
	tens := []string{"", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"}
	if n < 20 {
		return small[n]
	}
	if n%10 == 0 {
		return tens[n/10]
	}
	return tens[n/10] + "-" + small[n%10]
}
