package main

import (
	"fmt"
	"io"
)

// cmdMCP serves MCP; the server lands with the MCP issue.
func cmdMCP(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "golem mcp: the MCP server is not built yet")
	return 2
}
