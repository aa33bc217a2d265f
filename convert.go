package golem

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"sort"
	"strings"
	"sync/atomic"
	"unicode"

	"github.com/golem-lisp/golem/printer"
	rt "github.com/golem-lisp/golem/runtime"
)

// Conversions between Lisp values and Go values.
//
//	Lisp                         Go (ToGo)             Go accepted by FromGo
//	fixnum / bignum              int64 / *big.Int      any integer kind, *big.Int, big.Int
//	ratio                        *big.Rat              *big.Rat, big.Rat
//	single-float / double-float  float32 / float64     float32 / float64 (*big.Float: double-float)
//	complex                      complex128            complex64, complex128
//	string                       string                string
//	character                    Char                  Char
//	T / NIL                      true / nil            true / false, nil
//	other symbols                Symbol                Symbol
//	proper list, vector          []any                 slice or array (a list)
//	hash table                   map[string]any or     map (an EQUAL hash table)
//	                             map[any]any
//	plist                        []any                 struct (a plist of its exported fields)
//	function                     itself (a *Function   func (a Lisp function calling it),
//	                             from Eval, Call, Get) *Function (the Lisp function)
//	#<GO-VALUE type>             the Go value          pointers, channels and anything else
//
// Everything else (conses of dotted or circular lists, structures, CLOS
// instances, packages, streams) is returned by ToGo as the Lisp value itself.
// ExportTo converts into a given Go type and also fills Go structs from
// plists, structure and CLOS instances and hash tables.

// Value is a Lisp value: one of the runtime package's object types (see
// docs/CONTRIBUTING-runtime.md). NIL and T are rt.NIL and rt.T.
type Value = rt.Value

// Char is a Lisp character on the Go side. ToGo returns characters as Char
// and FromGo turns a Char into a character (a plain rune, being an int32,
// becomes an integer).
type Char = rt.Char

// Symbol is a Lisp symbol other than T and NIL as ToGo returns it; FromGo
// with an interpreter interns it. Package is the home package's name ("" for
// an uninterned symbol).
type Symbol struct {
	Package, Name string
}

// Keyword returns the keyword symbol named name (upper-cased, as the reader
// would read :name).
func Keyword(name string) Symbol {
	return Symbol{Package: "KEYWORD", Name: strings.ToUpper(name)}
}

// String renders the symbol as PRIN1 would from CL-USER (without escapes).
func (s Symbol) String() string {
	switch s.Package {
	case "KEYWORD":
		return ":" + s.Name
	case "":
		return "#:" + s.Name
	case "COMMON-LISP", "COMMON-LISP-USER":
		return s.Name
	}
	return s.Package + ":" + s.Name
}

// goValue carries a Go value that has no Lisp form. Pointers, channels and
// unsafe pointers are carried by value so that two conversions of the same
// pointer are EQ; everything else is carried boxed (*goValue), which is
// always safe to compare.
type goValue struct{ v any }

// PrintLisp implements printer.Printable: #<GO-VALUE type>.
func (g goValue) PrintLisp(th *rt.Thread, s rt.Stream) {
	name := "nil"
	if g.v != nil {
		name = reflect.TypeOf(g.v).String()
	}
	printer.PrintUnreadable(th, g, s, false, false, func(s rt.Stream) { s.WriteString("GO-VALUE " + name) })
}

func wrapGo(x any) Value {
	switch reflect.TypeOf(x).Kind() {
	case reflect.Pointer, reflect.Chan, reflect.UnsafePointer:
		return goValue{x}
	}
	return &goValue{x}
}

// unwrapGo returns the Go value carried by v, if v is a #<GO-VALUE>.
func unwrapGo(v Value) (any, bool) {
	switch g := v.(type) {
	case goValue:
		return g.v, true
	case *goValue:
		return g.v, true
	}
	return nil, false
}

// maxConvertDepth bounds the nesting a conversion follows, so that cyclic or
// absurdly deep data cannot overflow the Go stack.
const maxConvertDepth = 10000

// ToGo converts a Lisp value to its natural Go form (see the table above).
// Values with no Go form are returned unchanged; a #<GO-VALUE> returns the
// Go value it carries.
func ToGo(v Value) any { return toGo(v, 0) }

