package bot

import (
	"testing"

	"brass/engine"
)

// TestDistantOdds: a Distant Market sale is judged over every tile it may draw, each as
// likely as its share of the face-down stack: the expected drop of the tile on top is the
// mean drop of the stack, and the state judged is left as it was.
func TestDistantOdds(t *testing.T) {
	s, err := engine.New(engine.Config{Edition: "lancashire", Players: 3, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	ed := s.Edition()
	left := int(s.DistantLeft)
	if left < 2 {
		t.Fatalf("a stack of %d tiles", left)
	}
	mean := 0.0
	for _, k := range s.Distant[:left] {
		mean += float64(ed.DistantTiles[k].Drop) / float64(left)
	}
	before := *s
	got, ok := overDistant(s, func(c *engine.State) (float64, bool) {
		return float64(ed.DistantTiles[c.Distant[c.DistantLeft-1]].Drop), true
	})
	if !ok || got < mean-1e-9 || got > mean+1e-9 {
		t.Errorf("expected drop %v, %v; the stack's mean drop is %v", got, ok, mean)
	}
	if s.Hash() != before.Hash() || s.Distant != before.Distant {
		t.Error("judging the odds changed the state")
	}
	if _, ok := overDistant(s, func(*engine.State) (float64, bool) { return 0, false }); ok {
		t.Error("an outcome that cannot be played was judged")
	}
}
