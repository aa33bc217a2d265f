package printer

import (
	"strings"

	rt "github.com/golem-lisp/golem/runtime"
)

// Block is the state of one logical block body (PPRINT-LOGICAL-BLOCK): the
// rest of the list being printed and the number of elements popped so far.
type Block struct {
	p       *printer
	rest    rt.Value
	count   int
	active  bool
	stopped bool
}

// Pop implements PPRINT-POP: it returns the next element of the block's
// list. It returns ok false (after printing ". tail", "..." or a
// circularity marker as CLHS requires) when the body must stop.
func (b *Block) Pop() (rt.Value, bool) {
	p := b.p
	if b.stopped {
		return rt.NIL, false
	}
	if !rt.IsList(b.rest) {
		p.write(". ")
		p.object(b.rest)
		b.stopped = true
		return rt.NIL, false
	}
	if !p.readably && p.length >= 0 && b.count >= p.length {
		p.write("...")
		b.stopped = true
		return rt.NIL, false
	}
	if b.rest != rt.NIL && b.count > 0 {
		if (p.circle != nil && p.circle.isShared(b.rest)) || (p.pretty && p.isBackquoteForm(b.rest)) {
			p.write(". ")
			p.object(b.rest)
			b.stopped = true
			return rt.NIL, false
		}
	}
	b.count++
	c, ok := b.rest.(*rt.Cons)
	if !ok {
		return rt.NIL, true
	}
	b.rest = c.Cdr
	p.th.Tick()
	return c.Car, true
}

// Exhausted implements PPRINT-EXIT-IF-LIST-EXHAUSTED's test.
func (b *Block) Exhausted() bool { return b.stopped || b.rest == rt.NIL }

// Rest returns the part of the list not popped yet.
func (b *Block) Rest() rt.Value { return b.rest }

// Count returns the number of elements popped.
func (b *Block) Count() int { return b.count }

// Active reports whether the block's body is still running.
func (b *Block) Active() bool { return b.active }

// prettyOf returns the active pretty stream s is (or nil).
func prettyOf(s rt.Stream) *prettyStream {
	if ps, ok := s.(*prettyStream); ok && !ps.done {
		return ps
	}
	return nil
}

// logicalBlock runs body in a logical block on p.out, creating a pretty
// stream when p.out is not one.
func (p *printer) logicalBlock(list rt.Value, checkLevel bool, prefix, suffix string, perLine bool, body func(b *Block)) {
	if checkLevel && !p.readably && p.levelExceeded() {
		p.write("#")
		return
	}
	if ps := prettyOf(p.out); ps != nil {
		p.runBlock(ps, list, prefix, suffix, perLine, body)
		return
	}
	ps := newPrettyStream(p.th, p.out)
	saved := p.out
	p.out = ps
	func() {
		defer func() {
			p.out = saved
			ps.done = true
			if r := recover(); r != nil {
				if ll, ok := r.(lineLimit); ok && ll.ps == ps {
					return
				}
				panic(r)
			}
		}()
		p.runBlock(ps, list, prefix, suffix, perLine, body)
		ps.forceOutput()
	}()
}

func (p *printer) runBlock(ps *prettyStream, list rt.Value, prefix, suffix string, perLine bool, body func(b *Block)) {
	p.th.EnterNested()
	p.depth++
	ps.startBlock(prefix, perLine, suffix)
	b := &Block{p: p, rest: list, active: true}
	body(b)
	b.active = false
	ps.endBlock()
	p.depth--
	p.th.LeaveNested()
}

// LogicalBlock implements PPRINT-LOGICAL-BLOCK: it prints object (a list)
// on s in a logical block with the given prefix (a per-line prefix when
// perLinePrefix) and suffix, calling body with the pretty stream to print
// on and the Block to pop elements from. A non-list object is printed with
// WRITE instead; *print-level* and *print-circle* are honoured.
func LogicalBlock(th *rt.Thread, s rt.Stream, object rt.Value, prefix, suffix string, perLinePrefix bool, body func(s rt.Stream, b *Block)) {
	if !rt.IsList(object) {
		Write(th, object, s)
		return
	}
	p := newPrinter(th, s)
	run := func() {
		if p.circle != nil && circleCandidate(object) {
			if p.circle.printLabel(p, object) {
				return
			}
		}
		p.logicalBlock(object, true, prefix, suffix, perLinePrefix, func(b *Block) {
			p.callout(func() { body(p.out, b) })
		})
	}
	if p.circleOn && p.circle == nil && circleCandidate(object) {
		p.circle = scanCircle(th, object, p.length, p.level, p.depth)
		d := th.SpecialDepth()
		th.BindSpecial(p.st.circleSym, p.circle)
		run()
		th.UnbindTo(d)
		return
	}
	run()
}

