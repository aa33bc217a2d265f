package casefile

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const sample = `;; header comment, ignored
;; ;;; expect: inside the header is ignored too

;;; case: add
(+ 1 2)
;;; expect:
=> 3

;;; case: two-forms
;;; note: hand-written
;;; check: report
(defvar *x* 1)

*x*
;;; expect:
[stdout]
a

b

[warnings]
SIMPLE-WARNING: w

=> 1
;;; case: no-values
(values)
;;; expect:

;;; case: err
(/ 1 0)
;;; expect:
[ERROR] DIVISION-BY-ZERO
arithmetic error

[stdout]
partial
`

func TestParse(t *testing.T) {
	cases, err := Parse("sample.txt", strings.NewReader(sample))
	require.NoError(t, err)
	require.Len(t, cases, 4)

	add := cases[0]
	assert.Equal(t, "add", add.Name)
	assert.Equal(t, 4, add.Line)
	assert.Equal(t, "(+ 1 2)\n", add.Code)
	assert.Equal(t, "=> 3", add.Expect)
	assert.False(t, add.IsError())
	assert.False(t, add.HandWritten())

	two := cases[1]
	assert.Equal(t, "(defvar *x* 1)\n\n*x*\n", two.Code)
	assert.Equal(t, []string{"hand-written"}, two.Notes)
	assert.True(t, two.HandWritten())
	assert.True(t, two.Check("report"))
	assert.Equal(t, "[stdout]\na\n\nb\n\n[warnings]\nSIMPLE-WARNING: w\n\n=> 1", two.Expect)
	// Blank lines inside a section body make Sections split it; only
	// headers are recognised as sections.
	assert.Equal(t, []string{"[stdout]\na", "[warnings]\nSIMPLE-WARNING: w"}, two.Sections())

	none := cases[2]
	assert.Equal(t, "(values)\n", none.Code)
	assert.Equal(t, "", none.Expect)
	assert.True(t, none.HasExpect)

	e := cases[3]
	assert.True(t, e.IsError())
	assert.Equal(t, "[ERROR] DIVISION-BY-ZERO", e.ErrorLine())
	assert.Equal(t, "arithmetic error", e.ErrorReport())
	assert.Equal(t, []string{"[stdout]\npartial"}, e.Sections())
}

func TestParseCRLF(t *testing.T) {
	cases, err := Parse("crlf.txt", strings.NewReader(";;; case: a\r\n(+ 1 2)\r\n;;; expect:\r\n=> 3\r\n"))
	require.NoError(t, err)
	require.Len(t, cases, 1)
	assert.Equal(t, "(+ 1 2)\n", cases[0].Code)
	assert.Equal(t, "=> 3", cases[0].Expect)
}

func TestParseErrors(t *testing.T) {
	_, err := Parse("x.txt", strings.NewReader(";;; case: a\n(+ 1 2)\n"))
	assert.ErrorContains(t, err, "no \";;; expect:\" line")

	_, err = Parse("x.txt", strings.NewReader(";;; case: a\n;;; expect:\n=> 1\n"))
	assert.ErrorContains(t, err, "has no code")

	_, err = Parse("x.txt", strings.NewReader(";;; case:\n1\n;;; expect:\n"))
	assert.ErrorContains(t, err, "without a name")
}

func TestKnownFailures(t *testing.T) {
	in := "# comment\n\nfoo-case not implemented yet\nbar\tfloat printing\nbaz\n"
	got, err := ParseKnownFailures(strings.NewReader(in))
	require.NoError(t, err)
	assert.Equal(t, []KnownFailure{
		{"foo-case", "not implemented yet"},
		{"bar", "float printing"},
		{"baz", ""},
	}, got)

	out := FormatKnownFailures([]string{"hdr"}, got)
	assert.Equal(t, "# hdr\nbar float printing\nbaz fails\nfoo-case not implemented yet\n", out)
}

// TestCorpus checks that the real corpus parses, has unique names and at
// least the promised number of cases.
func TestCorpus(t *testing.T) {
	cases, err := LoadDir("../cases")
	require.NoError(t, err)
	assert.GreaterOrEqual(t, len(cases), 700)
	for _, c := range cases {
		assert.NotContains(t, c.Name, "/", "case names must not contain '/' (%s:%d)", c.File, c.Line)
		assert.NotContains(t, c.Name, " ", "case names must not contain spaces (%s:%d)", c.File, c.Line)
	}
}
