package lang

import (
	"strings"
	"testing"
)

const testCatalog = `{
 "@language": "pl", "@name": "Polski", "@group": " ", "@minGroup": 2, "@and": " i ", "@or": " lub ",
 "@plural": "` + "m1fffmmmmm" + "mmmmmmmmmm" + "mmfffmmmmm" + "mmfffmmmmm" + "mmfffmmmmm" + "mmfffmmmmm" + "mmfffmmmmm" + "mmfffmmmmm" + "mmfffmmmmm" + "mmfffmmmmm" +
	"mmfffmmmmm" + "mmmmmmmmmm" + "mmfffmmmmm" + "mmfffmmmmm" + "mmfffmmmmm" + "mmfffmmmmm" + "mmfffmmmmm" + "mmfffmmmmm" + "mmfffmmmmm" + "mmfffmmmmm" + `",
 "tiles": {"count": "n", "one": "{n} kafelek", "few": "{n} kafelki", "many": "{n} kafelków", "other": "{n} kafelka"},
 "turn": "Tura gracza {name}"
}`

func TestTheFormsFollowTheLanguagesPluralRules(t *testing.T) {
	c, err := Parse([]byte(testCatalog), English())
	if err != nil {
		t.Fatal(err)
	}
	for n, want := range map[int]string{1: "1 kafelek", 2: "2 kafelki", 5: "5 kafelków", 12: "12 kafelków", 22: "22 kafelki", 112: "112 kafelków", 1024: "1024 kafelki", 21000: "21 000 kafelków"} {
		if got := c.T("tiles", N("n", n)); got != want {
			t.Errorf("tiles(%d) = %q, want %q", n, got, want)
		}
	}
	if got := c.T("turn", S("name", "Ada")); got != "Tura gracza Ada" {
		t.Errorf("turn = %q", got)
	}
	if got := c.JoinAnd([]string{"A", "B", "C"}); got != "A, B i C" {
		t.Errorf("JoinAnd = %q", got)
	}
}

func TestAMissingKeyFallsBackToEnglishThenShowsItself(t *testing.T) {
	c, err := Parse([]byte(testCatalog), English())
	if err != nil {
		t.Fatal(err)
	}
	if got, want := c.T("start.new_game"), English().T("start.new_game"); got != want || got == "start.new_game" {
		t.Errorf("fallback = %q, want English %q", got, want)
	}
	if got := c.T("no.such.key"); got != "no.such.key" {
		t.Errorf("unknown key = %q", got)
	}
	// English's own plural rule chooses English's forms.
	if got := c.T("start.moves", N("moves", 1)); got != "1 move" {
		t.Errorf("English fallback plural = %q", got)
	}
}

func TestNumbersAreGroupedByTheLanguage(t *testing.T) {
	en := English()
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", -1234567: "−1,234,567"} {
		if got := en.Int(n); got != want {
			t.Errorf("en.Int(%d) = %q, want %q", n, got, want)
		}
	}
	pl, _ := Parse([]byte(testCatalog), nil)
	for n, want := range map[int]string{1000: "1000", 9999: "9999", 10000: "10 000"} {
		if got := pl.Int(n); got != want {
			t.Errorf("pl.Int(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestAPlaceholderWithoutItsValueStaysAsWritten(t *testing.T) {
	if got := English().T("start.exported"); got != "Exported the game as {file}." {
		t.Errorf("got %q", got)
	}
}

func TestACorruptCatalogIsRefusedWithItsReason(t *testing.T) {
	base := `"@language": "xx", "@name": "X", "@plural": "` + strings.Repeat("o", 200) + `"`
	cases := map[string]string{
		`not json`:                                        "not a catalog",
		`{"@name": "X"}`:                                  `no "@language"`,
		`{` + base + `, "a": "{x"}`:                       "without its }",
		`{` + base + `, "a": "x}"}`:                       "without its {",
		`{` + base + `, "a": "{1x}"}`:                     "not a placeholder",
		`{` + base + `, "a": 3}`:                          "neither a text",
		`{` + base + `, "a": {"one": "x"}}`:               `need "count"`,
		`{` + base + `, "a": {"count": "n", "one": "x"}}`: `need "other"`,
		`{` + base + `, "a": {"count": "n", "lots": "x", "other": ""}}`: "not a plural form",
		`{"@language": "xx", "@name": "X", "@plural": "oo"}`:            "has 2 letters",
		`{"@language": "x x", "@name": "X", "@plural": "oo"}`:           "not a language tag",
	}
	for in, want := range cases {
		_, err := Parse([]byte(in), nil)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Parse(%s) = %v, want an error saying %q", in, err, want)
		}
	}
}
