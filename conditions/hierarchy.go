// Package conditions owns the ANSI condition type hierarchy (CLHS chapter 9),
// condition reports, the Lisp-facing signalling and restart functions, and
// backtrace rendering. The handler and restart stacks themselves live on the
// runtime Thread, so every package can signal without importing this one.
package conditions

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// slotSpec describes one direct slot of a standard condition type.
type slotSpec struct {
	name    string // slot name (interned where the type lives)
	initarg string // keyword name
	reader  string // CL reader function, or ""
}

type typeSpec struct {
	name   string // "NAME" in CL, or "GOLEM:NAME"
	supers []string
	slots  []slotSpec
	report func(th *rt.Thread, c *rt.Instance) string
}

// standardTypes lists CLHS 9 condition types (and golem's simple-* subtypes
// used by builtins) in definition order: supers before subclasses.
var standardTypes = []typeSpec{
	{name: "CONDITION", report: func(th *rt.Thread, c *rt.Instance) string {
		return "Condition " + prin1Qualified(th, c.Class.Name) + " was signalled."
	}},
	{name: "SIMPLE-CONDITION", supers: []string{"CONDITION"}, slots: []slotSpec{
		{"FORMAT-CONTROL", "FORMAT-CONTROL", "SIMPLE-CONDITION-FORMAT-CONTROL"},
		{"FORMAT-ARGUMENTS", "FORMAT-ARGUMENTS", "SIMPLE-CONDITION-FORMAT-ARGUMENTS"},
	}, report: simpleReport},
	{name: "WARNING", supers: []string{"CONDITION"}},
	{name: "STYLE-WARNING", supers: []string{"WARNING"}},
	{name: "SIMPLE-WARNING", supers: []string{"SIMPLE-CONDITION", "WARNING"}},
	{name: "SERIOUS-CONDITION", supers: []string{"CONDITION"}},
	{name: "ERROR", supers: []string{"SERIOUS-CONDITION"}},
	{name: "SIMPLE-ERROR", supers: []string{"SIMPLE-CONDITION", "ERROR"}},
	{name: "STORAGE-CONDITION", supers: []string{"SERIOUS-CONDITION"}},
	{name: "TYPE-ERROR", supers: []string{"ERROR"}, slots: []slotSpec{
		{"DATUM", "DATUM", "TYPE-ERROR-DATUM"},
		{"EXPECTED-TYPE", "EXPECTED-TYPE", "TYPE-ERROR-EXPECTED-TYPE"},
	}, report: func(th *rt.Thread, c *rt.Instance) string {
		return "The value " + prin1(th, slot(th, c, "DATUM")) + " is not of type " + prin1(th, slot(th, c, "EXPECTED-TYPE")) + "."
	}},
	{name: "SIMPLE-TYPE-ERROR", supers: []string{"SIMPLE-CONDITION", "TYPE-ERROR"}},
	{name: "PROGRAM-ERROR", supers: []string{"ERROR"}},
	{name: "CONTROL-ERROR", supers: []string{"ERROR"}},
	{name: "CELL-ERROR", supers: []string{"ERROR"}, slots: []slotSpec{{"NAME", "NAME", "CELL-ERROR-NAME"}}},
	{name: "UNBOUND-VARIABLE", supers: []string{"CELL-ERROR"}, report: func(th *rt.Thread, c *rt.Instance) string {
		return "The variable " + prin1(th, slot(th, c, "NAME")) + " is unbound."
	}},
	{name: "UNDEFINED-FUNCTION", supers: []string{"CELL-ERROR"}, report: func(th *rt.Thread, c *rt.Instance) string {
		return "The function " + prin1Qualified(th, slot(th, c, "NAME")) + " is undefined."
	}},
	{name: "UNBOUND-SLOT", supers: []string{"CELL-ERROR"}, slots: []slotSpec{{"INSTANCE", "INSTANCE", "UNBOUND-SLOT-INSTANCE"}},
		report: func(th *rt.Thread, c *rt.Instance) string {
			return "The slot " + prin1Qualified(th, slot(th, c, "NAME")) + " is unbound in the object " + prin1(th, slot(th, c, "INSTANCE")) + "."
		}},
	{name: "ARITHMETIC-ERROR", supers: []string{"ERROR"}, slots: []slotSpec{
		{"OPERATION", "OPERATION", "ARITHMETIC-ERROR-OPERATION"},
		{"OPERANDS", "OPERANDS", "ARITHMETIC-ERROR-OPERANDS"},
	}, report: arithmeticReport},
	{name: "DIVISION-BY-ZERO", supers: []string{"ARITHMETIC-ERROR"}},
	{name: "FLOATING-POINT-OVERFLOW", supers: []string{"ARITHMETIC-ERROR"}},
	{name: "FLOATING-POINT-UNDERFLOW", supers: []string{"ARITHMETIC-ERROR"}},
	{name: "FLOATING-POINT-INEXACT", supers: []string{"ARITHMETIC-ERROR"}},
	{name: "FLOATING-POINT-INVALID-OPERATION", supers: []string{"ARITHMETIC-ERROR"}},
	{name: "PACKAGE-ERROR", supers: []string{"ERROR"}, slots: []slotSpec{{"PACKAGE", "PACKAGE", "PACKAGE-ERROR-PACKAGE"}}},
	{name: "PARSE-ERROR", supers: []string{"ERROR"}},
	// SOURCE-LOCATION holds, when the reader knew, where a reader error or an
	// end of file inside an object happened (an *rt.ReadErrorSource; see
	// reader.ErrorSource); the reports end with it.
	{name: "STREAM-ERROR", supers: []string{"ERROR"}, slots: []slotSpec{{"STREAM", "STREAM", "STREAM-ERROR-STREAM"},
		{"SOURCE-LOCATION", "SOURCE-LOCATION", ""}}},
	{name: "READER-ERROR", supers: []string{"PARSE-ERROR", "STREAM-ERROR"}},
	{name: "END-OF-FILE", supers: []string{"STREAM-ERROR"}, report: func(th *rt.Thread, c *rt.Instance) string {
		return "end of file on " + prin1(th, slot(th, c, "STREAM")) + sourceSuffix(th, c)
	}},
	{name: "FILE-ERROR", supers: []string{"ERROR"}, slots: []slotSpec{{"PATHNAME", "PATHNAME", "FILE-ERROR-PATHNAME"}}},
	{name: "PRINT-NOT-READABLE", supers: []string{"ERROR"}, slots: []slotSpec{{"OBJECT", "OBJECT", "PRINT-NOT-READABLE-OBJECT"}},
		report: func(th *rt.Thread, c *rt.Instance) string {
			return prin1(th, slot(th, c, "OBJECT")) + " cannot be printed readably."
		}},
	{name: "GOLEM:SIMPLE-PROGRAM-ERROR", supers: []string{"SIMPLE-CONDITION", "PROGRAM-ERROR"}},
	{name: "GOLEM:SIMPLE-CONTROL-ERROR", supers: []string{"SIMPLE-CONDITION", "CONTROL-ERROR"}},
	{name: "GOLEM:SIMPLE-PACKAGE-ERROR", supers: []string{"SIMPLE-CONDITION", "PACKAGE-ERROR"}},
	{name: "GOLEM:SIMPLE-READER-ERROR", supers: []string{"SIMPLE-CONDITION", "READER-ERROR"}, report: func(th *rt.Thread, c *rt.Instance) string {
		return simpleReport(th, c) + sourceSuffix(th, c)
	}},
	{name: "GOLEM:SIMPLE-STREAM-ERROR", supers: []string{"SIMPLE-CONDITION", "STREAM-ERROR"}},
	{name: "GOLEM:SIMPLE-FILE-ERROR", supers: []string{"SIMPLE-CONDITION", "FILE-ERROR"}},
	{name: "GOLEM:SIMPLE-PARSE-ERROR", supers: []string{"SIMPLE-CONDITION", "PARSE-ERROR"}},
	{name: "GOLEM:SIMPLE-STORAGE-CONDITION", supers: []string{"SIMPLE-CONDITION", "STORAGE-CONDITION"}},
	{name: "GOLEM:SIMPLE-STYLE-WARNING", supers: []string{"SIMPLE-CONDITION", "STYLE-WARNING"}},
	// GOLEM:SIMPLE-COMPILER-WARNING is a compiler WARNING (shown as WARNING), unlike
	// CL:SIMPLE-WARNING, which WARN makes from a format control.
	{name: "GOLEM:SIMPLE-COMPILER-WARNING", supers: []string{"SIMPLE-CONDITION", "WARNING"}},
	// Calling a macro or special operator as a function.
	{name: "GOLEM:SIMPLE-UNDEFINED-FUNCTION", supers: []string{"SIMPLE-CONDITION", "UNDEFINED-FUNCTION"}},
	// Destructuring mismatches are plain ERRORs, as CLHS DESTRUCTURING-BIND says.
	{name: "GOLEM:SIMPLE-DESTRUCTURING-ERROR", supers: []string{"SIMPLE-CONDITION", "ERROR"}},
	// A break request (Ctrl-C in the REPL, Interpreter.Break), as SBCL's
	// SB-SYS:INTERACTIVE-INTERRUPT: signalled, then the debugger.
	{name: "GOLEM:INTERACTIVE-INTERRUPT", supers: []string{"SERIOUS-CONDITION"},
		report: func(*rt.Thread, *rt.Instance) string { return "Interactive interrupt (a break request)." }},
}

