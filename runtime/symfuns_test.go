package runtime_test

import (
	"strings"
	"testing"

	rt "github.com/golem-lisp/golem/runtime"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSymbolFunctions(t *testing.T) {
	e := newLtEnv()
	e.img.Intern("COMMON-LISP-USER", "BOUND-VAR").Value = rt.MakeInt(5)
	e.defFn("MY-FN", func(args []rt.Value) rt.Value { return rt.T })
	e.img.Intern("COMMON-LISP-USER", "+C+").Flags |= rt.FlagConstant
	ltRun(t, e, []ltCase{
		{"SYMBOL-NAME", "foo", `"FOO"`},
		{"SYMBOL-NAME", ":kw", `"KW"`},
		{"SYMBOL-NAME", "5", "ERROR:TYPE-ERROR"},
		{"SYMBOL-PACKAGE", "car", `#<PACKAGE "COMMON-LISP">`},
		{"SYMBOL-PACKAGE", "nil", `#<PACKAGE "COMMON-LISP">`},
		{"SYMBOL-PACKAGE", ":kw", `#<PACKAGE "KEYWORD">`},
		{"SYMBOL-PACKAGE", "#:g", "NIL"},
		{"SYMBOL-VALUE", "bound-var", "5"},
		{"SYMBOL-VALUE", ":foo", ":FOO"},
		{"SYMBOL-VALUE", "nil", "NIL"},
		{"SYMBOL-VALUE", "nosuchvar", "ERROR:UNBOUND-VARIABLE"},
		{"SYMBOL-VALUE", "3", "ERROR:TYPE-ERROR"},
		{"BOUNDP", "bound-var", "T"},
		{"BOUNDP", "nosuchvar", "NIL"},
		{"BOUNDP", "t", "T"},
		{"BOUNDP", "3", "ERROR:TYPE-ERROR"},
		{"SET", "+c+ 3", "ERROR:SIMPLE-ERROR"},
		{"SET", ":foo 3", "ERROR:SIMPLE-ERROR"},
		{"SET", "nil 3", "ERROR:SIMPLE-ERROR"},
		{"SET", "car 3", "ERROR:SIMPLE-PACKAGE-ERROR"},
		{"SET", "*print-base* 10", "10"},
		{"MAKUNBOUND", ":foo", "ERROR:SIMPLE-ERROR"},
		{"MAKUNBOUND", "car", "ERROR:SIMPLE-PACKAGE-ERROR"},
		{"FBOUNDP", "nosuch", "NIL"},
		{"FBOUNDP", "(setf nosuch)", "NIL"},
		{"FBOUNDP", "(setf car)", "#<FUNCTION (SETF CAR)>"},
		{"FBOUNDP", "3", "ERROR:TYPE-ERROR"},
		{"FBOUNDP", "(foo bar)", "ERROR:SIMPLE-TYPE-ERROR"},
		{"FBOUNDP", "my-fn", "#<FUNCTION MY-FN>"},
		{"SYMBOL-FUNCTION", "nosuch", "ERROR:UNDEFINED-FUNCTION"},
		{"SYMBOL-FUNCTION", "(setf car)", "ERROR:TYPE-ERROR"},
		{"FDEFINITION", "(setf nosuch)", "ERROR:UNDEFINED-FUNCTION"},
		{"FDEFINITION", "car", "#<FUNCTION CAR>"},
		{"FMAKUNBOUND", "car", "ERROR:SIMPLE-PACKAGE-ERROR"},
		{"FMAKUNBOUND", "(setf car)", "ERROR:SIMPLE-PACKAGE-ERROR"},
		{"FMAKUNBOUND", "3", "ERROR:TYPE-ERROR"},
		{"SPECIAL-OPERATOR-P", "when", "NIL"},
		{"SPECIAL-OPERATOR-P", "3", "ERROR:TYPE-ERROR"},
		{"GET", "foo bar 7", "7"},
		{"REMPROP", "foo bar", "NIL"},
		{"SYMBOL-PLIST", "3", "ERROR:TYPE-ERROR"},
		{"MAKE-SYMBOL", `"abc"`, "#:abc"},
		{"MAKE-SYMBOL", "5", "ERROR:TYPE-ERROR"},
		{"COPY-SYMBOL", "car", "#:CAR"},
		{"KEYWORDP", ":a", "T"},
		{"KEYWORDP", "a", "NIL"},
		{"SYMBOLP", "nil", "T"},
		{"SYMBOLP", "\"a\"", "NIL"},
		{"FUNCTIONP", "#'car", "T"},
		{"FUNCTIONP", "car", "NIL"},
		{"GENSYM", "-1", "ERROR:TYPE-ERROR"},
		{"GENSYM", "x", "ERROR:TYPE-ERROR"},
		{"GENSYM", "5", "#:G5"},
		{"GENTEMP", "5", "ERROR:TYPE-ERROR"},
		{"GENTEMP", `"X" "NOPE"`, "ERROR:SIMPLE-PACKAGE-ERROR"},
	})
}

func TestSymbolCellsAndPlists(t *testing.T) {
	e := newLtEnv()
	th := e.th
	setf := func(name string, args ...rt.Value) rt.Value {
		return e.img.CLSym(name).Setf.Call(th, args)
	}
	s := e.img.Intern("COMMON-LISP-USER", "S")
	// Properties: new ones go in front, REMPROP returns the removed tail.
	setf("GET", rt.MakeInt(1), s, e.sym("p"))
	setf("GET", rt.MakeInt(2), s, e.sym("q"))
	setf("GET", rt.MakeInt(3), s, e.sym("p"))
	assert.Equal(t, "(Q 2 P 3)", e.show(th.Call(e.img.CLSym("SYMBOL-PLIST"), s)))
	assert.Equal(t, "3", e.show(th.Call(e.img.CLSym("GET"), s, e.sym("p"))))
	assert.Equal(t, "(P 3)", e.show(th.Call(e.img.CLSym("REMPROP"), s, e.sym("p"))))
	assert.Equal(t, "(Q 2)", e.show(th.Call(e.img.CLSym("SYMBOL-PLIST"), s)))
	setf("SYMBOL-PLIST", e.read("(a 1)"), s)
	assert.Equal(t, "1", e.show(th.Call(e.img.CLSym("GET"), s, e.sym("a"))))
	// NIL's plist lives in the image.
	setf("GET", rt.T, rt.NIL, e.sym("flag"))
	assert.Equal(t, "(FLAG T)", e.show(th.Call(e.img.CLSym("SYMBOL-PLIST"), rt.NIL)))
	assert.Equal(t, "NIL", e.show(newLtEnv().th.Call(e.img.CLSym("SYMBOL-PLIST"), rt.NIL)))

	// Values.
	setf("SYMBOL-VALUE", rt.MakeInt(7), s)
	assert.Equal(t, "7", e.show(th.Call(e.img.CLSym("SYMBOL-VALUE"), s)))
	th.Call(e.img.CLSym("MAKUNBOUND"), s)
	assert.Equal(t, "NIL", e.show(th.Call(e.img.CLSym("BOUNDP"), s)))

	// Function cells.
	car := th.Resolve(e.img.CLSym("CAR"))
	setf("SYMBOL-FUNCTION", car, s)
	assert.Equal(t, "1", e.show(th.Call(s, e.read("(1 2)"))))
	setf("FDEFINITION", car, e.read("(setf s)"))
	assert.Equal(t, car, s.Setf)
	assert.Equal(t, car, th.Call(e.img.CLSym("FDEFINITION"), e.read("(setf s)")))
	th.Call(e.img.CLSym("FMAKUNBOUND"), e.read("(setf s)"))
	assert.Nil(t, s.Setf)
	th.Call(e.img.CLSym("FMAKUNBOUND"), s)
	assert.Equal(t, "NIL", e.show(th.Call(e.img.CLSym("FBOUNDP"), s)))
	c := e.catch(func() { setf("SYMBOL-FUNCTION", rt.MakeInt(3), s) })
	require.NotNil(t, c)
	assert.Equal(t, "TYPE-ERROR", c.Class.Name.Name)

	// Macros and special operators count as fbound.
	m := e.img.Intern("COMMON-LISP-USER", "MAC")
	m.Macro = car
	assert.Equal(t, car, th.Call(e.img.CLSym("SYMBOL-FUNCTION"), m))
	assert.NotEqual(t, rt.NIL, th.Call(e.img.CLSym("FBOUNDP"), m))
	ifSym := e.img.CLSym("IF")
	ifSym.Flags |= rt.FlagSpecialOperator
	assert.NotEqual(t, rt.NIL, th.Call(e.img.CLSym("FBOUNDP"), ifSym))
	assert.Equal(t, rt.T, th.Call(e.img.CLSym("SPECIAL-OPERATOR-P"), ifSym))

	// COPY-SYMBOL with properties.
	setf("SYMBOL-VALUE", rt.MakeInt(1), s)
	cp := th.Call(e.img.CLSym("COPY-SYMBOL"), s, rt.T).(*rt.Symbol)
	assert.Equal(t, rt.MakeInt(1), cp.Value)
	assert.Equal(t, "(A 1)", e.show(th.Call(e.img.CLSym("SYMBOL-PLIST"), cp)))
	assert.Nil(t, cp.Pkg)
}

func TestSymbolLocksAndGensym(t *testing.T) {
	e := newLtEnv()
	th := e.th
	c := e.catch(func() { rt.CheckNotLocked(th, e.img.CLSym("CAR"), "setting fdefinition of") })
	require.NotNil(t, c)
	assert.True(t, th.TypeP(c, e.img.CLSym("PACKAGE-ERROR")))
	msg, _ := c.SlotValueByName(e.img.Intern("GOLEM", "FORMAT-CONTROL"))
	assert.True(t, strings.HasPrefix(msg.(*rt.String).String(),
		"Lock on package COMMON-LISP violated when setting fdefinition of CAR while in package COMMON-LISP-USER."), msg)
	assert.Nil(t, e.catch(func() { rt.CheckNotLocked(th, e.img.Intern("COMMON-LISP-USER", "MINE"), "setting fdefinition of") }))
	e.img.CL.Locked = false
	assert.Nil(t, e.catch(func() { rt.CheckNotLocked(th, e.img.CLSym("CAR"), "setting fdefinition of") }))
	e.img.CL.Locked = true

	// GENSYM counts with *gensym-counter*.
	assert.Equal(t, rt.MakeInt(0), e.img.S.GensymCounter.Value)
	g1 := th.Call(e.img.CLSym("GENSYM")).(*rt.Symbol)
	g2 := th.Call(e.img.CLSym("GENSYM"), rt.NewString("X")).(*rt.Symbol)
	assert.Equal(t, "G0", g1.Name)
	assert.Equal(t, "X1", g2.Name)
	assert.Nil(t, g1.Pkg)
	e.img.S.GensymCounter.Value = rt.MakeInt(-1)
	c = e.catch(func() { th.Call(e.img.CLSym("GENSYM")) })
	require.NotNil(t, c)
	assert.Equal(t, "SIMPLE-TYPE-ERROR", c.Class.Name.Name)
	e.img.S.GensymCounter.Value = e.read("9223372036854775807")
	assert.Equal(t, "G9223372036854775807", th.Call(e.img.CLSym("GENSYM")).(*rt.Symbol).Name)
	assert.Equal(t, "9223372036854775808", e.show(e.img.S.GensymCounter.Value))

	// GENTEMP interns fresh names.
	t1 := th.Call(e.img.CLSym("GENTEMP")).(*rt.Symbol)
	assert.Equal(t, "T1", t1.Name)
	assert.Equal(t, e.img.CLUser, t1.Pkg)
	e.img.Intern("COMMON-LISP-USER", "FOO2")
	t2 := th.Call(e.img.CLSym("GENTEMP"), rt.NewString("FOO")).(*rt.Symbol)
	assert.Equal(t, "FOO3", t2.Name)
}
