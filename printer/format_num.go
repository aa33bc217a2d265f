package printer

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	rt "github.com/golem-lisp/golem/runtime"
)

// Numeric FORMAT directives. The floating-point ones reproduce SBCL's
// algorithms (free-format digit generation with an optional rounding
// position, and the exponent scaling of ~E and ~G), so that digits and
// rounding match SBCL's output.

// --- ~D ~B ~O ~X ~R ---

func addCommas(digits string, comma rune, interval int) string {
	if interval <= 0 {
		return digits
	}
	rs := []rune(digits)
	var out []rune
	for i, r := range rs {
		if i > 0 && (len(rs)-i)%interval == 0 {
			out = append(out, comma)
		}
		out = append(out, r)
	}
	return string(out)
}

func (f *fstate) integerDirective(d *fnode, base int, off int) {
	f.checkParams(d, 4+off)
	mincol := f.intParam(d, off, 0)
	padchar := f.charParam(d, off+1, ' ')
	commachar := f.charParam(d, off+2, ',')
	interval := f.intParam(d, off+3, 3)
	v := f.next(d.pos)
	th := f.th
	if !rt.IsInteger(v) {
		dd := th.SpecialDepth()
		th.BindSpecial(th.Img.S.PrintBase, rt.MakeInt(int64(base)))
		th.BindSpecial(th.Img.S.PrintRadix, rt.NIL)
		th.BindSpecial(th.Img.S.PrintEscape, rt.NIL)
		th.BindSpecial(th.Img.S.PrintReadably, rt.NIL)
		Write(th, v, f.out)
		th.UnbindTo(dd)
		return
	}
	neg := false
	switch n := v.(type) {
	case rt.Fixnum:
		neg = n < 0
	case *rt.Bignum:
		neg = n.Int.Sign() < 0
	}
	digits := IntegerString(v, base)
	digits = strings.TrimPrefix(digits, "-")
	if d.colon {
		digits = addCommas(digits, commachar, interval)
	}
	switch {
	case neg:
		digits = "-" + digits
	case d.at:
		digits = "+" + digits
	}
	f.writeField(d, digits, mincol, 1, 0, padchar, true)
}

func (f *fstate) radixDirective(d *fnode) {
	if len(d.params) > 0 {
		f.checkParams(d, 5)
		// The radix is read once (a V takes its argument once).
		if bv, supplied := f.paramValue(d, 0); supplied {
			base, ok := bv.(rt.Fixnum)
			if !ok || base < 2 || base > 36 {
				f.th.TypeError(bv, rt.List(f.th.Img.S.Integer, rt.MakeInt(2), rt.MakeInt(36)))
			}
			f.integerDirective(d, int(base), 1)
			return
		}
	}
	v := f.next(d.pos)
	th := f.th
	if !rt.IsInteger(v) {
		th.TypeErrorName(v, "INTEGER")
	}
	switch {
	case d.at && d.colon:
		f.write(f.roman(d, v, true))
	case d.at:
		f.write(f.roman(d, v, false))
	case d.colon:
		f.write(englishNumber(th, f, d, v, true))
	default:
		f.write(englishNumber(th, f, d, v, false))
	}
}

func (f *fstate) roman(d *fnode, v rt.Value, old bool) string {
	n, ok := v.(rt.Fixnum)
	limit := rt.Fixnum(3999)
	if old {
		limit = 4999
	}
	if !ok || n < 1 || n > limit {
		text := addCommas(strings.TrimPrefix(IntegerString(v, 10), "-"), ',', 3)
		if strings.HasPrefix(IntegerString(v, 10), "-") {
			text = "-" + text
		}
		if old {
			f.th.SimpleError("Number too large to print in old Roman numerals: " + text)
		}
		f.th.SimpleError("Number too large to print in Roman numerals: " + text)
	}
	var sb strings.Builder
	x := int(n)
	type rv struct {
		s string
		v int
	}
	table := []rv{{"M", 1000}, {"CM", 900}, {"D", 500}, {"CD", 400}, {"C", 100}, {"XC", 90},
		{"L", 50}, {"XL", 40}, {"X", 10}, {"IX", 9}, {"V", 5}, {"IV", 4}, {"I", 1}}
	if old {
		table = []rv{{"M", 1000}, {"D", 500}, {"C", 100}, {"L", 50}, {"X", 10}, {"V", 5}, {"I", 1}}
	}
	for _, e := range table {
		for x >= e.v {
			sb.WriteString(e.s)
			x -= e.v
		}
	}
	return sb.String()
}

