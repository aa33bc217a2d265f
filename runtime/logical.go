package runtime

import (
	"strconv"
	"strings"
)

// Logical pathnames (CLHS 19.3). A logical pathname is a Pathname whose
// Host is the name (a string, upper case) of a logical host defined with
// (SETF LOGICAL-PATHNAME-TRANSLATIONS); physical pathnames have host NIL.
// Its components are in upper case, its device is :UNSPECIFIC and its
// directory is never NIL. Each image keeps its own hosts.

type logicalHostsKey struct{}

// logicalHost is one defined logical host and its translations.
type logicalHost struct {
	given Value          // the translations list as set, returned by LOGICAL-PATHNAME-TRANSLATIONS
	rules [][2]*Pathname // from-wildcard (logical), to-wildcard
}

func (img *Image) logicalHosts() map[string]*logicalHost {
	if m, ok := img.Extra[logicalHostsKey{}].(map[string]*logicalHost); ok {
		return m
	}
	m := map[string]*logicalHost{}
	img.Extra[logicalHostsKey{}] = m
	return m
}

// IsLogical reports whether p is a logical pathname.
func (p *Pathname) IsLogical() bool { return p.Host != NIL && p.Host != nil }

// logicalHostPrefix returns the host of a namestring "HOST:..." when HOST
// is a defined logical host.
func (img *Image) logicalHostPrefix(s string) (string, bool) {
	i := strings.IndexByte(s, ':')
	if i <= 0 {
		return "", false
	}
	h := strings.ToUpper(s[:i])
	_, ok := img.logicalHosts()[h]
	return h, ok
}

