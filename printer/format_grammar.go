package printer

import (
	"errors"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	rt "github.com/golem-lisp/golem/runtime"
)

// The grammar of FORMAT control strings (CLHS 22.3): literal text and
// directives, each a tilde, comma-separated parameters, the : and @
// modifiers and the directive character (or a ~/name/ call). Participle
// parses a control string into a flat list of directives; buildFormatTree
// then nests the compound directives (~( ~[ ~{ ~<) into the tree FORMAT
// interprets, checking what the grammar leaves to the directives.

// formatLexer splits a control string into text runs and the parts of a
// directive: after a tilde the lexer is in the Dir state until the
// directive character (or the /name/ of ~/name/) ends it.
func formatLexer() *lexer.StatefulDefinition {
	return lexer.MustStateful(lexer.Rules{
		"Root": {
			{Name: "Text", Pattern: `[^~]+`},
			{Name: "Tilde", Pattern: `~`, Action: lexer.Push("Dir")},
		},
		"Dir": {
			{Name: "Char", Pattern: `'(?s:.)`},
			{Name: "Int", Pattern: `[+-]?[0-9]+|[+-]`},
			{Name: "Arg", Pattern: `[vV]`},
			{Name: "Count", Pattern: `#`},
			{Name: "Comma", Pattern: `,`},
			{Name: "Mod", Pattern: `[:@]`},
			{Name: "Name", Pattern: `/[^/]*/`, Action: lexer.Pop()},
			{Name: "Op", Pattern: `(?s:.)`, Action: lexer.Pop()},
		},
	})
}

// formatAST is a parsed control string: text runs and directives in order.
type formatAST struct {
	Items []*formatItem `parser:"@@*"`
}

type formatItem struct {
	Text  *string          `parser:"@Text"`
	Tilde *lexer.Token     `parser:"| @Tilde"`
	Dir   *formatDirective `parser:"@@"`
}

// formatDirective is one directive after its tilde. Empty parameters
// (~,5A) are the commas with no value.
type formatDirective struct {
	First *formatParam   `parser:"@@?"`
	Rest  []*formatComma `parser:"@@*"`
	Mods  []*formatMod   `parser:"@@*"`
	Bad   *formatParam   `parser:"@@?"`
	Op    lexer.Token    `parser:"@(Name | Op)"`
}

// formatMod is a : or @ modifier.
type formatMod struct {
	Pos   lexer.Position
	Value string `parser:"@Mod"`
}

type formatComma struct {
	Comma lexer.Token  `parser:"@Comma"`
	Value *formatParam `parser:"@@?"`
}

type formatParam struct {
	Pos   lexer.Position
	Char  *string `parser:"@Char"`
	Int   *string `parser:"| @Int"`
	Arg   bool    `parser:"| @Arg"`
	Count bool    `parser:"| @Count"`
}

// formatParser is the grammar with its lexer's Name token type.
type formatParser struct {
	*participle.Parser[formatAST]
	nameType lexer.TokenType
}

// formatGrammar is built on the first FORMAT, not at process start: it
// costs about 180 KB of allocation, which every `golem` start would pay.
// The parser is immutable once built and safe to share.
var formatGrammar = sync.OnceValue(func() formatParser {
	lx := formatLexer()
	return formatParser{
		Parser:   participle.MustBuild[formatAST](participle.Lexer(lx), participle.UseLookahead(2)),
		nameType: lx.Symbols()["Name"],
	}
})

// compileFormat parses ctl into the directive tree, signalling a FORMAT
// error with SBCL's text and a caret under the offending position.
func compileFormat(th *rt.Thread, ctl string) []fnode {
	flat := lexFormat(th, ctl)
	b := &treeBuilder{th: th, ctl: ctl, flat: flat}
	nodes, closing := b.seq(0)
	if closing != nil {
		switch closing.dir {
		case ')':
			b.fail(closing.pos, "no corresponding open paren")
		case ']':
			b.fail(closing.pos, "No corresponding open bracket")
		case '}':
			b.fail(closing.pos, "No corresponding open brace")
		case '>':
			b.fail(closing.start, "~> without a matching ~<")
		case ';':
			b.fail(closing.pos, "~; not contained within either ~[...~] or ~<...~>")
		}
	}
	checkJustification(th, ctl, nodes)
	return nodes
}

