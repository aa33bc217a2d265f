package runtime

import (
	"math"
	"math/big"
)

// Builtins of CLHS 12.2 that are not division, irrational or bit functions:
// + - * / and comparisons, predicates, MIN/MAX, ABS, SIGNUM, GCD/LCM, the
// complex and rational accessors, FLOAT, RATIONAL and RATIONALIZE.

func init() {
	Register(
		Def{Name: "+", Min: 0, Max: -1, Params: "(&REST NUMBERS)", Fn: func(th *Thread, args []Value) Value {
			return foldArith(th, args, MakeInt(0), Add)
		}},
		Def{Name: "*", Min: 0, Max: -1, Params: "(&REST NUMBERS)", Fn: func(th *Thread, args []Value) Value {
			return foldArith(th, args, MakeInt(1), Mul)
		}},
		Def{Name: "-", Min: 1, Max: -1, Params: "(NUMBER &REST MORE-NUMBERS)", Fn: func(th *Thread, args []Value) Value {
			if len(args) == 1 {
				return Negate(th, args[0])
			}
			return foldArith(th, args, nil, Sub)
		}},
		Def{Name: "/", Min: 1, Max: -1, Params: "(NUMBER &REST MORE-NUMBERS)", Fn: func(th *Thread, args []Value) Value {
			if len(args) == 1 {
				return Div(th, MakeInt(1), args[0])
			}
			return foldArith(th, args, nil, Div)
		}},
		Def{Name: "1+", Min: 1, Max: 1, Params: "(NUMBER)", Fn: func(th *Thread, args []Value) Value {
			return OnePlus(th, args[0])
		}},
		Def{Name: "1-", Min: 1, Max: 1, Params: "(NUMBER)", Fn: func(th *Thread, args []Value) Value {
			return OneMinus(th, args[0])
		}},
		Def{Name: "=", Min: 1, Max: -1, Params: "(NUMBER &REST MORE-NUMBERS)", Fn: func(th *Thread, args []Value) Value {
			th.checkAll(args, false)
			for i := 0; i+1 < len(args); i++ {
				if !NumEquals(th, args[i], args[i+1]) {
					return NIL
				}
			}
			return T
		}},
		Def{Name: "/=", Min: 1, Max: -1, Params: "(NUMBER &REST MORE-NUMBERS)", Fn: func(th *Thread, args []Value) Value {
			th.checkAll(args, false)
			for i := range args {
				for j := i + 1; j < len(args); j++ {
					if NumEquals(th, args[i], args[j]) {
						return NIL
					}
				}
				th.Tick()
			}
			return T
		}},
		numCompare("<", func(c int) bool { return c < 0 }),
		numCompare(">", func(c int) bool { return c > 0 }),
		numCompare("<=", func(c int) bool { return c <= 0 }),
		numCompare(">=", func(c int) bool { return c >= 0 }),
		Def{Name: "MAX", Min: 1, Max: -1, Params: "(NUMBER &REST MORE-NUMBERS)", Fn: func(th *Thread, args []Value) Value {
			return th.extremum(args, 1)
		}},
		Def{Name: "MIN", Min: 1, Max: -1, Params: "(NUMBER &REST MORE-NUMBERS)", Fn: func(th *Thread, args []Value) Value {
			return th.extremum(args, -1)
		}},

		Def{Name: "ZEROP", Min: 1, Max: 1, Params: "(NUMBER)", Fn: func(th *Thread, args []Value) Value {
			if !IsNumber(args[0]) {
				th.TypeError(args[0], th.Img.S.Number)
			}
			return Bool(isZero(args[0]))
		}},
		Def{Name: "PLUSP", Min: 1, Max: 1, Params: "(NUMBER)", Fn: func(th *Thread, args []Value) Value {
			return Bool(th.realSign(args[0]) > 0)
		}},
		Def{Name: "MINUSP", Min: 1, Max: 1, Params: "(NUMBER)", Fn: func(th *Thread, args []Value) Value {
			return Bool(th.realSign(args[0]) < 0)
		}},
		Def{Name: "ODDP", Min: 1, Max: 1, Params: "(NUMBER)", Fn: func(th *Thread, args []Value) Value {
			return Bool(th.oddp(args[0]))
		}},
		Def{Name: "EVENP", Min: 1, Max: 1, Params: "(NUMBER)", Fn: func(th *Thread, args []Value) Value {
			return Bool(!th.oddp(args[0]))
		}},
		Def{Name: "NUMBERP", Min: 1, Max: 1, Params: "(OBJECT)", Fn: func(th *Thread, args []Value) Value {
			return Bool(IsNumber(args[0]))
		}},
		Def{Name: "INTEGERP", Min: 1, Max: 1, Params: "(OBJECT)", Fn: func(th *Thread, args []Value) Value {
			return Bool(IsInteger(args[0]))
		}},
		Def{Name: "RATIONALP", Min: 1, Max: 1, Params: "(OBJECT)", Fn: func(th *Thread, args []Value) Value {
			return Bool(IsRational(args[0]))
		}},
		Def{Name: "REALP", Min: 1, Max: 1, Params: "(OBJECT)", Fn: func(th *Thread, args []Value) Value {
			return Bool(IsReal(args[0]))
		}},
		Def{Name: "FLOATP", Min: 1, Max: 1, Params: "(OBJECT)", Fn: func(th *Thread, args []Value) Value {
			return Bool(IsFloat(args[0]))
		}},
		Def{Name: "COMPLEXP", Min: 1, Max: 1, Params: "(OBJECT)", Fn: func(th *Thread, args []Value) Value {
			_, ok := args[0].(*Complex)
			return Bool(ok)
		}},

		Def{Name: "ABS", Min: 1, Max: 1, Params: "(NUMBER)", Fn: func(th *Thread, args []Value) Value {
			return Abs(th, args[0])
		}},
		Def{Name: "SIGNUM", Min: 1, Max: 1, Params: "(NUMBER)", Fn: func(th *Thread, args []Value) Value {
			return th.signum(args[0])
		}},
		Def{Name: "GCD", Min: 0, Max: -1, Params: "(&REST INTEGERS)", Fn: func(th *Thread, args []Value) Value {
			var acc Value = MakeInt(0)
			for _, a := range args {
				acc = th.gcd(acc, th.integerArg(a))
			}
			return acc
		}},
		Def{Name: "LCM", Min: 0, Max: -1, Params: "(&REST INTEGERS)", Fn: func(th *Thread, args []Value) Value {
			var acc Value = MakeInt(1)
			for i, a := range args {
				th.integerArg(a)
				if i == 0 {
					acc = Abs(th, a)
					continue
				}
				acc = th.lcm(acc, a)
			}
			return acc
		}},

		Def{Name: "CONJUGATE", Min: 1, Max: 1, Params: "(NUMBER)", Fn: func(th *Thread, args []Value) Value {
			switch z := args[0].(type) {
			case *Complex:
				return &Complex{z.Real, Negate(th, z.Imag)}
			}
			return th.numberArg(args[0])
		}},
		Def{Name: "REALPART", Min: 1, Max: 1, Params: "(NUMBER)", Fn: func(th *Thread, args []Value) Value {
			return realPart(th.numberArg(args[0]))
		}},
		Def{Name: "IMAGPART", Min: 1, Max: 1, Params: "(NUMBER)", Fn: func(th *Thread, args []Value) Value {
			switch x := th.numberArg(args[0]).(type) {
			case *Complex:
				return x.Imag
			case SingleFloat:
				return x * 0
			case DoubleFloat:
				return x * 0
			}
			return MakeInt(0)
		}},
		Def{Name: "COMPLEX", Min: 1, Max: 2, Params: "(REALPART &OPTIONAL IMAGPART)", Fn: func(th *Thread, args []Value) Value {
			re := th.realArg(args[0])
			if len(args) == 1 {
				if IsFloat(re) {
					return th.makeComplexTh(re, MakeInt(0))
				}
				return re
			}
			return th.makeComplexTh(re, th.realArg(args[1]))
		}},
		Def{Name: "NUMERATOR", Min: 1, Max: 1, Params: "(RATIONAL)", Fn: func(th *Thread, args []Value) Value {
			switch x := args[0].(type) {
			case Fixnum, *Bignum:
				return x
			case *Ratio:
				return MakeBigInt(new(big.Int).Set(x.Rat.Num()))
			}
			return th.TypeErrorName(args[0], "RATIONAL")
		}},
		Def{Name: "DENOMINATOR", Min: 1, Max: 1, Params: "(RATIONAL)", Fn: func(th *Thread, args []Value) Value {
			switch x := args[0].(type) {
			case Fixnum, *Bignum:
				return MakeInt(1)
			case *Ratio:
				return MakeBigInt(new(big.Int).Set(x.Rat.Denom()))
			}
			return th.TypeErrorName(args[0], "RATIONAL")
		}},
		Def{Name: "RATIONAL", Min: 1, Max: 1, Params: "(NUMBER)", Fn: func(th *Thread, args []Value) Value {
			switch x := th.realArg(args[0]).(type) {
			case SingleFloat, DoubleFloat:
				f := ToFloat64(x)
				th.checkFinite(f, x)
				return MakeRat(new(big.Rat).SetFloat64(f))
			}
			return args[0]
		}},
		Def{Name: "RATIONALIZE", Min: 1, Max: 1, Params: "(NUMBER)", Fn: func(th *Thread, args []Value) Value {
			return th.rationalize(th.realArg(args[0]))
		}},
		Def{Name: "FLOAT", Min: 1, Max: 2, Params: "(NUMBER &OPTIONAL PROTOTYPE)", Fn: func(th *Thread, args []Value) Value {
			x := th.realArg(args[0])
			if len(args) == 2 {
				switch args[1].(type) {
				case SingleFloat:
					return th.ToSingle(x)
				case DoubleFloat:
					return th.ToDouble(x)
				}
				return th.TypeErrorName(args[1], "FLOAT")
			}
			if IsFloat(x) {
				return x
			}
			return th.ToSingle(x)
		}},
	)
}

