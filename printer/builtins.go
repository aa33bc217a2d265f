package printer

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// writeKeys are WRITE's keyword arguments other than :STREAM, in the order
// of writeVars.
var writeKeys = []string{"ARRAY", "BASE", "CASE", "CIRCLE", "ESCAPE", "GENSYM", "LENGTH", "LEVEL",
	"LINES", "MISER-WIDTH", "PPRINT-DISPATCH", "PRETTY", "RADIX", "READABLY", "RIGHT-MARGIN"}

func writeVars(S *rt.Syms) []*rt.Symbol {
	return []*rt.Symbol{S.PrintArray, S.PrintBase, S.PrintCase, S.PrintCircle, S.PrintEscape,
		S.PrintGensym, S.PrintLength, S.PrintLevel, S.PrintLines, S.PrintMiserWidth,
		S.PrintPprintDispatch, S.PrintPretty, S.PrintRadix, S.PrintReadably, S.PrintRightMargin}
}

// bindWriteKeys binds the printer variables named by WRITE-style keyword
// arguments; it returns the :STREAM argument (nil when absent).
func bindWriteKeys(th *rt.Thread, kwargs []rt.Value, withStream bool) rt.Value {
	names := writeKeys
	if withStream {
		names = append(append([]string(nil), writeKeys...), "STREAM")
	}
	kw := th.ParseKeys(kwargs, names...)
	vars := writeVars(th.Img.S)
	for i, sym := range vars {
		if kw[i] != nil {
			th.BindSpecial(sym, kw[i])
		}
	}
	if withStream {
		return kw[len(kw)-1]
	}
	return nil
}

// printTo binds *print-escape* (and *print-pretty* when pretty is non-nil)
// and prints v on s.
func printTo(th *rt.Thread, v rt.Value, s rt.Stream, escape rt.Value, pretty rt.Value) {
	d := th.SpecialDepth()
	if escape != nil {
		th.BindSpecial(th.Img.S.PrintEscape, escape)
		if escape == rt.NIL {
			th.BindSpecial(th.Img.S.PrintReadably, rt.NIL)
		}
	}
	if pretty != nil {
		th.BindSpecial(th.Img.S.PrintPretty, pretty)
	}
	Write(th, v, s)
	th.UnbindTo(d)
}

