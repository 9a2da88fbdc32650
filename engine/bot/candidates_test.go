package bot

import (
	"testing"

	"brass/engine"
)

// TestCandidatesLoseNoChoice: the bots' shrunken action lists hold only legal actions and
// lose no real choice. The decision's list has every legal action up to the card discarded
// (Scout once); the rollouts' coarse list has, besides, every Develop and double rail link up
// to where its coal, iron and beer come from (a Develop of two different industries may go).
func TestCandidatesLoseNoChoice(t *testing.T) {
	noCard := func(a engine.Action) engine.Action { a.Card = engine.NoCard; return a }
	for n := 2; n <= 4; n++ {
		for _, s := range positions(t, birmingham(n), uint64(70+n), 5) {
			th := newThinker(boardOf(s.Edition()), &mediumWeights, nil, 1)
			legal := s.Legal(nil)
			isLegal := map[engine.Action]bool{}
			for _, a := range legal {
				isLegal[a] = true
			}
			for _, coarse := range []bool{false, true} {
				th.coarse = coarse
				cands := th.candidates(&s, nil)
				if len(cands) > len(legal) {
					t.Fatalf("%dp move %d: %d candidates for %d legal actions", n, s.Moves, len(cands), len(legal))
				}
				have := map[engine.Action]bool{}
				for _, c := range cands {
					if !isLegal[c] {
						t.Fatalf("%dp move %d: candidate %v is not legal", n, s.Moves, s.Edition().Encode(c))
					}
					have[noCard(c)] = true
				}
				for _, a := range legal {
					if a.Kind == engine.KindScout || have[noCard(a)] {
						continue
					}
					if coarse && a.Kind == engine.KindDevelop && a.NDev == 2 && a.Dev[0] != a.Dev[1] {
						continue
					}
					found := false
					for i := range cands {
						if coarse && sameEffect(&cands[i], &a) {
							found = true
							break
						}
					}
					if !found {
						t.Fatalf("%dp move %d (coarse %v): no candidate stands for %v", n, s.Moves, coarse, s.Edition().Encode(a))
					}
				}
			}
		}
	}
}
