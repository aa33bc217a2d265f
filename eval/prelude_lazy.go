package eval

import (
	"context"
	"strings"
	"sync"

	rt "github.com/golem-lisp/golem/runtime"
)

// The prelude's DEFUN and DEFMACRO forms are compiled when first used, not
// when an image is made: LazyPrelude installs a stub on each name and keeps
// the form's text, which the stub reads and evaluates on its first call (a
// macro's first expansion). Most programs use few of them, and reading and
// compiling all of them took most of the time of a new interpreter. Images
// share only the immutable source text; every stub, symbol and compiled
// function belongs to one image.

// LazyPrelude wraps the ReadFunc given to LoadPrelude: each top-level
// (DEFUN name …), (DEFUN (SETF name) …), (DEFMACRO name …),
// (DEFINE-MODIFY-MACRO name …) and (DEFGENERIC name …) — with the
// (DEFMETHOD name …) forms right after it — of a prelude source, where name
// is a plain symbol, becomes a stub that loads the forms on first use; the
// other forms are read and evaluated at once, in order, by read.
func LazyPrelude(read ReadFunc) ReadFunc {
	return func(th *rt.Thread, src string, fn func(form rt.Value)) {
		sp := preludeForms(src)
		if sp.forms == nil {
			read(th, src, fn)
			return
		}
		for _, k := range sp.keywords {
			th.Img.Kw(k)
		}
		var generic *preludeStub // the last stubbed DEFGENERIC, which takes its DEFMETHODs
		var genericName string
		for _, text := range sp.forms {
			if generic != nil && strings.HasPrefix(text, "(defmethod "+genericName+" ") {
				generic.text += "\n" + text
				continue
			}
			generic = nil
			if kind, name, ok := lazyDefinition(text); ok {
				if sym := preludeName(th, name); sym != nil {
					s := installPreludeStub(th, sym, kind, text, read)
					if strings.HasPrefix(text, "(defgeneric ") {
						generic, genericName = s, name
					}
					continue
				}
			}
			read(th, text, fn)
		}
	}
}

// stubKind is the definition a prelude stub stands for.
type stubKind uint8

const (
	stubFunction stubKind = iota // the symbol's function
	stubMacro                    // its macro function
	stubSetf                     // the function named (SETF symbol)
)

// lazyDefinition returns what text defines, when it is one of the forms
// LazyPrelude stubs and names a symbol simple enough to intern without the
// reader.
func lazyDefinition(text string) (kind stubKind, name string, ok bool) {
	var rest string
	switch {
	case cut(text, "(defun (setf ", &rest):
		kind = stubSetf
		end := strings.IndexByte(rest, ')')
		if end <= 0 || !strings.HasPrefix(rest[end+1:], " ") {
			return 0, "", false
		}
		name = rest[:end]
	case cut(text, "(defun ", &rest), cut(text, "(defgeneric ", &rest):
		kind = stubFunction
	case cut(text, "(defmacro ", &rest), cut(text, "(define-modify-macro ", &rest):
		kind = stubMacro
	default:
		return 0, "", false
	}
	if name == "" {
		end := strings.IndexAny(rest, " \t\n\r")
		if end <= 0 {
			return 0, "", false
		}
		name = rest[:end]
	}
	for _, c := range name {
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9', strings.ContainsRune("-*%+/<>=!?&", c):
		default:
			return 0, "", false
		}
	}
	if name[0] >= '0' && name[0] <= '9' || name[0] == '+' || name[0] == '-' {
		return 0, "", false // could read as a number
	}
	return kind, name, true
}

// cut stores in rest what follows prefix in s and reports whether s starts
// with it.
func cut(s, prefix string, rest *string) bool {
	r, ok := strings.CutPrefix(s, prefix)
	if ok {
		*rest = r
	}
	return ok
}

// preludeName interns name as the reader would in the current package.
func preludeName(th *rt.Thread, name string) *rt.Symbol {
	p, ok := th.Img.S.Package.Value.(*rt.Package)
	if !ok {
		return nil
	}
	s, _ := p.Intern(strings.ToUpper(name))
	return s
}

