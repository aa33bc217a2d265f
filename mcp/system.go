package mcp

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/golem-lisp/golem"
	rt "github.com/golem-lisp/golem/runtime"
)

// load-system: ASDF-style loading of local systems. A system is found as
// NAME.asd (or NAME/NAME.asd) in the call's path, the server's system
// directories and the working directory; its defsystem form is read as data
// (never evaluated) and its files are evaluated in the session in order,
// dependencies first, each system once per session. Every file is read
// through a sandbox (runtime.Sandbox, os.Root underneath) over the --systems,
// --allow-read and --allow-write directories and the working directory; a
// system's components must lie beneath the innermost of those holding its
// .asd file, must be regular files, and at most runtime.LoadSizeLimit bytes.

func (s *Server) addLoadSystemTool() {
	s.mcp.AddTool(tool("load-system",
		"Load an ASDF-style system from local directories (no network): finds NAME.asd, loads the systems it "+
			"depends on first, then its files in order. Each system is loaded once per session.",
		annotations("Load system", false, false, true), []string{"system"}, map[string]any{
			"system": stringProp("The system's name, e.g. \"my-project\"."),
			"path":   stringProp("A directory to look for NAME.asd in first."),
		}), s.handler("load-system", s.loadSystem))
}

// asdSystem is a parsed defsystem.
type asdSystem struct {
	name, version string
	dir           string // directory its components are relative to
	dependsOn     []string
	components    []asdComponent
	serial        bool
	sb            *rt.Sandbox // the files are read through it
}

type asdComponent struct {
	kind       string // FILE or MODULE
	name       string
	pathname   string
	dependsOn  []string
	components []asdComponent
	serial     bool
}

// systemNotFound is the error of a missing system.
type systemNotFound struct{ name, requiredBy string }

func (e *systemNotFound) Error() string { return "System \"" + e.name + "\" not found." }

// builtinSystems are satisfied by golem itself.
var builtinSystems = map[string]bool{"asdf": true, "uiop": true}

func (s *Server) loadSystem(ctx context.Context, sess *Session, _ mcpgo.CallToolRequest, args map[string]any) *mcpgo.CallToolResult {
	name, bad := requiredString(args, "system", "load-system")
	if bad != nil {
		return bad
	}
	name = strings.ToLower(strings.TrimSpace(name))
	path, bad := optionalString(args, "path", "load-system")
	if bad != nil {
		return bad
	}
	var dirs []string
	if path != "" {
		abs, err := s.checkSystemPath(path)
		if err != nil {
			return argsError(err.Error())
		}
		dirs = append(dirs, abs)
	}
	for _, d := range s.opts.SystemDirs {
		if abs, err := filepath.Abs(d); err == nil {
			d = abs
		}
		dirs = append(dirs, d)
	}
	if wd, err := os.Getwd(); err == nil {
		dirs = append(dirs, wd)
	}
	// Every .asd and source file is read through a sandbox over the
	// directories systems may come from.
	sb := rt.NewSandbox(s.systemRoots(), nil)
	defer sb.Close()
	if s.opts.Limits.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, s.opts.Limits.Timeout)
		defer cancel()
	}
	in := sess.Interpreter()
	l := &systemLoader{srv: s, sess: sess, in: in, dirs: dirs, loading: map[string]bool{},
		sb: sb, maxBytes: rt.LoadSizeLimit(s.opts.Limits.MaxMemory)}
	err := l.load(ctx, name, "")
	text := strings.Join(l.log, "\n")
	out := sectionsText(l.stdout.String(), l.stderr.String(), l.warnings)
	if err != nil {
		var nf *systemNotFound
		var e *golem.Error
		switch {
		case errors.As(err, &nf):
			msg := "[ERROR] SYSTEM-NOT-FOUND\n" + nf.Error()
			if nf.requiredBy != "" {
				msg += "\nRequired by system \"" + nf.requiredBy + "\"."
			}
			sess.lastErr = &lastError{Type: "SYSTEM-NOT-FOUND", Report: nf.Error()}
			return errorResult(joinNonEmpty(msg, text), "runtime_error", "SYSTEM-NOT-FOUND")
		case errors.As(err, &e):
			sess.setError(e)
			return errorResult(joinNonEmpty(e.Text(), text), errorReason(in, e), e.Type)
		default:
			return errorResult(joinNonEmpty("[ERROR] LOAD-SYSTEM\n"+err.Error(), text), "runtime_error", "")
		}
	}
	return textResult(joinNonEmpty(text, out))
}

