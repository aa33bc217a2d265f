package clos

import (
	"sort"

	"github.com/golem-lisp/golem/printer"
	rt "github.com/golem-lisp/golem/runtime"
)

// Specializer is a method specializer: a *rt.Class or an *EqlSpecializer.
type Specializer = any

// EqlSpecializer is the specializer (EQL object).
type EqlSpecializer struct {
	Obj rt.Value
	// key stands for the specializer in dispatch cache keys.
	key *rt.Class
}

// PrintLisp implements printer.Printable.
func (e *EqlSpecializer) PrintLisp(th *rt.Thread, s rt.Stream) {
	printer.PrintUnreadable(th, e, s, false, false, func(s rt.Stream) {
		s.WriteString("EQL-SPECIALIZER ")
		printer.Write(th, e.Obj, s)
	})
}

// internEql returns the EQL specializer of obj.
func (w *world) internEql(obj rt.Value) *EqlSpecializer {
	for _, e := range w.eqls {
		if rt.Eql(e.Obj, obj) {
			return e
		}
	}
	e := &EqlSpecializer{Obj: obj, key: &rt.Class{Name: rt.NIL}}
	w.eqls = append(w.eqls, e)
	return e
}

type methodKind uint8

const (
	methodNormal methodKind = iota
	methodReader
	methodWriter
)

// lambdaInfo summarises an ordinary (or generic) lambda list.
type lambdaInfo struct {
	req, opt   int
	rest       bool
	hasKey     bool
	allowOther bool
	keys       []*rt.Symbol
}

// Method is a method object.
type Method struct {
	gf         *GF
	qualifiers []rt.Value
	specs      []Specializer
	lambdaList rt.Value
	// fn is the method function: it takes the method's arguments, preceded
	// by a *nextCtx when usesNext.
	fn       rt.Function
	usesNext bool
	// goFn implements system methods in Go.
	goFn func(th *rt.Thread, args []rt.Value, next []*Method) rt.Value
	req  int
	ll   lambdaInfo
	doc  rt.Value
	kind methodKind
	// slotName is the slot of a reader or writer method.
	slotName *rt.Symbol
	// fromDefgeneric marks methods defined by a DEFGENERIC :method option.
	fromDefgeneric bool
}

// PrintLisp implements printer.Printable.
func (m *Method) PrintLisp(th *rt.Thread, s rt.Stream) {
	printer.PrintUnreadable(th, m, s, false, true, func(s rt.Stream) {
		s.WriteString("STANDARD-METHOD ")
		if m.gf != nil {
			s.WriteString(qualifiedName(th, m.gf.name))
			s.WriteString(" ")
		}
		for _, q := range m.qualifiers {
			printer.Write(th, q, s)
			s.WriteString(" ")
		}
		printer.Write(th, m.specializerNames(th.Img), s)
	})
}

// specializerNames lists the specializers as names and (EQL x) forms.
func (m *Method) specializerNames(img *rt.Image) rt.Value {
	var out []rt.Value
	for _, sp := range m.specs {
		switch x := sp.(type) {
		case *rt.Class:
			out = append(out, x.Name)
		case *EqlSpecializer:
			out = append(out, rt.List(img.S.Eql, x.Obj))
		}
	}
	return rt.List(out...)
}

// call runs method m on args with next as its next methods.
func (m *Method) call(th *rt.Thread, args []rt.Value, next []*Method) rt.Value {
	if m.goFn != nil {
		return m.goFn(th, args, next)
	}
	if !m.usesNext {
		return m.fn.Call(th, args)
	}
	ctx := &nextCtx{method: m, next: next, args: append([]rt.Value(nil), args...)}
	n := len(args)
	base := th.ArgBase(n + 1)
	th.SetArg(base, 0, ctx)
	for i, a := range args {
		th.SetArg(base, i+1, a)
	}
	v := m.fn.Call(th, th.Args(base, n+1))
	th.PopArgs(base)
	return v
}

// nextCtx is what CALL-NEXT-METHOD and NEXT-METHOD-P of a method body see.
type nextCtx struct {
	method *Method
	next   []*Method
	args   []rt.Value
}

// PrintLisp implements printer.Printable (the context shows in backtraces).
func (c *nextCtx) PrintLisp(th *rt.Thread, s rt.Stream) { s.WriteString("#<NEXT-METHODS>") }

type emf func(th *rt.Thread, args []rt.Value) rt.Value

