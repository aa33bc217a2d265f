package runtime_test

import (
	"testing"

	rt "github.com/golem-lisp/golem/runtime"
	"github.com/stretchr/testify/require"
)

// Expectations from SBCL.

func TestMakeArrayAndAccess(t *testing.T) {
	runEvalCases(t, []evalCase{
		{`(make-array 3)`, "#(0 0 0)"},
		{`(make-array '(2 3) :initial-element 'x)`, "#2A((X X X) (X X X))"},
		{`(make-array 3 :element-type 'character)`, `"\x00\x00\x00"`},
		{`(make-array 3 :element-type 'bit)`, "#*000"},
		{`(make-array 3 :element-type 'double-float)`, "#(0.0d0 0.0d0 0.0d0)"},
		{`(make-array 2 :element-type '(complex single-float))`, "#(#C(0.0 0.0) #C(0.0 0.0))"},
		{`(make-array 3 :initial-contents "abc")`, `#(#\a #\b #\c)`},
		{`(make-array '(2 3) :initial-contents '("abc" "def") :element-type 'character)`, `#2A((#\a #\b #\c) (#\d #\e #\f))`},
		{`(make-array 3 :element-type 'fixnum :initial-element 1.5)`, "!TYPE-ERROR"},
		{`(make-array 3 :initial-element 1 :initial-contents '(1 2 3))`, "!SIMPLE-ERROR"},
		{`(make-array '(2 2) :initial-contents '((1 2) (3)))`, "!SIMPLE-ERROR"},
		{`(make-array '(2 3) :initial-contents "abcdef")`, "!SIMPLE-ERROR"},
		{`(make-array 2 :initial-contents '(1 2 3))`, "!SIMPLE-ERROR"},
		{`(make-array -1)`, "!TYPE-ERROR"},
		{`(make-array '(2 a))`, "!TYPE-ERROR"},
		{`(make-array 3 :fill-pointer 4)`, "!SIMPLE-ERROR"},
		{`(make-array '(2 2) :fill-pointer 1)`, "!SIMPLE-ERROR"},
		{`(make-array 3 :displaced-to (vector 1 2))`, "!SIMPLE-ERROR"},
		{`(make-array 2 :displaced-to "abc")`, "!SIMPLE-ERROR"},
		{`(make-array 2 :displaced-to "abc" :element-type 'character :displaced-index-offset 1)`, `"bc"`},
		{`(array-displacement (make-array 2 :element-type 'character :displaced-to "abc" :displaced-index-offset 1))`, `"abc" ; 1`},
		{`(array-displacement "abc")`, "NIL ; 0"},
		{`(aref (vector 1 2 3) 5)`, "!SIMPLE-TYPE-ERROR"},
		{`(aref (vector 1 2 3) -1)`, "!SIMPLE-TYPE-ERROR"},
		{`(aref (make-array '(2 3)) 1)`, "!SIMPLE-ERROR"},
		{`(aref (make-array '(2 3)) 1 5)`, "!SIMPLE-TYPE-ERROR"},
		{`(aref 5 1)`, "!TYPE-ERROR"},
		{`(aref (make-array '() :initial-element 7))`, "7"},
		{`(aref (make-array 3 :fill-pointer 1 :initial-element 'x) 2)`, "X"},
		{`(svref (vector 1 2) 1)`, "2"},
		{`(svref (make-array 3 :adjustable t) 1)`, "!TYPE-ERROR"},
		{`(svref "abc" 1)`, "!TYPE-ERROR"},
		{`(row-major-aref (make-array '(2 2) :initial-contents '((1 2) (3 4))) 3)`, "4"},
		{`(array-dimensions (make-array '(2 3 4)))`, "(2 3 4)"},
		{`(array-rank (make-array '()))`, "0"},
		{`(array-total-size (make-array '(2 3)))`, "6"},
		{`(array-dimension (make-array '(2 3)) 1)`, "3"},
		{`(array-dimension (make-array '(2 3)) 2)`, "!SIMPLE-ERROR"},
		{`(array-in-bounds-p (make-array '(2 3)) 1 2)`, "T"},
		{`(array-in-bounds-p (make-array '(2 3)) 1 3)`, "NIL"},
		{`(array-in-bounds-p (make-array '(2 3)) -1 0)`, "NIL"},
		{`(array-row-major-index (make-array '(2 3)) 1 2)`, "5"},
		{`(array-element-type "abc")`, "CHARACTER"},
		{`(array-element-type #*1)`, "BIT"},
		{`(array-element-type (make-array 3 :element-type 'fixnum))`, "FIXNUM"},
		{`(array-element-type (make-array 2 :element-type '(integer 0 200)))`, "(UNSIGNED-BYTE 8)"},
		{`(array-has-fill-pointer-p (make-array 2 :fill-pointer 0))`, "T"},
		{`(fill-pointer (vector 1))`, "!SIMPLE-TYPE-ERROR"},
		{`((setf fill-pointer) 4 (make-array 3 :fill-pointer 0))`, "!SIMPLE-TYPE-ERROR"},
		{`(adjustable-array-p (make-array 2 :adjustable t))`, "T"},
		{`(arrayp "x")`, "T"},
		{`(vectorp (make-array '(1 1)))`, "NIL"},
		{`(simple-vector-p (make-array 2 :fill-pointer t))`, "NIL"},
		{`(simple-vector-p (vector 1))`, "T"},
		{`(bit-vector-p #*1)`, "T"},
		{`(simple-bit-vector-p (make-array 2 :element-type 'bit :adjustable t))`, "NIL"},
		{`(bit #*101 1)`, "0"},
		{`(sbit #*101 2)`, "1"},
		{`(bit #*101 5)`, "!SIMPLE-TYPE-ERROR"},
		{`(progn* (setg 'a (make-array 3 :element-type 'fixnum)) ((setf aref) 1.5 a 0))`, "!TYPE-ERROR"},
		{`(progn* (setg 'a (make-array 3 :element-type '(unsigned-byte 8))) ((setf aref) 256 a 0))`, "!TYPE-ERROR"},
		{`(progn* (setg 'a (make-array '(2 2))) ((setf aref) 'z a 1 1) a)`, "#2A((0 0) (0 Z))"},
		{`(progn* (setg 'a (vector 1 2)) ((setf svref) 'z a 0) a)`, "#(Z 2)"},
		{`(progn* (setg 'a (copy-seq #*000)) ((setf bit) 1 a 1) a)`, "#*010"},
		{`(progn* (setg 'a (copy-seq #*000)) ((setf bit) 2 a 1) a)`, "!TYPE-ERROR"},
		{`(progn* (setg 'a (make-array '(2 2))) ((setf row-major-aref) 'q a 2) a)`, "#2A((0 0) (Q 0))"},
	})
}