// foldArith applies op left to right; a single argument is only type-checked.
func foldArith(th *Thread, args []Value, empty Value, op func(*Thread, Value, Value) Value) Value {
	switch len(args) {
	case 0:
		return empty
	case 1:
		return th.numberArg(args[0])
	}
	acc := op(th, args[0], args[1])
	for _, a := range args[2:] {
		acc = op(th, acc, a)
	}
	return acc
}

func numCompare(name string, ok func(int) bool) Def {
	return Def{Name: name, Min: 1, Max: -1, Params: "(NUMBER &REST MORE-NUMBERS)", Fn: func(th *Thread, args []Value) Value {
		th.checkAll(args, true)
		for i := 0; i+1 < len(args); i++ {
			c, ordered := cmpReal(args[i], args[i+1])
			if !ordered || !ok(c) {
				return NIL
			}
		}
		return T
	}}
}

// checkAll type-checks every argument (as SBCL does before comparing).
func (th *Thread) checkAll(args []Value, real bool) {
	for _, a := range args {
		if real {
			th.realArg(a)
		} else {
			th.numberArg(a)
		}
	}
}

// extremum implements MAX (dir 1) and MIN (dir -1): like SBCL it returns the
// first extreme argument itself, without float contagion.
func (th *Thread) extremum(args []Value, dir int) Value {
	th.checkAll(args, true)
	best := args[0]
	for _, a := range args[1:] {
		if c, ok := cmpReal(a, best); ok && c == dir {
			best = a
		}
	}
	return best
}

