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
	read(th, filesSource, func(form rt.Value) { Eval(th, form) })
	th.UnbindTo(depth)
}

func init() {
	rt.Register(
		// (%PARSE-DECLS body &optional allow-doc) returns the declarations,
		// the forms and, when allow-doc, the documentation string or NIL.
		rt.Def{Name: "GOLEM:%PARSE-DECLS", Min: 1, Max: 2, MV: true, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			allowDoc := len(args) > 1 && args[1] != rt.NIL
			decls, doc, forms := parseBody(args[0], allowDoc)
			if !allowDoc {
				return th.Values2(rt.List(decls...), forms)
			}
			var docv rt.Value = rt.NIL
			if doc != "" {
				docv = rt.NewString(doc)
			}
			return th.Values(rt.List(decls...), forms, docv)
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
	if p, ok := v.(*rt.Package); ok {
		return p.Name
	}
	if s, ok := th.DesignatorText(v); ok {
		return s
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

func init() {
	rt.Register(
		rt.Def{Name: "COMPILED-FUNCTION-P", Min: 1, Max: 1, Params: "(OBJECT)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			_, ok := args[0].(rt.Function)
			return rt.Bool(ok)
		}},
		rt.Def{Name: "UPGRADED-COMPLEX-PART-TYPE", Min: 1, Max: 2, Params: "(TYPESPEC &OPTIONAL ENVIRONMENT)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			return th.UpgradedComplexPartType(args[0])
		}},
		rt.Def{Name: "GOLEM:%PACKAGE-ITERATOR", Min: 2, Max: 2, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			pkgs := args[0]
			if _, ok := pkgs.(*rt.Cons); !ok && pkgs != rt.NIL {
				pkgs = rt.List(pkgs)
			}
			want := map[string]bool{}
			for _, t := range rt.ListToSlice(args[1]) {
				if s, ok := t.(*rt.Symbol); ok {
					want[s.Name] = true
				}
			}
			type entry struct {
				sym    *rt.Symbol
				status rt.Value
				pkg    *rt.Package
			}
			var entries []entry
			for _, d := range rt.ListToSlice(pkgs) {
				p := th.PackageDesignator(d)
				for _, s := range p.PresentSymbols() {
					if p.IsExternal(s) {
						if want["EXTERNAL"] {
							entries = append(entries, entry{s, th.Img.S.External, p})
						}
					} else if want["INTERNAL"] {
						entries = append(entries, entry{s, th.Img.S.Internal, p})
					}
				}
				if want["INHERITED"] {
					for _, u := range p.Use {
						for _, s := range u.ExternalSymbols() {
							if found, st := p.FindSymbol(s.Name); found == s && st == rt.StatusInherited {
								entries = append(entries, entry{s, th.Img.S.Inherited, p})
							}
						}
					}
				}
			}
			i := 0
			return &rt.Builtin{Name: th.Img.Intern("GOLEM", "PACKAGE-ITERATOR"), Min: 0, Max: 0, MultipleValues: true,
				Fn: func(th *rt.Thread, _ []rt.Value) rt.Value {
					if i >= len(entries) {
						return th.Values(rt.NIL)
					}
					e := entries[i]
					i++
					return th.Values(rt.T, e.sym, e.status, e.pkg)
				}}
		}},
	)
}