// PprintNewline implements PPRINT-NEWLINE on s: it has an effect only when s
// is a pretty printing stream inside a logical block and *print-pretty* is
// true.
func PprintNewline(th *rt.Thread, kind NewlineKind, s rt.Stream) {
	if ps := prettyOf(s); ps != nil && truthy(th.Img.S.PrintPretty.Value) {
		ps.newline(kind)
	}
}

// PprintIndent implements PPRINT-INDENT (relative to the block start, or to
// the current column when current is true).
func PprintIndent(th *rt.Thread, current bool, n int, s rt.Stream) {
	if ps := prettyOf(s); ps != nil && truthy(th.Img.S.PrintPretty.Value) {
		ps.enqueueIndent(current, n)
	}
}

// PprintTab implements PPRINT-TAB; kind is :LINE, :SECTION, :LINE-RELATIVE
// or :SECTION-RELATIVE as (section, relative) flags.
func PprintTab(th *rt.Thread, section, relative bool, colnum, colinc int, s rt.Stream) {
	if ps := prettyOf(s); ps != nil && truthy(th.Img.S.PrintPretty.Value) {
		ps.enqueueTab(section, relative, colnum, colinc)
	}
}

// --- helpers for the standard styles ---

// bc is a style body context.
type bc struct {
	p *printer
	b *Block
}

func (x bc) done() bool { return x.b.Exhausted() }
func (x bc) w(s string) { x.p.write(s) }
func (x bc) nl(k NewlineKind) {
	if ps := prettyOf(x.p.out); ps != nil {
		ps.newline(k)
	}
}
func (x bc) indent(current bool, n int) {
	if ps := prettyOf(x.p.out); ps != nil {
		ps.enqueueIndent(current, n)
	}
}

// pr pops and prints one element; false means stop.
func (x bc) pr() bool {
	v, ok := x.b.Pop()
	if !ok {
		return false
	}
	x.p.object(v)
	return true
}

// prWith pops one element and prints it with style (for lists) or WRITE.
func (x bc) prWith(style func(p *printer, v rt.Value)) bool {
	v, ok := x.b.Pop()
	if !ok {
		return false
	}
	style(x.p, v)
	return true
}

// block runs a parenthesised logical block over list.
func (p *printer) block(list rt.Value, body func(x bc)) {
	p.logicalBlock(list, true, "(", ")", false, func(b *Block) { body(bc{p, b}) })
}

// asList prints v in the given list style when it is a list, and with
// WRITE otherwise (like ~:/pprint-fill/ and friends), honouring circularity.
func (p *printer) asList(v rt.Value, style func(p *printer, l rt.Value)) {
	if !rt.IsList(v) || p.isCommaForm(v) {
		p.object(v)
		return
	}
	if p.circle != nil && circleCandidate(v) && p.circle.printLabel(p, v) {
		return
	}
	style(p, v)
}

// --- standard styles (SBCL's pprint dispatch) ---

// ppRestLinear prints " ~_~W" for each remaining element.
func ppRestLinear(x bc) {
	for !x.done() {
		x.w(" ")
		x.nl(NewlineLinear)
		if !x.pr() {
			return
		}
	}
}

// ppDefmethod: like DEFUN, with the method qualifiers after the name.
func ppDefmethod(p *printer, l rt.Value) {
	p.block(l, func(x bc) {
		if x.done() || !x.pr() || x.done() {
			return
		}
		x.w(" ")
		x.nl(NewlineMiser)
		x.indent(true, 0)
		if !x.pr() {
			return
		}
		for !x.done() {
			if rc, ok := x.b.rest.(*rt.Cons); !ok || rt.IsList(rc.Car) {
				break
			}
			x.w(" ")
			if !x.pr() {
				return
			}
		}
		if x.done() {
			return
		}
		x.w(" ")
		x.nl(NewlineFill)
		if !x.prWith(ppLambdaList) {
			return
		}
		x.indent(false, 1)
		ppRestLinear(x)
	})
}

