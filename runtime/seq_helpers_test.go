package runtime_test

import (
	"context"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"testing"
	"unicode"

	_ "github.com/golem-lisp/golem/conditions"
	rt "github.com/golem-lisp/golem/runtime"
	"github.com/stretchr/testify/assert"
)

// lispEnv is a fresh image and thread plus a tiny data reader and printer,
// so these tests depend on nothing but the runtime.
type lispEnv struct {
	img *rt.Image
	th  *rt.Thread
}

func newLispEnv() *lispEnv {
	img := rt.NewImage()
	e := &lispEnv{img: img, th: rt.NewThread(img, context.Background(), rt.Limits{})}
	num := func(v rt.Value) int64 { return int64(v.(rt.Fixnum)) }
	// Test-local helpers standing in for the numbers package.
	e.defFn("LT", func(a []rt.Value) rt.Value { return rt.Bool(num(a[0]) < num(a[1])) })
	e.defFn("GT", func(a []rt.Value) rt.Value { return rt.Bool(num(a[0]) > num(a[1])) })
	e.defFn("ODD", func(a []rt.Value) rt.Value { return rt.Bool(num(a[0])%2 != 0) })
	e.defFn("EVEN", func(a []rt.Value) rt.Value { return rt.Bool(num(a[0])%2 == 0) })
	e.defFn("INC", func(a []rt.Value) rt.Value { return rt.MakeInt(num(a[0]) + 1) })
	e.defFn("NEG", func(a []rt.Value) rt.Value { return rt.MakeInt(-num(a[0])) })
	e.defFn("PLUS", func(a []rt.Value) rt.Value {
		s := int64(0)
		for _, x := range a {
			s += num(x)
		}
		return rt.MakeInt(s)
	})
	e.defFn("LST", func(a []rt.Value) rt.Value { return rt.List(a...) })
	// (SETG 'sym value) sets a global; (PROGN* a b ...) returns its last argument.
	e.defFn("SETG", func(a []rt.Value) rt.Value { a[0].(*rt.Symbol).Value = a[1]; return a[1] })
	e.defFn("PROGN*", func(a []rt.Value) rt.Value { return a[len(a)-1] })
	e.defFn("FIRST1", func(a []rt.Value) rt.Value { return a[0].(*rt.Cons).Car })
	e.defFn("AND2", func(a []rt.Value) rt.Value {
		if num(a[0]) > num(a[1]) {
			return rt.List(a...)
		}
		return rt.NIL
	})
	return e
}

func (e *lispEnv) defFn(name string, fn func(args []rt.Value) rt.Value) {
	sym, _ := e.img.CLUser.Intern(name)
	sym.Fn = &rt.Builtin{Name: sym, Min: 0, Max: -1, Fn: func(th *rt.Thread, args []rt.Value) rt.Value { return fn(args) }}
}

// call invokes the CL function name on arguments read from argText (a list).
func (e *lispEnv) call(name string, argText string) (out string) {
	args := rt.ListToSlice(e.read(argText))
	return e.callValues(e.img.CLSym(name), args)
}

// callValues calls fn and prints all its values, or "!CLASS" for an error.
func (e *lispEnv) callValues(fn rt.Value, args []rt.Value) (out string) {
	defer func() {
		if r := recover(); r != nil {
			u, ok := r.(*rt.Unhandled)
			if !ok {
				panic(r)
			}
			out = "!" + u.Condition.Class.Name.Name
		}
	}()
	v := e.th.Call(fn, args...)
	vals := e.th.MultipleValues(v)
	parts := make([]string, len(vals))
	for i, x := range vals {
		parts[i] = e.show(x)
	}
	return strings.Join(parts, " ; ")
}

// errorClass runs f and returns the unhandled condition, or nil.
func (e *lispEnv) condition(f func()) (c *rt.Instance) {
	defer func() {
		if r := recover(); r != nil {
			u, ok := r.(*rt.Unhandled)
			if !ok {
				panic(r)
			}
			c = u.Condition
		}
	}()
	f()
	return nil
}

// --- mini reader ---

func (e *lispEnv) read(s string) rt.Value {
	r := &miniReader{e: e, s: []rune(s)}
	return r.next()
}

type miniReader struct {
	e   *lispEnv
	s   []rune
	pos int
}

func (r *miniReader) skip() {
	for r.pos < len(r.s) && unicode.IsSpace(r.s[r.pos]) {
		r.pos++
	}
}

