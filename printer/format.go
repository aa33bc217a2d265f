package printer

import (
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	rt "github.com/golem-lisp/golem/runtime"
)

// FORMAT (CLHS 22.3). A control string is parsed once into a tree of
// directives (cached per image by its text) and then interpreted against
// the arguments.

type paramKind uint8

const (
	pNone paramKind = iota
	pInt
	pChar
	pArg   // V: the next argument
	pCount // #: the number of remaining arguments
)

type fparam struct {
	kind paramKind
	n    int
	c    rune
	pos  int
}

// fnode is a literal text run (dir == 0) or a directive.
type fnode struct {
	text   string
	dir    rune
	params []fparam
	colon  bool
	at     bool
	pos    int // index of the directive character
	start  int // index of the directive's tilde
	// emptyBody is set on a ~{~} with nothing at all between its
	// directives: the control comes from an argument.
	emptyBody bool
	sepPos    int // index of the first ~:; in ~<...~>
	// compound directives: ~( ~[ ~{ ~< hold their clauses
	clauses    [][]fnode
	sepColon   []bool // for each ~; separator: had a colon
	sepAt      []bool // ... had an at-sign
	closeColon bool
	closeAt    bool
	name       string   // ~/name/
	sepParams  []fparam // parameters of the first ~:; in ~<...~>
}

type fmtProgram struct {
	ctl   string
	nodes []fnode
}

// formatError signals GOLEM:FORMAT-ERROR with SBCL's message layout.
func formatError(th *rt.Thread, ctl string, pos int, msg string) {
	formatErrorAt(th, ctl, []int{pos}, msg)
}

// formatErrorAt is formatError with a caret under each of the positions
// (in increasing order).
func formatErrorAt(th *rt.Thread, ctl string, positions []int, msg string) {
	var sb strings.Builder
	msg, ref, _ := strings.Cut(msg, "\x00")
	if th == nil {
		// Only a layout of the pretty printer is parsed without a thread,
		// and those are constants (tested).
		panic("printer: bad layout: " + msg + ": " + ctl)
	}
	sb.WriteString("error in FORMAT: ")
	sb.WriteString(msg)
	if ctl != "" {
		sb.WriteString("\n  ")
		sb.WriteString(ctl)
		sb.WriteString("\n  ")
		col := 0
		for _, pos := range positions {
			pos = min(pos, len([]rune(ctl)))
			if pos > col {
				sb.WriteString(strings.Repeat(" ", pos-col))
				col = pos
			}
			sb.WriteString("^")
			col++
		}
	}
	if ref != "" {
		sb.WriteString("\n")
		sb.WriteString(ref)
	}
	sym, _ := th.Img.Golem.FindSymbol("SIMPLE-FORMAT-ERROR")
	if sym != nil && th.Img.Classes[sym] != nil {
		th.Error(th.MakeCondition("GOLEM:SIMPLE-FORMAT-ERROR", th.Img.Kw("MESSAGE"), rt.NewString(sb.String())))
	}
	th.Error(th.MakeCondition("SIMPLE-ERROR", th.Img.Kw("FORMAT-CONTROL"), rt.NewString("~A"),
		th.Img.Kw("FORMAT-ARGUMENTS"), rt.List(rt.NewString(sb.String()))))
}

// parseFormat returns the directive tree of a control string, parsed once
// per image (format_grammar.go).
func parseFormat(th *rt.Thread, ctl string) *fmtProgram {
	return state(th.Img).program(th, ctl)
}

// program returns ctl's directive tree from the image's cache of parsed
// control strings, parsing it (errors signalled on th; nil th for the
// layouts, which are known to parse) on a miss.
func (st *imageState) program(th *rt.Thread, ctl string) *fmtProgram {
	if prog, ok := st.formatCache[ctl]; ok {
		return prog
	}
	prog := &fmtProgram{ctl: ctl, nodes: compileFormat(th, ctl)}
	if len(st.formatCache) > 512 {
		st.formatCache = map[string]*fmtProgram{}
	}
	st.formatCache[ctl] = prog
	return prog
}

// newlineKind is the conditional newline ~_ asks for: ~_ linear, ~:_ fill,
// ~@_ miser, ~:@_ mandatory.
func (d *fnode) newlineKind() NewlineKind {
	switch {
	case d.colon && d.at:
		return NewlineMandatory
	case d.colon:
		return NewlineFill
	case d.at:
		return NewlineMiser
	}
	return NewlineLinear
}

func knownDirective(c rune) bool {
	return strings.ContainsRune("ASWDBOXRPCFEG$%&|~\nT*?()[];{}<>^/_I", c)
}

// --- interpretation ---

type escape uint8

const (
	escNone    escape = iota
	escUp             // ~^
	escColonUp        // ~:^
	escBlock          // a layout's logical block ends (layouts.go)
)