// --- floating point digit generation ---

// decodedFloat is the exact value f × 2^e of a positive float.
type decodedFloat struct {
	f      uint64
	e      int
	prec   int  // float-digits: 24 or 53
	minExp bool // the exponent is the minimum (no smaller lower gap)
	single bool
}

func decodeFloat(x float64, single bool) decodedFloat {
	if single {
		bits := math.Float32bits(float32(x))
		exp := int(bits>>23) & 0xff
		mant := uint64(bits & 0x7fffff)
		if exp == 0 {
			return normalizeDenormal(decodedFloat{f: mant, e: -149, prec: 24, minExp: true, single: true})
		}
		return decodedFloat{f: mant | 1<<23, e: exp - 150, prec: 24, minExp: exp == 1, single: true}
	}
	bits := math.Float64bits(x)
	exp := int(bits>>52) & 0x7ff
	mant := bits & (1<<52 - 1)
	if exp == 0 {
		return normalizeDenormal(decodedFloat{f: mant, e: -1074, prec: 53, minExp: true})
	}
	return decodedFloat{f: mant | 1<<52, e: exp - 1075, prec: 53, minExp: exp == 1}
}

// normalizeDenormal shifts a denormal's significand to full precision, as
// SBCL's INTEGER-DECODE-FLOAT does, so denormals print with as many digits.
func normalizeDenormal(df decodedFloat) decodedFloat {
	if df.f == 0 {
		return df
	}
	for df.f < 1<<(df.prec-1) {
		df.f <<= 1
		df.e--
	}
	df.minExp = false
	return df
}

var bigTen = big.NewInt(10)

func pow10(n int) *big.Int { return new(big.Int).Exp(bigTen, big.NewInt(int64(n)), nil) }

