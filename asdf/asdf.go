// Package asdf provides the packages ASDF, ASDF-USER, UIOP and
// QUICKLISP-CLIENT (QL) in every golem image, and the one system loader
// behind ASDF:LOAD-SYSTEM, QL:QUICKLOAD, REQUIRE and the MCP load-system
// tool.
//
// The packages and their exported symbols exist from the start, so
// (asdf:load-system :foo) reads with no REQUIRE; their code is Lisp
// (asdf.lisp, uiop.lisp, quicklisp.lisp, embedded) evaluated into the image
// the first time one of their functions or macros is used, which keeps a new
// interpreter cheap. Until then each exported function and macro is an
// autoload stub.
//
// .asd files are evaluated as Lisp in ASDF-USER. Every file a system reads
// goes through the image's system sandbox (Configure): an .asd file
// anywhere in the sandbox's directories, a component only beneath the
// innermost of those directories holding its .asd file, regular files only,
// at most runtime.LoadSizeLimit bytes. Unrestricted images read the host.
package asdf

import (
	"context"
	_ "embed"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/golem-lisp/golem/eval"
	rt "github.com/golem-lisp/golem/runtime"
)

//go:embed uiop.lisp
var uiopSource string

//go:embed asdf.lisp
var asdfSource string

//go:embed quicklisp.lisp
var quicklispSource string

// Version is the ASDF version golem reports (ASDF:ASDF-VERSION), the one
// SBCL ships, so that libraries' version checks pass.
const Version = "3.3.1"

// Config says where an image finds systems and which files it may read.
type Config struct {
	// Dirs are searched for NAME.asd and NAME/NAME.asd after the
	// directories of ASDF:*CENTRAL-REGISTRY*.
	Dirs []string
	// Roots are the directories system files may be read from in a
	// sandboxed image (nil: the image's AllowRead and AllowWrite
	// directories). Quicklisp's directories are added when they exist.
	Roots []string
	// QuicklispHome is an existing Quicklisp installation whose
	// local-projects/ and dists/*/software/ hold systems ("": ~/quicklisp).
	QuicklispHome string
	// Fetch, when set, is asked for a system found nowhere locally: it
	// returns a directory holding the system's release (for example one
	// downloaded from a Quicklisp dist), which is then searched and
	// becomes readable to the loader; "" and no error when it has no such
	// system (the loader then signals QUICKLISP-CLIENT:SYSTEM-NOT-FOUND).
	Fetch func(ctx context.Context, system string) (dir string, err error)
	// MaxBytes bounds one file read (0: runtime.LoadSizeLimit(0)).
	MaxBytes int64
}

// state is one image's ASDF state on the Go side.
type state struct {
	cfg        Config
	configured bool
	sb         *rt.Sandbox // system files are read through it (sandboxed images)
	loaded     bool        // the Lisp code has been evaluated
	loading    bool
	stubs      []stub
	// warnings raised while the Lisp code loaded (muffled; kept for tests).
	warnings []string
}

type stateKey struct{}

func stateOf(img *rt.Image) *state {
	if st, ok := img.Extra[stateKey{}].(*state); ok {
		return st
	}
	st := &state{}
	img.Extra[stateKey{}] = st
	return st
}

// Configure sets where img finds systems. Call it before the image
// evaluates anything (the MCP server does when it makes a session).
func Configure(img *rt.Image, cfg Config) {
	st := stateOf(img)
	if st.sb != nil {
		_ = st.sb.Close()
	}
	st.cfg, st.configured, st.sb = cfg, true, nil
	setLocalProjects(img, st)
}

// quicklispHome returns the Quicklisp installation directory, or "".
func (st *state) quicklispHome() string {
	home := st.cfg.QuicklispHome
	if home == "" {
		h, err := os.UserHomeDir()
		if err != nil {
			return ""
		}
		home = filepath.Join(h, "quicklisp")
	}
	if fi, err := os.Stat(home); err != nil || !fi.IsDir() {
		return ""
	}
	return home
}