func (r *miniReader) next() rt.Value {
	r.skip()
	c := r.s[r.pos]
	switch {
	case c == '(':
		r.pos++
		return r.list()
	case c == '\'':
		r.pos++
		return rt.List(r.e.img.S.Quote, r.next())
	case c == '"':
		r.pos++
		var b []rune
		for r.s[r.pos] != '"' {
			if r.s[r.pos] == '\\' {
				r.pos++
			}
			b = append(b, r.s[r.pos])
			r.pos++
		}
		r.pos++
		return &rt.String{R: b}
	case c == '#':
		r.pos++
		switch r.s[r.pos] {
		case '(':
			r.pos++
			return rt.NewVector(r.seq(')'))
		case '*':
			r.pos++
			var bits []uint8
			for r.pos < len(r.s) && (r.s[r.pos] == '0' || r.s[r.pos] == '1') {
				bits = append(bits, uint8(r.s[r.pos]-'0'))
				r.pos++
			}
			return &rt.BitVector{Bits: bits}
		case '\\':
			r.pos++
			start := r.pos
			r.pos++
			for r.pos < len(r.s) && !strings.ContainsRune(" ()\n", r.s[r.pos]) {
				r.pos++
			}
			tok := string(r.s[start:r.pos])
			if len([]rune(tok)) == 1 {
				return rt.Char([]rune(tok)[0])
			}
			ch, ok := rt.NameChar(tok)
			if !ok {
				panic("bad char " + tok)
			}
			return rt.Char(ch)
		case '\'':
			r.pos++
			return r.next()
		}
		panic("bad #")
	}
	start := r.pos
	for r.pos < len(r.s) && !strings.ContainsRune(" ()\n\t\"", r.s[r.pos]) {
		r.pos++
	}
	return r.e.atom(string(r.s[start:r.pos]))
}

func (r *miniReader) seq(end rune) []rt.Value {
	var out []rt.Value
	for {
		r.skip()
		if r.s[r.pos] == end {
			r.pos++
			return out
		}
		out = append(out, r.next())
	}
}

// list reads list elements, allowing a dotted tail.
func (r *miniReader) list() rt.Value {
	var items []rt.Value
	for {
		r.skip()
		switch {
		case r.s[r.pos] == ')':
			r.pos++
			return rt.List(items...)
		case r.s[r.pos] == '.' && r.pos+1 < len(r.s) && r.s[r.pos+1] == ' ':
			r.pos++
			tail := r.next()
			r.skip()
			r.pos++
			return rt.ListStar(tail, items...)
		}
		items = append(items, r.next())
	}
}

func (e *lispEnv) atom(tok string) rt.Value {
	if n, err := strconv.ParseInt(tok, 10, 64); err == nil {
		return rt.MakeInt(n)
	}
	if b, ok := new(big.Int).SetString(tok, 10); ok {
		return rt.MakeBigInt(b)
	}
	if strings.HasSuffix(tok, "d0") {
		if f, err := strconv.ParseFloat(strings.TrimSuffix(tok, "d0"), 64); err == nil {
			return rt.DoubleFloat(f)
		}
	}
	if f, err := strconv.ParseFloat(tok, 32); err == nil && strings.Contains(tok, ".") {
		return rt.SingleFloat(float32(f))
	}
	up := strings.ToUpper(tok)
	if strings.HasPrefix(up, ":") {
		return e.img.Kw(up[1:])
	}
	if up == "NIL" {
		return rt.NIL
	}
	if s, st := e.img.CL.FindSymbol(up); s != nil && st != rt.StatusNone {
		return s
	}
	s, _ := e.img.CLUser.Intern(up)
	return s
}

// --- mini printer (SBCL style) ---