func toGo(v Value, depth int) any {
	if depth > maxConvertDepth {
		return v
	}
	switch x := v.(type) {
	case nil:
		return nil
	case *rt.Symbol:
		switch x {
		case rt.NIL:
			return nil
		case rt.T:
			return true
		}
		return symbolOf(x)
	case rt.Fixnum:
		return int64(x)
	case *rt.Bignum:
		return new(big.Int).Set(x.Int)
	case *rt.Ratio:
		return new(big.Rat).Set(x.Rat)
	case rt.SingleFloat:
		return float32(x)
	case rt.DoubleFloat:
		return float64(x)
	case *rt.Complex:
		return complex(rt.ToFloat64(x.Real), rt.ToFloat64(x.Imag))
	case rt.Char:
		return x
	case *rt.String:
		return x.String()
	case *rt.Cons:
		items, ok := properList(x)
		if !ok {
			return v
		}
		out := make([]any, len(items))
		for i, it := range items {
			out[i] = toGo(it, depth+1)
		}
		return out
	case *rt.Vector:
		items := x.Active()
		out := make([]any, len(items))
		for i, it := range items {
			out[i] = toGo(it, depth+1)
		}
		return out
	case *rt.BitVector:
		return append([]uint8{}, x.Active()...)
	case *rt.HashTable:
		return hashToGo(x, depth)
	case goValue:
		return x.v
	case *goValue:
		return x.v
	}
	return v
}

func symbolOf(s *rt.Symbol) Symbol {
	if s.Pkg == nil {
		return Symbol{Name: s.Name}
	}
	return Symbol{Package: s.Pkg.Name, Name: s.Name}
}

// properList returns the elements of a proper list, or false for a dotted or
// circular one.
func properList(l Value) ([]Value, bool) {
	var out []Value
	slow := l
	for i := 0; ; i++ {
		if l == rt.NIL {
			return out, true
		}
		c, ok := l.(*rt.Cons)
		if !ok {
			return nil, false
		}
		out = append(out, c.Car)
		l = c.Cdr
		if i%2 == 1 {
			slow = slow.(*rt.Cons).Cdr
			if slow == l && l != rt.NIL {
				return nil, false
			}
		}
	}
}

func hashToGo(h *rt.HashTable, depth int) any {
	allStrings := true
	h.Each(func(k, _ Value) bool {
		_, ok := k.(*rt.String)
		allStrings = allStrings && ok
		return allStrings
	})
	if allStrings {
		out := make(map[string]any, h.Count())
		h.Each(func(k, v Value) bool {
			out[k.(*rt.String).String()] = toGo(v, depth+1)
			return true
		})
		return out
	}
	out := make(map[any]any, h.Count())
	h.Each(func(k, v Value) bool {
		gk := toGo(k, depth+1)
		if gk != nil && !reflect.TypeOf(gk).Comparable() {
			gk = k // a list or vector key: keep the Lisp object
		}
		out[gk] = toGo(v, depth+1)
		return true
	})
	return out
}

// converter converts with or without an interpreter: without one (img nil)
// values that need the interpreter's symbols (maps, structs, Symbol) are
// carried opaquely. th, when set, is the running thread of a call from
// Lisp, which lets Go function parameters receive Lisp functions.
type converter struct {
	img *rt.Image
	th  *rt.Thread
	// alive, when set, is cleared when the call from Lisp returns: Go
	// functions made from Lisp functions stop working then.
	alive *atomic.Bool
}

// FromGo converts a Go value to a Lisp value without an interpreter (see the
// table above). Maps, structs and Symbols need an interpreter's symbols (for
// the hash table test, plist keywords and interning): FromGo carries them as
// #<GO-VALUE>; use (*Interpreter).FromGo to convert them. Lisp values are
// returned unchanged.
func FromGo(x any) Value { return (&converter{}).fromGo(x, 0) }