func joinNonEmpty(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "\n\n" + b
}

// sectionsText renders output sections as evaluate-lisp does.
func sectionsText(stdout, stderr string, warnings []string) string {
	var parts []string
	add := func(name, text string) {
		if text = strings.TrimSpace(text); text != "" {
			parts = append(parts, "["+name+"]\n"+text)
		}
	}
	add("stdout", stdout)
	add("stderr", stderr)
	add("warnings", strings.Join(warnings, "\n"))
	return strings.Join(parts, "\n\n")
}

// systemRoots are the directories load-system may read: the --systems,
// --allow-read and --allow-write directories and the working directory.
func (s *Server) systemRoots() []string {
	roots := append(append(append([]string(nil), s.opts.SystemDirs...), s.opts.AllowRead...), s.opts.AllowWrite...)
	if wd, err := os.Getwd(); err == nil {
		roots = append(roots, wd)
	}
	return roots
}

// checkSystemPath accepts a directory inside the working directory or a
// configured system directory.
func (s *Server) checkSystemPath(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	// Containment is checked first, so that the answer says nothing about
	// what exists outside the allowed directories.
	for _, r := range s.systemRoots() {
		r, err := filepath.Abs(r)
		if err != nil {
			continue
		}
		if real, err := filepath.EvalSymlinks(r); err == nil {
			r = real
		}
		if rel, err := filepath.Rel(r, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			if st, err := os.Stat(abs); err != nil || !st.IsDir() {
				return "", fmt.Errorf("load-system `path` must be an existing directory: %s", path)
			}
			return abs, nil
		}
	}
	return "", fmt.Errorf("load-system `path` %s is outside the directories systems may be loaded from "+
		"(the working directory, --systems, --allow-read and --allow-write directories)", path)
}

type systemLoader struct {
	srv      *Server
	sess     *Session
	in       *golem.Interpreter
	dirs     []string
	sb       *rt.Sandbox // every file is read through it
	maxBytes int64       // the largest file read
	loading  map[string]bool
	log      []string
	stdout   strings.Builder
	stderr   strings.Builder
	warnings []string
}

func (l *systemLoader) load(ctx context.Context, name, requiredBy string) error {
	if builtinSystems[name] {
		return nil
	}
	if _, done := l.sess.systems[name]; done {
		if requiredBy == "" {
			l.log = append(l.log, "System "+name+" is already loaded.")
		}
		return nil
	}
	if l.loading[name] {
		return fmt.Errorf("circular dependency: system %q depends on itself", name)
	}
	l.loading[name] = true
	defer delete(l.loading, name)
	sys, err := l.find(ctx, name)
	if err != nil {
		var nf *systemNotFound
		if errors.As(err, &nf) {
			nf.requiredBy = requiredBy
		}
		return err
	}
	l.log = append(l.log, "Loading system: "+name)
	for _, dep := range sys.dependsOn {
		if err := l.load(ctx, dep, name); err != nil {
			return err
		}
	}
	for _, file := range componentFiles(sys.dir, sys.components, sys.serial) {
		if err := l.loadFile(ctx, sys.sb, file); err != nil {
			return err
		}
	}
	version := sys.version
	if version == "" {
		version = "unspecified"
	}
	l.sess.systems[name] = version
	l.log = append(l.log, "Loaded: "+name+" (version "+version+")")
	return nil
}

// readFile reads path through sb, at most maxBytes of a regular file. A
// missing file gives ok false unless mustExist; any other failure (outside
// the sandbox, through a link that leaves it, not a regular file, too large)
// is a FILE-ERROR signalled in the session, returned as a *golem.Error whose
// report names the file but never shows its content.
func (l *systemLoader) readFile(ctx context.Context, sb *rt.Sandbox, path string, mustExist bool) ([]byte, bool, error) {
	data, err := sb.ReadFile(path, l.maxBytes)
	if err == nil {
		return data, true, nil
	}
	if !mustExist && rt.NotFound(err) {
		return nil, false, nil
	}
	return nil, false, l.in.Run(ctx, func(th *rt.Thread) { th.SandboxReadError(sb, path, l.maxBytes, err) })
}

