package printer_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	rt "github.com/golem-lisp/golem/runtime"
)

// A displaced string with a fill pointer takes output (WITH-OUTPUT-TO-STRING
// with a string): the characters land in the array it is displaced to; one
// with no room left and not adjustable signals an error.
func TestFillPointerOutputToDisplacedString(t *testing.T) {
	e := newEnv(t)
	mk := e.img.Intern("GOLEM", "%MAKE-FILL-POINTER-OUTPUT-STREAM")
	base := e.read(`"...................."`)
	disp := func(n int) rt.Value {
		return e.th.Call(e.img.CLSym("MAKE-ARRAY"), rt.MakeInt(int64(n)), e.img.Kw("ELEMENT-TYPE"), e.img.CLSym("CHARACTER"),
			e.img.Kw("DISPLACED-TO"), base, e.img.Kw("DISPLACED-INDEX-OFFSET"), rt.MakeInt(5), e.img.Kw("FILL-POINTER"), rt.MakeInt(0))
	}
	s2 := disp(10)
	out := e.th.Call(mk, s2).(rt.Stream)
	out.WriteString("01234\n567")
	assert.Equal(t, 3, out.Column())
	text, _ := e.th.StringText(s2)
	assert.Equal(t, "01234\n567", text)
	text, _ = e.th.StringText(base)
	assert.Equal(t, ".....01234\n567......", text)
	assert.Equal(t, "STRING-STREAM", e.prin1(e.call("TYPE-OF", out)))

	full := e.th.Call(mk, disp(2)).(rt.Stream)
	assert.Equal(t, "SIMPLE-ERROR", e.catch(func() { full.WriteString("abc") }))
}
