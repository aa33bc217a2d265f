package mcp

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/golem-lisp/golem"
	"github.com/golem-lisp/golem/asdf"
	rt "github.com/golem-lisp/golem/runtime"
)

// load-system: the MCP face of golem's one system loader (package asdf),
// the same code as ASDF:LOAD-SYSTEM, QL:QUICKLOAD and REQUIRE in the
// session. A system is found as NAME.asd (or NAME/NAME.asd) in the call's
// path, the server's system directories and the working directory, then in
// Quicklisp's local-projects/ and installed releases; its .asd file is
// evaluated as Lisp in ASDF-USER, and its files are loaded, dependencies
// first. A system already loaded reloads the files changed since they were
// loaded (and the files after them); force reloads all. Every file is read
// through the session's system sandbox (runtime.Sandbox, os.Root
// underneath) over the --systems, --allow-read and --allow-write
// directories, the working directory and Quicklisp's directories; a
// system's components must lie beneath the innermost of those holding its
// .asd file, must be regular files, and at most runtime.LoadSizeLimit bytes.

func (s *Server) addLoadSystemTool() {
	s.mcp.AddTool(tool("load-system",
		"Load an ASDF system from local directories (as asdf:load-system or ql:quickload in the session): finds "+
			"NAME.asd, loads the systems it depends on first, then its files in order. Loading it again reloads "+
			"the files changed since (and those after them) and says which; force reloads all.",
		annotations("Load system", false, false, true), []string{"system"}, map[string]any{
			"system": stringProp("The system's name, e.g. \"my-project\" or \"my-project/tests\"."),
			"path":   stringProp("A directory to look for NAME.asd in first."),
			"force":  map[string]any{"type": "boolean", "description": "Reload every file of the system."},
		}), s.handler("load-system", s.loadSystem))
}

// configureSystems tells a new interpreter where systems are found and
// which directories their files may be read from.
func (s *Server) configureSystems(in *golem.Interpreter) {
	var dirs []string
	for _, d := range s.opts.SystemDirs {
		if abs, err := filepath.Abs(d); err == nil {
			d = abs
		}
		dirs = append(dirs, d)
	}
	if wd, err := os.Getwd(); err == nil {
		dirs = append(dirs, wd)
	}
	roots := s.systemRoots()
	if s.opts.QuicklispCache != "" {
		roots = append(roots, s.opts.QuicklispCache)
	}
	cfg := asdf.Config{Dirs: dirs, Roots: roots, MaxBytes: rt.LoadSizeLimit(s.opts.Limits.MaxMemory)}
	if s.quicklisp != nil {
		cfg.Fetch = s.fetchSystem // --quicklisp-dist
	}
	asdf.Configure(in.Image(), cfg)
}

// systemNotFound is the condition type of a system found nowhere.
const systemNotFound = "QUICKLISP-CLIENT:SYSTEM-NOT-FOUND"

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
	force := false
	if v, ok := args["force"]; ok && v != nil {
		b, isBool := v.(bool)
		if !isBool {
			return argsError("load-system `force` must be a boolean.")
		}
		force = b
	}
	dir := "NIL"
	if path != "" {
		abs, err := s.checkSystemPath(path)
		if err != nil {
			return argsError(err.Error())
		}
		dir = lispLiteral(abs)
	}
	forceArg := "NIL"
	if force {
		forceArg = "T"
	}
	in := sess.Interpreter()
	// Not a form the user typed: *, + and the rest stay as they were.
	res, err := in.Eval(golem.WithoutREPLVariables(ctx), "(golem::%asdf-ensure-loaded) (asdf::%tool-load "+lispLiteral(name)+" "+forceArg+" "+dir+")")
	log := readLoadLog(in.Image())
	text := log.text()
	if err != nil {
		var e *golem.Error
		if !errors.As(err, &e) {
			return errorResult(joinNonEmpty("[ERROR] LOAD-SYSTEM\n"+err.Error(), text), "runtime_error", "")
		}
		if c, ok := e.Condition.(*rt.Instance); ok && c.Class.Name.Pkg != nil &&
			c.Class.Name.Pkg.Name+":"+c.Class.Name.Name == systemNotFound {
			e.Type = systemNotFound
		}
		sess.setError(e)
		if e.Type == systemNotFound {
			return errorResult(joinNonEmpty("[ERROR] "+systemNotFound+"\n"+e.Report, text), "runtime_error", systemNotFound)
		}
		if f := log.current; f != "" {
			e.Report += "\n(while loading " + f + ")"
		}
		out := e.Text()
		return errorResult(joinNonEmpty(out, text), errorReason(in, e), e.Type)
	}
	r := textResult(joinNonEmpty(text, sectionsText(res.Stdout, res.Stderr, res.Warnings)))
	r.StructuredContent = log.structured(name)
	return r
}

// lispLiteral renders s as a Lisp string literal.
func lispLiteral(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// loadLog is what the loader reported (ASDF::*LOAD-LOG*), oldest first.
type loadLog struct {
	entries [][]string
	current string // the file being loaded when it failed
}

func readLoadLog(img *rt.Image) loadLog {
	var l loadLog
	p := img.FindPackage("ASDF")
	if p == nil {
		return l
	}
	if sym, _ := p.FindSymbol("*LOAD-LOG*"); sym != nil && sym.Value != nil {
		items := rt.ListToSlice(sym.Value)
		for i := len(items) - 1; i >= 0; i-- {
			var e []string
			for _, x := range rt.ListToSlice(items[i]) {
				switch v := x.(type) {
				case *rt.Symbol:
					e = append(e, v.Name)
				case *rt.String:
					e = append(e, v.String())
				}
			}
			l.entries = append(l.entries, e)
		}
	}
	if sym, _ := p.FindSymbol("*CURRENT-FILE*"); sym != nil {
		if v, ok := sym.Value.(*rt.String); ok {
			l.current = v.String()
		}
	}
	return l
}

var reloadReasons = map[string]string{
	"CHANGED":    "changed",
	"AFTER":      "after a changed file",
	"FORCED":     "forced",
	"DEPENDENCY": "a dependency was reloaded",
	"NEW":        "new",
}

// text renders the log as the reply's lines.
func (l loadLog) text() string {
	var lines []string
	for _, e := range l.entries {
		switch {
		case len(e) == 2 && e[0] == "LOADING":
			lines = append(lines, "Loading system: "+e[1])
		case len(e) == 4 && e[0] == "RELOADING":
			lines = append(lines, "Reloading: "+e[2]+" ("+reloadReasons[e[3]]+")")
		case len(e) == 2 && e[0] == "UP-TO-DATE":
			lines = append(lines, "No file of "+e[1]+" changed since it was loaded.")
		case len(e) == 3 && e[0] == "LOADED":
			lines = append(lines, "Loaded: "+e[1]+" (version "+e[2]+")")
		}
	}
	return strings.Join(lines, "\n")
}

// structured is the structuredContent of a successful load.
func (l loadLog) structured(name string) map[string]any {
	loaded, reloaded := []string{}, []string{}
	version, upToDate := "", false
	for _, e := range l.entries {
		switch {
		case len(e) == 3 && e[0] == "LOADED":
			loaded = append(loaded, e[1])
			if e[1] == name {
				version = e[2]
			}
		case len(e) == 4 && e[0] == "RELOADING":
			reloaded = append(reloaded, e[2])
		case len(e) == 2 && e[0] == "UP-TO-DATE" && e[1] == name:
			upToDate = true
		}
	}
	return map[string]any{"system": name, "version": version, "loaded": loaded,
		"reloaded_files": reloaded, "up_to_date": upToDate}
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