// ppFlet: FLET, LABELS, MACROLET with definitions and a body; fill style
// otherwise.
func ppFlet(p *printer, l rt.Value) {
	c := l.(*rt.Cons)
	if d, ok := c.Cdr.(*rt.Cons); !ok || d.Cdr == rt.NIL {
		p.layout(layoutFill, l)
		return
	}
	p.layout(layoutFlet, l)
}

// ppLambdaList prints a lambda list: fill newlines between parameters,
// linear ones before lambda list keywords.
func ppLambdaList(p *printer, v rt.Value) { lambdaList(p, v, true) }

// lambdaList prints a lambda list; a top-level one (directly in a
// definition) allows a line break before its first parameter too.
func lambdaList(p *printer, v rt.Value, top bool) {
	if !rt.IsList(v) || p.isCommaForm(v) {
		p.object(v)
		return
	}
	if p.circle != nil && circleCandidate(v) && p.circle.printLabel(p, v) {
		return
	}
	S := p.img.S
	const (
		stRequired = iota
		stOptional
		stKey
	)
	p.block(v, func(x bc) {
		state := stRequired
		first := true
		for !x.done() {
			if !first {
				x.w(" ")
			}
			arg, ok := x.b.Pop()
			if !ok {
				return
			}
			kind := NewlineLinear
			switch arg {
			case S.Optional, S.Aux:
				state = stOptional
			case S.Rest, S.Body:
				state = stRequired
			case S.Key:
				state = stKey
			default:
				kind = NewlineFill
			}
			if !first || top {
				x.nl(kind)
			}
			switch state {
			case stRequired:
				lambdaList(p, arg, false)
			default:
				key := state == stKey
				p.asList(arg, func(p *printer, l rt.Value) {
					p.block(l, func(y bc) {
						if y.done() {
							return
						}
						if key {
							if !y.prWith(func(p *printer, kv rt.Value) {
								p.asList(kv, func(p *printer, kl rt.Value) {
									p.block(kl, func(z bc) {
										if z.done() || !z.pr() || z.done() {
											return
										}
										z.w(" ")
										z.nl(NewlineFill)
										if !z.prWith(func(p *printer, v rt.Value) { lambdaList(p, v, false) }) {
											return
										}
										for !z.done() {
											z.w(" ")
											z.nl(NewlineFill)
											if !z.pr() {
												return
											}
										}
									})
								})
							}) {
								return
							}
						} else if !y.prWith(func(p *printer, v rt.Value) { lambdaList(p, v, false) }) {
							return
						}
						for !y.done() {
							y.w(" ")
							y.nl(NewlineLinear)
							if !y.pr() {
								return
							}
						}
					})
				})
			}
			first = false
		}
	})
}

// ppSetq: SETQ, PSETQ, SETF, PSETF. Each place/value pair is a logical
// block of its own (the value indented by 2 when it goes to a new line);
// pairs are separated by mandatory newlines.
func ppSetq(p *printer, l rt.Value) {
	c := l.(*rt.Cons)
	pairs := false
	if d, ok := c.Cdr.(*rt.Cons); ok {
		_, pairs = d.Cdr.(*rt.Cons)
	}
	p.block(l, func(x bc) {
		if !x.pr() || x.done() {
			return
		}
		x.w(" ")
		x.indent(true, 0)
		if !pairs {
			if !x.pr() || x.done() {
				return
			}
			x.w(" ")
			x.nl(NewlineFill)
			x.pr()
			return
		}
		for {
			// Beyond *print-level* the pair block prints as # and the
			// form ends there, as in SBCL.
			stop := true
			p.logicalBlock(rt.NIL, true, "", "", false, func(*Block) {
				stop = false
				if !x.pr() || x.done() {
					stop = true
					return
				}
				x.w(" ")
				x.indent(false, 2)
				x.nl(NewlineFill)
				if !x.pr() || x.done() {
					stop = true
				}
			})
			if stop || x.done() {
				return
			}
			x.w(" ")
			x.nl(NewlineMandatory)
		}
	})
}

