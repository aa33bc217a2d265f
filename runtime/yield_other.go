//go:build !js

package runtime

// yieldIfSingleThreaded is a no-op where goroutines run in parallel.
func yieldIfSingleThreaded() {}
