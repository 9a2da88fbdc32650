package engine

import "testing"

// TestNextReachesEveryLegalMove walks every branch of the step-by-step choices at fixture
// positions: each path ends at exactly one legal move, and every legal move is reached, so
// a UI built on Next can make any legal move and nothing else.
func TestNextReachesEveryLegalMove(t *testing.T) {
	for _, pos := range []struct {
		file string
		move int
	}{{"game-2p.json", 0}, {"game-3p.json", 30}, {"game-4p.json", 75}, {"game-4p.json", 100}, {"game-2p.json", 52}} {
		s := fixtureAt(t, pos.file, pos.move)
		g := GameFromState(s)
		legal := g.LegalMoves()
		byType := map[string]int{}
		for _, m := range legal {
			byType[m.Type]++
		}
		for typ, want := range byType {
			reached := map[string]bool{}
			var walk func(chosen map[string]string)
			walk = func(chosen map[string]string) {
				c := Next(legal, typ, chosen)
				if c.Field == "" {
					if len(c.Moves) != 1 {
						t.Fatalf("%s@%d %s: choices %v end with %d moves", pos.file, pos.move, typ, chosen, len(c.Moves))
					}
					reached[c.Moves[0].String()] = true
					return
				}
				for _, v := range c.Values {
					next := map[string]string{c.Field: v}
					for k, x := range chosen {
						next[k] = x
					}
					walk(next)
				}
			}
			walk(map[string]string{})
			if len(reached) != want {
				t.Errorf("%s@%d %s: reached %d of %d legal moves", pos.file, pos.move, typ, len(reached), want)
			}
		}
	}
}