// tagbodyGuts prints tags at indentation 0 and forms at 1.
func tagbodyGuts(x bc) {
	for !x.done() {
		x.w(" ")
		v, ok := x.b.Pop()
		if !ok {
			return
		}
		if _, isCons := v.(*rt.Cons); isCons {
			x.indent(false, 1)
		} else {
			x.indent(false, 0)
		}
		x.nl(NewlineLinear)
		x.p.object(v)
	}
}

func ppTagbody(p *printer, l rt.Value) {
	p.block(l, func(x bc) {
		if !x.pr() {
			return
		}
		tagbodyGuts(x)
	})
}

func ppProg(p *printer, l rt.Value) {
	p.block(l, func(x bc) {
		if !x.pr() || x.done() {
			return
		}
		x.w(" ")
		x.nl(NewlineMiser)
		if !x.prWith(func(p *printer, v rt.Value) { p.layoutArg(layoutFill, v) }) {
			return
		}
		tagbodyGuts(x)
	})
}

// ppDo: DO, DO*.
func ppDo(p *printer, l rt.Value) {
	p.block(l, func(x bc) {
		if !x.pr() || x.done() {
			return
		}
		x.w(" ")
		x.indent(true, 0)
		ok := x.prWith(func(p *printer, v rt.Value) { p.layoutArg(layoutDoSpecs, v) })
		if !ok || x.done() {
			return
		}
		x.w(" ")
		x.nl(NewlineLinear)
		if !x.prWith(func(p *printer, v rt.Value) { p.layoutArg(layoutLinear, v) }) {
			return
		}
		tagbodyGuts(x)
	})
}

// loopSeparators are the LOOP keywords that start a new line.
var loopSeparators = map[string]bool{
	"AND": true, "WITH": true, "FOR": true, "AS": true, "INITIALLY": true, "FINALLY": true,
	"DO": true, "DOING": true, "COLLECT": true, "COLLECTING": true, "APPEND": true,
	"APPENDING": true, "NCONC": true, "NCONCING": true, "COUNT": true, "COUNTING": true,
	"SUM": true, "SUMMING": true, "MAXIMIZE": true, "MAXIMIZING": true, "MINIMIZE": true,
	"MINIMIZING": true, "IF": true, "WHEN": true, "UNLESS": true, "WHILE": true, "UNTIL": true,
	"REPEAT": true, "ALWAYS": true, "NEVER": true, "THEREIS": true, "RETURN": true,
	"END": true, "NAMED": true,
}

func ppLoop(p *printer, l rt.Value) {
	c := l.(*rt.Cons)
	d, ok := c.Cdr.(*rt.Cons)
	if !ok {
		p.layout(layoutFill, l)
		return
	}
	if _, isCons := d.Car.(*rt.Cons); isCons {
		p.layout(layoutSimpleLoop, l)
		return
	}
	p.block(l, func(x bc) {
		if !x.pr() || x.done() {
			return
		}
		x.w(" ")
		x.indent(true, 0)
		if !x.pr() {
			return
		}
		for !x.done() {
			x.w(" ")
			v, ok := x.b.Pop()
			if !ok {
				return
			}
			if s, isSym := v.(*rt.Symbol); isSym && loopSeparators[s.Name] {
				x.nl(NewlineMandatory)
			}
			x.p.object(v)
		}
	})
}

// ppQuote prints (QUOTE x) as 'x and (FUNCTION x) as #'x.
func ppQuoteWith(prefix string) func(p *printer, l rt.Value) {
	return func(p *printer, l rt.Value) {
		c := l.(*rt.Cons)
		if d, ok := c.Cdr.(*rt.Cons); ok && d.Cdr == rt.NIL {
			p.write(prefix)
			p.object(d.Car)
			return
		}
		p.layout(layoutFill, l)
	}
}

// isBackquoteForm reports whether v is a one-argument QUASIQUOTE or comma
// form, which prints as a prefix character and so must follow a dot when it
// is the tail of a list.
func (p *printer) isBackquoteForm(v rt.Value) bool {
	if p.isCommaForm(v) {
		return true
	}
	c, ok := v.(*rt.Cons)
	if !ok || c.Car != p.img.S.Backquote {
		return false
	}
	d, ok := c.Cdr.(*rt.Cons)
	return ok && d.Cdr == rt.NIL
}

