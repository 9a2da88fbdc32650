package engine

import (
	"strings"
	"testing"
)

// TestPreviewChangesNothing: a preview reports the move's log and resulting state without
// touching the game.
func TestPreviewChangesNothing(t *testing.T) {
	s := fixtureAt(t, "game-3p.json", 30)
	g := GameFromState(s)
	before := g.Hash()
	for _, m := range g.LegalMoves()[:20] {
		out, err := g.Preview(m)
		if err != nil || len(out) != 1 || len(out[0].Entries) == 0 || out[0].After.Hash() == before || out[0].Draw != nil {
			t.Fatalf("preview of %v: %v, %+v", m, err, out)
		}
	}
	if g.Hash() != before {
		t.Fatal("preview changed the game")
	}
}

// TestPreviewRefusesLikeApply: a move Apply refuses is refused by Preview with the same error.
func TestPreviewRefusesLikeApply(t *testing.T) {
	g := GameFromState(fixtureAt(t, "game-4p.json", 20))
	m := g.LegalMoves()[0]
	m.Player = (m.Player + 1) % 3
	_, perr := g.Preview(m)
	cerr := g.Check(m)
	if perr == nil || cerr == nil || perr.Error() != cerr.Error() {
		t.Fatalf("preview %v, check %v", perr, cerr)
	}
}

// TestPreviewStandInIsAGame: the stand-in a preview plays on is a complete, consistent game
// (every card and tile accounted for), whatever the position.
func TestPreviewStandInIsAGame(t *testing.T) {
	check := func(what string, s *State) {
		in := s.standIn(s.Actor())
		if err := in.CheckInvariants(); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	for _, f := range []string{"game-3p.json", "game-2p.json"} {
		n := len(loadFixture(t, f).Record.Moves)
		for i := 0; i < n; i += 17 {
			check(f+"@"+itoa(i), fixtureAt(t, f, i))
		}
	}
	s, _ := distantSalePosition(t)
	check("a Lancashire sale to the Distant Market", s)
}

// TestPreviewOfADistantMarketSale: a sale to the Distant Market previews as one outcome per
// kind of tile still face down, which together count the whole stack; none draws the real
// top tile, each says what its tile would do, and an outcome that reaches X fails the sale.
func TestPreviewOfADistantMarketSale(t *testing.T) {
	s, m := distantSalePosition(t)
	g := GameFromState(s)
	out, err := g.Preview(m)
	if err != nil {
		t.Fatal(err)
	}
	tiles := 0
	for _, o := range out {
		if o.Draw == nil || o.Tiles == 0 || len(o.Entries) == 0 {
			t.Fatalf("outcome %+v", o)
		}
		tiles += o.Tiles
		want := "the tile shows −" + itoa(o.Draw.Drop)
		if !containsText(o.Entries, want) {
			t.Errorf("the −%d outcome does not say %q: %v", o.Draw.Drop, want, o.Entries)
		}
		closed := int(s.Demand)+o.Draw.Drop >= len(s.ed.DemandBonus)
		if closed != o.After.DemandClosed() || closed != containsText(o.Entries, "The sale fails") {
			t.Errorf("the −%d outcome from space %d: closed %v, entries %v", o.Draw.Drop, s.Demand+1, o.After.DemandClosed(), o.Entries)
		}
		if o.After.DistantLeft != s.DistantLeft-1 {
			t.Errorf("the −%d outcome leaves %d tiles face down, want %d", o.Draw.Drop, o.After.DistantLeft, s.DistantLeft-1)
		}
	}
	if tiles != int(s.DistantLeft) {
		t.Errorf("the outcomes count %d tiles, %d are face down", tiles, s.DistantLeft)
	}
}

// TestPreviewHidesTheCardsDrawn: after a move that ends the turn, the hand in the preview's
// state holds only the cards the player knows; its size counts the ones still to be drawn.
func TestPreviewHidesTheCardsDrawn(t *testing.T) {
	s := fixtureAt(t, "game-3p.json", 12)
	g := GameFromState(s)
	p := s.Actor()
	for _, m := range g.LegalMoves() {
		out, err := g.Preview(m)
		if err != nil {
			t.Fatal(err)
		}
		a := &out[0].After
		if a.Actor() == p || a.Era != s.Era {
			continue // the turn goes on, or a new era dealt new hands
		}
		known := 0
		for k := range s.ed.Cards {
			if a.Players[p].Hand[k] > s.Players[p].Hand[k] {
				t.Fatalf("%v: the preview's hand gained a %s", m, s.ed.Cards[k].ID)
			}
			known += int(a.Players[p].Hand[k])
		}
		if int(a.Players[p].HandLen) != s.ed.Rules.HandSize || known >= s.ed.Rules.HandSize {
			t.Fatalf("%v: the preview's hand counts %d and shows %d", m, a.Players[p].HandLen, known)
		}
		return
	}
	t.Fatal("no move ends the turn")
}

// distantSalePosition plays a Lancashire game until a sale to the Distant Market is legal
// (see lancashirePosition) and returns the position and that sale.
func distantSalePosition(t *testing.T) (*State, Move) {
	t.Helper()
	var sale Move
	s := lancashirePosition(t, Config{Edition: "lancashire", Players: 3, Seed: 5}, func(m Move) bool {
		sale = m
		return m.Type == "sell" && m.Port == DistantMarketID
	})
	return s, sale
}

// lancashirePosition plays a Lancashire game from its config, preferring to build Cotton
// Mills and Ports and otherwise choosing at random (from a fixed seed), until one of the
// legal moves is wanted; it does not rest on the recorded fixture games, whose rules change.
func lancashirePosition(t testing.TB, cfg Config, wanted func(Move) bool) *State {
	t.Helper()
	g, err := NewGame(cfg)
	if err != nil {
		t.Fatal(err)
	}
	r := newRNG(cfg.Seed)
	for n := 0; n < 400 && !g.Over(); n++ {
		legal := g.LegalMoves()
		var pick []Move
		for _, m := range legal {
			if wanted(m) {
				return g.State()
			}
			if m.Type == "build" && (m.Industry == "cotton_mill" || m.Industry == "port") || m.Type == "sell" {
				pick = append(pick, m)
			}
		}
		if len(pick) == 0 {
			pick = legal
		}
		if err := g.Apply(pick[r.intn(len(pick))]); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("no wanted move came up")
	return nil
}

func containsText(entries []LogEntry, s string) bool {
	for _, e := range entries {
		if strings.Contains(e.Text, s) {
			return true
		}
	}
	return false
}
