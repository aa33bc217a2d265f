package runtime

import (
	"math"
	"math/big"
	"math/bits"
)

// Float decoding (CLHS 12.2 DECODE-FLOAT and friends) and the numeric
// constant variables.

func init() {
	Register(
		Def{Name: "DECODE-FLOAT", Min: 1, Max: 1, MV: true, Params: "(FLOAT)", Fn: func(th *Thread, args []Value) Value {
			switch f := th.floatArg(args[0]).(type) {
			case SingleFloat:
				th.checkFinite(float64(f), f)
				frac, exp := math.Frexp(math.Abs(float64(f)))
				return th.Values(SingleFloat(frac), MakeInt(int64(exp)), SingleFloat(math.Copysign(1, float64(f))))
			case DoubleFloat:
				th.checkFinite(float64(f), f)
				frac, exp := math.Frexp(math.Abs(float64(f)))
				return th.Values(DoubleFloat(frac), MakeInt(int64(exp)), DoubleFloat(math.Copysign(1, float64(f))))
			}
			return nil
		}},
		Def{Name: "INTEGER-DECODE-FLOAT", Min: 1, Max: 1, MV: true, Params: "(FLOAT)", Fn: func(th *Thread, args []Value) Value {
			switch f := th.floatArg(args[0]).(type) {
			case SingleFloat:
				th.checkFinite(float64(f), f)
				m, e, s := decode32(float32(f))
				return th.Values(MakeInt(int64(m)), MakeInt(int64(e)), MakeInt(int64(s)))
			case DoubleFloat:
				th.checkFinite(float64(f), f)
				m, e, s := decode64(float64(f))
				return th.Values(MakeInt(int64(m)), MakeInt(int64(e)), MakeInt(int64(s)))
			}
			return nil
		}},
		Def{Name: "SCALE-FLOAT", Min: 2, Max: 2, Params: "(FLOAT INTEGER)", Fn: func(th *Thread, args []Value) Value {
			f := th.floatArg(args[0])
			th.integerArg(args[1])
			n, ok := ToInt64(args[1])
			if !ok || n > 1<<20 || n < -(1<<20) {
				n = max(min(int64(sign(args[1]))<<20, 1<<20), -(1 << 20))
			}
			x := ToFloat64(f)
			r := math.Ldexp(x, int(n))
			if _, single := f.(SingleFloat); single {
				r = float64(float32(r))
			}
			if math.IsInf(r, 0) && !math.IsInf(x, 0) {
				th.ArithmeticError("FLOATING-POINT-OVERFLOW", "SCALE-FLOAT", f, args[1])
			}
			if _, single := f.(SingleFloat); single {
				return SingleFloat(r)
			}
			return DoubleFloat(r)
		}},
		Def{Name: "FLOAT-RADIX", Min: 1, Max: 1, Params: "(FLOAT)", Fn: func(th *Thread, args []Value) Value {
			th.floatArg(args[0])
			return MakeInt(2)
		}},
		Def{Name: "FLOAT-SIGN", Min: 1, Max: 2, Params: "(FLOAT1 &OPTIONAL FLOAT2)", Fn: func(th *Thread, args []Value) Value {
			s := math.Copysign(1, ToFloat64(th.floatArg(args[0])))
			// The magnitude defaults to 1 in the format of float1.
			var mag Value = DoubleFloat(1)
			if len(args) == 2 {
				mag = th.floatArg(args[1])
			} else if _, single := args[0].(SingleFloat); single {
				mag = SingleFloat(1)
			}
			r := math.Copysign(math.Abs(ToFloat64(mag)), s)
			if _, single := mag.(SingleFloat); single {
				return SingleFloat(r)
			}
			return DoubleFloat(r)
		}},
		Def{Name: "FLOAT-DIGITS", Min: 1, Max: 1, Params: "(FLOAT)", Fn: func(th *Thread, args []Value) Value {
			if _, single := th.floatArg(args[0]).(SingleFloat); single {
				return MakeInt(24)
			}
			return MakeInt(53)
		}},
		Def{Name: "FLOAT-PRECISION", Min: 1, Max: 1, Params: "(FLOAT)", Fn: func(th *Thread, args []Value) Value {
			switch f := th.floatArg(args[0]).(type) {
			case SingleFloat:
				th.checkFinite(float64(f), f)
				m, _, _ := decode32(float32(f))
				return MakeInt(int64(bits.Len32(m)))
			case DoubleFloat:
				th.checkFinite(float64(f), f)
				m, _, _ := decode64(float64(f))
				return MakeInt(int64(bits.Len64(m)))
			}
			return nil
		}},
	)
	RegisterSetup(12, defineNumberConstants)
}

