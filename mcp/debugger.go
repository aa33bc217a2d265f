package mcp

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/golem-lisp/golem"
)

// The debugger over MCP (see golem.Suspension). evaluate-lisp with
// `debug: true` (or with GOLEM:*DEBUG-ON-ERROR* true in the session)
// suspends the evaluation at an unhandled error instead of unwinding it;
// invoke-restart, frame-locals, eval-in-frame and abort work on it, and
// evaluate-lisp runs code inside it (a nested level) while it waits.

const notSuspendedText = "[ERROR] GOLEM:NOT-SUSPENDED\nNo evaluation is suspended in this session. " +
	"evaluate-lisp with `debug: true` (or after (setf golem:*debug-on-error* t)) suspends an evaluation at an unhandled error."

const debugProperty = "Suspend the evaluation at an unhandled error instead of unwinding it: the reply lists the restarts " +
	"and frames, and invoke-restart, frame-locals, eval-in-frame and abort work on it " +
	"(also on for every call after (setf golem:*debug-on-error* t))."

func (s *Server) addDebuggerTools() {
	s.mcp.AddTool(tool("invoke-restart",
		"Resume the evaluation suspended by evaluate-lisp's `debug` at an unhandled error, through one of its restarts "+
			"(by the number or the name the error reply lists: RETRY, USE-VALUE, STORE-VALUE, CONTINUE, ABORT or a "+
			"RESTART-CASE restart). `values` are forms evaluated first, whose values the restart gets. Returns what the "+
			"evaluation then returns, as evaluate-lisp does, or the next suspension.",
		annotations("Invoke restart", false, true, false), []string{"restart"}, map[string]any{
			"restart": map[string]any{"type": []string{"integer", "string"},
				"description": "The restart's number in the reply (from 1) or its name."},
			"values": map[string]any{"type": "array", "items": map[string]any{"type": "string"},
				"description": "Forms whose values are the restart's arguments (USE-VALUE and STORE-VALUE take one)."},
		}), s.debuggerHandler("invoke-restart", s.invokeRestart))

	s.mcp.AddTool(tool("frame-locals",
		"List the lexical variables of a frame of the suspended evaluation, with their values.",
		annotations("Frame locals", true, false, true), []string{"frame"}, map[string]any{
			"frame": frameProperty(),
		}), s.debuggerHandler("frame-locals", s.frameLocals))

	s.mcp.AddTool(tool("eval-in-frame",
		"Evaluate code inside the suspended evaluation with a frame's lexical variables in scope: SETQ changes them, "+
			"and the evaluation sees the new values once resumed.",
		annotations("Evaluate in frame", false, true, false), []string{"frame", "code"}, map[string]any{
			"frame": frameProperty(),
			"code":  stringProp("Common Lisp form(s) to evaluate."),
		}), s.debuggerHandler("eval-in-frame", s.evalInFrame))

	s.mcp.AddTool(tool("abort",
		"Abort the suspended evaluation: it unwinds to top level (its UNWIND-PROTECT cleanups run).",
		annotations("Abort", false, true, true), nil, nil), s.debuggerHandler("abort", s.abortSuspended))
}

// debuggerHandler is handler for the debugger's tools: while the
// evaluation stays suspended, a call that fails (a wrong restart or frame
// number) leaves the suspended error as the one describe-last-error
// describes.
func (s *Server) debuggerHandler(name string, fn func(ctx context.Context, sess *Session, req mcpgo.CallToolRequest, args map[string]any) *mcpgo.CallToolResult) server.ToolHandlerFunc {
	return s.handler(name, func(ctx context.Context, sess *Session, req mcpgo.CallToolRequest, args map[string]any) *mcpgo.CallToolResult {
		res := fn(ctx, sess, req, args)
		if res.IsError && sess.in != nil {
			if susp := sess.in.Suspended(); susp != nil {
				sess.setError(susp.Err)
			}
		}
		return res
	})
}

func frameProperty() map[string]any {
	return map[string]any{"type": "integer", "minimum": 0, "description": "The frame's number in the [Backtrace] of the error reply."}
}