// FromGo converts a Go value to a Lisp value of this interpreter, including
// maps (EQUAL hash tables), structs (plists of their exported fields, keyed
// by keywords) and Symbols. Like Eval, it must not run while an evaluation
// of the interpreter is in progress on another goroutine.
func (in *Interpreter) FromGo(x any) Value {
	th := rt.NewThread(in.img, context.Background(), rt.Limits{})
	return (&converter{img: in.img, th: th}).fromGo(x, 0)
}

// isLispType reports whether t is one of golem's own object types, which
// convert to themselves.
func isLispType(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	p := t.PkgPath()
	if !strings.HasPrefix(p, modulePath+"/") {
		return false
	}
	switch p[len(modulePath)+1:] {
	case "runtime", "eval", "printer", "reader", "conditions", "clos":
		return true
	}
	return false
}

const modulePath = "github.com/golem-lisp/golem"

var (
	bigIntType   = reflect.TypeOf(big.Int{})
	bigRatType   = reflect.TypeOf(big.Rat{})
	bigFloatType = reflect.TypeOf(big.Float{})
	symbolType   = reflect.TypeOf(Symbol{})
	charType     = reflect.TypeOf(Char(0))
	errorType    = reflect.TypeOf((*error)(nil)).Elem()
	contextType  = reflect.TypeOf((*context.Context)(nil)).Elem()
	emptyIface   = reflect.TypeOf((*any)(nil)).Elem()
	functionType = reflect.TypeOf((*Function)(nil))
)

