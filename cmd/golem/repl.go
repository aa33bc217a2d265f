package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chzyer/readline"

	"github.com/golem-lisp/golem"
	"github.com/golem-lisp/golem/printer"
	rt "github.com/golem-lisp/golem/runtime"
)

// The REPL: a line editor (github.com/chzyer/readline) on a terminal,
// plain lines otherwise; each complete form is evaluated with EvalDebug so
// that an unhandled error or Ctrl-C enters the debugger (debugger.go).

// errInterrupted is what a line source returns for Ctrl-C at a prompt.
var errInterrupted = errors.New("interrupted")

// lineSource reads the REPL's lines.
type lineSource interface {
	// readLine shows prompt and reads one line, without its newline; it
	// returns io.EOF at the end of input (Ctrl-D on an empty line) and
	// errInterrupted for Ctrl-C.
	readLine(prompt string) (string, error)
	// readInput reads a line for the program (*standard-input*): the
	// prompt is the text already on the screen's last line, not shown
	// again, and the line goes to no history.
	readInput(prompt string) (string, error)
	close()
}

// plainSource reads lines from a pipe or file, writing prompts to out.
type plainSource struct {
	r   *bufio.Reader
	out io.Writer
}

func (p *plainSource) readLine(prompt string) (string, error) {
	if strings.TrimSpace(prompt) != "" { // no continuation prompts: input is not echoed
		fmt.Fprint(p.out, prompt)
	}
	return p.readInput("")
}

// atLineStart reports whether the screen's cursor is at the start of a
// line (no output since the last newline or line read).
func (s *screen) atLineStart() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.partial) == 0
}

func (p *plainSource) readInput(string) (string, error) {
	line, err := p.r.ReadString('\n')
	if err != nil && (line == "" || err != io.EOF) {
		return "", err
	}
	return strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r"), nil
}

func (p *plainSource) close() {}

// editorSource reads lines with the line editor.
type editorSource struct {
	rl *readline.Instance
}

func (e *editorSource) readLine(prompt string) (string, error) {
	e.rl.SetPrompt(prompt)
	line, err := e.rl.Readline()
	if errors.Is(err, readline.ErrInterrupt) {
		return "", errInterrupted
	}
	return line, err
}

func (e *editorSource) readInput(prompt string) (string, error) {
	e.rl.HistoryDisable()
	defer e.rl.HistoryEnable()
	return e.readLine(prompt)
}

func (e *editorSource) close() { _ = e.rl.Close() }

// screen is the REPL's standard output: it remembers the text written
// after the last newline, so that a program's (read-line) after
// (format t "Name: ") edits its line after the "Name: " on the screen.
type screen struct {
	mu      sync.Mutex
	w       io.Writer
	partial []byte
}

func (s *screen) Write(b []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
		s.partial = append(s.partial[:0], b[i+1:]...)
	} else {
		s.partial = append(s.partial, b...)
	}
	if n := len(s.partial); n > maxPartial {
		// Only the end of a long line can serve as a prompt.
		s.partial = append(s.partial[:0], s.partial[n-maxPartial:]...)
	}
	return s.w.Write(b)
}

// maxPartial bounds what a screen keeps of an unfinished line.
const maxPartial = 512

// takeLine returns the text of the last line so far and forgets it (the
// line editor redraws it, and the user's newline ends it).
func (s *screen) takeLine() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := string(s.partial)
	s.partial = s.partial[:0]
	return p
}

// freshLine ends an unfinished output line.
func (s *screen) freshLine() {
	s.mu.Lock()
	open := len(s.partial) > 0
	s.mu.Unlock()
	if open {
		fmt.Fprintln(s, "")
	}
}

// terminalInput is the program's *standard-input* in the REPL: lines read
// through the REPL's line source.
// Ctrl-D gives the program an end of file (the next read waits for the
// terminal again); Ctrl-C breaks into the debugger right there (CONTINUE
// reads again) or, without the debugger, interrupts the evaluation.
type terminalInput struct {
	src      lineSource
	scr      *screen
	buf      []byte
	in       *golem.Interpreter
	debugger bool
}

