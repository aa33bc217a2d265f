package runtime

import "math"

// HashTable is a Lisp hash table. Iteration follows slot order: entries go
// into a growing array in insertion order, and a removed entry's slot is
// reused (most recently freed first) by the next new key, which is also the
// order SBCL's maphash shows.
//
// Keys whose test equivalence is identity (symbols, fixnums, characters,
// functions, ...) are indexed by the Go value itself in a Go map. Keys
// compared structurally (conses and strings under EQUAL, numbers and arrays
// under EQUALP, bignums under EQL) are indexed by a 64-bit hash whose
// collisions are chained through the entry array and told apart by the test.
type HashTable struct {
	// Test is the symbol EQ, EQL, EQUAL or EQUALP.
	Test *Symbol
	kind htKind

	entries []hashEntry
	free    int32 // first free slot (linked through next), or -1
	count   int
	exact   map[any]int32
	hashed  map[uint64]int32

	// RehashSize and RehashThreshold are recorded for the hash-table-* readers.
	RehashSize      Value
	RehashThreshold Value
	// Size is what hash-table-size reports; it grows as entries are added.
	Size int
	// Weakness is recorded (SBCL's :weakness) but not implemented.
	Weakness Value
}

type htKind uint8

const (
	htEq htKind = iota
	htEql
	htEqual
	htEqualp
)

type hashEntry struct {
	key, value Value
	hash       uint64
	next       int32 // next entry in the hash chain, or next free slot
	state      uint8
}

const (
	htFree uint8 = iota
	htExact
	htHashed
)

// htFloatKey indexes floats by their bits, so 0.0 and -0.0 are distinct keys
// (and a NaN finds itself).
type htFloatKey struct {
	bits   uint64
	single bool
}

// htDefaultSize is SBCL's default :size.
const htDefaultSize = 7

// NewHashTable makes an empty hash table whose test is the symbol EQ, EQL,
// EQUAL or EQUALP (anything else means EQL).
func NewHashTable(test *Symbol) *HashTable {
	h := &HashTable{Test: test, free: -1, RehashSize: SingleFloat(1.5), RehashThreshold: SingleFloat(1.0), Size: htDefaultSize}
	switch test.Name {
	case "EQ":
		h.kind = htEq
	case "EQUAL":
		h.kind = htEqual
	case "EQUALP":
		h.kind = htEqualp
	default:
		h.kind = htEql
	}
	return h
}

// Count returns the number of entries.
func (h *HashTable) Count() int { return h.count }

// classify returns how key is indexed: by an exact Go map key, or by a
// structural hash.
func (h *HashTable) classify(th *Thread, key Value) (exact any, hv uint64, isExact bool) {
	if h.kind == htEqualp {
		switch k := key.(type) {
		case *Instance:
			if k.Class.Kind != StructureClass {
				return key, 0, true
			}
		case *Cons, *String, *BitVector, *Vector, *Array, Fixnum, *Bignum, *Ratio, SingleFloat, DoubleFloat,
			*Complex, Char, *HashTable, Equaler:
		default:
			return key, 0, true
		}
		return nil, SxhashEqualp(th, key), false
	}
	switch key.(type) {
	case *Symbol, Fixnum, Char:
		return key, 0, true
	case DoubleFloat, SingleFloat:
		return htExactKey(key), 0, true
	case *Bignum, *Ratio, *Complex:
		if h.kind == htEq {
			return key, 0, true
		}
		return nil, eqxEqlNumHash(key), false
	}
	if h.kind == htEqual {
		switch key.(type) {
		case *Cons, *String, *BitVector, Equaler:
			return nil, Sxhash(th, key), false
		case *Array, *Vector:
			if _, ok := eqxStringRunes(key); ok {
				return nil, Sxhash(th, key), false
			}
			if _, ok := eqxBits(key); ok {
				return nil, Sxhash(th, key), false
			}
		}
	}
	return key, 0, true
}

// htExactKey is the Go map key of an identity-compared key.
func htExactKey(key Value) any {
	switch f := key.(type) {
	case DoubleFloat:
		return htFloatKey{bits: math.Float64bits(float64(f))}
	case SingleFloat:
		return htFloatKey{bits: uint64(math.Float32bits(float32(f))), single: true}
	}
	return key
}

func (h *HashTable) same(th *Thread, a, b Value) bool {
	switch h.kind {
	case htEqual:
		return Equal(th, a, b)
	case htEqualp:
		return Equalp(th, a, b)
	}
	return Eql(a, b)
}

// find returns the slot of key, or -1.
func (h *HashTable) find(th *Thread, key Value) int32 {
	if h.count == 0 {
		return -1
	}
	k, hv, isExact := h.classify(th, key)
	if isExact {
		if i, ok := h.exact[k]; ok {
			return i
		}
		return -1
	}
	i, ok := h.hashed[hv]
	if !ok {
		return -1
	}
	// Keys whose hashes collide share a chain (SXHASH looks at a bounded
	// prefix of a structure), so a chain can be as long as the table.
	for n := 0; i >= 0; n++ {
		e := &h.entries[i]
		if e.hash == hv && h.same(th, key, e.key) {
			return i
		}
		i = e.next
		th.PollAt(n)
	}
	return -1
}

// Get looks key up.
func (h *HashTable) Get(th *Thread, key Value) (Value, bool) {
	i := h.find(th, key)
	if i < 0 {
		return nil, false
	}
	return h.entries[i].value, true
}

