package runtime

import (
	"math"
	"math/big"
	"sort"
)

// SUBTYPEP (CLHS 4.2.2). Type specifiers are translated into a canonical
// form: a union over disjoint domains of the universe (numbers by kind with
// interval sets, characters and symbols as classes with finite exceptions,
// and conses, arrays, complexes and other classes as unions of "positive
// spec and negated specs" terms). t1 is a subtype of t2 when t1 ∩ ¬t2 is
// empty. Where emptiness cannot be decided (SATISFIES, intersections of
// unrelated standard classes, unknown types) the answer is NIL NIL.

// tri is a three-valued answer.
type tri uint8

const (
	triNo tri = iota
	triYes
	triUnknown
)

// numeric kinds
const (
	stInt = iota
	stRatio
	stSingle
	stDouble
	// stSingleNegZero and stDoubleNegZero hold -0.0 of each format, which
	// the interval sets of stSingle and stDouble (over the rationals) cannot
	// tell from 0.0: their interval set is either empty or full. A float
	// range holds -0.0 when it holds 0 (CLHS 12.1.4.1: it compares =).
	stSingleNegZero
	stDoubleNegZero
	stKinds
)

type bound struct {
	v    *big.Rat // nil: unbounded
	open bool
}

type interval struct{ lo, hi bound }

type numSet [stKinds][]interval

// xset is a set of characters or symbols: whole classes (mask bits) plus
// finite inclusions and exclusions.
type xset struct {
	mask uint8
	incl map[Value]bool
	excl map[Value]bool
}

type term struct {
	pos  any
	negs []any
}

// ctype is the canonical form of a type specifier.
type ctype struct {
	num            numSet
	chr, sym       xset
	cons, arr, cpx []term
	cls            []term
}

type consSpec struct{ car, cdr *ctype }

type arrSpec struct {
	elem    string // "" for *
	hasDims bool
	dims    []int // -1 for *
	simple  bool
}

type cpxSpec struct{ part *ctype }

// clsSpec is a conjunction of classes (none: every object of the domain).
type clsSpec struct{ classes []*Class }

// stx carries the state of one SUBTYPEP computation.
type stx struct {
	th    *Thread
	depth int
	// work counts the term intersections made; past maxSubtypepWork the
	// answer is unknown (complements of large unions grow exponentially).
	work, polled int
}

// maxSubtypepWork bounds the term intersections of one SUBTYPEP call.
const maxSubtypepWork = 20000

// errUnknownType aborts parsing of a type whose extent golem cannot reason
// about (SATISFIES, unknown names).
type errUnknownType struct{}

// Subtypep implements SUBTYPEP: whether t1 is a subtype of t2, and whether
// that answer is certain.
func (th *Thread) Subtypep(t1, t2 Value) (bool, bool) {
	st := &stx{th: th}
	r := st.subtypep(t1, t2)
	switch r {
	case triYes:
		return true, true
	case triNo:
		return false, true
	}
	return false, false
}

func (st *stx) subtypep(t1, t2 Value) tri {
	st.depth++
	if st.depth > 200 {
		st.th.StorageCondition("SUBTYPEP: type expansion too deep")
	}
	defer func() { st.depth-- }()
	if sameTypeSpec(t1, t2, 0) || t1 == NIL || t2 == T {
		return triYes
	}
	a, okA := st.tryParse(t1)
	b, okB := st.tryParse(t2)
	if okA && okB {
		return st.trySubset(a, b)
	}
	// Structural rules for types with unknown parts.
	e1, e2 := st.expandTop(t1), st.expandTop(t2)
	if !Equal(st.th, e1, t1) || !Equal(st.th, e2, t2) {
		return st.subtypep(e1, e2)
	}
	if h, args := st.compound(t1); h == "OR" {
		res := triYes
		for _, x := range args {
			switch st.subtypep(x, t2) {
			case triNo:
				return triNo
			case triUnknown:
				res = triUnknown
			}
		}
		return res
	}
	if h, args := st.compound(t2); h == "AND" {
		res := triYes
		for _, x := range args {
			switch st.subtypep(t1, x) {
			case triNo:
				return triNo
			case triUnknown:
				res = triUnknown
			}
		}
		return res
	}
	if h, args := st.compound(t1); h == "AND" {
		for _, x := range args {
			if st.subtypep(x, t2) == triYes {
				return triYes
			}
		}
	}
	if h, args := st.compound(t2); h == "OR" {
		for _, x := range args {
			if st.subtypep(t1, x) == triYes {
				return triYes
			}
		}
	}
	return triUnknown
}

// sameTypeSpec reports whether two type specifiers are the same list
// structure with EQL leaves: (EQL "abc") is not (EQL "abc") of another
// string. depth bounds the walk (circular specs are simply "not the same").
func sameTypeSpec(a, b Value, depth int) bool {
	for {
		if Eql(a, b) {
			return true
		}
		ca, ok1 := a.(*Cons)
		cb, ok2 := b.(*Cons)
		if !ok1 || !ok2 || depth > 1000 {
			return false
		}
		if h, ok := ca.Car.(*Symbol); ok && h == cb.Car && (h.Name == "EQL" || h.Name == "MEMBER") &&
			h.Pkg != nil && h.Pkg.Name == "COMMON-LISP" {
			return false // their objects compare by EQL: only identical lists were the same
		}
		if !sameTypeSpec(ca.Car, cb.Car, depth+1) {
			return false
		}
		a, b, depth = ca.Cdr, cb.Cdr, depth+1
	}
}

// compound returns the COMMON-LISP operator name and arguments of a compound spec.
func (st *stx) compound(t Value) (string, []Value) {
	c, ok := t.(*Cons)
	if !ok {
		return "", nil
	}
	h, ok := c.Car.(*Symbol)
	if !ok || h.Pkg != st.th.Img.CL {
		return "", nil
	}
	return h.Name, ListToSlice(c.Cdr)
}

// expandTop expands a user-defined type at the top of a spec.
func (st *stx) expandTop(t Value) Value {
	for i := 0; i < 100; i++ {
		exp, ok := st.expandUser(t)
		if !ok {
			return t
		}
		t = exp
	}
	return t
}

