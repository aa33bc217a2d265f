package mcp_test

import (
	"context"
	"testing"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem"
	"github.com/golem-lisp/golem/mcp"
)

// The issue: the server's instructions and the usage-guide prompt say what
// golem is and reflect the flags actually given (the text said "no file
// access" even with --allow-read).
func TestInstructionsReflectFlags(t *testing.T) {
	cases := []struct {
		name    string
		opts    mcp.Options
		want    []string
		notWant []string
	}{
		{"no directories", mcp.Options{}, []string{"golem is a Common Lisp", "no file access.",
			"stopped after 30s"}, []string{"read files under"}},
		{"--allow-read", mcp.Options{AllowRead: []string{"/data/in"}, Limits: golem.Limits{Timeout: 5 * time.Second}},
			[]string{"may read files under /data/in;", "stopped after 5s"}, []string{"no file access"}},
		{"--allow-write", mcp.Options{AllowWrite: []string{"/data/out"}, Limits: golem.Limits{Timeout: -1}},
			[]string{"read and write files under /data/out", "no time limit"}, []string{"no file access"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := inProcess(t, newServer(t, tc.opts))
			ctx := context.Background()
			init, err := c.Initialize(ctx, initRequest())
			require.NoError(t, err)
			guide, err := c.GetPrompt(ctx, mcpgo.GetPromptRequest{Params: mcpgo.GetPromptParams{Name: "usage-guide"}})
			require.NoError(t, err)
			require.Len(t, guide.Messages, 1)
			guideText := guide.Messages[0].Content.(mcpgo.TextContent).Text
			for _, text := range []string{init.Instructions, guideText} {
				for _, w := range tc.want {
					assert.Contains(t, text, w)
				}
				for _, w := range tc.notWant {
					assert.NotContains(t, text, w)
				}
			}
			assert.Contains(t, guideText, "who-calls")
			assert.Contains(t, guideText, "inspect {expression or id}")
			assert.Contains(t, guideText, `invoke-restart {restart: "RETRY"}`)
		})
	}
}

func initRequest() mcpgo.InitializeRequest {
	req := mcpgo.InitializeRequest{}
	req.Params.ProtocolVersion = mcpgo.LATEST_PROTOCOL_VERSION
	req.Params.ClientInfo = mcpgo.Implementation{Name: "golem-test", Version: "1"}
	return req
}
