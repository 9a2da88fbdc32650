package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// digestCase is one seeded game whose every legal list and state is folded into a digest.
type digestCase struct {
	Edition string `json:"edition,omitempty"` // "" for Birmingham
	Rules   string `json:"rules,omitempty"`
	Players int    `json:"players"`
	Seed    uint64 `json:"seed"`
	Policy  string `json:"policy"` // how moves are chosen: "random", "greedy" (greedyMove) or "sell"
	Moves   int    `json:"moves"`
	Digest  string `json:"digest"`
}

// digestGame plays a seeded game and returns its length and a 64-bit FNV-1a digest of every
// legal action list (every field of every action, in order) and of the state hash after
// every move. The order of Legal's list is part of what it checks: seeded random play
// (bots, benchmarks, the soak) picks by index, so it must not change either.
func digestGame(t testing.TB, c digestCase) (int, uint64) {
	edition := c.Edition
	if edition == "" {
		edition = "birmingham"
	}
	s, err := New(Config{Edition: edition, Rules: c.Rules, Players: c.Players, Seed: c.Seed})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(c.Seed, 7))
	h := uint64(14695981039346656037)
	mix := func(v uint64) {
		for i := 0; i < 8; i++ {
			h ^= v & 0xff
			h *= 1099511628211
			v >>= 8
		}
	}
	var buf []Action
	moves := 0
	for s.Phase != PhaseOver {
		buf = s.Legal(buf[:0])
		mix(uint64(len(buf)))
		for _, a := range buf {
			mix(uint64(a.Kind) | uint64(a.Player)<<8 | uint64(a.Card)<<16 | uint64(a.Industry)<<24 |
				uint64(uint8(a.Space))<<32 | uint64(uint8(a.Merchant))<<40 | uint64(a.NLinks)<<48 | uint64(a.NCoal)<<56)
			mix(uint64(a.NIron) | uint64(a.NBeer)<<8 | uint64(a.NDev)<<16 | uint64(a.NCards)<<24 |
				uint64(uint8(a.Links[0]))<<32 | uint64(uint8(a.Links[1]))<<40 | uint64(uint8(a.Coal[0]))<<48 | uint64(uint8(a.Coal[1]))<<56)
			mix(uint64(uint8(a.Iron[0])) | uint64(uint8(a.Iron[1]))<<8 | uint64(uint8(a.Beer[0]))<<16 | uint64(uint8(a.Beer[1]))<<24 |
				uint64(a.Dev[0])<<32 | uint64(a.Dev[1])<<40 | uint64(a.Cards[0])<<48 | uint64(a.Cards[1])<<56)
			if c.Edition != "" { // (the fields Birmingham never uses)
				mix(uint64(uint8(a.Port)) | uint64(a.Loan)<<8)
			}
		}
		var a Action
		switch c.Policy {
		case "greedy":
			a = greedyMove(s, buf, r)
		case "sell":
			a = sellFirst(buf, r.Uint64())
		default:
			a = buf[r.IntN(len(buf))]
		}
		if err := s.Apply(&a); err != nil {
			t.Fatalf("%+v move %d: %v", c, moves, err)
		}
		moves++
		mix(s.Hash())
	}
	return moves, h
}

// TestLegalDigest replays seeded random, greedy and selling games of every edition at every
// player count (TestLegalDigest/lancashire-original-3p) and checks that the legal lists, in
// order, and the states match those recorded. Together with the fixtures and perft it
// guards optimisations of Legal and Apply against any change of result. Run with -update
// after a deliberate rules change.
func TestLegalDigest(t *testing.T) {
	g := newGolden(func(c digestCase) string {
		return fmt.Sprintf("%s/%s/%d/%d/%s", c.Edition, c.Rules, c.Players, c.Seed, c.Policy)
	})
	for _, e := range editions {
		edition := e.cfg.Edition
		if edition == "birmingham" {
			edition = "" // recorded before there were editions (and without Lancashire's fields)
		}
		for _, n := range e.playerCounts() {
			g.plan(e.digest.file, len(e.digest.policies))
			t.Run(e.at(n), func(t *testing.T) {
				for i, policy := range e.digest.policies {
					c := digestCase{Edition: edition, Rules: e.cfg.Rules, Players: n, Seed: uint64(i+1)*1000 + uint64(n), Policy: policy}
					moves, h := digestGame(t, c)
					c.Moves, c.Digest = moves, fmt.Sprintf("%016x", h)
					g.check(t, e.digest.file, c)
				}
			})
		}
	}
	g.finish(t)
}

// sellFirst picks a sale (or, once selling, another sale rather than stopping) whenever
// there is one, and otherwise an action at random by v: random play alone almost never
// sells twice in one action, and this reaches the selling phase often.
func sellFirst(legal []Action, v uint64) Action {
	sales := 0
	for _, a := range legal {
		if a.Kind == KindSell {
			sales++
		}
	}
	if sales == 0 {
		return legal[v%uint64(len(legal))]
	}
	k := int(v % uint64(sales))
	for _, a := range legal {
		if a.Kind == KindSell {
			if k == 0 {
				return a
			}
			k--
		}
	}
	return legal[0]
}
