package printer

import (
	"sort"

	rt "github.com/golem-lisp/golem/runtime"
)

// DispatchTable is a pprint dispatch table (*print-pprint-dispatch*): the
// entries added by SET-PPRINT-DISPATCH, consulted before golem's standard
// pretty printing rules (which are built in and always present).
type DispatchTable struct {
	entries []dispatchEntry // by decreasing priority
}

type dispatchEntry struct {
	spec     rt.Value
	fn       rt.Value
	priority float64
}

func (d *DispatchTable) copyTable() *DispatchTable {
	if d == nil {
		return &DispatchTable{}
	}
	return &DispatchTable{entries: append([]dispatchEntry(nil), d.entries...)}
}

// set adds, replaces or (fn NIL) removes the entry for spec.
func (d *DispatchTable) set(spec, fn rt.Value, priority float64) {
	out := d.entries[:0]
	for _, e := range d.entries {
		if !sameSpec(e.spec, spec) {
			out = append(out, e)
		}
	}
	d.entries = out
	if fn != rt.NIL {
		d.entries = append(d.entries, dispatchEntry{spec, fn, priority})
		sort.SliceStable(d.entries, func(i, j int) bool { return d.entries[i].priority > d.entries[j].priority })
	}
}

// sameSpec compares type specifiers structurally (EQUAL on conses and atoms).
func sameSpec(a, b rt.Value) bool {
	for {
		ca, ok1 := a.(*rt.Cons)
		cb, ok2 := b.(*rt.Cons)
		if !ok1 || !ok2 {
			return rt.Eql(a, b)
		}
		if !sameSpec(ca.Car, cb.Car) {
			return false
		}
		a, b = ca.Cdr, cb.Cdr
	}
}

// lookup returns the function of the highest-priority entry whose type
// specifier matches v, or nil.
func (d *DispatchTable) lookup(th *rt.Thread, v rt.Value) rt.Value {
	for _, e := range d.entries {
		if th.TypeP(v, e.spec) {
			return e.fn
		}
	}
	return nil
}

func toPriority(th *rt.Thread, v rt.Value) float64 {
	if v == nil {
		return 0
	}
	if !rt.IsReal(v) {
		th.TypeErrorName(v, "REAL")
	}
	return rt.ToFloat64(v)
}

func dispatchArg(th *rt.Thread, v rt.Value) *DispatchTable {
	if v == nil {
		if d, ok := th.Img.S.PrintPprintDispatch.Value.(*DispatchTable); ok {
			return d
		}
		return &DispatchTable{}
	}
	if v == rt.NIL {
		return nil
	}
	d, ok := v.(*DispatchTable)
	if !ok {
		th.TypeError(v, th.Img.Intern("GOLEM", "PPRINT-DISPATCH-TABLE"))
	}
	return d
}

func init() {
	rt.Register(
		rt.Def{Name: "COPY-PPRINT-DISPATCH", Min: 0, Max: 1, Params: "(&OPTIONAL TABLE)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				var t rt.Value
				if len(args) > 0 {
					t = args[0]
				}
				return dispatchArg(th, t).copyTable()
			}},
		rt.Def{Name: "SET-PPRINT-DISPATCH", Min: 2, Max: 4, Params: "(TYPE-SPECIFIER FUNCTION &OPTIONAL (PRIORITY 0) TABLE)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				var t rt.Value
				if len(args) > 3 {
					t = args[3]
				}
				d := dispatchArg(th, t)
				if d == nil {
					th.SimpleError("The standard pprint dispatch table is read-only.")
				}
				var prio rt.Value
				if len(args) > 2 {
					prio = args[2]
				}
				fn := args[1]
				if fn != rt.NIL {
					th.Resolve(fn)
				}
				d.set(args[0], fn, toPriority(th, prio))
				return rt.NIL
			}},
		rt.Def{Name: "PPRINT-DISPATCH", Min: 1, Max: 2, MV: true, Params: "(OBJECT &OPTIONAL TABLE)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				var t rt.Value
				if len(args) > 1 {
					t = args[1]
				}
				d := dispatchArg(th, t)
				if d != nil {
					if fn := d.lookup(th, args[0]); fn != nil {
						return th.Values2(fn, rt.T)
					}
				}
				std := th.Img.Intern("GOLEM", "%STANDARD-PPRINT")
				_, isCons := args[0].(*rt.Cons)
				return th.Values2(std.Fn, rt.Bool(isCons))
			}},
		rt.Def{Name: "GOLEM:%STANDARD-PPRINT", Min: 2, Max: 2, Params: "(STREAM OBJECT)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				s := th.OutputStream(args[0])
				p := newPrinter(th, s)
				if c, ok := args[1].(*rt.Cons); ok && p.pretty {
					p.standardCons(c)
				} else {
					p.plain(args[1])
				}
				return rt.NIL
			}},
	)
}