// preludeStub stands for a prelude function or macro not yet compiled.
type preludeStub struct {
	rt.Builtin
	kind stubKind
	sym  *rt.Symbol
	text string      // the definition's source
	pkg  *rt.Package // *PACKAGE* when the source was read
	read ReadFunc    // reads the source
	std  *rt.Value   // the standard readtable the image's stubs read with, made once
	img  *rt.Image
	// real is the definition once loaded: the stub, still called through
	// references taken before (#'F, TRACE's wrapper), forwards to it.
	real    rt.Function
	loading bool
}

func installPreludeStub(th *rt.Thread, sym *rt.Symbol, kind stubKind, text string, read ReadFunc) *preludeStub {
	img := th.Img
	std, _ := img.Extra[preludeReadtableKey{}].(*rt.Value)
	if std == nil {
		std = new(rt.Value)
		img.Extra[preludeReadtableKey{}] = std
	}
	s := &preludeStub{kind: kind, sym: sym, text: text, pkg: th.Img.S.Package.Value.(*rt.Package), read: read, std: std, img: img}
	s.Name = sym
	s.Min, s.Max = 0, -1
	if kind == stubMacro {
		s.Min, s.Max = 2, 2
	}
	s.MultipleValues = true // the real definition's values pass through
	if kind == stubSetf {
		s.NameForm = rt.List(img.CLSym("SETF"), sym)
	}
	s.Fn = func(th *rt.Thread, args []rt.Value) rt.Value {
		return s.force(th).Call(th, args)
	}
	s.set(s)
	return s
}

// preludeReadtableKey keys, in Image.Extra, the readtable of standard
// syntax prelude stubs read their source with (a user's changes to
// *READTABLE* must not change how the prelude reads).
type preludeReadtableKey struct{}

// Call calls the real definition, loading it first if need be. (Not
// Builtin.Call: the stub adds no frame to backtraces.)
func (s *preludeStub) Call(th *rt.Thread, args []rt.Value) rt.Value {
	return s.force(th).Call(th, args)
}

// current returns what the stub's name is now defined as.
func (s *preludeStub) current() rt.Function {
	switch s.kind {
	case stubMacro:
		return s.sym.Macro
	case stubSetf:
		return s.sym.Setf
	}
	return s.sym.Fn
}

func (s *preludeStub) set(f rt.Function) {
	switch s.kind {
	case stubMacro:
		s.sym.Macro = f
	case stubSetf:
		s.sym.Setf = f
	default:
		s.sym.Fn = f
	}
}

// Autoload loads the definition (DEFMETHOD and DEFGENERIC call it before
// they add to or replace a generic function a stub stands for).
func (s *preludeStub) Autoload(th *rt.Thread) { s.force(th) }

// force returns the real definition, loading it the first time.
func (s *preludeStub) force(th *rt.Thread) rt.Function {
	if s.real == nil {
		if s.loading {
			th.SimpleError("~S was called while its prelude definition was being compiled", s.sym)
		}
		s.load(th)
		if s.real == nil {
			th.SimpleError("the prelude did not define ~S", s.sym)
		}
	}
	return s.real
}

