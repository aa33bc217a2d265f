package runtime

// PARSE-INTEGER.

func init() {
	Register(Def{Name: "PARSE-INTEGER", Min: 1, Max: -1, MV: true,
		Params: "(STRING &KEY (START 0) END (RADIX 10) JUNK-ALLOWED)",
		Fn: func(th *Thread, args []Value) Value {
			kw := th.ParseKeys(args[1:], "START", "END", "RADIX", "JUNK-ALLOWED")
			runes, ok := th.stringRunes(args[0])
			if !ok {
				th.TypeError(args[0], th.Img.S.String)
			}
			start, end := th.seqBounds(len(runes), kw[0], kw[1])
			radix := 10
			if kw[2] != nil {
				r, ok := kw[2].(Fixnum)
				if !ok || r < 2 || r > 36 {
					th.TypeError(kw[2], List(th.Img.S.Integer, MakeInt(2), MakeInt(36)))
				}
				radix = int(r)
			}
			junk := kw[3] != nil && kw[3] != NIL
			n, idx := th.parseInteger(args[0], runes[:end], start, radix, junk)
			return th.Values2(n, MakeInt(int64(idx)))
		}})
}

// parseWhitespace is SBCL's whitespace[1]p.
func parseWhitespace(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\r', '\f':
		return true
	}
	return false
}

// parseInteger parses runes[i:] as CLHS PARSE-INTEGER does; it returns the
// integer (NIL when junk is allowed and there are no digits) and the index
// where parsing stopped.
func (th *Thread) parseInteger(str Value, runes []rune, i, radix int, junk bool) (Value, int) {
	end := len(runes)
	fail := func(msg string) {
		th.Error(th.MakeCondition("GOLEM:SIMPLE-PARSE-ERROR",
			th.Img.Kw("FORMAT-CONTROL"), NewString(msg), th.Img.Kw("FORMAT-ARGUMENTS"), List(str)))
	}
	for i < end && parseWhitespace(runes[i]) {
		i++
	}
	if i == end {
		if junk {
			return NIL, i
		}
		fail("no non-whitespace characters in string ~S.")
	}
	neg := false
	if runes[i] == '+' || runes[i] == '-' {
		neg = runes[i] == '-'
		i++
	}
	digitStart := i
	for ; i < end; i++ {
		if DigitWeight(runes[i], radix) < 0 {
			break
		}
		th.PollAt(i)
	}
	digits := i - digitStart
	if !junk {
		j := i
		for j < end && parseWhitespace(runes[j]) {
			j++
		}
		if j < end {
			fail("junk in string ~S")
		}
		if digits == 0 {
			fail("no digits in string ~S")
		}
		i = j
	}
	if digits == 0 {
		return NIL, i
	}
	if digits <= 12 { // radix^12 fits in an int64 for radix <= 36
		var acc int64
		for _, r := range runes[digitStart : digitStart+digits] {
			acc = acc*int64(radix) + int64(DigitWeight(r, radix))
		}
		if neg {
			acc = -acc
		}
		return MakeInt(acc), i
	}
	bn := th.ParseDigits("PARSE-INTEGER", runes[digitStart:digitStart+digits], radix)
	if neg {
		bn.Neg(bn)
	}
	return MakeBigInt(bn), i
}
