package runtime

import (
	"math"
	"math/big"
)

// Irrational and transcendental functions (CLHS 12.2): EXP LOG SQRT ISQRT,
// trigonometric and hyperbolic functions, CIS and PHASE. Like SBCL, single
// floats (and rationals) are computed in double precision and rounded; the
// complex functions follow Kahan's branch-cut conventions as SBCL does.

func init() {
	Register(
		Def{Name: "EXP", Min: 1, Max: 1, Params: "(NUMBER)", Fn: func(th *Thread, args []Value) Value {
			return th.exp(args[0])
		}},
		Def{Name: "SQRT", Min: 1, Max: 1, Params: "(NUMBER)", Fn: func(th *Thread, args []Value) Value {
			return Sqrt(th, args[0])
		}},
		Def{Name: "ISQRT", Min: 1, Max: 1, Params: "(NATURAL)", Fn: func(th *Thread, args []Value) Value {
			if !IsInteger(args[0]) || sign(args[0]) < 0 {
				th.TypeError(args[0], th.Img.CLSym("UNSIGNED-BYTE"))
			}
			if n, ok := args[0].(Fixnum); ok && n < 1<<52 {
				r := int64(math.Sqrt(float64(n)))
				for r*r > int64(n) {
					r--
				}
				for (r+1)*(r+1) <= int64(n) {
					r++
				}
				return MakeInt(r)
			}
			return MakeBigInt(th.isqrt(ToBig(args[0])))
		}},
		Def{Name: "LOG", Min: 1, Max: 2, Params: "(NUMBER &OPTIONAL BASE)", Fn: func(th *Thread, args []Value) Value {
			if len(args) == 2 {
				return th.log2Args(args[0], args[1])
			}
			return th.log(args[0])
		}},
		Def{Name: "SIN", Min: 1, Max: 1, Params: "(NUMBER)", Fn: func(th *Thread, args []Value) Value {
			return th.unaryIrrational("SIN", args[0], sinD, csin)
		}},
		Def{Name: "COS", Min: 1, Max: 1, Params: "(NUMBER)", Fn: func(th *Thread, args []Value) Value {
			return th.unaryIrrational("COS", args[0], cosD, ccos)
		}},
		Def{Name: "TAN", Min: 1, Max: 1, Params: "(NUMBER)", Fn: func(th *Thread, args []Value) Value {
			return th.unaryIrrational("TAN", args[0], tanD, ctan)
		}},
		Def{Name: "SINH", Min: 1, Max: 1, Params: "(NUMBER)", Fn: func(th *Thread, args []Value) Value {
			return th.unaryIrrational("SINH", args[0], sinhD, csinh)
		}},
		Def{Name: "COSH", Min: 1, Max: 1, Params: "(NUMBER)", Fn: func(th *Thread, args []Value) Value {
			return th.unaryIrrational("COSH", args[0], coshD, ccosh)
		}},
		Def{Name: "TANH", Min: 1, Max: 1, Params: "(NUMBER)", Fn: func(th *Thread, args []Value) Value {
			return th.unaryIrrational("TANH", args[0], tanhD, ctanh)
		}},
		Def{Name: "ASINH", Min: 1, Max: 1, Params: "(NUMBER)", Fn: func(th *Thread, args []Value) Value {
			return th.unaryIrrational("ASINH", args[0], asinhD, casinh)
		}},
		Def{Name: "ASIN", Min: 1, Max: 1, Params: "(NUMBER)", Fn: func(th *Thread, args []Value) Value {
			return th.domainIrrational("ASIN", args[0], -1, 1, asinD, casin)
		}},
		Def{Name: "ACOS", Min: 1, Max: 1, Params: "(NUMBER)", Fn: func(th *Thread, args []Value) Value {
			return th.domainIrrational("ACOS", args[0], -1, 1, acosD, cacos)
		}},
		Def{Name: "ACOSH", Min: 1, Max: 1, Params: "(NUMBER)", Fn: func(th *Thread, args []Value) Value {
			return th.domainIrrational("ACOSH", args[0], 1, math.Inf(1), acoshD, cacosh)
		}},
		Def{Name: "ATANH", Min: 1, Max: 1, Params: "(NUMBER)", Fn: func(th *Thread, args []Value) Value {
			if IsReal(args[0]) {
				if x := ToFloat64(args[0]); x == 1 || x == -1 {
					th.DivisionByZero("ATANH", args[0])
				}
			}
			return th.domainIrrational("ATANH", args[0], -1, 1, atanhD, catanh)
		}},
		Def{Name: "ATAN", Min: 1, Max: 2, Params: "(Y &OPTIONAL (X 1))", Fn: func(th *Thread, args []Value) Value {
			if len(args) == 1 {
				return th.unaryIrrational("ATAN", args[0], atanD, catan)
			}
			y, x := th.realArg(args[0]), th.realArg(args[1])
			k := max(kindOf(y), kindOf(x), kSingle)
			r := atan2D(float64(th.ToDouble(y)), float64(th.ToDouble(x)))
			return th.floatResult(k, "ATAN", r, y, x)
		}},
		Def{Name: "CIS", Min: 1, Max: 1, Params: "(THETA)", Fn: func(th *Thread, args []Value) Value {
			return th.cis(args[0])
		}},
		Def{Name: "PHASE", Min: 1, Max: 1, Params: "(NUMBER)", Fn: func(th *Thread, args []Value) Value {
			return th.phase(args[0])
		}},
	)
}