// load reads and evaluates the definition on th as the prelude would at
// image creation: in its package, with standard reader syntax, COMMON-LISP
// unlocked, warnings muffled, recording no cross-references, definition
// source or undefined calls and calling no definition hook. What the name
// was defined as before stays when it is not the stub (a TRACE wrapper, a
// program's redefinition); a load cut short (a limit, an interrupt) leaves
// things as they were.
func (s *preludeStub) load(th *rt.Thread) {
	img := th.Img
	cur := s.current()
	s.set(nil) // as when the prelude evaluated the form: nothing to redefine
	s.loading = true
	locked := img.CL.Locked
	img.CL.Locked = false
	hook, hasHook := img.Extra[DefinitionHookKey{}]
	xref, hasXref := img.Extra[xrefKey{}]
	delete(img.Extra, DefinitionHookKey{})
	delete(img.Extra, xrefKey{})
	depth, nu, nh := th.SpecialDepth(), len(th.UndefinedCalls), len(th.Handlers)
	done := false
	defer func() {
		th.UnbindTo(depth)
		th.Handlers = th.Handlers[:nh]
		th.UndefinedCalls = th.UndefinedCalls[:nu]
		img.CL.Locked = locked
		if hasHook {
			img.Extra[DefinitionHookKey{}] = hook
		}
		if hasXref {
			img.Extra[xrefKey{}] = xref
		}
		s.loading = false
		if done {
			s.real = s.current()
		}
		if !done || cur != rt.Function(s) {
			s.set(cur)
		}
	}()
	S := img.S
	if *s.std == nil {
		*s.std = th.Call(img.CLSym("COPY-READTABLE"), rt.NIL)
	}
	// The compiler's style warnings about the prelude are not the
	// program's: at image creation nobody saw them either.
	th.PushHandlers([]rt.Handler{{Type: S.Warning, Fn: &rt.Builtin{Name: img.Intern("GOLEM", "%MUFFLE-PRELUDE-WARNING"), Min: 1, Max: 1,
		Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			if r := th.Call(img.CLSym("FIND-RESTART"), img.CLSym("MUFFLE-WARNING"), args[0]); r != rt.NIL {
				th.Call(img.CLSym("INVOKE-RESTART"), r)
			}
			return rt.NIL
		}}}})
	th.BindFormLocation(rt.SourceLocation{})
	th.BindSpecial(S.Package, s.pkg)
	th.BindSpecial(S.Readtable, *s.std)
	th.BindSpecial(S.ReadEval, rt.T)
	th.BindSpecial(S.ReadBase, rt.MakeInt(10))
	th.BindSpecial(S.ReadSuppress, rt.NIL)
	th.BindSpecial(S.ReadDefaultFloatFormat, S.SingleFloat)
	s.read(th, s.text, func(form rt.Value) { Eval(th, form) })
	done = true
}

// loaded returns the real definition, loading it on a thread of its own
// (for callers that have none: DESCRIBE, the pretty printer), or nil when
// that fails.
func (s *preludeStub) loaded() (f rt.Function) {
	if s.real != nil {
		return s.real
	}
	defer func() {
		if recover() != nil {
			f = nil
		}
	}()
	return s.force(rt.NewThread(s.img, context.Background(), rt.Limits{}))
}

// LambdaList implements rt.LambdaLister with the real definition's.
func (s *preludeStub) LambdaList() rt.Value {
	if ll, ok := s.loaded().(rt.LambdaLister); ok {
		return ll.LambdaList()
	}
	return rt.NIL
}

// Documentation returns the real definition's documentation string.
func (s *preludeStub) Documentation() string {
	if d, ok := s.loaded().(interface{ Documentation() string }); ok {
		return d.Documentation()
	}
	return ""
}

// splitMemo maps each prelude source to its preludeSplit, computed once per
// process: the sources are the embedded prelude files, and neither keys nor
// values are ever modified, so images share nothing mutable.
var splitMemo sync.Map // string → *preludeSplit

// preludeSplit is a source cut into its top-level forms.
type preludeSplit struct {
	forms []string // nil when the source could not be split
	// keywords are the keywords the forms mention: reading the source
	// interned them, and a program may look for them (FIND-SYMBOL).
	keywords []string
}

// preludeForms returns the split of src, remembered for the process.
func preludeForms(src string) *preludeSplit {
	if v, ok := splitMemo.Load(src); ok {
		return v.(*preludeSplit)
	}
	sp := generatedSplit(src) // the embedded sources were split at build time
	if sp == nil {
		sp = splitPrelude(src)
	}
	splitMemo.Store(src, sp)
	return sp
}

