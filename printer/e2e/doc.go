// Package e2e holds end-to-end tests of the printer and FORMAT through the
// whole interpreter, compared with SBCL's output. They live apart from
// package printer so that its own tests do not depend on the evaluator.
package e2e
