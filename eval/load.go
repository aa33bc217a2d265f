package eval

import (
	"strings"

	"github.com/golem-lisp/golem/reader"
	rt "github.com/golem-lisp/golem/runtime"
)

// LoadStream evaluates every form of s with *package* and *readtable* rebound
// as LOAD does. It returns T.
func LoadStream(th *rt.Thread, s rt.Stream, pathname rt.Value) rt.Value {
	return loadSource(th, s, pathname, pathname, false)
}

// bindLoadVars binds what LOAD binds around a file (CLHS LOAD) and returns
// the depth to unbind to.
func bindLoadVars(th *rt.Thread, pathname, truename rt.Value) int {
	S := th.Img.S
	depth := th.SpecialDepth()
	th.BindSpecial(S.Package, th.SymbolValue(S.Package))
	th.BindSpecial(S.Readtable, th.SymbolValue(S.Readtable))
	th.BindSpecial(S.LoadPathname, pathname)
	th.BindSpecial(S.LoadTruename, truename)
	return depth
}

// loadSource evaluates the forms of source text; print says to print the
// values of each form (LOAD :PRINT).
func loadSource(th *rt.Thread, s rt.Stream, pathname, truename rt.Value, print bool) rt.Value {
	depth := bindLoadVars(th, pathname, truename)
	eof := &sentinel{2}
	forms := reader.NewFormReader(s)
	for {
		form, loc := forms.Next(th, eof)
		if form == rt.Value(eof) {
			break
		}
		// Definitions and compiler warnings name the form's file and line.
		d := th.SpecialDepth()
		th.BindFormLocation(loc)
		v := Eval(th, form)
		if print {
			printLoadValues(th, th.MultipleValues(v))
		}
		th.UnbindTo(d)
	}
	th.UnbindTo(depth)
	return rt.T
}

// printLoadValues prints the values of a loaded form as SBCL's LOAD :PRINT
// does (";; 1, 2").
func printLoadValues(th *rt.Thread, vals []rt.Value) {
	parts := make([]string, len(vals))
	for i, v := range vals {
		parts[i] = th.Printed(v)
	}
	text := strings.Join(parts, ", ")
	if len(vals) == 0 {
		text = "No values"
	}
	out := th.OutputStream(rt.NIL)
	freshLine(out)
	out.WriteString(";; " + text + "\n")
}

// freshLine starts a new line on out unless it is at the start of one.
func freshLine(out rt.Stream) {
	if out.Column() != 0 {
		out.WriteString("\n")
	}
}

// loadingNote says what LOAD :VERBOSE loads, as SBCL does.
func loadingNote(th *rt.Thread, what rt.Value) {
	out := th.OutputStream(rt.NIL)
	freshLine(out)
	out.WriteString(";; loading " + th.Printed(what) + "\n")
}

// loadFlag is a LOAD keyword argument, defaulting to a variable's value.
func loadFlag(th *rt.Thread, arg rt.Value, name string) bool {
	if arg == nil {
		arg = th.SymbolValue(th.Img.CLSym(name))
	}
	return arg != rt.NIL
}

func init() {
	rt.Register(rt.Def{Name: "LOAD", Min: 1, Max: -1, Params: "(FILESPEC &KEY VERBOSE PRINT IF-DOES-NOT-EXIST EXTERNAL-FORMAT)",
		Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			kw := th.ParseKeys(args[1:], "VERBOSE", "PRINT", "IF-DOES-NOT-EXIST", "EXTERNAL-FORMAT")
			verbose := loadFlag(th, kw[0], "*LOAD-VERBOSE*")
			print := loadFlag(th, kw[1], "*LOAD-PRINT*")
			if s, ok := args[0].(rt.Stream); ok {
				if verbose {
					loadingNote(th, s)
				}
				return loadSource(th, s, rt.NIL, rt.NIL, print)
			}
			// OpenLoadFile applies the file policy (the sandbox's os.Root
			// directories, the embedder's FS), accepts only regular files
			// in a sandbox and reads at most rt.LoadSizeLimit bytes, whole,
			// before any form runs; refusals signal FILE-ERROR there.
			f, pathname := th.OpenLoadFile(args[0])
			if f == nil {
				if kw[2] != nil && kw[2] == rt.NIL {
					return rt.NIL
				}
				th.Error(th.MakeCondition("GOLEM:SIMPLE-FILE-ERROR", th.Img.Kw("PATHNAME"), pathname,
					th.Img.Kw("FORMAT-CONTROL"), rt.NewString("couldn't load ~S: file does not exist."),
					th.Img.Kw("FORMAT-ARGUMENTS"), rt.List(args[0])))
			}
			defer f.Close()
			truename := f.Truename(th)
			if verbose {
				loadingNote(th, truename)
			}
			if f.StartsWith(FaslMagic) {
				return loadFasl(th, f, pathname, truename, print)
			}
			f.SkipShebang()
			return loadSource(th, f, pathname, truename, print)
		}})
}
