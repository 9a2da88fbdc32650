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
	got := fitStage(rows, 3, 0, nil)
	for i := range want {
		if math.Abs(got[i]-want[i]) > 1e-3 {
			t.Errorf("weight of %s: %.4f, want %.4f", featureNames[i], got[i], want[i])
		}
	}
	if fitStage(rows, 2, 0, nil) != handWeights {
		t.Error("a stage with no positions did not keep the hand-built weights")
	}
	// the ridge holds the weights towards the hand-built ones
	held := fitStage(rows, 3, 100, nil)
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

// TestRidgeAllStages: the stage-by-stage ridge shrinks a feature's fitted departure by the
// same share in every stage, however seldom the feature is seen there; measured over all
// stages, it holds a feature that is nearly zero in one stage to its hand-built weight there
// and lets the stage where it is large fit more of it.
func TestRidgeAllStages(t *testing.T) {
	const ridge, truth = 1.0, 2.0 // each VP to come is truth × the link count
	dense, sparse := stageOf(engine.Canal, 1), stageOf(engine.Rail, 1)
	var rows []sample
	for i := 1; i <= 50; i++ {
		for _, st := range []int{dense, sparse} {
			r := sample{stage: st}
			r.f[fLinkCount] = float64(i%7 + 1)
			if st == sparse {
				r.f[fLinkCount] /= 100
			}
			r.y = truth * r.f[fLinkCount]
			rows = append(rows, r)
		}
	}
	fit := func(all bool) (d, s float64) {
		l, err := NewLearning("birmingham", "")
		if err != nil {
			t.Fatal(err)
		}
		l.RidgeAllStages = all
		l.train[4] = rows
		l.Fit(ridge, "test")
		sw := l.model.byPlayers[4]
		return sw[dense][fLinkCount], sw[sparse][fLinkCount]
	}
	if d, s := fit(false); math.Abs(d-truth/2) > 1e-3 || math.Abs(s-truth/2) > 1e-3 {
		t.Errorf("stage by stage, ridge 1: link count weighs %.4f and %.4f, want %.1f in both stages", d, s, truth/2)
	}
	d, s := fit(true)
	if d < 1.2 || d > truth {
		t.Errorf("over all stages: where the feature is large its weight is %.4f, want between 1.2 and %.1f", d, truth)
	}
	if math.Abs(s-handWeights[fLinkCount]) > 0.01 {
		t.Errorf("over all stages: where the feature is nearly zero its weight is %.4f, want its hand-built %.1f", s, handWeights[fLinkCount])
	}
}

// TestSamplesRoundTrip: a game's positions read back as they were written (tools/learn's
// -positions file); a cut-short record and one of another number of features are refused.
func TestSamplesRoundTrip(t *testing.T) {
	l, err := NewLearning("birmingham", "")
	if err != nil {
		t.Fatal(err)
	}
	g, err := l.SelfPlay(3, 7, Bot{Level: Easy})
	if err != nil {
		t.Fatal(err)
	}
	b := g.AppendBinary([]byte("x"))[1:]
	b = append(b, 42)
	back, rest, err := ReadSamples(b)
	if err != nil {
		t.Fatal(err)
	}
	if back.players != 3 || len(back.rows) != len(g.rows) || len(g.rows) == 0 || string(rest) != "\x2a" {
		t.Fatalf("read back %d players, %d positions, %d bytes left; wrote 3, %d, 1", back.players, len(back.rows), len(rest), len(g.rows))
	}
	for i := range g.rows {
		if back.rows[i] != g.rows[i] {
			t.Fatalf("position %d read back as %+v, written %+v", i, back.rows[i], g.rows[i])
		}
	}
	if _, _, err := ReadSamples(b[:len(b)-10]); err == nil {
		t.Error("a cut-short record was read")
	}
	other := append([]byte{3, numFeatures + 1}, b[2:]...)
	if _, _, err := ReadSamples(other); err == nil {
		t.Error("positions of another number of features were read")
	}
}
