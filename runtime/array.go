package runtime

// String is a Lisp string (a vector of characters). Strings are mutable.
type String struct {
	R          []rune
	HasFill    bool
	Fill       int
	Adjustable bool
	// Base marks a string of element type BASE-CHAR (a BASE-STRING), as
	// MAKE-ARRAY and MAKE-STRING make for :ELEMENT-TYPE BASE-CHAR.
	Base bool
}

// NewString makes a simple string from Go text.
func NewString(s string) *String { return &String{R: []rune(s)} }

// Runes returns the active characters (up to the fill pointer).
func (s *String) Runes() []rune {
	if s.HasFill {
		return s.R[:s.Fill]
	}
	return s.R
}

// String returns the active contents as Go text.
func (s *String) String() string { return string(s.Runes()) }

// IsSimple reports whether the string is a SIMPLE-STRING.
func (s *String) IsSimple() bool { return !s.HasFill && !s.Adjustable }

// Vector is a one-dimensional array of arbitrary objects (or of a specialised
// element type recorded in ElemType, stored boxed).
type Vector struct {
	Items      []Value
	HasFill    bool
	Fill       int
	Adjustable bool
	ElemType   Value // T unless specialised (e.g. FIXNUM); nil means T
}

// NewVector makes a simple vector holding items (not copied).
func NewVector(items []Value) *Vector { return &Vector{Items: items} }

// Active returns the active elements (up to the fill pointer).
func (v *Vector) Active() []Value {
	if v.HasFill {
		return v.Items[:v.Fill]
	}
	return v.Items
}

// IsSimple reports whether the vector is a SIMPLE-VECTOR.
func (v *Vector) IsSimple() bool {
	return !v.HasFill && !v.Adjustable && (v.ElemType == nil || v.ElemType == T)
}

// BitVector is a vector of bits.
type BitVector struct {
	Bits       []uint8 // each 0 or 1
	HasFill    bool
	Fill       int
	Adjustable bool
}

// Active returns the active bits.
func (b *BitVector) Active() []uint8 {
	if b.HasFill {
		return b.Bits[:b.Fill]
	}
	return b.Bits
}

// Array is an array of rank other than one, or a displaced array. Its
// elements are stored in row-major order in Data (a *Vector, *String or *BitVector).
type Array struct {
	Dims       []int
	Data       Value
	Offset     int // displacement offset into Data
	Displaced  bool
	Adjustable bool
	ElemType   Value
	// HasFill and Fill give a rank-one Array (a displaced vector) a fill pointer.
	HasFill bool
	Fill    int
}

// TotalSize returns the product of the dimensions.
func (a *Array) TotalSize() int {
	n := 1
	for _, d := range a.Dims {
		n *= d
	}
	return n
}
