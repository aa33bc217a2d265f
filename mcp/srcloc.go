package mcp

import (
	"strconv"

	rt "github.com/golem-lisp/golem/runtime"
)

// srcLocation is where a definition was loaded from.
type srcLocation struct {
	File string
	Line int
}

func (l srcLocation) String() string { return l.File + ":" + strconv.Itoa(l.Line) }

// sourceLocation returns where the definition named name was loaded from;
// false for a definition made by evaluate-lisp or unknown.
func sourceLocation(img *rt.Image, name rt.Value) (srcLocation, bool) {
	return srcLocation{}, false
}