// fstate is the argument state of one FORMAT (sub)invocation.
type fstate struct {
	th   *rt.Thread
	prog *fmtProgram
	out  rt.Stream
	args []rt.Value
	pos  int
	// block is set inside ~<...~:>: arguments come from PPRINT-POP.
	block *Block
	// inColonBrace is true directly inside ~:{ (where ~:^ is allowed).
	inColonBrace bool
	// outerRemaining reports whether the enclosing ~:{ has more sublists.
	outerRemaining func() bool
	// lp is set when the directives are a layout of the pretty printer
	// (layouts.go): ~W prints with lp and ~<...~:> makes lp's blocks.
	lp *printer
}

// blockExit unwinds the directives of a ~<...~:> body when PPRINT-POP ends
// the block.
type blockExit struct{ b *Block }

func (f *fstate) fail(pos int, msg string) {
	ctl := ""
	if f.prog != nil {
		ctl = f.prog.ctl
	}
	formatError(f.th, ctl, pos, msg)
}

// exhausted reports whether no arguments remain, without counting them.
func (f *fstate) exhausted() bool {
	if f.block != nil {
		return f.block.Exhausted()
	}
	return f.pos >= len(f.args)
}

func (f *fstate) remaining() int {
	if f.block != nil {
		if f.block.Exhausted() {
			return 0
		}
		n := 0
		for l := f.block.rest; l != rt.NIL; n++ {
			c, ok := l.(*rt.Cons)
			if !ok {
				return n + 1
			}
			l = c.Cdr
			if n > 1<<20 {
				break
			}
		}
		return n
	}
	return len(f.args) - f.pos
}

func (f *fstate) next(pos int) rt.Value {
	if f.block != nil {
		v, ok := f.block.Pop()
		if !ok {
			panic(blockExit{f.block})
		}
		return v
	}
	if f.pos >= len(f.args) {
		f.fail(pos, "No more arguments")
	}
	v := f.args[f.pos]
	f.pos++
	return v
}

// param returns the integer value of parameter i, or def when absent.
func (f *fstate) intParam(d *fnode, i int, def int) int {
	v, ok := f.paramValue(d, i)
	if !ok {
		return def
	}
	switch x := v.(type) {
	case rt.Fixnum:
		if x > 1<<40 {
			return 1 << 40
		}
		if x < -(1 << 40) {
			return -(1 << 40)
		}
		return int(x)
	case *rt.Bignum:
		if x.Int.Sign() > 0 {
			return 1 << 40
		}
		return -(1 << 40)
	}
	f.th.TypeErrorName(v, "INTEGER")
	return def
}

func (f *fstate) charParam(d *fnode, i int, def rune) rune {
	v, ok := f.paramValue(d, i)
	if !ok {
		return def
	}
	c, isChar := v.(rt.Char)
	if !isChar {
		f.th.TypeErrorName(v, "CHARACTER")
	}
	return rune(c)
}

// paramValue returns parameter i as a Lisp value; ok is false when it was
// not supplied (or V gave NIL).
func (f *fstate) paramValue(d *fnode, i int) (rt.Value, bool) {
	if i >= len(d.params) {
		return nil, false
	}
	prm := d.params[i]
	switch prm.kind {
	case pInt:
		return rt.MakeInt(int64(prm.n)), true
	case pChar:
		return rt.Char(prm.c), true
	case pArg:
		v := f.next(prm.pos)
		if v == rt.NIL {
			return nil, false
		}
		return v, true
	case pCount:
		return rt.MakeInt(int64(f.remaining())), true
	}
	return nil, false
}

func (f *fstate) checkParams(d *fnode, max int) {
	if len(d.params) > max {
		f.fail(d.params[max].pos, "Too many parameters, expected no more than "+strconv.Itoa(max))
	}
}

// run interprets nodes, returning an escape status.
func (f *fstate) run(nodes []fnode) escape {
	for i := range nodes {
		d := &nodes[i]
		if d.dir == 0 {
			f.out.WriteString(d.text)
			continue
		}
		if f.lp != nil {
			if e, done := f.layoutDirective(d); done {
				if e != escNone {
					return e
				}
				continue
			}
		}
		if e := f.directive(d); e != escNone {
			return e
		}
	}
	return escNone
}

func (f *fstate) write(s string) { f.out.WriteString(s) }

func (f *fstate) padding(n int, c rune) {
	if n <= 0 {
		return
	}
	f.th.CheckAlloc(int64(n))
	// Written in chunks, so that the stream charges its growth as it goes
	// and a huge count never exists as one Go string.
	chunk := strings.Repeat(string(c), min(n, 4096))
	for n > 0 {
		k := min(n, 4096)
		f.write(chunk[:k*utf8.RuneLen(c)])
		n -= k
		f.th.Poll()
	}
}

// writeField implements SBCL's format-write-field padding.
func (f *fstate) writeField(d *fnode, s string, mincol, colinc, minpad int, padchar rune, padLeft bool) {
	// SBCL checks these when padding, without the control string.
	if colinc <= 0 {
		formatError(f.th, "", -1, "The value of colinc is "+strconv.Itoa(colinc)+", should be a positive integer")
	}
	// A negative mincol asks for no width (CLHS 22.3.4.1; SBCL signals).
	mincol = max(mincol, 0)
	if !padLeft {
		f.write(s)
	}
	if minpad > 0 {
		f.padding(minpad, padchar)
	}
	chars := len([]rune(s)) + max(minpad, 0)
	if chars < mincol {
		n := (mincol - chars + colinc - 1) / colinc * colinc
		f.padding(n, padchar)
	}
	if padLeft {
		f.write(s)
	}
}

