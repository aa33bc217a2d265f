package runtime_test

import (
	"context"
	"math"
	"math/big"
	"strconv"
	"strings"
	"testing"

	_ "github.com/golem-lisp/golem/conditions"
	rt "github.com/golem-lisp/golem/runtime"
	"github.com/stretchr/testify/assert"
)

// numEnv evaluates the tiny call forms of the number tests: (fn arg...)
// where args are number literals in SBCL's printed syntax, strings,
// keywords, 'symbols, CL constant names or nested calls.
type numEnv struct {
	img *rt.Image
	th  *rt.Thread
}

func newNumEnv() *numEnv {
	img := rt.NewImage()
	return &numEnv{img: img, th: rt.NewThread(img, context.Background(), rt.Limits{})}
}

// numRead splits s into top-level items: atoms, "strings", #C(..) and (..) groups.
func numRead(s string) []string {
	var out []string
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == ' ':
			i++
		case c == '(' || strings.HasPrefix(s[i:], "#C("):
			depth, j := 0, i
			for ; j < len(s); j++ {
				if s[j] == '(' {
					depth++
				} else if s[j] == ')' {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			out = append(out, s[i:j+1])
			i = j + 1
		case c == '"':
			j := strings.IndexByte(s[i+1:], '"') + i + 1
			out = append(out, s[i:j+1])
			i = j + 1
		default:
			j := i
			for j < len(s) && s[j] != ' ' {
				j++
			}
			out = append(out, s[i:j])
			i = j
		}
	}
	return out
}

func numLiteral(s string) (rt.Value, bool) {
	if strings.HasPrefix(s, "#C(") {
		parts := numRead(s[3 : len(s)-1])
		re, _ := numLiteral(parts[0])
		im, _ := numLiteral(parts[1])
		return &rt.Complex{Real: re, Imag: im}, true
	}
	if s == "" || !(s[0] >= '0' && s[0] <= '9' || (s[0] == '-' || s[0] == '+') && len(s) > 1 && s[1] >= '0' && s[1] <= '9') {
		return nil, false
	}
	if strings.Contains(s, "/") {
		r, ok := new(big.Rat).SetString(s)
		return rt.MakeRat(r), ok
	}
	if strings.ContainsAny(s, ".ed") {
		if strings.Contains(s, "d") {
			f, err := strconv.ParseFloat(strings.Replace(s, "d", "e", 1), 64)
			return rt.DoubleFloat(f), err == nil
		}
		f, err := strconv.ParseFloat(s, 32)
		return rt.SingleFloat(float32(f)), err == nil
	}
	b, ok := new(big.Int).SetString(s, 10)
	return rt.MakeBigInt(b), ok
}

func (e *numEnv) eval(s string) rt.Value {
	if v, ok := numLiteral(s); ok {
		return v
	}
	switch {
	case strings.HasPrefix(s, "("):
		items := numRead(s[1 : len(s)-1])
		if len(items) == 3 && items[1] == "." {
			return rt.NewCons(e.eval(items[0]), e.eval(items[2]))
		}
		args := make([]rt.Value, len(items)-1)
		for i, it := range items[1:] {
			args[i] = e.eval(it)
		}
		return e.th.Call(e.img.CLSym(strings.ToUpper(items[0])), args...)
	case strings.HasPrefix(s, `"`):
		return rt.NewString(s[1 : len(s)-1])
	case strings.HasPrefix(s, ":"):
		return e.img.Kw(strings.ToUpper(s[1:]))
	case strings.HasPrefix(s, "'"):
		return e.img.Intern("COMMON-LISP-USER", strings.ToUpper(s[1:]))
	case s == "t" || s == "T":
		return rt.T
	case s == "nil" || s == "NIL":
		return rt.NIL
	}
	return e.img.CLSym(strings.ToUpper(s)).Value
}

// run evaluates form and returns its values, or the unhandled condition.
func (e *numEnv) run(form string) (vals []rt.Value, cond *rt.Instance) {
	defer func() {
		if r := recover(); r != nil {
			u, ok := r.(*rt.Unhandled)
			if !ok {
				panic(r)
			}
			cond = u.Condition
		}
	}()
	v := e.eval(form)
	return e.th.MultipleValues(v), nil
}

// numShow prints a value in SBCL's syntax for failure messages.
func numShow(v rt.Value) string {
	switch x := v.(type) {
	case rt.Fixnum:
		return strconv.FormatInt(int64(x), 10)
	case *rt.Bignum:
		return x.Int.String()
	case *rt.Ratio:
		return x.Rat.String()
	case rt.SingleFloat:
		return strconv.FormatFloat(float64(x), 'g', -1, 32)
	case rt.DoubleFloat:
		return strconv.FormatFloat(float64(x), 'g', -1, 64) + "d0"
	case *rt.Complex:
		return "#C(" + numShow(x.Real) + " " + numShow(x.Imag) + ")"
	case *rt.Symbol:
		return x.Name
	case *rt.Cons:
		return "(" + numShow(x.Car) + " . " + numShow(x.Cdr) + ")"
	}
	return "#<?>"
}

// ulps reports how many units in the last place two floats of one format differ.
func numUlps(a, b rt.Value) float64 {
	switch x := a.(type) {
	case rt.SingleFloat:
		y, ok := b.(rt.SingleFloat)
		if !ok {
			return math.Inf(1)
		}
		return math.Abs(float64(int64(math.Float32bits(float32(x))) - int64(math.Float32bits(float32(y)))))
	case rt.DoubleFloat:
		y, ok := b.(rt.DoubleFloat)
		if !ok || (x < 0) != (y < 0) {
			return math.Inf(1)
		}
		d := int64(math.Float64bits(float64(x))) - int64(math.Float64bits(float64(y)))
		return math.Abs(float64(d))
	case *rt.Complex:
		y, ok := b.(*rt.Complex)
		if !ok {
			return math.Inf(1)
		}
		return max(numUlps(x.Real, y.Real), numUlps(x.Imag, y.Imag))
	}
	return math.Inf(1)
}

// numApprox lists functions whose float results may differ from SBCL's libm
// in the last place.
var numApprox = map[string]bool{"exp": true, "log": true, "sin": true, "cos": true, "tan": true,
	"asin": true, "acos": true, "atan": true, "sinh": true, "cosh": true, "tanh": true,
	"asinh": true, "acosh": true, "atanh": true, "expt": true, "cis": true, "signum": true}

func (e *numEnv) check(t *testing.T, form, want string) {
	t.Helper()
	vals, cond := e.run(form)
	if strings.HasPrefix(want, "!") {
		f := strings.Fields(want[1:])
		if !assert.NotNil(t, cond, "%s: want %s, got %v", form, want, vals) {
			return
		}
		assert.True(t, e.th.TypeP(cond, e.img.CLSym(f[0])), "%s: want %s, got %s", form, f[0], cond.Class.Name.Name)
		if len(f) > 1 && f[0] == "TYPE-ERROR" {
			et := e.th.Call(e.img.CLSym("TYPE-ERROR-EXPECTED-TYPE"), cond)
			assert.Equal(t, f[1], numShow(et), "%s: expected type", form)
		}
		return
	}
	if !assert.Nil(t, cond, "%s: unexpected error", form) {
		t.Logf("%s: condition %s", form, cond.Class.Name.Name)
		return
	}
	wants := numRead(want)
	if !assert.Len(t, vals, len(wants), "%s: value count", form) {
		return
	}
	fn := strings.ToLower(strings.Trim(strings.Fields(form)[0], "("))
	for i, w := range wants {
		wv := e.eval(w)
		got := vals[i]
		if rt.Eql(got, wv) || (wv == rt.T && got == rt.T) {
			continue
		}
		if c, ok := wv.(*rt.Cons); ok {
			if g, ok := got.(*rt.Cons); ok && rt.Eql(g.Car, c.Car) && rt.Eql(g.Cdr, c.Cdr) {
				continue
			}
		}
		if numApprox[fn] && numUlps(got, wv) <= 1 {
			continue
		}
		t.Errorf("%s: value %d = %s, want %s", form, i, numShow(got), w)
	}
}

func TestNumbersAgainstSBCL(t *testing.T) {
	e := newNumEnv()
	for _, c := range numCases {
		e.check(t, c[0], c[1])
	}
}

