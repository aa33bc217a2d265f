package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/golem-lisp/golem"
	rt "github.com/golem-lisp/golem/runtime"
)

// The one-shot profile (PtcRunner's lisp_eval): one tool that runs each
// program in a fresh session and answers with a JSON payload.

const lispEvalDescription = "Run a Common Lisp program in a fresh, sandboxed golem session and return a JSON " +
	"payload: {\"status\":\"ok\",\"result\":<printed value of the last form>,\"prints\":<standard output>," +
	"\"feedback\":...,\"truncated\":<whether output or the value was cut at the output limit>} or " +
	"{\"status\":\"error\",\"reason\":\"parse_error|runtime_error|timeout|memory_limit|args_error|fail|" +
	"validation_error\",\"message\":...,\"feedback\":...}. Nothing persists between calls. (golem:fail value) " +
	"ends the program with reason fail. With a return `signature` such as \"() -> {count :int}\" the last value " +
	"is checked against it and reported as JSON in \"validated\" (a mismatch is reason validation_error)."

// oneshotPayload is the lisp_eval response; field order is the wire order.
type oneshotPayload struct {
	Status    string           `json:"status"`
	Reason    string           `json:"reason,omitempty"`
	Result    *string          `json:"result,omitempty"`
	Message   string           `json:"message,omitempty"`
	Prints    *string          `json:"prints,omitempty"`
	Feedback  string           `json:"feedback"`
	Truncated *bool            `json:"truncated,omitempty"` // always on success; on errors when output was cut
	Validated *json.RawMessage `json:"validated,omitempty"` // the value checked against the signature
}

func (s *Server) addOneshotTools() {
	t := mcpgo.Tool{
		Name:        "lisp_eval",
		Description: lispEvalDescription,
		InputSchema: mcpgo.ToolInputSchema{
			Type: "object",
			Properties: map[string]any{
				"program": stringProp("The Common Lisp program: one or more forms, evaluated in order."),
				"signature": stringProp("Optional return signature, e.g. \"() -> {count :int}\", \"[:string]\" or " +
					"\":float\": the last value must match it and is returned as JSON in `validated`."),
			},
			Required: []string{"program"},
		},
		Annotations: annotations("Run a Lisp program", false, false, false),
	}
	s.mcp.AddTool(t, func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		return s.lispEval(ctx, req), nil
	})
}

// validateProgram checks the program argument with the protocol's wording.
func validateProgram(args map[string]any) (string, string) {
	v, ok := args["program"]
	if !ok || v == nil {
		return "", "lisp_eval requires a non-empty `program` string argument."
	}
	p, isStr := v.(string)
	if !isStr {
		b, _ := json.Marshal(v)
		return "", fmt.Sprintf("lisp_eval `program` must be a string, got %s.", b)
	}
	if strings.TrimSpace(p) == "" {
		return "", "lisp_eval `program` must be a non-empty string."
	}
	return p, ""
}

