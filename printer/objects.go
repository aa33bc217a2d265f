package printer

import (
	"strconv"
	"strings"

	rt "github.com/golem-lisp/golem/runtime"
)

// identity is what golem prints where SBCL prints an object's address.
const identity = "{...}"

// --- lists ---

// list prints a cons without the pretty printer.
func (p *printer) list(c *rt.Cons) {
	if p.levelExceeded() {
		p.write("#")
		return
	}
	p.th.EnterNested()
	p.depth++
	p.write("(")
	n := 0
	x := c
	for {
		if p.length >= 0 && n >= p.length {
			p.write("...")
			break
		}
		p.object(x.Car)
		n++
		next := x.Cdr
		if next == rt.NIL {
			break
		}
		nc, ok := next.(*rt.Cons)
		if !ok || (p.circle != nil && p.circle.isShared(nc)) {
			p.write(" . ")
			p.object(next)
			break
		}
		p.write(" ")
		x = nc
		p.th.Tick()
	}
	p.write(")")
	p.depth--
	p.th.LeaveNested()
}

// --- vectors and arrays ---

// arrayTypeSpec describes an array for the *print-array* NIL form.
func (p *printer) arrayTypeSpec(v rt.Value) string {
	et := rt.ArrayElementType(p.img, v)
	dims := rt.ArrayDims(v)
	simple := false
	switch a := v.(type) {
	case *rt.Vector:
		simple = !a.HasFill && !a.Adjustable
		if simple && (a.ElemType == nil || a.ElemType == rt.T) {
			return "(SIMPLE-VECTOR " + strconv.Itoa(len(a.Items)) + ")"
		}
	case *rt.BitVector:
		simple = !a.HasFill && !a.Adjustable
		if simple {
			return "(SIMPLE-BIT-VECTOR " + strconv.Itoa(len(a.Bits)) + ")"
		}
	case *rt.String:
		simple = a.IsSimple()
	case *rt.Array:
		simple = !a.Adjustable && !a.Displaced
	}
	ets := ToString(p.th, et, true)
	var dimStrs []string
	for _, d := range dims {
		dimStrs = append(dimStrs, strconv.Itoa(d))
	}
	dimText := "(" + strings.Join(dimStrs, " ") + ")"
	if len(dims) == 0 {
		dimText = "NIL"
	}
	if simple {
		return "(SIMPLE-ARRAY " + ets + " " + dimText + ")"
	}
	if len(dims) == 1 {
		size := dims[0]
		switch a := v.(type) {
		case *rt.Vector:
			size = len(a.Items)
		case *rt.String:
			size = len(a.R)
		case *rt.BitVector:
			size = len(a.Bits)
		}
		return "(VECTOR " + ets + " " + strconv.Itoa(size) + ")"
	}
	return "(ARRAY " + ets + " " + dimText + ")"
}

func (p *printer) unreadableArray(v rt.Value) {
	if p.readably {
		p.notReadable(v)
	}
	p.write("#<" + p.arrayTypeSpec(v) + " " + identity + ">")
}

func (p *printer) vector(v *rt.Vector) {
	if v.ElemType == rt.NIL && len(v.Active()) == 0 {
		// A vector of element type NIL is a STRING (CLHS: the union of the
		// (VECTOR c) for c a subtype of CHARACTER); an empty one prints as
		// the empty string. A longer one has no characters to print.
		p.string(&rt.String{})
		return
	}
	if v.ElemType == rt.NIL || !(p.array || p.readably) {
		p.terseArray(v)
		return
	}
	items := v.Active()
	if p.readably && !arrayReadablyPrintable(v.ElemType, nil) {
		p.sbclArrayForm(v.ElemType, []int{len(items)}, func(i int) rt.Value { return items[i] })
		return
	}
	p.vectorItems(items)
}

// vectorItems prints #(...) for the given elements.
func (p *printer) vectorItems(items []rt.Value) {
	if p.levelExceeded() {
		p.write("#")
		return
	}
	if p.pretty {
		p.prettyVector(items)
		return
	}
	p.th.EnterNested()
	p.depth++
	p.write("#(")
	for i, e := range items {
		if i > 0 {
			p.write(" ")
		}
		if p.length >= 0 && i >= p.length {
			p.write("...")
			break
		}
		p.object(e)
		p.th.Tick()
	}
	p.write(")")
	p.depth--
	p.th.LeaveNested()
}