func (c *converter) fromGo(x any, depth int) Value {
	switch v := x.(type) {
	case nil:
		return rt.NIL
	case bool:
		return rt.Bool(v)
	case int:
		return rt.MakeInt(int64(v))
	case int64:
		return rt.MakeInt(v)
	case string:
		return rt.NewString(v)
	case float64:
		return rt.DoubleFloat(v)
	case float32:
		return rt.SingleFloat(v)
	case Char:
		return v
	case *rt.Symbol, *rt.Cons, rt.Fixnum, *rt.String, *rt.HashTable, *rt.Vector, goValue, *goValue:
		return v
	case *big.Int:
		if v == nil {
			return rt.NIL
		}
		return rt.MakeBigInt(new(big.Int).Set(v))
	case *big.Rat:
		if v == nil {
			return rt.NIL
		}
		return rt.MakeRat(new(big.Rat).Set(v))
	case *big.Float:
		if v == nil {
			return rt.NIL
		}
		f, _ := v.Float64()
		return rt.DoubleFloat(f)
	case Symbol:
		if c.img == nil {
			return wrapGo(v)
		}
		return c.intern(v)
	case *Function:
		if v == nil {
			return rt.NIL
		}
		if c.img != nil && c.img != v.in.img {
			return wrapGo(v) // another interpreter's function stays Go's
		}
		return v.fn
	}
	if depth > maxConvertDepth {
		return wrapGo(x)
	}
	rv := reflect.ValueOf(x)
	t := rv.Type()
	if isLispType(t) {
		return x
	}
	switch t {
	case bigIntType:
		b := rv.Interface().(big.Int)
		return rt.MakeBigInt(new(big.Int).Set(&b))
	case bigRatType:
		r := rv.Interface().(big.Rat)
		return rt.MakeRat(new(big.Rat).Set(&r))
	}
	switch t.Kind() {
	case reflect.Bool:
		return rt.Bool(rv.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return rt.MakeInt(rv.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		u := rv.Uint()
		if u > math.MaxInt64 {
			return rt.MakeBigInt(new(big.Int).SetUint64(u))
		}
		return rt.MakeInt(int64(u))
	case reflect.Float32:
		return rt.SingleFloat(rv.Float())
	case reflect.Float64:
		return rt.DoubleFloat(rv.Float())
	case reflect.Complex64:
		z := rv.Complex()
		return rt.MakeComplex(rt.SingleFloat(real(z)), rt.SingleFloat(imag(z)))
	case reflect.Complex128:
		z := rv.Complex()
		return rt.MakeComplex(rt.DoubleFloat(real(z)), rt.DoubleFloat(imag(z)))
	case reflect.String:
		return rt.NewString(rv.String())
	case reflect.Slice:
		if rv.IsNil() {
			return rt.NIL
		}
		fallthrough
	case reflect.Array:
		var b rt.ListBuilder
		for i := 0; i < rv.Len(); i++ {
			b.Add(c.fromGo(rv.Index(i).Interface(), depth+1))
		}
		return b.List()
	case reflect.Map:
		if rv.IsNil() {
			return rt.NIL
		}
		if c.img == nil {
			return wrapGo(x)
		}
		return c.mapFromGo(rv, depth)
	case reflect.Struct:
		if c.img == nil || !hasExportedFields(t) {
			return wrapGo(x)
		}
		return c.structFromGo(rv, depth)
	case reflect.Func:
		if rv.IsNil() {
			return rt.NIL
		}
		fn, err := reflectBuiltin(nil, rv)
		if err != nil {
			return wrapGo(x)
		}
		return fn
	case reflect.Pointer, reflect.Chan, reflect.UnsafePointer:
		if rv.IsNil() {
			return rt.NIL
		}
	}
	return wrapGo(x)
}

func (c *converter) intern(s Symbol) Value {
	if s.Package == "" {
		return rt.NewSymbol(s.Name)
	}
	p := c.img.FindPackage(s.Package)
	if p == nil {
		return wrapGo(s)
	}
	sym, _ := p.Intern(s.Name)
	return sym
}

func (c *converter) mapFromGo(rv reflect.Value, depth int) Value {
	h := rt.NewHashTable(c.img.CLSym("EQUAL"))
	keys := rv.MapKeys()
	// Go map order is random: sort keys that have an order, so that MAPHASH
	// order is reproducible.
	switch rv.Type().Key().Kind() {
	case reflect.String:
		sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		sort.Slice(keys, func(i, j int) bool { return keys[i].Int() < keys[j].Int() })
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		sort.Slice(keys, func(i, j int) bool { return keys[i].Uint() < keys[j].Uint() })
	}
	for _, k := range keys {
		h.Put(c.th, c.fromGo(k.Interface(), depth+1), c.fromGo(rv.MapIndex(k).Interface(), depth+1))
	}
	return h
}

func hasExportedFields(t reflect.Type) bool {
	for i := 0; i < t.NumField(); i++ {
		if t.Field(i).IsExported() {
			return true
		}
	}
	return false
}

func (c *converter) structFromGo(rv reflect.Value, depth int) Value {
	t := rv.Type()
	var b rt.ListBuilder
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, ok := fieldLispName(f)
		if !ok {
			continue
		}
		b.Add(c.img.Kw(name))
		b.Add(c.fromGo(rv.Field(i).Interface(), depth+1))
	}
	return b.List()
}

// fieldLispName is the keyword name of a struct field in a plist: the
// `lisp:"name"` tag, else the field name in Lisp style (FirstName →
// FIRST-NAME). Unexported fields and `lisp:"-"` are skipped.
func fieldLispName(f reflect.StructField) (string, bool) {
	if !f.IsExported() {
		return "", false
	}
	tag := f.Tag.Get("lisp")
	if tag == "-" {
		return "", false
	}
	if tag != "" {
		return strings.ToUpper(tag), true
	}
	return lispStyle(f.Name), true
}

// lispStyle turns a Go identifier into an upper-case Lisp name: words split
// at lower-to-upper changes and before the last capital of an acronym
// (HTTPServer → HTTP-SERVER, UserID → USER-ID).
func lispStyle(name string) string {
	rs := []rune(name)
	var b strings.Builder
	for i, r := range rs {
		if i > 0 && unicode.IsUpper(r) {
			prev := rs[i-1]
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if unicode.IsLower(prev) || unicode.IsDigit(prev) || (unicode.IsUpper(prev) && nextLower) {
				b.WriteByte('-')
			}
		}
		if r == '_' {
			r = '-'
		}
		b.WriteRune(unicode.ToUpper(r))
	}
	return b.String()
}

// nameKey normalises a field or key name for matching: case and the
// separators - and _ are ignored.
func nameKey(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r != '-' && r != '_' {
			b.WriteRune(unicode.ToUpper(r))
		}
	}
	return b.String()
}

