package mcp

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"

	"github.com/golem-lisp/golem/inspector"
	rt "github.com/golem-lisp/golem/runtime"
)

// Return signatures of lisp_eval (lisp-eval-oneshot-protocol.txt: "Accept
// an optional return signature and report validated"): PTC's signature
// syntax, "(params) -> return" or the return type alone, where a type is
// :int, :float, :string, :bool, :keyword, :map, :any, [type] (a list or
// vector of that type), or {name type, ...} (an object with those fields);
// a type followed by ? may also be nil. The program's value is checked
// against the return type and converted to the JSON value reported as
// "validated"; a mismatch is the reason validation_error.

// sigType is a parsed signature type.
type sigType struct {
	kind     string // int float string bool keyword map any list object
	elem     *sigType
	fields   []sigField
	nullable bool
}

type sigField struct {
	name string
	typ  *sigType
}

func (t *sigType) String() string {
	var s string
	switch t.kind {
	case "list":
		s = "[" + t.elem.String() + "]"
	case "object":
		var parts []string
		for _, f := range t.fields {
			parts = append(parts, f.name+" "+f.typ.String())
		}
		s = "{" + strings.Join(parts, ", ") + "}"
	default:
		s = ":" + t.kind
	}
	if t.nullable {
		s += "?"
	}
	return s
}

// parseSignature parses a signature and returns its return type.
func parseSignature(text string) (*sigType, error) {
	text = strings.TrimSpace(text)
	if i := strings.Index(text, "->"); i >= 0 {
		params := strings.TrimSpace(text[:i])
		if !strings.HasPrefix(params, "(") || !strings.HasSuffix(params, ")") {
			return nil, fmt.Errorf("the parameters before -> must be in parentheses, e.g. \"() -> :int\"")
		}
		text = text[i+2:]
	}
	p := &sigParser{s: []rune(text)}
	t, err := p.typ()
	if err != nil {
		return nil, err
	}
	p.space()
	if p.i < len(p.s) {
		return nil, fmt.Errorf("unexpected %q after the return type", string(p.s[p.i:]))
	}
	return t, nil
}

type sigParser struct {
	s []rune
	i int
}

func (p *sigParser) space() {
	for p.i < len(p.s) && (unicode.IsSpace(p.s[p.i]) || p.s[p.i] == ',') {
		p.i++
	}
}

func (p *sigParser) word() string {
	start := p.i
	for p.i < len(p.s) && !unicode.IsSpace(p.s[p.i]) && !strings.ContainsRune("[]{},?", p.s[p.i]) {
		p.i++
	}
	return string(p.s[start:p.i])
}

func (p *sigParser) typ() (*sigType, error) {
	p.space()
	if p.i >= len(p.s) {
		return nil, fmt.Errorf("a type is missing")
	}
	var t *sigType
	switch p.s[p.i] {
	case '[':
		p.i++
		elem, err := p.typ()
		if err != nil {
			return nil, err
		}
		p.space()
		if p.i >= len(p.s) || p.s[p.i] != ']' {
			return nil, fmt.Errorf("a [ is not closed")
		}
		p.i++
		t = &sigType{kind: "list", elem: elem}
	case '{':
		p.i++
		t = &sigType{kind: "object"}
		for {
			p.space()
			if p.i >= len(p.s) {
				return nil, fmt.Errorf("a { is not closed")
			}
			if p.s[p.i] == '}' {
				p.i++
				break
			}
			name := strings.TrimPrefix(p.word(), ":")
			if name == "" {
				return nil, fmt.Errorf("a field name is missing")
			}
			ft, err := p.typ()
			if err != nil {
				return nil, err
			}
			t.fields = append(t.fields, sigField{name, ft})
		}
	default:
		w := p.word()
		kind := strings.TrimPrefix(w, ":")
		switch kind {
		case "int", "float", "string", "bool", "keyword", "map", "any":
		default:
			return nil, fmt.Errorf("unknown type %q (use :int, :float, :string, :bool, :keyword, :map, :any, [type] or {field type})", w)
		}
		t = &sigType{kind: kind}
	}
	if p.i < len(p.s) && p.s[p.i] == '?' {
		p.i++
		t.nullable = true
	}
	return t, nil
}

