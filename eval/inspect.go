package eval

import rt "github.com/golem-lisp/golem/runtime"

// ClosedVariable is a lexical variable of an enclosing function that a
// closure uses, with the value it holds now.
type ClosedVariable struct {
	Name  *rt.Symbol
	Value rt.Value // nil when the variable is unbound
}

// ClosedVariables returns the variables cl closes over, for inspectors.
func (cl *Closure) ClosedVariables() []ClosedVariable {
	vars := cl.info.fn.upvals
	out := make([]ClosedVariable, 0, len(cl.upv))
	for i, b := range cl.upv {
		if i >= len(vars) || b == nil {
			break
		}
		out = append(out, ClosedVariable{Name: vars[i].sym, Value: b.V})
	}
	return out
}