// ConversionError reports a Lisp value that cannot be converted to a Go type.
type ConversionError struct {
	Value  Value        // the Lisp value (or the part of it) that did not fit
	Type   reflect.Type // the Go type it was converted to
	Reason string
}

func (e *ConversionError) Error() string {
	msg := "golem: cannot convert " + describeLisp(e.Value) + " to Go type " + e.Type.String()
	if e.Reason != "" {
		msg += ": " + e.Reason
	}
	return msg
}

// describeLisp is a short description of a Lisp value for Go error messages
// (which are made without a thread, so without the Lisp printer).
func describeLisp(v Value) string {
	switch x := v.(type) {
	case *rt.String:
		s := x.String()
		if len(s) > 40 {
			s = s[:40] + "..."
		}
		return fmt.Sprintf("the string %q", s)
	case rt.Fixnum:
		return fmt.Sprintf("the integer %d", int64(x))
	case *rt.Bignum:
		return "the integer " + x.Int.String()
	case *rt.Ratio:
		return "the ratio " + x.Rat.String()
	case rt.SingleFloat, rt.DoubleFloat:
		return fmt.Sprintf("the float %v", x)
	case rt.Char:
		return fmt.Sprintf("the character %q", rune(x))
	case *rt.Symbol:
		if x == rt.NIL {
			return "NIL"
		}
		return "the symbol " + symbolOf(x).String()
	case *rt.Cons:
		return "a list"
	case *rt.Vector:
		return "a vector"
	case *rt.HashTable:
		return "a hash table"
	case *rt.Instance:
		if x.Class != nil && x.Class.Name != nil {
			return "an instance of " + x.Class.Name.Name
		}
	case goValue, *goValue:
		g, _ := unwrapGo(v)
		return fmt.Sprintf("a GO-VALUE of type %T", g)
	case *Function:
		return "the function " + x.String()
	case rt.Function:
		return "a function"
	}
	return fmt.Sprintf("a Lisp %T", v)
}

// ExportTo converts the Lisp value v into the Go variable target points to,
// following the type of that variable: integers into any integer type (range
// checked), reals into floats, strings, symbols and characters into strings,
// proper lists and vectors into slices and arrays, hash tables into maps,
// plists, structure and CLOS instances and hash tables into structs (fields
// matched by name, see FromGo), NIL into nil pointers, slices and maps and
// false, any other value into true for a bool, and #<GO-VALUE> into its Go
// value. A target of type *any receives ToGo(v). A failure returns a
// *ConversionError.
//
// A *Function (a Lisp function Eval, Call or Get returned) converts into a
// *Function or a Go func of any type, usable after the evaluation that
// returned it: calling the func calls the Lisp function with Function.Call
// (a first context.Context parameter is the call's context; the arguments
// are converted with FromGo, the Lisp values into the results in order,
// NIL for missing ones); a Lisp error, a limit, ErrBusy or a value that
// does not fit its result is returned in a last result of type error, and
// panics when the func has none.
func ExportTo(v Value, target any) error {
	rv := reflect.ValueOf(target)
	if !rv.IsValid() || rv.Kind() != reflect.Pointer || rv.IsNil() {
		return fmt.Errorf("golem: ExportTo needs a non-nil pointer, not %T", target)
	}
	return (&converter{}).export(v, rv.Elem(), 0)
}

