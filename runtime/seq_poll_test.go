package runtime_test

import (
	"context"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	rt "github.com/golem-lisp/golem/runtime"
)

// callStopped calls fn on a thread whose time limit has already passed and
// returns the panic value (nil when the call returned).
func callStopped(th *rt.Thread, fn rt.Value, args []rt.Value) (stopped any) {
	defer func() { stopped = recover() }()
	th.Call(fn, args...)
	return nil
}

// TestLongGoLoopsCheckTheLimits calls builtins whose Go loops run as long
// as their arguments say, on a thread whose time limit has passed: each
// must notice within its loop (no call or backward jump would) and stop.
func TestLongGoLoopsCheckTheLimits(t *testing.T) {
	const n = 200_000
	img := rt.NewImage()
	kw := img.Kw
	sym := img.CLSym
	str := func(s string) rt.Value { return rt.NewString(s) }
	longStr := func(c string) rt.Value { return str(strings.Repeat(c, n)) }
	vec := func() rt.Value {
		items := make([]rt.Value, n)
		for i := range items {
			items[i] = rt.MakeInt(int64(i))
		}
		return &rt.Vector{Items: items}
	}
	list := func() rt.Value { return rt.List(vec().(*rt.Vector).Items...) }
	displaced := func() rt.Value {
		return &rt.Array{Dims: []int{n}, Data: longStr("x"), ElemType: sym("CHARACTER")}
	}
	cases := []struct {
		name string
		fn   string
		args func() []rt.Value
	}{
		{"fill a vector", "FILL", func() []rt.Value { return []rt.Value{vec(), rt.NIL} }},
		{"fill a string", "FILL", func() []rt.Value { return []rt.Value{longStr("x"), rt.Char('y')} }},
		{"fill a displaced string", "FILL", func() []rt.Value { return []rt.Value{displaced(), rt.Char('y')} }},
		{"fill a list", "FILL", func() []rt.Value { return []rt.Value{list(), rt.NIL} }},
		{"position in a string", "POSITION", func() []rt.Value { return []rt.Value{rt.Char('y'), longStr("x")} }},
		{"position in a vector", "POSITION", func() []rt.Value { return []rt.Value{rt.NIL, vec()} }},
		{"count in a list", "COUNT", func() []rt.Value { return []rt.Value{rt.NIL, list()} }},
		{"search", "SEARCH", func() []rt.Value {
			return []rt.Value{str(strings.Repeat("x", 1000) + "y"), longStr("x")}
		}},
		{"mismatch", "MISMATCH", func() []rt.Value { return []rt.Value{vec(), vec()} }},
		{"remove-duplicates with a test", "REMOVE-DUPLICATES", func() []rt.Value {
			return []rt.Value{vec(), kw("TEST"), sym("EQUAL")}
		}},
		{"remove", "REMOVE", func() []rt.Value { return []rt.Value{rt.Char('x'), longStr("x")} }},
		{"replace a string in a displaced one", "REPLACE", func() []rt.Value { return []rt.Value{displaced(), longStr("y")} }},
		{"reduce", "REDUCE", func() []rt.Value { return []rt.Value{sym("+"), vec()} }},
		{"reverse a string", "REVERSE", func() []rt.Value { return []rt.Value{displaced()} }},
		{"sort", "SORT", func() []rt.Value { return []rt.Value{vec(), sym(">")} }},
		{"string-upcase", "STRING-UPCASE", func() []rt.Value { return []rt.Value{longStr("x")} }},
		{"string-equal", "STRING-EQUAL", func() []rt.Value { return []rt.Value{longStr("x"), longStr("X")} }},
		{"string-trim", "STRING-TRIM", func() []rt.Value { return []rt.Value{str("x"), longStr("x")} }},
		{"parse-integer", "PARSE-INTEGER", func() []rt.Value { return []rt.Value{longStr("7")} }},
		{"isqrt", "ISQRT", func() []rt.Value {
			return []rt.Value{rt.MakeBigInt(new(big.Int).Lsh(big.NewInt(1), 100_000))}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			args := c.args()
			th := rt.NewThread(img, context.Background(), rt.Limits{Timeout: time.Nanosecond})
			time.Sleep(time.Millisecond)
			start := time.Now()
			stopped := callStopped(th, sym(c.fn), args)
			require.NotNil(t, stopped, "the call ran to its end")
			_, ok := stopped.(*rt.Interrupted)
			assert.True(t, ok, "stopped by %#v", stopped)
			assert.Less(t, time.Since(start), 2*time.Second)
		})
	}
}
