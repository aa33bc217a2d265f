package printer_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/golem-lisp/golem/printer"
)

// TestFormatExpFreeFormat: ~E without w and d prints PRIN1's digits (the
// expected texts are SBCL's except for the last digit of the first three,
// where SBCL's scaling by powers of ten is off by one unit).
func TestFormatExpFreeFormat(t *testing.T) {
	tests := []struct{ control, arg, want string }{
		{"~e", "1.9467982e8", "1.9467982e+8"},
		{"~e", "1.3362164079045762d-246", "1.3362164079045762d-246"},
		{"~e", "3.8167243e-9", "3.8167243e-9"},
		{"~e", "1e7", "1.0e+7"},
		{"~e", "1.5", "1.5e+0"},
		{"~e", "-0.001", "-1.0e-3"},
		{"~e", "0.0", "0.0e+0"},
		{"~e", "1.0d0", "1.0d+0"},
		{"~@e", "1.5", "+1.5e+0"},
		{"~,,3e", "1.5", "1.5e+000"},
		{"~,,,0e", "1.5", "0.15e+1"},
		{"~,,,2e", "1.5", "15.0e-1"},
		{"~,,,3e", "1.5", "150.0e-2"},
		{"~,,,-2e", "1.5", "0.0015e+3"},
		{"~,,,,,,'xe", "1.5", "1.5x+0"},
		{"~e", "1/8", "1.25e-1"},
	}
	for _, tc := range tests {
		e := newEnv(t)
		assert.Equal(t, tc.want, printer.FormatToString(e.th, tc.control, e.read(tc.arg)), "%s %s", tc.control, tc.arg)
	}
}

// TestFormatExpNoFractionDigits: with k = d+1, ~E prints no digit after the
// point (CLHS 22.3.3.2; SBCL agrees).
func TestFormatExpNoFractionDigits(t *testing.T) {
	tests := []struct{ control, arg, want string }{
		{"~,2,,3e", "0.05", "500.e-4"},
		{"~,2,,3e", "1/20", "500.e-4"},
		{"~8,2,,3e", "0.05", " 500.e-4"},
		{"~,1,,2e", "1.5", "15.e-1"},
		{"~,2,,2e", "1.5", "15.0e-1"},
		{"~,0e", "1.5", "2.e+0"},
	}
	for _, tc := range tests {
		e := newEnv(t)
		assert.Equal(t, tc.want, printer.FormatToString(e.th, tc.control, e.read(tc.arg)), "%s %s", tc.control, tc.arg)
	}
}
