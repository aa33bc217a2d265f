package clos

import (
	"testing"

	"github.com/stretchr/testify/assert"

	_ "github.com/golem-lisp/golem/conditions" // the standard condition classes too
	rt "github.com/golem-lisp/golem/runtime"
)

// The standard classes' precedence lists, made without LinearizeCPL for
// single inheritance (LinearizeNewCPL), are the lists it finds.
func TestBuiltinCPLsAreLinearized(t *testing.T) {
	img := rt.NewImage()
	n := 0
	for sym, c := range img.Classes {
		if c.CPL == nil {
			continue
		}
		assert.Equal(t, rt.LinearizeCPL(c), c.CPL, sym.Name)
		n++
	}
	assert.Greater(t, n, 100)
	assert.NotNil(t, img.Classes[img.CLSym("SIMPLE-TYPE-ERROR")])
}
