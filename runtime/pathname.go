package runtime

import (
	"hash/fnv"
	"os"
	"strings"
)

// Pathname is a Lisp pathname (CLHS 19) with Unix namestring syntax as in
// SBCL. Components hold Lisp values: Directory is NIL or a list starting with
// :ABSOLUTE or :RELATIVE whose elements are strings, :WILD, :WILD-INFERIORS,
// :UP, :BACK, :HOME or patterns; Name and Type are NIL, a string, :WILD,
// :UNSPECIFIC or a *PathPattern; Version is NIL, :NEWEST, :WILD or an integer.
// Host and Device are always NIL (Unix has neither).
type Pathname struct {
	Host, Device Value
	Directory    Value
	Name, Type   Value
	Version      Value
}

// LispType implements LispTyped.
func (p *Pathname) LispType() string {
	if p.IsLogical() {
		return "LOGICAL-PATHNAME"
	}
	return "PATHNAME"
}

// PathPattern is a name, type or directory component with wildcards inside
// it ("foo*", "a?c"): literal pieces and '*' / '?' wildcards.
type PathPattern struct {
	Pieces []PatternPiece
}

// PatternPiece is one piece of a PathPattern: literal text, or a wildcard
// when Wild is '*' (any run of characters) or '?' (one character).
type PatternPiece struct {
	Lit  string
	Wild rune
}

// PrintLisp prints a pattern the way SBCL does: #<SB-IMPL::PATTERN "b" :MULTI-CHAR-WILD>.
func (pp *PathPattern) PrintLisp(th *Thread, s Stream) {
	if th.SymbolValue(th.Img.S.PrintReadably) != NIL {
		th.Error(th.MakeCondition("PRINT-NOT-READABLE", th.Img.Kw("OBJECT"), pp))
	}
	var b strings.Builder
	if th.SymbolValue(th.Img.S.PrintEscape) != NIL {
		b.WriteString("#<SB-IMPL::PATTERN")
	} else {
		b.WriteString("#<PATTERN")
	}
	for _, pc := range pp.Pieces {
		switch pc.Wild {
		case '*':
			b.WriteString(" :MULTI-CHAR-WILD")
		case '?':
			b.WriteString(" :SINGLE-CHAR-WILD")
		default:
			b.WriteString(" " + quoteLispString(pc.Lit))
		}
	}
	b.WriteString(">")
	s.WriteString(b.String())
}

// LispEqual implements Equaler.
func (pp *PathPattern) LispEqual(other Value) bool {
	o, ok := other.(*PathPattern)
	if !ok || len(o.Pieces) != len(pp.Pieces) {
		return false
	}
	for i := range pp.Pieces {
		if pp.Pieces[i] != o.Pieces[i] {
			return false
		}
	}
	return true
}

// LispHash implements Equaler.
func (pp *PathPattern) LispHash() uint64 {
	h := fnv.New64a()
	h.Write([]byte(pp.text()))
	return h.Sum64()
}

// text returns the pattern in namestring syntax.
func (pp *PathPattern) text() string {
	var b strings.Builder
	for _, pc := range pp.Pieces {
		if pc.Wild != 0 {
			b.WriteRune(pc.Wild)
		} else {
			b.WriteString(escapeComponent(pc.Lit, false))
		}
	}
	return b.String()
}

// match reports whether s matches the pattern and returns the text matched
// by each wildcard, in order.
func (pp *PathPattern) match(s string) ([]string, bool) {
	return matchPieces(pp.Pieces, []rune(s), nil)
}

func matchPieces(pieces []PatternPiece, s []rune, caps []string) ([]string, bool) {
	if len(pieces) == 0 {
		return caps, len(s) == 0
	}
	pc := pieces[0]
	switch pc.Wild {
	case '?':
		if len(s) == 0 {
			return nil, false
		}
		return matchPieces(pieces[1:], s[1:], append(caps, string(s[0])))
	case '*':
		for i := 0; i <= len(s); i++ {
			if c, ok := matchPieces(pieces[1:], s[i:], append(caps[:len(caps):len(caps)], string(s[:i]))); ok {
				return c, true
			}
		}
		return nil, false
	}
	lit := []rune(pc.Lit)
	if len(s) < len(lit) || string(s[:len(lit)]) != pc.Lit {
		return nil, false
	}
	return matchPieces(pieces[1:], s[len(lit):], caps)
}

func quoteLispString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		if r == '"' || r == '\\' {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	b.WriteByte('"')
	return b.String()
}

// --- keywords ---

func kwName(v Value) string {
	if s, ok := v.(*Symbol); ok && IsKeyword(s) {
		return s.Name
	}
	return ""
}

func isWildComponent(v Value) bool {
	switch x := v.(type) {
	case *PathPattern:
		return true
	case *Symbol:
		return IsKeyword(x) && (x.Name == "WILD" || x.Name == "WILD-INFERIORS")
	}
	return false
}

// --- parsing ---

// ecomp is a namestring component with its escaped characters marked.
type ecomp struct {
	r   []rune
	esc []bool
}

func (c ecomp) plain() string { return string(c.r) }

// is reports whether the component is exactly lit with no escapes.
func (c ecomp) is(lit string) bool {
	if string(c.r) != lit {
		return false
	}
	for _, e := range c.esc {
		if e {
			return false
		}
	}
	return true
}

func (c ecomp) hasWild() bool {
	for i, r := range c.r {
		if (r == '*' || r == '?') && !c.esc[i] {
			return true
		}
	}
	return false
}

func (c ecomp) slice(a, b int) ecomp { return ecomp{c.r[a:b], c.esc[a:b]} }

