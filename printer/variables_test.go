package printer_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestInvalidPrinterVariables: a printer variable with an invalid value is
// a TYPE-ERROR where the printer uses it, and the binding is left alone.
func TestInvalidPrinterVariables(t *testing.T) {
	cases := []struct{ name, value, pretty string }{
		{"*PRINT-LENGTH*", "-1", "NIL"},
		{"*PRINT-LENGTH*", `"a"`, "NIL"},
		{"*PRINT-LEVEL*", "-1", "NIL"},
		{"*PRINT-LEVEL*", "1.5", "NIL"},
		{"*PRINT-BASE*", "99", "NIL"},
		{"*PRINT-BASE*", "1", "NIL"},
		{"*PRINT-BASE*", "X", "NIL"},
		{"*PRINT-CASE*", "3", "NIL"},
		{"*PRINT-CASE*", ":PRESERVE", "NIL"},
		{"*PRINT-PPRINT-DISPATCH*", "3", "NIL"},
		{"*PRINT-RIGHT-MARGIN*", "-3", "T"},
		{"*PRINT-RIGHT-MARGIN*", `"wide"`, "T"},
		{"*PRINT-LINES*", "-1", "T"},
		{"*PRINT-MISER-WIDTH*", "-1", "T"},
	}
	for _, c := range cases {
		t.Run(c.name+"="+c.value, func(t *testing.T) {
			e := newEnv(t)
			e.bind("*PRINT-PRETTY*", c.pretty)
			sym, v := e.img.CLSym(c.name), e.read(c.value)
			e.th.BindSpecial(sym, v)
			list := e.read("(a (b c) 12)")
			assert.Equal(t, "TYPE-ERROR", e.catch(func() { e.prin1(list) }))
			assert.Equal(t, v, sym.Value, "the binding is unchanged")
		})
	}
	// Valid values print.
	e := newEnv(t)
	e.bind("*PRINT-LENGTH*", "2", "*PRINT-LEVEL*", "10000000000000000000000", "*PRINT-BASE*", "16",
		"*PRINT-CASE*", ":DOWNCASE", "*PRINT-PRETTY*", "T", "*PRINT-RIGHT-MARGIN*", "40", "*PRINT-LINES*", "NIL")
	assert.Equal(t, "(x (y z) ...)", e.prin1(e.read("(x (y z) 12)")))
}