// evaluate runs evaluate-lisp's code, with the debugger when the call or
// the session asks for it.
func evaluate(ctx context.Context, in *golem.Interpreter, code, pkg string, args map[string]any) (*golem.Result, error, *mcpgo.CallToolResult) {
	debug := false
	if v, ok := args["debug"]; ok && v != nil {
		b, isBool := v.(bool)
		if !isBool {
			return nil, nil, argsError("evaluate-lisp `debug` must be true or false.")
		}
		debug = b
	}
	if debug || in.DebugOnError() {
		r, err := in.EvalDebug(ctx, code, pkg)
		return r, err, nil
	}
	r, err := in.EvalInPackage(ctx, code, pkg)
	return r, err, nil
}

// suspendedResponse is the reply for an evaluation suspended at an
// error: the usual error text, then the numbered restarts and how to go
// on; the frames are the [Backtrace]'s numbers.
func (sess *Session) suspendedResponse(susp *golem.Suspension) *mcpgo.CallToolResult {
	e := susp.Err
	sess.setError(e)
	numbered := numberedRestarts(e.Restarts)
	var b strings.Builder
	b.WriteString(e.Text())
	b.WriteString("\n\n[Restarts]\n")
	b.WriteString(strings.Join(numbered, "\n"))
	fmt.Fprintf(&b, "\n\n[Debugger]\nThe evaluation is suspended at debugger level %d. invoke-restart {restart: number or name, "+
		"values: [forms]} resumes it; frame-locals and eval-in-frame {frame} take the [Backtrace] numbers; abort ends it. "+
		"evaluate-lisp works meanwhile, inside the suspended evaluation.", susp.Level)
	restarts := make([]map[string]any, len(numbered))
	for n, line := range numbered {
		text := line[strings.Index(line, ". ")+2:]
		restarts[n] = map[string]any{"number": n + 1, "name": restartName(text), "description": text}
	}
	frames := make([]map[string]any, len(e.Backtrace))
	for i, f := range e.Backtrace {
		frames[i] = map[string]any{"number": i, "call": f}
	}
	res := errorResult(b.String(), "runtime_error", e.Type)
	sc := res.StructuredContent.(map[string]any)
	sc["suspended"] = true
	sc["level"] = susp.Level
	sc["restarts"] = restarts
	sc["frames"] = frames
	return res
}

// suspension returns the session's suspended evaluation, or the reply
// saying there is none.
func (sess *Session) suspension() (*golem.Suspension, *mcpgo.CallToolResult) {
	if sess.in != nil {
		if susp := sess.in.Suspended(); susp != nil {
			return susp, nil
		}
	}
	return nil, errorResult(notSuspendedText, "runtime_error", "")
}

// debuggerReply answers a debugger call that ran code: as evaluate-lisp
// does, or with the reasons golem's debugger gives for not running it.
func (sess *Session) debuggerReply(r *golem.Result, err error) *mcpgo.CallToolResult {
	switch {
	case errors.Is(err, golem.ErrNotSuspended):
		return errorResult(notSuspendedText, "runtime_error", "")
	case errors.Is(err, golem.ErrDebuggerBusy):
		return errorResult("[ERROR] GOLEM:BUSY\n"+err.Error(), "runtime_error", "")
	}
	return sess.evalResult(r, err)
}

func (s *Server) invokeRestart(ctx context.Context, sess *Session, req mcpgo.CallToolRequest, args map[string]any) *mcpgo.CallToolResult {
	susp, res := sess.suspension()
	if res != nil {
		return res
	}
	var values []string
	if v, ok := args["values"]; ok && v != nil {
		list, isList := v.([]any)
		if !isList {
			return argsError("invoke-restart `values` must be an array of strings (forms).")
		}
		for _, x := range list {
			form, isStr := x.(string)
			if !isStr || strings.TrimSpace(form) == "" {
				return argsError("invoke-restart `values` must be an array of non-empty strings (forms).")
			}
			values = append(values, form)
		}
	}
	index := -1
	switch r := args["restart"].(type) {
	case float64:
		if r != math.Trunc(r) {
			return argsError("invoke-restart `restart` must be a restart's number or name.")
		}
		index = restartIndex(susp.Err.Restarts, r)
	case string:
		name := strings.TrimSpace(r)
		if n, err := strconv.Atoi(name); err == nil {
			index = restartIndex(susp.Err.Restarts, float64(n))
			break
		}
		if i := strings.LastIndexByte(name, ':'); i >= 0 {
			name = name[i+1:]
		}
		for i, n := range susp.RestartNames {
			if strings.EqualFold(n, name) {
				index = i
				break
			}
		}
	default:
		return argsError("invoke-restart requires `restart`: a restart's number or name.")
	}
	if index < 0 {
		return errorResult(fmt.Sprintf("[ERROR] GOLEM:NO-SUCH-RESTART\nNo restart %v. The restarts are:\n%s",
			args["restart"], strings.Join(numberedRestarts(susp.Err.Restarts), "\n")), "args_error", "")
	}
	stop := s.startProgress(ctx, req)
	r, err := susp.Invoke(ctx, index, values)
	stop()
	return sess.debuggerReply(r, err)
}

