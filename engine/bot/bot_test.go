package bot

import (
	"errors"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"brass/engine"
)

// gamesPerCount is how many whole games per player count the legality test plays at each
// level; the wasm run under Node is several times slower, so it plays fewer.
func gamesPerCount(l Level) int {
	n := [...]int{Easy: 50, Medium: 6, Hard: 1}[l]
	if testing.Short() || runtime.GOARCH == "wasm" {
		n = max(1, n/5)
	}
	return n
}

// testBudget keeps Hard quick in tests (a few rollouts per decision); its search runs the
// same code at any budget.
const testBudget = 8000

// playGame plays a whole game with the given bots in seats 0..n-1 and returns the final
// state; any error or refused action fails the test.
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
			t.Fatalf("%dp seed %d step %d: the %v bot chose an illegal action %v: %v", n, seed, step, bots[p].Level, s.Edition().Encode(a), err)
		}
		if err := s.CheckInvariants(); err != nil {
			t.Fatalf("%dp seed %d step %d: %v", n, seed, step, err)
		}
		if step > 1000 {
			t.Fatalf("%dp seed %d: the game does not end", n, seed)
		}
	}
	return s
}

func TestLevelNames(t *testing.T) {
	for _, l := range []Level{Easy, Medium, Hard} {
		got, err := ParseLevel(l.String())
		if err != nil || got != l {
			t.Errorf("ParseLevel(%q) = %v, %v", l.String(), got, err)
		}
	}
	if _, err := ParseLevel("expert"); err == nil {
		t.Error(`ParseLevel("expert") accepted`)
	}
}

// TestEveryLevelPlaysLegalGames: every level, alone and mixed with the others, plays whole
// seeded games at 2, 3 and 4 players choosing only legal actions in every phase (first
// round's single action, sales continued or stopped, double rail links, loans, scouts,
// shortfalls, both era ends), and the games end.
func TestEveryLevelPlaysLegalGames(t *testing.T) {
	for _, l := range []Level{Easy, Medium, Hard} {
		for n := 2; n <= 4; n++ {
			for g := 0; g < gamesPerCount(l); g++ {
				bots := make([]Bot, n)
				for i := range bots {
					bots[i] = Bot{Level: l, Budget: testBudget}
				}
				if l == Hard {
					// Hard in one seat (rotating with the player count), Medium in the others
					for i := range bots {
						if i != n%2 {
							bots[i] = Bot{Level: Medium}
						}
					}
				}
				playGame(t, n, uint64(100*n+g), bots)
			}
		}
	}
	for n := 2; n <= 4; n++ {
		bots := []Bot{{Level: Easy}, {Level: Medium}, {Level: Easy}, {Level: Medium}}
		playGame(t, n, uint64(7+n), bots[:n])
	}
}

