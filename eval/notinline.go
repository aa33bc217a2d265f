package eval

import (
	rt "github.com/golem-lisp/golem/runtime"
)

// Local INLINE and NOTINLINE declarations (CLHS 3.2.2.1.3): a function
// declared NOTINLINE in a lexical scope has its compiler macro ignored
// there; INLINE lifts a global NOTINLINE proclamation. Each declared name
// becomes an envInline entry of the compile-time environment whose expand is
// T for NOTINLINE and NIL for INLINE. The entries are outside the function
// namespace chain (lexEnv.funs), so they bind nothing.

// declareInline extends env with the INLINE and NOTINLINE declarations of
// decls.
func (c *compiler) declareInline(decls []rt.Value, env *lexEnv) *lexEnv {
	for _, d := range decls {
		for _, spec := range rt.ListToSlice(d.(*rt.Cons).Cdr) {
			sc, ok := spec.(*rt.Cons)
			if !ok {
				continue
			}
			s, _ := sc.Car.(*rt.Symbol)
			if s == nil || s.Pkg != c.img.CL || (s.Name != "NOTINLINE" && s.Name != "INLINE") {
				continue
			}
			for _, name := range rt.ListToSlice(sc.Cdr) {
				if _, ok := compilerMacroKeyOf(c.th, name); ok {
					env = env.extend(&lexEnv{kind: envInline, name: name, expand: rt.Bool(s.Name == "NOTINLINE")})
				}
			}
		}
	}
	return env
}

// notinline reports whether the function named by key is NOTINLINE where
// env is: by the innermost local declaration, else by proclamation.
func (c *compiler) notinline(key compilerMacroKey, env *lexEnv) bool {
	for x := env; x != nil; x = x.next {
		if x.kind != envInline {
			continue
		}
		if k, _ := compilerMacroKeyOf(c.th, x.name); k == key {
			return x.expand == rt.T
		}
	}
	return c.img.Extra[notinlineKey{key}] != nil
}
