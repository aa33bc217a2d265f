package runtime_test

import (
	"strings"
	"testing"

	rt "github.com/golem-lisp/golem/runtime"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pfMessage returns the report text of a simple condition.
func pfMessage(e *ltEnv, c *rt.Instance) string {
	v, ok := c.SlotValueByName(e.img.Intern("GOLEM", "FORMAT-CONTROL"))
	if !ok {
		return ""
	}
	return v.(*rt.String).String()
}

func TestPackageFunctions(t *testing.T) {
	e := newLtEnv()
	ltRun(t, e, []ltCase{
		{"FIND-PACKAGE", `"CL"`, `#<PACKAGE "COMMON-LISP">`},
		{"FIND-PACKAGE", "keyword", `#<PACKAGE "KEYWORD">`},
		{"FIND-PACKAGE", "nosuch", "NIL"},
		{"FIND-PACKAGE", "3", "ERROR:TYPE-ERROR"},
		{"PACKAGE-NAME", `"CL-USER"`, `"COMMON-LISP-USER"`},
		{"PACKAGE-NAME", "5", "ERROR:TYPE-ERROR"},
		{"PACKAGE-NAME", `"NOPE"`, "ERROR:SIMPLE-PACKAGE-ERROR"},
		{"PACKAGE-NICKNAMES", `"COMMON-LISP"`, `("CL")`},
		{"PACKAGE-USE-LIST", `"KEYWORD"`, "NIL"},
		{"MAKE-PACKAGE", `"CL"`, "ERROR:SIMPLE-PACKAGE-ERROR"},
		{"MAKE-PACKAGE", `"FOO1" :use (cl)`, `#<PACKAGE "FOO1">`},
		{"PACKAGE-USE-LIST", `"FOO1"`, `(#<PACKAGE "COMMON-LISP">)`},
		{"MAKE-PACKAGE", `"FOO1"`, "ERROR:SIMPLE-PACKAGE-ERROR"},
		{"MAKE-PACKAGE", `"Y" :nicknames ("CL-USER")`, "ERROR:SIMPLE-PACKAGE-ERROR"},
		{"MAKE-PACKAGE", `"PX" :use ("NOPE")`, "ERROR:SIMPLE-PACKAGE-ERROR"},
		{"RENAME-PACKAGE", `"FOO1" "FOO2" ("F2")`, `#<PACKAGE "FOO2">`},
		{"PACKAGE-NICKNAMES", `"FOO2"`, `("F2")`},
		{"FIND-PACKAGE", `"F2"`, `#<PACKAGE "FOO2">`},
		{"FIND-PACKAGE", `"FOO1"`, "NIL"},
		{"RENAME-PACKAGE", `"CL-USER" "CL"`, "ERROR:SIMPLE-PACKAGE-ERROR"},
		{"DELETE-PACKAGE", `"FOO2"`, "T"},
		{"DELETE-PACKAGE", `"FOO2"`, "ERROR:SIMPLE-PACKAGE-ERROR"},
		{"DELETE-PACKAGE", "3", "ERROR:TYPE-ERROR"},
		{"DELETE-PACKAGE", `"CL"`, "ERROR:SIMPLE-PACKAGE-ERROR"},
		{"INTERN", `"CAR" "CL-USER"`, "CAR ; :INHERITED"},
		{"INTERN", `"NEWSYM1" "CL-USER"`, "NEWSYM1 ; NIL"},
		{"INTERN", `"NEWSYM1" "CL-USER"`, "NEWSYM1 ; :INTERNAL"},
		{"INTERN", `"CAR" "KEYWORD"`, ":CAR ; NIL"},
		{"INTERN", `"CAR" "KEYWORD"`, ":CAR ; :EXTERNAL"},
		{"INTERN", "foo", "ERROR:TYPE-ERROR"},
		{"INTERN", `"X" nosuch`, "ERROR:SIMPLE-PACKAGE-ERROR"},
		{"INTERN", `"FOOOO" "CL"`, "ERROR:SIMPLE-PACKAGE-ERROR"},
		{"FIND-SYMBOL", `"XYZZY"`, "NIL ; NIL"},
		{"FIND-SYMBOL", `"CAR"`, "CAR ; :INHERITED"},
		{"FIND-SYMBOL", `"CAR" "CL"`, "CAR ; :EXTERNAL"},
		{"UNINTERN", "newsym1", "T"},
		{"FIND-SYMBOL", `"NEWSYM1"`, "NIL ; NIL"},
		{"EXPORT", `car "CL-USER"`, "T"},
		{"UNEXPORT", `car "CL"`, "ERROR:SIMPLE-PACKAGE-ERROR"},
		{"PACKAGEP", `"CL"`, "NIL"},
		{"FIND-ALL-SYMBOLS", "car", "(CAR :CAR)"},
		{"USE-PACKAGE", `"NOPE2"`, "ERROR:SIMPLE-PACKAGE-ERROR"},
		{"USE-PACKAGE", `"KEYWORD"`, "ERROR:SIMPLE-PACKAGE-ERROR"},
	})
}

func TestPackageNameConflicts(t *testing.T) {
	e := newLtEnv()
	th := e.th
	call := func(name string, args ...rt.Value) rt.Value { return th.Call(e.img.CLSym(name), args...) }
	str := rt.NewString
	conflict := func(f func()) string {
		c := e.catch(f)
		require.NotNil(t, c)
		require.True(t, th.TypeP(c, e.img.CLSym("PACKAGE-ERROR")), c.Class.Name.Name)
		return pfMessage(e, c)
	}
	p1 := call("MAKE-PACKAGE", str("P1"), e.img.Kw("USE"), rt.NIL).(*rt.Package)
	sym1, _ := p1.Intern("SYM1")
	call("EXPORT", sym1, p1)
	p2 := call("MAKE-PACKAGE", str("P2"), e.img.Kw("USE"), rt.List(str("P1"))).(*rt.Package)
	assert.Equal(t, "P1:SYM1 ; :INHERITED", e.call("INTERN", `"SYM1" "P2"`))
	assert.Equal(t, `(#<PACKAGE "P2">)`, e.show(call("PACKAGE-USED-BY-LIST", p1)))

	// EXPORT of a symbol clashing with a present symbol of a using package.
	call("INTERN", str("SYM2"), p2)
	sym2, _ := p1.Intern("SYM2")
	msg := conflict(func() { call("EXPORT", sym2, p1) })
	assert.Equal(t, "EXPORT P1::SYM2 causes name-conflicts in #<PACKAGE \"P2\"> between the following symbols:\n  P1::SYM2, P2::SYM2", strings.SplitN(msg, "\nSee also", 2)[0])
	assert.False(t, p1.IsExternal(sym2))

	// IMPORT of a symbol clashing with an inherited one.
	p3 := call("MAKE-PACKAGE", str("P3"), e.img.Kw("USE"), rt.NIL).(*rt.Package)
	p3sym1, _ := p3.Intern("SYM1")
	msg = conflict(func() { call("IMPORT", p3sym1, p2) })
	assert.True(t, strings.HasPrefix(msg, "IMPORT P3::SYM1 causes name-conflicts in #<PACKAGE \"P2\"> between the following symbols:\n  P3::SYM1, P1:SYM1"), msg)

	// USE-PACKAGE clashing with a present symbol.
	p3sym3, _ := p3.Intern("SYM3")
	call("EXPORT", p3sym3, p3)
	call("INTERN", str("SYM3"), p2)
	msg = conflict(func() { call("USE-PACKAGE", p3, p2) })
	assert.True(t, strings.HasPrefix(msg, "USE-PACKAGE #<PACKAGE \"P3\"> causes name-conflicts in #<PACKAGE \"P2\"> between the following symbols:\n  P3:SYM3, P2::SYM3"), msg)
	assert.Len(t, p2.Use, 1)

	// MAKE-PACKAGE using two packages that export the same name.
	p1sym6, _ := p1.Intern("SYM6")
	p3sym6, _ := p3.Intern("SYM6")
	call("EXPORT", p1sym6, p1)
	call("EXPORT", p3sym6, p3)
	msg = conflict(func() { call("MAKE-PACKAGE", str("P6"), e.img.Kw("USE"), rt.List(str("P1"), str("P3"))) })
	assert.True(t, strings.HasPrefix(msg, "USE-PACKAGE #<PACKAGE \"P3\"> causes name-conflicts in #<PACKAGE \"P6\">"), msg)

	// SHADOW resolves conflicts; shadowing symbols are listed.
	assert.Equal(t, "T", e.show(call("SHADOW", str("SYM1"), p2)))
	assert.Equal(t, "(P2::SYM1)", e.show(call("PACKAGE-SHADOWING-SYMBOLS", p2)))
	assert.Equal(t, "P2::SYM1 ; :INTERNAL", e.call("FIND-SYMBOL", `"SYM1" "P2"`))
	// SHADOWING-IMPORT replaces the present symbol.
	call("SHADOWING-IMPORT", p3sym1, p2)
	assert.Equal(t, "P3::SYM1 ; :INTERNAL", e.call("FIND-SYMBOL", `"SYM1" "P2"`))
	assert.Equal(t, "(P3::SYM1)", e.show(call("PACKAGE-SHADOWING-SYMBOLS", p2)))

	// EXPORT of an inaccessible symbol.
	msg = conflict(func() { call("EXPORT", e.img.CLSym("CAR"), p2) })
	assert.True(t, strings.HasPrefix(msg, "These symbols are not accessible in the P2 package:"), msg)
	// UNEXPORT of an inaccessible symbol.
	msg = conflict(func() { call("UNEXPORT", e.img.CLSym("CAR"), p2) })
	assert.True(t, strings.HasSuffix(msg, " is not accessible in the P2 package."), msg)

	// UNINTERN of a shadowing symbol exposing a conflict.
	p7 := call("MAKE-PACKAGE", str("P7"), e.img.Kw("USE"), rt.NIL).(*rt.Package)
	call("SHADOW", str("SYM6"), p7)
	call("USE-PACKAGE", rt.List(p1, p3), p7)
	shadow7, _ := p7.Present("SYM6")
	msg = conflict(func() { call("UNINTERN", shadow7, p7) })
	assert.True(t, strings.HasPrefix(msg, "UNINTERN P7::SYM6 causes name-conflicts in #<PACKAGE \"P7\">"), msg)

	// DELETE-PACKAGE of a used package is refused; deleting uninterns.
	msg = conflict(func() { call("DELETE-PACKAGE", p3) })
	assert.Equal(t, `Package "P3" is used by package:("P7")`, msg)
	call("UNUSE-PACKAGE", p3, p7)
	assert.Equal(t, "T", e.show(call("DELETE-PACKAGE", p3)))
	assert.Equal(t, "NIL", e.show(call("PACKAGE-NAME", p3)))
	assert.Equal(t, "NIL", e.show(call("DELETE-PACKAGE", p3)))
	assert.Nil(t, p3sym6.Pkg)
	c := e.catch(func() { call("FIND-SYMBOL", str("X"), p3) })
	require.NotNil(t, c)

	// FIND-ALL-SYMBOLS sees every present symbol of that name.
	assert.Equal(t, "(P1:SYM1 P3::SYM1)", strings.Replace(e.show(call("FIND-ALL-SYMBOLS", str("SYM1"))), "#:SYM1", "P3::SYM1", 1))
}

func TestPackageGoHelpers(t *testing.T) {
	e := newLtEnv()
	th := e.th
	p := th.EnsurePackage("MY-PKG", []string{"MP"}, []*rt.Package{e.img.CL})
	assert.Same(t, p, e.img.FindPackage("MP"))
	assert.Same(t, p, th.EnsurePackage("MY-PKG", []string{"MP", "MP2"}, nil))
	assert.Equal(t, []string{"MP", "MP2"}, p.Nicknames)
	assert.Same(t, p, th.PackageDesignator(rt.NewString("MP2")))
	assert.Same(t, p, th.PackageDesignator(e.img.Kw("MY-PKG")))
	c := e.catch(func() { th.PackageDesignator(rt.NewString("NOPE")) })
	require.NotNil(t, c)
	assert.Equal(t, `The name "NOPE" does not designate any package.`, pfMessage(e, c))
	c = e.catch(func() { th.PackageDesignator(rt.MakeInt(3)) })
	require.NotNil(t, c)
	assert.Equal(t, "TYPE-ERROR", c.Class.Name.Name)

	x, _ := p.Intern("X")
	y, _ := p.Intern("Y")
	th.PkgExport(p, []*rt.Symbol{x})
	var ext, all []string
	rt.DoSymbols(p, true, func(s *rt.Symbol) { ext = append(ext, s.Name) })
	rt.DoSymbols(p, false, func(s *rt.Symbol) { all = append(all, s.Name) })
	assert.Equal(t, []string{"X"}, ext)
	assert.Contains(t, all, "Y")
	assert.Contains(t, all, "CAR")
	assert.Equal(t, 2+len(e.img.CL.ExternalSymbols()), len(all))
	_ = y
}