// component converts a parsed name, type or directory element to its value.
func (c ecomp) component(img *Image) Value {
	if c.is("*") {
		return img.Kw("WILD")
	}
	if c.hasWild() {
		pp := &PathPattern{}
		var lit []rune
		flush := func() {
			if len(lit) > 0 {
				pp.Pieces = append(pp.Pieces, PatternPiece{Lit: string(lit)})
				lit = nil
			}
		}
		for i, r := range c.r {
			if (r == '*' || r == '?') && !c.esc[i] {
				flush()
				if r == '*' && len(pp.Pieces) > 0 && pp.Pieces[len(pp.Pieces)-1].Wild == '*' {
					continue
				}
				pp.Pieces = append(pp.Pieces, PatternPiece{Wild: r})
				continue
			}
			lit = append(lit, r)
		}
		flush()
		return pp
	}
	return NewString(c.plain())
}

// ParseNamestring parses a Unix namestring the way SBCL does: '/' separates
// directories, the last unescaped '.' not at the start separates name and
// type, '*', '?' and '**' are wildcards, '..' is :UP, a leading '~/' is the
// home directory, and '\' escapes the next character.
func ParseNamestring(img *Image, s string) *Pathname {
	var comps []ecomp
	cur := ecomp{}
	rs := []rune(s)
	absolute := false
	home := false
	i := 0
	if len(rs) > 0 && rs[0] == '/' {
		absolute = true
	} else if len(rs) > 0 && rs[0] == '~' && (len(rs) == 1 || rs[1] == '/') {
		absolute, home = true, true
		i = 1
	}
	for ; i < len(rs); i++ {
		r := rs[i]
		if r == '\\' && i+1 < len(rs) {
			i++
			cur.r = append(cur.r, rs[i])
			cur.esc = append(cur.esc, true)
			continue
		}
		if r == '/' {
			comps = append(comps, cur)
			cur = ecomp{}
			continue
		}
		cur.r = append(cur.r, r)
		cur.esc = append(cur.esc, false)
	}
	file := cur
	p := &Pathname{Host: NIL, Device: NIL, Directory: NIL, Name: NIL, Type: NIL, Version: NIL}
	var dir []Value
	if home {
		dir = append(dir, img.Kw("HOME"))
	}
	for _, c := range comps {
		switch {
		case len(c.r) == 0:
			continue
		case c.is("**"):
			dir = append(dir, img.Kw("WILD-INFERIORS"))
		case c.is(".."):
			dir = append(dir, img.Kw("UP"))
		default:
			dir = append(dir, c.component(img))
		}
	}
	switch {
	case absolute:
		p.Directory = NewCons(img.Kw("ABSOLUTE"), List(dir...))
	case len(dir) > 0:
		p.Directory = NewCons(img.Kw("RELATIVE"), List(dir...))
	}
	if len(file.r) > 0 {
		dot := -1
		for j := len(file.r) - 1; j > 0; j-- {
			if file.r[j] == '.' && !file.esc[j] {
				dot = j
				break
			}
		}
		if dot > 0 {
			p.Name = file.slice(0, dot).component(img)
			p.Type = file.slice(dot+1, len(file.r)).component(img)
		} else {
			p.Name = file.component(img)
		}
		p.Version = img.Kw("NEWEST")
	}
	return p
}

// ParseNativePath makes a pathname from a host file name with no escape or
// wildcard syntax; dir says the name is a directory (its last element goes
// into the directory list).
func ParseNativePath(img *Image, path string, dir bool) *Pathname {
	p := &Pathname{Host: NIL, Device: NIL, Directory: NIL, Name: NIL, Type: NIL, Version: NIL}
	parts := strings.Split(path, "/")
	file := ""
	if !dir {
		file = parts[len(parts)-1]
		parts = parts[:len(parts)-1]
	}
	var comps []Value
	for _, c := range parts {
		switch c {
		case "":
			continue
		case "..":
			comps = append(comps, img.Kw("UP"))
		default:
			comps = append(comps, NewString(c))
		}
	}
	if strings.HasPrefix(path, "/") {
		p.Directory = NewCons(img.Kw("ABSOLUTE"), List(comps...))
	} else if len(comps) > 0 {
		p.Directory = NewCons(img.Kw("RELATIVE"), List(comps...))
	}
	if file != "" {
		if dot := strings.LastIndexByte(file, '.'); dot > 0 {
			p.Name, p.Type = NewString(file[:dot]), NewString(file[dot+1:])
		} else {
			p.Name = NewString(file)
		}
		p.Version = img.Kw("NEWEST")
	}
	return p
}

// --- unparsing ---

// escapeComponent escapes the characters that would read back as syntax.
// dots says whether '.' must be escaped too (a name without a type).
func escapeComponent(s string, dots bool) string {
	if !strings.ContainsAny(s, "*?\\.[") {
		return s
	}
	var b strings.Builder
	for i, r := range s {
		switch r {
		case '*', '?', '\\', '[':
			b.WriteByte('\\')
		case '.':
			if dots && i > 0 {
				b.WriteByte('\\')
			}
		}
		b.WriteRune(r)
	}
	return b.String()
}

// componentText renders a name, type or directory element; ok is false for
// values that have no namestring.
func componentText(v Value, dots bool) (string, bool) {
	switch x := v.(type) {
	case *String:
		return escapeComponent(x.String(), dots), true
	case *PathPattern:
		return x.text(), true
	case *Symbol:
		switch kwName(x) {
		case "WILD":
			return "*", true
		case "WILD-INFERIORS":
			return "**", true
		case "UP":
			return "..", true
		}
	}
	return "", false
}