// checkJustification enforces CLHS 22.3.5.2: no ~W, ~_, ~I, ~:T or
// ~<...~:> inside a justification ~<...~>, nor anywhere in a control
// string where a justification has a ~:; clause (SBCL's texts).
func checkJustification(th *rt.Thread, ctl string, nodes []fnode) {
	var firstPP, firstSep = -1, -1
	var walk func(nodes []fnode)
	walk = func(nodes []fnode) {
		for i := range nodes {
			d := &nodes[i]
			if isPrettyDirective(d) && firstPP < 0 {
				firstPP = d.pos
			}
			if d.dir == '<' && !d.closeColon {
				if n := countPretty(d.clauses); n > 0 {
					msg := strconv.Itoa(n) + " illegal directive"
					if n > 1 {
						msg += "s"
					}
					formatError(th, ctl, d.pos, msg+" found inside justification block"+formatSeeAlsoJustify)
				}
				for _, c := range d.sepColon {
					if c && firstSep < 0 {
						firstSep = d.sepPos
					}
				}
			}
			if d.dir == '<' && d.closeColon {
				continue
			}
			for _, c := range d.clauses {
				walk(c)
			}
		}
	}
	walk(nodes)
	if firstPP >= 0 && firstSep >= 0 {
		formatErrorAt(th, ctl, []int{min(firstPP, firstSep), max(firstPP, firstSep)},
			"Misuse of justification and pprint directives"+formatSeeAlsoJustify)
	}
}

// isPrettyDirective reports whether d is one of the pretty printer's
// directives FORMAT's justification cannot be mixed with.
func isPrettyDirective(d *fnode) bool {
	switch d.dir {
	case 'W', '_', 'I':
		return true
	case 'T':
		return d.colon
	case '<':
		return d.closeColon
	}
	return false
}

// countPretty counts the pretty printer directives in clauses (a logical
// block counts once).
func countPretty(clauses [][]fnode) int {
	n := 0
	for _, c := range clauses {
		for i := range c {
			d := &c[i]
			if isPrettyDirective(d) {
				n++
			}
			if d.dir != '<' || !d.closeColon {
				n += countPretty(d.clauses)
			}
		}
	}
	return n
}

// runeIndex converts a byte offset of s to a character index.
func runeIndex(s string, off int) int {
	if off > len(s) {
		off = len(s)
	}
	for i := 0; i < off; i++ {
		if s[i] >= utf8.RuneSelf {
			return utf8.RuneCountInString(s[:off])
		}
	}
	return off
}

// lexFormat parses ctl with the grammar into a flat list of nodes.
func lexFormat(th *rt.Thread, ctl string) []fnode {
	ast, err := formatGrammar().ParseString("", ctl)
	if err != nil {
		formatSyntaxError(th, ctl, err)
	}
	pos := func(off int) int { return runeIndex(ctl, off) }
	var nodes []fnode
	skipSpace := false
	for _, it := range ast.Items {
		if it.Text != nil {
			text := *it.Text
			if skipSpace {
				text = strings.TrimLeftFunc(text, func(r rune) bool { return r != '\n' && unicode.IsSpace(r) })
				skipSpace = false
			}
			if text != "" {
				nodes = append(nodes, fnode{text: text})
			}
			continue
		}
		skipSpace = false
		start := pos(it.Tilde.Pos.Offset)
		d := it.Dir
		n := fnode{start: start}
		if d.First != nil {
			n.params = append(n.params, formatParamNode(th, ctl, d.First, pos))
		} else if len(d.Rest) > 0 {
			n.params = append(n.params, fparam{kind: pNone, pos: start + 1})
		}
		for _, c := range d.Rest {
			if c.Value != nil {
				n.params = append(n.params, formatParamNode(th, ctl, c.Value, pos))
			} else {
				n.params = append(n.params, fparam{kind: pNone, pos: pos(c.Comma.Pos.Offset) + 1})
			}
		}
		for _, m := range d.Mods {
			if m.Value == ":" {
				if n.colon {
					formatError(th, ctl, pos(m.Pos.Offset), "Too many colons supplied"+formatSeeAlso)
				}
				n.colon = true
			} else {
				if n.at {
					formatError(th, ctl, pos(m.Pos.Offset), "Too many #\\@ characters supplied"+formatSeeAlso)
				}
				n.at = true
			}
		}
		if d.Bad != nil {
			formatError(th, ctl, pos(d.Bad.Pos.Offset), "Parameters found after #\\: or #\\@ modifier"+formatSeeAlso)
		}
		op := d.Op.Value
		n.pos = pos(d.Op.Pos.Offset)
		if op == "'" {
			// A quote the Char token did not take ends the string.
			formatError(th, ctl, start, "String ended before directive was found")
		}
		if d.Op.Type == formatGrammar().nameType {
			n.dir = '/'
			n.name = op[1 : len(op)-1]
		} else {
			c, _ := utf8.DecodeRuneInString(op)
			n.dir = unicode.ToUpper(c)
			if c == '/' {
				formatError(th, ctl, n.pos, "No matching closing slash")
			}
			if !knownDirective(n.dir) {
				formatError(th, ctl, n.pos, "Unknown format directive (character: "+rt.CharName(rt.CharUpcase(c))+")")
			}
		}
		if n.dir == '\n' {
			// ~<newline> ignores the newline and, without a colon, the
			// whitespace that follows; with an at-sign it keeps the newline.
			if n.at {
				nodes = append(nodes, fnode{text: "\n"})
			}
			skipSpace = !n.colon
			continue
		}
		nodes = append(nodes, n)
	}
	return nodes
}