func init() {
	rt.Register(
		rt.Def{Name: "WRITE", Min: 1, Max: -1,
			Params: "(OBJECT &KEY STREAM ARRAY BASE CASE CIRCLE ESCAPE GENSYM LENGTH LEVEL LINES MISER-WIDTH PPRINT-DISPATCH PRETTY RADIX READABLY RIGHT-MARGIN)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				d := th.SpecialDepth()
				sv := bindWriteKeys(th, args[1:], true)
				s := th.OutputStream(rt.OrNil(sv))
				Write(th, args[0], s)
				th.UnbindTo(d)
				return args[0]
			}},
		rt.Def{Name: "WRITE-TO-STRING", Min: 1, Max: -1,
			Params: "(OBJECT &KEY ARRAY BASE CASE CIRCLE ESCAPE GENSYM LENGTH LEVEL LINES MISER-WIDTH PPRINT-DISPATCH PRETTY RADIX READABLY RIGHT-MARGIN)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				d := th.SpecialDepth()
				bindWriteKeys(th, args[1:], false)
				out := rt.NewStringOutput()
				Write(th, args[0], out)
				th.UnbindTo(d)
				return rt.NewString(out.Take())
			}},
		rt.Def{Name: "PRIN1", Min: 1, Max: 2, Params: "(OBJECT &OPTIONAL STREAM)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				printTo(th, args[0], outStream(th, args, 1), rt.T, nil)
				return args[0]
			}},
		rt.Def{Name: "PRINC", Min: 1, Max: 2, Params: "(OBJECT &OPTIONAL STREAM)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				printTo(th, args[0], outStream(th, args, 1), rt.NIL, nil)
				return args[0]
			}},
		rt.Def{Name: "PRINT", Min: 1, Max: 2, Params: "(OBJECT &OPTIONAL STREAM)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				s := outStream(th, args, 1)
				s.WriteString("\n")
				printTo(th, args[0], s, rt.T, nil)
				s.WriteString(" ")
				return args[0]
			}},
		rt.Def{Name: "PPRINT", Min: 1, Max: 2, MV: true, Params: "(OBJECT &OPTIONAL STREAM)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				s := outStream(th, args, 1)
				s.WriteString("\n")
				printTo(th, args[0], s, rt.T, rt.T)
				return th.Values()
			}},
		rt.Def{Name: "PRIN1-TO-STRING", Min: 1, Max: 1, Params: "(OBJECT)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				return rt.NewString(ToString(th, args[0], true))
			}},
		rt.Def{Name: "PRINC-TO-STRING", Min: 1, Max: 1, Params: "(OBJECT)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				return rt.NewString(ToString(th, args[0], false))
			}},
		rt.Def{Name: "PPRINT-NEWLINE", Min: 1, Max: 2, Params: "(KIND &OPTIONAL STREAM)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				var k NewlineKind
				switch args[0] {
				case th.Img.Kw("LINEAR"):
					k = NewlineLinear
				case th.Img.Kw("FILL"):
					k = NewlineFill
				case th.Img.Kw("MISER"):
					k = NewlineMiser
				case th.Img.Kw("MANDATORY"):
					k = NewlineMandatory
				default:
					th.TypeError(args[0], rt.List(th.Img.S.Member, th.Img.Kw("LINEAR"), th.Img.Kw("FILL"),
						th.Img.Kw("MISER"), th.Img.Kw("MANDATORY")))
				}
				PprintNewline(th, k, th.OutputStream(rt.Opt(args, 1)))
				return rt.NIL
			}},
		rt.Def{Name: "PPRINT-INDENT", Min: 2, Max: 3, Params: "(RELATIVE-TO N &OPTIONAL STREAM)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				var current bool
				switch args[0] {
				case th.Img.Kw("BLOCK"):
				case th.Img.Kw("CURRENT"):
					current = true
				default:
					th.TypeError(args[0], rt.List(th.Img.S.Member, th.Img.Kw("BLOCK"), th.Img.Kw("CURRENT")))
				}
				n := truncateToInt(th, args[1])
				PprintIndent(th, current, n, th.OutputStream(rt.Opt(args, 2)))
				return rt.NIL
			}},
		rt.Def{Name: "PPRINT-TAB", Min: 3, Max: 4, Params: "(KIND COLNUM COLINC &OPTIONAL STREAM)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				var section, relative bool
				switch args[0] {
				case th.Img.Kw("LINE"):
				case th.Img.Kw("SECTION"):
					section = true
				case th.Img.Kw("LINE-RELATIVE"):
					relative = true
				case th.Img.Kw("SECTION-RELATIVE"):
					section, relative = true, true
				default:
					th.TypeError(args[0], rt.List(th.Img.S.Member, th.Img.Kw("LINE"), th.Img.Kw("SECTION"),
						th.Img.Kw("LINE-RELATIVE"), th.Img.Kw("SECTION-RELATIVE")))
				}
				PprintTab(th, section, relative, nonNegInt(th, args[1]), nonNegInt(th, args[2]), th.OutputStream(rt.Opt(args, 3)))
				return rt.NIL
			}},
		rt.Def{Name: "PPRINT-FILL", Min: 2, Max: 4, Params: "(STREAM LIST &OPTIONAL (COLON-P T) AT-SIGN-P)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				pprintList(th, args, NewlineFill)
				return rt.NIL
			}},
		rt.Def{Name: "PPRINT-LINEAR", Min: 2, Max: 4, Params: "(STREAM LIST &OPTIONAL (COLON-P T) AT-SIGN-P)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				pprintList(th, args, NewlineLinear)
				return rt.NIL
			}},
		rt.Def{Name: "PPRINT-TABULAR", Min: 2, Max: 5, Params: "(STREAM LIST &OPTIONAL (COLON-P T) AT-SIGN-P (TABSIZE 16))",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				tab := 16
				if len(args) > 4 && args[4] != rt.NIL {
					tab = nonNegInt(th, args[4])
				}
				pprintTabular(th, args, tab)
				return rt.NIL
			}},
		rt.Def{Name: "GOLEM:%PPRINT-LOGICAL-BLOCK", Min: 6, Max: 6,
			Params: "(STREAM OBJECT PREFIX PER-LINE-P SUFFIX FUNCTION)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				s := th.OutputStream(args[0])
				prefix, perLine := string(stringArg(th, args[2])), args[3] != rt.NIL
				suffix := string(stringArg(th, args[4]))
				fn := th.Resolve(args[5])
				LogicalBlock(th, s, args[1], prefix, suffix, perLine, func(ps rt.Stream, b *Block) {
					fn.Call(th, []rt.Value{ps, b})
					b.active = false
				})
				return rt.NIL
			}},
		rt.Def{Name: "GOLEM:%PPRINT-POP", Min: 1, Max: 1, Params: "(BLOCK)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				b := blockArg(th, args[0])
				v, ok := b.Pop()
				if !ok {
					return b
				}
				return v
			}},
		rt.Def{Name: "GOLEM:%PPRINT-EXHAUSTED-P", Min: 1, Max: 1, Params: "(BLOCK)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				return rt.Bool(blockArg(th, args[0]).Exhausted())
			}},
		rt.Def{Name: "GOLEM:%PRINT-UNREADABLE-OBJECT", Min: 5, Max: 5,
			Params: "(OBJECT STREAM TYPE IDENTITY FUNCTION)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				s := th.OutputStream(args[1])
				var body func(rt.Stream)
				if args[4] != rt.NIL {
					fn := th.Resolve(args[4])
					body = func(ps rt.Stream) { fn.Call(th, []rt.Value{ps}) }
				}
				PrintUnreadable(th, args[0], s, args[2] != rt.NIL, args[3] != rt.NIL, body)
				return rt.NIL
			}},
	)
}

