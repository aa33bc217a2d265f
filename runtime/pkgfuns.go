package runtime

import "strings"

// Packages (CLHS 11): the Lisp functions and the Go helpers DEFPACKAGE,
// IN-PACKAGE and DO-SYMBOLS are built on. Name conflicts (CLHS 11.1.1.2.5)
// signal PACKAGE-ERROR with SBCL's wording.

// pfStringDesignator returns the name a string designator stands for.
func pfStringDesignator(th *Thread, v Value, expected Value) string {
	if s, ok := th.DesignatorText(v); ok {
		return s
	}
	if expected == nil {
		expected = th.StringDesignatorType()
	}
	th.TypeError(v, expected)
	return ""
}

func pfDesignatorType(th *Thread) Value {
	return List(th.Img.S.Or, th.Img.S.String, th.Img.S.Symbol, th.Img.S.Character, th.Img.CLSym("PACKAGE"))
}

// pfQuote renders a string as prin1 would.
func pfQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		if r == '"' || r == '\\' {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	b.WriteByte('"')
	return b.String()
}

// pfPkgString renders a package as SBCL prints it.
func pfPkgString(p *Package) string {
	if p.Name == "" {
		return "#<PACKAGE (deleted)>"
	}
	return "#<PACKAGE " + pfQuote(p.Name) + ">"
}

// pfSymbolWithPrefix renders a symbol always qualified, like SBCL's
// print-symbol-with-prefix in name-conflict reports.
func pfSymbolWithPrefix(img *Image, s *Symbol) string {
	p := img.HomePackage(s)
	switch {
	case p == nil || p.Name == "":
		return "#:" + s.Name
	case p == img.Keyword:
		return ":" + s.Name
	case p.IsExternal(s):
		return p.Name + ":" + s.Name
	}
	return p.Name + "::" + s.Name
}

// PackageDesignator returns the package a package designator (a package, or
// a string, symbol or character naming one) stands for, signalling
// PACKAGE-ERROR when no such package exists.
func (th *Thread) PackageDesignator(v Value) *Package {
	if x, ok := v.(*Package); ok {
		if x.Name == "" {
			th.PackageError(x, "The package "+pfPkgString(x)+" has been deleted.")
		}
		return x
	}
	if name, ok := th.DesignatorText(v); ok {
		if p := th.Img.FindPackage(name); p != nil {
			return p
		}
		th.PackageError(NewString(name), "The name "+pfQuote(name)+" does not designate any package.")
	}
	th.TypeError(v, pfDesignatorType(th))
	return nil
}

// pfOptPackage returns the package argument args[i], or *package*.
func pfOptPackage(th *Thread, args []Value, i int) *Package {
	if i < len(args) {
		return th.PackageDesignator(args[i])
	}
	return th.Img.CurrentPackage()
}

// pfSymbols turns a symbol or list of symbols into a slice.
func pfSymbols(th *Thread, v Value) []*Symbol {
	if s, ok := v.(*Symbol); ok && s != NIL {
		return []*Symbol{s}
	}
	var out []*Symbol
	for _, x := range lstSlice(th, v) {
		out = append(out, sfSymbol(th, x))
	}
	return out
}

// pfNames turns a string designator or list of them into names.
func pfNames(th *Thread, v Value) []string {
	if _, ok := v.(*Cons); !ok && v != NIL {
		return []string{pfStringDesignator(th, v, nil)}
	}
	var out []string
	for _, x := range lstSlice(th, v) {
		out = append(out, pfStringDesignator(th, x, nil))
	}
	return out
}

// pfPackages turns a package designator or list of them into packages.
func pfPackages(th *Thread, v Value) []*Package {
	if _, ok := v.(*Cons); !ok && v != NIL {
		return []*Package{th.PackageDesignator(v)}
	}
	var out []*Package
	for _, x := range lstSlice(th, v) {
		out = append(out, th.PackageDesignator(x))
	}
	return out
}

// pfNameConflict signals SBCL's NAME-CONFLICT report as a PACKAGE-ERROR.
func pfNameConflict(th *Thread, op, what string, p *Package, syms ...*Symbol) {
	names := make([]string, len(syms))
	for i, s := range syms {
		names[i] = pfSymbolWithPrefix(th.Img, s)
	}
	th.PackageError(p, op+" "+what+" causes name-conflicts in "+pfPkgString(p)+
		" between the following symbols:\n  "+strings.Join(names, ", ")+
		"\nSee also:\n  The ANSI Standard, Section 11.1.1.2.5")
}

