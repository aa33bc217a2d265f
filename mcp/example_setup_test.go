package mcp_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/client"
	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/golem-lisp/golem"
	"github.com/golem-lisp/golem/mcp"
)

// Options.Setup adds Go functions and globals to every session of a
// server (and again after reset-session): here the agent's Lisp code can
// look up stock levels held by the Go program.
func ExampleOptions_setup() {
	stock := map[string]int{"widget": 12, "gadget": 0}
	srv := mcp.NewServer(mcp.Options{Setup: func(in *golem.Interpreter) error {
		err := in.Define("shop:stock", func(item string) (int, error) {
			n, ok := stock[strings.ToLower(item)]
			if !ok {
				return 0, fmt.Errorf("no item %q", item)
			}
			return n, nil
		})
		if err != nil {
			return err
		}
		return in.Set("shop:*items*", []string{"widget", "gadget"})
	}})
	defer srv.Close()

	ctx := context.Background()
	c, err := client.NewInProcessClient(srv.MCPServer())
	if err != nil {
		panic(err)
	}
	defer c.Close()
	if err := c.Start(ctx); err != nil {
		panic(err)
	}
	initReq := mcpgo.InitializeRequest{}
	initReq.Params.ProtocolVersion = mcpgo.LATEST_PROTOCOL_VERSION
	initReq.Params.ClientInfo = mcpgo.Implementation{Name: "example", Version: "1"}
	if _, err := c.Initialize(ctx, initReq); err != nil {
		panic(err)
	}
	req := mcpgo.CallToolRequest{}
	req.Params.Name = "evaluate-lisp"
	req.Params.Arguments = map[string]any{"code": `(remove-if (lambda (item) (zerop (shop:stock item))) shop:*items*)`}
	res, err := c.CallTool(ctx, req)
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Content[0].(mcpgo.TextContent).Text)
	// Output:
	// => ("widget")
}