// floatToDigits generates the digits of a positive float: the shortest
// string that identifies it, or (with hasPos) the digits rounded at decimal
// position pos (absolute: 10^pos; relative: pos significant digits). It
// returns k and digits with value ≈ 0.DIGITS × 10^k.
func floatToDigits(df decodedFloat, hasPos bool, pos int, relative bool) (int, string) {
	f := new(big.Int).SetUint64(df.f)
	highOK := df.f%2 == 0
	lowOK := highOK
	var r, s, mp, mm *big.Int
	hidden := uint64(1) << (df.prec - 1)
	if df.e >= 0 {
		be := new(big.Int).Lsh(big.NewInt(1), uint(df.e))
		if df.f != hidden {
			r = new(big.Int).Mul(f, be)
			r.Lsh(r, 1)
			s = big.NewInt(2)
			mp = new(big.Int).Set(be)
			mm = new(big.Int).Set(be)
		} else {
			mm = new(big.Int).Set(be)
			mp = new(big.Int).Lsh(be, 1)
			r = new(big.Int).Mul(f, mp)
			r.Lsh(r, 1)
			s = big.NewInt(4)
		}
	} else {
		if df.minExp || df.f != hidden {
			r = new(big.Int).Lsh(f, 1)
			s = new(big.Int).Lsh(big.NewInt(1), uint(-df.e+1))
			mp = big.NewInt(1)
			mm = big.NewInt(1)
		} else {
			mm = big.NewInt(1)
			mp = big.NewInt(2)
			r = new(big.Int).Lsh(f, 2)
			s = new(big.Int).Lsh(big.NewInt(1), uint(1-df.e+1))
		}
	}
	if hasPos {
		if relative {
			k := 0
			l := big.NewInt(1)
			rpm := new(big.Int).Add(r, mp)
			for new(big.Int).Mul(s, l).Cmp(rpm) < 0 {
				k++
				l.Mul(l, bigTen)
			}
			// r + s*10^(k-pos)/2 < s*10^k ?
			lhs := new(big.Rat).SetInt(r)
			half := new(big.Rat).SetInt(s)
			if k-pos >= 0 {
				half.Mul(half, new(big.Rat).SetInt(pow10(k-pos)))
			} else {
				half.Quo(half, new(big.Rat).SetInt(pow10(pos-k)))
			}
			half.Quo(half, big.NewRat(2, 1))
			lhs.Add(lhs, half)
			rhs := new(big.Rat).SetInt(new(big.Int).Mul(s, pow10(k)))
			if lhs.Cmp(rhs) < 0 {
				pos = k - pos
			} else {
				pos = k - pos - 1
			}
		}
		var x *big.Int
		if pos >= 0 {
			x = new(big.Int).Mul(s, pow10(pos))
			x.Rsh(x, 1)
		} else {
			// Scale everything by 2*10^-pos so that x = s/(2*10^-pos) is integral.
			x = new(big.Int).Set(s)
			scale := new(big.Int).Lsh(pow10(-pos), 1)
			r.Mul(r, scale)
			s.Mul(s, scale)
			mp.Mul(mp, scale)
			mm.Mul(mm, scale)
		}
		if x.Cmp(mm) > 0 {
			mm = x
		}
		lowOK = true
		if x.Cmp(mp) > 0 {
			mp = new(big.Int).Set(x)
		}
		highOK = true
	}
	// scale
	k := 0
	rpm := new(big.Int).Add(r, mp)
	for {
		c := rpm.Cmp(s)
		if !(c > 0 || (highOK && c == 0)) {
			break
		}
		s.Mul(s, bigTen)
		k++
	}
	tmp := new(big.Int)
	for {
		if tmp.Sub(r, mm).Sign() <= 0 {
			break
		}
		tmp.Add(r, mp)
		tmp.Mul(tmp, bigTen)
		c := tmp.Cmp(s)
		if !(c < 0 || (!highOK && c == 0)) {
			break
		}
		k--
		r.Mul(r, bigTen)
		mp.Mul(mp, bigTen)
		mm.Mul(mm, bigTen)
	}
	// generate
	var digits []byte
	dig := new(big.Int)
	for {
		r.Mul(r, bigTen)
		dig.QuoRem(r, s, r)
		mp.Mul(mp, bigTen)
		mm.Mul(mm, bigTen)
		c1 := r.Cmp(mm)
		tc1 := c1 < 0 || (lowOK && c1 == 0)
		tmp.Add(r, mp)
		c2 := tmp.Cmp(s)
		tc2 := c2 > 0 || (highOK && c2 == 0)
		d := int(dig.Int64())
		if tc1 || tc2 {
			switch {
			case !tc1 && tc2:
				d++
			case tc1 && tc2:
				if tmp.Lsh(r, 1).Cmp(s) >= 0 {
					d++
				}
			}
			digits = append(digits, byte('0'+d))
			break
		}
		digits = append(digits, byte('0'+d))
		if len(digits) > 2000 {
			break
		}
	}
	return k, string(digits)
}

