package clos

import (
	"strings"

	"github.com/golem-lisp/golem/printer"
	rt "github.com/golem-lisp/golem/runtime"
)

func installPrinterHook(img *rt.Image, w *world) {
	printer.SetPrintObjectHook(img, w.printHook)
}

func init() {
	rt.Register(
		rt.Def{Name: "DESCRIBE", Min: 1, Max: 2, MV: true, Params: "(OBJECT &OPTIONAL STREAM)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				w := wOf(th)
				var s rt.Value = rt.NIL
				if len(args) > 1 {
					s = args[1]
				}
				out := th.OutputStream(s)
				if !rt.LineStart(out) {
					out.WriteString("\n")
				}
				w.gfDescribeObject.Call(th, []rt.Value{args[0], out})
				if !rt.LineStart(out) {
					out.WriteString("\n")
				}
				return th.Values()
			}},
		rt.Def{Name: "DOCUMENTATION", Min: 2, Max: 2, Params: "(X DOC-TYPE)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			return wOf(th).documentation(th, args[0], args[1])
		}},
		rt.Def{Name: "GOLEM:%SET-DOCUMENTATION", Min: 3, Max: 3, Params: "(NAME DOC-TYPE STRING)",
			Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				wOf(th).setDocumentation(th, args[0], args[1], args[2])
				return args[0]
			}},
		rt.Def{Name: "GOLEM:%CONSTANTLY", Min: 1, Max: 1, Params: "(VALUE)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			return constThunk{args[0]}
		}},
		rt.Def{Name: "GOLEM:%DEFTYPE", Min: 3, Max: 3, Params: "(NAME EXPANDER DOC)", Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			w := wOf(th)
			name := symArg(th, args[0])
			rt.CheckNotLocked(th, name, "defining")
			th.CheckNotDeclaration(name)
			w.deftypes[name] = args[1]
			if args[2] != rt.NIL {
				w.docs[docKey{name: name, kind: th.Img.CLSym("TYPE")}] = args[2]
			}
			w.invalidate()
			return name
		}},
	)
}

// --- documentation ---

type documented interface{ Documentation() string }

// docString returns a documentation string as a Lisp string, the same
// object each time (as SBCL does).
func (w *world) docString(s string) rt.Value {
	if s == "" {
		return rt.NIL
	}
	if w.docStrings == nil {
		w.docStrings = map[string]*rt.String{}
	}
	if ls, ok := w.docStrings[s]; ok {
		return ls
	}
	ls := rt.NewString(s)
	w.docStrings[s] = ls
	return ls
}

// docKeyFor makes the documentation table key of a name and doc type.
func docKeyFor(th *rt.Thread, x rt.Value, docType rt.Value) docKey {
	kind, _ := docType.(*rt.Symbol)
	if c, ok := x.(*rt.Cons); ok {
		if sym, setf := fnameSymbol(th, c); setf {
			return docKey{name: sym, setf: true, kind: kind}
		}
	}
	return docKey{name: x, kind: kind}
}

