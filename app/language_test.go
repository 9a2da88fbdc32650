package app

import "testing"

func TestTheBrowsersFirstOfferedLanguageIsChosen(t *testing.T) {
	offered := []Language{{"en", "English"}, {"de", "Deutsch"}, {"pl", "Polski"}, {"pt-BR", "Português"}}
	cases := []struct {
		preferred []string
		want      string
	}{
		{[]string{"de-AT", "en"}, "de"},
		{[]string{"fr-FR", "pl"}, "pl"},
		{[]string{"pt-br"}, "pt-BR"},
		{[]string{"ja", "fr"}, "en"},
		{nil, "en"},
	}
	for _, c := range cases {
		if got := MatchLanguage(offered, c.preferred); got != c.want {
			t.Errorf("MatchLanguage(%v) = %q, want %q", c.preferred, got, c.want)
		}
	}
}

func TestTheChosenLanguageIsKeptOnTheDevice(t *testing.T) {
	st := NewMemoryStore()
	if got := ChosenLanguage(st); got != "" {
		t.Fatalf("nothing chosen yet: %q", got)
	}
	if err := SetLanguage(st, "pl"); err != nil {
		t.Fatal(err)
	}
	if got := ChosenLanguage(st); got != "pl" {
		t.Errorf("ChosenLanguage = %q, want pl", got)
	}
}
