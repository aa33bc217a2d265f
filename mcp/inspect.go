package mcp

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/golem-lisp/golem/eval"
	"github.com/golem-lisp/golem/reader"
	rt "github.com/golem-lisp/golem/runtime"
)

// The inspector: `inspect` (and CL:INSPECT in a session) shows an object's
// type and parts, each part with an id that `inspect` takes to show that
// part in turn. Ids are numbered per session and stay valid while the
// session's table holds the object: it keeps the maxInspected most recently
// numbered objects, so an old id may be forgotten, never reused.

const (
	// maxInspected bounds the objects a session's inspector table holds.
	maxInspected = 2000
	// maxParts bounds the parts one answer lists.
	maxParts = 100
)

// inspector numbers the objects a session inspected.
type inspector struct {
	next  int
	first int // the oldest id still held
	objs  map[int]rt.Value
	ids   map[any]int // pointer objects -> their id, so an object keeps it
}

func newInspector() *inspector {
	return &inspector{next: 1, first: 1, objs: map[int]rt.Value{}, ids: map[any]int{}}
}

// id returns v's id, numbering it if needed.
func (in *inspector) id(v rt.Value) int {
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
	for len(in.objs) > maxInspected {
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

func (in *inspector) lookup(id int) (rt.Value, bool) {
	v, ok := in.objs[id]
	return v, ok
}

// inspection is what the inspector shows of one object.
type inspection struct {
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
func (in *inspector) inspect(th *rt.Thread, v rt.Value) *inspection {
	x := &inspection{id: in.id(v), printed: printShort(th, v), typ: typeOf(th, v)}
	add := func(label string, val rt.Value) {
		if len(x.parts) >= maxParts {
			x.more++
			return
		}
		if val == nil {
			x.parts = append(x.parts, part{label: label, value: "#<unbound>"})
			return
		}
		x.parts = append(x.parts, part{label: label, id: in.id(val), value: printShort(th, val)})
	}
	img := th.Img
	switch o := v.(type) {
	case *rt.Cons:
		items, tail, circular := listParts(o, maxParts+1)
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
		if tail != rt.NIL && !circular && len(items) <= maxParts {
			add("tail", tail)
		}
		if len(items) > maxParts {
			x.more = -1 // unknown: the list goes on
		}
	case *rt.Vector:
		x.notes = append(x.notes, "Length: "+strconv.Itoa(vectorLength(o.HasFill, o.Fill, len(o.Items))))
		x.section = "Elements"
		for i, e := range o.Items[:vectorLength(o.HasFill, o.Fill, len(o.Items))] {
			add(strconv.Itoa(i), e)
		}
	case *rt.String:
		x.notes = append(x.notes, "Length: "+strconv.Itoa(vectorLength(o.HasFill, o.Fill, len(o.R))))
	case *rt.HashTable:
		x.notes = append(x.notes, "Test: "+o.Test.Name, "Count: "+strconv.Itoa(o.Count()))
		x.section = "Entries"
		o.Each(func(k, val rt.Value) bool {
			add(printShort(th, k), val)
			return true
		})
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
		x.notes = append(x.notes, "Class: "+qualified(img, o.Class.Name)+" ("+kind+")")
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
			x.notes = append(x.notes, "Name: "+printShort(th, name))
		}
		if ll := lambdaListOf(th, o); ll != "" {
			x.notes = append(x.notes, "Lambda list: "+ll)
		}
		if loc, ok := img.FunctionSource(o); ok && !loc.Location.IsZero() {
			x.notes = append(x.notes, "Source: "+locationText(loc.Location, true))
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

// listParts returns the first max elements of a list, its tail after
// them, and whether it is circular (Brent's check).
func listParts(c *rt.Cons, max int) (items []rt.Value, tail rt.Value, circular bool) {
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

func vectorLength(hasFill bool, fill, n int) int {
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
	return printShort(th, th.Call(fn, v))
}

// text renders an inspection as `inspect` and CL:INSPECT show it.
func (x *inspection) text() string {
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

func (x *inspection) structured() map[string]any {
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

// --- the tool ---

func (s *Server) addInspectTool() {
	s.mcp.AddTool(tool("inspect",
		"Inspect a Lisp object: its type and parts (list and vector elements, hash-table entries, slots of "+
			"instances, structures and conditions, a function's name, lambda list and closed-over variables), each "+
			"part with an [id]. Give `expression` (evaluated in the session) or the `id` of an object shown before.",
		annotations("Inspect", false, false, false), nil, map[string]any{
			"expression": stringProp("A Lisp form to evaluate and inspect, e.g. \"*config*\" or \"(gethash :a *table*)\"."),
			"id":         map[string]any{"type": "integer", "minimum": 1, "description": "The [id] of an object shown by an earlier inspect."},
			"package":    stringProp("Package to read the expression in. Defaults to the session's current package."),
		}), s.handler("inspect", s.inspectTool))
}

func (s *Server) inspectTool(ctx context.Context, sess *Session, _ mcpgo.CallToolRequest, args map[string]any) *mcpgo.CallToolResult {
	expr, bad := optionalString(args, "expression", "inspect")
	if bad != nil {
		return bad
	}
	pkgName, bad := optionalString(args, "package", "inspect")
	if bad != nil {
		return bad
	}
	id := 0
	if v, ok := args["id"]; ok && v != nil {
		f, isNum := v.(float64)
		if !isNum || f < 1 || f != math.Trunc(f) {
			return argsError("inspect `id` must be a positive integer.")
		}
		id = int(math.Min(f, math.MaxInt32))
	}
	if (expr == "") == (id == 0) {
		return argsError("inspect takes either `expression` or `id`.")
	}
	return s.run(ctx, sess, pkgName, func(th *rt.Thread, pkg *rt.Package) *mcpgo.CallToolResult {
		insp := sess.inspector()
		var v rt.Value
		if id != 0 {
			var ok bool
			if v, ok = insp.lookup(id); !ok {
				return argsError(fmt.Sprintf("No object has the id %d in this session: ids name the %d most recently "+
					"shown objects; inspect the expression again.", id, maxInspected))
			}
		} else {
			form, _ := reader.ReadFromString(th, expr)
			v = th.Img.Eval(th, form)
		}
		x := insp.inspect(th, v)
		res := textResult(x.text())
		res.StructuredContent = x.structured()
		return res
	})
}

// inspector returns the session's inspector table.
func (sess *Session) inspector() *inspector {
	if sess.insp == nil {
		sess.insp = newInspector()
	}
	return sess.insp
}

// installInspect makes CL:INSPECT print the inspector's text to
// *standard-output*, numbering parts in the session's table.
func installInspect(sess *Session, img *rt.Image) {
	sym := img.CLSym("INSPECT")
	sym.Fn = &rt.Builtin{Name: sym, Min: 1, Max: 1, Params: "(OBJECT)", MultipleValues: true,
		Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			text := sess.inspector().inspect(th, args[0]).text()
			out := th.SymbolValue(th.Img.S.StandardOutput)
			th.Call(th.Img.CLSym("WRITE-STRING"), rt.NewString(text+"\n"), out)
			return th.Values()
		}}
}
