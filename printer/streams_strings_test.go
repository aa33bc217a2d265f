package printer_test

import (
	"testing"

	rt "github.com/golem-lisp/golem/runtime"
	"github.com/stretchr/testify/assert"
)

// String streams read and write strings of every representation: here
// "abcd" displaced into "xabcdx".
func TestStringStreamsTakeDisplacedStrings(t *testing.T) {
	e := newEnv(t)
	displaced := e.call("MAKE-ARRAY", rt.MakeInt(4), e.img.Kw("ELEMENT-TYPE"), e.img.S.Character,
		e.img.Kw("DISPLACED-TO"), e.read(`"xabcdx"`), e.img.Kw("DISPLACED-INDEX-OFFSET"), rt.MakeInt(1))
	cases := []struct {
		name string
		run  func() rt.Value
		want string
	}{
		{"make-string-input-stream", func() rt.Value {
			return e.call("READ-LINE", e.call("MAKE-STRING-INPUT-STREAM", displaced, rt.MakeInt(1)))
		}, `"bcd"`},
		{"write-string", func() rt.Value {
			out := e.call("MAKE-STRING-OUTPUT-STREAM")
			e.call("WRITE-STRING", displaced, out, e.img.Kw("END"), rt.MakeInt(3))
			return e.call("GET-OUTPUT-STREAM-STRING", out)
		}, `"abc"`},
		{"write-sequence", func() rt.Value {
			out := e.call("MAKE-STRING-OUTPUT-STREAM")
			e.call("WRITE-SEQUENCE", displaced, out, e.img.Kw("START"), rt.MakeInt(2))
			return e.call("GET-OUTPUT-STREAM-STRING", out)
		}, `"cd"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got rt.Value
			assert.Equal(t, "", e.catch(func() { got = c.run() }))
			assert.Equal(t, c.want, e.prin1(got))
		})
	}
	assert.Equal(t, "TYPE-ERROR", e.catch(func() { e.call("MAKE-STRING-INPUT-STREAM", e.read(`#(#\a)`)) }))
}
