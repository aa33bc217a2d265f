package reader

import "strings"

// asciiNames are the names SBCL gives the ASCII control characters, Space
// and Rubout; they are also the names CHAR-NAME returns for them.
var asciiNames = [...]string{
	"Nul", "Soh", "Stx", "Etx", "Eot", "Enq", "Ack", "Bel", "Backspace", "Tab", "Newline", "Vt",
	"Page", "Return", "So", "Si", "Dle", "Dc1", "Dc2", "Dc3", "Dc4", "Nak", "Syn", "Etb",
	"Can", "Em", "Sub", "Esc", "Fs", "Gs", "Rs", "Us", "Space",
}

// nameAliases are further names accepted by the reader (upper case).
var nameAliases = map[string]rune{
	"NULL": 0, "BS": 8, "HT": 9, "LINEFEED": 10, "LF": 10, "NL": 10, "FF": 12, "CR": 13,
	"ESCAPE": 27, "SP": 32, "RUBOUT": 127, "DEL": 127, "DELETE": 127,
}

// CharName returns the standard name of r (CHAR-NAME) for the characters
// golem names: ASCII controls, Space and Rubout.
func CharName(r rune) (string, bool) { return charNameOf(r) }

func charNameOf(r rune) (string, bool) {
	switch {
	case r >= 0 && int(r) < len(asciiNames):
		return asciiNames[r], true
	case r == 127:
		return "Rubout", true
	}
	return "", false
}

// NameChar returns the character named name (NAME-CHAR), case-insensitively:
// the standard and semi-standard names, SBCL's ASCII control names, and
// U+XXXX / UXXXX code point names.
func NameChar(name string) (rune, bool) {
	up := strings.ToUpper(name)
	for i, n := range asciiNames {
		if strings.ToUpper(n) == up {
			return rune(i), true
		}
	}
	if r, ok := nameAliases[up]; ok {
		return r, true
	}
	if len(up) >= 2 && up[0] == 'U' {
		hex := up[1:]
		if hex[0] == '+' {
			hex = hex[1:]
		}
		if len(hex) == 0 || len(hex) > 8 {
			return 0, false
		}
		var v int64
		for i := 0; i < len(hex); i++ {
			d := digitValue(rune(hex[i]), 16)
			if d < 0 {
				return 0, false
			}
			v = v*16 + int64(d)
		}
		if v > 0x10FFFF {
			return 0, false
		}
		return rune(v), true
	}
	return 0, false
}
