package mcp

import (
	"strings"

	rt "github.com/golem-lisp/golem/runtime"
)

// Source locations of definitions, from the image's definition-source
// record (runtime/srcloc.go), as the introspection tools show them.

// sourceLocation returns where the definition named name was made: a
// function, macro or generic function named by a symbol or (SETF sym), or a
// method named (METHOD name qualifiers... (specializers)) as the
// cross-reference names methods.
func sourceLocation(th *rt.Thread, name rt.Value) (rt.SourceLocation, bool) {
	img := th.Img
	if c, ok := name.(*rt.Cons); ok && c.Car == img.CLSym("METHOD") {
		parts := rt.ListToSlice(c)
		if len(parts) < 2 {
			return rt.SourceLocation{}, false
		}
		sym, _ := rt.SplitFunctionName(img, parts[1])
		if sym == nil {
			return rt.SourceLocation{}, false
		}
		var detail []string
		for _, p := range parts[2:] {
			detail = append(detail, printShort(th, p))
		}
		want := strings.Join(detail, " ")
		var methods []rt.DefinitionSource
		for _, d := range img.DefinitionSources(sym) {
			if d.Kind == rt.DefMethod && nameMatches(d.Name, parts[1]) {
				if d.Detail == want {
					return d.Location, true
				}
				methods = append(methods, d)
			}
		}
		if len(methods) == 1 {
			return methods[0].Location, true
		}
		return rt.SourceLocation{}, false
	}
	sym, setf := rt.SplitFunctionName(img, name)
	if sym == nil {
		return rt.SourceLocation{}, false
	}
	if setf {
		d, ok := img.DefinitionSource(rt.DefFunction, name, "")
		return d.Location, ok
	}
	for _, d := range img.DefinitionSources(sym) {
		if _, isSym := d.Name.(*rt.Symbol); isSym {
			return d.Location, true
		}
	}
	return rt.SourceLocation{}, false
}

// nameMatches compares function names: a symbol, or (SETF sym).
func nameMatches(a, b rt.Value) bool {
	if a == b {
		return true
	}
	ca, ok1 := a.(*rt.Cons)
	cb, ok2 := b.(*rt.Cons)
	if !ok1 || !ok2 {
		return false
	}
	ra, ok1 := ca.Cdr.(*rt.Cons)
	rb, ok2 := cb.Cdr.(*rt.Cons)
	return ok1 && ok2 && ca.Car == cb.Car && ra.Car == rb.Car
}

// locationText shows a location as "file:line", or says the definition was
// made by code given to evaluate-lisp, or that its source is unknown.
func locationText(loc rt.SourceLocation, ok bool) string {
	switch {
	case !ok || loc.IsZero():
		return "no source file"
	case !loc.IsFile():
		return "defined by evaluate-lisp"
	}
	return loc.String()
}
