package eval

import (
	rt "github.com/golem-lisp/golem/runtime"
)

func init() {
	rt.Register(
		rt.Def{Name: "EVAL", Min: 1, Max: 1, MV: true, Params: "(FORM)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			return Eval(th, args[0])
		}},
		rt.Def{Name: "FUNCALL", Min: 1, Max: -1, MV: true, Params: "(FUNCTION &REST ARGUMENTS)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			return th.Resolve(args[0]).Call(th, args[1:])
		}},
		rt.Def{Name: "APPLY", Min: 1, Max: -1, MV: true, Params: "(FUNCTION &REST ARGUMENTS)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			fn := th.Resolve(args[0])
			if len(args) == 1 {
				return fn.Call(th, nil)
			}
			spread := append([]rt.Value(nil), args[1:len(args)-1]...)
			spread = append(spread, th.ListElements(args[len(args)-1])...)
			return fn.Call(th, spread)
		}},
		rt.Def{Name: "VALUES", Min: 0, Max: -1, MV: true, Params: "(&REST VALUES)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			return th.Values(args...)
		}},
		rt.Def{Name: "VALUES-LIST", Min: 1, Max: 1, MV: true, Params: "(LIST)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			return th.Values(th.ListElements(args[0])...)
		}},
		rt.Def{Name: "MACROEXPAND-1", Min: 1, Max: 2, MV: true, Params: "(FORM &OPTIONAL ENV)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			v, ok := Macroexpand1(th, args[0], envArg(args, 1))
			return th.Values2(v, rt.Bool(ok))
		}},
		rt.Def{Name: "MACROEXPAND", Min: 1, Max: 2, MV: true, Params: "(FORM &OPTIONAL ENV)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			v, ok := Macroexpand(th, args[0], envArg(args, 1))
			return th.Values2(v, rt.Bool(ok))
		}},
		rt.Def{Name: "MACRO-FUNCTION", Min: 1, Max: 2, Params: "(SYMBOL &OPTIONAL ENV)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			sym, ok := args[0].(*rt.Symbol)
			if !ok {
				th.TypeErrorName(args[0], "SYMBOL")
			}
			if env := envArg(args, 1); env != nil {
				if b := env.lex.lookupFun(sym); b != nil {
					if b.kind == envMacro {
						return b.expand
					}
					return rt.NIL
				}
			}
			if sym.Macro != nil {
				return sym.Macro
			}
			return rt.NIL
		}},
		rt.Def{Name: "COMPILE", Min: 1, Max: 2, MV: true, Params: "(NAME &OPTIONAL DEFINITION)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			name := args[0]
			if len(args) > 1 && args[1] != rt.NIL {
				def := args[1]
				if _, ok := def.(rt.Function); !ok {
					def = Eval(th, rt.List(th.Img.S.Function, def))
				}
				if sym, ok := name.(*rt.Symbol); ok && sym != rt.NIL {
					sym.Fn = def.(rt.Function)
					return th.Values(name, rt.NIL, rt.NIL)
				}
				return th.Values(def, rt.NIL, rt.NIL)
			}
			if sym, ok := name.(*rt.Symbol); ok && sym != rt.NIL {
				if sym.Fn == nil && sym.Macro == nil {
					th.UndefinedFunction(sym)
				}
			}
			return th.Values(name, rt.NIL, rt.NIL)
		}},
		rt.Def{Name: "CONSTANTP", Min: 1, Max: 2, Params: "(FORM &OPTIONAL ENV)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			switch x := args[0].(type) {
			case *rt.Symbol:
				return rt.Bool(x.IsConstant() && x.Flags&rt.FlagSymbolMacro == 0)
			case *rt.Cons:
				return rt.Bool(x.Car == th.Img.S.Quote)
			}
			return rt.T
		}},
		rt.Def{Name: "PROCLAIM", Min: 1, Max: 1, Params: "(DECLARATION-SPECIFIER)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			Proclaim(th, args[0])
			return rt.NIL
		}},
		rt.Def{Name: "GOLEM:%DEFINE-SYMBOL-MACRO", Min: 2, Max: 2, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			sym, ok := args[0].(*rt.Symbol)
			if !ok {
				th.TypeErrorName(args[0], "SYMBOL")
			}
			if sym.IsSpecial() || sym.IsConstant() {
				th.ProgramError("cannot define a symbol macro named by the special or constant variable " + th.Printed(sym))
			}
			sym.Flags |= rt.FlagSymbolMacro
			th.Img.Extra[symbolMacroKey{sym}] = args[1]
			return sym
		}},
		rt.Def{Name: "GOLEM:%SET-COMPILER-MACRO", Min: 2, Max: 2, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			key := compilerMacroKeyArg(th, args[0])
			if args[1] == rt.NIL {
				delete(th.Img.Extra, key)
			} else {
				th.Img.Extra[key] = args[1]
			}
			return args[1]
		}},
		rt.Def{Name: "COMPILER-MACRO-FUNCTION", Min: 1, Max: 2, Params: "(NAME &OPTIONAL ENV)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			if v, ok := th.Img.Extra[compilerMacroKeyArg(th, args[0])]; ok {
				return v
			}
			return rt.NIL
		}},
		rt.Def{Name: "GOLEM:%SET-MACRO-FUNCTION", Min: 2, Max: 2, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			sym, ok := args[0].(*rt.Symbol)
			if !ok {
				th.TypeErrorName(args[0], "SYMBOL")
			}
			if args[1] == rt.NIL {
				sym.Macro = nil
				return rt.NIL
			}
			fn, ok := args[1].(rt.Function)
			if !ok {
				th.TypeErrorName(args[1], "FUNCTION")
			}
			rt.CheckNotLocked(th, sym, "setting the macro-function of")
			sym.Macro, sym.Fn = fn, nil
			return fn
		}},
		rt.Def{Name: "FUNCTION-LAMBDA-EXPRESSION", Min: 1, Max: 1, MV: true, Params: "(FUNCTION)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			fn, ok := args[0].(rt.Function)
			if !ok {
				th.TypeErrorName(args[0], "FUNCTION")
			}
			return th.Values(rt.NIL, rt.Bool(isClosure(fn)), fn.FunctionName())
		}},
	)
}

