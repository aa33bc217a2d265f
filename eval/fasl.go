package eval

import (
	_ "embed"

	"github.com/golem-lisp/golem/reader"
	rt "github.com/golem-lisp/golem/runtime"
)

// golem's compiled files. golem compiles to closures in memory and has no
// native code to save, so the file COMPILE-FILE writes (its Lisp side is
// eval/files.lisp) holds the forms to evaluate, as read and processed at
// compile time, printed readably:
//
//	;;; golem fasl 1
//	(:GOLEM-FASL 1 :SOURCE "/abs/src.lisp")
//	(LINE COLUMN FORM)            ; a form, printed with every symbol qualified
//	(LINE COLUMN :TEXT "text")    ; a form that has no readable printed form: its source text
//
// Reading happens at compile time (so #. and *compile-file-truename* take
// effect then); top-level EVAL-WHENs are already resolved. LOAD reads each
// entry with standard syntax and evaluates its form with the source file's
// line and column as the form's location, so definitions and warnings
// point at the source.

//go:embed files.lisp
var filesSource string

// FaslMagic is the first line of every file COMPILE-FILE writes; LOAD
// recognises compiled files by it.
const FaslMagic = ";;; golem fasl 1\n"

// faslVersion is the version number of the entry format above.
const faslVersion = 1

// readStandard reads one object of s with standard syntax (CLHS 2.1.1.2),
// returning eof at end of input.
func readStandard(th *rt.Thread, s rt.Stream, eof rt.Value) rt.Value {
	c := th.Img.CLSym
	d := th.SpecialDepth()
	th.BindSpecial(th.Img.S.Readtable, reader.StandardReadtable(th.Img))
	th.BindSpecial(c("*READ-BASE*"), rt.MakeInt(10))
	th.BindSpecial(c("*READ-DEFAULT-FLOAT-FORMAT*"), c("SINGLE-FLOAT"))
	th.BindSpecial(c("*READ-EVAL*"), rt.T)
	th.BindSpecial(c("*READ-SUPPRESS*"), rt.NIL)
	v, _ := reader.ReadTopLevel(th, s, eof)
	th.UnbindTo(d)
	return v
}

// loadFasl evaluates the entries of a file COMPILE-FILE wrote.
func loadFasl(th *rt.Thread, f *rt.FileStream, pathname, truename rt.Value, print bool) rt.Value {
	depth := bindLoadVars(th, pathname, truename)
	th.BindSpecial(th.Img.Intern("GOLEM", "*FASL-OBJECTS*"), &faslObjects{m: map[int64]rt.Value{}})
	for { // the magic line
		c, ok := f.ReadChar()
		if !ok || c == '\n' {
			break
		}
	}
	eof := &sentinel{2}
	source := ""
	header := readStandard(th, f, eof)
	if h := rt.ListToSlice(header); len(h) >= 2 && h[0] == th.Img.Kw("GOLEM-FASL") {
		if h[1] != rt.MakeInt(faslVersion) {
			th.Error(th.MakeCondition("GOLEM:SIMPLE-FILE-ERROR", th.Img.Kw("PATHNAME"), pathname,
				th.Img.Kw("FORMAT-CONTROL"), rt.NewString("~S was compiled by a golem whose compiled files have version ~S; this one reads version ~S. Compile it again."),
				th.Img.Kw("FORMAT-ARGUMENTS"), rt.List(pathname, h[1], rt.MakeInt(faslVersion))))
		}
		for i := 2; i+1 < len(h); i += 2 {
			if s, ok := h[i+1].(*rt.String); ok && h[i] == th.Img.Kw("SOURCE") {
				source = s.String()
			}
		}
	} else {
		faslCorrupt(th, pathname, header)
	}
	for {
		entry := readStandard(th, f, eof)
		if entry == rt.Value(eof) {
			break
		}
		e := rt.ListToSlice(entry)
		if len(e) < 3 {
			faslCorrupt(th, pathname, entry)
		}
		line, _ := e[0].(rt.Fixnum)
		col, _ := e[1].(rt.Fixnum)
		form := e[2]
		d := th.SpecialDepth()
		th.BindFormLocation(rt.SourceLocation{File: source, Line: int(line), Column: int(col)})
		if len(e) == 4 && e[2] == th.Img.Kw("TEXT") {
			// A form without a readable printed form: read its source text now.
			text, ok := e[3].(*rt.String)
			if !ok {
				faslCorrupt(th, pathname, entry)
			}
			rs := text.Runes()
			form, _ = reader.ReadTopLevel(th, rt.NewStringInput(rs, 0, len(rs)), eof)
			if form == rt.Value(eof) {
				th.UnbindTo(d)
				continue
			}
		}
		v := Eval(th, form)
		if print {
			printLoadValues(th, th.MultipleValues(v))
		}
		th.UnbindTo(d)
	}
	th.UnbindTo(depth)
	return rt.T
}