// isCommaForm reports whether v is (UNQUOTE x) or a splicing variant.
func (p *printer) isCommaForm(v rt.Value) bool {
	c, ok := v.(*rt.Cons)
	if !ok {
		return false
	}
	s, ok := c.Car.(*rt.Symbol)
	if !ok {
		return false
	}
	S := p.img.S
	if s != S.Comma && s != S.CommaAt && s != S.CommaDot {
		return false
	}
	d, ok := c.Cdr.(*rt.Cons)
	return ok && d.Cdr == rt.NIL
}

// ppMacroCall prints a call of a macro whose lambda list has &body after n
// distinguished parameters.
func ppMacroCall(p *printer, l rt.Value, n int) {
	p.block(l, func(x bc) {
		if !x.pr() {
			return
		}
		for i := 0; !x.done(); i++ {
			switch {
			case i < n && i == 0:
				x.w(" ")
			case i < n:
				x.indent(false, 3)
				x.nl(NewlineMandatory)
			default:
				x.indent(false, 1)
				x.nl(NewlineMandatory)
			}
			if !x.pr() {
				return
			}
		}
	})
}

// bodyPosition returns the number of parameters before &body in a macro
// lambda list, or -1 when it has none.
func (p *printer) bodyPosition(ll rt.Value) int {
	S := p.img.S
	n := 0
	for ll != rt.NIL {
		c, ok := ll.(*rt.Cons)
		if !ok {
			return -1
		}
		switch c.Car {
		case S.Body:
			return n
		case S.Whole, S.Environment:
			if d, ok := c.Cdr.(*rt.Cons); ok {
				ll = d.Cdr
				continue
			}
			return -1
		case S.Optional:
		case S.Rest, S.Key, S.Aux:
			return -1
		default:
			n++
		}
		ll = c.Cdr
	}
	return -1
}

// style returns the standard style of operator head, or nil. The table is
// built the first time a list is pretty-printed in the image.
func (st *imageState) style(img *rt.Image, head *rt.Symbol) func(p *printer, l rt.Value) {
	if st.styles == nil {
		st.buildStyles(img)
	}
	return st.styles[head]
}

// buildStyles fills the table of standard styles keyed by operator (the
// operators SBCL's standard pprint dispatch table treats specially).
func (st *imageState) buildStyles(img *rt.Image) {
	c := img.CLSym
	add := func(fn func(p *printer, l rt.Value), names ...string) {
		for _, n := range names {
			st.styles[c(n)] = fn
		}
	}
	st.styles = map[*rt.Symbol]func(p *printer, l rt.Value){}
	add(layoutStyle(layoutLambda), "LAMBDA")
	add(layoutStyle(layoutFunCall), "DECLARE", "DECLAIM")
	add(layoutStyle(layoutBlock), "BLOCK", "CATCH", "RETURN-FROM", "THROW", "EVAL-WHEN", "MULTIPLE-VALUE-CALL",
		"MULTIPLE-VALUE-PROG1", "UNWIND-PROTECT", "PROG1", "DEFVAR", "DEFPARAMETER",
		"DEFCONSTANT", "DEFSTRUCT", "WHEN", "UNLESS", "DOLIST", "DOTIMES", "MULTIPLE-VALUE-SETQ",
		"DO-SYMBOLS", "DO-EXTERNAL-SYMBOLS", "DO-ALL-SYMBOLS", "WITH-OPEN-FILE", "WITH-OPEN-STREAM",
		"WITH-OUTPUT-TO-STRING", "WITH-INPUT-FROM-STRING", "WITH-COMPILATION-UNIT",
		"WITH-HASH-TABLE-ITERATOR", "WITH-PACKAGE-ITERATOR", "WITH-SIMPLE-RESTART",
		"PPRINT-LOGICAL-BLOCK", "PRINT-UNREADABLE-OBJECT")
	add(layoutStyle(layoutBind), "MULTIPLE-VALUE-BIND", "PROG2")
	add(layoutStyle(layoutDBind), "DESTRUCTURING-BIND")
	add(layoutStyle(layoutProgv), "PROGV")
	add(ppFlet, "FLET", "LABELS", "MACROLET")
	add(ppQuoteWith("#'"), "FUNCTION")
	add(ppQuoteWith("'"), "QUOTE")
	add(layoutStyle(layoutIf), "IF")
	add(layoutStyle(layoutProgn), "PROGN", "LOCALLY", "STEP", "TIME", "WITH-STANDARD-IO-SYNTAX")
	add(layoutStyle(layoutLet), "LET", "LET*", "SYMBOL-MACROLET")
	add(ppSetq, "SETQ", "PSETQ", "SETF", "PSETF")
	add(ppTagbody, "TAGBODY")
	add(ppProg, "PROG", "PROG*")
	add(layoutStyle(layoutCase), "CASE", "CCASE", "ECASE")
	add(layoutStyle(layoutTypecase), "TYPECASE", "CTYPECASE", "ETYPECASE")
	add(layoutStyle(layoutDefun), "DEFUN", "DEFMACRO", "DEFINE-MODIFY-MACRO", "DEFSETF", "DEFINE-SETF-EXPANDER", "DEFTYPE")
	add(ppDefmethod, "DEFMETHOD")
	add(layoutStyle(layoutDefpackage), "DEFPACKAGE")
	add(ppDo, "DO", "DO*")
	add(ppLoop, "LOOP")
	// Standard macros printed as macro calls: distinguished arguments
	// before the &body.
	for name, n := range map[string]int{"DEFGENERIC": 2, "DEFINE-COMPILER-MACRO": 2, "DEFINE-CONDITION": 3,
		"HANDLER-BIND": 1, "RESTART-BIND": 1, "RESTART-CASE": 1, "WITH-ACCESSORS": 2,
		"WITH-CONDITION-RESTARTS": 2, "WITH-SLOTS": 2} {
		n := n
		add(func(p *printer, l rt.Value) { ppMacroCall(p, l, n) }, name)
	}
	S := img.S
	st.styles[S.Backquote] = ppQuoteWith("`")
	st.styles[S.Comma] = ppQuoteWith(",")
	st.styles[S.CommaAt] = ppQuoteWith(",@")
	st.styles[S.CommaDot] = ppQuoteWith(",.")
	st.notFbound = map[string]bool{}
	for _, n := range strings.Fields(clNotFbound) {
		st.notFbound[n] = true
	}
}

