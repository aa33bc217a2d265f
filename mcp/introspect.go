package mcp

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/golem-lisp/golem"
	"github.com/golem-lisp/golem/clos"
	"github.com/golem-lisp/golem/inspector"
	"github.com/golem-lisp/golem/printer"
	rt "github.com/golem-lisp/golem/runtime"
)

func (s *Server) addIntrospectionTools() {
	ro := func(title string) mcpgo.ToolAnnotation { return annotations(title, true, false, true) }
	s.mcp.AddTool(tool("check-syntax",
		"Read Common Lisp code without evaluating it and report each form's extent, or the first reader error "+
			"with its line and column and, for unbalanced input, where each parenthesis that never closed was opened.",
		ro("Check syntax"), []string{"code"}, map[string]any{
			"code":    stringProp("Common Lisp source text to check."),
			"package": stringProp("Package to read symbols in. Defaults to the session's current package."),
		}), s.handler("check-syntax", s.checkSyntax))
	s.mcp.AddTool(tool("describe-symbol",
		"Describe a symbol: its kind (function, macro, variable, class, ...), value, lambda list, documentation, "+
			"home package and status (:internal, :external or :inherited).",
		ro("Describe symbol"), []string{"symbol"}, map[string]any{
			"symbol":  stringProp("The symbol, e.g. \"mapcar\", \"my-package::helper\" or \":test\"."),
			"package": stringProp("Package to look an unqualified name up in. Defaults to the session's current package."),
		}), s.handler("describe-symbol", s.describeSymbol))
	s.mcp.AddTool(tool("apropos",
		"Find symbols whose names contain a string (case-insensitive), with what each one names.",
		ro("Apropos"), []string{"query"}, map[string]any{
			"query":   stringProp("The substring to look for."),
			"package": stringProp("Only search symbols accessible in this package."),
		}), s.handler("apropos", s.apropos))
	s.mcp.AddTool(tool("macroexpand",
		"Macroexpand a form in the session: one step (MACROEXPAND-1) by default, or every macro in the form "+
			"and its subforms with full=true.",
		ro("Macroexpand"), []string{"form"}, map[string]any{
			"form":    stringProp("The form to expand, as Lisp source text."),
			"full":    map[string]any{"type": "boolean", "description": "Expand all macros, including those in subforms."},
			"package": stringProp("Package to read the form in. Defaults to the session's current package."),
		}), s.handler("macroexpand", s.macroexpand))
	s.mcp.AddTool(tool("function-documentation",
		"Return the lambda list and documentation string of a function or macro.",
		ro("Function documentation"), []string{"symbol"}, map[string]any{
			"symbol":  stringProp("The function's name, e.g. \"reduce\" or \"my-package:frob\"."),
			"package": stringProp("Package to look an unqualified name up in. Defaults to the session's current package."),
		}), s.handler("function-documentation", s.functionDocumentation))
}

// run runs fn on the session's interpreter with *package* bound to the named
// package (or the current one), turning Lisp errors into error responses.
// fn returns the response.
func (s *Server) run(ctx context.Context, sess *Session, pkgName string, fn func(th *rt.Thread, pkg *rt.Package) *mcpgo.CallToolResult) *mcpgo.CallToolResult {
	in := sess.Interpreter()
	var res *mcpgo.CallToolResult
	err := in.Run(ctx, func(th *rt.Thread) {
		img := th.Img
		pkg := img.CurrentPackage()
		if pkgName != "" {
			pkg = img.FindPackage(strings.ToUpper(pkgName))
			if pkg == nil {
				res = packageError(pkgName)
				return
			}
		}
		th.BindSpecial(img.S.Package, pkg)
		res = fn(th, pkg)
	})
	if err != nil {
		var e *golem.Error
		if ge, ok := err.(*golem.Error); ok {
			e = ge
		} else {
			e = &golem.Error{Type: "GOLEM:INTERNAL-ERROR", Report: err.Error()}
		}
		// Any tool that fails sets the last error (describe-last-error-tool.md).
		sess.setError(e)
		return errorResult(e.Text(), errorReason(in, e), e.Type)
	}
	return res
}

func packageError(name string) *mcpgo.CallToolResult {
	return errorResult("[ERROR] PACKAGE-ERROR\nThe name \""+strings.ToUpper(name)+"\" does not designate any package.",
		"runtime_error", "PACKAGE-ERROR")
}

// --- printing helpers ---

