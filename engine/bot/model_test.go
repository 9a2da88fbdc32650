package bot

import (
	"errors"
	"math"
	"strings"
	"testing"

	"brass/engine"
)

// weightsOf is a model's weights at n players as NewModel takes them.
func weightsOf(m *model, n int) map[int][][]float64 {
	out := map[int][][]float64{}
	var stages [][]float64
	for st := range numStages {
		stages = append(stages, append([]float64(nil), m.byPlayers[n][st][:]...))
	}
	out[n] = stages
	return out
}

func TestNewModel(t *testing.T) {
	inUse := learnedModels["birmingham"]
	m, err := NewModel("birmingham", "", weightsOf(inUse, 2))
	if err != nil {
		t.Fatal(err)
	}
	if m.key != "birmingham" || *m.m.byPlayers[2] != *inUse.byPlayers[2] || m.m.byPlayers[3] != nil {
		t.Fatal("the model does not hold the weights it was given, and only those")
	}
	bad := func(edit func(map[int][][]float64)) map[int][][]float64 {
		w := weightsOf(inUse, 2)
		edit(w)
		return w
	}
	cases := []struct {
		edition, rules string
		w              map[int][][]float64
		want           string
	}{
		{"monopoly", "", weightsOf(inUse, 2), "no edition"},
		{"birmingham", "", map[int][][]float64{5: weightsOf(inUse, 2)[2]}, "5 players"},
		{"birmingham", "", bad(func(w map[int][][]float64) { w[2] = w[2][1:] }), "stages"},
		{"birmingham", "", bad(func(w map[int][][]float64) { w[2][3] = w[2][3][1:] }), "one per feature"},
		{"birmingham", "", bad(func(w map[int][][]float64) { w[2][0][0] = math.NaN() }), "NaN"},
	}
	for _, c := range cases {
		if _, err := NewModel(c.edition, c.rules, c.w); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %q: %v, want an error saying %q", c.edition, c.rules, err, c.want)
		}
	}
}

// A bot given another rule set's model refuses to think with it.
func TestBotRefusesAnotherRuleSetsModel(t *testing.T) {
	m, err := NewModel("lancashire", "", weightsOf(learnedModels["lancashire"], 2))
	if err != nil {
		t.Fatal(err)
	}
	s, err := engine.New(engine.Config{Edition: "birmingham", Players: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	v := s.View(s.Actor())
	_, err = Bot{Level: Medium, Model: m}.Choose(&v, s.Actor(), 1)
	if !errors.Is(err, errModelRuleSet) {
		t.Fatalf("a Birmingham game with Lancashire's model: %v", err)
	}
}
