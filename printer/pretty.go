package printer

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// The pretty printer is a stream that buffers output since the last point
// where its layout was decided, together with a queue of pending operations
// (conditional newlines, indentation changes, logical block starts and ends,
// tabs). Decisions are taken as soon as they are determined: a section that
// is known to fit (its end is queued and within the margin) or known not to
// fit (the buffered text already passes the margin). Every character and
// operation is processed a bounded number of times, so printing is linear.
// The layout rules are those of SBCL's pretty printer, so that output
// matches it line for line.

// NewlineKind is the kind of a conditional newline (PPRINT-NEWLINE).
type NewlineKind uint8

// Newline kinds.
const (
	NewlineLinear NewlineKind = iota
	NewlineFill
	NewlineMiser
	NewlineMandatory
	nlLiteral // a newline character in the output
)

type opKind uint8

const (
	opNewline opKind = iota
	opIndent
	opBlockStart
	opBlockEnd
	opTab
)

// qop is one queued operation.
type qop struct {
	kind opKind
	posn int // buffer position (index + offset) where it applies

	// newlines and block starts are "section starts"
	depth      int
	sectionEnd *qop
	nl         NewlineKind

	// indentation
	indentCurrent bool
	amount        int

	// block start
	hasPerLine    bool
	perLinePrefix string
	suffix        string
	blockEnd      *qop

	// tab
	tabSection, tabRelative bool
	colnum, colinc          int
}

// lblock is a logical block whose layout has been started.
type lblock struct {
	startColumn      int
	sectionColumn    int
	perLinePrefixEnd int
	prefixLength     int
	suffix           string // suffixes of this and the enclosing blocks
	sectionStartLine int
}

// prettyStream is an output stream that performs pretty printing layout on
// its way to target.
type prettyStream struct {
	th         *rt.Thread
	target     rt.Stream
	lineLength int
	printLines int // -1: no limit
	miserWidth int // -1: none
	readably   bool

	buf         []rune
	bufCap      int // SBCL's buffer size: output is attempted when it is full
	bufOffset   int // position of buf[0]
	bufStartCol int // output column of buf[0]
	lineNumber  int

	blocks []*lblock
	prefix []rune

	queue         []*qop
	qhead         int
	ntabs         int
	pendingBlocks []*qop
	openSections  []*qop

	done bool
}

// lineLimit is the panic value that stops output when *print-lines* is
// reached.
type lineLimit struct{ ps *prettyStream }

func newPrettyStream(th *rt.Thread, target rt.Stream) *prettyStream {
	S := th.Img.S
	ps := &prettyStream{th: th, target: target, lineLength: 80, printLines: -1, miserWidth: -1}
	if n := limitOf(th, S.PrintRightMargin); n >= 0 {
		ps.lineLength = min(n, 1<<30)
	}
	if n := limitOf(th, S.PrintLines); n >= 0 {
		ps.printLines = min(n, 1<<30)
	}
	if n := limitOf(th, S.PrintMiserWidth); n >= 0 {
		ps.miserWidth = min(n, 1<<30)
	}
	ps.readably = truthy(S.PrintReadably.Value)
	if c := target.Column(); c > 0 {
		ps.bufStartCol = c
	}
	ps.blocks = []*lblock{{}}
	ps.bufCap = 128
	return ps
}

// --- rt.Stream ---

func (ps *prettyStream) ReadChar() (rune, bool) { return 0, false }
func (ps *prettyStream) UnreadChar(rune)        {}
func (ps *prettyStream) IsInput() bool          { return false }
func (ps *prettyStream) IsOutput() bool         { return true }
func (ps *prettyStream) Close()                 {}

// Column returns the column the next character will be printed at.
func (ps *prettyStream) Column() int {
	if ps.done {
		return ps.target.Column()
	}
	return ps.indexColumn(len(ps.buf))
}

// WriteString buffers text; newlines in it are literal newlines.
func (ps *prettyStream) WriteString(s string) {
	if ps.done {
		ps.target.WriteString(s)
		return
	}
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			ps.appendText(s[start:i])
			ps.enqueueNewline(nlLiteral)
			start = i + 1
		}
	}
	ps.appendText(s[start:])
}

func (ps *prettyStream) appendText(s string) {
	if s == "" {
		return
	}
	rs := []rune(s)
	for len(rs) > 0 {
		n := min(ps.ensureSpace(len(rs)), len(rs))
		ps.buf = append(ps.buf, rs[:n]...)
		rs = rs[n:]
	}
}

