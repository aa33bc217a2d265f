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
}
