package printer

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// Default expanders for PPRINT-LOGICAL-BLOCK (with its local PPRINT-POP and
// PPRINT-EXIT-IF-LIST-EXHAUSTED) and PRINT-UNREADABLE-OBJECT, built on the
// GOLEM:%PPRINT-LOGICAL-BLOCK, GOLEM:%PPRINT-POP, GOLEM:%PPRINT-EXHAUSTED-P
// and GOLEM:%PRINT-UNREADABLE-OBJECT primitives. They are installed only
// when the symbols have no macro yet, so the evaluator's prelude may
// replace them.

func init() {
	rt.RegisterSetup(16, installMacros)
	rt.Register(
		rt.Def{Name: "GOLEM:%MAKE-FILL-POINTER-OUTPUT-STREAM", Min: 1, Max: 1, Params: "(STRING)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				if a, ok := args[0].(*rt.Array); ok && th.IsString(a) {
					return newArrayFillPointerOutput(th, a)
				}
				s, ok := args[0].(*rt.String)
				if !ok {
					th.TypeErrorName(args[0], "STRING")
				}
				return NewFillPointerOutput(th, s)
			}},
		rt.Def{Name: "GOLEM:%STRING-INPUT-STREAM-POSITION", Min: 1, Max: 1, Params: "(STREAM)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				s, ok := args[0].(*rt.StringInputStream)
				if !ok {
					th.TypeErrorName(args[0], "STRING-STREAM")
				}
				return rt.MakeInt(int64(s.Pos))
			}},
	)
}

func macroDef(sym *rt.Symbol, fn func(th *rt.Thread, form rt.Value) rt.Value) {
	if sym.Macro != nil {
		return
	}
	sym.Macro = &rt.Builtin{Name: sym, Min: 2, Max: 2, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
		return fn(th, args[0])
	}}
}

// plistGet finds a keyword argument in a macro's keyword list.
func plistGet(l rt.Value, key *rt.Symbol) (rt.Value, bool) {
	for l != rt.NIL {
		c, ok := l.(*rt.Cons)
		if !ok {
			return nil, false
		}
		d, ok := c.Cdr.(*rt.Cons)
		if !ok {
			return nil, false
		}
		if c.Car == key {
			return d.Car, true
		}
		l = d.Cdr
	}
	return nil, false
}

