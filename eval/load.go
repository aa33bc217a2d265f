package eval

import (
	"github.com/golem-lisp/golem/reader"
	rt "github.com/golem-lisp/golem/runtime"
)

// LoadStream evaluates every form of s with *package* and *readtable* rebound
// as LOAD does. It returns T.
func LoadStream(th *rt.Thread, s rt.Stream, pathname rt.Value) rt.Value {
	S := th.Img.S
	depth := th.SpecialDepth()
	th.BindSpecial(S.Package, th.SymbolValue(S.Package))
	th.BindSpecial(S.Readtable, th.SymbolValue(S.Readtable))
	th.BindSpecial(S.LoadPathname, pathname)
	th.BindSpecial(S.LoadTruename, pathname)
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
		Eval(th, form)
		th.UnbindTo(d)
	}
	th.UnbindTo(depth)
	return rt.T
}

func init() {
	rt.Register(rt.Def{Name: "LOAD", Min: 1, Max: -1, Params: "(FILESPEC &KEY VERBOSE PRINT IF-DOES-NOT-EXIST EXTERNAL-FORMAT)",
		Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			kw := th.ParseKeys(args[1:], "VERBOSE", "PRINT", "IF-DOES-NOT-EXIST", "EXTERNAL-FORMAT")
			if s, ok := args[0].(rt.Stream); ok {
				return LoadStream(th, s, rt.NIL)
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
			f.SkipShebang()
			return LoadStream(th, f, pathname)
		}})
}
