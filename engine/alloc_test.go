package engine

import (
	"math/rand/v2"
	"testing"
)

// TestLegalAndApplyDoNotAllocate: State.Legal and State.Apply (with the log off, as bots
// play) allocate nothing, in whole random games at 2, 3 and 4 players and in every position
// of a recorded game (which has sales and shortfalls), once the caller's buffer has grown.
func TestLegalAndApplyDoNotAllocate(t *testing.T) {
	buf := make([]Action, 0, 4096)
	for _, n := range []int{2, 3, 4} {
		start, err := New(Config{Edition: "birmingham", Players: n, Seed: uint64(40 + n)})
		if err != nil {
			t.Fatal(err)
		}
		var s State
		var pcg rand.PCG
		allocs := testing.AllocsPerRun(1, func() {
			s = *start
			pcg.Seed(uint64(n), 5)
			for s.Phase != PhaseOver {
				buf = s.Legal(buf[:0])
				a := buf[pcg.Uint64()%uint64(len(buf))]
				if s.Apply(&a) != nil {
					panic("a listed action was refused")
				}
			}
		})
		if allocs != 0 {
			t.Errorf("%d players: a random game allocated %v times", n, allocs)
		}
	}
	f := loadFixture(t, "game-4p.json")
	g, err := NewGame(f.Record.Config)
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range f.Record.Moves {
		s := *g.State()
		if allocs := testing.AllocsPerRun(1, func() {
			buf = s.Legal(buf[:0])
			for k := range buf {
				c := s
				_ = c.Apply(&buf[k])
			}
		}); allocs != 0 {
			t.Fatalf("move %d (phase %d): Legal and Apply allocated %v times", i, s.Phase, allocs)
		}
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
}
