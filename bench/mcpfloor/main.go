// Command mcpfloor is a stdio MCP server in Go whose evaluate-lisp answers
// at once with the bytes golem sends for (+ 1 2), for bench/mcp-roundtrip.sh:
// with -mcp-go it is served by mcp-go's stdio server (golem's MCP layer,
// with no Lisp behind it), otherwise by a plain read-answer loop (the floor
// of a Go server).
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// result is golem's evaluate-lisp result for (+ 1 2).
const result = `{"isError":false,"content":[{"type":"text","text":"=\u003e 3"}],"structuredContent":{"stderr":"","stdout":"","values":["3"],"warnings":[]}}`

func main() {
	withMCPGo := flag.Bool("mcp-go", false, "serve through mcp-go's stdio server")
	flag.Parse()
	var err error
	if *withMCPGo {
		err = serveMCPGo()
	} else {
		err = serveRaw()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "mcpfloor:", err)
		os.Exit(1)
	}
}

// serveRaw answers each request line as it is read.
func serveRaw() error {
	in := bufio.NewReader(os.Stdin)
	for {
		line, err := in.ReadBytes('\n')
		if err != nil {
			return nil
		}
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		if json.Unmarshal(line, &m) != nil || len(m.ID) == 0 || string(m.ID) == "null" {
			continue // a notification
		}
		res := `{}`
		switch m.Method {
		case "initialize":
			res = `{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"mcpfloor","version":"1"}}`
		case "tools/call":
			res = result
		}
		if _, err := os.Stdout.WriteString(`{"jsonrpc":"2.0","id":` + string(m.ID) + `,"result":` + res + "}\n"); err != nil {
			return err
		}
	}
}

// serveMCPGo serves one evaluate-lisp tool with mcp-go.
func serveMCPGo() error {
	var res mcpgo.CallToolResult
	if err := json.Unmarshal([]byte(result), &res); err != nil {
		return err
	}
	s := server.NewMCPServer("mcpfloor", "1", server.WithToolCapabilities(true))
	s.AddTool(mcpgo.NewTool("evaluate-lisp", mcpgo.WithString("code", mcpgo.Required())),
		func(context.Context, mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
			r := res
			return &r, nil
		})
	return server.ServeStdio(s)
}
