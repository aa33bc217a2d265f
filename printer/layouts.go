package printer

import (
	"strings"

	rt "github.com/golem-lisp/golem/runtime"
)

// The standard layouts of the pretty printer (SBCL's pprint dispatch) are
// FORMAT control strings, compiled once per image by the FORMAT engine
// and interpreted by it in layout mode (fstate.lp): ~W prints an element
// with the printer in progress (its *print-level* depth and circularity
// table), ~<...~:> starts one of its logical blocks and takes a non-list
// or a comma form as an object, as ~:/pprint-linear/ would, and
// ~/pprint-lambda-list/ prints a lambda list.
const (
	layoutFill       = "~:<~@{~W~^ ~:_~}~:>"
	layoutLinear     = "~:<~@{~W~^ ~_~}~:>"
	layoutFunCall    = "~:<~^~W~^ ~:_~:I~@{~W~^ ~:_~}~:>"
	layoutSimpleLoop = "~:<~^~W~^ ~:_~:I~@{~W~^ ~:@_~}~:>"
	layoutProgn      = "~:<~^~W~@{ ~_~W~}~:>"
	layoutIf         = "~:<~^~W~^ ~:I~W~^ ~:@_~@{~W~^ ~:@_~}~:>"
	layoutBlock      = "~:<~^~W~^~3I ~:_~W~1I~@{ ~_~W~}~:>"
	layoutBind       = "~:<~^~W~^~3I ~:_~W~^ ~_~W~1I~@{ ~_~W~}~:>"
	layoutProgv      = "~:<~^~W~^~3I ~_~W~^ ~_~W~^~1I~@{ ~_~W~}~:>"
	layoutDBind      = "~:<~^~W~^~3I ~_~/pprint-lambda-list/~^ ~_~W~1I~@{ ~_~W~}~:>"
	layoutDefun      = "~:<~^~W~^ ~@_~:I~W~^ ~:_~/pprint-lambda-list/~1I~@{ ~_~W~}~:>"
	layoutLambda     = "~:<~^~W~^~3I ~:_~/pprint-lambda-list/~1I~@{ ~_~W~}~:>"
	// CASE clauses: the keys in fill style, then the forms.
	layoutCase = "~:<~^~W~^ ~3I~:_~W~1I~@{ ~_~:<~^~:<~@{~W~^ ~:_~}~:>~@{ ~_~W~}~:>~}~:>"
	// TYPECASE clauses: the type printed as an object.
	layoutTypecase = "~:<~^~W~^ ~3I~:_~W~1I~@{ ~_~:<~^~W~@{ ~_~W~}~:>~}~:>"
	// DEFPACKAGE: each option on its own line.
	layoutDefpackage = "~:<~^~W~^ ~3I~:_~W~1I~@{~:@_~:<~^~W~^ ~:I~@{~W~^ ~_~}~:>~}~:>"
	// LET: each binding a block of its own.
	layoutLet = "~:<~^~W~^ ~@_~:<~@{~:<~^~W~@{ ~_~W~}~:>~^ ~_~}~:>~^~1I~:@_~@{~W~^ ~_~}~:>"
	// FLET, LABELS, MACROLET: each definition laid out like a LAMBDA.
	layoutFlet = "~:<~^~W~^ ~@_~:<~@{~:<~^~W~^~3I ~:_~/pprint-lambda-list/~1I~:@_~@{~W~^ ~_~}~:>~^ ~_~}~:>~^~1I~:@_~@{~W~^ ~_~}~:>"
	// The variable specs of DO and DO*.
	layoutDoSpecs = "~:<~@{~:<~^~W~^ ~@_~:I~W~@{ ~_~W~}~:>~^~:@_~}~:>"
)

// layoutProgram returns the directives of a layout, compiled on first use
// in this image and kept with the image's parsed control strings.
func (st *imageState) layoutProgram(ctl string) *fmtProgram {
	return st.program(nil, ctl)
}

// layout prints the list l (whose circularity the caller has handled) with
// the layout ctl.
func (p *printer) layout(ctl string, l rt.Value) {
	prog := p.st.layoutProgram(ctl)
	d := &prog.nodes[0]
	f := &fstate{th: p.th, prog: prog, out: p.out, lp: p}
	f.layoutBlock(d, l, d.clauses[0], "(", ")", false, true)
}

