package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/golem-lisp/golem"
	rt "github.com/golem-lisp/golem/runtime"
)

// The REPL's debugger, SBCL-style, on the root package's Suspension: an
// evaluation stopped by an unhandled error or Ctrl-C waits at the signal
// point while the user picks a restart by number or name, looks at the
// backtrace and the frames' variables, and evaluates forms in its dynamic
// context (or, after FRAME n, with that frame's variables in scope).

const debuggerHelp = `The debugger's prompt is "N]", N being the debugger level (1, then 2 for an error
in code evaluated at level 1, and so on).
Commands (a form is evaluated in the suspended evaluation's context; an
error in it enters a deeper level):
  N, or a restart's name   invoke restart N (USE-VALUE and STORE-VALUE ask for a value)
  CONTINUE, C              invoke the innermost CONTINUE restart
  ABORT, A                 leave this level (to the previous one, or the top level)
  TOPLEVEL, TOP, Q         abort to the top level
  BACKTRACE, BT [N]        show the frames, innermost first (at most N)
  FRAME, F N               select frame N: forms then see its variables, and may SETQ them
  UP, DOWN                 select the next outer / inner frame
  LOCALS, L                show the selected frame's variables
  RESTARTS, R              show the restarts again
  ERROR, E                 show the condition again
  HELP, H, ?               this text
Ctrl-D leaves this level like ABORT. (golem:exit) exits golem.
`

// debugLevel is the debugger's view of one suspension.
type debugLevel struct {
	s     *golem.Suspension
	frame int // the selected frame, -1 for none (forms run without frame variables)
	// shown are the suspensions whose banner was printed, outermost first.
	shown []*golem.Suspension
}

// enter makes s the current level, printing its banner unless the
// debugger is coming back to it from a deeper level.
func (r *repl) enter(lv *debugLevel, s *golem.Suspension) {
	if s == lv.s {
		return
	}
	lv.s, lv.frame = s, -1
	for i, old := range lv.shown {
		if old == s {
			lv.shown = lv.shown[:i+1]
			return
		}
	}
	lv.shown = append(lv.shown, s)
	r.showSuspension(lv)
}

// debug runs the debugger until the evaluation suspended at s resumes and
// ends (its outcome is returned, as EvalDebug would return it) or is
// aborted.
func (r *repl) debug(s *golem.Suspension) error {
	// Values print as each form returns; code evaluated in a frame
	// returns them in its Result instead.
	shown := false
	ctx := golem.WithValuesFunc(r.warnings(context.Background()), func(th *rt.Thread, vals []rt.Value) {
		shown = true
		r.showValues(th, vals)
	})
	lv := &debugLevel{frame: -1}
	r.enter(lv, s)
	for {
		line, err := r.readForm(func() string { return fmt.Sprintf("%d] ", lv.s.Level) })
		if errors.Is(err, errInterrupted) {
			continue
		}
		var res *golem.Result
		var outcome error
		shown = false
		if err != nil {
			// Ctrl-D: leave this level.
			r.scr.freshLine()
			fmt.Fprintln(r.scr, "")
			res, outcome = r.leaveLevel(ctx, lv)
		} else {
			var handled bool
			res, outcome, handled = r.command(ctx, lv, strings.TrimSpace(line))
			if handled {
				continue
			}
		}
		if res != nil && !shown && r.in.Suspended() != nil {
			r.scr.freshLine()
			for _, v := range res.PrintedValues() {
				fmt.Fprintln(r.scr, v)
			}
		}
		next, done := r.afterCall(lv, outcome)
		if done {
			return next
		}
	}
}

// afterCall decides where the debugger goes after a call on a suspension
// returned outcome: a new or remaining suspension (continue at its level)
// or the end of the evaluation (done, with its outcome).
func (r *repl) afterCall(lv *debugLevel, outcome error) (error, bool) {
	var susp *golem.Suspension
	if errors.As(outcome, &susp) {
		r.enter(lv, susp)
		return nil, false
	}
	cur := r.in.Suspended()
	if cur == nil {
		// The evaluation ended: its outcome is the top level's.
		if errors.Is(outcome, golem.ErrNotSuspended) {
			return nil, true
		}
		return outcome, true
	}
	var lispErr *golem.Error
	var exit *golem.Exit
	switch {
	case outcome == nil:
	case errors.As(outcome, &exit):
		return outcome, true
	case errors.As(outcome, &lispErr):
		if !isAbort(lispErr) {
			r.scr.freshLine()
			fmt.Fprintf(r.scr, "; %s: %s\n", lispErr.Type, indentLines(lispErr.Report, "; "))
		}
	case errors.Is(outcome, golem.ErrNotSuspended):
	default:
		r.scr.freshLine()
		fmt.Fprintln(r.scr, ";", outcome)
	}
	r.enter(lv, cur)
	return nil, false
}

