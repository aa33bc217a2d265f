package runtime

// Helpers the printer package needs from runtime internals. Additive only.

// HashTableCount returns the number of live entries of h (HASH-TABLE-COUNT),
// for printing #<HASH-TABLE :TEST EQL :COUNT n {...}>.
func HashTableCount(h *HashTable) int { return h.count }