// printShort renders v on one line, abbreviated, as listings show values.
func printShort(th *rt.Thread, v rt.Value) string { return inspector.PrintShort(th, v) }

// printFull renders v pretty-printed and unabbreviated, as macroexpand
// shows expansions.
func printFull(th *rt.Thread, v rt.Value) string {
	S := th.Img.S
	d := th.SpecialDepth()
	th.BindSpecial(S.PrintLength, rt.NIL)
	th.BindSpecial(S.PrintLevel, rt.NIL)
	th.BindSpecial(S.PrintCircle, rt.T)
	th.BindSpecial(S.PrintPretty, rt.T)
	th.BindSpecial(S.PrintReadably, rt.NIL)
	th.BindSpecial(S.PrintEscape, rt.T)
	out := printer.ToString(th, v, true)
	th.UnbindTo(d)
	return out
}

// lambdaListOf renders a function's lambda list, or "" when unknown.
func lambdaListOf(th *rt.Thread, fn rt.Function) string { return inspector.LambdaList(th, fn) }

// documentation calls DOCUMENTATION on a scratch thread, so an error in it
// cannot disturb the caller; "" when there is none.
func documentation(th *rt.Thread, x rt.Value, docType string) (doc string) {
	img := th.Img
	fn := img.CLSym("DOCUMENTATION")
	if fn.Fn == nil {
		return ""
	}
	scratch := rt.NewThread(img, th.Ctx, rt.Limits{Timeout: 5 * time.Second})
	defer func() {
		// Special bindings are shallow: undo what an error left behind.
		scratch.UnbindTo(0)
		if r := recover(); r != nil {
			doc = ""
		}
	}()
	if s, ok := scratch.Call(fn, x, img.CLSym(docType)).(*rt.String); ok {
		return s.String()
	}
	return ""
}

// qualified names a symbol with its home package, as describe shows it.
func qualified(img *rt.Image, sym *rt.Symbol) string {
	p := img.HomePackage(sym)
	switch {
	case p == nil:
		return "#:" + sym.Name
	case p == img.Keyword:
		return ":" + sym.Name
	case p.IsExternal(sym):
		return p.Name + ":" + sym.Name
	}
	return p.Name + "::" + sym.Name
}

// --- list-definitions ---

func (s *Server) listDefinitions(ctx context.Context, sess *Session, _ mcpgo.CallToolRequest, args map[string]any) *mcpgo.CallToolResult {
	pkgName, bad := optionalString(args, "package", "list-definitions")
	if bad != nil {
		return bad
	}
	return s.run(ctx, sess, pkgName, func(th *rt.Thread, pkg *rt.Package) *mcpgo.CallToolResult {
		img := th.Img
		order := []string{"Functions", "Variables", "Macros", "Classes", "Conditions", "Generic Functions", "Structures", "Other"}
		sections := map[string][]string{}
		for _, d := range sess.defs {
			sym, setf := definedSymbol(d.name)
			if sym == nil {
				continue
			}
			if pkgName != "" && img.HomePackage(sym) != pkg {
				continue
			}
			name := printShort(th, d.name)
			switch d.kind {
			case "FUNCTION":
				fn := sym.Fn
				if setf {
					fn = sym.Setf
				}
				if fn == nil || (!setf && sym.Macro != nil) {
					continue
				}
				sections["Functions"] = append(sections["Functions"], "- "+name+" "+orEmptyList(lambdaListOf(th, fn)))
			case "MACRO":
				if sym.Macro == nil {
					continue
				}
				sections["Macros"] = append(sections["Macros"], "- "+name+" "+orEmptyList(lambdaListOf(th, sym.Macro)))
			case "VARIABLE", "CONSTANT", "PARAMETER":
				if sym.Value == nil {
					sections["Variables"] = append(sections["Variables"], "- "+name+" (unbound)")
				} else {
					sections["Variables"] = append(sections["Variables"], "- "+name+" = "+printShort(th, sym.Value))
				}
			case "CLASS":
				sections["Classes"] = append(sections["Classes"], "- "+name)
			case "CONDITION":
				sections["Conditions"] = append(sections["Conditions"], "- "+name)
			case "GENERIC-FUNCTION", "GENERIC":
				fn := sym.Fn
				if setf {
					fn = sym.Setf
				}
				ll := ""
				if fn != nil {
					ll = " " + orEmptyList(lambdaListOf(th, fn))
				}
				sections["Generic Functions"] = append(sections["Generic Functions"], "- "+name+ll)
			case "STRUCTURE", "STRUCT":
				sections["Structures"] = append(sections["Structures"], "- "+name)
				// Its accessors are functions DEFSTRUCT defines in Go.
				if info := rt.FindStruct(img, sym); info != nil {
					for _, slot := range info.Slots {
						if slot.Accessor == nil || slot.Accessor.Fn == nil {
							continue
						}
						acc := printShort(th, slot.Accessor)
						sections["Functions"] = append(sections["Functions"], "- "+acc+" "+orEmptyList(lambdaListOf(th, slot.Accessor.Fn)))
						if slot.Accessor.Setf != nil && !slot.ReadOnly {
							sections["Functions"] = append(sections["Functions"], "- (SETF "+acc+") "+orEmptyList(lambdaListOf(th, slot.Accessor.Setf)))
						}
					}
				}
			case "METHOD":
				// Listed through their generic function.
			default:
				sections["Other"] = append(sections["Other"], "- "+name+" ("+strings.ToLower(d.kind)+")")
			}
		}
		var parts []string
		for _, sec := range order {
			if lines := sections[sec]; len(lines) > 0 {
				parts = append(parts, "["+sec+"]\n"+strings.Join(lines, "\n"))
			}
		}
		structured := map[string]any{}
		for _, sec := range order {
			items := make([]any, 0, len(sections[sec]))
			for _, line := range sections[sec] {
				items = append(items, strings.TrimPrefix(line, "- "))
			}
			structured[strings.ToLower(strings.ReplaceAll(sec, " ", "_"))] = items
		}
		var res *mcpgo.CallToolResult
		switch {
		case len(parts) > 0:
			res = textResult(strings.Join(parts, "\n\n"))
		case pkgName != "":
			res = textResult("No definitions in package " + pkg.Name + ".")
		default:
			res = textResult("No definitions in this session.")
		}
		res.StructuredContent = structured
		return res
	})
}

