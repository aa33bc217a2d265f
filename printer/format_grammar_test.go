package printer_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/golem-lisp/golem/printer"
	rt "github.com/golem-lisp/golem/runtime"
)

// formatErrorText runs FORMAT NIL and returns the report of the error it
// signals ("" when none).
func formatErrorText(e *env, ctl string, args ...rt.Value) (msg string) {
	d := e.th.SpecialDepth()
	defer func() {
		if r := recover(); r != nil {
			u, ok := r.(*rt.Unhandled)
			if !ok {
				panic(r)
			}
			e.th.UnbindTo(d)
			msg = printer.ToString(e.th, u.Condition, false)
		}
	}()
	printer.Format(e.th, rt.NIL, rt.NewString(ctl), args)
	return ""
}

// The control string grammar's errors are SBCL's, the caret under the
// offending directive (texts taken from SBCL 2.2.9).
func TestFormatSyntaxErrors(t *testing.T) {
	cases := []struct{ ctl, want string }{
		{"abc~", "error in FORMAT: String ended before directive was found\n  abc~\n     ^"},
		{"~5", "error in FORMAT: String ended before directive was found\n  ~5\n  ^"},
		{"~5,'", "error in FORMAT: String ended before directive was found\n  ~5,'\n  ^"},
		{"~:5A", "error in FORMAT: Parameters found after #\\: or #\\@ modifier\n  ~:5A\n    ^\nSee also:\n  The ANSI Standard, Section 22.3"},
		{"~q", "error in FORMAT: Unknown format directive (character: LATIN_CAPITAL_LETTER_Q)\n  ~q\n   ^"},
		{"é~q", "error in FORMAT: Unknown format directive (character: LATIN_CAPITAL_LETTER_Q)\n  é~q\n    ^"},
		{"x ~/foo", "error in FORMAT: No matching closing slash\n  x ~/foo\n     ^"},
		{"~@@A", "error in FORMAT: Too many #\\@ characters supplied\n  ~@@A\n    ^\nSee also:\n  The ANSI Standard, Section 22.3"},
		{"~:@:a", "error in FORMAT: Too many colons supplied\n  ~:@:a\n     ^\nSee also:\n  The ANSI Standard, Section 22.3"},
		{"~(abc", "error in FORMAT: No corresponding close paren\n  ~(abc\n   ^"},
		{"abc~)", "error in FORMAT: no corresponding open paren\n  abc~)\n      ^"},
		{"~{~;~}", "error in FORMAT: ~; not contained within either ~[...~] or ~<...~>\n  ~{~;~}\n     ^"},
		{"~<a~]", "error in FORMAT: No corresponding close bracket\n  ~<a~]\n   ^"},
		{"~{a~>", "error in FORMAT: ~> without a matching ~<\n  ~{a~>\n     ^"},
		{"~}", "error in FORMAT: No corresponding open brace\n  ~}\n   ^"},
		{"~{a~]", "error in FORMAT: No corresponding close brace\n  ~{a~]\n   ^"},
	}
	for _, c := range cases {
		e := newEnv(t)
		assert.Equal(t, c.want, formatErrorText(e, c.ctl, rt.MakeInt(1)), "format %q", c.ctl)
	}
}

// What the grammar accepts: parameters (empty, signed, characters, V and #),
// modifiers in either order, ~/name/ and ~<newline>.
func TestFormatGrammarParses(t *testing.T) {
	cases := []struct{ ctl, args, want string }{
		{"~5,,,'*A|", "(x)", "X****|"},
		{"~,,2A|", "(x)", "X  |"},
		{"~+3D|~2D", "(7 8)", "  7| 8"},
		{"~vA|~#D", "(3 x 1 2)", "X  | 1"},
		{"~@:(foo bar~)", "()", "FOO BAR"},
		{"~:@(foo bar~)", "()", "FOO BAR"},
		{"a~\n   b~:\n  c~@\n   d", "()", "ab  c\nd"},
		{"é~Aü", "(1)", "é1ü"},
		{"~~~%", "()", "~\n"},
		{"~[a~;b~:;c~]", "(5)", "c"},
		{"~5,'~D", "(1)", "~~~~1"},
	}
	for _, c := range cases {
		e := newEnv(t)
		args := rt.ListToSlice(e.read(c.args))
		got := printer.Format(e.th, rt.NIL, rt.NewString(c.ctl), args)
		assert.Equal(t, c.want, got.(*rt.String).String(), "format %q", c.ctl)
	}
}

// FORMAT directives fixed against the ANSI suite: a ~{~} body of only a
// ~<newline> is not empty, an empty one takes a function, ~^ compares
// integers of any size, ~vR reads its V once, a negative mincol pads
// nothing.
func TestFormatDirectiveFixes(t *testing.T) {
	cases := []struct{ ctl, args, want string }{
		{"~{~\n~}|", "(nil)", "|"},
		{"~{~0,v,v^~A~}", "((100000000000000000000 9223372036854775807 1))", "1"},
		{"~{~0,v,v^~A~}", "((5 6 1))", ""},
		{"~vR|~vR", "(2 3 16 255)", "11|FF"},
		{"~v,,2A|", "(-4 \"ABC\")", "ABC  |"},
		// ~:@> puts a fill newline after the blanks inside ~{...~} too.
		{"~:@<~@{~A~^ ~}~:@>", "(1 2 3)", "(1 2 3)"},
		// A lone justified segment takes no minpad; none at all is empty.
		{"~10,,3<~A~>|~2,,3<~A~>", "(\"abc\" \"abc\")", "       abc|abc"},
		{"~<XXXXXX~^~>", "()", ""},
	}
	for _, c := range cases {
		e := newEnv(t)
		args := rt.ListToSlice(e.read(c.args))
		got := printer.Format(e.th, rt.NIL, rt.NewString(c.ctl), args)
		assert.Equal(t, c.want, got.(*rt.String).String(), "format %q %s", c.ctl, c.args)
	}
}

// CLHS 22.3.5.2: the pretty printer's directives cannot be mixed with
// justification (SBCL's texts).
func TestFormatJustificationMisuse(t *testing.T) {
	cases := []struct{ ctl, want string }{
		{"~< ~W ~>", "error in FORMAT: 1 illegal directive found inside justification block\n  ~< ~W ~>\n   ^\nSee also:\n  The ANSI Standard, Section 22.3.5.2"},
		{"~<~_~I~>", "error in FORMAT: 2 illegal directives found inside justification block\n  ~<~_~I~>\n   ^\nSee also:\n  The ANSI Standard, Section 22.3.5.2"},
		{"~w~<X~:;Y~>", "error in FORMAT: Misuse of justification and pprint directives\n  ~w~<X~:;Y~>\n   ^     ^\nSee also:\n  The ANSI Standard, Section 22.3.5.2"},
		{"~<a~Tb~>", ""},
		{"~<~@{~W~}~:>", ""},
	}
	for _, c := range cases {
		e := newEnv(t)
		assert.Equal(t, c.want, formatErrorText(e, c.ctl, rt.NIL), "format %q", c.ctl)
	}
}
