package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/golem-lisp/golem"
	rt "github.com/golem-lisp/golem/runtime"
)

// Texts fixed by the tool contracts.
const (
	evaluateLispDescription  = "Evaluate Common Lisp code in a persistent REPL session. Definitions and variables persist across calls."
	describeErrorDescription = "Get detailed information about the most recent error. Returns the error type, message, " +
		"available restarts, and backtrace from the last failed evaluation. Useful for diagnosing why code failed."
	resetText        = "Session reset. All definitions cleared."
	noErrorText      = "No error information available.\n(No error has occurred since the last successful evaluation)"
	codeRequiredText = "evaluate-lisp requires a non-empty `code` string argument."
)

// evaluateOutputSchema describes evaluate-lisp's structuredContent: values
// and output on success, reason and condition on error.
const evaluateOutputSchema = `{
  "type": "object",
  "properties": {
    "values": {"type": "array", "items": {"type": "string"}, "description": "The printed values of the last form."},
    "stdout": {"type": "string", "description": "What the code wrote to *standard-output*."},
    "stderr": {"type": "string", "description": "What the code wrote to *error-output* and *trace-output*."},
    "warnings": {"type": "array", "items": {"type": "string"}, "description": "Warnings signalled during evaluation."},
    "reason": {"type": "string", "enum": ["parse_error", "runtime_error", "timeout", "memory_limit", "args_error"],
      "description": "Why the call failed (error responses only)."},
    "condition": {"type": ["string", "null"], "description": "The type of the condition that ended the call (error responses only)."},
    "suspended": {"type": "boolean", "description": "True when the evaluation is suspended at the error (debug): invoke-restart resumes it."},
    "level": {"type": "integer", "description": "The debugger level of the suspension (1, or more for an error inside a suspended evaluation)."},
    "restarts": {"type": "array", "items": {"type": "object", "properties": {"number": {"type": "integer"},
      "name": {"type": "string"}, "description": {"type": "string"}}}, "description": "The suspended evaluation's restarts, numbered as invoke-restart takes them."},
    "frames": {"type": "array", "items": {"type": "object", "properties": {"number": {"type": "integer"},
      "call": {"type": "string"}}}, "description": "The suspended evaluation's frames, innermost first, numbered as frame-locals and eval-in-frame take them."}
  }
}`

func sessionProperty() map[string]any {
	return map[string]any{
		"type": "string",
		"description": "Name of a Lisp session to use instead of this connection's own (created on first use). " +
			"Sessions with the same name share definitions across connections.",
	}
}

// annotations builds tool annotations; tools never reach outside the
// sandbox, so openWorldHint is always false.
func annotations(title string, readOnly, destructive, idempotent bool) mcpgo.ToolAnnotation {
	return mcpgo.ToolAnnotation{
		Title:           title,
		ReadOnlyHint:    mcpgo.ToBoolPtr(readOnly),
		DestructiveHint: mcpgo.ToBoolPtr(destructive),
		IdempotentHint:  mcpgo.ToBoolPtr(idempotent),
		OpenWorldHint:   mcpgo.ToBoolPtr(false),
	}
}

func stringProp(desc string) map[string]any {
	return map[string]any{"type": "string", "description": desc}
}

// tool builds a tool with the given properties plus `session`.
func tool(name, desc string, ann mcpgo.ToolAnnotation, required []string, props map[string]any) mcpgo.Tool {
	if props == nil {
		props = map[string]any{}
	}
	props["session"] = sessionProperty()
	return mcpgo.Tool{
		Name:        name,
		Description: desc,
		InputSchema: mcpgo.ToolInputSchema{Type: "object", Properties: props, Required: required},
		Annotations: ann,
	}
}

func (s *Server) addSessionTools() {
	eval := tool("evaluate-lisp", evaluateLispDescription, annotations("Evaluate Lisp", false, true, false),
		[]string{"code"}, map[string]any{
			"code":    stringProp("Common Lisp expression(s) to evaluate. Can be a single form or multiple forms."),
			"package": stringProp("Package context for evaluation. Defaults to CL-USER or the last-used package."),
			"timeout_seconds": map[string]any{"type": "number", "exclusiveMinimum": 0,
				"description": "Stop the evaluation after this many seconds (at most the server's own time limit)."},
			"debug": map[string]any{"type": "boolean", "description": debugProperty},
		})
	eval.RawOutputSchema = json.RawMessage(evaluateOutputSchema)
	s.mcp.AddTool(eval, s.handler("evaluate-lisp", s.evaluateLisp))

	s.mcp.AddTool(tool("list-definitions",
		"List what this session defined: functions with their lambda lists, variables with their values, macros, "+
			"classes, generic functions and structures.",
		annotations("List definitions", true, false, true), nil, map[string]any{
			"package": stringProp("Only list definitions of symbols whose home package is this one."),
		}), s.handler("list-definitions", s.listDefinitions))

	s.mcp.AddTool(tool("reset-session",
		"Discard this session's definitions, packages and state, and start a fresh Lisp session.",
		annotations("Reset session", false, true, true), nil, nil), s.handler("reset-session", s.resetSession))

	s.mcp.AddTool(tool("describe-last-error", describeErrorDescription,
		annotations("Describe last error", true, false, true), nil, nil),
		s.handler("describe-last-error", s.describeLastError))

	s.mcp.AddTool(tool("get-backtrace",
		"Get the full backtrace of the most recent error, innermost frame first.",
		annotations("Get backtrace", true, false, true), nil, map[string]any{
			"limit": map[string]any{"type": "integer", "minimum": 1, "description": "Show at most this many frames."},
		}), s.handler("get-backtrace", s.getBacktrace))

	s.addIntrospectionTools()
	s.addXrefTools()
	s.addInspectTool()
	s.addLoadSystemTool()
	s.addDebuggerTools()
}