func (th *Thread) cis(x Value) Value {
	th.realArg(x)
	f := float64(th.ToDouble(x))
	return th.complexResult(formatOf(x), "CIS", cosD(f), sinD(f), x)
}

func (th *Thread) phase(z Value) Value {
	th.numberArg(z)
	re, im := th.complexParts(z)
	return th.floatResult(formatOf(z), "PHASE", atan2D(im, re), z)
}

func (th *Thread) exp(z Value) Value {
	return th.unaryIrrational("EXP", z, expD, cexp)
}

// formatOf is the float format of the result of an irrational function of v:
// double for double floats and complexes of them, single otherwise.
func formatOf(v Value) numKind {
	switch x := v.(type) {
	case DoubleFloat:
		return kDouble
	case *Complex:
		if _, ok := x.Real.(DoubleFloat); ok {
			return kDouble
		}
	}
	return kSingle
}

// floatResult returns r in format k, signalling overflow or invalid
// operation when finite arguments gave an infinity or NaN.
func (th *Thread) floatResult(k numKind, op string, r float64, operands ...Value) Value {
	if r-r != 0 {
		th.floatTrap(op, r, operands...)
	}
	if k == kDouble {
		return DoubleFloat(r)
	}
	return th.singleResult(op, r, operands...)
}

// complexResult builds a complex of format k from float64 parts.
func (th *Thread) complexResult(k numKind, op string, re, im float64, operands ...Value) Value {
	return &Complex{th.floatResult(k, op, re, operands...), th.floatResult(k, op, im, operands...)}
}

// complexParts converts a number to float64 parts (imaginary part +0 for reals).
func (th *Thread) complexParts(z Value) (float64, float64) {
	if c, ok := z.(*Complex); ok {
		return float64(th.ToDouble(c.Real)), float64(th.ToDouble(c.Imag))
	}
	return float64(th.ToDouble(z)), 0
}

// cfun is a complex kernel on float64 parts. rnd rounds an intermediate
// result to the argument's format: SBCL evaluates several complex functions
// with single-float arithmetic on single-float parts, and matching its
// results needs the same intermediate roundings.
type cfun func(x, y float64, rnd func(float64) float64) (float64, float64)

func rndDouble(f float64) float64 { return f }
func rndSingle(f float64) float64 { return float64(float32(f)) }

func rndFor(k numKind) func(float64) float64 {
	if k == kDouble {
		return rndDouble
	}
	return rndSingle
}