func (p *printer) bitVector(b *rt.BitVector) {
	if !(p.array || p.readably) {
		p.unreadableArray(b)
		return
	}
	p.bits(b.Active())
}

func (p *printer) bits(bits []uint8) {
	var sb strings.Builder
	sb.Grow(len(bits) + 2)
	sb.WriteString("#*")
	for _, x := range bits {
		sb.WriteByte('0' + x)
	}
	p.write(sb.String())
}

// arrayElements returns an accessor for the row-major elements of a.
func arrayElements(a *rt.Array) func(i int) rt.Value {
	switch d := a.Data.(type) {
	case *rt.Vector:
		return func(i int) rt.Value { return d.Items[a.Offset+i] }
	case *rt.String:
		return func(i int) rt.Value { return rt.Char(d.R[a.Offset+i]) }
	case *rt.BitVector:
		return func(i int) rt.Value { return rt.MakeInt(int64(d.Bits[a.Offset+i])) }
	case *rt.Array:
		inner := arrayElements(d)
		return func(i int) rt.Value { return inner(a.Offset + i) }
	}
	return func(int) rt.Value { return rt.NIL }
}

func (p *printer) arrayObject(a *rt.Array) {
	et := rt.ArrayElementType(p.img, a)
	if et == rt.NIL || !(p.array || p.readably) {
		// Strings stay strings even under *print-array* NIL.
		if len(a.Dims) == 1 && (et == p.img.S.Character || et == p.img.CLSym("BASE-CHAR")) {
			p.displacedString(a)
			return
		}
		p.terseArray(a)
		return
	}
	at := arrayElements(a)
	if len(a.Dims) == 1 {
		n := activeLength(a)
		switch et {
		case p.img.S.Character, p.img.CLSym("BASE-CHAR"):
			p.displacedString(a)
			return
		case p.img.CLSym("BIT"):
			bits := make([]uint8, n)
			for i := range bits {
				if b, ok := at(i).(rt.Fixnum); ok {
					bits[i] = uint8(b)
				}
			}
			p.bits(bits)
			return
		}
		if p.readably && !arrayReadablyPrintable(et, nil) {
			p.sbclArrayForm(et, []int{n}, at)
			return
		}
		items := make([]rt.Value, n)
		for i := range items {
			items[i] = at(i)
		}
		p.vectorItems(items)
		return
	}
	if p.readably && !arrayReadablyPrintable(et, a.Dims) {
		p.sbclArrayForm(et, a.Dims, at)
		return
	}
	if len(a.Dims) > 0 && p.levelExceeded() {
		// An array with components beyond *print-level* prints as # (CLHS
		// *print-level*), as vectors do; SBCL writes its #nA prefix first.
		p.write("#")
		return
	}
	p.write("#" + strconv.Itoa(len(a.Dims)) + "A")
	if len(a.Dims) == 0 {
		p.object(at(0))
		return
	}
	p.arraySlice(a.Dims, 0, at)
}

// activeLength is a one-dimensional array's length up to its fill pointer.
func activeLength(a *rt.Array) int {
	if a.HasFill {
		return a.Fill
	}
	return a.Dims[0]
}

func (p *printer) displacedString(a *rt.Array) {
	at := arrayElements(a)
	rs := make([]rune, activeLength(a))
	for i := range rs {
		if c, ok := at(i).(rt.Char); ok {
			rs[i] = rune(c)
		}
	}
	p.string(&rt.String{R: rs})
}

// arraySlice prints the sub-array of dims starting at row-major index start.
func (p *printer) arraySlice(dims []int, start int, at func(int) rt.Value) {
	if len(dims) == 0 {
		p.object(at(start))
		return
	}
	if p.levelExceeded() {
		p.write("#")
		return
	}
	stride := 1
	for _, d := range dims[1:] {
		stride *= d
	}
	if p.pretty {
		p.prettyArraySlice(dims, start, stride, at)
		return
	}
	p.th.EnterNested()
	p.depth++
	p.write("(")
	for i := 0; i < dims[0]; i++ {
		if i > 0 {
			p.write(" ")
		}
		if p.length >= 0 && i >= p.length {
			p.write("...")
			break
		}
		p.arraySlice(dims[1:], start+i*stride, at)
		p.th.Tick()
	}
	p.write(")")
	p.depth--
	p.th.LeaveNested()
}

// --- instances: structures, conditions, standard objects ---

