package printer

import (
	"strconv"

	rt "github.com/golem-lisp/golem/runtime"
)

// circleTable records, for *print-circle*, which objects are reachable more
// than once from the printed object, and the labels assigned so far.
type circleTable struct {
	// seen maps an object to its entry; shared is true when it was reached
	// more than once.
	seen          map[rt.Value]*circleEntry
	next          int
	length, level int // *print-length* and *print-level* (-1: none)
}

type circleEntry struct {
	shared bool
	label  int // 0 until #n= has been printed
}

// circleCandidate reports whether v is an object *print-circle* tracks.
func circleCandidate(v rt.Value) bool {
	switch x := v.(type) {
	case *rt.Cons, *rt.Vector, *rt.Array, *rt.Instance, *rt.String, *rt.BitVector:
		return true
	case *rt.Symbol:
		return x.Pkg == nil && x != rt.NIL && x != rt.T
	}
	return false
}

// scanCircle walks v once (linear in its size) and marks shared objects.
// Like the printer, it stops at *print-length* elements and *print-level*
// depth, so that only references that will be printed count.
func scanCircle(th *rt.Thread, v rt.Value, length, level, depth int) *circleTable {
	t := &circleTable{seen: map[rt.Value]*circleEntry{}, length: length, level: level}
	t.walk(th, v, depth)
	return t
}

// visit records one reference; it reports whether the object's components
// still need walking (first visit).
func (t *circleTable) visit(v rt.Value) bool {
	if e, ok := t.seen[v]; ok {
		e.shared = true
		return false
	}
	t.seen[v] = &circleEntry{}
	return true
}

func (t *circleTable) limit(n int) bool { return t.length >= 0 && n >= t.length }

func (t *circleTable) walk(th *rt.Thread, v rt.Value, depth int) {
	if !circleCandidate(v) {
		return
	}
	compound := true
	switch x := v.(type) {
	case *rt.Symbol, *rt.String, *rt.BitVector:
		compound = false
	case *rt.Instance:
		compound = x.Class.Kind == rt.StructureClass
	}
	if compound && t.level >= 0 && depth >= t.level {
		return
	}
	if !t.visit(v) {
		return
	}
	th.EnterNested()
	th.Tick()
	switch x := v.(type) {
	case *rt.Cons:
		t.walk(th, x.Car, depth+1)
		for n := 1; ; n++ {
			next, ok := x.Cdr.(*rt.Cons)
			if !ok {
				if x.Cdr != rt.NIL && !t.limit(n) {
					t.walk(th, x.Cdr, depth+1)
				}
				break
			}
			if t.limit(n) || !t.visit(next) {
				break
			}
			th.Tick()
			t.walk(th, next.Car, depth+1)
			x = next
		}
	case *rt.Vector:
		for i, e := range x.Active() {
			if t.limit(i) {
				break
			}
			t.walk(th, e, depth+1)
		}
	case *rt.Array:
		if data, ok := x.Data.(*rt.Vector); ok {
			n := x.TotalSize()
			for i := 0; i < n && x.Offset+i < len(data.Items); i++ {
				t.walk(th, data.Items[x.Offset+i], depth+len(x.Dims))
			}
		}
	case *rt.Instance:
		for i, s := range x.Slots {
			if t.limit(i) {
				break
			}
			if s != nil {
				t.walk(th, s, depth+1)
			}
		}
	}
	th.LeaveNested()
}

// isShared reports whether v is referenced more than once.
func (t *circleTable) isShared(v rt.Value) bool {
	e, ok := t.seen[v]
	return ok && e.shared
}

// printLabel handles a shared object: it prints #n# and returns true when
// the object was already printed, or prints #n= and returns false the
// first time. Unshared objects print nothing.
func (t *circleTable) printLabel(p *printer, v rt.Value) bool {
	e, ok := t.seen[v]
	if !ok {
		// Reached through a PRINT-OBJECT method the scan did not see.
		return false
	}
	if !e.shared {
		return false
	}
	if e.label != 0 {
		p.write("#" + strconv.Itoa(e.label) + "#")
		return true
	}
	t.next++
	e.label = t.next
	p.write("#" + strconv.Itoa(e.label) + "=")
	return false
}

// labelled reports whether v is shared and already printed.
func (t *circleTable) labelled(v rt.Value) bool {
	e, ok := t.seen[v]
	return ok && e.shared && e.label != 0
}
