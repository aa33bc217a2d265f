package qldist

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestSafeName checks which names may become directory names.
func TestSafeName(t *testing.T) {
	cases := []struct {
		name string
		want bool
	}{
		{"quicklisp", true},
		{"alexandria-20231021-git", true},
		{"a.b_c+d~e-f", true},
		{"9lives", true},
		{"", false},
		{".hidden", false},
		{"-flag", false},
		{"../up", false},
		{"a/b", false},
		{"a b", false},
		{"nul\x00", false},
		{"caf\u00e9", false},
		{"name\n", false},
		{strings.Repeat("a", 200), true},
		{strings.Repeat("a", 201), false},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, safeName(c.name), "%q", c.name)
	}
}
