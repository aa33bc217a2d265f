package golem

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync/atomic"

	rt "github.com/golem-lisp/golem/runtime"
)

// LispFunc is the low-level form of a Go function for Define: it receives
// the running thread and the Lisp arguments, unconverted, and returns one
// Lisp value. The args slice is only valid during the call. It may call Lisp
// functions with th.Call and signal Lisp errors with th.Error and the
// th.TypeError family (see docs/CONTRIBUTING-runtime.md).
type LispFunc = func(th *rt.Thread, args []Value) Value

// LispFuncE is LispFunc returning a Go error too; a non-nil error becomes a
// GOLEM:GO-ERROR condition.
type LispFuncE = func(th *rt.Thread, args []Value) (Value, error)

// Define makes the Go function fn callable from Lisp as name: "pkg:name"
// (the package is created, using COMMON-LISP, when it does not exist, and
// the symbol is exported) or an unqualified name in COMMON-LISP-USER. Names
// are upper-cased as the reader would read them. fn is:
//
//   - a LispFunc or LispFuncE, or any runtime Function, called as is;
//   - any other Go func, called through reflection: each Lisp argument is
//     converted with ExportTo to the parameter's type (a failure signals
//     TYPE-ERROR); a first context.Context parameter receives the
//     evaluation's context and is not a Lisp argument; a variadic function
//     takes &rest arguments; func-typed parameters receive Lisp functions,
//     usable until fn returns. Results are converted with FromGo; several
//     results are returned as multiple values, none as NIL; a last result
//     of type error, when non-nil, signals GOLEM:GO-ERROR instead.
//
// A Go panic inside fn also signals GOLEM:GO-ERROR (a subclass of ERROR)
// rather than crashing; Lisp code catches both with handler-case, and the
// USE-VALUE restart returns a value in place of the failed call. Unhandled,
// it reaches the embedder as a *Error whose Unwrap returns the Go error.
//
// Like Eval, Define must not run while the interpreter evaluates on
// another goroutine. fn runs on the evaluating goroutine; it may call Lisp
// back with Call or Function.Call given the context it received (or with
// a *Function it received), or th.Call in a LispFunc, but not Eval.
func (in *Interpreter) Define(name string, fn any) error {
	sym, err := in.definitionSymbol(name)
	if err != nil {
		return err
	}
	f, err := builtinFor(sym, fn)
	if err != nil {
		return fmt.Errorf("golem: Define %s: %w", name, err)
	}
	sym.Fn = f
	sym.Macro = nil
	return nil
}

// definitionSymbol finds or creates the symbol Define defines.
func (in *Interpreter) definitionSymbol(name string) (*rt.Symbol, error) {
	img := in.img
	pkgName, symName, qualified, internal := splitName(name)
	if symName == "" {
		return nil, fmt.Errorf("golem: Define: empty function name %q", name)
	}
	var p *rt.Package
	if qualified {
		if pkgName == "" {
			return nil, fmt.Errorf("golem: Define: %q is a keyword, not a function name", name)
		}
		p = img.FindPackage(pkgName)
		if p == nil {
			p = img.MakePackage(pkgName)
			p.UsePackage(img.CL)
		}
		if p.Locked {
			return nil, fmt.Errorf("golem: Define: package %s is locked", p.Name)
		}
	} else {
		p = img.CLUser
	}
	sym, _ := p.Intern(symName)
	switch {
	case sym.Pkg == img.CL || sym == rt.NIL || sym == rt.T:
		return nil, fmt.Errorf("golem: Define: %s is a COMMON-LISP symbol, which may not be redefined", symName)
	case sym.Pkg != nil && sym.Pkg.Locked:
		return nil, fmt.Errorf("golem: Define: package %s is locked", sym.Pkg.Name)
	case sym.Pkg == img.Keyword:
		return nil, fmt.Errorf("golem: Define: %q is a keyword, not a function name", name)
	case sym.Flags&rt.FlagSpecialOperator != 0:
		return nil, fmt.Errorf("golem: Define: %s is a special operator", symName)
	case !qualified && sym.Pkg != p:
		return nil, fmt.Errorf("golem: Define: %s is inherited from package %s; qualify the name to redefine it", symName, sym.Pkg.Name)
	}
	if qualified && !internal && sym.Pkg == p {
		p.Export(sym)
	}
	return sym, nil
}

