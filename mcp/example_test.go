package mcp_test

import (
	"context"
	"fmt"
	"time"

	"github.com/mark3labs/mcp-go/client"
	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/golem-lisp/golem"
	"github.com/golem-lisp/golem/mcp"
)

// A Go program serving golem over MCP with a tool of its own. The tool's
// handler runs with the caller's session locked and can use its
// interpreter: here it scores orders with a Lisp function the agent wrote.
// Serve it with srv.ServeStdio, srv.HTTPHandler or srv.ListenAndServe; this
// example talks to it through an in-process client.
func ExampleNewServer() {
	scoreTool := mcp.Tool{
		Tool: mcpgo.NewTool("score-order",
			mcpgo.WithDescription("Scores an order with the session's Lisp function SCORE."),
			mcpgo.WithNumber("items", mcpgo.Required()),
			mcpgo.WithNumber("total", mcpgo.Required())),
		Handler: func(ctx context.Context, s *mcp.Session, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
			order := map[string]float64{"items": req.GetFloat("items", 0), "total": req.GetFloat("total", 0)}
			in := s.Interpreter()
			vals, err := in.Call(ctx, "score", in.FromGo(order))
			if err != nil {
				return nil, err
			}
			var score float64
			if err := golem.ExportTo(vals[0], &score); err != nil {
				return nil, err
			}
			return mcpgo.NewToolResultText(fmt.Sprintf("score %.1f", score)), nil
		},
	}
	srv := mcp.NewServer(mcp.Options{
		Limits: golem.Limits{Timeout: 10 * time.Second},
		Tools:  []mcp.Tool{scoreTool},
	})
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
	callTool := func(name string, args map[string]any) string {
		req := mcpgo.CallToolRequest{}
		req.Params.Name = name
		req.Params.Arguments = args
		res, err := c.CallTool(ctx, req)
		if err != nil {
			panic(err)
		}
		return res.Content[0].(mcpgo.TextContent).Text
	}
	// The agent defines SCORE in its session, then uses the Go tool.
	fmt.Println(callTool("evaluate-lisp", map[string]any{
		"code": `(defun score (order) (/ (gethash "total" order) (max 1 (gethash "items" order))))`}))
	fmt.Println(callTool("score-order", map[string]any{"items": 4, "total": 90}))
	// Output:
	// => SCORE
	// score 22.5
}
