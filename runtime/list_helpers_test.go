package runtime_test

import (
	"context"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"testing"

	_ "github.com/golem-lisp/golem/conditions"
	rt "github.com/golem-lisp/golem/runtime"
	"github.com/stretchr/testify/assert"
)

// ltEnv is a self-contained test harness for the cons, equality, hash table,
// symbol and package builtins: a tiny reader for argument data, a tiny printer
// for results, and error capture.
type ltEnv struct {
	img *rt.Image
	th  *rt.Thread
}

func newLtEnv() *ltEnv {
	img := rt.NewImage()
	return &ltEnv{img: img, th: rt.NewThread(img, context.Background(), rt.Limits{})}
}

// defFn defines a Lisp function in CL-USER implemented in Go.
func (e *ltEnv) defFn(name string, fn func(args []rt.Value) rt.Value) {
	s := e.img.Intern("COMMON-LISP-USER", name)
	s.Fn = &rt.Builtin{Name: s, Min: 0, Max: -1, Fn: func(th *rt.Thread, args []rt.Value) rt.Value { return fn(args) }}
}

// catch runs f and returns the unhandled condition it signalled (nil when
// none), restoring the thread's dynamic state as a handler would.
func (e *ltEnv) catch(f func()) (cond *rt.Instance) {
	st := e.th.Save()
	defer func() {
		if r := recover(); r != nil {
			e.th.Restore(st)
			u, ok := r.(*rt.Unhandled)
			if !ok {
				panic(r)
			}
			cond = u.Condition
		}
	}()
	f()
	return nil
}

// call applies the builtin name to the arguments read from argText (not
// evaluated) and shows all values, or "ERROR:CLASS" for an unhandled error.
func (e *ltEnv) call(name, argText string) string {
	args := e.readAll(argText)
	var out string
	c := e.catch(func() {
		fn := e.th.Resolve(e.sym(name))
		v := fn.Call(e.th, args)
		vals := e.th.MultipleValues(v)
		parts := make([]string, len(vals))
		for i, x := range vals {
			parts[i] = e.show(x)
		}
		out = strings.Join(parts, " ; ")
	})
	if c != nil {
		return "ERROR:" + c.Class.Name.Name
	}
	return out
}

// sym finds a symbol by name as the reader would from CL-USER.
func (e *ltEnv) sym(name string) *rt.Symbol {
	v := e.read(name)
	s, ok := v.(*rt.Symbol)
	if !ok {
		panic("not a symbol: " + name)
	}
	return s
}

func (e *ltEnv) read(s string) rt.Value {
	vs := e.readAll(s)
	if len(vs) != 1 {
		panic(fmt.Sprintf("expected one form in %q", s))
	}
	return vs[0]
}

func (e *ltEnv) readAll(s string) []rt.Value {
	r := &ltReader{e: e, in: []rune(s)}
	var out []rt.Value
	for {
		r.skip()
		if r.pos >= len(r.in) {
			return out
		}
		out = append(out, r.next())
	}
}

type ltReader struct {
	e   *ltEnv
	in  []rune
	pos int
}

func (r *ltReader) skip() {
	for r.pos < len(r.in) && strings.ContainsRune(" \t\n", r.in[r.pos]) {
		r.pos++
	}
}

func (r *ltReader) next() rt.Value {
	r.skip()
	c := r.in[r.pos]
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
		for r.in[r.pos] != '"' {
			if r.in[r.pos] == '\\' {
				r.pos++
			}
			b = append(b, r.in[r.pos])
			r.pos++
		}
		r.pos++
		return &rt.String{R: b}
	case c == '#' && r.in[r.pos+1] == '\'':
		r.pos += 2
		s := r.next().(*rt.Symbol)
		return r.e.th.Resolve(s)
	case c == '#' && r.in[r.pos+1] == '(':
		r.pos += 2
		return rt.NewVector(rt.ListToSlice(r.list()))
	case c == '#' && r.in[r.pos+1] == '*':
		r.pos += 2
		bv := &rt.BitVector{}
		for r.pos < len(r.in) && (r.in[r.pos] == '0' || r.in[r.pos] == '1') {
			bv.Bits = append(bv.Bits, uint8(r.in[r.pos]-'0'))
			r.pos++
		}
		return bv
	case c == '#' && r.in[r.pos+1] == '\\':
		r.pos += 2
		start := r.pos
		r.pos++
		for r.pos < len(r.in) && !strings.ContainsRune(" ()\n", r.in[r.pos]) {
			r.pos++
		}
		name := string(r.in[start:r.pos])
		switch strings.ToUpper(name) {
		case "SPACE":
			return rt.Char(' ')
		case "NEWLINE":
			return rt.Char('\n')
		}
		return rt.Char([]rune(name)[0])
	}
	start := r.pos
	for r.pos < len(r.in) && !strings.ContainsRune(" ()\n\t'", r.in[r.pos]) {
		r.pos++
	}
	return r.atom(string(r.in[start:r.pos]))
}

