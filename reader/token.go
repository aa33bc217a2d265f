package reader

import (
	"unicode/utf8"

	rt "github.com/golem-lisp/golem/runtime"
)

// scanToken accumulates a token (CLHS 2.2 steps 8-10) starting with c of
// syntax syn into ctx.buf/ctx.esc. The terminating character is unread. It
// reports whether the token ended at end of file, and sets ctx.upper.
func (ctx *readCtx) scanToken(th *rt.Thread, s rt.Stream, tab *Readtable, c rune, syn SyntaxType) bool {
	ctx.buf, ctx.esc = ctx.buf[:0], ctx.esc[:0]
	ctx.anyEsc, ctx.lastMulti = false, -1
	multi := false
	check := !suppressed(th)
	// The run of constituents a token mostly is, read straight from a
	// string stream's characters; upper tells whether they were all
	// upper case ASCII (or not letters), which the case conversion then
	// leaves alone.
	upper := true
	ctx.upper = false
	if ss, ok := s.(*rt.StringInputStream); ok && ss.Pos <= ss.End && ss.End <= len(ss.R) &&
		(syn == Constituent || syn == NonTerminatingMacro) {
		if check && syn == Constituent && invalidTrait(c) {
			readerError(th, s, "invalid constituent "+charDesc(c))
		}
		if c >= 'a' {
			upper = c > 'z' && c < utf8.RuneSelf
		}
		ctx.add(c, false)
		rest := ss.R[ss.Pos:ss.End]
		n := 0
		for ; n < len(rest); n++ {
			c = rest[n]
			syn = tab.entry(c).syn
			if syn != Constituent && syn != NonTerminatingMacro {
				break
			}
			if check && syn == Constituent && invalidTrait(c) {
				ss.Pos += n + 1
				readerError(th, s, "invalid constituent "+charDesc(c))
			}
			if c >= 'a' {
				upper = upper && c > 'z' && c < utf8.RuneSelf
			}
		}
		ctx.buf = append(ctx.buf, rest[:n]...)
		ctx.esc = append(ctx.esc, make([]bool, n)...)
		ss.Pos += n
		if n == len(rest) {
			ctx.upper = upper
			return true
		}
		ss.Pos++ // c, read
		if syn == Whitespace || syn == TerminatingMacro {
			s.UnreadChar(c)
			ctx.upper = upper
			return false
		}
	}
	for {
		if multi {
			switch syn {
			case SingleEscape:
				ctx.add(mustReadChar(th, s), true)
			case MultipleEscape:
				multi = false
			default:
				ctx.add(c, true)
			}
		} else {
			switch syn {
			case Constituent, NonTerminatingMacro:
				if check && syn == Constituent && invalidTrait(c) {
					readerError(th, s, "invalid constituent "+charDesc(c))
				}
				ctx.add(c, false)
			case SingleEscape:
				ctx.anyEsc = true
				ctx.add(mustReadChar(th, s), true)
			case MultipleEscape:
				multi = true
				ctx.anyEsc = true
				ctx.lastMulti = len(ctx.buf)
			case Invalid:
				if check {
					readerError(th, s, "invalid character "+charDesc(c))
				}
			default: // whitespace or terminating macro
				s.UnreadChar(c)
				return false
			}
		}
		var ok bool
		c, ok = s.ReadChar()
		if !ok {
			if multi {
				eofError(th, s)
			}
			return true
		}
		syn = tab.entry(c).syn
	}
}

func (ctx *readCtx) add(c rune, escaped bool) {
	ctx.buf = append(ctx.buf, c)
	ctx.esc = append(ctx.esc, escaped)
}

// readToken reads a token starting with c and interprets it.
func readToken(th *rt.Thread, s rt.Stream, ctx *readCtx, tab *Readtable, c rune, syn SyntaxType) (rt.Value, int) {
	eof := ctx.scanToken(th, s, tab, c, syn)
	if suppressed(th) {
		return rt.NIL, kObj
	}
	buf := ctx.buf
	if !ctx.anyEsc {
		dots := true
		for _, r := range buf {
			if r != '.' {
				dots = false
				break
			}
		}
		if dots {
			if len(buf) == 1 {
				return nil, kDot
			}
			readerError(th, s, "too many dots")
		}
		if v, ok, msg := parseNumber(th, buf, readBase(th), defaultDouble(th)); ok {
			if msg != "" {
				readerError(th, s, msg)
			}
			return v, kObj
		}
	}
	if !ctx.upper || tab.Case != CaseUpcase {
		applyCase(tab.Case, buf, ctx.esc)
	}
	return makeSymbol(th, s, ctx, eof), kObj
}

