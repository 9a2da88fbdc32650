package bot

import (
	"errors"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"brass/engine"
)

// editions are the editions and rule sets the bots play, each at every player count its
// rules allow: the tests that play them all run one subtest per edition and player count
// (TestHint/lancashire-roxley-3p), the benchmarks one per edition.
var editions = []struct {
	name string
	cfg  engine.Config // Edition and Rules
	// games is how many whole games per player count TestEveryLevelPlaysLegalGames plays
	// at Easy, Medium and Hard; quick, how many under -short and in wasm (several times
	// slower under Node).
	games, quick [3]int
}{
	{"birmingham", engine.Config{Edition: "birmingham"}, [3]int{50, 6, 1}, [3]int{10, 1, 1}},
	{"lancashire-roxley", engine.Config{Edition: "lancashire"}, [3]int{6, 1, 1}, [3]int{1, 1, 0}},
	{"lancashire-original", engine.Config{Edition: "lancashire", Rules: "original"}, [3]int{6, 1, 1}, [3]int{1, 1, 0}},
}

// setup is one edition at one player count.
type setup struct {
	name    string        // "lancashire-original-3p"
	cfg     engine.Config // with Players
	edition int           // in editions
}

// setups lists every edition at every player count its rules allow, or, given counts, at
// those of them it allows.
func setups(counts ...int) []setup {
	var out []setup
	for i, e := range editions {
		ed, ok := engine.EditionFor(e.cfg.Edition, e.cfg.Rules)
		if !ok {
			panic("no edition " + e.name)
		}
		for n := ed.Rules.MinPlayers; n <= ed.Rules.MaxPlayers; n++ {
			if len(counts) > 0 && !slices.Contains(counts, n) {
				continue
			}
			cfg := e.cfg
			cfg.Players = n
			out = append(out, setup{name: e.name + "-" + strconv.Itoa(n) + "p", cfg: cfg, edition: i})
		}
	}
	return out
}

// birmingham is the config of a Brass: Birmingham game for n players.
func birmingham(n int) engine.Config { return engine.Config{Edition: "birmingham", Players: n} }

// testBudget keeps Hard quick in tests (a few rollouts per decision); its search runs the
// same code at any budget.
const testBudget = 8000