// quicklispDirs returns local-projects/ and the dists' software/
// directories of the Quicklisp installation.
func (st *state) quicklispDirs() (local []string, software []string) {
	home := st.quicklispHome()
	if home == "" {
		return nil, nil
	}
	lp := filepath.Join(home, "local-projects")
	if fi, err := os.Stat(lp); err == nil && fi.IsDir() {
		local = append(local, lp)
	}
	dists, _ := filepath.Glob(filepath.Join(home, "dists", "*", "software"))
	return local, dists
}

// sandbox returns the sandbox system files are read through.
func (st *state) sandbox(img *rt.Image) *rt.Sandbox {
	if st.sb != nil {
		return st.sb
	}
	roots := st.rootDirs(img)
	local, software := st.quicklispDirs()
	roots = append(append(append([]string(nil), roots...), local...), software...)
	st.sb = rt.NewSandbox(roots, nil)
	return st.sb
}

// rootDirs are Config.Roots, or the image's allowed directories.
func (st *state) rootDirs(img *rt.Image) []string {
	if st.cfg.Roots == nil {
		return append(append([]string(nil), img.Files.ReadDirs...), img.Files.WriteDirs...)
	}
	return st.cfg.Roots
}

func (st *state) maxBytes() int64 {
	if st.cfg.MaxBytes > 0 {
		return st.cfg.MaxBytes
	}
	return rt.LoadSizeLimit(0)
}

// --- the packages and their autoload stubs ---

// exports lists each package's exported symbols by kind: functions and
// macros get autoload stubs, variables a global value of NIL until the
// Lisp code gives them theirs.
type exports struct {
	functions, macros, variables, others string
}

// exportNames are exports split into upper-case symbol names, once.
type exportNames struct {
	functions, macros, variables, others []string
}

func (ex exports) names() exportNames {
	split := func(s string) []string { return strings.Fields(strings.ToUpper(s)) }
	return exportNames{split(ex.functions), split(ex.macros), split(ex.variables), split(ex.others)}
}

// The export lists as symbol names: computed when a program first looks
// into one of the packages, read-only after.
var (
	uiopNames = sync.OnceValue(uiopExports.names)
	asdfNames = sync.OnceValue(asdfExports.names)
	qlNames   = sync.OnceValue(qlExports.names)
)

// stub is an autoload stub installed on a symbol.
type stub struct {
	sym   *rt.Symbol
	macro bool
}

// autoloader is the function of an autoload stub: calling it loads the
// Lisp code, which replaces the stub, and calls the real definition.
type autoloader struct {
	rt.Builtin
	macro bool
}

// Autoload loads the code behind the stub (used by DEFMETHOD and
// DEFGENERIC before they replace a stubbed generic function).
func (a *autoloader) Autoload(th *rt.Thread) { ensureLoaded(th) }

