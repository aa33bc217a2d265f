package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The REPL in a real terminal: these tests run the golem binary on a
// pseudo-terminal, type at it and read the screen's text (escape
// sequences and carriage returns removed). They wait for what they expect
// with generous timeouts, never for fixed times.

var (
	binaryOnce sync.Once
	binaryPath string
	binaryErr  error
)

// golemBinary builds the golem command once for the package's tests.
func golemBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the golem binary")
	}
	binaryOnce.Do(func() {
		dir, err := os.MkdirTemp("", "golem-cli-test")
		if err != nil {
			binaryErr = err
			return
		}
		binaryPath = filepath.Join(dir, "golem")
		out, err := exec.Command("go", "build", "-o", binaryPath, ".").CombinedOutput()
		if err != nil {
			binaryErr = &buildError{string(out)}
		}
	})
	require.NoError(t, binaryErr)
	return binaryPath
}

type buildError struct{ out string }

func (e *buildError) Error() string { return "go build: " + e.out }

// terminal is a golem process on a pseudo-terminal.
type terminal struct {
	t    *testing.T
	pty  *os.File
	cmd  *exec.Cmd
	mu   sync.Mutex
	out  strings.Builder // everything read, cleaned
	mark int             // expect looks after this offset
	done chan struct{}   // closed when the output ends
}

// ansi matches the escape sequences the line editor writes.
var ansi = regexp.MustCompile(`\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\r`)

const ptyTimeout = 30 * time.Second

func startTerminal(t *testing.T, args ...string) *terminal {
	t.Helper()
	bin := golemBinary(t)
	home := t.TempDir()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "HOME="+home, "TERM=xterm")
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 50, Cols: 200})
	require.NoError(t, err)
	term := &terminal{t: t, pty: f, cmd: cmd, done: make(chan struct{})}
	go func() {
		defer close(term.done)
		buf := make([]byte, 4096)
		for {
			n, err := f.Read(buf)
			if n > 0 {
				term.mu.Lock()
				term.out.WriteString(ansi.ReplaceAllString(string(buf[:n]), ""))
				term.mu.Unlock()
			}
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = f.Close()
		_ = cmd.Wait()
	})
	return term
}

