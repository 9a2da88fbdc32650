package engine

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"
)

// soakGames is how many random games TestSoak plays per player count; the wasm run under
// Node is slower, so it plays fewer.
func soakGames() int {
	switch {
	case testing.Short():
		return 50
	case runtime.GOARCH == "wasm":
		return 150
	}
	return 1000
}

// playRandom plays a whole game choosing uniformly among the legal actions, calling check
// after every action.
func playRandom(t testing.TB, players int, seed uint64, check func(s *State, legal []Action, step int)) *State {
	return playRandomGame(t, Config{Edition: "birmingham", Players: players, Seed: seed}, check)
}

// playRandomGame is playRandom for any config.
func playRandomGame(t testing.TB, cfg Config, check func(s *State, legal []Action, step int)) *State {
	players, seed := cfg.Players, cfg.Seed
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, uint64(players)))
	var buf []Action
	for step := 0; s.Phase != PhaseOver; step++ {
		buf = s.Legal(buf[:0])
		if len(buf) == 0 {
			t.Fatalf("%dp seed %d step %d: no legal action in phase %d", players, seed, step, s.Phase)
		}
		if check != nil {
			check(s, buf, step)
		}
		a := buf[r.IntN(len(buf))]
		if err := s.Apply(&a); err != nil {
			t.Fatalf("%dp seed %d step %d: enumerated action refused: %v (%v)", players, seed, step, err, s.ed.Encode(a))
		}
		if step > 2000 {
			t.Fatalf("%dp seed %d: game does not end", players, seed)
		}
	}
	return s
}

// checkLegalList checks that a legal list has no duplicates and that each action applies
// cleanly, keeping the invariants.
func checkLegalList(t testing.TB, s *State, legal []Action, what string) {
	seen := make(map[Action]bool, len(legal))
	for _, a := range legal {
		if seen[a] {
			t.Fatalf("%s: duplicate legal action %v", what, s.ed.Encode(a))
		}
		seen[a] = true
		c := *s
		if err := c.Apply(&a); err != nil {
			t.Fatalf("%s: legal action %v refused: %v", what, s.ed.Encode(a), err)
		}
		if err := c.CheckInvariants(); err != nil {
			t.Fatalf("%s: after %v: %v", what, s.ed.Encode(a), err)
		}
	}
}

// TestSoak plays thousands of seeded random games of every edition at every player count
// (TestSoak/lancashire-original-4p) to the end, checking the invariants after every
// action, that the game ends in the last round of the Rail Era and, every few positions
// (editions' legalEvery), the legal list: no duplicates, and each action applies cleanly.
func TestSoak(t *testing.T) {
	for _, e := range editions {
		for _, n := range e.playerCounts() {
			t.Run(e.at(n), func(t *testing.T) {
				for g := 0; g < soakGames()/e.soakShare; g++ {
					cfg := e.config(n)
					cfg.Seed = uint64(n*100000 + g)
					s := playRandomGame(t, cfg, func(s *State, legal []Action, step int) {
						if err := s.CheckInvariants(); err != nil {
							t.Fatalf("seed %d step %d: %v", cfg.Seed, step, err)
						}
						if step%e.legalEvery == 0 {
							checkLegalList(t, s, legal, fmt.Sprintf("seed %d step %d", cfg.Seed, step))
						}
					})
					if err := s.CheckInvariants(); err != nil {
						t.Fatal(err)
					}
					if rounds := s.ed.Rules.RoundsPerEra[n]; s.Era != Rail || int(s.Round) != rounds {
						t.Fatalf("seed %d: game ended in %v round %d, want Rail round %d", cfg.Seed, s.Era, s.Round, rounds)
					}
				}
			})
		}
	}
}

// TestRefusalLeavesStateUnchanged: random (mostly illegal) actions are refused with a typed
// error and change nothing.
func TestRefusalLeavesStateUnchanged(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	playRandom(t, 4, 77, func(s *State, legal []Action, step int) {
		before := s.Hash()
		for i := 0; i < 30; i++ {
			a := randomAction(r, s)
			c := *s
			err := c.Apply(&a)
			if err == nil {
				continue
			}
			var e *Error
			if !errors.As(err, &e) || e.Kind == nil || e.Msg == "" {
				t.Fatalf("refusal without a kind or message: %v", err)
			}
			if c.Hash() != before {
				t.Fatalf("refused %+v changed the state", a)
			}
		}
		if s.Hash() != before {
			t.Fatal("state changed")
		}
	})
}

// randomAction makes an arbitrary, usually illegal, action with in-range and out-of-range values.
func randomAction(r *rand.Rand, s *State) Action {
	a := Action{
		Kind:     Kind(r.IntN(int(numKinds) + 1)),
		Player:   uint8(r.IntN(5)),
		Card:     CardKind(r.IntN(len(s.ed.Cards) + 2)),
		Industry: Industry(r.IntN(int(numIndustries) + 1)),
		Space:    int8(r.IntN(len(s.ed.Spaces)+3) - 2),
		Merchant: int8(r.IntN(len(s.ed.MerchantSpaces)+3) - 2),
		NLinks:   uint8(r.IntN(4)),
		NCoal:    uint8(r.IntN(4)),
		NIron:    uint8(r.IntN(4)),
		NBeer:    uint8(r.IntN(4)),
		NDev:     uint8(r.IntN(4)),
		NCards:   uint8(r.IntN(4)),
	}
	if r.IntN(3) == 0 {
		a.Player = uint8(s.Actor())
	}
	for i := 0; i < 2; i++ {
		a.Links[i] = int8(r.IntN(len(s.ed.Links)+2) - 1)
		a.Coal[i] = int8(r.IntN(len(s.ed.Spaces)+4) - 3)
		a.Iron[i] = int8(r.IntN(len(s.ed.Spaces)+4) - 3)
		a.Beer[i] = int8(r.IntN(len(s.ed.Spaces)+4) - 3)
		a.Dev[i] = Industry(r.IntN(int(numIndustries) + 1))
		a.Cards[i] = CardKind(r.IntN(len(s.ed.Cards) + 1))
	}
	return a
}
