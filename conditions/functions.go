package conditions

import (
	rt "github.com/golem-lisp/golem/runtime"
)

func init() {
	rt.Register(
		rt.Def{Name: "SIGNAL", Min: 1, Max: -1, Params: "(DATUM &REST ARGUMENTS)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			c := th.ConditionOf(args, "SIMPLE-CONDITION")
			th.Signal(c)
			return rt.NIL
		}},
		rt.Def{Name: "ERROR", Min: 1, Max: -1, Params: "(DATUM &REST ARGUMENTS)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			return th.Error(th.ConditionOf(args, "SIMPLE-ERROR"))
		}},
		rt.Def{Name: "CERROR", Min: 2, Max: -1, Params: "(CONTINUE-FORMAT-CONTROL DATUM &REST ARGUMENTS)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			c := th.ConditionOf(cerrorDatum(args[1:]), "SIMPLE-ERROR")
			report := ""
			if th.IsString(args[0]) {
				report = formatToString(th, args[0], args[2:])
			}
			th.WithRestart(th.Img.CLSym("CONTINUE"), report, func() { th.Error(c) })
			return rt.NIL
		}},
		rt.Def{Name: "WARN", Min: 1, Max: -1, Params: "(DATUM &REST ARGUMENTS)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			c := th.ConditionOf(args, "SIMPLE-WARNING")
			if !th.TypeP(c, th.Img.S.Warning) {
				th.TypeError(c, th.Img.S.Warning)
			}
			muffled, _ := th.WithRestart(th.Img.CLSym("MUFFLE-WARNING"), "Skip warning.", func() { th.Signal(c) })
			if !muffled {
				out := th.OutputStream(th.SymbolValue(th.Img.S.ErrorOutput))
				if out.Column() > 0 {
					out.WriteString("\n")
				}
				out.WriteString("WARNING: " + ReportString(th, c) + "\n")
			}
			return rt.NIL
		}},
		rt.Def{Name: "MAKE-CONDITION", Min: 1, Max: -1, Params: "(TYPE &REST SLOT-INITIALIZATIONS)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			sym, ok := args[0].(*rt.Symbol)
			var cls *rt.Class
			if ok {
				cls = th.Img.Classes[sym]
			} else if c, ok := args[0].(*rt.Class); ok {
				cls = c
			}
			if cls == nil || cls.Kind != rt.ConditionClass {
				th.TypeError(args[0], th.Img.S.Condition)
			}
			inst := rt.NewInstance(cls)
			th.InitInstance(inst, args[1:])
			return inst
		}},
		rt.Def{Name: "INVOKE-DEBUGGER", Min: 1, Max: 1, Params: "(CONDITION)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			c, ok := args[0].(*rt.Instance)
			if !ok {
				th.TypeError(args[0], th.Img.S.Condition)
			}
			th.InvokeDebugger(c)
			return rt.NIL
		}},
		rt.Def{Name: "BREAK", Min: 0, Max: -1, Params: "(&OPTIONAL FORMAT-CONTROL &REST FORMAT-ARGUMENTS)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			if len(args) == 0 {
				args = []rt.Value{rt.NewString("break")}
			}
			c := th.ConditionOf(args, "SIMPLE-CONDITION")
			th.WithRestart(th.Img.CLSym("CONTINUE"), "Return from BREAK.", func() { th.InvokeDebugger(c) })
			return rt.NIL
		}},
		rt.Def{Name: "COMPUTE-RESTARTS", Min: 0, Max: 1, Params: "(&OPTIONAL CONDITION)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			var b rt.ListBuilder
			for _, r := range visibleRestarts(th, rt.Opt(args, 0)) {
				b.Add(r)
			}
			return b.List()
		}},
		rt.Def{Name: "FIND-RESTART", Min: 1, Max: 2, Params: "(IDENTIFIER &OPTIONAL CONDITION)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			if r := findRestart(th, args[0], rt.Opt(args, 1)); r != nil {
				return r
			}
			return rt.NIL
		}},
		rt.Def{Name: "RESTART-NAME", Min: 1, Max: 1, Params: "(RESTART)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			r, ok := args[0].(*rt.Restart)
			if !ok {
				th.TypeErrorName(args[0], "RESTART")
			}
			return r.Name
		}},
		rt.Def{Name: "INVOKE-RESTART", Min: 1, Max: -1, MV: true, Params: "(RESTART &REST VALUES)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			r := findRestart(th, args[0], rt.NIL)
			if r == nil {
				th.ControlError("No restart " + th.Printed(args[0]) + " is active.")
			}
			return th.Resolve(r.Fn).Call(th, append([]rt.Value(nil), args[1:]...))
		}},
		rt.Def{Name: "INVOKE-RESTART-INTERACTIVELY", Min: 1, Max: 1, MV: true, Params: "(RESTART)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			r := findRestart(th, args[0], rt.NIL)
			if r == nil {
				th.ControlError("No restart " + th.Printed(args[0]) + " is active.")
			}
			var rargs []rt.Value
			if r.Interactive != nil && r.Interactive != rt.NIL {
				rargs = rt.ListToSlice(th.Call(r.Interactive))
			}
			return th.Resolve(r.Fn).Call(th, rargs)
		}},
	)
	for _, name := range []string{"ABORT", "CONTINUE", "MUFFLE-WARNING"} {
		restartName := name
		rt.Register(rt.Def{Name: name, Min: 0, Max: 1, Params: "(&OPTIONAL CONDITION)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			r := findRestart(th, th.Img.CLSym(restartName), rt.Opt(args, 0))
			if r == nil {
				if restartName == "CONTINUE" {
					return rt.NIL
				}
				th.ControlError("No restart " + restartName + " is active.")
			}
			return th.Resolve(r.Fn).Call(th, nil)
		}})
	}
	for _, name := range []string{"STORE-VALUE", "USE-VALUE"} {
		restartName := name
		rt.Register(rt.Def{Name: name, Min: 1, Max: 2, Params: "(VALUE &OPTIONAL CONDITION)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			r := findRestart(th, th.Img.CLSym(restartName), rt.Opt(args, 1))
			if r == nil {
				return rt.NIL
			}
			return th.Resolve(r.Fn).Call(th, []rt.Value{args[0]})
		}})
	}
}

