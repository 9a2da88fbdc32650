package engine

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// recordLancashire re-records only the Lancashire golden files (fixture games and perft),
// leaving Birmingham's as they are.
var recordLancashire = flag.Bool("record-lancashire", false, "rewrite the Lancashire fixture games and perft counts in engine/testdata")

// lancashireFixtures are the recorded Lancashire games: both rule sets at 3 and 4 players,
// and a 2-player Roxley game. TestFixtures replays them (with Birmingham's) to their exact
// scores and final hash.
var lancashireFixtures = []struct {
	file  string
	cfg   Config
	names []string
}{
	{"game-lancashire-2p.json", Config{Edition: "lancashire", Players: 2, Seed: 1781}, []string{"Arkwright", "Crompton"}},
	{"game-lancashire-3p.json", Config{Edition: "lancashire", Players: 3, Seed: 1764}, []string{"Arkwright", "Crompton", "Hargreaves"}},
	{"game-lancashire-4p.json", Config{Edition: "lancashire", Players: 4, Seed: 1830}, nil},
	{"game-lancashire-original-3p.json", Config{Edition: "lancashire", Rules: "original", Players: 3, Seed: 2007}, nil},
	{"game-lancashire-original-4p.json", Config{Edition: "lancashire", Rules: "original", Players: 4, Seed: 1769}, []string{"Arkwright", "Crompton", "Hargreaves", "Watt"}},
}

// TestLancashireFixtures re-records the Lancashire games with -record-lancashire, and checks
// that, together, they play what makes Lancashire Lancashire: sales to ports and to the
// Distant Market, a two-card build and loans of every amount (shipyards: TestLancashireShipyards).
func TestLancashireFixtures(t *testing.T) {
	seen := map[string]int{}
	for _, fx := range lancashireFixtures {
		path := filepath.Join("testdata", fx.file)
		if *recordLancashire {
			cfg := fx.cfg
			cfg.Names = fx.names
			g, rec := recordGameConfig(t, cfg)
			f := fixture{
				Description: fmt.Sprintf("%d-player Brass: Lancashire game (rules %q) recorded by a greedy policy (seed %d)", cfg.Players, cfg.Rules, cfg.Seed),
				Record:      rec, Standings: g.State().Standings(), FinalHash: fmt.Sprintf("%016x", g.Hash()),
			}
			b, err := json.MarshalIndent(f, "", " ")
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		f := loadFixture(t, fx.file)
		if f.Record.Config.Edition != "lancashire" || f.Record.Config.Rules != fx.cfg.Rules || f.Record.Config.Players != fx.cfg.Players {
			t.Errorf("%s: config %+v", fx.file, f.Record.Config)
		}
		for _, m := range f.Record.Moves {
			switch {
			case m.Type == "sell" && m.Port == DistantMarketID:
				seen["distant market sale"]++
			case m.Type == "sell" && m.Port != "":
				seen["port sale"]++
			case m.Type == "build" && len(m.Cards) == 1:
				seen["two-card build"]++
			case m.Type == "build" && m.Industry == "shipyard":
				seen["shipyard"]++
			case m.Type == "loan":
				seen[fmt.Sprintf("£%d loan", m.Amount)]++
			}
		}
	}
	for _, what := range []string{"distant market sale", "port sale", "two-card build", "£10 loan", "£20 loan", "£30 loan"} {
		if seen[what] == 0 {
			t.Errorf("no %s in the Lancashire fixture games (%v)", what, seen)
		}
	}
	t.Logf("Lancashire fixtures play %v", seen)
}

// TestPerftLancashire checks exact depth-1 and depth-2 counts of legal actions at fixed
// positions of the Lancashire fixture games (testdata/perft-lancashire.json).
func TestPerftLancashire(t *testing.T) {
	golden := filepath.Join("testdata", "perft-lancashire.json")
	var cases []perftCase
	if *recordLancashire {
		for _, f := range []string{"game-lancashire-2p.json", "game-lancashire-4p.json", "game-lancashire-original-3p.json"} {
			for _, n := range []int{0, 1, 9, 30, 45, 60} {
				cases = append(cases, perftCase{Fixture: f, Move: n})
			}
		}
	} else {
		data, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(data, &cases); err != nil {
			t.Fatal(err)
		}
	}
	for i, c := range cases {
		s := fixtureAt(t, c.Fixture, c.Move)
		d1, d2 := perft(s, 1), perft(s, 2)
		if *recordLancashire {
			cases[i].Depth1, cases[i].Depth2 = d1, d2
			continue
		}
		if d1 != c.Depth1 || d2 != c.Depth2 {
			t.Errorf("%s after %d moves: perft %d / %d, want %d / %d", c.Fixture, c.Move, d1, d2, c.Depth1, c.Depth2)
		}
	}
	if *recordLancashire {
		b, _ := json.MarshalIndent(cases, "", " ")
		if err := os.WriteFile(golden, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
