package response

import (
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

// Stop tells why an evaluation that ended in e was stopped by a limit or
// an interrupt, or "" when e is an ordinary Lisp error.
func Stop(e *golem.Error) string {
	if e == nil || e.Type != "GOLEM:INTERRUPTED" {
		return ""
	}
	reason := strings.TrimPrefix(e.Report, "Evaluation stopped: ")
	switch {
	case strings.HasPrefix(reason, "timeout"):
		return StopTime
	case strings.HasPrefix(reason, OutputStopReason):
		return StopOutput
	case strings.HasPrefix(reason, UserStopReason):
		return StopUser
	}
	return StopOther
}

// operatorHint starts runtime/sandbox.go's hint for refused file access,
// which names golem mcp's flags and the embedding Options.
const operatorHint = "The operator can "

// noFilesHint replaces operatorHint's sentence in the playground.
const noFilesHint = "The playground has no files: keep data in the code (a string, WITH-INPUT-FROM-STRING or a literal list)."

// ForBrowser rewrites an error report for the playground: hints that name
// server flags or embedding options (which a browser user can set neither
// of) become advice the user can act on, and limit names in parentheses,
// as in "(max-bignum-bits)", go. Other text is unchanged.
func ForBrowser(report string) string {
	if i := strings.Index(report, operatorHint); i >= 0 && strings.Contains(report[i:], "--allow-") {
		rest := report[i:]
		// The sentence ends at the first "." outside parentheses.
		end, depth := len(rest), 0
		for j, c := range rest {
			if c == '(' {
				depth++
			} else if c == ')' && depth > 0 {
				depth--
			} else if c == '.' && depth == 0 {
				end = j + 1
				break
			}
		}
		report = report[:i] + noFilesHint + rest[end:]
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