func (th *Thread) numberArg(v Value) Value {
	if !IsNumber(v) {
		th.TypeError(v, th.Img.S.Number)
	}
	return v
}

func (th *Thread) realArg(v Value) Value {
	if !IsReal(v) {
		th.TypeError(v, th.Img.S.Real)
	}
	return v
}

func (th *Thread) integerArg(v Value) Value {
	if !IsInteger(v) {
		th.TypeError(v, th.Img.S.Integer)
	}
	return v
}

func (th *Thread) floatArg(v Value) Value {
	if !IsFloat(v) {
		th.TypeError(v, th.Img.S.Float)
	}
	return v
}

// realSign type-checks a real and returns its sign.
func (th *Thread) realSign(v Value) int {
	return sign(th.realArg(v))
}

func (th *Thread) oddp(v Value) bool {
	switch n := v.(type) {
	case Fixnum:
		return n&1 != 0
	case *Bignum:
		return n.Int.Bit(0) != 0
	}
	th.TypeError(v, th.Img.S.Integer)
	return false
}

// checkFinite signals for infinities and NaNs where a finite float is needed.
func (th *Thread) checkFinite(f float64, v Value) {
	if math.IsInf(f, 0) || f != f {
		th.SimpleError("Can't decode NaN or infinity: ~S.", v)
	}
}

// Abs implements ABS.
func Abs(th *Thread, v Value) Value {
	switch x := v.(type) {
	case Fixnum, *Bignum, *Ratio, SingleFloat, DoubleFloat:
		return absReal(th, x)
	case *Complex:
		re, im := x.Real, x.Imag
		if _, ok := re.(DoubleFloat); ok {
			r := hypotD(float64(re.(DoubleFloat)), float64(im.(DoubleFloat)))
			th.checkFloat("ABS", r, v)
			return DoubleFloat(r)
		}
		r := hypotD(ToFloat64(re), ToFloat64(im))
		return th.singleResult("ABS", r, v)
	}
	return th.TypeError(v, th.Img.S.Number)
}

// singleResult rounds a float64 computed for a single-float (or rational)
// argument to single precision, signalling overflow like SBCL's coerce.
func (th *Thread) singleResult(op string, r float64, operands ...Value) Value {
	f := float32(r)
	if f-f != 0 {
		if math.IsInf(float64(f), 0) && !math.IsInf(r, 0) {
			th.ArithmeticError("FLOATING-POINT-OVERFLOW", "COERCE", DoubleFloat(r), th.Img.S.SingleFloat)
		}
		th.floatTrap(op, r, operands...)
	}
	return SingleFloat(f)
}

