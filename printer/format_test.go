package printer_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/golem-lisp/golem/printer"
	rt "github.com/golem-lisp/golem/runtime"
)

func TestFormatAgainstSBCL(t *testing.T) {
	for _, c := range formatCases {
		e := newEnv(t)
		args := rt.ListToSlice(e.read(c.args))
		var got string
		errName := e.catch(func() {
			got = printer.Format(e.th, rt.NIL, rt.NewString(c.ctl), args).(*rt.String).String()
		})
		if want, ok := strings.CutPrefix(c.want, "ERROR:"); ok {
			if want == "FORMAT-ERROR" {
				want = "SIMPLE-FORMAT-ERROR"
			}
			assert.Equal(t, want, errName, "format %q %s", c.ctl, c.args)
			continue
		}
		if assert.Empty(t, errName, "format %q %s", c.ctl, c.args) {
			assert.Equal(t, c.want, got, "format %q %s", c.ctl, c.args)
		}
	}
}