// leaveLevel invokes the innermost ABORT restart: back to the previous
// debugger level, or to the top level from the first.
func (r *repl) leaveLevel(ctx context.Context, lv *debugLevel) (*golem.Result, error) {
	if lv.s.Level == 1 {
		return lv.s.Abort(ctx)
	}
	return lv.s.InvokeNamed(ctx, "ABORT", nil)
}

// command runs one debugger command; handled is true when it only printed.
func (r *repl) command(ctx context.Context, lv *debugLevel, line string) (res *golem.Result, outcome error, handled bool) {
	s := lv.s
	word, rest, _ := strings.Cut(line, " ")
	rest = strings.TrimSpace(rest)
	if n, err := strconv.Atoi(line); err == nil {
		if n < 0 || n >= len(s.RestartNames) {
			fmt.Fprintf(r.scr, "; There is no restart %d: pick one of 0 to %d.\n", n, len(s.RestartNames)-1)
			return nil, nil, true
		}
		res, outcome = r.invoke(ctx, s, n)
		return res, outcome, false
	}
	switch strings.ToUpper(word) {
	case "HELP", "H", "?":
		fmt.Fprint(r.scr, debuggerHelp)
		return nil, nil, true
	case "BACKTRACE", "BT":
		limit := len(s.Err.Backtrace)
		if n, err := strconv.Atoi(rest); err == nil && n >= 0 && n < limit {
			limit = n
		}
		r.showBacktrace(lv, limit)
		return nil, nil, true
	case "FRAME", "F":
		n, err := strconv.Atoi(rest)
		if err != nil || n < 0 || n >= len(s.Err.Backtrace) {
			fmt.Fprintf(r.scr, "; FRAME takes a frame number from 0 to %d.\n", len(s.Err.Backtrace)-1)
			return nil, nil, true
		}
		lv.frame = n
		r.showFrame(lv)
		return nil, nil, true
	case "UP", "DOWN":
		n := lv.frame + 1
		if strings.EqualFold(word, "DOWN") {
			n = lv.frame - 1
		}
		if n < 0 || n >= len(s.Err.Backtrace) {
			fmt.Fprintln(r.scr, "; No frame there.")
			return nil, nil, true
		}
		lv.frame = n
		r.showFrame(lv)
		return nil, nil, true
	case "LOCALS", "L":
		r.showLocals(ctx, lv)
		return nil, nil, true
	case "RESTARTS", "R":
		r.showRestarts(s)
		return nil, nil, true
	case "ERROR", "E":
		r.showSuspension(lv)
		return nil, nil, true
	case "ABORT", "A":
		res, outcome = r.leaveLevel(ctx, lv)
		return res, outcome, false
	case "TOPLEVEL", "TOP", "Q":
		res, outcome = s.Abort(ctx)
		return res, outcome, false
	case "CONTINUE", "C":
		if i := restartIndex(s, "CONTINUE"); i >= 0 {
			res, outcome = r.invoke(ctx, s, i)
			return res, outcome, false
		}
		fmt.Fprintln(r.scr, "; There is no CONTINUE restart here.")
		return nil, nil, true
	}
	if rest == "" && !strings.ContainsAny(word, "()'\"`#;:") {
		if i := restartIndex(s, word); i >= 0 {
			res, outcome = r.invoke(ctx, s, i)
			return res, outcome, false
		}
	}
	// A form (or forms): evaluated in the suspended evaluation's context,
	// with the selected frame's variables in scope when there is one.
	if lv.frame >= 0 {
		res, outcome = s.EvalInFrame(ctx, lv.frame, line)
	} else {
		res, outcome = s.Eval(ctx, line)
	}
	return res, outcome, false
}

