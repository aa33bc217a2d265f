package runtime

import "sort"

// Package is a Lisp package: a namespace of symbols.
type Package struct {
	Name      string
	Nicknames []string
	internal  map[string]*Symbol
	external  map[string]*Symbol
	shadowing map[string]*Symbol
	Use       []*Package
	UsedBy    []*Package
	// Locked packages (COMMON-LISP) refuse new definitions of their symbols.
	Locked bool
	Doc    string
	// fill, while set, makes the package's symbols the first time anything
	// looks at them (SetLazy).
	fill func(*Package)
}

// SetLazy has fill make p's symbols the first time p's symbols are looked
// up, listed or changed, so that an image can hold packages that most
// programs never open (ASDF, UIOP) without paying for their symbols. The
// package itself (its name, nicknames and use lists) exists at once.
func (p *Package) SetLazy(fill func(*Package)) { p.fill = fill }

// Pending reports whether p's symbols are still to be made (SetLazy).
func (p *Package) Pending() bool { return p.fill != nil }

// Realize makes p's symbols now if they are still to be made.
func (p *Package) Realize() {
	if f := p.fill; f != nil {
		p.fill = nil
		f(p)
	}
}

// Symbol status values returned by FindSymbol.
const (
	StatusNone = iota
	StatusInternal
	StatusExternal
	StatusInherited
)

func newPackage(name string) *Package {
	return &Package{Name: name, internal: map[string]*Symbol{}, external: map[string]*Symbol{}}
}

// FindSymbol looks name up in p, returning the symbol and its status.
func (p *Package) FindSymbol(name string) (*Symbol, int) {
	p.Realize()
	if s, ok := p.external[name]; ok {
		return s, StatusExternal
	}
	if s, ok := p.internal[name]; ok {
		return s, StatusInternal
	}
	for _, u := range p.Use {
		u.Realize()
		if s, ok := u.external[name]; ok {
			return s, StatusInherited
		}
	}
	return nil, StatusNone
}

// Intern finds or creates the symbol name in p. The status is StatusNone
// when the symbol was created.
func (p *Package) Intern(name string) (*Symbol, int) {
	if s, st := p.FindSymbol(name); st != StatusNone {
		return s, st
	}
	s := &Symbol{Name: name, Pkg: p}
	if p.Name == "KEYWORD" {
		s.Value = s
		s.Flags |= FlagConstant
		p.external[name] = s
	} else {
		p.internal[name] = s
	}
	return s, StatusNone
}

// IsExternal reports whether s is present in p as an external symbol.
func (p *Package) IsExternal(s *Symbol) bool {
	p.Realize()
	return p.external[s.Name] == s
}

// Present returns the symbol directly present in p (not inherited).
func (p *Package) Present(name string) (*Symbol, int) {
	p.Realize()
	if s, ok := p.external[name]; ok {
		return s, StatusExternal
	}
	if s, ok := p.internal[name]; ok {
		return s, StatusInternal
	}
	return nil, StatusNone
}

// ReserveExternal makes room for n more external symbols, so that a
// package made with many at once (an image's standard packages) does not
// grow its table step by step.
func (p *Package) ReserveExternal(n int) {
	p.Realize()
	m := make(map[string]*Symbol, len(p.external)+n)
	for k, v := range p.external {
		m[k] = v
	}
	p.external = m
}

// AddPresent makes s present in p, internal or external.
func (p *Package) AddPresent(s *Symbol, external bool) {
	p.Realize()
	if external {
		delete(p.internal, s.Name)
		p.external[s.Name] = s
	} else {
		delete(p.external, s.Name)
		p.internal[s.Name] = s
	}
}

// RemovePresent removes the symbol called name from p's present symbols.
func (p *Package) RemovePresent(name string) {
	p.Realize()
	delete(p.internal, name)
	delete(p.external, name)
	delete(p.shadowing, name)
}

// Export makes a present symbol external. Conflict checks are the caller's.
func (p *Package) Export(s *Symbol) {
	p.Realize()
	delete(p.internal, s.Name)
	p.external[s.Name] = s
}

// Unexport makes an external symbol internal.
func (p *Package) Unexport(s *Symbol) {
	p.Realize()
	if p.external[s.Name] == s {
		delete(p.external, s.Name)
		p.internal[s.Name] = s
	}
}

// Shadowing returns the shadowing symbols of p.
func (p *Package) Shadowing() []*Symbol {
	p.Realize()
	out := make([]*Symbol, 0, len(p.shadowing))
	for _, s := range p.shadowing {
		out = append(out, s)
	}
	sortSymbols(out)
	return out
}

// AddShadowing records s as a shadowing symbol of p.
func (p *Package) AddShadowing(s *Symbol) {
	p.Realize()
	if p.shadowing == nil {
		p.shadowing = map[string]*Symbol{}
	}
	p.shadowing[s.Name] = s
}

// IsShadowing reports whether name is shadowed in p.
func (p *Package) IsShadowing(name string) bool {
	p.Realize()
	_, ok := p.shadowing[name]
	return ok
}

// UsePackage adds q to p's use list.
func (p *Package) UsePackage(q *Package) {
	for _, u := range p.Use {
		if u == q {
			return
		}
	}
	p.Use = append(p.Use, q)
	q.UsedBy = append(q.UsedBy, p)
}

// UnusePackage removes q from p's use list.
func (p *Package) UnusePackage(q *Package) {
	p.Use = removePkg(p.Use, q)
	q.UsedBy = removePkg(q.UsedBy, p)
}

func removePkg(l []*Package, q *Package) []*Package {
	out := l[:0]
	for _, x := range l {
		if x != q {
			out = append(out, x)
		}
	}
	return out
}

// ExternalSymbols returns p's external symbols sorted by name.
func (p *Package) ExternalSymbols() []*Symbol {
	p.Realize()
	out := make([]*Symbol, 0, len(p.external))
	for _, s := range p.external {
		out = append(out, s)
	}
	sortSymbols(out)
	return out
}

// PresentSymbols returns every symbol present in p, sorted by name.
func (p *Package) PresentSymbols() []*Symbol {
	p.Realize()
	out := make([]*Symbol, 0, len(p.external)+len(p.internal))
	for _, s := range p.external {
		out = append(out, s)
	}
	for _, s := range p.internal {
		out = append(out, s)
	}
	sortSymbols(out)
	return out
}

func sortSymbols(l []*Symbol) {
	sort.Slice(l, func(i, j int) bool { return l[i].Name < l[j].Name })
}