// ensureSpace returns the room left in the buffer, first outputting what
// can be decided when the buffer is full and longer than a line, or
// growing it. Doing this exactly when SBCL does keeps partial-line output
// (and so the layout) identical.
func (ps *prettyStream) ensureSpace(want int) int {
	for {
		if avail := ps.bufCap - len(ps.buf); avail > 0 {
			return avail
		}
		ps.th.Tick()
		if len(ps.buf) > ps.lineLength {
			if ps.maybeOutput(false) || ps.outputPartialLine() {
				continue
			}
		}
		ps.th.CheckAlloc(int64(ps.bufCap) * 4)
		ps.bufCap = max(2*ps.bufCap, ps.bufCap+want*5/4)
	}
}

// --- positions and columns ---

func (ps *prettyStream) cur() *lblock { return ps.blocks[len(ps.blocks)-1] }

func (ps *prettyStream) posnIndex(posn int) int { return posn - ps.bufOffset }

func (ps *prettyStream) posnColumn(posn int) int { return ps.indexColumn(posn - ps.bufOffset) }

// indexColumn is the output column of buffer index i, counting pending tabs.
func (ps *prettyStream) indexColumn(index int) int {
	column := ps.bufStartCol
	if ps.ntabs == 0 {
		return column + index
	}
	sectionStart := ps.cur().sectionColumn
	endPosn := index + ps.bufOffset
	for _, op := range ps.queue[ps.qhead:] {
		if op.posn >= endPosn {
			break
		}
		switch op.kind {
		case opTab:
			column += tabSize(op, sectionStart, column+ps.posnIndex(op.posn))
		case opNewline, opBlockStart:
			sectionStart = column + ps.posnIndex(op.posn)
		}
	}
	return column + index
}

// tabSize computes the padding a tab inserts at column.
func tabSize(op *qop, sectionStart, column int) int {
	origin := 0
	if op.tabSection {
		origin = sectionStart
	}
	colnum, colinc := op.colnum, op.colinc
	position := column - origin
	switch {
	case op.tabRelative:
		if colinc > 1 {
			if rem := (position + colnum) % colinc; rem != 0 {
				colnum += colinc - rem
			}
		}
		return colnum
	case position < colnum:
		return colnum - position
	case colinc == 0:
		return 0
	default:
		return colinc - (position-colnum)%colinc
	}
}

// --- the queue ---

func (ps *prettyStream) enqueue(op *qop) {
	op.posn = len(ps.buf) + ps.bufOffset
	if ps.qhead > 64 && ps.qhead*2 > len(ps.queue) {
		n := copy(ps.queue, ps.queue[ps.qhead:])
		for i := n; i < len(ps.queue); i++ {
			ps.queue[i] = nil
		}
		ps.queue = ps.queue[:n]
		ps.qhead = 0
	}
	ps.queue = append(ps.queue, op)
	if op.kind == opTab {
		ps.ntabs++
	}
}

// closeSections ends the sections still open at depth or deeper at op.
func (ps *prettyStream) closeSections(op *qop) {
	out := ps.openSections[:0]
	for _, s := range ps.openSections {
		if s.depth >= op.depth {
			s.sectionEnd = op
		} else {
			out = append(out, s)
		}
	}
	for i := len(out); i < len(ps.openSections); i++ {
		ps.openSections[i] = nil
	}
	ps.openSections = out
}

func (ps *prettyStream) enqueueNewline(kind NewlineKind) {
	op := &qop{kind: opNewline, nl: kind, depth: len(ps.pendingBlocks)}
	ps.enqueue(op)
	ps.closeSections(op)
	ps.openSections = append(ps.openSections, op)
	ps.maybeOutput(kind == nlLiteral || kind == NewlineMandatory)
}

func (ps *prettyStream) startBlock(prefix string, perLine bool, suffix string) {
	if prefix != "" {
		ps.WriteString(prefix)
	}
	op := &qop{kind: opBlockStart, depth: len(ps.pendingBlocks), hasPerLine: perLine, suffix: suffix}
	if perLine {
		op.perLinePrefix = prefix
	}
	ps.enqueue(op)
	ps.pendingBlocks = append(ps.pendingBlocks, op)
	ps.openSections = append(ps.openSections, op)
}

func (ps *prettyStream) endBlock() {
	n := len(ps.pendingBlocks) - 1
	start := ps.pendingBlocks[n]
	ps.pendingBlocks[n] = nil
	ps.pendingBlocks = ps.pendingBlocks[:n]
	op := &qop{kind: opBlockEnd}
	ps.enqueue(op)
	if start.suffix != "" {
		ps.WriteString(start.suffix)
	}
	start.blockEnd = op
}

func (ps *prettyStream) enqueueIndent(current bool, amount int) {
	ps.enqueue(&qop{kind: opIndent, indentCurrent: current, amount: amount})
}

