package engine

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// perft counts the legal action sequences of the given depth from s (like chess perft): it
// guards the enumerator against silent changes.
func perft(s *State, depth int) int {
	legal := s.Legal(nil)
	if depth <= 1 {
		return len(legal)
	}
	total := 0
	for _, a := range legal {
		c := *s
		if c.Apply(&a) != nil {
			return -1
		}
		if c.Phase == PhaseOver {
			total++
			continue
		}
		total += perft(&c, depth-1)
	}
	return total
}

type perftCase struct {
	Fixture string `json:"fixture"`
	Move    int    `json:"move"` // position after this many moves
	Depth1  int    `json:"depth1"`
	Depth2  int    `json:"depth2"`
}

// TestPerft checks exact counts of legal actions (depth 1) and two-action sequences (depth 2)
// at fixed positions of each edition's fixture games (TestPerft/lancashire-roxley-2p). Run
// with -update after a deliberate rules change.
func TestPerft(t *testing.T) {
	g := newGolden(func(c perftCase) string { return fmt.Sprintf("%s@%d", c.Fixture, c.Move) })
	for _, e := range editions {
		for _, game := range e.perft.games {
			file := e.file(game)
			g.plan(e.perft.file, len(e.perft.moves))
			t.Run(e.name+"-"+game, func(t *testing.T) {
				for _, n := range e.perft.moves {
					s := fixtureAt(t, file, n)
					g.check(t, e.perft.file, perftCase{Fixture: file, Move: n, Depth1: perft(s, 1), Depth2: perft(s, 2)})
				}
			})
		}
	}
	g.finish(t)
}

// loadFixture reads a fixture game from testdata.
func loadFixture(t testing.TB, file string) fixture {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	var f fixture
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	return f
}

// fixtureAt returns the state of a fixture game after its first n moves.
func fixtureAt(t testing.TB, file string, n int) *State {
	t.Helper()
	f := loadFixture(t, file)
	if n > len(f.Record.Moves) {
		t.Fatalf("%s has only %d moves", file, len(f.Record.Moves))
	}
	f.Record.Moves = f.Record.Moves[:n]
	g, err := Replay(f.Record)
	if err != nil {
		t.Fatal(err)
	}
	return g.State()
}
