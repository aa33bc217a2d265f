package mcp

import (
	"strings"

	"github.com/golem-lisp/golem"
	rt "github.com/golem-lisp/golem/runtime"
)

// The rest of Agent-Q's tool protocol (define-tool-protocol.md): DEFINE-TOOL
// returns a tool object, which REGISTER-TOOL adds to *AGENT-Q-REGISTRY*
// (the connection's tool list; registering a name again replaces the
// tool), GET-TOOL finds by name, the TOOL-* readers take apart, and
// TOOL-TO-SCHEMA turns into the LLM function schema. All are external in
// GOLEM, which CL-USER uses, so the contract's examples run as written.
// DEFINE-TOOL also registers the tool it makes, so a definition alone
// offers it, as golem:define-tool always did.

// PrintLisp implements printer.Printable: #<TOOL word_count>.
func (t *lispTool) PrintLisp(th *rt.Thread, s rt.Stream) {
	s.WriteString("#<TOOL " + t.name + ">")
}

// toolRegistry is the value of *AGENT-Q-REGISTRY*: the session's tools.
type toolRegistry struct{ sess *Session }

// PrintLisp implements printer.Printable.
func (r *toolRegistry) PrintLisp(th *rt.Thread, s rt.Stream) {
	s.WriteString("#<TOOL-REGISTRY " + itoa(len(r.sess.tools)) + " tools>")
}

// installToolRegistry defines the registry functions in a session's image.
func (s *Server) installToolRegistry(sess *Session, in *golem.Interpreter) {
	img := in.Image()
	export := func(name string) *rt.Symbol {
		sym := img.Intern("GOLEM", name)
		img.Golem.Export(sym)
		return sym
	}
	registry := export("*AGENT-Q-REGISTRY*")
	registry.Flags |= rt.FlagSpecial
	registry.Value = &toolRegistry{sess: sess}

	toolArg := func(th *rt.Thread, v rt.Value) *lispTool {
		t, ok := v.(*lispTool)
		if !ok {
			th.TypeError(v, img.Intern("GOLEM", "TOOL"))
		}
		return t
	}
	def := func(name, params string, min, max int, fn func(th *rt.Thread, args []rt.Value) rt.Value) {
		sym := export(name)
		sym.Fn = &rt.Builtin{Name: sym, Min: min, Max: max, Params: params, Fn: fn}
	}
	def("REGISTER-TOOL", "(REGISTRY TOOL)", 2, 2, func(th *rt.Thread, args []rt.Value) rt.Value {
		if _, ok := args[0].(*toolRegistry); !ok {
			th.TypeError(args[0], img.Intern("GOLEM", "TOOL-REGISTRY"))
		}
		t := toolArg(th, args[1])
		if t.sess != sess || t.in != in {
			defineToolError(th, "the tool "+t.name+" was defined in another session")
		}
		s.registerLispTool(th, t)
		return t
	})
	def("GET-TOOL", "(NAME &OPTIONAL REGISTRY)", 1, 2, func(th *rt.Thread, args []rt.Value) rt.Value {
		if t, ok := sess.tools[lispString(th, args[0], "tool name")]; ok {
			return t
		}
		return rt.NIL
	})
	readers := map[string]func(th *rt.Thread, t *lispTool) rt.Value{
		"TOOL-NAME":        func(th *rt.Thread, t *lispTool) rt.Value { return rt.NewString(t.name) },
		"TOOL-DESCRIPTION": func(th *rt.Thread, t *lispTool) rt.Value { return rt.NewString(t.description) },
		"TOOL-PARAMETERS":  func(th *rt.Thread, t *lispTool) rt.Value { return t.paramsForm },
		"TOOL-REQUIRED": func(th *rt.Thread, t *lispTool) rt.Value {
			return stringList(t.required)
		},
		"TOOL-SAFETY-LEVEL": func(th *rt.Thread, t *lispTool) rt.Value { return img.Kw(t.safety) },
		"TOOL-CATEGORIES": func(th *rt.Thread, t *lispTool) rt.Value {
			var out []rt.Value
			for _, c := range t.categories {
				out = append(out, img.Kw(strings.ToUpper(c)))
			}
			return rt.List(out...)
		},
		"TOOL-HANDLER":   func(th *rt.Thread, t *lispTool) rt.Value { return t.handler },
		"TOOL-TO-SCHEMA": func(th *rt.Thread, t *lispTool) rt.Value { return toolSchema(img, t) },
	}
	for name, read := range readers {
		read := read
		def(name, "(TOOL)", 1, 1, func(th *rt.Thread, args []rt.Value) rt.Value { return read(th, toolArg(th, args[0])) })
	}
}

func stringList(items []string) rt.Value {
	out := make([]rt.Value, len(items))
	for i, s := range items {
		out[i] = rt.NewString(s)
	}
	return rt.List(out...)
}

// toolSchema is TOOL-TO-SCHEMA's plist:
//
//	(:type "function"
//	 :function (:name "describe_symbol" :description "..."
//	            :parameters (:type "object"
//	                         :properties (:symbol (:type "string" :description "...") ...)
//	                         :required ("symbol"))))
func toolSchema(img *rt.Image, t *lispTool) rt.Value {
	var props []rt.Value
	for _, p := range t.params {
		prop := []rt.Value{img.Kw("TYPE"), rt.NewString(p.typ)}
		if p.description != "" {
			prop = append(prop, img.Kw("DESCRIPTION"), rt.NewString(p.description))
		}
		props = append(props, img.Kw(strings.ToUpper(p.name)), rt.List(prop...))
	}
	params := rt.List(img.Kw("TYPE"), rt.NewString("object"), img.Kw("PROPERTIES"), rt.List(props...),
		img.Kw("REQUIRED"), stringList(t.required))
	return rt.List(img.Kw("TYPE"), rt.NewString("function"),
		img.Kw("FUNCTION"), rt.List(img.Kw("NAME"), rt.NewString(t.name), img.Kw("DESCRIPTION"), rt.NewString(t.description),
			img.Kw("PARAMETERS"), params))
}
