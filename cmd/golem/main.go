// Command golem is the golem CLI: evaluate code, run scripts, an interactive
// REPL, and the MCP server.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/alecthomas/kong"

	"github.com/golem-lisp/golem"
	"github.com/golem-lisp/golem/printer"
	rt "github.com/golem-lisp/golem/runtime"
)

// userLispMemory bounds the heap of golem run and golem repl, like SBCL's
// dynamic space: the user's own Lisp, not a sandbox.
const userLispMemory = 8 << 30

// description heads golem --help.
const description = `golem — a Common Lisp in Go.

File access: eval, run and repl run your own Lisp with full access to the
host's files, as sbcl does: OPEN, LOAD, DIRECTORY, DELETE-FILE, RENAME-FILE
and COMPILE-FILE reach any path your user can. Do not run untrusted code with
them. golem mcp is sandboxed instead, as are programs embedding golem: Lisp
code there has no file access except in the directories the operator opens
with --allow-read and --allow-write (see golem mcp --help).`

// fileAccessNote ends the help of eval, run and repl.
const fileAccessNote = `
File access is unrestricted: the code can read, write and delete any file
your user can (OPEN, LOAD, DIRECTORY, DELETE-FILE, ...), as in sbcl. Use
golem mcp, which is sandboxed, for code you do not trust.
`

// cli is the command line, as kong parses it.
type cli struct {
	Version bool `short:"v" help:"Print the version and exit."`

	Eval       evalCmd    `cmd:"" help:"Evaluate CODE and print the evaluate-lisp response text (--plain: values only)."`
	Run        runCmd     `cmd:"" help:"Run a Lisp script, as sbcl --script does; arguments after it are the script's."`
	Repl       replCmd    `cmd:"" help:"Start an interactive REPL."`
	Mcp        mcpCmd     `cmd:"" passthrough:"" help:"Serve MCP over stdio (or streamable HTTP with --http); sandboxed. See golem mcp --help."`
	VersionCmd versionCmd `cmd:"" name:"version" help:"Print the version."`
	Help       helpCmd    `cmd:"" hidden:"" help:"Print this help."`
}

type evalCmd struct {
	Code    string `arg:"" help:"The Lisp code: one or more forms; - reads it from standard input."`
	Package string `short:"p" placeholder:"NAME" help:"Evaluate in package NAME."`
	Plain   bool   `help:"Print only the values, one per line; the program's output goes straight to stdout and stderr, and an unhandled error's report to stderr."`
}

type runCmd struct {
	Eval      []string `short:"e" sep:"none" placeholder:"FORM" help:"Evaluate FORM before the script (repeatable; in order with --load)."`
	Load      []string `short:"l" sep:"none" placeholder:"FILE" help:"Load FILE before the script (repeatable; in order with --eval)."`
	Script    string   `arg:"" passthrough:"partial" help:"The script file; - reads it from standard input. A first line starting with #! is skipped."`
	Arguments []string `arg:"" optional:"" help:"The script's arguments, in GOLEM:*COMMAND-LINE-ARGUMENTS* (a -- right after the script is dropped)."`
}

type replCmd struct {
	Eval            []string `short:"e" sep:"none" placeholder:"FORM" help:"Evaluate FORM at start-up, after the init file (repeatable; in order with --load)."`
	Load            []string `short:"l" sep:"none" placeholder:"FILE" help:"Load FILE at start-up, after the init file (repeatable; in order with --eval)."`
	NoUserinit      bool     `help:"Do not load the init file."`
	Userinit        string   `placeholder:"FILE" help:"The init file to load (default ~/.golemrc, when it exists)."`
	DisableDebugger bool     `help:"On an unhandled error or Ctrl-C, print the report and return to the top level instead of entering the debugger."`
	History         string   `placeholder:"FILE" help:"Keep the line history in FILE (default ~/.golem_history)."`
}

