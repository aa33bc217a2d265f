package reader_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem/conditions"
	"github.com/golem-lisp/golem/reader"
	rt "github.com/golem-lisp/golem/runtime"
)

// readFailure reads every form of stream and returns the condition that
// stopped the reader (nil when all read).
func readFailure(th *rt.Thread, s rt.Stream) *rt.Instance {
	eof := rt.NewSymbol("EOF")
	forms := reader.NewFormReader(s)
	return unhandled(th, func() {
		for {
			if v, _ := forms.Next(th, eof); v == rt.Value(eof) {
				return
			}
		}
	})
}

// TestErrorPosition: the condition of a reader error or an end of file
// says where the reader stopped (line from 1, column from 0 as in SBCL)
// and, for an end of file inside a top-level form, where the form began.
func TestErrorPosition(t *testing.T) {
	cases := []struct {
		name, in, class string
		at, start       rt.SourceLocation
		report          string
	}{
		{"close paren", "   )", "READER-ERROR", rt.SourceLocation{Line: 1, Column: 4}, rt.SourceLocation{},
			"unmatched close parenthesis\n\n  (at line: 1, column: 4)"},
		{"sharp less-than", "(a\n  b\n  #<x>)", "READER-ERROR", rt.SourceLocation{Line: 3, Column: 4}, rt.SourceLocation{},
			"illegal sharp macro character: #\\<\n\n  (at line: 3, column: 4)"},
		{"end of file", "(a)\n ; c\n  (b (c)\n  d", "END-OF-FILE", rt.SourceLocation{Line: 4, Column: 3}, rt.SourceLocation{Line: 3, Column: 2},
			"\n\n  (in form starting at line: 3, column: 2)\n  \"(\" opened at line: 3, column: 2 is never closed: (b (c)"},
		{"end of file after a comment", "#| x\n|# (a", "END-OF-FILE", rt.SourceLocation{Line: 2, Column: 5}, rt.SourceLocation{Line: 2, Column: 3},
			"(in form starting at line: 2, column: 3)"},
		{"columns count characters", "\"é\" (ü #<", "READER-ERROR", rt.SourceLocation{Line: 1, Column: 9}, rt.SourceLocation{},
			"(at line: 1, column: 9)"},
		{"no error", "(a b) c", "", rt.SourceLocation{}, rt.SourceLocation{}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			th := newThread(t)
			r := []rune(tc.in)
			c := readFailure(th, rt.NewStringInput(r, 0, len(r)))
			if tc.class == "" {
				assert.Nil(t, c)
				return
			}
			require.NotNil(t, c)
			assert.Equal(t, tc.class, classify(th, c))
			where, ok := reader.ErrorSource(c)
			require.True(t, ok)
			assert.Equal(t, tc.at, where.At)
			assert.Equal(t, tc.start, where.FormStart)
			assert.Contains(t, conditions.ReportString(th, c), tc.report)
		})
	}
}

// TestFileErrorPosition: a file stream counts lines and UTF-8 characters
// from its bytes, and names its file.
func TestFileErrorPosition(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.lisp")
	require.NoError(t, os.WriteFile(path, []byte("(a \"ü\")\n\n(défine ü\n  (x y)"), 0o644))
	th := newThread(t)
	f, _ := th.OpenLoadFile(rt.NewString(path))
	require.NotNil(t, f)
	defer f.Close()
	c := readFailure(th, f)
	require.NotNil(t, c)
	assert.Equal(t, "END-OF-FILE", classify(th, c))
	where, ok := reader.ErrorSource(c)
	require.True(t, ok)
	assert.Equal(t, rt.SourceLocation{File: path, Line: 4, Column: 7}, where.At)
	assert.Equal(t, rt.SourceLocation{File: path, Line: 3, Column: 0}, where.FormStart)
	assert.Contains(t, conditions.ReportString(th, c), "(in form starting at file: "+path+", line: 3, column: 0)\n"+
		"  \"(\" opened at line: 3, column: 0 is never closed: (défine ü")
}

// TestReadTopLevel: each top-level form's location is where its first
// character is, after blanks and comments.
func TestReadTopLevel(t *testing.T) {
	th := newThread(t)
	src := []rune("; head\n(a)  #| c |# b\n\n  #+nil x 'c")
	s := rt.NewStringInput(src, 0, len(src))
	s.Name = rt.InputSource
	eof := rt.NewSymbol("EOF")
	var got []rt.SourceLocation
	for {
		v, loc := reader.ReadTopLevel(th, s, eof)
		if v == rt.Value(eof) {
			break
		}
		got = append(got, loc)
	}
	assert.Equal(t, []rt.SourceLocation{{File: "input", Line: 2, Column: 0}, {File: "input", Line: 2, Column: 13},
		{File: "input", Line: 4, Column: 10}}, got)
}

// TestScanParens: what is left open at the end of a text.
func TestScanParens(t *testing.T) {
	cases := []struct {
		in                         string
		open                       []int
		inString, inBar, inComment int
	}{
		{"(a (b) (c", []int{0, 7}, -1, -1, -1},
		{"(a \"(\" #\\( |(| ; (\n", []int{0}, -1, -1, -1},
		{"(a \"bc", []int{0}, 3, -1, -1},
		{"(a |b", []int{0}, -1, 3, -1},
		{"(a #| (", []int{0}, -1, -1, 3},
		{"(a)) (b)", nil, -1, -1, -1},
	}
	for _, tc := range cases {
		sc := reader.ScanParens([]rune(tc.in), 0)
		assert.Zero(t, sc.Deeper, tc.in)
		assert.Equal(t, tc.open, append([]int(nil), sc.Open...), tc.in)
		assert.Equal(t, []int{tc.inString, tc.inBar, tc.inComment}, []int{sc.InString, sc.InBar, sc.InComment}, tc.in)
	}
}

// TestScanParensDeep: parentheses nested deeper than MaxOpenTracked are
// counted, not kept.
func TestScanParensDeep(t *testing.T) {
	n := reader.MaxOpenTracked
	sc := reader.ScanParens([]rune(strings.Repeat("(", 2*n)), 0)
	assert.Len(t, sc.Open, n)
	assert.Equal(t, n, sc.Deeper)
	assert.Equal(t, n-1, sc.Open[n-1])
	sc = reader.ScanParens([]rune(strings.Repeat("(", 2*n)+strings.Repeat(")", n+n/2)), 0)
	assert.Len(t, sc.Open, n/2)
	assert.Zero(t, sc.Deeper)
}

// TestEndOfFileReportBounds: an end of file lists a few unclosed
// parentheses and counts the rest; a huge unfinished form is not scanned.
func TestEndOfFileReportBounds(t *testing.T) {
	th := newThread(t)
	src := []rune(strings.Repeat("(a\n", 10))
	c := readFailure(th, rt.NewStringInput(src, 0, len(src)))
	require.NotNil(t, c)
	report := conditions.ReportString(th, c)
	assert.Equal(t, 6, strings.Count(report, "is never closed"), report)
	assert.Contains(t, report, "(and 4 more)")

	src = []rune("(a" + strings.Repeat(" ", 1<<20+1))
	c = readFailure(th, rt.NewStringInput(src, 0, len(src)))
	require.NotNil(t, c)
	report = conditions.ReportString(th, c)
	assert.Contains(t, report, "(in form starting at line: 1, column: 0)")
	assert.NotContains(t, report, "never closed")
}