// unaryIrrational applies a function defined on all reals (f) and complexes (cf).
func (th *Thread) unaryIrrational(op string, z Value, f func(float64) float64, cf cfun) Value {
	th.numberArg(z)
	k := formatOf(z)
	if _, ok := z.(*Complex); ok {
		x, y := th.complexParts(z)
		re, im := cf(x, y, rndFor(k))
		return th.complexResult(k, op, re, im, z)
	}
	return th.floatResult(k, op, f(float64(th.ToDouble(z))), z)
}

// domainIrrational is unaryIrrational for functions whose real results only
// exist for lo <= x <= hi; other reals take the complex branch.
func (th *Thread) domainIrrational(op string, z Value, lo, hi float64, f func(float64) float64, cf cfun) Value {
	th.numberArg(z)
	if IsReal(z) {
		x := float64(th.ToDouble(z))
		if x < lo || x > hi {
			re, im := cf(x, 0, rndFor(formatOf(z)))
			return th.complexResult(formatOf(z), op, re, im, z)
		}
	}
	return th.unaryIrrational(op, z, f, cf)
}

// Sqrt implements SQRT.
func Sqrt(th *Thread, z Value) Value {
	th.numberArg(z)
	k := formatOf(z)
	if IsReal(z) {
		x := float64(th.ToDouble(z))
		if x < 0 {
			return th.complexResult(k, "SQRT", 0, math.Sqrt(-x), z)
		}
		return th.floatResult(k, "SQRT", math.Sqrt(x), z)
	}
	re, im := csqrt(th.complexParts(z))
	return th.complexResult(k, "SQRT", re, im, z)
}

// log implements one-argument LOG.
func (th *Thread) log(z Value) Value {
	th.numberArg(z)
	k := formatOf(z)
	if isZero(z) {
		th.DivisionByZero("LOG", z)
	}
	if IsReal(z) {
		l := logAbs(z)
		if sign(z) < 0 {
			return th.complexResult(k, "LOG", l, math.Pi, z)
		}
		return th.floatResult(k, "LOG", l, z)
	}
	re, im := clog(th.complexParts(z))
	return th.complexResult(k, "LOG", re, im, z)
}

// logAbs returns ln|x| for a nonzero real, scaling huge or tiny rationals.
func logAbs(x Value) float64 {
	switch n := x.(type) {
	case *Bignum:
		return logBig(n.Int)
	case *Ratio:
		if f, _ := n.Rat.Float64(); f != 0 && !math.IsInf(f, 0) && math.Abs(f) >= 0x1p-1022 {
			return logD(math.Abs(f))
		}
		return logBig(n.Rat.Num()) - logBig(n.Rat.Denom())
	}
	return logD(math.Abs(ToFloat64(x)))
}

// logBig returns ln|n| for a nonzero big integer.
func logBig(n *big.Int) float64 {
	l := n.BitLen()
	if l < 1000 {
		f, _ := new(big.Float).SetInt(n).Float64()
		return logD(math.Abs(f))
	}
	shift := l - 64
	top := new(big.Int).Rsh(new(big.Int).Abs(n), uint(shift))
	f, _ := new(big.Float).SetInt(top).Float64()
	return logD(f) + float64(shift)*math.Ln2
}

// log2Int is SBCL's LOG2 of a positive integer, computed in double.
func log2Int(n Value) float64 {
	return logAbs(n) / math.Ln2
}

// log2Args implements (LOG number base) with SBCL's special cases that
// avoid single-float intermediates.
func (th *Thread) log2Args(n, base Value) Value {
	th.numberArg(n)
	th.numberArg(base)
	_, nDouble := n.(DoubleFloat)
	_, bDouble := base.(DoubleFloat)
	switch {
	case isZero(base):
		if nDouble || bDouble {
			return DoubleFloat(0)
		}
		return SingleFloat(0)
	case IsInteger(n) && IsInteger(base) && sign(n) > 0 && sign(base) > 0:
		return th.singleResult("LOG", log2Int(n)/log2Int(base), n, base)
	case IsInteger(n) && bDouble && sign(n) > 0:
		return Div(th, DoubleFloat(log2Int(n)), th.log2Of(base))
	case nDouble && IsInteger(base) && sign(base) > 0:
		return Div(th, th.log2Of(n), DoubleFloat(log2Int(base)))
	}
	return Div(th, th.log(n), th.log(base))
}

