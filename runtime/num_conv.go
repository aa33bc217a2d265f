package runtime

import (
	"math"
	"math/big"
)

// Conversions between digit strings and integers that stay subquadratic
// and bounded: math/big's SetString multiplies the whole accumulated number
// by the base for every word of digits (quadratic: a 5-million-digit token
// took 39 s), so long digit strings are split in halves, each half parsed
// recursively and the two joined with one multiplication by a power of the
// base (O(M(n) log n)). Printing uses big.Int.Text, which is already
// divide and conquer in every base.

// digitLeaf is the number of digits SetString converts directly.
const digitLeaf = 512

// digitChars are the digit characters of the bases up to 36.
const digitChars = "0123456789abcdefghijklmnopqrstuvwxyz"

// DigitBits estimates the bits of an integer of n digits in base (an upper
// bound).
func DigitBits(n, base int) int64 {
	return int64(math.Ceil(float64(n)*math.Log2(float64(base)))) + 1
}

// ParseDigits returns the non-negative integer written with digits (each a
// digit of base, 2 to 36, any script: see DigitWeight). op names the
// operation for the STORAGE-CONDITION signalled when the integer would pass
// the thread's bignum or memory limits; th may be nil (no limits).
func (th *Thread) ParseDigits(op string, digits []rune, base int) *big.Int {
	th.CheckBignumBits(op, DigitBits(len(digits), base))
	ascii := make([]byte, len(digits))
	for i, r := range digits {
		w := DigitWeight(r, base)
		if w < 0 {
			panic("golem: ParseDigits of a non-digit")
		}
		ascii[i] = digitChars[w]
	}
	return th.parseASCIIDigits(ascii, base)
}

// parseASCIIDigits converts ASCII digits of base by divide and conquer.
func (th *Thread) parseASCIIDigits(ascii []byte, base int) *big.Int {
	if len(ascii) <= digitLeaf {
		n, _ := new(big.Int).SetString(string(ascii), base)
		return n
	}
	// powers[i] is base^(digitLeaf * 2^i).
	powers := []*big.Int{new(big.Int).Exp(big.NewInt(int64(base)), big.NewInt(digitLeaf), nil)}
	for digitLeaf<<len(powers) < len(ascii) {
		p := powers[len(powers)-1]
		powers = append(powers, new(big.Int).Mul(p, p))
	}
	return th.parseSplit(ascii, base, powers)
}

// parseSplit parses ascii, shorter than digitLeaf * 2^len(powers).
func (th *Thread) parseSplit(ascii []byte, base int, powers []*big.Int) *big.Int {
	if len(ascii) <= digitLeaf {
		n, _ := new(big.Int).SetString(string(ascii), base)
		return n
	}
	if th != nil {
		th.Poll()
	}
	// The low part has digitLeaf * 2^i digits, the largest such count
	// below the length.
	i := 0
	for digitLeaf<<(i+1) < len(ascii) {
		i++
	}
	k := len(ascii) - digitLeaf<<i
	hi := th.parseSplit(ascii[:k], base, powers[:i])
	lo := th.parseSplit(ascii[k:], base, powers[:i])
	hi.Mul(hi, powers[i])
	return hi.Add(hi, lo)
}

// isqrt returns the integer square root of n >= 0: the square root of the
// top half recursively, then Newton's iteration from above, which converges
// in two or three full-size divisions (big.Int.Sqrt runs Newton from a
// power of two at full size, many times slower on large integers).
func (th *Thread) isqrt(n *big.Int) *big.Int {
	if n.BitLen() <= 4096 {
		return new(big.Int).Sqrt(n)
	}
	th.Poll()
	k := uint(n.BitLen() / 4)
	x := th.isqrt(new(big.Int).Rsh(n, 2*k))
	x.Add(x, big.NewInt(1)).Lsh(x, k) // x >= sqrt(n)
	y := new(big.Int)
	for {
		y.Quo(n, x)
		y.Add(y, x).Rsh(y, 1)
		if y.Cmp(x) >= 0 {
			return x
		}
		x, y = y, x
		th.Poll()
	}
}