func (ps *prettyStream) enqueueTab(section, relative bool, colnum, colinc int) {
	ps.enqueue(&qop{kind: opTab, tabSection: section, tabRelative: relative, colnum: colnum, colinc: colinc})
}

// --- layout decisions ---

type fit uint8

const (
	fitYes fit = iota
	fitNo
	fitUnknown
)

func (ps *prettyStream) misering() bool {
	return ps.miserWidth >= 0 && ps.lineLength-ps.cur().startColumn <= ps.miserWidth
}

func (ps *prettyStream) fitsOnLine(until *qop, force bool) fit {
	available := ps.lineLength
	if !ps.readably && ps.printLines >= 0 && ps.printLines == ps.lineNumber {
		available -= 3 + len([]rune(ps.cur().suffix))
	}
	switch {
	case until != nil:
		if ps.posnColumn(until.posn) <= available {
			return fitYes
		}
		return fitNo
	case force:
		return fitNo
	case ps.indexColumn(len(ps.buf)) > available:
		return fitNo
	}
	return fitUnknown
}

// maybeOutput processes queued operations as far as their layout is
// determined; it reports whether a line was output.
func (ps *prettyStream) maybeOutput(force bool) bool {
	outputAnything := false
	for ps.qhead < len(ps.queue) {
		op := ps.queue[ps.qhead]
		switch op.kind {
		case opNewline:
			brk := false
			switch op.nl {
			case nlLiteral, NewlineMandatory, NewlineLinear:
				brk = true
			case NewlineMiser:
				brk = ps.misering()
			case NewlineFill:
				if ps.misering() || ps.lineNumber > ps.cur().sectionStartLine {
					brk = true
				} else {
					switch ps.fitsOnLine(op.sectionEnd, force) {
					case fitNo:
						brk = true
					case fitUnknown:
						return outputAnything
					}
				}
			}
			ps.qhead++
			if brk {
				outputAnything = true
				ps.outputLine(op)
			}
			continue
		case opIndent:
			if !ps.misering() {
				col := op.amount
				if op.indentCurrent {
					col += ps.posnColumn(op.posn)
				} else {
					col += ps.cur().startColumn
				}
				ps.setIndentation(col)
			}
		case opBlockStart:
			switch ps.fitsOnLine(op.sectionEnd, force) {
			case fitYes:
				// The whole block fits: treat it as literal text.
				end := op.blockEnd
				ps.expandTabs(end)
				i := ps.qhead
				for ; i < len(ps.queue); i++ {
					if ps.queue[i].kind == opTab {
						ps.ntabs--
					}
					if ps.queue[i] == end {
						break
					}
				}
				ps.qhead = i + 1
				continue
			case fitNo:
				ps.reallyStartBlock(ps.posnColumn(op.posn), op)
			case fitUnknown:
				return outputAnything
			}
		case opBlockEnd:
			ps.reallyEndBlock()
		case opTab:
			ps.expandTabs(op)
			ps.ntabs--
		}
		ps.qhead++
	}
	return outputAnything
}

func (ps *prettyStream) reallyStartBlock(column int, op *qop) {
	prev := ps.cur()
	blk := &lblock{
		startColumn:      column,
		sectionColumn:    column,
		perLinePrefixEnd: prev.perLinePrefixEnd,
		prefixLength:     prev.prefixLength,
		suffix:           prev.suffix,
		sectionStartLine: ps.lineNumber,
	}
	ps.blocks = append(ps.blocks, blk)
	ps.setIndentation(column)
	if op.hasPerLine {
		blk.perLinePrefixEnd = column
		pr := []rune(op.perLinePrefix)
		start := column - len(pr)
		for i, r := range pr {
			if start+i >= 0 {
				ps.prefix[start+i] = r
			}
		}
	}
	if op.suffix != "" {
		blk.suffix = op.suffix + prev.suffix
	}
}

func (ps *prettyStream) reallyEndBlock() {
	if len(ps.blocks) <= 1 {
		return
	}
	old := ps.blocks[len(ps.blocks)-1]
	ps.blocks = ps.blocks[:len(ps.blocks)-1]
	nw := ps.cur()
	for i := old.prefixLength; i < nw.prefixLength; i++ {
		ps.prefix[i] = ' '
	}
}

func (ps *prettyStream) setIndentation(column int) {
	blk := ps.cur()
	if column < blk.perLinePrefixEnd {
		column = blk.perLinePrefixEnd
	}
	if column < 0 {
		column = 0
	}
	if column > len(ps.prefix) {
		ps.th.CheckAlloc(int64(column) * 4)
		np := make([]rune, max(column, 2*len(ps.prefix)))
		copy(np, ps.prefix[:blk.prefixLength])
		ps.prefix = np
	}
	for i := blk.prefixLength; i < column; i++ {
		ps.prefix[i] = ' '
	}
	blk.prefixLength = column
}