// directoryParts returns the directory elements after :ABSOLUTE/:RELATIVE
// with :BACK applied, and whether the directory is absolute.
func directoryParts(dir Value) (parts []Value, absolute bool, ok bool) {
	c, isCons := dir.(*Cons)
	if !isCons {
		return nil, false, true
	}
	absolute = kwName(c.Car) == "ABSOLUTE"
	for _, e := range ListToSlice(c.Cdr) {
		if kwName(e) == "BACK" {
			if len(parts) == 0 {
				return nil, absolute, false
			}
			parts = parts[:len(parts)-1]
			continue
		}
		parts = append(parts, e)
	}
	return parts, absolute, true
}

// directoryNamestring renders the directory part ("/a/b/", "~/x/", "a/").
func (p *Pathname) directoryNamestring() (string, bool) {
	parts, absolute, ok := directoryParts(p.Directory)
	if !ok {
		return "", false
	}
	var b strings.Builder
	if absolute {
		if len(parts) > 0 && kwName(parts[0]) == "HOME" {
			b.WriteString("~/")
			parts = parts[1:]
		} else {
			b.WriteByte('/')
		}
	}
	for _, e := range parts {
		t, ok := componentText(e, false)
		if !ok {
			return "", false
		}
		b.WriteString(t)
		b.WriteByte('/')
	}
	return b.String(), true
}

// fileNamestring renders the name and type ("foo.lisp").
func (p *Pathname) fileNamestring() (string, bool) {
	var b strings.Builder
	hasType := false
	switch t := p.Type.(type) {
	case *String, *PathPattern:
		hasType = true
	case *Symbol:
		hasType = kwName(t) == "WILD"
	}
	if p.Name != NIL && kwName(p.Name) != "UNSPECIFIC" {
		t, ok := componentText(p.Name, !hasType)
		if !ok {
			return "", false
		}
		b.WriteString(t)
	}
	if hasType {
		t, _ := componentText(p.Type, true)
		b.WriteByte('.')
		b.WriteString(t)
	}
	return b.String(), true
}

// Namestring renders p in SBCL's Unix syntax; ok is false when p has no
// namestring (e.g. a relative directory starting with :BACK).
func (p *Pathname) Namestring() (string, bool) {
	if p.IsLogical() {
		return p.logicalNamestring(), true
	}
	d, ok := p.directoryNamestring()
	if !ok {
		return "", false
	}
	f, ok := p.fileNamestring()
	if !ok {
		return "", false
	}
	return d + f, true
}

// IsWild reports whether any component of p is wild.
func (p *Pathname) IsWild() bool {
	if isWildComponent(p.Name) || isWildComponent(p.Type) || kwName(p.Version) == "WILD" {
		return true
	}
	if c, ok := p.Directory.(*Cons); ok {
		for _, e := range ListToSlice(c.Cdr) {
			if isWildComponent(e) {
				return true
			}
		}
	}
	return false
}

// isDirectoryForm reports whether p names a directory (no name and no type).
func (p *Pathname) isDirectoryForm() bool { return p.Name == NIL && p.Type == NIL }

// --- printing and equality ---

// PrintLisp implements the printer's Printable: #P"..." when escaping,
// the namestring otherwise.
func (p *Pathname) PrintLisp(th *Thread, s Stream) {
	ns, ok := p.Namestring()
	readably := th.SymbolValue(th.Img.S.PrintReadably) != NIL
	if readably && ok && !p.IsLogical() && !ParseNamestring(th.Img, ns).LispEqual(p) {
		ok = false // the namestring would read back as another pathname
	}
	if !ok {
		if readably {
			th.Error(th.MakeCondition("PRINT-NOT-READABLE", th.Img.Kw("OBJECT"), p))
		}
		s.WriteString("#<PATHNAME (with no namestring) :HOST NIL :DEVICE " + th.printed(p.Device) +
			" :DIRECTORY " + th.printed(p.Directory) + " :NAME " + th.printed(p.Name) +
			" :TYPE " + th.printed(p.Type) + " :VERSION " + th.printed(p.Version) + ">")
		return
	}
	if readably || th.SymbolValue(th.Img.S.PrintEscape) != NIL {
		s.WriteString("#P" + quoteLispString(ns))
		return
	}
	s.WriteString(ns)
}

// PrintReadably returns the #P"..." form of p.
func (p *Pathname) PrintReadably() string {
	ns, _ := p.Namestring()
	return "#P" + quoteLispString(ns)
}

func componentEqual(a, b Value) bool {
	switch x := a.(type) {
	case *String:
		y, ok := b.(*String)
		return ok && x.String() == y.String()
	case *PathPattern:
		return x.LispEqual(b)
	}
	return Eql(a, b)
}

func versionKey(v Value) Value {
	if kwName(v) == "NEWEST" {
		return NIL
	}
	return v
}

// LispEqual implements Equaler: components compared case-sensitively, with
// versions NIL and :NEWEST treated alike (as SBCL does).
func (p *Pathname) LispEqual(other Value) bool {
	o, ok := other.(*Pathname)
	if !ok {
		return false
	}
	if !componentEqual(p.Host, o.Host) || !componentEqual(p.Name, o.Name) || !componentEqual(p.Type, o.Type) ||
		!componentEqual(p.Device, o.Device) || !Eql(versionKey(p.Version), versionKey(o.Version)) {
		return false
	}
	a, b := ListToSlice(p.Directory), ListToSlice(o.Directory)
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !componentEqual(a[i], b[i]) {
			return false
		}
	}
	return true
}