// printed renders v with the given escape, like PRINC/PRIN1-TO-STRING.
func (f *fstate) printed(v rt.Value, escape bool) string {
	return ToString(f.th, v, escape)
}

func (f *fstate) directive(d *fnode) escape {
	th := f.th
	switch d.dir {
	case 'A', 'S':
		f.checkParams(d, 4)
		// V and # parameters are read before the directive's own argument.
		mincol := f.intParam(d, 0, 0)
		colinc := f.intParam(d, 1, 1)
		minpad := f.intParam(d, 2, 0)
		padchar := f.charParam(d, 3, ' ')
		v := f.next(d.pos)
		escape := d.dir == 'S'
		if len(d.params) == 0 && !(d.colon && v == rt.NIL) {
			printTo(th, v, f.out, rt.Bool(escape), nil)
			return escNone
		}
		var s string
		if d.colon && v == rt.NIL {
			s = "()"
		} else {
			s = f.printed(v, escape)
		}
		f.writeField(d, s, mincol, colinc, minpad, padchar, d.at)
	case 'W':
		f.checkParams(d, 0)
		v := f.next(d.pos)
		dd := th.SpecialDepth()
		if d.colon {
			th.BindSpecial(th.Img.S.PrintPretty, rt.T)
		}
		if d.at {
			th.BindSpecial(th.Img.S.PrintLevel, rt.NIL)
			th.BindSpecial(th.Img.S.PrintLength, rt.NIL)
		}
		Write(th, v, f.out)
		th.UnbindTo(dd)
	case 'D':
		f.integerDirective(d, 10, 0)
	case 'B':
		f.integerDirective(d, 2, 0)
	case 'O':
		f.integerDirective(d, 8, 0)
	case 'X':
		f.integerDirective(d, 16, 0)
	case 'R':
		f.radixDirective(d)
	case 'P':
		f.checkParams(d, 0)
		if d.colon {
			f.backUp(d, 1)
		}
		v := f.next(d.pos)
		one := rt.Eql(v, rt.MakeInt(1))
		switch {
		case d.at && one:
			f.write("y")
		case d.at:
			f.write("ies")
		case !one:
			f.write("s")
		}
	case 'C':
		f.checkParams(d, 0)
		v := f.next(d.pos)
		c, ok := v.(rt.Char)
		if !ok {
			th.TypeErrorName(v, "CHARACTER")
		}
		switch {
		case d.colon:
			r := rune(c)
			if rt.GraphicCharP(r) && r != ' ' {
				f.write(string(r))
			} else {
				f.write(rt.CharName(r))
			}
		case d.at:
			printTo(th, c, f.out, rt.T, nil)
		default:
			f.write(string(rune(c)))
		}
	case 'F':
		f.checkParams(d, 5)
		f.fixedDirective(d)
	case 'E':
		f.checkParams(d, 7)
		f.expDirective(d)
	case 'G':
		f.checkParams(d, 7)
		f.generalDirective(d)
	case '$':
		f.checkParams(d, 4)
		f.dollarDirective(d)
	case '%', '&', '|', '~':
		f.checkParams(d, 1)
		n := f.intParam(d, 0, 1)
		if n <= 0 {
			if d.dir == '&' && n < 0 {
				f.fail(d.pos, "The repetition count must be non-negative")
			}
			return escNone
		}
		switch d.dir {
		case '%':
			f.padding(n, '\n')
		case '&':
			if f.out.Column() != 0 {
				f.write("\n")
			}
			f.padding(n-1, '\n')
		case '|':
			f.padding(n, '\f')
		case '~':
			f.padding(n, '~')
		}
	case 'T':
		f.checkParams(d, 2)
		f.tabDirective(d)
	case '*':
		f.checkParams(d, 1)
		switch {
		case d.at:
			n := f.intParam(d, 0, 0)
			f.gotoArg(d, n)
		case d.colon:
			f.backUp(d, f.intParam(d, 0, 1))
		default:
			n := f.intParam(d, 0, 1)
			for i := 0; i < n; i++ {
				f.next(d.pos)
			}
		}
	case '?':
		f.checkParams(d, 0)
		ctl := f.next(d.pos)
		if d.at {
			sub := &fstate{th: th, out: f.out, args: f.args, pos: f.pos, block: f.block}
			sub.runControl(ctl)
			f.pos = sub.pos
			return escNone
		}
		argList := f.next(d.pos)
		sub := &fstate{th: th, out: f.out, args: listArgs(th, argList)}
		sub.runControl(ctl)
	case '(':
		f.checkParams(d, 0)
		mode := caseDownAll
		switch {
		case d.colon && d.at:
			mode = caseUpAll
		case d.colon:
			mode = caseCapAll
		case d.at:
			mode = caseCapFirst
		}
		saved := f.out
		cs := &caseStream{target: saved, mode: mode}
		f.out = cs
		e := f.run(d.clauses[0])
		f.out = saved
		return e
	case '[':
		return f.conditional(d)
	case '{':
		return f.iteration(d)
	case '<':
		return f.justification(d)
	case '^':
		f.checkParams(d, 3)
		if d.colon && !f.inColonBrace {
			f.fail(d.pos, "Attempt to use ~:^ outside a ~:{...~} construct")
		}
		if f.shouldEscape(d) {
			if d.colon {
				return escColonUp
			}
			return escUp
		}
	case '/':
		f.callDirective(d)
	case '_':
		f.checkParams(d, 0)
		k := d.newlineKind()
		if f.lp != nil {
			if ps := prettyOf(f.out); ps != nil {
				ps.newline(k)
			}
			return escNone
		}
		PprintNewline(th, k, f.out)
	case 'I':
		f.checkParams(d, 1)
		if f.lp != nil {
			if ps := prettyOf(f.out); ps != nil {
				ps.enqueueIndent(d.colon, f.intParam(d, 0, 0))
			}
			return escNone
		}
		PprintIndent(th, d.colon, f.intParam(d, 0, 0), f.out)
	default:
		f.fail(d.pos, "Unknown format directive (character: "+rt.CharName(d.dir)+")")
	}
	return escNone
}