func (st *stx) expandUser(t Value) (Value, bool) {
	img := st.th.Img
	var head *Symbol
	switch x := t.(type) {
	case *Symbol:
		head = x
	case *Cons:
		head, _ = x.Car.(*Symbol)
	}
	if head == nil || head.Pkg == img.CL || head == NIL || head == T {
		return nil, false
	}
	if _, ok := t.(*Symbol); ok && img.Classes[head] != nil {
		return nil, false
	}
	if h, ok := img.Extra[typeHookKey{}].(TypeHook); ok {
		return h(st.th, t)
	}
	return nil, false
}

func (st *stx) tryParse(t Value) (c *ctype, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, is := r.(errUnknownType); is {
				c, ok = nil, false
				return
			}
			panic(r)
		}
	}()
	return st.parse(t), true
}

// subset decides a ⊆ b.
// trySubset is subset, unknown when the work budget runs out.
func (st *stx) trySubset(a, b *ctype) (r tri) {
	defer func() {
		if x := recover(); x != nil {
			if _, is := x.(errUnknownType); is {
				r = triUnknown
				return
			}
			panic(x)
		}
	}()
	return st.subset(a, b)
}

func (st *stx) subset(a, b *ctype) tri {
	d := st.intersect(a, st.complement(b))
	switch st.isEmpty(d) {
	case triYes:
		return triYes
	case triNo:
		return triNo
	}
	return triUnknown
}

// --- constructors ---

func emptyCtype() *ctype { return &ctype{} }

func fullInterval() []interval { return []interval{{}} }

func (st *stx) top() *ctype {
	c := &ctype{}
	for k := 0; k < stKinds; k++ {
		c.num[k] = fullInterval()
	}
	c.chr.mask = 7
	c.sym.mask = 3
	c.cons = []term{{pos: consSpec{}}}
	c.arr = []term{{pos: arrSpec{}}}
	c.cpx = []term{{pos: cpxSpec{}}}
	c.cls = []term{{pos: clsSpec{}}}
	return c
}

func numKinds(iv []interval, kinds ...int) *ctype {
	c := &ctype{}
	for _, k := range kinds {
		c.num[k] = normalizeKind(k, append([]interval(nil), iv...))
		if (k == stSingle || k == stDouble) && holdsZero(c.num[k]) {
			c.num[k+stSingleNegZero-stSingle] = fullInterval()
		}
	}
	return c
}

// holdsZero reports whether an interval set contains 0.
func holdsZero(ivs []interval) bool {
	for _, iv := range ivs {
		lo, hi := true, true
		if iv.lo.v != nil {
			c := iv.lo.v.Sign()
			lo = c < 0 || (c == 0 && !iv.lo.open)
		}
		if iv.hi.v != nil {
			c := iv.hi.v.Sign()
			hi = c > 0 || (c == 0 && !iv.hi.open)
		}
		if lo && hi {
			return true
		}
	}
	return false
}

func ratOf(v Value) *big.Rat {
	switch x := v.(type) {
	case Fixnum:
		return new(big.Rat).SetInt64(int64(x))
	case *Bignum:
		return new(big.Rat).SetInt(x.Int)
	case *Ratio:
		return new(big.Rat).Set(x.Rat)
	case SingleFloat:
		f := float64(x)
		if math.IsInf(f, 0) || math.IsNaN(f) {
			return nil
		}
		return new(big.Rat).SetFloat64(f)
	case DoubleFloat:
		f := float64(x)
		if math.IsInf(f, 0) || math.IsNaN(f) {
			return nil
		}
		return new(big.Rat).SetFloat64(f)
	}
	return nil
}

func pow2(n int) *big.Rat { return new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(n))) }

func closed(r *big.Rat) bound { return bound{v: r} }

func intRange(lo, hi *big.Rat) []interval {
	return []interval{{lo: bound{v: lo}, hi: bound{v: hi}}}
}

// --- parsing ---

func (st *stx) unknown() { panic(errUnknownType{}) }

func (st *stx) parse(t Value) *ctype {
	st.depth++
	if st.depth > 200 {
		st.th.StorageCondition("SUBTYPEP: type expansion too deep")
	}
	defer func() { st.depth-- }()
	img := st.th.Img
	switch x := t.(type) {
	case *Symbol:
		if x == T {
			return st.top()
		}
		if x == NIL {
			return emptyCtype()
		}
		if x.Pkg == img.CL {
			if c := st.parseCLSymbol(x.Name); c != nil {
				return c
			}
		}
		if c := img.Classes[x]; c != nil {
			return st.parseClass(c)
		}
		if exp, ok := st.expandUser(x); ok {
			return st.parse(exp)
		}
		st.unknown()
	case *Class:
		if x.Name != nil && x.Name.Pkg == img.CL {
			if c := st.parseCLSymbol(x.Name.Name); c != nil {
				return c
			}
		}
		return st.parseClass(x)
	case *Cons:
		return st.parseCompound(x)
	}
	st.unknown()
	return nil
}

func (st *stx) parseClass(c *Class) *ctype {
	if c.Name != nil && c.Name == T {
		return st.top()
	}
	return &ctype{cls: []term{{pos: clsSpec{classes: []*Class{c}}}}}
}

var (
	minFix = new(big.Rat).SetInt64(math.MinInt64)
	maxFix = new(big.Rat).SetInt64(math.MaxInt64)
)

