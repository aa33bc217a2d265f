package eval

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// CLHS 3.1.2.1.2.2 lets a standard macro be compiled as a special form only
// if its macro function gives an equivalent expansion made of the 25 special
// operators, function calls and lambda forms, so that portable code walkers
// (MACROEXPAND-ALL, an iteration library's) see every subform. The macros
// below expand into calls of GOLEM functions taking closures; the compiler
// still compiles the macro forms themselves directly (macroForms), so
// ordinary code pays nothing for the closures.

// macroForms maps standard macros (COMMON-LISP names) to compilers used in
// place of their expansions. Read-only after init.
var macroForms map[string]specialForm

func init() {
	macroForms = map[string]specialForm{
		"HANDLER-BIND":        compileHandlerBind,
		"RESTART-BIND":        compileRestartBind,
		"MULTIPLE-VALUE-BIND": compileMVBind,
		"DEFUN":               compileDefun,
		"DEFVAR":              compileDefvar,
		"DEFPARAMETER":        compileDefparameter,
		"DEFCONSTANT":         compileDefconstant,
		"DESTRUCTURING-BIND":  compileDestructuringBind,
		"DEFMACRO":            compileDefmacro,
	}
	rt.Register(
		rt.Def{Name: "GOLEM:%CALL-WITH-HANDLERS", Min: 2, Max: 2, MV: true, Params: "(BINDINGS THUNK)", Fn: callWithHandlers},
		rt.Def{Name: "GOLEM:%CALL-WITH-RESTARTS", Min: 2, Max: 2, MV: true, Params: "(BINDINGS THUNK)", Fn: callWithRestarts},
		rt.Def{Name: "GOLEM:%DEFINE-FUNCTION", Min: 2, Max: 3, Params: "(NAME FUNCTION &OPTIONAL (WARN T))", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			sym, isSetf := definedFunctionName(th, args[0])
			rt.CheckNotLocked(th, sym, "setting fdefinition of")
			fn, ok := args[1].(rt.Function)
			if !ok {
				th.TypeErrorName(args[1], "FUNCTION")
			}
			return defineFunction(th, args[0], sym, isSetf, fn, len(args) < 3 || args[2] != rt.NIL)
		}},
		rt.Def{Name: "GOLEM:%NAMED-FUNCTION", Min: 2, Max: 2, Params: "(NAME FUNCTION)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			return args[1]
		}},
		rt.Def{Name: "GOLEM:%DEFINE-VARIABLE", Min: 2, Max: 3, Params: "(KIND NAME &OPTIONAL INIT-THUNK)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			kind, _ := args[0].(*rt.Symbol)
			sym, ok := args[1].(*rt.Symbol)
			if kind == nil || !ok {
				th.ProgramError("variable name is not a symbol: " + th.Printed(args[1]))
			}
			if kind.Name == "DEFCONSTANT" {
				rt.CheckNotLocked(th, sym, "defining constant")
			} else {
				rt.CheckNotLocked(th, sym, "proclaiming special")
			}
			if len(args) < 3 {
				return defineVariable(th, kind.Name, sym, nil)
			}
			return defineVariable(th, kind.Name, sym, func() rt.Value { return th.Call(args[2]) })
		}},
	)
}

