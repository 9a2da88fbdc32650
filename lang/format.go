package lang

import (
	"strconv"
	"strings"
)

// Arg is a placeholder's value: a text, or a number (written by the language's
// conventions, and the one a plural message's count names).
type Arg struct {
	name  string
	text  string
	n     int
	isNum bool
}

// S is a text placeholder: S("name", "Ada") fills {name}.
func S(name, text string) Arg { return Arg{name: name, text: text} }

// N is a number placeholder: N("n", 3) fills {n} with "3" and chooses the plural form
// of a message whose count is "n".
func N(name string, n int) Arg { return Arg{name: name, n: n, isNum: true} }

// T is the key's text in this catalog (or its fallback's), its placeholders filled. A key
// no catalog has is returned as it is, so a missing message shows as its key, never as
// nothing; the catalogs' test keeps that from shipping.
func (c *Catalog) T(key string, args ...Arg) string {
	cat, m := c, c.msgs[key]
	for m == nil && cat.fallback != nil {
		cat = cat.fallback
		m = cat.msgs[key]
	}
	if m == nil {
		return key
	}
	text := m.forms[Other]
	if m.count != "" {
		for _, a := range args {
			if a.name == m.count && a.isNum {
				// The forms follow the catalog the text comes from: a fallback's text keeps
				// its own language's plural rules.
				if f := cat.Form(a.n); m.has[f] {
					text = m.forms[f]
				}
				break
			}
		}
	}
	return c.fill(text, args)
}

// fill replaces each {name} with its argument; a placeholder with no argument stays.
func (c *Catalog) fill(text string, args []Arg) string {
	if !strings.Contains(text, "{") {
		return text
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(text, '{')
		if i < 0 {
			b.WriteString(text)
			return b.String()
		}
		j := strings.IndexByte(text[i:], '}')
		if j < 0 {
			b.WriteString(text)
			return b.String()
		}
		b.WriteString(text[:i])
		name := text[i+1 : i+j]
		found := false
		for _, a := range args {
			if a.name == name {
				if a.isNum {
					b.WriteString(c.Int(a.n))
				} else {
					b.WriteString(a.text)
				}
				found = true
				break
			}
		}
		if !found {
			b.WriteString(text[i : i+j+1])
		}
		text = text[i+j+1:]
	}
}

// Form is the plural category of the integer n in this language.
func (c *Catalog) Form(n int) Form {
	if n < 0 {
		n = -n
	}
	if n >= pluralSpan {
		n = 100 + n%100
	}
	return c.plural[n]
}

// Int writes an integer with the language's digit grouping and a true minus sign:
// 1,234 in English, 1.234 in German, 1 234 (or 1234, below the minimum) in Polish.
func (c *Catalog) Int(n int) string {
	neg := n < 0
	if neg {
		n = -n
	}
	s := strconv.Itoa(n)
	if len(s) > 3 && len(s)-3 >= c.minGroup && c.group != "" {
		var b strings.Builder
		first := len(s) % 3
		if first > 0 {
			b.WriteString(s[:first])
		}
		for i := first; i < len(s); i += 3 {
			if b.Len() > 0 {
				b.WriteString(c.group)
			}
			b.WriteString(s[i : i+3])
		}
		s = b.String()
	}
	if neg {
		return "−" + s
	}
	return s
}

// JoinAnd joins items as "a, b and c" in the language ("a, b und c").
func (c *Catalog) JoinAnd(items []string) string { return join(items, c.and) }

// JoinOr joins items as "a, b or c" in the language ("a, b oder c").
func (c *Catalog) JoinOr(items []string) string { return join(items, c.or) }

func join(items []string, last string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + last + items[len(items)-1]
}
