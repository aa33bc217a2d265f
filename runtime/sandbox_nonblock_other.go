//go:build js || windows

package runtime

// openNonblock is 0 where the platform has no FIFOs to block on.
const openNonblock = 0
