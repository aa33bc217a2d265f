package runtime

// restartExit is the panic value that transfers control to a restart
// established from Go by WithRestarts.
type restartExit struct {
	tok   *int
	index int
	args  []Value
}

func (e *restartExit) Error() string { return "restart invoked" }

// WithRestart runs body with a restart named name (a symbol) established.
// It reports whether the restart was invoked, and with which arguments.
func (th *Thread) WithRestart(name Value, report string, body func()) (invoked bool, args []Value) {
	i, args := th.WithRestarts([]RestartSpec{{Name: name, Report: report}}, body)
	return i == 0, args
}

// RestartSpec describes one restart established from Go.
type RestartSpec struct {
	Name   Value // a symbol
	Report string
	// NeedsValue marks restarts that take an argument (USE-VALUE and the
	// like): invoked interactively they would prompt, and golem has no
	// terminal, so INVOKE-RESTART-INTERACTIVELY signals a CONTROL-ERROR.
	NeedsValue bool
}

// WithRestarts runs body with the given restarts established (the first is
// the innermost). It returns the index of the restart invoked and its
// arguments, or -1 when body returned normally.
func (th *Thread) WithRestarts(specs []RestartSpec, body func()) (chosen int, args []Value) {
	tok := new(int)
	saved := th.Save()
	late := th.Stopped()
	chosen = -1
	func() {
		defer func() {
			if p := recover(); p != nil {
				e, ok := p.(*restartExit)
				if !ok || e.tok != tok {
					panic(p)
				}
				th.Land(late)
				th.Restore(saved)
				chosen, args = e.index, e.args
			}
		}()
		for i := len(specs) - 1; i >= 0; i-- {
			index := i
			r := &Restart{Name: specs[i].Name, Fn: &Builtin{Name: symOrNil(specs[i].Name), Min: 0, Max: -1,
				Fn: func(th *Thread, a []Value) Value {
					panic(&restartExit{tok: tok, index: index, args: append([]Value(nil), a...)})
				}}}
			if specs[i].Report != "" {
				r.Report = NewString(specs[i].Report)
			}
			if specs[i].NeedsValue {
				name := specs[i].Name
				r.Interactive = &Builtin{Name: symOrNil(name), Min: 0, Max: 0, Fn: func(th *Thread, _ []Value) Value {
					return th.ControlError("The restart " + th.Printed(name) +
						" needs a value, and there is no terminal to ask for one: call INVOKE-RESTART with the value instead.")
				}}
			}
			th.PushRestart(r)
		}
		body()
	}()
	if chosen < 0 {
		th.Restarts = saved.Restarts()
	}
	return
}

// UndefinedFunctionCall signals UNDEFINED-FUNCTION for a call of sym with
// args (recorded as a backtrace frame), offering SBCL's restarts: RETRY
// (look the function up again), USE-VALUE (call another function) and
// RETURN-VALUE (return given values). It returns the function to call.
func (th *Thread) UndefinedFunctionCall(sym *Symbol, args []Value) Function {
	if sym.Macro != nil || sym.Flags&FlagSpecialOperator != 0 {
		what := "a macro"
		if sym.Flags&FlagSpecialOperator != 0 {
			what = "a special operator"
		}
		th.PushCall(&undefinedStub{sym}, append([]Value(nil), args...))
		th.Error(th.MakeCondition("GOLEM:SIMPLE-UNDEFINED-FUNCTION", th.Img.Kw("NAME"), sym,
			th.Img.Kw("FORMAT-CONTROL"), NewString("~S is "+what+", not a function."),
			th.Img.Kw("FORMAT-ARGUMENTS"), List(sym)))
	}
	return th.undefinedCall(sym, func() Function { return sym.Fn }, args)
}

// UndefinedSetfFunctionCall is UndefinedFunctionCall for the function
// named (SETF sym): the condition names (SETF sym), as in SBCL, and RETRY
// looks up the SETF function again.
func (th *Thread) UndefinedSetfFunctionCall(sym *Symbol, args []Value) Function {
	return th.undefinedCall(List(th.Img.CLSym("SETF"), sym), func() Function { return sym.Setf }, args)
}

// undefinedCall signals UNDEFINED-FUNCTION for name until a restart gives
// a function: RETRY (lookup finds one now), USE-VALUE or RETURN-VALUE.
func (th *Thread) undefinedCall(name Value, lookup func() Function, args []Value) Function {
	for {
		th.PushCall(&undefinedStub{name}, append([]Value(nil), args...))
		printed := th.Printed(name)
		chosen, rargs := th.WithRestarts([]RestartSpec{
			{Name: th.Img.Intern("GOLEM", "RETRY"), Report: "Retry calling " + printed + "."},
			{Name: th.Img.CLSym("USE-VALUE"), Report: "Call specified function.", NeedsValue: true},
			{Name: th.Img.Intern("GOLEM", "RETURN-VALUE"), Report: "Return specified values.", NeedsValue: true},
		}, func() { th.UndefinedFunction(name) })
		th.PopCall()
		switch chosen {
		case 0:
			if fn := lookup(); fn != nil {
				return fn
			}
		case 1:
			if len(rargs) > 0 {
				return th.Resolve(rargs[0])
			}
		case 2:
			vals := rargs
			return &Builtin{Name: nameSymbol(name), NameForm: name, Min: 0, Max: -1, MultipleValues: true,
				Fn: func(th *Thread, _ []Value) Value { return th.Values(vals...) }}
		}
	}
}

// nameSymbol is the symbol of a function name: sym for sym and (SETF sym).
func nameSymbol(name Value) *Symbol {
	if c, ok := name.(*Cons); ok {
		if rest, ok := c.Cdr.(*Cons); ok {
			name = rest.Car
		}
	}
	s, _ := name.(*Symbol)
	return s
}

// undefinedStub stands for an undefined function in a backtrace frame.
type undefinedStub struct{ name Value }

func (u *undefinedStub) Call(th *Thread, args []Value) Value { return th.UndefinedFunction(u.name) }
func (u *undefinedStub) FunctionName() Value                 { return u.name }

// unboundVariableValue signals UNBOUND-VARIABLE with SBCL's restarts:
// RETRY (read the variable again, once something gave it a value), USE-VALUE
// and STORE-VALUE; it returns the value read or supplied.
func (th *Thread) unboundVariableValue(sym *Symbol) Value {
	for {
		chosen, args := th.WithRestarts([]RestartSpec{
			{Name: th.Img.Intern("GOLEM", "RETRY"), Report: "Retry using " + th.Printed(sym) + "."},
			{Name: th.Img.CLSym("USE-VALUE"), Report: "Specify a value to use this time.", NeedsValue: true},
			{Name: th.Img.CLSym("STORE-VALUE"), Report: "Specify a value to store and use in the future.", NeedsValue: true},
		}, func() { th.UnboundVariable(sym) })
		if chosen == 0 || len(args) == 0 {
			if sym.Value != nil {
				return sym.Value
			}
			continue
		}
		if chosen == 2 {
			sym.Value = args[0]
		}
		return args[0]
	}
}