func (e *lispEnv) show(v rt.Value) string {
	switch x := v.(type) {
	case rt.Fixnum:
		return strconv.FormatInt(int64(x), 10)
	case *rt.Bignum:
		return x.Int.String()
	case rt.SingleFloat:
		s := strconv.FormatFloat(float64(x), 'f', -1, 32)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s
	case rt.DoubleFloat:
		s := strconv.FormatFloat(float64(x), 'f', -1, 64)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s + "d0"
	case *rt.Complex:
		return "#C(" + e.show(x.Real) + " " + e.show(x.Imag) + ")"
	case rt.Char:
		if rt.GraphicCharP(rune(x)) && x != ' ' {
			return "#\\" + string(rune(x))
		}
		return "#\\" + rt.CharName(rune(x))
	case *rt.String:
		return strconv.Quote(x.String())
	case *rt.Symbol:
		if rt.IsKeyword(x) {
			return ":" + x.Name
		}
		return x.Name
	case *rt.Cons:
		var parts []string
		var l rt.Value = x
		for {
			c, ok := l.(*rt.Cons)
			if !ok {
				break
			}
			parts = append(parts, e.show(c.Car))
			l = c.Cdr
		}
		s := "(" + strings.Join(parts, " ")
		if l != rt.NIL {
			s += " . " + e.show(l)
		}
		return s + ")"
	case *rt.BitVector:
		var b strings.Builder
		b.WriteString("#*")
		for _, bit := range x.Active() {
			b.WriteByte('0' + bit)
		}
		return b.String()
	case *rt.Vector:
		parts := make([]string, 0, len(x.Active()))
		for _, it := range x.Active() {
			parts = append(parts, e.show(it))
		}
		return "#(" + strings.Join(parts, " ") + ")"
	case *rt.Array:
		if len(x.Dims) == 1 {
			items := rt.SeqToSlice(e.th, x)
			if rt.ArrayElementType(e.img, x) == e.img.S.Character {
				var b []rune
				for _, it := range items {
					b = append(b, rune(it.(rt.Char)))
				}
				return strconv.Quote(string(b))
			}
			return e.show(rt.NewVector(items))
		}
		return fmt.Sprintf("#%dA%s", len(x.Dims), e.showDims(x, x.Dims, 0))
	case rt.Function:
		return "#<FUNCTION>"
	}
	return fmt.Sprintf("#<%T>", v)
}

func (e *lispEnv) showDims(a *rt.Array, dims []int, base int) string {
	if len(dims) == 0 {
		return e.show(e.th.Call(e.img.CLSym("ROW-MAJOR-AREF"), a, rt.MakeInt(int64(base))))
	}
	stride := 1
	for _, d := range dims[1:] {
		stride *= d
	}
	parts := make([]string, dims[0])
	for i := range parts {
		parts[i] = e.showDims(a, dims[1:], base+i*stride)
	}
	return "(" + strings.Join(parts, " ") + ")"
}

// callCase is one table row: CL function, argument list text, expected output.
type callCase struct{ fn, args, want string }

func runCases(t *testing.T, cases []callCase) {
	t.Helper()
	e := newLispEnv()
	for _, c := range cases {
		assert.Equal(t, c.want, e.call(c.fn, c.args), "(%s %s)", c.fn, c.args)
	}
}

// eval is a minimal evaluator for tests: (quote x), self-evaluating atoms,
// T/NIL/keywords, and calls of fbound symbols with evaluated arguments.
func (e *lispEnv) eval(form rt.Value) rt.Value {
	switch f := form.(type) {
	case *rt.Symbol:
		if f == rt.T || f == rt.NIL || rt.IsKeyword(f) {
			return f
		}
		if f.Value != nil {
			return f.Value
		}
		panic("unbound " + f.Name)
	case *rt.Cons:
		if f.Car == e.img.S.Quote {
			return f.Cdr.(*rt.Cons).Car
		}
		var args []rt.Value
		for _, a := range rt.ListToSlice(f.Cdr) {
			args = append(args, e.eval(a))
		}
		if c, ok := f.Car.(*rt.Cons); ok && c.Car == e.img.S.Setf {
			return e.th.Call(c.Cdr.(*rt.Cons).Car.(*rt.Symbol).Setf, args...)
		}
		return e.th.Call(f.Car, args...)
	}
	return form
}

// evalCase is one table row: a form and its expected printed values.
type evalCase struct{ form, want string }

func runEvalCases(t *testing.T, cases []evalCase) {
	t.Helper()
	e := newLispEnv()
	for _, c := range cases {
		form := e.read(c.form)
		got := func() (out string) {
			defer func() {
				if r := recover(); r != nil {
					u, ok := r.(*rt.Unhandled)
					if !ok {
						panic(r)
					}
					out = "!" + u.Condition.Class.Name.Name
				}
			}()
			v := e.eval(form)
			vals := e.th.MultipleValues(v)
			parts := make([]string, len(vals))
			for i, x := range vals {
				parts[i] = e.show(x)
			}
			return strings.Join(parts, " ; ")
		}()
		assert.Equal(t, c.want, got, c.form)
	}
}
