package reader_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	_ "github.com/golem-lisp/golem/conditions"
	"github.com/golem-lisp/golem/reader"
	rt "github.com/golem-lisp/golem/runtime"
)

func newThread(t testing.TB) *rt.Thread {
	t.Helper()
	img := rt.NewImage()
	return rt.NewThread(img, context.Background(), rt.Limits{})
}

// dump renders a value structurally, independently of golem's printer:
// symbols carry their package (bare for CL-USER, CL: for COMMON-LISP),
// floats their format (1.5f0 / 1.5d0).
func dump(img *rt.Image, v rt.Value) string {
	var b strings.Builder
	dumpTo(img, &b, v, 0)
	return b.String()
}

func dumpTo(img *rt.Image, b *strings.Builder, v rt.Value, depth int) {
	if depth > 50 {
		b.WriteString("...")
		return
	}
	switch x := v.(type) {
	case nil:
		b.WriteString("<nil>")
	case *rt.Symbol:
		p := img.HomePackage(x)
		switch {
		case x == rt.NIL || x == rt.T:
			b.WriteString(x.Name)
		case p == nil:
			b.WriteString("#:" + x.Name)
		case p == img.Keyword:
			b.WriteString(":" + x.Name)
		case p == img.CLUser:
			b.WriteString(x.Name)
		case p == img.CL:
			b.WriteString("CL:" + x.Name)
		default:
			b.WriteString(p.Name + ":" + x.Name)
		}
	case rt.Fixnum:
		b.WriteString(strconv.FormatInt(int64(x), 10))
	case *rt.Bignum:
		b.WriteString("big:" + x.Int.String())
	case *rt.Ratio:
		b.WriteString(x.Rat.String())
	case rt.SingleFloat:
		b.WriteString(strconv.FormatFloat(float64(x), 'g', -1, 32) + "f0")
	case rt.DoubleFloat:
		b.WriteString(strconv.FormatFloat(float64(x), 'g', -1, 64) + "d0")
	case *rt.Complex:
		b.WriteString("#C(")
		dumpTo(img, b, x.Real, depth+1)
		b.WriteString(" ")
		dumpTo(img, b, x.Imag, depth+1)
		b.WriteString(")")
	case rt.Char:
		fmt.Fprintf(b, "#\\U+%04X", int(x))
	case *rt.String:
		b.WriteString(strconv.Quote(x.String()))
	case *rt.Vector:
		b.WriteString("#(")
		for i, e := range x.Active() {
			if i > 0 {
				b.WriteString(" ")
			}
			dumpTo(img, b, e, depth+1)
		}
		b.WriteString(")")
	case *rt.BitVector:
		b.WriteString("#*")
		for _, bit := range x.Active() {
			b.WriteByte('0' + bit)
		}
	case *rt.Array:
		fmt.Fprintf(b, "#A%v", x.Dims)
		dumpTo(img, b, x.Data, depth+1)
	case *rt.Cons:
		b.WriteString("(")
		n := 0
		var cur rt.Value = x
		for {
			c, ok := cur.(*rt.Cons)
			if !ok {
				break
			}
			if n > 0 {
				b.WriteString(" ")
			}
			if n > 100 {
				b.WriteString("...")
				cur = rt.NIL
				break
			}
			dumpTo(img, b, c.Car, depth+1)
			cur = c.Cdr
			n++
		}
		if cur != rt.NIL {
			b.WriteString(" . ")
			dumpTo(img, b, cur, depth+1)
		}
		b.WriteString(")")
	default:
		fmt.Fprintf(b, "<%T>", v)
	}
}

// unhandled runs body and returns the condition that reached the top
// level unhandled, or nil.
func unhandled(th *rt.Thread, body func()) (c *rt.Instance) {
	saved := th.Save()
	defer func() {
		if r := recover(); r != nil {
			th.Restore(saved)
			u, ok := r.(*rt.Unhandled)
			if !ok {
				panic(r)
			}
			c = u.Condition
		}
	}()
	body()
	return nil
}

// readOne reads the first form of src; failure is reported as the class of
// the unhandled condition, e.g. "READER-ERROR".
func readOne(th *rt.Thread, src string) (v rt.Value, pos int, errClass string, errMsg string) {
	if c := unhandled(th, func() { v, pos = reader.ReadFromString(th, src) }); c != nil {
		return nil, 0, classify(th, c), conditionText(th, c)
	}
	return v, pos, "", ""
}

// classify names the standard class of a condition the reader may signal.
func classify(th *rt.Thread, c *rt.Instance) string {
	for _, name := range []string{"READER-ERROR", "END-OF-FILE", "STORAGE-CONDITION", "PACKAGE-ERROR", "TYPE-ERROR", "SIMPLE-ERROR"} {
		if th.TypeP(c, th.Img.CLSym(name)) {
			return name
		}
	}
	return c.Class.Name.Name
}

func conditionText(th *rt.Thread, c *rt.Instance) string {
	if v, ok := c.SlotValueByName(th.Img.Intern("GOLEM", "FORMAT-CONTROL")); ok {
		if s, ok := v.(*rt.String); ok {
			return s.String()
		}
	}
	return ""
}

// call invokes a CL function by name.
func call(th *rt.Thread, name string, args ...rt.Value) rt.Value {
	return th.Call(th.Img.CLSym(name), args...)
}

// callErr invokes a CL function and reports the class of an unhandled error.
func callErr(th *rt.Thread, name string, args ...rt.Value) (v rt.Value, errClass string) {
	if c := unhandled(th, func() { v = call(th, name, args...) }); c != nil {
		return nil, classify(th, c)
	}
	return v, ""
}

func str(s string) *rt.String { return rt.NewString(s) }