// flonumToString is SBCL's FLONUM-TO-STRING for a non-negative float: it
// returns the digit string with a decimal point, and whether the point is
// the first (lpoint) or last (tpoint) character, and the point's position.
func flonumToString(x float64, single bool, width int, hasWidth bool, fdigits int, hasFdigits bool, scale int, fmin int) (str string, lpoint, tpoint bool, pointPos int) {
	if x == 0 {
		if hasFdigits {
			s := "." + strings.Repeat("0", max(fdigits, 0))
			return s, true, fdigits == 0, 0
		}
		return ".", true, true, 0
	}
	df := decodeFloat(x, single)
	var e int
	var digits string
	switch {
	case hasFdigits:
		e, digits = floatToDigits(df, true, min(-(fdigits+scale), -(fmin+scale)), false)
	case hasWidth && width > 1:
		wpos := max(1, width-1+min(scale, 0))
		we, ws := floatToDigits(df, true, wpos, true)
		fe, fs := floatToDigits(df, true, -(fmin + scale), false)
		if len(ws) >= len(fs) {
			e, digits = we, ws
		} else {
			e, digits = fe, fs
		}
	default:
		e, digits = floatToDigits(df, false, 0, false)
	}
	e += scale
	var sb strings.Builder
	if e > 0 {
		n := min(len(digits), e)
		sb.WriteString(digits[:n])
		sb.WriteString(strings.Repeat("0", max(e-len(digits), 0)))
		sb.WriteByte('.')
		sb.WriteString(digits[n:])
		if hasFdigits {
			sb.WriteString(strings.Repeat("0", max(fdigits-(len(digits)-n), 0)))
		}
	} else {
		sb.WriteByte('.')
		sb.WriteString(strings.Repeat("0", -e))
		end := len(digits)
		if hasFdigits {
			end = max(min(len(digits), fdigits+e), 0)
		}
		sb.WriteString(digits[:end])
		if hasFdigits {
			sb.WriteString(strings.Repeat("0", max(fdigits+e-len(digits), 0)))
		}
	}
	str = sb.String()
	return str, str[0] == '.', str[len(str)-1] == '.', strings.IndexByte(str, '.')
}

// exactFractionDigits is more fraction digits than any float has: a
// double's exact decimal expansion ends within 1,074 digits after the point.
const exactFractionDigits = 1100

// maxFloatScale bounds the scale factor of ~F, ~E and ~G.
const maxFloatScale = 1 << 20

// flonum is flonumToString for FORMAT: the memory for the digits is
// charged first, and digits past the float's exact expansion are zeros
// appended without arithmetic, so a huge digit count or field width costs
// only its output.
func (f *fstate) flonum(x float64, single bool, width int, hasWidth bool, fdigits int, hasFdigits bool, scale int, fmin int) (str string, lpoint, tpoint bool, pointPos int) {
	if scale > maxFloatScale || scale < -maxFloatScale {
		f.th.StorageCondition(fmt.Sprintf("The FORMAT scale factor %d is too large (at most %d).", scale, maxFloatScale))
	}
	size := int64(max(fdigits, 0)) + int64(max(scale, 0)) + exactFractionDigits
	f.th.CheckAlloc(3 * size)
	f.th.Poll()
	if hasWidth && width > exactFractionDigits+max(scale, 0) {
		width = exactFractionDigits + max(scale, 0)
	}
	extra := 0
	if hasFdigits && x != 0 && fdigits+scale > exactFractionDigits && fdigits > exactFractionDigits {
		reduced := max(exactFractionDigits-scale, exactFractionDigits)
		if reduced < fdigits {
			extra, fdigits = fdigits-reduced, reduced
			fmin = min(fmin, fdigits)
		}
	}
	str, lpoint, tpoint, pointPos = flonumToString(x, single, width, hasWidth, fdigits, hasFdigits, scale, fmin)
	if extra > 0 {
		str += strings.Repeat("0", extra)
		tpoint = false
	}
	return str, lpoint, tpoint, pointPos
}

// --- ~F ---

// floatArg converts a FORMAT float directive's argument: floats stay,
// rationals become single floats; ok is false for non-numbers.
func (f *fstate) floatArg(v rt.Value) (x float64, single bool, ok bool) {
	switch n := v.(type) {
	case rt.SingleFloat:
		return float64(n), true, true
	case rt.DoubleFloat:
		return float64(n), false, true
	case rt.Fixnum, *rt.Bignum, *rt.Ratio:
		x := float64(float32(rt.ToFloat64(v)))
		if math.IsInf(x, 0) {
			f.th.ArithmeticError("FLOATING-POINT-OVERFLOW", "FLOAT", v, f.th.Img.S.SingleFloat)
		}
		return x, true, true
	}
	return 0, false, false
}