// splitName splits a name given to Define, Set or Get ("pkg:name",
// "pkg::name" or "name") into its package and symbol names, upper-cased
// as the reader would read them; internal is true for "pkg::name".
func splitName(name string) (pkgName, symName string, qualified, internal bool) {
	symName = name
	if i := strings.IndexByte(name, ':'); i >= 0 {
		pkgName, symName, qualified = name[:i], name[i+1:], true
		symName, internal = strings.CutPrefix(symName, ":")
	}
	return strings.ToUpper(strings.TrimSpace(pkgName)), strings.ToUpper(strings.TrimSpace(symName)), qualified, internal
}

// builtinFor makes the Lisp function for a Go function.
func builtinFor(name *rt.Symbol, fn any) (rt.Function, error) {
	switch f := fn.(type) {
	case nil:
		return nil, errors.New("nil function")
	case LispFunc:
		b := &rt.Builtin{Name: name, Min: 0, Max: -1, Params: "(&REST ARGS)"}
		b.Fn = func(th *rt.Thread, args []rt.Value) (out rt.Value) {
			defer recoverGo(th, b, &out)
			return f(th, args)
		}
		return b, nil
	case LispFuncE:
		b := &rt.Builtin{Name: name, Min: 0, Max: -1, Params: "(&REST ARGS)"}
		b.Fn = func(th *rt.Thread, args []rt.Value) (out rt.Value) {
			defer recoverGo(th, b, &out)
			v, err := f(th, args)
			if err != nil {
				return signalGoError(th, b, err, false)
			}
			return v
		}
		return b, nil
	case rt.Function:
		return f, nil
	}
	rv := reflect.ValueOf(fn)
	if rv.Kind() != reflect.Func {
		return nil, fmt.Errorf("%T is not a function", fn)
	}
	if rv.IsNil() {
		return nil, errors.New("nil function")
	}
	return reflectBuiltin(name, rv)
}

// goFunc is a Go function called through reflection.
type goFunc struct {
	fv       reflect.Value
	ft       reflect.Type
	ctx      bool // the first parameter is a context.Context
	fixed    int  // Lisp arguments before the variadic ones
	variadic bool
	errOut   bool // the last result is an error
	nOut     int  // results other than the error
}

func reflectBuiltin(name *rt.Symbol, fv reflect.Value) (*rt.Builtin, error) {
	ft := fv.Type()
	g := &goFunc{fv: fv, ft: ft, variadic: ft.IsVariadic()}
	nIn := ft.NumIn()
	if nIn > 0 && ft.In(0) == contextType {
		g.ctx = true
	}
	g.fixed = nIn
	if g.ctx {
		g.fixed--
	}
	if g.variadic {
		g.fixed--
	}
	g.nOut = ft.NumOut()
	if g.nOut > 0 && ft.Out(g.nOut-1) == errorType {
		g.errOut = true
		g.nOut--
	}
	var params []string
	for i := 0; i < g.fixed; i++ {
		params = append(params, "ARG"+strconv.Itoa(i+1))
	}
	max := g.fixed
	if g.variadic {
		params = append(params, "&REST", "ARGS")
		max = -1
	}
	b := &rt.Builtin{Name: name, Min: g.fixed, Max: max, MultipleValues: g.nOut > 1,
		Params: "(" + strings.Join(params, " ") + ")"}
	b.Fn = func(th *rt.Thread, args []rt.Value) rt.Value { return g.call(th, b, args) }
	return b, nil
}

func (g *goFunc) call(th *rt.Thread, b *rt.Builtin, args []rt.Value) rt.Value {
	alive := new(atomic.Bool)
	alive.Store(true)
	defer alive.Store(false)
	conv := &converter{img: th.Img, th: th, alive: alive}
	in := make([]reflect.Value, 0, len(args)+1)
	if g.ctx {
		ctx := th.Ctx
		if ctx == nil {
			ctx = context.Background()
		}
		in = append(in, reflect.ValueOf(&ctx).Elem())
	}
	first := len(in)
	for i, a := range args {
		var pt reflect.Type
		if i < g.fixed {
			pt = g.ft.In(first + i)
		} else {
			pt = g.ft.In(g.ft.NumIn() - 1).Elem()
		}
		pv := reflect.New(pt).Elem()
		if err := conv.export(a, pv, 0); err != nil {
			signalConversion(th, err)
		}
		in = append(in, pv)
	}
	var out []reflect.Value
	var used rt.Value
	func() {
		defer recoverGo(th, b, &used)
		// While the Go function runs, it may call Lisp back (Function).
		interp, prev := pauseLisp(th)
		defer resumeLisp(interp, prev)
		out = g.fv.Call(in)
	}()
	if used != nil { // a panic, and USE-VALUE was invoked
		return g.single(th, used)
	}
	if g.errOut {
		if e := out[len(out)-1]; !e.IsNil() {
			return g.single(th, signalGoError(th, b, e.Interface(), false))
		}
		out = out[:len(out)-1]
	}
	switch len(out) {
	case 0:
		return rt.NIL
	case 1:
		return conv.fromGo(out[0].Interface(), 0)
	}
	vals := make([]rt.Value, len(out))
	for i, o := range out {
		vals[i] = conv.fromGo(o.Interface(), 0)
	}
	return th.Values(vals...)
}