// clNotFbound lists the COMMON-LISP symbols that are not fbound in SBCL: a
// list headed by any other CL symbol prints in function call style,
// whether or not golem defines the operator.
const clNotFbound = "" +
	"&ALLOW-OTHER-KEYS &AUX &BODY &ENVIRONMENT &KEY &OPTIONAL &REST &WHOLE ** *** " +
	"*BREAK-ON-SIGNALS* *COMPILE-FILE-PATHNAME* *COMPILE-FILE-TRUENAME* *COMPILE-PRINT* " +
	"*COMPILE-VERBOSE* *DEBUG-IO* *DEBUGGER-HOOK* *DEFAULT-PATHNAME-DEFAULTS* *ERROR-OUTPUT* " +
	"*FEATURES* *GENSYM-COUNTER* *LOAD-PATHNAME* *LOAD-PRINT* *LOAD-TRUENAME* *LOAD-VERBOSE* " +
	"*MACROEXPAND-HOOK* *MODULES* *PACKAGE* *PRINT-ARRAY* *PRINT-BASE* *PRINT-CASE* " +
	"*PRINT-CIRCLE* *PRINT-ESCAPE* *PRINT-GENSYM* *PRINT-LENGTH* *PRINT-LEVEL* *PRINT-LINES* " +
	"*PRINT-MISER-WIDTH* *PRINT-PPRINT-DISPATCH* *PRINT-PRETTY* *PRINT-RADIX* *PRINT-READABLY* " +
	"*PRINT-RIGHT-MARGIN* *QUERY-IO* *RANDOM-STATE* *READ-BASE* *READ-DEFAULT-FLOAT-FORMAT* " +
	"*READ-EVAL* *READ-SUPPRESS* *READTABLE* *STANDARD-INPUT* *STANDARD-OUTPUT* *TERMINAL-IO* " +
	"*TRACE-OUTPUT* ++ +++ // /// ARITHMETIC-ERROR ARRAY ARRAY-DIMENSION-LIMIT ARRAY-RANK-LIMIT " +
	"ARRAY-TOTAL-SIZE-LIMIT BASE-CHAR BASE-STRING BIGNUM BIT-VECTOR BOOLE-1 BOOLE-2 BOOLE-AND " +
	"BOOLE-ANDC1 BOOLE-ANDC2 BOOLE-C1 BOOLE-C2 BOOLE-CLR BOOLE-EQV BOOLE-IOR BOOLE-NAND " +
	"BOOLE-NOR BOOLE-ORC1 BOOLE-ORC2 BOOLE-SET BOOLE-XOR BOOLEAN BROADCAST-STREAM " +
	"BUILT-IN-CLASS CALL-ARGUMENTS-LIMIT CALL-NEXT-METHOD CELL-ERROR CHAR-CODE-LIMIT CLASS " +
	"COMPILATION-SPEED COMPILED-FUNCTION COMPILER-MACRO CONCATENATED-STREAM CONDITION " +
	"CONTROL-ERROR DEBUG DECLARATION DECLARE DIVISION-BY-ZERO DOUBLE-FLOAT DOUBLE-FLOAT-EPSILON " +
	"DOUBLE-FLOAT-NEGATIVE-EPSILON DYNAMIC-EXTENT ECHO-STREAM END-OF-FILE EXTENDED-CHAR " +
	"FILE-ERROR FILE-STREAM FIXNUM FLOATING-POINT-INEXACT FLOATING-POINT-INVALID-OPERATION " +
	"FLOATING-POINT-OVERFLOW FLOATING-POINT-UNDERFLOW FTYPE GENERIC-FUNCTION HASH-TABLE " +
	"IGNORABLE IGNORE INLINE INTEGER INTERNAL-TIME-UNITS-PER-SECOND KEYWORD " +
	"LAMBDA-LIST-KEYWORDS LAMBDA-PARAMETERS-LIMIT LEAST-NEGATIVE-DOUBLE-FLOAT " +
	"LEAST-NEGATIVE-LONG-FLOAT LEAST-NEGATIVE-NORMALIZED-DOUBLE-FLOAT " +
	"LEAST-NEGATIVE-NORMALIZED-LONG-FLOAT LEAST-NEGATIVE-NORMALIZED-SHORT-FLOAT " +
	"LEAST-NEGATIVE-NORMALIZED-SINGLE-FLOAT LEAST-NEGATIVE-SHORT-FLOAT " +
	"LEAST-NEGATIVE-SINGLE-FLOAT LEAST-POSITIVE-DOUBLE-FLOAT LEAST-POSITIVE-LONG-FLOAT " +
	"LEAST-POSITIVE-NORMALIZED-DOUBLE-FLOAT LEAST-POSITIVE-NORMALIZED-LONG-FLOAT " +
	"LEAST-POSITIVE-NORMALIZED-SHORT-FLOAT LEAST-POSITIVE-NORMALIZED-SINGLE-FLOAT " +
	"LEAST-POSITIVE-SHORT-FLOAT LEAST-POSITIVE-SINGLE-FLOAT LONG-FLOAT LONG-FLOAT-EPSILON " +
	"LONG-FLOAT-NEGATIVE-EPSILON MAKE-METHOD METHOD METHOD-COMBINATION " +
	"MOST-NEGATIVE-DOUBLE-FLOAT MOST-NEGATIVE-FIXNUM MOST-NEGATIVE-LONG-FLOAT " +
	"MOST-NEGATIVE-SHORT-FLOAT MOST-NEGATIVE-SINGLE-FLOAT MOST-POSITIVE-DOUBLE-FLOAT " +
	"MOST-POSITIVE-FIXNUM MOST-POSITIVE-LONG-FLOAT MOST-POSITIVE-SHORT-FLOAT " +
	"MOST-POSITIVE-SINGLE-FLOAT MULTIPLE-VALUES-LIMIT NEXT-METHOD-P NIL NOTINLINE NUMBER " +
	"OPTIMIZE OTHERWISE PACKAGE PACKAGE-ERROR PARSE-ERROR PI PRINT-NOT-READABLE PROGRAM-ERROR " +
	"RANDOM-STATE RATIO READER-ERROR READTABLE REAL RESTART SAFETY SATISFIES SEQUENCE " +
	"SERIOUS-CONDITION SHORT-FLOAT SHORT-FLOAT-EPSILON SHORT-FLOAT-NEGATIVE-EPSILON SIGNED-BYTE " +
	"SIMPLE-ARRAY SIMPLE-BASE-STRING SIMPLE-BIT-VECTOR SIMPLE-CONDITION SIMPLE-ERROR " +
	"SIMPLE-STRING SIMPLE-TYPE-ERROR SIMPLE-VECTOR SIMPLE-WARNING SINGLE-FLOAT " +
	"SINGLE-FLOAT-EPSILON SINGLE-FLOAT-NEGATIVE-EPSILON SPACE SPECIAL SPEED STANDARD " +
	"STANDARD-CHAR STANDARD-CLASS STANDARD-GENERIC-FUNCTION STANDARD-METHOD STANDARD-OBJECT " +
	"STORAGE-CONDITION STREAM STREAM-ERROR STRING-STREAM STRUCTURE STRUCTURE-CLASS " +
	"STRUCTURE-OBJECT STYLE-WARNING SYMBOL SYNONYM-STREAM T TWO-WAY-STREAM TYPE TYPE-ERROR " +
	"UNBOUND-SLOT UNBOUND-VARIABLE UNDEFINED-FUNCTION UNSIGNED-BYTE VARIABLE WARNING "