// shouldEscape evaluates the ~^ test.
func (f *fstate) shouldEscape(d *fnode) bool {
	n := len(d.params)
	// The parameters compare as integers of any size (characters by code).
	var vals []*big.Int
	for i := 0; i < n; i++ {
		v, ok := f.paramValue(d, i)
		if !ok {
			continue
		}
		switch x := v.(type) {
		case rt.Fixnum:
			vals = append(vals, big.NewInt(int64(x)))
		case rt.Char:
			vals = append(vals, big.NewInt(int64(x)))
		case *rt.Bignum:
			vals = append(vals, x.Int)
		default:
			f.th.TypeErrorName(v, "INTEGER")
		}
	}
	switch len(vals) {
	case 0:
		if d.colon {
			return f.outerRemaining != nil && !f.outerRemaining()
		}
		return f.exhausted()
	case 1:
		return vals[0].Sign() == 0
	case 2:
		return vals[0].Cmp(vals[1]) == 0
	default:
		return vals[0].Cmp(vals[1]) <= 0 && vals[1].Cmp(vals[2]) <= 0
	}
}

func (f *fstate) backUp(d *fnode, n int) {
	if f.block != nil {
		f.fail(d.pos, "Cannot back up in a logical block")
	}
	if f.pos-n < 0 {
		f.fail(d.pos, "Index "+strconv.Itoa(f.pos-n)+" is out of bounds. It should have been between 0 and "+strconv.Itoa(len(f.args))+".")
	}
	f.pos -= n
}

func (f *fstate) gotoArg(d *fnode, n int) {
	if f.block != nil {
		f.fail(d.pos, "Cannot go to an argument in a logical block")
	}
	if n < 0 || n > len(f.args) {
		f.fail(d.pos, "Index "+strconv.Itoa(n)+" is out of bounds. It should have been between 0 and "+strconv.Itoa(len(f.args))+".")
	}
	f.pos = n
}

// listArgs converts an argument list to a slice, checking it is a proper list.
func listArgs(th *rt.Thread, l rt.Value) []rt.Value {
	// A dotted or circular list is a TYPE-ERROR (SBCL loops forever on a
	// circular one).
	return th.ListElements(l)
}

// runControl interprets a control string or function argument (~? and
// FORMAT itself).
func (f *fstate) runControl(ctl rt.Value) {
	switch c := ctl.(type) {
	case *rt.String:
		f.prog = parseFormat(f.th, c.String())
		f.run(f.prog.nodes)
	case rt.Function:
		call := append([]rt.Value{f.out}, f.args[f.pos:]...)
		r := c.Call(f.th, call)
		// The function returns the unused tail of the arguments.
		used := len(f.args) - f.pos - len(listArgsLoose(r))
		if used > 0 {
			f.pos += used
		}
	case *rt.Symbol:
		if fn, ok := c.Fn.(rt.Function); ok && c != rt.NIL {
			f.runControl(fn)
			return
		}
		f.th.TypeError(ctl, rt.List(f.th.Img.S.Or, f.th.Img.S.String, f.th.Img.CLSym("FUNCTION")))
	default:
		// A string that is not simple (a fill pointer, displaced, adjustable)
		// is a control string too.
		if text, ok := f.th.StringText(ctl); ok {
			f.prog = parseFormat(f.th, text)
			f.run(f.prog.nodes)
			return
		}
		f.th.TypeError(ctl, rt.List(f.th.Img.S.Or, f.th.Img.S.String, f.th.Img.CLSym("FUNCTION")))
	}
}

func listArgsLoose(l rt.Value) []rt.Value { return rt.ListToSlice(l) }

// --- ~[ ---