func (st *stx) parseCLSymbol(name string) *ctype {
	img := st.th.Img
	full := fullInterval()
	switch name {
	case "NUMBER":
		c := numKinds(full, stInt, stRatio, stSingle, stDouble)
		c.cpx = []term{{pos: cpxSpec{}}}
		return c
	case "REAL":
		return numKinds(full, stInt, stRatio, stSingle, stDouble)
	case "RATIONAL":
		return numKinds(full, stInt, stRatio)
	case "INTEGER":
		return numKinds(full, stInt)
	case "FIXNUM":
		return numKinds(intRange(minFix, maxFix), stInt)
	case "BIGNUM":
		c := numKinds(intRange(minFix, maxFix), stInt)
		return st.intersect(numKinds(full, stInt), st.complement(c))
	case "BIT":
		return numKinds(intRange(new(big.Rat), big.NewRat(1, 1)), stInt)
	case "RATIO":
		return numKinds(full, stRatio)
	case "FLOAT":
		return numKinds(full, stSingle, stDouble)
	case "SINGLE-FLOAT", "SHORT-FLOAT":
		return numKinds(full, stSingle)
	case "DOUBLE-FLOAT", "LONG-FLOAT":
		return numKinds(full, stDouble)
	case "COMPLEX":
		return &ctype{cpx: []term{{pos: cpxSpec{}}}}
	case "CHARACTER":
		return &ctype{chr: xset{mask: 7}}
	case "BASE-CHAR":
		return &ctype{chr: xset{mask: 3}}
	case "STANDARD-CHAR":
		return &ctype{chr: xset{mask: 1}}
	case "EXTENDED-CHAR":
		return &ctype{chr: xset{mask: 4}}
	case "SYMBOL":
		return &ctype{sym: xset{mask: 3}}
	case "KEYWORD":
		return &ctype{sym: xset{mask: 1}}
	case "NULL":
		return &ctype{sym: xset{incl: map[Value]bool{NIL: true}}}
	case "BOOLEAN":
		return &ctype{sym: xset{incl: map[Value]bool{NIL: true, T: true}}}
	case "CONS":
		return &ctype{cons: []term{{pos: consSpec{}}}}
	case "LIST":
		return &ctype{cons: []term{{pos: consSpec{}}}, sym: xset{incl: map[Value]bool{NIL: true}}}
	case "ATOM":
		return st.complement(&ctype{cons: []term{{pos: consSpec{}}}})
	case "SEQUENCE":
		return &ctype{cons: []term{{pos: consSpec{}}}, sym: xset{incl: map[Value]bool{NIL: true}},
			arr: []term{{pos: arrSpec{hasDims: true, dims: []int{-1}}}}}
	case "ARRAY":
		return &ctype{arr: []term{{pos: arrSpec{}}}}
	case "SIMPLE-ARRAY":
		return &ctype{arr: []term{{pos: arrSpec{simple: true}}}}
	case "VECTOR":
		return st.vec("", false, -1)
	case "SIMPLE-VECTOR":
		return st.vec("T", true, -1)
	case "STRING":
		return st.stringType(false, false, -1)
	case "SIMPLE-STRING":
		return st.stringType(true, false, -1)
	case "BASE-STRING":
		return st.stringType(false, true, -1)
	case "SIMPLE-BASE-STRING":
		return st.stringType(true, true, -1)
	case "BIT-VECTOR":
		return st.vec("BIT", false, -1)
	case "SIMPLE-BIT-VECTOR":
		return st.vec("BIT", true, -1)
	case "SIGNED-BYTE":
		return numKinds(full, stInt)
	case "UNSIGNED-BYTE":
		return numKinds([]interval{{lo: closed(new(big.Rat))}}, stInt)
	case "FUNCTION", "COMPILED-FUNCTION":
		if c := img.Classes[img.CLSym("FUNCTION")]; c != nil {
			return st.parseClass(c)
		}
	}
	return nil
}

func (st *stx) vec(elem string, simple bool, size int) *ctype {
	return &ctype{arr: []term{{pos: arrSpec{elem: elem, hasDims: true, dims: []int{size}, simple: simple}}}}
}

// stringType is STRING (the union of the vectors of each upgraded subtype
// of CHARACTER: BASE-CHAR, CHARACTER and NIL) or BASE-STRING.
func (st *stx) stringType(simple, base bool, size int) *ctype {
	c := st.vec("BASE-CHAR", simple, size)
	if !base {
		c.arr = append(c.arr, st.vec("CHARACTER", simple, size).arr...)
		c.arr = append(c.arr, st.vec("NIL", simple, size).arr...)
	}
	return c
}

// parseBound reads a numeric type bound: * , a number, or (number).
func (st *stx) parseBound(v Value, ok bool) bound {
	if !ok || isStar(v) {
		return bound{}
	}
	open := false
	if c, isCons := v.(*Cons); isCons {
		v = c.Car
		open = true
	}
	r := ratOf(v)
	if r == nil {
		if IsFloat(v) {
			return bound{}
		}
		st.th.SimpleError("~S is not a valid numeric type bound.", v)
	}
	return bound{v: r, open: open}
}

func (st *stx) rangeArgs(args []Value) []interval {
	var lo, hi bound
	if len(args) > 0 {
		lo = st.parseBound(args[0], true)
	}
	if len(args) > 1 {
		hi = st.parseBound(args[1], true)
	}
	return []interval{{lo: lo, hi: hi}}
}