// LispHash implements Equaler.
func (p *Pathname) LispHash() uint64 {
	h := fnv.New64a()
	add := func(v Value) {
		switch x := v.(type) {
		case *String:
			h.Write([]byte("s" + x.String()))
		case *PathPattern:
			h.Write([]byte("p" + x.text()))
		case *Symbol:
			h.Write([]byte("k" + x.Name))
		}
		h.Write([]byte{0})
	}
	for _, e := range ListToSlice(p.Directory) {
		add(e)
	}
	add(p.Name)
	add(p.Type)
	return h.Sum64()
}

// --- conversion and merging ---

// CopyPathname returns a shallow copy of p.
func (p *Pathname) copy() *Pathname { c := *p; return &c }

// PathnameDesignator converts a pathname designator (pathname, string, file
// stream, or synonym stream to one) to a pathname.
func (th *Thread) PathnameDesignator(v Value) *Pathname {
	switch x := v.(type) {
	case *Pathname:
		return x
	case *String:
		return th.ParsePathnameString(x.String())
	case *FileStream:
		return x.pathname
	case *SynonymStream:
		if t, ok := th.SymbolValue(x.Sym).(Stream); ok {
			if _, isFile := t.(*FileStream); isFile {
				return th.PathnameDesignator(t)
			}
		}
	case *Array:
		if r, ok := th.stringRunes(x); ok {
			return th.ParsePathnameString(string(r))
		}
	}
	c := th.Img.CLSym
	th.TypeError(v, List(th.Img.S.Or, c("STRING"), c("PATHNAME"), c("SYNONYM-STREAM"), c("FILE-STREAM")))
	return nil
}

// DefaultPathnameDefaults returns the value of *default-pathname-defaults* as a pathname.
func (th *Thread) DefaultPathnameDefaults() *Pathname {
	v := th.SymbolValue(th.Img.CLSym("*DEFAULT-PATHNAME-DEFAULTS*"))
	switch x := v.(type) {
	case *Pathname:
		return x
	case *String:
		return ParseNamestring(th.Img, x.String())
	}
	return emptyPathname()
}

func emptyPathname() *Pathname {
	return &Pathname{Host: NIL, Device: NIL, Directory: NIL, Name: NIL, Type: NIL, Version: NIL}
}

// MergePathnames implements MERGE-PATHNAMES (CLHS 19.2.3).
func (th *Thread) MergePathnames(p, defaults *Pathname, defaultVersion Value) *Pathname {
	out := p.copy()
	// golem's physical pathnames have no host: one is never made logical
	// by its defaults, and a logical one keeps its own host.
	if out.Device == NIL {
		out.Device = defaults.Device
	}
	out.Directory = mergeDirectories(p.Directory, defaults.Directory)
	if out.Name == NIL {
		out.Name = defaults.Name
	}
	if out.Type == NIL {
		out.Type = defaults.Type
	}
	if p.Version == NIL {
		if p.Name != NIL || defaults.Version == NIL {
			out.Version = defaultVersion
		} else {
			out.Version = defaults.Version
		}
	}
	if !out.IsLogical() {
		out.Device = NIL
	}
	return out
}

func mergeDirectories(dir, defaults Value) Value {
	c, ok := dir.(*Cons)
	if !ok {
		return defaults
	}
	d, ok := defaults.(*Cons)
	if kwName(c.Car) != "RELATIVE" || !ok {
		return dir
	}
	items := ListToSlice(d)
	for _, e := range ListToSlice(c.Cdr) {
		if kwName(e) == "BACK" && len(items) > 1 {
			last := items[len(items)-1]
			if _, isStr := last.(*String); isStr {
				items = items[:len(items)-1]
				continue
			}
		}
		items = append(items, e)
	}
	return List(items...)
}

// --- matching and translation ---

func componentMatch(v, wild Value) ([]string, bool) {
	switch kwName(wild) {
	case "WILD":
		if s, ok := v.(*String); ok {
			return []string{s.String()}, true
		}
		return []string{""}, true
	}
	if wild == NIL {
		return nil, true
	}
	if pp, ok := wild.(*PathPattern); ok {
		s, isStr := v.(*String)
		if !isStr {
			return nil, false
		}
		return pp.match(s.String())
	}
	return nil, componentEqual(v, wild)
}

// directoryMatch matches directory element lists; captures are the
// elements matched by each :WILD (one) or :WILD-INFERIORS (a list).
func directoryMatch(dir, wild []Value) ([][]Value, bool) {
	if len(wild) == 0 {
		return nil, len(dir) == 0
	}
	w := wild[0]
	if kwName(w) == "WILD-INFERIORS" {
		for i := 0; i <= len(dir); i++ {
			if c, ok := directoryMatch(dir[i:], wild[1:]); ok {
				return append([][]Value{dir[:i]}, c...), true
			}
		}
		return nil, false
	}
	if len(dir) == 0 {
		return nil, false
	}
	caps, ok := componentMatch(dir[0], w)
	if !ok {
		return nil, false
	}
	rest, ok := directoryMatch(dir[1:], wild[1:])
	if !ok {
		return nil, false
	}
	if isWildComponent(w) {
		var cap []Value
		if kwName(w) == "WILD" {
			cap = []Value{dir[0]}
		} else {
			for _, s := range caps {
				cap = append(cap, NewString(s))
			}
		}
		return append([][]Value{cap}, rest...), true
	}
	return rest, true
}

// PathnameMatch implements PATHNAME-MATCH-P: missing components of wild match anything.
func PathnameMatch(p, wild *Pathname) bool {
	if wild.Directory != NIL {
		pd, wd := ListToSlice(p.Directory), ListToSlice(wild.Directory)
		if len(pd) == 0 {
			pd = []Value{nil}
		}
		if kwName(pd[0]) != kwName(wd[0]) {
			return false
		}
		if _, ok := directoryMatch(pd[1:], wd[1:]); !ok {
			return false
		}
	}
	if _, ok := componentMatch(p.Name, wild.Name); !ok {
		return false
	}
	if _, ok := componentMatch(p.Type, wild.Type); !ok {
		return false
	}
	return true
}

