package runtime_test

import (
	"testing"

	rt "github.com/golem-lisp/golem/runtime"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// specialStrings makes "FOO" in each representation a string can have:
// simple, with a fill pointer, adjustable, and displaced (into "XFOOY").
func specialStrings(e *lispEnv) map[string]rt.Value {
	mk := func(args ...rt.Value) rt.Value { return e.th.Call(e.img.CLSym("MAKE-ARRAY"), args...) }
	kw := e.img.Kw
	ch := e.img.S.Character
	return map[string]rt.Value{
		"simple": e.read(`"FOO"`),
		"fill": mk(rt.MakeInt(5), kw("ELEMENT-TYPE"), ch, kw("FILL-POINTER"), rt.MakeInt(3),
			kw("INITIAL-CONTENTS"), e.read(`"FOOXX"`)),
		"adjustable": mk(rt.MakeInt(3), kw("ELEMENT-TYPE"), ch, kw("ADJUSTABLE"), rt.T,
			kw("INITIAL-CONTENTS"), e.read(`"FOO"`)),
		"displaced": mk(rt.MakeInt(3), kw("ELEMENT-TYPE"), ch, kw("DISPLACED-TO"), e.read(`"XFOOY"`),
			kw("DISPLACED-INDEX-OFFSET"), rt.MakeInt(1)),
		"displaced-fill": mk(rt.MakeInt(4), kw("ELEMENT-TYPE"), e.img.CLSym("BASE-CHAR"), kw("DISPLACED-TO"), e.th.Coerce(e.read(`"XFOOYZ"`), e.img.CLSym("BASE-STRING")),
			kw("DISPLACED-INDEX-OFFSET"), rt.MakeInt(1), kw("FILL-POINTER"), rt.MakeInt(3)),
	}
}

func TestStringViewAcceptsEveryRepresentation(t *testing.T) {
	e := newLispEnv()
	for name, s := range specialStrings(e) {
		t.Run(name, func(t *testing.T) {
			assert.True(t, e.th.IsString(s))
			assert.True(t, e.th.TypeP(s, e.img.S.String))
			assert.True(t, e.th.TypeP(s, rt.List(e.img.S.String, e.img.CLSym("*"))))
			text, ok := e.th.StringText(s)
			assert.True(t, ok)
			assert.Equal(t, "FOO", text)
			assert.Equal(t, "FOO", e.th.StringArg(s))
			assert.Equal(t, "FOO", e.th.DesignatorArg(s))
			simple, ok := e.th.SimpleStringOf(s)
			require.True(t, ok)
			assert.Equal(t, "FOO", simple.String())
			// Functions taking strings and string designators.
			assert.Equal(t, "T", e.callValues(e.img.CLSym("STRING="), []rt.Value{s, e.read(`"FOO"`)}))
			assert.Equal(t, `"foo"`, e.callValues(e.img.CLSym("STRING-DOWNCASE"), []rt.Value{s}))
			sym, ok := e.th.Call(e.img.CLSym("MAKE-SYMBOL"), s).(*rt.Symbol)
			require.True(t, ok)
			assert.Equal(t, "FOO", sym.Name)
			assert.Equal(t, "NIL ; NIL", e.callValues(e.img.CLSym("FIND-SYMBOL"), []rt.Value{s, e.read(`"KEYWORD"`)}))
			assert.Equal(t, `"FOO!"`, e.callValues(e.img.CLSym("CONCATENATE"), []rt.Value{e.img.S.String, s, e.read(`"!"`)}))
		})
	}
}

func TestStringViewRejectsNonStrings(t *testing.T) {
	e := newLispEnv()
	mk := func(args ...rt.Value) rt.Value { return e.th.Call(e.img.CLSym("MAKE-ARRAY"), args...) }
	cases := map[string]rt.Value{
		"symbol":       e.read(`FOO`),
		"general":      e.read(`#(#\a)`),
		"2d-character": mk(e.read(`(1 1)`), e.img.Kw("ELEMENT-TYPE"), e.img.S.Character),
		"displaced-t":  mk(rt.MakeInt(1), e.img.Kw("DISPLACED-TO"), e.read(`#(#\a #\b)`)),
	}
	for name, v := range cases {
		t.Run(name, func(t *testing.T) {
			assert.False(t, e.th.IsString(v))
			assert.False(t, e.th.TypeP(v, e.img.S.String))
			_, ok := e.th.StringText(v)
			assert.False(t, ok)
			_, ok = e.th.SimpleStringOf(v)
			assert.False(t, ok)
			c := e.condition(func() { e.th.StringArg(v) })
			require.NotNil(t, c)
			assert.Equal(t, "TYPE-ERROR", c.Class.Name.Name)
		})
	}
	// A symbol and a character are string designators, not strings.
	text, ok := e.th.DesignatorText(e.read(`FOO`))
	assert.True(t, ok)
	assert.Equal(t, "FOO", text)
	assert.Equal(t, "a", e.th.DesignatorArg(rt.Char('a')))
	c := e.condition(func() { e.th.DesignatorArg(rt.MakeInt(1)) })
	require.NotNil(t, c)
	assert.Equal(t, "TYPE-ERROR", c.Class.Name.Name)
}

// A vector of element type NIL is a string (CLHS STRING: NIL is a subtype of
// CHARACTER), though none of its elements can be read.
func TestNilVectorsAreStrings(t *testing.T) {
	e := newLispEnv()
	mk := func(n int64) rt.Value {
		return e.th.Call(e.img.CLSym("MAKE-ARRAY"), rt.MakeInt(n), e.img.Kw("ELEMENT-TYPE"), rt.NIL)
	}
	empty, three := mk(0), mk(3)
	for _, v := range []rt.Value{empty, three} {
		assert.True(t, e.th.IsString(v))
		assert.True(t, e.img.IsSimpleString(v))
		assert.Equal(t, "T", e.callValues(e.img.CLSym("STRINGP"), []rt.Value{v}))
		assert.Equal(t, "T", e.callValues(e.img.CLSym("SIMPLE-STRING-P"), []rt.Value{v}))
	}
	text, ok := e.th.StringText(empty)
	assert.True(t, ok)
	assert.Equal(t, "", text)
	assert.Equal(t, "T", e.callValues(e.img.CLSym("STRING="), []rt.Value{empty, e.read(`""`)}))
	assert.Equal(t, `""`, e.callValues(e.img.CLSym("STRING-UPCASE"), []rt.Value{empty}))
	assert.True(t, rt.Equal(e.th, empty, e.read(`""`)))
	assert.True(t, rt.Equal(e.th, e.read(`""`), empty))
	assert.False(t, rt.Equal(e.th, three, e.read(`""`)))
	// Reading an element of a non-empty one is an error.
	c := e.condition(func() { e.th.StringText(three) })
	require.NotNil(t, c)
	assert.Equal(t, "SIMPLE-ERROR", c.Class.Name.Name)
	// MAKE-STRING accepts NIL as its element type.
	s := e.th.MakeString(rt.MakeInt(0), nil, rt.NIL)
	assert.True(t, e.th.IsString(s))
	assert.False(t, e.th.IsString(e.th.Call(e.img.CLSym("MAKE-ARRAY"), rt.MakeInt(0))))
}

func TestStringTypeNames(t *testing.T) {
	e := newLispEnv()
	nilVec := e.th.Call(e.img.CLSym("MAKE-ARRAY"), rt.MakeInt(0), e.img.Kw("ELEMENT-TYPE"), rt.NIL)
	specials := specialStrings(e)
	cases := []struct {
		name  string
		v     rt.Value
		types map[string]bool
	}{
		{"simple", specials["simple"], map[string]bool{"STRING": true, "SIMPLE-STRING": true, "BASE-STRING": false}},
		{"fill", specials["fill"], map[string]bool{"STRING": true, "SIMPLE-STRING": false, "BASE-STRING": false}},
		{"displaced", specials["displaced"], map[string]bool{"STRING": true, "SIMPLE-STRING": false, "BASE-STRING": false}},
		{"displaced-base", specials["displaced-fill"], map[string]bool{"STRING": true, "BASE-STRING": true, "SIMPLE-BASE-STRING": false}},
		{"base", e.th.MakeString(rt.MakeInt(2), nil, e.img.CLSym("BASE-CHAR")),
			map[string]bool{"STRING": true, "SIMPLE-STRING": true, "BASE-STRING": true, "SIMPLE-BASE-STRING": true}},
		{"nil-vector", nilVec, map[string]bool{"STRING": true, "SIMPLE-STRING": true, "BASE-STRING": false, "SIMPLE-BASE-STRING": false}},
		{"general", e.read(`#(#\a)`), map[string]bool{"STRING": false, "SIMPLE-STRING": false, "BASE-STRING": false}},
	}
	for _, c := range cases {
		for typ, want := range c.types {
			assert.Equal(t, want, e.th.TypeP(c.v, e.img.CLSym(typ)), "(typep %s '%s)", c.name, typ)
		}
	}
}

// Strings of element type BASE-CHAR are base strings, as in SBCL: BASE-CHAR
// upgrades to itself, and sequence functions keep the element type.
func TestBaseStrings(t *testing.T) {
	e := newLispEnv()
	base := e.img.CLSym("BASE-CHAR")
	assert.Same(t, base, e.th.UpgradedArrayElementType(base))
	assert.Same(t, base, e.th.UpgradedArrayElementType(e.img.CLSym("STANDARD-CHAR")))
	assert.Same(t, e.img.S.Character, e.th.UpgradedArrayElementType(e.img.CLSym("EXTENDED-CHAR")))
	s := e.th.MakeString(rt.MakeInt(3), rt.Char('a'), base)
	assert.Equal(t, "(SIMPLE-BASE-STRING 3)", e.show(e.th.TypeOf(s)))
	assert.Same(t, base, rt.ArrayElementType(e.img, s))
	sub := rt.Subseq(e.th, s, rt.MakeInt(1), nil)
	assert.Equal(t, "(SIMPLE-BASE-STRING 2)", e.show(e.th.TypeOf(sub)))
	// A base string holds only base characters.
	c := e.condition(func() { e.th.SetAref(rt.Char(0x3bb), s, rt.MakeInt(0)) })
	require.NotNil(t, c)
	assert.Equal(t, "TYPE-ERROR", c.Class.Name.Name)
	c = e.condition(func() { e.th.MakeString(rt.MakeInt(1), rt.Char(0x3bb), base) })
	require.NotNil(t, c)
	assert.Equal(t, "TYPE-ERROR", c.Class.Name.Name)
	e.th.SetAref(rt.Char('z'), s, rt.MakeInt(0))
	assert.Equal(t, `"zaa"`, e.show(s))
}
