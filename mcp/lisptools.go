package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"sort"
	"strings"
	"sync"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/golem-lisp/golem"
	rt "github.com/golem-lisp/golem/runtime"
)

// Tools defined in Lisp (Agent-Q's tool protocol): GOLEM:DEFINE-TOOL in a
// session adds an MCP tool to the connection that evaluated it, and to no
// other: only that connection lists it and can call it. Its handler runs in
// that Lisp session, one call at a time like every session call. Clients
// without a session of their own (the stateless protocol revision) share one
// tool list, so define-tool is refused for them unless
// Options.AllowSharedTools is set.

// lispTool is a tool defined by GOLEM:DEFINE-TOOL.
type lispTool struct {
	name        string
	description string
	params      []lispParam
	paramsForm  rt.Value // the parameter plists as given, for TOOL-PARAMETERS
	required    []string
	safety      string // SAFE, CAUTIOUS or DANGEROUS
	categories  []string
	handler     rt.Function
	sess        *Session
	in          *golem.Interpreter // where it was defined; a reset retires it
	conn        string             // the connection whose tool list has it
}

type lispParam struct{ name, typ, description string }

// snakeCase matches a tool name in snake_case; compiled when first used,
// not at every start of the CLI.
var snakeCase = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`) })

var paramTypes = map[string]string{
	"STRING": "string", "BOOLEAN": "boolean", "NUMBER": "number", "INTEGER": "integer",
	"OBJECT": "object", "ARRAY": "array",
}

// installToolFunctions defines GOLEM:DEFINE-TOOL and GOLEM:UNDEFINE-TOOL in
// a session's interpreter.
func (s *Server) installToolFunctions(sess *Session, in *golem.Interpreter) {
	img := in.Image()
	define := img.Intern("GOLEM", "DEFINE-TOOL")
	img.Golem.Export(define)
	define.Fn = &rt.Builtin{Name: define, Min: 3, Max: -1,
		Params: "(NAME DESCRIPTION PARAMETERS &KEY REQUIRED SAFETY-LEVEL CATEGORIES HANDLER)",
		Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			t := parseToolDefinition(th, args)
			t.sess, t.in = sess, in
			s.registerLispTool(th, t)
			return t
		}}
	undefine := img.Intern("GOLEM", "UNDEFINE-TOOL")
	img.Golem.Export(undefine)
	undefine.Fn = &rt.Builtin{Name: undefine, Min: 1, Max: 1, Params: "(NAME)",
		Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			name := lispString(th, args[0], "tool name")
			t, ok := sess.tools[name]
			if !ok {
				return rt.NIL
			}
			s.removeLispTool(t)
			return rt.T
		}}
	s.installToolRegistry(sess, in)
}

func defineToolError(th *rt.Thread, msg string) {
	th.SimpleError("~A", rt.NewString("DEFINE-TOOL: "+msg))
}

func lispString(th *rt.Thread, v rt.Value, what string) string {
	str, ok := v.(*rt.String)
	if !ok {
		defineToolError(th, what+" must be a string, not "+printShort(th, v))
	}
	return str.String()
}

func keywordName(v rt.Value) (string, bool) {
	sym, ok := v.(*rt.Symbol)
	if !ok || sym == rt.NIL {
		return "", false
	}
	return sym.Name, true
}

// parseToolDefinition checks DEFINE-TOOL's arguments.
func parseToolDefinition(th *rt.Thread, args []rt.Value) *lispTool {
	t := &lispTool{
		name:        lispString(th, args[0], "name"),
		description: lispString(th, args[1], "description"),
		safety:      "SAFE",
		paramsForm:  args[2],
	}
	if !snakeCase().MatchString(t.name) {
		defineToolError(th, fmt.Sprintf("tool name %q must be snake_case (lower-case words joined by _), e.g. \"word_count\"", t.name))
	}
	seen := map[string]bool{}
	for _, p := range listItems(th, args[2], "parameters") {
		plist := listItems(th, p, "parameter")
		param := lispParam{typ: "string"}
		for i := 0; i+1 < len(plist); i += 2 {
			key, _ := keywordName(plist[i])
			switch key {
			case "NAME":
				param.name = lispString(th, plist[i+1], "parameter name")
			case "TYPE":
				tn, _ := keywordName(plist[i+1])
				jt, ok := paramTypes[tn]
				if !ok {
					defineToolError(th, fmt.Sprintf("parameter type %s is not one of :string, :boolean, :number, :integer, :object, :array",
						th.Img.NameString(plist[i+1])))
				}
				param.typ = jt
			case "DESCRIPTION":
				param.description = lispString(th, plist[i+1], "parameter description")
			}
		}
		if param.name == "" {
			defineToolError(th, "every parameter needs a :name string")
		}
		if seen[param.name] {
			defineToolError(th, fmt.Sprintf("parameter %q is given twice", param.name))
		}
		seen[param.name] = true
		t.params = append(t.params, param)
	}
	kw := th.ParseKeys(args[3:], "REQUIRED", "SAFETY-LEVEL", "CATEGORIES", "HANDLER")
	if kw[0] != nil {
		for _, r := range listItems(th, kw[0], ":required") {
			name := lispString(th, r, "required parameter name")
			if !seen[name] {
				defineToolError(th, fmt.Sprintf(":required names %q, which is not a parameter of %s", name, t.name))
			}
			t.required = append(t.required, name)
		}
	}
	if kw[1] != nil {
		level, _ := keywordName(kw[1])
		switch level {
		case "SAFE", "CAUTIOUS", "DANGEROUS":
			t.safety = level
		default:
			defineToolError(th, "the :safety-level must be :safe, :cautious or :dangerous")
		}
	}
	if kw[2] != nil {
		for _, c := range listItems(th, kw[2], ":categories") {
			if name, ok := keywordName(c); ok {
				t.categories = append(t.categories, strings.ToLower(name))
			}
		}
	}
	if kw[3] == nil || kw[3] == rt.NIL {
		defineToolError(th, "a :handler function of one argument (a hash table of the arguments) is required")
	}
	fn, ok := kw[3].(rt.Function)
	if !ok {
		fn = th.Resolve(kw[3])
	}
	t.handler = fn
	return t
}

// listItems returns the elements of a proper list or signals an error.
func listItems(th *rt.Thread, v rt.Value, what string) []rt.Value {
	var out []rt.Value
	for v != rt.NIL {
		c, ok := v.(*rt.Cons)
		if !ok {
			defineToolError(th, what+" must be a list")
		}
		out = append(out, c.Car)
		v = c.Cdr
		th.Tick()
	}
	return out
}

// Lisp-defined tools live outside mcp-go's registry, per connection: a
// tool filter adds them to the connection's tools/list, and a before-call
// hook routes calls to them through one hidden dispatcher tool. This works
// with every transport, including those without per-session tools.

const (
	dispatchTool = "golem-lisp-tool-dispatch"
	dispatchMeta = "golem/lispTool"
)

// connKey names the connection of a request: its transport session, or the
// shared default for sessionless protocols.
func connKey(ctx context.Context) string {
	if cs := server.ClientSessionFromContext(ctx); cs != nil && cs.SessionID() != "" {
		return transportKey(cs.SessionID())
	}
	return defaultKey
}

func (s *Server) lookupLispTool(conn, name string) *lispTool {
	s.lispMu.Lock()
	defer s.lispMu.Unlock()
	return s.lispTools[conn][name]
}

// setupLispTools installs the filter, hook and dispatcher.
func (s *Server) setupLispTools(hooks *server.Hooks) []server.ServerOption {
	hooks.AddBeforeCallTool(func(ctx context.Context, _ any, req *mcpgo.CallToolRequest) {
		if s.lookupLispTool(connKey(ctx), req.Params.Name) == nil {
			return
		}
		if req.Params.Meta == nil {
			req.Params.Meta = &mcpgo.Meta{}
		}
		if req.Params.Meta.AdditionalFields == nil {
			req.Params.Meta.AdditionalFields = map[string]any{}
		}
		req.Params.Meta.AdditionalFields[dispatchMeta] = req.Params.Name
		req.Params.Name = dispatchTool
	})
	filter := func(ctx context.Context, tools []mcpgo.Tool) []mcpgo.Tool {
		if len(tools) <= 1 {
			return tools // the access check of one call
		}
		out := make([]mcpgo.Tool, 0, len(tools))
		for _, t := range tools {
			if t.Name != dispatchTool {
				out = append(out, t)
			}
		}
		s.lispMu.Lock()
		defined := s.lispTools[connKey(ctx)]
		names := make([]string, 0, len(defined))
		for name := range defined {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			out = append(out, defined[name].mcpTool())
		}
		s.lispMu.Unlock()
		return out
	}
	return []server.ServerOption{server.WithToolFilter(filter)}
}

func (s *Server) addDispatchTool() {
	s.mcp.AddTool(mcpgo.Tool{
		Name:        dispatchTool,
		Description: "Internal: runs tools defined with golem:define-tool.",
		InputSchema: mcpgo.ToolInputSchema{Type: "object", Properties: map[string]any{}},
		Annotations: annotations("", false, false, false),
	}, func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		var name string
		if req.Params.Meta != nil {
			name, _ = req.Params.Meta.AdditionalFields[dispatchMeta].(string)
		}
		t := s.lookupLispTool(connKey(ctx), name)
		if t == nil {
			return errorResult("[ERROR] UNDEFINED-TOOL\nNo tool named "+name+" is defined on this connection.", "runtime_error", "UNDEFINED-TOOL"), nil
		}
		return s.callLispTool(ctx, t, req)
	})
}

// registerLispTool adds a tool to the calling connection's tool list.
func (s *Server) registerLispTool(th *rt.Thread, t *lispTool) {
	if s.mcp.GetTool(t.name) != nil {
		defineToolError(th, fmt.Sprintf("%q is the name of a built-in tool", t.name))
	}
	t.conn = connKey(th.Ctx)
	if t.conn == defaultKey && !s.opts.AllowSharedTools {
		defineToolError(th, "this client has no MCP session of its own (it uses the stateless protocol revision), "+
			"so a tool defined here would be listed to, and run for, every such client. Tools can only be defined "+
			"over a connection with its own session, unless the operator starts the server with --allow-shared-tools.")
	}
	if other, ok := t.sess.tools[t.name]; ok && other.conn != t.conn {
		defineToolError(th, fmt.Sprintf("a tool named %q is already defined in this session by another connection", t.name))
	}
	// Registering a name again replaces the tool (define-tool-protocol.md:
	// names are unique in the registry).
	s.lispMu.Lock()
	if s.lispTools[t.conn] == nil {
		s.lispTools[t.conn] = map[string]*lispTool{}
	}
	s.lispTools[t.conn][t.name] = t
	s.lispMu.Unlock()
	t.sess.tools[t.name] = t
	s.log.Printf("session %s defined tool %s (%s)", t.sess.key, t.name, strings.ToLower(t.safety))
	s.toolsChanged(t.conn)
}

// toolsChanged tells a connection its tool list changed.
func (s *Server) toolsChanged(conn string) {
	if id, ok := strings.CutPrefix(conn, "mcp:"); ok {
		_ = s.mcp.SendNotificationToSpecificClient(id, "notifications/tools/list_changed", nil)
	}
}

// removeLispTool forgets one tool.
func (s *Server) removeLispTool(t *lispTool) {
	s.lispMu.Lock()
	if s.lispTools[t.conn][t.name] == t {
		delete(s.lispTools[t.conn], t.name)
	}
	s.lispMu.Unlock()
	delete(t.sess.tools, t.name)
	s.toolsChanged(t.conn)
}

// dropSessionTools forgets the tools a discarded session defined, on every
// connection, so that no tool keeps its interpreter alive.
func (s *Server) dropSessionTools(sess *Session) {
	var conns []string
	s.lispMu.Lock()
	for conn, tools := range s.lispTools {
		n := len(tools)
		for name, t := range tools {
			if t.sess == sess {
				delete(tools, name)
			}
		}
		if len(tools) < n {
			conns = append(conns, conn)
		}
		if len(tools) == 0 {
			delete(s.lispTools, conn)
		}
	}
	s.lispMu.Unlock()
	for _, conn := range conns {
		s.toolsChanged(conn)
	}
}

// dropConnTools forgets the tools of a closed connection.
func (s *Server) dropConnTools(conn string) {
	s.lispMu.Lock()
	delete(s.lispTools, conn)
	s.lispMu.Unlock()
}

func (t *lispTool) mcpTool() mcpgo.Tool {
	props := map[string]any{}
	for _, p := range t.params {
		prop := map[string]any{"type": p.typ}
		if p.description != "" {
			prop["description"] = p.description
		}
		props[p.name] = prop
	}
	var ann mcpgo.ToolAnnotation
	switch t.safety {
	case "SAFE":
		ann = annotations("", true, false, true)
	case "CAUTIOUS":
		ann = annotations("", false, false, false)
	default:
		ann = annotations("", false, true, false)
	}
	tool := mcpgo.Tool{
		Name:        t.name,
		Description: t.description,
		InputSchema: mcpgo.ToolInputSchema{Type: "object", Properties: props, Required: t.required},
		Annotations: ann,
	}
	if len(t.categories) > 0 {
		tool.Meta = &mcpgo.Meta{AdditionalFields: map[string]any{"golem/categories": t.categories, "golem/safetyLevel": strings.ToLower(t.safety)}}
	}
	return tool
}

// retireLispTools removes a session's Lisp-defined tools (on reset).
func (s *Server) retireLispTools(sess *Session) {
	for _, t := range sess.tools {
		s.removeLispTool(t)
	}
	sess.tools = map[string]*lispTool{}
}

// callLispTool runs a Lisp-defined tool in its session.
func (s *Server) callLispTool(ctx context.Context, t *lispTool, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
	args := req.GetArguments()
	if res := s.checkSize(t.name, req, args); res != nil {
		return res, nil
	}
	if msg := checkArguments(t.mcpTool(), req.Params.Arguments); msg != "" {
		if t.sess.lock(ctx) {
			t.sess.setToolError("GOLEM:INVALID-ARGUMENTS", msg)
			t.sess.unlock()
		}
		return nil, &invalidParams{msg: msg}
	}
	switch t.safety {
	case "DANGEROUS":
		if res := s.approve(ctx, t, args); res != nil {
			if t.sess.lock(ctx) {
				t.sess.setToolError("GOLEM:APPROVAL-REQUIRED", strings.TrimPrefix(resultText(res), "[ERROR] GOLEM:APPROVAL-REQUIRED\n"))
				t.sess.unlock()
			}
			return res, nil
		}
	case "CAUTIOUS":
		s.log.Printf("session %s: cautious tool %s called with %v", t.sess.key, t.name, args)
		_ = s.mcp.SendLogMessageToClient(ctx, mcpgo.NewLoggingMessageNotification(mcpgo.LoggingLevelNotice, "golem",
			map[string]any{"message": "cautious tool called", "tool": t.name, "arguments": args}))
	}
	sess := t.sess
	if !sess.lock(ctx) {
		return errorResult("[ERROR] GOLEM:INTERRUPTED\nThe call was cancelled before it started.", "timeout", "GOLEM:INTERRUPTED"), nil
	}
	defer sess.unlock()
	if sess.in != t.in || sess.tools[t.name] != t {
		return errorResult("[ERROR] UNDEFINED-TOOL\nThe tool "+t.name+" is no longer defined in its session.", "runtime_error", "UNDEFINED-TOOL"), nil
	}
	var text string
	var failed string
	err := t.in.Run(ctx, func(th *rt.Thread) {
		table := rt.NewHashTable(th.Img.S.Equal)
		for k, v := range args {
			if k == "session" && !hasParam(t, k) {
				continue
			}
			table.Put(th, rt.NewString(k), jsonToLisp(th, v))
		}
		v := th.Call(t.handler, table)
		vals := th.MultipleValues(v)
		text = toolResultText(th, vals[0])
		if len(vals) > 1 && vals[1] != rt.NIL {
			if msg, ok := vals[1].(*rt.String); ok {
				failed = msg.String()
			} else {
				failed = printShort(th, vals[1])
			}
		}
	})
	if err != nil {
		var e *golem.Error
		if !errors.As(err, &e) {
			e = &golem.Error{Type: "GOLEM:INTERNAL-ERROR", Report: err.Error()}
		}
		sess.setError(e)
		return errorResult(e.Text(), errorReason(t.in, e), e.Type), nil
	}
	if failed != "" {
		sess.setToolError("GOLEM:TOOL-ERROR", joinNonEmpty(failed, text))
		return errorResult(joinNonEmpty(failed, text), "runtime_error", ""), nil
	}
	res := textResult(text)
	res.StructuredContent = map[string]any{"text": text}
	return res, nil
}

// toolArguments are the arguments a tool's handler gets (without the
// `session` argument the server takes for itself).
func toolArguments(t *lispTool, args map[string]any) map[string]any {
	out := make(map[string]any, len(args))
	for k, v := range args {
		if k == "session" && !hasParam(t, k) {
			continue
		}
		out[k] = v
	}
	return out
}

func hasParam(t *lispTool, name string) bool {
	for _, p := range t.params {
		if p.name == name {
			return true
		}
	}
	return false
}

// toolResultText renders a handler's value: a string as is, NIL as "nil",
// anything else pretty-printed.
func toolResultText(th *rt.Thread, v rt.Value) string {
	switch x := v.(type) {
	case *rt.String:
		return x.String()
	case *rt.Symbol:
		if x == rt.NIL {
			return "nil"
		}
	}
	return printFull(th, v)
}

func jsonTypeMatches(typ string, v any) bool {
	switch typ {
	case "string":
		_, ok := v.(string)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "number":
		_, ok := v.(float64)
		return ok
	case "integer":
		f, ok := v.(float64)
		return ok && f == math.Trunc(f)
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	}
	return true
}

// jsonToLisp converts a JSON argument: strings, numbers, T/NIL, lists for
// arrays and EQUAL hash tables for objects.
func jsonToLisp(th *rt.Thread, v any) rt.Value {
	switch x := v.(type) {
	case nil:
		return rt.NIL
	case bool:
		if x {
			return rt.T
		}
		return rt.NIL
	case string:
		return rt.NewString(x)
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1<<53 {
			return rt.MakeInt(int64(x))
		}
		return rt.DoubleFloat(x)
	case []any:
		items := make([]rt.Value, len(x))
		for i, e := range x {
			items[i] = jsonToLisp(th, e)
		}
		return rt.List(items...)
	case map[string]any:
		table := rt.NewHashTable(th.Img.S.Equal)
		for k, e := range x {
			table.Put(th, rt.NewString(k), jsonToLisp(th, e))
		}
		return table
	}
	return rt.NewString(fmt.Sprint(v))
}

// approve asks the user, through MCP elicitation, before a :dangerous tool
// runs; nil means go ahead.
func (s *Server) approve(ctx context.Context, t *lispTool, args map[string]any) *mcpgo.CallToolResult {
	if s.opts.AllowDangerous {
		s.log.Printf("session %s: dangerous tool %s allowed by --allow-dangerous", t.sess.key, t.name)
		return nil
	}
	refused := func(why string) *mcpgo.CallToolResult {
		return errorResult("[ERROR] GOLEM:APPROVAL-REQUIRED\nThe tool "+t.name+" is marked :dangerous and "+why+
			"\nThe operator can allow dangerous tools by starting the server with --allow-dangerous.", "runtime_error", "GOLEM:APPROVAL-REQUIRED")
	}
	cs := server.ClientSessionFromContext(ctx)
	info, ok := cs.(server.SessionWithClientInfo)
	if !ok || info.GetClientCapabilities().Elicitation == nil {
		return refused("this client cannot ask for approval (it does not support elicitation).")
	}
	req := mcpgo.ElicitationRequest{}
	shown, err := json.Marshal(toolArguments(t, args))
	if err != nil {
		shown = []byte("(arguments that cannot be shown)")
	}
	req.Params.Message = fmt.Sprintf("Allow the Lisp tool %s (marked dangerous) to run with the arguments %s?", t.name, shown)
	req.Params.RequestedSchema = map[string]any{
		"type": "object",
		"properties": map[string]any{
			"approve": map[string]any{"type": "boolean", "description": "Run the tool"},
		},
		"required": []string{"approve"},
	}
	res, err := s.mcp.RequestElicitation(ctx, req)
	if err != nil {
		return refused("asking for approval failed: " + err.Error() + ".")
	}
	if res.Action != mcpgo.ElicitationResponseActionAccept {
		return refused("the user did not approve it.")
	}
	if m, ok := res.Content.(map[string]any); ok {
		if approve, isBool := m["approve"].(bool); isBool && !approve {
			return refused("the user did not approve it.")
		}
	}
	return nil
}