func (s *Server) lispEval(ctx context.Context, req mcpgo.CallToolRequest) *mcpgo.CallToolResult {
	args := req.GetArguments()
	if res := s.checkSize("lisp_eval", req, args); res != nil {
		msg := res.Content[0].(mcpgo.TextContent).Text
		return oneshotError("args_error", msg, msg, nil)
	}
	program, msg := validateProgram(args)
	if msg != "" {
		return oneshotError("args_error", msg, msg, nil)
	}
	var sig *sigType
	if v, ok := args["signature"]; ok && v != nil {
		text, isStr := v.(string)
		if !isStr {
			msg := "lisp_eval `signature` must be a string."
			return oneshotError("args_error", msg, msg, nil)
		}
		var err error
		if sig, err = parseSignature(text); err != nil {
			msg := "lisp_eval `signature` is not a valid signature: " + err.Error() + "."
			return oneshotError("args_error", msg, msg, nil)
		}
	}
	in := s.newInterpreter()
	failed, failValue := installFail(in)
	res, err := in.Eval(ctx, program)
	if err != nil {
		var e *golem.Error
		if !errors.As(err, &e) {
			e = &golem.Error{Type: "GOLEM:INTERNAL-ERROR", Report: err.Error()}
		}
		if *failed {
			v := *failValue
			return oneshotError("fail", "Program failed: "+v, failFeedback(v, e), &v)
		}
		if errors.Is(e, golem.ErrOutputLimit) {
			// The output is cut at the limit, which the payload says; the
			// program stopped there, a runtime error, not a timeout.
			truncated := true
			return oneshotResult(oneshotPayload{Status: "error", Reason: "runtime_error",
				Message: "Output limit exceeded: the program wrote more than the server's output limit; the output was truncated there.",
				Prints:  &e.Stdout, Feedback: e.Text(), Truncated: &truncated}, true)
		}
		return oneshotError(errorReason(in, e), e.Type+": "+e.Report, e.Text(), nil)
	}
	p := oneshotPayload{Status: "ok", Feedback: res.Text()}
	vals := res.PrintedValues()
	if len(vals) > 0 {
		p.Result = &vals[0]
	}
	p.Prints = &res.Stdout
	truncated := strings.Contains(p.Feedback, "[value truncated:") || strings.Contains(p.Feedback, "[output truncated:")
	p.Truncated = &truncated
	if sig != nil {
		var last rt.Value = rt.NIL
		if len(res.Values) > 0 {
			last = res.Values[0]
		}
		var validated any
		var verr error
		if err := in.Run(ctx, func(th *rt.Thread) { validated, verr = sig.validate(th, last, "") }); err != nil {
			verr = err
		}
		if verr != nil {
			msg := "The return value does not match the signature " + sig.String() + ": " + verr.Error() + "."
			return oneshotResult(oneshotPayload{Status: "error", Reason: "validation_error", Message: msg,
				Feedback: msg + "\n\n" + p.Feedback}, true)
		}
		raw, err := json.Marshal(validated)
		if err != nil {
			raw = []byte("null")
		}
		msg := json.RawMessage(raw)
		p.Validated = &msg
	}
	return oneshotResult(p, false)
}

func failFeedback(v string, e *golem.Error) string {
	text := "(golem:fail " + v + ")"
	if out := sectionsText(e.Stdout, e.Stderr, e.Warnings); out != "" {
		text += "\n\n" + out
	}
	return text
}

func oneshotError(reason, message, feedback string, result *string) *mcpgo.CallToolResult {
	return oneshotResult(oneshotPayload{Status: "error", Reason: reason, Message: message, Feedback: feedback, Result: result}, true)
}

func oneshotResult(p oneshotPayload, isError bool) *mcpgo.CallToolResult {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(p)
	text := strings.TrimRight(buf.String(), "\n")
	var structured map[string]any
	_ = json.Unmarshal([]byte(text), &structured)
	return &mcpgo.CallToolResult{
		Content:           []mcpgo.Content{mcpgo.NewTextContent(text)},
		StructuredContent: structured,
		IsError:           isError,
	}
}

// installFail defines GOLEM:FAIL in a one-shot interpreter: it records the
// printed value and stops the program, past any handler.
func installFail(in *golem.Interpreter) (*bool, *string) {
	failed, value := new(bool), new(string)
	img := in.Image()
	sym := img.Intern("GOLEM", "FAIL")
	img.Golem.Export(sym)
	sym.Fn = &rt.Builtin{Name: sym, Min: 0, Max: 1, Params: "(&OPTIONAL VALUE)",
		Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			v := rt.Value(rt.NIL)
			if len(args) > 0 {
				v = args[0]
			}
			*value = golem.PrintValue(th, v)
			*failed = true
			panic(&rt.Interrupted{Reason: "golem:fail"})
		}}
	return failed, value
}
