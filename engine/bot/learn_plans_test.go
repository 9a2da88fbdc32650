package bot

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestFitPlansRecoversDifferences: candidate turns whose outcomes differ by an exact linear
// function of their features' differences are fitted to that function's weights; the bias,
// which no difference measures, keeps the base model's weight, and so does every weight of a
// player count with no positions.
func TestFitPlansRecoversDifferences(t *testing.T) {
	l, err := NewLearning("birmingham", "")
	if err != nil {
		t.Fatal(err)
	}
	base := Bot{Level: Medium, Model: "v1"}
	from, err := base.model(l.ed)
	if err != nil || from == nil {
		t.Fatalf("model v1: %v", err)
	}
	r := rand.New(rand.NewPCG(3, 4))
	var want [numFeatures]float64
	for i := range want {
		want[i] = r.Float64()*4 - 2
	}
	const stage = 5
	g := PlanGroups{players: 2}
	for i := 0; i < 100; i++ {
		var grp []sample
		for c := 0; c < 4; c++ {
			var f [numFeatures]float64
			for k := range f {
				if k != fBias {
					f[k] = r.Float64()*10 - 5
				}
			}
			grp = append(grp, sample{stage: stage, f: f, y: weigh(0, &want, &f)})
		}
		g.groups = append(g.groups, grp)
	}
	l.AddPlans(g, false)
	if _, err := l.FitPlans(base, 0); err != nil {
		t.Fatal(err)
	}
	got := l.model.byPlayers[2][stage]
	for i := range want {
		w := want[i]
		if i == fBias {
			w = from.byPlayers[2][stage][fBias]
		}
		if math.Abs(got[i]-w) > 1e-3 {
			t.Errorf("weight of %s: %.4f, want %.4f", featureNames[i], got[i], w)
		}
	}
	if l.model.byPlayers[2][stage-1] != from.byPlayers[2][stage-1] {
		t.Error("a stage with no positions did not keep the base model's weights")
	}
	if l.model.byPlayers[3] != from.byPlayers[3] {
		t.Error("a player count with no positions did not keep the base model")
	}
	if _, err := l.FitPlans(Bot{Model: "v0"}, 0); err == nil {
		t.Error("an unknown base model was accepted")
	}
}

// TestPlayPlans: a game's studied position gives one row per candidate turn, as departures
// from the candidates' mean (features and outcome each sum to nothing, the bias is not
// there), in a stage of the game; the same seed gives the same rows.
func TestPlayPlans(t *testing.T) {
	l, err := NewLearning("birmingham", "")
	if err != nil {
		t.Fatal(err)
	}
	b := Bot{Level: Medium}
	g, err := l.PlayPlans(2, 11, b, 2, 3, 2)
	if err != nil {
		t.Fatal(err)
	}
	if g.Positions() == 0 {
		t.Fatal("no position was studied")
	}
	for _, grp := range g.groups {
		if len(grp) < 2 || len(grp) > 3 {
			t.Fatalf("%d candidates, want 2 or 3", len(grp))
		}
		var f [numFeatures]float64
		var y float64
		for _, r := range grp {
			if r.stage != grp[0].stage || r.stage < 0 || r.stage >= numStages {
				t.Fatalf("stage %d in a group of stage %d", r.stage, grp[0].stage)
			}
			for k := range f {
				f[k] += r.f[k]
			}
			y += r.y
		}
		for k := range f {
			if math.Abs(f[k]) > 1e-9 {
				t.Errorf("the candidates' %s sums to %g, want 0", featureNames[k], f[k])
			}
		}
		if math.Abs(y) > 1e-9 {
			t.Errorf("the candidates' outcomes sum to %g, want 0", y)
		}
	}
	again, err := l.PlayPlans(2, 11, b, 2, 3, 2)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(g, again) {
		t.Error("the same seed studied the game differently")
	}
	if _, err := l.PlayPlans(2, 11, Bot{Level: Medium, Model: "v0"}, 1, 3, 1); err == nil {
		t.Error("an unknown model was accepted")
	}
}