// validate checks v against t and returns its JSON value; path names the
// place for error messages.
func (t *sigType) validate(th *rt.Thread, v rt.Value, path string) (any, error) {
	mismatch := func() (any, error) {
		return nil, fmt.Errorf("%s: expected %s, got %s", orRoot(path), t, printShort(th, v))
	}
	if v == rt.NIL && t.nullable {
		return nil, nil
	}
	switch t.kind {
	case "any":
		return jsonOf(th, v, 0), nil
	case "int":
		switch x := v.(type) {
		case rt.Fixnum:
			return int64(x), nil
		case *rt.Bignum:
			return json.Number(x.Int.String()), nil
		}
	case "float":
		if f, ok := realFloat(v); ok {
			return f, nil
		}
	case "string":
		if s, ok := v.(*rt.String); ok {
			return s.String(), nil
		}
	case "bool":
		switch v {
		case rt.T:
			return true, nil
		case rt.NIL:
			return false, nil
		}
	case "keyword":
		if s, ok := v.(*rt.Symbol); ok && s != rt.NIL && s.Pkg == th.Img.Keyword {
			return strings.ToLower(s.Name), nil
		}
	case "map":
		if m, ok := jsonOf(th, v, 0).(map[string]any); ok {
			return m, nil
		}
	case "list":
		items, ok := sequenceItems(v)
		if !ok {
			return mismatch()
		}
		out := make([]any, len(items))
		for i, e := range items {
			j, err := t.elem.validate(th, e, path+"["+strconv.Itoa(i)+"]")
			if err != nil {
				return nil, err
			}
			out[i] = j
		}
		return out, nil
	case "object":
		fields, ok := objectFields(th, v)
		if !ok {
			return mismatch()
		}
		out := map[string]any{}
		for _, f := range t.fields {
			fv, present := fields[strings.ToLower(f.name)]
			if !present {
				if f.typ.nullable {
					out[f.name] = nil
					continue
				}
				return nil, fmt.Errorf("%s: the field %s is missing", orRoot(path), f.name)
			}
			j, err := f.typ.validate(th, fv, joinPath(path, f.name))
			if err != nil {
				return nil, err
			}
			out[f.name] = j
		}
		return out, nil
	}
	return mismatch()
}

func orRoot(path string) string {
	if path == "" {
		return "the return value"
	}
	return path
}

func joinPath(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

func realFloat(v rt.Value) (float64, bool) {
	switch x := v.(type) {
	case rt.Fixnum:
		return float64(x), true
	case rt.SingleFloat:
		return float64(x), true
	case rt.DoubleFloat:
		return float64(x), true
	case *rt.Bignum:
		f, _ := x.Int.Float64()
		return f, !math.IsInf(f, 0)
	case *rt.Ratio:
		f, _ := x.Rat.Float64()
		return f, true
	}
	return 0, false
}

// sequenceItems returns the elements of a proper list or a vector.
func sequenceItems(v rt.Value) ([]rt.Value, bool) {
	switch x := v.(type) {
	case *rt.Vector:
		return x.Items[:inspector.VectorLength(x.HasFill, x.Fill, len(x.Items))], true
	case *rt.Cons:
		items, tail, circular := inspector.ListParts(x, 1<<20)
		return items, tail == rt.NIL && !circular
	}
	if v == rt.NIL {
		return nil, true
	}
	return nil, false
}

// objectFields reads a hash table, a property list (:count 3 ...) or an
// association list ((:count . 3) ...) as fields named by their keys'
// lower-cased names.
func objectFields(th *rt.Thread, v rt.Value) (map[string]rt.Value, bool) {
	out := map[string]rt.Value{}
	key := func(k rt.Value) (string, bool) {
		switch x := k.(type) {
		case *rt.String:
			return strings.ToLower(x.String()), true
		case *rt.Symbol:
			return strings.ToLower(x.Name), true
		}
		return "", false
	}
	if h, ok := v.(*rt.HashTable); ok {
		good := true
		h.Each(func(k, val rt.Value) bool {
			name, ok := key(k)
			good = good && ok
			out[name] = val
			return good
		})
		return out, good
	}
	items, ok := sequenceItems(v)
	if !ok {
		return nil, false
	}
	if len(items) > 0 {
		if _, isCons := items[0].(*rt.Cons); isCons {
			for _, it := range items {
				c, ok := it.(*rt.Cons)
				if !ok {
					return nil, false
				}
				name, ok := key(c.Car)
				if !ok {
					return nil, false
				}
				out[name] = c.Cdr
			}
			return out, true
		}
	}
	if len(items)%2 != 0 {
		return nil, false
	}
	for i := 0; i < len(items); i += 2 {
		name, ok := key(items[i])
		if !ok {
			return nil, false
		}
		out[name] = items[i+1]
	}
	return out, true
}

// jsonOf converts a Lisp value to JSON without a signature: numbers,
// strings, T/NIL as true/null, symbols as their names, lists and vectors as
// arrays, hash tables as objects, anything else printed.
func jsonOf(th *rt.Thread, v rt.Value, depth int) any {
	if depth > 64 {
		return printShort(th, v)
	}
	switch x := v.(type) {
	case rt.Fixnum:
		return int64(x)
	case *rt.Bignum:
		return json.Number(x.Int.String())
	case rt.SingleFloat, rt.DoubleFloat, *rt.Ratio:
		f, _ := realFloat(v)
		return f
	case *rt.String:
		return x.String()
	case *rt.Symbol:
		switch x {
		case rt.T:
			return true
		case rt.NIL:
			return nil
		}
		if x.Pkg == th.Img.Keyword {
			return strings.ToLower(x.Name)
		}
		return x.Name
	case *rt.HashTable:
		out := map[string]any{}
		x.Each(func(k, val rt.Value) bool {
			name, ok := jsonOf(th, k, depth+1).(string)
			if !ok {
				name = printShort(th, k)
			}
			out[name] = jsonOf(th, val, depth+1)
			return true
		})
		return out
	}
	if items, ok := sequenceItems(v); ok {
		out := make([]any, len(items))
		for i, e := range items {
			out[i] = jsonOf(th, e, depth+1)
		}
		return out
	}
	return printShort(th, v)
}