// faslRef stands, in a form COMPILE-FILE writes, for a literal object
// that has no printed form of its own: an object MAKE-LOAD-FORM
// externalizes (its creation form made it earlier in the same LOAD) or a
// class. It prints as #. of the form that gets the object back.
type faslRef struct{ form rt.Value }

// PrintLisp implements the printer's Printable.
func (r *faslRef) PrintLisp(th *rt.Thread, s rt.Stream) {
	s.WriteString("#." + th.Printed(r.form))
}

// faslObjects holds the objects made by the creation forms of one LOAD of
// a compiled file, bound to GOLEM::*FASL-OBJECTS* while it loads.
type faslObjects struct{ m map[int64]rt.Value }

func faslTable(th *rt.Thread) *faslObjects {
	t, ok := th.SymbolValue(th.Img.Intern("GOLEM", "*FASL-OBJECTS*")).(*faslObjects)
	if !ok {
		th.SimpleError("a compiled file's object reference is read outside LOAD of that file")
	}
	return t
}

func faslCorrupt(th *rt.Thread, pathname, what rt.Value) {
	th.Error(th.MakeCondition("GOLEM:SIMPLE-FILE-ERROR", th.Img.Kw("PATHNAME"), pathname,
		th.Img.Kw("FORMAT-CONTROL"), rt.NewString("~S is not a well-formed golem compiled file (at ~S)."),
		th.Img.Kw("FORMAT-ARGUMENTS"), rt.List(pathname, what)))
}

func init() {
	rt.Register(
		// (%OPEN-SOURCE-FILE filespec) opens a file to compile as LOAD
		// opens it (the file policy, the size limit) and returns the stream
		// and its pathname; FILE-ERROR when it does not exist.
		rt.Def{Name: "GOLEM:%OPEN-SOURCE-FILE", Min: 1, Max: 1, MV: true, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			f, pathname := th.OpenLoadFile(args[0])
			if f == nil {
				th.Error(th.MakeCondition("GOLEM:SIMPLE-FILE-ERROR", th.Img.Kw("PATHNAME"), pathname,
					th.Img.Kw("FORMAT-CONTROL"), rt.NewString("cannot compile ~S: file does not exist."),
					th.Img.Kw("FORMAT-ARGUMENTS"), rt.List(args[0])))
			}
			f.SkipShebang()
			return th.Values2(f, pathname)
		}},
		// (%READ-SOURCE-FORM stream eof) reads the next top-level form and
		// returns it, its line and column, and its source text.
		rt.Def{Name: "GOLEM:%READ-SOURCE-FORM", Min: 2, Max: 2, MV: true, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			s, ok := args[0].(rt.SourceStream)
			if !ok {
				th.TypeErrorName(args[0], "FILE-STREAM")
			}
			start := s.SourceOffset()
			form, loc := reader.ReadTopLevel(th, s, args[1])
			if form == args[1] {
				return th.Values(form, rt.NIL, rt.NIL, rt.NIL)
			}
			text, _ := s.SourceText(start, s.SourceOffset()-start)
			return th.Values(form, rt.MakeInt(int64(loc.Line)), rt.MakeInt(int64(loc.Column)), rt.NewString(string(text)))
		}},
		rt.Def{Name: "GOLEM:%SOURCE-NAME", Min: 1, Max: 1, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			s, ok := args[0].(rt.SourceStream)
			if !ok {
				th.TypeErrorName(args[0], "FILE-STREAM")
			}
			return rt.NewString(s.SourceName())
		}},
		// (%EVAL-AT form file line column) evaluates form with its source
		// location bound, as LOAD does, so that definitions made at
		// compile time record the source file.
		rt.Def{Name: "GOLEM:%EVAL-AT", Min: 4, Max: 4, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			file, _ := args[1].(*rt.String)
			line, _ := args[2].(rt.Fixnum)
			col, _ := args[3].(rt.Fixnum)
			d := th.SpecialDepth()
			if file != nil {
				th.BindFormLocation(rt.SourceLocation{File: file.String(), Line: int(line), Column: int(col)})
			}
			v := Eval(th, args[0])
			vals := th.MultipleValues(v)
			th.UnbindTo(d)
			return th.Values(vals...)
		}},
		rt.Def{Name: "GOLEM:%MAKE-FASL-REF", Min: 1, Max: 1, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			return &faslRef{form: args[0]}
		}},
		rt.Def{Name: "GOLEM:%FASL-REF", Min: 1, Max: 1, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			n, _ := args[0].(rt.Fixnum)
			v, ok := faslTable(th).m[int64(n)]
			if !ok {
				th.SimpleError("the compiled file refers to object ~S before its creation form ran", args[0])
			}
			return v
		}},
		rt.Def{Name: "GOLEM:%FASL-SET", Min: 2, Max: 2, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			n, _ := args[0].(rt.Fixnum)
			faslTable(th).m[int64(n)] = args[1]
			return args[1]
		}},
		rt.Def{Name: "GOLEM:%FASL-MAGIC", Min: 0, Max: 0, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			return rt.NewString(FaslMagic)
		}},
	)
}
