package conditions_test

import (
	"context"
	"testing"

	_ "github.com/golem-lisp/golem/conditions"
	rt "github.com/golem-lisp/golem/runtime"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDefineConditionAccessorsWithoutObjectSystem checks that, in an image
// with no object system to define methods, DEFINE-CONDITION's readers and
// writers are still defined, as ordinary functions.
func TestDefineConditionAccessorsWithoutObjectSystem(t *testing.T) {
	img := rt.NewImage()
	th := rt.NewThread(img, context.Background(), rt.Limits{})
	user := func(n string) *rt.Symbol { return img.Intern("COMMON-LISP-USER", n) }
	name, slot, reader, writer := user("OOPS"), user("CODE"), user("OOPS-CODE"), user("SET-OOPS-CODE")
	setfName := rt.List(img.S.Setf, reader)
	spec := rt.List(slot, rt.List(img.Kw("CODE")), rt.NIL, rt.List(reader), rt.List(writer, setfName), rt.NIL)
	def := img.Intern("GOLEM", "%DEFINE-CONDITION")
	th.Call(def.Fn, name, rt.List(img.CLSym("ERROR")), rt.List(spec), rt.NIL, rt.NIL, rt.NIL)

	c := th.Call(img.CLSym("MAKE-CONDITION").Fn, name, img.Kw("CODE"), rt.Fixnum(3))
	require.True(t, th.TypeP(c, img.CLSym("ERROR")))
	require.NotNil(t, reader.Fn)
	assert.Equal(t, rt.Fixnum(3), th.Call(reader.Fn, c))
	th.Call(writer.Fn, rt.Fixnum(4), c)
	assert.Equal(t, rt.Fixnum(4), th.Call(reader.Fn, c))
	require.NotNil(t, reader.Setf)
	th.Call(reader.Setf, rt.Fixnum(5), c)
	assert.Equal(t, rt.Fixnum(5), th.Call(reader.Fn, c))
}
