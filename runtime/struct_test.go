package runtime_test

import (
	"context"
	"testing"

	_ "github.com/golem-lisp/golem/conditions"
	rt "github.com/golem-lisp/golem/runtime"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type structEnv struct {
	t   *testing.T
	img *rt.Image
	th  *rt.Thread
}

func newStructEnv(t *testing.T) *structEnv {
	img := rt.NewImage()
	return &structEnv{t: t, img: img, th: rt.NewThread(img, context.Background(), rt.Limits{})}
}

func (e *structEnv) sym(name string) *rt.Symbol { return e.img.Intern("COMMON-LISP-USER", name) }

// slot builds a %DEFSTRUCT slot description (name initform has-init type read-only accessor).
func (e *structEnv) slot(name string, init rt.Value, typ rt.Value, readOnly bool, accessor string) rt.Value {
	hasInit := rt.Value(rt.T)
	if init == nil {
		init, hasInit = rt.NIL, rt.NIL
	}
	ro := rt.Value(rt.NIL)
	if readOnly {
		ro = rt.T
	}
	var acc rt.Value = rt.NIL
	if accessor != "" {
		acc = e.sym(accessor)
	}
	return rt.List(e.sym(name), init, hasInit, typ, ro, acc)
}

func (e *structEnv) defstruct(name string, opts []rt.Value, slots ...rt.Value) {
	e.th.Call(e.img.Intern("GOLEM", "%DEFSTRUCT"), e.sym(name), rt.List(opts...), rt.List(slots...))
}

func (e *structEnv) opt(kv ...any) []rt.Value {
	var out []rt.Value
	for i := 0; i < len(kv); i += 2 {
		out = append(out, e.img.Kw(kv[i].(string)))
		switch v := kv[i+1].(type) {
		case string:
			out = append(out, e.sym(v))
		case int:
			out = append(out, rt.MakeInt(int64(v)))
		case rt.Value:
			out = append(out, v)
		}
	}
	return out
}

func (e *structEnv) make(name string, vals ...rt.Value) rt.Value {
	return e.th.Call(e.img.Intern("GOLEM", "%MAKE-STRUCT"), append([]rt.Value{e.sym(name)}, vals...)...)
}

func (e *structEnv) call(name string, args ...rt.Value) rt.Value {
	return e.th.Call(e.sym(name), args...)
}

func (e *structEnv) setf(name string, args ...rt.Value) rt.Value {
	return e.th.Call(e.sym(name).Setf, args...)
}

// errorOf runs f and returns the class name of the Lisp error it signals.
func (e *structEnv) errorOf(f func()) (name string) {
	defer func() {
		r := recover()
		if u, ok := r.(*rt.Unhandled); ok {
			name = u.Condition.Class.Name.Name
			return
		}
		if r != nil {
			panic(r)
		}
	}()
	f()
	return ""
}

func n(i int64) rt.Value { return rt.MakeInt(i) }

func (e *structEnv) definePoint() {
	e.defstruct("POINT", e.opt("PREDICATE", "POINT-P", "COPIER", "COPY-POINT", "CONSTRUCTOR", "MAKE-POINT"),
		e.slot("X", n(0), rt.T, false, "POINT-X"), e.slot("Y", n(0), rt.T, false, "POINT-Y"))
}

func TestStructClassAccessors(t *testing.T) {
	e := newStructEnv(t)
	e.definePoint()
	c := e.img.Classes[e.sym("POINT")]
	require.NotNil(t, c)
	assert.Equal(t, rt.StructureClass, c.Kind)
	require.Len(t, c.Slots, 2)
	assert.Equal(t, "X", c.Slots[0].Name.Name)
	assert.Equal(t, "STRUCTURE-OBJECT", c.CPL[1].Name.Name)

	p := e.make("POINT", n(1), n(2))
	inst := p.(*rt.Instance)
	assert.Same(t, c, inst.Class)
	assert.Equal(t, n(1), e.call("POINT-X", p))
	assert.Equal(t, n(2), e.call("POINT-Y", p))
	assert.Equal(t, n(7), e.setf("POINT-Y", n(7), p))
	assert.Equal(t, n(7), e.call("POINT-Y", p))
	assert.Equal(t, rt.T, e.call("POINT-P", p))
	assert.Equal(t, rt.NIL, e.call("POINT-P", n(3)))
	assert.True(t, e.th.TypeP(p, e.sym("POINT")))
	assert.True(t, e.th.TypeP(p, e.img.CLSym("STRUCTURE-OBJECT")))

	cp := e.call("COPY-POINT", p).(*rt.Instance)
	assert.NotSame(t, inst, cp)
	assert.Equal(t, inst.Slots, cp.Slots)
	cs := e.th.Call(e.img.CLSym("COPY-STRUCTURE"), p).(*rt.Instance)
	assert.Equal(t, inst.Slots, cs.Slots)

	assert.Equal(t, "TYPE-ERROR", e.errorOf(func() { e.call("POINT-X", n(5)) }))
	assert.Equal(t, "TYPE-ERROR", e.errorOf(func() { e.setf("POINT-X", n(1), n(5)) }))
	assert.Equal(t, "TYPE-ERROR", e.errorOf(func() { e.call("COPY-POINT", rt.NIL) }))
	assert.Equal(t, "TYPE-ERROR", e.errorOf(func() { e.th.Call(e.img.CLSym("COPY-STRUCTURE"), n(5)) }))
	assert.Equal(t, "SIMPLE-PROGRAM-ERROR", e.errorOf(func() { e.make("POINT", n(1)) }))
}

func TestStructIncludeAndPrinter(t *testing.T) {
	e := newStructEnv(t)
	printer := e.img.CLSym("LIST")
	e.th.Call(e.img.Intern("GOLEM", "%DEFSTRUCT"), e.sym("POINT"),
		rt.List(e.opt("PREDICATE", "POINT-P", "PRINT-KIND", e.img.Kw("OBJECT"))...),
		rt.List(e.slot("X", n(0), rt.T, false, "POINT-X"), e.slot("Y", n(0), rt.T, false, "POINT-Y")),
		e.th.Resolve(printer))
	e.defstruct("P3", e.opt("INCLUDE", "POINT", "PREDICATE", "P3-P"),
		e.slot("X", n(0), rt.T, false, "POINT-X"), e.slot("Y", n(0), rt.T, false, "P3-Y"),
		e.slot("Z", nil, rt.T, true, "P3-Z"))
	p := e.make("P3", n(1), n(2), n(3))
	assert.True(t, e.th.TypeP(p, e.sym("POINT")))
	assert.Equal(t, rt.T, e.call("POINT-P", p))
	assert.Equal(t, rt.NIL, e.call("P3-P", e.make("POINT", n(0), n(0))))
	assert.Equal(t, n(2), e.call("POINT-Y", p))
	assert.Equal(t, n(2), e.call("P3-Y", p))
	assert.Equal(t, n(3), e.call("P3-Z", p))
	assert.Nil(t, e.sym("P3-Z").Setf, "read-only slots have no setf function")
	// P3-Y only accepts P3 instances.
	assert.Equal(t, "TYPE-ERROR", e.errorOf(func() { e.call("P3-Y", e.make("POINT", n(0), n(0))) }))

	// The printer is inherited and called as (object stream &optional depth).
	c3 := p.(*rt.Instance).Class
	pr := rt.StructPrinter(c3)
	require.NotNil(t, pr)
	out := e.th.Call(pr, p, rt.T, n(0))
	assert.Equal(t, 2, len(rt.ListToSlice(out)), ":print-object is called with two arguments")
	assert.Nil(t, rt.StructPrinter(e.img.Classes[e.img.CLSym("STRUCTURE-OBJECT")]))
	assert.Same(t, c3, rt.StructInfoOf(c3).Class)
}

func TestStructPrintFunctionDepth(t *testing.T) {
	e := newStructEnv(t)
	e.th.Call(e.img.Intern("GOLEM", "%DEFSTRUCT"), e.sym("PP"),
		rt.List(e.opt("PRINT-KIND", e.img.Kw("FUNCTION"))...),
		rt.List(e.slot("A", nil, rt.T, false, "PP-A")), e.img.CLSym("LIST"))
	pr := rt.StructPrinter(e.img.Classes[e.sym("PP")])
	out := rt.ListToSlice(e.th.Call(pr, rt.NIL, rt.T))
	assert.Equal(t, []rt.Value{rt.NIL, rt.T, n(0)}, out, ":print-function gets depth 0 by default")
	out = rt.ListToSlice(e.th.Call(pr, rt.NIL, rt.T, n(2)))
	assert.Equal(t, n(2), out[2])
}

func TestStructTypedSlotsAndUnbound(t *testing.T) {
	e := newStructEnv(t)
	e.defstruct("TS", nil, e.slot("A", n(0), e.img.CLSym("FIXNUM"), false, "TS-A"), e.slot("B", nil, rt.T, false, "TS-B"))
	assert.Equal(t, "TYPE-ERROR", e.errorOf(func() { e.make("TS", rt.NewString("x"), rt.NIL) }))
	x := e.make("TS", n(1), rt.StructUnboundMarker(e.img))
	assert.Nil(t, x.(*rt.Instance).Slots[1])
	assert.Equal(t, "SIMPLE-TYPE-ERROR", e.errorOf(func() { e.call("TS-B", x) }))
	assert.Equal(t, "TYPE-ERROR", e.errorOf(func() { e.setf("TS-A", rt.NIL, x) }))
	e.setf("TS-A", n(9), x)
	assert.Equal(t, n(9), e.call("TS-A", x))
}

func TestStructTypedList(t *testing.T) {
	e := newStructEnv(t)
	list := e.img.S.List
	e.defstruct("L", e.opt("TYPE", list, "NAMED", rt.T, "INITIAL-OFFSET", 2, "PREDICATE", "L-P"),
		e.slot("A", nil, rt.T, false, "L-A"), e.slot("B", nil, rt.T, false, "L-B"))
	l := e.make("L", n(1), n(2))
	assert.Equal(t, []rt.Value{rt.NIL, rt.NIL, e.sym("L"), n(1), n(2)}, rt.ListToSlice(l))
	assert.Nil(t, e.img.Classes[e.sym("L")], "typed structures define no class")
	assert.Equal(t, n(2), e.call("L-B", l))
	e.setf("L-A", n(5), l)
	assert.Equal(t, n(5), e.call("L-A", l))
	assert.Equal(t, rt.T, e.call("L-P", l))
	assert.Equal(t, rt.NIL, e.call("L-P", rt.List(n(1))))
	assert.Equal(t, rt.NIL, e.call("L-B", rt.List(n(1))))
	assert.Equal(t, "TYPE-ERROR", e.errorOf(func() { e.call("L-B", n(5)) }))

	// An included named list structure keeps its parent's name in place.
	e.defstruct("L2", e.opt("TYPE", list, "NAMED", rt.T, "INCLUDE", "L", "PREDICATE", "L2-P"),
		e.slot("A", nil, rt.T, false, "L2-A"), e.slot("B", nil, rt.T, false, "L2-B"), e.slot("C", nil, rt.T, false, "L2-C"))
	l2 := e.make("L2", n(1), n(2), n(3))
	assert.Equal(t, []rt.Value{rt.NIL, rt.NIL, e.sym("L"), n(1), n(2), e.sym("L2"), n(3)}, rt.ListToSlice(l2))
	assert.Equal(t, rt.T, e.call("L-P", l2))
	assert.Equal(t, n(3), e.call("L2-C", l2))
}

func TestStructTypedVector(t *testing.T) {
	e := newStructEnv(t)
	e.defstruct("V", e.opt("TYPE", e.img.S.Vector, "INITIAL-OFFSET", 1),
		e.slot("A", nil, rt.T, false, "V-A"), e.slot("B", nil, rt.T, false, "V-B"))
	v := e.make("V", n(1), n(2)).(*rt.Vector)
	assert.Equal(t, []rt.Value{n(0), n(1), n(2)}, v.Items)
	assert.Equal(t, n(2), e.call("V-B", v))
	e.setf("V-A", n(8), v)
	assert.Equal(t, n(8), v.Items[1])
	assert.Equal(t, "TYPE-ERROR", e.errorOf(func() { e.call("V-A", n(5)) }))
	assert.Nil(t, e.sym("COPY-V").Fn, "no copier requested")
}

func TestStructRedefinition(t *testing.T) {
	e := newStructEnv(t)
	e.definePoint()
	c1 := e.img.Classes[e.sym("POINT")]
	old := e.make("POINT", n(1), n(2))
	e.definePoint()
	assert.Same(t, c1, e.img.Classes[e.sym("POINT")], "a compatible redefinition keeps the class")
	assert.Equal(t, rt.T, e.call("POINT-P", old))
	e.defstruct("POINT", e.opt("PREDICATE", "POINT-P"), e.slot("X", n(0), rt.T, false, "POINT-X"))
	c2 := e.img.Classes[e.sym("POINT")]
	assert.NotSame(t, c1, c2)
	assert.Len(t, c2.Slots, 1)
	assert.Equal(t, rt.NIL, e.call("POINT-P", old))
}