func (f *fstate) conditional(d *fnode) escape {
	clauses := d.clauses
	switch {
	case d.colon && d.at:
		f.fail(d.pos, "Cannot specify both the colon and at-sign modifiers")
	case d.colon:
		f.checkParams(d, 0)
		if len(clauses) != 2 {
			f.fail(d.pos, "Must specify exactly two sections")
		}
		if f.next(d.pos) == rt.NIL {
			return f.run(clauses[0])
		}
		return f.run(clauses[1])
	case d.at:
		f.checkParams(d, 0)
		if len(clauses) != 1 {
			f.fail(d.pos, "Can only specify one section")
		}
		v := f.next(d.pos)
		if v == rt.NIL {
			return escNone
		}
		if f.block == nil {
			f.pos--
		} else {
			// Cannot un-pop in a logical block: run with the value in front.
			sub := *f
			sub.block = nil
			sub.args = append([]rt.Value{v}, nil...)
			sub.pos = 0
			return sub.run(clauses[0])
		}
		return f.run(clauses[0])
	}
	f.checkParams(d, 1)
	var n int
	if v, ok := f.paramValue(d, 0); ok {
		x, isInt := v.(rt.Fixnum)
		if !isInt {
			f.fail(d.pos, "The argument to ~[ is not an integer: "+f.printed(v, true))
		}
		n = int(x)
	} else {
		v := f.next(d.pos)
		x, isInt := v.(rt.Fixnum)
		if !isInt {
			if _, big := v.(*rt.Bignum); big {
				n = -1
			} else {
				f.fail(d.pos, "The argument to ~[ is not an integer: "+f.printed(v, true))
			}
		} else {
			n = int(x)
		}
	}
	hasDefault := len(d.sepColon) > 0 && d.sepColon[len(d.sepColon)-1]
	for i, c := range d.sepColon {
		if c && i != len(d.sepColon)-1 {
			f.fail(d.pos, "~:; is only allowed on the last clause")
		}
	}
	if n >= 0 && n < len(clauses) && !(hasDefault && n == len(clauses)-1) {
		return f.run(clauses[n])
	}
	if hasDefault {
		return f.run(clauses[len(clauses)-1])
	}
	return escNone
}

// --- ~{ ---

func (f *fstate) iteration(d *fnode) escape {
	f.checkParams(d, 1)
	maxIter := -1
	if v, ok := f.paramValue(d, 0); ok {
		x, isInt := v.(rt.Fixnum)
		if !isInt {
			f.th.TypeErrorName(v, "INTEGER")
		}
		maxIter = int(x)
	}
	body := d.clauses[0]
	prog := f.prog
	var fn rt.Function
	if d.emptyBody {
		// The control is a string or a function (as from FORMATTER).
		switch ctl := f.next(d.pos).(type) {
		case *rt.String:
			prog = parseFormat(f.th, ctl.String())
			body = prog.nodes
		case rt.Function:
			fn = ctl
		default:
			f.th.TypeError(ctl, rt.List(f.th.Img.S.Or, f.th.Img.S.String, f.th.Img.CLSym("FUNCTION")))
		}
	}
	atLeastOnce := d.closeColon
	switch {
	case !d.colon && !d.at:
		args := listArgs(f.th, f.next(d.pos))
		sub := &fstate{th: f.th, prog: prog, out: f.out, args: args, lp: f.lp}
		for i := 0; maxIter < 0 || i < maxIter; i++ {
			if sub.pos >= len(sub.args) && !(i == 0 && atLeastOnce) {
				break
			}
			f.th.Tick()
			if e := sub.runBody(body, fn); e != escNone {
				break
			}
		}
	case d.at && !d.colon:
		// The body takes this invocation's arguments: it runs on f itself
		// unless it is another control string or within ~:{.
		sub := f
		if prog != f.prog || f.inColonBrace {
			sub = &fstate{th: f.th, prog: prog, out: f.out, args: f.args, pos: f.pos, block: f.block, lp: f.lp}
		}
		for i := 0; maxIter < 0 || i < maxIter; i++ {
			if sub.exhausted() && !(i == 0 && atLeastOnce) {
				break
			}
			f.th.Tick()
			if e := sub.runBody(body, fn); e != escNone {
				break
			}
		}
		f.pos = sub.pos
	default:
		// ~:{ takes a list of sublists; ~:@{ takes the remaining arguments,
		// each a sublist.
		var lists []rt.Value
		outer := &fstate{th: f.th, prog: prog, out: f.out}
		if d.at {
			outer.args, outer.pos, outer.block = f.args, f.pos, f.block
		} else {
			outer.args = listArgs(f.th, f.next(d.pos))
		}
		_ = lists
		for i := 0; maxIter < 0 || i < maxIter; i++ {
			if outer.exhausted() && !(i == 0 && atLeastOnce) {
				break
			}
			f.th.Tick()
			var sublist rt.Value = rt.NIL
			if !outer.exhausted() {
				sublist = outer.next(d.pos)
			}
			sub := &fstate{th: f.th, prog: prog, out: f.out, args: listArgs(f.th, sublist), inColonBrace: true,
				outerRemaining: func() bool { return !outer.exhausted() }}
			if e := sub.runBody(body, fn); e == escColonUp {
				break
			}
		}
		if d.at {
			f.pos = outer.pos
		}
	}
	return escNone
}