// documentation implements DOCUMENTATION.
func (w *world) documentation(th *rt.Thread, x rt.Value, docType rt.Value) rt.Value {
	kind, _ := docType.(*rt.Symbol)
	if kind == nil {
		th.TypeErrorName(docType, "SYMBOL")
	}
	if d, ok := w.docs[docKeyFor(th, x, docType)]; ok {
		return d
	}
	if f, ok := x.(rt.Function); ok && kind.Name == "T" {
		if d, ok := w.docs[docKey{name: f, kind: th.Img.CLSym("FUNCTION")}]; ok {
			return d
		}
	}
	kn := kind.Name
	switch v := x.(type) {
	case *GF:
		if kn == "T" || kn == "FUNCTION" {
			return orNil(v.doc)
		}
	case *Method:
		if kn == "T" {
			return orNil(v.doc)
		}
	case *rt.Class:
		if kn == "T" || kn == "TYPE" {
			return w.docString(v.Doc)
		}
	case rt.Function:
		if kn == "T" || kn == "FUNCTION" {
			if d, ok := v.(documented); ok {
				return w.docString(d.Documentation())
			}
		}
	case *rt.Symbol:
		switch kn {
		case "FUNCTION":
			if v.Macro != nil {
				if d, ok := v.Macro.(documented); ok {
					return w.docString(d.Documentation())
				}
				return rt.NIL
			}
			if v.Fn != nil {
				return w.documentation(th, v.Fn, th.Img.CLSym("FUNCTION"))
			}
		case "TYPE":
			if c := w.img.Classes[v]; c != nil {
				if info := rt.StructInfoOf(c); info != nil {
					return w.docString(info.Doc)
				}
				return w.docString(c.Doc)
			}
			if info := rt.FindStruct(w.img, v); info != nil {
				return w.docString(info.Doc)
			}
		case "STRUCTURE":
			if info := rt.FindStruct(w.img, v); info != nil {
				return w.docString(info.Doc)
			}
		case "METHOD-COMBINATION":
			if ct := w.combos[v]; ct != nil {
				return orNil(ct.doc)
			}
		}
	case *rt.Cons:
		if kn == "FUNCTION" {
			if sym, setf := fnameSymbol(th, v); setf && sym.Setf != nil {
				return w.documentation(th, sym.Setf, th.Img.CLSym("FUNCTION"))
			}
		}
	}
	return rt.NIL
}

func orNil(v rt.Value) rt.Value {
	if v == nil {
		return rt.NIL
	}
	return v
}

// setDocumentation implements (SETF DOCUMENTATION).
func (w *world) setDocumentation(th *rt.Thread, x rt.Value, docType rt.Value, doc rt.Value) {
	kind, _ := docType.(*rt.Symbol)
	if kind == nil {
		th.TypeErrorName(docType, "SYMBOL")
	}
	if doc != rt.NIL {
		if _, ok := doc.(*rt.String); !ok {
			th.TypeError(doc, rt.List(th.Img.S.Or, th.Img.S.String, th.Img.CLSym("NULL")))
		}
	}
	switch v := x.(type) {
	case *GF:
		v.doc = doc
		return
	case *Method:
		v.doc = doc
		return
	case *rt.Class:
		if doc == rt.NIL {
			v.Doc = ""
		} else {
			v.Doc = doc.(*rt.String).String()
		}
		return
	case *rt.Symbol:
		if kind.Name == "FUNCTION" {
			if gf, ok := v.Fn.(*GF); ok && v.Macro == nil {
				gf.doc = doc
				return
			}
			// The function object carries the documentation too.
			if v.Macro != nil {
				w.docs[docKey{name: v.Macro, kind: th.Img.CLSym("FUNCTION")}] = doc
			} else if v.Fn != nil {
				w.docs[docKey{name: v.Fn, kind: th.Img.CLSym("FUNCTION")}] = doc
			}
		}
		if kind.Name == "TYPE" {
			if c := w.img.Classes[v]; c != nil && rt.StructInfoOf(c) == nil {
				w.setDocumentation(th, c, th.Img.CLSym("T"), doc)
				return
			}
		}
	}
	w.docs[docKeyFor(th, x, docType)] = doc
}

// wrapDefvarDocs makes DEFVAR, DEFPARAMETER and DEFCONSTANT record their
// documentation strings (the evaluator's expansions ignore them).
func (w *world) wrapDefvarDocs() {
	for _, name := range []string{"DEFVAR", "DEFPARAMETER", "DEFCONSTANT"} {
		sym := w.img.CLSym(name)
		old := sym.Macro
		if old == nil {
			continue
		}
		sym.Macro = &rt.Builtin{Name: sym, Min: 2, Max: 2, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			exp := old.Call(th, args)
			parts := rt.ListToSlice(args[0])
			if len(parts) == 4 {
				if _, ok := parts[3].(*rt.String); ok {
					q := func(v rt.Value) rt.Value { return rt.List(th.Img.S.Quote, v) }
					return rt.List(th.Img.S.Progn, exp,
						rt.List(w.golemSym("%SET-DOCUMENTATION"), q(parts[1]), q(th.Img.CLSym("VARIABLE")), parts[3]))
				}
			}
			return exp
		}}
	}
}

