package runtime_test

import (
	"testing"

	rt "github.com/golem-lisp/golem/runtime"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// withRestart runs f with a PACKAGE-ERROR handler that invokes the innermost
// restart named name, and returns the names of the restarts it saw.
func withRestart(e *ltEnv, name string, f func()) (seen []string) {
	saved := e.th.Handlers
	defer func() { e.th.Handlers = saved }()
	e.th.PushHandlers([]rt.Handler{{Type: e.img.CLSym("PACKAGE-ERROR"), Fn: &rt.Builtin{Min: 1, Max: 1,
		Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			for i := len(th.Restarts) - 1; i >= 0; i-- {
				r := th.Restarts[i]
				seen = append(seen, r.Name.(*rt.Symbol).Name)
			}
			for i := len(th.Restarts) - 1; i >= 0; i-- {
				if r := th.Restarts[i]; r.Name.(*rt.Symbol).Name == name {
					th.Call(r.Fn)
				}
			}
			return rt.NIL
		}}}})
	f()
	return seen
}

func TestPackageErrorRestarts(t *testing.T) {
	e := newLtEnv()
	th := e.th
	mk := func(name string, use ...*rt.Package) *rt.Package { return th.MakePackageChecked(name, nil, use) }
	p1 := mk("RS1")
	s1, _ := th.PkgIntern(p1, "S")
	th.PkgExport(p1, []*rt.Symbol{s1})

	t.Run("delete-package used by another: CONTINUE deletes it", func(t *testing.T) {
		lib := mk("RS-LIB")
		user := mk("RS-USER", lib)
		seen := withRestart(e, "CONTINUE", func() { th.PkgDelete(lib) })
		assert.Contains(t, seen, "CONTINUE")
		assert.Nil(t, e.img.FindPackage("RS-LIB"))
		assert.Empty(t, user.Use)
	})
	t.Run("make-package of a used name: CONTINUE clobbers it", func(t *testing.T) {
		old := mk("RS-OLD")
		var p *rt.Package
		withRestart(e, "CONTINUE", func() { p = th.MakePackageChecked("RS-OLD", []string{"RS1", "RS-NICK"}, nil) })
		require.NotNil(t, p)
		assert.NotSame(t, old, p)
		assert.Same(t, p, e.img.FindPackage("RS-OLD"))
		// The nickname naming another package was dropped.
		assert.Equal(t, []string{"RS-NICK"}, p.Nicknames)
		assert.Same(t, p1, e.img.FindPackage("RS1"))
	})
	t.Run("import conflict: DONT-IMPORT-IT and SHADOWING-IMPORT-IT", func(t *testing.T) {
		p := mk("RS-IMP")
		own, _ := th.PkgIntern(p, "S")
		seen := withRestart(e, "DONT-IMPORT-IT", func() { th.PkgImport(p, []*rt.Symbol{s1}) })
		assert.Subset(t, seen, []string{"SHADOWING-IMPORT-IT", "DONT-IMPORT-IT"})
		found, _ := p.FindSymbol("S")
		assert.Same(t, own, found)
		withRestart(e, "SHADOWING-IMPORT-IT", func() { th.PkgImport(p, []*rt.Symbol{s1}) })
		found, _ = p.FindSymbol("S")
		assert.Same(t, s1, found)
		assert.True(t, p.IsShadowing("S"))
		assert.Nil(t, own.Pkg)
	})
	t.Run("use-package conflict: KEEP-OLD and TAKE-NEW", func(t *testing.T) {
		keep := mk("RS-KEEP")
		kept, _ := th.PkgIntern(keep, "S")
		withRestart(e, "KEEP-OLD", func() { th.PkgUse(keep, p1) })
		found, _ := keep.FindSymbol("S")
		assert.Same(t, kept, found)
		assert.Equal(t, []*rt.Package{p1}, keep.Use)
		take := mk("RS-TAKE")
		dropped, _ := th.PkgIntern(take, "S")
		withRestart(e, "TAKE-NEW", func() { th.PkgUse(take, p1) })
		found, st := take.FindSymbol("S")
		assert.Same(t, s1, found)
		assert.Equal(t, rt.StatusInherited, st)
		assert.Nil(t, dropped.Pkg)
	})
	t.Run("delete-package of no package: CONTINUE returns NIL", func(t *testing.T) {
		var got rt.Value
		seen := withRestart(e, "CONTINUE", func() { got = th.Call(e.img.CLSym("DELETE-PACKAGE"), rt.NewString("RS-NONE")) })
		assert.Contains(t, seen, "CONTINUE")
		assert.Equal(t, rt.NIL, got)
	})
	t.Run("without a handler the error is unhandled", func(t *testing.T) {
		c := e.catch(func() { th.MakePackageChecked("RS1", nil, nil) })
		require.NotNil(t, c)
		assert.True(t, th.TypeP(c, e.img.CLSym("PACKAGE-ERROR")))
	})
}
