package printer_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/golem-lisp/golem/printer"
	rt "github.com/golem-lisp/golem/runtime"
)

func TestPrintObjectHook(t *testing.T) {
	e := newEnv(t)
	sym := e.img.Intern("COMMON-LISP-USER", "THING")
	class := &rt.Class{Name: sym, Kind: rt.StandardClass}
	class.Finalize()
	inst := rt.NewInstance(class)
	assert.Equal(t, "#<THING {...}>", e.prin1(inst))

	printer.SetPrintObjectHook(e.img, func(th *rt.Thread, v rt.Value, s rt.Stream) bool {
		if x, ok := v.(*rt.Instance); ok && x.Class == class {
			s.WriteString("<thing ")
			// Nested printing sees the current *print-level* depth.
			printer.Write(th, rt.List(rt.List(rt.MakeInt(1))), s)
			s.WriteString(">")
			return true
		}
		return false
	})
	assert.Equal(t, "(<thing ((1))>)", e.prin1(rt.List(inst)))
	e.bind("*PRINT-LEVEL*", "2")
	assert.Equal(t, "(<thing (#)>)", e.prin1(rt.List(inst)))
}

func TestPrintUnreadable(t *testing.T) {
	e := newEnv(t)
	obj := rt.NewString("x")
	cases := []struct {
		typ, ident, body bool
		want             string
	}{
		{true, true, true, "#<STRING body {...}>"},
		{true, false, true, "#<STRING body>"},
		{true, true, false, "#<STRING {...}>"},
		{false, true, true, "#<body {...}>"},
		{false, false, false, "#<>"},
		// SBCL's spaces: one always follows the type, one precedes the
		// identity when there is a body or no type.
		{true, false, false, "#<STRING >"},
		{false, true, false, "#< {...}>"},
	}
	// TYPE-OF may give a more specific type than STRING.
	typeText := "STRING"
	if f := e.img.CLSym("TYPE-OF"); f.Fn != nil {
		typeText = e.prin1(e.th.Call(f, obj))
	}
	for _, c := range cases {
		out := rt.NewStringOutput()
		var body func(rt.Stream)
		if c.body {
			body = func(s rt.Stream) { s.WriteString("body") }
		}
		printer.PrintUnreadable(e.th, obj, out, c.typ, c.ident, body)
		assert.Equal(t, strings.Replace(c.want, "STRING", typeText, 1), out.Take())
	}
	e.bind("*PRINT-READABLY*", "T")
	name := e.catch(func() { printer.PrintUnreadable(e.th, obj, rt.NewStringOutput(), true, true, nil) })
	assert.Equal(t, "PRINT-NOT-READABLE", name)
}

func TestLogicalBlockAPI(t *testing.T) {
	e := newEnv(t)
	e.bind("*PRINT-PRETTY*", "T", "*PRINT-RIGHT-MARGIN*", "20")
	list := e.read("(aaaa bbbb cccc dddd eeee ffff)")
	out := rt.NewStringOutput()
	printer.LogicalBlock(e.th, out, list, "<", ">", false, func(s rt.Stream, b *printer.Block) {
		for !b.Exhausted() {
			v, ok := b.Pop()
			if !ok {
				return
			}
			printer.Write(e.th, v, s)
			if !b.Exhausted() {
				s.WriteString(" ")
				printer.PprintNewline(e.th, printer.NewlineFill, s)
			}
		}
	})
	assert.Equal(t, "<AAAA BBBB CCCC\n DDDD EEEE FFFF>", out.Take())

	// *print-length* and dotted tails end the block as PPRINT-POP requires.
	e.bind("*PRINT-LENGTH*", "2")
	printer.LogicalBlock(e.th, out, e.read("(1 2 3)"), "(", ")", false, func(s rt.Stream, b *printer.Block) {
		for !b.Exhausted() {
			v, ok := b.Pop()
			if !ok {
				return
			}
			printer.Write(e.th, v, s)
			s.WriteString(" ")
		}
	})
	assert.Equal(t, "(1 2 ...)", out.Take())
	e.bind("*PRINT-LENGTH*", "NIL")
	printer.LogicalBlock(e.th, out, e.read("(1 . 2)"), "(", ")", false, func(s rt.Stream, b *printer.Block) {
		for !b.Exhausted() {
			v, ok := b.Pop()
			if !ok {
				return
			}
			printer.Write(e.th, v, s)
			s.WriteString(" ")
		}
	})
	assert.Equal(t, "(1 . 2)", out.Take())
	// A non-list is printed with WRITE.
	printer.LogicalBlock(e.th, out, rt.MakeInt(5), "(", ")", false, func(rt.Stream, *printer.Block) {})
	assert.Equal(t, "5", out.Take())
}