func orEmptyList(s string) string {
	if s == "" {
		return "()"
	}
	return s
}

// definedSymbol returns the symbol a definition name is about: the name
// itself, or X for (SETF X).
func definedSymbol(name rt.Value) (*rt.Symbol, bool) {
	switch n := name.(type) {
	case *rt.Symbol:
		return n, false
	case *rt.Cons:
		if rest, ok := n.Cdr.(*rt.Cons); ok {
			if sym, ok := rest.Car.(*rt.Symbol); ok {
				return sym, true
			}
		}
	}
	return nil, false
}

// --- describe-symbol, function-documentation ---

// lookupSymbol parses a symbol designator ("name", "pkg:name", "pkg::name",
// ":kw", with |bars| keeping case) and finds it without interning.
func lookupSymbol(img *rt.Image, text string, pkg *rt.Package) (*rt.Symbol, *rt.Package, int, string) {
	text = strings.TrimSpace(text)
	pkgPart, namePart, qualifiedName := "", text, false
	if i := colonOutsideBars(text); i >= 0 {
		pkgPart, namePart, qualifiedName = text[:i], strings.TrimLeft(text[i:], ":"), true
	}
	name := symbolCase(namePart)
	if qualifiedName {
		if pkgPart == "" {
			pkg = img.Keyword
		} else {
			pkg = img.FindPackage(symbolCase(pkgPart))
			if pkg == nil {
				return nil, nil, rt.StatusNone, "The name \"" + symbolCase(pkgPart) + "\" does not designate any package."
			}
		}
	}
	if name == "NIL" || name == "T" {
		if found, st := pkg.FindSymbol(name); st != rt.StatusNone {
			return found, pkg, st, ""
		}
	}
	sym, st := pkg.FindSymbol(name)
	if st == rt.StatusNone {
		return nil, pkg, st, "No symbol named " + name + " is accessible in " + pkg.Name + "."
	}
	return sym, pkg, st, ""
}

func colonOutsideBars(s string) int {
	inBar := false
	for i, c := range s {
		switch {
		case c == '|':
			inBar = !inBar
		case c == ':' && !inBar:
			return i
		}
	}
	return -1
}

// symbolCase applies the standard readtable case: upcase, except inside
// |bars|.
func symbolCase(s string) string {
	var b strings.Builder
	inBar := false
	for _, c := range s {
		switch {
		case c == '|':
			inBar = !inBar
		case inBar:
			b.WriteRune(c)
		default:
			b.WriteString(strings.ToUpper(string(c)))
		}
	}
	return b.String()
}

