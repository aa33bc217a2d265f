package runtime

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestInternBytes checks that InternBytes and FindSymbolBytes find what
// Intern and FindSymbol find, with the same status, and create symbols
// as Intern does (a keyword is its own value).
func TestInternBytes(t *testing.T) {
	img := NewImage()
	user := img.FindPackage("COMMON-LISP-USER")
	mine, _ := user.Intern("MINE")
	cases := []struct {
		name string
		pkg  *Package
		text string
		want *Symbol
		st   int
	}{
		{"inherited", user, "CAR", img.CLSym("CAR"), StatusInherited},
		{"internal", user, "MINE", mine, StatusInternal},
		{"external", img.CL, "CONS", img.CLSym("CONS"), StatusExternal},
		{"not UTF-8 ASCII", user, "ÄPFEL-λ", nil, StatusNone},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s, st := tc.pkg.FindSymbolBytes([]byte(tc.text))
			assert.Equal(t, tc.st, st)
			assert.Same(t, tc.want, s)
			fs, fst := tc.pkg.FindSymbol(tc.text)
			assert.Equal(t, fst, st)
			assert.Same(t, fs, s)
		})
	}
	made, st := user.InternBytes([]byte("ÄPFEL-λ"))
	assert.Equal(t, StatusNone, st)
	assert.Equal(t, "ÄPFEL-λ", made.Name)
	again, st := user.InternBytes([]byte("ÄPFEL-λ"))
	assert.Equal(t, StatusInternal, st)
	assert.Same(t, made, again)
	kw, _ := img.Keyword.InternBytes([]byte("FRESH-KW"))
	assert.Same(t, kw, kw.Value)
	assert.True(t, kw.IsConstant())
}
