// Package casefile parses the conformance corpus files in conformance/cases.
//
// A case file is plain text. Lines before the first case are a free-form
// header. Each case looks like:
//
//	;;; case: NAME
//	;;; note: why the expectation is hand-written     (optional)
//	;;; check: report                                 (optional)
//	CODE LINES...
//	;;; expect:
//	EXPECTED RESPONSE LINES...
//
// The expected part runs until the next ";;; case:" line. Leading and trailing
// blank lines of the code and of the expected part are ignored; blank lines
// inside the expected part are significant (they separate sections).
package casefile

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

const (
	caseMarker   = ";;; case:"
	expectMarker = ";;; expect:"
	notePrefix   = ";;; note:"
	checkPrefix  = ";;; check:"
)

// Case is one conformance test case.
type Case struct {
	File       string   // path of the file the case came from
	Line       int      // line number of the ";;; case:" line
	Name       string   // unique name
	Notes      []string // text of ";;; note:" lines
	Checks     []string // words of ";;; check:" lines, e.g. "report"
	Code       string   // Lisp source, lines joined with "\n", ending in "\n"
	Expect     string   // expected response text, lines joined with "\n"
	HasExpect  bool     // the case had an ";;; expect:" line
	directives bool
}

// IsError reports whether the case expects an unhandled error.
func (c Case) IsError() bool { return strings.HasPrefix(c.Expect, "[ERROR] ") }

// HandWritten reports whether the expectation is maintained by hand
// (a ";;; note:" is present) rather than regenerated from SBCL.
func (c Case) HandWritten() bool { return len(c.Notes) > 0 }

// Check reports whether a ";;; check: WORD" directive names word.
func (c Case) Check(word string) bool {
	for _, w := range c.Checks {
		if w == word {
			return true
		}
	}
	return false
}

// ErrorLine is the first line of an error expectation ("[ERROR] TYPE").
func (c Case) ErrorLine() string { return firstLine(c.Expect) }

// ErrorReport is the SBCL report line of an error expectation.
func (c Case) ErrorReport() string {
	lines := strings.SplitN(c.Expect, "\n", 3)
	if len(lines) < 2 {
		return ""
	}
	return lines[1]
}

// Sections returns the output sections ("[stdout]\n...", "[stderr]\n...",
// "[warnings]\n...") of the expectation, each as header plus body.
func (c Case) Sections() []string {
	var out []string
	for _, block := range strings.Split(c.Expect, "\n\n") {
		h := firstLine(block)
		if h == "[stdout]" || h == "[stderr]" || h == "[warnings]" {
			out = append(out, block)
		}
	}
	return out
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

func trimBlankEdges(lines []string) []string {
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// Parse reads the cases of one file. name is used in messages and Case.File.
func Parse(name string, r io.Reader) ([]Case, error) {
	type building struct {
		c      Case
		code   []string
		expect []string
		state  int // 0 directives, 1 code, 2 expect
	}
	var (
		cases []Case
		cur   *building
	)
	finish := func() {
		if cur == nil {
			return
		}
		code := trimBlankEdges(cur.code)
		if len(code) > 0 {
			cur.c.Code = strings.Join(code, "\n") + "\n"
		}
		cur.c.Expect = strings.Join(trimBlankEdges(cur.expect), "\n")
		cases = append(cases, cur.c)
		cur = nil
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	lineNo := 0
	for sc.Scan() {
		lineNo++
		line := strings.TrimRight(sc.Text(), "\r")
		switch {
		case strings.HasPrefix(line, caseMarker):
			finish()
			cur = &building{c: Case{File: name, Line: lineNo, Name: strings.TrimSpace(line[len(caseMarker):])}}
			if cur.c.Name == "" {
				return nil, fmt.Errorf("%s:%d: case without a name", name, lineNo)
			}
		case cur == nil:
			// header
		case cur.state < 2 && strings.HasPrefix(line, expectMarker):
			cur.state = 2
			cur.c.HasExpect = true
		case cur.state == 0 && strings.HasPrefix(line, notePrefix):
			cur.c.Notes = append(cur.c.Notes, strings.TrimSpace(line[len(notePrefix):]))
		case cur.state == 0 && strings.HasPrefix(line, checkPrefix):
			cur.c.Checks = append(cur.c.Checks, strings.Fields(line[len(checkPrefix):])...)
		case cur.state < 2:
			cur.state = 1
			cur.code = append(cur.code, line)
		default:
			cur.expect = append(cur.expect, line)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	finish()
	for _, c := range cases {
		if !c.HasExpect {
			return nil, fmt.Errorf("%s:%d: case %s has no %q line", name, c.Line, c.Name, expectMarker)
		}
		if c.Code == "" {
			return nil, fmt.Errorf("%s:%d: case %s has no code", name, c.Line, c.Name)
		}
	}
	return cases, nil
}

// ParseFile parses one case file.
func ParseFile(path string) ([]Case, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Parse(path, f)
}

// LoadDir parses every *.txt file in dir (sorted by name) and checks that
// case names are unique across all files.
func LoadDir(dir string) ([]Case, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	var all []Case
	seen := map[string]Case{}
	for _, p := range paths {
		cases, err := ParseFile(p)
		if err != nil {
			return nil, err
		}
		for _, c := range cases {
			if prev, dup := seen[c.Name]; dup {
				return nil, fmt.Errorf("%s:%d: duplicate case name %s (first at %s:%d)",
					c.File, c.Line, c.Name, prev.File, prev.Line)
			}
			seen[c.Name] = c
		}
		all = append(all, cases...)
	}
	return all, nil
}

// KnownFailure is one entry of known-failures.txt.
type KnownFailure struct {
	Name   string
	Reason string
}

// ParseKnownFailures reads "NAME reason..." lines; '#' starts a comment line.
func ParseKnownFailures(r io.Reader) ([]KnownFailure, error) {
	var out []KnownFailure
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, reason := line, ""
		if i := strings.IndexAny(line, " \t"); i >= 0 {
			name, reason = line[:i], strings.TrimSpace(line[i+1:])
		}
		out = append(out, KnownFailure{Name: name, Reason: reason})
	}
	return out, sc.Err()
}

// FormatKnownFailures renders entries (sorted by name) under header lines.
func FormatKnownFailures(header []string, entries []KnownFailure) string {
	sorted := append([]KnownFailure(nil), entries...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Name < sorted[j].Name })
	var b strings.Builder
	for _, h := range header {
		b.WriteString("# " + h + "\n")
	}
	for _, e := range sorted {
		reason := strings.Join(strings.Fields(e.Reason), " ")
		if reason == "" {
			reason = "fails"
		}
		b.WriteString(e.Name + " " + reason + "\n")
	}
	return b.String()
}