// splitPrelude cuts src into its top-level forms and finds their keywords.
func splitPrelude(src string) *preludeSplit {
	sp := &preludeSplit{}
	if forms, ok := splitTopLevel(src); ok {
		sp.forms = forms
		seen := map[string]bool{}
		for _, f := range forms {
			for _, k := range keywordsIn(f) {
				if !seen[k] {
					seen[k] = true
					sp.keywords = append(sp.keywords, k)
				}
			}
		}
	}
	return sp
}

// keywordsIn returns the names of the plain keywords (:NAME) in the text of
// a form, outside strings, comments and characters.
func keywordsIn(text string) []string {
	var out []string
	for i := 0; i < len(text); {
		switch c := text[i]; c {
		case ';':
			i = skipLine(text, i)
		case '"', '|':
			for i++; i < len(text) && text[i] != c; i++ {
				if text[i] == '\\' {
					i++
				}
			}
			i++
		case '\\':
			i += 2
		case '#':
			switch {
			case i+1 < len(text) && text[i+1] == '\\':
				i += 3
			case i+1 < len(text) && text[i+1] == '|':
				j, ok := skipBlockComment(text, i)
				if !ok {
					return out
				}
				i = j
			case i+1 < len(text) && text[i+1] == ':':
				i += 2 // #:NAME is uninterned
			default:
				i++
			}
		case ':':
			j := i + 1
			for j < len(text) && !strings.ContainsRune(" \t\n\r()'`,\"", rune(text[j])) {
				j++
			}
			name := text[i+1 : j]
			if i > 0 && !strings.ContainsRune(" \t\n\r('`,@", rune(text[i-1])) || name == "" || strings.ContainsAny(name, "|\\:") {
				i = j // a package prefix's colon, or an unusual name
				continue
			}
			out = append(out, strings.ToUpper(name))
			i = j
		default:
			i++
		}
	}
	return out
}

// splitTopLevel returns the text of each top-level form of src, all of
// them lists, or false when src holds anything else or the scan is unsure.
func splitTopLevel(src string) ([]string, bool) {
	var out []string
	for i := 0; i < len(src); {
		switch c := src[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			i++
		case c == ';':
			i = skipLine(src, i)
		case c == '#' && i+1 < len(src) && src[i+1] == '|':
			j, ok := skipBlockComment(src, i)
			if !ok {
				return nil, false
			}
			i = j
		case c == '(':
			j, ok := skipList(src, i)
			if !ok {
				return nil, false
			}
			out = append(out, src[i:j])
			i = j
		default:
			return nil, false
		}
	}
	return out, true
}

func skipLine(src string, i int) int {
	for i < len(src) && src[i] != '\n' {
		i++
	}
	return i
}

// skipBlockComment returns the index after the #| … |# at i (they nest).
func skipBlockComment(src string, i int) (int, bool) {
	depth := 0
	for i+1 < len(src) {
		switch {
		case src[i] == '#' && src[i+1] == '|':
			depth++
			i += 2
		case src[i] == '|' && src[i+1] == '#':
			depth--
			i += 2
			if depth == 0 {
				return i, true
			}
		default:
			i++
		}
	}
	return 0, false
}

// skipList returns the index after the list that opens at src[i].
func skipList(src string, i int) (int, bool) {
	depth := 0
	for i < len(src) {
		switch c := src[i]; c {
		case '(':
			depth++
			i++
		case ')':
			depth--
			i++
			if depth == 0 {
				return i, true
			}
		case ';':
			i = skipLine(src, i)
		case '"', '|':
			for i++; i < len(src) && src[i] != c; i++ {
				if src[i] == '\\' {
					i++
				}
			}
			if i >= len(src) {
				return 0, false
			}
			i++
		case '\\':
			i += 2
		case '#':
			switch {
			case i+1 < len(src) && src[i+1] == '\\':
				i += 3 // #\x, whatever x is; a name's other letters are a token
			case i+1 < len(src) && src[i+1] == '|':
				j, ok := skipBlockComment(src, i)
				if !ok {
					return 0, false
				}
				i = j
			default:
				i++
			}
		default:
			i++
		}
	}
	return 0, false
}