func (r *ltReader) list() rt.Value {
	var items []rt.Value
	var tail rt.Value = rt.NIL
	for {
		r.skip()
		if r.in[r.pos] == ')' {
			r.pos++
			return rt.ListStar(tail, items...)
		}
		if r.in[r.pos] == '.' && r.pos+1 < len(r.in) && strings.ContainsRune(" \n", r.in[r.pos+1]) {
			r.pos++
			tail = r.next()
			continue
		}
		items = append(items, r.next())
	}
}

func (r *ltReader) atom(tok string) rt.Value {
	e := r.e
	if n, err := strconv.ParseInt(tok, 10, 64); err == nil {
		return rt.MakeInt(n)
	}
	if b, ok := new(big.Int).SetString(tok, 10); ok {
		return rt.MakeBigInt(b)
	}
	if strings.Contains(tok, "/") {
		if q, ok := new(big.Rat).SetString(tok); ok {
			return rt.MakeRat(q)
		}
	}
	if strings.HasSuffix(tok, "d0") {
		if f, err := strconv.ParseFloat(strings.TrimSuffix(tok, "d0"), 64); err == nil {
			return rt.DoubleFloat(f)
		}
	}
	if f, err := strconv.ParseFloat(tok, 32); err == nil && strings.ContainsAny(tok, ".e") {
		return rt.SingleFloat(f)
	}
	up := strings.ToUpper(tok)
	switch {
	case strings.HasPrefix(up, "#:"):
		return rt.NewSymbol(up[2:])
	case strings.HasPrefix(up, ":"):
		return e.img.Kw(up[1:])
	case strings.Contains(up, "::"):
		i := strings.Index(up, "::")
		s, _ := e.img.FindPackage(up[:i]).Intern(up[i+2:])
		return s
	case strings.Contains(up, ":"):
		i := strings.Index(up, ":")
		s, _ := e.img.FindPackage(up[:i]).Intern(up[i+1:])
		return s
	}
	s, _ := e.img.CurrentPackage().Intern(up)
	return s
}

// show prints v roughly as prin1 would.
func (e *ltEnv) show(v rt.Value) string {
	var b strings.Builder
	e.write(&b, v, 0)
	return b.String()
}

func (e *ltEnv) write(b *strings.Builder, v rt.Value, depth int) {
	if depth > 50 {
		b.WriteString("...")
		return
	}
	switch x := v.(type) {
	case *rt.Symbol:
		b.WriteString(e.img.SymbolString(x))
	case rt.Fixnum:
		b.WriteString(strconv.FormatInt(int64(x), 10))
	case *rt.Bignum:
		b.WriteString(x.Int.String())
	case *rt.Ratio:
		b.WriteString(x.Rat.String())
	case rt.SingleFloat:
		s := strconv.FormatFloat(float64(x), 'f', -1, 32)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		b.WriteString(s)
	case rt.DoubleFloat:
		s := strconv.FormatFloat(float64(x), 'f', -1, 64)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		b.WriteString(s + "d0")
	case rt.Char:
		b.WriteString("#\\" + string(rune(x)))
	case *rt.String:
		b.WriteString(strconv.Quote(x.String()))
	case *rt.Cons:
		b.WriteByte('(')
		n := 0
		for {
			e.write(b, x.Car, depth+1)
			n++
			if n > 200 {
				b.WriteString(" ...)")
				return
			}
			switch d := x.Cdr.(type) {
			case *rt.Cons:
				b.WriteByte(' ')
				x = d
				continue
			default:
				if d != rt.NIL {
					b.WriteString(" . ")
					e.write(b, d, depth+1)
				}
			}
			break
		}
		b.WriteByte(')')
	case *rt.Vector:
		b.WriteString("#(")
		for i, it := range x.Active() {
			if i > 0 {
				b.WriteByte(' ')
			}
			e.write(b, it, depth+1)
		}
		b.WriteByte(')')
	case *rt.Package:
		if x.Name == "" {
			b.WriteString("#<PACKAGE (deleted)>")
		} else {
			b.WriteString("#<PACKAGE \"" + x.Name + "\">")
		}
	case *rt.HashTable:
		b.WriteString("#<HASH-TABLE :TEST " + x.Test.Name + " :COUNT " + strconv.Itoa(x.Count()) + ">")
	case rt.Function:
		b.WriteString("#<FUNCTION " + e.img.NameString(x.FunctionName()) + ">")
	default:
		fmt.Fprintf(b, "#<%T>", v)
	}
}

// ltCase is one builtin call and its expected printed values.
type ltCase struct{ fn, args, want string }

func ltRun(t *testing.T, e *ltEnv, cases []ltCase) {
	t.Helper()
	for _, c := range cases {
		assert.Equal(t, c.want, e.call(c.fn, c.args), "(%s %s)", c.fn, c.args)
	}
}

// ltCircular makes a circular list of the given elements.
func ltCircular(items ...rt.Value) rt.Value {
	l := rt.List(items...)
	c := l.(*rt.Cons)
	for c.Cdr != rt.NIL {
		c = c.Cdr.(*rt.Cons)
	}
	c.Cdr = l
	return l
}