// log2Of is (LOG x 2d0) for a double float: (/ (log x) (log 2d0)).
func (th *Thread) log2Of(x Value) Value {
	return Div(th, th.log(x), DoubleFloat(math.Ln2))
}

// --- complex kernels on float64 parts ---

func cmul(ar, ai, br, bi float64) (float64, float64) {
	return ar*br - ai*bi, ar*bi + ai*br
}

// csqrt is the principal square root, honouring the sign of a zero
// imaginary part (sqrt(-4-0i) = -2i).
func csqrt(x, y float64) (float64, float64) {
	if x == 0 && y == 0 {
		return 0, y
	}
	if math.IsInf(y, 0) {
		return math.Inf(1), y
	}
	if m := max(math.Abs(x), math.Abs(y)); m > 0x1p500 || m < 0x1p-500 {
		// sqrt(z 2^-2e) 2^e keeps x²+y² in range.
		_, e := math.Frexp(m)
		e /= 2
		re, im := csqrt(math.Ldexp(x, -2*e), math.Ldexp(y, -2*e))
		return math.Ldexp(re, e), math.Ldexp(im, e)
	}
	// Kahan's evaluation, as SBCL does it, for identical rounding.
	s := math.Sqrt(float64(x*x) + float64(y*y))
	eta := math.Sqrt(2*(math.Abs(x)+s)) / 2
	nu := y / eta / 2
	if x < 0 {
		return math.Abs(nu), math.Copysign(eta, y)
	}
	return eta, nu
}

// clog is the principal logarithm. Like Kahan's algorithm (and SBCL) it
// takes ln|z| from log1p when |z| is near 1, where log(hypot) would lose
// the relative accuracy of the small result.
func clog(x, y float64) (float64, float64) {
	beta, theta := math.Abs(x), math.Abs(y)
	if theta > beta {
		beta, theta = theta, beta
	}
	var re float64
	switch rho := beta*beta + theta*theta; {
	case math.IsInf(beta, 0):
		re = math.Inf(1)
	case beta > 1/math.Sqrt2 && (beta <= 1.2 || rho < 3):
		re = math.Log1p((beta-1)*(beta+1)+theta*theta) / 2
	case beta > 0x1p500 || beta < 0x1p-500:
		_, e := math.Frexp(beta)
		bs, ts := math.Ldexp(beta, -e), math.Ldexp(theta, -e)
		re = logD(bs*bs+ts*ts)/2 + float64(e)*math.Ln2
	default:
		re = logD(rho) / 2
	}
	return re, atan2D(y, x)
}

func cexp(x, y float64, r func(float64) float64) (float64, float64) {
	e := r(expD(x))
	if y == 0 {
		return e, y
	}
	return r(e * r(cosD(y))), r(e * r(sinD(y)))
}

func csin(x, y float64, r func(float64) float64) (float64, float64) {
	return r(r(sinD(x)) * r(coshD(y))), r(r(cosD(x)) * r(sinhD(y)))
}

func ccos(x, y float64, r func(float64) float64) (float64, float64) {
	return r(r(cosD(x)) * r(coshD(y))), -r(r(sinD(x)) * r(sinhD(y)))
}

func csinh(x, y float64, r func(float64) float64) (float64, float64) {
	return r(r(sinhD(x)) * r(cosD(y))), r(r(coshD(x)) * r(sinD(y)))
}

func ccosh(x, y float64, r func(float64) float64) (float64, float64) {
	return r(r(coshD(x)) * r(cosD(y))), r(r(sinhD(x)) * r(sinD(y)))
}