// callForms maps GOLEM functions to compilers of their calls, which return
// nil for a call they do not recognise (compiled as an ordinary call).
// Read-only after init.
var callForms map[string]func(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code

func init() {
	callForms = map[string]func(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code{
		"%DEFINE-FUNCTION": compileDefineFunction,
		"%NAMED-FUNCTION":  compileNamedFunction,
	}
}

// compileDefineFunction compiles (golem::%define-function 'name
// #'(lambda ll . body) [warn]), the expansion of DEFUN and of DEFSTRUCT's
// functions, as DEFUN: the function is named and has its block once.
func compileDefineFunction(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	args := rt.ListToSlice(form.Cdr)
	if len(args) < 2 || len(args) > 3 {
		return nil
	}
	warn := true
	if len(args) == 3 {
		if args[2] != rt.NIL && args[2] != rt.T {
			return nil
		}
		warn = args[2] == rt.T
	}
	quoted, ok := args[0].(*rt.Cons)
	if !ok || quoted.Car != c.img.S.Quote {
		return nil
	}
	name := rt.ListToSlice(quoted)
	fn := rt.ListToSlice(args[1])
	if len(name) != 2 || len(fn) != 2 || fn[0] != c.img.S.Function {
		return nil
	}
	lambda, ok := fn[1].(*rt.Cons)
	if !ok || lambda.Car != c.img.S.Lambda {
		return nil
	}
	parts := rt.ListToSlice(lambda)
	if len(parts) < 2 {
		return nil
	}
	// Unwrap (block name . forms) when it is the whole body after the
	// declarations, since compileDefunForm adds that block.
	decls, doc, forms := parseBody(rt.List(parts[2:]...), true)
	body := rt.List(parts[2:]...)
	if cell, ok := forms.(*rt.Cons); ok && cell.Cdr == rt.NIL {
		if blk := rt.ListToSlice(cell.Car); len(blk) >= 2 && blk[0] == c.img.CLSym("BLOCK") && blk[1] == blockNameOf(name[1]) {
			var head []rt.Value
			if doc != "" {
				head = append(head, rt.NewString(doc))
			}
			head = append(head, decls...)
			body = rt.ListStar(cell.Car.(*rt.Cons).Cdr.(*rt.Cons).Cdr, head...)
		}
	}
	if sym, _ := rt.SplitFunctionName(c.img, name[1]); sym == nil {
		return nil
	}
	defun := rt.ListStar(body, form.Car, name[1], parts[1])
	return c.compileDefunForm(defun.(*rt.Cons), env, mv, warn)
}

// compileNamedFunction compiles (golem::%named-function 'name #'(lambda ll
// . body)), which returns the function, as that lambda with the name that
// backtraces show (a DEFMETHOD's method function).
func compileNamedFunction(c *compiler, form *rt.Cons, env *lexEnv, mv bool) Code {
	args := rt.ListToSlice(form.Cdr)
	if len(args) != 2 {
		return nil
	}
	quoted := rt.ListToSlice(args[0])
	fn := rt.ListToSlice(args[1])
	if len(quoted) != 2 || quoted[0] != c.img.S.Quote || len(fn) != 2 || fn[0] != c.img.S.Function {
		return nil
	}
	lambda, ok := fn[1].(*rt.Cons)
	if !ok || lambda.Car != c.img.S.Lambda {
		return nil
	}
	rest, ok := lambda.Cdr.(*rt.Cons)
	if !ok {
		return nil
	}
	defer c.defining(quoted[1])()
	_, code := c.compileLambda(quoted[1], rest.Car, rest.Cdr, env, nil)
	return single(code, mv)
}

// thunkForm returns #'(lambda () . body).
func thunkForm(img *rt.Image, body rt.Value) rt.Value {
	return rt.List(img.S.Function, rt.ListStar(body, img.S.Lambda, rt.NIL))
}

// macroArgs returns the arguments of a macro form with at least min of them.
func macroArgs(th *rt.Thread, form *rt.Cons, min int) []rt.Value {
	args := th.ListElements(form.Cdr)
	if len(args) < min {
		th.ProgramError("malformed " + th.Printed(form.Car) + " form: " + th.Printed(form))
	}
	return args
}

// expandHandlerBind expands (handler-bind ((type handler)...) . body) into
// (golem::%call-with-handlers (list (cons 'type handler)...) #'(lambda () . body)).
func expandHandlerBind(th *rt.Thread, form *rt.Cons, env rt.Value) rt.Value {
	img := th.Img
	args := macroArgs(th, form, 1)
	entries := []rt.Value{img.CLSym("LIST")}
	for _, b := range th.ListElements(args[0]) {
		parts := th.ListElements(b)
		if len(parts) != 2 {
			th.ProgramError("malformed HANDLER-BIND binding: " + th.Printed(b))
		}
		entries = append(entries, rt.List(img.CLSym("CONS"), rt.List(img.S.Quote, parts[0]), parts[1]))
	}
	fn, _ := img.Golem.Intern("%CALL-WITH-HANDLERS")
	return rt.List(fn, rt.List(entries...), thunkForm(img, form.Cdr.(*rt.Cons).Cdr))
}

// callWithHandlers calls thunk with the handlers of bindings, a list of
// (type . handler), established as one cluster.
func callWithHandlers(th *rt.Thread, args []rt.Value) rt.Value {
	bs := th.ListElements(args[0])
	cluster := make([]rt.Handler, len(bs))
	for i, b := range bs {
		cell, ok := b.(*rt.Cons)
		if !ok {
			th.TypeErrorName(b, "CONS")
		}
		cluster[i] = rt.Handler{Type: cell.Car, Fn: cell.Cdr}
	}
	saved := th.Handlers
	th.PushHandlers(cluster)
	v := th.Call(args[1])
	th.Handlers = saved
	return v
}

// expandRestartBind expands (restart-bind ((name fn . options)...) . body)
// into (golem::%call-with-restarts (list (list 'name fn . options)...) #'(lambda () . body)).
func expandRestartBind(th *rt.Thread, form *rt.Cons, env rt.Value) rt.Value {
	img := th.Img
	args := macroArgs(th, form, 1)
	list := img.CLSym("LIST")
	entries := []rt.Value{list}
	for _, b := range th.ListElements(args[0]) {
		parts := th.ListElements(b)
		if len(parts) < 2 {
			th.ProgramError("malformed RESTART-BIND binding: " + th.Printed(b))
		}
		entry := append([]rt.Value{list, rt.List(img.S.Quote, parts[0])}, parts[1:]...)
		entries = append(entries, rt.List(entry...))
	}
	fn, _ := img.Golem.Intern("%CALL-WITH-RESTARTS")
	return rt.List(fn, rt.List(entries...), thunkForm(img, form.Cdr.(*rt.Cons).Cdr))
}

// callWithRestarts calls thunk with the restarts of bindings, each a list
// (name function &key report-function interactive-function test-function),
// established so that the first is innermost.
func callWithRestarts(th *rt.Thread, args []rt.Value) rt.Value {
	bs := th.ListElements(args[0])
	restarts := make([]*rt.Restart, len(bs))
	for i, b := range bs {
		parts := th.ListElements(b)
		if len(parts) < 2 {
			th.ProgramError("malformed RESTART-BIND binding: " + th.Printed(b))
		}
		r := &rt.Restart{Name: parts[0], Fn: parts[1]}
		for j := 2; j+1 < len(parts); j += 2 {
			k, _ := parts[j].(*rt.Symbol)
			if k == nil {
				continue
			}
			switch k.Name {
			case "REPORT-FUNCTION":
				r.Report = parts[j+1]
			case "INTERACTIVE-FUNCTION":
				r.Interactive = parts[j+1]
			case "TEST-FUNCTION":
				r.Test = parts[j+1]
			}
		}
		restarts[i] = r
	}
	saved := th.Restarts
	for i := len(restarts) - 1; i >= 0; i-- {
		th.PushRestart(restarts[i])
	}
	v := th.Call(args[1])
	th.Restarts = saved
	return v
}

// expandMVBind expands (multiple-value-bind (var...) values-form . body) into
// (multiple-value-call #'(lambda (&optional var... &rest #:more) (declare (ignore #:more)) . body) values-form).
func expandMVBind(th *rt.Thread, form *rt.Cons, env rt.Value) rt.Value {
	img := th.Img
	args := macroArgs(th, form, 2)
	ll := []rt.Value{img.CLSym("&OPTIONAL")}
	for _, v := range th.ListElements(args[0]) {
		if _, ok := v.(*rt.Symbol); !ok {
			th.ProgramError("invalid variable in MULTIPLE-VALUE-BIND: " + th.Printed(v))
		}
		ll = append(ll, v)
	}
	more := rt.NewSymbol("MORE")
	ll = append(ll, img.CLSym("&REST"), more)
	decl := rt.List(img.CLSym("DECLARE"), rt.List(img.CLSym("IGNORE"), more))
	body := form.Cdr.(*rt.Cons).Cdr.(*rt.Cons).Cdr
	lambda := rt.ListStar(body, img.S.Lambda, rt.List(ll...), decl)
	return rt.List(img.CLSym("MULTIPLE-VALUE-CALL"), rt.List(img.S.Function, lambda), args[1])
}

// definedFunctionName returns the symbol of a function name, sym or (setf
// sym), and whether it is a SETF name.
func definedFunctionName(th *rt.Thread, name rt.Value) (*rt.Symbol, bool) {
	sym, setf := rt.SplitFunctionName(th.Img, name)
	if sym == nil {
		th.ProgramError("invalid function name: " + th.Printed(name))
	}
	return sym, setf
}

// expandDefun expands (defun name lambda-list . body) into
// (golem::%define-function 'name #'(lambda lambda-list [doc] decls... (block block-name . forms))).
func expandDefun(th *rt.Thread, form *rt.Cons, env rt.Value) rt.Value {
	img := th.Img
	args := macroArgs(th, form, 2)
	definedFunctionName(th, args[0])
	decls, doc, forms := parseBody(form.Cdr.(*rt.Cons).Cdr.(*rt.Cons).Cdr, true)
	lambda := []rt.Value{img.S.Lambda, args[1]}
	if doc != "" {
		lambda = append(lambda, rt.NewString(doc))
	}
	lambda = append(lambda, decls...)
	block := rt.ListStar(forms, img.CLSym("BLOCK"), blockNameOf(args[0]))
	lambda = append(lambda, block)
	fn, _ := img.Golem.Intern("%DEFINE-FUNCTION")
	return rt.List(fn, rt.List(img.S.Quote, args[0]), rt.List(img.S.Function, rt.List(lambda...)))
}

// expandDefvar makes the expander of DEFVAR, DEFPARAMETER or DEFCONSTANT
// (kind): (progn (eval-when (:compile-toplevel) (proclaim '(special name)))
// (golem::%define-variable 'kind 'name #'(lambda () init))); a DEFCONSTANT
// has no proclamation.
func expandDefvar(kind string, min int) func(th *rt.Thread, form *rt.Cons, env rt.Value) rt.Value {
	return func(th *rt.Thread, form *rt.Cons, env rt.Value) rt.Value {
		img := th.Img
		args := macroArgs(th, form, min)
		if len(args) > 3 {
			th.ProgramError("malformed " + kind + " form: " + th.Printed(form))
		}
		fn, _ := img.Golem.Intern("%DEFINE-VARIABLE")
		call := []rt.Value{fn, rt.List(img.S.Quote, img.CLSym(kind)), rt.List(img.S.Quote, args[0])}
		if len(args) > 1 {
			call = append(call, thunkForm(img, rt.List(args[1])))
		}
		if kind == "DEFCONSTANT" {
			return rt.List(call...)
		}
		proclaim := rt.List(img.CLSym("EVAL-WHEN"), rt.List(img.Kw("COMPILE-TOPLEVEL")),
			rt.List(img.CLSym("PROCLAIM"), rt.List(img.S.Quote, rt.List(img.S.Special, args[0]))))
		return rt.List(img.CLSym("PROGN"), proclaim, rt.List(call...))
	}
}
