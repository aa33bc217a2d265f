package runtime

import (
	"math/big"
	"strings"
)

// Symbols (CLHS 10) and the function-cell accessors of CLHS 5.

// CheckNotLocked signals SBCL's package-lock violation (a PACKAGE-ERROR) when
// sym's home package is locked (COMMON-LISP) and the current package is not
// that package. what is the action, phrased to precede the symbol, e.g.
// "setting fdefinition of". Code that loads the standard library can clear
// Package.Locked meanwhile.
func CheckNotLocked(th *Thread, sym *Symbol, what string) {
	sfCheckLocked(th, sym, sym, what)
}

// sfCheckLocked is CheckNotLocked for a function name (a symbol or a
// (SETF symbol) list) whose symbol is sym.
func sfCheckLocked(th *Thread, name Value, sym *Symbol, what string) {
	p := th.Img.HomePackage(sym)
	if p == nil || !p.Locked {
		return
	}
	cur := th.Img.CurrentPackage()
	if cur == p {
		return
	}
	th.PackageError(p, "Lock on package "+p.Name+" violated when "+what+" "+th.Printed(name)+
		" while in package "+cur.Name+".\nSee also: the ANSI Standard, Section 11.1.2.1.2")
}

// sfLockedPackage reports a lock violation about a whole package.
func sfCheckPackageLocked(th *Thread, p *Package, what string) {
	if !p.Locked {
		return
	}
	cur := th.Img.CurrentPackage()
	if cur == p {
		return
	}
	th.PackageError(p, "Lock on package "+p.Name+" violated when "+what+" while in package "+cur.Name+
		".\nSee also: the ANSI Standard, Section 11.1.2.1.2")
}

func sfSymbol(th *Thread, v Value) *Symbol {
	s, ok := v.(*Symbol)
	if !ok {
		th.TypeErrorName(v, "SYMBOL")
	}
	return s
}

// sfIsVariable reports whether a COMMON-LISP symbol names a variable, which
// may be assigned despite the package lock.
func sfIsVariable(s *Symbol) bool {
	if s.IsSpecial() || s.IsConstant() {
		return true
	}
	switch s.Name {
	case "*", "**", "***", "+", "++", "+++", "/", "//", "///", "-":
		return true
	}
	return len(s.Name) > 2 && strings.HasPrefix(s.Name, "*") && strings.HasSuffix(s.Name, "*")
}

// SplitFunctionName splits a function name, a symbol or (SETF symbol), into
// its symbol and whether it is a SETF name; sym is nil for anything else.
func SplitFunctionName(img *Image, name Value) (sym *Symbol, setf bool) {
	switch n := name.(type) {
	case *Symbol:
		return n, false
	case *Cons:
		if n.Car == img.S.Setf {
			if c2, ok := n.Cdr.(*Cons); ok && c2.Cdr == NIL {
				if s, ok := c2.Car.(*Symbol); ok {
					return s, true
				}
			}
		}
	}
	return nil, false
}

// sfFunctionName parses a function name: a symbol or (SETF symbol).
func sfFunctionName(th *Thread, name Value) (sym *Symbol, setf bool) {
	if sym, setf := SplitFunctionName(th.Img, name); sym != nil {
		return sym, setf
	}
	if _, isCons := name.(*Cons); isCons {
		th.Error(th.MakeCondition("SIMPLE-TYPE-ERROR", th.Img.Kw("DATUM"), name,
			th.Img.Kw("EXPECTED-TYPE"), FunctionNameType(th.Img),
			th.Img.Kw("FORMAT-CONTROL"), NewString("Invalid function name: ~S"),
			th.Img.Kw("FORMAT-ARGUMENTS"), List(name)))
	}
	th.TypeError(name, FunctionNameType(th.Img))
	return nil, false
}

// FunctionNameType is the type of function names, (OR SYMBOL (CONS (EQL
// SETF) (CONS SYMBOL NULL))): the expected type of the TYPE-ERROR about a
// malformed one, which the datum must not satisfy.
func FunctionNameType(img *Image) Value {
	S := img.S
	return List(S.Or, S.Symbol, List(S.Cons, List(img.CLSym("EQL"), S.Setf),
		List(S.Cons, S.Symbol, img.CLSym("NULL"))))
}

// sfSpecialOperatorFn stands for a special operator in the function cell
// readers, like SBCL's #<FUNCTION (:SPECIAL IF)>.
func sfSpecialOperatorFn(sym *Symbol) *Builtin {
	return &Builtin{Name: sym, Min: 0, Max: -1, Fn: func(th *Thread, args []Value) Value {
		return th.SimpleError("Cannot call special operator ~S as a function.", sym)
	}}
}

