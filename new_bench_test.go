package golem_test

import (
	"syscall"
	"testing"
	"time"

	"github.com/golem-lisp/golem"
)

// BenchmarkNew measures making an interpreter. Besides wall time it reports
// cpu-ns/op, the process's CPU time (user and system, the collector's
// included) per interpreter, which a loaded machine disturbs less.
func BenchmarkNew(b *testing.B) {
	b.ReportAllocs()
	start := processCPU()
	for b.Loop() {
		golem.New(golem.Options{})
	}
	b.ReportMetric(float64(processCPU()-start)/float64(b.N), "cpu-ns/op")
}

// processCPU returns the CPU time the process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
