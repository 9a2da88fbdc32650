package bot

import (
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"brass/engine"
)

// lancSetups are Brass: Lancashire's rule sets and player counts: Roxley at 2, 3 and 4
// players, the original rules at 3 and 4.
var lancSetups = []engine.Config{
	{Edition: "lancashire", Players: 2},
	{Edition: "lancashire", Players: 3},
	{Edition: "lancashire", Players: 4},
	{Edition: "lancashire", Rules: "original", Players: 3},
	{Edition: "lancashire", Rules: "original", Players: 4},
}

func setupName(c engine.Config) string {
	rules := "roxley"
	if c.Rules != "" {
		rules = c.Rules
	}
	return rules + "-" + string(rune('0'+c.Players)) + "p"
}

// playConfig plays a whole game of the configuration with the given bots in seats 0..n-1
// and returns the final state; an error, a refused action or a broken invariant fails.
func playConfig(t testing.TB, cfg engine.Config, seed uint64, bots []Bot) *engine.State {
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
			t.Fatalf("%s seed %d step %d: %v", setupName(cfg), seed, step, err)
		}
		if err := s.Apply(&a); err != nil {
			t.Fatalf("%s seed %d step %d: the %v bot chose an illegal action %v: %v", setupName(cfg), seed, step, bots[p].Level, s.Edition().Encode(a), err)
		}
		if err := s.CheckInvariants(); err != nil {
			t.Fatalf("%s seed %d step %d: %v", setupName(cfg), seed, step, err)
		}
		if step > 1000 {
			t.Fatalf("%s seed %d: the game does not end", setupName(cfg), seed)
		}
	}
	return s
}

// TestLancashireLegalGames: every level plays whole seeded Lancashire games under both rule
// sets at every player count, choosing only legal actions in every phase (two-card builds,
// cotton sales to ports and the Distant Market, loans of each size, shortfalls, both era
// ends), and the games end.
func TestLancashireLegalGames(t *testing.T) {
	games := map[Level]int{Easy: 6, Medium: 1, Hard: 1}
	if testing.Short() || runtime.GOARCH == "wasm" {
		games = map[Level]int{Easy: 1, Medium: 1, Hard: 0}
	}
	for _, cfg := range lancSetups {
		n := cfg.Players
		for _, l := range []Level{Easy, Medium, Hard} {
			for g := 0; g < games[l]; g++ {
				bots := make([]Bot, n)
				for i := range bots {
					bots[i] = Bot{Level: l, Budget: testBudget}
					if l == Hard && i != n%2 {
						bots[i] = Bot{Level: Medium} // Hard in one seat
					}
				}
				playConfig(t, cfg, uint64(300+10*n+g), bots)
			}
		}
		mixed := []Bot{{Level: Easy}, {Level: Medium}, {Level: Easy}, {Level: Medium}}
		playConfig(t, cfg, uint64(17+n), mixed[:n])
	}
}