// expect waits until want appears after the mark and moves the mark past it.
func (term *terminal) expect(want string) {
	term.t.Helper()
	deadline := time.Now().Add(ptyTimeout)
	for {
		term.mu.Lock()
		text := term.out.String()
		i := strings.Index(text[term.mark:], want)
		if i >= 0 {
			term.mark += i + len(want)
		}
		term.mu.Unlock()
		if i >= 0 {
			return
		}
		if time.Now().After(deadline) {
			term.t.Fatalf("timed out waiting for %q; the screen has:\n%s", want, text)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// typeLine types s and Enter.
func (term *terminal) typeLine(s string) { term.send(s + "\r") }

func (term *terminal) send(s string) {
	term.t.Helper()
	_, err := term.pty.WriteString(s)
	require.NoError(term.t, err)
}

// exitCode waits for the process to end and returns its status.
func (term *terminal) exitCode() int {
	term.t.Helper()
	exited := make(chan error, 1)
	go func() { exited <- term.cmd.Wait() }()
	select {
	case <-exited:
	case <-time.After(ptyTimeout):
		term.t.Fatal("golem did not exit")
	}
	return term.cmd.ProcessState.ExitCode()
}

// TestREPLTerminal types at golem repl as a person would: history recall
// with the up arrow, a form over two lines, * after a value, READ-LINE from
// the terminal (and Ctrl-C during it), Ctrl-C out of an endless loop into
// the debugger and back (CONTINUE resumes it) with the session's state
// kept, and (quit).
func TestREPLTerminal(t *testing.T) {
	term := startTerminal(t, "repl", "--no-userinit")
	term.expect("CL-USER> ")

	term.typeLine("(+ 1 2) (* 2 3)")
	term.expect("\n3\n6\nCL-USER> ")
	term.send("\x1b[A") // up arrow: the last line again
	term.expect("(+ 1 2) (* 2 3)")
	term.send("\r")
	term.expect("\n3\n6\nCL-USER> ")

	term.typeLine("(list 1")
	term.typeLine("2)")
	term.expect("(1 2)\nCL-USER> ")

	term.typeLine("(* 6 7)")
	term.expect("42\nCL-USER> ")
	term.typeLine("(list * 1)")
	term.expect("(42 1)\nCL-USER> ")

	term.typeLine(`(progn (format t "Name: ") (read-line))`)
	term.expect("Name: ")
	term.typeLine("Ada")
	term.expect("\"Ada\"\nNIL\nCL-USER> ")

	// Ctrl-C while the program reads the terminal: the debugger, right in
	// READ-LINE; CONTINUE reads again.
	term.typeLine("(list (read-line) :done)")
	term.expect("(list (read-line) :done)\n")
	term.send("ab\x03")
	term.expect("debugger invoked on a INTERACTIVE-INTERRUPT:")
	term.expect("0: (READ-LINE)\n1] ")
	term.typeLine("continue")
	term.expect("continue\n")
	term.typeLine("xyz")
	term.expect("(\"xyz\" :DONE)\nCL-USER> ")

	term.typeLine("(defvar *n* 0)")
	term.expect("*N*\nCL-USER> ")
	term.typeLine("(loop (incf *n*))")
	term.expect("(loop (incf *n*))\n")
	term.send("\x03")
	term.expect("debugger invoked on a INTERACTIVE-INTERRUPT:")
	term.expect("[CONTINUE] Return from BREAK.")
	term.expect("[ABORT   ] Return to top level.")
	term.expect("1] ")
	term.typeLine("(plusp *n*)")
	term.expect("T\n1] ")
	term.typeLine("continue")
	term.expect("continue\n")
	term.send("\x03")
	term.expect("[CONTINUE] Return from BREAK.")
	term.expect("1] ")
	term.typeLine("toplevel")
	term.expect("CL-USER> ")
	term.typeLine("(list (plusp *n*) (- 5 2))")
	term.expect("(T 3)\nCL-USER> ")

	term.typeLine("(quit)")
	assert.Equal(t, 0, term.exitCode())
}

// TestREPLTerminalDebugger: an unhandled error enters the debugger, whose
// commands show the backtrace and a frame's variables and take a restart
// by number; Ctrl-C at a prompt clears the line; Ctrl-D at an empty prompt
// exits.
func TestREPLTerminalDebugger(t *testing.T) {
	term := startTerminal(t, "repl", "--no-userinit")
	term.expect("CL-USER> ")
	term.typeLine("(defun half (x) (let ((y (* x 3))) (/ y (- x x))))")
	term.expect("HALF\nCL-USER> ")
	term.typeLine("(half 7)")
	term.expect("debugger invoked on a DIVISION-BY-ZERO:")
	term.expect("0: [ABORT] Return to top level.")
	term.expect("1] ")
	term.typeLine("backtrace")
	term.expect("1: (HALF 7)")
	term.typeLine("frame 1")
	term.expect("1] ")
	term.typeLine("locals")
	term.expect("X = 7")
	term.expect("Y = 21")
	term.typeLine("(+ x y)")
	term.expect("28\n1] ")
	term.typeLine("(car x)")
	term.expect("The value 7 is not of type LIST.")
	term.expect("1] ")
	term.typeLine("0")
	term.expect("CL-USER> ")

	term.send("(this is dropped")
	term.send("\x03")
	term.expect("CL-USER> ")
	term.typeLine("(+ 40 2)")
	term.expect("42\nCL-USER> ")
	term.send("\x04")
	assert.Equal(t, 0, term.exitCode())
}

// TestREPLTerminalExitCode: (exit :code n) ends the REPL with status n;
// golem mcp on a terminal says what it is.
func TestREPLTerminalExitCode(t *testing.T) {
	term := startTerminal(t, "repl", "--no-userinit")
	term.expect("CL-USER> ")
	term.typeLine("(exit :code 3)")
	assert.Equal(t, 3, term.exitCode())

	mcp := startTerminal(t, "mcp")
	mcp.expect("golem mcp: this speaks MCP (JSON-RPC) on stdin/stdout")
}
