package printer

import (
	"math/big"
	"strings"

	rt "github.com/golem-lisp/golem/runtime"
)

// English number names for ~R and ~:R, worded as SBCL words them.

var (
	cardinalOnes  = []string{"", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}
	cardinalTens  = []string{"", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"}
	cardinalTeens = []string{"ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
		"seventeen", "eighteen", "nineteen"}
	cardinalPeriods = []string{"", " thousand", " million", " billion", " trillion", " quadrillion",
		" quintillion", " sextillion", " septillion", " octillion", " nonillion", " decillion",
		" undecillion", " duodecillion", " tredecillion", " quattuordecillion", " quindecillion",
		" sexdecillion", " septendecillion", " octodecillion", " novemdecillion", " vigintillion"}
	ordinalOnes = []string{"", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"}
	ordinalTens = []string{"", "tenth", "twentieth", "thirtieth", "fortieth", "fiftieth", "sixtieth",
		"seventieth", "eightieth", "ninetieth"}
)

func smallCardinal(sb *strings.Builder, n int) {
	hundreds, rem := n/100, n%100
	if hundreds > 0 {
		sb.WriteString(cardinalOnes[hundreds])
		sb.WriteString(" hundred")
		if rem > 0 {
			sb.WriteByte(' ')
		}
	}
	if rem > 0 {
		tens, ones := rem/10, rem%10
		switch {
		case tens > 1:
			sb.WriteString(cardinalTens[tens])
			if ones > 0 {
				sb.WriteByte('-')
				sb.WriteString(cardinalOnes[ones])
			}
		case tens == 1:
			sb.WriteString(cardinalTeens[ones])
		case ones > 0:
			sb.WriteString(cardinalOnes[ones])
		}
	}
}

var bigThousand = big.NewInt(1000)

// cardinalAux writes a positive n; ok is false when it is too large.
func cardinalAux(sb *strings.Builder, n *big.Int, period int) bool {
	beyond, here := new(big.Int).QuoRem(n, bigThousand, new(big.Int))
	if period > 21 {
		return false
	}
	if beyond.Sign() != 0 {
		if !cardinalAux(sb, beyond, period+1) {
			return false
		}
	}
	if h := int(here.Int64()); h != 0 {
		if beyond.Sign() != 0 {
			sb.WriteByte(' ')
		}
		smallCardinal(sb, h)
		sb.WriteString(cardinalPeriods[period])
	}
	return true
}

func cardinal(sb *strings.Builder, n *big.Int) bool {
	switch n.Sign() {
	case -1:
		sb.WriteString("negative ")
		return cardinalAux(sb, new(big.Int).Neg(n), 0)
	case 0:
		sb.WriteString("zero")
		return true
	}
	return cardinalAux(sb, n, 0)
}

func ordinal(sb *strings.Builder, n *big.Int) bool {
	if n.Sign() < 0 {
		sb.WriteString("negative ")
	}
	number := new(big.Int).Abs(n)
	top, botBig := new(big.Int).QuoRem(number, big.NewInt(100), new(big.Int))
	bot := int(botBig.Int64())
	if top.Sign() != 0 {
		if !cardinal(sb, new(big.Int).Sub(number, botBig)) {
			return false
		}
	}
	if top.Sign() > 0 && bot > 0 {
		sb.WriteByte(' ')
	}
	tens, ones := bot/10, bot%10
	switch {
	case bot == 12:
		sb.WriteString("twelfth")
	case tens == 1:
		sb.WriteString(cardinalTeens[ones])
		sb.WriteString("th")
	case tens == 0 && ones > 0:
		sb.WriteString(ordinalOnes[ones])
	case ones == 0 && tens > 0:
		sb.WriteString(ordinalTens[tens])
	case bot > 0:
		sb.WriteString(cardinalTens[tens])
		sb.WriteByte('-')
		sb.WriteString(ordinalOnes[ones])
	case number.Sign() > 0:
		sb.WriteString("th")
	default:
		sb.WriteString("zeroth")
	}
	return true
}

// englishNumber renders an integer in English (~R, or ~:R when ord).
func englishNumber(th *rt.Thread, f *fstate, d *fnode, v rt.Value, ord bool) string {
	n := rt.ToBig(v)
	var sb strings.Builder
	var ok bool
	if ord {
		ok = ordinal(&sb, n)
	} else {
		ok = cardinal(&sb, n)
	}
	if !ok {
		th.SimpleError("Number too large to print in English: " + addCommas(n.String(), ',', 3))
	}
	return sb.String()
}
