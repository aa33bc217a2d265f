// Package inspector shows a Lisp object's type and parts, each part with an
// id that can be inspected in turn: the MCP inspect tool and CL:INSPECT
// (installed in every image) print the same text. Ids are numbered per
// image and stay valid while its table holds the object: it keeps the
// MaxObjects most recently numbered objects, so an old id may be forgotten,
// never reused.
package inspector

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/golem-lisp/golem/clos"
	"github.com/golem-lisp/golem/eval"
	"github.com/golem-lisp/golem/printer"
	rt "github.com/golem-lisp/golem/runtime"
)

const (
	// MaxObjects bounds the objects an image's inspector table holds.
	MaxObjects = 2000
	// MaxParts bounds the parts one inspection lists.
	MaxParts = 100
)

type tableKey struct{}

// TableOf returns img's inspector table, making it on first use.
func TableOf(img *rt.Image) *Table {
	t, ok := img.Extra[tableKey{}].(*Table)
	if !ok {
		t = newTable()
		img.Extra[tableKey{}] = t
	}
	return t
}

// Inspect describes v, numbering it and its parts in th's image's table.
func Inspect(th *rt.Thread, v rt.Value) *Inspection { return TableOf(th.Img).inspect(th, v) }

// Lookup returns the object numbered id in img, if the table still holds it.
func Lookup(img *rt.Image, id int) (rt.Value, bool) { return TableOf(img).lookup(id) }

func init() {
	// CL:INSPECT prints the inspection to *standard-output* (no
	// interactive loop) and returns no values.
	rt.RegisterSetup(70, func(img *rt.Image) {
		sym := img.CLSym("INSPECT")
		sym.Fn = &rt.Builtin{Name: sym, Min: 1, Max: 1, Params: "(OBJECT)", MultipleValues: true,
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				text := Inspect(th, args[0]).Text()
				out := th.SymbolValue(th.Img.S.StandardOutput)
				th.Call(th.Img.CLSym("WRITE-STRING"), rt.NewString(text+"\n"), out)
				return th.Values()
			}}
	})
}

// Table numbers the objects an image inspected.
type Table struct {
	next  int
	first int // the oldest id still held
	objs  map[int]rt.Value
	ids   map[any]int // pointer objects -> their id, so an object keeps it
}

func newTable() *Table {
	return &Table{next: 1, first: 1, objs: map[int]rt.Value{}, ids: map[any]int{}}
}

// id returns v's id, numbering it if needed.
func (in *Table) id(v rt.Value) int {
	key, keyed := identity(v)
	if keyed {
		if id, ok := in.ids[key]; ok {
			return id
		}
	}
	id := in.next
	in.next++
	in.objs[id] = v
	if keyed {
		in.ids[key] = id
	}
	for len(in.objs) > MaxObjects {
		if old, ok := in.objs[in.first]; ok {
			if k, keyed := identity(old); keyed && in.ids[k] == in.first {
				delete(in.ids, k)
			}
			delete(in.objs, in.first)
		}
		in.first++
	}
	return id
}

// identity is the key by which an object keeps its id: its pointer, for
// objects with identity (numbers and characters get a new id each time).
func identity(v rt.Value) (any, bool) {
	if v == nil {
		return nil, false
	}
	if reflect.TypeOf(v).Kind() == reflect.Pointer {
		return v, true
	}
	return nil, false
}

func (in *Table) lookup(id int) (rt.Value, bool) {
	v, ok := in.objs[id]
	return v, ok
}

// Inspection is what the inspector shows of one object.
type Inspection struct {
	id      int
	printed string
	typ     string
	notes   []string // "Label: text" lines
	section string   // the heading of the parts
	parts   []part
	more    int // parts not shown
}

type part struct {
	label string
	id    int // 0: a part with no object (an unbound slot)
	value string
}