type mcpCmd struct {
	Args []string `arg:"" optional:"" help:"Flags of golem mcp (see golem mcp --help)."`
}

type versionCmd struct{}

type helpCmd struct{}

// exitCode carries kong's request to exit (after --help) out of the parser.
type exitCode int

func main() {
	if os.Getenv("GOGC") == "" {
		// Lisp programs cons a lot of small objects; trading some memory for
		// fewer collections makes them markedly faster.
		debug.SetGCPercent(400)
	}
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// newParser builds the kong parser writing to stdout and stderr; asking
// for help panics with an exitCode.
func newParser(grammar *cli, stdout, stderr io.Writer) *kong.Kong {
	return kong.Must(grammar,
		kong.Name("golem"),
		kong.Description(description),
		kong.Writers(stdout, stderr),
		kong.Exit(func(code int) { panic(exitCode(code)) }),
		kong.Help(func(opts kong.HelpOptions, ctx *kong.Context) error {
			if err := kong.DefaultHelpPrinter(opts, ctx); err != nil {
				return err
			}
			if sel := ctx.Selected(); sel != nil {
				switch sel.Name {
				case "eval", "run", "repl":
					fmt.Fprint(ctx.Stdout, fileAccessNote)
				}
			}
			return nil
		}),
		kong.ConfigureHelp(kong.HelpOptions{Compact: true, NoExpandSubcommands: true}),
	)
}

// run runs the golem command line args and returns the exit status: 0, 1
// for an unhandled Lisp error, 2 for a usage error, or the status a program
// gave EXIT.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (status int) {
	if cmd, ok := quickCommand(args); ok {
		switch cmd := cmd.(type) {
		case *evalCmd:
			return cmd.run(stdin, stdout, stderr)
		case *runCmd:
			return cmd.run(nil, stdin, stdout, stderr)
		}
	}
	var grammar cli
	parser := newParser(&grammar, stdout, stderr)
	defer func() {
		if r := recover(); r != nil {
			code, ok := r.(exitCode)
			if !ok {
				panic(r)
			}
			status = int(code)
		}
	}()
	if len(args) == 1 && args[0] == "--version" || len(args) == 1 && args[0] == "-v" {
		fmt.Fprintln(stdout, versionString())
		return 0
	}
	ctx, err := parser.Parse(args)
	if err != nil {
		return usageError(parser, err, stderr)
	}
	if grammar.Version {
		fmt.Fprintln(stdout, versionString())
		return 0
	}
	switch strings.Fields(ctx.Command())[0] {
	case "eval":
		return grammar.Eval.run(stdin, stdout, stderr)
	case "run":
		return grammar.Run.run(startupSteps(ctx, grammar.Run.Eval, grammar.Run.Load), stdin, stdout, stderr)
	case "repl":
		return grammar.Repl.run(startupSteps(ctx, grammar.Repl.Eval, grammar.Repl.Load), stdin, stdout, stderr)
	case "mcp":
		hintMCPOnTerminal(grammar.Mcp.Args, stdin, stderr)
		return cmdMCP(grammar.Mcp.Args, stdin, stdout, stderr)
	case "version":
		fmt.Fprintln(stdout, versionString())
		return 0
	}
	// golem help: the same as golem --help (kong prints it and exits).
	_, _ = parser.Parse([]string{"--help"})
	return 0
}

// quickCommand returns the command of the two command lines that every
// script and benchmark run starts with, golem eval CODE and golem run
// FILE, as kong would parse them, without building kong's parser (kong.New
// builds its model of the grammar by reflection, a tenth of golem's own
// start-up CPU). Any other command line (a flag, more arguments, help)
// reports false and goes through kong.
func quickCommand(args []string) (any, bool) {
	if len(args) != 2 || args[1] == "" || args[1] != "-" && strings.HasPrefix(args[1], "-") {
		return nil, false
	}
	switch args[0] {
	case "eval":
		return &evalCmd{Code: args[1]}, true
	case "run":
		return &runCmd{Script: args[1]}, true
	}
	return nil, false
}