// ctanh uses Kahan's formulation, stable for large real parts.
func ctanh(x, y float64, _ func(float64) float64) (float64, float64) {
	if math.Abs(x) > 22 {
		return math.Copysign(1, x), math.Copysign(0, y) * math.Abs(sinD(2*y))
	}
	t := tanD(y)
	b := 1 + t*t
	s := sinhD(x)
	rho := math.Sqrt(1 + s*s)
	d := 1 + b*s*s
	return b * rho * s / d, t / d
}

// ctan(z) = -i tanh(iz).
func ctan(x, y float64, r func(float64) float64) (float64, float64) {
	re, im := ctanh(-y, x, r)
	return im, -re
}

// csqrtR is csqrt with its result rounded to the format.
func csqrtR(x, y float64, r func(float64) float64) (float64, float64) {
	re, im := csqrt(x, y)
	return r(re), r(im)
}

// cmulR multiplies complexes with each operation rounded to the format.
func cmulR(ar, ai, br, bi float64, r func(float64) float64) (float64, float64) {
	return r(r(ar*br) - r(ai*bi)), r(r(ar*bi) + r(ai*br))
}

// casin: Kahan's asin from the square roots of 1-z and 1+z.
func casin(x, y float64, r func(float64) float64) (float64, float64) {
	ar, ai := csqrtR(r(1-x), 0-y, r)
	br, bi := csqrtR(r(1+x), 0+y, r)
	pr, _ := cmulR(ar, ai, br, bi, r)
	_, qi := cmulR(ar, -ai, br, bi, r)
	return atan2D(x, pr), asinhD(qi)
}

func cacos(x, y float64, r func(float64) float64) (float64, float64) {
	ar, ai := csqrtR(r(1-x), 0-y, r)
	br, bi := csqrtR(r(1+x), 0+y, r)
	_, qi := cmulR(br, -bi, ar, ai, r)
	return 2 * r(atan2D(ar, br)), asinhD(qi)
}

func cacosh(x, y float64, r func(float64) float64) (float64, float64) {
	if y == 0 && !math.Signbit(y) && x >= -1 && x < 1 {
		return 0, acosD(x) // i acos x, as SBCL computes real arguments
	}
	ar, ai := csqrtR(r(x-1), y, r)
	br, bi := csqrtR(r(x+1), y, r)
	qr, _ := cmulR(ar, -ai, br, bi, r)
	return asinhD(qr), 2 * r(atan2D(ai, br))
}

// casinh(z) = -i asin(iz).
func casinh(x, y float64, r func(float64) float64) (float64, float64) {
	re, im := casin(-y, x, r)
	return im, -re
}

// catanh is Kahan's algorithm: the sign of the real part is factored out
// first, and the sign conventions make real arguments beyond ±1 land on the
// +π/2 side like SBCL.
func catanh(x0, y0 float64, _ func(float64) float64) (float64, float64) {
	beta := math.Copysign(1, x0)
	x, y := beta*x0, beta*-y0
	var eta, nu float64
	const tiny = 0x1p-510 // 4/sqrt(most-positive-double-float)
	switch t := math.Abs(y) + tiny; {
	case x > 0x1p510 || math.Abs(y) > 0x1p510:
		nu = math.Copysign(math.Pi/2, y)
		h := hypotD(x, y)
		eta = x / h / h
	case x == 1:
		eta = logD(math.Sqrt(math.Sqrt(4+y*y)) / math.Sqrt(t))
		nu = math.Copysign(math.Pi/2+atanD(t/2), y) / 2
	default:
		omx := 1 - x
		eta = math.Log1p(4*x/(float64(omx*omx)+float64(t*t))) / 4
		nu = atan2D(2*y, float64(omx*(1+x))-float64(t*t)) / 2
	}
	return beta * eta, -beta * nu
}

// catan(z) = -i atanh(iz).
func catan(x, y float64, r func(float64) float64) (float64, float64) {
	re, im := catanh(-y, x, r)
	return im, -re
}
