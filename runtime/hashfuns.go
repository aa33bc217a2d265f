package runtime

// Hash table builtins (CLHS 18).

func htArg(th *Thread, v Value) *HashTable {
	h, ok := v.(*HashTable)
	if !ok {
		th.TypeErrorName(v, "HASH-TABLE")
	}
	return h
}

// htTestSymbol resolves a :test argument (a symbol or one of the four
// standard function objects) to its CL symbol.
func htTestSymbol(th *Thread, test Value) *Symbol {
	if test == nil {
		return th.Img.S.Eql
	}
	for _, s := range []*Symbol{th.Img.S.Eq, th.Img.S.Eql, th.Img.S.Equal, th.Img.S.Equalp} {
		if test == Value(s) {
			return s
		}
		if f, ok := test.(Function); ok && s.Fn != nil && f == s.Fn {
			return s
		}
	}
	th.SimpleError("Unknown :TEST for MAKE-HASH-TABLE: ~S", test)
	return nil
}

func htMake(th *Thread, args []Value) Value {
	kw := th.ParseKeys(args, "TEST", "SIZE", "REHASH-SIZE", "REHASH-THRESHOLD", "WEAKNESS", "SYNCHRONIZED", "HASH-FUNCTION")
	h := NewHashTable(htTestSymbol(th, kw[0]))
	if sz := kw[1]; sz != nil {
		switch n := sz.(type) {
		case Fixnum:
			if n < 0 {
				th.TypeErrorName(sz, "UNSIGNED-BYTE")
			}
			h.Size = int(n)
		case *Bignum:
			if n.Int.Sign() < 0 {
				th.TypeErrorName(sz, "UNSIGNED-BYTE")
			}
			h.Size = 1 << 62
		default:
			th.TypeErrorName(sz, "UNSIGNED-BYTE")
		}
		if h.Size > 0 {
			// Preallocate modestly; a huge :size is only a hint.
			pre := min(h.Size, 1<<12)
			h.entries = make([]hashEntry, 0, pre)
		}
	}
	if rs := kw[2]; rs != nil {
		ok := false
		switch n := rs.(type) {
		case Fixnum:
			ok = n >= 1
		case *Bignum:
			ok = n.Int.Sign() > 0
		case SingleFloat:
			ok = n > 1
		case DoubleFloat:
			ok = n > 1
		}
		if !ok {
			c := th.Img.CLSym
			th.TypeError(rs, List(th.Img.S.Or, List(c("INTEGER"), MakeInt(1)),
				List(c("SINGLE-FLOAT"), List(SingleFloat(1))), List(c("DOUBLE-FLOAT"), List(DoubleFloat(1)))))
		}
		h.RehashSize = rs
	}
	if rt := kw[3]; rt != nil {
		if !IsReal(rt) || Compare(rt, MakeInt(0)) < 0 || Compare(rt, MakeInt(1)) > 0 {
			th.TypeError(rt, List(th.Img.S.Real, MakeInt(0), MakeInt(1)))
		}
		h.RehashThreshold = rt
	}
	if w := kw[4]; w != nil {
		h.Weakness = w
	}
	return h
}

func init() {
	Register(
		Def{Name: "MAKE-HASH-TABLE", Min: 0, Max: -1, Params: "(&KEY TEST SIZE REHASH-SIZE REHASH-THRESHOLD)", Fn: htMake},
		Def{Name: "HASH-TABLE-P", Min: 1, Max: 1, Params: "(OBJECT)", Fn: func(th *Thread, args []Value) Value {
			_, ok := args[0].(*HashTable)
			return Bool(ok)
		}},
		Def{Name: "GETHASH", Min: 2, Max: 3, MV: true, Params: "(KEY HASH-TABLE &OPTIONAL DEFAULT)", Fn: func(th *Thread, args []Value) Value {
			h := htArg(th, args[1])
			if v, ok := h.Get(th, args[0]); ok {
				return th.Values2(v, T)
			}
			return th.Values2(Opt(args, 2), NIL)
		}},
		Def{Name: "REMHASH", Min: 2, Max: 2, Params: "(KEY HASH-TABLE)", Fn: func(th *Thread, args []Value) Value {
			return Bool(htArg(th, args[1]).Remove(th, args[0]))
		}},
		Def{Name: "CLRHASH", Min: 1, Max: 1, Params: "(HASH-TABLE)", Fn: func(th *Thread, args []Value) Value {
			htArg(th, args[0]).Clear()
			return args[0]
		}},
		Def{Name: "MAPHASH", Min: 2, Max: 2, Params: "(FUNCTION-DESIGNATOR HASH-TABLE)", Fn: func(th *Thread, args []Value) Value {
			f := th.Resolve(args[0])
			h := htArg(th, args[1])
			buf := make([]Value, 2)
			n := 0
			h.Each(func(k, v Value) bool {
				buf[0], buf[1] = k, v
				f.Call(th, buf)
				n++
				th.PollAt(n)
				return true
			})
			return NIL
		}},
		Def{Name: "HASH-TABLE-COUNT", Min: 1, Max: 1, Params: "(HASH-TABLE)", Fn: func(th *Thread, args []Value) Value {
			return MakeInt(int64(htArg(th, args[0]).Count()))
		}},
		Def{Name: "HASH-TABLE-TEST", Min: 1, Max: 1, Params: "(HASH-TABLE)", Fn: func(th *Thread, args []Value) Value {
			return htArg(th, args[0]).Test
		}},
		Def{Name: "HASH-TABLE-SIZE", Min: 1, Max: 1, Params: "(HASH-TABLE)", Fn: func(th *Thread, args []Value) Value {
			return MakeInt(int64(htArg(th, args[0]).Size))
		}},
		Def{Name: "HASH-TABLE-REHASH-SIZE", Min: 1, Max: 1, Params: "(HASH-TABLE)", Fn: func(th *Thread, args []Value) Value {
			return htArg(th, args[0]).RehashSize
		}},
		Def{Name: "HASH-TABLE-REHASH-THRESHOLD", Min: 1, Max: 1, Params: "(HASH-TABLE)", Fn: func(th *Thread, args []Value) Value {
			return htArg(th, args[0]).RehashThreshold
		}},
		Def{Name: "GOLEM:HASH-TABLE-ITERATOR", Min: 1, Max: 1, Params: "(HASH-TABLE)", Fn: func(th *Thread, args []Value) Value {
			next := HashIterator(htArg(th, args[0]))
			return &Builtin{Name: th.Img.Intern("GOLEM", "HASH-TABLE-ITERATOR"), Min: 0, Max: 0, MultipleValues: true,
				Fn: func(th *Thread, _ []Value) Value {
					more, k, v := next()
					if !more {
						return th.Values(NIL)
					}
					return th.Values(T, k, v)
				}}
		}},
	)
	RegisterSetup(10, func(img *Image) {
		sym := img.CLSym("GETHASH")
		sym.Setf = &Builtin{Name: sym, NameForm: List(img.S.Setf, sym), Min: 3, Max: 4,
			Params: "(NEW-VALUE KEY HASH-TABLE &OPTIONAL DEFAULT)",
			Fn: func(th *Thread, args []Value) Value {
				htArg(th, args[2]).Put(th, args[1], args[0])
				return args[0]
			}}
	})
}