// --- DESCRIBE ---

func (w *world) line(s rt.Stream, text string) { s.WriteString(text + "\n") }

// describeDefault is the system DESCRIBE-OBJECT method.
func (w *world) describeDefault(th *rt.Thread, obj rt.Value, s rt.Stream) {
	pr := func(v rt.Value) string { return printer.ToString(th, v, true) }
	switch x := obj.(type) {
	case *rt.Symbol:
		w.line(s, qualifiedName(th, x))
		kind := "symbol"
		if x == rt.NIL {
			kind = "null"
		} else if x == rt.T {
			kind = "boolean"
		}
		w.line(s, "  ["+kind+"]")
		w.describeSymbol(th, x, s)
		return
	case *rt.Instance:
		w.ensureCurrentIfStandard(th, x)
		w.line(s, pr(x))
		kind := "standard-object"
		switch x.Class.Kind {
		case rt.StructureClass:
			kind = "structure-object"
		case rt.ConditionClass:
			kind = "condition"
		}
		w.line(s, "  ["+kind+"]")
		w.describeSlots(th, x, s)
		return
	case *rt.Class:
		w.line(s, pr(x))
		w.line(s, "  ["+strings.ToLower(w.metaclassOf(x).Name.Name)+"]")
		s.WriteString("\n")
		w.describeClass(th, x, s, "")
		return
	case *GF:
		w.line(s, pr(x))
		w.line(s, "  [generic-function]")
		s.WriteString("\n")
		w.describeGF(th, x, s, "")
		return
	}
	w.line(s, pr(obj))
	kind := strings.ToLower(pr(w.describeType(th, obj)))
	w.line(s, "  ["+kind+"]")
	switch x := obj.(type) {
	case rt.Char:
		s.WriteString("\n")
		w.line(s, "Char-code: "+itoa(int(x)))
		if n := th.Call(th.Img.CLSym("CHAR-NAME"), x); n != rt.NIL {
			w.line(s, "Char-name: "+printer.ToString(th, n, false))
		}
	case *rt.String, *rt.Vector, *rt.BitVector:
		s.WriteString("\n")
		w.line(s, "Element-type: "+pr(th.Call(th.Img.CLSym("ARRAY-ELEMENT-TYPE"), x)))
		w.line(s, "Length: "+pr(th.Call(th.Img.CLSym("LENGTH"), x)))
	case *rt.Array:
		s.WriteString("\n")
		w.line(s, "Element-type: "+pr(th.Call(th.Img.CLSym("ARRAY-ELEMENT-TYPE"), x)))
		w.line(s, "Dimensions: "+pr(th.Call(th.Img.CLSym("ARRAY-DIMENSIONS"), x)))
	case *rt.HashTable:
		s.WriteString("\n")
		w.line(s, "Occupancy: "+pr(th.Call(th.Img.CLSym("HASH-TABLE-COUNT"), x)))
	case rt.Function:
		if ll, ok := x.(rt.LambdaLister); ok {
			s.WriteString("\n")
			w.line(s, "Lambda-list: "+pr(orNil(ll.LambdaList())))
		}
		if d, ok := x.(documented); ok && d.Documentation() != "" {
			w.line(s, "Documentation:")
			w.line(s, "  "+d.Documentation())
		}
	}
}

func (w *world) ensureCurrentIfStandard(th *rt.Thread, x *rt.Instance) {
	if isStandard(x.Class) {
		w.ensureCurrent(th, x)
	}
}

