package engine

import (
	"math/rand/v2"
	"reflect"
	"sort"
	"testing"
)

// Nothing about hidden information may show before a move is applied: what a UI asks the
// engine while a player builds a move (the legal moves and the step-by-step choices over
// them, the reasons a move is refused, the preview's log and state) must be the same in two
// games that differ only in what the player cannot see: the deck's order, the other players'
// hands, the face-down discards (Birmingham), the cards set aside under the deck and the
// order of the Distant Market stack (Lancashire), and the random source for shuffles to come.

// redealHidden returns a copy of s that differs from it only in what seat cannot see: the
// cards of the other hands (wild cards stay where they are), the face-down discards and the
// deck dealt again at random, the Distant Market stack reshuffled, and a new random source.
func redealHidden(s *State, seat int, seed uint64) State {
	t := *s
	r := rand.New(rand.NewPCG(seed, 7))
	wild := func(k int) bool {
		c := t.ed.Cards[k].Type
		return c == WildLocationCard || c == WildIndustryCard
	}
	var pool []uint8
	n := int(t.NumPlayers)
	for p := 0; p < n; p++ {
		pl := &t.Players[p]
		if p != seat {
			for k := range t.ed.Cards {
				for ; !wild(k) && pl.Hand[k] > 0; pl.Hand[k]-- {
					pool = append(pool, uint8(k))
				}
			}
		}
		pool = append(pool, pl.Discard[:pl.FaceDown]...)
	}
	pool = append(pool, t.Deck[:t.DeckLen]...)
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	next := 0
	deal := func() uint8 { next++; return pool[next-1] }
	for p := 0; p < n; p++ {
		pl := &t.Players[p]
		if p != seat {
			held := 0
			for k := range t.ed.Cards {
				held += int(pl.Hand[k])
			}
			for ; held < int(pl.HandLen); held++ {
				pl.Hand[deal()]++
			}
		}
		for i := 0; i < int(pl.FaceDown); i++ {
			pl.Discard[i] = deal()
		}
	}
	for i := 0; i < int(t.DeckLen); i++ {
		t.Deck[i] = deal()
	}
	t.ResampleDistant(seed)
	t.Reseed(seed)
	return t
}

// TestRedealHiddenChangesOnlyHiddenThings: the variants the tests below compare are games
// (every card and tile accounted for), the same as seen by the player, and really differ.
func TestRedealHiddenChangesOnlyHiddenThings(t *testing.T) {
	for _, s := range hiddenInfoPositions(t) {
		p := s.Actor()
		v := redealHidden(s.State, p, 3)
		if err := v.CheckInvariants(); err != nil {
			t.Fatalf("%s: %v", s.what, err)
		}
		if a, b := s.View(p), v.View(p); a.Hash() != b.Hash() {
			t.Fatalf("%s: the redeal changed what the player sees", s.what)
		}
		if v.Hash() == s.Hash() && v.Deck == s.Deck && v.Distant == s.Distant {
			t.Fatalf("%s: the redeal changed nothing", s.what)
		}
	}
}

// TestNothingHiddenShowsBeforeAMove compares, for positions of both editions (a sale to the
// Distant Market, a turn's end that draws cards, the end of the Canal Era that reshuffles
// the discards, face-down ones included, and deals new hands), everything the builder asks
// before Confirm, in the real game and in redealt ones.
func TestNothingHiddenShowsBeforeAMove(t *testing.T) {
	for _, pos := range hiddenInfoPositions(t) {
		p := pos.Actor()
		real := GameFromState(pos.State)
		want := askedBeforeAMove(t, real)
		for seed := uint64(1); seed <= 3; seed++ {
			v := redealHidden(pos.State, p, seed)
			got := askedBeforeAMove(t, GameFromState(&v))
			if len(got.legal) != len(want.legal) || !reflect.DeepEqual(got.legal, want.legal) {
				t.Fatalf("%s: the legal moves differ", pos.what)
			}
			if !reflect.DeepEqual(got.choices, want.choices) {
				t.Fatalf("%s: the builder's choices differ", pos.what)
			}
			if !reflect.DeepEqual(got.refusals, want.refusals) {
				t.Fatalf("%s: the refusals differ:\n%v\n%v", pos.what, got.refusals, want.refusals)
			}
			for i := range want.previews {
				if !reflect.DeepEqual(got.previews[i], want.previews[i]) {
					t.Fatalf("%s: the preview of %v differs:\n%+v\n%+v", pos.what, want.legal[i], got.previews[i], want.previews[i])
				}
			}
		}
		if pos.check != nil {
			pos.check(t, want)
		}
	}
}