// GF is a generic function.
type GF struct {
	w          *world
	name       rt.Value
	lambdaList rt.Value
	ll         lambdaInfo
	methods    []*Method
	combo      *combination
	// precedence is the argument precedence order (indices of required args).
	precedence []int
	doc        rt.Value
	declared   bool // defined by DEFGENERIC (not implicitly by DEFMETHOD)
	// class is the :generic-function-class, a subclass of
	// STANDARD-GENERIC-FUNCTION (nil: that class itself).
	class *rt.Class

	// Dispatch state, valid while epoch equals the world's.
	epoch   uint64
	specPos []int
	eqlAt   [][]*EqlSpecializer
	cache0  emf
	lastKey *rt.Class
	lastFn  emf
	cache1  map[*rt.Class]emf
	cache2  map[[2]*rt.Class]emf
	cacheN  map[[4]*rt.Class]emf
}

// FunctionName implements rt.Function.
func (gf *GF) FunctionName() rt.Value { return gf.name }

// LambdaList returns the generic function's lambda list.
func (gf *GF) LambdaList() rt.Value { return gf.lambdaList }

// PrintLisp implements printer.Printable.
func (gf *GF) PrintLisp(th *rt.Thread, s rt.Stream) {
	printer.PrintUnreadable(th, gf, s, false, false, func(s rt.Stream) {
		s.WriteString("STANDARD-GENERIC-FUNCTION ")
		s.WriteString(qualifiedName(th, gf.name))
		s.WriteString(" (" + itoa(len(gf.methods)) + ")")
	})
}

// Call implements rt.Function: dispatch through the cache.
// The generic function itself pushes no call record: its methods do (as
// (METHOD NAME ...) functions), so recursion through a generic function
// goes as deep as through an ordinary one.
func (gf *GF) Call(th *rt.Thread, args []rt.Value) rt.Value {
	if len(args) < gf.ll.req || (!gf.ll.rest && !gf.ll.hasKey && len(args) > gf.ll.req+gf.ll.opt) {
		gf.argCountError(th, len(args))
	}
	if gf.epoch != gf.w.epoch {
		gf.reset()
	}
	var fn emf
	switch len(gf.specPos) {
	case 0:
		fn = gf.cache0
		if fn == nil {
			fn = gf.compute(th, args)
			gf.cache0 = fn
		}
	case 1:
		k := gf.keyAt(args, gf.specPos[0])
		if k == gf.lastKey {
			fn = gf.lastFn
		} else {
			fn = gf.cache1[k]
			if fn == nil {
				fn = gf.compute(th, args)
				if gf.cache1 == nil {
					gf.cache1 = map[*rt.Class]emf{}
				}
				gf.cache1[k] = fn
			}
			gf.lastKey, gf.lastFn = k, fn
		}
	case 2:
		k := [2]*rt.Class{gf.keyAt(args, gf.specPos[0]), gf.keyAt(args, gf.specPos[1])}
		fn = gf.cache2[k]
		if fn == nil {
			fn = gf.compute(th, args)
			if gf.cache2 == nil {
				gf.cache2 = map[[2]*rt.Class]emf{}
			}
			gf.cache2[k] = fn
		}
	case 3, 4:
		var k [4]*rt.Class
		for i, p := range gf.specPos {
			k[i] = gf.keyAt(args, p)
		}
		fn = gf.cacheN[k]
		if fn == nil {
			fn = gf.compute(th, args)
			if gf.cacheN == nil {
				gf.cacheN = map[[4]*rt.Class]emf{}
			}
			gf.cacheN[k] = fn
		}
	default:
		fn = gf.compute(th, args)
	}
	return fn(th, args)
}

func (gf *GF) argCountError(th *rt.Thread, n int) {
	if n < gf.ll.req {
		s := "s"
		if gf.ll.req == 1 {
			s = ""
		}
		th.ProgramError("The function " + th.Printed(gf) + " requires at least " + itoa(gf.ll.req) + " argument" + s + ".")
	}
	th.ProgramError("invalid number of arguments: " + itoa(n))
}

// keyAt is the cache key of argument i: its class, or the key of the EQL
// specializer it matches.
func (gf *GF) keyAt(args []rt.Value, i int) *rt.Class {
	v := args[i]
	if eqls := gf.eqlAt[i]; eqls != nil {
		for _, e := range eqls {
			if rt.Eql(v, e.Obj) {
				return e.key
			}
		}
	}
	if inst, ok := v.(*rt.Instance); ok {
		return inst.Class
	}
	return gf.w.builtinClassOf(v)
}

