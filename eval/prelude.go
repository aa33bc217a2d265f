package eval

import (
	_ "embed"

	rt "github.com/golem-lisp/golem/runtime"
)

//go:embed prelude.lisp
var preludeSource string

// ReadFunc reads the forms of src one at a time, calling fn after each, so
// that each form is evaluated before the next is read.
type ReadFunc func(th *rt.Thread, src string, fn func(form rt.Value))

// LoadPrelude evaluates the embedded Lisp prelude into the thread's image,
// with the COMMON-LISP package lock lifted while it runs.
func LoadPrelude(th *rt.Thread, read ReadFunc) {
	img := th.Img
	img.CL.Locked = false
	defer func() { img.CL.Locked = true }()
	depth := th.SpecialDepth()
	th.BindSpecial(img.S.Package, img.Golem)
	read(th, preludeSource, func(form rt.Value) { Eval(th, form) })
	th.UnbindTo(depth)
}

func init() {
	rt.Register(
		rt.Def{Name: "GOLEM:%PARSE-DECLS", Min: 1, Max: 1, MV: true, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			decls, _, forms := parseBody(args[0], false)
			return th.Values2(rt.List(decls...), forms)
		}},
		rt.Def{Name: "GOLEM:%REMF", Min: 2, Max: 2, MV: true, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			plist, ind := args[0], args[1]
			var prev *rt.Cons
			for cur := plist; cur != rt.NIL; {
				c, ok := cur.(*rt.Cons)
				if !ok {
					th.TypeErrorName(plist, "LIST")
				}
				next, ok := c.Cdr.(*rt.Cons)
				if !ok {
					th.SimpleError("malformed property list: ~S", plist)
				}
				if c.Car == ind {
					if prev == nil {
						return th.Values2(next.Cdr, rt.T)
					}
					prev.Cdr = next.Cdr
					return th.Values2(plist, rt.T)
				}
				prev = next
				cur = next.Cdr
			}
			return th.Values2(plist, rt.NIL)
		}},
		rt.Def{Name: "GOLEM:%FIND-PACKAGE-OR-DIE", Min: 1, Max: 1, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			name := designatorName(th, args[0])
			p := th.Img.FindPackage(name)
			if p == nil {
				th.PackageError(rt.NewString(name), "The name \""+name+"\" does not designate any package.")
			}
			return p
		}},
	)
}

// designatorName returns the name of a string designator.
func designatorName(th *rt.Thread, v rt.Value) string {
	switch x := v.(type) {
	case *rt.String:
		return x.String()
	case *rt.Symbol:
		return x.Name
	case rt.Char:
		return string(rune(x))
	case *rt.Package:
		return x.Name
	}
	th.TypeErrorName(v, "STRING")
	return ""
}

func init() {
	rt.Register(rt.Def{Name: "GOLEM:%PACKAGE-SYMBOLS", Min: 2, Max: 2, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
		var p *rt.Package
		if pk, ok := args[0].(*rt.Package); ok {
			p = pk
		} else {
			name := designatorName(th, args[0])
			if p = th.Img.FindPackage(name); p == nil {
				th.PackageError(args[0], "The name \""+name+"\" does not designate any package.")
			}
		}
		var b rt.ListBuilder
		if args[1] != rt.NIL {
			for _, s := range p.ExternalSymbols() {
				b.Add(s)
			}
			return b.List()
		}
		seen := map[*rt.Symbol]bool{}
		for _, s := range p.PresentSymbols() {
			seen[s] = true
			b.Add(s)
		}
		for _, u := range p.Use {
			for _, s := range u.ExternalSymbols() {
				if found, _ := p.FindSymbol(s.Name); found == s && !seen[s] {
					seen[s] = true
					b.Add(s)
				}
			}
		}
		return b.List()
	}})
}