// decode32 splits a finite single float into integer mantissa, exponent and
// sign as INTEGER-DECODE-FLOAT does (zero gives mantissa and exponent 0;
// denormals keep their short mantissa).
func decode32(f float32) (m uint32, e int, s int) {
	b := math.Float32bits(f)
	s = 1
	if b>>31 != 0 {
		s = -1
	}
	exp := int(b>>23) & 0xff
	m = b & (1<<23 - 1)
	switch {
	case exp == 0 && m == 0:
		return 0, 0, s
	case exp == 0:
		return m, -149, s
	}
	return m | 1<<23, exp - 150, s
}

// decode64 is decode32 for double floats.
func decode64(f float64) (m uint64, e int, s int) {
	b := math.Float64bits(f)
	s = 1
	if b>>63 != 0 {
		s = -1
	}
	exp := int(b>>52) & 0x7ff
	m = b & (1<<52 - 1)
	switch {
	case exp == 0 && m == 0:
		return 0, 0, s
	case exp == 0:
		return m, -1074, s
	}
	return m | 1<<52, exp - 1075, s
}

func defineNumberConstants(img *Image) {
	def := func(name string, v Value) {
		s := img.CLSym(name)
		s.Value = v
		s.Flags |= FlagConstant | FlagSpecial
	}
	def("MOST-POSITIVE-FIXNUM", MakeInt(math.MaxInt64))
	def("MOST-NEGATIVE-FIXNUM", MakeInt(math.MinInt64))
	def("PI", DoubleFloat(math.Pi))
	for _, p := range []string{"SHORT", "SINGLE"} {
		def("MOST-POSITIVE-"+p+"-FLOAT", SingleFloat(math.MaxFloat32))
		def("MOST-NEGATIVE-"+p+"-FLOAT", SingleFloat(-math.MaxFloat32))
		def("LEAST-POSITIVE-"+p+"-FLOAT", SingleFloat(math.SmallestNonzeroFloat32))
		def("LEAST-NEGATIVE-"+p+"-FLOAT", SingleFloat(-math.SmallestNonzeroFloat32))
		def("LEAST-POSITIVE-NORMALIZED-"+p+"-FLOAT", SingleFloat(math.Ldexp(1, -126)))
		def("LEAST-NEGATIVE-NORMALIZED-"+p+"-FLOAT", SingleFloat(-math.Ldexp(1, -126)))
		// The smallest e with (/= (+ 1 e) 1): just over half an ulp of 1.
		def(p+"-FLOAT-EPSILON", SingleFloat(math.Ldexp(1<<23+1, -47)))
		def(p+"-FLOAT-NEGATIVE-EPSILON", SingleFloat(math.Ldexp(1<<23+1, -48)))
	}
	for _, p := range []string{"DOUBLE", "LONG"} {
		def("MOST-POSITIVE-"+p+"-FLOAT", DoubleFloat(math.MaxFloat64))
		def("MOST-NEGATIVE-"+p+"-FLOAT", DoubleFloat(-math.MaxFloat64))
		def("LEAST-POSITIVE-"+p+"-FLOAT", DoubleFloat(math.SmallestNonzeroFloat64))
		def("LEAST-NEGATIVE-"+p+"-FLOAT", DoubleFloat(-math.SmallestNonzeroFloat64))
		def("LEAST-POSITIVE-NORMALIZED-"+p+"-FLOAT", DoubleFloat(math.Ldexp(1, -1022)))
		def("LEAST-NEGATIVE-NORMALIZED-"+p+"-FLOAT", DoubleFloat(-math.Ldexp(1, -1022)))
		def(p+"-FLOAT-EPSILON", DoubleFloat(math.Ldexp(1<<52+1, -105)))
		def(p+"-FLOAT-NEGATIVE-EPSILON", DoubleFloat(math.Ldexp(1<<52+1, -106)))
	}
	for i, n := range []string{"CLR", "SET", "1", "2", "C1", "C2", "AND", "IOR", "XOR", "EQV",
		"NAND", "NOR", "ANDC1", "ANDC2", "ORC1", "ORC2"} {
		def("BOOLE-"+n, MakeInt(int64(i)))
	}
	img.DefineVar(img.S.RandomState, NewRandomState(0x5eed))
}

// floatToInteger converts a finite float's integral value to a Lisp integer.
func floatToInteger(f float64) Value {
	if f >= -(1<<63) && f < 1<<63 {
		return MakeInt(int64(f))
	}
	b, _ := new(big.Float).SetFloat64(f).Int(nil)
	return MakeBigInt(b)
}