// reset clears the dispatch cache and recomputes which arguments are
// specialized.
func (gf *GF) reset() {
	gf.epoch = gf.w.epoch
	gf.cache0, gf.lastKey, gf.lastFn = nil, nil, nil
	gf.cache1, gf.cache2, gf.cacheN = nil, nil, nil
	gf.specPos = gf.specPos[:0]
	gf.eqlAt = make([][]*EqlSpecializer, gf.ll.req)
	for i := 0; i < gf.ll.req; i++ {
		special := false
		for _, m := range gf.methods {
			switch s := m.specs[i].(type) {
			case *rt.Class:
				if s != gf.w.tClass {
					special = true
				}
			case *EqlSpecializer:
				special = true
				found := false
				for _, e := range gf.eqlAt[i] {
					if e == s {
						found = true
					}
				}
				if !found {
					gf.eqlAt[i] = append(gf.eqlAt[i], s)
				}
			}
		}
		if special {
			gf.specPos = append(gf.specPos, i)
		}
	}
}

// applicable reports whether method m applies to args.
func (w *world) applicable(m *Method, args []rt.Value) bool {
	for i, sp := range m.specs {
		switch s := sp.(type) {
		case *rt.Class:
			if s != w.tClass && !w.classOf(args[i]).IsSubclassOf(s) {
				return false
			}
		case *EqlSpecializer:
			if !rt.Eql(args[i], s.Obj) {
				return false
			}
		}
	}
	return true
}

// applicableMethods returns the methods applicable to args, most specific first.
func (gf *GF) applicableMethods(args []rt.Value) []*Method {
	var out []*Method
	// Newest first among equally specific methods, as SBCL lists them.
	for i := len(gf.methods) - 1; i >= 0; i-- {
		if m := gf.methods[i]; gf.w.applicable(m, args) {
			out = append(out, m)
		}
	}
	gf.sortMethods(out, func(i int) *rt.Class { return gf.w.classOf(args[i]) })
	return out
}

// sortMethods orders methods most specific first, given the class of each
// required argument.
func (gf *GF) sortMethods(ms []*Method, classAt func(i int) *rt.Class) {
	prec := gf.precedence
	sort.SliceStable(ms, func(a, b int) bool {
		for _, i := range prec {
			s1, s2 := ms[a].specs[i], ms[b].specs[i]
			if s1 == s2 {
				continue
			}
			if _, ok := s1.(*EqlSpecializer); ok {
				return true
			}
			if _, ok := s2.(*EqlSpecializer); ok {
				return false
			}
			c1, c2 := s1.(*rt.Class), s2.(*rt.Class)
			for _, k := range classAt(i).CPL {
				if k == c1 {
					return true
				}
				if k == c2 {
					return false
				}
			}
			return false
		}
		return false
	})
}

// compute builds the effective method for args.
func (gf *GF) compute(th *rt.Thread, args []rt.Value) emf {
	ms := gf.applicableMethods(args)
	if len(ms) == 0 {
		return gf.noApplicable
	}
	fn := gf.combo.build(th, gf, ms, args)
	return gf.wrapKeyCheck(ms, fn)
}

// noApplicable is the effective method when no method applies.
func (gf *GF) noApplicable(th *rt.Thread, args []rt.Value) rt.Value {
	w := gf.w
	if w.gfNoApplicable == nil || gf == w.gfNoApplicable {
		return closError(th, "There is no applicable method for the generic function~%  ~S~%when called with arguments~%  ~S.~%See also:~%  The ANSI Standard, Section 7.6.6",
			gf, rt.List(args...))
	}
	return w.gfNoApplicable.Call(th, append([]rt.Value{gf}, args...))
}