// lancPositions collects states from Medium self-play of a Lancashire configuration:
// every step'th decision.
func lancPositions(t testing.TB, cfg engine.Config, seed uint64, step int) []engine.State {
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

// reshuffleLancashire returns s with everything seat cannot see dealt again at random: the
// other hands (their sizes kept), the face-down discards, the deck order with the cards set
// aside under it, the face-down Distant Market stack, and a new random source.
func reshuffleLancashire(s *engine.State, seat int, r *rand.Rand) engine.State {
	t := *s
	var pool []uint8
	n := int(t.NumPlayers)
	for p := 0; p < n; p++ {
		pl := &t.Players[p]
		if p != seat {
			for k, c := range pl.Hand {
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
			for i := 0; i < int(pl.HandLen); i++ {
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

// TestLancashireNoHiddenInformation: dealing again everything a seat cannot see in a
// Lancashire game — the other hands, the deck with its set-aside cards, the face-down
// Distant Market tiles, the random source — never changes what the bot chooses for that
// seat with a fixed seed, at any level; the whole state and the seat's view give the same.
func TestLancashireNoHiddenInformation(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	changed, stacks := 0, 0
	for i, cfg := range lancSetups {
		for _, s := range lancPositions(t, cfg, uint64(500+i), 37) {
			seat := s.Actor()
			u := reshuffleLancashire(&s, seat, r)
			if err := u.CheckInvariants(); err != nil {
				t.Fatal(err)
			}
			if u.Hash() != s.Hash() {
				changed++
			}
			if u.Distant != s.Distant {
				stacks++
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
					t.Errorf("%s %v at move %d: %v with the real cards, %v with others dealt, %v from the view",
						setupName(cfg), l, s.Moves, s.Edition().Encode(a1), s.Edition().Encode(a2), s.Edition().Encode(a3))
				}
			}
		}
	}
	if changed == 0 || stacks == 0 {
		t.Fatalf("reshuffling changed %d states and %d Distant Market stacks: the test checks too little", changed, stacks)
	}
}

// TestLancashireSampler: every sampled deal of a Lancashire view is a consistent game that
// agrees with everything the seat sees (its view is the seat's view), and two draws deal the
// deck and the Distant Market stack differently.
func TestLancashireSampler(t *testing.T) {
	differ := 0
	for i, cfg := range lancSetups {
		for _, s := range lancPositions(t, cfg, uint64(600+i), 29) {
			seat := s.Actor()
			v := s.View(seat)
			sm, err := newSampler(&v, seat)
			if err != nil {
				t.Fatalf("%s move %d: %v", setupName(cfg), s.Moves, err)
			}
			r := rand.New(rand.NewPCG(3, 4))
			var d1, d2 engine.State
			sm.sample(r, &d1)
			sm.sample(r, &d2)
			for _, d := range []*engine.State{&d1, &d2} {
				if err := d.CheckInvariants(); err != nil {
					t.Fatalf("%s move %d: sampled deal: %v", setupName(cfg), s.Moves, err)
				}
				if dv := d.View(seat); dv.Hash() != v.Hash() || dv.Distant != v.Distant {
					t.Fatalf("%s move %d: the sampled deal does not match the seat's view", setupName(cfg), s.Moves)
				}
			}
			if d1.Distant != d2.Distant {
				differ++
			}
		}
	}
	if differ == 0 {
		t.Error("the Distant Market stack was never dealt differently")
	}
}

// TestLancashireReproducible: the same view, level and seed give the same action.
func TestLancashireReproducible(t *testing.T) {
	for _, s := range lancPositions(t, lancSetups[3], 11, 41) {
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

// TestLancashireHint: a Lancashire hint is a legal action with one sentence that names what
// it is about: the town built in, the port or the Distant Market sold to, the loan's amount.
func TestLancashireHint(t *testing.T) {
	kinds := map[engine.Kind]int{}
	for i, cfg := range lancSetups {
		for _, s := range lancPositions(t, cfg, uint64(700+i), 13) {
			seat := s.Actor()
			v := s.View(seat)
			a, why, err := Bot{Level: Hard, Budget: testBudget}.Hint(&v, seat, 3)
			if err != nil {
				t.Fatal(err)
			}
			kinds[a.Kind]++
			u := s
			if err := u.Apply(&a); err != nil {
				t.Fatalf("hint %v is illegal: %v", s.Edition().Encode(a), err)
			}
			ed := s.Edition()
			var want []string
			switch a.Kind {
			case engine.KindBuild:
				want = []string{ed.Locations[ed.Spaces[a.Space].Location].Name, a.Industry.Name()}
			case engine.KindNetwork:
				want = []string{ed.LinkName(int(a.Links[0]))}
			case engine.KindSell:
				want = []string{"Distant Market", ed.Locations[ed.Spaces[a.Space].Location].Name}
				if a.Port > 0 {
					want[0] = "port in " + ed.Locations[ed.Spaces[a.Port-1].Location].Name
				}
			case engine.KindLoan:
				want = []string{"£" + itoa(max(int(a.Loan), 1)*ed.Rules.LoanAmount) + " loan"}
			case engine.KindPass:
				want = []string{ed.Cards[a.Card].Name}
			case engine.KindDevelop:
				want = []string{a.Dev[0].Name()}
			}
			if !strings.HasSuffix(why, ".") || strings.Contains(why, ". ") || strings.Contains(why, "Merchant") {
				t.Errorf("%s hint %v: reason %q is not one sentence", setupName(cfg), ed.Encode(a), why)
			}
			for _, w := range want {
				if !strings.Contains(why, w) {
					t.Errorf("%s hint %v: reason %q should name %q", setupName(cfg), ed.Encode(a), why, w)
				}
			}
		}
	}
	if kinds[engine.KindBuild] == 0 || kinds[engine.KindSell] == 0 {
		t.Errorf("the hints cover too few kinds of action: %v", kinds)
	}
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// TestDistantOdds: a Distant Market sale is judged over every tile it may draw, each as
// likely as its share of the face-down stack: the expected drop of the tile on top is the
// mean drop of the stack, and the state judged is left as it was.
func TestDistantOdds(t *testing.T) {
	s, err := engine.New(engine.Config{Edition: "lancashire", Players: 3, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	ed := s.Edition()
	left := int(s.DistantLeft)
	if left < 2 {
		t.Fatalf("a stack of %d tiles", left)
	}
	mean := 0.0
	for _, k := range s.Distant[:left] {
		mean += float64(ed.DistantTiles[k].Drop) / float64(left)
	}
	before := *s
	got, ok := overDistant(s, func(c *engine.State) (float64, bool) {
		return float64(ed.DistantTiles[c.Distant[c.DistantLeft-1]].Drop), true
	})
	if !ok || got < mean-1e-9 || got > mean+1e-9 {
		t.Errorf("expected drop %v, %v; the stack's mean drop is %v", got, ok, mean)
	}
	if s.Hash() != before.Hash() || s.Distant != before.Distant {
		t.Error("judging the odds changed the state")
	}
	if _, ok := overDistant(s, func(*engine.State) (float64, bool) { return 0, false }); ok {
		t.Error("an outcome that cannot be played was judged")
	}
}
