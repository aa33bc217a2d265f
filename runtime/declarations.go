package runtime

// Declaration names proclaimed with (PROCLAIM '(DECLARATION name ...)). A
// symbol cannot be both the name of a type and the name of a declaration
// (CLHS TYPE, DECLARATION): proclaiming a type name a declaration, or
// defining a type, class, structure or condition named by a declaration
// name, signals an error, as in SBCL.

type declarationKey struct{ sym *Symbol }

// IsDeclarationName reports whether sym was proclaimed a declaration name.
func (img *Image) IsDeclarationName(sym *Symbol) bool {
	return img.Extra[declarationKey{sym}] != nil
}

// ProclaimDeclaration makes sym a declaration name.
func (th *Thread) ProclaimDeclaration(sym *Symbol) {
	if !th.Img.IsDeclarationName(sym) && th.KnownTypeSpecifier(sym) {
		th.declarationTypeConflict(sym)
	}
	th.Img.Extra[declarationKey{sym}] = true
}

// CheckNotDeclaration signals an error when a type named sym is about to be
// defined and sym is a declaration name.
func (th *Thread) CheckNotDeclaration(sym *Symbol) {
	if th.Img.IsDeclarationName(sym) {
		th.declarationTypeConflict(sym)
	}
}

func (th *Thread) declarationTypeConflict(sym *Symbol) {
	th.SimpleError("Symbol ~S cannot be both the name of a type and the name of a declaration.", sym)
}

// KnownTypeSpecifier reports whether spec is a type specifier golem knows
// (a standard type, a class, a DEFTYPE, or a compound of them).
func (th *Thread) KnownTypeSpecifier(spec Value) bool {
	st := &stx{th: th}
	_, ok := st.tryParse(spec)
	return ok
}