func (p *printer) instance(x *rt.Instance) {
	if p.st.printObject != nil {
		printed := false
		p.callout(func() { printed = p.st.printObject(p.th, x, p.out) })
		if printed {
			return
		}
	}
	switch x.Class.Kind {
	case rt.StructureClass:
		if fn := rt.StructPrinter(x.Class); fn != nil {
			p.callout(func() { p.th.Call(fn, x, p.out, rt.MakeInt(int64(p.depth))) })
			return
		}
		p.structure(x)
	case rt.ConditionClass:
		p.condition(x)
	default:
		p.unreadable(x, true, func() { p.object(x.Class.Name) })
	}
}

// structure prints #S(NAME :SLOT value ...).
func (p *printer) structure(x *rt.Instance) {
	if p.levelExceeded() {
		p.write("#")
		return
	}
	if p.pretty {
		p.prettyStructure(x)
		return
	}
	p.th.EnterNested()
	p.depth++
	p.write("#S(")
	p.object(x.Class.Name)
	for i, s := range x.Class.Slots {
		p.write(" ")
		if p.length >= 0 && i >= p.length {
			p.write("...")
			break
		}
		p.slotKeyword(s.Name)
		p.write(" ")
		p.object(slotValue(x, i))
	}
	p.write(")")
	p.depth--
	p.th.LeaveNested()
}

// slotKeyword prints a structure slot name as a keyword; SBCL keeps the
// colon even when *print-escape* is false.
func (p *printer) slotKeyword(name *rt.Symbol) {
	if !p.escape {
		p.write(":")
	}
	p.object(p.img.Kw(name.Name))
}

func slotValue(x *rt.Instance, i int) rt.Value {
	s := x.Class.Slots[i]
	var v rt.Value
	if s.Class {
		if s.Shared != nil {
			v = s.Shared.Car
		}
	} else if i < len(x.Slots) {
		v = x.Slots[i]
	}
	if v == nil {
		return rt.NIL
	}
	return v
}

// conditionSlot reads a condition slot by its GOLEM name.
func (p *printer) conditionSlot(c *rt.Instance, name string) (rt.Value, bool) {
	sym, st := p.img.Golem.FindSymbol(name)
	if st == rt.StatusNone {
		return nil, false
	}
	return c.SlotValueByName(sym)
}

func (p *printer) classIs(c *rt.Instance, name string) bool {
	k := p.img.Classes[p.img.CLSym(name)]
	return k != nil && c.Class.IsSubclassOf(k)
}

// condition prints a condition: its report under PRINC, SBCL's #<...> forms
// under PRIN1.
func (p *printer) condition(c *rt.Instance) {
	if !p.escape {
		p.callout(func() { ConditionReport(p.th, c, p.out) })
		return
	}
	switch {
	case p.classIs(c, "TYPE-ERROR"):
		p.unreadable(c, false, func() {
			p.object(c.Class.Name)
			p.write(" expected-type: ")
			et, _ := p.conditionSlot(c, "EXPECTED-TYPE")
			p.object(rt.OrNil(et))
			p.write(" datum: ")
			d, _ := p.conditionSlot(c, "DATUM")
			p.object(rt.OrNil(d))
		})
	case p.classIs(c, "SIMPLE-CONDITION"):
		p.unreadable(c, true, func() {
			p.object(c.Class.Name)
			if fc, ok := p.conditionSlot(c, "FORMAT-CONTROL"); ok {
				p.write(" ")
				sub := *p
				sub.escape = true
				sub.object(fc)
			}
		})
	case p.classIs(c, "CELL-ERROR"):
		p.unreadable(c, true, func() {
			p.object(c.Class.Name)
			if n, ok := p.conditionSlot(c, "NAME"); ok {
				p.write(" ")
				p.object(n)
			}
		})
	default:
		p.unreadable(c, true, func() { p.object(c.Class.Name) })
	}
}

// ConditionReport writes the report of condition c to s, as PRINC does: the
// first :report in the class precedence list (a string, or a function of
// the condition and a stream).
func ConditionReport(th *rt.Thread, c *rt.Instance, s rt.Stream) {
	for _, k := range c.Class.CPL {
		switch r := k.Report.(type) {
		case nil:
			continue
		case *rt.String:
			s.WriteString(r.String())
			return
		default:
			th.Call(r, c, s)
			return
		}
	}
	s.WriteString("Condition " + ToString(th, c.Class.Name, true) + " was signalled.")
}

// --- other objects ---

