package lang

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Form is a CLDR plural category.
type Form uint8

// The plural categories, in the order of their letters in "@plural" ("oz12fm").
const (
	Other Form = iota
	Zero
	One
	Two
	Few
	Many
	numForms
)

var formNames = [numForms]string{"other", "zero", "one", "two", "few", "many"}

// formLetters are the letters of "@plural", one per Form.
const formLetters = "oz12fm"

// String is the category's CLDR name.
func (f Form) String() string {
	if f < numForms {
		return formNames[f]
	}
	return "form(" + fmt.Sprint(uint8(f)) + ")"
}

// pluralSpan is how many integers "@plural" lists (0–199). Every rule of CLDR for
// integers depends on n itself only below 200 and on n mod 100 (or mod 10) above,
// except a "many" for exact millions (French, Spanish) that the game's numbers never
// reach; the catalogs' test checks the table against golang.org/x/text's CLDR rules.
const pluralSpan = 200

// message is one entry: a text, or plural forms chosen by the number in the placeholder
// named count.
type message struct {
	count string
	forms [numForms]string // forms[Other] is the text of a plain message
	has   [numForms]bool
}

// Catalog is one language's messages and conventions. A Catalog is read-only once
// parsed, so one may be shared by every goroutine.
type Catalog struct {
	tag, name  string
	plural     [pluralSpan]Form
	group      string
	minGroup   int
	and, or    string
	msgs       map[string]*message
	fallback   *Catalog
	pluralUsed [numForms]bool // the forms "@plural" uses
}

// Tag is the catalog's language tag ("de").
func (c *Catalog) Tag() string { return c.tag }

// Name is the language's own name ("Deutsch").
func (c *Catalog) Name() string { return c.name }

// Parse reads a catalog. Keys missing from it are looked up in fallback (nil: none).
// Everything is checked here, so a corrupt file is refused with a reason and never
// shown half-read: every meta entry, every message's form names and placeholders.
func Parse(data []byte, fallback *Catalog) (*Catalog, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("lang: not a catalog: %v", err)
	}
	c := &Catalog{msgs: make(map[string]*message, len(raw)), fallback: fallback, group: ",", minGroup: 1, and: " and ", or: " or "}
	str := func(key string, dst *string, required bool) error {
		v, ok := raw[key]
		if !ok {
			if required {
				return fmt.Errorf("lang: the catalog has no %q", key)
			}
			return nil
		}
		if err := json.Unmarshal(v, dst); err != nil {
			return fmt.Errorf("lang: %q is not a string", key)
		}
		return nil
	}
	var plural string
	for _, m := range []struct {
		key string
		dst *string
		req bool
	}{{"@language", &c.tag, true}, {"@name", &c.name, true}, {"@plural", &plural, true}, {"@group", &c.group, false}, {"@and", &c.and, false}, {"@or", &c.or, false}} {
		if err := str(m.key, m.dst, m.req); err != nil {
			return nil, err
		}
	}
	if !validTag(c.tag) {
		return nil, fmt.Errorf("lang: %q is not a language tag", c.tag)
	}
	if err := c.setPlural(plural); err != nil {
		return nil, err
	}
	if v, ok := raw["@minGroup"]; ok {
		if err := json.Unmarshal(v, &c.minGroup); err != nil || c.minGroup < 1 || c.minGroup > 4 {
			return nil, errors.New(`lang: "@minGroup" is not a number from 1 to 4`)
		}
	}
	for key, v := range raw {
		if strings.HasPrefix(key, "@") {
			continue
		}
		m, err := parseMessage(v)
		if err != nil {
			return nil, fmt.Errorf("lang: %q: %v", key, err)
		}
		c.msgs[key] = m
	}
	return c, nil
}

