package eval

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// FrameVar is one lexical variable of a call in progress, read and set in
// place (a suspended evaluation's frame, see FrameVariables).
type FrameVar struct {
	Name *rt.Symbol
	ref  *frameRef
}

// Value returns the variable's current value.
func (v FrameVar) Value() rt.Value { return v.ref.get() }

// Set stores x in the variable.
func (v FrameVar) Set(x rt.Value) { v.ref.set(x) }

// frameRef locates a variable: a slot of a live frame (holding the value,
// or the variable's box when a closure captured it) or a captured box.
type frameRef struct {
	th    *rt.Thread
	f     *rt.Frame
	fn    rt.Function // the frame's function when the reference was made
	index int
	box   *rt.Box
}

// live reports whether the frame still holds a call of the function the
// reference was made for (code can keep a reference, in a closure made by
// EvalInFrame, after the call returned).
func (r *frameRef) live() bool {
	return r.box != nil || (r.th.FrameActive(r.f) && r.f.Fn == r.fn && r.index < len(r.f.Slots))
}

func (r *frameRef) get() rt.Value {
	if r.box != nil {
		return r.box.V
	}
	if b, ok := r.f.Slots[r.index].(*rt.Box); ok {
		return b.V
	}
	return r.f.Slots[r.index]
}

func (r *frameRef) set(x rt.Value) {
	switch {
	case r.box != nil:
		r.box.V = x
	default:
		if b, ok := r.f.Slots[r.index].(*rt.Box); ok {
			b.V = x
		} else {
			r.f.Slots[r.index] = x
		}
	}
}

// FrameVariables returns the lexical variables visible in f, a frame of a
// call in progress on th (runtime.Thread.LiveFrames): those the function binds
// (parameters and LET variables, in binding order, skipping uninterned
// macro temporaries and slots not yet bound) and those of enclosing
// functions its closure captured. The names come from the compiler, which
// records them once per function; nothing is recorded while code runs.
// A slot of a variable whose binding form has not run yet in this call may
// still hold a value of an earlier call at the same depth.
func FrameVariables(th *rt.Thread, f *rt.Frame) []FrameVar {
	cl, ok := f.Fn.(*Closure)
	if !ok {
		return nil
	}
	fi := cl.info.fn
	var out []FrameVar
	for i, v := range fi.upvals {
		if v.sym == nil || v.sym.Pkg == nil || i >= len(f.Upv) || f.Upv[i] == nil {
			continue
		}
		out = append(out, FrameVar{Name: v.sym, ref: &frameRef{box: f.Upv[i]}})
	}
	for _, v := range fi.vars {
		if v.sym == nil || v.sym.Pkg == nil || v.index >= len(f.Slots) || f.Slots[v.index] == nil {
			continue
		}
		out = append(out, FrameVar{Name: v.sym, ref: &frameRef{th: th, f: f, fn: f.Fn, index: v.index}})
	}
	return out
}

// EvalInFrame evaluates forms in order on th with the variables vars (from
// FrameVariables) in scope, as symbol macros on their locations: reading
// one reads the frame, SETQ and SETF change it. A later variable of the
// same name shadows an earlier one. It returns the last form's value.
func EvalInFrame(th *rt.Thread, forms []rt.Value, vars []FrameVar) rt.Value {
	accessor := frameVarAccessor(th.Img)
	var env *lexEnv
	for _, v := range vars {
		env = env.extend(&lexEnv{kind: envSymbolMacro, name: v.Name,
			expand: rt.List(accessor, rt.List(th.Img.S.Quote, v.ref))})
	}
	form := rt.NewCons(th.Img.CLSym("PROGN"), rt.List(forms...))
	c := &compiler{th: th, img: th.Img, fn: &fnInfo{}, root: form}
	code := c.compile(form, env, true)
	return code(th, newFrame(nil, c.fn.nslots))
}

// frameVarAccessor returns GOLEM::%FRAME-VAR, the reader and (SETF)
// writer of a frame variable, defining it in img on first use.
func frameVarAccessor(img *rt.Image) *rt.Symbol {
	sym := img.Intern("GOLEM", "%FRAME-VAR")
	if sym.Fn != nil {
		return sym
	}
	ref := func(th *rt.Thread, x rt.Value) *frameRef {
		r, ok := x.(*frameRef)
		if !ok {
			th.ProgramError(th.Printed(x) + " is not a frame variable of the debugger.")
		}
		if !r.live() {
			th.ControlError("The call whose variable this is has returned: its frame is gone.")
		}
		return r
	}
	sym.Fn = &rt.Builtin{Name: sym, Min: 1, Max: 1, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
		return ref(th, args[0]).get()
	}}
	sym.Setf = &rt.Builtin{Name: sym, Min: 2, Max: 2, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
		ref(th, args[1]).set(args[0])
		return args[0]
	}}
	return sym
}