// describeType is the bracketed type DESCRIBE shows.
func (w *world) describeType(th *rt.Thread, obj rt.Value) rt.Value {
	switch x := obj.(type) {
	case rt.Fixnum:
		return th.Img.CLSym("FIXNUM")
	case *rt.String:
		if x.IsSimple() {
			return th.Img.CLSym("SIMPLE-STRING")
		}
		return th.Img.CLSym("STRING")
	case *rt.Cons:
		return th.Img.CLSym("LIST")
	case rt.Char:
		return th.TypeOf(x)
	case rt.Function:
		return th.Img.CLSym("FUNCTION")
	}
	t := th.TypeOf(obj)
	if c, ok := t.(*rt.Cons); ok {
		return c.Car
	}
	return t
}

func (w *world) describeSlots(th *rt.Thread, x *rt.Instance, s rt.Stream) {
	var shared, local []int
	for i, sd := range x.Class.Slots {
		if sd.Class {
			shared = append(shared, i)
		} else {
			local = append(local, i)
		}
	}
	if len(shared)+len(local) == 0 {
		return
	}
	s.WriteString("\n")
	show := func(title string, idx []int) {
		if len(idx) == 0 {
			return
		}
		w.line(s, title)
		for _, i := range idx {
			sd := x.Class.Slots[i]
			name := printer.ToString(th, sd.Name, false)
			pad := 31 - len(name)
			if pad < 1 {
				pad = 1
			}
			v := slotRead(x, i, sd)
			val := "#<unbound slot>"
			if v != nil {
				val = printer.ToString(th, v, true)
			}
			w.line(s, "  "+name+strings.Repeat(" ", pad)+"= "+val)
		}
	}
	show("Slots with :CLASS allocation:", shared)
	show("Slots with :INSTANCE allocation:", local)
}

func (w *world) describeClass(th *rt.Thread, c *rt.Class, s rt.Stream, indent string) {
	pr := func(v rt.Value) string { return printer.ToString(th, v, true) }
	if c.Doc != "" {
		w.line(s, indent+"Documentation:")
		w.line(s, indent+"  "+c.Doc)
	}
	var supers []string
	for _, k := range c.Supers {
		supers = append(supers, pr(k.Name))
	}
	if len(supers) > 0 {
		w.line(s, indent+"Direct superclasses: "+strings.Join(supers, ", "))
	}
	if ci := infoOf(c); ci != nil {
		if len(ci.subclasses) == 0 {
			w.line(s, indent+"No subclasses.")
		} else {
			var subs []string
			for _, k := range ci.subclasses {
				subs = append(subs, pr(k.Name))
			}
			w.line(s, indent+"Direct subclasses: "+strings.Join(subs, ", "))
		}
		if len(ci.directSlots) > 0 {
			w.line(s, indent+"Direct slots:")
			for _, ds := range ci.directSlots {
				w.line(s, indent+"  "+pr(ds.name))
				if ds.typ != nil && ds.typ != rt.T {
					w.line(s, indent+"    Type: "+pr(ds.typ))
				}
				if ds.allocClass {
					w.line(s, indent+"    Allocation: :CLASS")
				}
				if len(ds.initargs) > 0 {
					var ias []string
					for _, ia := range ds.initargs {
						ias = append(ias, pr(ia))
					}
					w.line(s, indent+"    Initargs: "+strings.Join(ias, ", "))
				}
				if ds.initform != nil {
					w.line(s, indent+"    Initform: "+pr(ds.initform))
				}
				if len(ds.readers) > 0 {
					var rs []string
					for _, r := range ds.readers {
						rs = append(rs, pr(r))
					}
					w.line(s, indent+"    Readers: "+strings.Join(rs, ", "))
				}
				if len(ds.writers) > 0 {
					var ws []string
					for _, r := range ds.writers {
						ws = append(ws, pr(r))
					}
					w.line(s, indent+"    Writers: "+strings.Join(ws, ", "))
				}
				if ds.doc != "" {
					w.line(s, indent+"    Documentation:")
					w.line(s, indent+"     "+ds.doc)
				}
			}
		}
	} else if len(c.Slots) > 0 {
		w.line(s, indent+"Slots:")
		for _, sd := range c.Slots {
			w.line(s, indent+"  "+pr(sd.Name))
		}
	}
}

