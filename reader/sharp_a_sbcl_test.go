package reader_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadSBCLArraySyntax: #A(dimensions element-type . contents), which
// the printer writes for arrays #(...) and #nA cannot describe.
func TestReadSBCLArraySyntax(t *testing.T) {
	tests := []struct {
		src, dims, elemType, contents string
	}{
		{"#A((4) (unsigned-byte 2) 1 3 2 0)", "(4)", "(CL:UNSIGNED-BYTE 2)", "(1 3 2 0)"},
		{"#A((0 1) t)", "(0 1)", "T", "NIL"},
		{"#A((2 2) fixnum (1 2) (3 4))", "(2 2)", "CL:FIXNUM", "(1 2 3 4)"},
		{"#A((2 2) bit #*10 #*01)", "(2 2)", "CL:BIT", "(1 0 0 1)"},
		{"#A(() t . 5)", "NIL", "T", "(5)"},
	}
	for _, tc := range tests {
		t.Run(tc.src, func(t *testing.T) {
			th := newThread(t)
			v, _, class, msg := readOne(th, tc.src)
			require.Empty(t, class, msg)
			img := th.Img
			assert.Equal(t, tc.dims, dump(img, call(th, "ARRAY-DIMENSIONS", v)))
			assert.Equal(t, tc.elemType, dump(img, call(th, "ARRAY-ELEMENT-TYPE", v)))
			assert.Equal(t, tc.contents, dump(img, call(th, "COERCE",
				call(th, "MAKE-ARRAY", call(th, "ARRAY-TOTAL-SIZE", v), img.Kw("DISPLACED-TO"), v,
					img.Kw("ELEMENT-TYPE"), call(th, "ARRAY-ELEMENT-TYPE", v)), img.S.List)))
		})
	}
	th := newThread(t)
	_, _, class, _ := readOne(th, "#A(1 2)")
	assert.Equal(t, "READER-ERROR", class)
}