func isClosure(fn rt.Function) bool {
	c, ok := fn.(*Closure)
	return ok && len(c.upv) > 0
}

func envArg(args []rt.Value, i int) *Env {
	if i < len(args) {
		if e, ok := args[i].(*Env); ok {
			return e
		}
	}
	return nil
}

// Proclaim handles a declaration specifier at global scope.
// A specifier that is not a proper list is a TYPE-ERROR, as in SBCL.
func Proclaim(th *rt.Thread, spec rt.Value) {
	c, ok := spec.(*rt.Cons)
	if !ok {
		th.TypeErrorName(spec, "LIST")
	}
	parts := th.ListElements(c)
	if !knownDeclaration(th, c.Car) {
		warnUnknownDeclaration(th, spec)
		return
	}
	head, _ := c.Car.(*rt.Symbol)
	if head == nil || head.Pkg != th.Img.CL {
		return
	}
	switch head.Name {
	case "SPECIAL":
		for _, s := range parts[1:] {
			if _, ok := s.(*rt.Symbol); !ok {
				th.SimpleError("Cannot proclaim a non-symbol as SPECIAL: ~S", s)
			}
		}
		for _, s := range parts[1:] {
			s.(*rt.Symbol).Flags |= rt.FlagSpecial
		}
	case "DECLARATION":
		for _, s := range parts[1:] {
			if _, ok := s.(*rt.Symbol); !ok {
				th.SimpleError("In ~S the declaration to be recognized is not a symbol: ~S", spec, s)
			}
		}
		for _, s := range parts[1:] {
			th.ProclaimDeclaration(s.(*rt.Symbol))
		}
	case "TYPE", "FTYPE":
		if len(parts) < 2 {
			th.SimpleError("~S has no type specifier", spec)
		}
	case "NOTINLINE", "INLINE":
		// A function proclaimed NOTINLINE has its compiler macro ignored
		// (CLHS 3.2.2.1.3); INLINE lifts that.
		for _, name := range rt.ListToSlice(c.Cdr) {
			if key, ok := compilerMacroKeyOf(th, name); ok {
				if head.Name == "NOTINLINE" {
					th.Img.Extra[notinlineKey{key}] = true
				} else {
					delete(th.Img.Extra, notinlineKey{key})
				}
			}
		}
	}
}
