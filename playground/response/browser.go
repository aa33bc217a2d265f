package response

import (
	"errors"
	"strings"

	"github.com/golem-lisp/golem"
)

// Why an evaluation stopped before its end, as Stop reports it.
const (
	StopTime   = "time"   // the time limit
	StopOutput = "output" // the output limit
	StopUser   = "user"   // the user pressed Stop
	StopOther  = "other"  // another interrupt (such as the ABORT restart)
)

// UserStopReason is the reason the playground gives golem.Interrupt when
// the user presses Stop.
const UserStopReason = "stopped by the user"

// OutputStopReason is the reason of golem's own output limit, which the
// playground also gives golem.Interrupt when its output view is full.
const OutputStopReason = "output limit exceeded"

// Stop tells why the evaluation that ended in err was stopped by a limit
// or an interrupt, or "" when err is nil or an ordinary Lisp error
// (including the STORAGE-CONDITION of the memory and depth limits, whose
// reports say which limit).
func Stop(err error) string {
	var e *golem.Error
	switch {
	case err == nil:
		return ""
	case errors.Is(err, golem.ErrTimeLimit):
		return StopTime
	case errors.Is(err, golem.ErrOutputLimit):
		return StopOutput
	case errors.Is(err, golem.ErrInterrupted) && errors.As(err, &e) &&
		strings.HasSuffix(e.Report, UserStopReason):
		return StopUser
	case errors.As(err, &e) && e.Type == "GOLEM:INTERRUPTED":
		return StopOther
	}
	return ""
}

// browserHints rewrite the sentences of error reports that speak to a
// server operator or an embedder (command-line flags, Options fields): a
// browser user can set neither, so each becomes advice the user can act on.
// From the first occurrence of from to the end of its sentence (the first
// "." outside parentheses) is replaced, when that part mentions a flag.
var browserHints = []struct{ from, with string }{
	// runtime/sandbox.go's hint for refused file access.
	{"The operator can ", "The playground has no files: keep data in the code (a string, WITH-INPUT-FROM-STRING or a literal list)."},
	// asdf/quicklisp.lisp's refusal to update or uninstall.
	{": it uses an existing Quicklisp installation", ": the playground has no Quicklisp; paste the code you need into the editor."},
}

// sentenceEnd returns the length of s up to and including the first "."
// outside parentheses, or len(s).
func sentenceEnd(s string) int {
	depth := 0
	for j, c := range s {
		switch {
		case c == '(':
			depth++
		case c == ')' && depth > 0:
			depth--
		case c == '.' && depth == 0:
			return j + 1
		}
	}
	return len(s)
}

// ForBrowser rewrites an error report for the playground: hints that name
// server flags or embedding options (which a browser user can set neither
// of) become advice the user can act on, and limit names in parentheses,
// as in "(max-bignum-bits)", go. Other text is unchanged.
func ForBrowser(report string) string {
	for _, h := range browserHints {
		i := strings.Index(report, h.from)
		if i < 0 {
			continue
		}
		end := i + sentenceEnd(report[i:])
		if strings.Contains(report[i:end], "--") {
			report = report[:i] + h.with + report[end:]
		}
	}
	for {
		i := strings.Index(report, " (max-")
		if i < 0 {
			break
		}
		j := strings.IndexByte(report[i:], ')')
		if j < 0 || strings.Trim(report[i+6:i+j], "abcdefghijklmnopqrstuvwxyz-") != "" {
			break
		}
		report = report[:i] + report[i+j+1:]
	}
	return report
}