// usageError reports a command-line error with the usage line of the
// command it concerns, and returns the usage-error status 2.
func usageError(parser *kong.Kong, err error, stderr io.Writer) int {
	fmt.Fprintf(stderr, "golem: error: %v\n", err)
	node := parser.Model.Node
	var pe *kong.ParseError
	if errors.As(err, &pe) && pe.Context != nil && pe.Context.Selected() != nil {
		node = pe.Context.Selected()
	}
	name := "golem"
	if node != parser.Model.Node {
		name += " " + node.Path()
	}
	fmt.Fprintf(stderr, "Usage: golem %s\nRun \"%s --help\" for more information.\n", strings.TrimSpace(node.Summary()), name)
	return 2
}

// step is one --eval or --load option, in command-line order.
type step struct {
	load bool
	arg  string
}

// startupSteps interleaves the --eval and --load options in the order they
// were given (kong keeps each in its own list; its parse path keeps the
// order).
func startupSteps(ctx *kong.Context, evals, loads []string) []step {
	var out []step
	for _, p := range ctx.Path {
		if p.Flag == nil {
			continue
		}
		switch p.Flag.Name {
		case "eval":
			if len(evals) > 0 {
				out = append(out, step{arg: evals[0]})
				evals = evals[1:]
			}
		case "load":
			if len(loads) > 0 {
				out = append(out, step{load: true, arg: loads[0]})
				loads = loads[1:]
			}
		}
	}
	return out
}

// userOptions are the options of the user's own Lisp (eval, run, repl):
// unrestricted file access, no time limit, a large heap.
func userOptions(stdin io.Reader, stdout, stderr io.Writer) golem.Options {
	return golem.Options{Stdout: stdout, Stderr: stderr, Stdin: stdin, Unrestricted: true,
		Limits: golem.Limits{Timeout: -1, MaxMemory: userLispMemory, MaxBignumBits: -1}}
}

// run runs golem eval.
func (c *evalCmd) run(stdin io.Reader, stdout, stderr io.Writer) int {
	code := c.Code
	if code == "-" {
		src, err := io.ReadAll(stdin)
		if err != nil {
			fmt.Fprintln(stderr, "golem:", err)
			return 1
		}
		code = string(src)
		stdin = strings.NewReader("")
	}
	if !c.Plain {
		// Output is captured for the response text; no time limit.
		in := golem.New(userOptions(stdin, nil, nil))
		var text string
		var isErr bool
		var exit *golem.Exit
		if err := guard(func() {
			res, err := in.EvalInPackage(context.Background(), code, c.Package)
			switch e := err.(type) {
			case nil:
				text = res.Text()
			case *golem.Error:
				text, isErr = e.Text(), true
			case *golem.Exit:
				exit = e
				text = strings.TrimRight(e.Stdout+e.Stderr, "\n")
			default:
				text, isErr = "[ERROR] GOLEM:INTERNAL-ERROR\n"+err.Error(), true
			}
		}); err != nil {
			fmt.Fprintln(stderr, "golem:", err)
			return 70
		}
		if text != "" || exit == nil {
			fmt.Fprintln(stdout, text)
		}
		switch {
		case exit != nil:
			return exit.Code
		case isErr:
			return 1
		}
		return 0
	}
	// Each form's values are printed as it returns, under the program's
	// printer settings; only the last form's are shown.
	scr := &screen{w: stdout}
	in := golem.New(userOptions(stdin, scr, stderr))
	var last []string
	ctx := golem.WithWarningFunc(context.Background(), printWarning(stderr, nil))
	ctx = golem.WithValuesFunc(ctx, func(th *rt.Thread, vals []rt.Value) {
		last = last[:0]
		for _, v := range vals {
			last = append(last, printer.ToString(th, v, true))
		}
	})
	var err error
	if perr := guard(func() { _, err = in.EvalInPackage(ctx, code, c.Package) }); perr != nil {
		err = perr
	}
	if err == nil {
		if len(last) > 0 {
			scr.freshLine()
		}
		for _, v := range last {
			fmt.Fprintln(stdout, v)
		}
	}
	return reportEnd(err, stderr)
}

