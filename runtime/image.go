package runtime

import (
	"io/fs"
	"slices"
	"sort"
	"strings"
)

// Image is one interpreter's world: its packages and symbols, classes and
// global settings. Two Images share nothing but the NIL and T singletons,
// whose per-image parts (plists) live here.
type Image struct {
	packages map[string]*Package
	CL       *Package
	CLUser   *Package
	Keyword  *Package
	Golem    *Package

	nilPlist, tPlist Value

	// S holds well-known symbols for fast access from Go.
	S *Syms

	// Classes maps class names to classes (find-class).
	Classes map[*Symbol]*Class

	// Hooks filled in by packages that runtime must not import.
	Eval        func(th *Thread, form Value) Value         // eval/
	Macroexpand func(th *Thread, form Value) (Value, bool) // eval/
	PrintString func(th *Thread, v Value, escape bool) string
	// Debugger is called for an unhandled error after *debugger-hook*; it
	// returns only to decline, and the error then unwinds to the top level.
	Debugger func(th *Thread, c *Instance)

	gensymCounter int64
	// Sandbox is true for untrusted sessions: file access only as Files allows.
	Sandbox bool
	// Files says which files Lisp code may touch when Sandbox is set.
	Files FileAccess
	// Extra holds per-image state owned by other packages, keyed by a
	// package-private key type.
	Extra map[any]any
}

// FileAccess is the file-system policy of a sandboxed image: reads are
// allowed inside ReadDirs (and through FS), writes inside WriteDirs. Paths
// that escape a directory (.., symlinks) are refused.
type FileAccess struct {
	ReadDirs  []string
	WriteDirs []string
	FS        fs.FS // an embedder's read-only file system, consulted for relative paths
}

// Syms are the symbols Go code refers to by identity.
type Syms struct {
	Quote, Function, Lambda, Setf, Declare, Special, Ignore, Ignorable,
	Optional, Rest, Key, Aux, Body, Whole, Environment, AllowOtherKeys,
	KwAllowOtherKeys, Progn, Backquote, Comma, CommaAt, CommaDot,
	StandardOutput, ErrorOutput, TraceOutput, StandardInput, TerminalIO, QueryIO, DebugIO,
	Package, ReadBase, ReadEval, ReadDefaultFloatFormat, ReadSuppress, Readtable,
	PrintEscape, PrintReadably, PrintCircle, PrintLength, PrintLevel, PrintBase,
	PrintRadix, PrintCase, PrintGensym, PrintArray, PrintPretty, PrintRightMargin,
	PrintLines, PrintMiserWidth, PrintPprintDispatch,
	Features, GensymCounter, DebuggerHook, BreakOnSignals, MacroexpandHook,
	LoadPathname, LoadTruename, RandomState,
	SingleFloat, DoubleFloat, ShortFloat, LongFloat,
	Integer, Fixnum, List, Cons, Symbol, String, Character, Number, Real, Float,
	Vector, Array, SimpleVector, HashTable, Sequence, StandardObject,
	Eql, Eq, Equal, Equalp, Member, And, Or, Not, Satisfies, Values,
	Upcase, Downcase, Capitalize, Preserve, Invert,
	Internal, External, Inherited, Keyword, Block, Macro, Condition,
	Error, Warning, Funcall *Symbol
}

// Def describes a builtin function registered by a Go package.
type Def struct {
	Name     string // "CAR", or "PKG:NAME" for a package other than COMMON-LISP
	Min, Max int    // Max < 0: any number of arguments
	MV       bool   // the function sets multiple values itself
	Params   string // lambda list text for describe and list-definitions
	Fn       func(th *Thread, args []Value) Value
}

// registry lists builtins and setup steps; it is filled by package init
// functions and only read afterwards.
var (
	registry []Def
	setups   []setupStep
)

type setupStep struct {
	order int
	fn    func(img *Image)
}

// Register adds builtin definitions installed into every new Image. Call it
// only from package init functions.
func Register(defs ...Def) { registry = append(registry, defs...) }

// RegisterSetup adds a step run for every new Image after the builtins are
// installed, in increasing order. Call it only from package init functions.
// The list is kept sorted here, at init time, so that NewImage only reads it
// and any number of goroutines may make images at once.
func RegisterSetup(order int, fn func(img *Image)) {
	i := sort.Search(len(setups), func(i int) bool { return setups[i].order > order })
	setups = slices.Insert(setups, i, setupStep{order, fn})
}