// wrapKeyCheck adds the CLHS 7.6.5 keyword argument check to fn when the
// generic function or an applicable method has &key.
func (gf *GF) wrapKeyCheck(ms []*Method, fn emf) emf {
	if !gf.ll.hasKey {
		any := false
		for _, m := range ms {
			if m.ll.hasKey {
				any = true
			}
		}
		if !any {
			return fn
		}
	}
	if gf.ll.allowOther {
		return fn
	}
	valid := map[*rt.Symbol]bool{}
	var keys []*rt.Symbol
	add := func(ks []*rt.Symbol) {
		for _, k := range ks {
			if !valid[k] {
				valid[k] = true
				keys = append(keys, k)
			}
		}
	}
	add(gf.ll.keys)
	for _, m := range ms {
		if m.ll.allowOther {
			return fn
		}
		add(m.ll.keys)
	}
	start := gf.ll.req + gf.ll.opt
	aok := gf.w.kwAllowOtherKeys
	return func(th *rt.Thread, args []rt.Value) rt.Value {
		if len(args) > start {
			rest := args[start:]
			if len(rest)%2 != 0 {
				th.ProgramError("odd number of &KEY arguments")
			}
			allow := false
			for i := 0; i < len(rest); i += 2 {
				if rest[i] == aok { // the leftmost one counts (CLHS 3.4.1.4.1)
					allow = rest[i+1] != rt.NIL
					break
				}
			}
			if !allow {
				for i := 0; i < len(rest); i += 2 {
					k, _ := rest[i].(*rt.Symbol)
					if k == aok || (k != nil && valid[k]) {
						continue
					}
					ks := make([]rt.Value, len(keys))
					for j, x := range keys {
						ks[j] = x
					}
					th.ProgramError("invalid keyword argument: " + th.Printed(rest[i]) +
						" (valid keys are " + joinPrinted(th, ks) + ").")
				}
			}
		}
		return fn(th, args)
	}
}

func joinPrinted(th *rt.Thread, vs []rt.Value) string {
	s := ""
	for i, v := range vs {
		if i > 0 {
			s += ", "
		}
		s += th.Printed(v)
	}
	return s
}

// callNext implements CALL-NEXT-METHOD from a method body.
func callNext(th *rt.Thread, ctx *nextCtx, args []rt.Value) rt.Value {
	if len(ctx.next) == 0 {
		gf := ctx.method.gf
		w := wOf(th)
		if w.gfNoNext != nil {
			return w.gfNoNext.Call(th, append([]rt.Value{gf, ctx.method}, args...))
		}
		return closError(th, "There is no next method for the generic function~%  ~S~%when called from method~%  ~S~%with arguments~%  ~S.~%See also:~%  The ANSI Standard, Section 7.6.6.2",
			gf, ctx.method, rt.List(args...))
	}
	return ctx.next[0].call(th, args, ctx.next[1:])
}

// checkNextArgs signals the error CLHS CALL-NEXT-METHOD requires when the
// arguments given to CALL-NEXT-METHOD have other applicable methods, or in
// another order, than the arguments of the generic function's call.
func checkNextArgs(th *rt.Thread, ctx *nextCtx, args []rt.Value) {
	gf := ctx.method.gf
	if gf == nil || len(args) < gf.ll.req || len(ctx.args) < gf.ll.req {
		return // a wrong argument count is reported by the method called
	}
	same := true
	for i := 0; i < gf.ll.req; i++ {
		if !rt.Eql(args[i], ctx.args[i]) {
			same = false
			break
		}
	}
	if same {
		return
	}
	before, after := gf.applicableMethods(ctx.args), gf.applicableMethods(args)
	if len(before) == len(after) {
		i := 0
		for i < len(before) && before[i] == after[i] {
			i++
		}
		if i == len(before) {
			return
		}
	}
	closError(th, "CALL-NEXT-METHOD was called with the arguments ~S, whose applicable methods differ from those of the original arguments ~S to ~S.",
		rt.List(args...), rt.List(ctx.args...), gf)
}

// --- adding and removing methods ---

// addMethod adds m to gf, replacing a method with the same qualifiers and
// specializers. warn signals SBCL's redefinition style warning.
func (gf *GF) addMethod(th *rt.Thread, m *Method, warn bool) {
	if m.gf != nil && m.gf != gf {
		closError(th, "The method ~S is already part of the generic function ~S.", m, m.gf)
	}
	gf.checkCongruent(th, m)
	for i, old := range gf.methods {
		if sameQualifiers(old.qualifiers, m.qualifiers) && sameSpecs(old.specs, m.specs) {
			if warn {
				gf.warnRedefinition(th, m)
			}
			old.gf = nil
			gf.methods[i] = m
			m.gf = gf
			gf.w.invalidate()
			return
		}
	}
	m.gf = gf
	gf.methods = append(gf.methods, m)
	gf.w.invalidate()
}

