package mcp

import (
	"context"
	"strings"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

// The server's instructions (sent at initialization) and the usage-guide
// prompt: what golem is and how to use its tools well, saying what the
// operator's flags actually allow.

// usageGuidePrompt names the prompt holding the full guide.
const usageGuidePrompt = "usage-guide"

// instructions is the short text sent at initialization.
func (s *Server) instructions() string {
	if s.opts.Profile == ProfileOneshot {
		return "golem is a Common Lisp written in Go. lisp_eval runs one program in a fresh session and " +
			"returns a JSON payload with its status, printed result and output. " + s.sandboxText()
	}
	return "golem is a Common Lisp written in Go. evaluate-lisp evaluates code in a persistent session: " +
		"definitions, variables and the current package persist across calls. Use check-syntax to find unbalanced " +
		"parentheses; describe-last-error and get-backtrace after a failure; describe-symbol, apropos, inspect and " +
		"the who-calls family to learn about code instead of guessing; evaluate-lisp's debug and invoke-restart to " +
		"fix an error and let the failed evaluation finish; list-definitions to see what the session defined; " +
		"reset-session to start over. The usage-guide prompt explains more. " + s.sandboxText()
}

// sandboxText says what Lisp code may reach, from the server's options.
func (s *Server) sandboxText() string {
	var b strings.Builder
	b.WriteString("Lisp code runs in a sandbox with no program or network access")
	switch {
	case len(s.opts.AllowRead) == 0 && len(s.opts.AllowWrite) == 0:
		b.WriteString(" and no file access.")
	default:
		b.WriteString("; file functions (OPEN, LOAD, DIRECTORY, PROBE-FILE ...) may")
		if len(s.opts.AllowRead) > 0 {
			b.WriteString(" read files under " + strings.Join(s.opts.AllowRead, ", "))
		}
		if len(s.opts.AllowWrite) > 0 {
			if len(s.opts.AllowRead) > 0 {
				b.WriteString(", and")
			}
			b.WriteString(" read and write files under " + strings.Join(s.opts.AllowWrite, ", "))
		}
		b.WriteString("; every other path is refused.")
	}
	if t := s.opts.Limits.Timeout; t > 0 {
		b.WriteString(" Each evaluation is stopped after " + t.Round(time.Millisecond).String() + ".")
	} else {
		b.WriteString(" Evaluations have no time limit.")
	}
	return b.String()
}

// usageGuide is the usage-guide prompt's text.
func (s *Server) usageGuide() string {
	var b strings.Builder
	b.WriteString(`# Using golem

golem is a Common Lisp (ANSI CL, written in Go) served over MCP. Each MCP session has its own Lisp
session; what you define persists from one call to the next until reset-session.

## Working in the REPL
- evaluate-lisp {code, package?, timeout_seconds?} reads and evaluates every form of code and answers
  [stdout], [stderr], [warnings] and "=> value" lines for the last form, or "[ERROR] TYPE", the report
  and a [Backtrace]. Define small functions one at a time and try each right away.
- Read the [warnings] section: an undefined function or variable, or a wrong argument count, is
  reported there when the code is compiled, before it runs.
- After an error, describe-last-error shows the condition, the restarts (numbered from 1, ABORT
  first) and the top frames; get-backtrace shows every frame.
- check-syntax finds unbalanced parentheses and says where each unclosed one was opened.

## Fixing an error without running the code again
- evaluate-lisp {code, debug: true} (or every call after (setf golem:*debug-on-error* t)) keeps a failed
  evaluation alive at the error: the reply lists its numbered [Restarts] and the [Backtrace] frames.
- Meanwhile evaluate-lisp runs inside it: define the missing function or variable, then
  invoke-restart {restart: "RETRY"}; or give a value with invoke-restart {restart: "USE-VALUE" or
  "STORE-VALUE", values: ["form"]}. The original call completes and its value comes back.
- frame-locals {frame} shows a frame's variables; eval-in-frame {frame, code} evaluates with them in
  scope (setq changes them, then CONTINUE or RETRY). abort gives up. An unanswered suspension is
  aborted after a while (--debug-timeout).

## Asking instead of guessing
- describe-symbol: what a symbol names, its lambda list, documentation and where it was defined; for
  a class its superclasses, slots and methods; for a generic function its methods.
- function-documentation, apropos, macroexpand (full: true expands subforms too).
- inspect {expression or id}: an object's type and parts, each with an [id] to inspect in turn.
- who-calls, who-references, who-sets, who-binds, who-macroexpands, list-callees: cross-references
  recorded as your definitions compile, one "name (file:line)" line each. Check them before changing
  or renaming a function.
- list-definitions: what this session defined.
`)
	b.WriteString("\n## What this server allows\n- " + s.sandboxText() + "\n")
	if s.opts.QuicklispDist != "" {
		b.WriteString("- load-system downloads a system found nowhere locally from the Quicklisp dist " + s.opts.QuicklispDist + ".\n")
	}
	if len(s.opts.SystemDirs) > 0 {
		b.WriteString("- load-system {system, path?} loads ASDF systems found in " + strings.Join(s.opts.SystemDirs, ", ") +
			" (and the working directory).\n")
	} else {
		b.WriteString("- load-system {system, path?} loads ASDF systems from the call's path or the working directory.\n")
	}
	if s.opts.AllowDangerous {
		b.WriteString("- Tools you define with golem:define-tool run even when marked :dangerous (--allow-dangerous).\n")
	} else {
		b.WriteString("- Tools you define with golem:define-tool (or define-tool + register-tool) appear in the tool list; " +
			"those marked :dangerous ask the user for approval first.\n")
	}
	b.WriteString("- Every tool takes an optional `session` name to share one Lisp session between connections.\n")
	return b.String()
}

// addUsageGuide offers the usage-guide prompt.
func (s *Server) addUsageGuide() {
	s.mcp.AddPrompt(mcpgo.NewPrompt(usageGuidePrompt,
		mcpgo.WithPromptDescription("How to use golem's tools well, and what this server allows.")),
		func(ctx context.Context, req mcpgo.GetPromptRequest) (*mcpgo.GetPromptResult, error) {
			return mcpgo.NewGetPromptResult("Using golem", []mcpgo.PromptMessage{
				mcpgo.NewPromptMessage(mcpgo.RoleUser, mcpgo.NewTextContent(s.usageGuide())),
			}), nil
		})
}