func init() {
	rt.RegisterSetup(10, defineStandardTypes)
}

// symbolFor interns a registry-style name ("NAME" in CL, "PKG:NAME" elsewhere).
func symbolFor(img *rt.Image, name string) *rt.Symbol {
	for i := 0; i < len(name); i++ {
		if name[i] == ':' {
			p := img.FindPackage(name[:i])
			s, _ := p.Intern(name[i+1:])
			p.Export(s)
			return s
		}
	}
	return img.CLSym(name)
}

func defineStandardTypes(img *rt.Image) {
	for _, ts := range standardTypes {
		sym := symbolFor(img, ts.name)
		c := &rt.Class{Name: sym, Kind: rt.ConditionClass}
		for _, s := range ts.supers {
			c.Supers = append(c.Supers, img.Classes[symbolFor(img, s)])
		}
		// Effective slots: inherited first (in CPL order, most general last), then own.
		c.CPL = rt.LinearizeNewCPL(c)
		seen := map[*rt.Symbol]bool{}
		for i := len(c.CPL) - 1; i >= 1; i-- {
			for _, sd := range c.CPL[i].Slots {
				if !seen[sd.Name] {
					seen[sd.Name] = true
					c.Slots = append(c.Slots, sd)
				}
			}
		}
		for _, ss := range ts.slots {
			sname := img.Intern("GOLEM", ss.name)
			sd := &rt.SlotDef{Name: sname, Initargs: []*rt.Symbol{img.Kw(ss.initarg)}}
			c.Slots = append(c.Slots, sd)
			if ss.reader != "" {
				reader := img.CLSym(ss.reader)
				sd.Readers = append(sd.Readers, reader)
				reader.Fn = slotReader(reader, sname)
			}
		}
		if ts.report != nil {
			report := ts.report
			c.Report = &rt.Builtin{Name: sym, Min: 2, Max: 2, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
				c := args[0].(*rt.Instance)
				th.OutputStream(args[1]).WriteString(report(th, c))
				return rt.NIL
			}}
		}
		c.Finalize()
		img.Classes[sym] = c
	}
}

func slotReader(name, slotName *rt.Symbol) *rt.Builtin {
	return &rt.Builtin{Name: name, Min: 1, Max: 1, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
		inst, ok := args[0].(*rt.Instance)
		if !ok {
			return th.TypeErrorName(args[0], "CONDITION")
		}
		if v, ok := inst.SlotValueByName(slotName); ok {
			return v
		}
		return rt.NIL
	}}
}

// sourceSuffix is the end of a reader error's report: where it happened.
func sourceSuffix(th *rt.Thread, c *rt.Instance) string {
	where, _ := slot(th, c, "SOURCE-LOCATION").(*rt.ReadErrorSource)
	return where.ReportSuffix()
}

func slot(th *rt.Thread, c *rt.Instance, name string) rt.Value {
	if v, ok := c.SlotValueByName(th.Img.Intern("GOLEM", name)); ok {
		return v
	}
	return rt.NIL
}