func (gf *GF) warnRedefinition(th *rt.Thread, m *Method) {
	warn := th.Img.CLSym("WARN")
	if warn.Fn == nil || redefinedInSameFile(th, gf.name, m) {
		return
	}
	var specs []rt.Value
	for _, s := range m.specs {
		specs = append(specs, s)
	}
	msg := "redefining ~S ~{~S ~}~S in DEFMETHOD" + locationSuffix(th)
	th.Call(warn, th.MakeCondition("GOLEM:SIMPLE-STYLE-WARNING", th.Img.Kw("FORMAT-CONTROL"), rt.NewString(msg),
		th.Img.Kw("FORMAT-ARGUMENTS"), rt.List(gf.name, rt.List(m.qualifiers...), rt.List(specs...))))
}

// removeMethod removes m from gf (no error when it is not there).
func (gf *GF) removeMethod(m *Method) {
	for i, old := range gf.methods {
		if old == m {
			gf.methods = append(gf.methods[:i:i], gf.methods[i+1:]...)
			m.gf = nil
			gf.w.invalidate()
			return
		}
	}
}

func sameQualifiers(a, b []rt.Value) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !rt.Eql(a[i], b[i]) {
			return false
		}
	}
	return true
}

func sameSpecs(a, b []Specializer) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// findMethod returns the method of gf with these qualifiers and specializers.
func (gf *GF) findMethod(qualifiers []rt.Value, specs []Specializer) *Method {
	for _, m := range gf.methods {
		if sameQualifiers(m.qualifiers, qualifiers) && sameSpecs(m.specs, specs) {
			return m
		}
	}
	return nil
}

// checkCongruent applies CLHS 7.6.4 to a method being added.
func (gf *GF) checkCongruent(th *rt.Thread, m *Method) {
	g, l := gf.ll, m.ll
	fail := func(why string) {
		th.ProgramError("attempt to add the method " + th.Printed(m) + " to the generic function " + th.Printed(gf) +
			"; but the method " + why + ".")
	}
	switch {
	case l.req < g.req:
		fail("has fewer required arguments than the generic function")
	case l.req > g.req:
		fail("has more required arguments than the generic function")
	case l.opt < g.opt:
		fail("has fewer optional arguments than the generic function")
	case l.opt > g.opt:
		fail("has more optional arguments than the generic function")
	}
	gRK, mRK := g.rest || g.hasKey, l.rest || l.hasKey
	if gRK && !mRK {
		fail("does not accept &REST or &KEY arguments, but the generic function does")
	}
	if mRK && !gRK {
		fail("accepts &REST or &KEY arguments, but the generic function does not")
	}
	if g.hasKey && len(g.keys) > 0 && !l.allowOther && !(l.rest && !l.hasKey) {
		var missing []rt.Value
		for _, k := range g.keys {
			found := false
			for _, mk := range l.keys {
				if mk == k {
					found = true
				}
			}
			if !found {
				missing = append(missing, k)
			}
		}
		if len(missing) > 0 {
			fail("does not accept each of the &KEY arguments " + th.Printed(rt.List(missing...)))
		}
	}
}

// --- creating generic functions ---

// parseLambdaList summarises an ordinary or generic function lambda list.
func parseLambdaList(th *rt.Thread, ll rt.Value) lambdaInfo {
	var li lambdaInfo
	state := 0 // 0 req, 1 opt, 2 rest, 3 key, 4 aux
	for _, x := range rt.ListToSlice(ll) {
		if s, ok := x.(*rt.Symbol); ok && s.Pkg == th.Img.CL && len(s.Name) > 0 && s.Name[0] == '&' {
			switch s.Name {
			case "&OPTIONAL":
				state = 1
			case "&REST", "&BODY":
				state = 2
				li.rest = true
			case "&KEY":
				state = 3
				li.hasKey = true
			case "&ALLOW-OTHER-KEYS":
				li.allowOther = true
			case "&AUX":
				state = 4
			}
			continue
		}
		switch state {
		case 0:
			li.req++
		case 1:
			li.opt++
		case 3:
			li.keys = append(li.keys, keyName(th, x))
		}
	}
	return li
}

// keyName is the keyword of a &key parameter specifier.
func keyName(th *rt.Thread, spec rt.Value) *rt.Symbol {
	switch x := spec.(type) {
	case *rt.Symbol:
		return th.Img.Kw(x.Name)
	case *rt.Cons:
		switch v := x.Car.(type) {
		case *rt.Symbol:
			return th.Img.Kw(v.Name)
		case *rt.Cons:
			if k, ok := v.Car.(*rt.Symbol); ok {
				return k
			}
		}
	}
	return th.Img.Kw("?")
}

