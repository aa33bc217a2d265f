package mcp

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// The stdio transport looks at every message that passes (stdio.go,
// order.go). Decoding each into maps and encoding it again cost more than
// the evaluation of a small form, so the common shapes are handled by
// these scanners over text that encoding/json has already validated (or
// that mcp-go has just encoded), and anything unusual falls back to the
// decoding path.

// skipSpace returns the index of the first byte at or after i in b that is
// not JSON white space.
func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// stringEnd returns the index just past the JSON string starting at b[i]
// (a quote), or len(b) when it does not end.
func stringEnd(b []byte, i int) int {
	for j := i + 1; j < len(b); j++ {
		switch b[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(b)
}

// valueEnd returns the index just past the valid JSON value starting at
// b[i].
func valueEnd(b []byte, i int) int {
	switch b[i] {
	case '"':
		return stringEnd(b, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(b); j++ {
			switch b[j] {
			case '"':
				j = stringEnd(b, j) - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return j + 1
				}
			}
		}
		return len(b)
	}
	j := i
	for j < len(b) && !strings.ContainsRune(",}] \t\r\n", rune(b[j])) {
		j++
	}
	return j
}

// member is one member of a JSON object: its key as written between the
// quotes, and the span of its value.
type member struct {
	key        []byte
	start, end int
}

// objectMembers appends to ms the members of the valid JSON object that
// starts at b[i] ('{') and returns them with the index just past the
// object, or ok false when b[i] is not an object.
func objectMembers(b []byte, i int, ms []member) (_ []member, end int, ok bool) {
	if i >= len(b) || b[i] != '{' {
		return ms, 0, false
	}
	i = skipSpace(b, i+1)
	for i < len(b) && b[i] != '}' {
		if b[i] != '"' {
			return ms, 0, false
		}
		ke := stringEnd(b, i)
		key := b[i+1 : ke-1]
		i = skipSpace(b, ke)
		if i >= len(b) || b[i] != ':' {
			return ms, 0, false
		}
		vs := skipSpace(b, i+1)
		if vs >= len(b) {
			return ms, 0, false
		}
		ve := valueEnd(b, vs)
		ms = append(ms, member{key, vs, ve})
		i = skipSpace(b, ve)
		if i < len(b) && b[i] == ',' {
			i = skipSpace(b, i+1)
		}
	}
	if i >= len(b) {
		return ms, 0, false
	}
	return ms, i + 1, true
}

// findMember returns the value span of the member of ms whose key is
// exactly key, or -1. ok is false when the lookup cannot be trusted:
// encoding/json matches keys case-insensitively and after unescaping, so a
// key that differs from key only that way, or the key twice, makes the
// caller take the decoding path.
func findMember(ms []member, key string) (start, end int, ok bool) {
	start, end = -1, -1
	for _, m := range ms {
		k := string(m.key) // compared without allocating
		switch {
		case strings.IndexByte(k, '\\') >= 0:
			return 0, 0, false
		case k == key:
			if start >= 0 {
				return 0, 0, false
			}
			start, end = m.start, m.end
		case strings.EqualFold(k, key):
			return 0, 0, false
		}
	}
	return start, end, true
}

// requestHeader returns the id and method of line when it is a valid JSON
// object whose "id" and "method" members (the method a string without
// escapes) can be read off the text; ok is false otherwise, and the caller
// decodes it.
func requestHeader(line []byte) (id []byte, method string, isRequest, ok bool) {
	return requestHeaderValid(line, json.Valid(line))
}

// requestHeaderValid is requestHeader of a line whose validity as JSON
// (json.Valid) is known.
func requestHeaderValid(line []byte, valid bool) (id []byte, method string, isRequest, ok bool) {
	if !valid {
		return nil, "", false, true // not JSON: not a request
	}
	var buf [8]member
	ms, _, ok := objectMembers(line, skipSpace(line, 0), buf[:0])
	if !ok {
		return nil, "", false, false
	}
	is, ie, ok := findMember(ms, "id")
	if !ok {
		return nil, "", false, false
	}
	s, e, ok := findMember(ms, "method")
	if !ok {
		return nil, "", false, false
	}
	if s < 0 || line[s] == 'n' { // no method, or null: not a request
		return nil, "", false, true
	}
	if line[s] != '"' || bytes.IndexByte(line[s:e], '\\') >= 0 || !utf8.Valid(line[s:e]) {
		return nil, "", false, false
	}
	if is >= 0 {
		id = line[is:ie]
	}
	return id, string(line[s+1 : e-1]), true, true
}
