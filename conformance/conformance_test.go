package conformance

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/golem-lisp/golem"
	"github.com/golem-lisp/golem/conformance/casefile"
)

const (
	casesDir          = "cases"
	knownFailuresFile = "known-failures.txt"
	updateKnownEnv    = "GOLEM_CONFORMANCE_UPDATE_KNOWN"
	caseTimeout       = 10 * time.Second
	// Extra time granted past the context deadline before a case that
	// ignores cancellation is abandoned.
	caseGrace = 5 * time.Second
)

var knownFailuresHeader = []string{
	"Conformance cases that golem is currently expected to fail.",
	"One case per line: NAME REASON. The conformance test fails when a case",
	"listed here passes (remove it) or a case not listed here fails.",
	"Regenerate from current results with:",
	"  GOLEM_CONFORMANCE_UPDATE_KNOWN=1 go test ./conformance/ -run TestConformance",
}

// result is the outcome of running one case through golem.
type result struct {
	text    string
	isError bool
	problem string // "" when the case passed; otherwise a one-line reason
	detail  string // longer explanation for the test log
}

// runGolem evaluates code in a fresh interpreter, guarding against panics
// and against an evaluator that does not honour the context deadline.
func runGolem(code string) (text string, isError bool, failure string) {
	ctx, cancel := context.WithTimeout(context.Background(), caseTimeout)
	defer cancel()
	type out struct {
		text    string
		isError bool
		panic   any
	}
	done := make(chan out, 1)
	go func() {
		var o out
		defer func() {
			if p := recover(); p != nil {
				o.panic = p
			}
			done <- o
		}()
		interp := golem.New(golem.Options{})
		o.text, o.isError = interp.EvalResponse(ctx, code)
	}()
	select {
	case o := <-done:
		if o.panic != nil {
			return "", false, fmt.Sprintf("panic: %v", o.panic)
		}
		return o.text, o.isError, ""
	case <-time.After(caseTimeout + caseGrace):
		return "", false, "timeout: evaluation did not return"
	}
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

func secondLine(s string) string {
	lines := strings.SplitN(s, "\n", 3)
	if len(lines) < 2 {
		return ""
	}
	return lines[1]
}

// errorLines returns golem's "[ERROR] TYPE" line and the line after it.
func errorLines(text string) (string, string) {
	for _, block := range strings.Split(text, "\n\n") {
		if strings.HasPrefix(block, "[ERROR] ") {
			return firstLine(block), secondLine(block)
		}
	}
	return firstLine(text), secondLine(text)
}

func shorten(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if s == "" {
		return "(empty response)"
	}
	if len(s) > n {
		s = s[:n-3] + "..."
	}
	return s
}

// evaluate runs c and compares golem's response with the expectation.
func evaluate(c casefile.Case) result {
	text, isError, failure := runGolem(c.Code)
	if failure != "" {
		return result{problem: failure, detail: failure}
	}
	text = strings.TrimRight(text, "\r\n")
	r := result{text: text, isError: isError}
	if !c.IsError() {
		switch {
		case text != c.Expect:
			r.problem = "got: " + shorten(firstLine(text), 70)
			r.detail = fmt.Sprintf("response mismatch\n--- expected\n%s\n--- got\n%s", c.Expect, text)
		case isError:
			r.problem = "response text matches but isError is true"
			r.detail = r.problem
		}
		return r
	}
	// Error case: compare the "[ERROR] TYPE" line (and the report line when
	// the case asks for it); require every expected output section.
	gotType, gotReport := errorLines(text)
	switch {
	case !isError:
		r.problem = "expected " + c.ErrorLine() + ", got: " + shorten(firstLine(text), 60)
	case gotType != c.ErrorLine():
		r.problem = "expected " + c.ErrorLine() + ", got " + shorten(gotType, 60)
	case c.Check("report") && gotReport != c.ErrorReport():
		r.problem = "error report differs: " + shorten(gotReport, 60)
	default:
		for _, sec := range c.Sections() {
			if !strings.Contains(text, sec) {
				r.problem = "missing output section " + firstLine(sec)
				break
			}
		}
	}
	if r.problem != "" {
		r.detail = fmt.Sprintf("%s\n--- expected (only the [ERROR] line%s and output sections are compared)\n%s\n--- got (isError=%v)\n%s",
			r.problem, map[bool]string{true: ", report", false: ""}[c.Check("report")], c.Expect, isError, text)
	}
	return r
}

func loadKnownFailures(t *testing.T) map[string]string {
	known := map[string]string{}
	f, err := os.Open(knownFailuresFile)
	if os.IsNotExist(err) {
		return known
	}
	if err != nil {
		t.Fatalf("reading %s: %v", knownFailuresFile, err)
	}
	defer f.Close()
	entries, err := casefile.ParseKnownFailures(f)
	if err != nil {
		t.Fatalf("reading %s: %v", knownFailuresFile, err)
	}
	for _, e := range entries {
		known[e.Name] = e.Reason
	}
	return known
}

func TestConformance(t *testing.T) {
	cases, err := casefile.LoadDir(casesDir)
	if err != nil {
		t.Fatalf("loading corpus: %v", err)
	}
	if len(cases) == 0 {
		t.Fatalf("no cases found in %s", casesDir)
	}
	known := loadKnownFailures(t)
	update := os.Getenv(updateKnownEnv) == "1"

	byName := map[string]bool{}
	for _, c := range cases {
		byName[c.Name] = true
	}
	if !update {
		var stale []string
		for name := range known {
			if !byName[name] {
				stale = append(stale, name)
			}
		}
		sort.Strings(stale)
		for _, name := range stale {
			t.Errorf("%s lists %s, but there is no such case; remove the line", knownFailuresFile, name)
		}
	}

	ran := map[string]bool{}
	failing := map[string]string{} // name -> short reason
	passed, knownFailed, newlyPassing, unexpected := 0, 0, 0, 0

	for _, c := range cases {
		c := c
		t.Run(c.Name, func(t *testing.T) {
			ran[c.Name] = true
			r := evaluate(c)
			reason, isKnown := known[c.Name]
			if r.problem == "" {
				passed++
				if isKnown && !update {
					newlyPassing++
					t.Errorf("%s (%s:%d) now passes: remove it from conformance/%s (or run with %s=1)",
						c.Name, c.File, c.Line, knownFailuresFile, updateKnownEnv)
				}
				return
			}
			failing[c.Name] = r.problem
			if isKnown || update {
				knownFailed++
				if reason == "" {
					reason = r.problem
				}
				t.Skipf("known failure: %s", reason)
				return
			}
			unexpected++
			t.Logf("case %s at %s:%d\ncode:\n%s", c.Name, c.File, c.Line, c.Code)
			if c.IsError() {
				assert.Fail(t, "conformance case failed", "%s", r.detail)
			} else {
				assert.Equal(t, c.Expect, r.text, "response text (case %s); if this is expected for now, add it to conformance/%s", c.Name, knownFailuresFile)
				if r.isError && r.text == c.Expect {
					assert.Fail(t, r.problem)
				}
			}
		})
	}

	if update {
		var entries []casefile.KnownFailure
		for name, reason := range known {
			if byName[name] && !ran[name] { // not run this time (-run filter): keep
				entries = append(entries, casefile.KnownFailure{Name: name, Reason: reason})
			}
		}
		for name, problem := range failing {
			reason := known[name]
			if reason == "" {
				reason = problem
			}
			entries = append(entries, casefile.KnownFailure{Name: name, Reason: reason})
		}
		content := casefile.FormatKnownFailures(knownFailuresHeader, entries)
		if err := os.WriteFile(knownFailuresFile, []byte(content), 0o644); err != nil {
			t.Fatalf("writing %s: %v", knownFailuresFile, err)
		}
		t.Logf("rewrote %s with %d entries", knownFailuresFile, len(entries))
	}

	t.Logf("conformance: %d passed, %d known failures, total %d", passed, knownFailed, len(ran))
	if unexpected > 0 || newlyPassing > 0 {
		t.Logf("conformance: %d unexpected failures, %d known failures now passing", unexpected, newlyPassing)
	}
}