// NewImage builds a fresh world with the standard packages and every
// registered builtin.
func NewImage() *Image {
	img := &Image{packages: map[string]*Package{}, Classes: map[*Symbol]*Class{}, Extra: map[any]any{}}
	img.CL = img.addPackage("COMMON-LISP", "CL")
	img.Keyword = img.addPackage("KEYWORD", "")
	img.CLUser = img.addPackage("COMMON-LISP-USER", "CL-USER")
	img.Golem = img.addPackage("GOLEM", "")
	img.CL.ReserveExternal(len(clSymbolNames))
	// One allocation for all the COMMON-LISP symbols (they live as long as
	// the image: the package is locked).
	clSyms := make([]Symbol, len(clSymbolNames))
	for i, name := range clSymbolNames {
		var s *Symbol
		switch name {
		case "NIL":
			s = NIL
		case "T":
			s = T
		default:
			s = &clSyms[i]
			s.Name, s.Pkg = name, img.CL
		}
		img.CL.external[name] = s
	}
	img.CL.Locked = true
	// CL-USER uses GOLEM as SBCL's uses SB-EXT: both are locked, so a user
	// definition cannot silently replace one of golem's.
	img.CLUser.UsePackage(img.CL)
	img.CLUser.UsePackage(img.Golem)
	img.Golem.UsePackage(img.CL)
	img.S = img.makeSyms()
	// One allocation for all the builtins' function objects.
	fns := make([]Builtin, len(registry))
	for i, d := range registry {
		img.installDef(d, &fns[i])
	}
	for _, st := range setups {
		st.fn(img)
	}
	return img
}

func (img *Image) addPackage(name, nick string) *Package {
	p := newPackage(name)
	img.packages[name] = p
	if nick != "" {
		p.Nicknames = []string{nick}
		img.packages[nick] = p
	}
	return p
}

// installDef makes fn the builtin d describes and its symbol's function.
func (img *Image) installDef(d Def, fn *Builtin) {
	sym := img.defSymbol(d.Name)
	*fn = Builtin{Name: sym, Min: d.Min, Max: d.Max, MultipleValues: d.MV, Fn: d.Fn, Params: d.Params}
	sym.Fn = fn
}

// defSymbol finds the symbol for a registry name, creating and exporting it
// in its package when the package is not COMMON-LISP.
func (img *Image) defSymbol(name string) *Symbol {
	pkg, sname := "CL", name
	if i := strings.IndexByte(name, ':'); i > 0 {
		pkg, sname = name[:i], name[i+1:]
	}
	p := img.FindPackage(pkg)
	if p == nil {
		p = img.MakePackage(pkg)
	}
	if p == img.CL {
		s, _ := p.FindSymbol(sname)
		if s == nil {
			panic("golem: " + sname + " is not a COMMON-LISP symbol")
		}
		return s
	}
	s, _ := p.Intern(sname)
	// Internal helpers (named %...) stay internal.
	if !strings.HasPrefix(sname, "%") {
		p.Export(s)
	}
	return s
}

// FindPackage finds a package by name or nickname.
func (img *Image) FindPackage(name string) *Package { return img.packages[name] }

// MakePackage creates an empty package; the caller checks for name clashes.
func (img *Image) MakePackage(name string, nicknames ...string) *Package {
	p := newPackage(name)
	p.Nicknames = nicknames
	img.packages[name] = p
	for _, n := range nicknames {
		img.packages[n] = p
	}
	return p
}

// RenamePackage changes a package's name and nicknames.
func (img *Image) RenamePackage(p *Package, name string, nicknames []string) {
	img.unregister(p)
	p.Name, p.Nicknames = name, nicknames
	img.packages[name] = p
	for _, n := range nicknames {
		img.packages[n] = p
	}
}

// DeletePackage removes p from the registry.
func (img *Image) DeletePackage(p *Package) {
	img.unregister(p)
	for _, u := range append([]*Package(nil), p.Use...) {
		p.UnusePackage(u)
	}
	for _, u := range append([]*Package(nil), p.UsedBy...) {
		u.UnusePackage(p)
	}
	p.Name = ""
}

func (img *Image) unregister(p *Package) {
	for k, v := range img.packages {
		if v == p {
			delete(img.packages, k)
		}
	}
}