// fillComponent fills the wildcards of to with captured text.
func fillComponent(to Value, caps []string, src Value) Value {
	switch x := to.(type) {
	case *Symbol:
		if kwName(x) == "WILD" {
			if isWildComponent(src) {
				return src
			}
			if len(caps) > 0 {
				if _, ok := src.(*String); ok {
					return src
				}
				return NewString(strings.Join(caps, ""))
			}
			return src
		}
	case *PathPattern:
		var b strings.Builder
		i := 0
		for _, pc := range x.Pieces {
			if pc.Wild != 0 {
				if i < len(caps) {
					b.WriteString(caps[i])
					i++
				}
				continue
			}
			b.WriteString(pc.Lit)
		}
		return NewString(b.String())
	}
	if to == NIL {
		return src
	}
	return to
}

// --- builtins ---

func (th *Thread) pathnameComponentKey(v Value, kind string) Value {
	switch x := v.(type) {
	case *String:
		return NewString(x.String())
	case *Array:
		if r, ok := th.stringRunes(x); ok {
			return NewString(string(r))
		}
	case *PathPattern:
		return x
	case *Symbol:
		if x == NIL {
			return NIL
		}
		switch kwName(x) {
		case "WILD", "UNSPECIFIC":
			return x
		}
	}
	c := th.Img.CLSym
	th.TypeError(v, List(th.Img.S.Or, c("STRING"), List(th.Img.S.Member, NIL, th.Img.Kw("UNSPECIFIC"), th.Img.Kw("WILD"))))
	_ = kind
	return nil
}

func (th *Thread) directoryArg(v Value) Value {
	img := th.Img
	switch x := v.(type) {
	case *String:
		return List(img.Kw("ABSOLUTE"), NewString(x.String()))
	case *Symbol:
		switch {
		case x == NIL:
			return NIL
		case kwName(x) == "WILD":
			return List(img.Kw("ABSOLUTE"), img.Kw("WILD-INFERIORS"))
		case kwName(x) == "UNSPECIFIC":
			return NIL
		}
	case *Cons:
		switch kwName(x.Car) {
		case "ABSOLUTE", "RELATIVE":
		default:
			th.SimpleError("List of directory components must start with :ABSOLUTE or :RELATIVE.")
		}
		var b ListBuilder
		b.Add(x.Car)
		for _, e := range ListToSlice(x.Cdr) {
			switch y := e.(type) {
			case *String:
				b.Add(NewString(y.String()))
				continue
			case *PathPattern:
				b.Add(y)
				continue
			case *Symbol:
				switch kwName(y) {
				case "WILD", "WILD-INFERIORS", "UP", "BACK", "HOME":
					b.Add(y)
					continue
				}
			}
			th.SimpleError("~S is not allowed as a directory component.", e)
		}
		return b.List()
	}
	th.TypeError(v, List(th.Img.S.Or, th.Img.S.List, th.Img.S.String, List(th.Img.S.Member, th.Img.Kw("WILD"), th.Img.Kw("UNSPECIFIC"))))
	return nil
}

// caseConvert applies :CASE :COMMON to a string component (all-upper and
// all-lower strings swap case; mixed case is kept).
func caseConvert(v Value) Value {
	s, ok := v.(*String)
	if !ok {
		return v
	}
	t := s.String()
	switch {
	case t == strings.ToUpper(t) && t != strings.ToLower(t):
		return NewString(strings.ToLower(t))
	case t == strings.ToLower(t) && t != strings.ToUpper(t):
		return NewString(strings.ToUpper(t))
	}
	return v
}

func (th *Thread) namestringOrError(p *Pathname) string {
	ns, ok := p.Namestring()
	if !ok {
		th.Error(th.MakeCondition("GOLEM:SIMPLE-FILE-ERROR", th.Img.Kw("PATHNAME"), p,
			th.Img.Kw("FORMAT-CONTROL"), NewString("~S has no namestring"), th.Img.Kw("FORMAT-ARGUMENTS"), List(p)))
	}
	return ns
}