// restartIndex finds the innermost restart whose name is name or starts
// with it (SBCL accepts abbreviations), or -1.
func restartIndex(s *golem.Suspension, name string) int {
	for _, exact := range []bool{true, false} {
		for i, n := range s.RestartNames {
			if n == "" {
				continue
			}
			if exact && strings.EqualFold(n, name) || !exact && strings.HasPrefix(n, strings.ToUpper(name)) {
				return i
			}
		}
	}
	return -1
}

// invoke invokes restart i, first asking for the value USE-VALUE and
// STORE-VALUE (and the like) need.
func (r *repl) invoke(ctx context.Context, s *golem.Suspension, i int) (*golem.Result, error) {
	var values []string
	switch s.RestartNames[i] {
	case "USE-VALUE", "STORE-VALUE":
		form, err := r.readForm(func() string { return "Enter a form to be evaluated: " })
		if err != nil {
			return nil, nil
		}
		values = []string{form}
	}
	return s.Invoke(ctx, i, values)
}

// showSuspension prints the debugger's banner: the condition, the
// restarts and the innermost frame.
func (r *repl) showSuspension(lv *debugLevel) {
	s := lv.s
	e := s.Err
	r.scr.freshLine()
	if e.Stdout != "" || e.Stderr != "" {
		fmt.Fprint(r.scr, e.Stdout, e.Stderr)
		r.scr.freshLine()
	}
	fmt.Fprintf(r.scr, "\ndebugger invoked on a %s:\n  %s\n\n", e.Type, indentLines(e.Report, "  "))
	if s.Level == 1 {
		fmt.Fprintln(r.scr, "Type HELP for debugger help, or (golem:exit) to exit from golem.")
		fmt.Fprintln(r.scr)
	}
	r.showRestarts(s)
	if len(e.Backtrace) > 0 {
		fmt.Fprintf(r.scr, "\n0: %s\n", e.Backtrace[0])
	}
}

// showRestarts lists the restarts, numbered, innermost first.
func (r *repl) showRestarts(s *golem.Suspension) {
	fmt.Fprintln(r.scr, "restarts (invokable by number or by possibly-abbreviated name):")
	width := 0
	for _, n := range s.RestartNames {
		width = max(width, len(n))
	}
	for i, line := range s.Err.Restarts {
		name, report, found := strings.Cut(line, " - ")
		if !found {
			report = ""
		}
		if s.RestartNames[i] == "" {
			fmt.Fprintf(r.scr, "  %d: %s\n", i, line)
			continue
		}
		fmt.Fprintf(r.scr, "  %d: [%-*s] %s\n", i, width, name, report)
	}
}

// showBacktrace prints the first limit frames.
func (r *repl) showBacktrace(lv *debugLevel, limit int) {
	bt := lv.s.Err.Backtrace
	if len(bt) == 0 {
		fmt.Fprintln(r.scr, "; "+lv.s.Err.NoFrames())
		return
	}
	for i, f := range bt[:limit] {
		mark := " "
		if i == lv.frame {
			mark = "*"
		}
		fmt.Fprintf(r.scr, "%s%d: %s\n", mark, i, f)
	}
	if limit < len(bt) {
		fmt.Fprintf(r.scr, "  ... %d more (BACKTRACE shows all)\n", len(bt)-limit)
	}
}

// showFrame prints the selected frame.
func (r *repl) showFrame(lv *debugLevel) {
	fmt.Fprintf(r.scr, "%d: %s\n", lv.frame, lv.s.Err.Backtrace[lv.frame])
}

// showLocals prints the selected frame's variables.
func (r *repl) showLocals(ctx context.Context, lv *debugLevel) {
	if lv.frame < 0 {
		fmt.Fprintln(r.scr, "; No frame is selected: FRAME N selects one (BACKTRACE lists them).")
		return
	}
	locals, err := lv.s.FrameLocals(ctx, lv.frame)
	if err != nil {
		fmt.Fprintln(r.scr, ";", err)
		return
	}
	if len(locals) == 0 {
		fmt.Fprintln(r.scr, "; No variables (a builtin, or a function without parameters).")
	}
	for _, l := range locals {
		fmt.Fprintf(r.scr, "  %s = %s\n", l.Name, l.Value)
	}
}
