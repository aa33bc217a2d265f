package runtime

import (
	"math/big"
	"math/bits"
)

// Bitwise functions on integers as infinite two's-complement bit strings:
// LOG*, BOOLE, ASH, LOGCOUNT, and the byte functions (byte specifiers are
// conses (SIZE . POSITION), as in SBCL).

// The sixteen BOOLE operations, numbered as the BOOLE-* constants.
const (
	booleClr = iota
	booleSet
	boole1
	boole2
	booleC1
	booleC2
	booleAnd
	booleIor
	booleXor
	booleEqv
	booleNand
	booleNor
	booleAndc1
	booleAndc2
	booleOrc1
	booleOrc2
)

func booleFix(op int, a, b int64) int64 {
	switch op {
	case booleClr:
		return 0
	case booleSet:
		return -1
	case boole1:
		return a
	case boole2:
		return b
	case booleC1:
		return ^a
	case booleC2:
		return ^b
	case booleAnd:
		return a & b
	case booleIor:
		return a | b
	case booleXor:
		return a ^ b
	case booleEqv:
		return ^(a ^ b)
	case booleNand:
		return ^(a & b)
	case booleNor:
		return ^(a | b)
	case booleAndc1:
		return ^a & b
	case booleAndc2:
		return a &^ b
	case booleOrc1:
		return ^a | b
	}
	return a | ^b
}

func booleBig(op int, a, b *big.Int) *big.Int {
	r := new(big.Int)
	not := func(x *big.Int) *big.Int { return new(big.Int).Not(x) }
	switch op {
	case booleClr:
	case booleSet:
		r.SetInt64(-1)
	case boole1:
		r.Set(a)
	case boole2:
		r.Set(b)
	case booleC1:
		r.Not(a)
	case booleC2:
		r.Not(b)
	case booleAnd:
		r.And(a, b)
	case booleIor:
		r.Or(a, b)
	case booleXor:
		r.Xor(a, b)
	case booleEqv:
		r.Not(r.Xor(a, b))
	case booleNand:
		r.Not(r.And(a, b))
	case booleNor:
		r.Not(r.Or(a, b))
	case booleAndc1:
		r.And(not(a), b)
	case booleAndc2:
		r.AndNot(a, b)
	case booleOrc1:
		r.Or(not(a), b)
	default:
		r.Or(a, not(b))
	}
	return r
}

// boole applies BOOLE operation op to two integers.
func (th *Thread) boole(op int, a, b Value) Value {
	th.integerArg(a)
	th.integerArg(b)
	if x, ok := a.(Fixnum); ok {
		if y, ok := b.(Fixnum); ok {
			return MakeInt(booleFix(op, int64(x), int64(y)))
		}
	}
	return MakeBigInt(booleBig(op, ToBig(a), ToBig(b)))
}

func logFold(name string, op int, identity int64) Def {
	return Def{Name: name, Min: 0, Max: -1, Params: "(&REST INTEGERS)", Fn: func(th *Thread, args []Value) Value {
		acc := MakeInt(identity)
		for _, a := range args {
			acc = th.boole(op, acc, a)
		}
		return acc
	}}
}

func log2Def(name string, op int) Def {
	return Def{Name: name, Min: 2, Max: 2, Params: "(INTEGER1 INTEGER2)", Fn: func(th *Thread, args []Value) Value {
		return th.boole(op, args[0], args[1])
	}}
}

