package engine

import (
	"fmt"
	"testing"
)

// TestLancashireFixtures checks that the recorded Lancashire games (both rule sets: see
// editions), together, play what makes Lancashire Lancashire: sales to ports and to the
// Distant Market, a two-card build and loans of every amount (shipyards:
// TestLancashireShipyards). TestFixtures replays them and -update records them.
func TestLancashireFixtures(t *testing.T) {
	seen := map[string]int{}
	for _, e := range editions {
		if e.cfg.Edition != "lancashire" {
			continue
		}
		for _, fg := range e.games {
			for _, m := range loadFixture(t, e.file(fg.name)).Record.Moves {
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
	}
	for _, what := range []string{"distant market sale", "port sale", "two-card build", "£10 loan", "£20 loan", "£30 loan"} {
		if seen[what] == 0 {
			t.Errorf("no %s in the Lancashire fixture games (%v)", what, seen)
		}
	}
	t.Logf("Lancashire fixtures play %v", seen)
}

// TestSnapshotsTellTheDistantMarketDraws: the snapshot after each round lists the Distant
// Market tiles its sales turned over, in order, with the seller and the demand marker's
// space after each (Roxley summary "Sell": the tile turned over moves the marker down), so
// the round's summary can tell the one random moment of the round.
func TestSnapshotsTellTheDistantMarketDraws(t *testing.T) {
	draws := 0
	for _, e := range editions {
		if e.cfg.Edition != "lancashire" {
			continue
		}
		for _, fg := range e.games {
			rec := loadFixture(t, e.file(fg.name)).Record
			g, err := NewGame(rec.Config)
			if err != nil {
				t.Fatal(err)
			}
			var want []DistantDraw
			wantAt := map[int]int{} // move → draws made by the end of it
			for i, m := range rec.Moves {
				before := *g.State()
				if err := g.Apply(m); err != nil {
					t.Fatalf("%s move %d: %v", fg.name, i, err)
				}
				if m.Type == "sell" && m.Port == DistantMarketID {
					k := before.Distant[before.DistantLeft-1]
					drop := before.ed.DistantTiles[k].Drop
					demand := min(int(before.Demand)+drop, len(before.ed.DemandBonus))
					if after := g.State(); after.Era == before.Era && int(after.Demand) != demand {
						t.Fatalf("%s move %d: the marker is on %d, want %d", fg.name, i, after.Demand, demand)
					}
					want = append(want, DistantDraw{Player: m.Player, Drop: drop, Demand: demand})
				}
				wantAt[i+1] = len(want)
			}
			var got []DistantDraw
			for _, sn := range g.Snapshots()[1:] {
				got = append(got, sn.Distant...)
				if len(got) != wantAt[sn.Move] {
					t.Errorf("%s %v round %d: %d draws told by move %d, want %d", fg.name, sn.Era, sn.Round, len(got), sn.Move, wantAt[sn.Move])
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(want[:len(got)]) {
				t.Errorf("%s: snapshots tell %v, want %v", fg.name, got, want)
			}
			draws += len(got)
		}
	}
	if draws == 0 {
		t.Error("no Distant Market draw in the fixtures")
	}
}
