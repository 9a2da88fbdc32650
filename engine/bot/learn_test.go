package bot

import (
	"math"
	"math/rand/v2"
	"testing"

	"brass/engine"
)

// TestFitRecoversWeights: positions whose VP to come is an exact linear function of their
// features are fitted to that function's weights, stage by stage; a feature that is never
// seen keeps its hand-built weight, and a stage with no positions keeps them all.
func TestFitRecoversWeights(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var want [numFeatures]float64
	for i := range want {
		want[i] = r.Float64()*4 - 2
	}
	want[fProspects] = handWeights[fProspects] // never seen: stays hand-built
	var rows []sample
	for i := 0; i < 400; i++ {
		var f [numFeatures]float64
		for k := range f {
			if k != fProspects {
				f[k] = r.Float64() * 10
			}
		}
		f[fBias] = 1
		rows = append(rows, sample{stage: 3, f: f, y: weigh(0, &want, &f)})
	}
	got := fitStage(rows, 3, 0)
	for i := range want {
		if math.Abs(got[i]-want[i]) > 1e-3 {
			t.Errorf("weight of %s: %.4f, want %.4f", featureNames[i], got[i], want[i])
		}
	}
	if fitStage(rows, 2, 0) != handWeights {
		t.Error("a stage with no positions did not keep the hand-built weights")
	}
	// the ridge holds the weights towards the hand-built ones
	held := fitStage(rows, 3, 100)
	if math.Abs(held[fBeer]-handWeights[fBeer]) >= math.Abs(got[fBeer]-handWeights[fBeer]) {
		t.Errorf("with a strong ridge the beer weight %.3f is no nearer the hand-built %.3f than %.3f", held[fBeer], handWeights[fBeer], got[fBeer])
	}
}

// TestSelfPlaySamples: a self-play game gives positions of both eras, every player's at
// each, and the VP to come of the first ones (at 0 VP) is what the players scored in the
// same game played again.
func TestSelfPlaySamples(t *testing.T) {
	l, err := NewLearning("birmingham", "")
	if err != nil {
		t.Fatal(err)
	}
	b := Bot{Level: Medium, HandBuilt: true}
	g, err := l.SelfPlay(2, 7, b)
	if err != nil {
		t.Fatal(err)
	}
	var stages [numStages]int
	for _, r := range g.rows {
		stages[r.stage]++
	}
	for st, c := range stages {
		if c == 0 || c%2 != 0 {
			t.Errorf("stage %d: %d positions, want a positive number for both players", st, c)
		}
	}
	end := playGame(t, birmingham(2), 7, []Bot{b, b})
	for p := 0; p < 2; p++ {
		if got, want := g.rows[p].y, float64(end.Players[p].VP); got != want {
			t.Errorf("player %d's VP to come from the start: %v, want the %v they scored", p, got, want)
		}
	}
	if _, err := NewLearning("lancashire", "warfrog"); err == nil {
		t.Error("an unknown rule set was accepted")
	}
}

// TestLearnedModels: every rule set the bots play has a learned model for each of its
// player counts, with finite weights; Medium and Hard think with it (their choices differ
// from the hand-built evaluation's somewhere), Easy does not, and the introductory game
// (the Canal Era alone) is played by the hand-built one.
func TestLearnedModels(t *testing.T) {
	for _, su := range setups() {
		ed, _ := engine.EditionFor(su.cfg.Edition, su.cfg.Rules)
		m := learnedModels[modelKey(ed)]
		if m == nil || m.byPlayers[su.cfg.Players] == nil {
			t.Errorf("%s: no learned model", su.name)
			continue
		}
		for st, w := range m.byPlayers[su.cfg.Players] {
			for i, v := range w {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					t.Errorf("%s: stage %d: weight of %s is %v", su.name, st, featureNames[i], v)
				}
			}
		}
	}
	differ := map[Level]int{}
	for _, s := range positions(t, birmingham(2), 5, 9) {
		seat := s.Actor()
		v := s.View(seat)
		for _, l := range []Level{Easy, Medium, Hard} {
			learned, err := Bot{Level: l, Budget: testBudget}.Choose(&v, seat, 3)
			if err != nil {
				t.Fatal(err)
			}
			hand, err := Bot{Level: l, Budget: testBudget, HandBuilt: true}.Choose(&v, seat, 3)
			if err != nil {
				t.Fatal(err)
			}
			if learned != hand {
				differ[l]++
			}
		}
	}
	if differ[Easy] != 0 || differ[Medium] == 0 || differ[Hard] == 0 {
		t.Errorf("choices that differ from the hand-built evaluation's: %v, want none for Easy and some for Medium and Hard", differ)
	}
	intro := birmingham(2)
	intro.Introductory = true
	for _, s := range positions(t, intro, 5, 7) {
		seat := s.Actor()
		v := s.View(seat)
		learned, err1 := Bot{Level: Medium}.Choose(&v, seat, 3)
		hand, err2 := Bot{Level: Medium, HandBuilt: true}.Choose(&v, seat, 3)
		if err1 != nil || err2 != nil || learned != hand {
			t.Fatalf("introductory game, move %d: Medium chose %v, by the hand-built evaluation %v (%v, %v)", s.Moves, learned, hand, err1, err2)
		}
	}
}

// TestCanalOpeningFromNext: the Canal Era's first stage is fitted to its own positions,
// unless CanalOpeningFromNext gives it the weights of the stage after it.
func TestCanalOpeningFromNext(t *testing.T) {
	opening, next := stageOf(engine.Canal, 7), stageOf(engine.Canal, 5)
	for _, from := range []bool{false, true} {
		l, err := NewLearning("birmingham", "")
		if err != nil {
			t.Fatal(err)
		}
		l.CanalOpeningFromNext = from
		for seed := uint64(1); seed <= 2; seed++ {
			g, err := l.SelfPlay(4, seed, Bot{Level: Easy})
			if err != nil {
				t.Fatal(err)
			}
			l.Add(g, false)
		}
		l.Fit(0.01, "test")
		sw := l.model.byPlayers[4]
		if same := sw[opening] == sw[next]; same != from {
			t.Errorf("CanalOpeningFromNext %v: the opening's weights equal the next stage's: %v", from, same)
		}
		if sw[stageOf(engine.Rail, 7)] == sw[stageOf(engine.Rail, 5)] {
			t.Errorf("CanalOpeningFromNext %v: the Rail Era's opening took the next stage's weights too", from)
		}
	}
}
