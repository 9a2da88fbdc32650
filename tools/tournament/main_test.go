package main

import (
	"bytes"
	"math"
	"strings"
	"testing"
	"time"

	"brass/engine/bot"
)

// TestWilson checks the interval against values computed by hand from the formula.
func TestWilson(t *testing.T) {
	cases := []struct {
		k, n   int
		lo, hi float64
	}{
		{0, 10, 0, 0.2775},
		{10, 10, 0.7225, 1},
		{50, 100, 0.4038, 0.5962},
		{95, 100, 0.8882, 0.9785},
	}
	for _, c := range cases {
		lo, hi := wilson(c.k, c.n)
		if math.Abs(lo-c.lo) > 5e-4 || math.Abs(hi-c.hi) > 5e-4 {
			t.Errorf("wilson(%d, %d) = %.4f–%.4f, want %.4f–%.4f", c.k, c.n, lo, hi, c.lo, c.hi)
		}
	}
}

func TestConfigFillsAndRotatesSeats(t *testing.T) {
	cfg, err := newConfig(4, 8, "hard, easy-hand, hard-classic", 7, 2, 0)
	if err != nil {
		t.Fatal(err)
	}
	hard, easyHand, classic := seatBot{level: bot.Hard}, seatBot{level: bot.Easy, hand: true}, seatBot{level: bot.Hard, classic: true}
	want := []seatBot{hard, easyHand, classic, hard}
	for i, l := range want {
		if cfg.seats[i] != l {
			t.Fatalf("seats %v, want %v", cfg.seats, want)
		}
	}
	for _, bad := range []struct {
		players, games int
		bots           string
	}{{1, 2, "easy"}, {5, 2, "easy"}, {2, 0, "easy"}, {2, 2, "easy,expert"}, {2, 2, "hard-handy"}, {2, 2, "medium-classic"}} {
		if _, err := newConfig(bad.players, bad.games, bad.bots, 1, 1, 0); err == nil {
			t.Errorf("newConfig(%d, %d, %q) accepted", bad.players, bad.games, bad.bots)
		}
	}
}

// TestTournament plays a tiny tournament: every game ends, each level sits in each seat
// once per deal, and the report lists both levels.
func TestTournament(t *testing.T) {
	cfg, err := newConfig(2, 4, "medium,easy", 3, 2, 0)
	if err != nil {
		t.Fatal(err)
	}
	results, err := play(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	for g, r := range results {
		if r.seats[0] == r.seats[1] {
			t.Fatalf("game %d: both seats %v", g, r.seats[0])
		}
		if (g%2 == 0) != (r.seats[0].level == bot.Medium) {
			t.Fatalf("game %d: seats %v not rotated", g, r.seats)
		}
		if r.rank[0] != 1 && r.rank[1] != 1 {
			t.Fatalf("game %d: no winner in %v", g, r.rank)
		}
		if r.developed[0]+r.developed[1]+r.highBuilt[0]+r.highBuilt[1] == 0 {
			t.Errorf("game %d: neither bot developed or built a level III+ tile", g)
		}
		for p := range r.seats {
			if r.links[p] == 0 {
				t.Errorf("game %d: seat %d laid no link", g, p)
			}
			// the Canal Era's scoring is taken when it is done: some VP, and no more than at the end
			if r.canalVP[p] <= 0 || r.canalVP[p] > r.vp[p] {
				t.Errorf("game %d: seat %d had %d VP after the Canal Era and %d at the end", g, p, r.canalVP[p], r.vp[p])
			}
		}
	}
	// the same deal with the seats swapped is a different game, but each deal repeats
	again, err := play(config{players: 2, games: 4, seats: cfg.seats, seed: 3, workers: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for g := range results {
		if results[g].vp[0] != again[g].vp[0] || results[g].vp[1] != again[g].vp[1] {
			t.Fatalf("game %d differs between runs with 2 and 1 workers: %v vs %v", g, results[g].vp, again[g].vp)
		}
	}
	var out bytes.Buffer
	report(&out, cfg, results, time.Second)
	for _, want := range []string{"4 games, 2 players", "medium", "easy", "winner's mean VP", "III+ built", "Canal VP", "loans R≤2"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
}

// TestRotations: only rotations that seat the levels differently are played, so a table of
// one level plays a new deal in every game instead of replaying one deal per seat.
func TestRotations(t *testing.T) {
	H, M, E, h := seatBot{level: bot.Hard}, seatBot{level: bot.Medium}, seatBot{level: bot.Easy}, seatBot{level: bot.Hard, hand: true}
	for _, c := range []struct {
		seats []seatBot
		want  int
	}{
		{[]seatBot{H, E}, 2}, {[]seatBot{H, M, E}, 3}, {[]seatBot{H, E, H, E}, 2},
		{[]seatBot{H, H, E, E}, 4}, {[]seatBot{H, H, H, H}, 1}, {[]seatBot{E, E, E}, 1},
		{[]seatBot{H, h}, 2},
	} {
		if got := rotations(c.seats); got != c.want {
			t.Errorf("rotations(%v) = %d, want %d", c.seats, got, c.want)
		}
	}
	cfg, err := newConfig(2, 2, "easy", 5, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	results, err := play(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if results[0].vp[0] == results[1].vp[0] && results[0].vp[1] == results[1].vp[1] {
		t.Errorf("two games of Easy bots ended alike (%v): the same deal played twice?", results[0].vp)
	}
}
