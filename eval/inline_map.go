package eval

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// mapKinds are the mapping functions compiled by mapCall: what each does with
// the values of its calls, and whether it passes the tails of the list.
var mapKinds = map[string]struct {
	kind    rt.MapKind
	onTails bool
}{
	"MAPCAR": {rt.MapCollect, false}, "MAPLIST": {rt.MapCollect, true},
	"MAPC": {rt.MapDiscard, false}, "MAPL": {rt.MapDiscard, true},
	"MAPCAN": {rt.MapNconc, false}, "MAPCON": {rt.MapNconc, true},
}

// mapCall compiles (MAPCAR fn list) and the other mapping functions over one
// list (boyer and deriv map over the arguments of every term, most often one
// or two). It makes the builtin's call record itself and goes straight to
// Thread.MapOne, which is what the builtin does, with a compiled function
// called through its one-argument entry point: the argument stack, the
// builtin's dispatch and the lookup of that entry point are each made once
// per mapping and no longer cost more than the call of the function on a
// short list. When the function is traced, the general call is made.
func (c *compiler) mapCall(sym *rt.Symbol, fnArg, listArg Code) Code {
	mk, ok := mapKinds[sym.Name]
	if !ok {
		return nil
	}
	b, ok := sym.Fn.(*rt.Builtin)
	if !ok {
		return nil
	}
	kind, onTails := mk.kind, mk.onTails
	return func(th *rt.Thread, f *Frame) rt.Value {
		fv := fnArg(th, f)
		l := listArg(th, f)
		if sym.Fn != rt.Function(b) {
			return callBuiltin2(th, sym, fv, l)
		}
		base, av := th.ArgSlots(2)
		av[0], av[1] = fv, l
		th.PushCall(b, av)
		var v rt.Value
		if cl, ok := fv.(*Closure); ok {
			v = th.MapOne(cl, cl, l, onTails, kind)
		} else {
			fn := th.Resolve(fv)
			var c1 rt.Caller1
			if cl, ok := fn.(*Closure); ok {
				c1 = cl
			}
			v = th.MapOne(fn, c1, l, onTails, kind)
		}
		th.PopCall()
		th.PopArgs(base)
		th.SetSingle()
		return v
	}
}
