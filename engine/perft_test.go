package engine

import (
	"encoding/json"
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
// at fixed positions of the fixture games. Run with -update after a deliberate rules change.
func TestPerft(t *testing.T) {
	golden := filepath.Join("testdata", "perft.json")
	var cases []perftCase
	if *update {
		for _, f := range []string{"game-2p.json", "game-3p.json", "game-4p.json"} {
			for _, n := range []int{0, 1, 9, 30, 52, 60, 75} {
				cases = append(cases, perftCase{Fixture: f, Move: n})
			}
		}
	} else {
		data, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(data, &cases); err != nil {
			t.Fatal(err)
		}
	}
	for i, c := range cases {
		s := fixtureAt(t, c.Fixture, c.Move)
		d1, d2 := perft(s, 1), perft(s, 2)
		if *update {
			cases[i].Depth1, cases[i].Depth2 = d1, d2
			continue
		}
		if d1 != c.Depth1 || d2 != c.Depth2 {
			t.Errorf("%s after %d moves: perft %d / %d, want %d / %d", c.Fixture, c.Move, d1, d2, c.Depth1, c.Depth2)
		}
	}
	if *update {
		b, _ := json.MarshalIndent(cases, "", " ")
		if err := os.WriteFile(golden, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
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