// --- evaluate-lisp ---

func (s *Server) evaluateLisp(ctx context.Context, sess *Session, req mcpgo.CallToolRequest, args map[string]any) *mcpgo.CallToolResult {
	code, ok := args["code"].(string)
	if !ok || strings.TrimSpace(code) == "" {
		return argsError(codeRequiredText)
	}
	pkg, res := optionalString(args, "package", "evaluate-lisp")
	if res != nil {
		return res
	}
	in := sess.Interpreter()
	if pkg != "" {
		// The package argument holds for this call only, even when the
		// code changes *package*.
		cur := in.Image().S.Package
		saved := cur.Value
		defer func() { cur.Value = saved }()
	}
	evalCtx, cancel, res := s.callTimeout(ctx, args)
	if res != nil {
		return res
	}
	defer cancel()
	stop := s.startProgress(ctx, req)
	r, err, res := evaluate(evalCtx, in, code, pkg, args)
	stop()
	if res != nil {
		return res
	}
	return sess.evalResult(r, err)
}

// evalResult is evaluate-lisp's reply for an evaluation's outcome (also
// that of a debugger call that resumed or ran code, see debugger.go).
func (sess *Session) evalResult(r *golem.Result, err error) *mcpgo.CallToolResult {
	if err != nil {
		return sess.errorResponse(err)
	}
	sess.lastErr = nil
	if susp := sess.in.Suspended(); susp != nil {
		// Code ran inside a suspended evaluation: its error stays the last.
		sess.setError(susp.Err)
	}
	warnings := r.Warnings
	if warnings == nil {
		warnings = []string{}
	}
	values := r.PrintedValues()
	if values == nil {
		values = []string{}
	}
	return &mcpgo.CallToolResult{
		Content: []mcpgo.Content{mcpgo.NewTextContent(r.Text())},
		StructuredContent: map[string]any{
			"values": values, "stdout": r.Stdout, "stderr": r.Stderr, "warnings": warnings,
		},
	}
}

// callTimeout applies evaluate-lisp's optional timeout_seconds to ctx,
// capped by the server's time limit. The evaluation reports a timeout as
// it does for the server's limit ("took longer than 2s").
func (s *Server) callTimeout(ctx context.Context, args map[string]any) (context.Context, context.CancelFunc, *mcpgo.CallToolResult) {
	v, ok := args["timeout_seconds"]
	if !ok || v == nil {
		return ctx, func() {}, nil
	}
	secs, isNum := v.(float64)
	if !isNum || !(secs > 0) || math.IsInf(secs, 0) {
		return ctx, nil, argsError("evaluate-lisp `timeout_seconds` must be a positive number.")
	}
	d := time.Duration(math.Min(secs, float64(math.MaxInt64/int64(time.Second))) * float64(time.Second))
	if limit := s.opts.Limits.Timeout; limit > 0 && d >= limit {
		return ctx, func() {}, nil // the server's own limit holds
	}
	c, cancel := context.WithTimeout(ctx, d)
	return c, cancel, nil
}

// errorResponse turns an evaluation error into the error response and
// records it as the session's last error.
func (sess *Session) errorResponse(err error) *mcpgo.CallToolResult {
	var susp *golem.Suspension
	if errors.As(err, &susp) {
		return sess.suspendedResponse(susp)
	}
	var e *golem.Error
	if !errors.As(err, &e) {
		e = &golem.Error{Type: "GOLEM:INTERNAL-ERROR", Report: err.Error()}
	}
	sess.setError(e)
	if sess.in != nil {
		if susp := sess.in.Suspended(); susp != nil {
			// An error inside a suspended evaluation: describe-last-error
			// goes on describing the suspended one.
			sess.setError(susp.Err)
		}
	}
	return errorResult(e.Text(), errorReason(sess.in, e), e.Type)
}

