package eval_test

import (
	"context"
	"math"
	"testing"

	"github.com/golem-lisp/golem"
	rt "github.com/golem-lisp/golem/runtime"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCompiledEqComparesFloatBits checks that every compiled form of EQ
// (the fused call, the fused IF test, the test of a loop's statement, the
// test of a COND clause) agrees with the EQ builtin (rt.Eq): floats are EQ
// when their bits are, so 0.0 and -0.0 differ and a NaN is EQ to itself
// but not to a NaN of another payload; other values by identity.
func TestCompiledEqComparesFloatBits(t *testing.T) {
	in := golem.New(golem.Options{})
	_, err := in.Eval(context.Background(), `
(defun eq-call (x y) (eq x y))
(defun eq-if (x y) (if (eq x y) t nil))
(defun eq-loop (x y) (loop (when (eq x y) (return t)) (return nil)))
(defun eq-cond (x y) (cond ((eq x y) t) ((null x) :null) (t nil)))
(defun eq-not (x y) (not (eq x y)))`)
	require.NoError(t, err)
	nan := math.NaN()
	otherNaN := math.Float64frombits(math.Float64bits(nan) ^ 1)
	cons := rt.Cons{Car: rt.NIL, Cdr: rt.NIL}
	cases := []struct {
		name string
		x, y any
	}{
		{"zeros", 0.0, math.Copysign(0, -1)},
		{"single-float zeros", float32(0), float32(math.Copysign(0, -1))},
		{"negative zeros", math.Copysign(0, -1), math.Copysign(0, -1)},
		{"same double", 1.5, 1.5},
		{"same single", float32(2.5), float32(2.5)},
		{"double and single", 1.5, float32(1.5)},
		{"same NaN", nan, nan},
		{"NaNs of different payloads", nan, otherNaN},
		{"NaN and a number", nan, 1.0},
		{"number and NaN", 1.0, nan},
		{"same fixnum", 7, 7},
		{"different fixnums", 7, 8},
		{"fixnum and double", 0, 0.0},
		{"same cons", &cons, &cons},
		{"different conses", &cons, &rt.Cons{Car: rt.NIL, Cdr: rt.NIL}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			vals, err := in.Call(context.Background(), "EQ", tc.x, tc.y)
			require.NoError(t, err)
			want := vals[0]
			for _, fn := range []string{"EQ-CALL", "EQ-IF", "EQ-LOOP", "EQ-COND"} {
				got, err := in.Call(context.Background(), fn, tc.x, tc.y)
				require.NoError(t, err)
				assert.Equal(t, want, got[0], fn)
			}
			got, err := in.Call(context.Background(), "EQ-NOT", tc.x, tc.y)
			require.NoError(t, err)
			assert.Equal(t, rt.Bool(want == rt.NIL), got[0], "EQ-NOT")
		})
	}
	// The builtin itself compares bits.
	for _, tc := range []struct {
		x, y any
		want rt.Value
	}{{0.0, math.Copysign(0, -1), rt.NIL}, {nan, nan, rt.T}, {nan, otherNaN, rt.NIL}, {3, 3, rt.T}} {
		vals, err := in.Call(context.Background(), "EQ", tc.x, tc.y)
		require.NoError(t, err)
		assert.Equal(t, tc.want, vals[0], "(eq %v %v)", tc.x, tc.y)
	}
}