func pathnameDefs() []Def {
	return []Def{
		{Name: "PATHNAME", Min: 1, Max: 1, Params: "(PATHSPEC)", Fn: func(th *Thread, args []Value) Value {
			return th.PathnameDesignator(args[0])
		}},
		{Name: "PATHNAMEP", Min: 1, Max: 1, Params: "(OBJECT)", Fn: func(th *Thread, args []Value) Value {
			_, ok := args[0].(*Pathname)
			return Bool(ok)
		}},
		{Name: "PARSE-NAMESTRING", Min: 1, Max: -1, MV: true,
			Params: "(THING &OPTIONAL HOST (DEFAULTS *DEFAULT-PATHNAME-DEFAULTS*) &KEY (START 0) END JUNK-ALLOWED)",
			Fn: func(th *Thread, args []Value) Value {
				var kw []Value
				if len(args) > 3 {
					kw = th.ParseKeys(args[3:], "START", "END", "JUNK-ALLOWED")
				} else {
					kw = make([]Value, 3)
				}
				host := ""
				if len(args) > 1 && args[1] != NIL {
					host = th.logicalHostArg(args[1])
				} else if len(args) > 2 && args[2] != NIL {
					if d := th.PathnameDesignator(args[2]); d.IsLogical() {
						host = d.Host.(*String).String()
					}
				}
				if rs, ok := th.stringRunes(args[0]); ok {
					a, b := th.seqBounds(len(rs), kw[0], kw[1])
					text := string(rs[a:b])
					if host != "" {
						if h, has := th.Img.logicalHostPrefix(text); has && h != host || !has && strings.Contains(text, ":") {
							th.Error(th.MakeCondition("GOLEM:SIMPLE-PARSE-ERROR", th.Img.Kw("FORMAT-CONTROL"),
								NewString("the host of ~S is not ~S"), th.Img.Kw("FORMAT-ARGUMENTS"), List(NewString(text), NewString(host))))
						}
						p, msg := parseLogical(th.Img, text, host)
						if msg != "" {
							th.Error(th.MakeCondition("GOLEM:SIMPLE-PARSE-ERROR", th.Img.Kw("FORMAT-CONTROL"),
								NewString("~S is not a valid logical namestring: ~A"), th.Img.Kw("FORMAT-ARGUMENTS"), List(NewString(text), NewString(msg))))
						}
						return th.Values2(p, MakeInt(int64(b)))
					}
					return th.Values2(th.ParsePathnameString(text), MakeInt(int64(b)))
				}
				p := th.PathnameDesignator(args[0])
				if host != "" && (!p.IsLogical() || p.Host.(*String).String() != host) {
					th.Error(th.MakeCondition("GOLEM:SIMPLE-PARSE-ERROR", th.Img.Kw("FORMAT-CONTROL"),
						NewString("the host of ~S is not ~S"), th.Img.Kw("FORMAT-ARGUMENTS"), List(p, NewString(host))))
				}
				start := kw[0]
				if start == nil {
					start = MakeInt(0)
				}
				return th.Values2(p, start)
			}},
		{Name: "NAMESTRING", Min: 1, Max: 1, Params: "(PATHNAME)", Fn: func(th *Thread, args []Value) Value {
			return NewString(th.namestringOrError(th.PathnameDesignator(args[0])))
		}},
		{Name: "FILE-NAMESTRING", Min: 1, Max: 1, Params: "(PATHNAME)", Fn: func(th *Thread, args []Value) Value {
			p := th.PathnameDesignator(args[0])
			if p.IsLogical() {
				return NewString(p.logicalFileNamestring())
			}
			s, _ := p.fileNamestring()
			return NewString(s)
		}},
		{Name: "DIRECTORY-NAMESTRING", Min: 1, Max: 1, Params: "(PATHNAME)", Fn: func(th *Thread, args []Value) Value {
			p := th.PathnameDesignator(args[0])
			if p.IsLogical() {
				return NewString(p.logicalDirectoryNamestring())
			}
			s, _ := p.directoryNamestring()
			return NewString(s)
		}},
		{Name: "HOST-NAMESTRING", Min: 1, Max: 1, Params: "(PATHNAME)", Fn: func(th *Thread, args []Value) Value {
			if h, ok := th.PathnameDesignator(args[0]).Host.(*String); ok {
				return NewString(h.String())
			}
			return NewString("")
		}},
		{Name: "ENOUGH-NAMESTRING", Min: 1, Max: 2, Params: "(PATHNAME &OPTIONAL (DEFAULTS *DEFAULT-PATHNAME-DEFAULTS*))",
			Fn: func(th *Thread, args []Value) Value {
				p := th.PathnameDesignator(args[0])
				var d *Pathname
				if len(args) > 1 {
					d = th.PathnameDesignator(args[1])
				} else {
					d = th.DefaultPathnameDefaults()
				}
				return NewString(th.enoughNamestring(p, d))
			}},
		{Name: "MAKE-PATHNAME", Min: 0, Max: -1, Params: "(&KEY HOST DEVICE DIRECTORY NAME TYPE VERSION DEFAULTS (CASE :LOCAL))",
			Fn: makePathname},
		{Name: "PATHNAME-HOST", Min: 1, Max: -1, Params: "(PATHNAME &KEY (CASE :LOCAL))", Fn: func(th *Thread, args []Value) Value {
			th.ParseKeys(args[1:], "CASE")
			return th.PathnameDesignator(args[0]).Host
		}},
		{Name: "PATHNAME-DEVICE", Min: 1, Max: -1, Params: "(PATHNAME &KEY (CASE :LOCAL))", Fn: func(th *Thread, args []Value) Value {
			th.ParseKeys(args[1:], "CASE")
			return th.PathnameDesignator(args[0]).Device
		}},
		{Name: "PATHNAME-DIRECTORY", Min: 1, Max: -1, Params: "(PATHNAME &KEY (CASE :LOCAL))", Fn: func(th *Thread, args []Value) Value {
			kw := th.ParseKeys(args[1:], "CASE")
			p := th.PathnameDesignator(args[0])
			d := p.Directory
			if kwName(kw[0]) == "COMMON" && !p.IsLogical() {
				items := ListToSlice(d)
				for i := range items {
					items[i] = caseConvert(items[i])
				}
				return List(items...)
			}
			return d
		}},
		{Name: "PATHNAME-NAME", Min: 1, Max: -1, Params: "(PATHNAME &KEY (CASE :LOCAL))", Fn: func(th *Thread, args []Value) Value {
			kw := th.ParseKeys(args[1:], "CASE")
			p := th.PathnameDesignator(args[0])
			v := p.Name
			if kwName(kw[0]) == "COMMON" && !p.IsLogical() {
				return caseConvert(v)
			}
			return v
		}},
		{Name: "PATHNAME-TYPE", Min: 1, Max: -1, Params: "(PATHNAME &KEY (CASE :LOCAL))", Fn: func(th *Thread, args []Value) Value {
			kw := th.ParseKeys(args[1:], "CASE")
			p := th.PathnameDesignator(args[0])
			v := p.Type
			if kwName(kw[0]) == "COMMON" && !p.IsLogical() {
				return caseConvert(v)
			}
			return v
		}},
		{Name: "PATHNAME-VERSION", Min: 1, Max: 1, Params: "(PATHNAME)", Fn: func(th *Thread, args []Value) Value {
			return th.PathnameDesignator(args[0]).Version
		}},
		{Name: "MERGE-PATHNAMES", Min: 1, Max: 3, Params: "(PATHNAME &OPTIONAL (DEFAULTS *DEFAULT-PATHNAME-DEFAULTS*) (DEFAULT-VERSION :NEWEST))",
			Fn: func(th *Thread, args []Value) Value {
				var d *Pathname
				if len(args) > 1 {
					d = th.PathnameDesignator(args[1])
				} else {
					d = th.DefaultPathnameDefaults()
				}
				// A namestring is parsed with the host of the defaults (CLHS 19.2.3).
				var p *Pathname
				if r, ok := th.stringRunes(args[0]); ok && d.IsLogical() {
					if lp, msg := parseLogical(th.Img, string(r), d.Host.(*String).String()); msg == "" {
						p = lp
					}
				}
				if p == nil {
					p = th.PathnameDesignator(args[0])
				}
				ver := Value(th.Img.Kw("NEWEST"))
				if len(args) > 2 {
					ver = args[2]
				}
				return th.MergePathnames(p, d, ver)
			}},
		{Name: "WILD-PATHNAME-P", Min: 1, Max: 2, Params: "(PATHNAME &OPTIONAL FIELD-KEY)", Fn: func(th *Thread, args []Value) Value {
			p := th.PathnameDesignator(args[0])
			key := Opt(args, 1)
			switch kwName(key) {
			case "":
				if key != NIL {
					th.TypeError(key, List(th.Img.S.Member, NIL, th.Img.Kw("HOST"), th.Img.Kw("DEVICE"),
						th.Img.Kw("DIRECTORY"), th.Img.Kw("NAME"), th.Img.Kw("TYPE"), th.Img.Kw("VERSION")))
				}
				return Bool(p.IsWild())
			case "HOST", "DEVICE":
				return NIL
			case "DIRECTORY":
				for _, e := range ListToSlice(p.Directory) {
					if isWildComponent(e) {
						return T
					}
				}
				return NIL
			case "NAME":
				return Bool(isWildComponent(p.Name))
			case "TYPE":
				return Bool(isWildComponent(p.Type))
			case "VERSION":
				return Bool(kwName(p.Version) == "WILD")
			}
			th.TypeError(key, List(th.Img.S.Member, NIL, th.Img.Kw("HOST"), th.Img.Kw("DEVICE"),
				th.Img.Kw("DIRECTORY"), th.Img.Kw("NAME"), th.Img.Kw("TYPE"), th.Img.Kw("VERSION")))
			return NIL
		}},
		{Name: "PATHNAME-MATCH-P", Min: 2, Max: 2, Params: "(PATHNAME WILDCARD)", Fn: func(th *Thread, args []Value) Value {
			return Bool(PathnameMatch(th.PathnameDesignator(args[0]), th.PathnameDesignator(args[1])))
		}},
		{Name: "TRANSLATE-PATHNAME", Min: 3, Max: -1, Params: "(SOURCE FROM-WILDCARD TO-WILDCARD &KEY)", Fn: translatePathname},
	}
}

