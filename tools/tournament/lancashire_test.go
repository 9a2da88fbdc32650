package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// TestLancashireTournament: -edition and -rules choose the game; a player count the rule
// set does not take and an unknown game are refused; a tiny Lancashire tournament under
// the original rules plays to the end and its report names the game.
func TestLancashireTournament(t *testing.T) {
	for _, bad := range []struct {
		players        int
		edition, rules string
	}{{2, "lancashire", "original"}, {3, "catan", ""}, {3, "lancashire", "house"}} {
		cfg, err := newConfig(bad.players, 2, "easy", 1, 1, 0)
		if err != nil {
			t.Fatal(err)
		}
		if err := cfg.setEdition(bad.edition, bad.rules); err == nil {
			t.Errorf("%d players of %s/%s accepted", bad.players, bad.edition, bad.rules)
		}
	}
	cfg, err := newConfig(3, 3, "medium,easy", 5, 2, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := cfg.setEdition("lancashire", "original"); err != nil {
		t.Fatal(err)
	}
	results, err := play(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	report(&out, cfg, results, time.Second)
	for _, want := range []string{"Brass: Lancashire (original rules)", "3 games, 3 players", "medium", "easy"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
}
