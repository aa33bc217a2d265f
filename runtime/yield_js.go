//go:build js

package runtime

import goruntime "runtime"

// yieldIfSingleThreaded lets watchdog goroutines run under GOOS=js, where the
// interpreter loop would otherwise starve them.
func yieldIfSingleThreaded() { goruntime.Gosched() }
