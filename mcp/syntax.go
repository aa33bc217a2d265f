package mcp

import (
	"context"
	"fmt"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/golem-lisp/golem/conditions"
	"github.com/golem-lisp/golem/reader"
	rt "github.com/golem-lisp/golem/runtime"
)

// --- check-syntax ---

// formExtent is where one form lies in the source, as rune offsets.
type formExtent struct{ start, end int }

func (s *Server) checkSyntax(ctx context.Context, sess *Session, _ mcpgo.CallToolRequest, args map[string]any) *mcpgo.CallToolResult {
	code, bad := requiredString(args, "code", "check-syntax")
	if bad != nil {
		return bad
	}
	pkgName, bad := optionalString(args, "package", "check-syntax")
	if bad != nil {
		return bad
	}
	return s.run(ctx, sess, pkgName, func(th *rt.Thread, _ *rt.Package) *mcpgo.CallToolResult {
		src := []rune(code)
		// Reading must not evaluate anything.
		th.BindSpecial(th.Img.CLSym("*READ-EVAL*"), rt.NIL)
		forms, failure := readForms(th, src)
		if failure == nil {
			return textResult(describeForms(src, forms))
		}
		return errorResult(describeReadFailure(src, forms, failure), "parse_error", failure.condType)
	})
}

// readFailure is the first reader error of a source text.
type readFailure struct {
	condType string
	report   string
	start    int // where the failing form starts
	pos      int // where the reader stopped
	eof      bool
}

// readForms reads every form of src, stopping at the first reader error.
func readForms(th *rt.Thread, src []rune) (forms []formExtent, failure *readFailure) {
	stream := rt.NewStringInput(src, 0, len(src))
	eof := rt.NewSymbol("EOF")
	for {
		start := skipBlank(src, stream.Pos)
		if start >= len(src) {
			return forms, nil
		}
		depth := th.SpecialDepth()
		var v rt.Value
		var cond *rt.Instance
		func() {
			defer func() {
				if r := recover(); r != nil {
					u, ok := r.(*rt.Unhandled)
					if !ok {
						panic(r)
					}
					th.UnbindTo(depth)
					cond = u.Condition
				}
			}()
			v = reader.ReadPreservingWhitespace(th, stream, false, eof, false)
		}()
		if cond != nil {
			f := &readFailure{condType: cond.Class.Name.Name, start: start, pos: stream.Pos}
			f.report = conditions.ReportString(th, cond)
			if where, ok := reader.ErrorSource(cond); ok {
				// The text below says where, with check-syntax's own columns.
				f.report = strings.TrimSuffix(f.report, where.ReportSuffix())
			}
			endOfFile := th.Img.FindClass(th.Img.CLSym("END-OF-FILE"))
			f.eof = endOfFile != nil && (cond.Class == endOfFile || cond.Class.IsSubclassOf(endOfFile))
			return forms, f
		}
		if v == rt.Value(eof) {
			return forms, nil
		}
		forms = append(forms, formExtent{start, stream.Pos})
	}
}

// skipBlank skips whitespace and comments from i.
func skipBlank(src []rune, i int) int { return reader.SkipBlank(src, i) }

