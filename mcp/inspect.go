package mcp

import (
	"context"
	"fmt"
	"math"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/golem-lisp/golem/inspector"
	"github.com/golem-lisp/golem/reader"
	rt "github.com/golem-lisp/golem/runtime"
)

// The inspect tool shows what package inspector makes of an object: its
// type and parts, each part with an [id] that inspect takes in turn, in
// the session image's table (which CL:INSPECT numbers in too).

// --- the tool ---

func (s *Server) addInspectTool() {
	s.mcp.AddTool(tool("inspect",
		"Inspect a Lisp object: its type and parts (list and vector elements, hash-table entries, slots of "+
			"instances, structures and conditions, a function's name, lambda list and closed-over variables), each "+
			"part with an [id]. Give `expression` (evaluated in the session) or the `id` of an object shown before.",
		annotations("Inspect", false, false, false), nil, map[string]any{
			"expression": stringProp("A Lisp form to evaluate and inspect, e.g. \"*config*\" or \"(gethash :a *table*)\"."),
			"id":         map[string]any{"type": "integer", "minimum": 1, "description": "The [id] of an object shown by an earlier inspect."},
			"package":    stringProp("Package to read the expression in. Defaults to the session's current package."),
		}), s.handler("inspect", s.inspectTool))
}

func (s *Server) inspectTool(ctx context.Context, sess *Session, _ mcpgo.CallToolRequest, args map[string]any) *mcpgo.CallToolResult {
	expr, bad := optionalString(args, "expression", "inspect")
	if bad != nil {
		return bad
	}
	pkgName, bad := optionalString(args, "package", "inspect")
	if bad != nil {
		return bad
	}
	id := 0
	if v, ok := args["id"]; ok && v != nil {
		f, isNum := v.(float64)
		if !isNum || f < 1 || f != math.Trunc(f) {
			return argsError("inspect `id` must be a positive integer.")
		}
		id = int(math.Min(f, math.MaxInt32))
	}
	if (expr == "") == (id == 0) {
		return argsError("inspect takes either `expression` or `id`.")
	}
	return s.run(ctx, sess, pkgName, func(th *rt.Thread, pkg *rt.Package) *mcpgo.CallToolResult {
		var v rt.Value
		if id != 0 {
			var ok bool
			if v, ok = inspector.Lookup(th.Img, id); !ok {
				return argsError(fmt.Sprintf("No object has the id %d in this session: ids name the %d most recently "+
					"shown objects; inspect the expression again.", id, inspector.MaxObjects))
			}
		} else {
			form, _ := reader.ReadFromString(th, expr)
			v = th.Img.Eval(th, form)
		}
		x := inspector.Inspect(th, v)
		res := textResult(x.Text())
		res.StructuredContent = x.Structured()
		return res
	})
}