// runBody runs an iteration's body: its directives, or the function given
// as its control, which takes the stream and the arguments and returns
// those it did not use.
func (f *fstate) runBody(body []fnode, fn rt.Function) escape {
	if fn == nil {
		return f.run(body)
	}
	if f.block != nil {
		f.fail(-1, "A function cannot take the arguments of a logical block")
	}
	call := append([]rt.Value{f.out}, f.args[f.pos:]...)
	rest := listArgsLoose(fn.Call(f.th, call))
	if used := len(f.args) - f.pos - len(rest); used > 0 {
		f.pos += used
	}
	return escNone
}

// --- ~< ---

func (f *fstate) justification(d *fnode) escape {
	if d.closeColon {
		return f.logicalBlockDirective(d)
	}
	f.checkParams(d, 4)
	mincol := f.intParam(d, 0, 0)
	colinc := f.intParam(d, 1, 1)
	minpad := f.intParam(d, 2, 0)
	padchar := f.charParam(d, 3, ' ')
	clauses := d.clauses
	// ~:; after the first clause makes it the overflow text.
	var first []fnode
	hasFirst := len(d.sepColon) > 0 && d.sepColon[0]
	spare, lineWidth := 0, 72
	if hasFirst {
		first = clauses[0]
		clauses = clauses[1:]
	}
	var segs []string
	saved := f.out
	escaped := false
	for _, cl := range clauses {
		buf := rt.NewStringOutputFor(f.th)
		f.out = buf
		e := f.run(cl)
		f.out = saved
		if e != escNone {
			escaped = true
			break
		}
		segs = append(segs, buf.Take())
	}
	_ = escaped
	var firstText string
	if hasFirst {
		buf := rt.NewStringOutputFor(f.th)
		f.out = buf
		// The overflow clause's parameters come from the ~:; directive.
		f.run(first)
		f.out = saved
		firstText = buf.Take()
		sepNode := findSeparatorParams(d)
		if sepNode != nil {
			spare = f.intParam(sepNode, 0, 0)
			lineWidth = f.intParam(sepNode, 1, 72)
		}
	}
	f.justify(d, segs, firstText, hasFirst, spare, lineWidth, mincol, colinc, minpad, padchar)
	return escNone
}

// findSeparatorParams returns a node carrying the parameters of the first
// ~:; separator, or nil.
func findSeparatorParams(d *fnode) *fnode {
	if d.sepParams != nil {
		return &fnode{params: d.sepParams, pos: d.pos}
	}
	return nil
}

func (f *fstate) justify(d *fnode, segs []string, firstText string, hasFirst bool, spare, lineWidth, mincol, colinc, minpad int, padchar rune) {
	if colinc <= 0 {
		f.fail(d.pos, "The value of colinc is "+strconv.Itoa(colinc)+", should be a positive integer")
	}
	if len(segs) == 0 {
		segs = []string{}
	}
	padLeft := d.colon
	padRight := d.at
	// minpad goes into the gaps the modifiers and segments make; a lone
	// segment (or none, after ~^) is then padded on the left, without
	// minpad (as in SBCL).
	numGaps := max(len(segs)-1, 0)
	if padLeft {
		numGaps++
	}
	if padRight {
		numGaps++
	}
	chars := numGaps * minpad
	for _, s := range segs {
		chars += len([]rune(s))
	}
	length := mincol
	if chars > mincol {
		length = mincol + ((chars-mincol+colinc-1)/colinc)*colinc
	}
	padding := length - chars
	if numGaps == 0 {
		numGaps = 1
		padLeft = true
		minpad = 0
	}
	if hasFirst {
		col := f.out.Column()
		if col < 0 {
			col = 0
		}
		if col+length+spare > lineWidth {
			f.write(firstText)
		}
	}
	f.th.CheckAlloc(int64(length))
	emitPad := func(n int) {
		f.padding(n, padchar)
	}
	// Distribute padding: each gap gets minpad plus an even share, the
	// extra going to the leftmost gaps... SBCL gives extras to the right.
	gaps := make([]int, numGaps)
	for i := range gaps {
		gaps[i] = minpad + padding/numGaps
	}
	extra := padding % numGaps
	for i := 0; i < extra; i++ {
		gaps[numGaps-1-i]++
	}
	g := 0
	if padLeft {
		emitPad(gaps[g])
		g++
	}
	for i, s := range segs {
		if i > 0 {
			emitPad(gaps[g])
			g++
		}
		f.write(s)
	}
	if padRight {
		emitPad(gaps[g])
	}
}