// Packages returns all packages sorted by name.
func (img *Image) Packages() []*Package {
	seen := map[*Package]bool{}
	var out []*Package
	for _, p := range img.packages {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Intern interns name in the named package (which must exist).
func (img *Image) Intern(pkg, name string) *Symbol {
	s, _ := img.FindPackage(pkg).Intern(name)
	return s
}

// Keyword interns a keyword.
func (img *Image) Kw(name string) *Symbol {
	s, _ := img.Keyword.Intern(name)
	return s
}

// CLSym returns the COMMON-LISP symbol called name.
func (img *Image) CLSym(name string) *Symbol {
	s, st := img.CL.FindSymbol(name)
	if st == StatusNone {
		panic("golem: " + name + " is not a COMMON-LISP symbol")
	}
	return s
}

// Gensym makes a fresh uninterned symbol with the *gensym-counter* suffix.
func (img *Image) NextGensym() int64 {
	img.gensymCounter++
	return img.gensymCounter
}

func (img *Image) makeSyms() *Syms {
	c := img.CLSym
	return &Syms{
		Quote: c("QUOTE"), Function: c("FUNCTION"), Lambda: c("LAMBDA"), Setf: c("SETF"),
		Declare: c("DECLARE"), Special: c("SPECIAL"), Ignore: c("IGNORE"), Ignorable: c("IGNORABLE"),
		Optional: c("&OPTIONAL"), Rest: c("&REST"), Key: c("&KEY"), Aux: c("&AUX"), Body: c("&BODY"),
		Whole: c("&WHOLE"), Environment: c("&ENVIRONMENT"), AllowOtherKeys: c("&ALLOW-OTHER-KEYS"),
		KwAllowOtherKeys: img.Kw("ALLOW-OTHER-KEYS"), Progn: c("PROGN"),
		Backquote: img.Intern("GOLEM", "QUASIQUOTE"), Comma: img.Intern("GOLEM", "UNQUOTE"),
		CommaAt: img.Intern("GOLEM", "UNQUOTE-SPLICING"), CommaDot: img.Intern("GOLEM", "UNQUOTE-NSPLICING"),
		StandardOutput: c("*STANDARD-OUTPUT*"), ErrorOutput: c("*ERROR-OUTPUT*"), TraceOutput: c("*TRACE-OUTPUT*"),
		StandardInput: c("*STANDARD-INPUT*"), TerminalIO: c("*TERMINAL-IO*"), QueryIO: c("*QUERY-IO*"), DebugIO: c("*DEBUG-IO*"),
		Package: c("*PACKAGE*"), ReadBase: c("*READ-BASE*"), ReadEval: c("*READ-EVAL*"),
		ReadDefaultFloatFormat: c("*READ-DEFAULT-FLOAT-FORMAT*"), ReadSuppress: c("*READ-SUPPRESS*"), Readtable: c("*READTABLE*"),
		PrintEscape: c("*PRINT-ESCAPE*"), PrintReadably: c("*PRINT-READABLY*"), PrintCircle: c("*PRINT-CIRCLE*"),
		PrintLength: c("*PRINT-LENGTH*"), PrintLevel: c("*PRINT-LEVEL*"), PrintBase: c("*PRINT-BASE*"),
		PrintRadix: c("*PRINT-RADIX*"), PrintCase: c("*PRINT-CASE*"), PrintGensym: c("*PRINT-GENSYM*"),
		PrintArray: c("*PRINT-ARRAY*"), PrintPretty: c("*PRINT-PRETTY*"), PrintRightMargin: c("*PRINT-RIGHT-MARGIN*"),
		PrintLines: c("*PRINT-LINES*"), PrintMiserWidth: c("*PRINT-MISER-WIDTH*"), PrintPprintDispatch: c("*PRINT-PPRINT-DISPATCH*"),
		Features: c("*FEATURES*"), GensymCounter: c("*GENSYM-COUNTER*"), DebuggerHook: c("*DEBUGGER-HOOK*"),
		BreakOnSignals: c("*BREAK-ON-SIGNALS*"), MacroexpandHook: c("*MACROEXPAND-HOOK*"),
		LoadPathname: c("*LOAD-PATHNAME*"), LoadTruename: c("*LOAD-TRUENAME*"), RandomState: c("*RANDOM-STATE*"),
		SingleFloat: c("SINGLE-FLOAT"), DoubleFloat: c("DOUBLE-FLOAT"), ShortFloat: c("SHORT-FLOAT"), LongFloat: c("LONG-FLOAT"),
		Integer: c("INTEGER"), Fixnum: c("FIXNUM"), List: c("LIST"), Cons: c("CONS"), Symbol: c("SYMBOL"),
		String: c("STRING"), Character: c("CHARACTER"), Number: c("NUMBER"), Real: c("REAL"), Float: c("FLOAT"),
		Vector: c("VECTOR"), Array: c("ARRAY"), SimpleVector: c("SIMPLE-VECTOR"), HashTable: c("HASH-TABLE"),
		Sequence: c("SEQUENCE"), StandardObject: c("STANDARD-OBJECT"),
		Eql: c("EQL"), Eq: c("EQ"), Equal: c("EQUAL"), Equalp: c("EQUALP"), Member: c("MEMBER"),
		And: c("AND"), Or: c("OR"), Not: c("NOT"), Satisfies: c("SATISFIES"), Values: c("VALUES"),
		Upcase: img.Kw("UPCASE"), Downcase: img.Kw("DOWNCASE"), Capitalize: img.Kw("CAPITALIZE"),
		Preserve: img.Kw("PRESERVE"), Invert: img.Kw("INVERT"),
		Internal: img.Kw("INTERNAL"), External: img.Kw("EXTERNAL"), Inherited: img.Kw("INHERITED"),
		Keyword: c("KEYWORD"), Block: c("BLOCK"), Macro: img.Kw("MACRO"), Condition: c("CONDITION"),
		Error: c("ERROR"), Warning: c("WARNING"), Funcall: c("FUNCALL"),
	}
}

// DefineVar proclaims sym special and gives it a global value.
func (img *Image) DefineVar(sym *Symbol, v Value) {
	sym.Flags |= FlagSpecial
	sym.Value = v
}

// CurrentPackage returns the value of *package*.
func (img *Image) CurrentPackage() *Package {
	if p, ok := img.S.Package.Value.(*Package); ok {
		return p
	}
	return img.CLUser
}