type optInt struct {
	v  int
	ok bool
}

func (f *fstate) optParam(d *fnode, i int) optInt {
	v, ok := f.paramValue(d, i)
	if !ok {
		return optInt{}
	}
	switch x := v.(type) {
	case rt.Fixnum:
		return optInt{int(max(min(x, 1<<30), -(1 << 30))), true}
	}
	f.th.TypeErrorName(v, "INTEGER")
	return optInt{}
}

func (f *fstate) optChar(d *fnode, i int) (rune, bool) {
	v, ok := f.paramValue(d, i)
	if !ok {
		return 0, false
	}
	c, isChar := v.(rt.Char)
	if !isChar {
		f.th.TypeErrorName(v, "CHARACTER")
	}
	return rune(c), true
}

func signBit(x float64) bool { return math.Signbit(x) }

// nonFloatField prints a non-number argument of ~F/~E/~G/~$ like ~wD.
func (f *fstate) nonFloatField(d *fnode, v rt.Value, w optInt) {
	s := ToString(f.th, v, false)
	if w.ok {
		f.writeField(d, s, w.v, 1, 0, ' ', false)
	} else {
		f.write(s)
	}
}

func (f *fstate) infOrNaN(v rt.Value, x float64) bool {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		printTo(f.th, v, f.out, rt.T, nil)
		return true
	}
	return false
}

func (f *fstate) fixedDirective(d *fnode) {
	w := f.optParam(d, 0)
	dd := f.optParam(d, 1)
	k := f.optParam(d, 2)
	ovf, hasOvf := f.optChar(d, 3)
	pad, hasPad := f.optChar(d, 4)
	if !hasPad {
		pad = ' '
	}
	v := f.next(d.pos)
	x, single, ok := f.floatArg(v)
	if !ok {
		f.nonFloatField(d, v, w)
		return
	}
	if f.infOrNaN(v, x) {
		return
	}
	f.fixedAux(x, single, w, dd, k, ovf, hasOvf, pad, d.at)
}

// fixedAux is SBCL's FORMAT-FIXED-AUX; it reports whether the field
// overflowed and was filled with the overflow character.
func (f *fstate) fixedAux(x float64, single bool, w, d, k optInt, ovf rune, hasOvf bool, pad rune, atsign bool) bool {
	spaceleft := w.v
	if w.ok && (atsign || signBit(x)) {
		spaceleft--
	}
	scale := 0
	if k.ok {
		scale = k.v
	}
	str, lpoint, tpoint, _ := f.flonum(math.Abs(x), single, spaceleft, w.ok, d.v, d.ok, scale, 0)
	if d.ok && d.v == 0 {
		tpoint = false
	}
	if w.ok {
		spaceleft -= len(str)
		if lpoint {
			if spaceleft > 0 || tpoint {
				spaceleft--
			} else {
				lpoint = false
			}
		}
		if tpoint {
			if spaceleft > 0 {
				spaceleft--
			} else {
				tpoint = false
			}
		}
	}
	if w.ok && spaceleft < 0 && hasOvf {
		f.padding(w.v, ovf)
		return true
	}
	if w.ok {
		f.padding(spaceleft, pad)
	}
	if signBit(x) {
		f.write("-")
	} else if atsign {
		f.write("+")
	}
	if lpoint {
		f.write("0")
	}
	f.write(str)
	if tpoint {
		f.write("0")
	}
	return false
}

// --- ~E ---

// pow10f returns (EXPT 10d0 n) as SBCL computes it (libm pow): the
// correctly rounded power of ten, except for the two exponents where the
// exact value is a tie and pow rounds up.
func pow10f(n int) float64 {
	f, _ := strconv.ParseFloat("1e"+strconv.Itoa(n), 64)
	if n == 23 || n == 210 {
		f = math.Nextafter(f, math.Inf(1))
	}
	return f
}