// logicalBlockDirective implements ~<prefix~;body~;suffix~:>.
func (f *fstate) logicalBlockDirective(d *fnode) escape {
	f.checkParams(d, 0)
	clauses := d.clauses
	if len(clauses) > 3 {
		f.fail(d.pos, "Too many segments for ~<...~:>")
	}
	prefix, suffix := "", ""
	if d.colon {
		prefix, suffix = "(", ")"
	}
	perLine := false
	body := clauses[0]
	literal := func(nodes []fnode) string {
		var sb strings.Builder
		for _, n := range nodes {
			if n.dir != 0 {
				f.fail(n.pos, "Cannot include format directives inside the prefix or suffix of a logical block")
			}
			sb.WriteString(n.text)
		}
		return sb.String()
	}
	switch len(clauses) {
	case 2:
		prefix = literal(clauses[0])
		perLine = len(d.sepAt) > 0 && d.sepAt[0]
		body = clauses[1]
	case 3:
		prefix = literal(clauses[0])
		perLine = len(d.sepAt) > 0 && d.sepAt[0]
		body = clauses[1]
		suffix = literal(clauses[2])
	}
	if d.closeAt {
		body = fillBody(body)
	}
	if f.lp != nil {
		v, ok := f.layoutNext(d)
		if !ok {
			return escBlock
		}
		f.layoutBlock(d, v, body, prefix, suffix, perLine, false)
		return escNone
	}
	var list rt.Value
	if d.at {
		if f.block != nil {
			f.fail(d.pos, "~@<...~:> inside a logical block is not supported")
		}
		list = rt.List(f.args[f.pos:]...)
		f.pos = len(f.args)
	} else {
		list = f.next(d.pos)
	}
	prog := f.prog
	LogicalBlock(f.th, f.out, list, prefix, suffix, perLine, func(ps rt.Stream, b *Block) {
		sub := &fstate{th: f.th, prog: prog, out: ps, block: b}
		defer func() {
			if r := recover(); r != nil {
				if be, ok := r.(blockExit); ok && be.b == b {
					return
				}
				panic(r)
			}
		}()
		sub.run(body)
	})
	return escNone
}

// fillBody implements ~:@>: a fill-style conditional newline follows each
// group of blanks in the body's literal text.
func fillBody(nodes []fnode) []fnode {
	var out []fnode
	for _, n := range nodes {
		if n.dir != 0 {
			// Blanks within ~{...~}, ~[...~] and ~(...~) are in the body
			// too (as in SBCL); a nested ~<...~> is a body of its own.
			if len(n.clauses) > 0 && n.dir != '<' {
				clauses := make([][]fnode, len(n.clauses))
				for i, c := range n.clauses {
					clauses[i] = fillBody(c)
				}
				n.clauses = clauses
			}
			out = append(out, n)
			continue
		}
		text := n.text
		start := 0
		for i := 0; i < len(text); i++ {
			if text[i] == ' ' {
				j := i
				for j < len(text) && text[j] == ' ' {
					j++
				}
				out = append(out, fnode{text: text[start:j]})
				out = append(out, fnode{dir: '_', colon: true, pos: n.pos})
				start = j
				i = j - 1
			}
		}
		if start < len(text) {
			out = append(out, fnode{text: text[start:]})
		}
	}
	return out
}

// --- ~T ---

func (f *fstate) tabDirective(d *fnode) {
	colnum := f.intParam(d, 0, 1)
	colinc := f.intParam(d, 1, 1)
	if d.colon {
		PprintTab(f.th, true, d.at, colnum, colinc, f.out)
		return
	}
	if prettyOf(f.out) != nil {
		PprintTab(f.th, false, d.at, colnum, colinc, f.out)
		return
	}
	cur := f.out.Column()
	if d.at {
		spaces := colnum
		if cur >= 0 && colinc > 0 {
			spaces = ((cur+colnum+colinc-1)/colinc)*colinc - cur
		}
		f.padding(spaces, ' ')
		return
	}
	switch {
	case cur < 0:
		f.write("  ")
	case cur < colnum:
		f.padding(colnum-cur, ' ')
	case colinc > 0:
		f.padding(colinc-(cur-colnum)%colinc, ' ')
	}
}

// --- ~/name/ ---

func (f *fstate) callDirective(d *fnode) {
	th := f.th
	name := strings.ToUpper(d.name)
	pkg := th.Img.CLUser
	sym := name
	// The first colon (or double colon) ends the package name.
	if i := strings.IndexByte(name, ':'); i >= 0 {
		pkg = th.Img.FindPackage(name[:i])
		sym = strings.TrimPrefix(name[i+1:], ":")
	}
	if pkg == nil {
		f.fail(d.pos, "Package for ~/"+d.name+"/ does not exist")
	}
	s, _ := pkg.Intern(sym)
	// V and # parameters are read before the directive's own argument.
	params := make([]rt.Value, len(d.params))
	for i := range d.params {
		pv, ok := f.paramValue(d, i)
		if !ok {
			pv = rt.NIL
		}
		params[i] = pv
	}
	v := f.next(d.pos)
	args := append([]rt.Value{f.out, v, rt.Bool(d.colon), rt.Bool(d.at)}, params...)
	th.Call(s, args...)
}

// --- case conversion stream ---

type caseConv uint8