func setup(img *rt.Image) {
	st := stateOf(img)
	uiop := img.MakePackage("UIOP", "UIOP/DRIVER", "ASDF/DRIVER")
	asdf := img.MakePackage("ASDF", "ASDF/INTERFACE", "ASDF-UTILITIES")
	ql := img.MakePackage("QUICKLISP-CLIENT", "QL")
	user := img.MakePackage("ASDF-USER")
	for _, p := range []*rt.Package{uiop, asdf, ql} {
		p.UsePackage(img.CL)
	}
	asdf.UsePackage(uiop)
	user.UsePackage(img.CL)
	user.UsePackage(uiop)
	user.UsePackage(asdf)
	// The packages' symbols, their stubs and their variables are made the
	// first time a program looks into one of the packages (Package.SetLazy):
	// most evaluations never do.
	define := func(p *rt.Package, names func() exportNames, then func()) {
		p.SetLazy(func(p *rt.Package) {
			ex := names()
			p.ReserveExternal(len(ex.functions) + len(ex.macros) + len(ex.variables) + len(ex.others))
			add := func(names []string, fn func(*rt.Symbol)) {
				for _, n := range names {
					// The packages are new: each symbol is made external directly.
					s := &rt.Symbol{Name: n, Pkg: p}
					p.AddPresent(s, true)
					fn(s)
				}
			}
			add(ex.functions, func(s *rt.Symbol) { st.install(s, false) })
			add(ex.macros, func(s *rt.Symbol) { st.install(s, true) })
			add(ex.variables, func(s *rt.Symbol) { img.DefineVar(s, initialValue(img, s.Name)) })
			add(ex.others, func(*rt.Symbol) {})
			if then != nil {
				then()
			}
		})
	}
	define(uiop, uiopNames, nil)
	define(asdf, asdfNames, func() {
		if v, _ := asdf.FindSymbol("*CENTRAL-REGISTRY*"); v != nil {
			img.DefineVar(v, rt.NIL)
		}
	})
	define(ql, qlNames, func() { setLocalProjects(img, st) })
	mp, _ := img.Golem.Intern("*MODULE-PROVIDER-FUNCTIONS*")
	img.Golem.Export(mp)
	img.DefineVar(mp, rt.List(img.Intern("GOLEM", "%ASDF-MODULE-PROVIDER")))
	var feats []rt.Value
	for _, f := range []string{"ASDF", "ASDF2", "ASDF3", "ASDF3.1", "ASDF3.2", "ASDF3.3", "QUICKLISP"} {
		feats = append(feats, img.Kw(f))
	}
	f := img.S.Features
	cur := f.Value
	if cur == nil {
		cur = rt.NIL
	}
	for i := len(feats) - 1; i >= 0; i-- {
		cur = &rt.Cons{Car: feats[i], Cdr: cur}
	}
	f.Value = cur
}

// initialValue is an exported variable's value from the start, so that a
// program reading or setting it before the Lisp code loads sees what it
// would see afterwards (the Lisp code defines these with DEFVAR, keeping it).
func initialValue(img *rt.Image, name string) rt.Value {
	switch name {
	case "*STDIN*":
		return &rt.SynonymStream{Sym: img.S.StandardInput}
	case "*STDOUT*":
		return &rt.SynonymStream{Sym: img.S.StandardOutput}
	case "*STDERR*":
		return &rt.SynonymStream{Sym: img.S.ErrorOutput}
	case "*FATAL-CONDITIONS*":
		return rt.List(img.CLSym("ERROR"))
	case "*COMPILE-FILE-WARNINGS-BEHAVIOUR*", "*COMPILE-FILE-FAILURE-BEHAVIOUR*":
		return img.Kw("WARN")
	}
	return rt.NIL
}

// setLocalProjects gives QL:*LOCAL-PROJECT-DIRECTORIES* its default: the
// installation's local-projects/ when it exists.
func setLocalProjects(img *rt.Image, st *state) {
	ql := img.FindPackage("QUICKLISP-CLIENT")
	if ql == nil || ql.Pending() {
		return // its symbols, when made, get the default then
	}
	v, _ := ql.FindSymbol("*LOCAL-PROJECT-DIRECTORIES*")
	if v == nil {
		return
	}
	local, _ := st.quicklispDirs()
	var dirs []rt.Value
	for _, d := range local {
		dirs = append(dirs, rt.ParseNativePath(img, d, true))
	}
	img.DefineVar(v, rt.List(dirs...))
}

