package main

import (
	"sort"
	"strings"
	"sync/atomic"
	"unicode"

	"github.com/golem-lisp/golem"
	rt "github.com/golem-lisp/golem/runtime"
)

// symbolCompleter completes symbol names at the REPL prompt (Tab),
// package-aware: "mak" offers the symbols accessible in the current
// package, "pkg:" the external symbols of PKG and "pkg::" all its present
// symbols, and a prefix naming no symbol may complete to a package name.
// It reads the image only while no evaluation runs (idle is true).
type symbolCompleter struct {
	in   *golem.Interpreter
	idle *atomic.Bool
}

// tokenBreak reports whether c ends a symbol token for completion.
func tokenBreak(c rune) bool {
	return unicode.IsSpace(c) || strings.ContainsRune("()'`,\";", c)
}

// Do implements readline.AutoCompleter: the candidates' remaining text
// after the prefix before the cursor, and the prefix's length.
func (c *symbolCompleter) Do(line []rune, pos int) ([][]rune, int) {
	if !c.idle.Load() {
		return nil, 0
	}
	start := pos
	for start > 0 && !tokenBreak(line[start-1]) {
		start--
	}
	prefix := string(line[start:pos])
	if strings.HasPrefix(prefix, "#'") {
		prefix = prefix[2:]
	}
	if prefix == "" {
		return nil, 0
	}
	names := completions(c.in.Image(), prefix)
	lower := strings.ToLower(prefix) == prefix
	out := make([][]rune, 0, len(names))
	for _, n := range names {
		if lower {
			n = strings.ToLower(n)
		}
		out = append(out, []rune(n[len(prefix):]))
	}
	return out, len([]rune(prefix))
}

// completions lists the names, qualified as prefix is, that complete
// prefix (compared without case): sorted, without duplicates.
func completions(img *rt.Image, prefix string) []string {
	up := strings.ToUpper(prefix)
	seen := map[string]bool{}
	add := func(name string) {
		if strings.HasPrefix(strings.ToUpper(name), up) && !seen[name] {
			seen[name] = true
		}
	}
	if i := strings.IndexByte(up, ':'); i >= 0 {
		pkgName, rest := up[:i], up[i+1:]
		internal := strings.HasPrefix(rest, ":")
		qual := prefix[:i+1]
		if internal {
			qual = prefix[:i+2]
		}
		p := img.Keyword
		if pkgName != "" {
			p = img.FindPackage(pkgName)
		}
		if p == nil {
			return nil
		}
		syms := p.ExternalSymbols()
		if internal {
			syms = append(syms, p.PresentSymbols()...)
		}
		for _, s := range syms {
			add(qual + s.Name)
		}
	} else {
		cur := img.CurrentPackage()
		for _, s := range cur.PresentSymbols() {
			add(s.Name)
		}
		for _, u := range cur.Use {
			for _, s := range u.ExternalSymbols() {
				add(s.Name)
			}
		}
		for _, p := range img.Packages() {
			for _, n := range append([]string{p.Name}, p.Nicknames...) {
				add(n + ":")
			}
		}
	}
	out := make([]string, 0, len(seen))
	for n := range seen {
		// Keep the case the user typed for the prefix.
		out = append(out, prefix+n[len(prefix):])
	}
	sort.Strings(out)
	return out
}

// parenPainter shows the open parenthesis matching the close parenthesis
// just before the cursor, in reverse video, while a line is edited.
type parenPainter struct{}

// Paint implements readline.Painter.
func (parenPainter) Paint(line []rune, pos int) []rune {
	if pos <= 0 || pos > len(line) || line[pos-1] != ')' {
		return line
	}
	open := matchingOpen(line, pos-1)
	if open < 0 {
		return line
	}
	out := make([]rune, 0, len(line)+8)
	out = append(out, line[:open]...)
	out = append(out, []rune("\x1b[7m(\x1b[0m")...)
	out = append(out, line[open+1:]...)
	return out
}

// matchingOpen returns the index of the ( that the ) at close closes, or
// -1, skipping strings, |...| names, character names and comments.
func matchingOpen(line []rune, close int) int {
	var stack []int
	inString, inBar := false, false
	for i := 0; i <= close; i++ {
		c := line[i]
		switch {
		case inString:
			if c == '\\' {
				i++
			} else if c == '"' {
				inString = false
			}
		case inBar:
			if c == '|' {
				inBar = false
			}
		case c == '"':
			inString = true
		case c == '|':
			inBar = true
		case c == '\\':
			i++
		case c == '#' && i+1 < len(line) && line[i+1] == '\\':
			i += 2
		case c == ';':
			return -1
		case c == '(':
			stack = append(stack, i)
		case c == ')':
			if i == close {
				if len(stack) == 0 {
					return -1
				}
				return stack[len(stack)-1]
			}
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		}
	}
	return -1
}