func TestUpgradedArrayElementType(t *testing.T) {
	runEvalCases(t, []evalCase{
		{`(upgraded-array-element-type 'fixnum)`, "FIXNUM"},
		{`(upgraded-array-element-type 'integer)`, "T"},
		{`(upgraded-array-element-type '(unsigned-byte 8))`, "(UNSIGNED-BYTE 8)"},
		{`(upgraded-array-element-type '(unsigned-byte 3))`, "(UNSIGNED-BYTE 4)"},
		{`(upgraded-array-element-type '(unsigned-byte 5))`, "(UNSIGNED-BYTE 7)"},
		{`(upgraded-array-element-type '(unsigned-byte 20))`, "(UNSIGNED-BYTE 31)"},
		{`(upgraded-array-element-type '(unsigned-byte 40))`, "(UNSIGNED-BYTE 62)"},
		{`(upgraded-array-element-type '(unsigned-byte 63))`, "(UNSIGNED-BYTE 63)"},
		{`(upgraded-array-element-type '(unsigned-byte 65))`, "T"},
		{`(upgraded-array-element-type '(signed-byte 3))`, "(SIGNED-BYTE 8)"},
		{`(upgraded-array-element-type '(signed-byte 40))`, "FIXNUM"},
		{`(upgraded-array-element-type '(signed-byte 64))`, "(SIGNED-BYTE 64)"},
		{`(upgraded-array-element-type '(integer 0 10))`, "(UNSIGNED-BYTE 4)"},
		{`(upgraded-array-element-type '(integer -5 5))`, "(SIGNED-BYTE 8)"},
		{`(upgraded-array-element-type '(integer 0 *))`, "T"},
		{`(upgraded-array-element-type '(integer 0 1))`, "BIT"},
		{`(upgraded-array-element-type '(member 0 1))`, "BIT"},
		{`(upgraded-array-element-type '(mod 256))`, "(UNSIGNED-BYTE 8)"},
		{`(upgraded-array-element-type 'bit)`, "BIT"},
		{`(upgraded-array-element-type 'character)`, "CHARACTER"},
		{`(upgraded-array-element-type 'single-float)`, "SINGLE-FLOAT"},
		{`(upgraded-array-element-type 'long-float)`, "DOUBLE-FLOAT"},
		{`(upgraded-array-element-type 'float)`, "T"},
		{`(upgraded-array-element-type '(complex double-float))`, "(COMPLEX DOUBLE-FLOAT)"},
		{`(upgraded-array-element-type '(complex rational))`, "T"},
		{`(upgraded-array-element-type 'symbol)`, "T"},
		{`(upgraded-array-element-type nil)`, "NIL"},
	})
}

