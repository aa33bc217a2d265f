package printer

import (
	"math"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestShortestDigitsAgreesWithFreeFormat checks the fast shortest-digit path
// (strconv plus the tie rule) against floatToDigits, the port of SBCL's
// free-format algorithm, over random single and double floats: every float
// must print exactly as SBCL prints it.
func TestShortestDigitsAgreesWithFreeFormat(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	check := func(f float64, bits int) {
		if f <= 0 || math.IsInf(f, 0) || math.IsNaN(f) ||
			(bits == 32 && f < 1.1754943508222875e-38) || (bits == 64 && f < 2.2250738585072014e-308) {
			return // shortestDigits is for positive normal floats
		}
		digits, exp := shortestDigits(f, bits)
		wantExp, wantDigits := floatToDigits(decodeFloat(f, bits == 32), false, 0, false)
		require.Equal(t, wantDigits, digits, "digits of %v (%d bits)", f, bits)
		require.Equal(t, wantExp, exp, "exponent of %v (%d bits)", f, bits)
	}
	for i := 0; i < 20000; i++ {
		check(float64(math.Float32frombits(rng.Uint32()&0x7fffffff)), 32)
		check(math.Float64frombits(rng.Uint64()&0x7fffffffffffffff), 64)
		// Short decimals are where ties between two shortest forms occur.
		m, e := float64(rng.Intn(1000000)), rng.Intn(16)-8
		check(float64(float32(m*math.Pow(2, float64(e)))), 32)
		check(m/8*math.Pow(10, float64(rng.Intn(10)-5)), 64)
	}
	check(346688.625, 32)
}