// layoutArg prints v with the layout ctl when it is a list, and as an
// object otherwise (as the layout's ~<...~:> would take it as an element).
func (p *printer) layoutArg(ctl string, v rt.Value) {
	prog := p.st.layoutProgram(ctl)
	f := &fstate{th: p.th, prog: prog, out: p.out, args: []rt.Value{v}, lp: p}
	f.run(prog.nodes)
}

// layoutStyle is the style printing a form with the layout ctl.
func layoutStyle(ctl string) func(p *printer, l rt.Value) {
	return func(p *printer, l rt.Value) { p.layout(ctl, l) }
}

// layoutBlock runs body in a logical block of the layout printer over v.
// An element that is not a list, or is a comma form, prints as an object;
// top is true for the form the layout was chosen for.
func (f *fstate) layoutBlock(d *fnode, v rt.Value, body []fnode, prefix, suffix string, perLine, top bool) {
	p := f.lp
	if !top {
		if !rt.IsList(v) || p.isCommaForm(v) {
			p.object(v)
			return
		}
		if p.circle != nil && circleCandidate(v) && p.circle.printLabel(p, v) {
			return
		}
	}
	p.logicalBlock(v, true, prefix, suffix, perLine, func(b *Block) { f.layoutBody(b, body) })
}

// layoutBody runs the body of a layout's logical block with f itself
// (restored afterwards) taking the elements from b, so that a block costs
// no interpreter state of its own. The body ends when PPRINT-POP says so
// (escBlock, see layoutNext), not by a panic, so that printing a deeply
// nested form unwinds in one go when it runs out of stack.
func (f *fstate) layoutBody(b *Block, body []fnode) {
	saved := *f
	f.block, f.out, f.args, f.pos, f.inColonBrace, f.outerRemaining = b, f.lp.out, nil, 0, false, nil
	f.run(body)
	*f = saved
}

// layoutNext takes the next element: from the block (ok false when its
// body must end) or, for the form itself, from the arguments.
func (f *fstate) layoutNext(d *fnode) (rt.Value, bool) {
	if f.block != nil {
		return f.block.Pop()
	}
	return f.next(d.pos), true
}

// layoutCall runs ~/name/ in a layout: the printer's own functions.
func (f *fstate) layoutCall(d *fnode, v rt.Value) {
	if !strings.EqualFold(d.name, "pprint-lambda-list") {
		f.fail(d.pos, "Unknown layout function "+d.name)
	}
	ppLambdaList(f.lp, v)
}

// layoutDirective runs the directives layouts are made of in their plain
// forms (done false: directive does the rest).
func (f *fstate) layoutDirective(d *fnode) (e escape, done bool) {
	switch d.dir {
	case 'W':
		if d.colon || d.at {
			return escNone, false
		}
		v, ok := f.layoutNext(d)
		if !ok {
			return escBlock, true
		}
		f.lp.object(v)
	case '^':
		if len(d.params) > 0 || d.colon {
			return escNone, false
		}
		if f.exhausted() {
			return escUp, true
		}
	case '_':
		if ps := prettyOf(f.out); ps != nil {
			ps.newline(d.newlineKind())
		}
	case 'I':
		n := 0
		switch {
		case len(d.params) == 1 && d.params[0].kind == pInt:
			n = d.params[0].n
		case len(d.params) > 0:
			return escNone, false
		}
		if ps := prettyOf(f.out); ps != nil {
			ps.enqueueIndent(d.colon, n)
		}
	case '{':
		body := d.clauses[0]
		if !d.at || d.colon || d.closeColon || len(d.params) > 0 || len(body) == 0 || f.inColonBrace {
			return escNone, false
		}
		// Each layout's loop body pops an element, and Pop ticks.
		for !f.exhausted() {
			if e := f.run(body); e != escNone {
				if e == escBlock {
					return escBlock, true
				}
				break
			}
		}
	case '<':
		if !d.colon || d.at || !d.closeColon || d.closeAt || len(d.clauses) != 1 {
			return escNone, false
		}
		v, ok := f.layoutNext(d)
		if !ok {
			return escBlock, true
		}
		f.layoutBlock(d, v, d.clauses[0], "(", ")", false, false)
	case '/':
		v, ok := f.layoutNext(d)
		if !ok {
			return escBlock, true
		}
		f.layoutCall(d, v)
	default:
		return escNone, false
	}
	return escNone, true
}
