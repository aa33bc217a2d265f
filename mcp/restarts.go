package mcp

import (
	"strconv"
	"strings"
)

// Restarts as every MCP reply shows them (describe-last-error, the
// debugger's suspended-error replies): numbered from 1, the top-level ABORT
// first, then the others innermost first, in the wording of
// describe-last-error-tool.md:
//
//	1. ABORT - Return to top level
//	2. RETRY - Retry calling NONEXISTENT-FUNC
//	3. USE-VALUE - Call specified function instead
//
// The input is golem's rendering of the live restarts, innermost first, each
// "NAME - report" (golem.Error.Restarts).

// abortLine is the top-level restart, as the contract words it.
const abortLine = "ABORT - Return to top level"

// contractReports maps golem's restart reports (SBCL's, which Lisp code
// sees) to the contract's wording where they differ beyond the final period.
var contractReports = map[string]string{
	"USE-VALUE - Call specified function": "USE-VALUE - Call specified function instead",
}

// restartOrder returns, for each restart number n (from 1), the index in
// restarts of the restart it stands for, at position n-1: the outermost
// ABORT first, then the others innermost first. An index of -1 stands for
// an ABORT the list lacks (it always unwinds to top level).
func restartOrder(restarts []string) []int {
	abort := -1
	for i := len(restarts) - 1; i >= 0; i-- {
		if restartName(restarts[i]) == "ABORT" {
			abort = i
			break
		}
	}
	order := []int{abort}
	for i := range restarts {
		if i != abort {
			order = append(order, i)
		}
	}
	return order
}

// restartName returns the NAME of a "NAME - report" line, upcased.
func restartName(line string) string {
	name, _, _ := strings.Cut(strings.TrimSpace(line), " - ")
	return strings.ToUpper(strings.TrimSpace(name))
}

// restartText words one restart as the contract does: no final period, and
// the contract's phrase where it has its own.
func restartText(line string) string {
	line = strings.TrimSuffix(strings.TrimSpace(line), ".")
	if restartName(line) == "ABORT" && !strings.Contains(line, " - ") {
		return abortLine
	}
	if w, ok := contractReports[line]; ok {
		return w
	}
	return line
}

// numberedRestarts renders restarts as "N. NAME - description" lines in
// restartOrder's order. Every reply listing restarts uses it, so that the
// numbers an agent reads are the numbers it can invoke.
func numberedRestarts(restarts []string) []string {
	order := restartOrder(restarts)
	out := make([]string, len(order))
	for n, i := range order {
		line := abortLine
		if i >= 0 {
			line = restartText(restarts[i])
		}
		out[n] = strconv.Itoa(n+1) + ". " + line
	}
	return out
}
