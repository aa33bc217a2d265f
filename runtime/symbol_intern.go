package runtime

// FindSymbolBytes is FindSymbol of the name whose UTF-8 text is b. Go
// looks a map up by string(b) without making the string, so finding a
// symbol allocates nothing (the reader finds most of the symbols it reads).
func (p *Package) FindSymbolBytes(b []byte) (*Symbol, int) {
	p.Realize()
	// A symbol is present in a package as internal or as external, never
	// both: the internal table first, where a program's own symbols are.
	if s, ok := p.internal[string(b)]; ok {
		return s, StatusInternal
	}
	if s, ok := p.external[string(b)]; ok {
		return s, StatusExternal
	}
	for _, u := range p.Use {
		u.Realize()
		if s, ok := u.external[string(b)]; ok {
			return s, StatusInherited
		}
	}
	return nil, StatusNone
}

// InternBytes is Intern of the name whose UTF-8 text is b; it makes the
// name's string only when it creates the symbol. b is not kept.
func (p *Package) InternBytes(b []byte) (*Symbol, int) {
	if s, st := p.FindSymbolBytes(b); st != StatusNone {
		return s, st
	}
	return p.Intern(string(b))
}