func (st *state) install(s *rt.Symbol, macro bool) {
	a := &autoloader{macro: macro}
	a.Name = s
	a.Min, a.Max = 0, -1
	a.MultipleValues = true // the real definition's values pass through
	if macro {
		a.Min, a.Max = 2, 2
	}
	a.Fn = func(th *rt.Thread, args []rt.Value) rt.Value {
		ensureLoaded(th)
		var f rt.Function
		if macro {
			f = s.Macro
		} else {
			f = s.Fn
		}
		if f == nil || f == rt.Function(a) {
			what := "function"
			if macro {
				what = "macro"
			}
			th.SimpleError("~S is not available: golem's ASDF/UIOP defines no such "+what+".", s)
		}
		return f.Call(th, args)
	}
	if macro {
		s.Macro = a
	} else {
		s.Fn = a
	}
	st.stubs = append(st.stubs, stub{sym: s, macro: macro})
}

// realize makes the symbols of UIOP, ASDF and QUICKLISP-CLIENT (and their
// stubs) if no program has looked into those packages yet.
func realize(img *rt.Image) {
	for _, name := range []string{"UIOP", "ASDF", "QUICKLISP-CLIENT"} {
		if p := img.FindPackage(name); p != nil {
			p.Realize()
		}
	}
}

// ensureLoaded evaluates the Lisp code of UIOP, ASDF and QUICKLISP-CLIENT
// into th's image once. Warnings it raises are muffled; the session's
// definition hook does not see its definitions.
func ensureLoaded(th *rt.Thread) {
	img := th.Img
	st := stateOf(img)
	if st.loaded || st.loading {
		return
	}
	realize(img) // the stubs exist once the packages' symbols do
	st.loading = true
	// Clear the stubs first, so that DEFGENERIC and DEFMACRO define the
	// real operators over no ordinary function.
	for _, s := range st.stubs {
		if s.macro {
			s.sym.Macro = nil
		} else {
			s.sym.Fn = nil
		}
	}
	hook, hasHook := img.Extra[eval.DefinitionHookKey{}]
	delete(img.Extra, eval.DefinitionHookKey{})
	nh := len(th.Handlers)
	depth := th.SpecialDepth()
	done := false
	defer func() {
		th.UnbindTo(depth)
		th.Handlers = th.Handlers[:nh]
		if hasHook {
			img.Extra[eval.DefinitionHookKey{}] = hook
		}
		st.loading = false
		if !done {
			// Interrupted midway: put back the stubs of what is still
			// undefined, so that the next use loads again.
			for _, s := range st.stubs {
				if s.macro && s.sym.Macro == nil || !s.macro && s.sym.Fn == nil {
					st.install(s.sym, s.macro)
				}
			}
		}
	}()
	S := img.S
	muffle := &rt.Builtin{Name: img.Intern("GOLEM", "%ASDF-MUFFLE-WARNING"), Min: 1, Max: 1,
		Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			st.warnings = append(st.warnings, img.PrintString(th, args[0], false))
			if r := th.Call(img.CLSym("FIND-RESTART"), img.CLSym("MUFFLE-WARNING"), args[0]); r != rt.NIL {
				th.Call(img.CLSym("INVOKE-RESTART"), r)
			}
			return rt.NIL
		}}
	th.PushHandlers([]rt.Handler{{Type: S.Warning, Fn: muffle}})
	th.BindSpecial(S.Package, img.FindPackage("ASDF"))
	th.BindSpecial(S.Readtable, th.Call(img.CLSym("COPY-READTABLE"), rt.NIL))
	th.BindSpecial(S.ReadEval, rt.T)
	th.BindSpecial(S.ReadBase, rt.MakeInt(10))
	th.BindSpecial(S.ReadSuppress, rt.NIL)
	th.BindSpecial(S.ReadDefaultFloatFormat, S.SingleFloat)
	for _, src := range []string{uiopSource, asdfSource, quicklispSource} {
		rs := []rune(src)
		eval.LoadStream(th, rt.NewStringInput(rs, 0, len(rs)), rt.NIL)
	}
	st.loaded, done = true, true
	st.stubs = nil
}

func init() {
	rt.RegisterSetup(60, setup)
	rt.Register(primitives()...)
}
