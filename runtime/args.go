package runtime

// ParseKeys parses the keyword arguments of a builtin. names are keyword
// names without the colon ("TEST", "KEY"). The result holds one entry per
// name: the first value supplied for it, or nil when absent. An odd number of
// arguments, a non-symbol key, or an unknown key (without a true
// :allow-other-keys) signals PROGRAM-ERROR.
func (th *Thread) ParseKeys(args []Value, names ...string) []Value {
	out := make([]Value, len(names))
	th.parseKeysInto(out, args, names)
	return out
}

// parseKeysInto is ParseKeys storing the values in out (len(out) ==
// len(names)), so that a caller may keep them on its stack.
func (th *Thread) parseKeysInto(out, args []Value, names []string) {
	if len(args)%2 != 0 {
		th.ProgramError("odd number of &KEY arguments")
	}
	var bad Value
	// Only the leftmost :ALLOW-OTHER-KEYS counts (CLHS 3.4.1.4.1).
	allow, allowSeen := false, false
	for i := 0; i < len(args); i += 2 {
		k, ok := args[i].(*Symbol)
		if !ok {
			th.ProgramError("keyword argument is not a symbol: " + th.printed(args[i]))
		}
		if k == th.Img.S.KwAllowOtherKeys {
			if !allowSeen {
				allow, allowSeen = args[i+1] != NIL, true
			}
			continue
		}
		found := false
		if k.Pkg == th.Img.Keyword {
			for j, n := range names {
				if n == k.Name {
					found = true
					if out[j] == nil {
						out[j] = args[i+1]
					}
					break
				}
			}
		}
		if !found && bad == nil {
			bad = k
		}
	}
	if bad != nil && !allow {
		th.ProgramError("unknown &KEY argument: " + th.printed(bad))
	}
}

func (th *Thread) printed(v Value) string {
	if th.Img.PrintString != nil {
		// Messages label shared structure, so that an error about a
		// circular list has a finite message.
		d := th.SpecialDepth()
		th.BindSpecial(th.Img.S.PrintCircle, T)
		s := th.Img.PrintString(th, v, true)
		th.UnbindTo(d)
		return s
	}
	if s, ok := v.(*Symbol); ok {
		return th.Img.SymbolString(s)
	}
	return "#<object>"
}

// Printed renders v as prin1 would (for error messages).
func (th *Thread) Printed(v Value) string { return th.printed(v) }

// OrNil returns NIL for an absent (nil) optional argument value.
func OrNil(v Value) Value {
	if v == nil {
		return NIL
	}
	return v
}

// Opt returns args[i] or NIL when it was not supplied.
func Opt(args []Value, i int) Value {
	if i < len(args) {
		return args[i]
	}
	return NIL
}

// TwoArgTest builds the comparison used by :test/:test-not/:key sequence and
// list functions. key may be nil or NIL for identity. The returned function
// compares an item (already given) with an element (key applied).
func (th *Thread) TwoArgTest(test, testNot, key Value) func(item, elt Value) bool {
	keyFn := th.KeyFn(key)
	switch {
	case testNot != nil && testNot != NIL:
		f := th.Resolve(testNot)
		return func(item, elt Value) bool { return th.call2(f, item, keyFn(elt)) == NIL }
	case test == nil || test == NIL || test == th.Img.S.Eql:
		return func(item, elt Value) bool { return Eql(item, keyFn(elt)) }
	case test == th.Img.S.Eq:
		return func(item, elt Value) bool { return item == keyFn(elt) }
	default:
		f := th.Resolve(test)
		return func(item, elt Value) bool { return th.call2(f, item, keyFn(elt)) != NIL }
	}
}

// KeyFn resolves a :key argument (nil or NIL meaning identity).
func (th *Thread) KeyFn(key Value) func(Value) Value {
	if key == nil || key == NIL {
		return func(v Value) Value { return v }
	}
	f := th.Resolve(key)
	return func(v Value) Value { return th.call1(f, v) }
}

// Truthy reports whether v is not NIL.
func Truthy(v Value) bool { return v != NIL }
