package engine_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"brass/engine"
	"brass/engine/enginetest"
)

// moveEntries applies a move and returns the log entries it wrote.
func moveEntries(t *testing.T, g *engine.Game, m engine.Move) []engine.LogEntry {
	t.Helper()
	n := len(g.Log())
	if err := g.Apply(m); err != nil {
		t.Fatalf("%v: %v", m, err)
	}
	return g.Log()[n:]
}

// expectLog compares a move's entries with the wanted kinds and texts, in order.
func expectLog(t *testing.T, got []engine.LogEntry, want ...engine.LogEntry) {
	t.Helper()
	for i, w := range want {
		if i >= len(got) {
			t.Errorf("entry %d missing, want %v %q", i, w.Kind, w.Text)
			continue
		}
		if got[i].Kind != w.Kind || got[i].Text != w.Text {
			t.Errorf("entry %d: %v %q\n                  want %v %q", i, got[i].Kind, got[i].Text, w.Kind, w.Text)
		}
	}
}

func entry(kind engine.LogKind, text string) engine.LogEntry {
	return engine.LogEntry{Kind: kind, Text: text}
}

// ownEffects are the entries of an action's own effects (LogAction, LogFlip, LogMarket),
// as the UI's summaries pick them.
func ownEffects(entries []engine.LogEntry) []engine.LogEntry {
	var out []engine.LogEntry
	for _, e := range entries {
		if e.Kind == engine.LogAction || e.Kind == engine.LogFlip || e.Kind == engine.LogMarket {
			out = append(out, e)
		}
	}
	return out
}

// TestLogCauseFirstAndSources: an action's log line comes before what it causes (a coal mine
// or brewery emptied by it flips, cubes sold to a market, the tile sold flips, a merchant
// beer bonus), and it says where its coal, iron and beer came from and what the market
// charged.
func TestLogCauseFirstAndSources(t *testing.T) {
	base := func() *enginetest.Builder {
		return enginetest.New(t, 3).Era(engine.Canal).Round(2).Turn(0).Money(0, 40).IronMarket(8).
			Hand(0, "birmingham", "dudley", "stafford").Tile("dudley_1", 1, engine.Coal, 1, 1).Link("dudley-birmingham", 2)
	}
	t.Run("coal from a mine that flips", func(t *testing.T) {
		g := base().MatLevel(0, engine.Cotton, 2).Game()
		expectLog(t, moveEntries(t, g, buildMove(0, "birmingham", "cotton_mill", "birmingham_1")),
			entry(engine.LogAction, "Player 1 builds Cotton Mill II in Birmingham with the Birmingham card, using 1 coal from Player 2's Coal Mine I in Dudley, paying £14."),
			entry(engine.LogFlip, "Player 2's Coal Mine I in Dudley flips: income +4 spaces (level 2)."))
	})
	t.Run("coal from a mine and iron from the market", func(t *testing.T) {
		g := base().MatLevel(0, engine.Cotton, 3).Game()
		expectLog(t, moveEntries(t, g, buildMove(0, "birmingham", "cotton_mill", "birmingham_1")),
			entry(engine.LogAction, "Player 1 builds Cotton Mill III in Birmingham with the Birmingham card, using 1 coal from Player 2's Coal Mine I in Dudley and 1 iron from the iron market (£2), paying £18."),
			entry(engine.LogFlip, "Player 2's Coal Mine I in Dudley flips: income +4 spaces (level 2)."))
	})
	t.Run("a coal mine sells to the market, then flips", func(t *testing.T) {
		g := base().Hand(0, "redditch").CoalMarket(12).Link("redditch-oxford", 2).Game()
		expectLog(t, moveEntries(t, g, buildMove(0, "redditch", "coal_mine", "redditch_1")),
			entry(engine.LogAction, "Player 1 builds Coal Mine I in Redditch with the Redditch card, paying £5."),
			entry(engine.LogMarket, "Player 1 sells 2 coal to the market for £2."),
			entry(engine.LogFlip, "Player 1's Coal Mine I in Redditch flips: income +4 spaces (level 2)."))
	})
	t.Run("develop with market iron", func(t *testing.T) {
		g := base().Game()
		expectLog(t, moveEntries(t, g, developMove(0, "stafford", "cotton_mill", "coal_mine")),
			entry(engine.LogAction, "Player 1 develops Cotton Mill I and Coal Mine I, using 2 iron from the iron market (£4), paying £4."))
	})
	sale := func() *enginetest.Builder {
		return enginetest.New(t, 3).Era(engine.Canal).Round(2).Turn(0).Hand(0, "birmingham", "stafford").
			NoMerchantBeer().Merchant("oxford_1", "cotton_mill", false).Link("birmingham-oxford", 1).
			Tile("birmingham_1", 0, engine.Cotton, 1, 0)
	}
	t.Run("a sale with beer from the own brewery, which flips", func(t *testing.T) {
		g := sale().Tile("stafford_1", 0, engine.Brewery, 1, 1).Game()
		got := moveEntries(t, g, sellMove(0, "stafford", "birmingham_1", "oxford_1"))
		expectLog(t, got,
			entry(engine.LogAction, "Player 1 sells Cotton Mill I in Birmingham to Oxford (merchant 1), using 1 beer from Player 1's Brewery I in Stafford."),
			entry(engine.LogFlip, "Player 1's Brewery I in Stafford flips: income +4 spaces (level 2)."),
			entry(engine.LogFlip, "Player 1's Cotton Mill I in Birmingham flips: income +5 spaces (level 5)."))
	})
	t.Run("a sale with the merchant's beer, then its bonus", func(t *testing.T) {
		g := sale().Merchant("oxford_1", "cotton_mill", true).Game()
		expectLog(t, moveEntries(t, g, sellMove(0, "stafford", "birmingham_1", "oxford_1")),
			entry(engine.LogAction, "Player 1 sells Cotton Mill I in Birmingham to Oxford (merchant 1), using 1 beer from the merchant at Oxford (merchant 1)."),
			entry(engine.LogFlip, "Player 1's Cotton Mill I in Birmingham flips: income +5 spaces (level 3)."),
			entry(engine.LogAction, "Oxford's beer bonus: income +2 spaces (level 4)."))
	})
	t.Run("a pass logs only the pass among its own effects", func(t *testing.T) {
		g := lastAction(t, engine.Canal).Game()
		got := moveEntries(t, g, endTurn)
		expectLog(t, ownEffects(got), entry(engine.LogAction, "Player 3 passes, discarding Birmingham."))
		if len(ownEffects(got)) != 1 || got[0].Kind != engine.LogAction {
			t.Errorf("entries %v", got)
		}
		for _, e := range got[1:] {
			if e.Kind == engine.LogAction || e.Kind == engine.LogFlip || e.Kind == engine.LogMarket {
				t.Errorf("the pass caused %v %q", e.Kind, e.Text)
			}
		}
	})
}

