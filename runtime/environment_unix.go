//go:build unix

package runtime

import (
	"syscall"
	"time"
)

// runTime is the CPU time the process has used.
type runTime struct{ user, sys time.Duration }

// processRunTime reads the process's user and system CPU time.
func processRunTime() runTime {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return runTime{}
	}
	return runTime{user: time.Duration(ru.Utime.Nano()), sys: time.Duration(ru.Stime.Nano())}
}