// applyCase converts the unescaped characters of a token per the readtable case.
func applyCase(mode CaseMode, buf []rune, esc []bool) {
	switch mode {
	case CaseUpcase:
		for i, r := range buf {
			if !esc[i] {
				buf[i] = upcase(r)
			}
		}
	case CaseDowncase:
		for i, r := range buf {
			if !esc[i] {
				buf[i] = downcase(r)
			}
		}
	case CaseInvert:
		upper, lower := false, false
		for i, r := range buf {
			if !esc[i] {
				upper = upper || isUpper(r)
				lower = lower || isLower(r)
			}
		}
		if upper == lower {
			return
		}
		for i, r := range buf {
			if !esc[i] {
				if upper {
					buf[i] = downcase(r)
				} else {
					buf[i] = upcase(r)
				}
			}
		}
	}
}

// utf8 returns the UTF-8 text of runes in ctx.text, which the next call
// reuses.
func (ctx *readCtx) utf8(runes []rune) []byte {
	if cap(ctx.text) < len(runes) {
		ctx.text = make([]byte, 0, 2*len(runes))
	}
	b := ctx.text[:len(runes)]
	for i, r := range runes {
		if r >= utf8.RuneSelf {
			// Not ASCII: from here on, one rune may take several bytes.
			b = b[:i]
			for _, r := range runes[i:] {
				b = utf8.AppendRune(b, r)
			}
			break
		}
		b[i] = byte(r)
	}
	ctx.text = b
	return b
}

// nextColon returns the index of the first unescaped colon at or after i, or -1.
func (ctx *readCtx) nextColon(i int) int {
	for ; i < len(ctx.buf); i++ {
		if ctx.buf[i] == ':' && !ctx.esc[i] {
			return i
		}
	}
	return -1
}

// makeSymbol turns the case-converted token in ctx into a symbol, resolving
// package markers.
func makeSymbol(th *rt.Thread, s rt.Stream, ctx *readCtx, eof bool) rt.Value {
	buf := ctx.buf
	img := th.Img
	i := ctx.nextColon(0)
	if i < 0 {
		sym, _ := img.CurrentPackage().InternBytes(ctx.utf8(buf))
		return sym
	}
	j := i + 1
	internal := false
	if j < len(buf) && buf[j] == ':' && !ctx.esc[j] {
		internal = true
		j++
	}
	if k := ctx.nextColon(j); k >= 0 {
		readerError(th, s, "too many colons in "+quoteString(string(buf[j:k])))
	}
	if j == len(buf) && ctx.lastMulti < j {
		if eof {
			eofError(th, s)
		}
		readerError(th, s, "illegal terminating character after a colon")
	}
	if i == 0 {
		sym, _ := img.Keyword.InternBytes(ctx.utf8(buf[j:]))
		return sym
	}
	name := string(buf[j:])
	pname := string(buf[:i])
	p := img.FindPackage(pname)
	if p == nil {
		readerError(th, s, "Package "+pname+" does not exist.")
	}
	if p == img.Keyword {
		sym, _ := p.Intern(name)
		return sym
	}
	if internal {
		sym, st := p.FindSymbol(name)
		if st == rt.StatusNone {
			if p.Locked {
				th.PackageError(p, "Lock on package "+p.Name+" violated when interning "+name+
					" while in package "+img.CurrentPackage().Name+"."+locationSuffix(th, s))
			}
			sym, _ = p.Intern(name)
		}
		return sym
	}
	sym, st := p.FindSymbol(name)
	switch st {
	case rt.StatusExternal:
		return sym
	case rt.StatusNone:
		readerError(th, s, "Symbol "+quoteString(name)+" not found in the "+p.Name+" package.")
	}
	readerError(th, s, "The symbol "+quoteString(name)+" is not external in the "+p.Name+" package.")
	return nil
}

// quoteString renders s as a Lisp string literal.
func quoteString(s string) string {
	out := make([]byte, 0, len(s)+2)
	out = append(out, '"')
	for i := 0; i < len(s); i++ {
		if s[i] == '"' || s[i] == '\\' {
			out = append(out, '\\')
		}
		out = append(out, s[i])
	}
	return string(append(out, '"'))
}

func readBase(th *rt.Thread) int {
	if n, ok := th.Img.S.ReadBase.Value.(rt.Fixnum); ok && n >= 2 && n <= 36 {
		return int(n)
	}
	return 10
}

func defaultDouble(th *rt.Thread) bool {
	v := th.Img.S.ReadDefaultFloatFormat.Value
	return v == th.Img.S.DoubleFloat || v == th.Img.S.LongFloat
}