// pfCheckLocked signals a package-lock violation for an operation on p.
func pfCheckLocked(th *Thread, p *Package, what string) {
	sfCheckPackageLocked(th, p, what)
}

// pfContinuable signals a PACKAGE-ERROR about datum with a CONTINUE
// restart reported as report; it returns when the restart is invoked.
func pfContinuable(th *Thread, datum Value, msg, report string) {
	th.WithRestart(th.Img.CLSym("CONTINUE"), report, func() { th.PackageError(datum, msg) })
}

// pfCheckNicknames verifies that names can become nicknames of p and
// returns those to use: each name taken by another package signals a
// PACKAGE-ERROR whose CONTINUE restart drops that nickname, as in SBCL.
func pfCheckNicknames(th *Thread, p *Package, pname string, nicknames []string) []string {
	out := nicknames[:0:0]
	for _, n := range nicknames {
		q := th.Img.FindPackage(n)
		if q == nil || q == p {
			out = append(out, n)
			continue
		}
		msg := pfQuote(n) + " is already a nickname for " + pfQuote(q.Name) + "."
		if q.Name == n {
			msg = pfQuote(n) + " is a package name, so it cannot be a nickname for " + pfQuote(pname) + "."
		}
		pfContinuable(th, NewString(n), msg, "Ignore this nickname.")
	}
	return out
}

// MakePackageChecked creates a package after checking that its name and
// nicknames are free, and makes it use the given packages. A name in use
// signals a PACKAGE-ERROR whose CONTINUE restart gives the name to the new
// package (SBCL's "Clobber existing package").
func (th *Thread) MakePackageChecked(name string, nicknames []string, use []*Package) *Package {
	if th.Img.FindPackage(name) != nil {
		pfContinuable(th, NewString(name), "A package named "+pfQuote(name)+" already exists.", "Clobber existing package.")
	}
	nicknames = pfCheckNicknames(th, nil, name, nicknames)
	p := th.Img.MakePackage(name, nicknames...)
	for _, q := range use {
		th.PkgUse(p, q)
	}
	return p
}

// EnsurePackage returns the package called name, creating it when needed
// (for DEFPACKAGE): its nicknames are set to nicknames and it is made to use
// the packages in use (existing uses are kept).
func (th *Thread) EnsurePackage(name string, nicknames []string, use []*Package) *Package {
	p := th.Img.FindPackage(name)
	if p == nil {
		return th.MakePackageChecked(name, nicknames, use)
	}
	if !pfSameNames(p.Nicknames, nicknames) {
		nicknames = pfCheckNicknames(th, p, p.Name, nicknames)
		th.Img.RenamePackage(p, p.Name, append([]string(nil), nicknames...))
	}
	for _, q := range use {
		th.PkgUse(p, q)
	}
	return p
}

