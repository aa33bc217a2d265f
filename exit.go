package golem

import (
	"fmt"

	rt "github.com/golem-lisp/golem/runtime"
)

// Ending the user's own Lisp from Lisp code: GOLEM:EXIT and GOLEM:QUIT (as
// SBCL's SB-EXT:EXIT and QUIT; CL-USER uses GOLEM, so (quit) and
// (exit :code 3) work there), and GOLEM:*COMMAND-LINE-ARGUMENTS*.
//
// EXIT never ends the process itself: it unwinds the evaluation (running
// its UNWIND-PROTECT cleanups) and Eval returns an *Exit error, which the
// embedder acts on (the golem CLI exits with its Code). In a sandboxed
// interpreter (an MCP session, or an embedder without
// Options.Unrestricted) EXIT and QUIT signal an ERROR instead: the session
// outlives the evaluation, and a program cannot end the server.

// Exit is the error Eval returns when the program called GOLEM:EXIT or
// GOLEM:QUIT in an unrestricted interpreter: the process should exit with
// Code. The evaluation was unwound; its output went where the options send
// it (captured output is in Stdout and Stderr).
type Exit struct {
	Code int
	// Abort is true for (exit :abort t), which asks to skip unwinding and
	// exit hooks (golem still unwinds: there are no exit hooks to skip).
	Abort  bool
	Stdout string
	Stderr string
}

// Error implements error.
func (e *Exit) Error() string { return fmt.Sprintf("exit requested with code %d", e.Code) }

// CommandLineArgumentsName is the symbol holding the program's arguments, a
// list of strings: those after the script's name for golem run (what
// UIOP:COMMAND-LINE-ARGUMENTS returns). SetCommandLineArguments sets it.
const CommandLineArgumentsName = "*COMMAND-LINE-ARGUMENTS*"

// SetCommandLineArguments sets GOLEM:*COMMAND-LINE-ARGUMENTS* to args, for
// the golem CLI and for embedders that run scripts. Like Eval, it must not
// run while the interpreter evaluates.
func (in *Interpreter) SetCommandLineArguments(args []string) {
	vals := make([]rt.Value, len(args))
	for i, a := range args {
		vals[i] = rt.NewString(a)
	}
	sym, _ := in.img.Golem.FindSymbol(CommandLineArgumentsName)
	sym.Value = rt.List(vals...)
}

func init() {
	rt.RegisterSetup(50, func(img *rt.Image) {
		sym, _ := img.Golem.Intern(CommandLineArgumentsName)
		img.Golem.Export(sym)
		img.DefineVar(sym, rt.NIL)
	})
	rt.Register(
		rt.Def{Name: "GOLEM:EXIT", Min: 0, Max: -1, Params: "(&KEY (CODE 0) ABORT TIMEOUT)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				k := th.ParseKeys(args, "CODE", "ABORT", "TIMEOUT")
				return requestExit(th, "EXIT", k[0], k[1])
			}},
		rt.Def{Name: "GOLEM:QUIT", Min: 0, Max: -1, Params: "(&KEY (CODE 0) UNIX-STATUS RECKLESSLY-P)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				k := th.ParseKeys(args, "CODE", "UNIX-STATUS", "RECKLESSLY-P")
				code := k[0]
				if code == nil {
					code = k[1]
				}
				return requestExit(th, "QUIT", code, k[2])
			}},
	)
}

// requestExit unwinds the evaluation towards Eval with an exit request, or
// signals an error in a sandboxed interpreter.
func requestExit(th *rt.Thread, name string, code, abort rt.Value) rt.Value {
	if th.Img.Sandbox {
		return th.SimpleError(name + " is not available here: this Lisp is a sandboxed session (MCP or embedded) " +
			"that outlives its evaluations, so it cannot exit. The evaluation ends with this error; the session keeps its state.")
	}
	n := int64(0)
	if code != nil && code != rt.NIL {
		v, ok := rt.ToInt64(code)
		if !ok {
			return th.TypeErrorName(code, "FIXNUM")
		}
		n = v & 0xff // what the operating system keeps of it
	}
	panic(&rt.ExitRequest{Code: int(n), Abort: abort != nil && abort != rt.NIL})
}