// inspect describes v with its parts numbered in in.
func (in *Table) inspect(th *rt.Thread, v rt.Value) *Inspection {
	x := &Inspection{id: in.id(v), printed: PrintShort(th, v), typ: typeOf(th, v)}
	add := func(label string, val rt.Value) {
		if len(x.parts) >= MaxParts {
			x.more++
			return
		}
		if val == nil {
			x.parts = append(x.parts, part{label: label, value: "#<unbound>"})
			return
		}
		x.parts = append(x.parts, part{label: label, id: in.id(val), value: PrintShort(th, val)})
	}
	img := th.Img
	switch o := v.(type) {
	case *rt.Cons:
		items, tail, circular := ListParts(o, MaxParts+1)
		switch {
		case circular:
			x.notes = append(x.notes, "Kind: a circular list")
		case tail == rt.NIL:
			x.notes = append(x.notes, "Kind: a proper list")
		default:
			x.notes = append(x.notes, "Kind: a dotted list")
		}
		x.section = "Elements"
		for i, e := range items {
			add(strconv.Itoa(i), e)
		}
		if tail != rt.NIL && !circular && len(items) <= MaxParts {
			add("tail", tail)
		}
		if len(items) > MaxParts {
			x.more = -1 // unknown: the list goes on
		}
	case *rt.Vector:
		x.notes = append(x.notes, "Length: "+strconv.Itoa(VectorLength(o.HasFill, o.Fill, len(o.Items))))
		x.section = "Elements"
		items := o.Items[:VectorLength(o.HasFill, o.Fill, len(o.Items))]
		for i, e := range items[:min(len(items), MaxParts)] {
			add(strconv.Itoa(i), e)
		}
		x.more = len(items) - len(x.parts)
	case *rt.String:
		x.notes = append(x.notes, "Length: "+strconv.Itoa(VectorLength(o.HasFill, o.Fill, len(o.R))))
	case *rt.HashTable:
		x.notes = append(x.notes, "Test: "+o.Test.Name, "Count: "+strconv.Itoa(o.Count()))
		x.section = "Entries"
		o.Each(func(k, val rt.Value) bool {
			add(PrintShort(th, k), val)
			return len(x.parts) < MaxParts
		})
		x.more = o.Count() - len(x.parts)
	case *rt.Instance:
		kind := "instance"
		switch o.Class.Kind {
		case rt.StructureClass:
			kind = "structure object"
		case rt.ConditionClass:
			kind = "condition"
		}
		if o.Class.Kind == rt.StandardClass && len(o.Class.Slots) > 0 {
			// Through SLOT-BOUNDP, which brings an instance of a redefined
			// class up to date before its slots are read.
			th.Call(img.CLSym("SLOT-BOUNDP"), o, o.Class.Slots[0].Name)
		}
		x.notes = append(x.notes, "Class: "+eval.QualifiedName(img, o.Class.Name)+" ("+kind+")")
		x.section = "Slots"
		for i, s := range o.Class.Slots {
			var val rt.Value
			if s.Class && s.Shared != nil {
				val = s.Shared.Car
			} else if i < len(o.Slots) {
				val = o.Slots[i]
			}
			add(s.Name.Name, val)
		}
	case *rt.Symbol:
		home := "none (uninterned)"
		if p := img.HomePackage(o); p != nil {
			home = p.Name
		}
		x.notes = append(x.notes, "Package: "+home)
		x.section = "Parts"
		add("name", rt.NewString(o.Name))
		if o.Value != nil && o.Flags&rt.FlagSymbolMacro == 0 {
			add("value", o.Value)
		}
		if o.Fn != nil {
			add("function", o.Fn)
		}
		if o.Macro != nil {
			add("macro-function", o.Macro)
		}
		if pl := img.SymbolPlist(o); pl != rt.NIL {
			add("plist", pl)
		}
	case rt.Function:
		name := o.FunctionName()
		if name != nil && name != rt.NIL {
			x.notes = append(x.notes, "Name: "+PrintShort(th, name))
		}
		if ll := LambdaList(th, o); ll != "" {
			x.notes = append(x.notes, "Lambda list: "+ll)
		}
		if src, ok := img.FunctionSource(o); ok && !src.Location.IsZero() {
			where := "defined by evaluate-lisp"
			if src.Location.IsFile() {
				where = src.Location.String()
			}
			x.notes = append(x.notes, "Source: "+where)
		}
		if cl, ok := o.(*eval.Closure); ok {
			if doc := cl.Documentation(); doc != "" {
				x.notes = append(x.notes, "Documentation: "+clip(strings.ReplaceAll(doc, "\n", " "), 200))
			}
			vars := cl.ClosedVariables()
			if len(vars) > 0 {
				x.section = "Closed over"
				for _, cv := range vars {
					add(cv.Name.Name, cv.Value)
				}
			}
		}
		if gf, ok := o.(*clos.GF); ok {
			x.section = "Methods"
			for i, m := range rt.ListToSlice(MOP(th, "GENERIC-FUNCTION-METHODS", gf)) {
				add(strconv.Itoa(i), m)
			}
		}
	case *rt.Class:
		x.notes = append(x.notes, "Name: "+eval.QualifiedName(img, o.Name))
		x.section = "Parts"
		add("direct superclasses", MOP(th, "CLASS-DIRECT-SUPERCLASSES", o))
		add("precedence list", MOP(th, "CLASS-PRECEDENCE-LIST", o))
		add("slots", MOP(th, "CLASS-SLOTS", o))
	case *rt.Package:
		x.notes = append(x.notes, "Name: "+o.Name)
		x.section = "Parts"
		var uses []rt.Value
		for _, u := range o.Use {
			uses = append(uses, u)
		}
		add("use-list", rt.List(uses...))
		add("external symbols", rt.MakeInt(int64(len(o.ExternalSymbols()))))
	}
	return x
}

