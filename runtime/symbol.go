package runtime

// Symbol is a Lisp symbol. Its value and function cells are nil when unbound.
type Symbol struct {
	Name  string
	Pkg   *Package // home package; nil when uninterned (and for NIL and T, see Image.HomePackage)
	Value Value    // global (or current dynamic) value; nil when unbound
	Fn    Function // global function; nil when not fbound as a function
	Macro Function // macro function (of form and environment) when the symbol names a macro
	Setf  Function // the function named (setf SYMBOL), if any
	Plist Value    // property list; nil means NIL
	Flags SymbolFlags
}

// SymbolFlags are declared properties of a symbol.
type SymbolFlags uint16

const (
	// FlagSpecial marks a globally special (dynamic) variable.
	FlagSpecial SymbolFlags = 1 << iota
	// FlagConstant marks a constant variable (defconstant, keywords, NIL, T).
	FlagConstant
	// FlagSpecialOperator marks the 25 special operators.
	FlagSpecialOperator
	// FlagSymbolMacro marks a global symbol macro (define-symbol-macro); its
	// expansion is kept in Value.
	FlagSymbolMacro
)

// IsSpecial reports whether the symbol is proclaimed special.
func (s *Symbol) IsSpecial() bool { return s.Flags&FlagSpecial != 0 }

// IsConstant reports whether the symbol names a constant variable.
func (s *Symbol) IsConstant() bool { return s.Flags&FlagConstant != 0 }

// NIL is the symbol NIL, which is also the empty list and false.
var NIL = &Symbol{Name: "NIL", Flags: FlagConstant}

// T is the symbol T, canonical true.
var T = &Symbol{Name: "T", Flags: FlagConstant}

func init() {
	// NIL and T are their own values; written once before any Image exists.
	NIL.Value = NIL
	T.Value = T
}

// NewSymbol makes an uninterned symbol.
func NewSymbol(name string) *Symbol { return &Symbol{Name: name} }

// Plist returns the property list of s in img.
func (img *Image) SymbolPlist(s *Symbol) Value {
	switch s {
	case NIL:
		return orNIL(img.nilPlist)
	case T:
		return orNIL(img.tPlist)
	}
	return orNIL(s.Plist)
}

// SetSymbolPlist replaces the property list of s in img.
func (img *Image) SetSymbolPlist(s *Symbol, v Value) {
	switch s {
	case NIL:
		img.nilPlist = v
	case T:
		img.tPlist = v
	default:
		s.Plist = v
	}
}

// HomePackage returns the home package of s (nil when uninterned).
func (img *Image) HomePackage(s *Symbol) *Package {
	if s == NIL || s == T {
		return img.CL
	}
	return s.Pkg
}

func orNIL(v Value) Value {
	if v == nil {
		return NIL
	}
	return v
}

// IsKeyword reports whether v is a symbol in the KEYWORD package.
func IsKeyword(v Value) bool {
	s, ok := v.(*Symbol)
	return ok && s.Pkg != nil && s.Pkg.Name == "KEYWORD"
}
