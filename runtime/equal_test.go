package runtime_test

import (
	"math"
	"testing"

	rt "github.com/golem-lisp/golem/runtime"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestEqualityPredicates(t *testing.T) {
	e := newLtEnv()
	ltRun(t, e, []ltCase{
		{"EQ", "a a", "T"},
		{"EQ", "(1) (1)", "NIL"},
		{"EQ", "1 1", "T"},
		{"EQ", "#\\a #\\a", "T"},
		{"EQL", "1.0 1.0", "T"},
		{"EQL", "1 1.0", "NIL"},
		{"EQL", "0.0 -0.0", "NIL"},
		{"EQL", "100000000000000000000 100000000000000000000", "T"},
		{"EQL", "1/2 1/2", "T"},
		{"EQL", "\"a\" \"a\"", "NIL"},
		{"EQUAL", "\"a\" \"a\"", "T"},
		{"EQUAL", "\"a\" \"A\"", "NIL"},
		{"EQUAL", "(1 (2 \"x\") . 3) (1 (2 \"x\") . 3)", "T"},
		{"EQUAL", "(1 2) (1 2 3)", "NIL"},
		{"EQUAL", "#(1) #(1)", "NIL"},
		{"EQUAL", "#*101 #*101", "T"},
		{"EQUAL", "#*101 #*100", "NIL"},
		{"EQUAL", "1.0 1", "NIL"},
		{"EQUAL", "0.0 -0.0", "NIL"},
		{"EQUAL", "#\\a #\\A", "NIL"},
		{"EQUALP", "#\\a #\\A", "T"},
		{"EQUALP", "\"abc\" \"ABC\"", "T"},
		{"EQUALP", "1 1.0", "T"},
		{"EQUALP", "1/2 0.5", "T"},
		{"EQUALP", "0.0 -0.0", "T"},
		{"EQUALP", "(1 \"A\") (1.0 \"a\")", "T"},
		{"EQUALP", "#(1 2 #\\a) (1 2 #\\a)", "NIL"},
		{"EQUALP", "\"ABC\" #(#\\a #\\b #\\c)", "T"},
		{"EQUALP", "#*101 #(1 0 1)", "T"},
		{"EQUALP", "#(1 (2)) #(1.0 (2))", "T"},
		{"EQUALP", "#(1 2) #(1 2 3)", "NIL"},
		{"EQUALP", "a A", "T"},
		{"EQUALP", "a b", "NIL"},
		{"NOT", "nil", "T"},
		{"NOT", "3", "NIL"},
		{"NULL", "nil", "T"},
		{"NULL", "(1)", "NIL"},
	})
}

func TestEqualpArraysTablesStructures(t *testing.T) {
	e := newLtEnv()
	th := e.th
	// Two 2x2 arrays with = elements.
	a := &rt.Array{Dims: []int{2, 2}, Data: rt.NewVector([]rt.Value{rt.MakeInt(1), rt.MakeInt(2), rt.MakeInt(3), rt.MakeInt(4)})}
	b := &rt.Array{Dims: []int{2, 2}, Data: rt.NewVector([]rt.Value{rt.DoubleFloat(1), rt.MakeInt(2), rt.MakeInt(3), rt.MakeInt(4)})}
	c := &rt.Array{Dims: []int{4, 1}, Data: rt.NewVector([]rt.Value{rt.MakeInt(1), rt.MakeInt(2), rt.MakeInt(3), rt.MakeInt(4)})}
	assert.True(t, rt.Equalp(th, a, b))
	assert.False(t, rt.Equalp(th, a, c))
	assert.False(t, rt.Equal(th, a, b))
	assert.Equal(t, rt.SxhashEqualp(th, a), rt.SxhashEqualp(th, b))
	// A displaced string is EQUAL to a string with the same characters.
	ds := &rt.Array{Dims: []int{3}, Data: rt.NewString("xxabcx"), Offset: 2, Displaced: true}
	assert.True(t, rt.Equal(th, ds, rt.NewString("abc")))
	assert.True(t, rt.Equal(th, rt.NewString("abc"), ds))
	assert.Equal(t, rt.Sxhash(th, ds), rt.Sxhash(th, rt.NewString("abc")))

	// Hash tables: same test and EQUALP entries.
	h1, h2 := rt.NewHashTable(e.img.S.Eql), rt.NewHashTable(e.img.S.Eql)
	h1.Put(th, rt.MakeInt(1), rt.NewString("x"))
	h2.Put(th, rt.MakeInt(1), rt.NewString("X"))
	assert.True(t, rt.Equalp(th, h1, h2))
	assert.False(t, rt.Equal(th, h1, h2))
	h2.Put(th, rt.MakeInt(2), rt.NIL)
	assert.False(t, rt.Equalp(th, h1, h2))
	assert.False(t, rt.Equalp(th, h1, rt.NewHashTable(e.img.S.Equal)))

	// Structures compare slot by slot; standard objects by identity.
	sc := &rt.Class{Name: e.img.Intern("COMMON-LISP-USER", "POINT"), Kind: rt.StructureClass,
		Slots: []*rt.SlotDef{{Name: e.img.Intern("COMMON-LISP-USER", "X")}, {Name: e.img.Intern("COMMON-LISP-USER", "Y")}}}
	sc.Finalize()
	p1, p2 := rt.NewInstance(sc), rt.NewInstance(sc)
	p1.Slots[0], p1.Slots[1] = rt.MakeInt(1), rt.NewString("a")
	p2.Slots[0], p2.Slots[1] = rt.SingleFloat(1), rt.NewString("A")
	assert.True(t, rt.Equalp(th, p1, p2))
	assert.False(t, rt.Equal(th, p1, p2))
	assert.Equal(t, rt.SxhashEqualp(th, p1), rt.SxhashEqualp(th, p2))
	oc := &rt.Class{Name: e.img.Intern("COMMON-LISP-USER", "OBJ"), Kind: rt.StandardClass, Slots: sc.Slots}
	oc.Finalize()
	o1, o2 := rt.NewInstance(oc), rt.NewInstance(oc)
	assert.False(t, rt.Equalp(th, o1, o2))
	assert.True(t, rt.Equalp(th, o1, o1))
}

func TestEqualDeepAndCircular(t *testing.T) {
	e := newLtEnv()
	th := e.th
	build := func() rt.Value {
		var deep rt.Value = rt.NIL
		for i := 0; i < 1_000_000; i++ {
			deep = rt.NewCons(deep, rt.NIL)
		}
		return deep
	}
	a, b := build(), build()
	for _, f := range []func(){
		func() { rt.Equal(th, a, b) },
		func() { rt.Equalp(th, a, b) },
		func() { th.Call(e.img.CLSym("EQUAL"), a, b) },
	} {
		c := e.catch(f)
		require.NotNil(t, c)
		assert.True(t, th.TypeP(c, e.img.CLSym("STORAGE-CONDITION")), c.Class.Name.Name)
	}
	// Hashing looks at a bounded part, so deep and circular data terminate.
	assert.NotPanics(t, func() { rt.Sxhash(th, a) })
	assert.Equal(t, rt.Sxhash(th, a), rt.Sxhash(th, b))
	circ := ltCircular(rt.MakeInt(1), rt.MakeInt(2))
	assert.NotPanics(t, func() { rt.Sxhash(th, circ) })
	assert.NotPanics(t, func() { rt.SxhashEqualp(th, circ) })
	car := rt.NewCons(rt.NIL, rt.NIL)
	car.Car = car
	assert.NotPanics(t, func() { rt.Sxhash(th, car) })
	assert.True(t, rt.Equal(th, circ, circ))
	// Long flat lists compare iteratively.
	items := make([]rt.Value, 500_000)
	for i := range items {
		items[i] = rt.MakeInt(int64(i))
	}
	assert.True(t, rt.Equal(th, rt.List(items...), rt.List(items...)))
}

func TestSxhash(t *testing.T) {
	e := newLtEnv()
	th := e.th
	pairs := [][2]string{
		{"\"abc\"", "\"abc\""},
		{"(1 (2 . \"x\") #\\a)", "(1 (2 . \"x\") #\\a)"},
		{"abc", "#:abc"},
		{"100000000000000000000", "100000000000000000000"},
		{"1/3", "1/3"},
		{"#*1011", "#*1011"},
		{"1.5", "1.5"},
	}
	for _, p := range pairs {
		a, b := e.read(p[0]), e.read(p[1])
		assert.Equal(t, rt.Sxhash(th, a), rt.Sxhash(th, b), p[0])
		assert.Equal(t, e.call("SXHASH", p[0]), e.call("SXHASH", p[1]))
	}
	for _, p := range [][2]string{{"\"ABC\"", "\"abc\""}, {"1", "1.0"}, {"1/2", "0.5d0"}, {"(#\\A 2)", "(#\\a 2.0)"}, {"\"ab\"", "#(#\\a #\\B)"}} {
		assert.Equal(t, rt.SxhashEqualp(th, e.read(p[0])), rt.SxhashEqualp(th, e.read(p[1])), p[0])
	}
	assert.NotEqual(t, rt.Sxhash(th, e.read("\"abc\"")), rt.Sxhash(th, e.read("\"abd\"")))
	v := e.th.Call(e.img.CLSym("SXHASH"), e.read("(1 2 3)"))
	n, ok := v.(rt.Fixnum)
	require.True(t, ok)
	assert.True(t, n >= 0 && n < 1<<62)
	// -0.0 is similar to 0.0 (CLHS 3.2.4.2.2): one code.
	assert.Equal(t, rt.Sxhash(th, rt.DoubleFloat(math.Copysign(0, -1))), rt.Sxhash(th, rt.DoubleFloat(0)))
}