func (th *Thread) enoughNamestring(p, d *Pathname) string {
	out := p.copy()
	pd, dd := ListToSlice(p.Directory), ListToSlice(d.Directory)
	if len(pd) > 0 && len(dd) > 0 && kwName(pd[0]) == "ABSOLUTE" && kwName(dd[0]) == "ABSOLUTE" && len(dd) <= len(pd) {
		prefix := true
		for i := 1; i < len(dd); i++ {
			if !componentEqual(pd[i], dd[i]) {
				prefix = false
				break
			}
		}
		if prefix {
			rest := pd[len(dd):]
			if len(rest) == 0 {
				out.Directory = NIL
			} else {
				out.Directory = NewCons(th.Img.Kw("RELATIVE"), List(rest...))
			}
		}
	}
	typeNeeded := p.Type != NIL && kwName(p.Type) != "UNSPECIFIC"
	if !typeNeeded {
		out.Type = NIL
		if componentEqual(p.Name, d.Name) {
			out.Name = NIL
		}
	}
	return th.namestringOrError(out)
}

func makePathname(th *Thread, args []Value) Value {
	kw := th.ParseKeys(args, "HOST", "DEVICE", "DIRECTORY", "NAME", "TYPE", "VERSION", "DEFAULTS", "CASE")
	var defaults *Pathname
	if kw[6] != nil && kw[6] != NIL {
		defaults = th.PathnameDesignator(kw[6])
	} else {
		defaults = emptyPathname()
	}
	common := kwName(kw[7]) == "COMMON"
	conv := func(v Value) Value {
		if common {
			return caseConvert(v)
		}
		return v
	}
	p := emptyPathname()
	switch {
	case kw[0] != nil && kw[0] != NIL:
		p.Host = NewString(th.logicalHostArg(kw[0]))
	case defaults.IsLogical():
		p.Host = defaults.Host
	}
	if p.IsLogical() {
		// Logical pathnames hold their components in upper case.
		p.Device = th.Img.Kw("UNSPECIFIC")
		conv = func(v Value) Value {
			if s, ok := v.(*String); ok {
				return NewString(strings.ToUpper(s.String()))
			}
			return v
		}
	}
	if kw[2] != nil {
		d := th.directoryArg(kw[2])
		if common || p.IsLogical() {
			items := ListToSlice(d)
			for i := range items {
				items[i] = conv(items[i])
			}
			d = List(items...)
		}
		p.Directory = d
	} else {
		p.Directory = defaults.Directory
	}
	if p.IsLogical() && p.Directory == NIL {
		p.Directory = List(th.Img.Kw("ABSOLUTE"))
	}
	if kw[3] != nil {
		p.Name = conv(th.pathnameComponentKey(kw[3], "NAME"))
	} else {
		p.Name = defaults.Name
	}
	if kw[4] != nil {
		p.Type = conv(th.pathnameComponentKey(kw[4], "TYPE"))
	} else {
		p.Type = defaults.Type
	}
	if kw[5] != nil {
		switch v := kw[5].(type) {
		case Fixnum:
			if v < 0 {
				th.TypeErrorName(v, "UNSIGNED-BYTE")
			}
		case *Symbol:
			switch {
			case v == NIL, kwName(v) == "NEWEST", kwName(v) == "WILD", kwName(v) == "UNSPECIFIC":
			default:
				th.TypeError(v, List(th.Img.S.Or, th.Img.CLSym("UNSIGNED-BYTE"),
					List(th.Img.S.Member, NIL, th.Img.Kw("NEWEST"), th.Img.Kw("WILD"), th.Img.Kw("UNSPECIFIC"))))
			}
		default:
			th.TypeError(v, List(th.Img.S.Or, th.Img.CLSym("UNSIGNED-BYTE"),
				List(th.Img.S.Member, NIL, th.Img.Kw("NEWEST"), th.Img.Kw("WILD"), th.Img.Kw("UNSPECIFIC"))))
		}
		p.Version = kw[5]
	} else {
		p.Version = defaults.Version
	}
	return p
}

