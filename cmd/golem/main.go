// Command golem is the golem CLI: evaluate code, run files, an interactive
// REPL, and the MCP server.
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/golem-lisp/golem"
)

// userLispMemory bounds the heap of golem run and golem repl, like SBCL's
// dynamic space: the user's own Lisp, not a sandbox.
const userLispMemory = 8 << 30

const usage = `golem — a Common Lisp in Go

Usage:
  golem eval [--package P] CODE   evaluate CODE and print the evaluate-lisp response text
  golem run FILE...               load files in order like sbcl --script (- reads stdin)
  golem repl                      interactive REPL
  golem mcp [--http ADDR]         serve MCP over stdio (or streamable HTTP at ADDR/mcp)
  golem version                   print the version

File access: eval, run and repl run your own Lisp with full access to the
host's files, as sbcl does: OPEN, LOAD, DIRECTORY, DELETE-FILE, RENAME-FILE
and COMPILE-FILE reach any path your user can. Do not run untrusted code with
them. golem mcp is sandboxed instead: Lisp code there has no file access
except in the directories the operator opens with --allow-read and
--allow-write (see golem mcp --help).
`

// fileAccessNote ends the help of eval, run and repl.
const fileAccessNote = `
File access is unrestricted: the code can read, write and delete any file
your user can (OPEN, LOAD, DIRECTORY, DELETE-FILE, ...), as in sbcl. Use
golem mcp, which is sandboxed, for code you do not trust.
`

// commandHelp is the --help text of eval, run and repl.
var commandHelp = map[string]string{
	"eval": "Usage: golem eval [--package P] CODE\n\nEvaluate CODE and print the evaluate-lisp response text; exit 1 on an unhandled error.\n",
	"run":  "Usage: golem run FILE...\n\nLoad the files in order like sbcl --script (- reads standard input).\n",
	"repl": "Usage: golem repl\n\nAn interactive REPL.\n",
}

func isHelp(args []string) bool {
	return len(args) > 0 && (args[0] == "--help" || args[0] == "-help" || args[0] == "-h")
}

func main() {
	if os.Getenv("GOGC") == "" {
		// Lisp programs cons a lot of small objects; trading some memory for
		// fewer collections makes them markedly faster.
		debug.SetGCPercent(400)
	}
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	if h, ok := commandHelp[args[0]]; ok && isHelp(args[1:]) {
		fmt.Fprint(stdout, h+fileAccessNote)
		return 0
	}
	switch args[0] {
	case "eval":
		return cmdEval(args[1:], stdout, stderr)
	case "run":
		return cmdRun(args[1:], stdin, stdout, stderr)
	case "repl":
		return cmdRepl(stdin, stdout, stderr)
	case "mcp":
		return cmdMCP(args[1:], stdin, stdout, stderr)
	case "version", "--version", "-v":
		fmt.Fprintln(stdout, versionString())
		return 0
	case "help", "--help", "-h":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "golem: unknown command %q\n%s", args[0], usage)
	return 2
}

func cmdEval(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, commandHelp["eval"]+"\nFlags:\n")
		fs.PrintDefaults()
		fmt.Fprint(stderr, fileAccessNote)
	}
	pkg := fs.String("package", "", "package to evaluate in")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	code := strings.Join(fs.Args(), " ")
	in := golem.New(golem.Options{Unrestricted: true, Limits: golem.Limits{MaxBignumBits: -1}})
	var text string
	var isErr bool
	if err := guard(func() { text, isErr = in.EvalResponseInPackage(context.Background(), code, *pkg) }); err != nil {
		fmt.Fprintln(stderr, "golem:", err)
		return 70
	}
	fmt.Fprintln(stdout, text)
	if isErr {
		return 1
	}
	return 0
}

func cmdRun(files []string, stdin io.Reader, stdout, stderr io.Writer) int {
	in := golem.New(golem.Options{Stdout: stdout, Stderr: stderr, Stdin: stdin, Unrestricted: true,
		Limits: golem.Limits{Timeout: -1, MaxMemory: userLispMemory, MaxBignumBits: -1}})
	for _, f := range files {
		var err error
		if f == "-" {
			src, rerr := io.ReadAll(stdin)
			if rerr != nil {
				fmt.Fprintln(stderr, "golem:", rerr)
				return 1
			}
			if perr := guard(func() { _, err = in.Eval(context.Background(), string(src)) }); perr != nil {
				err = perr
			}
		} else if perr := guard(func() { _, err = in.LoadFile(context.Background(), f) }); perr != nil {
			err = perr
		}
		if err != nil {
			if e, ok := err.(*golem.Error); ok {
				fmt.Fprintf(stderr, "Unhandled %s: %s\n", e.Type, e.Report)
				for i, fr := range e.Backtrace {
					fmt.Fprintf(stderr, "%d: %s\n", i, fr)
				}
			} else {
				fmt.Fprintln(stderr, "golem:", err)
			}
			return 1
		}
	}
	return 0
}

func cmdRepl(stdin io.Reader, stdout, stderr io.Writer) int {
	in := golem.New(golem.Options{Unrestricted: true, Limits: golem.Limits{Timeout: -1, MaxMemory: userLispMemory, MaxBignumBits: -1}})
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	var pending strings.Builder
	prompt := func() {
		if pending.Len() == 0 {
			fmt.Fprintf(stdout, "%s> ", in.PackagePrompt())
		}
	}
	prompt()
	for sc.Scan() {
		pending.WriteString(sc.Text())
		pending.WriteString("\n")
		if !golem.Complete(pending.String()) {
			continue
		}
		code := pending.String()
		pending.Reset()
		if strings.TrimSpace(code) != "" {
			var text string
			if err := guard(func() { text, _ = in.EvalResponse(context.Background(), code) }); err != nil {
				text = "[ERROR] GOLEM:INTERNAL-ERROR\n" + err.Error()
			}
			if text != "" {
				fmt.Fprintln(stdout, text)
			}
		}
		prompt()
	}
	fmt.Fprintln(stdout)
	return 0
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
