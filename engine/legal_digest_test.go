package engine

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
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

// TestLegalDigest replays seeded random and greedy games at 2, 3 and 4 players and checks
// that the legal lists, in order, and the states match those recorded. Together with the
// fixtures and perft it guards optimisations of Legal and Apply against any change of
// result. Run with -update after a deliberate rules change.
func TestLegalDigest(t *testing.T) {
	golden := filepath.Join("testdata", "legal-digest.json")
	var cases []digestCase
	if *update {
		for _, n := range []int{2, 3, 4} {
			for seed := uint64(1); seed <= 10; seed++ {
				policy := "random"
				switch {
				case seed > 8:
					policy = "sell"
				case seed > 5:
					policy = "greedy"
				}
				cases = append(cases, digestCase{Players: n, Seed: seed*1000 + uint64(n), Policy: policy})
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
		moves, h := digestGame(t, c)
		got := fmt.Sprintf("%016x", h)
		if *update {
			cases[i].Moves, cases[i].Digest = moves, got
			continue
		}
		if moves != c.Moves || got != c.Digest {
			t.Errorf("%d players, seed %d, %s: %d moves, digest %s; want %d, %s", c.Players, c.Seed, c.Policy, moves, got, c.Moves, c.Digest)
		}
	}
	if *update {
		b, _ := json.MarshalIndent(cases, "", " ")
		if err := os.WriteFile(golden, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
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

// TestLegalDigestLancashire is TestLegalDigest for Lancashire under both rule sets
// (testdata/legal-digest-lancashire.json; re-record with -record-lancashire).
func TestLegalDigestLancashire(t *testing.T) {
	golden := filepath.Join("testdata", "legal-digest-lancashire.json")
	var cases []digestCase
	if *recordLancashire {
		for _, rules := range []string{"", "original"} {
			for _, n := range []int{2, 3, 4} {
				if rules == "original" && n == 2 {
					continue
				}
				for seed := uint64(1); seed <= 4; seed++ {
					policy := []string{"random", "random", "greedy", "sell"}[seed-1]
					cases = append(cases, digestCase{Edition: "lancashire", Rules: rules, Players: n, Seed: seed*1000 + uint64(n), Policy: policy})
				}
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
		moves, h := digestGame(t, c)
		got := fmt.Sprintf("%016x", h)
		if *recordLancashire {
			cases[i].Moves, cases[i].Digest = moves, got
			continue
		}
		if moves != c.Moves || got != c.Digest {
			t.Errorf("%+v: %d moves, digest %s", c, moves, got)
		}
	}
	if *recordLancashire {
		b, _ := json.MarshalIndent(cases, "", " ")
		if err := os.WriteFile(golden, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