func statusName(st int) string {
	switch st {
	case rt.StatusExternal:
		return ":EXTERNAL"
	case rt.StatusInherited:
		return ":INHERITED"
	case rt.StatusInternal:
		return ":INTERNAL"
	}
	return "NIL"
}

// kinds lists what a symbol names.
func kinds(img *rt.Image, sym *rt.Symbol) []string {
	var out []string
	switch {
	case sym.Flags&rt.FlagSpecialOperator != 0:
		out = append(out, "special operator")
	case sym.Macro != nil:
		out = append(out, "macro")
	case sym.Fn != nil:
		if _, ok := sym.Fn.(*clos.GF); ok {
			out = append(out, "generic function")
		} else {
			out = append(out, "function")
		}
	}
	switch {
	case img.HomePackage(sym) == img.Keyword:
		out = append(out, "keyword")
	case sym.Flags&rt.FlagSymbolMacro != 0:
		out = append(out, "symbol macro")
	case sym.IsConstant():
		out = append(out, "constant")
	case sym.Value != nil && sym.IsSpecial():
		out = append(out, "special variable")
	case sym.Value != nil:
		out = append(out, "variable")
	case sym.IsSpecial():
		out = append(out, "special variable (unbound)")
	}
	if img.FindClass(sym) != nil {
		out = append(out, "class")
	}
	return out
}

func (s *Server) describeSymbol(ctx context.Context, sess *Session, _ mcpgo.CallToolRequest, args map[string]any) *mcpgo.CallToolResult {
	text, bad := requiredString(args, "symbol", "describe-symbol")
	if bad != nil {
		return bad
	}
	pkgName, bad := optionalString(args, "package", "describe-symbol")
	if bad != nil {
		return bad
	}
	return s.run(ctx, sess, pkgName, func(th *rt.Thread, pkg *rt.Package) *mcpgo.CallToolResult {
		img := th.Img
		sym, where, st, msg := lookupSymbol(img, text, pkg)
		if sym == nil {
			return notFound(msg)
		}
		var b strings.Builder
		fmt.Fprintf(&b, "Symbol: %s\n", qualified(img, sym))
		home := img.HomePackage(sym)
		homeName := "none (uninterned)"
		if home != nil {
			homeName = home.Name
		}
		fmt.Fprintf(&b, "Package: %s\n", homeName)
		fmt.Fprintf(&b, "Status: %s in %s\n", statusName(st), where.Name)
		k := kinds(img, sym)
		if len(k) == 0 {
			b.WriteString("Kind: symbol (no value, function or class)\n")
		} else {
			b.WriteString("Kind: " + strings.Join(k, ", ") + "\n")
		}
		if fn := functionOf(sym); fn != nil {
			if ll := lambdaListOf(th, fn); ll != "" {
				b.WriteString("Lambda list: " + ll + "\n")
			}
		}
		if sym.Value != nil && sym.Flags&rt.FlagSymbolMacro == 0 {
			b.WriteString("Value: " + printShort(th, sym.Value) + "\n")
		}
		if sym.Fn != nil || sym.Macro != nil {
			if doc := documentation(th, sym, "FUNCTION"); doc != "" {
				b.WriteString("Function documentation:\n" + indent(doc) + "\n")
			}
		}
		if sym.Value != nil || sym.IsSpecial() {
			if doc := documentation(th, sym, "VARIABLE"); doc != "" {
				b.WriteString("Variable documentation:\n" + indent(doc) + "\n")
			}
		}
		if cls := img.FindClass(sym); cls != nil {
			if doc := documentation(th, sym, "TYPE"); doc != "" {
				b.WriteString("Type documentation:\n" + indent(doc) + "\n")
			}
			if cls.Kind != rt.BuiltInClass {
				describeClass(th, &b, cls)
			}
		}
		if gf, ok := sym.Fn.(*clos.GF); ok {
			describeGeneric(th, &b, gf)
		}
		describeSources(th, &b, sym)
		return textResult(strings.TrimRight(b.String(), "\n"))
	})
}

func functionOf(sym *rt.Symbol) rt.Function {
	if sym.Macro != nil {
		return sym.Macro
	}
	return sym.Fn
}

func indent(s string) string {
	return "  " + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n  ")
}

// notFound is the answer for a symbol that does not exist: not a failure
// of the tool, so not isError.
func notFound(msg string) *mcpgo.CallToolResult { return textResult(msg) }