func blockArg(th *rt.Thread, v rt.Value) *Block {
	b, ok := v.(*Block)
	if !ok {
		th.TypeError(v, th.Img.Intern("GOLEM", "PPRINT-LOGICAL-BLOCK"))
	}
	if !b.active {
		th.ControlError("PPRINT-POP or PPRINT-EXIT-IF-LIST-EXHAUSTED used outside its PPRINT-LOGICAL-BLOCK")
	}
	return b
}

func truncateToInt(th *rt.Thread, v rt.Value) int {
	switch x := v.(type) {
	case rt.Fixnum:
		return int(max(min(x, 1<<30), -(1 << 30)))
	case rt.SingleFloat, rt.DoubleFloat, *rt.Ratio:
		f := rt.ToFloat64(v)
		return int(max(min(f, 1<<30), -(1 << 30)))
	}
	th.TypeErrorName(v, "REAL")
	return 0
}

func nonNegInt(th *rt.Thread, v rt.Value) int {
	x, ok := v.(rt.Fixnum)
	if !ok || x < 0 {
		th.TypeError(v, th.Img.CLSym("UNSIGNED-BYTE"))
	}
	return int(min(x, 1<<30))
}

// pprintList implements PPRINT-FILL and PPRINT-LINEAR.
func pprintList(th *rt.Thread, args []rt.Value, kind NewlineKind) {
	s := th.OutputStream(args[0])
	colon := len(args) < 3 || args[2] != rt.NIL
	prefix, suffix := "", ""
	if colon {
		prefix, suffix = "(", ")"
	}
	LogicalBlock(th, s, args[1], prefix, suffix, false, func(ps rt.Stream, b *Block) {
		for !b.Exhausted() {
			v, ok := b.Pop()
			if !ok {
				return
			}
			Write(th, v, ps)
			if b.Exhausted() {
				return
			}
			ps.WriteString(" ")
			PprintNewline(th, kind, ps)
		}
	})
}

// pprintTabular implements PPRINT-TABULAR.
func pprintTabular(th *rt.Thread, args []rt.Value, tabsize int) {
	s := th.OutputStream(args[0])
	colon := len(args) < 3 || args[2] != rt.NIL
	prefix, suffix := "", ""
	if colon {
		prefix, suffix = "(", ")"
	}
	LogicalBlock(th, s, args[1], prefix, suffix, false, func(ps rt.Stream, b *Block) {
		for !b.Exhausted() {
			v, ok := b.Pop()
			if !ok {
				return
			}
			Write(th, v, ps)
			if b.Exhausted() {
				return
			}
			ps.WriteString(" ")
			PprintTab(th, true, true, 0, tabsize, ps)
			PprintNewline(th, NewlineFill, ps)
		}
	})
}
