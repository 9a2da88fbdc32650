package lang

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
)

// The checks that keep every catalog complete (docs/languages.md): the same keys as
// English, the same placeholders, the plural forms the language has, and "@plural" as
// CLDR (through golang.org/x/text, used here only, so it costs app.wasm nothing) has it.

// catalogFiles are English and every catalog under web/lang.
func catalogFiles(t *testing.T) map[string][]byte {
	t.Helper()
	files := map[string][]byte{"en.json": englishJSON}
	paths, err := filepath.Glob(filepath.Join("..", "web", "lang", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.Base(p)] = b
	}
	return files
}

func TestEveryCatalogHasEnglishsKeysAndPlaceholders(t *testing.T) {
	en := English()
	files := catalogFiles(t)
	if len(files) < 2 {
		t.Fatalf("no catalogs under web/lang")
	}
	for name, b := range files {
		c, err := Parse(b, en)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if want := strings.TrimSuffix(name, ".json"); c.Tag() != want {
			t.Errorf("%s: @language is %q, want %q (the file's name)", name, c.Tag(), want)
		}
		for _, k := range en.Keys() {
			if !c.Has(k) {
				t.Errorf("%s: no %q (English: %q)", name, k, en.Text(k, Other))
			}
		}
		forms := c.PluralForms()
		for _, k := range c.Keys() {
			if !en.Has(k) {
				t.Errorf("%s: %q is not a key of English's", name, k)
				continue
			}
			if got, want := c.Placeholders(k), en.Placeholders(k); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: %q has the placeholders %v, English's has %v", name, k, got, want)
			}
			has, count := c.Forms(k)
			if count == "" {
				continue
			}
			for _, f := range forms {
				if !contains(has, f) {
					t.Errorf("%s: %q lacks the form %q, which %s integers take", name, k, f, c.Tag())
				}
			}
			for _, f := range has {
				if f != Other && !contains(forms, f) {
					t.Errorf("%s: %q has the form %q, which %s integers never take", name, k, f, c.Tag())
				}
			}
		}
	}
}

func contains(forms []Form, f Form) bool {
	for _, g := range forms {
		if g == f {
			return true
		}
	}
	return false
}

// TestEveryCatalogsPluralRuleIsCLDRs checks "@plural" against CLDR's cardinal rules for
// every integer up to 100,000 (the game's numbers are far smaller): the table's 200
// entries, and the reduction of larger numbers to 100 + n mod 100.
func TestEveryCatalogsPluralRuleIsCLDRs(t *testing.T) {
	toForm := map[plural.Form]Form{plural.Other: Other, plural.Zero: Zero, plural.One: One, plural.Two: Two, plural.Few: Few, plural.Many: Many}
	for name, b := range catalogFiles(t) {
		c, err := Parse(b, nil)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		tag := language.Make(c.Tag())
		want := make([]byte, pluralSpan)
		for n := 0; n < pluralSpan; n++ {
			want[n] = formLetters[toForm[plural.Cardinal.MatchPlural(tag, n, 0, 0, 0, 0)]]
		}
		var got strings.Builder
		for n := 0; n < pluralSpan; n++ {
			got.WriteByte(formLetters[c.Form(n)])
		}
		if got.String() != string(want) {
			t.Errorf("%s: \"@plural\" should be %q (CLDR's, for %s)", name, want, tag)
			continue
		}
		for n := pluralSpan; n <= 100000; n++ {
			if f := toForm[plural.Cardinal.MatchPlural(tag, n, 0, 0, 0, 0)]; c.Form(n) != f {
				t.Errorf("%s: %d takes %q in CLDR, %q here", name, n, f, c.Form(n))
				break
			}
		}
	}
}
