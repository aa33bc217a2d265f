package runtime_test

import (
	"context"
	"testing"
	"time"

	"github.com/golem-lisp/golem"
	"github.com/stretchr/testify/assert"
)

// TestSubtypepCases checks SUBTYPEP and the type functions beside it
// (expectations from SBCL 2.2.9 unless noted).
func TestSubtypepCases(t *testing.T) {
	const classes = `(defclass a () ()) (defclass b () ()) (defclass c () ())
		(defclass ab (a b) ()) (defclass ac (a c) ()) (defclass bc (b c) ()) (defclass abc (ab ac bc) ())`
	cases := []struct{ name, code, want string }{
		{"negative-zero-not-in-member", `(list (subtypep '(single-float 0.0) '(or (single-float (0.0)) (member 0.0)))
			(subtypep '(double-float 0d0) '(or (double-float (0d0)) (member -0d0))))`, "=> (NIL NIL)"},
		{"both-zeros-cover", `(multiple-value-list (subtypep '(single-float 0.0) '(or (single-float (0.0)) (member 0.0 -0.0))))`, "=> (T T)"},
		{"zero-range-is-both-zeros", `(list (multiple-value-list (subtypep '(single-float 0.0 0.0) '(member 0.0 -0.0)))
			(multiple-value-list (subtypep '(member 0.0 -0.0) '(single-float -0.0 0.0))))`, "=> ((T T) (T T))"},
		{"negative-zero-not-positive", `(multiple-value-list (subtypep '(eql -0d0) '(double-float (0d0))))`, "=> (NIL T)"},
		// CLHS: EQL types of distinct objects are distinct (SBCL 2.2.9 answers T T).
		{"eql-distinct-strings", `(values (subtypep (list (quote eql) (copy-seq "ab")) (list (quote eql) (copy-seq "ab"))))`, "=> NIL"},
		{"member-distinct-lists", `(values (subtypep (list (quote member) (list 1)) (list (quote member) (list 1))))`, "=> NIL"},
		{"member-same-symbols", `(multiple-value-list (subtypep '(member x y) '(member x y)))`, "=> (T T)"},
		{"class-intersection-unknown", classes + `(multiple-value-list (subtypep '(and a b) 'ab))`, "=> (NIL NIL)"},
		{"class-witness", classes + `(list (multiple-value-list (subtypep 'a 'ab)) (multiple-value-list (subtypep 'ab 'c)))`, "=> ((NIL T) (NIL T))"},
		{"type-of-unnamed-class", `(let ((c (defclass k () ()))) (setf (find-class 'k) nil) (eq (type-of (make-instance c)) c))`, "=> T"},
		{"type-of-large-fixnum", `(list (subtypep (type-of (1- (expt 2 63))) 'fixnum) (subtypep (type-of (expt 2 63)) 'bignum))`, "=> (T T)"},
		{"typep-complex-parts", `(list (typep #c(1 2) '(complex bit)) (typep #c(1 2) '(complex integer)) (typep #c(1.0 2.0) '(complex (float 0.0 1.0))) (typep 1 '(complex *)))`, "=> (NIL T NIL NIL)"},
		{"upgraded-complex-part-type", `(list (upgraded-complex-part-type 'bit) (upgraded-complex-part-type '(single-float 0.0 1.0)) (upgraded-complex-part-type nil))`, "=> (BIT (SINGLE-FLOAT 0.0 1.0) NIL)"},
		{"upgraded-complex-part-type-not-real", `(upgraded-complex-part-type 'string)`, "[ERROR] SIMPLE-ERROR"},
		{"complex-subtypes-follow-part-types", `(list (subtypep '(complex bit) '(complex bignum)) (subtypep '(complex (single-float 0.0 1.0)) '(complex single-float)))`, "=> (NIL T)"},
		{"typep-values-error", `(typep nil '(values t))`, "[ERROR] SIMPLE-ERROR"},
		{"typep-function-type-error", `(typep #'car '(function (t) t))`, "[ERROR] SIMPLE-ERROR"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := golem.New(golem.Options{})
			got, isErr := in.EvalResponse(context.Background(), c.code)
			if len(c.want) > 8 && c.want[:8] == "[ERROR] " {
				assert.True(t, isErr, got)
				assert.Contains(t, got, c.want)
				return
			}
			assert.False(t, isErr, got)
			assert.Equal(t, c.want, got)
		})
	}
}

// TestSubtypepBounded checks that a type whose complement grows
// exponentially gets an answer (unknown if need be) in bounded time.
func TestSubtypepBounded(t *testing.T) {
	in := golem.New(golem.Options{})
	start := time.Now()
	got, isErr := in.EvalResponse(context.Background(), `(defclass a () ()) (defclass b () ()) (defclass c () ())
		(let ((x '(and (or a b) (or (not a) (not b)) (or a c) (or (not a) (not c)) (or b c) (or (not b) (not c)))))
		  (multiple-value-list (subtypep (list 'not x) '(not nil))))`)
	assert.False(t, isErr, got)
	assert.Contains(t, []string{"=> (T T)", "=> (NIL NIL)"}, got)
	assert.Less(t, time.Since(start), 20*time.Second)
}