// validTag accepts a language tag of letters, digits and hyphens ("pl", "pt-BR").
func validTag(t string) bool {
	if t == "" || len(t) > 16 || t[0] == '-' {
		return false
	}
	for _, r := range t {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}

func (c *Catalog) setPlural(s string) error {
	if len(s) != pluralSpan {
		return fmt.Errorf(`lang: "@plural" has %d letters, want %d`, len(s), pluralSpan)
	}
	for i := 0; i < pluralSpan; i++ {
		f := strings.IndexByte(formLetters, s[i])
		if f < 0 {
			return fmt.Errorf(`lang: "@plural" letter %q is none of %q`, s[i], formLetters)
		}
		c.plural[i] = Form(f)
		c.pluralUsed[f] = true
	}
	return nil
}

func parseMessage(v json.RawMessage) (*message, error) {
	m := &message{}
	var text string
	if json.Unmarshal(v, &text) == nil {
		m.forms[Other], m.has[Other] = text, true
		return m, checkText(text)
	}
	var obj map[string]string
	if err := json.Unmarshal(v, &obj); err != nil {
		return nil, errors.New("neither a text nor plural forms")
	}
	for name, text := range obj {
		if name == "count" {
			m.count = text
			continue
		}
		f := formOf(name)
		if f == numForms {
			return nil, fmt.Errorf("%q is not a plural form (want %s, and count)", name, strings.Join(formNames[:], ", "))
		}
		if err := checkText(text); err != nil {
			return nil, err
		}
		m.forms[f], m.has[f] = text, true
	}
	if m.count == "" {
		return nil, errors.New(`plural forms need "count", the placeholder that chooses them`)
	}
	if !m.has[Other] {
		return nil, errors.New(`plural forms need "other"`)
	}
	return m, nil
}

func formOf(name string) Form {
	for f, n := range formNames {
		if n == name {
			return Form(f)
		}
	}
	return numForms
}

// checkText refuses a brace that does not open or close a placeholder's name.
func checkText(s string) error {
	_, err := placeholders(s)
	return err
}

// placeholders lists the names of a text's placeholders, in order.
func placeholders(s string) ([]string, error) {
	var names []string
	for {
		i := strings.IndexAny(s, "{}")
		if i < 0 {
			return names, nil
		}
		if s[i] == '}' {
			return nil, errors.New("a } without its {")
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			return nil, errors.New("a { without its }")
		}
		name := s[i+1 : i+j]
		if !validName(name) {
			return nil, fmt.Errorf("{%s} is not a placeholder's name", name)
		}
		names = append(names, name)
		s = s[i+j+1:]
	}
}

func validName(n string) bool {
	if n == "" {
		return false
	}
	for i, r := range n {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// Has reports whether the catalog itself (not its fallback) has the key.
func (c *Catalog) Has(key string) bool { _, ok := c.msgs[key]; return ok }

// Keys lists the catalog's own keys, sorted.
func (c *Catalog) Keys() []string {
	keys := make([]string, 0, len(c.msgs))
	for k := range c.msgs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Forms lists the plural forms a key has (Other alone for a plain text), and the name
// of the placeholder that chooses them ("" for a plain text).
func (c *Catalog) Forms(key string) (forms []Form, count string) {
	m := c.msgs[key]
	if m == nil {
		return nil, ""
	}
	for f := Form(0); f < numForms; f++ {
		if m.has[f] {
			forms = append(forms, f)
		}
	}
	return forms, m.count
}

// PluralForms lists the forms this language's integers take ("@plural").
func (c *Catalog) PluralForms() []Form {
	var forms []Form
	for f := Form(0); f < numForms; f++ {
		if c.pluralUsed[f] {
			forms = append(forms, f)
		}
	}
	return forms
}

// Placeholders lists the sorted, distinct placeholder names a key's texts use, over all
// its forms (and its count).
func (c *Catalog) Placeholders(key string) []string {
	m := c.msgs[key]
	if m == nil {
		return nil
	}
	set := map[string]bool{}
	if m.count != "" {
		set[m.count] = true
	}
	for f := Form(0); f < numForms; f++ {
		names, _ := placeholders(m.forms[f])
		for _, n := range names {
			set[n] = true
		}
	}
	out := make([]string, 0, len(set))
	for n := range set {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Text returns a key's text in one form as written in the catalog (placeholders left
// as they are), for tools and tests.
func (c *Catalog) Text(key string, f Form) string {
	if m := c.msgs[key]; m != nil && f < numForms {
		return m.forms[f]
	}
	return ""
}