func isLogicalWordChar(r rune) bool {
	return (r >= 'A' && r <= 'Z') || (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') || r == '-'
}

// logicalWord converts a word of a logical namestring (letters, digits,
// hyphens and '*' wildcards) to a component: upper-case string, :WILD or
// a pattern.
func logicalWord(img *Image, w string, inDir bool) (Value, string) {
	switch {
	case w == "*":
		return img.Kw("WILD"), ""
	case w == "**" && inDir:
		return img.Kw("WILD-INFERIORS"), ""
	}
	c := ecomp{}
	for _, r := range w {
		if r != '*' && !isLogicalWordChar(r) {
			return nil, "illegal character for a logical pathname: " + string(r)
		}
		c.r = append(c.r, CharUpcase(r))
		c.esc = append(c.esc, false)
	}
	if len(c.r) == 0 {
		return nil, "empty word"
	}
	return c.component(img), ""
}

// parseLogical parses s as a logical pathname namestring (CLHS 19.3.1):
// [host:][;]{directory;}*[name][.type[.version]]. host is the host when s
// names none. It returns an explanation instead when s is malformed.
func parseLogical(img *Image, s, host string) (*Pathname, string) {
	if i := strings.IndexByte(s, ':'); i >= 0 {
		host = strings.ToUpper(s[:i])
		s = s[i+1:]
	}
	if host == "" {
		return nil, "no host specified"
	}
	if _, ok := img.logicalHosts()[host]; !ok {
		return nil, "logical host not yet defined: " + quoteLispString(host)
	}
	p := &Pathname{Host: NewString(host), Device: img.Kw("UNSPECIFIC"), Directory: NIL, Name: NIL, Type: NIL, Version: NIL}
	dir := []Value{img.Kw("ABSOLUTE")}
	if strings.HasPrefix(s, ";") {
		dir[0] = img.Kw("RELATIVE")
		s = s[1:]
	}
	parts := strings.Split(s, ";")
	for _, d := range parts[:len(parts)-1] {
		v, msg := logicalWord(img, d, true)
		if msg != "" {
			return nil, msg
		}
		dir = append(dir, v)
	}
	p.Directory = List(dir...)
	file := parts[len(parts)-1]
	if file == "" {
		return p, ""
	}
	fields := strings.Split(file, ".")
	if len(fields) > 3 {
		return nil, "too many dots"
	}
	if fields[0] != "" {
		v, msg := logicalWord(img, fields[0], false)
		if msg != "" {
			return nil, msg
		}
		p.Name = v
	}
	if len(fields) > 1 {
		v, msg := logicalWord(img, fields[1], false)
		if msg != "" {
			return nil, msg
		}
		p.Type = v
	}
	if len(fields) > 2 {
		switch v := strings.ToUpper(fields[2]); {
		case v == "NEWEST":
			p.Version = img.Kw("NEWEST")
		case v == "*":
			p.Version = img.Kw("WILD")
		default:
			n := int64(0)
			for _, r := range v {
				if r < '0' || r > '9' || n > 1<<40 {
					return nil, "expected a positive integer version, got " + quoteLispString(fields[2])
				}
				n = n*10 + int64(r-'0')
			}
			if n == 0 {
				return nil, "expected a positive integer version, got " + quoteLispString(fields[2])
			}
			p.Version = MakeInt(n)
		}
	}
	return p, ""
}

// ParsePathnameString parses a namestring: a logical one when it starts
// with the name of a defined logical host and a colon, else a physical
// one. A malformed logical namestring signals PARSE-ERROR.
func (th *Thread) ParsePathnameString(s string) *Pathname {
	if _, ok := th.Img.logicalHostPrefix(s); ok {
		p, msg := parseLogical(th.Img, s, "")
		if msg != "" {
			th.Error(th.MakeCondition("GOLEM:SIMPLE-PARSE-ERROR", th.Img.Kw("FORMAT-CONTROL"),
				NewString("~S is not a valid logical namestring: ~A"), th.Img.Kw("FORMAT-ARGUMENTS"), List(NewString(s), NewString(msg))))
		}
		return p
	}
	return ParseNamestring(th.Img, s)
}

// logicalComponent renders a logical name, type or directory word.
func logicalComponent(v Value) (string, bool) {
	switch x := v.(type) {
	case *String:
		return x.String(), true
	case *PathPattern:
		var b strings.Builder
		for _, pc := range x.Pieces {
			if pc.Wild != 0 {
				b.WriteByte('*')
			} else {
				b.WriteString(pc.Lit)
			}
		}
		return b.String(), true
	case *Symbol:
		switch kwName(x) {
		case "WILD":
			return "*", true
		case "WILD-INFERIORS":
			return "**", true
		}
	}
	return "", false
}

// logicalDirectoryNamestring renders "A;B;" (";A;" when relative).
func (p *Pathname) logicalDirectoryNamestring() string {
	var b strings.Builder
	items := ListToSlice(p.Directory)
	if len(items) > 0 && kwName(items[0]) == "RELATIVE" {
		b.WriteByte(';')
	}
	for _, e := range items[min(1, len(items)):] {
		if t, ok := logicalComponent(e); ok {
			b.WriteString(t)
			b.WriteByte(';')
		}
	}
	return b.String()
}

// logicalFileNamestring renders "NAME.TYPE.VERSION".
func (p *Pathname) logicalFileNamestring() string {
	var b strings.Builder
	if t, ok := logicalComponent(p.Name); ok {
		b.WriteString(t)
	}
	if t, ok := logicalComponent(p.Type); ok {
		b.WriteByte('.')
		b.WriteString(t)
		switch v := p.Version.(type) {
		case Fixnum:
			b.WriteByte('.')
			b.WriteString(strconv.FormatInt(int64(v), 10))
		case *Symbol:
			switch kwName(v) {
			case "NEWEST":
				b.WriteString(".NEWEST")
			case "WILD":
				b.WriteString(".*")
			}
		}
	}
	return b.String()
}

// logicalNamestring renders a logical pathname: "HOST:A;B;NAME.TYPE.VERSION".
func (p *Pathname) logicalNamestring() string {
	h, _ := p.Host.(*String)
	host := ""
	if h != nil {
		host = h.String()
	}
	return host + ":" + p.logicalDirectoryNamestring() + p.logicalFileNamestring()
}

// TranslateLogical implements TRANSLATE-LOGICAL-PATHNAME for a pathname:
// physical pathnames are returned as they are; a logical one is translated
// by the first rule of its host that matches, again until physical.
func (th *Thread) TranslateLogical(p *Pathname) *Pathname {
	for depth := 0; p.IsLogical(); depth++ {
		h, _ := p.Host.(*String)
		var host *logicalHost
		if h != nil {
			host = th.Img.logicalHosts()[h.String()]
		}
		if host == nil || depth > 32 {
			th.fileError(p, "no translation for ~S", p)
		}
		found := false
		for _, r := range host.rules {
			if PathnameMatch(p, r[0]) {
				p = th.translate(p, r[0], r[1])
				found = true
				break
			}
		}
		if !found {
			th.fileError(p, "no translation for ~S", p)
		}
	}
	return p
}

// setLogicalTranslations implements (SETF LOGICAL-PATHNAME-TRANSLATIONS).
func (th *Thread) setLogicalTranslations(hostArg, translations Value) Value {
	r, ok := th.stringRunes(hostArg)
	if !ok {
		th.TypeErrorName(hostArg, "STRING")
	}
	name := strings.ToUpper(string(r))
	hosts := th.Img.logicalHosts()
	old, existed := hosts[name]
	// Define the host first so that the from-wildcards parse as its namestrings.
	h := &logicalHost{given: translations}
	hosts[name] = h
	ok = false
	defer func() {
		if !ok { // a malformed rule leaves the host as it was
			if existed {
				hosts[name] = old
			} else {
				delete(hosts, name)
			}
		}
	}()
	for _, rule := range ListToSlice(translations) {
		items := ListToSlice(rule)
		if len(items) < 2 {
			th.TypeError(rule, th.Img.S.List)
		}
		var from *Pathname
		if fr, isStr := th.stringRunes(items[0]); isStr {
			p, msg := parseLogical(th.Img, string(fr), name)
			if msg != "" {
				th.Error(th.MakeCondition("GOLEM:SIMPLE-PARSE-ERROR", th.Img.Kw("FORMAT-CONTROL"),
					NewString("~S is not a valid logical namestring: ~A"), th.Img.Kw("FORMAT-ARGUMENTS"), List(items[0], NewString(msg))))
			}
			from = p
		} else {
			from = th.PathnameDesignator(items[0])
		}
		h.rules = append(h.rules, [2]*Pathname{from, th.PathnameDesignator(items[1])})
	}
	ok = true
	return translations
}

// checkDirectoryUse signals FILE-ERROR for a directory that no file can
// have: :UP or :BACK right after :ABSOLUTE or :WILD-INFERIORS (CLHS 19.2.2.4.3).
func (th *Thread) checkDirectoryUse(p *Pathname) {
	prev := ""
	for _, e := range ListToSlice(p.Directory) {
		k := kwName(e)
		if (k == "UP" || k == "BACK") && (prev == "ABSOLUTE" || prev == "WILD-INFERIORS") {
			th.fileError(p, "invalid use of ~S after ~S in the directory of ~S", e, th.Img.Kw(prev), p)
		}
		prev = k
	}
}

// logicalHostArg returns the name of the defined logical host v names,
// signalling TYPE-ERROR when it names none.
func (th *Thread) logicalHostArg(v Value) string {
	if r, ok := th.stringRunes(v); ok {
		if name := strings.ToUpper(string(r)); th.Img.logicalHosts()[name] != nil {
			return name
		}
	}
	th.Error(th.MakeCondition("SIMPLE-TYPE-ERROR", th.Img.Kw("DATUM"), v, th.Img.Kw("EXPECTED-TYPE"), th.Img.CLSym("STRING"),
		th.Img.Kw("FORMAT-CONTROL"), NewString("logical host not yet defined: ~S"), th.Img.Kw("FORMAT-ARGUMENTS"), List(v)))
	return ""
}

// logicalPathnameArg implements LOGICAL-PATHNAME: a logical pathname, a
// logical namestring, or a file stream opened with one.
func (th *Thread) logicalPathnameArg(v Value) *Pathname {
	c := th.Img.CLSym
	expected := List(th.Img.S.Or, c("STRING"), c("STREAM"), c("LOGICAL-PATHNAME"))
	switch x := v.(type) {
	case *Pathname:
		if x.IsLogical() {
			return x
		}
	case *FileStream:
		if x.pathname != nil && x.pathname.IsLogical() {
			return x.pathname
		}
		th.TypeError(v, c("LOGICAL-PATHNAME"))
	case Stream:
		th.TypeError(v, c("LOGICAL-PATHNAME"))
	default:
		if r, ok := th.stringRunes(v); ok {
			p, msg := parseLogical(th.Img, string(r), "")
			if msg != "" {
				th.Error(th.MakeCondition("SIMPLE-TYPE-ERROR", th.Img.Kw("DATUM"), v, th.Img.Kw("EXPECTED-TYPE"), c("LOGICAL-PATHNAME"),
					th.Img.Kw("FORMAT-CONTROL"), NewString("~S is not a valid logical namestring: ~A"),
					th.Img.Kw("FORMAT-ARGUMENTS"), List(v, NewString(msg))))
			}
			return p
		}
	}
	th.TypeError(v, expected)
	return nil
}

func logicalDefs() []Def {
	return []Def{
		{Name: "LOGICAL-PATHNAME", Min: 1, Max: 1, Params: "(PATHSPEC)", Fn: func(th *Thread, args []Value) Value {
			return th.logicalPathnameArg(args[0])
		}},
		{Name: "TRANSLATE-LOGICAL-PATHNAME", Min: 1, Max: -1, Params: "(PATHNAME &KEY)", Fn: func(th *Thread, args []Value) Value {
			th.ParseKeys(args[1:])
			return th.TranslateLogical(th.PathnameDesignator(args[0]))
		}},
		{Name: "LOGICAL-PATHNAME-TRANSLATIONS", Min: 1, Max: 1, Params: "(HOST)", Fn: func(th *Thread, args []Value) Value {
			return th.Img.logicalHosts()[th.logicalHostArg(args[0])].given
		}},
		{Name: "LOAD-LOGICAL-PATHNAME-TRANSLATIONS", Min: 1, Max: 1, Params: "(HOST)", Fn: func(th *Thread, args []Value) Value {
			r, ok := th.stringRunes(args[0])
			if !ok {
				th.TypeErrorName(args[0], "STRING")
			}
			if th.Img.logicalHosts()[strings.ToUpper(string(r))] != nil {
				return NIL
			}
			// golem keeps no translation files of its own.
			th.fileError(args[0], "no translations are known for the logical host ~S (golem has no translation files; set them with (SETF LOGICAL-PATHNAME-TRANSLATIONS)).", args[0])
			return NIL
		}},
	}
}

func init() {
	Register(logicalDefs()...)
	registerSetf(Def{Name: "LOGICAL-PATHNAME-TRANSLATIONS", Min: 2, Max: 2, Params: "(TRANSLATIONS HOST)",
		Fn: func(th *Thread, args []Value) Value { return th.setLogicalTranslations(args[1], args[0]) }})
}