// sfFunctionCell returns what SYMBOL-FUNCTION/FDEFINITION return for a
// function name, or nil when it is not fbound.
func sfFunctionCell(sym *Symbol, setf bool) Value {
	if setf {
		if sym.Setf != nil {
			return sym.Setf
		}
		return nil
	}
	switch {
	case sym.Fn != nil:
		return sym.Fn
	case sym.Macro != nil:
		return sym.Macro
	case sym.Flags&FlagSpecialOperator != 0:
		return sfSpecialOperatorFn(sym)
	}
	return nil
}

func sfFunction(th *Thread, v Value) Function {
	f, ok := v.(Function)
	if !ok {
		th.TypeError(v, th.Img.S.Function)
	}
	return f
}

// sfSet implements SET with SBCL's checks.
func sfSet(th *Thread, sym *Symbol, v Value) Value {
	if sym.IsConstant() {
		switch {
		case sym == NIL:
			th.SimpleError("Nihil ex nihil. (can't set SYMBOL-VALUE of NIL)")
		case sym == T:
			th.SimpleError("Veritas aeterna. (can't set SYMBOL-VALUE of T)")
		case IsKeyword(sym):
			th.SimpleError("Can't set SYMBOL-VALUE of ~S.", sym)
		default:
			th.SimpleError("Constant modification: attempt to set SYMBOL-VALUE of ~S.", sym)
		}
	}
	if sym.Flags&FlagSymbolMacro != 0 {
		th.SimpleError("~S names a symbol macro; its SYMBOL-VALUE cannot be set.", sym)
	}
	if !sfIsVariable(sym) {
		CheckNotLocked(th, sym, "setting the value of")
	}
	sym.Value = v
	return v
}

// sfPlistPut sets indicator in a symbol's plist (SETF GET).
func sfPlistPut(th *Thread, sym *Symbol, indicator, v Value) Value {
	plist := th.Img.SymbolPlist(sym)
	if c := lstPlistFind(th, plist, func(k Value) bool { return Eq(k, indicator) }); c != nil {
		c.Cdr.(*Cons).Car = v
		return v
	}
	th.Img.SetSymbolPlist(sym, &Cons{indicator, &Cons{v, plist}})
	return v
}

// sfRemprop implements REMPROP, returning the removed tail or NIL.
func sfRemprop(th *Thread, sym *Symbol, indicator Value) Value {
	plist := th.Img.SymbolPlist(sym)
	var prev *Cons
	for l := plist; ; {
		c, ok := l.(*Cons)
		if !ok {
			return NIL
		}
		vc, ok := c.Cdr.(*Cons)
		if !ok {
			lstMalformedPlist(th, plist, c.Cdr)
		}
		if Eq(c.Car, indicator) {
			if prev == nil {
				th.Img.SetSymbolPlist(sym, vc.Cdr)
			} else {
				prev.Cdr = vc.Cdr
			}
			return c
		}
		prev = vc
		l = vc.Cdr
		th.Tick()
	}
}

// sfGensym implements GENSYM.
func sfGensym(th *Thread, args []Value) Value {
	prefix := "G"
	var suffix Value
	if len(args) > 0 {
		switch x := args[0].(type) {
		case Fixnum:
			if x >= 0 {
				suffix = x
			}
		case *Bignum:
			if x.Int.Sign() >= 0 {
				suffix = x
			}
		}
		if suffix == nil {
			p, isStr := th.StringText(args[0])
			if !isStr {
				th.TypeError(args[0], List(th.Img.S.Or, th.Img.S.String, th.Img.CLSym("UNSIGNED-BYTE")))
			}
			prefix = p
		}
	}
	if suffix == nil {
		cs := th.Img.S.GensymCounter
		n := cs.Value
		switch x := n.(type) {
		case Fixnum:
			if x >= 0 {
				suffix = x
				if x == 1<<63-1 {
					cs.Value = MakeBigInt(new(big.Int).Add(big.NewInt(int64(x)), big.NewInt(1)))
				} else {
					cs.Value = MakeInt(int64(x) + 1)
				}
			}
		case *Bignum:
			if x.Int.Sign() >= 0 {
				suffix = x
				cs.Value = MakeBigInt(new(big.Int).Add(x.Int, big.NewInt(1)))
			}
		}
		if suffix == nil {
			th.Error(th.MakeCondition("SIMPLE-TYPE-ERROR", th.Img.Kw("DATUM"), OrNil(n),
				th.Img.Kw("EXPECTED-TYPE"), th.Img.CLSym("UNSIGNED-BYTE"),
				th.Img.Kw("FORMAT-CONTROL"), NewString("Cannot bind *GENSYM-COUNTER* to ~S, not of type UNSIGNED-BYTE."),
				th.Img.Kw("FORMAT-ARGUMENTS"), List(OrNil(n))))
		}
	}
	return NewSymbol(prefix + sfIntString(suffix))
}