func (c *converter) export(v Value, dst reflect.Value, depth int) error {
	t := dst.Type()
	fail := func(reason string) error { return &ConversionError{Value: v, Type: t, Reason: reason} }
	if depth > maxConvertDepth {
		return fail("nested too deeply")
	}
	if v == nil {
		v = rt.NIL
	}
	if g, ok := unwrapGo(v); ok {
		if g == nil {
			dst.Set(reflect.Zero(t))
			return nil
		}
		gv := reflect.ValueOf(g)
		if gv.Type().AssignableTo(t) {
			dst.Set(gv)
			return nil
		}
		if gv.Kind() == reflect.Pointer && gv.Type().Elem().AssignableTo(t) && !gv.IsNil() {
			dst.Set(gv.Elem())
			return nil
		}
		return fail("the Go value has another type")
	}
	if fn, ok := v.(*Function); ok {
		switch {
		case t.Kind() == reflect.Func:
			dst.Set(fn.exportFunction(t))
			return nil
		case reflect.TypeOf(fn).AssignableTo(t):
			dst.Set(reflect.ValueOf(fn))
			return nil
		}
		return fail("a Lisp function converts only to a func, *golem.Function or any")
	}
	if f, ok := v.(rt.Function); ok && (t == emptyIface || t == functionType) {
		// A Lisp function given to a Go function called from Lisp.
		if fn, ok := c.boundFunction(f); ok {
			dst.Set(reflect.ValueOf(fn))
			return nil
		}
		if t == functionType {
			return fail("a Lisp function can only become a *golem.Function during a call from Lisp")
		}
	}
	if t == emptyIface {
		if g := toGo(v, depth); g != nil {
			dst.Set(reflect.ValueOf(g))
		} else {
			dst.Set(reflect.Zero(t))
		}
		return nil
	}
	if t.Kind() != reflect.Interface && reflect.TypeOf(v).AssignableTo(t) {
		dst.Set(reflect.ValueOf(v))
		return nil
	}
	switch t {
	case bigIntType, bigRatType:
		p := reflect.New(reflect.PointerTo(t)).Elem()
		if err := c.export(v, p, depth); err != nil {
			return err
		}
		dst.Set(p.Elem())
		return nil
	case reflect.PointerTo(bigIntType):
		if !rt.IsInteger(v) {
			return fail("not an integer")
		}
		dst.Set(reflect.ValueOf(new(big.Int).Set(rt.ToBig(v))))
		return nil
	case reflect.PointerTo(bigRatType):
		if !rt.IsRational(v) {
			return fail("not a rational")
		}
		dst.Set(reflect.ValueOf(new(big.Rat).Set(rt.ToRat(v))))
		return nil
	case reflect.PointerTo(bigFloatType):
		if !rt.IsReal(v) {
			return fail("not a real")
		}
		dst.Set(reflect.ValueOf(big.NewFloat(rt.ToFloat64(v))))
		return nil
	case symbolType:
		s, ok := v.(*rt.Symbol)
		switch {
		case !ok:
			return fail("not a symbol")
		case s == rt.NIL || s == rt.T:
			dst.Set(reflect.ValueOf(Symbol{Package: "COMMON-LISP", Name: s.Name}))
		default:
			dst.Set(reflect.ValueOf(symbolOf(s)))
		}
		return nil
	case charType:
		ch, ok := v.(rt.Char)
		if !ok {
			return fail("not a character")
		}
		dst.SetInt(int64(ch))
		return nil
	}
	switch t.Kind() {
	case reflect.Bool:
		dst.SetBool(v != rt.NIL)
		return nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if ch, ok := v.(rt.Char); ok && t.Kind() == reflect.Int32 {
			dst.SetInt(int64(ch)) // a rune
			return nil
		}
		if !rt.IsInteger(v) {
			return fail("not an integer")
		}
		n, ok := rt.ToInt64(v)
		if !ok || dst.OverflowInt(n) {
			return fail("out of range")
		}
		dst.SetInt(n)
		return nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if !rt.IsInteger(v) {
			return fail("not an integer")
		}
		b := rt.ToBig(v)
		if b.Sign() < 0 || !b.IsUint64() || dst.OverflowUint(b.Uint64()) {
			return fail("out of range")
		}
		dst.SetUint(b.Uint64())
		return nil
	case reflect.Float32, reflect.Float64:
		if !rt.IsReal(v) {
			return fail("not a real number")
		}
		dst.SetFloat(rt.ToFloat64(v))
		return nil
	case reflect.Complex64, reflect.Complex128:
		switch z := v.(type) {
		case *rt.Complex:
			dst.SetComplex(complex(rt.ToFloat64(z.Real), rt.ToFloat64(z.Imag)))
			return nil
		default:
			if !rt.IsReal(v) {
				return fail("not a number")
			}
			dst.SetComplex(complex(rt.ToFloat64(v), 0))
			return nil
		}
	case reflect.String:
		switch s := v.(type) {
		case *rt.String:
			dst.SetString(s.String())
		case *rt.Symbol:
			dst.SetString(s.Name)
		case rt.Char:
			dst.SetString(string(rune(s)))
		default:
			return fail("not a string, symbol or character")
		}
		return nil
	case reflect.Slice:
		if v == rt.NIL {
			dst.Set(reflect.Zero(t))
			return nil
		}
		if s, ok := v.(*rt.String); ok {
			switch t.Elem().Kind() {
			case reflect.Uint8:
				dst.Set(reflect.ValueOf([]byte(s.String())).Convert(t))
				return nil
			case reflect.Int32:
				dst.Set(reflect.ValueOf(append([]rune(nil), s.Runes()...)).Convert(t))
				return nil
			}
		}
		items, ok := sequenceItems(v)
		if !ok {
			return fail("not a proper list or a vector")
		}
		out := reflect.MakeSlice(t, len(items), len(items))
		for i, it := range items {
			if err := c.export(it, out.Index(i), depth+1); err != nil {
				return err
			}
		}
		dst.Set(out)
		return nil
	case reflect.Array:
		items, ok := sequenceItems(v)
		if !ok {
			return fail("not a proper list or a vector")
		}
		if len(items) != t.Len() {
			return fail(fmt.Sprintf("%d elements where %d are needed", len(items), t.Len()))
		}
		for i, it := range items {
			if err := c.export(it, dst.Index(i), depth+1); err != nil {
				return err
			}
		}
		return nil
	case reflect.Map:
		if v == rt.NIL {
			dst.Set(reflect.Zero(t))
			return nil
		}
		h, ok := v.(*rt.HashTable)
		if !ok {
			return fail("not a hash table")
		}
		m := reflect.MakeMapWithSize(t, h.Count())
		var err error
		h.Each(func(k, val Value) bool {
			kv := reflect.New(t.Key()).Elem()
			vv := reflect.New(t.Elem()).Elem()
			if err = c.export(k, kv, depth+1); err != nil {
				return false
			}
			if err = c.export(val, vv, depth+1); err != nil {
				return false
			}
			m.SetMapIndex(kv, vv)
			return true
		})
		if err != nil {
			return err
		}
		dst.Set(m)
		return nil
	case reflect.Struct:
		return c.exportStruct(v, dst, depth)
	case reflect.Pointer:
		if v == rt.NIL {
			dst.Set(reflect.Zero(t))
			return nil
		}
		p := reflect.New(t.Elem())
		if err := c.export(v, p.Elem(), depth+1); err != nil {
			return err
		}
		dst.Set(p)
		return nil
	case reflect.Interface:
		if v == rt.NIL {
			dst.Set(reflect.Zero(t))
			return nil
		}
		g := toGo(v, depth)
		if g != nil && reflect.TypeOf(g).Implements(t) {
			dst.Set(reflect.ValueOf(g))
			return nil
		}
		if reflect.TypeOf(v).Implements(t) {
			dst.Set(reflect.ValueOf(v))
			return nil
		}
		return fail("does not implement the interface")
	case reflect.Func:
		if v == rt.NIL {
			dst.Set(reflect.Zero(t))
			return nil
		}
		if c.th == nil {
			return fail("a Lisp function can only become a Go function during a call from Lisp")
		}
		fn, ok := c.functionOf(v)
		if !ok {
			return fail("not a function")
		}
		dst.Set(c.goFuncFor(fn, t))
		return nil
	}
	return fail("unsupported Go type")
}

