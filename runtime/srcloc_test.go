package runtime_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	rt "github.com/golem-lisp/golem/runtime"
)

// TestDefinitionRecord: definitions made where a location is bound are
// recorded by kind, name and detail, and by function; a redefinition
// replaces the record, and one made without a location forgets it.
func TestDefinitionRecord(t *testing.T) {
	img := rt.NewImage()
	th := rt.NewThread(img, context.Background(), rt.Limits{})
	foo := img.Intern("COMMON-LISP-USER", "FOO")
	setfFoo := rt.List(img.S.Setf, foo)
	fn1 := &rt.Builtin{Name: foo}
	fn2 := &rt.Builtin{Name: foo}
	at := func(file string, line int) rt.SourceLocation { return rt.SourceLocation{File: file, Line: line} }
	define := func(loc rt.SourceLocation, kind rt.DefinitionKind, name rt.Value, detail string, fn rt.Function) {
		d := th.SpecialDepth()
		th.BindFormLocation(loc)
		th.RecordDefinition(kind, name, detail, fn)
		th.UnbindTo(d)
	}

	define(at("/a.lisp", 3), rt.DefFunction, foo, "", fn1)
	define(at("/a.lisp", 9), rt.DefFunction, setfFoo, "", nil)
	define(at("/a.lisp", 5), rt.DefMethod, foo, "(STRING)", nil)
	define(at("/a.lisp", 6), rt.DefMethod, foo, ":AROUND (T)", nil)
	define(at("input", 2), rt.DefVariable, foo, "", nil)
	var got []string
	for _, d := range img.DefinitionSources(foo) {
		got = append(got, string(d.Kind)+" "+d.Detail+" "+d.Location.String())
	}
	assert.Equal(t, []string{"FUNCTION  /a.lisp:3", "FUNCTION  /a.lisp:9", "METHOD (STRING) /a.lisp:5",
		"METHOD :AROUND (T) /a.lisp:6", "VARIABLE  input:2"}, got)
	src, ok := img.FunctionSource(fn1)
	require.True(t, ok)
	assert.Equal(t, at("/a.lisp", 3), src.Location)

	// Redefined elsewhere: the record and its function move.
	define(at("/b.lisp", 7), rt.DefFunction, foo, "", fn2)
	_, ok = img.FunctionSource(fn1)
	assert.False(t, ok, "the replaced function is forgotten")
	src, ok = img.DefinitionSource(rt.DefFunction, foo, "")
	require.True(t, ok)
	assert.Equal(t, "/b.lisp:7", src.Location.String())

	// Redefined with no location (no form location bound): forgotten.
	th.RecordDefinition(rt.DefFunction, foo, "", fn1)
	_, ok = img.DefinitionSource(rt.DefFunction, foo, "")
	assert.False(t, ok)
	_, ok = img.FunctionSource(fn2)
	assert.False(t, ok)
	assert.Len(t, img.DefinitionSources(foo), 4)

	// A zero location binds none.
	define(rt.SourceLocation{}, rt.DefClass, foo, "", nil)
	_, ok = img.DefinitionSource(rt.DefClass, foo, "")
	assert.False(t, ok)
}

// TestSourceLocationText: the renderings reports and listings use.
func TestSourceLocationText(t *testing.T) {
	cases := []struct {
		loc            rt.SourceLocation
		short, long    string
		isFile, isZero bool
	}{
		{rt.SourceLocation{File: "/p/a.lisp", Line: 3, Column: 7}, "/p/a.lisp:3", "file: /p/a.lisp, line: 3, column: 7", true, false},
		{rt.SourceLocation{File: rt.InputSource, Line: 2}, "input:2", "input, line: 2, column: 0", false, false},
		{rt.SourceLocation{Line: 1, Column: 4}, "1", "line: 1, column: 4", false, false},
		{rt.SourceLocation{}, "0", "line: 0, column: 0", false, true},
	}
	for _, tc := range cases {
		assert.Equal(t, tc.short, tc.loc.String())
		assert.Equal(t, tc.long, tc.loc.Describe())
		assert.Equal(t, tc.isFile, tc.loc.IsFile())
		assert.Equal(t, tc.isZero, tc.loc.IsZero())
	}
	l := rt.SourceLocation{File: "f", Line: 2, Column: 3}.Advance([]rune("ab\ncdé"))
	assert.Equal(t, rt.SourceLocation{File: "f", Line: 3, Column: 3}, l)
}