func (t *terminalInput) Read(p []byte) (int, error) {
	for len(t.buf) == 0 {
		line, err := t.src.readInput(t.scr.takeLine())
		switch {
		case errors.Is(err, errInterrupted):
			if !t.debugger {
				t.in.Interrupt("interrupted by Ctrl-C")
				return 0, io.EOF
			}
			t.in.BreakHere() // returns when CONTINUE is invoked
			continue
		case err != nil:
			return 0, io.EOF
		}
		t.buf = append(t.buf, line...)
		t.buf = append(t.buf, '\n')
	}
	n := copy(p, t.buf)
	t.buf = t.buf[n:]
	return n, nil
}

// repl is one REPL session.
type repl struct {
	in       *golem.Interpreter
	src      lineSource
	scr      *screen
	stderr   io.Writer
	debugger bool
	idle     atomic.Bool
}

// isTerminal reports whether f is a terminal.
func isTerminal(f any) bool {
	file, ok := f.(*os.File)
	return ok && readline.IsTerminal(int(file.Fd()))
}

// run runs golem repl.
func (c *replCmd) run(steps []step, stdin io.Reader, stdout, stderr io.Writer) int {
	scr := &screen{w: stdout}
	r := &repl{scr: scr, stderr: stderr, debugger: !c.DisableDebugger}
	r.idle.Store(true)
	lispIn := &terminalInput{scr: scr}
	opts := userOptions(lispIn, scr, stderr)
	opts.REPLVariables = true
	opts.DebugTimeout = 100 * 365 * 24 * time.Hour // the user is at the terminal
	r.in = golem.New(opts)
	lispIn.in, lispIn.debugger = r.in, r.debugger
	if isTerminal(stdin) && isTerminal(stdout) {
		src, err := newEditor(c.History, r, stdin.(*os.File), stdout)
		if err != nil {
			fmt.Fprintln(stderr, "golem repl:", err)
			return 1
		}
		r.src = src
	} else {
		// Prompts bypass the screen's line tracking, as the line editor's do.
		r.src = &plainSource{r: bufio.NewReader(stdin), out: stdout}
	}
	defer r.src.close()
	lispIn.src = r.src

	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt)
	defer func() {
		signal.Stop(sigs)
		close(sigs) // ends r.interrupts
	}()
	go r.interrupts(sigs)

	if !c.NoUserinit {
		if code, done := r.loadInit(c.Userinit); done {
			return code
		}
	}
	for _, s := range steps {
		code := s.arg
		if s.load {
			code = "(load " + lispString(s.arg) + ")"
		}
		if status, done := r.eval(code); done {
			return status
		}
	}
	return r.loop()
}

// newEditor makes the line editor: history in file (default
// ~/.golem_history), symbol completion and paren matching.
func newEditor(history string, r *repl, stdin *os.File, stdout io.Writer) (*editorSource, error) {
	if history == "" {
		if home, err := os.UserHomeDir(); err == nil {
			history = filepath.Join(home, ".golem_history")
		}
	}
	rl, err := readline.NewEx(&readline.Config{
		HistoryFile:       history,
		HistoryLimit:      5000,
		HistorySearchFold: true,
		AutoComplete:      &symbolCompleter{in: r.in, idle: &r.idle},
		Painter:           parenPainter{},
		Stdin:             stdin,
		Stdout:            stdout,
		Stderr:            r.stderr,
	})
	if err != nil {
		return nil, err
	}
	return &editorSource{rl: rl}, nil
}

// interrupts turns Ctrl-C during an evaluation into a break (the debugger)
// or, without the debugger, an interrupt back to the top level. At a
// prompt the line editor sees Ctrl-C as a key instead.
func (r *repl) interrupts(sigs <-chan os.Signal) {
	for range sigs {
		if r.idle.Load() {
			continue
		}
		if !r.debugger {
			r.in.Interrupt("interrupted by Ctrl-C")
			continue
		}
		// The evaluation may not have begun yet: try for a while.
		for deadline := time.Now().Add(10 * time.Second); !r.in.Break() && !r.idle.Load() && time.Now().Before(deadline); {
			time.Sleep(10 * time.Millisecond)
		}
	}
}

