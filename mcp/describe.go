package mcp

import (
	"strings"

	"github.com/golem-lisp/golem/clos"
	"github.com/golem-lisp/golem/inspector"
	rt "github.com/golem-lisp/golem/runtime"
)

// What describe-symbol adds for classes, generic functions and source
// locations, read through the GOLEM-MOP introspection functions so that it
// shows what a program would see.

// mop calls the GOLEM-MOP function name.
func mop(th *rt.Thread, name string, args ...rt.Value) rt.Value {
	return inspector.MOP(th, name, args...)
}

// names prints each element of a list on one line, joined by spaces.
func names(th *rt.Thread, list rt.Value) string {
	var out []string
	for _, v := range rt.ListToSlice(list) {
		out = append(out, specializerName(th, v))
	}
	return strings.Join(out, " ")
}

// specializerName prints a class as its name and an EQL specializer as
// (EQL object).
func specializerName(th *rt.Thread, v rt.Value) string {
	switch x := v.(type) {
	case *rt.Class:
		return printShort(th, x.Name)
	case *clos.EqlSpecializer:
		return "(EQL " + printShort(th, mop(th, "EQL-SPECIALIZER-OBJECT", x)) + ")"
	}
	return printShort(th, v)
}

// methodSignature shows a method as its qualifiers and specializers:
// ":AROUND (STRING T)".
func methodSignature(th *rt.Thread, m rt.Value) string {
	quals := rt.ListToSlice(th.Call(th.Img.CLSym("METHOD-QUALIFIERS"), m))
	var parts []string
	for _, q := range quals {
		parts = append(parts, printShort(th, q))
	}
	parts = append(parts, "("+names(th, mop(th, "METHOD-SPECIALIZERS", m))+")")
	return strings.Join(parts, " ")
}

// describeClass writes a class's superclasses, direct slots and the
// methods specialized on it.
func describeClass(th *rt.Thread, b *strings.Builder, cls *rt.Class) {
	b.WriteString("Superclasses: " + orNone(names(th, mop(th, "CLASS-DIRECT-SUPERCLASSES", cls))) + "\n")
	slots := rt.ListToSlice(mop(th, "CLASS-DIRECT-SLOTS", cls))
	if len(slots) > 0 {
		b.WriteString("Slots:\n")
		for _, s := range slots {
			line := "  " + printShort(th, mop(th, "SLOT-DEFINITION-NAME", s))
			if initargs := rt.ListToSlice(mop(th, "SLOT-DEFINITION-INITARGS", s)); len(initargs) > 0 {
				line += "  initargs: " + names(th, rt.List(initargs...))
			}
			if readers := rt.ListToSlice(mop(th, "SLOT-DEFINITION-READERS", s)); len(readers) > 0 {
				line += "  readers: " + names(th, rt.List(readers...))
			}
			if writers := rt.ListToSlice(mop(th, "SLOT-DEFINITION-WRITERS", s)); len(writers) > 0 {
				line += "  writers: " + names(th, rt.List(writers...))
			}
			b.WriteString(line + "\n")
		}
	}
	if methods := directMethods(th, cls); len(methods) > 0 {
		b.WriteString("Direct methods:\n")
		for _, m := range methods {
			b.WriteString("  " + m + "\n")
		}
	}
}

// directMethods lists the methods with cls among their specializers, as
// "NAME signature", looking through the generic functions named by the
// symbols of every package.
func directMethods(th *rt.Thread, cls *rt.Class) []string {
	var out []string
	seen := map[*clos.GF]bool{}
	for _, p := range th.Img.Packages() {
		for _, sym := range p.PresentSymbols() {
			for _, fn := range []rt.Function{sym.Fn, sym.Setf} {
				gf, ok := fn.(*clos.GF)
				if !ok || seen[gf] {
					continue
				}
				seen[gf] = true
				for _, m := range rt.ListToSlice(mop(th, "GENERIC-FUNCTION-METHODS", gf)) {
					for _, sp := range rt.ListToSlice(mop(th, "METHOD-SPECIALIZERS", m)) {
						if sp == rt.Value(cls) {
							out = append(out, printShort(th, gf.FunctionName())+" "+methodSignature(th, m))
							break
						}
					}
				}
			}
		}
	}
	return out
}

// describeGeneric writes a generic function's methods.
func describeGeneric(th *rt.Thread, b *strings.Builder, gf *clos.GF) {
	methods := rt.ListToSlice(mop(th, "GENERIC-FUNCTION-METHODS", gf))
	if len(methods) == 0 {
		b.WriteString("Methods: none\n")
		return
	}
	b.WriteString("Methods:\n")
	for _, m := range methods {
		b.WriteString("  " + methodSignature(th, m) + "\n")
	}
}

// describeSources writes where each definition of sym was made.
func describeSources(th *rt.Thread, b *strings.Builder, sym *rt.Symbol) {
	srcs := th.Img.DefinitionSources(sym)
	if len(srcs) == 0 {
		b.WriteString("Source: no source file recorded\n")
		return
	}
	b.WriteString("Source:\n")
	for _, d := range srcs {
		what := strings.ToLower(string(d.Kind))
		if _, isSym := d.Name.(*rt.Symbol); !isSym {
			what += " " + printShort(th, d.Name)
		}
		if d.Detail != "" {
			what += " " + d.Detail
		}
		b.WriteString("  " + what + ": " + locationText(d.Location, true) + "\n")
	}
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
