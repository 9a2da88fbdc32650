package kit

import (
	"strconv"
	"strings"

	"brass/engine"
	"brass/lang"
)

var romans = []string{"", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"}

// Roman writes a tile level as a Roman numeral.
func Roman(n int) string {
	if n > 0 && n < len(romans) {
		return romans[n]
	}
	return strconv.Itoa(n)
}

// Money writes an amount of money: £5, −£3.
func Money(v int) string {
	if v < 0 {
		return "−£" + strconv.Itoa(-v)
	}
	return "£" + strconv.Itoa(v)
}

// SignedMoney writes a change of money: +£3, −£2, £0.
func SignedMoney(v int) string {
	if v > 0 {
		return "+£" + strconv.Itoa(v)
	}
	return Money(v)
}

// Int writes a number with a true minus sign: 3, −2.
func Int(v int) string {
	if v < 0 {
		return "−" + strconv.Itoa(-v)
	}
	return strconv.Itoa(v)
}

// Signed writes a signed number: +3, −2, 0.
func Signed(v int) string {
	if v > 0 {
		return "+" + strconv.Itoa(v)
	}
	return Int(v)
}

// Typeset writes the engine's text as the rest of the screen does: a minus before a
// number or an amount is a true minus sign ("level -3" → "level −3", "-£2" → "−£2"), while
// hyphens inside words (Stoke-on-Trent) stay.
func Typeset(s string) string {
	if !strings.Contains(s, "-") {
		return s
	}
	b := []byte(s)
	var out strings.Builder
	for i := 0; i < len(b); i++ {
		if b[i] == '-' && (i == 0 || b[i-1] == ' ' || b[i-1] == '(') && i+1 < len(b) &&
			(b[i+1] >= '0' && b[i+1] <= '9' || strings.HasPrefix(s[i+1:], "£")) {
			out.WriteString("−")
			continue
		}
		out.WriteByte(b[i])
	}
	return out.String()
}

// IndustryName is an industry's name in the language in use ("Cotton Mill").
func IndustryName(ind engine.Industry) string { return lang.T("industry." + ind.ID()) }