func sfIntString(v Value) string {
	switch x := v.(type) {
	case Fixnum:
		return big.NewInt(int64(x)).String()
	case *Bignum:
		return x.Int.String()
	}
	return ""
}

type sfGentempKey struct{}

// sfGentemp implements GENTEMP with a per-image counter.
func sfGentemp(th *Thread, args []Value) Value {
	prefix := "T"
	if len(args) > 0 {
		prefix = th.StringArg(args[0])
	}
	p := th.Img.CurrentPackage()
	if len(args) > 1 {
		p = th.PackageDesignator(args[1])
	}
	n, _ := th.Img.Extra[sfGentempKey{}].(int64)
	for {
		n++
		name := prefix + big.NewInt(n).String()
		if _, st := p.FindSymbol(name); st == StatusNone {
			th.Img.Extra[sfGentempKey{}] = n
			s, _ := p.Intern(name)
			return s
		}
		th.Tick()
	}
}

func init() {
	Register(
		Def{Name: "SYMBOLP", Min: 1, Max: 1, Params: "(OBJECT)", Fn: func(th *Thread, args []Value) Value {
			_, ok := args[0].(*Symbol)
			return Bool(ok)
		}},
		Def{Name: "KEYWORDP", Min: 1, Max: 1, Params: "(OBJECT)", Fn: func(th *Thread, args []Value) Value {
			return Bool(IsKeyword(args[0]))
		}},
		Def{Name: "FUNCTIONP", Min: 1, Max: 1, Params: "(OBJECT)", Fn: func(th *Thread, args []Value) Value {
			_, ok := args[0].(Function)
			return Bool(ok)
		}},
		Def{Name: "SYMBOL-NAME", Min: 1, Max: 1, Params: "(SYMBOL)", Fn: func(th *Thread, args []Value) Value {
			return NewString(sfSymbol(th, args[0]).Name)
		}},
		Def{Name: "SYMBOL-PACKAGE", Min: 1, Max: 1, Params: "(SYMBOL)", Fn: func(th *Thread, args []Value) Value {
			p := th.Img.HomePackage(sfSymbol(th, args[0]))
			if p == nil || p.Name == "" {
				return NIL
			}
			return p
		}},
		Def{Name: "SYMBOL-VALUE", Min: 1, Max: 1, Params: "(SYMBOL)", Fn: func(th *Thread, args []Value) Value {
			s := sfSymbol(th, args[0])
			if s.Value == nil || s.Flags&FlagSymbolMacro != 0 {
				return th.unboundVariableValue(s)
			}
			return s.Value
		}},
		Def{Name: "SET", Min: 2, Max: 2, Params: "(SYMBOL NEW-VALUE)", Fn: func(th *Thread, args []Value) Value {
			return sfSet(th, sfSymbol(th, args[0]), args[1])
		}},
		Def{Name: "BOUNDP", Min: 1, Max: 1, Params: "(SYMBOL)", Fn: func(th *Thread, args []Value) Value {
			s := sfSymbol(th, args[0])
			return Bool(s.Value != nil && s.Flags&FlagSymbolMacro == 0)
		}},
		Def{Name: "MAKUNBOUND", Min: 1, Max: 1, Params: "(SYMBOL)", Fn: func(th *Thread, args []Value) Value {
			s := sfSymbol(th, args[0])
			p := th.Img.HomePackage(s)
			if IsKeyword(s) || (s.IsConstant() && (p == nil || !p.Locked)) {
				th.SimpleError("Can't make ~S unbound.", s)
			}
			CheckNotLocked(th, s, "unbinding the symbol")
			s.Value = nil
			s.Flags &^= FlagSymbolMacro
			return s
		}},
		Def{Name: "SYMBOL-FUNCTION", Min: 1, Max: 1, Params: "(SYMBOL)", Fn: func(th *Thread, args []Value) Value {
			s := sfSymbol(th, args[0])
			if f := sfFunctionCell(s, false); f != nil {
				return f
			}
			return th.UndefinedFunction(s)
		}},
		Def{Name: "FDEFINITION", Min: 1, Max: 1, Params: "(NAME)", Fn: func(th *Thread, args []Value) Value {
			s, setf := sfFunctionName(th, args[0])
			if f := sfFunctionCell(s, setf); f != nil {
				return f
			}
			return th.UndefinedFunction(args[0])
		}},
		Def{Name: "FBOUNDP", Min: 1, Max: 1, Params: "(NAME)", Fn: func(th *Thread, args []Value) Value {
			s, setf := sfFunctionName(th, args[0])
			if f := sfFunctionCell(s, setf); f != nil {
				return f
			}
			return NIL
		}},
		Def{Name: "FMAKUNBOUND", Min: 1, Max: 1, Params: "(NAME)", Fn: func(th *Thread, args []Value) Value {
			s, setf := sfFunctionName(th, args[0])
			sfCheckLocked(th, args[0], s, "removing the function or macro definition of")
			if setf {
				s.Setf = nil
			} else {
				s.Fn, s.Macro = nil, nil
			}
			return args[0]
		}},
		Def{Name: "SPECIAL-OPERATOR-P", Min: 1, Max: 1, Params: "(SYMBOL)", Fn: func(th *Thread, args []Value) Value {
			return Bool(sfSymbol(th, args[0]).Flags&FlagSpecialOperator != 0)
		}},
		Def{Name: "SYMBOL-PLIST", Min: 1, Max: 1, Params: "(SYMBOL)", Fn: func(th *Thread, args []Value) Value {
			return th.Img.SymbolPlist(sfSymbol(th, args[0]))
		}},
		Def{Name: "GET", Min: 2, Max: 3, Params: "(SYMBOL INDICATOR &OPTIONAL DEFAULT)", Fn: func(th *Thread, args []Value) Value {
			return lstGetf(th, th.Img.SymbolPlist(sfSymbol(th, args[0])), args[1], Opt(args, 2))
		}},
		Def{Name: "REMPROP", Min: 2, Max: 2, Params: "(SYMBOL INDICATOR)", Fn: func(th *Thread, args []Value) Value {
			return sfRemprop(th, sfSymbol(th, args[0]), args[1])
		}},
		Def{Name: "MAKE-SYMBOL", Min: 1, Max: 1, Params: "(STRING)", Fn: func(th *Thread, args []Value) Value {
			return NewSymbol(th.StringArg(args[0]))
		}},
		Def{Name: "COPY-SYMBOL", Min: 1, Max: 2, Params: "(SYMBOL &OPTIONAL COPY-PROPERTIES)", Fn: func(th *Thread, args []Value) Value {
			s := sfSymbol(th, args[0])
			n := NewSymbol(s.Name)
			if Opt(args, 1) != NIL {
				n.Value, n.Fn, n.Macro = s.Value, s.Fn, s.Macro
				if s != NIL && s != T {
					n.Flags = s.Flags & (FlagSpecial | FlagConstant)
				}
				n.Plist = lstCopyList(th, th.Img.SymbolPlist(s), false)
			}
			return n
		}},
		Def{Name: "GENSYM", Min: 0, Max: 1, Params: "(&OPTIONAL (THING \"G\"))", Fn: sfGensym},
		Def{Name: "GENTEMP", Min: 0, Max: 2, Params: "(&OPTIONAL (PREFIX \"T\") (PACKAGE *PACKAGE*))", Fn: sfGentemp},
	)
	RegisterSetup(10, func(img *Image) {
		img.DefineVar(img.S.GensymCounter, MakeInt(0))
		set := func(name, params string, min, max int, fn func(th *Thread, args []Value) Value) {
			sym := img.CLSym(name)
			sym.Setf = &Builtin{Name: sym, NameForm: List(img.S.Setf, sym), Min: min, Max: max, Params: params, Fn: fn}
		}
		set("SYMBOL-VALUE", "(NEW-VALUE SYMBOL)", 2, 2, func(th *Thread, args []Value) Value {
			return sfSet(th, sfSymbol(th, args[1]), args[0])
		})
		set("SYMBOL-FUNCTION", "(NEW-VALUE SYMBOL)", 2, 2, func(th *Thread, args []Value) Value {
			s := sfSymbol(th, args[1])
			f := sfFunction(th, args[0])
			CheckNotLocked(th, s, "setting the symbol-function of")
			s.Fn, s.Macro = f, nil
			return args[0]
		})
		set("FDEFINITION", "(NEW-VALUE NAME)", 2, 2, func(th *Thread, args []Value) Value {
			s, setf := sfFunctionName(th, args[1])
			f := sfFunction(th, args[0])
			sfCheckLocked(th, args[1], s, "setting fdefinition of")
			if setf {
				s.Setf = f
			} else {
				s.Fn, s.Macro = f, nil
			}
			return args[0]
		})
		set("SYMBOL-PLIST", "(NEW-VALUE SYMBOL)", 2, 2, func(th *Thread, args []Value) Value {
			s := sfSymbol(th, args[1])
			if !IsList(args[0]) {
				th.TypeErrorName(args[0], "LIST")
			}
			th.Img.SetSymbolPlist(s, args[0])
			return args[0]
		})
		set("GET", "(NEW-VALUE SYMBOL INDICATOR &OPTIONAL DEFAULT)", 3, 4, func(th *Thread, args []Value) Value {
			return sfPlistPut(th, sfSymbol(th, args[1]), args[2], args[0])
		})
	})
}