func installMacros(img *rt.Image) {
	c := img.CLSym
	g := func(name string) *rt.Symbol {
		s, _ := img.Golem.FindSymbol(name)
		if s == nil {
			s = img.Intern("GOLEM", name)
		}
		return s
	}
	S := img.S
	malformed := func(th *rt.Thread, name string, form rt.Value) {
		th.ProgramError("malformed " + name + ": " + th.Printed(form))
	}
	macroDef(c("PPRINT-LOGICAL-BLOCK"), func(th *rt.Thread, form rt.Value) rt.Value {
		// (pprint-logical-block (stream-symbol object &key prefix per-line-prefix suffix) &body body)
		parts := rt.ListToSlice(form)
		if len(parts) < 2 {
			malformed(th, "PPRINT-LOGICAL-BLOCK", form)
		}
		spec := rt.ListToSlice(parts[1])
		if len(spec) < 2 {
			malformed(th, "PPRINT-LOGICAL-BLOCK", form)
		}
		streamSym, ok := spec[0].(*rt.Symbol)
		if !ok {
			malformed(th, "PPRINT-LOGICAL-BLOCK", form)
		}
		keys := rt.List(spec[2:]...)
		// An absent :PREFIX or :SUFFIX is ""; a given one must evaluate to
		// a string (NIL too is a TYPE-ERROR). :PER-LINE-PREFIX goes in the
		// prefix's place with a true PER-LINE-P.
		prefix, hasPrefix := plistGet(keys, img.Kw("PREFIX"))
		perLine, hasPerLine := plistGet(keys, img.Kw("PER-LINE-PREFIX"))
		suffix, hasSuffix := plistGet(keys, img.Kw("SUFFIX"))
		if hasPrefix && hasPerLine {
			th.ProgramError("PPRINT-LOGICAL-BLOCK: cannot specify both :PREFIX and :PER-LINE-PREFIX")
		}
		if hasPerLine {
			prefix = perLine
		} else if !hasPrefix {
			prefix = rt.NewString("")
		}
		if !hasSuffix {
			suffix = rt.NewString("")
		}
		designator, param := rt.Value(streamSym), streamSym
		switch streamSym {
		case rt.NIL:
			designator, param = rt.NIL, S.StandardOutput
		case rt.T:
			designator, param = rt.T, S.TerminalIO
		}
		blk := rt.NewSymbol("BLOCK")
		tag := rt.NewSymbol("PPRINT-LOGICAL-BLOCK")
		v := rt.NewSymbol("V")
		popExp := rt.List(c("LET"), rt.List(rt.List(v, rt.List(g("%PPRINT-POP"), blk))),
			rt.List(c("IF"), rt.List(S.Eq, v, blk), rt.List(c("RETURN-FROM"), tag, rt.NIL), v))
		exitExp := rt.List(c("IF"), rt.List(g("%PPRINT-EXHAUSTED-P"), blk), rt.List(c("RETURN-FROM"), tag, rt.NIL))
		locals := rt.List(
			rt.List(c("PPRINT-POP"), rt.NIL, rt.List(S.Quote, popExp)),
			rt.List(c("PPRINT-EXIT-IF-LIST-EXHAUSTED"), rt.NIL, rt.List(S.Quote, exitExp)))
		body := rt.ListStar(rt.List(parts[2:]...), c("MACROLET"), locals)
		fn := rt.List(S.Lambda, rt.List(param, blk),
			rt.List(S.Declare, rt.List(S.Ignorable, param, blk)),
			rt.List(S.Block, tag, body))
		return rt.List(g("%PPRINT-LOGICAL-BLOCK"), designator, spec[1], prefix, rt.Bool(hasPerLine),
			suffix, rt.List(S.Function, fn))
	})
	outside := func(name string) func(th *rt.Thread, form rt.Value) rt.Value {
		return func(th *rt.Thread, form rt.Value) rt.Value {
			th.ProgramError(name + " must be used lexically inside PPRINT-LOGICAL-BLOCK")
			return rt.NIL
		}
	}
	macroDef(c("PPRINT-POP"), outside("PPRINT-POP"))
	macroDef(c("PPRINT-EXIT-IF-LIST-EXHAUSTED"), outside("PPRINT-EXIT-IF-LIST-EXHAUSTED"))
	macroDef(c("PRINT-UNREADABLE-OBJECT"), func(th *rt.Thread, form rt.Value) rt.Value {
		// (print-unreadable-object (object stream &key type identity) &body body)
		parts := rt.ListToSlice(form)
		if len(parts) < 2 {
			malformed(th, "PRINT-UNREADABLE-OBJECT", form)
		}
		spec := rt.ListToSlice(parts[1])
		if len(spec) < 2 {
			malformed(th, "PRINT-UNREADABLE-OBJECT", form)
		}
		keys := rt.List(spec[2:]...)
		opt := func(name string) rt.Value {
			if v, ok := plistGet(keys, img.Kw(name)); ok {
				return v
			}
			return rt.NIL
		}
		var fn rt.Value = rt.NIL
		if len(parts) > 2 {
			param, ok := spec[1].(*rt.Symbol)
			if !ok || param == rt.NIL || param == rt.T || param.Flags&rt.FlagConstant != 0 {
				param = rt.NewSymbol("STREAM")
			}
			lam := []rt.Value{S.Lambda, rt.List(param), rt.List(S.Declare, rt.List(S.Ignorable, param))}
			lam = append(lam, parts[2:]...)
			fn = rt.List(S.Function, rt.List(lam...))
		}
		return rt.List(g("%PRINT-UNREADABLE-OBJECT"), spec[0], spec[1], opt("TYPE"), opt("IDENTITY"), fn)
	})
}
