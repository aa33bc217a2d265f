package mcp

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/golem-lisp/golem"
)

// What the transports change in mcp-go's messages on their way out, where
// the contracts want other text than mcp-go writes (tools-call-contract.md,
// evaluate-lisp-tool.md):
//
//   - a tool result that succeeded says so: "isError": false (mcp-go omits
//     the member unless it is true);
//   - invalid arguments are JSON-RPC errors -32602 (mcp-go reports every
//     handler error as -32603), with the message the handler gave;
//   - a call to an unknown tool says "Unknown tool: NAME".
//
// A JSON string cannot contain a raw quote, so the patterns below can only
// match the members they are written for, never text inside a string.

// RewriteMessage applies these rewrites to one JSON-RPC message (or one
// write of mcp-go's, which writes each message in one call), for
// transports built on Server.MCPServer.
func RewriteMessage(b []byte) []byte { return rewriteWire(b) }

// rewriteWire applies the rewrites to one write of a transport.
func rewriteWire(b []byte) []byte {
	b = rewriteUnknownTool(b)
	b = rewriteInvalidParams(b)
	return markSuccess(b)
}

// toolResultStart begins a tool result as mcp-go marshals it: its members
// sorted, so "content" comes first (no result golem sends has _meta), and
// "isError" later only when true.
var toolResultStart = []byte(`"result":{"content":[`)

func markSuccess(b []byte) []byte {
	if !bytes.Contains(b, toolResultStart) || bytes.Contains(b, []byte(`"isError":true`)) {
		return b
	}
	return bytes.Replace(b, toolResultStart, []byte(`"result":{"isError":false,"content":[`), 1)
}

// invalidParamsMarker starts the message of an invalidParams error.
const invalidParamsMarker = "golem-invalid-params: "

var invalidParamsInternal = []byte(`"code":-32603,"message":"` + invalidParamsMarker)

func rewriteInvalidParams(b []byte) []byte {
	if !bytes.Contains(b, invalidParamsInternal) {
		return b
	}
	return bytes.ReplaceAll(b, invalidParamsInternal, []byte(`"code":-32602,"message":"`))
}

// invalidParams is the error a tool handler returns for arguments that do
// not fit the tool's input schema; the transports answer it as a JSON-RPC
// error -32602 with msg as its message.
type invalidParams struct{ msg string }

func (e *invalidParams) Error() string { return invalidParamsMarker + e.msg }

// checkArguments checks a call's arguments against the tool's input schema:
// arguments must be an object (or absent), each declared property must have
// its declared JSON type, and the required ones must be present. It returns
// "" when they fit.
func checkArguments(t mcpgo.Tool, raw any) string {
	args, isObject := raw.(map[string]any)
	if raw != nil && !isObject {
		return fmt.Sprintf("Invalid arguments for %s: `arguments` must be an object, not %s.", t.Name, jsonTypeName(raw))
	}
	required := append([]string(nil), t.InputSchema.Required...)
	sort.Strings(required)
	for _, name := range required {
		if v, ok := args[name]; !ok || v == nil {
			return fmt.Sprintf("Invalid arguments for %s: the required argument `%s` is missing.", t.Name, name)
		}
	}
	names := make([]string, 0, len(args))
	for name := range args {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		v := args[name]
		prop, ok := t.InputSchema.Properties[name].(map[string]any)
		if !ok || v == nil {
			continue
		}
		typ, _ := prop["type"].(string)
		if typ != "" && !jsonTypeMatches(typ, v) {
			return fmt.Sprintf("Invalid arguments for %s: `%s` must be %s, not %s.", t.Name, name, withArticle(typ), jsonTypeName(v))
		}
	}
	return ""
}

func withArticle(typ string) string {
	switch typ {
	case "integer", "object", "array":
		return "an " + typ
	}
	return "a " + typ
}

// jsonTypeName names the JSON type of a decoded value, as a schema would.
func jsonTypeName(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case string:
		return "a string"
	case float64:
		if x == math.Trunc(x) {
			return "an integer"
		}
		return "a number"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}

// argumentError checks a session tool call's arguments; on a mismatch it
// records the last error of the session and returns the error the handler
// returns.
func (s *Server) argumentError(ctx context.Context, name string, req mcpgo.CallToolRequest, sess *Session) error {
	t := s.mcp.GetTool(name)
	if t == nil {
		return nil
	}
	msg := checkArguments(t.Tool, req.Params.Arguments)
	if msg == "" {
		return nil
	}
	sess.setToolError("GOLEM:INVALID-ARGUMENTS", msg)
	return &invalidParams{msg: msg}
}

// resultText returns the text of a result's first text content.
func resultText(res *mcpgo.CallToolResult) string {
	for _, c := range res.Content {
		if tc, ok := c.(mcpgo.TextContent); ok {
			return tc.Text
		}
	}
	return ""
}

// completeResult gives every result structuredContent ({"text": ...} when
// the tool set none) and, for a failed call that did not record the last
// error itself, records it.
func (sess *Session) completeResult(res *mcpgo.CallToolResult, before *lastError) {
	if res.StructuredContent == nil && len(res.RawStructuredContent) == 0 {
		res.StructuredContent = map[string]any{"text": resultText(res)}
	}
	if !res.IsError || sess.lastErr != before || sess.in == nil {
		return
	}
	typ, report := "GOLEM:TOOL-ERROR", resultText(res)
	if m, ok := res.StructuredContent.(map[string]any); ok {
		if c, ok := m["condition"].(string); ok && c != "" {
			typ = c
		} else if r, ok := m["reason"].(string); ok && r == "args_error" {
			typ = "GOLEM:INVALID-ARGUMENTS"
		}
	}
	if head, rest, ok := strings.Cut(report, "\n"); ok && strings.HasPrefix(head, "[ERROR] ") {
		report = rest
	}
	sess.setToolError(typ, report)
}

// setToolError records a tool's failure that is not a Lisp error as the
// session's last error.
func (sess *Session) setToolError(typ, report string) {
	sess.setError(&golem.Error{Type: typ, Report: report, Time: time.Now()})
}
