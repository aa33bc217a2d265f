// Package stress holds tests that load golem from many goroutines at once:
// interpreters created and used in parallel from the first New of the
// process, run under the race detector in CI. It has no non-test code.
package stress
