package runtime

import (
	"math"
	"math/big"
	"math/bits"
)

// RANDOM and random states. A RandomState owns its generator state
// (xoshiro256**), so states are deterministic, copyable and per image; no
// global generator is involved.

// RandomState is a Lisp RANDOM-STATE.
type RandomState struct {
	s [4]uint64
}

// NewRandomState returns a state seeded deterministically from seed.
func NewRandomState(seed uint64) *RandomState {
	r := &RandomState{}
	for i := range r.s {
		// splitmix64 spreads the seed over the four words (never all zero).
		seed += 0x9e3779b97f4a7c15
		z := seed
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		r.s[i] = z ^ z>>31
	}
	return r
}

// Copy returns an independent state that will produce the same numbers.
func (r *RandomState) Copy() *RandomState {
	c := *r
	return &c
}

// Uint64 returns the next 64 random bits.
func (r *RandomState) Uint64() uint64 {
	s := &r.s
	result := bits.RotateLeft64(s[1]*5, 7) * 9
	t := s[1] << 17
	s[2] ^= s[0]
	s[3] ^= s[1]
	s[1] ^= s[2]
	s[0] ^= s[3]
	s[2] ^= t
	s[3] = bits.RotateLeft64(s[3], 45)
	return result
}

// below returns a uniform integer in [0, n) for n > 0 (Lemire's method).
func (r *RandomState) below(n uint64) uint64 {
	hi, lo := bits.Mul64(r.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(r.Uint64(), n)
		}
	}
	return hi
}

// belowBig returns a uniform integer in [0, n) for a positive big n.
func (r *RandomState) belowBig(th *Thread, n *big.Int) *big.Int {
	nbits := n.BitLen()
	words := (nbits + 63) / 64
	buf := make([]big.Word, words)
	out := new(big.Int)
	for {
		for i := range buf {
			buf[i] = big.Word(r.Uint64())
		}
		out.SetBits(buf)
		if extra := words*64 - nbits; extra > 0 {
			out.Rsh(out, uint(extra))
		}
		if out.Cmp(n) < 0 {
			return new(big.Int).Set(out)
		}
		th.Tick()
	}
}

type randomSeedKey struct{}

func init() {
	Register(
		Def{Name: "RANDOM", Min: 1, Max: 2, Params: "(LIMIT &OPTIONAL (STATE *RANDOM-STATE*))", Fn: func(th *Thread, args []Value) Value {
			var st *RandomState
			if len(args) == 2 {
				s, ok := args[1].(*RandomState)
				if !ok {
					th.TypeError(args[1], th.Img.CLSym("RANDOM-STATE"))
				}
				st = s
			} else {
				st = th.currentRandomState()
			}
			return th.random(args[0], st)
		}},
		Def{Name: "MAKE-RANDOM-STATE", Min: 0, Max: 1, Params: "(&OPTIONAL STATE)", Fn: func(th *Thread, args []Value) Value {
			switch s := Opt(args, 0).(type) {
			case *RandomState:
				return s.Copy()
			case *Symbol:
				if s == NIL {
					return th.currentRandomState().Copy()
				}
				if s == T {
					return NewRandomState(th.Img.nextRandomSeed())
				}
			}
			return th.TypeError(args[0], List(th.Img.S.Or, th.Img.CLSym("RANDOM-STATE"), th.Img.CLSym("BOOLEAN")))
		}},
		Def{Name: "RANDOM-STATE-P", Min: 1, Max: 1, Params: "(OBJECT)", Fn: func(th *Thread, args []Value) Value {
			_, ok := args[0].(*RandomState)
			return Bool(ok)
		}},
	)
}

// nextRandomSeed gives (make-random-state t) a fresh, deterministic seed.
func (img *Image) nextRandomSeed() uint64 {
	n, _ := img.Extra[randomSeedKey{}].(uint64)
	n++
	img.Extra[randomSeedKey{}] = n
	return 0x243f6a8885a308d3 ^ n*0x9e3779b97f4a7c15
}

func (th *Thread) currentRandomState() *RandomState {
	v := th.SymbolValue(th.Img.S.RandomState)
	s, ok := v.(*RandomState)
	if !ok {
		th.TypeError(v, th.Img.CLSym("RANDOM-STATE"))
	}
	return s
}

func (th *Thread) random(limit Value, st *RandomState) Value {
	switch n := limit.(type) {
	case Fixnum:
		if n > 0 {
			return MakeInt(int64(st.below(uint64(n))))
		}
	case *Bignum:
		if n.Int.Sign() > 0 {
			return MakeBigInt(st.belowBig(th, n.Int))
		}
	case SingleFloat:
		if n > 0 && !math.IsInf(float64(n), 0) {
			for {
				f := float32(st.Uint64()>>40) * 0x1p-24 * float32(n)
				if f < float32(n) {
					return SingleFloat(f)
				}
			}
		}
	case DoubleFloat:
		if n > 0 && !math.IsInf(float64(n), 0) {
			for {
				f := float64(st.Uint64()>>11) * 0x1p-53 * float64(n)
				if f < float64(n) {
					return DoubleFloat(f)
				}
			}
		}
	}
	kw := th.Img.Kw
	expected := List(th.Img.S.Or, List(th.Img.S.Integer, MakeInt(1)), List(th.Img.S.Float, List(MakeInt(0))))
	return th.Error(th.MakeCondition("SIMPLE-TYPE-ERROR", kw("DATUM"), limit, kw("EXPECTED-TYPE"), expected,
		kw("FORMAT-CONTROL"), NewString("Argument is neither a positive integer nor a positive float: ~S"),
		kw("FORMAT-ARGUMENTS"), List(limit)))
}

// LispType makes TYPE-OF and TYPEP see random states as RANDOM-STATE.
func (r *RandomState) LispType() string { return "RANDOM-STATE" }