// ListParts returns the first max elements of a list, its tail after
// them, and whether it is circular (Brent's check).
func ListParts(c *rt.Cons, max int) (items []rt.Value, tail rt.Value, circular bool) {
	var slow rt.Value = c
	power, steps := 1, 0
	var cur rt.Value = c
	for len(items) < max {
		cell, ok := cur.(*rt.Cons)
		if !ok {
			return items, cur, false
		}
		items = append(items, cell.Car)
		cur = cell.Cdr
		if cur == slow {
			return items, cur, true
		}
		steps++
		if steps == power {
			slow, power, steps = cur, power*2, 0
		}
	}
	return items, cur, false
}

// VectorLength is the active length of a vector with n elements.
func VectorLength(hasFill bool, fill, n int) int {
	if hasFill && fill < n {
		return fill
	}
	return n
}

// typeOf prints (TYPE-OF v).
func typeOf(th *rt.Thread, v rt.Value) string {
	fn := th.Img.CLSym("TYPE-OF")
	if fn.Fn == nil {
		return "T"
	}
	return PrintShort(th, th.Call(fn, v))
}

// Text renders an inspection as the inspect tool and CL:INSPECT show it.
func (x *Inspection) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "[%d] %s\nType: %s\n", x.id, x.printed, x.typ)
	for _, n := range x.notes {
		b.WriteString(n + "\n")
	}
	if x.section != "" && (len(x.parts) > 0 || x.more != 0) {
		b.WriteString(x.section + ":\n")
		for _, p := range x.parts {
			if p.id == 0 {
				fmt.Fprintf(&b, "  %s: %s\n", p.label, p.value)
				continue
			}
			fmt.Fprintf(&b, "  [%d] %s: %s\n", p.id, p.label, p.value)
		}
		switch {
		case x.more > 0:
			fmt.Fprintf(&b, "  ... %d more not shown\n", x.more)
		case x.more < 0:
			b.WriteString("  ... more not shown\n")
		}
	}
	if len(x.parts) > 0 {
		b.WriteString("(Inspect a part with its [id].)")
	}
	return strings.TrimRight(b.String(), "\n")
}

func (x *Inspection) Structured() map[string]any {
	parts := make([]any, 0, len(x.parts))
	for _, p := range x.parts {
		m := map[string]any{"label": p.label, "value": p.value}
		if p.id != 0 {
			m["id"] = p.id
		}
		parts = append(parts, m)
	}
	return map[string]any{"id": x.id, "object": x.printed, "type": x.typ, "parts": parts}
}

// MOP calls the GOLEM-MOP introspection function name (CLASS-SLOTS,
// GENERIC-FUNCTION-METHODS, ...), or returns NIL when there is none.
func MOP(th *rt.Thread, name string, args ...rt.Value) rt.Value {
	sym := th.Img.Intern("GOLEM-MOP", name)
	if sym.Fn == nil {
		return rt.NIL
	}
	return th.Call(sym.Fn, args...)
}

// PrintShort renders v on one line, abbreviated (*print-length* 10,
// *print-level* 3), as listings show values.
func PrintShort(th *rt.Thread, v rt.Value) string {
	S := th.Img.S
	d := th.SpecialDepth()
	th.BindSpecial(S.PrintLength, rt.MakeInt(10))
	th.BindSpecial(S.PrintLevel, rt.MakeInt(3))
	th.BindSpecial(S.PrintCircle, rt.T)
	th.BindSpecial(S.PrintPretty, rt.NIL)
	th.BindSpecial(S.PrintReadably, rt.NIL)
	th.BindSpecial(S.PrintEscape, rt.T)
	out := printer.ToString(th, v, true)
	th.UnbindTo(d)
	return clip(strings.ReplaceAll(out, "\n", " "), 200)
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "..."
}

// LambdaList renders a function's lambda list, or "" when unknown.
func LambdaList(th *rt.Thread, fn rt.Function) string {
	if fn == nil {
		return ""
	}
	if b, ok := fn.(*rt.Builtin); ok {
		return b.Params
	}
	if ll, ok := fn.(rt.LambdaLister); ok {
		v := ll.LambdaList()
		if v == nil || v == rt.NIL {
			return "()"
		}
		return PrintShort(th, v)
	}
	return ""
}

// ID returns the id the inspected object has in its table.
func (x *Inspection) ID() int { return x.id }