// visibleRestarts returns the active restarts applicable to condition c
// (NIL for any), innermost first.
func visibleRestarts(th *rt.Thread, c rt.Value) []*rt.Restart {
	var out []*rt.Restart
	for i := len(th.Restarts) - 1; i >= 0; i-- {
		r := th.Restarts[i]
		if applicable(th, r, c) {
			out = append(out, r)
		}
	}
	return out
}

func applicable(th *rt.Thread, r *rt.Restart, c rt.Value) bool {
	if inst, ok := c.(*rt.Instance); ok && len(r.Conditions) > 0 {
		found := false
		for _, x := range r.Conditions {
			if x == inst {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	if r.Test != nil && r.Test != rt.NIL {
		arg := c
		if arg == nil {
			arg = rt.NIL
		}
		return th.Call(r.Test, arg) != rt.NIL
	}
	return true
}

func findRestart(th *rt.Thread, id rt.Value, c rt.Value) *rt.Restart {
	if r, ok := id.(*rt.Restart); ok {
		for _, x := range th.Restarts {
			if x == r {
				return r
			}
		}
		return nil
	}
	for _, r := range visibleRestarts(th, c) {
		if r.Name == id {
			return r
		}
	}
	return nil
}

func formatToString(th *rt.Thread, ctl rt.Value, args []rt.Value) string {
	fmtSym := th.Img.CLSym("FORMAT")
	if fmtSym.Fn == nil {
		text, _ := th.StringText(ctl)
		return text
	}
	v := th.Call(fmtSym, append([]rt.Value{rt.NIL, ctl}, args...)...)
	if s, ok := v.(*rt.String); ok {
		return s.String()
	}
	return ""
}

func init() {
	rt.Register(
		rt.Def{Name: "GOLEM:%ASSOCIATE-RESTARTS", Min: 2, Max: 3, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			c, ok := args[0].(*rt.Instance)
			if !ok {
				th.TypeError(args[0], th.Img.S.Condition)
			}
			remove := len(args) > 2 && args[2] != rt.NIL
			for _, x := range rt.ListToSlice(args[1]) {
				r, ok := x.(*rt.Restart)
				if !ok {
					continue
				}
				if remove {
					for i, k := range r.Conditions {
						if k == c {
							r.Conditions = append(r.Conditions[:i:i], r.Conditions[i+1:]...)
							break
						}
					}
				} else {
					r.Conditions = append(r.Conditions, c)
				}
			}
			return rt.NIL
		}},
		rt.Def{Name: "GOLEM:%TOP-RESTARTS", Min: 1, Max: 1, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			n, _ := args[0].(rt.Fixnum)
			var b rt.ListBuilder
			for i := len(th.Restarts) - 1; i >= 0 && n > 0; i, n = i-1, n-1 {
				b.Add(th.Restarts[i])
			}
			return b.List()
		}},
		// (%MAKE-SIGNAL-CONDITION default-type datum . arguments); a
		// default type of CERROR means CERROR's designator (SIMPLE-ERROR).
		rt.Def{Name: "GOLEM:%MAKE-SIGNAL-CONDITION", Min: 2, Max: -1, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			if name := signalTypeName(args[0]); name != "CERROR" {
				return th.ConditionOf(args[1:], name)
			}
			return th.ConditionOf(cerrorDatum(args[1:]), "SIMPLE-ERROR")
		}},
	)
}

// cerrorDatum returns CERROR's datum and arguments as a condition
// designator: a condition's arguments serve only the continue format
// control (CLHS CERROR), so they are dropped.
func cerrorDatum(args []rt.Value) []rt.Value {
	if c, ok := args[0].(*rt.Instance); ok && c.Class.Kind == rt.ConditionClass {
		return args[:1]
	}
	return args
}

// signalTypeName names the default condition type passed by a signalling macro.
func signalTypeName(v rt.Value) string {
	if s, ok := v.(*rt.Symbol); ok {
		return s.Name
	}
	return "SIMPLE-ERROR"
}