func init() {
	Register(
		logFold("LOGAND", booleAnd, -1), logFold("LOGIOR", booleIor, 0),
		logFold("LOGXOR", booleXor, 0), logFold("LOGEQV", booleEqv, -1),
		log2Def("LOGNAND", booleNand), log2Def("LOGNOR", booleNor),
		log2Def("LOGANDC1", booleAndc1), log2Def("LOGANDC2", booleAndc2),
		log2Def("LOGORC1", booleOrc1), log2Def("LOGORC2", booleOrc2),
		Def{Name: "LOGNOT", Min: 1, Max: 1, Params: "(NUMBER)", Fn: func(th *Thread, args []Value) Value {
			return th.boole(booleC1, args[0], MakeInt(0))
		}},
		Def{Name: "LOGTEST", Min: 2, Max: 2, Params: "(INTEGER1 INTEGER2)", Fn: func(th *Thread, args []Value) Value {
			return Bool(!isZero(th.boole(booleAnd, args[0], args[1])))
		}},
		Def{Name: "BOOLE", Min: 3, Max: 3, Params: "(OP INTEGER1 INTEGER2)", Fn: func(th *Thread, args []Value) Value {
			op, ok := args[0].(Fixnum)
			if !ok || op < 0 || op > 15 {
				th.TypeError(args[0], List(th.Img.CLSym("UNSIGNED-BYTE"), MakeInt(4)))
			}
			return th.boole(int(op), args[1], args[2])
		}},
		Def{Name: "LOGBITP", Min: 2, Max: 2, Params: "(INDEX INTEGER)", Fn: func(th *Thread, args []Value) Value {
			idx := th.bitIndex(args[0])
			th.integerArg(args[1])
			return Bool(bitAt(args[1], idx))
		}},
		Def{Name: "LOGCOUNT", Min: 1, Max: 1, Params: "(INTEGER)", Fn: func(th *Thread, args []Value) Value {
			switch n := th.integerArg(args[0]).(type) {
			case Fixnum:
				x := int64(n)
				if x < 0 {
					x = ^x
				}
				return MakeInt(int64(bits.OnesCount64(uint64(x))))
			case *Bignum:
				x := n.Int
				if x.Sign() < 0 {
					x = new(big.Int).Not(x)
				}
				c := 0
				for _, w := range x.Bits() {
					c += bits.OnesCount64(uint64(w))
				}
				return MakeInt(int64(c))
			}
			return nil
		}},
		Def{Name: "INTEGER-LENGTH", Min: 1, Max: 1, Params: "(INTEGER)", Fn: func(th *Thread, args []Value) Value {
			return MakeInt(int64(IntegerLength(th.integerArg(args[0]))))
		}},
		Def{Name: "ASH", Min: 2, Max: 2, Params: "(INTEGER COUNT)", Fn: func(th *Thread, args []Value) Value {
			return Ash(th, args[0], args[1])
		}},
		Def{Name: "BYTE", Min: 2, Max: 2, Params: "(SIZE POSITION)", Fn: func(th *Thread, args []Value) Value {
			th.bitIndex(args[0])
			th.bitIndex(args[1])
			return NewCons(args[0], args[1])
		}},
		Def{Name: "BYTE-SIZE", Min: 1, Max: 1, Params: "(BYTESPEC)", Fn: func(th *Thread, args []Value) Value {
			return th.byteSpecArg(args[0]).Car
		}},
		Def{Name: "BYTE-POSITION", Min: 1, Max: 1, Params: "(BYTESPEC)", Fn: func(th *Thread, args []Value) Value {
			return th.byteSpecArg(args[0]).Cdr
		}},
		Def{Name: "LDB", Min: 2, Max: 2, Params: "(BYTESPEC INTEGER)", Fn: func(th *Thread, args []Value) Value {
			size, pos := th.byteSpec(args[0])
			return th.ldb(size, pos, th.integerArg(args[1]))
		}},
		Def{Name: "LDB-TEST", Min: 2, Max: 2, Params: "(BYTESPEC INTEGER)", Fn: func(th *Thread, args []Value) Value {
			size, pos := th.byteSpec(args[0])
			return Bool(!isZero(th.ldb(size, pos, th.integerArg(args[1]))))
		}},
		Def{Name: "MASK-FIELD", Min: 2, Max: 2, Params: "(BYTESPEC INTEGER)", Fn: func(th *Thread, args []Value) Value {
			size, pos := th.byteSpec(args[0])
			return th.boole(booleAnd, th.integerArg(args[1]), th.byteMask(size, pos))
		}},
		Def{Name: "DPB", Min: 3, Max: 3, Params: "(NEWBYTE BYTESPEC INTEGER)", Fn: func(th *Thread, args []Value) Value {
			size, pos := th.byteSpec(args[1])
			th.integerArg(args[0])
			mask := th.byteMask(size, pos)
			shifted := Ash(th, th.ldb(size, 0, args[0]), MakeInt(int64(pos)))
			return th.boole(booleIor, th.boole(booleAndc2, th.integerArg(args[2]), mask), shifted)
		}},
		Def{Name: "DEPOSIT-FIELD", Min: 3, Max: 3, Params: "(NEWBYTE BYTESPEC INTEGER)", Fn: func(th *Thread, args []Value) Value {
			size, pos := th.byteSpec(args[1])
			th.integerArg(args[0])
			mask := th.byteMask(size, pos)
			return th.boole(booleIor, th.boole(booleAndc2, th.integerArg(args[2]), mask),
				th.boole(booleAnd, args[0], mask))
		}},
	)
}