func TestFormatDestinations(t *testing.T) {
	e := newEnv(t)
	s := &rt.String{R: make([]rune, 0, 4), HasFill: true, Adjustable: true}
	printer.Format(e.th, s, rt.NewString("~a-~a"), []rt.Value{rt.MakeInt(1), rt.MakeInt(2)})
	printer.Format(e.th, s, rt.NewString("!"), nil)
	assert.Equal(t, "1-2!", s.String())
	printer.Format(e.th, rt.T, rt.NewString("to stdout ~d"), []rt.Value{rt.MakeInt(3)})
	assert.Equal(t, "to stdout 3", e.out.Take())
	assert.Equal(t, "x=1", printer.FormatToString(e.th, "x=~a", rt.MakeInt(1)))
	name := e.catch(func() { printer.Format(e.th, rt.MakeInt(1), rt.NewString("x"), nil) })
	assert.Equal(t, "TYPE-ERROR", name)
	name = e.catch(func() { printer.Format(e.th, rt.NIL, rt.NewString("~a"), nil) })
	assert.Equal(t, "SIMPLE-FORMAT-ERROR", name)
}

func TestConditionPrinting(t *testing.T) {
	e := newEnv(t)
	c := e.th.MakeCondition("SIMPLE-ERROR", e.img.Kw("FORMAT-CONTROL"), rt.NewString("bad ~a"),
		e.img.Kw("FORMAT-ARGUMENTS"), rt.List(rt.MakeInt(7)))
	assert.Equal(t, `#<SIMPLE-ERROR "bad ~a" {...}>`, e.prin1(c))
	assert.Equal(t, "bad 7", printer.ToString(e.th, c, false))
	te := e.th.MakeCondition("TYPE-ERROR", e.img.Kw("DATUM"), rt.MakeInt(1), e.img.Kw("EXPECTED-TYPE"), e.img.S.String)
	assert.Equal(t, "#<TYPE-ERROR expected-type: STRING datum: 1>", e.prin1(te))
}

func TestFloatInfinitiesAndNaN(t *testing.T) {
	e := newEnv(t)
	inf := e.read("golem:single-float-positive-infinity")
	ninf := e.read("golem:double-float-negative-infinity")
	// CL-USER uses GOLEM, so no package prefix is needed.
	assert.Equal(t, "#.SINGLE-FLOAT-POSITIVE-INFINITY", e.prin1(e.img.Intern("GOLEM", "SINGLE-FLOAT-POSITIVE-INFINITY").Value))
	assert.NotNil(t, inf)
	assert.Equal(t, "#.DOUBLE-FLOAT-NEGATIVE-INFINITY", e.prin1(e.img.Intern("GOLEM", "DOUBLE-FLOAT-NEGATIVE-INFINITY").Value))
	assert.NotNil(t, ninf)
	nan := rt.SingleFloat(float32(nanValue()))
	assert.Equal(t, "#<SINGLE-FLOAT quiet NaN>", e.prin1(nan))
}

func TestStreams(t *testing.T) {
	e := newEnv(t)
	in := rt.NewStringInput([]rune("ab"), 0, 2)
	out := rt.NewStringOutput()
	echo := e.call("MAKE-ECHO-STREAM", in, out).(rt.Stream)
	r, _ := echo.ReadChar()
	assert.Equal(t, 'a', r)
	echo.UnreadChar(r)
	echo.ReadChar()
	echo.ReadChar()
	assert.Equal(t, "ab", out.Take())

	cat := e.call("MAKE-CONCATENATED-STREAM", rt.NewStringInput([]rune("x"), 0, 1), rt.NewStringInput([]rune("y"), 0, 1)).(rt.Stream)
	a, _ := cat.ReadChar()
	b, _ := cat.ReadChar()
	_, more := cat.ReadChar()
	assert.Equal(t, "xy", string([]rune{a, b}))
	assert.False(t, more)

	s := rt.NewStringOutput()
	assert.Equal(t, rt.T, e.call("OPEN-STREAM-P", s))
	e.call("CLOSE", s)
	assert.Equal(t, rt.NIL, e.call("OPEN-STREAM-P", s))
	assert.Equal(t, "SIMPLE-STREAM-ERROR", e.catch(func() { e.call("WRITE-STRING", rt.NewString("x"), s) }))
}
