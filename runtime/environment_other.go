//go:build !unix

package runtime

import "time"

// runTime is the CPU time the process has used.
type runTime struct{ user, sys time.Duration }

// processRunTime is unavailable on this platform: it reports zero.
func processRunTime() runTime { return runTime{} }