// TestLogCauseFirstInFixtureGames: in every recorded game, each move's first log entry is
// the mover's own line (an action, or a tile removed for a shortfall), so no flip, market
// sale, bonus or end-of-round entry is listed before the move that caused it.
func TestLogCauseFirstInFixtureGames(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "game-*.json"))
	if len(files) == 0 {
		t.Fatal("no fixture games")
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var fx struct{ Record engine.Record }
		if err := json.Unmarshal(data, &fx); err != nil {
			t.Fatal(err)
		}
		rec := fx.Record
		g, err := engine.NewGame(rec.Config)
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range rec.Moves {
			got := moveEntries(t, g, m)
			if len(got) == 0 {
				t.Fatalf("%s move %d %v wrote no log", file, i, m)
			}
			first := got[0]
			want := engine.LogAction
			if m.Type == "remove_tile" {
				want = engine.LogIncome
			}
			if first.Kind != want || first.Player != m.Player || first.Move != i {
				t.Fatalf("%s move %d %v: first entry %+v", file, i, m, first)
			}
		}
		// Each era's scoring names its era, so the Rail Era's lines are not read as the
		// Canal Era's (rulebook, "End of Canal & Rail Era": links, then flipped tiles, are
		// scored).
		scored := map[engine.Era]int{}
		for _, e := range g.Log() {
			if e.Kind == engine.LogScore && strings.Contains(e.Text, " VP for links and ") {
				if !strings.Contains(e.Text, "at the end of the "+e.Era.String()) {
					t.Errorf("%s: %q does not name its era", file, e.Text)
				}
				scored[e.Era]++
			}
		}
		if scored[engine.Canal] == 0 || scored[engine.Rail] == 0 {
			t.Errorf("%s: era scoring lines by era %v, want both eras", file, scored)
		}
	}
}