func metaclassName(k rt.ClassKind) string {
	switch k {
	case rt.StandardClass:
		return "STANDARD-CLASS"
	case rt.StructureClass:
		return "STRUCTURE-CLASS"
	case rt.ConditionClass:
		return "CONDITION-CLASS"
	}
	return "BUILT-IN-CLASS"
}

// qualified prints a symbol with its package prefix whatever *package* is.
func (p *printer) qualified(s *rt.Symbol) {
	d := p.th.SpecialDepth()
	p.th.BindSpecial(p.img.S.Package, p.img.Keyword)
	sub := *p
	sub.escape = true
	sub.object(s)
	p.th.UnbindTo(d)
}

func (p *printer) other(v rt.Value) {
	if pr, ok := v.(Printable); ok {
		p.callout(func() { pr.PrintLisp(p.th, p.out) })
		return
	}
	if p.st.printObject != nil {
		if _, builtin := v.(*rt.Builtin); !builtin {
			printed := false
			p.callout(func() { printed = p.st.printObject(p.th, v, p.out) })
			if printed {
				return
			}
		}
	}
	switch x := v.(type) {
	case *rt.HashTable:
		p.unreadable(x, true, func() {
			p.write("HASH-TABLE :TEST ")
			p.object(x.Test)
			p.write(" :COUNT " + strconv.Itoa(rt.HashTableCount(x)))
		})
	case *rt.Package:
		if x.Name == "" {
			p.unreadable(x, true, func() { p.write("PACKAGE (deleted)") })
			return
		}
		p.unreadable(x, false, func() {
			p.write("PACKAGE ")
			sub := *p
			sub.escape = true
			sub.string(rt.NewString(x.Name))
		})
	case *rt.Class:
		p.unreadable(x, false, func() {
			p.write(metaclassName(x.Kind) + " ")
			if x.Name != nil {
				p.qualified(x.Name)
			}
		})
	case rt.Function:
		p.function(x)
	case rt.Stream:
		p.stream(x)
	case *rt.Restart:
		p.restart(x)
	case *Block:
		p.unreadable(x, true, func() { p.write("PPRINT-LOGICAL-BLOCK") })
	case *DispatchTable:
		p.unreadable(x, true, func() { p.write("PPRINT-DISPATCH-TABLE") })
	case *rt.RandomState:
		p.randomState(x)
	default:
		p.unreadable(v, true, func() {
			c := p.th.ClassOf(v)
			if c != nil && c.Name != nil && c.Name != rt.T {
				p.object(c.Name)
			} else {
				p.write("OBJECT")
			}
		})
	}
}

// restart prints #<RESTART NAME {...}>, or under PRINC its report: the
// :report string or function, else the restart's name.
func (p *printer) restart(r *rt.Restart) {
	name := rt.OrNil(r.Name)
	if !p.escape {
		switch rep := r.Report.(type) {
		case *rt.String:
			p.write(rep.String())
			return
		case nil:
		default:
			if rep != rt.NIL {
				p.callout(func() { p.th.Call(rep, p.out) })
				return
			}
		}
		if name != rt.NIL {
			sub := *p
			sub.escape = true
			sub.object(name)
			return
		}
	}
	p.unreadable(r, true, func() {
		p.write("RESTART ")
		sub := *p
		sub.escape = true
		sub.object(name)
	})
}

// function prints #<FUNCTION NAME> or #<FUNCTION (LAMBDA (X)) {...}>.
func (p *printer) function(f rt.Function) {
	name := f.FunctionName()
	switch n := name.(type) {
	case *rt.Symbol:
		if n != rt.NIL {
			p.unreadable(f, false, func() {
				p.write("FUNCTION ")
				p.object(n)
			})
			return
		}
	case *rt.Cons:
		if n.Car == p.img.S.Setf {
			p.unreadable(f, false, func() {
				p.write("FUNCTION ")
				p.object(n)
			})
			return
		}
		p.unreadable(f, true, func() {
			p.write("FUNCTION ")
			p.object(n)
		})
		return
	}
	p.unreadable(f, true, func() {
		p.write("FUNCTION ")
		if ll, ok := f.(rt.LambdaLister); ok {
			p.object(rt.List(p.img.S.Lambda, ll.LambdaList()))
		} else {
			p.object(rt.List(p.img.S.Lambda, rt.NIL))
		}
	})
}