// scaleExponent is SBCL's SCALE-EXPONENT: it returns x scaled into
// [0.1, 1) by double-float arithmetic and the decimal exponent.
func scaleExponent(x float64, single bool) (float64, int) {
	if x == 0 {
		return 0, 1
	}
	_, exponent := math.Frexp(x)
	ex := int(math.RoundToEven(float64(exponent) * (math.Log(2) / math.Log(10))))
	var y float64
	if ex < 0 {
		if x < 2.2250738585072014e-308 {
			y = x * 1.0e16 * pow10f(-ex-16)
		} else {
			y = x * 10.0 * pow10f(-ex-1)
		}
	} else {
		y = x / 10.0 / pow10f(ex-1)
	}
	z := y
	d := 10.0
	for z >= 1.0 {
		z = y / d
		d *= 10.0
		ex++
	}
	m := 10.0
	zz := z
	for zz < 0.1 {
		zz = z * m
		m *= 10.0
		ex--
	}
	if single {
		zz = float64(float32(zz))
	}
	return zz, ex
}

// exponentMarker is the marker ~E uses when none is given: that of PRIN1.
func (f *fstate) exponentMarker(single bool) string {
	def := f.th.Img.S.ReadDefaultFloatFormat.Value
	defSingle := def == nil || def == f.th.Img.S.SingleFloat || def == f.th.Img.S.ShortFloat
	switch {
	case single == defSingle:
		return "e"
	case single:
		return "f"
	}
	return "d"
}

func (f *fstate) expDirective(d *fnode) {
	w := f.optParam(d, 0)
	dd := f.optParam(d, 1)
	e := f.optParam(d, 2)
	k := f.optParam(d, 3)
	ovf, hasOvf := f.optChar(d, 4)
	pad, hasPad := f.optChar(d, 5)
	if !hasPad {
		pad = ' '
	}
	marker, hasMarker := f.optChar(d, 6)
	v := f.next(d.pos)
	x, single, ok := f.floatArg(v)
	if !ok {
		f.nonFloatField(d, v, w)
		return
	}
	if f.infOrNaN(v, x) {
		return
	}
	kk := 1
	if k.ok {
		kk = k.v
	}
	f.expAux(x, single, w, dd, e, kk, ovf, hasOvf, pad, marker, hasMarker, d.at)
}

// expAux is SBCL's FORMAT-EXP-AUX, except that without w and d the digits
// are PRIN1's (freeExp).
func (f *fstate) expAux(x float64, single bool, w, d, e optInt, k int, ovf rune, hasOvf bool, pad rune, marker rune, hasMarker bool, atsign bool) {
	if !w.ok && !d.ok && x != 0 {
		f.freeExp(x, single, e, k, marker, hasMarker, atsign)
		return
	}
	num, expt := scaleExponent(math.Abs(x), single)
	if num == 1.0 {
		k--
	}
	expt -= k
	estr := strconv.Itoa(abs(expt))
	elen := len(estr)
	if e.ok && e.v > elen {
		elen = e.v
	}
	spaceleft := 0
	if w.ok {
		spaceleft = w.v - 2 - elen
		if atsign || signBit(x) {
			spaceleft--
		}
	}
	if w.ok && hasOvf && e.ok && len(estr) > e.v {
		f.padding(w.v, ovf)
		return
	}
	var fdig optInt
	if d.ok {
		if k > 0 {
			fdig = optInt{d.v - k + 1, true}
		} else {
			fdig = optInt{d.v, true}
		}
	}
	fmin := fdig.v
	if k < 0 {
		fmin = 1
	}
	if !fdig.ok && k >= 0 {
		fmin = 0
	}
	str, lpoint, tpoint, _ := f.flonum(num, single, spaceleft, w.ok, fdig.v, fdig.ok, k, fmin)
	// No digit after the point when d asks for none: d = 0, or k = d+1
	// (CLHS 22.3.3.2: k digits before the point, d-k+1 after it), as in
	// SBCL: ~,2,,3E of 0.05 is 500.e-4.
	if fdig.ok && fdig.v == 0 {
		tpoint = false
	}
	if w.ok {
		spaceleft -= len(str)
		if lpoint {
			if spaceleft > 0 || tpoint {
				spaceleft--
			} else {
				lpoint = false
			}
		}
		if tpoint {
			if spaceleft <= 0 {
				tpoint = false
			} else {
				spaceleft--
			}
		}
	}
	if w.ok && spaceleft < 0 && hasOvf {
		f.padding(w.v, ovf)
		return
	}
	if w.ok {
		f.padding(spaceleft, pad)
	}
	if signBit(x) {
		f.write("-")
	} else if atsign {
		f.write("+")
	}
	if lpoint {
		f.write("0")
	}
	f.write(str)
	if tpoint {
		f.write("0")
	}
	f.writeExponent(expt, e, marker, hasMarker, single)
}