// loadInit loads the init file (default ~/.golemrc when it exists).
func (r *repl) loadInit(file string) (int, bool) {
	if file == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return 0, false
		}
		file = filepath.Join(home, ".golemrc")
		if _, err := os.Stat(file); err != nil {
			return 0, false
		}
	}
	return r.eval("(load " + lispString(file) + ")")
}

// lispString writes s as a Lisp string literal.
func lispString(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// loop reads and evaluates forms until the end of input or EXIT.
func (r *repl) loop() int {
	for {
		code, err := r.readForm(func() string { return r.in.PackagePrompt() + "> " })
		switch {
		case errors.Is(err, errInterrupted):
			continue
		case err != nil:
			r.scr.freshLine()
			fmt.Fprintln(r.scr, "")
			return 0
		}
		if status, done := r.eval(code); done {
			return status
		}
	}
}

// readForm reads lines until they hold complete forms: the first with
// prompt's prompt, the others with a continuation prompt as wide. Ctrl-C
// drops what was typed.
func (r *repl) readForm(prompt func() string) (string, error) {
	var b strings.Builder
	for {
		r.scr.freshLine()
		p := prompt()
		if b.Len() > 0 {
			p = strings.Repeat(" ", len(p))
		}
		line, err := r.src.readLine(p)
		if err != nil {
			if errors.Is(err, io.EOF) && b.Len() > 0 {
				return b.String(), nil
			}
			return "", err
		}
		b.WriteString(line)
		b.WriteByte('\n')
		if golem.Complete(b.String()) {
			if strings.TrimSpace(b.String()) == "" {
				b.Reset()
				continue
			}
			return b.String(), nil
		}
	}
}

// showValues prints a form's values, each on a line of its own, as PRIN1
// does under the program's printer settings, after ending a line the
// program's output left open.
func (r *repl) showValues(th *rt.Thread, vals []rt.Value) {
	out := th.OutputStream(rt.NIL)
	for _, v := range vals {
		if !r.scr.atLineStart() {
			out.WriteString("\n")
		}
		printer.Write(th, v, out)
		out.WriteString("\n")
	}
}

// warnings makes warnings print on the screen as they are signalled.
func (r *repl) warnings(ctx context.Context) context.Context {
	return golem.WithWarningFunc(ctx, printWarning(r.scr, r.scr.freshLine))
}

// eval evaluates code at the top level, entering the debugger on an
// unhandled error or Ctrl-C. done is true when the program called EXIT,
// with its status.
func (r *repl) eval(code string) (status int, done bool) {
	ctx := golem.WithValuesFunc(r.warnings(context.Background()), r.showValues)
	r.idle.Store(false)
	defer r.idle.Store(true)
	var err error
	if perr := guard(func() {
		if r.debugger {
			_, err = r.in.EvalDebug(ctx, code, "")
		} else {
			_, err = r.in.EvalInPackage(ctx, code, "")
		}
	}); perr != nil {
		err = perr
	}
	var susp *golem.Suspension
	if errors.As(err, &susp) {
		err = r.debug(susp)
	}
	return r.outcome(err)
}

// outcome reports how an evaluation ended, at the top level.
func (r *repl) outcome(err error) (int, bool) {
	var exit *golem.Exit
	var lispErr *golem.Error
	switch {
	case err == nil:
	case errors.As(err, &exit):
		return exit.Code, true
	case errors.As(err, &lispErr):
		if isAbort(lispErr) {
			break
		}
		r.scr.freshLine()
		fmt.Fprintf(r.scr, "; Evaluation aborted on %s: %s\n", lispErr.Type, indentLines(lispErr.Report, "; "))
	default:
		r.scr.freshLine()
		fmt.Fprintln(r.scr, "; golem:", err)
	}
	return 0, false
}

// isAbort reports whether an evaluation ended because the ABORT restart
// was invoked (the debugger's "return to top level"), which needs no
// report.
func isAbort(e *golem.Error) bool {
	return e.Type == "GOLEM:INTERRUPTED" && strings.Contains(e.Report, "ABORT restart")
}

// indentLines puts prefix before each line of text but the first.
func indentLines(text, prefix string) string {
	return strings.ReplaceAll(strings.TrimRight(text, "\n"), "\n", "\n"+prefix)
}
