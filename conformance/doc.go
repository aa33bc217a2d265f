// Package conformance holds golem's conformance corpus: Lisp snippets with
// the response text SBCL produces for them (cases/*.txt), the SBCL renderer
// that regenerates those expectations (sbcl-render.lisp, regen.sh), and a Go
// test that runs every case through golem. See README.md.
package conformance