// prettyObject prints v through the pprint dispatch; it reports whether it
// did (false: use the ordinary printer).
func (p *printer) prettyObject(v rt.Value) bool {
	if p.dispatch != nil && len(p.dispatch.entries) > 0 {
		if fn := p.dispatch.lookup(p.th, v); fn != nil {
			p.callout(func() { p.th.Call(fn, p.out, v) })
			return true
		}
	}
	c, ok := v.(*rt.Cons)
	if !ok {
		return false
	}
	p.standardCons(c)
	return true
}

// standardCons prints a cons with the standard pprint dispatch.
func (p *printer) standardCons(c *rt.Cons) {
	if head, ok := c.Car.(*rt.Symbol); ok {
		if style := p.st.style(p.img, head); style != nil {
			style(p, c)
			return
		}
		if head.Pkg == p.img.CL || head == rt.NIL || head == rt.T {
			if p.st.notFbound[head.Name] {
				p.layout(layoutFill, c)
			} else {
				p.layout(layoutFunCall, c)
			}
			return
		}
		if head.Macro != nil {
			if ll, ok := head.Macro.(rt.LambdaLister); ok {
				if n := p.bodyPosition(ll.LambdaList()); n >= 0 {
					ppMacroCall(p, c, n)
					return
				}
			}
			p.layout(layoutFunCall, c)
			return
		}
		if head.Fn != nil || head.Flags&rt.FlagSpecialOperator != 0 {
			p.layout(layoutFunCall, c)
			return
		}
	}
	p.layout(layoutFill, c)
}

