package eval

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// The expansion of DESTRUCTURING-BIND (and of DEFMACRO's lambda list) for
// code walkers: a LET* whose bindings take the list apart with CAR, CDR and
// the GOLEM::%DB- functions below, which check its shape. The compiler
// compiles DESTRUCTURING-BIND forms directly (compileDestructuringBind).

func init() {
	rt.Register(
		rt.Def{Name: "GOLEM:%DEFINE-MACRO", Min: 2, Max: 2, Params: "(NAME FUNCTION)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			sym, ok := args[0].(*rt.Symbol)
			if !ok {
				th.TypeErrorName(args[0], "SYMBOL")
			}
			fn, ok := args[1].(rt.Function)
			if !ok {
				th.TypeErrorName(args[1], "FUNCTION")
			}
			rt.CheckNotLocked(th, sym, "setting the macro-function of")
			noteRedefinition(th, sym, sym, "MACRO", sym.Macro != nil || sym.Fn != nil, "DEFMACRO")
			sym.Macro = fn
			notifyDefinition(th, sym, "MACRO")
			return sym
		}},
		rt.Def{Name: "GOLEM:%DB-CAR", Min: 3, Max: 3, Params: "(TAIL WHOLE LAMBDA-LIST)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			cell, ok := args[0].(*rt.Cons)
			if !ok {
				destructureFail(th, args, "too few elements")
			}
			return cell.Car
		}},
		rt.Def{Name: "GOLEM:%DB-OPTIONAL", Min: 3, Max: 3, Params: "(TAIL WHOLE LAMBDA-LIST)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			cell, ok := args[0].(*rt.Cons)
			if !ok {
				destructureFail(th, args, "dotted list")
			}
			return cell.Car
		}},
		rt.Def{Name: "GOLEM:%DB-END", Min: 3, Max: 3, Params: "(TAIL WHOLE LAMBDA-LIST)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			switch args[0].(type) {
			case *rt.Cons:
				destructureFail(th, args, "too many elements")
			default:
				if args[0] != rt.NIL {
					destructureFail(th, args, "dotted list")
				}
			}
			return rt.NIL
		}},
		rt.Def{Name: "GOLEM:%DB-KEYS", Min: 5, Max: 5, Params: "(TAIL KEYS ALLOW-OTHER-KEYS WHOLE LAMBDA-LIST)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			fail := []rt.Value{args[0], args[3], args[4]}
			var plist []rt.Value
			cur := args[0]
			for n := 0; ; n++ {
				cell, ok := cur.(*rt.Cons)
				if !ok {
					break
				}
				if n > 1<<24 {
					destructureFail(th, fail, "circular list")
				}
				plist = append(plist, cell.Car)
				cur = cell.Cdr
			}
			if cur != rt.NIL {
				destructureFail(th, fail, "dotted list")
			}
			if len(plist)%2 != 0 {
				destructureFail(th, fail, "odd number of elements in keyword/value list")
			}
			allow := args[2] != rt.NIL
			for i := 0; i < len(plist) && !allow; i += 2 {
				if plist[i] == th.Img.S.KwAllowOtherKeys {
					allow = plist[i+1] != rt.NIL
					break
				}
			}
			if allow {
				return rt.NIL
			}
			keys := th.ListElements(args[1])
		next:
			for i := 0; i < len(plist); i += 2 {
				if plist[i] == th.Img.S.KwAllowOtherKeys {
					continue
				}
				for _, k := range keys {
					if k == plist[i] {
						continue next
					}
				}
				destructureFail(th, fail, "unknown keyword "+th.Printed(plist[i]))
			}
			return rt.NIL
		}},
		rt.Def{Name: "GOLEM:%DB-KEY-TAIL", Min: 2, Max: 2, Params: "(PLIST KEY)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			for cur := args[0]; ; {
				cell, ok := cur.(*rt.Cons)
				if !ok {
					return rt.NIL
				}
				if cell.Car == args[1] {
					return cell
				}
				next, ok := cell.Cdr.(*rt.Cons)
				if !ok {
					return rt.NIL
				}
				cur = next.Cdr
			}
		}},
	)
}

// destructureFail signals the error of a list (args[1]) that does not match
// a destructuring lambda list (args[2]).
func destructureFail(th *rt.Thread, args []rt.Value, why string) {
	msg := "Error while parsing arguments to DESTRUCTURING-BIND: " + why + " in " + th.Printed(args[1]) +
		" to satisfy lambda list " + th.Printed(args[2])
	th.Error(th.MakeCondition("GOLEM:SIMPLE-DESTRUCTURING-ERROR",
		th.Img.Kw("FORMAT-CONTROL"), rt.NewString(rt.EscapeTildes(msg)), th.Img.Kw("FORMAT-ARGUMENTS"), rt.NIL))
}

// destructurer builds the LET* bindings that take a list apart.
type destructurer struct {
	th     *rt.Thread
	img    *rt.Image
	binds  []rt.Value
	gens   []rt.Value
	llForm rt.Value // the whole lambda list, quoted, for errors
}