// loadFile evaluates one source file with *package* bound, as LOAD does, so
// an in-package in the file does not change the session's package. The file
// is read through sb, the directory its system's .asd file was found in.
func (l *systemLoader) loadFile(ctx context.Context, sb *rt.Sandbox, file string) error {
	src, _, err := l.readFile(ctx, sb, file, true)
	if err != nil {
		return err
	}
	// *package* is restored afterwards, as LOAD does, even if the
	// interpreter leaves the binding in place.
	cur := l.in.Image().S.Package
	saved := cur.Value
	defer func() { cur.Value = saved }()
	res, err := l.in.EvalInPackage(ctx, string(src), l.in.Image().CurrentPackage().Name)
	if err != nil {
		var e *golem.Error
		if errors.As(err, &e) {
			l.stdout.WriteString(e.Stdout)
			l.stderr.WriteString(e.Stderr)
			l.warnings = append(l.warnings, e.Warnings...)
			e.Report += "\n(while loading " + file + ")"
		}
		return err
	}
	l.stdout.WriteString(res.Stdout)
	l.stderr.WriteString(res.Stderr)
	l.warnings = append(l.warnings, res.Warnings...)
	return nil
}

// componentFiles lists the files of components in load order.
func componentFiles(dir string, comps []asdComponent, serial bool) []string {
	var out []string
	for _, c := range orderComponents(comps, serial) {
		p := c.pathname
		if p == "" {
			p = c.name
		}
		if c.kind == "MODULE" {
			out = append(out, componentFiles(filepath.Join(dir, p), c.components, c.serial)...)
			continue
		}
		if filepath.Ext(p) == "" {
			p += ".lisp"
		}
		out = append(out, filepath.Join(dir, p))
	}
	return out
}

// orderComponents puts each component after the siblings it depends on,
// otherwise keeping the declared order (which :serial makes binding).
func orderComponents(comps []asdComponent, serial bool) []asdComponent {
	if serial {
		return comps
	}
	byName := map[string]int{}
	for i, c := range comps {
		byName[c.name] = i
	}
	done := make([]bool, len(comps))
	visiting := make([]bool, len(comps))
	var out []asdComponent
	var visit func(i int)
	visit = func(i int) {
		if done[i] || visiting[i] {
			return
		}
		visiting[i] = true
		for _, d := range comps[i].dependsOn {
			if j, ok := byName[d]; ok {
				visit(j)
			}
		}
		visiting[i] = false
		done[i] = true
		out = append(out, comps[i])
	}
	for i := range comps {
		visit(i)
	}
	return out
}

// find locates and parses the system called name. "foo/test" lives in
// foo.asd.
func (l *systemLoader) find(ctx context.Context, name string) (*asdSystem, error) {
	primary, _, _ := strings.Cut(name, "/")
	for _, dir := range l.dirs {
		for _, cand := range []string{filepath.Join(dir, primary+".asd"), filepath.Join(dir, primary, primary+".asd")} {
			data, found, err := l.readFile(ctx, l.sb, cand, false)
			if err != nil {
				return nil, err
			}
			if !found {
				continue
			}
			systems, err := parseASD(string(data), filepath.Dir(cand))
			if err != nil {
				return nil, fmt.Errorf("cannot read %s: %v", cand, err)
			}
			// Components are read beneath the innermost allowed directory
			// holding the .asd file: a system in an --allow-write
			// directory cannot name files outside it.
			compSB := l.sb.Narrow(cand)
			if compSB == nil {
				compSB = rt.NewSandbox(nil, nil)
			}
			for _, sys := range systems {
				if sys.name == name {
					sys.sb = compSB
					return sys, nil
				}
			}
		}
	}
	return nil, &systemNotFound{name: name}
}

// --- reading .asd files as data ---

// sxSym is a symbol read from an .asd file.
type sxSym struct{ pkg, name string }

// sxString is a string literal.
type sxString string

// sxOther is anything else (numbers, characters, read-time evaluations).
type sxOther string

// sxReader reads the subset of Lisp syntax .asd files use.
type sxReader struct {
	src []rune
	pos int
}

var errEOF = errors.New("unexpected end of file")