func TestAdjustAndPush(t *testing.T) {
	runEvalCases(t, []evalCase{
		{`(adjust-array (vector 1 2 3) 5 :initial-element 0)`, "#(1 2 3 0 0)"},
		{`(adjust-array (make-array '(2 2) :initial-contents '((1 2) (3 4))) '(3 3) :initial-element 0)`, "#2A((1 2 0) (3 4 0) (0 0 0))"},
		{`(progn* (setg 'a (make-array '(2 2) :initial-contents '((1 2) (3 4)) :adjustable t)) (eq a (adjust-array a '(1 3) :initial-element 9)))`, "T"},
		{`a`, "#2A((1 2 9))"},
		{`(progn* (setg 'a (make-array 3 :adjustable t :fill-pointer 2 :initial-contents '(1 2 3))) (adjust-array a 5 :initial-element 0) (list a (fill-pointer a) (array-dimension a 0)))`, "(#(1 2) 2 5)"},
		{`(progn* (setg 'a (make-array 3 :adjustable t :initial-contents '(1 2 3))) (adjust-array a 2) a)`, "#(1 2)"},
		{`(adjust-array (make-array 3 :fill-pointer 3) 2)`, "!SIMPLE-ERROR"},
		{`(adjust-array (vector 1 2) '(2 2))`, "!SIMPLE-ERROR"},
		{`(adjust-array "abc" 5 :initial-element #\x)`, `"abcxx"`},
		{`(progn* (setg 'b (vector 1 2 3 4 5)) (setg 'a (make-array 2 :displaced-to b :displaced-index-offset 1 :adjustable t)) (adjust-array a 3 :displaced-to b :displaced-index-offset 2) a)`, "#(3 4 5)"},
		{`(array-displacement a)`, "#(1 2 3 4 5) ; 2"},
		{`(progn* (adjust-array a 3) ((setf aref) 'x a 0) (list a b))`, "(#(X 4 5) #(1 2 3 4 5))"},
		{`(array-displacement a)`, "NIL ; 0"},
		{`(progn* (setg 'a (make-array 2 :fill-pointer 2 :adjustable t)) (vector-push-extend 1 a) (array-dimension a 0))`, "4"},
		{`(progn* (setg 'a (make-array 0 :fill-pointer 0 :adjustable t)) (vector-push-extend 1 a) (array-dimension a 0))`, "1"},
		{`(progn* (setg 'a (make-array 10 :fill-pointer 10 :adjustable t)) (vector-push-extend 1 a) (array-dimension a 0))`, "20"},
		{`(progn* (setg 'a (make-array 2 :fill-pointer 2 :adjustable t)) (vector-push-extend 1 a 10) (array-dimension a 0))`, "12"},
		{`(progn* (setg 'a (make-array 2 :fill-pointer 2)) (vector-push-extend 1 a) (list a (adjustable-array-p a)))`, "(#(0 0 1) T)"},
		{`(vector-push-extend 1 (vector 1 2))`, "!SIMPLE-TYPE-ERROR"},
		{`(vector-push 1 (vector 1 2))`, "!SIMPLE-TYPE-ERROR"},
		{`(vector-pop (make-array 2 :fill-pointer 0))`, "!SIMPLE-ERROR"},
		{`(vector-pop (make-array 2 :fill-pointer 2 :initial-contents '(a b)))`, "B"},
		{`(progn* (setg 'a (make-array 2 :fill-pointer 2)) (list (vector-push 1 a) a))`, "(NIL #(0 0))"},
		{`(progn* (setg 'a (make-array 3 :fill-pointer 0 :element-type 'character)) (vector-push #\x a) (vector-push-extend #\y a) a)`, `"xy"`},
	})
}

