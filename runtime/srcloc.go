package runtime

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Source locations: where a top-level form, a reader error or a definition
// lies in a file or in the code given to Eval. Nothing here runs while
// compiled code runs: locations are noted once per top-level form (LOAD,
// Eval) and once per definition.

// SourceLocation is a place in a source text.
type SourceLocation struct {
	// File is the file's host path (LOAD's truename), InputSource for code
	// given to Eval as a string, or "" when the text has no name (a string
	// stream of the program's own).
	File string
	// Line counts from 1; Column counts characters from 0, as SBCL does.
	Line, Column int
}

// InputSource is the File of code given to Eval (evaluate-lisp, the
// playground, golem eval, the REPL).
const InputSource = "input"

// IsZero reports whether l is no location at all.
func (l SourceLocation) IsZero() bool { return l.Line == 0 }

// IsFile reports whether l lies in a named file (not "input", not unnamed).
func (l SourceLocation) IsFile() bool { return l.File != "" && l.File != InputSource }

// String renders l as FILE:LINE ("input:3"; just "3" without a file), the
// short form for listings such as `name (file:line)`.
func (l SourceLocation) String() string {
	if l.File == "" {
		return strconv.Itoa(l.Line)
	}
	return l.File + ":" + strconv.Itoa(l.Line)
}

// Describe renders l as reports show it, with SBCL's words:
// "file: /p/a.lisp, line: 3, column: 7", "input, line: 3, column: 7" or
// "line: 3, column: 7".
func (l SourceLocation) Describe() string {
	lc := "line: " + strconv.Itoa(l.Line) + ", column: " + strconv.Itoa(l.Column)
	switch {
	case l.File == "":
		return lc
	case l.File == InputSource:
		return InputSource + ", " + lc
	}
	return "file: " + l.File + ", " + lc
}

// Advance returns the location just after text, which starts at l.
func (l SourceLocation) Advance(text []rune) SourceLocation {
	for _, c := range text {
		if c == '\n' {
			l.Line++
			l.Column = 0
		} else {
			l.Column++
		}
	}
	return l
}

// SourceStream is an input stream that can say where in its text it is.
// Offsets are the stream's own (characters of a string stream, bytes of a
// file); only the stream interprets them.
type SourceStream interface {
	Stream
	// SourceName is the text's File (see SourceLocation).
	SourceName() string
	// SourceOffset is the offset of the next character to be read.
	SourceOffset() int
	// SourceLocationAt converts an offset to a location. It is fast for
	// offsets that increase from call to call (a LOAD going through a file).
	SourceLocationAt(offset int) SourceLocation
	// SourceText returns the text from offset from to the end of the
	// input, or its first max characters and false when it is longer.
	SourceText(from, max int) (text []rune, whole bool)
}

// lineCursor converts offsets to lines and columns, counting from the last
// offset converted when the next one lies after it, so a pass through a
// file costs one scan in all. The zero value is at offset 0.
type lineCursor struct {
	off, line, col int
}

// at converts offset (a rune index into text) to a location in name.
func (c *lineCursor) at(name string, text []rune, offset int) SourceLocation {
	offset = min(max(offset, 0), len(text))
	if offset < c.off || c.line == 0 {
		*c = lineCursor{line: 1}
	}
	for i := c.off; i < offset; i++ {
		if text[i] == '\n' {
			c.line++
			c.col = 0
		} else {
			c.col++
		}
	}
	c.off = offset
	return SourceLocation{File: name, Line: c.line, Column: c.col}
}

// advanceBytes moves c over b, UTF-8 (or Latin-1, when latin1) text that
// starts at c's offset, offsets counting bytes.
func (c *lineCursor) advanceBytes(b []byte, latin1 bool) {
	for _, x := range b {
		switch {
		case x == '\n':
			c.line++
			c.col = 0
		case latin1 || x < 0x80 || x >= 0xC0:
			// One character per byte that starts one.
			c.col++
		}
	}
	c.off += len(b)
}

// SourceName implements SourceStream.
func (s *StringInputStream) SourceName() string { return s.Name }

// SourceOffset implements SourceStream.
func (s *StringInputStream) SourceOffset() int { return s.Pos }

// SourceLocationAt implements SourceStream.
func (s *StringInputStream) SourceLocationAt(offset int) SourceLocation {
	return s.cursor.at(s.Name, s.R[:s.End], offset)
}

// SourceText implements SourceStream.
func (s *StringInputStream) SourceText(from, limit int) ([]rune, bool) {
	from = min(max(from, 0), s.End)
	if s.End-from > limit {
		return s.R[from : from+limit], false
	}
	return s.R[from:s.End], true
}

// SourceName implements SourceStream: the host path of the file.
func (s *FileStream) SourceName() string {
	if s.host != "" {
		return s.host
	}
	return s.fsName
}

// SourceOffset implements SourceStream.
func (s *FileStream) SourceOffset() int { return int(s.pos) }

