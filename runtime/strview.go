package runtime

// One view of strings for every function that takes a string or a string
// designator. A Lisp string is any one-dimensional array whose element type
// is a subtype of CHARACTER (CLHS 16.1): a *String (simple, with a fill
// pointer, or adjustable) or a rank-one *Array of characters (a displaced
// string, possibly with a fill pointer). Code that needs the characters of
// such an argument asks here instead of type-switching on *String, so all
// representations are accepted alike; a *String is always the first, cheap
// case.

// baseCharLimit bounds the codes of BASE-CHARs, the characters a base
// string holds (TYPEP BASE-CHAR tests the same bound).
const baseCharLimit = 256

// IsString reports whether v is a Lisp string of any representation. A
// vector of element type NIL is a string too: NIL is a subtype of CHARACTER
// and the type STRING is the union of (VECTOR c) for every such c (CLHS
// STRING). SBCL departs from this; golem follows the standard.
func (img *Image) IsString(v Value) bool {
	switch s := v.(type) {
	case *String:
		return true
	case *Array:
		if len(s.Dims) != 1 {
			return false
		}
		et := ArrayElementType(img, s)
		return et == img.S.Character || et == NIL || et == img.CLSym("BASE-CHAR")
	case *Vector:
		return s.ElemType == NIL
	}
	return false
}

// IsSimpleString reports whether v is a SIMPLE-STRING: a simple *String,
// or a simple vector of element type NIL.
func (img *Image) IsSimpleString(v Value) bool {
	switch s := v.(type) {
	case *String:
		return s.IsSimple()
	case *Vector:
		return s.ElemType == NIL && !s.HasFill && !s.Adjustable
	}
	return false
}

// IsString reports whether v is a Lisp string (STRINGP).
func (th *Thread) IsString(v Value) bool {
	if _, ok := v.(*String); ok {
		return true
	}
	return th.Img.IsString(v)
}

// stringRunes returns the active characters (up to any fill pointer) of a
// string of any representation, or nil and false when v is not a string.
// For a *String the slice is its storage: callers must neither modify nor
// keep it; for a displaced string it is a fresh copy.
func (th *Thread) stringRunes(v Value) ([]rune, bool) {
	switch s := v.(type) {
	case *String:
		return s.Runes(), true
	case *Array:
		if th.Img.IsString(s) {
			n := vecLen(s)
			th.CheckAlloc(int64(n) * 4)
			r := make([]rune, n)
			for i := range r {
				c, ok := th.arRef(s, i).(Char)
				if !ok {
					th.nilArrayAccess(v)
				}
				r[i] = rune(c)
				th.PollAt(i)
			}
			return r, true
		}
	case *Vector:
		if s.ElemType == NIL {
			if len(s.Active()) > 0 {
				th.nilArrayAccess(v)
			}
			return nil, true
		}
	}
	return nil, false
}

// nilArrayAccess signals the error of reading an element of an array of
// element type NIL, which can hold no object.
func (th *Thread) nilArrayAccess(v Value) {
	th.SimpleError("An attempt to access an array of element-type NIL was made: ~S.", v)
}

// StringText returns the active characters of a string of any
// representation as Go text, or "" and false when v is not a string.
func (th *Thread) StringText(v Value) (string, bool) {
	if s, ok := v.(*String); ok {
		return s.String(), true
	}
	if r, ok := th.stringRunes(v); ok {
		return string(r), true
	}
	return "", false
}

// StringArg returns the text of an argument that must be a string,
// signalling a TYPE-ERROR (expected type STRING) otherwise.
func (th *Thread) StringArg(v Value) string {
	s, ok := th.StringText(v)
	if !ok {
		th.TypeError(v, th.Img.S.String)
	}
	return s
}

// DesignatorText returns the name a string designator (a string of any
// representation, a symbol or a character) stands for, or "" and false.
func (th *Thread) DesignatorText(v Value) (string, bool) {
	switch x := v.(type) {
	case *String:
		return x.String(), true
	case *Symbol:
		return x.Name, true
	case Char:
		return string(rune(x)), true
	}
	return th.StringText(v)
}

// StringDesignatorType is the type a string designator has:
// (OR STRING SYMBOL CHARACTER).
func (th *Thread) StringDesignatorType() Value {
	return List(th.Img.S.Or, th.Img.S.String, th.Img.S.Symbol, th.Img.S.Character)
}

// DesignatorArg returns the name a string designator stands for,
// signalling a TYPE-ERROR of type (OR STRING SYMBOL CHARACTER) otherwise.
func (th *Thread) DesignatorArg(v Value) string {
	s, ok := th.DesignatorText(v)
	if !ok {
		th.TypeError(v, th.StringDesignatorType())
	}
	return s
}

// SimpleStringOf returns v when it is a *String, else a fresh simple
// string with the characters of a string of another representation; false
// when v is not a string. Code that reads a string's storage directly
// (string input streams, FORMAT control strings) takes its argument
// through here.
func (th *Thread) SimpleStringOf(v Value) (*String, bool) {
	if s, ok := v.(*String); ok {
		return s, true
	}
	if r, ok := th.stringRunes(v); ok {
		return &String{R: r}, true
	}
	return nil, false
}
