package eval

import (
	"github.com/golem-lisp/golem/reader"
	rt "github.com/golem-lisp/golem/runtime"
)

// WITH-STANDARD-IO-SYNTAX and the #P reader hook live here because they
// need the reader (the runtime cannot import it).

// standardIOBindings lists the variables WITH-STANDARD-IO-SYNTAX binds
// (CLHS 11.1.2.1.1 table) with the forms giving their standard values.
func standardIOBindings(img *rt.Image) rt.Value {
	c := img.CLSym
	q := func(v rt.Value) rt.Value { return rt.List(img.S.Quote, v) }
	golem := func(n string) *rt.Symbol { return img.Intern("GOLEM", n) }
	return rt.List(
		rt.List(c("*PACKAGE*"), rt.List(c("FIND-PACKAGE"), rt.NewString("COMMON-LISP-USER"))),
		rt.List(c("*PRINT-ARRAY*"), rt.T),
		rt.List(c("*PRINT-BASE*"), rt.MakeInt(10)),
		rt.List(c("*PRINT-CASE*"), img.Kw("UPCASE")),
		rt.List(c("*PRINT-CIRCLE*"), rt.NIL),
		rt.List(c("*PRINT-ESCAPE*"), rt.T),
		rt.List(c("*PRINT-GENSYM*"), rt.T),
		rt.List(c("*PRINT-LENGTH*"), rt.NIL),
		rt.List(c("*PRINT-LEVEL*"), rt.NIL),
		rt.List(c("*PRINT-LINES*"), rt.NIL),
		rt.List(c("*PRINT-MISER-WIDTH*"), rt.NIL),
		rt.List(c("*PRINT-PPRINT-DISPATCH*"), rt.List(c("COPY-PPRINT-DISPATCH"), rt.NIL)),
		rt.List(c("*PRINT-PRETTY*"), rt.NIL),
		rt.List(c("*PRINT-RADIX*"), rt.NIL),
		rt.List(c("*PRINT-READABLY*"), rt.T),
		rt.List(c("*PRINT-RIGHT-MARGIN*"), rt.NIL),
		rt.List(c("*READ-BASE*"), rt.MakeInt(10)),
		rt.List(c("*READ-DEFAULT-FLOAT-FORMAT*"), q(c("SINGLE-FLOAT"))),
		rt.List(c("*READ-EVAL*"), rt.T),
		rt.List(c("*READ-SUPPRESS*"), rt.NIL),
		rt.List(c("*READTABLE*"), rt.List(golem("%STANDARD-READTABLE"))),
	)
}

func init() {
	rt.Register(rt.Def{Name: "GOLEM:%STANDARD-READTABLE", Min: 0, Max: 0, Params: "()",
		Fn: func(th *rt.Thread, args []rt.Value) rt.Value { return reader.StandardReadtable(th.Img) }})
	rt.RegisterSetup(46, func(img *rt.Image) {
		sym := img.CLSym("WITH-STANDARD-IO-SYNTAX")
		sym.Macro = &rt.Builtin{Name: sym, Min: 2, Max: 2, Params: "(&BODY BODY)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				form, _ := args[0].(*rt.Cons)
				if form == nil {
					th.ProgramError("bad WITH-STANDARD-IO-SYNTAX form")
				}
				return rt.ListStar(form.Cdr, img.CLSym("LET"), standardIOBindings(img))
			}}
		img.Extra[reader.PathnameReaderKey{}] = reader.PathnameReader(func(th *rt.Thread, v rt.Value) rt.Value {
			s, ok := v.(*rt.String)
			if !ok {
				th.ReaderError(rt.NIL, "#P: "+th.Printed(v)+" is not a namestring")
			}
			return th.ParsePathnameString(s.String())
		})
	})
}
