// Package hostile runs programs written to break the server against a real
// `golem mcp --http` child process with small limits, under an address-space
// cap (prlimit --as), and checks that each ends in a Lisp error of the right
// type in time while the session and a neighbouring session keep working.
// It has no non-test code.
package hostile
