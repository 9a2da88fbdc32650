package app

import (
	"reflect"
	"strings"
	"testing"
)

func TestValidateNames(t *testing.T) {
	got, err := ValidateNames([]string{"  Ada ", "Brunel", "Kate\t"}, 3)
	if err != nil || !reflect.DeepEqual(got, []string{"Ada", "Brunel", "Kate"}) {
		t.Errorf("trimmed names = %q, %v", got, err)
	}
	got, err = ValidateNames(nil, 2)
	if err != nil || !reflect.DeepEqual(got, []string{"Player 1", "Player 2"}) {
		t.Errorf("default names = %q, %v", got, err)
	}
	if got, err := ValidateNames([]string{strings.Repeat("é", 20), "B"}, 2); err != nil || got[0] != strings.Repeat("é", 20) {
		t.Errorf("a 20-character name was refused: %v", err)
	}
	for _, c := range []struct {
		names   []string
		players int
		want    string
	}{
		{[]string{"Ada", "  "}, 2, "Player 2 needs a name"},
		{[]string{"Ada", strings.Repeat("x", 21)}, 2, "too long"},
		{[]string{"Ada", "ada "}, 2, "both called"},
		{[]string{"Ada", "B\x07"}, 2, "control character"},
		{[]string{"Ada"}, 2, "1 names were given for 2 players"},
		{nil, 5, "2 to 4 players"},
		{nil, 1, "2 to 4 players"},
	} {
		if _, err := ValidateNames(c.names, c.players); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ValidateNames(%q, %d) = %v, want an error with %q", c.names, c.players, err, c.want)
		}
	}
}

func TestValidateColours(t *testing.T) {
	got, err := ValidateColours([]string{"#C0392B", "gold", " #16a085 "}, 3)
	if err != nil || !reflect.DeepEqual(got, []string{"#c0392b", "#e2b714", "#16a085"}) {
		t.Errorf("colours = %q, %v", got, err)
	}
	for _, c := range []struct {
		colours []string
		players int
		want    string
	}{
		{[]string{"#c0392b", "#c0392b"}, 2, "both have Red"},
		{[]string{"#c0392b", "hotpink"}, 2, "not one of the game's colours"},
		{[]string{"#c0392b", "red;background:url(x)"}, 2, "not one of the game's colours"},
		{[]string{"#c0392b"}, 2, "1 colours were given for 2 players"},
		{DefaultColours(4), 5, "2 to 4 players"},
	} {
		if _, err := ValidateColours(c.colours, c.players); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ValidateColours(%q, %d) = %v, want an error with %q", c.colours, c.players, err, c.want)
		}
	}
	if len(Palette) < MaxPlayers {
		t.Fatalf("the palette has %d colours for up to %d players", len(Palette), MaxPlayers)
	}
	if _, err := ValidateColours(DefaultColours(MaxPlayers), MaxPlayers); err != nil {
		t.Errorf("the default colours are not valid: %v", err)
	}
	if ColourName("#7E57C2") != "Purple" || ColourName("#123456") != "#123456" {
		t.Error("ColourName")
	}
}

func TestRandomSeed(t *testing.T) {
	seen := map[uint64]bool{}
	for i := 0; i < 100; i++ {
		s := RandomSeed()
		if s >= 1<<53 {
			t.Fatalf("seed %d is not below 2^53", s)
		}
		seen[s] = true
	}
	if len(seen) < 99 {
		t.Errorf("100 random seeds gave only %d different values", len(seen))
	}
}