func (d *destructurer) golem(name string) *rt.Symbol {
	s, _ := d.img.Golem.Intern(name)
	return s
}

func (d *destructurer) gen(name string) *rt.Symbol {
	g := rt.NewSymbol(name)
	d.gens = append(d.gens, g)
	return g
}

func (d *destructurer) bind(v, init rt.Value) {
	d.binds = append(d.binds, rt.List(v, init))
}

// bindPattern binds var (a symbol, or a nested lambda list) to init.
func (d *destructurer) bindPattern(v, init rt.Value) {
	if _, ok := v.(*rt.Cons); ok {
		g := d.gen("SUBLIST")
		d.bind(g, init)
		d.walk(v, g)
		return
	}
	if _, ok := v.(*rt.Symbol); !ok || v == rt.NIL {
		d.th.ProgramError("invalid variable in lambda list: " + d.th.Printed(v))
	}
	d.bind(v, init)
}

// walk binds the variables of lambda list ll to the parts of the list held
// by the variable list.
func (d *destructurer) walk(ll rt.Value, list *rt.Symbol) {
	img, th := d.img, d.th
	quote := func(v rt.Value) rt.Value { return rt.List(img.S.Quote, v) }
	check := func(fn string, tail rt.Value) rt.Value {
		return rt.List(d.golem(fn), tail, list, d.llForm)
	}
	var tail rt.Value = list
	advance := func() {
		g := d.gen("TAIL")
		d.bind(g, rt.List(img.CLSym("CDR"), tail))
		tail = g
	}
	state := "REQUIRED"
	hasRest, hasKey, allow := false, false, false
	var keys []rt.Value
	var keySpecs []rt.Value
	cur := ll
	first := true
	for {
		cell, ok := cur.(*rt.Cons)
		if !ok {
			break
		}
		elem := cell.Car
		cur = cell.Cdr
		if s, ok := elem.(*rt.Symbol); ok && s.Pkg == img.CL && len(s.Name) > 1 && s.Name[0] == '&' {
			switch s.Name {
			case "&WHOLE":
				next, ok := cur.(*rt.Cons)
				if !first || !ok {
					d.th.ProgramError("misplaced &WHOLE in lambda list: " + d.th.Printed(ll))
				}
				d.bindPattern(next.Car, list)
				cur = next.Cdr
			case "&OPTIONAL":
				state = "OPTIONAL"
			case "&REST", "&BODY":
				next, ok := cur.(*rt.Cons)
				if !ok {
					d.th.ProgramError("missing variable after " + s.Name + ": " + d.th.Printed(ll))
				}
				d.bindPattern(next.Car, tail)
				cur = next.Cdr
				hasRest = true
				state = "REST"
			case "&KEY":
				hasKey = true
				state = "KEY"
			case "&ALLOW-OTHER-KEYS":
				allow = true
			case "&AUX":
				state = "AUX"
			default:
				d.th.ProgramError("lambda list keyword " + s.Name + " not allowed in " + d.th.Printed(ll))
			}
			first = false
			continue
		}
		first = false
		switch state {
		case "REQUIRED":
			d.bindPattern(elem, check("%DB-CAR", tail))
			advance()
		case "OPTIONAL":
			v, init, svar := optionalSpec(elem)
			d.bindPattern(v, rt.List(img.CLSym("IF"), tail, check("%DB-OPTIONAL", tail), init))
			if svar != nil {
				d.bind(svar, rt.List(img.CLSym("IF"), tail, rt.T, rt.NIL))
			}
			advance()
		case "KEY":
			keySpecs = append(keySpecs, elem)
			keys = append(keys, keywordOf(img, elem))
		case "AUX":
			v, init, _ := optionalSpec(elem)
			d.bind(v, init)
		default:
			d.th.ProgramError("malformed lambda list: " + d.th.Printed(ll))
		}
	}
	if cur != rt.NIL {
		d.bindPattern(cur, tail)
		hasRest = true
	}
	if hasKey {
		d.bind(d.gen("KEYS"), rt.List(d.golem("%DB-KEYS"), tail, quote(rt.List(keys...)), rt.Bool(allow), list, d.llForm))
		for i, spec := range keySpecs {
			v, init, svar := optionalSpec(spec)
			if c, ok := v.(*rt.Cons); ok {
				parts := rt.ListToSlice(c)
				if len(parts) != 2 {
					th.ProgramError("malformed &KEY parameter: " + th.Printed(spec))
				}
				v = parts[1]
			}
			kt := d.gen("KEY-TAIL")
			d.bind(kt, rt.List(d.golem("%DB-KEY-TAIL"), tail, quote(keys[i])))
			d.bindPattern(v, rt.List(img.CLSym("IF"), kt, rt.List(img.CLSym("CADR"), kt), init))
			if svar != nil {
				d.bind(svar, rt.List(img.CLSym("IF"), kt, rt.T, rt.NIL))
			}
		}
	} else if !hasRest {
		d.bind(d.gen("END"), check("%DB-END", tail))
	}
}