// restartIndex maps a restart number of the reply (numberedRestarts) to
// its index in restarts, or -1.
func restartIndex(restarts []string, n float64) int {
	order := restartOrder(restarts)
	if n < 1 || n > float64(len(order)) {
		return -1
	}
	return order[int(n)-1]
}

// suspendedFrame returns the session's suspension and the frame its
// `frame` argument names, or the reply saying what is wrong.
func (sess *Session) suspendedFrame(args map[string]any, toolName string) (*golem.Suspension, int, *mcpgo.CallToolResult) {
	susp, res := sess.suspension()
	if res != nil {
		return nil, 0, res
	}
	f, ok := args["frame"].(float64)
	if !ok || f < 0 || f != math.Trunc(f) {
		return nil, 0, argsError(toolName + " requires `frame`: a frame's number in the [Backtrace] (from 0).")
	}
	if f >= float64(len(susp.Err.Backtrace)) {
		return nil, 0, argsError(fmt.Sprintf("%s: no frame %v (the [Backtrace] has %d).", toolName, f, len(susp.Err.Backtrace)))
	}
	return susp, int(f), nil
}

func (s *Server) frameLocals(ctx context.Context, sess *Session, _ mcpgo.CallToolRequest, args map[string]any) *mcpgo.CallToolResult {
	susp, frame, res := sess.suspendedFrame(args, "frame-locals")
	if res != nil {
		return res
	}
	locals, err := susp.FrameLocals(ctx, frame)
	if err != nil {
		if errors.Is(err, golem.ErrNotSuspended) || errors.Is(err, golem.ErrDebuggerBusy) {
			return sess.debuggerReply(nil, err)
		}
		return argsError(err.Error())
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Frame %d: %s\n", frame, susp.Err.Backtrace[frame])
	if len(locals) == 0 {
		b.WriteString("No lexical variables (a builtin function's frame, or a function without variables).")
	}
	list := make([]map[string]any, len(locals))
	for i, l := range locals {
		fmt.Fprintf(&b, "%s = %s\n", l.Name, l.Value)
		list[i] = map[string]any{"name": l.Name, "value": l.Value}
	}
	return &mcpgo.CallToolResult{
		Content:           []mcpgo.Content{mcpgo.NewTextContent(strings.TrimRight(b.String(), "\n"))},
		StructuredContent: map[string]any{"frame": frame, "call": susp.Err.Backtrace[frame], "locals": list},
	}
}

func (s *Server) evalInFrame(ctx context.Context, sess *Session, req mcpgo.CallToolRequest, args map[string]any) *mcpgo.CallToolResult {
	susp, frame, res := sess.suspendedFrame(args, "eval-in-frame")
	if res != nil {
		return res
	}
	code, res := requiredString(args, "code", "eval-in-frame")
	if res != nil {
		return res
	}
	stop := s.startProgress(ctx, req)
	r, err := susp.EvalInFrame(ctx, frame, code)
	stop()
	return sess.debuggerReply(r, err)
}

func (s *Server) abortSuspended(ctx context.Context, sess *Session, _ mcpgo.CallToolRequest, _ map[string]any) *mcpgo.CallToolResult {
	susp, res := sess.suspension()
	if res != nil {
		return res
	}
	_, err := susp.Abort(ctx)
	var next *golem.Suspension
	if errors.As(err, &next) {
		// An error in a cleanup on the way out.
		return sess.suspendedResponse(next)
	}
	if sess.in.Suspended() != nil {
		return sess.debuggerReply(nil, err)
	}
	return &mcpgo.CallToolResult{
		Content:           []mcpgo.Content{mcpgo.NewTextContent("Aborted: the suspended evaluation unwound to top level.")},
		StructuredContent: map[string]any{"suspended": false},
	}
}