// asked is what a UI can ask the engine about a position before a move is confirmed.
type asked struct {
	legal    []Move
	choices  []Choice    // Next for each move type with nothing chosen, and after each first choice
	refusals []string    // Check of each move type with each card in hand, and the full refusals (Refusals)
	previews [][]Outcome // Preview of each legal move
}

func askedBeforeAMove(t *testing.T, g *Game) asked {
	t.Helper()
	var a asked
	a.legal = g.LegalMoves()
	types := make([]string, 0, len(Steps))
	for typ := range Steps {
		types = append(types, typ)
	}
	sort.Strings(types) // in a fixed order
	for _, typ := range types {
		c := Next(a.legal, typ, map[string]string{})
		a.choices = append(a.choices, c)
		if c.Field != "" {
			for _, v := range c.Values {
				a.choices = append(a.choices, Next(a.legal, typ, map[string]string{c.Field: v}))
			}
		}
	}
	s := g.State()
	p := s.Actor()
	for _, typ := range []string{"build", "network", "develop", "sell", "loan", "scout", "pass"} {
		for _, k := range s.HandCards(p) {
			err := g.Check(Move{Type: typ, Player: p, Card: s.ed.Cards[k].ID})
			msg := ""
			if err != nil {
				msg = err.Error()
			}
			a.refusals = append(a.refusals, typ+" "+s.ed.Cards[k].ID+": "+msg)
		}
		for _, err := range g.Refusals(g.Attempts(typ, "")) {
			a.refusals = append(a.refusals, typ+" (full): "+err.Error())
		}
	}
	for _, m := range a.legal {
		out, err := g.Preview(m)
		if err != nil {
			t.Fatalf("preview of legal %v: %v", m, err)
		}
		a.previews = append(a.previews, out)
	}
	return a
}

// hiddenPosition is a position to compare, with what else to check of its answers.
type hiddenPosition struct {
	*State
	what  string
	check func(*testing.T, asked)
}

func hiddenInfoPositions(t *testing.T) []hiddenPosition {
	t.Helper()
	var out []hiddenPosition
	// Birmingham: a turn's second action (it ends the turn and draws two cards), and the last
	// move of the Canal Era (the discards, face-down ones included, become the new deck).
	out = append(out, hiddenPosition{State: fixtureAt(t, "game-3p.json", 12), what: "Birmingham, move 12"})
	if n := canalEnd(t, "game-3p.json"); n > 0 {
		out = append(out, hiddenPosition{State: fixtureAt(t, "game-3p.json", n), what: "Birmingham, the Canal Era's last move", check: endsTheEra})
	}
	// Lancashire: a sale to the Distant Market.
	s, _ := distantSalePosition(t)
	out = append(out, hiddenPosition{State: s, what: "Lancashire, a sale to the Distant Market", check: drawsTiles})
	return out
}

// canalEnd is the number of moves before the one that ends the Canal Era in a fixture game.
func canalEnd(t *testing.T, file string) int {
	t.Helper()
	g, err := Replay(Record{Format: RecordFormat, Config: loadFixture(t, file).Record.Config})
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range loadFixture(t, file).Record.Moves {
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
		if g.State().Era != Canal {
			return i
		}
	}
	return 0
}

// endsTheEra: some previewed move ends the era, and its state shows no card of the new hand.
func endsTheEra(t *testing.T, a asked) {
	for _, out := range a.previews {
		after := &out[0].After
		if after.Era == Rail {
			p := a.legal[0].Player
			if after.Players[p].Hand != ([maxCardKinds]uint8{}) || after.Players[p].HandLen == 0 {
				t.Fatalf("the new hand shows in the preview: %v, %d cards", after.Players[p].Hand, after.Players[p].HandLen)
			}
			return
		}
	}
	t.Fatal("no previewed move ends the Canal Era")
}

// drawsTiles: the sale to the Distant Market previews as outcomes by tile.
func drawsTiles(t *testing.T, a asked) {
	for i, m := range a.legal {
		if m.Port == DistantMarketID {
			if out := a.previews[i]; len(out) < 2 || out[0].Draw == nil {
				t.Fatalf("the sale to the Distant Market previews as %+v", out)
			}
			return
		}
	}
	t.Fatal("no sale to the Distant Market")
}
