package mcp

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

// The stdio transport writes the answer to a tools/call itself when the
// result has the shape golem's tools give it (text content, structured
// content of strings, lists of strings, numbers and booleans): encoding
// it through encoding/json went through CallToolResult.MarshalJSON, which
// builds a map, encodes it, and has its output checked and compacted
// again, then the wire rewrites (wire.go) searched the bytes three times,
// about a sixth of the server's CPU per call. The bytes are the same:
// appendToolResponse writes what rewriteWire(json.Marshal(msg)) gives, and
// anything of another shape is encoded that way (fastwire_test.go
// compares the two).

// appendToolResponse appends to dst the line (without its newline) that
// answers with msg, when msg is a tool result golem writes itself, and
// reports whether it did.
func appendToolResponse(dst []byte, msg mcpgo.JSONRPCMessage) ([]byte, bool) {
	resp, ok := msg.(mcpgo.JSONRPCResponse)
	if !ok {
		return dst, false
	}
	var res *mcpgo.CallToolResult
	switch r := resp.Result.(type) {
	case *mcpgo.CallToolResult:
		res = r
	case mcpgo.CallToolResult:
		res = &r
	default:
		return dst, false
	}
	if res == nil || res.Meta != nil || res.ResultType != "" || len(res.InputRequests) > 0 ||
		res.RequestState != "" || len(res.RawStructuredContent) > 0 {
		return dst, false
	}
	start := len(dst)
	dst = append(dst, `{"jsonrpc":`...)
	dst = appendJSONString(dst, resp.JSONRPC)
	dst = append(dst, `,"id":`...)
	switch id := resp.ID.Value().(type) {
	case string:
		dst = appendJSONString(dst, id)
	case int64:
		dst = strconv.AppendInt(dst, id, 10)
	case float64: // how mcp-go's HandleMessage gives a number id
		abs := math.Abs(id)
		if math.IsNaN(id) || abs != 0 && (abs < 1e-6 || abs >= 1e21) {
			return dst[:start], false
		}
		if id == math.Trunc(id) && abs < 1<<53 && (id != 0 || !math.Signbit(id)) {
			// The same digits, without the shortest-float search.
			dst = strconv.AppendInt(dst, int64(id), 10)
		} else {
			dst = strconv.AppendFloat(dst, id, 'f', -1, 64)
		}
	default:
		return dst[:start], false
	}
	dst = append(dst, `,"result":{`...)
	if !res.IsError {
		// markSuccess (wire.go)
		dst = append(dst, `"isError":false,`...)
	}
	dst = append(dst, `"content":[`...)
	for i, c := range res.Content {
		tc, ok := c.(mcpgo.TextContent)
		if !ok || tc.Annotations != nil || tc.Meta != nil {
			return dst[:start], false
		}
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, `{"type":`...)
		dst = appendJSONString(dst, tc.Type)
		dst = append(dst, `,"text":`...)
		dst = appendJSONString(dst, tc.Text)
		dst = append(dst, '}')
	}
	dst = append(dst, ']')
	if res.IsError {
		dst = append(dst, `,"isError":true`...)
	}
	if res.StructuredContent != nil {
		sc, ok := res.StructuredContent.(map[string]any)
		if !ok || sc == nil {
			return dst[:start], false
		}
		if _, ok := sc["isError"]; ok {
			// markSuccess would see this member and leave the result alone.
			return dst[:start], false
		}
		dst = append(dst, `,"structuredContent":`...)
		if dst, ok = appendJSONObject(dst, sc); !ok {
			return dst[:start], false
		}
	}
	return append(dst, "}}"...), true
}

// appendJSONObject appends m as encoding/json encodes it (members sorted
// by name).
func appendJSONObject(dst []byte, m map[string]any) ([]byte, bool) {
	var buf [8]string
	keys := buf[:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	dst = append(dst, '{')
	for i, k := range keys {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendJSONString(dst, k)
		dst = append(dst, ':')
		var ok bool
		if dst, ok = appendJSONValue(dst, m[k]); !ok {
			return dst, false
		}
	}
	return append(dst, '}'), true
}

// appendJSONValue appends v as encoding/json encodes it.
func appendJSONValue(dst []byte, v any) ([]byte, bool) {
	switch x := v.(type) {
	case nil:
		return append(dst, "null"...), true
	case string:
		return appendJSONString(dst, x), true
	case bool:
		return strconv.AppendBool(dst, x), true
	case int:
		return strconv.AppendInt(dst, int64(x), 10), true
	case []string:
		if x == nil {
			return append(dst, "null"...), true
		}
		dst = append(dst, '[')
		for i, s := range x {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendJSONString(dst, s)
		}
		return append(dst, ']'), true
	case map[string]any:
		if x == nil {
			return append(dst, "null"...), true
		}
		return appendJSONObject(dst, x)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return dst, false
	}
	return append(dst, b...), true
}

// appendJSONString appends s as a JSON string exactly as encoding/json
// writes it: <, > and & escaped as \u003c, \u003e and \u0026, control
// characters other than \b, \f, \n, \r and \t as \u00XX, invalid UTF-8 as
// \ufffd, and U+2028 and U+2029 escaped.
func appendJSONString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		b := s[i]
		if b < utf8.RuneSelf {
			if b >= 0x20 && b != '"' && b != '\\' && b != '<' && b != '>' && b != '&' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '\\', '"':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[b>>4], hex[b&0xF])
			}
			i++
			start = i
			continue
		}
		c, size := utf8.DecodeRuneInString(s[i:])
		if c == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if c == '\u2028' || c == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[c&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