func parseASD(text, dir string) ([]*asdSystem, error) {
	r := &sxReader{src: []rune(text)}
	var out []*asdSystem
	for {
		form, err := r.read()
		if err == errEOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		l, ok := form.([]any)
		if !ok || len(l) < 2 {
			continue
		}
		if head, ok := l[0].(sxSym); !ok || head.name != "DEFSYSTEM" {
			continue
		}
		sys := &asdSystem{name: designatorName(l[1]), dir: dir}
		opts := plist(l[2:])
		if v, ok := opts["VERSION"].(sxString); ok {
			sys.version = string(v)
		}
		if p, ok := opts["PATHNAME"].(sxString); ok {
			sys.dir = filepath.Join(dir, string(p))
		}
		sys.serial = isTrue(opts["SERIAL"])
		sys.dependsOn = dependencies(opts["DEPENDS-ON"])
		sys.components = components(opts["COMPONENTS"])
		out = append(out, sys)
	}
}

func plist(l []any) map[string]any {
	m := map[string]any{}
	for i := 0; i+1 < len(l); i += 2 {
		if k, ok := l[i].(sxSym); ok {
			if _, dup := m[k.name]; !dup {
				m[k.name] = l[i+1]
			}
		}
	}
	return m
}

func isTrue(v any) bool {
	s, ok := v.(sxSym)
	return ok && s.name != "NIL" || (!ok && v != nil)
}

// designatorName is a system or component name: a string, or a symbol's
// name in lower case.
func designatorName(v any) string {
	switch x := v.(type) {
	case sxString:
		return string(x)
	case sxSym:
		return strings.ToLower(x.name)
	}
	return ""
}

func dependencies(v any) []string {
	l, _ := v.([]any)
	var out []string
	for _, d := range l {
		switch x := d.(type) {
		case []any:
			// (:version "name" "1.0") names a system; (:feature ...) and
			// (:require ...) are host-specific and skipped.
			if len(x) >= 2 {
				if h, ok := x[0].(sxSym); ok && h.name == "VERSION" {
					out = append(out, strings.ToLower(designatorName(x[1])))
				}
			}
		default:
			if n := designatorName(x); n != "" {
				out = append(out, strings.ToLower(n))
			}
		}
	}
	return out
}

func components(v any) []asdComponent {
	l, _ := v.([]any)
	var out []asdComponent
	for _, c := range l {
		switch x := c.(type) {
		case sxString:
			out = append(out, asdComponent{kind: "FILE", name: string(x)})
		case []any:
			if len(x) < 2 {
				continue
			}
			kind, ok := x[0].(sxSym)
			if !ok {
				continue
			}
			comp := asdComponent{name: designatorName(x[1])}
			opts := plist(x[2:])
			if f, ok := opts["IF-FEATURE"]; ok && !featureTrue(f) {
				continue
			}
			switch kind.name {
			case "FILE", "CL-SOURCE-FILE":
				comp.kind = "FILE"
			case "MODULE":
				comp.kind = "MODULE"
				comp.components = components(opts["COMPONENTS"])
				comp.serial = isTrue(opts["SERIAL"])
			default:
				continue // static files, documentation, ...
			}
			if p, ok := opts["PATHNAME"].(sxString); ok {
				comp.pathname = string(p)
			}
			for _, d := range listOf(opts["DEPENDS-ON"]) {
				comp.dependsOn = append(comp.dependsOn, designatorName(d))
			}
			out = append(out, comp)
		}
	}
	return out
}

func listOf(v any) []any {
	l, _ := v.([]any)
	return l
}

// features are the reader features .asd conditionals are checked against.
var features = map[string]bool{"COMMON-LISP": true, "ANSI-CL": true, "GOLEM": true}

func featureTrue(v any) bool {
	switch x := v.(type) {
	case sxSym:
		return features[x.name]
	case []any:
		if len(x) == 0 {
			return false
		}
		op, _ := x[0].(sxSym)
		switch op.name {
		case "AND":
			for _, e := range x[1:] {
				if !featureTrue(e) {
					return false
				}
			}
			return true
		case "OR":
			for _, e := range x[1:] {
				if featureTrue(e) {
					return true
				}
			}
			return false
		case "NOT":
			return len(x) == 2 && !featureTrue(x[1])
		}
	}
	return false
}

func (r *sxReader) skip() {
	for r.pos < len(r.src) {
		c := r.src[r.pos]
		switch {
		case unicode.IsSpace(c):
			r.pos++
		case c == ';':
			for r.pos < len(r.src) && r.src[r.pos] != '\n' {
				r.pos++
			}
		case c == '#' && r.pos+1 < len(r.src) && r.src[r.pos+1] == '|':
			r.pos = skipBlank(r.src, r.pos)
		default:
			return
		}
	}
}

// closeParen marks the end of a list while reading.
type closeParen struct{}