// lineCol converts a rune offset to a 1-based line and column.
func lineCol(src []rune, pos int) (int, int) {
	line, col := 1, 1
	for i := 0; i < pos && i < len(src); i++ {
		if src[i] == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return line, col
}

func at(src []rune, pos int) string {
	l, c := lineCol(src, pos)
	return fmt.Sprintf("line %d, column %d", l, c)
}

// snippet is the first line of the text at pos, shortened.
func snippet(src []rune, pos int) string { return reader.Snippet(src, pos) }

func describeForms(src []rune, forms []formExtent) string {
	if len(forms) == 0 {
		return "Syntax OK: no forms (only whitespace and comments)."
	}
	var b strings.Builder
	if len(forms) == 1 {
		b.WriteString("Syntax OK: 1 form.\n")
	} else {
		fmt.Fprintf(&b, "Syntax OK: %d forms.\n", len(forms))
	}
	for i, f := range forms {
		fmt.Fprintf(&b, "%d. %s to %s: %s\n", i+1, at(src, f.start), at(src, max(f.end-1, f.start)), snippet(src, f.start))
	}
	return strings.TrimRight(b.String(), "\n")
}

func describeReadFailure(src []rune, forms []formExtent, f *readFailure) string {
	var b strings.Builder
	b.WriteString("[ERROR] " + f.condType + "\n" + f.report + "\n")
	if f.eof {
		fmt.Fprintf(&b, "Unexpected end of input at %s, in the form starting at %s.\n", at(src, len(src)), at(src, f.start))
		sc := reader.ScanParens(src, f.start)
		switch {
		case sc.InString >= 0:
			fmt.Fprintf(&b, "The string opened at %s is never closed.\n", at(src, sc.InString))
		case sc.InBar >= 0:
			fmt.Fprintf(&b, "The |escaped symbol| opened at %s is never closed.\n", at(src, sc.InBar))
		case sc.InComment >= 0:
			fmt.Fprintf(&b, "The #| comment opened at %s is never closed.\n", at(src, sc.InComment))
		}
		if n := len(sc.Open) + sc.Deeper; n > 0 {
			if n == 1 {
				b.WriteString("1 parenthesis is never closed:\n")
			} else {
				fmt.Fprintf(&b, "%d parentheses are never closed:\n", n)
			}
			for _, p := range sc.Open {
				fmt.Fprintf(&b, "  \"(\" opened at %s: %s\n", at(src, p), snippet(src, p))
			}
		}
	} else {
		pos := f.pos - 1
		if pos < f.start {
			pos = f.start
		}
		fmt.Fprintf(&b, "Reader error at %s, in the form starting at %s.\n", at(src, pos), at(src, f.start))
		if pos < len(src) && src[pos] == ')' {
			b.WriteString("This \")\" has no matching \"(\".\n")
		}
	}
	if len(forms) > 0 {
		fmt.Fprintf(&b, "The %d form(s) before it read correctly.\n", len(forms))
	}
	return strings.TrimRight(b.String(), "\n")
}

// --- macroexpand ---

func (s *Server) macroexpand(ctx context.Context, sess *Session, _ mcpgo.CallToolRequest, args map[string]any) *mcpgo.CallToolResult {
	text, bad := requiredString(args, "form", "macroexpand")
	if bad != nil {
		return bad
	}
	full := false
	if v, ok := args["full"]; ok && v != nil {
		b, isBool := v.(bool)
		if !isBool {
			return argsError("macroexpand `full` must be a boolean.")
		}
		full = b
	}
	pkgName, bad := optionalString(args, "package", "macroexpand")
	if bad != nil {
		return bad
	}
	return s.run(ctx, sess, pkgName, func(th *rt.Thread, _ *rt.Package) *mcpgo.CallToolResult {
		src := []rune(text)
		th.BindSpecial(th.Img.CLSym("*READ-EVAL*"), rt.NIL)
		stream := rt.NewStringInput(src, 0, len(src))
		eof := rt.NewSymbol("EOF")
		form := reader.Read(th, stream, false, eof, false)
		if form == rt.Value(eof) {
			return argsError("macroexpand requires a non-empty `form` string argument.")
		}
		var out rt.Value
		expanded := false
		if full {
			out = expandAll(th, form, 0)
			expanded = true
		} else {
			out, expanded = expand1(th, form)
		}
		text := printFull(th, out)
		if !expanded {
			text += "\n; not a macro form: nothing to expand"
		}
		return textResult(text)
	})
}

// expand1 is MACROEXPAND-1.
func expand1(th *rt.Thread, form rt.Value) (rt.Value, bool) {
	v := th.Call(th.Img.CLSym("MACROEXPAND-1"), form)
	vals := th.MultipleValues(v)
	return vals[0], len(vals) > 1 && vals[1] != rt.NIL
}

// expandAll expands every macro in form and its subforms. It knows the
// binding forms whose parts are not evaluated; other conses are walked
// element by element.
func expandAll(th *rt.Thread, form rt.Value, depth int) rt.Value {
	th.EnterNested()
	defer th.LeaveNested()
	for i := 0; i < 1000; i++ {
		v, ok := expand1(th, form)
		if !ok {
			break
		}
		form = v
	}
	c, ok := form.(*rt.Cons)
	if !ok {
		return form
	}
	head, _ := c.Car.(*rt.Symbol)
	name := ""
	if head != nil && th.Img.HomePackage(head) == th.Img.CL {
		name = head.Name
	}
	switch name {
	case "QUOTE":
		return form
	case "FUNCTION":
		if rest, ok := c.Cdr.(*rt.Cons); ok {
			if lam, ok := rest.Car.(*rt.Cons); ok && lam.Car == th.Img.CLSym("LAMBDA") {
				return rt.List(c.Car, expandLambda(th, lam, depth))
			}
		}
		return form
	case "LAMBDA":
		return expandLambda(th, c, depth)
	case "LET", "LET*":
		rest, ok := c.Cdr.(*rt.Cons)
		if !ok {
			return form
		}
		bindings := mapList(rest.Car, func(b rt.Value) rt.Value {
			if bc, ok := b.(*rt.Cons); ok {
				return rt.NewCons(bc.Car, mapList(bc.Cdr, func(x rt.Value) rt.Value { return expandAll(th, x, depth+1) }))
			}
			return b
		})
		return rt.NewCons(c.Car, rt.NewCons(bindings, expandForms(th, rest.Cdr, depth)))
	case "FLET", "LABELS", "MACROLET":
		rest, ok := c.Cdr.(*rt.Cons)
		if !ok {
			return form
		}
		defs := mapList(rest.Car, func(d rt.Value) rt.Value {
			if dc, ok := d.(*rt.Cons); ok {
				if body, ok := dc.Cdr.(*rt.Cons); ok {
					return rt.NewCons(dc.Car, rt.NewCons(body.Car, expandForms(th, body.Cdr, depth)))
				}
			}
			return d
		})
		return rt.NewCons(c.Car, rt.NewCons(defs, expandForms(th, rest.Cdr, depth)))
	}
	return rt.NewCons(expandHead(th, c.Car, depth), expandForms(th, c.Cdr, depth))
}

func expandHead(th *rt.Thread, head rt.Value, depth int) rt.Value {
	if lam, ok := head.(*rt.Cons); ok && lam.Car == th.Img.CLSym("LAMBDA") {
		return expandLambda(th, lam, depth)
	}
	return head
}

// expandLambda expands the body of (LAMBDA lambda-list . body).
func expandLambda(th *rt.Thread, lam *rt.Cons, depth int) rt.Value {
	rest, ok := lam.Cdr.(*rt.Cons)
	if !ok {
		return lam
	}
	return rt.NewCons(lam.Car, rt.NewCons(rest.Car, expandForms(th, rest.Cdr, depth)))
}

func expandForms(th *rt.Thread, forms rt.Value, depth int) rt.Value {
	return mapList(forms, func(x rt.Value) rt.Value { return expandAll(th, x, depth+1) })
}

// mapList maps fn over a possibly improper list, keeping a dotted tail.
func mapList(l rt.Value, fn func(rt.Value) rt.Value) rt.Value {
	c, ok := l.(*rt.Cons)
	if !ok {
		return l
	}
	return rt.NewCons(fn(c.Car), mapList(c.Cdr, fn))
}
