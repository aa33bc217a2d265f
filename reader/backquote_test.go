package reader_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem/reader"
	rt "github.com/golem-lisp/golem/runtime"
)

// miniEval evaluates the small language backquote expansions use, so the
// expander can be tested before golem's evaluator exists.
type miniEval struct {
	th  *rt.Thread
	env map[string]rt.Value
}

func (m *miniEval) eval(form rt.Value) rt.Value {
	img := m.th.Img
	switch f := form.(type) {
	case *rt.Symbol:
		if f == rt.NIL || f == rt.T || rt.IsKeyword(f) {
			return f
		}
		if v, ok := m.env[f.Name]; ok {
			return v
		}
		panic("unbound " + f.Name)
	case *rt.Cons:
		head := f.Car.(*rt.Symbol)
		args := rt.ListToSlice(f.Cdr)
		switch head.Name {
		case "QUOTE":
			return args[0]
		case "FUNCTION":
			return args[0]
		case "QUASIQUOTE":
			return m.eval(reader.ExpandQuasiquote(m.th, f))
		}
		vals := make([]rt.Value, len(args))
		for i, a := range args {
			vals[i] = m.eval(a)
		}
		return m.apply(head.Name, vals, img)
	}
	return form
}

func (m *miniEval) apply(name string, vals []rt.Value, img *rt.Image) rt.Value {
	switch name {
	case "LIST":
		return rt.List(vals...)
	case "CONS":
		return rt.NewCons(vals[0], vals[1])
	case "LIST*":
		return rt.ListStar(vals[len(vals)-1], vals[:len(vals)-1]...)
	case "APPEND", "NCONC":
		if len(vals) == 0 {
			return rt.NIL
		}
		out := vals[len(vals)-1]
		for i := len(vals) - 2; i >= 0; i-- {
			items := rt.ListToSlice(vals[i])
			if name == "NCONC" && len(items) > 0 {
				// destructive: splice onto the existing conses
				c := vals[i].(*rt.Cons)
				last := c
				for {
					n, ok := last.Cdr.(*rt.Cons)
					if !ok {
						break
					}
					last = n
				}
				last.Cdr = out
				out = c
				continue
			}
			out = rt.ListStar(out, items...)
		}
		return out
	case "VECTOR":
		return rt.NewVector(append([]rt.Value{}, vals...))
	case "APPLY":
		fn := vals[0].(*rt.Symbol).Name
		last := rt.ListToSlice(vals[len(vals)-1])
		return m.apply(fn, append(append([]rt.Value{}, vals[1:len(vals)-1]...), last...), img)
	case "MAPCAR":
		lam := vals[0].(*rt.Cons) // (LAMBDA (g) body)
		params := rt.ListToSlice(lam.Cdr.(*rt.Cons).Car)
		body := lam.Cdr.(*rt.Cons).Cdr.(*rt.Cons).Car
		var out []rt.Value
		for _, x := range rt.ListToSlice(vals[1]) {
			saved := m.env
			m.env = map[string]rt.Value{}
			for k, v := range saved {
				m.env[k] = v
			}
			m.env[params[0].(*rt.Symbol).Name] = x
			out = append(out, m.eval(body))
			m.env = saved
		}
		return rt.List(out...)
	}
	panic("mini eval: unknown function " + name)
}

func TestBackquoteExpansionShape(t *testing.T) {
	th := newThread(t)
	cases := []struct{ in, want string }{
		{"`a", "(CL:QUOTE A)"},
		{"`1", "1"},
		{"`:k", ":K"},
		{"`(a b)", "(CL:QUOTE (A B))"},
		{"`,x", "X"},
		{"`(a ,b)", "(CL:LIST (CL:QUOTE A) B)"},
		{"`(a ,b ,@c . d)", "(CL:LIST* (CL:QUOTE A) B (CL:APPEND C (CL:QUOTE D)))"},
		{"`(,@x)", "X"},
		{"`(,@x ,@y)", "(CL:APPEND X Y)"},
		{"`(,.x ,.y)", "(CL:NCONC X Y)"},
		{"`(a . ,b)", "(CL:LIST* (CL:QUOTE A) B)"},
		{"`#(a ,b)", "(CL:VECTOR (CL:QUOTE A) B)"},
		{"`#(a ,@b)", "(CL:APPLY (CL:FUNCTION CL:VECTOR) (CL:LIST* (CL:QUOTE A) B))"},
		{"`#(a b)", "#(A B)"},
		{"`(a (b ,c))", "(CL:LIST (CL:QUOTE A) (CL:LIST (CL:QUOTE B) C))"},
		{"``(a ,b)", "(CL:QUOTE (GOLEM:QUASIQUOTE (A (GOLEM:UNQUOTE B))))"},
	}
	for _, c := range cases {
		form, _ := reader.ReadFromString(th, c.in)
		got := reader.ExpandQuasiquote(th, form)
		assert.Equal(t, c.want, dump(th.Img, got), c.in)
	}
	// The macro function is installed on GOLEM:QUASIQUOTE.
	form, _ := reader.ReadFromString(th, "`(a ,b)")
	mf := th.Img.S.Backquote.Macro.(rt.Function)
	assert.Equal(t, "(CL:LIST (CL:QUOTE A) B)", dump(th.Img, mf.Call(th, []rt.Value{form, rt.NIL})))
}