// outputLine writes the buffered text up to the newline op, then the
// newline and the indentation of the current block.
func (ps *prettyStream) outputLine(until *qop) {
	literal := until.nl == nlLiteral
	consume := ps.posnIndex(until.posn)
	toPrint := consume
	if !literal {
		for toPrint > 0 && ps.buf[toPrint-1] == ' ' {
			toPrint--
		}
	}
	ps.target.WriteString(string(ps.buf[:toPrint]))
	lineNumber := ps.lineNumber + 1
	if !ps.readably && ps.printLines >= 0 && lineNumber >= ps.printLines {
		ps.target.WriteString(" ..")
		if sfx := ps.cur().suffix; sfx != "" {
			ps.target.WriteString(sfx)
		}
		panic(lineLimit{ps})
	}
	ps.lineNumber = lineNumber
	ps.target.WriteString("\n")
	ps.bufStartCol = 0
	blk := ps.cur()
	prefixLen := blk.prefixLength
	if literal {
		prefixLen = blk.perLinePrefixEnd
	}
	rest := ps.buf[consume:]
	shift := consume - prefixLen
	if newFill := prefixLen + len(rest); newFill > ps.bufCap {
		ps.bufCap = max(2*ps.bufCap, ps.bufCap+(newFill-ps.bufCap)*5/4)
	}
	if prefixLen <= consume {
		copy(ps.buf[prefixLen:], rest)
		ps.buf = ps.buf[:prefixLen+len(rest)]
	} else {
		nb := make([]rune, prefixLen+len(rest), prefixLen+len(rest)+64)
		copy(nb[prefixLen:], rest)
		ps.buf = nb
	}
	copy(ps.buf[:prefixLen], ps.prefix[:prefixLen])
	ps.bufOffset += shift
	if !literal {
		blk.sectionColumn = prefixLen
		blk.sectionStartLine = lineNumber
	}
}

// outputPartialLine writes the text before the first queued operation.
func (ps *prettyStream) outputPartialLine() bool {
	count := len(ps.buf)
	if ps.qhead < len(ps.queue) {
		count = ps.posnIndex(ps.queue[ps.qhead].posn)
	}
	if count <= 0 {
		return false
	}
	ps.target.WriteString(string(ps.buf[:count]))
	ps.bufStartCol += count
	n := copy(ps.buf, ps.buf[count:])
	ps.buf = ps.buf[:n]
	ps.bufOffset += count
	return true
}

// expandTabs replaces the tabs queued up to through (all when nil) by spaces.
func (ps *prettyStream) expandTabs(through *qop) {
	type insertion struct{ index, size int }
	var ins []insertion
	additional := 0
	column := ps.bufStartCol
	sectionStart := ps.cur().sectionColumn
	for _, op := range ps.queue[ps.qhead:] {
		switch op.kind {
		case opTab:
			index := ps.posnIndex(op.posn)
			size := tabSize(op, sectionStart, column+index)
			if size > 0 {
				ins = append(ins, insertion{index, size})
				additional += size
				column += size
			}
		case opNewline, opBlockStart:
			sectionStart = column + ps.posnIndex(op.posn)
		}
		if op == through {
			break
		}
	}
	if len(ins) == 0 {
		return
	}
	ps.th.CheckAlloc(int64(additional) * 4)
	if newFill := len(ps.buf) + additional; newFill > ps.bufCap {
		ps.bufCap = max(2*ps.bufCap, ps.bufCap+additional*5/4)
	}
	nb := make([]rune, 0, len(ps.buf)+additional)
	prev := 0
	for _, in := range ins {
		nb = append(nb, ps.buf[prev:in.index]...)
		for i := 0; i < in.size; i++ {
			nb = append(nb, ' ')
		}
		prev = in.index
	}
	nb = append(nb, ps.buf[prev:]...)
	ps.buf = nb
	ps.bufOffset -= additional
}

// forceOutput flushes everything once the outermost block is done.
func (ps *prettyStream) forceOutput() {
	ps.maybeOutput(false)
	ps.expandTabs(nil)
	if len(ps.buf) > 0 {
		ps.target.WriteString(string(ps.buf))
	}
	ps.buf = ps.buf[:0]
}

// --- user-level operations ---

// newline implements PPRINT-NEWLINE on this stream.
func (ps *prettyStream) newline(kind NewlineKind) {
	if ps.done {
		return
	}
	ps.enqueueNewline(kind)
}
