package runtime

import (
	"fmt"
	"math/big"
)

// Bounds on bignum work. Every operation that can build a large integer
// estimates the size of its result (and, for the superlinear ones, its work)
// from the sizes of its operands before it runs: a result over
// Limits.MaxBignumBits, or one that cannot fit the memory budget, signals a
// STORAGE-CONDITION instead of running for minutes inside math/big, where
// no interrupt can reach it.
//
// With the default bound of 4 Mbit (about 1.26 million decimal digits), the
// slowest single operations, measured on an idle 2-core machine, take about
// a third of a second (printing or reading an integer at the bound in
// decimal, its ISQRT, a GCD at the bound below); a multiplication whose
// product reaches the bound takes about a tenth, EXPT about as much.
// Without the bound (the CLI, as in SBCL) only the memory budget limits
// sizes, and one operation may run for minutes.
//
// GCD is quadratic in math/big (Lehmer's algorithm, after one division of
// the larger operand by the smaller), and exact rational arithmetic needs
// GCDs (of the parts, see num_ratio.go), so GCDs get a work bound: the
// smaller operand may not pass MaxBignumBits/8 bits, 512 Kbit under the
// default bound (about a third of a second). A GCD with one small operand
// (the usual ratio with a small denominator) costs little whatever the
// size of the other.

// bigCheckBits is the size under which results are not checked at all: the
// work is negligible. A MaxBignumBits below it acts as bigCheckBits.
const bigCheckBits = 1 << 14

// CheckBignumBits signals a STORAGE-CONDITION naming op when an integer of
// about n bits would pass the thread's MaxBignumBits or its memory budget,
// and charges large results to the budget. Call it before computing.
func (th *Thread) CheckBignumBits(op string, n int64) {
	if n >= bigCheckBits || n < 0 {
		th.checkBignumBits(op, n)
	}
}

func (th *Thread) checkBignumBits(op string, n int64) {
	if th == nil {
		return
	}
	if n >= maxBitIndex || n < 0 {
		th.bignumTooLarge(op, n)
	}
	if m := th.Limits.MaxBignumBits; m > 0 && n > m {
		th.bignumTooLarge(op, n)
	}
	if n/8 > bigResultBytes {
		th.CheckAlloc(n / 8)
	}
}

func (th *Thread) bignumTooLarge(op string, n int64) {
	if m := th.Limits.MaxBignumBits; m > 0 {
		th.StorageCondition(fmt.Sprintf("Bignum too large: %s would build an integer of about %d bits, over the limit of %d bits (max-bignum-bits).", op, n, m))
	}
	th.StorageCondition(fmt.Sprintf("Heap exhausted: %s would build an integer of about %d bits, which cannot fit in memory.", op, n))
}

// checkGCDWork bounds the work of a GCD of integers of a and b bits (see
// above), done by op directly or to normalize a ratio.
func (th *Thread) checkGCDWork(op string, a, b int) {
	if th == nil {
		return
	}
	m := th.Limits.MaxBignumBits
	if m <= 0 || a < bigCheckBits || b < bigCheckBits {
		return
	}
	if lim := m / 8; int64(min(a, b)) > lim {
		th.StorageCondition(fmt.Sprintf("Bignum work too large: %s needs the GCD of integers of %d and %d bits, more work than the limit of %d bits (max-bignum-bits) allows.", op, a, b, m))
	}
}

// CheckRatio checks the parts of a ratio about to be normalized (op names
// the operation): a numerator of num bits and a denominator of den bits.
// th may be nil.
func (th *Thread) CheckRatio(op string, num, den int) {
	th.CheckBignumBits(op, int64(max(num, den)))
	th.checkGCDWork(op, num, den)
}

// ratBitLens returns the sizes of a rational's numerator and denominator.
func ratBitLens(r *big.Rat) (int, int) {
	return r.Num().BitLen(), r.Denom().BitLen()
}

// checkRatArith checks a rational operation on x and y before it runs:
// the unnormalized result's parts and the GCD that normalizes them.
func (th *Thread) checkRatArith(op arithOp, x, y *big.Rat) {
	a, b := ratBitLens(x)
	c, d := ratBitLens(y)
	if max(a, b, c, d) < bigCheckBits {
		return
	}
	var num, den int
	switch op {
	case opAdd, opSub:
		num, den = max(a+d, c+b)+1, b+d
	case opMul:
		num, den = a+c, b+d
	default:
		num, den = a+d, b+c
	}
	th.CheckRatio(opNames[op], num, den)
}
