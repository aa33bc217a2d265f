package runtime_test

import (
	"fmt"
	"math"
	"strconv"
	"testing"

	rt "github.com/golem-lisp/golem/runtime"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// htKeys lists a table's keys in iteration order.
func htKeys(e *ltEnv, h *rt.HashTable) string {
	var ks []rt.Value
	h.Each(func(k, v rt.Value) bool {
		ks = append(ks, k)
		return true
	})
	return e.show(rt.List(ks...))
}

func TestHashTableBasics(t *testing.T) {
	e := newLtEnv()
	th := e.th
	mk := func(args ...rt.Value) *rt.HashTable {
		return th.Call(e.img.CLSym("MAKE-HASH-TABLE"), args...).(*rt.HashTable)
	}
	gethash := func(h *rt.HashTable, k rt.Value) string {
		v := th.Call(e.img.CLSym("GETHASH"), k, h)
		return e.show(rt.List(th.MultipleValues(v)...))
	}
	setf := func(h *rt.HashTable, k, v rt.Value) {
		r := e.img.CLSym("GETHASH").Setf.Call(th, []rt.Value{v, k, h})
		assert.Equal(t, v, r)
	}

	h := mk(e.img.Kw("TEST"), e.th.Resolve(e.img.S.Equal))
	assert.Equal(t, "EQUAL", h.Test.Name)
	setf(h, rt.NewString("apple"), rt.MakeInt(1))
	setf(h, e.read("(1 \"two\" 3.0)"), rt.MakeInt(2))
	setf(h, rt.NewString("apple"), rt.MakeInt(3))
	assert.Equal(t, "(3 T)", gethash(h, rt.NewString("apple")))
	assert.Equal(t, "(NIL NIL)", gethash(h, rt.NewString("APPLE")))
	assert.Equal(t, "(2 T)", gethash(h, e.read("(1 \"two\" 3.0)")))
	assert.Equal(t, "(9 NIL)", e.show(rt.List(th.MultipleValues(th.Call(e.img.CLSym("GETHASH"), rt.MakeInt(5), h, rt.MakeInt(9)))...)))
	assert.Equal(t, "2", e.show(th.Call(e.img.CLSym("HASH-TABLE-COUNT"), h)))
	assert.Equal(t, "T", e.show(th.Call(e.img.CLSym("REMHASH"), rt.NewString("apple"), h)))
	assert.Equal(t, "NIL", e.show(th.Call(e.img.CLSym("REMHASH"), rt.NewString("apple"), h)))
	assert.Equal(t, "EQUAL", e.show(th.Call(e.img.CLSym("HASH-TABLE-TEST"), h)))
	th.Call(e.img.CLSym("CLRHASH"), h)
	assert.Equal(t, 0, h.Count())
	assert.Equal(t, "T", e.show(th.Call(e.img.CLSym("HASH-TABLE-P"), h)))

	d := mk()
	assert.Equal(t, "EQL", d.Test.Name)
	assert.Equal(t, "7", e.show(th.Call(e.img.CLSym("HASH-TABLE-SIZE"), d)))
	assert.Equal(t, "1.5", e.show(th.Call(e.img.CLSym("HASH-TABLE-REHASH-SIZE"), d)))
	assert.Equal(t, "1.0", e.show(th.Call(e.img.CLSym("HASH-TABLE-REHASH-THRESHOLD"), d)))
	assert.Equal(t, "100", e.show(th.Call(e.img.CLSym("HASH-TABLE-SIZE"), mk(e.img.Kw("SIZE"), rt.MakeInt(100)))))
	assert.Equal(t, "EQUALP", mk(e.img.Kw("TEST"), e.img.S.Equalp).Test.Name)
	assert.Equal(t, "EQ", mk(e.img.Kw("TEST"), e.th.Resolve(e.img.S.Eq), e.img.Kw("WEAKNESS"), e.img.Kw("KEY")).Test.Name)

	for _, bad := range [][]rt.Value{
		{e.img.Kw("TEST"), e.read("foo")},
		{e.img.Kw("TEST"), e.th.Resolve(e.img.CLSym("CAR"))},
		{e.img.Kw("SIZE"), rt.MakeInt(-1)},
		{e.img.Kw("REHASH-SIZE"), rt.SingleFloat(0.5)},
		{e.img.Kw("REHASH-THRESHOLD"), rt.MakeInt(2)},
		{e.img.Kw("BOGUS"), rt.MakeInt(2)},
	} {
		c := e.catch(func() { mk(bad...) })
		require.NotNil(t, c, e.show(rt.List(bad...)))
	}
	c := e.catch(func() { th.Call(e.img.CLSym("GETHASH"), rt.MakeInt(1), rt.MakeInt(3)) })
	require.NotNil(t, c)
	assert.Equal(t, "TYPE-ERROR", c.Class.Name.Name)
}

func TestHashTableKeysByTest(t *testing.T) {
	e := newLtEnv()
	th := e.th
	s := e.img.S
	eql := rt.NewHashTable(s.Eql)
	eql.Put(th, rt.DoubleFloat(0), rt.MakeInt(1))
	eql.Put(th, rt.DoubleFloat(math.Copysign(0, -1)), rt.MakeInt(2))
	eql.Put(th, e.read("100000000000000000000"), rt.MakeInt(3))
	eql.Put(th, e.read("1/3"), rt.MakeInt(4))
	eql.Put(th, rt.Char('a'), rt.MakeInt(5))
	assert.Equal(t, 5, eql.Count())
	v, ok := eql.Get(th, e.read("100000000000000000000"))
	assert.True(t, ok)
	assert.Equal(t, rt.MakeInt(3), v)
	v, _ = eql.Get(th, e.read("1/3"))
	assert.Equal(t, rt.MakeInt(4), v)
	_, ok = eql.Get(th, rt.NewString("a"))
	assert.False(t, ok)
	_, ok = eql.Get(th, rt.MakeInt(1))
	assert.False(t, ok)

	eq := rt.NewHashTable(s.Eq)
	k := rt.NewString("k")
	eq.Put(th, k, rt.T)
	_, ok = eq.Get(th, rt.NewString("k"))
	assert.False(t, ok)
	_, ok = eq.Get(th, k)
	assert.True(t, ok)

	equal := rt.NewHashTable(s.Equal)
	equal.Put(th, e.read("(a \"b\" 1.5)"), rt.T)
	equal.Put(th, e.read("#*101"), rt.T)
	_, ok = equal.Get(th, e.read("(a \"b\" 1.5)"))
	assert.True(t, ok)
	_, ok = equal.Get(th, e.read("(a \"B\" 1.5)"))
	assert.False(t, ok)
	_, ok = equal.Get(th, e.read("#*101"))
	assert.True(t, ok)
	vec := e.read("#(1 2)")
	equal.Put(th, vec, rt.T)
	_, ok = equal.Get(th, e.read("#(1 2)"))
	assert.False(t, ok, "vectors are EQUAL only to themselves")
	_, ok = equal.Get(th, vec)
	assert.True(t, ok)

	equalp := rt.NewHashTable(s.Equalp)
	equalp.Put(th, rt.MakeInt(1), rt.NewString("one"))
	equalp.Put(th, rt.NewString("Key"), rt.MakeInt(2))
	equalp.Put(th, e.read("(#\\a 1/2)"), rt.MakeInt(3))
	for _, probe := range []string{"1.0", "1.0d0", "\"KEY\"", "(#\\A 0.5)", "#(#\\k #\\e #\\y)"} {
		_, ok := equalp.Get(th, e.read(probe))
		assert.True(t, ok, probe)
	}
	equalp.Put(th, rt.DoubleFloat(1), rt.NewString("uno"))
	assert.Equal(t, 3, equalp.Count())
	v, _ = equalp.Get(th, rt.MakeInt(1))
	assert.Equal(t, `"uno"`, e.show(v))
	assert.Equal(t, `(1 "Key" (#\a 1/2))`, htKeys(e, equalp))
}

func TestHashTableIterationOrder(t *testing.T) {
	e := newLtEnv()
	th := e.th
	h := rt.NewHashTable(e.img.S.Eql)
	for i := 0; i < 10; i++ {
		h.Put(th, rt.MakeInt(int64(i)), rt.MakeInt(int64(i)))
	}
	assert.Equal(t, "(0 1 2 3 4 5 6 7 8 9)", htKeys(e, h))
	// Freed slots are reused most recently freed first, as in SBCL.
	for _, k := range []int64{3, 5, 7} {
		h.Remove(th, rt.MakeInt(k))
	}
	for _, k := range []int64{10, 11, 12, 13} {
		h.Put(th, rt.MakeInt(k), rt.NIL)
	}
	assert.Equal(t, "(0 1 2 12 4 11 6 10 8 9 13)", htKeys(e, h))

	// MAPHASH may remove the current entry and set existing values.
	h2 := rt.NewHashTable(e.img.S.Equal)
	for i := 0; i < 100; i++ {
		h2.Put(th, rt.NewString(strconv.Itoa(i)), rt.MakeInt(int64(i)))
	}
	var seen []string
	e.defFn("VISIT", func(args []rt.Value) rt.Value {
		seen = append(seen, e.show(args[0]))
		n := int64(args[1].(rt.Fixnum))
		if n%2 == 0 {
			th.Call(e.img.CLSym("REMHASH"), args[0], h2)
		} else {
			e.img.CLSym("GETHASH").Setf.Call(th, []rt.Value{rt.MakeInt(-n), args[0], h2})
		}
		return rt.NIL
	})
	th.Call(e.img.CLSym("MAPHASH"), e.sym("VISIT"), h2)
	assert.Len(t, seen, 100)
	assert.Equal(t, `"0"`, seen[0])
	assert.Equal(t, `"99"`, seen[99])
	assert.Equal(t, 50, h2.Count())
	v, ok := h2.Get(th, rt.NewString("7"))
	assert.True(t, ok)
	assert.Equal(t, rt.MakeInt(-7), v)

	// The iterator used by WITH-HASH-TABLE-ITERATOR.
	it := th.Call(e.img.Intern("GOLEM", "HASH-TABLE-ITERATOR"), h)
	var got []string
	for {
		more := th.Call(it)
		vals := th.MultipleValues(more)
		if more == rt.NIL {
			assert.Len(t, vals, 1)
			break
		}
		require.Len(t, vals, 3)
		got = append(got, e.show(vals[1]))
	}
	assert.Equal(t, 11, len(got))
	assert.Equal(t, "0", got[0])
	assert.Equal(t, "13", got[10])
	next := rt.HashIterator(h)
	more, k, _ := next()
	assert.True(t, more)
	assert.Equal(t, rt.MakeInt(0), k)
}

func TestHashTableChurn(t *testing.T) {
	e := newLtEnv()
	th := e.th
	for _, test := range []*rt.Symbol{e.img.S.Eq, e.img.S.Eql, e.img.S.Equal, e.img.S.Equalp} {
		h := rt.NewHashTable(test)
		ref := map[string]int{}
		key := func(i int) rt.Value {
			switch test.Name {
			case "EQUAL", "EQUALP":
				return rt.NewString(fmt.Sprintf("k%d", i%5000))
			}
			return rt.MakeInt(int64(i % 5000))
		}
		for i := 0; i < 40000; i++ {
			k := key(i * 7919)
			ks := e.show(k)
			if i%3 == 2 {
				_, had := ref[ks]
				assert.Equal(t, had, h.Remove(th, k))
				delete(ref, ks)
			} else {
				h.Put(th, k, rt.MakeInt(int64(i)))
				ref[ks] = i
			}
		}
		require.Equal(t, len(ref), h.Count(), test.Name)
		n := 0
		h.Each(func(k, v rt.Value) bool {
			n++
			assert.Equal(t, rt.MakeInt(int64(ref[e.show(k)])), v)
			return true
		})
		assert.Equal(t, len(ref), n)
		// Remove almost everything, then add: the table compacts.
		for ks := range ref {
			h.Remove(th, e.read(ks))
		}
		assert.Equal(t, 0, h.Count())
		h.Put(th, key(1), rt.T)
		assert.Equal(t, 1, h.Count())
		h.Clear()
		assert.Equal(t, 0, h.Count())
		assert.Equal(t, "NIL", htKeys(e, h))
	}
}

func BenchmarkGethashEqualStrings(b *testing.B) {
	e := newLtEnv()
	th := e.th
	h := rt.NewHashTable(e.img.S.Equal)
	keys := make([]rt.Value, 1000)
	for i := range keys {
		keys[i] = rt.NewString("key-" + strconv.Itoa(i))
		h.Put(th, keys[i], rt.MakeInt(int64(i)))
	}
	probes := make([]rt.Value, len(keys))
	for i := range probes {
		probes[i] = rt.NewString("key-" + strconv.Itoa(i))
	}
	gethash := th.Resolve(e.img.CLSym("GETHASH"))
	args := make([]rt.Value, 2)
	args[1] = h
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		args[0] = probes[i%len(probes)]
		if gethash.Call(th, args) == rt.NIL {
			b.Fatal("missing key")
		}
	}
}

func BenchmarkGethashEqualLists(b *testing.B) {
	e := newLtEnv()
	th := e.th
	h := rt.NewHashTable(e.img.S.Equal)
	probes := make([]rt.Value, 1000)
	for i := range probes {
		h.Put(th, rt.List(rt.MakeInt(int64(i)), e.img.Kw("X"), rt.NewString("s")), rt.T)
		probes[i] = rt.List(rt.MakeInt(int64(i)), e.img.Kw("X"), rt.NewString("s"))
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, ok := h.Get(th, probes[i%len(probes)]); !ok {
			b.Fatal("missing key")
		}
	}
}