const (
	caseDownAll caseConv = iota
	caseUpAll
	caseCapAll
	caseCapFirst
)

type caseStream struct {
	target     rt.Stream
	mode       caseConv
	inWord     bool
	seenLetter bool
}

func (c *caseStream) WriteString(s string) {
	var sb strings.Builder
	for _, r := range s {
		switch c.mode {
		case caseDownAll:
			r = rt.CharDowncase(r)
		case caseUpAll:
			r = rt.CharUpcase(r)
		case caseCapAll:
			if isAlnum(r) {
				if c.inWord {
					r = rt.CharDowncase(r)
				} else {
					r = rt.CharUpcase(r)
				}
				c.inWord = true
			} else {
				c.inWord = false
			}
		case caseCapFirst:
			if isAlnum(r) {
				if !c.seenLetter {
					r = rt.CharUpcase(r)
					c.seenLetter = true
				} else {
					r = rt.CharDowncase(r)
				}
			}
		}
		sb.WriteRune(r)
	}
	c.target.WriteString(sb.String())
}
func (c *caseStream) ReadChar() (rune, bool) { return 0, false }
func (c *caseStream) UnreadChar(rune)        {}
func (c *caseStream) Column() int            { return c.target.Column() }
func (c *caseStream) IsInput() bool          { return false }
func (c *caseStream) IsOutput() bool         { return true }
func (c *caseStream) Close()                 {}

// --- FORMAT entry points ---

// FormatTo interprets control (a string or function) with args, writing to s.
func FormatTo(th *rt.Thread, s rt.Stream, control rt.Value, args []rt.Value) {
	f := &fstate{th: th, out: s, args: args}
	f.runControl(control)
}

// FormatToString returns the output of FORMAT NIL.
func FormatToString(th *rt.Thread, control string, args ...rt.Value) string {
	out := rt.NewStringOutputFor(th)
	FormatTo(th, out, rt.NewString(control), args)
	return out.Take()
}

// Format implements FORMAT: destination NIL returns a string, T writes to
// *standard-output*, a stream is written to, and a string with a fill
// pointer is appended to.
func Format(th *rt.Thread, dest rt.Value, control rt.Value, args []rt.Value) rt.Value {
	args = append([]rt.Value(nil), args...)
	switch d := dest.(type) {
	case *rt.Symbol:
		if d == rt.NIL {
			out := rt.NewStringOutputFor(th)
			FormatTo(th, out, control, args)
			return rt.NewString(out.Take())
		}
		if d == rt.T {
			FormatTo(th, th.OutputStream(rt.NIL), control, args)
			return rt.NIL
		}
	case *rt.String:
		FormatTo(th, NewFillPointerOutput(th, d), control, args)
		return rt.NIL
	case rt.Stream:
		FormatTo(th, d, control, args)
		return rt.NIL
	}
	th.TypeError(dest, rt.List(th.Img.S.Or, th.Img.CLSym("BOOLEAN"), th.Img.CLSym("STREAM"), th.Img.S.String))
	return rt.NIL
}

func init() {
	rt.Register(rt.Def{Name: "FORMAT", Min: 2, Max: -1, Params: "(DESTINATION CONTROL-STRING &REST FORMAT-ARGUMENTS)",
		Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
			return Format(th, args[0], args[1], args[2:])
		}})
	rt.RegisterSetup(15, defineFormatError)
}

// defineFormatError creates the condition class of FORMAT errors, an ERROR
// whose report is its message. It is named GOLEM:SIMPLE-FORMAT-ERROR (so
// that, like golem's other GOLEM:SIMPLE-* conditions, it is reported as the
// standard type it specialises: ERROR, as SBCL's SB-FORMAT:FORMAT-ERROR is)
// and also GOLEM:FORMAT-ERROR.
func defineFormatError(img *rt.Image) {
	errClass := img.Classes[img.S.Error]
	if errClass == nil {
		return
	}
	sym := img.Intern("GOLEM", "SIMPLE-FORMAT-ERROR")
	img.Golem.Export(sym)
	alias := img.Intern("GOLEM", "FORMAT-ERROR")
	img.Golem.Export(alias)
	if img.Classes[sym] != nil {
		return
	}
	msg := img.Intern("GOLEM", "MESSAGE")
	c := &rt.Class{Name: sym, Kind: rt.ConditionClass, Supers: []*rt.Class{errClass}}
	c.CPL = rt.LinearizeCPL(c)
	c.Slots = append(c.Slots, &rt.SlotDef{Name: msg, Initargs: []*rt.Symbol{img.Kw("MESSAGE")}})
	c.Report = &rt.Builtin{Name: sym, Min: 2, Max: 2, Fn: func(th *rt.Thread, args []rt.Value) rt.Value {
		inst := args[0].(*rt.Instance)
		if v, ok := inst.SlotValueByName(msg); ok {
			if s, ok := v.(*rt.String); ok {
				th.OutputStream(args[1]).WriteString(s.String())
			}
		}
		return rt.NIL
	}}
	c.Finalize()
	img.Classes[sym] = c
	img.Classes[alias] = c
}