func pfSameNames(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// PkgUse makes p use q (USE-PACKAGE), signalling a name conflict when an
// external symbol of q would clash with a symbol accessible in p.
func (th *Thread) PkgUse(p, q *Package) {
	for _, u := range p.Use {
		if u == q {
			return
		}
	}
	if q == th.Img.Keyword {
		th.PackageError(q, "Can't use the KEYWORD package.")
	}
	for _, s := range q.ExternalSymbols() {
		found, st := p.FindSymbol(s.Name)
		if st != StatusNone && found != s && !p.IsShadowing(s.Name) {
			// SBCL's restarts: keep the accessible symbol (shadowing the
			// new one), or take the new one (uninterning the old).
			chosen, _ := th.WithRestarts([]RestartSpec{
				{Name: th.Img.Intern("GOLEM", "KEEP-OLD"), Report: "Keep symbols already accessible in " + p.Name + " (shadowing others)."},
				{Name: th.Img.Intern("GOLEM", "TAKE-NEW"), Report: "Make newly exposed symbols accessible in " + p.Name + ", uninterning old ones."},
			}, func() { pfNameConflict(th, "USE-PACKAGE", pfPkgString(q), p, s, found) })
			switch {
			case chosen == 0:
				th.PkgShadowingImport(p, []*Symbol{found})
			case chosen == 1 && st != StatusInherited:
				th.PkgUnintern(p, found)
			case chosen == 1:
				th.PkgShadowingImport(p, []*Symbol{s})
			}
		}
	}
	p.UsePackage(q)
}

// PkgIntern interns name in p (INTERN), refusing new symbols in a locked
// package. The status is StatusNone when the symbol was created.
func (th *Thread) PkgIntern(p *Package, name string) (*Symbol, int) {
	if p.Locked {
		if _, st := p.FindSymbol(name); st == StatusNone {
			pfCheckLocked(th, p, "interning "+name)
		}
	}
	s, st := p.Intern(name)
	if st == StatusNone {
		// A new symbol is charged: a program interning in a loop fills
		// memory that no collection gives back.
		th.CheckAlloc(symbolCharge + int64(len(name)))
	}
	return s, st
}

// symbolCharge is what a new symbol costs besides its name: the symbol and
// its entry in the package.
const symbolCharge = 256

// PkgExport exports syms from p (EXPORT).
func (th *Thread) PkgExport(p *Package, syms []*Symbol) {
	var missing []Value
	for _, s := range syms {
		if found, st := p.FindSymbol(s.Name); st == StatusNone || found != s {
			missing = append(missing, s)
		}
	}
	if len(missing) > 0 {
		th.PackageError(p, "These symbols are not accessible in the "+p.Name+" package:"+th.Printed(List(missing...)))
	}
	for _, s := range syms {
		if p.IsExternal(s) {
			continue
		}
		pfCheckLocked(th, p, "exporting symbol "+th.Printed(s))
		for _, q := range p.UsedBy {
			found, st := q.FindSymbol(s.Name)
			if st != StatusNone && found != s && !q.IsShadowing(s.Name) {
				pfNameConflict(th, "EXPORT", pfSymbolWithPrefix(th.Img, s), q, s, found)
			}
		}
	}
	for _, s := range syms {
		if _, st := p.FindSymbol(s.Name); st == StatusInherited {
			p.AddPresent(s, true)
		} else {
			p.Export(s)
		}
	}
}

// PkgUnexport makes external symbols of p internal (UNEXPORT).
func (th *Thread) PkgUnexport(p *Package, syms []*Symbol) {
	for _, s := range syms {
		found, st := p.FindSymbol(s.Name)
		if st == StatusNone || found != s {
			th.PackageError(p, th.Printed(s)+" is not accessible in the "+p.Name+" package.")
		}
		if st == StatusExternal {
			pfCheckLocked(th, p, "unexporting symbol "+th.Printed(s))
		}
	}
	for _, s := range syms {
		p.Unexport(s)
	}
}

// PkgImport makes syms present in p (IMPORT). A name conflict offers
// SBCL's restarts: shadowing-import the symbol, or leave it out.
func (th *Thread) PkgImport(p *Package, syms []*Symbol) {
	var skip map[*Symbol]bool
	for _, s := range syms {
		found, st := p.FindSymbol(s.Name)
		if st != StatusNone && found != s {
			what := pfSymbolWithPrefix(th.Img, s)
			old := pfSymbolWithPrefix(th.Img, found)
			chosen, _ := th.WithRestarts([]RestartSpec{
				{Name: th.Img.Intern("GOLEM", "SHADOWING-IMPORT-IT"), Report: "Shadowing-import " + what + ", uninterning " + old + "."},
				{Name: th.Img.Intern("GOLEM", "DONT-IMPORT-IT"), Report: "Don't import " + what + ", keeping " + old + "."},
			}, func() { pfNameConflict(th, "IMPORT", what, p, s, found) })
			if chosen >= 0 {
				if chosen == 0 {
					th.PkgShadowingImport(p, []*Symbol{s})
				}
				if skip == nil {
					skip = map[*Symbol]bool{}
				}
				skip[s] = true
				continue
			}
		}
		if st == StatusNone || st == StatusInherited {
			pfCheckLocked(th, p, "importing symbol "+th.Printed(s))
		}
	}
	for _, s := range syms {
		if skip[s] {
			continue
		}
		if _, st := p.FindSymbol(s.Name); st == StatusNone || st == StatusInherited {
			p.AddPresent(s, false)
		}
		if s.Pkg == nil && s != NIL && s != T {
			s.Pkg = p
		}
	}
}

// PkgShadow makes symbols named names present in p and shadowing (SHADOW).
func (th *Thread) PkgShadow(p *Package, names []string) {
	for _, name := range names {
		s, st := p.Present(name)
		if st == StatusNone {
			pfCheckLocked(th, p, "shadowing "+name)
			s = &Symbol{Name: name, Pkg: p}
			p.AddPresent(s, false)
		}
		p.AddShadowing(s)
	}
}

// PkgShadowingImport imports syms into p as shadowing symbols, uninterning
// any other present symbol of the same name (SHADOWING-IMPORT).
func (th *Thread) PkgShadowingImport(p *Package, syms []*Symbol) {
	for _, s := range syms {
		found, st := p.Present(s.Name)
		if st != StatusNone && found != s {
			pfCheckLocked(th, p, "shadowing-importing "+th.Printed(s))
			p.RemovePresent(s.Name)
			if found.Pkg == p {
				found.Pkg = nil
			}
			st = StatusNone
		}
		if st == StatusNone {
			p.AddPresent(s, false)
		}
		if s.Pkg == nil && s != NIL && s != T {
			s.Pkg = p
		}
		p.AddShadowing(s)
	}
}

// PkgUnintern removes s from p (UNINTERN), reporting whether it was present.
func (th *Thread) PkgUnintern(p *Package, s *Symbol) bool {
	found, st := p.Present(s.Name)
	if st == StatusNone || found != s {
		return false
	}
	pfCheckLocked(th, p, "uninterning "+th.Printed(s))
	if p.IsShadowing(s.Name) {
		var first *Symbol
		for _, u := range p.Use {
			if e, st := u.Present(s.Name); st == StatusExternal {
				if first != nil && first != e {
					pfNameConflict(th, "UNINTERN", pfSymbolWithPrefix(th.Img, s), p, first, e)
				}
				first = e
			}
		}
	}
	p.RemovePresent(s.Name)
	if s.Pkg == p {
		s.Pkg = nil
	}
	return true
}

// PkgDelete deletes p (DELETE-PACKAGE); its own symbols become uninterned.
func (th *Thread) PkgDelete(p *Package) {
	pfCheckLocked(th, p, "deleting package "+pfPkgString(p))
	if len(p.UsedBy) > 0 {
		plural := ""
		if len(p.UsedBy) > 1 {
			plural = "s"
		}
		parts := make([]string, len(p.UsedBy))
		for i, q := range p.UsedBy {
			parts[i] = pfQuote(q.Name)
		}
		// CONTINUE deletes p all the same: the packages using it stop.
		pfContinuable(th, p, "Package "+pfQuote(p.Name)+" is used by package"+plural+":("+strings.Join(parts, " ")+")",
			"Remove dependency in other packages.")
	}
	for _, s := range p.PresentSymbols() {
		if s.Pkg == p {
			s.Pkg = nil
		}
	}
	th.Img.DeletePackage(p)
}

// DoSymbols calls fn on the external symbols of p, or (external false) on
// every symbol accessible in p: present ones first, then inherited ones, each
// once, in name order.
func DoSymbols(p *Package, external bool, fn func(*Symbol)) {
	if external {
		for _, s := range p.ExternalSymbols() {
			fn(s)
		}
		return
	}
	present := p.PresentSymbols()
	for _, s := range present {
		fn(s)
	}
	seen := map[*Symbol]bool{}
	for _, u := range p.Use {
		for _, s := range u.ExternalSymbols() {
			if seen[s] {
				continue
			}
			if found, st := p.FindSymbol(s.Name); found == s && st == StatusInherited {
				seen[s] = true
				fn(s)
			}
		}
	}
}

func pfStatus(th *Thread, st int) Value {
	switch st {
	case StatusInternal:
		return th.Img.S.Internal
	case StatusExternal:
		return th.Img.S.External
	case StatusInherited:
		return th.Img.S.Inherited
	}
	return NIL
}

func pfPackageList(ps []*Package) Value {
	var b ListBuilder
	for _, p := range ps {
		b.Add(p)
	}
	return b.List()
}

func init() {
	Register(
		Def{Name: "PACKAGEP", Min: 1, Max: 1, Params: "(OBJECT)", Fn: func(th *Thread, args []Value) Value {
			_, ok := args[0].(*Package)
			return Bool(ok)
		}},
		Def{Name: "FIND-PACKAGE", Min: 1, Max: 1, Params: "(NAME)", Fn: func(th *Thread, args []Value) Value {
			if p, ok := args[0].(*Package); ok {
				return p
			}
			name := pfStringDesignator(th, args[0], pfDesignatorType(th))
			if p := th.Img.FindPackage(name); p != nil {
				return p
			}
			return NIL
		}},
		Def{Name: "MAKE-PACKAGE", Min: 1, Max: -1, Params: "(NAME &KEY NICKNAMES USE)", Fn: func(th *Thread, args []Value) Value {
			name := pfStringDesignator(th, args[0], nil)
			kw := th.ParseKeys(args[1:], "NICKNAMES", "USE", "INTERNAL-SYMBOLS", "EXTERNAL-SYMBOLS")
			var nicks []string
			if kw[0] != nil {
				nicks = pfNames(th, kw[0])
			}
			var use []*Package
			if kw[1] != nil {
				use = pfPackages(th, kw[1])
			}
			return th.MakePackageChecked(name, nicks, use)
		}},
		Def{Name: "DELETE-PACKAGE", Min: 1, Max: 1, Params: "(PACKAGE-DESIGNATOR)", Fn: func(th *Thread, args []Value) Value {
			p, ok := args[0].(*Package)
			if ok {
				if p.Name == "" {
					return NIL
				}
			} else {
				name := pfStringDesignator(th, args[0], List(th.Img.S.Or, th.Img.S.Character, th.Img.CLSym("PACKAGE"), th.Img.S.String, th.Img.S.Symbol))
				if p = th.Img.FindPackage(name); p == nil {
					// Continuable, as in SBCL: CONTINUE returns NIL.
					pfContinuable(th, NewString(name), "There is no package named "+pfQuote(name)+".", "Ignore.")
					return NIL
				}
			}
			th.PkgDelete(p)
			return T
		}},
		Def{Name: "RENAME-PACKAGE", Min: 2, Max: 3, Params: "(PACKAGE NEW-NAME &OPTIONAL NEW-NICKNAMES)", Fn: func(th *Thread, args []Value) Value {
			p := th.PackageDesignator(args[0])
			var name string
			if q, ok := args[1].(*Package); ok {
				name = q.Name
			} else {
				name = pfStringDesignator(th, args[1], nil)
			}
			if q := th.Img.FindPackage(name); q != nil && q != p {
				th.PackageError(NewString(name), "A package named "+pfQuote(name)+" already exists.")
			}
			nicks := pfNames(th, Opt(args, 2))
			pfCheckNicknames(th, p, name, nicks)
			if name != p.Name || !pfSameNames(nicks, p.Nicknames) {
				pfCheckLocked(th, p, "renaming package "+pfPkgString(p))
			}
			th.Img.RenamePackage(p, name, nicks)
			return p
		}},
		Def{Name: "PACKAGE-NAME", Min: 1, Max: 1, Params: "(PACKAGE-DESIGNATOR)", Fn: func(th *Thread, args []Value) Value {
			if p, ok := args[0].(*Package); ok {
				if p.Name == "" {
					return NIL
				}
				return NewString(p.Name)
			}
			return NewString(th.PackageDesignator(args[0]).Name)
		}},
		Def{Name: "PACKAGE-NICKNAMES", Min: 1, Max: 1, Params: "(PACKAGE-DESIGNATOR)", Fn: func(th *Thread, args []Value) Value {
			p, ok := args[0].(*Package)
			if !ok {
				p = th.PackageDesignator(args[0])
			}
			var b ListBuilder
			for _, n := range p.Nicknames {
				b.Add(NewString(n))
			}
			return b.List()
		}},
		Def{Name: "PACKAGE-USE-LIST", Min: 1, Max: 1, Params: "(PACKAGE-DESIGNATOR)", Fn: func(th *Thread, args []Value) Value {
			return pfPackageList(th.PackageDesignator(args[0]).Use)
		}},
		Def{Name: "PACKAGE-USED-BY-LIST", Min: 1, Max: 1, Params: "(PACKAGE-DESIGNATOR)", Fn: func(th *Thread, args []Value) Value {
			return pfPackageList(th.PackageDesignator(args[0]).UsedBy)
		}},
		Def{Name: "PACKAGE-SHADOWING-SYMBOLS", Min: 1, Max: 1, Params: "(PACKAGE-DESIGNATOR)", Fn: func(th *Thread, args []Value) Value {
			var b ListBuilder
			for _, s := range th.PackageDesignator(args[0]).Shadowing() {
				b.Add(s)
			}
			return b.List()
		}},
		Def{Name: "LIST-ALL-PACKAGES", Min: 0, Max: 0, Params: "()", Fn: func(th *Thread, args []Value) Value {
			return pfPackageList(th.Img.Packages())
		}},
		Def{Name: "INTERN", Min: 1, Max: 2, MV: true, Params: "(NAME &OPTIONAL (PACKAGE *PACKAGE*))", Fn: func(th *Thread, args []Value) Value {
			name := th.StringArg(args[0])
			s, st := th.PkgIntern(pfOptPackage(th, args, 1), name)
			return th.Values2(s, pfStatus(th, st))
		}},
		Def{Name: "FIND-SYMBOL", Min: 1, Max: 2, MV: true, Params: "(NAME &OPTIONAL (PACKAGE *PACKAGE*))", Fn: func(th *Thread, args []Value) Value {
			name := th.StringArg(args[0])
			s, st := pfOptPackage(th, args, 1).FindSymbol(name)
			if st == StatusNone {
				return th.Values2(NIL, NIL)
			}
			return th.Values2(s, pfStatus(th, st))
		}},
		Def{Name: "UNINTERN", Min: 1, Max: 2, Params: "(SYMBOL &OPTIONAL (PACKAGE *PACKAGE*))", Fn: func(th *Thread, args []Value) Value {
			s := sfSymbol(th, args[0])
			return Bool(th.PkgUnintern(pfOptPackage(th, args, 1), s))
		}},
		Def{Name: "EXPORT", Min: 1, Max: 2, Params: "(SYMBOLS &OPTIONAL (PACKAGE *PACKAGE*))", Fn: func(th *Thread, args []Value) Value {
			syms := pfSymbols(th, args[0])
			th.PkgExport(pfOptPackage(th, args, 1), syms)
			return T
		}},
		Def{Name: "UNEXPORT", Min: 1, Max: 2, Params: "(SYMBOLS &OPTIONAL (PACKAGE *PACKAGE*))", Fn: func(th *Thread, args []Value) Value {
			syms := pfSymbols(th, args[0])
			th.PkgUnexport(pfOptPackage(th, args, 1), syms)
			return T
		}},
		Def{Name: "IMPORT", Min: 1, Max: 2, Params: "(SYMBOLS &OPTIONAL (PACKAGE *PACKAGE*))", Fn: func(th *Thread, args []Value) Value {
			syms := pfSymbols(th, args[0])
			th.PkgImport(pfOptPackage(th, args, 1), syms)
			return T
		}},
		Def{Name: "SHADOW", Min: 1, Max: 2, Params: "(SYMBOLS &OPTIONAL (PACKAGE *PACKAGE*))", Fn: func(th *Thread, args []Value) Value {
			names := pfNames(th, args[0])
			th.PkgShadow(pfOptPackage(th, args, 1), names)
			return T
		}},
		Def{Name: "SHADOWING-IMPORT", Min: 1, Max: 2, Params: "(SYMBOLS &OPTIONAL (PACKAGE *PACKAGE*))", Fn: func(th *Thread, args []Value) Value {
			syms := pfSymbols(th, args[0])
			th.PkgShadowingImport(pfOptPackage(th, args, 1), syms)
			return T
		}},
		Def{Name: "USE-PACKAGE", Min: 1, Max: 2, Params: "(PACKAGES-TO-USE &OPTIONAL (PACKAGE *PACKAGE*))", Fn: func(th *Thread, args []Value) Value {
			qs := pfPackages(th, args[0])
			p := pfOptPackage(th, args, 1)
			for _, q := range qs {
				th.PkgUse(p, q)
			}
			return T
		}},
		Def{Name: "UNUSE-PACKAGE", Min: 1, Max: 2, Params: "(PACKAGES-TO-UNUSE &OPTIONAL (PACKAGE *PACKAGE*))", Fn: func(th *Thread, args []Value) Value {
			qs := pfPackages(th, args[0])
			p := pfOptPackage(th, args, 1)
			for _, q := range qs {
				p.UnusePackage(q)
			}
			return T
		}},
		Def{Name: "FIND-ALL-SYMBOLS", Min: 1, Max: 1, Params: "(STRING-DESIGNATOR)", Fn: func(th *Thread, args []Value) Value {
			name := pfStringDesignator(th, args[0], nil)
			seen := map[*Symbol]bool{}
			var out []*Symbol
			for _, p := range th.Img.Packages() {
				if s, st := p.Present(name); st != StatusNone && !seen[s] {
					seen[s] = true
					out = append(out, s)
				}
			}
			var b ListBuilder
			for _, s := range out {
				b.Add(s)
			}
			return b.List()
		}},
	)
}
