package bot

import (
	"testing"

	"brass/engine"
)

// playGame plays a whole game with the given bots in seats 0..n-1 and returns the final
// state; any refused or missing action fails the test.
func playGame(t testing.TB, n int, seed uint64, bots []Bot) *engine.State {
	t.Helper()
	s, err := engine.New(engine.Config{Edition: "birmingham", Players: n, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	for step := 0; s.Phase != engine.PhaseOver; step++ {
		p := s.Actor()
		v := s.View(p)
		a, err := bots[p].Choose(&v, p, seed*1000+uint64(step))
		if err != nil {
			t.Fatalf("%dp seed %d step %d: %v", n, seed, step, err)
		}
		if err := s.Apply(&a); err != nil {
			t.Fatalf("%dp seed %d step %d: illegal %v: %v", n, seed, step, s.Edition().Encode(a), err)
		}
		if step > 1000 {
			t.Fatal("game does not end")
		}
	}
	return s
}