// positions collects states from Medium self-play games: every step'th decision.
func positions(t testing.TB, n int, seed uint64, step int) []engine.State {
	t.Helper()
	s, _ := engine.New(engine.Config{Edition: "birmingham", Players: n, Seed: seed})
	var out []engine.State
	for i := 0; s.Phase != engine.PhaseOver; i++ {
		if i%step == step/2 {
			out = append(out, *s)
		}
		v := s.View(s.Actor())
		a, err := Choose(&v, s.Actor(), Medium, uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(&a); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// findPhase plays seeded games until a position of the phase turns up: Easy games (bots
// sell several tiles in one action), then random ones (random players fall into shortfalls).
func findPhase(t *testing.T, n int, phase engine.Phase) *engine.State {
	t.Helper()
	var buf []engine.Action
	for seed := uint64(1); seed < 200; seed++ {
		s, _ := engine.New(engine.Config{Edition: "birmingham", Players: n, Seed: seed})
		r := rand.New(rand.NewPCG(seed, 9))
		for step := 0; s.Phase != engine.PhaseOver; step++ {
			if s.Phase == phase {
				return s
			}
			var a engine.Action
			if seed%2 == 0 {
				v := s.View(s.Actor())
				var err error
				if a, err = Choose(&v, s.Actor(), Easy, uint64(step)); err != nil {
					t.Fatal(err)
				}
			} else {
				buf = s.Legal(buf[:0])
				a = buf[r.IntN(len(buf))]
			}
			if err := s.Apply(&a); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatalf("no %d-player position in phase %d found", n, phase)
	return nil
}

// TestViewsMidSellAndShortfall: a bot works from a view taken in the middle of a Sell action
// and during a shortfall, and answers with an action of that phase.
func TestViewsMidSellAndShortfall(t *testing.T) {
	for _, c := range []struct {
		phase engine.Phase
		kinds []engine.Kind
	}{
		{engine.PhaseSelling, []engine.Kind{engine.KindSell, engine.KindEndSell}},
		{engine.PhaseShortfall, []engine.Kind{engine.KindRemoveTile}},
	} {
		for n := 2; n <= 4; n++ {
			s := findPhase(t, n, c.phase)
			p := s.Actor()
			v := s.View(p)
			for _, l := range []Level{Easy, Medium, Hard} {
				a, err := Bot{Level: l, Budget: testBudget}.Choose(&v, p, 1)
				if err != nil {
					t.Fatalf("%v, phase %d: %v", l, c.phase, err)
				}
				if a.Kind != c.kinds[0] && (len(c.kinds) < 2 || a.Kind != c.kinds[1]) {
					t.Errorf("%v, phase %d: chose %v", l, c.phase, s.Edition().Encode(a))
				}
				if a.Kind == engine.KindSell && a.Card != engine.NoCard {
					t.Errorf("%v: a continued sale with a card", l)
				}
				u := *s
				if err := u.Apply(&a); err != nil {
					t.Errorf("%v, phase %d: illegal %v: %v", l, c.phase, s.Edition().Encode(a), err)
				}
			}
		}
	}
}

// reshuffleHidden returns s with everything seat cannot see dealt again at random: the
// other hands (their sizes and wild cards kept), the face-down discards and the deck
// order, and a new random source.
func reshuffleHidden(s *engine.State, seat int, r *rand.Rand) engine.State {
	t := *s
	b := boardOf(s.Edition())
	var pool []uint8
	n := int(t.NumPlayers)
	for p := 0; p < n; p++ {
		pl := &t.Players[p]
		if p != seat {
			for k, c := range pl.Hand {
				if engine.CardKind(k) == b.wildLoc || engine.CardKind(k) == b.wildInd {
					continue
				}
				for i := 0; i < int(c); i++ {
					pool = append(pool, uint8(k))
				}
				pl.Hand[k] = 0
			}
		}
		pool = append(pool, pl.Discard[:pl.FaceDown]...)
	}
	pool = append(pool, t.Deck[:t.DeckLen]...)
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	next := 0
	for p := 0; p < n; p++ {
		pl := &t.Players[p]
		if p != seat {
			for have := int(pl.Hand[b.wildLoc]) + int(pl.Hand[b.wildInd]); have < int(pl.HandLen); have++ {
				pl.Hand[pool[next]]++
				next++
			}
		}
		for i := 0; i < int(pl.FaceDown); i++ {
			pl.Discard[i] = pool[next]
			next++
		}
	}
	for i := 0; i < int(t.DeckLen); i++ {
		t.Deck[i] = pool[next]
		next++
	}
	t.Reseed(r.Uint64())
	return t
}

// TestNoHiddenInformation: dealing again everything a seat cannot see — the other hands,
// the face-down discards, the deck order and the random source — never changes what the bot
// chooses for that seat with a fixed seed, at any level; passing the whole state or the
// seat's view gives the same choice.
func TestNoHiddenInformation(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	changed := 0
	for n := 2; n <= 4; n++ {
		for _, s := range positions(t, n, uint64(40+n), 23) {
			seat := s.Actor()
			u := reshuffleHidden(&s, seat, r)
			if err := u.CheckInvariants(); err != nil {
				t.Fatal(err)
			}
			if u.Hash() != s.Hash() {
				changed++
			}
			v := s.View(seat)
			for _, l := range []Level{Easy, Medium, Hard} {
				b := Bot{Level: l, Budget: testBudget}
				a1, err1 := b.Choose(&s, seat, 5)
				a2, err2 := b.Choose(&u, seat, 5)
				a3, err3 := b.Choose(&v, seat, 5)
				if err1 != nil || err2 != nil || err3 != nil {
					t.Fatal(err1, err2, err3)
				}
				if a1 != a2 || a1 != a3 {
					t.Errorf("%dp %v at move %d: %v with the real cards, %v with others dealt, %v from the view",
						n, l, s.Moves, s.Edition().Encode(a1), s.Edition().Encode(a2), s.Edition().Encode(a3))
				}
			}
		}
	}
	if changed == 0 {
		t.Fatal("reshuffling never changed a hidden card: the test checks nothing")
	}
}

// TestReproducible: the same view, level and seed give the same action.
func TestReproducible(t *testing.T) {
	for _, s := range positions(t, 3, 11, 31) {
		seat := s.Actor()
		v := s.View(seat)
		for _, l := range []Level{Easy, Medium, Hard} {
			b := Bot{Level: l, Budget: testBudget}
			a1, _ := b.Choose(&v, seat, 99)
			a2, _ := b.Choose(&v, seat, 99)
			if a1 != a2 {
				t.Errorf("%v: %v then %v", l, s.Edition().Encode(a1), s.Edition().Encode(a2))
			}
		}
	}
}

// TestSampler: every sampled deal is a consistent game (cards conserved) that agrees with
// everything the seat sees, and different draws deal differently.
func TestSampler(t *testing.T) {
	for n := 2; n <= 4; n++ {
		for _, s := range positions(t, n, uint64(60+n), 17) {
			seat := s.Actor()
			v := s.View(seat)
			sm, err := newSampler(&v, seat)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(3, 4))
			var d1, d2 engine.State
			sm.sample(r, &d1)
			sm.sample(r, &d2)
			for _, d := range []*engine.State{&d1, &d2} {
				if err := d.CheckInvariants(); err != nil {
					t.Fatalf("%dp move %d: sampled deal: %v", n, s.Moves, err)
				}
				if dv := d.View(seat); dv.Hash() != v.Hash() {
					t.Fatalf("%dp move %d: the sampled deal does not match the seat's view", n, s.Moves)
				}
			}
			if int(s.DeckLen) > 3 && d1.Deck == d2.Deck {
				t.Errorf("%dp move %d: two draws dealt the same deck", n, s.Moves)
			}
		}
	}
}

// TestHint: the hint is a legal action with a sentence that names what it is about.
func TestHint(t *testing.T) {
	for n := 2; n <= 4; n++ {
		for _, s := range positions(t, n, uint64(80+n), 19) {
			seat := s.Actor()
			v := s.View(seat)
			a, why, err := Bot{Level: Hard, Budget: testBudget}.Hint(&v, seat, 3)
			if err != nil {
				t.Fatal(err)
			}
			u := s
			if err := u.Apply(&a); err != nil {
				t.Fatalf("hint %v is illegal: %v", s.Edition().Encode(a), err)
			}
			ed := s.Edition()
			var want string
			switch a.Kind {
			case engine.KindBuild:
				want = ed.Locations[ed.Spaces[a.Space].Location].Name
			case engine.KindNetwork:
				want = ed.LinkName(int(a.Links[0]))
			case engine.KindSell:
				want = ed.Locations[ed.MerchantSpaces[a.Merchant].Location].Name
			case engine.KindLoan:
				want = "loan"
			case engine.KindPass:
				want = ed.Cards[a.Card].Name
			case engine.KindDevelop:
				want = a.Dev[0].Name()
			}
			if !strings.HasSuffix(why, ".") || strings.Count(why, ". ") > 0 || !strings.Contains(why, want) {
				t.Errorf("hint %v: reason %q should be one sentence naming %q", ed.Encode(a), why, want)
			}
		}
	}
}

// TestErrors: a seat that is not to act, a finished game, an unknown level and an
// impossible view are refused.
func TestErrors(t *testing.T) {
	s, _ := engine.New(engine.Config{Edition: "birmingham", Players: 3, Seed: 1})
	other := (s.Actor() + 1) % 3
	v := s.View(other)
	if _, err := Choose(&v, other, Easy, 1); !errors.Is(err, ErrNotToAct) {
		t.Errorf("wrong seat: %v", err)
	}
	if _, err := Choose(nil, 0, Easy, 1); err == nil {
		t.Error("nil state accepted")
	}
	if _, err := (Bot{Level: Level(9)}).Choose(s, s.Actor(), 1); err == nil {
		t.Error("unknown level accepted")
	}
	bad := s.View(s.Actor())
	bad.Players[s.Actor()].Hand[0] += 9 // more Belper cards than the game has
	if _, err := Choose(&bad, s.Actor(), Easy, 1); err == nil {
		t.Error("an impossible view was accepted")
	}
	over := playGame(t, 2, 3, []Bot{{Level: Easy}, {Level: Easy}})
	if _, err := Choose(over, 0, Easy, 1); !errors.Is(err, ErrNotToAct) {
		t.Errorf("finished game: %v", err)
	}
}
