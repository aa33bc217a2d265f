package golem

// The inspector makes CL:INSPECT print an object's type and parts (the MCP
// inspect tool shows the same text).
import _ "github.com/golem-lisp/golem/inspector"
