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