func (th *Thread) signum(v Value) Value {
	switch x := v.(type) {
	case Fixnum, *Bignum, *Ratio:
		return MakeInt(int64(sign(x)))
	case SingleFloat:
		if x == 0 || x != x {
			return x
		}
		return SingleFloat(math.Copysign(1, float64(x)))
	case DoubleFloat:
		if x == 0 || x != x {
			return x
		}
		return DoubleFloat(math.Copysign(1, float64(x)))
	case *Complex:
		if isZero(x) {
			return x
		}
		return Div(th, x, Abs(th, x))
	}
	return th.TypeError(v, th.Img.S.Number)
}

func (th *Thread) gcd(a, b Value) Value {
	if x, ok := a.(Fixnum); ok {
		if y, ok := b.(Fixnum); ok && x != math.MinInt64 && y != math.MinInt64 {
			if x < 0 {
				x = -x
			}
			if y < 0 {
				y = -y
			}
			for y != 0 {
				x, y = y, x%y
			}
			return MakeInt(int64(x))
		}
	}
	x, y := new(big.Int).Abs(ToBig(a)), new(big.Int).Abs(ToBig(b))
	th.checkGCDWork("GCD", x.BitLen(), y.BitLen())
	return MakeBigInt(new(big.Int).GCD(nil, nil, x, y))
}

func (th *Thread) lcm(a, b Value) Value {
	if isZero(a) || isZero(b) {
		return MakeInt(0)
	}
	g := th.gcd(a, b)
	q, _ := th.truncate(Abs(th, a), g)
	return Mul(th, q, Abs(th, b))
}

// rationalize returns the simplest rational that rounds to the float x.
func (th *Thread) rationalize(x Value) Value {
	var m *big.Int
	var e int
	neg := false
	switch f := x.(type) {
	case SingleFloat:
		th.checkFinite(float64(f), x)
		mm, ee, s := decode32(float32(f))
		m, e, neg = big.NewInt(int64(mm)), ee, s < 0
	case DoubleFloat:
		th.checkFinite(float64(f), x)
		mm, ee, s := decode64(float64(f))
		m, e, neg = new(big.Int).SetUint64(mm), ee, s < 0
	default:
		return x
	}
	if m.Sign() == 0 || e >= 0 {
		r := m.Lsh(m, uint(max(e, 0)))
		if neg {
			r.Neg(r)
		}
		return MakeBigInt(r)
	}
	// The float stands for the interval ((2m-1)/2^(1-e), (2m+1)/2^(1-e)).
	den := new(big.Int).Lsh(big.NewInt(1), uint(1-e))
	twoM := new(big.Int).Lsh(m, 1)
	lo := new(big.Rat).SetFrac(new(big.Int).Sub(twoM, big.NewInt(1)), den)
	hi := new(big.Rat).SetFrac(new(big.Int).Add(twoM, big.NewInt(1)), den)
	r := simplestBetween(lo, hi)
	if neg {
		r.Neg(r)
	}
	return MakeRat(r)
}

// simplestBetween returns the rational with the smallest denominator in
// [lo, hi) for 0 < lo < hi, by continued-fraction expansion.
func simplestBetween(lo, hi *big.Rat) *big.Rat {
	// Convergents p/q of the partial quotients found so far.
	p0, q0 := big.NewInt(0), big.NewInt(1)
	p1, q1 := big.NewInt(1), big.NewInt(0)
	a, b := new(big.Rat).Set(lo), new(big.Rat).Set(hi)
	for {
		c := ratCeil(a)
		if new(big.Rat).SetInt(c).Cmp(b) < 0 {
			top := new(big.Int).Add(new(big.Int).Mul(c, p1), p0)
			bot := new(big.Int).Add(new(big.Int).Mul(c, q1), q0)
			return new(big.Rat).SetFrac(top, bot)
		}
		k := new(big.Int).Sub(c, big.NewInt(1))
		kr := new(big.Rat).SetInt(k)
		na := new(big.Rat).Inv(new(big.Rat).Sub(b, kr))
		nb := new(big.Rat).Inv(new(big.Rat).Sub(a, kr))
		a, b = na, nb
		p2 := new(big.Int).Add(new(big.Int).Mul(k, p1), p0)
		q2 := new(big.Int).Add(new(big.Int).Mul(k, q1), q0)
		p0, q0, p1, q1 = p1, q1, p2, q2
	}
}

// ratCeil returns the ceiling of a rational.
func ratCeil(r *big.Rat) *big.Int {
	q, m := new(big.Int).DivMod(r.Num(), r.Denom(), new(big.Int))
	if m.Sign() != 0 {
		q.Add(q, big.NewInt(1))
	}
	return q
}