// errorReason classifies an evaluation error for structuredContent.
func errorReason(in *golem.Interpreter, e *golem.Error) string {
	if e.Type == "GOLEM:INTERRUPTED" {
		if errors.Is(e, golem.ErrOutputLimit) {
			// Too much output is not a timeout: the output was cut at the
			// limit and the evaluation stopped there.
			return "runtime_error"
		}
		return "timeout"
	}
	c, _ := e.Condition.(*rt.Instance)
	if c == nil || in == nil {
		return "runtime_error"
	}
	img := in.Image()
	is := func(name string) bool {
		cl := img.FindClass(img.CLSym(name))
		return cl != nil && (c.Class == cl || c.Class.IsSubclassOf(cl))
	}
	switch {
	case is("STORAGE-CONDITION"):
		return "memory_limit"
	case (is("READER-ERROR") || is("END-OF-FILE")) && len(e.Backtrace) == 0:
		// Signalled by reading the code itself, not by a READ in it.
		return "parse_error"
	}
	return "runtime_error"
}

// startProgress sends notifications/progress every second while an
// evaluation runs, when the client asked for progress. The returned
// function stops it and waits until no notification can follow.
func (s *Server) startProgress(ctx context.Context, req mcpgo.CallToolRequest) func() {
	meta := req.Params.Meta
	if meta == nil || meta.ProgressToken == nil {
		return func() {}
	}
	token := meta.ProgressToken
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for n := 1; ; n++ {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-t.C:
			}
			_ = s.mcp.SendNotificationToClient(ctx, "notifications/progress", map[string]any{
				"progressToken": token,
				"progress":      n,
				"message":       fmt.Sprintf("evaluating for %ds", n),
			})
		}
	}()
	return func() {
		close(done)
		wg.Wait()
	}
}

// --- reset-session ---

func (s *Server) resetSession(ctx context.Context, sess *Session, _ mcpgo.CallToolRequest, _ map[string]any) *mcpgo.CallToolResult {
	sess.reset()
	return textResult(resetText)
}

// --- describe-last-error and get-backtrace ---

func (s *Server) describeLastError(ctx context.Context, sess *Session, _ mcpgo.CallToolRequest, _ map[string]any) *mcpgo.CallToolResult {
	e := sess.lastErr
	if e == nil {
		return textResult(noErrorText)
	}
	var b strings.Builder
	b.WriteString("Error: " + e.Type + "\n")
	for _, line := range strings.Split(e.Report, "\n") {
		b.WriteString("  " + line + "\n")
	}
	b.WriteString("\nAvailable Restarts:\n")
	for _, line := range numberedRestarts(e.Restarts) {
		b.WriteString("  " + line + "\n")
	}
	b.WriteString("\nBacktrace (top 5 frames):\n")
	if len(e.Backtrace) == 0 {
		b.WriteString("  " + e.NoFrames + "\n")
	}
	for i, f := range e.Backtrace {
		if i == 5 {
			break
		}
		fmt.Fprintf(&b, "  %d: %s\n", i, f)
	}
	b.WriteString("\nOccurred at: " + e.At.UTC().Format(time.RFC3339) + "\n")
	b.WriteString("\nFor full backtrace, use get-backtrace tool.")
	return textResult(b.String())
}

func (s *Server) getBacktrace(ctx context.Context, sess *Session, _ mcpgo.CallToolRequest, args map[string]any) *mcpgo.CallToolResult {
	limit := 0
	if v, ok := args["limit"]; ok && v != nil {
		f, isNum := v.(float64)
		if !isNum || f < 1 || f != math.Trunc(f) {
			return argsError("get-backtrace `limit` must be a positive integer.")
		}
		limit = int(math.Min(f, 1<<30))
	}
	e := sess.lastErr
	if e == nil {
		return textResult(noErrorText)
	}
	frames := e.Backtrace
	var b strings.Builder
	fmt.Fprintf(&b, "Backtrace of %s (%d frames, innermost first):\n", e.Type, len(frames))
	if len(frames) == 0 {
		b.WriteString(e.NoFrames)
	}
	shown := frames
	if limit > 0 && limit < len(frames) {
		shown = frames[:limit]
	}
	for i, f := range shown {
		fmt.Fprintf(&b, "%d: %s\n", i, f)
	}
	if len(shown) < len(frames) {
		fmt.Fprintf(&b, "... %d more frames (raise `limit` to see them)", len(frames)-len(shown))
	}
	return textResult(strings.TrimRight(b.String(), "\n"))
}

// optionalString reads an optional string argument, trimmed.
func optionalString(args map[string]any, name, toolName string) (string, *mcpgo.CallToolResult) {
	v, ok := args[name]
	if !ok || v == nil {
		return "", nil
	}
	str, isStr := v.(string)
	if !isStr {
		return "", argsError(fmt.Sprintf("%s `%s` must be a string.", toolName, name))
	}
	return strings.TrimSpace(str), nil
}

// requiredString reads a required, non-blank string argument.
func requiredString(args map[string]any, name, toolName string) (string, *mcpgo.CallToolResult) {
	str, ok := args[name].(string)
	if !ok || strings.TrimSpace(str) == "" {
		return "", argsError(fmt.Sprintf("%s requires a non-empty `%s` string argument.", toolName, name))
	}
	return str, nil
}
