package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// --quicklisp-dist is documented, takes only http and https URLs, and is
// accepted with --quicklisp-cache.
func TestQuicklispDistFlag(t *testing.T) {
	var out bytes.Buffer
	assert.Equal(t, 0, cmdMCP([]string{"--help"}, strings.NewReader(""), &out, &out))
	for _, flag := range []string{"-quicklisp-dist", "-quicklisp-cache"} {
		assert.Regexp(t, "\n  "+flag+" ", out.String(), flag)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--quicklisp-dist", "ftp://dist.example/dist.txt"}, 2, "not an http or https URL"},
		{[]string{"--quicklisp-dist", "dist.txt"}, 2, "not an http or https URL"},
		{[]string{"--quicklisp-dist", "http://127.0.0.1:1/dist.txt", "--quicklisp-cache", t.TempDir()}, 0, ""},
	} {
		out.Reset()
		assert.Equal(t, tc.code, cmdMCP(tc.args, strings.NewReader(""), &out, &out), tc.args)
		assert.Contains(t, out.String(), tc.want, tc.args)
	}
}