func (st *stx) parseCompound(x *Cons) *ctype {
	img := st.th.Img
	head, _ := x.Car.(*Symbol)
	args := ListToSlice(x.Cdr)
	if head == nil {
		st.unknown()
	}
	if head.Pkg != img.CL {
		if exp, ok := st.expandUser(x); ok {
			return st.parse(exp)
		}
		st.unknown()
	}
	switch head.Name {
	case "AND":
		r := st.top()
		for _, a := range args {
			r = st.intersect(r, st.parse(a))
		}
		return r
	case "OR":
		r := emptyCtype()
		for _, a := range args {
			r = st.union(r, st.parse(a))
		}
		return r
	case "NOT":
		if len(args) != 1 {
			st.th.SimpleError("bad type specifier ~S", x)
		}
		return st.complement(st.parse(args[0]))
	case "MEMBER", "EQL":
		r := emptyCtype()
		for _, a := range args {
			r = st.union(r, st.singleton(a))
		}
		return r
	case "SATISFIES":
		st.unknown()
	case "CONS":
		car, cdr := st.top(), st.top()
		if len(args) > 0 && !isStar(args[0]) {
			car = st.parse(args[0])
		}
		if len(args) > 1 && !isStar(args[1]) {
			cdr = st.parse(args[1])
		}
		if st.isEmpty(car) == triYes || st.isEmpty(cdr) == triYes {
			return emptyCtype()
		}
		return &ctype{cons: []term{{pos: consSpec{car: car, cdr: cdr}}}}
	case "INTEGER":
		return numKinds(st.rangeArgs(args), stInt)
	case "RATIONAL":
		return numKinds(st.rangeArgs(args), stInt, stRatio)
	case "REAL":
		return numKinds(st.rangeArgs(args), stInt, stRatio, stSingle, stDouble)
	case "FLOAT":
		return numKinds(st.rangeArgs(args), stSingle, stDouble)
	case "SINGLE-FLOAT", "SHORT-FLOAT":
		return numKinds(st.rangeArgs(args), stSingle)
	case "DOUBLE-FLOAT", "LONG-FLOAT":
		return numKinds(st.rangeArgs(args), stDouble)
	case "MOD":
		if len(args) != 1 {
			st.th.SimpleError("bad type specifier ~S", x)
		}
		n := ratOf(args[0])
		if n == nil || !n.IsInt() || n.Sign() <= 0 {
			st.th.SimpleError("bad type specifier ~S", x)
		}
		return numKinds(intRange(new(big.Rat), new(big.Rat).Sub(n, big.NewRat(1, 1))), stInt)
	case "UNSIGNED-BYTE":
		if len(args) == 0 || isStar(args[0]) {
			return st.parseCLSymbol("UNSIGNED-BYTE")
		}
		n, ok := args[0].(Fixnum)
		if !ok || n <= 0 {
			st.th.SimpleError("bad type specifier ~S", x)
		}
		return numKinds(intRange(new(big.Rat), new(big.Rat).Sub(pow2(int(n)), big.NewRat(1, 1))), stInt)
	case "SIGNED-BYTE":
		if len(args) == 0 || isStar(args[0]) {
			return st.parseCLSymbol("SIGNED-BYTE")
		}
		n, ok := args[0].(Fixnum)
		if !ok || n <= 0 {
			st.th.SimpleError("bad type specifier ~S", x)
		}
		p := pow2(int(n) - 1)
		return numKinds(intRange(new(big.Rat).Neg(p), new(big.Rat).Sub(p, big.NewRat(1, 1))), stInt)
	case "COMPLEX":
		if len(args) == 0 || isStar(args[0]) {
			return &ctype{cpx: []term{{pos: cpxSpec{}}}}
		}
		return &ctype{cpx: []term{{pos: cpxSpec{part: st.parse(args[0])}}}}
	case "ARRAY", "SIMPLE-ARRAY":
		spec := arrSpec{simple: head.Name == "SIMPLE-ARRAY"}
		if len(args) > 0 && !isStar(args[0]) {
			spec.elem = st.upgraded(args[0])
		}
		if len(args) > 1 && !isStar(args[1]) {
			spec.hasDims = true
			switch d := args[1].(type) {
			case Fixnum:
				for i := 0; i < int(d); i++ {
					spec.dims = append(spec.dims, -1)
				}
			default:
				for _, e := range ListToSlice(d) {
					if n, ok := e.(Fixnum); ok {
						spec.dims = append(spec.dims, int(n))
					} else {
						spec.dims = append(spec.dims, -1)
					}
				}
				if spec.dims == nil {
					spec.dims = []int{}
				}
			}
		}
		return &ctype{arr: []term{{pos: spec}}}
	case "VECTOR":
		elem := ""
		if len(args) > 0 && !isStar(args[0]) {
			elem = st.upgraded(args[0])
		}
		return st.vec(elem, false, sizeArg(args, 1))
	case "SIMPLE-VECTOR":
		return st.vec("T", true, sizeArg(args, 0))
	case "STRING":
		return st.stringType(false, false, sizeArg(args, 0))
	case "SIMPLE-STRING":
		return st.stringType(true, false, sizeArg(args, 0))
	case "BASE-STRING":
		return st.stringType(false, true, sizeArg(args, 0))
	case "SIMPLE-BASE-STRING":
		return st.stringType(true, true, sizeArg(args, 0))
	case "BIT-VECTOR":
		return st.vec("BIT", false, sizeArg(args, 0))
	case "SIMPLE-BIT-VECTOR":
		return st.vec("BIT", true, sizeArg(args, 0))
	case "FUNCTION":
		return st.parseCLSymbol("FUNCTION")
	}
	st.unknown()
	return nil
}

func sizeArg(args []Value, i int) int {
	if i < len(args) {
		if n, ok := args[i].(Fixnum); ok {
			return int(n)
		}
	}
	return -1
}

// upgraded names the upgraded array element type of spec as SBCL computes it.
func (st *stx) upgraded(spec Value) string {
	e, ok := st.tryParse(spec)
	if !ok {
		return "T"
	}
	sub := func(name Value) bool {
		c, ok := st.tryParse(name)
		return ok && st.subset(e, c) == triYes
	}
	if st.isEmpty(e) == triYes {
		return "NIL"
	}
	img := st.th.Img
	ub := func(n int) Value { return List(img.CLSym("UNSIGNED-BYTE"), MakeInt(int64(n))) }
	sb := func(n int) Value { return List(img.CLSym("SIGNED-BYTE"), MakeInt(int64(n))) }
	if sub(img.CLSym("BIT")) {
		return "BIT"
	}
	for _, n := range []int{2, 4, 7, 8, 15, 16, 31, 32, 62, 63, 64} {
		if sub(ub(n)) {
			return "UB" + itoa(n)
		}
	}
	for _, n := range []int{8, 16, 32, 64} {
		if sub(sb(n)) {
			return "SB" + itoa(n)
		}
	}
	for _, name := range []string{"BASE-CHAR", "CHARACTER", "SINGLE-FLOAT", "DOUBLE-FLOAT"} {
		if sub(img.CLSym(name)) {
			return name
		}
	}
	for _, name := range []string{"SINGLE-FLOAT", "DOUBLE-FLOAT"} {
		if sub(List(img.CLSym("COMPLEX"), img.CLSym(name))) {
			return "COMPLEX-" + name
		}
	}
	return "T"
}