// prettyVector prints #(...) with fill newlines.
func (p *printer) prettyVector(items []rt.Value) {
	p.logicalBlock(rt.NIL, true, "#(", ")", false, func(b *Block) {
		x := bc{p, b}
		for i, e := range items {
			if i > 0 {
				x.w(" ")
				x.nl(NewlineFill)
			}
			if _, ok := b.Pop(); !ok {
				return
			}
			p.object(e)
		}
	})
}

// prettyArraySlice prints one dimension of a multidimensional array.
func (p *printer) prettyArraySlice(dims []int, start, stride int, at func(int) rt.Value) {
	p.logicalBlock(rt.NIL, true, "(", ")", false, func(b *Block) {
		x := bc{p, b}
		for i := 0; i < dims[0]; i++ {
			if i > 0 {
				x.w(" ")
				x.nl(NewlineFill)
			}
			if _, ok := b.Pop(); !ok {
				return
			}
			if len(dims) == 1 {
				p.object(at(start + i))
			} else {
				p.arraySlice(dims[1:], start+i*stride, at)
			}
		}
	})
}

// prettyStructure prints #S(NAME :SLOT value ...) in a logical block.
func (p *printer) prettyStructure(inst *rt.Instance) {
	p.logicalBlock(rt.NIL, true, "#S(", ")", false, func(b *Block) {
		x := bc{p, b}
		p.object(inst.Class.Name)
		for i, s := range inst.Class.Slots {
			x.w(" ")
			x.nl(NewlineLinear)
			if _, ok := b.Pop(); !ok {
				return
			}
			p.slotKeyword(s.Name)
			x.w(" ")
			x.nl(NewlineMiser)
			p.object(slotValue(inst, i))
		}
	})
}
