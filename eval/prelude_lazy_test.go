package eval_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem"
	"github.com/golem-lisp/golem/eval"
	"github.com/golem-lisp/golem/reader"
	rt "github.com/golem-lisp/golem/runtime"
)

// TestSplitTopLevel checks the cut of a source into the text of its
// top-level forms, through the syntax that can hide a parenthesis.
func TestSplitTopLevel(t *testing.T) {
	cases := []struct {
		name, src string
		want      []string // nil: the split gives up
	}{
		{"forms and comments", "; a ( comment\n(a b) #| block ( |# (c)\n", []string{"(a b)", "(c)"}},
		{"nested block comment", "#| a #| ( |# ) |#(x)", []string{"(x)"}},
		{"strings", `(a "(" "\")") (b)`, []string{`(a "(" "\")")`, "(b)"}},
		{"characters", `(a #\( #\) #\; #\") (b #\Space)`, []string{`(a #\( #\) #\; #\")`, `(b #\Space)`}},
		{"escaped symbols", `(a |x)| b\) c) (d)`, []string{`(a |x)| b\) c)`, "(d)"}},
		{"comment inside", "(a ; )\n b)", []string{"(a ; )\n b)"}},
		{"block comment inside", "(a #| ) |# b)", []string{"(a #| ) |# b)"}},
		{"an atom at top level", "(a) b", nil},
		{"unbalanced", "(a (b)", nil},
		{"unterminated string", `(a "b)`, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := eval.SplitTopLevel(c.src)
			if c.want == nil {
				assert.False(t, ok)
				return
			}
			require.True(t, ok)
			assert.Equal(t, c.want, got)
		})
	}
}

// TestKeywordsIn checks which keywords a form's text is found to mention.
func TestKeywordsIn(t *testing.T) {
	cases := []struct {
		src  string
		want []string
	}{
		{"(f :a :Test)", []string{"A", "TEST"}},
		{`(f ":no" #:no golem::no #\: ; :no` + "\n :yes)", []string{"YES"}},
		{"(f '(:a) `(,:b) #| :no |#)", []string{"A", "B"}},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, eval.KeywordsIn(c.src), c.src)
	}
}

// TestPreludeSplitReadsAsWhole checks that the prelude, cut into top-level
// forms, reads form by form as it reads whole: each piece is one form, the
// same form.
func TestPreludeSplitReadsAsWhole(t *testing.T) {
	in := golem.New(golem.Options{})
	img := in.Image()
	th := rt.NewThread(img, context.Background(), rt.Limits{})
	th.BindSpecial(img.S.Package, img.Golem)
	readAll := func(src string) []rt.Value {
		rs := []rune(src)
		stream := rt.NewStringInput(rs, 0, len(rs))
		eof := rt.NewString("eof")
		var forms []rt.Value
		for {
			f := reader.Read(th, stream, false, eof, false)
			if f == rt.Value(eof) {
				return forms
			}
			forms = append(forms, f)
		}
	}
	whole := readAll(eval.PreludeSource)
	pieces, ok := eval.SplitTopLevel(eval.PreludeSource)
	require.True(t, ok)
	require.Len(t, pieces, len(whole))
	for i, p := range pieces {
		forms := readAll(p)
		require.Len(t, forms, 1, p)
		assert.Equal(t, img.PrintString(th, whole[i], true), img.PrintString(th, forms[0], true))
	}
}
