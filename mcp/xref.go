package mcp

import (
	"context"
	"sort"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/golem-lisp/golem/eval"
	rt "github.com/golem-lisp/golem/runtime"
)

// Cross-reference tools: who-calls, who-references, who-sets, who-binds,
// who-macroexpands and list-callees answer from what the compiler recorded
// as the session's definitions compiled (eval/xref.go), one
// "name (file:line)" line per definition.

// xrefTool describes one cross-reference tool.
type xrefTool struct {
	name, title, description string
	kind                     eval.XrefKind
	callees                  bool   // list what the definition refers to, not who refers to it
	none                     string // the answer when nothing is recorded, "%s" the name
}

var xrefTools = []xrefTool{
	{name: "who-calls", title: "Who calls", kind: eval.XrefCalls, none: "No definition calls %s.",
		description: "List the definitions (functions, methods, macros) whose code calls a function or takes it " +
			"with #', as recorded when they were compiled, each as `name (file:line)`."},
	{name: "who-references", title: "Who references", kind: eval.XrefReferences, none: "No definition references %s.",
		description: "List the definitions whose code reads a global (special or constant) variable, each as `name (file:line)`."},
	{name: "who-sets", title: "Who sets", kind: eval.XrefSets, none: "No definition sets %s.",
		description: "List the definitions whose code assigns a global variable (SETQ, SETF), each as `name (file:line)`."},
	{name: "who-binds", title: "Who binds", kind: eval.XrefBinds, none: "No definition binds %s.",
		description: "List the definitions whose code binds a special variable (LET, LET*, a lambda list), each as `name (file:line)`."},
	{name: "who-macroexpands", title: "Who macroexpands", kind: eval.XrefMacroexpands, none: "No definition uses the macro %s.",
		description: "List the definitions whose code uses a macro, each as `name (file:line)`."},
	{name: "list-callees", title: "List callees", kind: eval.XrefCalls, callees: true, none: "%s calls no global function.",
		description: "List the global functions a definition calls, each as `name (file:line)` where the callee is defined."},
}

func (s *Server) addXrefTools() {
	for _, x := range xrefTools {
		x := x
		s.mcp.AddTool(tool(x.name, x.description, annotations(x.title, true, false, true), []string{"symbol"},
			map[string]any{
				"symbol":  stringProp("The name: a symbol such as \"helper\" or \"my-package::helper\", or \"(setf name)\"."),
				"package": stringProp("Package to look an unqualified name up in. Defaults to the session's current package."),
			}), s.handler(x.name, func(ctx context.Context, sess *Session, _ mcpgo.CallToolRequest, args map[string]any) *mcpgo.CallToolResult {
			return s.xref(ctx, sess, x, args)
		}))
	}
}

func (s *Server) xref(ctx context.Context, sess *Session, x xrefTool, args map[string]any) *mcpgo.CallToolResult {
	text, bad := requiredString(args, "symbol", x.name)
	if bad != nil {
		return bad
	}
	pkgName, bad := optionalString(args, "package", x.name)
	if bad != nil {
		return bad
	}
	return s.run(ctx, sess, pkgName, func(th *rt.Thread, pkg *rt.Package) *mcpgo.CallToolResult {
		img := th.Img
		name, msg := lookupFunctionName(img, text, pkg)
		if name == nil {
			return notFound(msg)
		}
		db := eval.XrefOf(img)
		shown := printShort(th, name)
		var names []rt.Value
		if db != nil {
			if x.callees {
				names = callees(img, db, x.kind, name)
			} else {
				names = db.Who(img, x.kind, name)
			}
		}
		type found struct {
			line  string
			entry map[string]any
		}
		all := make([]found, 0, len(names))
		for _, n := range names {
			line, entry := locatedName(th, n)
			all = append(all, found{line, entry})
		}
		// Sorted as the agent reads them, by printed name.
		sort.SliceStable(all, func(i, j int) bool { return all[i].line < all[j].line })
		entries := make([]any, len(all))
		lines := make([]string, len(all))
		for i, f := range all {
			lines[i], entries[i] = f.line, f.entry
		}
		out := strings.Join(lines, "\n")
		if len(lines) == 0 {
			out = strings.ReplaceAll(x.none, "%s", shown)
		}
		if db != nil && db.Full() {
			out += "\n(The cross-reference database is full: definitions made after it filled up are not listed.)"
		}
		res := textResult(out)
		res.StructuredContent = map[string]any{"symbol": shown, "relation": strings.TrimPrefix(x.name, "who-"),
			"results": entries}
		return res
	})
}

// locatedName renders a definition name as "name (file:line)" (see
// locationText for those not loaded from a file), with its structured form
// {name, file, line}.
func locatedName(th *rt.Thread, name rt.Value) (string, map[string]any) {
	shown := printShort(th, name)
	entry := map[string]any{"name": shown}
	loc, ok := sourceLocation(th, name)
	if ok && loc.IsFile() {
		entry["file"], entry["line"] = loc.File, loc.Line
	}
	return shown + " (" + locationText(loc, ok) + ")", entry
}

// callees returns what the definition name refers to; for a generic
// function, what its methods refer to.
func callees(img *rt.Image, db *eval.Xref, kind eval.XrefKind, name rt.Value) []rt.Value {
	if targets, ok := db.Targets(img, kind, name); ok {
		return targets
	}
	method := img.CLSym("METHOD")
	seen := map[string]bool{}
	var out []rt.Value
	for _, d := range db.Definitions() {
		c, ok := d.(*rt.Cons)
		if !ok || c.Car != method {
			continue
		}
		if rest, ok := c.Cdr.(*rt.Cons); !ok || !nameMatches(rest.Car, name) {
			continue
		}
		targets, _ := db.Targets(img, kind, d)
		for _, t := range targets {
			if key := img.NameString(t); !seen[key] {
				seen[key] = true
				out = append(out, t)
			}
		}
	}
	return out
}

// lookupFunctionName finds a symbol designator, or a (setf name) list,
// without interning anything.
func lookupFunctionName(img *rt.Image, text string, pkg *rt.Package) (rt.Value, string) {
	t := strings.TrimSpace(text)
	if strings.HasPrefix(t, "(") && strings.HasSuffix(t, ")") {
		fields := strings.Fields(strings.TrimSuffix(strings.TrimPrefix(t, "("), ")"))
		if len(fields) == 2 && strings.EqualFold(fields[0], "setf") {
			sym, _, _, msg := lookupSymbol(img, fields[1], pkg)
			if sym == nil {
				return nil, msg
			}
			return rt.List(img.S.Setf, sym), ""
		}
		return nil, "Give a symbol or (setf name), not " + t + "."
	}
	sym, _, _, msg := lookupSymbol(img, t, pkg)
	if sym == nil {
		return nil, msg
	}
	return sym, ""
}