// SourceLocationAt implements SourceStream, reading the file again from
// the last offset converted (from the start when offset lies before it).
func (s *FileStream) SourceLocationAt(offset int) SourceLocation {
	c := &s.cursor
	if offset < c.off || c.line == 0 {
		*c = lineCursor{line: 1}
	}
	if s.ra != nil && offset > c.off {
		buf := make([]byte, min(offset-c.off, fileBufSize))
		for c.off < offset {
			n, _ := s.ra.ReadAt(buf[:min(len(buf), offset-c.off)], int64(c.off))
			if n == 0 {
				break
			}
			c.advanceBytes(buf[:n], s.latin1)
		}
	}
	return SourceLocation{File: s.SourceName(), Line: c.line, Column: c.col}
}

// SourceText implements SourceStream. It reads at most limit bytes, which
// hold at most limit characters.
func (s *FileStream) SourceText(from, limit int) ([]rune, bool) {
	if s.ra == nil || int64(from) >= s.size || from < 0 {
		return nil, true
	}
	n := s.size - int64(from)
	whole := n <= int64(limit)
	b := make([]byte, min(n, int64(limit)))
	k, _ := s.ra.ReadAt(b, int64(from))
	b = b[:k]
	if s.latin1 {
		r := make([]rune, len(b))
		for i, x := range b {
			r[i] = rune(x)
		}
		return r, whole
	}
	return []rune(string(b)), whole
}

// --- the location of the top-level form being evaluated ---

// formLocationKey keys, in Image.Extra, the symbol whose dynamic value is
// the *SourceLocation of the top-level form being evaluated.
type formLocationKey struct{}

func formLocationSymbol(img *Image) *Symbol {
	s, _ := img.Extra[formLocationKey{}].(*Symbol)
	return s
}

// BindFormLocation binds, on th, the location of the top-level form about
// to be evaluated (LOAD and Eval do this for each form); definitions and
// compiler warnings made while it runs name it. Undo with UnbindTo.
func (th *Thread) BindFormLocation(loc SourceLocation) {
	th.BindSpecial(formLocationSymbol(th.Img), &loc)
}

// FormLocation returns the location of the top-level form being evaluated,
// if one was bound (a zero location binds none).
func (th *Thread) FormLocation() (SourceLocation, bool) {
	if l, ok := formLocationSymbol(th.Img).Value.(*SourceLocation); ok && l != nil && !l.IsZero() {
		return *l, true
	}
	return SourceLocation{}, false
}

// UndefinedCall is a call of a function undefined when it was compiled
// (Thread.UndefinedCalls), and where: the top-level form compiled.
type UndefinedCall struct {
	Sym   *Symbol
	Where SourceLocation // zero when not known
}

// --- the definition-source record ---

// DefinitionKind names the kind of a definition, as the MCP definition
// hook does.
type DefinitionKind string

// The kinds of definition whose source is recorded.
const (
	DefFunction        DefinitionKind = "FUNCTION" // DEFUN (Name may be (SETF sym))
	DefMacro           DefinitionKind = "MACRO"    // DEFMACRO
	DefGenericFunction DefinitionKind = "GENERIC-FUNCTION"
	DefMethod          DefinitionKind = "METHOD" // DEFMETHOD; Detail tells the methods apart
	DefClass           DefinitionKind = "CLASS"
	DefCondition       DefinitionKind = "CONDITION"
	DefStructure       DefinitionKind = "STRUCTURE"
	DefVariable        DefinitionKind = "VARIABLE" // DEFVAR, DEFPARAMETER, DEFCONSTANT
)

// kindOrder orders DefinitionSources' result.
var kindOrder = []DefinitionKind{DefFunction, DefMacro, DefGenericFunction, DefMethod,
	DefVariable, DefClass, DefCondition, DefStructure}

// DefinitionSource is where one definition was made.
type DefinitionSource struct {
	Kind DefinitionKind
	// Name is the defined name: a symbol, or (SETF symbol) for a setf function
	// or method.
	Name Value
	// Detail tells apart the methods of one generic function: their
	// qualifiers and specializers as printed, e.g. ":AROUND (STRING T)".
	// Empty for other kinds.
	Detail   string
	Location SourceLocation
}

type defKey struct {
	kind   DefinitionKind
	sym    *Symbol
	setf   bool
	detail string
}

type defEntry struct {
	src DefinitionSource
	fn  Function
}

// definitionTable is an Image's definition-source record. Definitions are
// recorded by the evaluating goroutine; the lock lets tools read it from
// others.
type definitionTable struct {
	mu    sync.RWMutex
	byKey map[defKey]*defEntry
	bySym map[*Symbol][]defKey
	byFn  map[Function]*defEntry
}

type definitionTableKey struct{}

func init() {
	RegisterSetup(1, func(img *Image) {
		img.Extra[definitionTableKey{}] = &definitionTable{byKey: map[defKey]*defEntry{},
			bySym: map[*Symbol][]defKey{}, byFn: map[Function]*defEntry{}}
		sym := NewSymbol("*TOP-LEVEL-FORM-LOCATION*")
		img.Extra[formLocationKey{}] = sym
	})
}

