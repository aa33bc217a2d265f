package asdf

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem/eval"
	"github.com/golem-lisp/golem/reader"
	rt "github.com/golem-lisp/golem/runtime"

	_ "github.com/golem-lisp/golem/clos"
	_ "github.com/golem-lisp/golem/conditions"
	_ "github.com/golem-lisp/golem/printer"
)

// newImage makes an image as golem.New does (which this package cannot
// import): the builtins, the reader for LOAD, the prelude.
func newImage(t *testing.T) (*rt.Image, *rt.Thread) {
	t.Helper()
	img := rt.NewImage()
	img.Sandbox = true
	th := rt.NewThread(img, context.Background(), rt.Limits{})
	eval.LoadPrelude(th, func(th *rt.Thread, src string, fn func(rt.Value)) {
		rs := []rune(src)
		s := rt.NewStringInput(rs, 0, len(rs))
		eof := &struct{ x int }{}
		for {
			form := reader.Read(th, s, false, eof, false)
			if form == rt.Value(eof) {
				return
			}
			fn(form)
		}
	})
	return img, th
}

// The Lisp code loads without a warning and defines every exported
// function and macro, replacing each autoload stub.
func TestLispCodeDefinesEveryExport(t *testing.T) {
	img, th := newImage(t)
	st := stateOf(img)
	require.Empty(t, st.stubs, "a new image makes the packages' symbols when first used")
	realize(img)
	require.NotEmpty(t, st.stubs)
	stubbed := append([]stub(nil), st.stubs...)
	require.False(t, st.loaded, "a new image does not evaluate the Lisp code")
	ensureLoaded(th)
	require.True(t, st.loaded)
	assert.Empty(t, st.warnings, "warnings while loading ASDF/UIOP/QL")
	for _, s := range stubbed {
		name := s.sym.Pkg.Name + ":" + s.sym.Name
		if s.macro {
			if assert.NotNil(t, s.sym.Macro, name) {
				_, isStub := s.sym.Macro.(*autoloader)
				assert.False(t, isStub, "%s is still a stub macro", name)
			}
			continue
		}
		if assert.NotNil(t, s.sym.Fn, "%s is not defined", name) {
			_, isStub := s.sym.Fn.(*autoloader)
			assert.False(t, isStub, "%s is still a stub", name)
		}
	}
	for _, pkg := range []string{"UIOP", "ASDF", "QUICKLISP-CLIENT"} {
		p := img.FindPackage(pkg)
		for _, names := range []string{uiopExports.variables, asdfExports.variables} {
			for _, n := range strings.Fields(names) {
				if s, _ := p.FindSymbol(strings.ToUpper(n)); s != nil && p.IsExternal(s) {
					assert.NotNil(t, s.Value, n)
				}
			}
		}
	}
	// The classes and conditions named in the export lists exist.
	for pkg, ex := range map[string]exports{"UIOP": uiopExports, "ASDF": asdfExports, "QUICKLISP-CLIENT": qlExports} {
		for _, n := range strings.Fields(ex.others) {
			if strings.HasPrefix(n, "*") {
				continue
			}
			s, _ := img.FindPackage(pkg).FindSymbol(strings.ToUpper(n))
			require.NotNil(t, s, n)
			assert.NotNil(t, img.Classes[s], "class %s:%s", pkg, n)
		}
	}
}

// The deep search finds NAME.asd beneath a directory, skips hidden
// directories and stops at its bounds.
func TestSearch(t *testing.T) {
	img, th := newImage(t)
	img.Sandbox = false
	o := ops(th)
	dir := t.TempDir()
	for _, f := range []string{"a/b/c/deep.asd", ".hidden/hid.asd", "top/top.asd", "x/y/z/w/v/u/far.asd"} {
		p := filepath.Join(dir, f)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, nil, 0o644))
	}
	assert.Equal(t, dir+"/a/b/c/deep.asd", o.search("deep", dir, true))
	assert.Equal(t, "", o.search("deep", dir, false), "shallow: NAME.asd and NAME/NAME.asd only")
	assert.Equal(t, dir+"/top/top.asd", o.search("top", dir, false))
	assert.Equal(t, "", o.search("hid", dir, true))
	assert.Equal(t, "", o.search("far", dir, true), "deeper than maxSearchDepth")
	assert.Equal(t, "", o.search("top", dir+"/missing", true))
}