func TestBackquoteSemantics(t *testing.T) {
	th := newThread(t)
	env := func() map[string]rt.Value {
		r := func(s string) rt.Value { v, _ := reader.ReadFromString(th, s); return v }
		return map[string]rt.Value{
			"X": r("1"), "Y": r("(2 3)"), "Z": r("(4 5)"), "W": r("w"), "Q": r("q"),
			"B": r("b"), "C": r("(c1 c2)"), "N": r("nn"), "E": r("()"),
		}
	}
	cases := []struct{ in, want string }{
		{"`(a ,x ,@y . ,w)", "(A 1 2 3 . W)"},
		{"`(,@y ,@z)", "(2 3 4 5)"},
		{"`(,@e)", "NIL"},
		{"`(a ,@e b)", "(A B)"},
		{"`((,x) #(,x ,@y) . tail)", "((1) #(1 2 3) . TAIL)"},
		{"`(1 ,@y . 3)", "(1 2 3 . 3)"},
		{"`,x", "1"},
		{"`(a ,'b)", "(A B)"},
		{"`(a `(b ,(c ,x)))", "(A (GOLEM:QUASIQUOTE (B (GOLEM:UNQUOTE (C 1)))))"},
		{"`(a `(b ,,x))", "(A (GOLEM:QUASIQUOTE (B (GOLEM:UNQUOTE 1))))"},
		{"`(a `(b ,@,y))", "(A (GOLEM:QUASIQUOTE (B (GOLEM:UNQUOTE-SPLICING (2 3)))))"},
		{"`(a `(b ,,@y))", "(A (GOLEM:QUASIQUOTE (B (GOLEM:UNQUOTE 2) (GOLEM:UNQUOTE 3))))"},
		{"`(a `(b ,@,@y))", "(A (GOLEM:QUASIQUOTE (B (GOLEM:UNQUOTE-SPLICING 2) (GOLEM:UNQUOTE-SPLICING 3))))"},
		{"`(a `(b ,x))", "(A (GOLEM:QUASIQUOTE (B (GOLEM:UNQUOTE X))))"},
	}
	for _, c := range cases {
		form, _ := reader.ReadFromString(th, c.in)
		m := &miniEval{th: th, env: env()}
		got := m.eval(reader.ExpandQuasiquote(th, form))
		assert.Equal(t, c.want, dump(th.Img, got), c.in)
	}

	// CLHS 2.4.6.1: ``(,,q ,@,y) evaluated twice substitutes through both levels.
	form, _ := reader.ReadFromString(th, "``(,,q ,@,n)")
	m := &miniEval{th: th, env: env()}
	once := m.eval(reader.ExpandQuasiquote(th, form))
	require.Equal(t, "(GOLEM:QUASIQUOTE ((GOLEM:UNQUOTE Q) (GOLEM:UNQUOTE-SPLICING NN)))", dump(th.Img, once))
	m.env["Q"] = rt.MakeInt(7)
	m.env["NN"] = rt.List(rt.MakeInt(8), rt.MakeInt(9))
	twice := m.eval(once)
	assert.Equal(t, "(7 8 9)", dump(th.Img, twice))
}

func TestBackquoteFreshStructure(t *testing.T) {
	th := newThread(t)
	form, _ := reader.ReadFromString(th, "`(a ,x b)")
	code := reader.ExpandQuasiquote(th, form)
	m := &miniEval{th: th, env: map[string]rt.Value{"X": rt.MakeInt(1)}}
	r1 := m.eval(code)
	r2 := m.eval(code)
	// Lists with unquotes are freshly consed each time.
	assert.NotSame(t, r1, r2)
	// A spliced list in the middle is copied; the last one may be shared.
	y := rt.List(rt.MakeInt(1), rt.MakeInt(2))
	form, _ = reader.ReadFromString(th, "`(,@y 3)")
	m.env["Y"] = y
	r := m.eval(reader.ExpandQuasiquote(th, form)).(*rt.Cons)
	assert.NotSame(t, y, r)
	assert.Equal(t, "(1 2)", dump(th.Img, y))
}

func TestBackquoteErrors(t *testing.T) {
	th := newThread(t)
	bad := []rt.Value{
		rt.List(th.Img.S.Backquote, rt.List(th.Img.S.CommaAt, rt.NIL)),
		rt.List(th.Img.S.Backquote, rt.ListStar(rt.List(th.Img.S.CommaAt, rt.NIL), th.Img.Kw("A"))),
	}
	for _, f := range bad {
		func() {
			saved := th.Save()
			defer func() {
				r := recover()
				th.Restore(saved)
				require.NotNil(t, r)
				u, ok := r.(*rt.Unhandled)
				require.True(t, ok)
				assert.True(t, th.TypeP(u.Condition, th.Img.CLSym("ERROR")))
			}()
			reader.ExpandQuasiquote(th, f)
		}()
	}
	// A circular template is an error, not a hang.
	c := rt.NewCons(th.Img.Kw("A"), rt.NIL)
	c.Cdr = c
	func() {
		saved := th.Save()
		defer func() {
			r := recover()
			th.Restore(saved)
			_, ok := r.(*rt.Unhandled)
			assert.True(t, ok)
		}()
		reader.ExpandQuasiquote(th, rt.List(th.Img.S.Backquote, rt.NewCons(rt.List(th.Img.S.Comma, rt.NIL), c)))
	}()
}