// singleton is the type (EQL v).
func (st *stx) singleton(v Value) *ctype {
	c := &ctype{}
	switch x := v.(type) {
	case Fixnum, *Bignum:
		r := ratOf(x)
		c.num[stInt] = intRange(r, r)
	case *Ratio:
		r := ratOf(x)
		c.num[stRatio] = intRange(r, r)
	case SingleFloat:
		if x == 0 && math.Signbit(float64(x)) {
			c.num[stSingleNegZero] = fullInterval()
		} else if r := ratOf(x); r != nil {
			c.num[stSingle] = intRange(r, r)
		} else {
			st.unknown()
		}
	case DoubleFloat:
		if x == 0 && math.Signbit(float64(x)) {
			c.num[stDoubleNegZero] = fullInterval()
		} else if r := ratOf(x); r != nil {
			c.num[stDouble] = intRange(r, r)
		} else {
			st.unknown()
		}
	case Char:
		c.chr.incl = map[Value]bool{x: true}
	case *Symbol:
		c.sym.incl = map[Value]bool{x: true}
	default:
		st.unknown()
	}
	return c
}

// --- set operations ---

func (st *stx) union(a, b *ctype) *ctype {
	r := &ctype{}
	for k := 0; k < stKinds; k++ {
		r.num[k] = unionIntervals(k, a.num[k], b.num[k])
	}
	r.chr = xsetOp(a.chr, b.chr, 7, charBit, func(x, y bool) bool { return x || y })
	r.sym = xsetOp(a.sym, b.sym, 3, symBit, func(x, y bool) bool { return x || y })
	r.cons = append(append([]term(nil), a.cons...), b.cons...)
	r.arr = append(append([]term(nil), a.arr...), b.arr...)
	r.cpx = append(append([]term(nil), a.cpx...), b.cpx...)
	r.cls = append(append([]term(nil), a.cls...), b.cls...)
	return r
}

func (st *stx) intersect(a, b *ctype) *ctype {
	r := &ctype{}
	for k := 0; k < stKinds; k++ {
		r.num[k] = intersectIntervals(k, a.num[k], b.num[k])
	}
	r.chr = xsetOp(a.chr, b.chr, 7, charBit, func(x, y bool) bool { return x && y })
	r.sym = xsetOp(a.sym, b.sym, 3, symBit, func(x, y bool) bool { return x && y })
	r.cons = st.meetTerms(consDom, a.cons, b.cons)
	r.arr = st.meetTerms(arrDom, a.arr, b.arr)
	r.cpx = st.meetTerms(cpxDom, a.cpx, b.cpx)
	r.cls = st.meetTerms(clsDom, a.cls, b.cls)
	return r
}

func (st *stx) complement(a *ctype) *ctype {
	r := &ctype{}
	for k := 0; k < stKinds; k++ {
		r.num[k] = complementIntervals(k, a.num[k])
	}
	r.chr = xsetOp(a.chr, xset{}, 7, charBit, func(x, y bool) bool { return !x })
	r.sym = xsetOp(a.sym, xset{}, 3, symBit, func(x, y bool) bool { return !x })
	r.cons = st.complementTerms(consDom, a.cons)
	r.arr = st.complementTerms(arrDom, a.arr)
	r.cpx = st.complementTerms(cpxDom, a.cpx)
	r.cls = st.complementTerms(clsDom, a.cls)
	return r
}

// isEmpty decides whether a type has no elements.
func (st *stx) isEmpty(a *ctype) tri {
	for k := 0; k < stKinds; k++ {
		for _, iv := range a.num[k] {
			if nonEmptyInterval(k, iv) {
				return triNo
			}
		}
	}
	if a.chr.mask != 0 || len(a.chr.incl) > 0 || a.sym.mask != 0 || len(a.sym.incl) > 0 {
		return triNo
	}
	res := triYes
	for _, part := range []struct {
		d  domain
		ts []term
	}{{consDom, a.cons}, {arrDom, a.arr}, {cpxDom, a.cpx}, {clsDom, a.cls}} {
		for _, t := range part.ts {
			switch st.termEmpty(part.d, t) {
			case triNo:
				return triNo
			case triUnknown:
				res = triUnknown
			}
		}
	}
	return res
}

// --- intervals ---

func cmpLo(a, b bound) int {
	switch {
	case a.v == nil && b.v == nil:
		return 0
	case a.v == nil:
		return -1
	case b.v == nil:
		return 1
	}
	if c := a.v.Cmp(b.v); c != 0 {
		return c
	}
	switch {
	case a.open == b.open:
		return 0
	case a.open:
		return 1
	}
	return -1
}

func cmpHi(a, b bound) int {
	switch {
	case a.v == nil && b.v == nil:
		return 0
	case a.v == nil:
		return 1
	case b.v == nil:
		return -1
	}
	if c := a.v.Cmp(b.v); c != 0 {
		return c
	}
	switch {
	case a.open == b.open:
		return 0
	case a.open:
		return -1
	}
	return 1
}

func nonEmptyInterval(k int, iv interval) bool {
	if iv.lo.v == nil || iv.hi.v == nil {
		return true
	}
	c := iv.lo.v.Cmp(iv.hi.v)
	switch {
	case c < 0:
		return true
	case c > 0:
		return false
	}
	if iv.lo.open || iv.hi.open {
		return false
	}
	if k == stRatio {
		return !iv.lo.v.IsInt()
	}
	return true
}

// normInt turns an interval into closed integer bounds.
func normInt(iv interval) interval {
	one := big.NewRat(1, 1)
	if iv.lo.v != nil {
		f := ratFloor(iv.lo.v)
		r := new(big.Rat).SetInt(f)
		if iv.lo.open || r.Cmp(iv.lo.v) != 0 {
			r.Add(r, one)
		}
		iv.lo = bound{v: r}
	}
	if iv.hi.v != nil {
		f := ratFloor(iv.hi.v)
		r := new(big.Rat).SetInt(f)
		if iv.hi.open && r.Cmp(iv.hi.v) == 0 {
			r.Sub(r, one)
		}
		iv.hi = bound{v: r}
	}
	return iv
}

