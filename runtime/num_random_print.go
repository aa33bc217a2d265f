package runtime

import "math/big"

// Random states print readably as #.(GOLEM:%RESTORE-RANDOM-STATE '(w0 w1
// w2 w3)), the four words of the generator state (the printer writes it
// when *read-eval* is true, as SBCL's #S(RANDOM-STATE :STATE #.(...)) needs
// it too); %RESTORE-RANDOM-STATE makes the state that produces the same
// numbers.

// RandomStateWords returns the generator state of r as four integers.
func RandomStateWords(r *RandomState) []Value {
	out := make([]Value, len(r.s))
	for i, w := range r.s {
		out[i] = MakeBigInt(new(big.Int).SetUint64(w))
	}
	return out
}

func restoreRandomState(th *Thread, words Value) Value {
	ws := ListToSlice(words)
	r := &RandomState{}
	if len(ws) != len(r.s) {
		th.TypeError(words, List(th.Img.CLSym("CONS")))
	}
	zero := true
	for i, w := range ws {
		var u uint64
		switch n := w.(type) {
		case Fixnum:
			if n < 0 {
				th.TypeError(w, th.Img.CLSym("UNSIGNED-BYTE"))
			}
			u = uint64(n)
		case *Bignum:
			if n.Int.Sign() < 0 || n.Int.BitLen() > 64 {
				th.TypeError(w, List(th.Img.CLSym("UNSIGNED-BYTE"), MakeInt(64)))
			}
			u = n.Int.Uint64()
		default:
			th.TypeError(w, List(th.Img.CLSym("UNSIGNED-BYTE"), MakeInt(64)))
		}
		r.s[i] = u
		zero = zero && u == 0
	}
	if zero {
		// xoshiro256** never leaves the all-zero state.
		th.SimpleError("a random state cannot be all zero")
	}
	return r
}

func init() {
	Register(
		Def{Name: "GOLEM:%RESTORE-RANDOM-STATE", Min: 1, Max: 1, Params: "(WORDS)",
			Fn: func(th *Thread, args []Value) Value { return restoreRandomState(th, args[0]) }},
	)
}
