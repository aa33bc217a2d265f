package conditions_test

import (
	"context"
	"testing"

	_ "github.com/golem-lisp/golem/conditions"
	rt "github.com/golem-lisp/golem/runtime"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRedefinedConditionParent checks that redefining a condition class
// keeps its class object and that the classes below it take the new
// definition: its new superclasses and slots.
func TestRedefinedConditionParent(t *testing.T) {
	img := rt.NewImage()
	th := rt.NewThread(img, context.Background(), rt.Limits{})
	user := func(n string) *rt.Symbol { return img.Intern("COMMON-LISP-USER", n) }
	def := img.Intern("GOLEM", "%DEFINE-CONDITION").Fn
	slot := func(name string) rt.Value {
		return rt.List(user(name), rt.List(img.Kw(name)), rt.NIL, rt.NIL, rt.NIL, rt.NIL)
	}
	parent, child := user("PARENT"), user("CHILD")
	th.Call(def, parent, rt.List(img.CLSym("ERROR")), rt.List(slot("A")), rt.NIL, rt.NIL, rt.NIL)
	th.Call(def, child, rt.List(parent), rt.NIL, rt.NIL, rt.NIL, rt.NIL)
	before := img.Classes[parent]
	th.Call(def, parent, rt.List(img.CLSym("WARNING")), rt.List(slot("A"), slot("B")), rt.NIL, rt.NIL, rt.NIL)

	assert.Same(t, before, img.Classes[parent], "the class object is kept")
	c := img.Classes[child]
	assert.True(t, c.IsSubclassOf(img.Classes[img.CLSym("WARNING")]))
	assert.False(t, c.IsSubclassOf(img.Classes[img.CLSym("ERROR")]))
	assert.GreaterOrEqual(t, c.SlotIndex(user("B")), 0, "the child inherits the new slot")
	assert.Same(t, img.Classes[parent], c.CPL[1])

	// A class cannot become its own superclass through a redefinition.
	var caught bool
	func() {
		defer func() { caught = recover() != nil }()
		th.Call(def, parent, rt.List(child), rt.NIL, rt.NIL, rt.NIL, rt.NIL)
	}()
	require.True(t, caught)
	assert.True(t, img.Classes[child].IsSubclassOf(img.Classes[parent]))
}