// playGame plays a whole seeded game of the config with the given bots in seats 0..n-1 and
// returns the final state; an error, a refused action or a broken invariant fails the test.
func playGame(t testing.TB, cfg engine.Config, seed uint64, bots []Bot) *engine.State {
	t.Helper()
	cfg.Seed = seed
	s, err := engine.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for step := 0; s.Phase != engine.PhaseOver; step++ {
		p := s.Actor()
		v := s.View(p)
		a, err := bots[p].Choose(&v, p, seed*1000+uint64(step))
		if err != nil {
			t.Fatalf("seed %d step %d: %v", seed, step, err)
		}
		if err := s.Apply(&a); err != nil {
			t.Fatalf("seed %d step %d: the %v bot chose an illegal action %v: %v", seed, step, bots[p].Level, s.Edition().Encode(a), err)
		}
		if err := s.CheckInvariants(); err != nil {
			t.Fatalf("seed %d step %d: %v", seed, step, err)
		}
		if step > 1000 {
			t.Fatalf("seed %d: the game does not end", seed)
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
// seeded games of every edition at every player count choosing only legal actions in every
// phase (first round's single action, sales continued or stopped, double rail links,
// loans of each size, scouts, two-card builds, cotton sold to ports and the Distant Market,
// shortfalls, both era ends), and the games end.
func TestEveryLevelPlaysLegalGames(t *testing.T) {
	for _, su := range setups() {
		t.Run(su.name, func(t *testing.T) {
			n := su.cfg.Players
			games := editions[su.edition].games
			if testing.Short() || runtime.GOARCH == "wasm" {
				games = editions[su.edition].quick
			}
			for _, l := range []Level{Easy, Medium, Hard} {
				for g := 0; g < games[l]; g++ {
					bots := make([]Bot, n)
					for i := range bots {
						bots[i] = Bot{Level: l, Budget: testBudget}
						if l == Hard && i != n%2 {
							bots[i] = Bot{Level: Medium} // Hard in one seat, rotating with the player count
						}
					}
					playGame(t, su.cfg, uint64(100*n+g), bots)
				}
			}
			mixed := []Bot{{Level: Easy}, {Level: Medium}, {Level: Easy}, {Level: Medium}}
			playGame(t, su.cfg, uint64(7+n), mixed[:n])
		})
	}
}

// positions collects states from Medium self-play of a config: every step'th decision.
func positions(t testing.TB, cfg engine.Config, seed uint64, step int) []engine.State {
	t.Helper()
	cfg.Seed = seed
	s, err := engine.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
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

// reshuffle returns s with everything seat cannot see dealt again at random: the other
// hands (their sizes and wild cards kept), the face-down discards, the deck order (with
// Lancashire's cards set aside under it), the face-down Distant Market stack, and a new
// random source.
func reshuffle(s *engine.State, seat int, r *rand.Rand) engine.State {
	t := *s
	b := boardOf(s.Edition())
	wild := func(k int) bool { return engine.CardKind(k) == b.wildLoc || engine.CardKind(k) == b.wildInd }
	var pool []uint8
	var kept [engine.MaxPlayers]int // wild cards left in each hand
	n := int(t.NumPlayers)
	for p := 0; p < n; p++ {
		pl := &t.Players[p]
		if p != seat {
			for k, c := range pl.Hand {
				if wild(k) {
					kept[p] += int(c)
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
			for have := kept[p]; have < int(pl.HandLen); have++ {
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
	stack := t.Distant[:t.DistantLeft]
	r.Shuffle(len(stack), func(i, j int) { stack[i], stack[j] = stack[j], stack[i] })
	t.Reseed(r.Uint64())
	return t
}

// TestNoHiddenInformation: dealing again everything a seat cannot see — the other hands,
// the face-down discards, the deck order with its set-aside cards, the face-down Distant
// Market tiles and the random source — never changes what the bot chooses for that seat
// with a fixed seed, at any level; passing the whole state or the seat's view gives the
// same choice.
func TestNoHiddenInformation(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	changed, stacks, reshuffled := 0, 0, 0
	for _, su := range setups() {
		t.Run(su.name, func(t *testing.T) {
			for _, s := range positions(t, su.cfg, uint64(40+su.cfg.Players), 29) {
				seat := s.Actor()
				u := reshuffle(&s, seat, r)
				if err := u.CheckInvariants(); err != nil {
					t.Fatal(err)
				}
				if u.Hash() != s.Hash() {
					changed++
				}
				if s.DistantLeft > 1 {
					stacks++
					if u.Distant != s.Distant {
						reshuffled++
					}
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
						t.Errorf("%v at move %d: %v with the real cards, %v with others dealt, %v from the view",
							l, s.Moves, s.Edition().Encode(a1), s.Edition().Encode(a2), s.Edition().Encode(a3))
					}
				}
			}
		})
	}
	if changed == 0 || stacks > 0 && reshuffled == 0 {
		t.Fatalf("reshuffling changed %d states and %d of %d Distant Market stacks: the test checks too little", changed, reshuffled, stacks)
	}
}

// TestReproducible: the same view, level and seed give the same action.
func TestReproducible(t *testing.T) {
	for _, su := range setups(3) {
		t.Run(su.name, func(t *testing.T) {
			for _, s := range positions(t, su.cfg, 11, 53) {
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
		})
	}
}

// TestSampler: every sampled deal is a consistent game (cards conserved) that agrees with
// everything the seat sees, and different draws deal the deck and the Distant Market stack
// differently.
func TestSampler(t *testing.T) {
	stacks, differ := 0, 0
	for _, su := range setups() {
		t.Run(su.name, func(t *testing.T) {
			for _, s := range positions(t, su.cfg, uint64(60+su.cfg.Players), 23) {
				seat := s.Actor()
				v := s.View(seat)
				sm, err := newSampler(&v, seat)
				if err != nil {
					t.Fatalf("move %d: %v", s.Moves, err)
				}
				r := rand.New(rand.NewPCG(3, 4))
				var d1, d2 engine.State
				sm.sample(r, &d1)
				sm.sample(r, &d2)
				for _, d := range []*engine.State{&d1, &d2} {
					if err := d.CheckInvariants(); err != nil {
						t.Fatalf("move %d: sampled deal: %v", s.Moves, err)
					}
					if dv := d.View(seat); dv.Hash() != v.Hash() || dv.Distant != v.Distant {
						t.Fatalf("move %d: the sampled deal does not match the seat's view", s.Moves)
					}
				}
				if int(s.DeckLen) > 3 && d1.Deck == d2.Deck {
					t.Errorf("move %d: two draws dealt the same deck", s.Moves)
				}
				if s.DistantLeft > 1 {
					stacks++
					if d1.Distant != d2.Distant {
						differ++
					}
				}
			}
		})
	}
	if stacks > 0 && differ == 0 {
		t.Errorf("the Distant Market stack was never dealt differently (%d stacks)", stacks)
	}
}

// TestHint: the hint is a legal action with one sentence that names what it is about: the
// town built in and the industry, the link, the merchant, port or Distant Market sold to,
// the loan's amount, the card passed, the industry developed. The hints of every edition
// include builds and sales.
func TestHint(t *testing.T) {
	kinds := map[string]map[engine.Kind]int{}
	for _, su := range setups() {
		name := editions[su.edition].name
		if kinds[name] == nil {
			kinds[name] = map[engine.Kind]int{}
		}
		t.Run(su.name, func(t *testing.T) {
			for _, s := range positions(t, su.cfg, uint64(80+su.cfg.Players), 5) {
				seat := s.Actor()
				v := s.View(seat)
				a, why, err := Bot{Level: Hard, Budget: testBudget}.Hint(&v, seat, 3)
				if err != nil {
					t.Fatal(err)
				}
				kinds[name][a.Kind]++
				u := s
				if err := u.Apply(&a); err != nil {
					t.Fatalf("hint %v is illegal: %v", s.Edition().Encode(a), err)
				}
				ed := s.Edition()
				town := func(sp int8) string { return ed.Locations[ed.Spaces[sp].Location].Name }
				var want []string
				switch a.Kind {
				case engine.KindBuild:
					want = []string{town(a.Space), a.Industry.Name()}
				case engine.KindNetwork:
					want = []string{ed.LinkName(int(a.Links[0]))}
				case engine.KindSell:
					switch {
					case a.Port == engine.ToDistantMarket:
						want = []string{town(a.Space), "Distant Market"}
					case a.Port > 0:
						want = []string{town(a.Space), "port in " + town(a.Port-1)}
					default:
						want = []string{town(a.Space), ed.Locations[ed.MerchantSpaces[a.Merchant].Location].Name}
					}
				case engine.KindLoan:
					want = []string{"£" + strconv.Itoa(max(int(a.Loan), 1)*ed.Rules.LoanAmount) + " loan"}
				case engine.KindPass:
					want = []string{ed.Cards[a.Card].Name}
				case engine.KindDevelop:
					want = []string{a.Dev[0].Name()}
				}
				if !strings.HasSuffix(why, ".") || strings.Contains(why, ". ") || len(ed.MerchantSpaces) == 0 && strings.Contains(why, "Merchant") {
					t.Errorf("hint %v: reason %q is not one sentence", ed.Encode(a), why)
				}
				for _, w := range want {
					if !strings.Contains(why, w) {
						t.Errorf("hint %v: reason %q should name %q", ed.Encode(a), why, w)
					}
				}
			}
		})
	}
	for name, k := range kinds {
		if k[engine.KindBuild] == 0 || k[engine.KindSell] == 0 {
			t.Errorf("%s: the hints cover too few kinds of action: %v", name, k)
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
	over := playGame(t, birmingham(2), 3, []Bot{{Level: Easy}, {Level: Easy}})
	if _, err := Choose(over, 0, Easy, 1); !errors.Is(err, ErrNotToAct) {
		t.Errorf("finished game: %v", err)
	}
}