func (s *Server) functionDocumentation(ctx context.Context, sess *Session, _ mcpgo.CallToolRequest, args map[string]any) *mcpgo.CallToolResult {
	text, bad := requiredString(args, "symbol", "function-documentation")
	if bad != nil {
		return bad
	}
	pkgName, bad := optionalString(args, "package", "function-documentation")
	if bad != nil {
		return bad
	}
	return s.run(ctx, sess, pkgName, func(th *rt.Thread, pkg *rt.Package) *mcpgo.CallToolResult {
		sym, _, _, msg := lookupSymbol(th.Img, text, pkg)
		if sym == nil {
			return notFound(msg)
		}
		fn := functionOf(sym)
		name := qualified(th.Img, sym)
		if fn == nil && sym.Flags&rt.FlagSpecialOperator == 0 {
			return notFound(name + " does not name a function or macro.")
		}
		kind := "Function"
		switch {
		case sym.Flags&rt.FlagSpecialOperator != 0:
			kind = "Special operator"
		case sym.Macro != nil:
			kind = "Macro"
		}
		var b strings.Builder
		fmt.Fprintf(&b, "%s %s", kind, name)
		if ll := lambdaListOf(th, fn); ll != "" {
			b.WriteString(" " + ll)
		}
		b.WriteString("\n")
		if doc := documentation(th, sym, "FUNCTION"); doc != "" {
			b.WriteString(indent(doc))
		} else {
			b.WriteString("  (no documentation)")
		}
		return textResult(b.String())
	})
}

// --- apropos ---

const aproposLimit = 200

func (s *Server) apropos(ctx context.Context, sess *Session, _ mcpgo.CallToolRequest, args map[string]any) *mcpgo.CallToolResult {
	query, bad := requiredString(args, "query", "apropos")
	if bad != nil {
		return bad
	}
	pkgName, bad := optionalString(args, "package", "apropos")
	if bad != nil {
		return bad
	}
	q := strings.ToUpper(strings.TrimSpace(query))
	return s.run(ctx, sess, pkgName, func(th *rt.Thread, pkg *rt.Package) *mcpgo.CallToolResult {
		img := th.Img
		seen := map[*rt.Symbol]bool{}
		var found []*rt.Symbol
		add := func(sym *rt.Symbol) {
			if !seen[sym] && strings.Contains(sym.Name, q) {
				seen[sym] = true
				found = append(found, sym)
			}
		}
		if pkgName != "" {
			for _, sym := range pkg.PresentSymbols() {
				add(sym)
			}
			for _, u := range pkg.Use {
				for _, sym := range u.ExternalSymbols() {
					add(sym)
				}
			}
		} else {
			for _, p := range img.Packages() {
				for _, sym := range p.PresentSymbols() {
					add(sym)
				}
			}
		}
		if len(found) == 0 {
			return textResult("No symbols matching \"" + query + "\".")
		}
		// Exact matches first, then alphabetically.
		sort.SliceStable(found, func(i, j int) bool {
			ei, ej := found[i].Name == q, found[j].Name == q
			if ei != ej {
				return ei
			}
			return qualified(img, found[i]) < qualified(img, found[j])
		})
		var b strings.Builder
		for i, sym := range found {
			if i == aproposLimit {
				fmt.Fprintf(&b, "... %d more symbols; use a longer query or the package argument.\n", len(found)-aproposLimit)
				break
			}
			b.WriteString(qualified(img, sym))
			if k := kinds(img, sym); len(k) > 0 {
				b.WriteString(" (" + strings.Join(k, ", ") + ")")
			}
			b.WriteString("\n")
		}
		return textResult(strings.TrimRight(b.String(), "\n"))
	})
}

// watchConditions makes DEFINE-CONDITION tell the session's definition list
// of each condition type, as the other defining forms do through
// eval.DefinitionHook.
func watchConditions(sess *Session, img *rt.Image) {
	b, ok := img.Intern("GOLEM", "%DEFINE-CONDITION").Fn.(*rt.Builtin)
	if !ok {
		return
	}
	define := b.Fn
	wrapped := *b
	wrapped.Fn = func(th *rt.Thread, args []rt.Value) rt.Value {
		v := define(th, args)
		sess.recordDefinition(img, v, "CONDITION")
		return v
	}
	img.Intern("GOLEM", "%DEFINE-CONDITION").Fn = &wrapped
}
