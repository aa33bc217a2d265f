package printer_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/golem-lisp/golem/printer"

	rt "github.com/golem-lisp/golem/runtime"
)

// TestPrintArraysReadably covers arrays under *print-readably*: it overrides
// *print-array* NIL, and arrays that #(...) and #nA cannot describe print in
// SBCL's #A(dimensions element-type . contents) syntax, which reads back.
func TestPrintArraysReadably(t *testing.T) {
	tests := []struct {
		name, make string // make: MAKE-ARRAY's arguments as Lisp text
		vars       []string
		want       string
	}{
		{"vector, print-array nil", "(2 :initial-element 1)", []string{"*PRINT-ARRAY*", "NIL"}, "#(1 1)"},
		{"bit vector, print-array nil", "(3 :element-type bit :initial-element 1)", []string{"*PRINT-ARRAY*", "NIL"}, "#*111"},
		{"rank 2, print-array nil", "((2 2) :initial-element 1)", []string{"*PRINT-ARRAY*", "NIL"}, "#2A((1 1) (1 1))"},
		{"rank 0", "(nil :initial-element 3)", []string{"*PRINT-ARRAY*", "NIL"}, "#0A3"},
		{"specialized vector", "(2 :element-type (unsigned-byte 2) :initial-element 1)", nil, "#A((2) (UNSIGNED-BYTE 2) 1 1)"},
		{"specialized rank 2", "((2 2) :element-type fixnum :initial-element 7)", nil, "#A((2 2) FIXNUM (7 7) (7 7))"},
		{"zero then non-zero dimension", "((0 1))", nil, "#A((0 1) T)"},
		{"non-zero then zero dimension", "((1 0))", nil, "#2A(())"},
		{"all zero dimensions", "((0 0))", nil, "#2A()"},
		{"bit rank 2 compacts rows", "((2 2) :element-type bit :initial-element 1)", nil, "#A((2 2) BIT #*11 #*11)"},
		{"radix applies to dimensions", "(2 :element-type (signed-byte 8) :initial-element 1)",
			[]string{"*PRINT-BASE*", "3", "*PRINT-RADIX*", "T"}, "#A((#3r2) (SIGNED-BYTE #3r22) #3r1 #3r1)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t)
			e.bind(append([]string{"*PRINT-READABLY*", "T"}, tc.vars...)...)
			args := rt.ListToSlice(e.read(tc.make))
			a := e.th.Call(e.img.CLSym("MAKE-ARRAY"), args...)
			got := e.prin1(a)
			assert.Equal(t, tc.want, got)
			back := e.read(got)
			assert.Equal(t, e.prin1(e.call("ARRAY-DIMENSIONS", a)), e.prin1(e.call("ARRAY-DIMENSIONS", back)))
			assert.Equal(t, e.prin1(e.call("ARRAY-ELEMENT-TYPE", a)), e.prin1(e.call("ARRAY-ELEMENT-TYPE", back)))
			assert.Equal(t, rt.T, e.call("EQUALP", a, back))
		})
	}
}

// TestPrintArrayTerse covers the #<...> form of *print-array* NIL and the
// arrays of element type NIL.
func TestPrintArrayTerse(t *testing.T) {
	e := newEnv(t)
	e.bind("*PRINT-ARRAY*", "NIL")
	assert.Equal(t, "#<(SIMPLE-ARRAY T NIL) {...}>", e.prin1(e.call("MAKE-ARRAY", rt.NIL)))
	assert.Equal(t, "#<(SIMPLE-VECTOR 2) {...}>", e.prin1(e.call("MAKE-ARRAY", rt.MakeInt(2))))
	e.bind("*PRINT-ARRAY*", "T")
	// A vector of element type NIL is a string: an empty one prints as "";
	// a longer one has no characters to show.
	emptyNil := e.call("MAKE-ARRAY", rt.MakeInt(0), e.img.Kw("ELEMENT-TYPE"), rt.NIL)
	assert.Equal(t, `""`, e.prin1(emptyNil))
	assert.Equal(t, "", printer.ToString(e.th, emptyNil, false))
	nilVec := e.call("MAKE-ARRAY", rt.MakeInt(3), e.img.Kw("ELEMENT-TYPE"), rt.NIL)
	assert.Equal(t, "#<(SIMPLE-ARRAY NIL (3)) {...}>", e.prin1(nilVec))
	e.bind("*PRINT-READABLY*", "T", "*READ-EVAL*", "T")
	assert.Equal(t, "#.(MAKE-ARRAY '(3) :ELEMENT-TYPE NIL)", e.prin1(nilVec))
	e.bind("*READ-EVAL*", "NIL")
	assert.Equal(t, "PRINT-NOT-READABLE", e.catch(func() { e.prin1(nilVec) }))
}

// TestPrintArrayLevel: an array with components at *print-level* prints as
// # (CLHS *print-level*), a rank-zero one in full.
func TestPrintArrayLevel(t *testing.T) {
	e := newEnv(t)
	e.bind("*PRINT-LEVEL*", "2")
	assert.Equal(t, "#2A((#))", e.prin1(e.read("#2A((#2A((a))))")))
	e.bind("*PRINT-LEVEL*", "3")
	assert.Equal(t, "#2A((#2A(#)))", e.prin1(e.read("#2A((#2A((a))))")))
	e.bind("*PRINT-LEVEL*", "1")
	assert.Equal(t, "(#0A1)", e.prin1(e.read("(#0A1)")))
}
