package reader

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// label is one #n= definition of a read.
type label struct {
	value rt.Value
	set   bool
	ph    *placeholder
	used  bool // #n# was read before the object was complete
}

// placeholder stands for a labelled object inside itself until the object is
// complete and the fix-up pass replaces it.
type placeholder struct{ l *label }

func labelKey(arg rt.Value) any {
	switch a := arg.(type) {
	case rt.Fixnum:
		return int64(a)
	case *rt.Bignum:
		return a.Int.String()
	}
	return nil
}

func labelText(th *rt.Thread, arg rt.Value) string { return printed(th, arg) }

func sharpEqual(th *rt.Thread, s rt.Stream, _ rune, arg rt.Value) (rt.Value, bool) {
	ctx := currentCtx(th)
	if suppressed(th) {
		readInner(th, s, ctx)
		return rt.NIL, true
	}
	if arg == nil {
		readerError(th, s, "Missing label for #=")
	}
	key := labelKey(arg)
	if _, dup := ctx.labels[key]; dup {
		readerError(th, s, "Multiply defined label: #"+labelText(th, arg)+"=")
	}
	l := &label{}
	l.ph = &placeholder{l}
	if ctx.labels == nil {
		ctx.labels = map[any]*label{}
	}
	ctx.labels[key] = l
	v := readInner(th, s, ctx)
	if v == l.ph {
		readerError(th, s, "Must label something more than just #"+labelText(th, arg)+"#")
	}
	l.value, l.set = v, true
	if l.used {
		fixup(th, v)
	}
	return v, true
}

func sharpSharp(th *rt.Thread, s rt.Stream, _ rune, arg rt.Value) (rt.Value, bool) {
	ctx := currentCtx(th)
	if suppressed(th) {
		return rt.NIL, true
	}
	if arg == nil {
		readerError(th, s, "Missing label for ##")
	}
	l := ctx.labels[labelKey(arg)]
	if l == nil {
		readerError(th, s, "Reference to undefined label #"+labelText(th, arg)+"#")
	}
	if l.set {
		return l.value, true
	}
	l.used = true
	return l.ph, true
}

// fixup replaces, throughout root, every placeholder whose label now has its
// object. It walks conses, vectors, arrays and structure instances with an
// explicit stack and a visited set, so circular and deep data are fine.
func fixup(th *rt.Thread, root rt.Value) {
	seen := map[any]bool{}
	stack := []rt.Value{root}
	resolve := func(v rt.Value) rt.Value {
		if p, ok := v.(*placeholder); ok && p.l.set {
			return p.l.value
		}
		return v
	}
	push := func(v rt.Value) {
		switch v.(type) {
		case *rt.Cons, *rt.Vector, *rt.Array, *rt.Instance:
			if !seen[v] {
				seen[v] = true
				stack = append(stack, v)
			}
		}
	}
	seen[root] = true
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch x := v.(type) {
		case *rt.Cons:
			// Walk the cdr chain iteratively so long lists stay cheap.
			for {
				x.Car = resolve(x.Car)
				push(x.Car)
				x.Cdr = resolve(x.Cdr)
				next, ok := x.Cdr.(*rt.Cons)
				if !ok {
					push(x.Cdr)
					break
				}
				if seen[next] {
					break
				}
				seen[next] = true
				x = next
			}
		case *rt.Vector:
			for i, e := range x.Items {
				x.Items[i] = resolve(e)
				push(x.Items[i])
			}
		case *rt.Array:
			push(x.Data)
		case *rt.Instance:
			if x.Class != nil && x.Class.Kind == rt.StructureClass {
				for i, e := range x.Slots {
					if e != nil {
						x.Slots[i] = resolve(e)
						push(x.Slots[i])
					}
				}
			}
		}
	}
}
