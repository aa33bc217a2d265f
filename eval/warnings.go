package eval

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// Compile-time warnings, as SBCL's minimal compilation gives them.

// warn signals a warning of class (a GOLEM simple warning class name) with a
// literal message, through WARN so handlers and the top-level recorder see it.
func (c *compiler) warn(class, msg string) {
	c.warnf(class, rt.EscapeTildes(msg))
}

// warnf is warn with a FORMAT control and arguments.
func (c *compiler) warnf(class, control string, args ...rt.Value) {
	warnSym := c.img.CLSym("WARN")
	if warnSym.Fn == nil {
		return
	}
	control += WarningLocationSuffix(c.th)
	c.th.Call(warnSym, c.th.MakeCondition(class,
		c.img.Kw("FORMAT-CONTROL"), rt.NewString(control), c.img.Kw("FORMAT-ARGUMENTS"), rt.List(args...)))
}

// WarningLocationSuffix ends the FORMAT control of a warning about the
// top-level form being compiled or loaded, naming that form when it comes
// from a file, as SBCL's "; file:" lines do (tildes escaped). Code given to
// Eval gets none: its warnings keep SBCL's text.
func WarningLocationSuffix(th *rt.Thread) string {
	loc, ok := th.FormLocation()
	if !ok || !loc.IsFile() {
		return ""
	}
	return rt.EscapeTildes(" (in form starting at " + loc.Describe() + ")")
}

// QualifiedName prints a symbol with its package prefix, as SBCL's compiler
// notes do ("COMMON-LISP-USER::FOO").
func QualifiedName(img *rt.Image, s *rt.Symbol) string {
	p := img.HomePackage(s)
	switch {
	case p == nil:
		return "#:" + s.Name
	case p == img.Keyword:
		return ":" + s.Name
	case p.IsExternal(s):
		return p.Name + ":" + s.Name
	}
	return p.Name + "::" + s.Name
}

// noteGlobalCall records calls to undefined functions and warns about
// argument counts that cannot match the function's lambda list.
func (c *compiler) noteGlobalCall(sym *rt.Symbol, nargs int) {
	c.noteXref(XrefCalls, sym)
	if sym.Fn == nil {
		if sym.Macro == nil && sym.Flags&rt.FlagSpecialOperator == 0 {
			where, _ := c.th.FormLocation()
			c.th.UndefinedCalls = append(c.th.UndefinedCalls, rt.UndefinedCall{Sym: sym, Where: where})
		}
		return
	}
	min, max, ok := arity(sym.Fn)
	if !ok || (nargs >= min && (max < 0 || nargs <= max)) {
		return
	}
	want := ""
	switch {
	case max < 0:
		want = "at least " + countWord(min)
	case min == max:
		want = "exactly " + countWord(min)
	case nargs < min:
		want = "at least " + countWord(min)
	default:
		want = "at most " + countWord(max)
	}
	c.warn("GOLEM:SIMPLE-COMPILER-WARNING", "The function "+c.th.Printed(sym)+" is called with "+
		countWord(nargs)+" argument"+plural(nargs)+", but wants "+want+".")
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// arity returns the argument counts a function accepts (max < 0: no limit).
func arity(fn rt.Function) (min, max int, ok bool) {
	switch f := fn.(type) {
	case *rt.Builtin:
		return f.Min, f.Max, true
	case *Closure:
		ll := f.info.ll
		min = len(ll.required)
		if ll.rest != nil || ll.hasKey {
			return min, -1, true
		}
		return min, min + len(ll.optional), true
	}
	return 0, 0, false
}

func countWord(n int) string {
	words := []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
	if n >= 0 && n < len(words) {
		return words[n]
	}
	return itoa(n)
}

// noteFreeVariable warns about a reference to an undeclared free variable
// inside a function body (top-level forms such as (setq x 1) stay quiet, as
// the evaluate-lisp contract shows).
func (c *compiler) noteFreeVariable(sym *rt.Symbol) {
	if c.fn.parent == nil || sym.IsSpecial() || sym.IsConstant() || sym.Flags&rt.FlagSymbolMacro != 0 {
		return
	}
	c.warn("GOLEM:SIMPLE-COMPILER-WARNING", "undefined variable: "+QualifiedName(c.img, sym))
}

// WarnUndefinedFunctions signals a STYLE-WARNING for each function called
// during the evaluation that is still undefined; the top level calls it when
// an evaluation ends normally.
func WarnUndefinedFunctions(th *rt.Thread) {
	seen := map[*rt.Symbol]bool{}
	c := &compiler{th: th, img: th.Img, fn: &fnInfo{}}
	depth := th.SpecialDepth()
	for _, call := range th.UndefinedCalls {
		sym := call.Sym
		if seen[sym] || sym.Fn != nil || sym.Macro != nil {
			continue
		}
		seen[sym] = true
		// The warning names the form that made the first call.
		th.BindFormLocation(call.Where)
		c.warn("GOLEM:SIMPLE-STYLE-WARNING", "undefined function: "+QualifiedName(th.Img, sym))
		th.UnbindTo(depth)
	}
	th.UndefinedCalls = nil
}
