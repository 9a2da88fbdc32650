package kit

import (
	"testing"

	"brass/engine"
	"brass/ui/view"
)

func TestWords(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{Money(-3), "−£3"}, {Money(12), "£12"},
		{SignedMoney(3), "+£3"}, {SignedMoney(-2), "−£2"}, {SignedMoney(0), "£0"},
		{Signed(3), "+3"}, {Signed(-2), "−2"}, {Signed(0), "0"}, {Int(-4), "−4"},
		{Roman(4), "IV"}, {Roman(12), "12"},
		{Typeset("level -3, -£2, Stoke-on-Trent (-1)"), "level −3, −£2, Stoke-on-Trent (−1)"},
		{Classes("a", "", "b"), "a b"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

func TestPlayers(t *testing.T) {
	s, err := engine.New(engine.Config{Edition: "birmingham", Players: 4, Seed: 11, Names: []string{"Ada", "Bo", "Cy", "Di"}})
	if err != nil {
		t.Fatal(err)
	}
	g := view.Of(s)
	if Name(nil, g, 2) != "Cy" || Name([]string{"", "", "Kate"}, g, 2) != "Kate" || Name(nil, nil, 1) != "Player 2" || Name(nil, g, 5) != "Player 6" {
		t.Error("names: the given name, else the game's, else Player N")
	}
	if Color(nil, 0) == Color(nil, 1) || Color([]string{"#123"}, 0) != "#123" {
		t.Error("colours: the given colour, else a different one per seat")
	}
}
