package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"
)

// fixture is a whole recorded game with its expected outcome.
type fixture struct {
	Description string     `json:"description"`
	Record      Record     `json:"record"`
	Standings   []Standing `json:"standings"`
	FinalHash   string     `json:"final_hash"`
}

// greedyMove picks the legal action that most improves a simple estimate of the mover's
// final score (VP, VP waiting in flipped tiles and links, income, money), breaking ties at
// random. It only exists to record fixture games that look like real play: sales, flips,
// markets, loans, shortfalls and scoring, rather than random play's near-zero scores.
func greedyMove(s *State, legal []Action, r *rand.Rand) Action {
	p := s.Actor()
	best, bestV := 0, -1<<30
	for i, a := range legal {
		c := *s
		if c.Apply(&a) != nil {
			continue
		}
		v := estimate(&c, p)*16 + r.IntN(16)
		if v > bestV {
			best, bestV = i, v
		}
	}
	return legal[best]
}

func estimate(s *State, p int) int {
	v := int(s.Players[p].VP) * 4
	for sp := range s.ed.Spaces {
		t := s.Tiles[sp]
		if int(t.Owner) == p+1 {
			spec := s.TileSpec(t)
			if t.Flipped {
				v += spec.VP * 4
			} else {
				v += spec.VP * 2
			}
		}
	}
	for l := range s.ed.Links {
		if int(s.Links[l]) == p+1 {
			v += s.LinkVP(l)*4 + 2
		}
	}
	v += s.IncomeLevel(p) * 3
	v += int(s.Players[p].Money) / 3
	return v
}

// recordGame plays a game of the config with a fixed policy mix (mostly greedyMove, one
// move in ten at random) and returns it with its record.
func recordGame(t testing.TB, cfg Config) (*Game, Record) {
	g, err := NewGame(cfg)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(cfg.Seed, 99))
	for !g.Over() {
		s := g.State()
		legal := s.Legal(nil)
		var a Action
		if r.IntN(10) == 0 {
			a = legal[r.IntN(len(legal))]
		} else {
			a = greedyMove(s, legal, r)
		}
		if err := g.Apply(s.ed.Encode(a)); err != nil {
			t.Fatal(err)
		}
	}
	return g, g.Record()
}

// TestFixtures replays every edition's recorded games (TestFixtures/birmingham-4p-b) to
// their exact final scores and hash, checking the invariants after every move; with
// -update it records them again first.
func TestFixtures(t *testing.T) {
	known := map[string]bool{}
	for _, e := range editions {
		for _, fg := range e.games {
			file := e.file(fg.name)
			known[file] = true
			cfg := e.config(fg.players)
			cfg.Seed, cfg.Names = fg.seed, fg.names
			t.Run(e.name+"-"+fg.name, func(t *testing.T) {
				if *update {
					g, rec := recordGame(t, cfg)
					writeJSON(t, file, fixture{
						Description: fmt.Sprintf("%d-player %s recorded by a greedy policy (seed %d)", cfg.Players, e.title, cfg.Seed),
						Record:      rec, Standings: g.State().Standings(), FinalHash: fmt.Sprintf("%016x", g.Hash()),
					})
				}
				f := loadFixture(t, file)
				if got, want := mustJSON(f.Record.Config), mustJSON(cfg); !bytes.Equal(got, want) {
					t.Fatalf("config %s, want %s", got, want)
				}
				replayFixture(t, f)
			})
		}
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "game-*.json"))
	for _, file := range files {
		if !known[filepath.Base(file)] {
			t.Errorf("%s is no edition's fixture game: add it to editions, or remove it", file)
		}
	}
}

// replayFixture replays a fixture game move by move to its recorded standings and hash.
func replayFixture(t *testing.T, f fixture) {
	g, err := NewGame(f.Record.Config)
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range f.Record.Moves {
		if err := g.Apply(m); err != nil {
			t.Fatalf("move %d %v: %v", i, m, err)
		}
		if err := g.State().CheckInvariants(); err != nil {
			t.Fatalf("after move %d %v: %v", i, m, err)
		}
	}
	if !g.Over() {
		t.Fatal("the record does not reach the end of the game")
	}
	got := g.State().Standings()
	if gj, wj := mustJSON(got), mustJSON(f.Standings); !bytes.Equal(gj, wj) {
		t.Fatalf("standings %s, want %s", gj, wj)
	}
	if h := fmt.Sprintf("%016x", g.Hash()); h != f.FinalHash {
		t.Fatalf("final hash %s, want %s", h, f.FinalHash)
	}
	// the record round-trips through JSON and Replay to the same state
	b, _ := json.Marshal(g.Record())
	rec, err := ParseRecord(b)
	if err != nil {
		t.Fatal(err)
	}
	g2, err := Replay(rec)
	if err != nil || g2.Hash() != g.Hash() {
		t.Fatalf("replay: %v", err)
	}
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}
