package runtime

// HashTable is a Lisp hash table. Iteration follows insertion order.
type HashTable struct {
	Test    *Symbol // EQ, EQL, EQUAL or EQUALP
	entries []hashEntry
	index   map[any][]int // hash key → entry positions
	count   int
	// Weakness, rehash parameters are recorded for hash-table-* readers.
	RehashSize      Value
	RehashThreshold Value
	Size            int
}

type hashEntry struct {
	key, value Value
	live       bool
}