// formatSeeAlso ends the messages SBCL gives a reference to the standard.
const formatSeeAlso = "\x00See also:\n  The ANSI Standard, Section 22.3"

// formatSeeAlsoJustify ends the messages about justification.
const formatSeeAlsoJustify = formatSeeAlso + ".5.2"

// formatParamNode converts a parsed parameter.
func formatParamNode(th *rt.Thread, ctl string, p *formatParam, pos func(int) int) fparam {
	prm := fparam{pos: pos(p.Pos.Offset)}
	switch {
	case p.Char != nil:
		c, _ := utf8.DecodeRuneInString((*p.Char)[1:])
		prm.kind, prm.c = pChar, c
	case p.Arg:
		prm.kind = pArg
	case p.Count:
		prm.kind = pCount
	case p.Int != nil:
		s := *p.Int
		prm.kind = pInt
		switch s {
		case "+", "-":
			// SBCL reads a lone sign as zero.
			return prm
		}
		n, err := strconv.Atoi(s)
		if err != nil {
			// Out of range: clamp, as no sensible program depends on it.
			if strings.HasPrefix(s, "-") {
				n = -(1 << 40)
			} else {
				n = 1 << 40
			}
		}
		prm.n = n
	}
	return prm
}

// formatSyntaxError reports a control string the grammar rejects: the
// only way is a directive cut off by the end of the string (SBCL's
// "String ended before directive was found", the caret under its tilde).
func formatSyntaxError(th *rt.Thread, ctl string, err error) {
	off := len(ctl)
	var perr participle.Error
	if errors.As(err, &perr) {
		off = perr.Position().Offset
	}
	tilde := strings.LastIndexByte(ctl[:min(off, len(ctl))], '~')
	if tilde < 0 {
		tilde = 0
	}
	formatError(th, ctl, runeIndex(ctl, tilde), "String ended before directive was found")
}

// treeBuilder nests the compound directives of a flat node list.
type treeBuilder struct {
	th   *rt.Thread
	ctl  string
	flat []fnode
	i    int
}

func (b *treeBuilder) fail(pos int, msg string) { formatError(b.th, b.ctl, pos, msg) }

// seq collects nodes until a closing or separator directive (returned) or
// the end (nil).
func (b *treeBuilder) seq(depth int) ([]fnode, *fnode) {
	if depth > 200 {
		b.fail(b.flat[max(b.i-1, 0)].pos, "Directives nested too deeply")
	}
	var nodes []fnode
	for b.i < len(b.flat) {
		d := b.flat[b.i]
		b.i++
		switch d.dir {
		case ')', ']', '}', '>', ';':
			return nodes, &d
		case '(', '[', '{', '<':
			b.compound(&d, depth)
		}
		nodes = append(nodes, d)
	}
	return nodes, nil
}

// compound fills the clauses of ~( ~[ ~{ ~<.
func (b *treeBuilder) compound(d *fnode, depth int) {
	var closer rune
	switch d.dir {
	case '(':
		closer = ')'
	case '[':
		closer = ']'
	case '{':
		closer = '}'
	default:
		closer = '>'
	}
	for {
		nodes, end := b.seq(depth + 1)
		d.clauses = append(d.clauses, nodes)
		if end == nil {
			b.noClose(d)
		}
		if end.dir == ';' {
			if d.dir == '(' || d.dir == '{' {
				b.fail(end.pos, "~; not contained within either ~[...~] or ~<...~>")
			}
			if end.colon && len(d.sepColon) == 0 {
				d.sepParams = end.params
				d.sepPos = end.pos
			}
			d.sepColon = append(d.sepColon, end.colon)
			d.sepAt = append(d.sepAt, end.at)
			continue
		}
		if end.dir != closer {
			if end.dir == '>' {
				b.fail(end.start, "~> without a matching ~<")
			}
			b.noClose(d)
		}
		d.closeColon, d.closeAt = end.colon, end.at
		d.emptyBody = len(d.clauses) == 1 && end.start == d.pos+1
		return
	}
}

// noClose reports a compound directive left open, with SBCL's texts (which
// call the close of ~< a bracket too).
func (b *treeBuilder) noClose(d *fnode) {
	switch d.dir {
	case '(':
		b.fail(d.pos, "No corresponding close paren")
	case '{':
		b.fail(d.pos, "No corresponding close brace")
	default:
		b.fail(d.pos, "No corresponding close bracket")
	}
}