func ratFloor(r *big.Rat) *big.Int {
	q, _ := new(big.Int).DivMod(r.Num(), r.Denom(), new(big.Int))
	return q
}

func normalizeKind(k int, ivs []interval) []interval {
	var out []interval
	for _, iv := range ivs {
		if k == stInt {
			iv = normInt(iv)
		}
		if nonEmptyInterval(k, iv) {
			out = append(out, iv)
		}
	}
	return mergeIntervals(k, out)
}

// touches reports whether interval a (ending first) overlaps or abuts b.
func touches(k int, a, b interval) bool {
	if a.hi.v == nil || b.lo.v == nil {
		return true
	}
	c := a.hi.v.Cmp(b.lo.v)
	if k == stInt {
		// closed integer bounds: adjacent when a.hi + 1 >= b.lo
		n := new(big.Rat).Add(a.hi.v, big.NewRat(1, 1))
		return n.Cmp(b.lo.v) >= 0
	}
	if c > 0 {
		return true
	}
	if c < 0 {
		return false
	}
	return !(a.hi.open && b.lo.open)
}

func mergeIntervals(k int, ivs []interval) []interval {
	if len(ivs) <= 1 {
		return ivs
	}
	sort.Slice(ivs, func(i, j int) bool { return cmpLo(ivs[i].lo, ivs[j].lo) < 0 })
	out := []interval{ivs[0]}
	for _, iv := range ivs[1:] {
		last := &out[len(out)-1]
		if touches(k, *last, iv) {
			if cmpHi(iv.hi, last.hi) > 0 {
				last.hi = iv.hi
			}
			continue
		}
		out = append(out, iv)
	}
	return out
}

func unionIntervals(k int, a, b []interval) []interval {
	return mergeIntervals(k, append(append([]interval(nil), a...), b...))
}

func intersectIntervals(k int, a, b []interval) []interval {
	var out []interval
	for _, x := range a {
		for _, y := range b {
			iv := x
			if cmpLo(y.lo, iv.lo) > 0 {
				iv.lo = y.lo
			}
			if cmpHi(y.hi, iv.hi) < 0 {
				iv.hi = y.hi
			}
			if k == stInt {
				iv = normInt(iv)
			}
			if nonEmptyInterval(k, iv) {
				out = append(out, iv)
			}
		}
	}
	return mergeIntervals(k, out)
}

func complementIntervals(k int, a []interval) []interval {
	a = mergeIntervals(k, append([]interval(nil), a...))
	var out []interval
	lo := bound{} // lower bound of the next gap; nil is -inf
	add := func(gap interval) {
		if k == stInt {
			gap = normInt(gap)
		}
		if nonEmptyInterval(k, gap) {
			out = append(out, gap)
		}
	}
	for _, iv := range a {
		if iv.lo.v != nil {
			add(interval{lo: lo, hi: bound{v: iv.lo.v, open: !iv.lo.open}})
		}
		if iv.hi.v == nil {
			return out
		}
		lo = bound{v: iv.hi.v, open: !iv.hi.open}
	}
	add(interval{lo: lo})
	return out
}

// --- character and symbol sets ---

func charBit(v Value) uint8 {
	c := v.(Char)
	switch {
	case c == '\n' || (c >= 32 && c < 127):
		return 1
	case c < 256:
		return 2
	}
	return 4
}

func symBit(v Value) uint8 {
	if IsKeyword(v) {
		return 1
	}
	return 2
}

func (x xset) has(v Value, bit func(Value) uint8) bool {
	if x.incl[v] {
		return true
	}
	return x.mask&bit(v) != 0 && !x.excl[v]
}

func xsetOp(a, b xset, full uint8, bit func(Value) uint8, f func(x, y bool) bool) xset {
	var r xset
	for i := uint8(1); i <= full && i != 0; i <<= 1 {
		if f(a.mask&i != 0, b.mask&i != 0) {
			r.mask |= i
		}
	}
	cands := map[Value]bool{}
	for _, m := range []map[Value]bool{a.incl, a.excl, b.incl, b.excl} {
		for v := range m {
			cands[v] = true
		}
	}
	for v := range cands {
		in := f(a.has(v, bit), b.has(v, bit))
		base := r.mask&bit(v) != 0
		switch {
		case in && !base:
			if r.incl == nil {
				r.incl = map[Value]bool{}
			}
			r.incl[v] = true
		case !in && base:
			if r.excl == nil {
				r.excl = map[Value]bool{}
			}
			r.excl[v] = true
		}
	}
	return r
}

// --- term domains ---

// domain implements the spec operations of a term domain.
type domain interface {
	all() any
	// meet intersects two specs; ok is false when the result is certainly empty.
	meet(st *stx, a, b any) (any, bool)
	empty(st *stx, a any) tri
	// covered decides whether p is a subset of the union of ns.
	covered(st *stx, p any, ns []any) tri
}

type consDomain struct{}
type arrDomain struct{}
type cpxDomain struct{}
type clsDomain struct{}

var (
	consDom domain = consDomain{}
	arrDom  domain = arrDomain{}
	cpxDom  domain = cpxDomain{}
	clsDom  domain = clsDomain{}
)

func (st *stx) meetTerms(d domain, a, b []term) []term {
	n := len(a) * len(b)
	st.work += n
	if st.work > maxSubtypepWork {
		st.unknown()
	}
	st.th.PollWork(&st.polled, n)
	var out []term
	for _, x := range a {
		for _, y := range b {
			p, ok := d.meet(st, x.pos, y.pos)
			if !ok {
				continue
			}
			negs := append(append([]any(nil), x.negs...), y.negs...)
			out = append(out, term{pos: p, negs: negs})
		}
	}
	return out
}

