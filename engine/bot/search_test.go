package bot

import (
	"testing"

	"brass/engine"
)

// TestSearchSpreadsTheBudget: at its default budget Hard plays every candidate it keeps
// forward on several deals before it drops the worse half (it once dropped half of them
// after one deal each, which is choosing by luck), and a candidate that survives a stage
// has been played on more deals than one dropped at it.
func TestSearchSpreadsTheBudget(t *testing.T) {
	cfg := birmingham(2)
	states := positions(t, cfg, 2024, 9)
	checked := 0
	for i, s := range states {
		if i%3 != 1 || s.Phase != engine.PhaseAction {
			continue
		}
		v := s.View(s.Actor())
		sm, err := newSampler(&v, s.Actor())
		if err != nil {
			t.Fatal(err)
		}
		prm := profiles[Hard].hard
		th := newThinker(sm.b, &mediumWeights, learnedModels["birmingham"], uint64(i))
		_, out := th.search(sm, s.Actor(), prm)
		if len(out) < 4 {
			continue
		}
		least, most := out[0].n, out[0].n
		for _, r := range out {
			least, most = min(least, r.n), max(most, r.n)
		}
		if least < 2 {
			t.Errorf("position %d: a candidate was judged on %d deal(s) (%d candidates, the most played %d)", i, least, len(out), most)
		}
		if most <= least {
			t.Errorf("position %d: every candidate played on %d deals: no stage dropped any", i, most)
		}
		checked++
	}
	if checked < 3 {
		t.Fatalf("only %d positions with four or more candidates", checked)
	}
}

// TestDistinct: of plans with the same effect (a double rail link's two lines in either
// order, a Develop of the same industries from another iron source) only the first, the
// best-rated, is kept, and no more than keep plans.
func TestDistinct(t *testing.T) {
	link := func(a, b int8) engine.Action {
		return engine.Action{Kind: engine.KindNetwork, NLinks: 2, Links: [2]int8{a, b}}
	}
	dev := func(iron int8) engine.Action {
		return engine.Action{Kind: engine.KindDevelop, NDev: 1, NIron: 1, Iron: [2]int8{iron}}
	}
	plans := []rated{{a: link(3, 4), v: 5}, {a: link(4, 3), v: 5}, {a: dev(-2), v: 4}, {a: dev(7), v: 3}, {a: link(3, 5), v: 2}}
	got := distinct(plans, 12)
	if len(got) != 3 || got[0].a != plans[0].a || got[1].a != plans[2].a || got[2].a != plans[4].a {
		t.Errorf("distinct kept %v", got)
	}
	if got := distinct(plans, 2); len(got) != 2 {
		t.Errorf("keep 2 kept %d plans", len(got))
	}
}