// printWarning returns a WithWarningFunc function writing each warning on
// a line of its own to w, as SBCL prints them ("WARNING: ..."), after
// calling before (which may end an open output line).
func printWarning(w io.Writer, before func()) func(string) {
	return func(warning string) {
		if before != nil {
			before()
		}
		fmt.Fprintln(w, strings.Replace(warning, "SIMPLE-WARNING: ", "WARNING: ", 1))
	}
}

// reportEnd turns the end of a non-interactive evaluation into an exit
// status, printing an unhandled error's report to stderr.
func reportEnd(err error, stderr io.Writer) int {
	return reportError(err, stderr, rt.SourceLocation{})
}

// reportError is reportEnd naming where, when known, the top-level form
// that failed.
func reportError(err error, stderr io.Writer, where rt.SourceLocation) int {
	var exit *golem.Exit
	var lispErr *golem.Error
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exit):
		return exit.Code
	case errors.As(err, &lispErr):
		fmt.Fprintf(stderr, "Unhandled %s: %s\n", lispErr.Type, lispErr.Report)
		if !where.IsZero() && !lispErr.ReadError {
			fmt.Fprintf(stderr, "  (in the top-level form at %s)\n", where.Describe())
		}
		if len(lispErr.Backtrace) > 0 {
			fmt.Fprintln(stderr, "\nBacktrace:")
		}
		for i, fr := range lispErr.Backtrace {
			if i == 20 {
				fmt.Fprintf(stderr, "... %d more frames\n", len(lispErr.Backtrace)-i)
				break
			}
			fmt.Fprintf(stderr, "%d: %s\n", i, fr)
		}
	default:
		fmt.Fprintln(stderr, "golem:", err)
	}
	return 1
}

// guard runs one evaluation and turns a Go panic that escaped golem (a bug:
// Eval reports every Lisp error and limit as an error value) into an
// error, so that golem eval and golem run fail with a message instead of a
// crash and golem repl keeps running.
func guard(body func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error: %v", r)
		}
	}()
	body()
	return nil
}

// Help is golem repl --help's description (kong's HelpProvider).
func (replCmd) Help() string {
	return `Every form typed is evaluated and its values printed; a form may span lines.
Line editing with history (up arrow; kept in ~/.golem_history), Tab to
complete symbol names, the matching parenthesis shown. Ctrl-C during an
evaluation, or an unhandled error, enters the debugger (type HELP at its
"N]" prompt: restarts by number, BACKTRACE, FRAME, LOCALS, forms evaluated
in the suspended evaluation); Ctrl-C at a prompt clears the line, Ctrl-D at
an empty prompt exits, as do (quit) and (exit :code N). *, **, ***, +, /
and - are the REPL variables of CLHS 25.1.1.`
}

// Help is golem run --help's description (kong's HelpProvider).
func (runCmd) Help() string {
	return `A first line starting with #! is skipped, so "#!/usr/bin/env -S golem run"
scripts work. Output is written as the program writes it. The exit status is
0, the code given to (exit :code N), or 1 after an unhandled error, whose
report and backtrace go to stderr (with the file, line and column of the
top-level form).`
}

// Help is golem eval --help's description (kong's HelpProvider).
func (evalCmd) Help() string {
	return `Without --plain, prints the response text of MCP's evaluate-lisp: [stdout],
[stderr] and [warnings] sections, then "=> value" lines for the last form's
values, or [ERROR] TYPE, the report and a [Backtrace] (exit status 1).`
}