func (st *stx) complementTerms(d domain, a []term) []term {
	res := []term{{pos: d.all()}}
	for _, t := range a {
		comp := []term{{pos: d.all(), negs: []any{t.pos}}}
		for _, n := range t.negs {
			comp = append(comp, term{pos: n})
		}
		res = st.meetTerms(d, res, comp)
		if len(res) > 64 {
			// Keep the computation bounded; drop terms that are certainly empty.
			var kept []term
			for _, x := range res {
				if st.termEmpty(d, x) != triYes {
					kept = append(kept, x)
				}
			}
			res = kept
		}
	}
	return res
}

func (st *stx) termEmpty(d domain, t term) tri {
	switch d.empty(st, t.pos) {
	case triYes:
		return triYes
	case triUnknown:
		if len(t.negs) == 0 {
			return triUnknown
		}
		if d.covered(st, t.pos, t.negs) == triYes {
			return triYes
		}
		return triUnknown
	}
	if len(t.negs) == 0 {
		return triNo
	}
	return d.covered(st, t.pos, t.negs)
}

// ctype helpers for nested types (cons components, complex parts).
func (st *stx) orTop(c *ctype) *ctype {
	if c == nil {
		return st.top()
	}
	return c
}

func (consDomain) all() any { return consSpec{} }

func (consDomain) meet(st *stx, a, b any) (any, bool) {
	x, y := a.(consSpec), b.(consSpec)
	r := consSpec{car: x.car, cdr: x.cdr}
	if y.car != nil {
		if r.car == nil {
			r.car = y.car
		} else {
			r.car = st.intersect(r.car, y.car)
		}
	}
	if y.cdr != nil {
		if r.cdr == nil {
			r.cdr = y.cdr
		} else {
			r.cdr = st.intersect(r.cdr, y.cdr)
		}
	}
	if (r.car != nil && st.isEmpty(r.car) == triYes) || (r.cdr != nil && st.isEmpty(r.cdr) == triYes) {
		return nil, false
	}
	return r, true
}

func (consDomain) empty(st *stx, a any) tri {
	x := a.(consSpec)
	res := triNo
	for _, c := range []*ctype{x.car, x.cdr} {
		if c == nil {
			continue
		}
		switch st.isEmpty(c) {
		case triYes:
			return triYes
		case triUnknown:
			res = triUnknown
		}
	}
	return res
}

// covered: (a,b) ⊆ ∪(ai,bi) iff for every split of the indices into S and
// its complement, a ⊆ ∪_S ai or b ⊆ ∪_notS bi.
func (consDomain) covered(st *stx, p any, ns []any) tri {
	x := p.(consSpec)
	for _, s := range ns {
		if c := s.(consSpec); c.car == nil && c.cdr == nil {
			return triYes
		}
	}
	if len(ns) > 10 || st.depth > 100 {
		return triUnknown
	}
	st.depth++
	defer func() { st.depth-- }()
	// sub decides a ⊆ u where nil stands for T and top reports whether
	// the union already includes T.
	sub := func(a *ctype, u *ctype, top bool) tri {
		if top {
			return triYes
		}
		if a == nil {
			a = st.top()
		}
		return st.subset(a, u)
	}
	res := triYes
	n := len(ns)
	for mask := 0; mask < 1<<n; mask++ {
		u1, u2 := emptyCtype(), emptyCtype()
		top1, top2 := false, false
		for i, s := range ns {
			c := s.(consSpec)
			if mask&(1<<i) != 0 {
				if c.car == nil {
					top1 = true
				} else {
					u1 = st.union(u1, c.car)
				}
			} else {
				if c.cdr == nil {
					top2 = true
				} else {
					u2 = st.union(u2, c.cdr)
				}
			}
		}
		r1 := sub(x.car, u1, top1)
		if r1 == triYes {
			continue
		}
		r2 := sub(x.cdr, u2, top2)
		if r2 == triYes {
			continue
		}
		if r1 == triNo && r2 == triNo {
			return triNo
		}
		res = triUnknown
	}
	return res
}

func (arrDomain) all() any { return arrSpec{} }

func (arrDomain) meet(st *stx, a, b any) (any, bool) {
	x, y := a.(arrSpec), b.(arrSpec)
	r := x
	if y.elem != "" {
		if r.elem != "" && r.elem != y.elem {
			return nil, false
		}
		r.elem = y.elem
	}
	if y.hasDims {
		if !r.hasDims {
			r.hasDims, r.dims = true, y.dims
		} else {
			if len(r.dims) != len(y.dims) {
				return nil, false
			}
			dims := make([]int, len(r.dims))
			for i := range dims {
				switch {
				case r.dims[i] < 0:
					dims[i] = y.dims[i]
				case y.dims[i] < 0 || y.dims[i] == r.dims[i]:
					dims[i] = r.dims[i]
				default:
					return nil, false
				}
			}
			r.dims = dims
		}
	}
	r.simple = x.simple || y.simple
	return r, true
}

func (arrDomain) empty(st *stx, a any) tri { return triNo }

func arrSub(p, n arrSpec) bool {
	if n.elem != "" && n.elem != p.elem {
		return false
	}
	if n.simple && !p.simple {
		return false
	}
	if n.hasDims {
		if !p.hasDims || len(p.dims) != len(n.dims) {
			return false
		}
		for i := range n.dims {
			if n.dims[i] >= 0 && n.dims[i] != p.dims[i] {
				return false
			}
		}
	}
	return true
}

func (arrDomain) covered(st *stx, p any, ns []any) tri {
	x := p.(arrSpec)
	for _, n := range ns {
		if arrSub(x, n.(arrSpec)) {
			return triYes
		}
	}
	return triNo
}

func (cpxDomain) all() any { return cpxSpec{} }

func (cpxDomain) meet(st *stx, a, b any) (any, bool) {
	x, y := a.(cpxSpec), b.(cpxSpec)
	switch {
	case x.part == nil:
		return y, true
	case y.part == nil:
		return x, true
	}
	p := st.intersect(x.part, y.part)
	if st.isEmpty(p) == triYes {
		return nil, false
	}
	return cpxSpec{part: p}, true
}

func (cpxDomain) empty(st *stx, a any) tri {
	x := a.(cpxSpec)
	if x.part == nil {
		return triNo
	}
	return st.isEmpty(x.part)
}

