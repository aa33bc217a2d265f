package golem

// The object system (CLOS, DEFTYPE, DESCRIBE, DOCUMENTATION) registers its
// builtins and setup steps from its init function.
import _ "github.com/golem-lisp/golem/clos"