// sequenceItems returns the elements of a proper list or a vector.
func sequenceItems(v Value) ([]Value, bool) {
	switch x := v.(type) {
	case *rt.Cons:
		return properList(x)
	case *rt.Vector:
		return x.Active(), true
	case *rt.String:
		rs := x.Runes()
		out := make([]Value, len(rs))
		for i, r := range rs {
			out[i] = rt.Char(r)
		}
		return out, true
	case *rt.BitVector:
		bits := x.Active()
		out := make([]Value, len(bits))
		for i, b := range bits {
			out[i] = rt.MakeInt(int64(b))
		}
		return out, true
	}
	return nil, v == rt.NIL
}

// exportStruct fills a Go struct from a plist, a structure, CLOS or
// condition instance, or a hash table whose keys are strings or symbols.
// Keys without a matching field are ignored; fields without a key keep
// their value.
func (c *converter) exportStruct(v Value, dst reflect.Value, depth int) error {
	t := dst.Type()
	fields := map[string]int{}
	for i := 0; i < t.NumField(); i++ {
		if name, ok := fieldLispName(t.Field(i)); ok {
			fields[nameKey(name)] = i
		}
	}
	set := func(key string, val Value) error {
		i, ok := fields[nameKey(key)]
		if !ok {
			return nil
		}
		return c.export(val, dst.Field(i), depth+1)
	}
	switch x := v.(type) {
	case *rt.Symbol:
		if x == rt.NIL {
			return nil // the empty plist
		}
	case *rt.Cons:
		items, ok := properList(x)
		if !ok || len(items)%2 != 0 {
			return &ConversionError{Value: v, Type: t, Reason: "not a property list"}
		}
		for i := 0; i < len(items); i += 2 {
			k, ok := items[i].(*rt.Symbol)
			if !ok {
				return &ConversionError{Value: v, Type: t, Reason: "a property list key is not a symbol"}
			}
			if err := set(k.Name, items[i+1]); err != nil {
				return err
			}
		}
		return nil
	case *rt.Instance:
		for i, sd := range x.Class.Slots {
			if i < len(x.Slots) && x.Slots[i] != nil && sd.Name != nil {
				if err := set(sd.Name.Name, x.Slots[i]); err != nil {
					return err
				}
			}
		}
		return nil
	case *rt.HashTable:
		var err error
		x.Each(func(k, val Value) bool {
			switch kk := k.(type) {
			case *rt.String:
				err = set(kk.String(), val)
			case *rt.Symbol:
				err = set(kk.Name, val)
			}
			return err == nil
		})
		return err
	}
	return &ConversionError{Value: v, Type: t, Reason: "not a property list, instance or hash table"}
}