// single returns one value from a function that may return several.
func (g *goFunc) single(th *rt.Thread, v rt.Value) rt.Value {
	if g.nOut > 1 {
		return th.Values(v)
	}
	return v
}

// recoverGo, deferred around a call into Go, turns a Go panic into a
// GOLEM:GO-ERROR. Golem's own panics (non-local exits, unhandled Lisp
// errors, interrupts) pass through untouched. If the USE-VALUE restart is
// invoked, its value is stored in *used.
func recoverGo(th *rt.Thread, fn *rt.Builtin, used *rt.Value) {
	r := recover()
	if r == nil {
		return
	}
	if isLispType(reflect.TypeOf(r)) {
		panic(r)
	}
	*used = signalGoError(th, fn, r, true)
}

// signalGoError signals GOLEM:GO-ERROR for a Go error or panic value,
// with a USE-VALUE restart whose value it returns.
func signalGoError(th *rt.Thread, fn *rt.Builtin, r any, panicked bool) rt.Value {
	img := th.Img
	var msg string
	if err, ok := r.(error); ok {
		// A Go function giving up because the evaluation was cancelled
		// ends the evaluation as the cancellation does.
		if ctx := th.Ctx; ctx != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()) {
			reason := "evaluation cancelled: " + ctx.Err().Error()
			if cause := context.Cause(ctx); cause != nil && cause != ctx.Err() {
				reason = cause.Error()
			}
			th.Interrupt(reason)
			th.CheckInterrupt()
		}
		msg = err.Error()
	} else {
		msg = fmt.Sprint(r)
	}
	var name rt.Value = rt.NIL
	if fn != nil && fn.Name != nil {
		name = fn.Name
	}
	var carried rt.Value = rt.NIL
	if r != nil {
		carried = wrapGo(r)
	}
	cond := th.MakeCondition("GOLEM:GO-ERROR",
		img.Kw("MESSAGE"), rt.NewString(msg), img.Kw("NAME"), name,
		img.Kw("VALUE"), carried, img.Kw("PANIC"), rt.Bool(panicked))
	invoked, vals := th.WithRestart(img.CLSym("USE-VALUE"), "Return a value in place of the Go function's result.", func() {
		th.Error(cond)
	})
	if invoked && len(vals) > 0 {
		return vals[0]
	}
	return rt.NIL
}

// signalConversion signals TYPE-ERROR for an argument ExportTo rejected.
func signalConversion(th *rt.Thread, err error) {
	var ce *ConversionError
	if errors.As(err, &ce) {
		th.TypeError(ce.Value, lispTypeFor(th.Img, ce.Type))
	}
	th.SimpleError("~A", rt.NewString(err.Error()))
}

// goFuncFor makes a Go function of type t that calls the Lisp function fn on
// the converter's thread. It may only be called while the call from Lisp
// that created it runs.
func (c *converter) goFuncFor(fn rt.Function, t reflect.Type) reflect.Value {
	th, alive := c.th, c.alive
	interp := interpreterOf(th.Img)
	return reflect.MakeFunc(t, func(args []reflect.Value) []reflect.Value {
		if alive != nil && !alive.Load() {
			panic("golem: a Lisp function passed to Go was called after the call from Lisp returned")
		}
		// Lisp runs on th, for one caller at a time (see callOn).
		if !interp.acquireLisp() {
			panic(errLispRunning)
		}
		defer interp.releaseLisp()
		var lispArgs []rt.Value
		for i, a := range args {
			if t.IsVariadic() && i == len(args)-1 {
				for j := 0; j < a.Len(); j++ {
					lispArgs = append(lispArgs, c.fromGo(a.Index(j).Interface(), 0))
				}
				break
			}
			lispArgs = append(lispArgs, c.fromGo(a.Interface(), 0))
		}
		r := th.Call(fn, lispArgs...)
		vals := append([]rt.Value(nil), th.MultipleValues(r)...)
		outs := make([]reflect.Value, t.NumOut())
		vi := 0
		for i := range outs {
			ot := t.Out(i)
			pv := reflect.New(ot).Elem()
			outs[i] = pv
			if ot == errorType && i == len(outs)-1 {
				continue
			}
			var v rt.Value = rt.NIL
			if vi < len(vals) {
				v = vals[vi]
			}
			vi++
			if err := c.export(v, pv, 0); err != nil {
				signalConversion(th, err)
			}
		}
		return outs
	})
}

