package printer_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	rt "github.com/golem-lisp/golem/runtime"
)

// TestPrintRandomStateReadably: a random state printed readably reads back
// (with *read-eval* true) as a state producing the same numbers.
func TestPrintRandomStateReadably(t *testing.T) {
	for _, base := range []string{"10", "16"} {
		e := newEnv(t)
		e.bind("*PRINT-BASE*", base, "*READ-BASE*", base, "*PRINT-READABLY*", "T", "*READ-EVAL*", "T")
		r := e.call("MAKE-RANDOM-STATE", rt.T)
		text := e.prin1(r)
		assert.Regexp(t, `^#\.\(GOLEM::?%RESTORE-RANDOM-STATE '\(`, text)
		// No evaluator here: evaluate the #. form's call by hand.
		form := rt.ListToSlice(e.read(text[2:]))
		require.Len(t, form, 2)
		quoted := rt.ListToSlice(form[1])
		require.Len(t, quoted, 2)
		require.Equal(t, e.img.S.Quote, quoted[0])
		back := e.th.Call(form[0], quoted[1])
		require.IsType(t, r, back)
		limit := rt.MakeInt(1 << 40)
		for i := 0; i < 5; i++ {
			assert.Equal(t, e.call("RANDOM", limit, r), e.call("RANDOM", limit, back), "base %s", base)
		}
	}
	e := newEnv(t)
	r := e.call("MAKE-RANDOM-STATE", rt.T)
	assert.Equal(t, "#<RANDOM-STATE {...}>", e.prin1(r))
	e.bind("*PRINT-READABLY*", "T", "*READ-EVAL*", "NIL")
	assert.Equal(t, "PRINT-NOT-READABLE", e.catch(func() { e.prin1(r) }))
}

// TestRestoreRandomStateErrors: %RESTORE-RANDOM-STATE takes four words, not
// all zero.
func TestRestoreRandomStateErrors(t *testing.T) {
	for src, want := range map[string]string{
		"((1 2 3))":                     "TYPE-ERROR",
		"((1 2 3 -4))":                  "TYPE-ERROR",
		"((1 2 3 a))":                   "TYPE-ERROR",
		"((1 2 3 #x1FFFFFFFFFFFFFFFF))": "TYPE-ERROR",
		"((0 0 0 0))":                   "SIMPLE-ERROR",
	} {
		e := newEnv(t)
		fn := e.img.Intern("GOLEM", "%RESTORE-RANDOM-STATE")
		assert.Equal(t, want, e.catch(func() { e.th.Call(fn, rt.ListToSlice(e.read(src))...) }), src)
	}
}