// maxBitIndex caps bit positions and sizes: beyond it every bit of an
// integer equals its sign bit, and masks that large cannot be allocated.
const maxBitIndex = 1 << 40

// bitIndex checks a non-negative integer index, capping bignums.
func (th *Thread) bitIndex(v Value) int64 {
	switch n := v.(type) {
	case Fixnum:
		if n >= 0 {
			return min(int64(n), maxBitIndex)
		}
	case *Bignum:
		if n.Int.Sign() > 0 {
			return maxBitIndex
		}
	}
	th.TypeError(v, th.Img.CLSym("UNSIGNED-BYTE"))
	return 0
}

func bitAt(v Value, idx int64) bool {
	switch n := v.(type) {
	case Fixnum:
		if idx >= 63 {
			return n < 0
		}
		return n>>uint(idx)&1 != 0
	case *Bignum:
		if idx >= int64(n.Int.BitLen())+1 {
			return n.Int.Sign() < 0
		}
		if n.Int.Sign() >= 0 {
			return n.Int.Bit(int(idx)) != 0
		}
		return new(big.Int).Not(n.Int).Bit(int(idx)) == 0
	}
	return false
}

func (th *Thread) byteSpecArg(v Value) *Cons {
	c, ok := v.(*Cons)
	if !ok || !IsInteger(c.Car) || !IsInteger(c.Cdr) {
		th.TypeError(v, th.Img.S.Cons)
	}
	return c
}

func (th *Thread) byteSpec(v Value) (size, pos int64) {
	c := th.byteSpecArg(v)
	return th.bitIndex(c.Car), th.bitIndex(c.Cdr)
}

// byteMask returns (size bits of ones) << pos.
func (th *Thread) byteMask(size, pos int64) Value {
	if size+pos < 63 {
		return MakeInt((int64(1)<<uint(size) - 1) << uint(pos))
	}
	th.CheckBignumBits("BYTE", size+pos)
	m := new(big.Int).Lsh(big.NewInt(1), uint(size))
	m.Sub(m, big.NewInt(1))
	return MakeBigInt(m.Lsh(m, uint(pos)))
}

// ldb extracts size bits at pos of integer x.
func (th *Thread) ldb(size, pos int64, x Value) Value {
	if n, ok := x.(Fixnum); ok && size < 63 {
		p := min(pos, 63)
		return MakeInt((int64(n) >> uint(p)) & (int64(1)<<uint(size) - 1))
	}
	b := ToBig(x)
	if b.Sign() >= 0 && pos >= int64(b.BitLen()) {
		return MakeInt(0)
	}
	if b.Sign() >= 0 {
		size = min(size, int64(b.BitLen())-pos)
	}
	th.CheckBignumBits("LDB", size)
	shifted := new(big.Int).Rsh(b, uint(min(pos, int64(b.BitLen())+1)))
	m := new(big.Int).Lsh(big.NewInt(1), uint(size))
	m.Sub(m, big.NewInt(1))
	return MakeBigInt(m.And(m, shifted))
}

// Ash implements ASH.
func Ash(th *Thread, x, count Value) Value {
	th.integerArg(x)
	if !IsInteger(count) {
		th.TypeError(count, th.Img.S.Integer)
	}
	c, small := ToInt64(count)
	if n, ok := x.(Fixnum); ok && small {
		switch {
		case c <= 0:
			if c <= -63 {
				if n < 0 {
					return MakeInt(-1)
				}
				return MakeInt(0)
			}
			return MakeInt(int64(n) >> uint(-c))
		case c < 63:
			if r := int64(n) << uint(c); r>>uint(c) == int64(n) {
				return MakeInt(r)
			}
		}
	}
	if isZero(x) {
		return MakeInt(0)
	}
	if !small || c < -maxBitIndex {
		if sign(count) < 0 {
			if sign(x) < 0 {
				return MakeInt(-1)
			}
			return MakeInt(0)
		}
		th.bignumTooLarge("ASH", maxBitIndex)
	}
	b := ToBig(x)
	if c < 0 {
		return MakeBigInt(new(big.Int).Rsh(b, uint(-c)))
	}
	th.CheckBignumBits("ASH", int64(b.BitLen())+c)
	return MakeBigInt(new(big.Int).Lsh(b, uint(c)))
}
