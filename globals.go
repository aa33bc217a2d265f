package golem

import (
	"context"
	"errors"
	"fmt"
	"strings"

	rt "github.com/golem-lisp/golem/runtime"
)

// ErrUnbound is returned (wrapped) by Get for a variable that has no global
// value.
var ErrUnbound = errors.New("golem: unbound variable")

// Set gives the global (special) variable name the value value, converted
// with (*Interpreter).FromGo, as DEFPARAMETER would: Lisp code reads it,
// rebinds it with LET and sets it. name is read as Define reads function
// names: "pkg:name" (the package is made when missing, the symbol
// exported) or a name in COMMON-LISP-USER, upper-cased: Set("*rate*", 1.1)
// sets *RATE*. A standard variable of COMMON-LISP may be set
// ("*print-base*"); constants and keywords may not.
//
// Set returns ErrBusy while the interpreter evaluates: a Go function called
// from Lisp sets variables through its thread or in Lisp instead.
func (in *Interpreter) Set(name string, value any) error {
	release, err := in.claim()
	if err != nil {
		return err
	}
	defer release()
	sym, err := in.variableSymbol(name, true)
	if err != nil {
		return fmt.Errorf("golem: Set: %w", err)
	}
	switch {
	case sym.IsConstant():
		return fmt.Errorf("golem: Set: %s is a constant", in.img.NameString(sym))
	case sym.Pkg == in.img.CL && !sym.IsSpecial():
		return fmt.Errorf("golem: Set: %s is a COMMON-LISP symbol, not a standard variable", in.img.NameString(sym))
	}
	th := rt.NewThread(in.img, context.Background(), rt.Limits{})
	v := (&converter{img: in.img, th: th}).fromGo(value, 0)
	sym.Flags |= rt.FlagSpecial
	sym.Value = v
	return nil
}

// Get returns the global value of the variable name (read as Set reads
// it), with a Lisp function as a *Function; convert it with ToGo or
// ExportTo. A variable with no value gives an error wrapping ErrUnbound.
// Like Set, Get returns ErrBusy while the interpreter evaluates.
func (in *Interpreter) Get(name string) (Value, error) {
	release, err := in.claim()
	if err != nil {
		return nil, err
	}
	defer release()
	sym, err := in.variableSymbol(name, false)
	if err != nil {
		return nil, fmt.Errorf("golem: Get: %w", err)
	}
	if sym == nil || sym.Value == nil {
		return nil, fmt.Errorf("%w: %s", ErrUnbound, strings.ToUpper(name))
	}
	return in.goValues([]rt.Value{sym.Value})[0], nil
}

// variableSymbol finds the symbol of a variable name; create interns it
// (and makes its package) when missing, otherwise a missing symbol is nil.
func (in *Interpreter) variableSymbol(name string, create bool) (*rt.Symbol, error) {
	img := in.img
	pkgName, symName, qualified, _ := splitName(name)
	switch {
	case symName == "":
		return nil, fmt.Errorf("empty variable name %q", name)
	case qualified && pkgName == "":
		return nil, fmt.Errorf("%q is a keyword, not a variable", name)
	}
	p := img.CLUser
	if qualified {
		p = img.FindPackage(pkgName)
		if p == nil {
			if !create {
				return nil, nil
			}
			p = img.MakePackage(pkgName)
			p.UsePackage(img.CL)
		}
	}
	if sym, _ := p.FindSymbol(symName); sym != nil {
		return sym, nil
	}
	if !create {
		return nil, nil
	}
	if p.Locked {
		return nil, fmt.Errorf("package %s is locked", p.Name)
	}
	sym, _ := p.Intern(symName)
	if qualified {
		p.Export(sym)
	}
	return sym, nil
}