func translatePathname(th *Thread, args []Value) Value {
	th.ParseKeys(args[3:])
	src := th.PathnameDesignator(args[0])
	from := th.PathnameDesignator(args[1])
	to := th.PathnameDesignator(args[2])
	if !PathnameMatch(src, from) {
		th.SimpleError("~S does not match ~S", src, from)
	}
	return th.translate(src, from, to)
}

// lowerComponent converts a logical pathname's component (upper case, the
// common case) to the customary case of Unix names, lower case.
func lowerComponent(v Value) Value {
	switch x := v.(type) {
	case *String:
		return NewString(strings.ToLower(x.String()))
	case *Cons:
		items := ListToSlice(x)
		for i := range items {
			items[i] = lowerComponent(items[i])
		}
		return List(items...)
	case *PathPattern:
		pp := &PathPattern{Pieces: append([]PatternPiece(nil), x.Pieces...)}
		for i := range pp.Pieces {
			pp.Pieces[i].Lit = strings.ToLower(pp.Pieces[i].Lit)
		}
		return pp
	}
	return v
}

// translate implements TRANSLATE-PATHNAME for a source that matches from.
// Going from a logical to a physical pathname, the text taken from the
// source is put in lower case.
func (th *Thread) translate(src, from, to *Pathname) *Pathname {
	if src.IsLogical() && !to.IsLogical() {
		s := src.copy()
		s.Directory, s.Name, s.Type = lowerComponent(s.Directory), lowerComponent(s.Name), lowerComponent(s.Type)
		f := from.copy()
		f.Directory, f.Name, f.Type = lowerComponent(f.Directory), lowerComponent(f.Name), lowerComponent(f.Type)
		src, from = s, f
	}
	out := to.copy()
	// Directory: the elements matched by the wildcards of FROM fill those of TO.
	sd, fd := ListToSlice(src.Directory), ListToSlice(from.Directory)
	var caps [][]Value
	if len(fd) > 0 && len(sd) > 0 {
		caps, _ = directoryMatch(sd[1:], fd[1:])
	}
	if td := ListToSlice(to.Directory); len(td) > 0 {
		items := []Value{td[0]}
		ci := 0
		for _, e := range td[1:] {
			switch kwName(e) {
			case "WILD-INFERIORS", "WILD":
				if ci < len(caps) {
					items = append(items, caps[ci]...)
					ci++
				}
				continue
			}
			items = append(items, e)
		}
		out.Directory = List(items...)
	} else if to.Directory == NIL {
		out.Directory = src.Directory
	}
	nameCaps, _ := componentMatch(src.Name, from.Name)
	out.Name = fillComponent(to.Name, nameCaps, src.Name)
	typeCaps, _ := componentMatch(src.Type, from.Type)
	out.Type = fillComponent(to.Type, typeCaps, src.Type)
	if out.Version == NIL || kwName(out.Version) == "WILD" {
		out.Version = src.Version
	}
	if !out.IsLogical() {
		if _, isNum := out.Version.(Fixnum); isNum {
			out.Version = th.Img.Kw("NEWEST")
		}
	}
	return out
}

func init() {
	Register(pathnameDefs()...)
	RegisterSetup(45, func(img *Image) {
		sym := img.CLSym("*DEFAULT-PATHNAME-DEFAULTS*")
		img.DefineVar(sym, emptyPathname())
	})
}

// SetDefaultPathnameDefaults gives *default-pathname-defaults* its initial
// value once the image's file policy is known: the working directory for
// unrestricted images, #P"" for sandboxed ones (whose relative names resolve
// against their first allowed directory).
func SetDefaultPathnameDefaults(img *Image) {
	p := emptyPathname()
	if !img.Sandbox {
		if wd, err := os.Getwd(); err == nil {
			p = ParseNativePath(img, wd, true)
		}
	}
	img.DefineVar(img.CLSym("*DEFAULT-PATHNAME-DEFAULTS*"), p)
}