// fnameSymbol splits a function name into its symbol and setf-ness.
func fnameSymbol(th *rt.Thread, name rt.Value) (*rt.Symbol, bool) {
	sym, setf := rt.SplitFunctionName(th.Img, name)
	if sym == nil {
		th.TypeError(name, rt.List(th.Img.S.Or, th.Img.S.Symbol, rt.List(th.Img.S.Cons, rt.List(th.Img.S.Eql, th.Img.S.Setf))))
	}
	return sym, setf
}

// currentGF returns the generic function named name, or nil.
func currentGF(th *rt.Thread, name rt.Value) *GF {
	sym, setf := fnameSymbol(th, name)
	var f rt.Function
	if setf {
		f = sym.Setf
	} else {
		if sym.Macro != nil {
			return nil
		}
		// An autoload stub (package asdf) loads the real generic function.
		if a, ok := sym.Fn.(interface{ Autoload(*rt.Thread) }); ok {
			a.Autoload(th)
		}
		f = sym.Fn
	}
	// A traced generic function is still the one DEFMETHOD adds to.
	if t, ok := f.(*rt.TracedFunction); ok {
		f = t.Orig
	}
	gf, _ := f.(*GF)
	return gf
}

// ensureGF returns the generic function named name, creating it with lambda
// list ll (implicitly, as DEFMETHOD does) when it does not exist.
func (w *world) ensureGF(th *rt.Thread, name rt.Value, ll rt.Value, implicit bool) *GF {
	sym, setf := fnameSymbol(th, name)
	if gf := currentGF(th, name); gf != nil {
		return gf
	}
	if (!setf && (sym.Fn != nil || sym.Macro != nil || sym.Flags&rt.FlagSpecialOperator != 0)) || (setf && sym.Setf != nil) {
		th.ProgramError(qualifiedName(th, name) + " already names an ordinary function or a macro.")
	}
	rt.CheckNotLocked(th, sym, "defining")
	gf := w.newGF(th, name, ll, implicit)
	if setf {
		sym.Setf = gf
	} else {
		sym.Fn = gf
		sym.Macro = nil
	}
	notifyDefinition(th, name, "GENERIC-FUNCTION")
	return gf
}

// newGF makes an unnamed-in-the-world generic function object.
func (w *world) newGF(th *rt.Thread, name rt.Value, ll rt.Value, implicit bool) *GF {
	li := parseLambdaList(th, ll)
	if implicit {
		// CLHS 7.6.4: a lambda list derived from a method mentions &key
		// without keyword parameters.
		li.keys = nil
		li.allowOther = false
		ll = implicitLambdaList(th, ll)
	}
	gf := &GF{w: w, name: name, lambdaList: ll, ll: li, combo: w.standardCombination(), declared: !implicit}
	gf.setPrecedence(nil)
	return gf
}

// implicitLambdaList derives a generic function lambda list from a method's.
func implicitLambdaList(th *rt.Thread, ll rt.Value) rt.Value {
	var out []rt.Value
	state := 0
	for _, x := range rt.ListToSlice(ll) {
		if s, ok := x.(*rt.Symbol); ok && s.Pkg == th.Img.CL && len(s.Name) > 0 && s.Name[0] == '&' {
			switch s.Name {
			case "&OPTIONAL":
				state = 1
				out = append(out, s)
			case "&REST", "&BODY":
				state = 2
				out = append(out, th.Img.S.Rest)
			case "&KEY":
				state = 3
				out = append(out, s)
			case "&AUX":
				state = 4
			case "&ALLOW-OTHER-KEYS":
			}
			continue
		}
		switch state {
		case 0:
			if c, ok := x.(*rt.Cons); ok {
				x = c.Car
			}
			out = append(out, x)
		case 1:
			if c, ok := x.(*rt.Cons); ok {
				x = c.Car
			}
			out = append(out, x)
		case 2:
			out = append(out, x)
		}
	}
	return rt.List(out...)
}

// setPrecedence sets the argument precedence order from a list of required
// parameter names (nil: left to right).
func (gf *GF) setPrecedence(order []int) {
	if order == nil {
		order = make([]int, gf.ll.req)
		for i := range order {
			order[i] = i
		}
	}
	gf.precedence = order
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// qualifiedName prints a function or class name with package prefixes, as
// SBCL's messages do.
func qualifiedName(th *rt.Thread, name rt.Value) string {
	d := th.SpecialDepth()
	th.BindSpecial(th.Img.S.Package, th.Img.Keyword)
	s := printer.ToString(th, name, true)
	th.UnbindTo(d)
	return s
}