// numCases pairs forms with SBCL 2.x's printed values ("!CLASS [TYPE]" for errors).
var numCases = [][2]string{
	{"(+)", "0"},
	{"(+ 1)", "1"},
	{"(+ 1 2 3)", "6"},
	{"(+ 9223372036854775807 1)", "9223372036854775808"},
	{"(+ -9223372036854775808 -1)", "-9223372036854775809"},
	{"(+ 1/2 1/3)", "5/6"},
	{"(+ 1/2 1/2)", "1"},
	{"(+ 1/2 0.5)", "1.0"},
	{"(+ 1/3 1d0)", "1.3333333333333333d0"},
	{"(+ 1 2.5)", "3.5"},
	{"(+ 1.5 2.5d0)", "4.0d0"},
	{"(+ 1 #C(1 2))", "#C(2 2)"},
	{"(+ 1.0 #C(1 2))", "#C(2.0 2.0)"},
	{"(+ 1d0 #C(1.0 2.0))", "#C(2.0d0 2.0d0)"},
	{"(+ #C(1 2) #C(1 -2))", "2"},
	{"(+ #C(1/2 1) 1/2)", "#C(1 1)"},
	{"(+ 100000000000000000000 -100000000000000000000)", "0"},
	{"(+ 'a 1)", "!TYPE-ERROR NUMBER"},
	{"(+ 1 'a)", "!TYPE-ERROR NUMBER"},
	{"(+ 'a)", "!TYPE-ERROR NUMBER"},
	{"(- 5)", "-5"},
	{"(- 1/2)", "-1/2"},
	{"(- #C(1 2))", "#C(-1 -2)"},
	{"(- 0.0)", "-0.0"},
	{"(- -9223372036854775808)", "9223372036854775808"},
	{"(- 10 1 2)", "7"},
	{"(- 1 0.5d0)", "0.5d0"},
	{"(- 0.1d0 1/10)", "0.0d0"},
	{"(- 1 #C(2.0 -0.0))", "#C(-1.0 0.0)"},
	{"(- 'a)", "!TYPE-ERROR NUMBER"},
	{"(*)", "1"},
	{"(* 7)", "7"},
	{"(* 2 3 4)", "24"},
	{"(* 4294967296 4294967296)", "18446744073709551616"},
	{"(* 9223372036854775807 2)", "18446744073709551614"},
	{"(* -9223372036854775808 -1)", "9223372036854775808"},
	{"(* -1 -9223372036854775808)", "9223372036854775808"},
	{"(* 3037000499 3037000499)", "9223372030926249001"},
	{"(* 3037000500 3037000500)", "9223372037000250000"},
	{"(* 1/2 2)", "1"},
	{"(* 1/2 2.0)", "1.0"},
	{"(* #C(0 1) #C(0 1))", "-1"},
	{"(* #C(1 2) #C(3 4))", "#C(-5 10)"},
	{"(* 2 #C(1.0 2.0))", "#C(2.0 4.0)"},
	{"(* -1 0.0)", "-0.0"},
	{"(* 1.0e-30 1.0e-30)", "0.0"},
	{"(* 1d-300 1d-300)", "0.0d0"},
	{"(* most-positive-single-float 2)", "!FLOATING-POINT-OVERFLOW"},
	{"(* most-positive-double-float 2)", "!FLOATING-POINT-OVERFLOW"},
	{"(* most-positive-single-float 2d0)", "6.805646932770577d38"},
	{"(/ 2)", "1/2"},
	{"(/ 1/2)", "2"},
	{"(/ 0.5)", "2.0"},
	{"(/ 12 2 3)", "2"},
	{"(/ 1 3)", "1/3"},
	{"(/ -6 4)", "-3/2"},
	{"(/ 6 -4)", "-3/2"},
	{"(/ -9223372036854775808 -1)", "9223372036854775808"},
	{"(/ #C(1 2) #C(3 4))", "#C(11/25 2/25)"},
	{"(/ #C(1.0 2.0) 2)", "#C(0.5 1.0)"},
	{"(/ 1 #C(0 1))", "#C(0 -1)"},
	{"(/ 2.0 #C(3 4))", "#C(0.24 -0.32)"},
	{"(/ #C(1 1) 0)", "!DIVISION-BY-ZERO"},
	{"(/ 1 #C(0.0 0.0))", "!FLOATING-POINT-INVALID-OPERATION"},
	{"(/ 1 0)", "!DIVISION-BY-ZERO"},
	{"(/ 0)", "!DIVISION-BY-ZERO"},
	{"(/ 1.0 0)", "!DIVISION-BY-ZERO"},
	{"(/ 1.0 0.0)", "!DIVISION-BY-ZERO"},
	{"(/ 0.0 0.0)", "!FLOATING-POINT-INVALID-OPERATION"},
	{"(/ 0.0)", "!DIVISION-BY-ZERO"},
	{"(/ 1 0.0)", "!DIVISION-BY-ZERO"},
	{"(1+ 5)", "6"},
	{"(1+ 9223372036854775807)", "9223372036854775808"},
	{"(1- -9223372036854775808)", "-9223372036854775809"},
	{"(1- 5.5)", "4.5"},
	{"(1+ #C(1 2))", "#C(2 2)"},
	{"(1+ 'a)", "!TYPE-ERROR NUMBER"},
	{"(= 1 1.0)", "T"},
	{"(= 1 1.0 1)", "T"},
	{"(= 1)", "T"},
	{"(= 'a)", "!TYPE-ERROR NUMBER"},
	{"(= 1 2 'a)", "!TYPE-ERROR NUMBER"},
	{"(= 0.1 1/10)", "NIL"},
	{"(= 0.5 1/2)", "T"},
	{"(= #C(1 2) #C(1 2))", "T"},
	{"(= #C(1 2) #C(1.0 2.0))", "T"},
	{"(= #C(1.0 0.0) 1)", "T"},
	{"(= 36893488147419103232 36893488147419103232.0)", "T"},
	{"(= 36893488147419103232 3.6893488147419103d19)", "T"},
	{"(= 9007199254740993 9007199254740992d0)", "NIL"},
	{"(/= 1 2 1)", "NIL"},
	{"(/= 1 2 3)", "T"},
	{"(/= 1 #C(1 0.0))", "NIL"},
	{"(< 1 2 3)", "T"},
	{"(< 1 3 2)", "NIL"},
	{"(< 3 2 'a)", "!TYPE-ERROR REAL"},
	{"(< 1 'a)", "!TYPE-ERROR REAL"},
	{"(< #C(1 2) 3)", "!TYPE-ERROR REAL"},
	{"(< 'a)", "!TYPE-ERROR REAL"},
	{"(<= 1 1 2)", "T"},
	{"(> 3 2 1)", "T"},
	{"(>= 3 3 4)", "NIL"},
	{"(< 1/3 0.33333334)", "T"},
	{"(< 9007199254740993 9007199254740992d0)", "NIL"},
	{"(> 9007199254740993 9007199254740992d0)", "T"},
	{"(< 1d300 (expt 10 300))", "NIL"},
	{"(max 1 2.0)", "2.0"},
	{"(max 3 2.0)", "3"},
	{"(max 3.0 2)", "3.0"},
	{"(min 1 2.0)", "1"},
	{"(max 1.0 1)", "1.0"},
	{"(max 1 1.0)", "1"},
	{"(max 1.0d0 2.0)", "2.0"},
	{"(max 2.0d0 1.0)", "2.0d0"},
	{"(min 2.0d0 1.0)", "1.0"},
	{"(max -0.0 0.0)", "-0.0"},
	{"(max 0.0 -0.0)", "0.0"},
	{"(min 1/2 0.5)", "1/2"},
	{"(max 1 2 3 0)", "3"},
	{"(max 'a)", "!TYPE-ERROR REAL"},
	{"(max 1 'a)", "!TYPE-ERROR REAL"},
	{"(max #C(1 2))", "!TYPE-ERROR REAL"},
	{"(zerop 0)", "T"},
	{"(zerop 0.0)", "T"},
	{"(zerop -0.0)", "T"},
	{"(zerop #C(0.0 0.0))", "T"},
	{"(zerop 'a)", "!TYPE-ERROR NUMBER"},
	{"(plusp 1/2)", "T"},
	{"(plusp -0.0)", "NIL"},
	{"(minusp -0.0)", "NIL"},
	{"(minusp -1/2)", "T"},
	{"(plusp #C(1 1))", "!TYPE-ERROR REAL"},
	{"(oddp 3)", "T"},
	{"(oddp -3)", "T"},
	{"(evenp -2)", "T"},
	{"(evenp 100000000000000000001)", "NIL"},
	{"(oddp 2.0)", "!TYPE-ERROR INTEGER"},
	{"(evenp 1/2)", "!TYPE-ERROR INTEGER"},
	{"(numberp 1)", "T"},
	{"(numberp 'a)", "NIL"},
	{"(integerp 1/2)", "NIL"},
	{"(rationalp 1/2)", "T"},
	{"(realp #C(1 2))", "NIL"},
	{"(floatp 1d0)", "T"},
	{"(complexp #C(1 2))", "T"},
	{"(floor 7 2)", "3 1"},
	{"(floor -7 2)", "-4 1"},
	{"(floor 7 -2)", "-4 -1"},
	{"(floor -7 -2)", "3 -1"},
	{"(ceiling -7 2)", "-3 -1"},
	{"(ceiling 7 2)", "4 -1"},
	{"(truncate -7 2)", "-3 -1"},
	{"(truncate 5 -2)", "-2 1"},
	{"(round 5 2)", "2 1"},
	{"(round 7 2)", "4 -1"},
	{"(round -5 2)", "-2 -1"},
	{"(round -7 2)", "-4 1"},
	{"(round 7.5 -2)", "-4 -0.5"},
	{"(round 2.5 1)", "2 0.5"},
	{"(floor 7.5)", "7 0.5"},
	{"(floor -7.5)", "-8 0.5"},
	{"(round 2.5)", "2 0.5"},
	{"(round 3.5)", "4 -0.5"},
	{"(round -2.5)", "-2 -0.5"},
	{"(round 1.5d0)", "2 -0.5d0"},
	{"(floor 7 2.0)", "3 1.0"},
	{"(floor 7.0 2)", "3 1.0"},
	{"(ceiling 7 -2.0)", "-3 1.0"},
	{"(ceiling 0.5)", "1 -0.5"},
	{"(floor 1/2)", "0 1/2"},
	{"(floor -1/2)", "-1 1/2"},
	{"(round 1/2)", "0 1/2"},
	{"(round 3/2)", "2 -1/2"},
	{"(floor 7/2 1/3)", "10 1/6"},
	{"(floor 5 1/3)", "15 0"},
	{"(truncate 5 1/2)", "10 0"},
	{"(truncate 5.5 -2)", "-2 1.5"},
	{"(truncate 0.0 1)", "0 0.0"},
	{"(floor -0.0 1)", "0 -0.0"},
	{"(floor -2.0 1.0)", "-2 0.0"},
	{"(floor 1e30)", "1000000015047466219876688855040 0.0"},
	{"(round 1e20)", "100000002004087734272 0.0"},
	{"(floor 100000000000000000000000000000 7)", "14285714285714285714285714285 5"},
	{"(floor -100000000000000000000000000000 7)", "-14285714285714285714285714286 2"},
	{"(truncate -9223372036854775808 -1)", "9223372036854775808 0"},
	{"(floor 1 0)", "!DIVISION-BY-ZERO"},
	{"(floor 1.0 0)", "!DIVISION-BY-ZERO"},
	{"(floor 1.0 0.0)", "!DIVISION-BY-ZERO"},
	{"(truncate 1.5 0.0)", "!DIVISION-BY-ZERO"},
	{"(floor 1e38 1e-38)", "!FLOATING-POINT-OVERFLOW"},
	{"(floor 'a)", "!TYPE-ERROR REAL"},
	{"(floor 1 #C(1 1))", "!TYPE-ERROR REAL"},
	{"(ffloor 7 2)", "3.0 1"},
	{"(ffloor -7.5)", "-8.0 0.5"},
	{"(fround 2.5)", "2.0 0.5"},
	{"(fceiling 7/2)", "4.0 -1/2"},
	{"(ftruncate -7.5d0)", "-7.0d0 -0.5d0"},
	{"(ffloor 7 2d0)", "3.0d0 1.0d0"},
	{"(fround -0.5)", "0.0 -0.5"},
	{"(fround -0.4)", "0.0 -0.4"},
	{"(fround -1.5)", "-2.0 0.5"},
	{"(fround -0.5d0)", "0.0d0 -0.5d0"},
	{"(fround 7 2)", "4.0 -1"},
	{"(fceiling -0.5)", "-0.0 -0.5"},
	{"(fceiling -0.5 2)", "-0.0 -0.5"},
	{"(ftruncate -0.5)", "-0.0 -0.5"},
	{"(ftruncate -0.5 2)", "-0.0 -0.5"},
	{"(ftruncate -1 2)", "0.0 -1"},
	{"(ftruncate -1/2)", "0.0 -1/2"},
	{"(ffloor -0.0)", "-0.0 0.0"},
	{"(ffloor 1 -2)", "-1.0 -1"},
	{"(ffloor -0.5 -2.0)", "0.0 -0.5"},
	{"(ftruncate -2.0 4.0)", "-0.0 -2.0"},
	{"(ftruncate 7 2.0)", "3.0 1.0"},
	{"(fround 1e30)", "1.0e30 0.0"},
	{"(ffloor 1e30)", "1.0e30 0.0"},
	{"(mod -7 2)", "1"},
	{"(rem -7 2)", "-1"},
	{"(mod 7 -2)", "-1"},
	{"(mod -7.5 2)", "0.5"},
	{"(rem -7.5 2)", "-1.5"},
	{"(mod 1/2 1/3)", "1/6"},
	{"(mod 1/2 -1/3)", "-1/6"},
	{"(mod -1 2.0)", "1.0"},
	{"(rem 5.5 2)", "1.5"},
	{"(mod 5 1.5)", "0.5"},
	{"(mod -0.0 1)", "-0.0"},
	{"(mod 0.0 -1)", "0.0"},
	{"(rem -0.5 1)", "-0.5"},
	{"(mod 2.0 1.0)", "0.0"},
	{"(mod -2.0 1.0)", "0.0"},
	{"(rem 7 0.5)", "0.0"},
	{"(mod 7 -0.5)", "0.0"},
	{"(mod 5 0)", "!DIVISION-BY-ZERO"},
	{"(rem 0 0.0)", "!FLOATING-POINT-INVALID-OPERATION"},
	{"(mod -9223372036854775808 -1)", "0"},
	{"(rem -9223372036854775808 -1)", "0"},
	{"(mod 100000000000000000000 -7)", "-5"},
	{"(gcd)", "0"},
	{"(gcd 5)", "5"},
	{"(gcd -5)", "5"},
	{"(gcd 12 18)", "6"},
	{"(gcd 12 -18 8)", "2"},
	{"(gcd 0 0)", "0"},
	{"(gcd -9223372036854775808)", "9223372036854775808"},
	{"(gcd 100000000000000000000 15)", "5"},
	{"(gcd 1.0 2)", "!TYPE-ERROR INTEGER"},
	{"(gcd 1/2)", "!TYPE-ERROR INTEGER"},
	{"(lcm)", "1"},
	{"(lcm 4 6)", "12"},
	{"(lcm -4 6)", "12"},
	{"(lcm 0 5)", "0"},
	{"(lcm -5)", "5"},
	{"(lcm 4 6 10)", "60"},
	{"(lcm 1.0)", "!TYPE-ERROR INTEGER"},
	{"(abs -5)", "5"},
	{"(abs -5.0)", "5.0"},
	{"(abs -0.0)", "0.0"},
	{"(abs #C(3 4))", "5.0"},
	{"(abs #C(3.0 4.0))", "5.0"},
	{"(abs #C(3d0 4d0))", "5.0d0"},
	{"(abs -1/2)", "1/2"},
	{"(abs -9223372036854775808)", "9223372036854775808"},
	{"(abs 'a)", "!TYPE-ERROR NUMBER"},
	{"(signum -5)", "-1"},
	{"(signum 0)", "0"},
	{"(signum 2.5)", "1.0"},
	{"(signum -0.0)", "-0.0"},
	{"(signum -2.5d0)", "-1.0d0"},
	{"(signum #C(3 4))", "#C(0.6 0.8)"},
	{"(signum #C(3d0 4d0))", "#C(0.6d0 0.8d0)"},
	{"(signum 1/2)", "1"},
	{"(signum 'a)", "!TYPE-ERROR NUMBER"},
	{"(sqrt 4)", "2.0"},
	{"(sqrt 2)", "1.4142135"},
	{"(sqrt 1/4)", "0.5"},
	{"(sqrt -4)", "#C(0.0 2.0)"},
	{"(sqrt -4d0)", "#C(0.0d0 2.0d0)"},
	{"(sqrt -0.0)", "-0.0"},
	{"(sqrt 0)", "0.0"},
	{"(sqrt 2d0)", "1.4142135623730951d0"},
	{"(sqrt #C(0 2))", "#C(1.0 1.0)"},
	{"(sqrt #C(-4.0 -0.0))", "#C(0.0 -2.0)"},
	{"(sqrt #C(3 4))", "#C(2.0 1.0)"},
	{"(sqrt 'a)", "!TYPE-ERROR NUMBER"},
	{"(isqrt 17)", "4"},
	{"(isqrt 0)", "0"},
	{"(isqrt 100000000000000000000000000000000000000000)", "316227766016837933199"},
	{"(isqrt 4503599627370495)", "67108863"},
	{"(isqrt -1)", "!TYPE-ERROR UNSIGNED-BYTE"},
	{"(isqrt 1.0)", "!TYPE-ERROR UNSIGNED-BYTE"},
	{"(exp 0)", "1.0"},
	{"(exp 1)", "2.7182817"},
	{"(exp 1d0)", "2.718281828459045d0"},
	{"(exp 0.5d0)", "1.6487212707001282d0"},
	{"(exp 2.3d0)", "9.974182454814718d0"},
	{"(exp #C(0 1))", "#C(0.5403023 0.84147096)"},
	{"(exp #C(1.0 2.0))", "#C(-1.1312044 2.4717267)"},
	{"(exp 88.0)", "1.6516363e38"},
	{"(exp 89.0)", "!FLOATING-POINT-OVERFLOW"},
	{"(exp 1000d0)", "!FLOATING-POINT-OVERFLOW"},
	{"(exp -1000d0)", "0.0d0"},
	{"(exp 'a)", "!TYPE-ERROR NUMBER"},
	{"(log 10)", "2.3025851"},
	{"(log 1)", "0.0"},
	{"(log 3d0)", "1.0986122886681098d0"},
	{"(log 10d0)", "2.302585092994046d0"},
	{"(log -1)", "#C(0.0 3.1415927)"},
	{"(log -1d0)", "#C(0.0d0 3.141592653589793d0)"},
	{"(log 0)", "!DIVISION-BY-ZERO"},
	{"(log 0.0)", "!DIVISION-BY-ZERO"},
	{"(log -0.0)", "!DIVISION-BY-ZERO"},
	{"(log 1/2)", "-0.6931472"},
	{"(log 100000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000)", "895.7056"},
	{"(log #C(1 1))", "#C(0.3465736 0.7853982)"},
	{"(log #C(-1.0 -0.0))", "#C(0.0 -3.1415927)"},
	{"(log 8 2)", "3.0"},
	{"(log 100 10)", "2.0"},
	{"(log 8.0 2)", "3.0"},
	{"(log 2d0 10)", "0.30102999566398114d0"},
	{"(log 10 2d0)", "3.3219280948873626d0"},
	{"(log 5 0)", "0.0"},
	{"(log 5d0 0)", "0.0d0"},
	{"(log -8 2)", "#C(3.0 4.53236)"},
	{"(log 8 -2)", "#C(0.13926096 -0.6311809)"},
	{"(log 'a)", "!TYPE-ERROR NUMBER"},
	{"(log 2 'a)", "!TYPE-ERROR NUMBER"},
	{"(sin 0)", "0.0"},
	{"(sin 1)", "0.84147096"},
	{"(sin 1d0)", "0.8414709848078965d0"},
	{"(cos 0)", "1.0"},
	{"(cos 3d0)", "-0.9899924966004454d0"},
	{"(tan 1)", "1.5574077"},
	{"(tan 1.5d0)", "14.101419947171719d0"},
	{"(sin #C(1 2))", "#C(3.1657784 1.9596009)"},
	{"(cos #C(1 2))", "#C(2.032723 -3.0518978)"},
	{"(tan #C(1 2))", "#C(0.033812825 1.0147936)"},
	{"(sin 'a)", "!TYPE-ERROR NUMBER"},
	{"(asin 0.5)", "0.5235988"},
	{"(asin 2)", "#C(1.5707964 -1.3169578)"},
	{"(asin -2)", "#C(-1.5707964 1.3169578)"},
	{"(asin 2d0)", "#C(1.5707963267948966d0 -1.3169578969248166d0)"},
	{"(asin #C(2.0 0.0))", "#C(1.5707964 -1.3169578)"},
	{"(asin #C(1 2))", "#C(0.4270786 1.5285709)"},
	{"(asin 0.3d0)", "0.3046926540153975d0"},
	{"(acos 1)", "0.0"},
	{"(acos 2)", "#C(0.0 1.3169578)"},
	{"(acos -2)", "#C(3.1415927 -1.3169578)"},
	{"(acos 1.5d0)", "#C(0.0d0 0.9624236501192069d0)"},
	{"(acos 0.3d0)", "1.2661036727794992d0"},
	{"(acos #C(1 2))", "#C(1.1437178 -1.5285709)"},
	{"(atan 1)", "0.7853982"},
	{"(atan 1 2)", "0.4636476"},
	{"(atan 1d0 2)", "0.4636476090008061d0"},
	{"(atan 0 -1)", "3.1415927"},
	{"(atan -0.0 -1)", "-3.1415927"},
	{"(atan 1 0)", "1.5707964"},
	{"(atan 3d0)", "1.2490457723982544d0"},
	{"(atan #C(1 2))", "#C(1.3389726 0.4023595)"},
	{"(atan #C(0 2))", "#C(1.5707964 0.54930615)"},
	{"(atan 'a 1)", "!TYPE-ERROR REAL"},
	{"(atan #C(1 1) 1)", "!TYPE-ERROR REAL"},
	{"(sinh 1)", "1.1752012"},
	{"(cosh 1)", "1.5430807"},
	{"(tanh 1)", "0.7615942"},
	{"(sinh 2.5d0)", "6.0502044810397875d0"},
	{"(tanh 0.3d0)", "0.2913126124515909d0"},
	{"(sinh 1000d0)", "!FLOATING-POINT-OVERFLOW"},
	{"(sinh #C(1 2))", "#C(-0.48905626 1.4031193)"},
	{"(cosh #C(1 2))", "#C(-0.64214814 1.0686073)"},
	{"(tanh #C(1 2))", "#C(1.1667362 -0.2434582)"},
	{"(asinh 1)", "0.8813736"},
	{"(asinh -2)", "-1.4436355"},
	{"(asinh 2.5d0)", "1.6472311463710958d0"},
	{"(asinh #C(1 2))", "#C(1.4693518 1.0634401)"},
	{"(acosh 1)", "0.0"},
	{"(acosh 2.5d0)", "1.566799236972411d0"},
	{"(acosh 0.5)", "#C(0.0 1.0471976)"},
	{"(acosh -2)", "#C(1.3169578 3.1415927)"},
	{"(acosh -0.5)", "#C(0.0 2.0943952)"},
	{"(acosh #C(1 2))", "#C(1.5285709 1.1437178)"},
	{"(atanh 0.5)", "0.54930615"},
	{"(atanh 0.3d0)", "0.30951960420311175d0"},
	{"(atanh 2)", "#C(0.54930615 1.5707964)"},
	{"(atanh -2)", "#C(-0.54930615 1.5707964)"},
	{"(atanh 1.5d0)", "#C(0.8047189562170501d0 1.5707963267948966d0)"},
	{"(atanh 1)", "!DIVISION-BY-ZERO"},
	{"(atanh #C(1 2))", "#C(0.1732868 1.1780972)"},
	{"(cis 0)", "#C(1.0 0.0)"},
	{"(cis 1)", "#C(0.5403023 0.84147096)"},
	{"(cis 1d0)", "#C(0.5403023058681398d0 0.8414709848078965d0)"},
	{"(cis #C(1 1))", "!TYPE-ERROR REAL"},
	{"(conjugate #C(1 2))", "#C(1 -2)"},
	{"(conjugate 5)", "5"},
	{"(conjugate #C(1.0 -0.0))", "#C(1.0 0.0)"},
	{"(conjugate 'a)", "!TYPE-ERROR NUMBER"},
	{"(phase -1)", "3.1415927"},
	{"(phase 1)", "0.0"},
	{"(phase #C(1 1))", "0.7853982"},
	{"(phase -1d0)", "3.141592653589793d0"},
	{"(phase 0)", "0.0"},
	{"(phase -0.0)", "3.1415927"},
	{"(phase #C(-1.0 -0.0))", "-3.1415927"},
	{"(realpart #C(1 2))", "1"},
	{"(imagpart #C(1 2))", "2"},
	{"(realpart 5)", "5"},
	{"(imagpart 5)", "0"},
	{"(imagpart 5.0)", "0.0"},
	{"(imagpart -5d0)", "-0.0d0"},
	{"(realpart 'a)", "!TYPE-ERROR NUMBER"},
	{"(complex 1 0)", "1"},
	{"(complex 1.0 0)", "#C(1.0 0.0)"},
	{"(complex 1 2.0)", "#C(1.0 2.0)"},
	{"(complex 1 2d0)", "#C(1.0d0 2.0d0)"},
	{"(complex 1/2 1/2)", "#C(1/2 1/2)"},
	{"(complex 1)", "1"},
	{"(complex 1.0)", "#C(1.0 0.0)"},
	{"(complex 1 0.0)", "#C(1.0 0.0)"},
	{"(complex 'a)", "!TYPE-ERROR REAL"},
	{"(complex 1 #C(1 2))", "!TYPE-ERROR REAL"},
	{"(numerator 6/4)", "3"},
	{"(denominator 6/4)", "2"},
	{"(numerator -6/4)", "-3"},
	{"(numerator -5)", "-5"},
	{"(denominator 5)", "1"},
	{"(numerator 0.5)", "!TYPE-ERROR RATIONAL"},
	{"(rational 0.1)", "13421773/134217728"},
	{"(rational 0.1d0)", "3602879701896397/36028797018963968"},
	{"(rational 1/2)", "1/2"},
	{"(rational -0.0)", "0"},
	{"(rational 1d-320)", "253/25300281663413827294061918339864663381194581220517764794612669753428792445999418361495047962679640561898384733039601488923726092173224184608376674992592313740189678034570795170558363467761652042654970959809093133570250935428086587327262919456144944542601257064044846194041676826903812816523290938580750782913463467636686848"},
	{"(rational 'a)", "!TYPE-ERROR REAL"},
	{"(rationalize 0.1)", "1/10"},
	{"(rationalize 0.1d0)", "1/10"},
	{"(rationalize 1.5)", "3/2"},
	{"(rationalize -0.333)", "-333/1000"},
	{"(rationalize 1d-320)", "1/99976415563008455595206395020458042504103062368062296051815933824366677978757889302030320425506112371048198500526950808293311305204145950539399061467393682351947357014851252835004646945958615135213518240786735030161525059730645936585874712595287506219219588299510382589445993882553965192485219811630529149571601749120028"},
	{"(rationalize 1d20)", "100000000000000000000"},
	{"(rationalize 3.14159)", "9563/3044"},
	{"(rationalize 'a)", "!TYPE-ERROR REAL"},
	{"(float 1)", "1.0"},
	{"(float 1/3)", "0.33333334"},
	{"(float 1 1d0)", "1.0d0"},
	{"(float 1.0 1d0)", "1.0d0"},
	{"(float 1d0)", "1.0d0"},
	{"(float 1d0 1.0)", "1.0"},
	{"(float 0.1d0 1.0)", "0.1"},
	{"(float 1 2)", "!TYPE-ERROR FLOAT"},
	{"(float 'a)", "!TYPE-ERROR REAL"},
	{"(float 100000000000000000000000000000000000000000000000000)", "!FLOATING-POINT-OVERFLOW"},
	{"(float 100000000000000000000000000000000000000000000000000 1d0)", "1.0d50"},
	{"(float 1d300 1.0)", "!FLOATING-POINT-OVERFLOW"},
	{"(expt 2 100)", "1267650600228229401496703205376"},
	{"(expt 2 -2)", "1/4"},
	{"(expt -2 3)", "-8"},
	{"(expt -2 -3)", "-1/8"},
	{"(expt 2/3 3)", "8/27"},
	{"(expt -2/3 -3)", "-27/8"},
	{"(expt 4 1/2)", "2.0"},
	{"(expt -8 1/3)", "#C(1.0 1.7320508)"},
	{"(expt 2.0 3)", "8.0"},
	{"(expt 2 3.0)", "8.0"},
	{"(expt 2 0.5)", "1.4142135"},
	{"(expt 0 0)", "1"},
	{"(expt 0.0 0)", "1.0"},
	{"(expt 2 0.0)", "1.0"},
	{"(expt 0 0.0)", "!ARITHMETIC-ERROR"},
	{"(expt 0 -1)", "!DIVISION-BY-ZERO"},
	{"(expt 0.0 -1)", "!DIVISION-BY-ZERO"},
	{"(expt #C(0 1) 2)", "-1"},
	{"(expt #C(1 1) 10)", "#C(0 32)"},
	{"(expt #C(1 1) -2)", "#C(0 -1/2)"},
	{"(expt #C(0.0 1.0) 2)", "#C(-1.0 -8.742278e-8)"},
	{"(expt -2 0.5)", "#C(8.6595606e-17 1.4142135)"},
	{"(expt -2.0 2.0)", "4.0"},
	{"(expt 1.5 2)", "2.25"},
	{"(expt 10 -3)", "1/1000"},
	{"(expt 2d0 0.5)", "1.4142135623730951d0"},
	{"(expt 0 #C(1 1))", "0"},
	{"(expt 0 2)", "0"},
	{"(expt 0.0 2.0)", "0.0"},
	{"(expt 0 -1.0)", "!DIVISION-BY-ZERO"},
	{"(expt 0 1.0)", "0.0"},
	{"(expt 1.1 10)", "2.593743"},
	{"(expt 1.1d0 10)", "2.5937424601000023d0"},
	{"(expt 1.1d0 100)", "13780.61233982238d0"},
	{"(expt 3.7d0 -7)", "1.0533869446181866d-4"},
	{"(expt 2.5d0 1.5d0)", "3.952847075210474d0"},
	{"(expt 10d0 0.3d0)", "1.9952623149688795d0"},
	{"(expt 1.0000001d0 1234567)", "1.1314010069151417d0"},
	{"(expt 0.9d0 -55.5d0)", "346.3703640878295d0"},
	{"(expt 2 -1.5)", "0.35355338"},
	{"(expt 1/3 0.5d0)", "0.5773502691896257d0"},
	{"(expt 7 1/2)", "2.6457512"},
	{"(expt 1.1 100)", "13780.643"},
	{"(expt -1.1d0 3)", "-1.3310000000000004d0"},
	{"(expt -2.0 3)", "-8.0"},
	{"(expt -8d0 1/3)", "#C(1.0000000000000002d0 1.7320508075688772d0)"},
	{"(expt 2 2d0)", "4.0d0"},
	{"(expt 2.0 2d0)", "4.0d0"},
	{"(expt 1.1 1000)", "!FLOATING-POINT-OVERFLOW"},
	{"(expt 10.0 100)", "!FLOATING-POINT-OVERFLOW"},
	{"(expt 2 #C(1 1))", "#C(1.5384778 1.2779225)"},
	{"(expt -1 0.5d0)", "#C(6.123233995736766d-17 1.0d0)"},
	{"(expt 1 100000000000000000000000)", "1"},
	{"(expt -1 100000000000000000000001)", "-1"},
	{"(expt 0 100000000000000000000000)", "0"},
	{"(expt 'a 2)", "!TYPE-ERROR NUMBER"},
	{"(decode-float 1.5)", "0.75 1 1.0"},
	{"(decode-float -0.0)", "0.0 0 -1.0"},
	{"(decode-float 1d0)", "0.5d0 1 1.0d0"},
	{"(decode-float 0.0)", "0.0 0 1.0"},
	{"(decode-float -2.5d0)", "0.625d0 2 -1.0d0"},
	{"(decode-float least-positive-single-float)", "0.5 -148 1.0"},
	{"(decode-float 1)", "!TYPE-ERROR FLOAT"},
	{"(integer-decode-float 1.5)", "12582912 -23 1"},
	{"(integer-decode-float 0.0)", "0 0 1"},
	{"(integer-decode-float -1d0)", "4503599627370496 -52 -1"},
	{"(integer-decode-float 0d0)", "0 0 1"},
	{"(integer-decode-float least-positive-single-float)", "1 -149 1"},
	{"(integer-decode-float least-positive-double-float)", "1 -1074 1"},
	{"(integer-decode-float single-float-epsilon)", "8388609 -47 1"},
	{"(integer-decode-float double-float-negative-epsilon)", "4503599627370497 -106 1"},
	{"(integer-decode-float most-positive-double-float)", "9007199254740991 971 1"},
	{"(scale-float 1.0 3)", "8.0"},
	{"(scale-float 1d0 -2)", "0.25d0"},
	{"(scale-float 1.0 200)", "!FLOATING-POINT-OVERFLOW"},
	{"(scale-float 1.0 -200)", "0.0"},
	{"(scale-float 1 2)", "!TYPE-ERROR FLOAT"},
	{"(float-radix 1.0)", "2"},
	{"(float-radix 1)", "!TYPE-ERROR FLOAT"},
	{"(float-sign -1.0)", "-1.0"},
	{"(float-sign 1.0 -2.0)", "2.0"},
	{"(float-sign -0.0 3d0)", "-3.0d0"},
	{"(float-sign 0.0)", "1.0"},
	{"(float-digits 1.0)", "24"},
	{"(float-digits 1d0)", "53"},
	{"(float-precision 1.0)", "24"},
	{"(float-precision 0.0)", "0"},
	{"(float-precision least-positive-single-float)", "1"},
	{"(float-precision least-positive-double-float)", "1"},
	{"(logand)", "-1"},
	{"(logior)", "0"},
	{"(logxor)", "0"},
	{"(logeqv)", "-1"},
	{"(logand 12 10)", "8"},
	{"(logior 12 10)", "14"},
	{"(logxor 12 10)", "6"},
	{"(logeqv 12 10)", "-7"},
	{"(lognand 12 10)", "-9"},
	{"(lognor 12 10)", "-15"},
	{"(logandc1 12 10)", "2"},
	{"(logandc2 12 10)", "4"},
	{"(logorc1 12 10)", "-5"},
	{"(logorc2 12 10)", "-3"},
	{"(lognot 5)", "-6"},
	{"(lognot -100000000000000000000)", "99999999999999999999"},
	{"(logand -1 100000000000000000000)", "100000000000000000000"},
	{"(logand -100000000000000000000 255)", "0"},
	{"(logior -100000000000000000000 1)", "-99999999999999999999"},
	{"(logxor 100000000000000000000 -1)", "-100000000000000000001"},
	{"(logtest 4 3)", "NIL"},
	{"(logtest 4 5)", "T"},
	{"(logbitp 2 5)", "T"},
	{"(logbitp 1 5)", "NIL"},
	{"(logbitp 100 -1)", "T"},
	{"(logbitp 100 100000000000000000000000000000000000)", "NIL"},
	{"(logbitp 1000 5)", "NIL"},
	{"(logcount 7)", "3"},
	{"(logcount -8)", "3"},
	{"(logcount -100000000000000000000)", "45"},
	{"(integer-length 255)", "8"},
	{"(integer-length -256)", "8"},
	{"(integer-length 0)", "0"},
	{"(integer-length 100000000000000000000)", "67"},
	{"(logand 1.0)", "!TYPE-ERROR INTEGER"},
	{"(lognot 1/2)", "!TYPE-ERROR INTEGER"},
	{"(ash 1 10)", "1024"},
	{"(ash 1 100)", "1267650600228229401496703205376"},
	{"(ash -1 -100)", "-1"},
	{"(ash 1024 -3)", "128"},
	{"(ash -5 -1)", "-3"},
	{"(ash 0 100000000000)", "0"},
	{"(ash 1 62)", "4611686018427387904"},
	{"(ash 1 63)", "9223372036854775808"},
	{"(ash -1 63)", "-9223372036854775808"},
	{"(ash 100000000000000000000 -60)", "86"},
	{"(ash -100000000000000000000 -1000)", "-1"},
	{"(ldb (byte 4 2) 255)", "15"},
	{"(dpb 0 (byte 4 2) 255)", "195"},
	{"(ldb-test (byte 2 0) 4)", "NIL"},
	{"(mask-field (byte 4 2) 255)", "60"},
	{"(deposit-field 0 (byte 4 2) 255)", "195"},
	{"(ldb (byte 8 100) (ash 255 100))", "255"},
	{"(ldb (byte 4 0) -1)", "15"},
	{"(ldb (byte 0 0) 5)", "0"},
	{"(ldb (byte 70 0) -1)", "1180591620717411303423"},
	{"(ldb (byte 8 62) -1)", "255"},
	{"(ldb (byte 8 1000) -1)", "255"},
	{"(dpb -1 (byte 70 10) 0)", "1208925819614629174705152"},
	{"(dpb 5 (byte 3 64) -1)", "-36893488147419103233"},
	{"(mask-field (byte 3 64) -1)", "129127208515966861312"},
	{"(byte-size (byte 4 2))", "4"},
	{"(byte-position (byte 4 2))", "2"},
	{"(boole boole-and 12 10)", "8"},
	{"(boole boole-1 12 10)", "12"},
	{"(boole boole-2 12 10)", "10"},
	{"(boole boole-clr 12 10)", "0"},
	{"(boole boole-set 12 10)", "-1"},
	{"(boole boole-c1 12 10)", "-13"},
	{"(boole boole-c2 12 10)", "-11"},
	{"(boole boole-andc1 12 10)", "2"},
	{"(boole boole-eqv 5 3)", "-7"},
	{"(boole boole-nand 5 3)", "-2"},
	{"(boole boole-orc2 5 3)", "-3"},
	{"(boole 16 1 2)", "!TYPE-ERROR"},
	{"(parse-integer \"123\")", "123 3"},
	{"(parse-integer \" 123 \")", "123 5"},
	{"(parse-integer \"-123\")", "-123 4"},
	{"(parse-integer \"+12\")", "12 3"},
	{"(parse-integer \"ff\" :radix 16)", "255 2"},
	{"(parse-integer \"12abc\" :junk-allowed t)", "12 2"},
	{"(parse-integer \"abc\" :junk-allowed t)", "NIL 0"},
	{"(parse-integer \"12abc\")", "!PARSE-ERROR"},
	{"(parse-integer \"\")", "!PARSE-ERROR"},
	{"(parse-integer \"  \" :junk-allowed t)", "NIL 2"},
	{"(parse-integer \"123\" :start 1 :end 2)", "2 2"},
	{"(parse-integer \"-\" :junk-allowed t)", "NIL 1"},
	{"(parse-integer \" 12 3\" :junk-allowed t)", "12 3"},
	{"(parse-integer \" 12 3\")", "!PARSE-ERROR"},
	{"(parse-integer \"123\" :end 2)", "12 2"},
	{"(parse-integer \"1_2\" :junk-allowed t)", "1 1"},
	{"(parse-integer \"+\")", "!PARSE-ERROR"},
	{"(parse-integer \"- 1\")", "!PARSE-ERROR"},
	{"(parse-integer \"12\" :radix 37)", "!TYPE-ERROR"},
	{"(parse-integer 'abc)", "!TYPE-ERROR STRING"},
	{"(parse-integer \"123\" :start 4)", "!TYPE-ERROR"},
	{"(parse-integer \"123456789012345678901234567890\")", "123456789012345678901234567890 30"},
	{"(parse-integer \"-9223372036854775808\")", "-9223372036854775808 20"},
	{"(parse-integer \"zz\" :radix 36)", "1295 2"},
	{"(random 1)", "0"},
	{"(random 0)", "!TYPE-ERROR"},
	{"(random -1)", "!TYPE-ERROR"},
	{"(random 1/2)", "!TYPE-ERROR"},
	{"(random 10 5)", "!TYPE-ERROR RANDOM-STATE"},
	{"(make-random-state 5)", "!TYPE-ERROR"},
	{"most-positive-fixnum", "9223372036854775807"}, // golem fixnums are int64; SBCL has 62 bits
	{"most-negative-fixnum", "-9223372036854775808"},
	{"pi", "3.141592653589793d0"},
	{"single-float-epsilon", "5.960465e-8"},
	{"single-float-negative-epsilon", "2.9802326e-8"},
	{"double-float-epsilon", "1.1102230246251568d-16"},
	{"double-float-negative-epsilon", "5.551115123125784d-17"},
	{"least-positive-normalized-single-float", "1.1754944e-38"},
	{"least-positive-normalized-double-float", "2.2250738585072014d-308"},
	{"most-negative-short-float", "-3.4028235e38"},
	{"least-negative-long-float", "-4.9406564584124654d-324"},
	{"most-positive-long-float", "1.7976931348623157d308"},
	{"least-positive-single-float", "1.4012985e-45"},
	{"least-positive-double-float", "4.9406564584124654d-324"},
	{"least-negative-normalized-double-float", "-2.2250738585072014d-308"},
	{"boole-orc2", "15"},
	// Complex arguments (random sample).
	{"(sqrt #C(-2.0 2.496))", "#C(0.7740929 1.6122096)"},
	{"(sqrt #C(5 2))", "#C(2.278724 0.43884212)"},
	{"(sqrt #C(2.974 2.019))", "#C(1.8122616 0.5570388)"},
	{"(sqrt #C(1.0d0 0.809d0))", "#C(1.0691740508756915d0 0.37832942135913245d0)"},
	{"(sqrt #C(-5 -3))", "#C(0.6445742 -2.3271174)"},
	{"(sqrt #C(1.68d0 0.568d0))", "#C(1.3140436734923242d0 0.21612675874403417d0)"},
	{"(sqrt #C(-0.63 -3.0))", "#C(1.1035026 -1.359308)"},
	{"(sqrt #C(-5.0d0 2.793d0))", "#C(0.6029935927296604d0 2.315945006444027d0)"},
	{"(sqrt #C(2.131 2.001))", "#C(1.5896872 0.6293691)"},
	{"(sqrt #C(3 1))", "#C(1.7553173 0.28484878)"},
	{"(sqrt #C(-1 1))", "#C(0.45508987 1.0986841)"},
	{"(sqrt #C(-1.733d0 -2.253d0))", "#C(0.7447854042135595d0 -1.5125162142369104d0)"},
	{"(exp #C(5.0 1.804))", "#C(-34.297638 144.39577)"},
	{"(exp #C(-2.879d0 1.0d0))", "#C(0.030360086710369365d0 0.047283033563921884d0)"},
	{"(exp #C(4.0 1.311))", "#C(14.025376 52.76596)"},
	{"(exp #C(2.285d0 3.0d0))", "#C(-9.727355635727557d0 1.3866009191270572d0)"},
	{"(exp #C(-1 4))", "#C(-0.24046205 -0.27841207)"},
	{"(exp #C(-1.25d0 1.138d0))", "#C(0.12016324460429031d0 0.26008804907197924d0)"},
	{"(exp #C(0.0 -0.739))", "#C(0.7391425 -0.6735491)"},
	{"(exp #C(5.0d0 2.837d0))", "#C(-141.5815821799016d0 44.50978973487168d0)"},
	{"(exp #C(1.0 -0.375))", "#C(2.5293818 -0.99563193)"},
	{"(exp #C(-1.182d0 1.73d0))", "#C(-0.04861618352159857d0 0.3027866631127505d0)"},
	{"(exp #C(-5.0 0.801))", "#C(0.004689537 0.0048381994)"},
	{"(exp #C(-0.883d0 1.242d0))", "#C(0.13353388640085548d0 0.39138776992390634d0)"},
	{"(log #C(-5.0 -1.493))", "#C(1.6521422 -2.8514206)"},
	{"(log #C(0.556d0 -0.816d0))", "#C(-0.012663006573078613d0 -0.9726817083716275d0)"},
	{"(log #C(2.063 -1.0))", "#C(0.8296822 -0.45135796)"},
	{"(log #C(-5.0d0 0.0d0))", "#C(1.6094379124341003d0 3.141592653589793d0)"},
	{"(log #C(-1.033 5.0))", "#C(1.6303368 1.7745299)"},
	{"(log #C(-1.068d0 2.001d0))", "#C(0.8189762401661508d0 2.0610648644289147d0)"},
	{"(log #C(-3 4))", "#C(1.609438 2.2142975)"},
	{"(log #C(-4 1))", "#C(1.4166067 2.896614)"},
	{"(log #C(-1 4))", "#C(1.4166067 1.815775)"},
	{"(log #C(-1.248d0 -0.922d0))", "#C(0.4393127082312051d0 -2.505309774676662d0)"},
	{"(log #C(-0.481 -5.0))", "#C(1.6140438 -1.6667012)"},
	{"(log #C(-2.972d0 3.0d0))", "#C(1.4405192805105442d0 2.3515059779965983d0)"},
	{"(sin #C(1.473 3.0))", "#C(10.019556 0.9781499)"},
	{"(sin #C(2.148d0 -4.0d0))", "#C(22.88407605208439d0 14.891637726534299d0)"},
	{"(sin #C(-5 1))", "#C(1.4796976 0.33336017)"},
	{"(sin #C(2 3))", "#C(9.154499 -4.168907)"},
	{"(sin #C(3 4))", "#C(3.8537378 -27.016813)"},
	{"(sin #C(2.832d0 -5.0d0))", "#C(22.60959558992503d0 70.67542339127414d0)"},
	{"(sin #C(-4.0 -1.563))", "#C(1.8854318 1.4914881)"},
	{"(sin #C(-3.0d0 0.772d0))", "#C(-0.18530313564633308d0 -0.8424846744545448d0)"},
	{"(sin #C(-5.0 0.709))", "#C(1.2102077 0.21839468)"},
	{"(sin #C(-5 -5))", "#C(71.16172 -21.048645)"},
	{"(sin #C(-2.701 -5.0))", "#C(-31.648731 67.11673)"},
	{"(sin #C(0.013d0 -1.113d0))", "#C(0.02191768751317246d0 -1.357336983033557d0)"},
	{"(cos #C(0.881 -1.41))", "#C(1.3809761 1.485597)"},
	{"(cos #C(1 1))", "#C(0.83373 -0.9888977)"},
	{"(cos #C(-0.76 1.807))", "#C(2.267392 2.0419626)"},
	{"(cos #C(-0.765d0 -0.477d0))", "#C(0.8050179755798341d0 -0.34301042945631044d0)"},
	{"(cos #C(2 3))", "#C(-4.1896257 -9.109227)"},
	{"(cos #C(1.0d0 2.619d0))", "#C(3.726700151016318d0 -5.7426688138475255d0)"},
	{"(cos #C(1.746 -4.0))", "#C(-4.760064 26.872137)"},
	{"(cos #C(2.099d0 -2.348d0))", "#C(-2.6610736209684345d0 4.477949772270385d0)"},
	{"(cos #C(4.0 -2.139))", "#C(-2.8135154 -3.1684177)"},
	{"(cos #C(-5 5))", "#C(21.050556 -71.15526)"},
	{"(cos #C(-5.0 2.064))", "#C(1.1352674 -3.7160573)"},
	{"(cos #C(-1 -5))", "#C(40.095802 -62.439846)"},
	{"(tan #C(-4.0 -2.633))", "#C(-0.010233648 -1.0014516)"},
	{"(tan #C(4 -2))", "#C(0.03642337 -1.0046823)"},
	{"(tan #C(0.696 -0.795))", "#C(0.36023894 -0.8602433)"},
	{"(tan #C(0.0d0 0.002d0))", "#C(0.0d0 0.0019999973333376d0)"},
	{"(tan #C(-0.508 -3.0))", "#C(-0.004202916 -0.9973831)"},
	{"(tan #C(-2.425d0 3.0d0))", "#C(0.0049072713929217285d0 0.9993081302061653d0)"},
	{"(tan #C(-3.0 0.514))", "#C(0.11014635 0.48048338)"},
	{"(tan #C(2.109d0 1.232d0))", "#C(-0.1616959016971551d0 1.0715293987204488d0)"},
	{"(tan #C(2.122 -1.157))", "#C(-0.19166984 -1.0757369)"},
	{"(tan #C(2 -3))", "#C(-0.0037640256 -1.0032387)"},
	{"(tan #C(0.0 2.947))", "#C(0.0 0.99450326)"},
	{"(tan #C(4 2))", "#C(0.03642337 1.0046823)"},
	{"(asin #C(1 2))", "#C(0.4270786 1.5285709)"},
	{"(asin #C(5 -2))", "#C(1.1842316 -2.3705485)"},
	{"(asin #C(-2 -3))", "#C(-0.5706528 -1.983387)"},
	{"(asin #C(-1 1))", "#C(-0.66623944 1.061275)"},
	{"(asin #C(-2.292 -2.783))", "#C(-0.67030084 -1.9797459)"},
	{"(asin #C(1.405d0 -2.824d0))", "#C(0.4425106644058484d0 -1.857251456159223d0)"},
	{"(asin #C(1.0 0.866))", "#C(0.71646065 0.9824738)"},
	{"(asin #C(-2.247d0 -4.0d0))", "#C(-0.5018639634315387d0 -2.2228446726165534d0)"},
	{"(asin #C(-0.405 3.0))", "#C(-0.12748079 1.8261793)"},
	{"(asin #C(2.648d0 1.635d0))", "#C(0.9937823548912487d0 1.8175351668801105d0)"},
	{"(asin #C(0.977 1.525))", "#C(0.50730985 1.3232863)"},
	{"(asin #C(5.0d0 -0.037d0))", "#C(1.5632438859947713d0 -2.2924607775981545d0)"},
	{"(acos #C(-5 5))", "#C(2.3511949 -2.6491961)"},
	{"(acos #C(-0.775d0 -4.0d0))", "#C(1.7567763957419977d0 2.1115966414776492d0)"},
	{"(acos #C(0.87 3.0))", "#C(1.30141 -1.8533562)"},
	{"(acos #C(2 -4))", "#C(1.1169261 2.198573)"},
	{"(acos #C(0.259 -2.401))", "#C(1.4714718 1.6143852)"},
	{"(acos #C(1.0d0 -0.128d0))", "#C(0.35384910681324844d0 0.3614731954384021d0)"},
	{"(acos #C(1.173 2.67))", "#C(1.1772649 -1.7833972)"},
	{"(acos #C(3 1))", "#C(0.33770114 -1.8241986)"},
	{"(acos #C(-3 5))", "#C(2.1047955 -2.4598315)"},
	{"(acos #C(1.189d0 5.0d0))", "#C(1.3414877791898925d0 -2.3384611920432796d0)"},
	{"(acos #C(0.647 -2.0))", "#C(1.2870246 1.4802881)"},
	{"(acos #C(-1.927d0 0.0d0))", "#C(3.141592653589793d0 -1.2737465689616043d0)"},
	{"(atan #C(2.347 0.316))", "#C(1.1734891 0.04796551)"},
	{"(atan #C(-0.013d0 5.0d0))", "#C(-1.5702546641543367d0 0.2027310870513843d0)"},
	{"(atan #C(5.0 -1.961))", "#C(1.3984063 -0.06608718)"},
	{"(atan #C(-2.0d0 1.876d0))", "#C(-1.295632670229905d0 0.23636833678980526d0)"},
	{"(atan #C(-4 -3))", "#C(-1.409921 -0.11750091)"},
	{"(atan #C(4 1))", "#C(1.3389726 0.055785887)"},
	{"(atan #C(0.233 -1.03))", "#C(0.9065626 -1.0815378)"},
	{"(atan #C(-3.0d0 1.438d0))", "#C(-1.3020757025102105d0 0.12149571833419257d0)"},
	{"(atan #C(-2 1))", "#C(-1.1780972 0.1732868)"},
	{"(atan #C(2 1))", "#C(1.1780972 0.1732868)"},
	{"(atan #C(-0.651 0.225))", "#C(-0.59356654 0.15762381)"},
	{"(atan #C(0.895d0 -0.214d0))", "#C(0.7427147216290805d0 -0.11801878073510444d0)"},
	{"(sinh #C(2.0 -0.798))", "#C(2.5320563 -2.693586)"},
	{"(sinh #C(0.176d0 -2.0d0))", "#C(-0.07362055252431221d0 -0.9234170163591044d0)"},
	{"(sinh #C(-1 2))", "#C(0.48905626 1.4031193)"},
	{"(sinh #C(-2.867d0 3.0d0))", "#C(8.675956233875636d0 1.2447529620796858d0)"},
	{"(sinh #C(-3 2))", "#C(4.168907 9.154499)"},
	{"(sinh #C(-0.581d0 1.0d0))", "#C(-0.33187707525586463d0 0.9875352478061868d0)"},
	{"(sinh #C(-0.58 2.0))", "#C(0.25512716 1.0665771)"},
	{"(sinh #C(-2.434d0 -2.0d0))", "#C(2.3547092823875673d0 -5.224865746640753d0)"},
	{"(sinh #C(0.0 -1.349))", "#C(0.0 -0.97550386)"},
	{"(sinh #C(-0.069d0 1.888d0))", "#C(0.021538938021226927d0 0.9523739741188808d0)"},
	{"(sinh #C(-2.438 -4.0))", "#C(3.7136047 4.3657866)"},
	{"(sinh #C(-4 -5))", "#C(-7.741118 26.18653)"},
	{"(cosh #C(-2.676 2.399))", "#C(-5.3764596 -4.888263)"},
	{"(cosh #C(1.822d0 -2.795d0))", "#C(-2.9842803036570174d0 -1.0229088563509214d0)"},
	{"(cosh #C(0.789 -4.0))", "#C(-0.867873 0.6610273)"},
	{"(cosh #C(-2.312d0 -0.995d0))", "#C(2.775237735001618d0 4.191920514548655d0)"},
	{"(cosh #C(2.025 3.0))", "#C(-3.8154833 0.525257)"},
	{"(cosh #C(1.81d0 -0.333d0))", "#C(2.9647199072038735d0 -0.971942983299804d0)"},
	{"(cosh #C(0.0 1.324))", "#C(0.24429862 0.0)"},
	{"(cosh #C(2 -5))", "#C(1.0671927 3.4778845)"},
	{"(cosh #C(0.964 -2.0))", "#C(-0.62495446 -1.0187767)"},
	{"(cosh #C(2.234d0 2.381d0))", "#C(-3.4208337359055254d0 3.1813684927038577d0)"},
	{"(cosh #C(0 1))", "#C(0.5403023 0.0)"},
	{"(cosh #C(0 2))", "#C(-0.41614684 0.0)"},
	{"(tanh #C(-2 5))", "#C(-1.031008 -0.020553017)"},
	{"(tanh #C(-4.0d0 2.105d0))", "#C(-1.000322943621061d0 -5.882121532519175d-4)"},
	{"(tanh #C(1.687 1.693))", "#C(1.0686017 -0.017734861)"},
	{"(tanh #C(-3 -4))", "#C(-1.0007095 -0.004908258)"},
	{"(tanh #C(2.659 -2.346))", "#C(1.0001519 0.009804786)"},
	{"(tanh #C(-2.0d0 -0.086d0))", "#C(-0.964530338187973d0 -0.00604920976327004d0)"},
	{"(tanh #C(0.619 -1.249))", "#C(1.4768895 -0.56113535)"},
	{"(tanh #C(1 2))", "#C(1.1667362 -0.2434582)"},
	{"(tanh #C(-0.923 2.544))", "#C(-0.85477173 -0.25748307)"},
	{"(tanh #C(1 4))", "#C(1.0028105 0.27355307)"},
	{"(tanh #C(0.0 -1.583))", "#C(0.0 81.93884)"},
	{"(tanh #C(-1.494d0 -3.0d0))", "#C(-0.9073591014388988d0 0.025614851010584874d0)"},
	{"(asinh #C(2.248 2.115))", "#C(1.8228067 0.7289143)"},
	{"(asinh #C(2.419d0 2.362d0))", "#C(1.9125280534336049d0 0.7516803173021117d0)"},
	{"(asinh #C(2 -1))", "#C(1.5285709 -0.4270786)"},
	{"(asinh #C(-3 -3))", "#C(-2.138622 -0.77151823)"},
	{"(asinh #C(5.0 -1.344))", "#C(2.3454707 -0.2580277)"},
	{"(asinh #C(-5.0d0 -2.142d0))", "#C(-2.3926669629273536d0 -0.398735805005415d0)"},
	{"(asinh #C(2.451 -1.766))", "#C(1.808233 -0.59909177)"},
	{"(asinh #C(2.858d0 -0.412d0))", "#C(1.7812385751675939d0 -0.13537036688587217d0)"},
	{"(asinh #C(2.0 2.739))", "#C(1.908399 0.9190005)"},
	{"(asinh #C(-2.824d0 1.843d0))", "#C(-1.9180156803927733d0 0.5586348867977857d0)"},
	{"(asinh #C(-2 -5))", "#C(-2.3705485 -1.1842316)"},
	{"(asinh #C(3.0d0 -1.776d0))", "#C(1.9521895113199406d0 -0.5170185330391464d0)"},
	{"(acosh #C(2.876 3.0))", "#C(2.1185946 0.82092327)"},
	{"(acosh #C(-2.921d0 0.0d0))", "#C(1.7343938896941378d0 3.141592653589793d0)"},
	{"(acosh #C(2.0 1.813))", "#C(1.684593 0.77074933)"},
	{"(acosh #C(-1 1))", "#C(1.061275 2.2370358)"},
	{"(acosh #C(4.0 0.053))", "#C(2.0635338 0.013683601)"},
	{"(acosh #C(3.0d0 -2.728d0))", "#C(2.0919688206147016d0 -0.7531383597545477d0)"},
	{"(acosh #C(-2.637 0.127))", "#C(1.6261884 3.089603)"},
	{"(acosh #C(0 -1))", "#C(0.8813736 -1.5707964)"},
	{"(acosh #C(-2.391 -0.271))", "#C(1.5264152 -3.0176537)"},
	{"(acosh #C(2 4))", "#C(2.198573 1.1169261)"},
	{"(acosh #C(1.0 2.588))", "#C(1.7374388 1.2224219)"},
	{"(acosh #C(-5.0d0 -2.249d0))", "#C(2.3892075701594666d0 -2.712577824224775d0)"},
	{"(atanh #C(-4.0 -2.798))", "#C(-0.16705358 -1.4506019)"},
	{"(atanh #C(-0.313d0 -1.913d0))", "#C(-0.0661740110272338d0 -1.0976521432113666d0)"},
	{"(atanh #C(-1.103 2.699))", "#C(-0.11824674 1.2589109)"},
	{"(atanh #C(0.663d0 -2.211d0))", "#C(0.10634608009888966d0 -1.1727312206008709d0)"},
	{"(atanh #C(1 2))", "#C(0.1732868 1.1780972)"},
	{"(atanh #C(-4 5))", "#C(-0.09641562 1.448307)"},
	{"(atanh #C(-1.0 -1.394))", "#C(-0.27947477 -1.089753)"},
	{"(atanh #C(2 -3))", "#C(0.14694667 -1.3389726)"},
	{"(atanh #C(-3 2))", "#C(-0.22907269 1.409921)"},
	{"(atanh #C(-3 5))", "#C(-0.086569056 1.423679)"},
	{"(atanh #C(5 -5))", "#C(0.09932545 -1.4701377)"},
	{"(atanh #C(3 1))", "#C(0.30594385 1.4614619)"},
	{"(abs #C(-1.0 -1.23))", "1.585213"},
	{"(abs #C(0.0d0 -2.955d0))", "2.955d0"},
	{"(abs #C(-3.0 -0.874))", "3.12472"},
	{"(abs #C(1.22d0 -2.872d0))", "3.1203820278933794d0"},
	{"(abs #C(1.489 -0.556))", "1.5894203"},
	{"(abs #C(-2.105d0 -1.797d0))", "2.7677127741151177d0"},
	{"(abs #C(-3 1))", "3.1622777"},
	{"(abs #C(-3 1))", "3.1622777"},
	{"(abs #C(-4.0 1.764))", "4.3716927"},
	{"(abs #C(1.182d0 -0.219d0))", "1.2021168828362738d0"},
	{"(abs #C(0.0 -0.263))", "0.263"},
	{"(abs #C(-1.091d0 1.626d0))", "1.958100354935875d0"},
	{"(phase #C(-1.279 -1.0))", "-2.4780104"},
	{"(phase #C(0.0d0 -0.392d0))", "-1.5707963267948966d0"},
	{"(phase #C(-2.221 3.0))", "2.208082"},
	{"(phase #C(0.171d0 -2.691d0))", "-1.5073365011433468d0"},
	{"(phase #C(0.299 -1.582))", "-1.3839985"},
	{"(phase #C(1 1))", "0.7853982"},
	{"(phase #C(3.0 1.393))", "0.4347094"},
	{"(phase #C(-0.831d0 0.032d0))", "3.103103848576495d0"},
	{"(phase #C(2.0 -0.029))", "-0.0144989835"},
	{"(phase #C(-2 4))", "2.0344439"},
	{"(phase #C(-1.076 -2.823))", "-1.934952"},
	{"(phase #C(-0.333d0 -2.0d0))", "-1.7357828376659032d0"},
	{"(signum #C(2.28 -0.148))", "#C(0.99789983 -0.06477596)"},
	{"(signum #C(-1 -3))", "#C(-0.31622776 -0.94868326)"},
	{"(signum #C(-2.832 1.0))", "#C(-0.9429411 0.33295944)"},
	{"(signum #C(-1.355d0 0.07d0))", "#C(-0.9986682605386688d0 0.0515917182566102d0)"},
	{"(signum #C(0.772 1.0))", "#C(0.611087 0.79156345)"},
	{"(signum #C(-0.35d0 2.1d0))", "#C(-0.16439898730535726d0 0.9863939238321436d0)"},
	{"(signum #C(2.0 -1.011))", "#C(0.89245516 -0.45113608)"},
	{"(signum #C(-1.644d0 -2.0d0))", "#C(-0.6350029693293353d0 -0.7725096950478533d0)"},
	{"(signum #C(-5 3))", "#C(-0.857493 0.5144958)"},
	{"(signum #C(-1.607d0 -0.624d0))", "#C(-0.9321896159944661d0 -0.3619703300438997d0)"},
	{"(signum #C(2.0 0.438))", "#C(0.976849 0.21392994)"},
	{"(signum #C(-2.203d0 0.108d0))", "#C(-0.9988004825836406d0 0.048965252891072716d0)"},
	{"(expt #C(1.612 2.46) 2.15)", "#C(-5.3953657 8.620269)"},
	{"(expt 1.612 #C(2.46 1.612))", "#C(2.3244414 2.252543)"},
	{"(/ #C(1.612 2.46) #C(2.46 1.612))", "#C(0.9168679 0.3991906)"},
	{"(* #C(1.612d0 2.46d0) #C(2.46 1.612))", "#C(8.964538622535656d-8 8.650144075393676d0)"},
	{"(expt #C(1.428 -1.779) -2.64)", "#C(-0.080556564 0.07974635)"},
	{"(expt 1.428 #C(-1.779 1.428))", "#C(0.4633683 0.25843555)"},
	{"(/ #C(1.428 -1.779) #C(-1.779 1.428))", "#C(-0.9763258 0.21630512)"},
	{"(* #C(1.428d0 -1.779d0) #C(-1.779 1.428))", "#C(-1.101493838362444d-7 5.2040250399112695d0)"},
	{"(expt #C(-0.403 -1.127) -1.84)", "#C(-0.66702783 -0.266853)"},
	{"(expt 0.403 #C(-1.127 -0.403))", "#C(2.6002622 0.99735606)"},
	{"(/ #C(-0.403 -1.127) #C(-1.127 -0.403))", "#C(0.63409275 0.77325696)"},
	{"(* #C(-0.403d0 -1.127d0) #C(-1.127 -0.403))", "#C(-7.152557324197062d-9 1.432537969827652d0)"},
	{"(expt #C(2.228 -1.704) 1.94)", "#C(2.2147803 -7.056063)"},
	{"(expt 2.228 #C(-1.704 2.228))", "#C(-0.05424683 0.24953137)"},
	{"(/ #C(2.228 -1.704) #C(-1.704 2.228))", "#C(-0.96510047 -0.2618801)"},
	{"(* #C(2.228d0 -1.704d0) #C(-1.704 2.228))", "#C(-1.1825561596623402d-7 7.867599827766418d0)"},
	{"(expt #C(2.626 -2.282) 2.48)", "#C(-4.449063 -21.565231)"},
	{"(expt 2.626 #C(-2.282 2.626))", "#C(-0.090765014 0.06293748)"},
	{"(/ #C(2.626 -2.282) #C(-2.282 2.626))", "#C(-0.9902229 -0.13949394)"},
	{"(* #C(2.626d0 -2.282d0) #C(-2.282 2.626))", "#C(-3.3569335933236744d-7 12.10339995765686d0)"},
	{"(expt #C(-0.617 -1.728) -1.88)", "#C(-0.2867922 -0.14075445)"},
	{"(expt 0.617 #C(-1.728 -0.617))", "#C(2.20201 0.6761964)"},
	{"(/ #C(-0.617 -1.728) #C(-1.728 -0.617))", "#C(0.6333707 0.7738486)"},
	{"(* #C(-0.617d0 -1.728d0) #C(-1.728 -0.617))", "#C(5.5670738241531126d-8 3.366673067450523d0)"},
	{"(expt #C(-2.774 -0.007) -0.69)", "#C(-0.27729478 0.40955883)"},
	{"(expt 2.774 #C(-0.007 -2.774))", "#C(-0.9451593 -0.3041238)"},
	{"(/ #C(-2.774 -0.007) #C(-0.007 -2.774))", "#C(0.005046832 -0.9999873)"},
	{"(* #C(-2.774d0 -0.007d0) #C(-0.007 -2.774))", "#C(1.093372701405082d-9 7.695124804235063d0)"},
	{"(expt #C(2.109 1.998) -2.66)", "#C(-0.025307894 -0.052864473)"},
	{"(expt 2.109 #C(1.998 2.109))", "#C(-0.013185299 4.4412284)"},
	{"(/ #C(2.109 1.998) #C(1.998 2.109))", "#C(0.99854016 -0.054014575)"},
	{"(* #C(2.109d0 1.998d0) #C(1.998 2.109))", "#C(1.1909008001964594d-7 8.439884983062743d0)"},
	{"(expt #C(-0.592 -0.665) -1.93)", "#C(-0.34206817 -1.2036494)"},
	{"(expt 0.592 #C(-0.665 -0.592))", "#C(1.3494155 0.4327835)"},
	{"(/ #C(-0.592 -0.665) #C(-0.665 -0.592))", "#C(0.9932774 0.11575916)"},
	{"(* #C(-0.592d0 -0.665d0) #C(-0.665 -0.592))", "#C(7.629394505048737d-9 0.7926890187859534d0)"},
	{"(expt #C(-1.496 -1.42) 1.16)", "#C(-2.15229 -0.85511494)"},
	{"(expt 1.496 #C(-1.42 -1.496))", "#C(0.4650061 -0.31989297)"},
	{"(/ #C(-1.496 -1.42) #C(-1.42 -1.496))", "#C(0.99864227 -0.052090842)"},
	{"(* #C(-1.496d0 -1.42d0) #C(-1.42 -1.496))", "#C(-1.3732910142394417d-7 4.254416016101837d0)"},
	{"(expt #C(-0.959 -2.333) -1.68)", "#C(-0.20886976 -0.03211269)"},
	{"(expt 0.959 #C(-2.333 -0.959))", "#C(1.1017095 0.04425497)"},
	{"(/ #C(-0.959 -2.333) #C(-2.333 -0.959))", "#C(0.703284 0.71090895)"},
	{"(* #C(-0.959d0 -2.333d0) #C(-2.333 -0.959))", "#C(-3.302097351109978d-8 6.362569862723351d0)"},
	{"(expt #C(-0.347 0.389) -1.53)", "#C(-2.5200224 0.9953532)"},
	{"(expt 0.347 #C(0.389 -0.347))", "#C(0.6183205 0.23788768)"},
	{"(/ #C(-0.347 0.389) #C(0.389 -0.347))", "#C(-0.9935082 0.11375999)"},
	{"(* #C(-0.347d0 0.389d0) #C(0.389 -0.347))", "#C(1.609325422924357d-9 0.271730000436306d0)"},
	{"(expt #C(1.198 -1.707) 1.02)", "#C(1.1822987 -1.7552718)"},
	{"(expt 1.198 #C(-1.707 1.198))", "#C(0.71750164 0.15775448)"},
	{"(/ #C(1.198 -1.707) #C(-1.707 1.198))", "#C(-0.9404282 0.33999246)"},
	{"(* #C(1.198d0 -1.707d0) #C(-1.707 1.198))", "#C(-9.87052914958042d-8 4.349052974462509d0)"},
	{"(expt #C(0.656 -1.945) 1.51)", "#C(-0.90335643 -2.8209534)"},
	{"(expt 0.656 #C(-1.945 0.656))", "#C(2.1842206 -0.6199692)"},
	{"(/ #C(0.656 -1.945) #C(-1.945 0.656))", "#C(-0.60565424 0.7957279)"},
	{"(* #C(0.656d0 -1.945d0) #C(-1.945 0.656))", "#C(8.344649415903405d-10 4.213361113905907d0)"},
	{"(expt #C(-0.635 0.237) 0.59)", "#C(-0.057176128 0.7929001)"},
	{"(expt 0.635 #C(0.237 -0.635))", "#C(0.8608821 0.25537333)"},
	{"(/ #C(-0.635 0.237) #C(0.237 -0.635))", "#C(-0.6551893 -0.75546473)"},
	{"(* #C(-0.635d0 0.237d0) #C(0.237 -0.635))", "#C(-4.455447205620189d-9 0.4593939947634936d0)"},
	{"(expt #C(0.769 -0.346) -2.66)", "#C(0.67908806 1.4197539)"},
	{"(expt 0.769 #C(-0.346 0.769))", "#C(1.0728749 -0.21970488)"},
	{"(/ #C(0.769 -0.346) #C(-0.346 0.769))", "#C(-0.748369 -0.66328263)"},
	{"(* #C(0.769d0 -0.346d0) #C(-0.346 0.769))", "#C(8.672475793058965d-9 0.711076990365982d0)"},
	{"(expt #C(1.72 2.158) -0.06)", "#C(0.9395476 -0.050664313)"},
	{"(expt 1.72 #C(2.158 1.72))", "#C(1.9196277 2.5890625)"},
	{"(/ #C(1.72 2.158) #C(2.158 1.72))", "#C(0.97480834 0.22304434)"},
	{"(* #C(1.72d0 2.158d0) #C(2.158 1.72))", "#C(-7.48634336744658d-8 7.6153640327453616d0)"},
	{"(expt #C(0.474 -1.389) 2.39)", "#C(-2.464157 -0.43153548)"},
	{"(expt 0.474 #C(-1.389 0.474))", "#C(2.6458526 -0.977413)"},
	{"(/ #C(0.474 -1.389) #C(-1.389 0.474))", "#C(-0.6113156 0.7913869)"},
	{"(* #C(0.474d0 -1.389d0) #C(-1.389 0.474))", "#C(-1.7970800292310685d-8 2.153997084081173d0)"},
	{"(expt #C(1.114 -1.669) 1.9)", "#C(-1.0935794 -3.5929267)"},
	{"(expt 1.114 #C(-1.669 1.114))", "#C(0.8290875 0.10019307)"},
	{"(/ #C(1.114 -1.669) #C(-1.669 1.114))", "#C(-0.9235017 0.38359454)"},
	{"(* #C(1.114d0 -1.669d0) #C(-1.669 1.114))", "#C(-9.500980380217072d-8 4.0265570079088215d0)"},
	{"(expt #C(2.917 -0.924) 2.97)", "#C(16.978788 -21.890232)"},
	{"(expt 2.917 #C(-0.924 2.917))", "#C(-0.37181088 0.006984015)"},
	{"(/ #C(2.917 -0.924) #C(-0.924 2.917))", "#C(-0.57575655 -0.8176211)"},
	{"(* #C(2.917d0 -0.924d0) #C(-0.924 2.917))", "#C(-2.1219253465432075d-8 9.362665184259415d0)"},
	{"(acosh -0.7)", "#C(0.0 2.3461938)"},
	{"(acosh -7/10)", "#C(0.0 2.3461938)"},
	{"(asin 1.5)", "#C(1.5707964 -0.9624237)"},
	{"(acos -1.5)", "#C(3.1415927 -0.9624237)"},
}