// Put sets the value of key, adding an entry when the key is new.
func (h *HashTable) Put(th *Thread, key, val Value) {
	k, hv, isExact := h.classify(th, key)
	if isExact {
		if i, ok := h.exact[k]; ok {
			h.entries[i].value = val
			return
		}
	} else if head, ok := h.hashed[hv]; ok {
		n := 0
		for i := head; i >= 0; i = h.entries[i].next {
			e := &h.entries[i]
			if e.hash == hv && h.same(th, key, e.key) {
				e.value = val
				return
			}
			n++
			th.PollAt(n)
		}
	}
	if h.free < 0 && len(h.entries) > 1024 && h.count*8 < len(h.entries) {
		h.compact()
	}
	var i int32
	if h.free >= 0 {
		i = h.free
		h.free = h.entries[i].next
	} else {
		if len(h.entries) >= math.MaxInt32-1 {
			th.StorageCondition("Hash table too large.")
		}
		if len(h.entries) == cap(h.entries) && th != nil {
			// Growth is charged before it is made: the entries double, and
			// the index map grows with them.
			th.CheckAlloc(int64(max(2*cap(h.entries), 8)) * hashEntryCharge)
		}
		h.entries = append(h.entries, hashEntry{})
		i = int32(len(h.entries) - 1)
	}
	e := &h.entries[i]
	*e = hashEntry{key: key, value: val, hash: hv, next: -1}
	if isExact {
		if h.exact == nil {
			h.exact = make(map[any]int32)
		}
		e.state = htExact
		h.exact[k] = i
	} else {
		if h.hashed == nil {
			h.hashed = make(map[uint64]int32)
		}
		e.state = htHashed
		if head, ok := h.hashed[hv]; ok {
			e.next = head
		}
		h.hashed[hv] = i
	}
	h.count++
	for h.count > h.Size {
		h.Size = h.grownSize()
	}
}

// hashEntryCharge is what one entry of a hash table costs: the entry and
// its slot in the index map.
const hashEntryCharge = 96

// grownSize applies the rehash size to Size.
func (h *HashTable) grownSize() int {
	n := h.Size
	switch r := h.RehashSize.(type) {
	case Fixnum:
		n += int(r)
	case SingleFloat:
		n = int(math.Ceil(float64(n) * float64(r)))
	case DoubleFloat:
		n = int(math.Ceil(float64(n) * float64(r)))
	default:
		n = n * 3 / 2
	}
	if n <= h.Size {
		n = h.Size + 1
	}
	return n
}

// Remove deletes key's entry, reporting whether there was one. Removing
// during Each or a HashIterator traversal is safe.
func (h *HashTable) Remove(th *Thread, key Value) bool {
	if h.count == 0 {
		return false
	}
	k, hv, isExact := h.classify(th, key)
	var i int32
	if isExact {
		var ok bool
		if i, ok = h.exact[k]; !ok {
			return false
		}
		delete(h.exact, k)
	} else {
		head, ok := h.hashed[hv]
		if !ok {
			return false
		}
		prev := int32(-1)
		n := 0
		for i = head; i >= 0; prev, i = i, h.entries[i].next {
			e := &h.entries[i]
			if e.hash == hv && h.same(th, key, e.key) {
				break
			}
			n++
			th.PollAt(n)
		}
		if i < 0 {
			return false
		}
		next := h.entries[i].next
		switch {
		case prev >= 0:
			h.entries[prev].next = next
		case next >= 0:
			h.hashed[hv] = next
		default:
			delete(h.hashed, hv)
		}
	}
	h.entries[i] = hashEntry{next: h.free}
	h.free = i
	h.count--
	return true
}

// compact drops free slots (keeping the order of the live entries) when the
// table has become very sparse.
func (h *HashTable) compact() {
	live := make([]hashEntry, 0, h.count+h.count/2+8)
	for _, e := range h.entries {
		if e.state != htFree {
			live = append(live, e)
		}
	}
	h.entries = live
	h.free = -1
	clear(h.exact)
	clear(h.hashed)
	for i := range h.entries {
		e := &h.entries[i]
		if e.state == htExact {
			h.exact[htExactKey(e.key)] = int32(i)
			continue
		}
		e.next = -1
		if head, ok := h.hashed[e.hash]; ok {
			e.next = head
		}
		h.hashed[e.hash] = int32(i)
	}
}

// Clear removes every entry.
func (h *HashTable) Clear() {
	if cap(h.entries) > 4096 {
		h.entries = nil
	} else {
		clear(h.entries)
		h.entries = h.entries[:0]
	}
	clear(h.exact)
	clear(h.hashed)
	h.free = -1
	h.count = 0
}

// Each calls fn on every entry in iteration order until fn returns false.
// fn may remove the current entry or set the value of any existing key
// (CLHS 18.1.2); entries added during the traversal may or may not be seen.
func (h *HashTable) Each(fn func(k, v Value) bool) {
	for i := 0; i < len(h.entries); i++ {
		e := h.entries[i]
		if e.state == htFree {
			continue
		}
		if !fn(e.key, e.value) {
			return
		}
	}
}

// HashIterator returns a generator over h's entries for
// WITH-HASH-TABLE-ITERATOR: each call returns true with the next key and
// value, or false (and NILs) when the entries are exhausted.
func HashIterator(h *HashTable) func() (more bool, k, v Value) {
	i := 0
	return func() (bool, Value, Value) {
		for i < len(h.entries) {
			e := h.entries[i]
			i++
			if e.state != htFree {
				return true, e.key, e.value
			}
		}
		return false, NIL, NIL
	}
}
