package printer_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/golem-lisp/golem/printer"
	rt "github.com/golem-lisp/golem/runtime"
)

func TestPrintAgainstSBCL(t *testing.T) {
	for _, c := range printCases {
		e := newEnv(t)
		v := e.read(c.datum)
		e.bind(c.binds...)
		out := rt.NewStringOutput()
		name := e.catch(func() { printer.Write(e.th, v, out) })
		got := out.Take()
		if assert.Empty(t, name, "%s %v", c.datum, c.binds) {
			assert.Equal(t, c.want, got, "%s %v", c.datum, c.binds)
		}
	}
}