// The GOLEM:GO-ERROR condition type.

func init() { rt.RegisterSetup(11, defineGoError) }

// goErrorSlots are GO-ERROR's own slots: slot name, initarg, reader.
var goErrorSlots = [][3]string{
	{"MESSAGE", "MESSAGE", "GO-ERROR-MESSAGE"},
	{"FUNCTION-NAME", "NAME", "GO-ERROR-FUNCTION"},
	{"GO-VALUE", "VALUE", "GO-ERROR-VALUE"},
	{"PANIC", "PANIC", "GO-ERROR-PANIC-P"},
}

func defineGoError(img *rt.Image) {
	errClass := img.Classes[img.CLSym("ERROR")]
	if errClass == nil {
		return // the condition system is not linked in
	}
	exported := func(name string) *rt.Symbol {
		s := img.Intern("GOLEM", name)
		img.Golem.Export(s)
		return s
	}
	sym := exported("GO-ERROR")
	c := &rt.Class{Name: sym, Kind: rt.ConditionClass, Supers: []*rt.Class{errClass},
		Doc: "Signalled when a Go function called from Lisp returns an error or panics."}
	c.CPL = rt.LinearizeCPL(c)
	for i := len(c.CPL) - 1; i >= 1; i-- {
		for _, sd := range c.CPL[i].Slots {
			cp := *sd
			c.Slots = append(c.Slots, &cp)
		}
	}
	for _, spec := range goErrorSlots {
		slotName := img.Intern("GOLEM", spec[0])
		reader := exported(spec[2])
		c.Slots = append(c.Slots, &rt.SlotDef{Name: slotName, Initargs: []*rt.Symbol{img.Kw(spec[1])},
			Readers: []rt.Value{reader}})
		reader.Fn = &rt.Builtin{Name: reader, Min: 1, Max: 1, Params: "(CONDITION)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				inst, ok := args[0].(*rt.Instance)
				if !ok || !inst.Class.IsSubclassOf(c) {
					return th.TypeError(args[0], sym)
				}
				if v, ok := inst.SlotValueByName(slotName); ok {
					return v
				}
				return rt.NIL
			}}
	}
	c.Report = &rt.Builtin{Name: sym, Min: 2, Max: 2, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
		inst := args[0].(*rt.Instance)
		th.OutputStream(args[1]).WriteString(goErrorReport(th.Img, inst))
		return rt.NIL
	}}
	c.Finalize()
	img.Classes[sym] = c
}

func goErrorSlot(inst *rt.Instance, name string) rt.Value {
	for i, sd := range inst.Class.Slots {
		if sd.Name != nil && sd.Name.Name == name && sd.Name.Pkg != nil && sd.Name.Pkg.Name == "GOLEM" && i < len(inst.Slots) {
			if v := inst.Slots[i]; v != nil {
				return v
			}
		}
	}
	return rt.NIL
}

func goErrorReport(img *rt.Image, inst *rt.Instance) string {
	msg := "(no message)"
	if s, ok := goErrorSlot(inst, "MESSAGE").(*rt.String); ok {
		msg = s.String()
	}
	who := "A Go function"
	if name := goErrorSlot(inst, "FUNCTION-NAME"); name != rt.NIL {
		who = "The Go function " + img.NameString(name)
	}
	if goErrorSlot(inst, "PANIC") != rt.NIL {
		return who + " panicked: " + msg
	}
	return who + " returned an error: " + msg
}

// isGoError reports whether c is a GOLEM:GO-ERROR.
func isGoError(c *rt.Instance) bool {
	for _, k := range c.Class.CPL {
		if k.Name != nil && k.Name.Name == "GO-ERROR" && k.Name.Pkg != nil && k.Name.Pkg.Name == "GOLEM" {
			return true
		}
	}
	return false
}

// Unwrap returns the Go error of an unhandled GOLEM:GO-ERROR (the error a
// Go function returned, or the value it panicked with when that is an
// error), so that errors.Is and errors.As see through *Error.
func (e *Error) Unwrap() error {
	c, ok := e.Condition.(*rt.Instance)
	if !ok || c == nil || !isGoError(c) {
		return nil
	}
	if g, ok := unwrapGo(goErrorSlot(c, "GO-VALUE")); ok {
		if err, ok := g.(error); ok {
			return err
		}
	}
	return nil
}