func (cpxDomain) covered(st *stx, p any, ns []any) tri {
	x := p.(cpxSpec)
	u := emptyCtype()
	for _, n := range ns {
		c := n.(cpxSpec)
		if c.part == nil {
			return triYes
		}
		u = st.union(u, c.part)
	}
	if x.part == nil {
		x.part = st.parseCLSymbol("REAL")
	}
	return st.subset(x.part, u)
}

func (clsDomain) all() any { return clsSpec{} }

func (clsDomain) meet(st *stx, a, b any) (any, bool) {
	x, y := a.(clsSpec), b.(clsSpec)
	all := append(append([]*Class(nil), x.classes...), y.classes...)
	var out []*Class
	for i, c := range all {
		redundant := false
		for j, d := range all {
			if i != j && d != c && d.IsSubclassOf(c) {
				redundant = true
				break
			}
			if j < i && d == c {
				redundant = true
				break
			}
		}
		if !redundant {
			out = append(out, c)
		}
	}
	r := clsSpec{classes: out}
	if (clsDomain{}).empty(st, r) == triYes {
		return nil, false
	}
	return r, true
}

func singleInheritance(c *Class) bool {
	return c.Kind == BuiltInClass || c.Kind == StructureClass
}

func (clsDomain) empty(st *stx, a any) tri {
	x := a.(clsSpec)
	if len(x.classes) <= 1 {
		return triNo
	}
	// An existing class below all of them proves the intersection inhabited.
	for _, c := range st.th.Img.Classes {
		below := true
		for _, k := range x.classes {
			if !c.IsSubclassOf(k) {
				below = false
				break
			}
		}
		if below {
			return triNo
		}
	}
	for _, k := range x.classes {
		if singleInheritance(k) {
			return triYes
		}
	}
	return triUnknown
}

func (clsDomain) covered(st *stx, p any, ns []any) tri {
	x := p.(clsSpec)
	for _, n := range ns {
		ok := true
		for _, nc := range n.(clsSpec).classes {
			found := false
			for _, pc := range x.classes {
				if pc.IsSubclassOf(nc) {
					found = true
					break
				}
			}
			if !found {
				ok = false
				break
			}
		}
		if ok {
			return triYes
		}
	}
	// Not covered only when a class proves it: one below every class of
	// p and outside each n. Otherwise a class defined later might be, or
	// no class is and the term is empty today: either way unknown.
	witness := func(c *Class) bool {
		for _, k := range x.classes {
			if !c.IsSubclassOf(k) {
				return false
			}
		}
		for _, n := range ns {
			in := true
			for _, nc := range n.(clsSpec).classes {
				if !c.IsSubclassOf(nc) {
					in = false
					break
				}
			}
			if in {
				return false
			}
		}
		return true
	}
	for _, c := range x.classes {
		if witness(c) {
			return triNo
		}
	}
	for _, c := range st.th.Img.Classes {
		if witness(c) {
			return triNo
		}
	}
	return triUnknown
}

func init() {
	Register(Def{Name: "SUBTYPEP", Min: 2, Max: 3, MV: true, Params: "(TYPE1 TYPE2 &OPTIONAL ENVIRONMENT)",
		Fn: func(th *Thread, args []Value) Value {
			r, certain := th.Subtypep(args[0], args[1])
			return th.Values2(Bool(r), Bool(certain))
		}})
}

// CheckThe checks the values of a THE form against its value type: primary
// is the primary value of the form just evaluated (the thread's multiple
// values are those of the form, and are left as they were). It signals
// TYPE-ERROR for a value not of its type, as SBCL does; unknown types are
// not checked.
func (th *Thread) CheckThe(spec Value, primary Value) {
	if spec == T {
		return
	}
	if c, ok := spec.(*Cons); ok && c.Car == th.Img.S.Values {
		vals := th.MultipleValues(primary)
		types := ListToSlice(c.Cdr)
		i := 0
		rest := false
		for _, t := range types {
			if s, ok := t.(*Symbol); ok && s.Pkg == th.Img.CL && (s.Name == "&OPTIONAL" || s.Name == "&REST") {
				rest = s.Name == "&REST"
				continue
			}
			if rest {
				for ; i < len(vals); i++ {
					th.checkTheOne(t, vals[i])
				}
				break
			}
			if i < len(vals) {
				th.checkTheOne(t, vals[i])
			}
			i++
		}
		if len(vals) == 1 {
			th.SetSingle()
		} else {
			th.Values(vals...)
		}
		return
	}
	if th.nv == 1 {
		th.checkTheOne(spec, primary)
		th.SetSingle()
		return
	}
	vals := th.MultipleValues(primary)
	th.checkTheOne(spec, primary)
	th.Values(vals...)
}

func (th *Thread) checkTheOne(spec, v Value) {
	if th.TypeP(v, spec) {
		return
	}
	st := &stx{th: th}
	if _, ok := st.tryParse(spec); !ok && !mentionsSatisfies(th, spec) {
		return
	}
	th.TypeError(v, spec)
}

func mentionsSatisfies(th *Thread, spec Value) bool {
	c, ok := spec.(*Cons)
	if !ok {
		return false
	}
	if s, ok := c.Car.(*Symbol); ok && s.Pkg == th.Img.CL && s.Name == "SATISFIES" {
		return true
	}
	for _, x := range ListToSlice(c.Cdr) {
		if mentionsSatisfies(th, x) {
			return true
		}
	}
	return false
}

// UpgradedComplexPartType implements UPGRADED-COMPLEX-PART-TYPE. golem's
// complexes hold parts of any real type and (COMPLEX type) is the complexes
// whose parts are of that type, so a subtype of REAL upgrades to itself, as
// in SBCL; a type that is certainly not one is an error, and one SUBTYPEP
// cannot decide upgrades to REAL.
func (th *Thread) UpgradedComplexPartType(spec Value) Value {
	sub, known := th.Subtypep(spec, th.Img.S.Real)
	switch {
	case sub:
		return spec
	case known:
		th.SimpleError("~S is not a subtype of REAL, so no complex has parts of that type.", spec)
	}
	return th.Img.S.Real
}