func (w *world) describeGF(th *rt.Thread, gf *GF, s rt.Stream, indent string) {
	pr := func(v rt.Value) string { return printer.ToString(th, v, true) }
	w.line(s, indent+"Lambda-list: "+pr(gf.lambdaList))
	if d, ok := gf.doc.(*rt.String); ok {
		w.line(s, indent+"Documentation:")
		w.line(s, indent+"  "+d.String())
	}
	w.line(s, indent+"Method-combination: "+pr(gf.combo.typ.name))
	if len(gf.methods) > 0 {
		w.line(s, indent+"Methods:")
		for _, m := range gf.methods {
			parts := []rt.Value{gf.name}
			parts = append(parts, m.qualifiers...)
			parts = append(parts, m.specializerNames(th.Img))
			w.line(s, indent+"  "+pr(rt.List(parts...)))
		}
	}
	w.describeSourceFile(th, gf, s, indent)
}

func (w *world) describeSymbol(th *rt.Thread, sym *rt.Symbol, s rt.Stream) {
	pr := func(v rt.Value) string { return printer.ToString(th, v, true) }
	name := printer.ToString(th, sym, true)
	doc := func(kind string) {
		if d, ok := w.documentation(th, sym, th.Img.CLSym(kind)).(*rt.String); ok {
			w.line(s, "  Documentation:")
			w.line(s, "    "+d.String())
		}
	}
	if sym.Value != nil && (sym.IsConstant() || sym.IsSpecial()) && sym.Flags&rt.FlagSymbolMacro == 0 {
		s.WriteString("\n")
		if sym.IsConstant() {
			w.line(s, name+" names a constant variable:")
		} else {
			w.line(s, name+" names a special variable:")
		}
		w.line(s, "  Value: "+pr(sym.Value))
		doc("VARIABLE")
	} else if sym.IsSpecial() {
		s.WriteString("\n")
		w.line(s, name+" names a special variable:")
		w.line(s, "  Value: #<unbound>")
		doc("VARIABLE")
	}
	switch {
	case sym.Macro != nil:
		s.WriteString("\n")
		w.line(s, name+" names a macro:")
		if ll, ok := sym.Macro.(rt.LambdaLister); ok {
			w.line(s, "  Lambda-list: "+pr(orNil(ll.LambdaList())))
		}
		doc("FUNCTION")
		w.describeSourceFile(th, sym.Macro, s, "  ")
	case sym.Flags&rt.FlagSpecialOperator != 0:
		s.WriteString("\n")
		w.line(s, name+" names a special operator:")
	case sym.Fn != nil:
		s.WriteString("\n")
		if gf, ok := sym.Fn.(*GF); ok {
			w.line(s, name+" names a generic function:")
			w.describeGF(th, gf, s, "  ")
		} else {
			w.line(s, name+" names a compiled function:")
			if b, ok := sym.Fn.(*rt.Builtin); ok && b.Params != "" {
				w.line(s, "  Lambda-list: "+b.Params)
			} else if ll, ok := sym.Fn.(rt.LambdaLister); ok {
				w.line(s, "  Lambda-list: "+pr(orNil(ll.LambdaList())))
			}
			doc("FUNCTION")
			w.describeSourceFile(th, sym.Fn, s, "  ")
		}
	}
	if c := w.img.Classes[sym]; c != nil {
		s.WriteString("\n")
		w.line(s, name+" names the "+strings.ToLower(w.metaclassOf(c).Name.Name)+" "+pr(c)+":")
		w.describeClass(th, c, s, "  ")
	} else if d, ok := w.deftypes[sym]; ok && d != nil {
		s.WriteString("\n")
		w.line(s, name+" names a type-specifier:")
		doc("TYPE")
	}
}