func definitions(img *Image) *definitionTable {
	t, _ := img.Extra[definitionTableKey{}].(*definitionTable)
	return t
}

// RecordDefinition notes that a definition of kind named name (detail: see
// DefinitionSource) is being made by the top-level form being evaluated;
// fn, when not nil, is the function it defines (for backtraces). A
// definition made where no location is known (the prelude, Go code)
// forgets any earlier location of the same definition.
func (th *Thread) RecordDefinition(kind DefinitionKind, name Value, detail string, fn Function) {
	sym, setf := SplitFunctionName(th.Img, name)
	t := definitions(th.Img)
	if sym == nil || t == nil {
		return
	}
	loc, known := th.FormLocation()
	key := defKey{kind, sym, setf, detail}
	t.mu.Lock()
	defer t.mu.Unlock()
	if old := t.byKey[key]; old != nil {
		if old.fn != nil {
			delete(t.byFn, old.fn)
		}
		if !known {
			delete(t.byKey, key)
			keys := t.bySym[sym]
			if i := slices.Index(keys, key); i >= 0 {
				keys = slices.Delete(keys, i, i+1)
			}
			if len(keys) == 0 {
				delete(t.bySym, sym)
			} else {
				t.bySym[sym] = keys
			}
			return
		}
	} else if !known {
		return
	} else {
		t.bySym[sym] = append(t.bySym[sym], key)
	}
	e := &defEntry{src: DefinitionSource{Kind: kind, Name: name, Detail: detail, Location: loc}}
	if fn != nil && reflect.TypeOf(fn).Kind() == reflect.Pointer {
		e.fn = fn
		t.byFn[fn] = e
	}
	t.byKey[key] = e
}

// DefinitionSource returns where the definition of kind named name (a
// symbol or (SETF symbol); detail as in DefinitionSource) was made.
func (img *Image) DefinitionSource(kind DefinitionKind, name Value, detail string) (DefinitionSource, bool) {
	sym, setf := SplitFunctionName(img, name)
	t := definitions(img)
	if sym == nil || t == nil {
		return DefinitionSource{}, false
	}
	t.mu.RLock()
	defer t.mu.RUnlock()
	if e := t.byKey[defKey{kind, sym, setf, detail}]; e != nil {
		return e.src, true
	}
	return DefinitionSource{}, false
}

// DefinitionSources returns every recorded definition of sym, of each kind
// and including (SETF sym) and methods: functions, macros, generic
// functions, methods, variables, classes, conditions, structures in that
// order, methods in the order they were defined.
func (img *Image) DefinitionSources(sym *Symbol) []DefinitionSource {
	t := definitions(img)
	if t == nil {
		return nil
	}
	t.mu.RLock()
	defer t.mu.RUnlock()
	var out []DefinitionSource
	for _, k := range t.bySym[sym] {
		out = append(out, t.byKey[k].src)
	}
	slices.SortStableFunc(out, func(a, b DefinitionSource) int {
		return slices.Index(kindOrder, a.Kind) - slices.Index(kindOrder, b.Kind)
	})
	return out
}

// FunctionSource returns where fn was defined, when it is a function a
// recorded definition made (DEFUN, DEFMACRO, DEFGENERIC, DEFMETHOD) and
// still the one that definition made.
func (img *Image) FunctionSource(fn Function) (DefinitionSource, bool) {
	t := definitions(img)
	if t == nil || fn == nil || reflect.TypeOf(fn).Kind() != reflect.Pointer {
		return DefinitionSource{}, false
	}
	t.mu.RLock()
	defer t.mu.RUnlock()
	if e := t.byFn[fn]; e != nil {
		return e.src, true
	}
	return DefinitionSource{}, false
}

// ReadErrorSource is where a reader error or an end of file inside an
// object happened: the GOLEM::SOURCE-LOCATION slot of the condition, which
// its report shows.
type ReadErrorSource struct {
	At        SourceLocation // where the reader stopped
	FormStart SourceLocation // where the top-level form being read began (zero if not known)
	// Note is what the report adds, one or more lines: the location, and
	// for an end of file what is still open.
	Note string
}

// ReportSuffix is the text a condition's report ends with.
func (r *ReadErrorSource) ReportSuffix() string {
	if r == nil || r.Note == "" {
		return ""
	}
	return "\n\n  " + strings.ReplaceAll(r.Note, "\n", "\n  ")
}

// PrintLisp prints the location unreadably, #<SOURCE-LOCATION file: ..., line: 3, column: 7>.
func (r *ReadErrorSource) PrintLisp(th *Thread, out Stream) {
	if th.SymbolValue(th.Img.S.PrintReadably) != NIL {
		th.Error(th.MakeCondition("PRINT-NOT-READABLE", th.Img.Kw("OBJECT"), r))
	}
	out.WriteString("#<SOURCE-LOCATION " + r.At.Describe() + ">")
}
