package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The HTTP bounds are documented by `golem mcp --help`, and --idle-timeout
// still works as an alias of --session-idle.
func TestMCPLimitFlags(t *testing.T) {
	var out bytes.Buffer
	assert.Equal(t, 0, cmdMCP([]string{"--help"}, strings.NewReader(""), &out, &out))
	for _, flag := range []string{"-max-sessions", "-session-idle", "-idle-timeout", "-max-connections", "-allow-shared-tools"} {
		assert.Regexp(t, "\n  "+flag+"[ \n]", out.String(), flag)
	}
	for _, tc := range []struct {
		args []string
		code int
	}{
		{[]string{"--max-sessions", "many"}, 2},
		{[]string{"--session-idle", "soon"}, 2},
		{[]string{"--idle-timeout", "soon"}, 2},
		{[]string{"--max-connections", "x"}, 2},
	} {
		out.Reset()
		assert.Equal(t, tc.code, cmdMCP(tc.args, strings.NewReader(""), &out, &out), tc.args)
		assert.Contains(t, out.String(), "invalid value", tc.args)
	}
}
