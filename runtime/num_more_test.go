package runtime_test

import (
	"context"
	"math/big"
	"testing"

	rt "github.com/golem-lisp/golem/runtime"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func numSlot(e *numEnv, c *rt.Instance, reader string) rt.Value {
	return e.th.Call(e.img.CLSym(reader), c)
}

func TestNumArithmeticErrorOperands(t *testing.T) {
	e := newNumEnv()
	cases := []struct{ form, class, op, operands string }{
		{"(/ 1 0)", "DIVISION-BY-ZERO", "/", "1 0"},
		{"(/ 0)", "DIVISION-BY-ZERO", "/", "1 0"},
		{"(/ 1.0 0)", "DIVISION-BY-ZERO", "/", "1.0 0.0"},
		{"(floor 7 0)", "DIVISION-BY-ZERO", "/", "7 0"},
		{"(/ 0.0 0.0)", "FLOATING-POINT-INVALID-OPERATION", "/", "0.0 0.0"},
		{"(* most-positive-single-float 2)", "FLOATING-POINT-OVERFLOW", "*", "3.4028235e38 2.0"},
		{"(+ most-positive-double-float most-positive-double-float)", "FLOATING-POINT-OVERFLOW", "+",
			"1.7976931348623157d308 1.7976931348623157d308"},
	}
	for _, c := range cases {
		_, cond := e.run(c.form)
		require.NotNil(t, cond, c.form)
		assert.Equal(t, c.class, cond.Class.Name.Name, c.form)
		assert.Equal(t, c.op, numShow(numSlot(e, cond, "ARITHMETIC-ERROR-OPERATION")), c.form)
		var got []string
		for _, v := range rt.ListToSlice(numSlot(e, cond, "ARITHMETIC-ERROR-OPERANDS")) {
			got = append(got, numShow(v))
		}
		want := numRead(c.operands)
		for i, w := range want {
			wv, _ := numLiteral(w)
			want[i] = numShow(wv)
		}
		assert.Equal(t, want, got, c.form)
	}
}

func TestNumTypeErrorDatum(t *testing.T) {
	e := newNumEnv()
	_, cond := e.run("(+ 1 'a)")
	require.NotNil(t, cond)
	assert.Equal(t, e.img.Intern("COMMON-LISP-USER", "A"), numSlot(e, cond, "TYPE-ERROR-DATUM"))
	assert.Equal(t, e.img.CLSym("NUMBER"), numSlot(e, cond, "TYPE-ERROR-EXPECTED-TYPE"))
}

func TestNumParseIntegerError(t *testing.T) {
	e := newNumEnv()
	_, cond := e.run(`(parse-integer "12abc")`)
	require.NotNil(t, cond)
	assert.True(t, e.th.TypeP(cond, e.img.CLSym("PARSE-ERROR")))
	ctl := numSlot(e, cond, "SIMPLE-CONDITION-FORMAT-CONTROL").(*rt.String)
	assert.Equal(t, "junk in string ~S", ctl.String())
	args := rt.ListToSlice(numSlot(e, cond, "SIMPLE-CONDITION-FORMAT-ARGUMENTS"))
	require.Len(t, args, 1)
	assert.Equal(t, "12abc", args[0].(*rt.String).String())
}

func TestNumConstants(t *testing.T) {
	img := rt.NewImage()
	for _, name := range []string{"PI", "BOOLE-AND", "MOST-POSITIVE-FIXNUM", "SINGLE-FLOAT-EPSILON",
		"LEAST-NEGATIVE-NORMALIZED-LONG-FLOAT", "SHORT-FLOAT-NEGATIVE-EPSILON"} {
		s := img.CLSym(name)
		assert.True(t, s.IsConstant(), name)
		assert.True(t, s.IsSpecial(), name)
		assert.NotNil(t, s.Value, name)
	}
	assert.Equal(t, rt.DoubleFloat(3.141592653589793), img.CLSym("PI").Value)
	// Fixnums are int64 in golem (SBCL's are 62 bits).
	assert.Equal(t, rt.Fixnum(9223372036854775807), img.CLSym("MOST-POSITIVE-FIXNUM").Value)
}

func TestNumRandomStates(t *testing.T) {
	seq := func(e *numEnv, form string) []rt.Value {
		var out []rt.Value
		for range 20 {
			v, cond := e.run(form)
			require.Nil(t, cond, form)
			out = append(out, v[0])
		}
		return out
	}
	// Fresh images start from the same state: deterministic.
	a, b := newNumEnv(), newNumEnv()
	assert.Equal(t, seq(a, "(random 1000000)"), seq(b, "(random 1000000)"))
	// A copy replays the original's sequence.
	e := newNumEnv()
	copyState, _ := e.run("(make-random-state)")
	first := seq(e, "(random 1.0)")
	e.img.CLSym("*RANDOM-STATE*").Value = copyState[0]
	assert.Equal(t, first, seq(e, "(random 1.0)"))
	// Ranges.
	for _, f := range []string{"(random 7)", "(random 100000000000000000000000)", "(random 2.5)", "(random 2.5d0)"} {
		limit := e.eval(f[8 : len(f)-1])
		for range 200 {
			v, cond := e.run(f)
			require.Nil(t, cond)
			assert.True(t, rt.Compare(v[0], rt.MakeInt(0)) >= 0 && rt.Compare(v[0], limit) < 0, f)
			assert.Equal(t, rt.IsInteger(limit), rt.IsInteger(v[0]), f)
		}
	}
	// (make-random-state t) gives fresh, different states.
	s1, _ := e.run("(make-random-state t)")
	s2, _ := e.run("(make-random-state t)")
	assert.NotEqual(t, s1[0], s2[0])
	v, _ := e.run("(random-state-p *random-state*)")
	assert.Equal(t, rt.T, v[0])
}

func TestNumHashing(t *testing.T) {
	e := newNumEnv()
	big1, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	big2, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	pairs := [][2]rt.Value{
		{rt.MakeBigInt(big1), rt.MakeBigInt(big2)},
		{e.eval("1/3"), e.eval("2/6")},
		{rt.DoubleFloat(0.5), rt.DoubleFloat(0.5)},
		{e.eval("#C(1 2)"), e.eval("#C(1 2)")},
	}
	for _, p := range pairs {
		require.True(t, rt.Eql(p[0], p[1]))
		assert.Equal(t, rt.NumberHash(p[0]), rt.NumberHash(p[1]), numShow(p[0]))
	}
	assert.NotEqual(t, rt.NumberHash(rt.SingleFloat(1)), rt.NumberHash(rt.DoubleFloat(1)))
	// = numbers hash equal for EQUALP.
	same := []string{"1", "1.0", "1.0d0", "#C(1.0 0.0)"}
	for _, s := range same {
		assert.Equal(t, rt.NumberHashEqualp(rt.MakeInt(1)), rt.NumberHashEqualp(e.eval(s)), s)
	}
	assert.Equal(t, rt.NumberHashEqualp(e.eval("1/2")), rt.NumberHashEqualp(rt.DoubleFloat(0.5)))
	assert.Equal(t, rt.NumberHashEqualp(e.eval("36893488147419103232")), rt.NumberHashEqualp(rt.SingleFloat(36893488147419103232.0)))
}

func TestNumAllocationGuards(t *testing.T) {
	img := rt.NewImage()
	th := rt.NewThread(img, context.Background(), rt.Limits{MaxMemory: 1 << 20})
	e := &numEnv{img: img, th: th}
	for _, f := range []string{"(expt 2 1000000000000)", "(expt 3 100000000)", "(ash 1 1000000000000)",
		"(ash 1 100000000000000000000000)", "(expt 7/3 100000000)", "(ldb (byte 100000000000 0) -1)"} {
		_, cond := e.run(f)
		require.NotNil(t, cond, f)
		assert.True(t, th.TypeP(cond, img.CLSym("STORAGE-CONDITION")), f)
	}
	// Small results stay cheap and exact.
	v, cond := e.run("(expt 2 1000)")
	require.Nil(t, cond)
	assert.Equal(t, 1001, v[0].(*rt.Bignum).Int.BitLen())
}

func TestNumCompareExact(t *testing.T) {
	e := newNumEnv()
	assert.Equal(t, 0, rt.Compare(rt.MakeInt(1), rt.DoubleFloat(1)))
	assert.Equal(t, -1, rt.Compare(e.eval("1/3"), rt.SingleFloat(0.33333334)))
	assert.Equal(t, 1, rt.Compare(e.eval("9007199254740993"), rt.DoubleFloat(9007199254740992)))
	assert.Equal(t, 1, rt.IntegerLength(rt.MakeInt(1)))
	assert.Equal(t, 63, rt.IntegerLength(rt.MakeInt(-9223372036854775808)))
	assert.Equal(t, 0, rt.IntegerLength(rt.MakeInt(-1)))
}