// optionalSpec splits var, (var), (var init) or (var init svar).
func optionalSpec(spec rt.Value) (v, init rt.Value, svar rt.Value) {
	c, ok := spec.(*rt.Cons)
	if !ok {
		return spec, rt.NIL, nil
	}
	parts := rt.ListToSlice(c)
	init = rt.NIL
	if len(parts) > 1 {
		init = parts[1]
	}
	if len(parts) > 2 {
		svar = parts[2]
	}
	return parts[0], init, svar
}

// keywordOf returns the keyword a &key parameter spec is passed by.
func keywordOf(img *rt.Image, spec rt.Value) rt.Value {
	v, _, _ := optionalSpec(spec)
	if c, ok := v.(*rt.Cons); ok {
		return c.Car
	}
	if s, ok := v.(*rt.Symbol); ok {
		return img.Kw(s.Name)
	}
	return v
}

// destructuringLet returns (let* ((list-var list-form) bindings...)
// (declare (ignorable gensyms...)) . body) for lambda list ll.
func destructuringLet(th *rt.Thread, ll, listForm, body rt.Value) rt.Value {
	return destructuringLetAfter(th, nil, ll, listForm, body)
}

// destructuringLetAfter is destructuringLet with the bindings pre first.
func destructuringLetAfter(th *rt.Thread, pre []rt.Value, ll, listForm, body rt.Value) rt.Value {
	img := th.Img
	d := &destructurer{th: th, img: img, llForm: rt.List(img.S.Quote, ll), binds: pre}
	whole := d.gen("WHOLE")
	d.bind(whole, listForm)
	d.walk(ll, whole)
	decl := rt.List(img.CLSym("DECLARE"), rt.ListStar(rt.NIL, append([]rt.Value{img.CLSym("IGNORABLE")}, d.gens...)...))
	return rt.ListStar(body, img.CLSym("LET*"), rt.List(d.binds...), decl)
}

// expandDestructuringBind expands (destructuring-bind ll list . body).
func expandDestructuringBind(th *rt.Thread, form *rt.Cons, env rt.Value) rt.Value {
	args := macroArgs(th, form, 2)
	return destructuringLet(th, args[0], args[1], form.Cdr.(*rt.Cons).Cdr.(*rt.Cons).Cdr)
}

// expandDefmacro expands (defmacro name lambda-list . body) into
// (eval-when (:compile-toplevel :load-toplevel :execute)
// (golem::%define-macro 'name #'(lambda (form env) [doc] (let* (...) decls (block name . forms))))).
func expandDefmacro(th *rt.Thread, form *rt.Cons, env rt.Value) rt.Value {
	img := th.Img
	args := macroArgs(th, form, 2)
	name, ok := args[0].(*rt.Symbol)
	if !ok {
		th.ProgramError("macro name is not a symbol: " + th.Printed(args[0]))
	}
	formVar, envVar := rt.NewSymbol("FORM"), rt.NewSymbol("ENV")
	// &WHOLE (first) and &ENVIRONMENT (anywhere at top level) bind the
	// form and the environment; the rest destructures the arguments.
	var pre, rest []rt.Value
	cur := args[1]
	first := true
	for {
		cell, ok := cur.(*rt.Cons)
		if !ok {
			break
		}
		s, _ := cell.Car.(*rt.Symbol)
		next, hasNext := cell.Cdr.(*rt.Cons)
		switch {
		case s != nil && s.Pkg == img.CL && s.Name == "&WHOLE" && first && hasNext:
			pre = append(pre, rt.List(next.Car, formVar))
			cur = next.Cdr
		case s != nil && s.Pkg == img.CL && s.Name == "&ENVIRONMENT" && hasNext:
			pre = append(pre, rt.List(next.Car, envVar))
			cur = next.Cdr
		default:
			rest = append(rest, cell.Car)
			cur = cell.Cdr
		}
		first = false
	}
	ll := rt.ListStar(cur, rest...)
	decls, doc, forms := parseBody(form.Cdr.(*rt.Cons).Cdr.(*rt.Cons).Cdr, true)
	body := rt.ListStar(rt.List(rt.ListStar(forms, img.CLSym("BLOCK"), name)), decls...)
	lambda := []rt.Value{img.S.Lambda, rt.List(formVar, envVar),
		rt.List(img.CLSym("DECLARE"), rt.List(img.CLSym("IGNORABLE"), formVar, envVar))}
	if doc != "" {
		lambda = append(lambda, rt.NewString(doc))
	}
	lambda = append(lambda, destructuringLetAfter(th, pre, ll, rt.List(img.CLSym("CDR"), formVar), body))
	define, _ := img.Golem.Intern("%DEFINE-MACRO")
	when := rt.List(img.Kw("COMPILE-TOPLEVEL"), img.Kw("LOAD-TOPLEVEL"), img.Kw("EXECUTE"))
	return rt.List(img.CLSym("EVAL-WHEN"), when,
		rt.List(define, rt.List(img.S.Quote, name), rt.List(img.S.Function, rt.List(lambda...))))
}