// stream prints a stream the way SBCL does.
func (p *printer) stream(s rt.Stream) {
	sbImpl := func(name string) string {
		if p.escape {
			return "SB-IMPL::" + name
		}
		return name
	}
	switch x := s.(type) {
	case *rt.StringInputStream:
		p.unreadable(s, true, func() { p.write(sbImpl("STRING-INPUT-STREAM")) })
	case *rt.StringOutputStream, *FillPointerOutputStream:
		p.unreadable(s, true, func() { p.write(sbImpl("STRING-OUTPUT-STREAM")) })
	case *rt.SynonymStream:
		p.unreadable(s, true, func() {
			p.write("SYNONYM-STREAM :SYMBOL ")
			p.object(x.Sym)
		})
	case *rt.BroadcastStream:
		p.unreadable(s, true, func() { p.write("BROADCAST-STREAM") })
	case *rt.TwoWayStream:
		p.unreadable(s, true, func() {
			p.write("TWO-WAY-STREAM :INPUT-STREAM ")
			p.object(x.In)
			p.write(" :OUTPUT-STREAM ")
			p.object(x.Out)
		})
	case *EchoStream:
		p.unreadable(s, true, func() {
			p.write("ECHO-STREAM :INPUT-STREAM ")
			p.object(x.In)
			p.write(" :OUTPUT-STREAM ")
			p.object(x.Out)
		})
	case *ConcatenatedStream:
		p.unreadable(s, true, func() {
			p.write("CONCATENATED-STREAM :STREAMS ")
			p.object(rt.List(streamsToValues(x.Streams[x.cur:])...))
		})
	case *prettyStream:
		p.unreadable(s, true, func() { p.write(sbImpl("PRETTY-STREAM")) })
	default:
		p.unreadable(s, true, func() {
			c := p.th.ClassOf(s)
			if c != nil && c.Name != nil && c.Name != rt.T {
				p.object(c.Name)
			} else {
				p.write("STREAM")
			}
		})
	}
}

func streamsToValues(ss []rt.Stream) []rt.Value {
	out := make([]rt.Value, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// unreadable prints #<...> around body, with " {...}" when withIdentity.
// Under *print-readably* it signals PRINT-NOT-READABLE.
func (p *printer) unreadable(v rt.Value, withIdentity bool, body func()) {
	if p.readably {
		p.notReadable(v)
	}
	emit := func() {
		body()
		if withIdentity {
			p.write(" " + identity)
		}
	}
	if p.pretty && prettyOf(p.out) != nil {
		p.logicalBlock(rt.NIL, true, "#<", ">", false, func(*Block) { emit() })
		return
	}
	p.write("#<")
	emit()
	p.write(">")
}

// PrintUnreadable is the core of PRINT-UNREADABLE-OBJECT: it prints
// #<TYPE body {...}> on s, where TYPE is (TYPE-OF object) when typ is true,
// body (nil when the macro has no body forms) prints the description and the
// identity marker is added when identity is true. Spaces are SBCL's: one
// always follows the type, one precedes the identity after a body or when
// there is no type (#<FOO >, #< {...}>). It signals PRINT-NOT-READABLE under
// *print-readably*.
func PrintUnreadable(th *rt.Thread, object rt.Value, s rt.Stream, typ, ident bool, body func(s rt.Stream)) {
	p := newPrinter(th, s)
	if p.readably {
		p.notReadable(object)
	}
	describe := func() {
		if typ {
			var t rt.Value
			if f := th.Img.CLSym("TYPE-OF"); f.Fn != nil {
				t = th.Call(f, object)
			} else if c := th.ClassOf(object); c != nil && c.Name != nil {
				t = c.Name
			} else {
				t = rt.T
			}
			d := th.SpecialDepth()
			th.BindSpecial(th.Img.S.PrintCircle, rt.NIL)
			th.BindSpecial(th.Img.S.PrintLevel, rt.NIL)
			th.BindSpecial(th.Img.S.PrintLength, rt.NIL)
			Write(th, t, p.out)
			th.UnbindTo(d)
			// As in SBCL, a space always follows the type.
			p.write(" ")
		}
		if body != nil {
			body(p.out)
		}
		if ident {
			if body != nil || !typ {
				p.write(" ")
			}
			p.write(identity)
		}
	}
	if p.pretty && prettyOf(p.out) != nil {
		p.logicalBlock(rt.NIL, true, "#<", ">", false, func(*Block) { describe() })
		return
	}
	p.write("#<")
	describe()
	p.write(">")
}
