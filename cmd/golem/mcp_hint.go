package main

import (
	"fmt"
	"io"
	"strings"
)

// mcpTerminalHint is what golem mcp prints to stderr when started on a
// terminal: a person, not an MCP client, is at the other end.
const mcpTerminalHint = `golem mcp: this speaks MCP (JSON-RPC) on stdin/stdout for an MCP client, which starts it; to add it to a client, register the command "golem mcp" (e.g. claude mcp add golem -- golem mcp). For a REPL, run golem repl. Ctrl-C stops.`

// hintMCPOnTerminal prints mcpTerminalHint when golem mcp will serve stdio
// with a terminal on stdin (not for --help or --http).
func hintMCPOnTerminal(args []string, stdin io.Reader, stderr io.Writer) {
	if !isTerminal(stdin) {
		return
	}
	for _, a := range args {
		if a == "--" {
			break
		}
		flag, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "-") && (flag == "h" || flag == "help" || flag == "http") {
			return
		}
	}
	fmt.Fprintln(stderr, mcpTerminalHint)
}
