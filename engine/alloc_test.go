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
	for _, file := range []string{"game-4p.json", "game-lancashire-4p.json", "game-lancashire-original-3p.json"} {
		fixtureDoesNotAllocate(t, file, buf)
	}
}

// TestLancashireLegalAndApplyDoNotAllocate is the random-game half of the test above for
// Lancashire, under both rule sets.
func TestLancashireLegalAndApplyDoNotAllocate(t *testing.T) {
	buf := make([]Action, 0, 8192)
	for _, rules := range []string{"", "original"} {
		start, err := New(Config{Edition: "lancashire", Rules: rules, Players: 4, Seed: 9})
		if err != nil {
			t.Fatal(err)
		}
		var s State
		var pcg rand.PCG
		allocs := testing.AllocsPerRun(1, func() {
			s = *start
			pcg.Seed(4, 5)
			for s.Phase != PhaseOver {
				buf = s.Legal(buf[:0])
				a := buf[pcg.Uint64()%uint64(len(buf))]
				if s.Apply(&a) != nil {
					panic("a listed action was refused")
				}
			}
		})
		if allocs != 0 {
			t.Errorf("rules %q: a random game allocated %v times", rules, allocs)
		}
	}
}

// fixtureDoesNotAllocate checks every position of a recorded game: listing the legal actions
// and applying each of them allocates nothing.
func fixtureDoesNotAllocate(t *testing.T, file string, buf []Action) {
	f := loadFixture(t, file)
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
			t.Fatalf("%s move %d (phase %d): Legal and Apply allocated %v times", file, i, s.Phase, allocs)
		}
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
}
