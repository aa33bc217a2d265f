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
	seen map[rt.Value]*circleEntry
	next int
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
func scanCircle(th *rt.Thread, v rt.Value) *circleTable {
	t := &circleTable{seen: map[rt.Value]*circleEntry{}}
	t.walk(th, v)
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

func (t *circleTable) walk(th *rt.Thread, v rt.Value) {
	th.EnterNested()
	for {
		if !circleCandidate(v) || !t.visit(v) {
			break
		}
		th.Tick()
		switch x := v.(type) {
		case *rt.Cons:
			t.walk(th, x.Car)
			v = x.Cdr
			continue
		case *rt.Vector:
			for _, e := range x.Active() {
				t.walk(th, e)
			}
		case *rt.Array:
			if data, ok := x.Data.(*rt.Vector); ok {
				n := x.TotalSize()
				for i := 0; i < n && x.Offset+i < len(data.Items); i++ {
					t.walk(th, data.Items[x.Offset+i])
				}
			}
		case *rt.Instance:
			if x.Class.Kind == rt.StructureClass {
				for _, s := range x.Slots {
					if s != nil {
						t.walk(th, s)
					}
				}
			}
		}
		break
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
