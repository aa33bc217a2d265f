package eval

import (
	"sort"

	rt "github.com/golem-lisp/golem/runtime"
)

// Cross-reference: what each global definition calls, reads, sets, binds
// and macroexpands, recorded by the compiler as the definition's code is
// compiled (never when it runs), in an image that enabled it (EnableXref).
// A definition compiled again replaces what was recorded for it. Forms
// compiled outside any definition (REPL forms, top-level forms of a file)
// are not recorded.

// XrefKind is a relation recorded between a definition and a name.
type XrefKind uint8

// The relations recorded.
const (
	// XrefCalls: the definition calls the global function, or takes it
	// with FUNCTION.
	XrefCalls XrefKind = iota
	// XrefReferences: it reads the global (special or constant) variable.
	XrefReferences
	// XrefSets: it assigns the global variable with SETQ (or SETF).
	XrefSets
	// XrefBinds: it binds the special variable (LET, LET*, a lambda list).
	XrefBinds
	// XrefMacroexpands: it uses the global macro.
	XrefMacroexpands
)

// MaxXrefDefinitions bounds the definitions an image's cross-reference
// records; definitions beyond it are not recorded (Xref.Full says so).
const MaxXrefDefinitions = 100000

// Xref is an image's cross-reference database. Like the image, it is used
// by one thread at a time.
type Xref struct {
	defs map[any]*xrefDef              // definition key -> what it refers to
	in   map[xrefEdge]map[any]struct{} // (kind, target key) -> definition keys
	full bool                          // a definition was left out (MaxXrefDefinitions)
}

type xrefDef struct {
	name  rt.Value
	edges map[xrefEdge]rt.Value // edge -> target name
}

type xrefEdge struct {
	kind   XrefKind
	target any
}

type xrefKey struct{}

// EnableXref starts recording cross-references in img (the MCP server does,
// for its sessions) and returns the database; an image that already records
// keeps its database.
func EnableXref(img *rt.Image) *Xref {
	if x := XrefOf(img); x != nil {
		return x
	}
	x := &Xref{defs: map[any]*xrefDef{}, in: map[xrefEdge]map[any]struct{}{}}
	img.Extra[xrefKey{}] = x
	return x
}

// XrefOf returns img's cross-reference database, or nil when it records
// none.
func XrefOf(img *rt.Image) *Xref {
	x, _ := img.Extra[xrefKey{}].(*Xref)
	return x
}

// nameKey identifies a definition or target name: the symbol itself, or the
// printed form of a list name such as (SETF X) or (METHOD F (INTEGER)).
func nameKey(img *rt.Image, name rt.Value) any {
	if s, ok := name.(*rt.Symbol); ok {
		return s
	}
	return img.NameString(name)
}

// Full reports whether definitions were left out because the database
// holds MaxXrefDefinitions of them.
func (x *Xref) Full() bool { return x.full }

// begin forgets what was recorded for the definition name, which is being
// compiled again.
func (x *Xref) begin(img *rt.Image, name rt.Value) {
	key := nameKey(img, name)
	d := x.defs[key]
	if d == nil {
		return
	}
	for e := range d.edges {
		if whos := x.in[e]; whos != nil {
			delete(whos, key)
			if len(whos) == 0 {
				delete(x.in, e)
			}
		}
	}
	clear(d.edges)
}

func (x *Xref) add(img *rt.Image, who rt.Value, kind XrefKind, target rt.Value) {
	key := nameKey(img, who)
	d := x.defs[key]
	if d == nil {
		if len(x.defs) >= MaxXrefDefinitions {
			x.full = true
			return
		}
		d = &xrefDef{name: who, edges: map[xrefEdge]rt.Value{}}
		x.defs[key] = d
	}
	e := xrefEdge{kind, nameKey(img, target)}
	if _, ok := d.edges[e]; ok {
		return
	}
	d.edges[e] = target
	whos := x.in[e]
	if whos == nil {
		whos = map[any]struct{}{}
		x.in[e] = whos
	}
	whos[key] = struct{}{}
}

// Who returns the definitions that stand in relation kind to target (who
// calls it, who references it, ...), sorted by printed name.
func (x *Xref) Who(img *rt.Image, kind XrefKind, target rt.Value) []rt.Value {
	var out []rt.Value
	for key := range x.in[xrefEdge{kind, nameKey(img, target)}] {
		out = append(out, x.defs[key].name)
	}
	return sortNames(img, out)
}

// Targets returns what the definition name stands in relation kind to (for
// XrefCalls, the functions it calls), sorted by printed name; ok is false
// when nothing was recorded for name.
func (x *Xref) Targets(img *rt.Image, kind XrefKind, name rt.Value) (targets []rt.Value, ok bool) {
	d := x.defs[nameKey(img, name)]
	if d == nil {
		return nil, false
	}
	for e, t := range d.edges {
		if e.kind == kind {
			targets = append(targets, t)
		}
	}
	return sortNames(img, targets), true
}

func sortNames(img *rt.Image, names []rt.Value) []rt.Value {
	sort.Slice(names, func(i, j int) bool { return img.NameString(names[i]) < img.NameString(names[j]) })
	return names
}

// defining makes name the definition whose code c compiles next (and
// forgets what was recorded for it before); call the returned function when
// its code is compiled.
func (c *compiler) defining(name rt.Value) func() {
	saved := c.who
	if x := XrefOf(c.img); x != nil {
		x.begin(c.img, name)
	}
	c.who = name
	return func() { c.who = saved }
}

// noteXref records that the definition being compiled stands in relation
// kind to target.
func (c *compiler) noteXref(kind XrefKind, target rt.Value) {
	if c.who == nil {
		return
	}
	if x := XrefOf(c.img); x != nil {
		x.add(c.img, c.who, kind, target)
	}
}

// Definitions returns the names of the definitions recorded, in no order.
func (x *Xref) Definitions() []rt.Value {
	out := make([]rt.Value, 0, len(x.defs))
	for _, d := range x.defs {
		out = append(out, d.name)
	}
	return out
}
