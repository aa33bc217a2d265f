package printer

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// randomState prints a random state: #<RANDOM-STATE {...}>, or readably
// (with *read-eval* true, as SBCL's printed random states need it too) the
// #.(GOLEM:%RESTORE-RANDOM-STATE '(w0 w1 w2 w3)) form that makes a state
// producing the same numbers.
func (p *printer) randomState(r *rt.RandomState) {
	if !p.readably || !truthy(p.img.S.ReadEval.Value) {
		p.unreadable(r, true, func() { p.write("RANDOM-STATE") })
		return
	}
	p.write("#.(")
	p.object(p.img.Intern("GOLEM", "%RESTORE-RANDOM-STATE"))
	p.write(" '")
	p.object(rt.List(rt.RandomStateWords(r)...))
	p.write(")")
}
