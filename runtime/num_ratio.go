package runtime

import "math/big"

// Ratio-integer arithmetic without big.Rat's normalizing GCD of the whole
// result, which is quadratic in the size of the parts: for p/q in lowest
// terms and an integer n, p/q ± n = (p ± nq)/q is in lowest terms already,
// and a product or quotient needs only the GCD of n with one part. This
// keeps FLOOR, ROUND and friends of large ratios (which subtract an integer
// quotient) linear.

// ratIntArith computes a op b when exactly one of them is a ratio and the
// other an integer; ok is false for other operands.
func (th *Thread) ratIntArith(op arithOp, a, b Value) (v Value, ok bool) {
	r, ratLeft := a.(*Ratio)
	other := b
	if !ratLeft {
		if r, ok = b.(*Ratio); !ok {
			return nil, false
		}
		other = a
	}
	if !IsInteger(other) {
		return nil, false
	}
	n := ToBig(other)
	p, q := r.Rat.Num(), r.Rat.Denom()
	switch op {
	case opAdd, opSub:
		th.CheckBignumBits(opNames[op], int64(max(p.BitLen(), n.BitLen()+q.BitLen())+1))
		nq := new(big.Int).Mul(n, q)
		switch {
		case op == opAdd:
			nq.Add(p, nq)
		case ratLeft: // p/q - n
			nq.Sub(p, nq)
		default: // n - p/q
			nq.Sub(nq, p)
		}
		return ratCoprime(nq, q), true
	case opMul:
		th.CheckBignumBits("*", int64(p.BitLen()+n.BitLen()))
		th.checkGCDWork("*", n.BitLen(), q.BitLen())
		g := new(big.Int).GCD(nil, nil, new(big.Int).Abs(n), q)
		num := new(big.Int).Mul(p, new(big.Int).Quo(n, g))
		return ratOrInt(num, new(big.Int).Quo(q, g)), true
	}
	if ratLeft { // (p/q) / n = (p/g) / (q n/g), g = gcd(p, n)
		if n.Sign() == 0 {
			th.DivisionByZero("/", a, b)
		}
		th.CheckBignumBits("/", int64(q.BitLen()+n.BitLen()))
		th.checkGCDWork("/", p.BitLen(), n.BitLen())
		g := new(big.Int).GCD(nil, nil, new(big.Int).Abs(p), new(big.Int).Abs(n))
		num := new(big.Int).Quo(p, g)
		den := new(big.Int).Mul(q, new(big.Int).Quo(n, g))
		return ratOrInt(num, den), true
	}
	// n / (p/q) = (n q/g) / (p/g), g = gcd(n, p)
	th.CheckBignumBits("/", int64(q.BitLen()+n.BitLen()))
	th.checkGCDWork("/", p.BitLen(), n.BitLen())
	g := new(big.Int).GCD(nil, nil, new(big.Int).Abs(p), new(big.Int).Abs(n))
	num := new(big.Int).Mul(new(big.Int).Quo(n, g), q)
	return ratOrInt(num, new(big.Int).Quo(p, g)), true
}

// ratOrInt returns num/den for coprime num and nonzero den: an integer when
// den is ±1, otherwise a ratio with the sign moved to the numerator.
func ratOrInt(num, den *big.Int) Value {
	if den.Sign() < 0 {
		num.Neg(num)
		den.Neg(den)
	}
	if den.IsInt64() && den.Int64() == 1 {
		return MakeBigInt(num)
	}
	return ratCoprime(num, den)
}

// ratRatArith computes a op b for two ratios with the GCDs of the parts
// (Knuth, TAOCP 4.5.1) instead of one GCD of the whole result: for a sum,
// the GCD of the denominators and then of the numerator with that (often
// 1); for a product, the GCDs of each numerator with the other denominator.
// Each is as small as the parts it reads.
func (th *Thread) ratRatArith(op arithOp, x, y *Ratio) Value {
	a, b := x.Rat.Num(), x.Rat.Denom()
	c, d := y.Rat.Num(), y.Rat.Denom()
	name := opNames[op]
	switch op {
	case opAdd, opSub:
		th.CheckBignumBits(name, int64(max(a.BitLen()+d.BitLen(), c.BitLen()+b.BitLen())+1))
		th.checkGCDWork(name, b.BitLen(), d.BitLen())
		d1 := new(big.Int).GCD(nil, nil, b, d)
		bq, dq := b, d // b/d1, d/d1
		if !isOneBig(d1) {
			bq, dq = new(big.Int).Quo(b, d1), new(big.Int).Quo(d, d1)
		}
		t := new(big.Int).Mul(a, dq)
		cb := new(big.Int).Mul(c, bq)
		if op == opAdd {
			t.Add(t, cb)
		} else {
			t.Sub(t, cb)
		}
		if isOneBig(d1) {
			return ratOrInt(t, new(big.Int).Mul(b, d))
		}
		th.checkGCDWork(name, t.BitLen(), d1.BitLen())
		d2 := new(big.Int).GCD(nil, nil, t, d1)
		return ratOrInt(t.Quo(t, d2), new(big.Int).Mul(bq, new(big.Int).Quo(d, d2)))
	}
	if op == opDiv { // times d/c
		c, d = d, c
		if d.Sign() < 0 {
			c, d = new(big.Int).Neg(c), new(big.Int).Neg(d)
		}
	}
	th.CheckBignumBits(name, int64(max(a.BitLen()+c.BitLen(), b.BitLen()+d.BitLen())))
	th.checkGCDWork(name, a.BitLen(), d.BitLen())
	th.checkGCDWork(name, c.BitLen(), b.BitLen())
	g1 := new(big.Int).GCD(nil, nil, a, d)
	g2 := new(big.Int).GCD(nil, nil, c, b)
	num := new(big.Int).Mul(new(big.Int).Quo(a, g1), new(big.Int).Quo(c, g2))
	den := new(big.Int).Mul(new(big.Int).Quo(b, g2), new(big.Int).Quo(d, g1))
	return ratOrInt(num, den)
}

func isOneBig(x *big.Int) bool { return x.IsInt64() && x.Int64() == 1 }
