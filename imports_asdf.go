package golem

// ASDF, UIOP and QUICKLISP-CLIENT (package asdf) make their packages in
// every image from its init function.
import _ "github.com/golem-lisp/golem/asdf"