func (r *sxReader) read() (any, error) {
	for {
		v, err := r.readItem()
		if err != nil {
			return nil, err
		}
		if _, ok := v.(closeParen); ok {
			continue // a stray ")" at top level
		}
		return v, nil
	}
}

func (r *sxReader) readItem() (any, error) {
	r.skip()
	if r.pos >= len(r.src) {
		return nil, errEOF
	}
	c := r.src[r.pos]
	switch c {
	case '(':
		r.pos++
		var l []any
		for {
			v, err := r.readItem()
			if err != nil {
				return nil, err
			}
			if _, ok := v.(closeParen); ok {
				return l, nil
			}
			if s, ok := v.(sxSym); ok && s.pkg == "" && s.name == "." {
				continue
			}
			l = append(l, v)
		}
	case ')':
		r.pos++
		return closeParen{}, nil
	case '"':
		r.pos++
		var b strings.Builder
		for r.pos < len(r.src) && r.src[r.pos] != '"' {
			if r.src[r.pos] == '\\' {
				r.pos++
			}
			if r.pos < len(r.src) {
				b.WriteRune(r.src[r.pos])
			}
			r.pos++
		}
		if r.pos >= len(r.src) {
			return nil, errEOF
		}
		r.pos++
		return sxString(b.String()), nil
	case '\'', '`':
		r.pos++
		return r.readItem()
	case ',':
		r.pos++
		if r.pos < len(r.src) && (r.src[r.pos] == '@' || r.src[r.pos] == '.') {
			r.pos++
		}
		return r.readItem()
	case '#':
		return r.readDispatch()
	}
	return r.readToken(), nil
}

func (r *sxReader) readDispatch() (any, error) {
	if r.pos+1 >= len(r.src) {
		r.pos++
		return nil, errEOF
	}
	d := unicode.ToUpper(r.src[r.pos+1])
	r.pos += 2
	switch d {
	case ':':
		t := r.readToken()
		if s, ok := t.(sxSym); ok {
			return sxSym{name: s.name}, nil
		}
		return t, nil
	case 'P':
		return r.readItem()
	case '\\':
		start := r.pos
		r.pos++
		for r.pos < len(r.src) && !isDelimiter(r.src[r.pos]) {
			r.pos++
		}
		return sxOther("#\\" + string(r.src[start:r.pos])), nil
	case '\'':
		return r.readItem()
	case '(':
		r.pos--
		return r.readItem()
	case '.':
		v, err := r.readItem()
		if err != nil {
			return nil, err
		}
		return sxOther(fmt.Sprint("#.", v)), nil
	case '+', '-':
		feature, err := r.readItem()
		if err != nil {
			return nil, err
		}
		form, err := r.readItem()
		if err != nil {
			return nil, err
		}
		if featureTrue(feature) == (d == '+') {
			return form, nil
		}
		return r.readItem()
	}
	// Unknown dispatch: read the next object and keep it opaque.
	v, err := r.readItem()
	if err != nil {
		return nil, err
	}
	return sxOther(fmt.Sprint("#", string(d), v)), nil
}

func isDelimiter(c rune) bool {
	return unicode.IsSpace(c) || strings.ContainsRune("()\"';`,", c)
}

func (r *sxReader) readToken() any {
	var b strings.Builder
	pkg, hasPkg := "", false
	escaped := false
	for r.pos < len(r.src) && !isDelimiter(r.src[r.pos]) {
		c := r.src[r.pos]
		switch {
		case c == '|':
			r.pos++
			for r.pos < len(r.src) && r.src[r.pos] != '|' {
				b.WriteRune(r.src[r.pos])
				r.pos++
			}
			escaped = true
		case c == '\\' && r.pos+1 < len(r.src):
			r.pos++
			b.WriteRune(r.src[r.pos])
			escaped = true
		case c == ':' && !hasPkg:
			pkg, hasPkg = b.String(), true
			b.Reset()
			for r.pos+1 < len(r.src) && r.src[r.pos+1] == ':' {
				r.pos++
			}
		default:
			b.WriteRune(unicode.ToUpper(c))
		}
		r.pos++
	}
	tok := b.String()
	if !hasPkg && !escaped && tok != "" && (unicode.IsDigit(rune(tok[0])) || (len(tok) > 1 && (tok[0] == '-' || tok[0] == '+') && unicode.IsDigit(rune(tok[1])))) {
		return sxOther(tok)
	}
	return sxSym{pkg: pkg, name: tok}
}