// writeExponent writes ~E's exponent: the marker (given, or the one the
// float's format calls for), the sign and at least e digits.
func (f *fstate) writeExponent(expt int, e optInt, marker rune, hasMarker, single bool) {
	if hasMarker {
		f.write(string(marker))
	} else {
		f.write(f.exponentMarker(single))
	}
	if expt < 0 {
		f.write("-")
	} else {
		f.write("+")
	}
	estr := strconv.Itoa(abs(expt))
	if e.ok && e.v > len(estr) {
		f.padding(e.v-len(estr), '0')
	}
	f.write(estr)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// --- ~G ---

func (f *fstate) generalDirective(d *fnode) {
	w := f.optParam(d, 0)
	dd := f.optParam(d, 1)
	e := f.optParam(d, 2)
	k := f.optParam(d, 3)
	ovf, hasOvf := f.optChar(d, 4)
	pad, hasPad := f.optChar(d, 5)
	if !hasPad {
		pad = ' '
	}
	marker, hasMarker := f.optChar(d, 6)
	v := f.next(d.pos)
	x, single, ok := f.floatArg(v)
	if !ok {
		f.nonFloatField(d, v, w)
		return
	}
	if f.infOrNaN(v, x) {
		return
	}
	_, n := scaleExponent(math.Abs(x), single)
	if !dd.ok {
		str, _, _, _ := f.flonum(math.Abs(x), single, 0, false, 0, false, 0, 0)
		q := len(str) - 1
		if len(str) == 1 {
			q = 1
		}
		dd = optInt{max(q, min(n, 7)), true}
	}
	ee := 4
	if e.ok {
		ee = e.v + 2
	}
	var ww optInt
	if w.ok {
		ww = optInt{w.v - ee, true}
	}
	dv := dd.v - n
	if 0 <= dv && dv <= dd.v {
		overflowed := f.fixedAux(x, single, ww, optInt{dv, true}, optInt{}, ovf, hasOvf, pad, d.at)
		c := ' '
		if overflowed {
			c = ovf
		}
		f.padding(ee, c)
		return
	}
	kk := 1
	if k.ok {
		kk = k.v
	}
	f.expAux(x, single, w, dd, e, kk, ovf, hasOvf, pad, marker, hasMarker, d.at)
}

// --- ~$ ---

func (f *fstate) dollarDirective(d *fnode) {
	dd := f.intParam(d, 0, 2)
	n := f.intParam(d, 1, 1)
	w := f.intParam(d, 2, 0)
	pad := f.charParam(d, 3, ' ')
	v := f.next(d.pos)
	x, single, ok := f.floatArg(v)
	if !ok {
		f.writeField(d, ToString(f.th, v, false), w, 1, 0, ' ', true)
		return
	}
	if f.infOrNaN(v, x) {
		return
	}
	sign := ""
	if signBit(x) {
		sign = "-"
	} else if d.at {
		sign = "+"
	}
	str, _, _, point := f.flonum(math.Abs(x), single, 0, false, dd, true, 0, 0)
	if d.colon {
		f.write(sign)
	}
	f.padding(w-len(sign)-max(n, point)-1-dd, pad)
	if !d.colon {
		f.write(sign)
	}
	f.padding(n-point, '0')
	f.write(str)
}