// functionOf returns the function v designates, if any.
func (c *converter) functionOf(v Value) (rt.Function, bool) {
	switch f := v.(type) {
	case rt.Function:
		return f, true
	case *rt.Symbol:
		if f.Fn != nil && f != rt.NIL {
			return f.Fn, true
		}
	}
	return nil, false
}

// lispTypeFor names the Lisp type a Go type accepts, for TYPE-ERRORs.
func lispTypeFor(img *rt.Image, t reflect.Type) Value {
	cl := img.CLSym
	bits := func(signed bool, n int) Value {
		if signed {
			return rt.List(cl("SIGNED-BYTE"), rt.MakeInt(int64(n)))
		}
		return rt.List(cl("UNSIGNED-BYTE"), rt.MakeInt(int64(n)))
	}
	switch t {
	case charType:
		return cl("CHARACTER")
	case symbolType:
		return cl("SYMBOL")
	case reflect.PointerTo(bigIntType), bigIntType:
		return cl("INTEGER")
	case reflect.PointerTo(bigRatType), bigRatType:
		return cl("RATIONAL")
	case reflect.PointerTo(bigFloatType):
		return cl("REAL")
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return bits(true, t.Bits())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return bits(false, t.Bits())
	case reflect.Float32, reflect.Float64:
		return cl("REAL")
	case reflect.Complex64, reflect.Complex128:
		return cl("NUMBER")
	case reflect.String:
		return rt.List(cl("OR"), cl("STRING"), cl("SYMBOL"), cl("CHARACTER"))
	case reflect.Slice, reflect.Array:
		return rt.List(cl("OR"), cl("LIST"), cl("VECTOR"))
	case reflect.Map:
		return cl("HASH-TABLE")
	case reflect.Struct:
		return rt.List(cl("OR"), cl("LIST"), cl("STRUCTURE-OBJECT"), cl("STANDARD-OBJECT"), cl("HASH-TABLE"))
	case reflect.Func:
		return cl("FUNCTION")
	case reflect.Pointer:
		return rt.List(cl("OR"), cl("NULL"), lispTypeFor(img, t.Elem()))
	}
	return rt.T
}