func TestBitOperations(t *testing.T) {
	runEvalCases(t, []evalCase{
		{`(bit-and #*1100 #*1010)`, "#*1000"},
		{`(bit-ior #*1100 #*1010)`, "#*1110"},
		{`(bit-xor #*1100 #*1010)`, "#*0110"},
		{`(bit-eqv #*1100 #*1010)`, "#*1001"},
		{`(bit-nand #*1100 #*1010)`, "#*0111"},
		{`(bit-nor #*1100 #*1010)`, "#*0001"},
		{`(bit-andc1 #*1100 #*1010)`, "#*0010"},
		{`(bit-andc2 #*1100 #*1010)`, "#*0100"},
		{`(bit-orc1 #*1100 #*1010)`, "#*1011"},
		{`(bit-orc2 #*1100 #*1010)`, "#*1101"},
		{`(bit-not #*1100)`, "#*0011"},
		{`(progn* (setg 'a (copy-seq #*1100)) (bit-and a #*1010 t) a)`, "#*1000"},
		{`(bit-and #*11 #*101)`, "!SIMPLE-ERROR"},
		{`(bit-and (make-array '(2 2) :element-type 'bit :initial-contents '((1 1) (0 1))) (make-array '(2 2) :element-type 'bit :initial-contents '((1 0) (1 1))))`, "#2A((1 0) (0 1))"},
	})
}

func TestArrayConstantsAndTypeOf(t *testing.T) {
	e := newLispEnv()
	require.Equal(t, rt.MakeInt(1114112), e.img.CLSym("CHAR-CODE-LIMIT").Value)
	require.Equal(t, rt.MakeInt(129), e.img.CLSym("ARRAY-RANK-LIMIT").Value)
	require.Equal(t, rt.MakeInt(4611686018427387901), e.img.CLSym("ARRAY-DIMENSION-LIMIT").Value)
	require.True(t, e.img.CLSym("ARRAY-TOTAL-SIZE-LIMIT").IsConstant())
	for _, c := range []struct{ form, want string }{
		{`(make-array 3 :element-type 'fixnum)`, "(SIMPLE-ARRAY FIXNUM (3))"},
		{`(vector 1 2 3)`, "(SIMPLE-VECTOR 3)"},
		{`(make-array 3 :fill-pointer 1)`, "(VECTOR T 3)"},
		{`"abc"`, "(SIMPLE-ARRAY CHARACTER (3))"},
		{`(make-array 3 :element-type 'character :adjustable t)`, "(VECTOR CHARACTER 3)"},
		{`(make-array 3 :element-type 'bit)`, "(SIMPLE-BIT-VECTOR 3)"},
		{`(make-array 3 :element-type 'bit :fill-pointer 1)`, "(BIT-VECTOR 3)"},
		{`(make-array '(2 3))`, "(SIMPLE-ARRAY T (2 3))"},
		{`(make-array '(2 2) :adjustable t)`, "(ARRAY T (2 2))"},
		{`(make-array 2 :element-type 'character :displaced-to "abc" :displaced-index-offset 1)`, "(VECTOR CHARACTER 2)"},
	} {
		require.Equal(t, c.want, e.show(rt.ArrayTypeOf(e.img, e.eval(e.read(c.form)))), c.form)
	}
	// The index error reports SBCL's message.
	cond := e.condition(func() { e.eval(e.read(`(aref (vector 1 2 3) 5)`)) })
	require.True(t, e.th.TypeP(cond, e.img.CLSym("TYPE-ERROR")))
	require.Equal(t, `"Invalid index ~W for ~S, should be a non-negative integer below ~W."`,
		e.show(cond.Slots[cond.Class.SlotIndex(e.img.Intern("GOLEM", "FORMAT-CONTROL"))]))
}

func TestMakeArrayChecksAllocation(t *testing.T) {
	img := rt.NewImage()
	th := rt.NewThread(img, nil, rt.Limits{MaxMemory: 1 << 20})
	e := &lispEnv{img: img, th: th}
	require.Equal(t, "!SIMPLE-STORAGE-CONDITION", e.callValues(img.CLSym("MAKE-ARRAY"), []rt.Value{rt.MakeInt(1 << 30)}))
	require.Equal(t, "!SIMPLE-STORAGE-CONDITION", e.callValues(img.CLSym("MAKE-STRING"), []rt.Value{rt.MakeInt(1 << 30)}))
	require.Equal(t, "!SIMPLE-STORAGE-CONDITION", e.callValues(img.CLSym("MAKE-SEQUENCE"), []rt.Value{img.S.List, rt.MakeInt(1 << 30)}))
}
