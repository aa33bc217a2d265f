package golem

import (
	"github.com/golem-lisp/golem/reader"
	rt "github.com/golem-lisp/golem/runtime"
)

// ReadErrorSource returns where a reader error or end of file happened in
// the code or file being read (file, line and column; for an end of file
// also where the unfinished top-level form began), when the reader knew.
func (e *Error) ReadErrorSource() (*rt.ReadErrorSource, bool) {
	c, ok := e.Condition.(*rt.Instance)
	if !ok {
		return nil, false
	}
	return reader.ErrorSource(c)
}

// frameSource is what a backtrace frame of fn adds: the file and line of
// the top-level form that defined fn, when it was loaded from a file
// (" [/p/a.lisp:12]"). Functions defined by evaluated code get nothing:
// their "input" lines belong to an earlier evaluation's text.
func frameSource(img *rt.Image, fn rt.Function) string {
	src, ok := img.FunctionSource(fn)
	if !ok || !src.Location.IsFile() {
		return ""
	}
	return " [" + src.Location.String() + "]"
}
