package engine_test

import (
	"errors"
	"slices"
	"testing"

	"brass/engine"
	"brass/engine/enginetest"
)

// ruleCase is one row of a rule table: a position, moves that must succeed first (before),
// the move under test, and either the refusal expected (wantErr) or checks on the state
// after it (check gets the state just before the move and the state after it).
type ruleCase struct {
	name     string
	pos      *enginetest.Builder
	before   []engine.Move
	move     engine.Move
	wantErr  error
	wantRule engine.Rule // when set: the rule the refusal must name
	check    func(t *testing.T, was, s *engine.State)
}

// runRuleCases applies each case's move through Game.Apply. A refusal must have the wanted
// kind (and rule, when given) and leave the state unchanged (same Hash); a success must keep
// the invariants. In both cases the answer must agree with Game.Check, reason included, and
// with the legal-move list: a refused choice (ErrIllegal, ErrNotAvailable) is not listed, an
// accepted move is.
func runRuleCases(t *testing.T, cases []ruleCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := tc.pos.Game()
			for i, m := range tc.before {
				if err := g.Apply(m); err != nil {
					t.Fatalf("setup move %d %v refused: %v", i+1, m, err)
				}
			}
			was := *g.State()
			hash := g.Hash()
			legal := g.LegalMoves()
			checkErr := g.Check(tc.move)
			if g.Hash() != hash {
				t.Fatal("Game.Check changed the state")
			}
			err := g.Apply(tc.move)
			if tc.move.At == nil && (checkErr == nil) != (err == nil) {
				t.Errorf("Game.Check says %v but Apply says %v", checkErr, err)
			}
			var ce, ae *engine.Error
			errors.As(err, &ae)
			if errors.As(checkErr, &ce) && ae != nil && (ce.Reason != ae.Reason || ce.Msg != ae.Msg) {
				t.Errorf("Game.Check gives the reason %+v (%q) but Apply %+v (%q)", ce.Reason, ce.Msg, ae.Reason, ae.Msg)
			}
			if tc.wantErr != nil {
				if !errors.Is(err, tc.wantErr) {
					t.Fatalf("move %v: got error %v, want %v", tc.move, err, tc.wantErr)
				}
				if g.Hash() != hash {
					t.Fatal("a refused move changed the state")
				}
				if tc.wantRule != engine.RuleNone && (ae == nil || ae.Reason.Rule != tc.wantRule) {
					t.Fatalf("move %v: refused with %v, want the rule %s", tc.move, err, tc.wantRule)
				}
				if errors.Is(err, engine.ErrIllegal) || errors.Is(err, engine.ErrNotAvailable) {
					if l, ok := findLegal(legal, tc.move); ok {
						t.Errorf("Apply refuses %v (%v) but LegalMoves lists %v", tc.move, err, l)
					}
				}
				t.Logf("refused: %v", err)
				return
			}
			if err != nil {
				t.Fatalf("move %v refused: %v", tc.move, err)
			}
			if _, ok := findLegal(legal, tc.move); !ok {
				t.Errorf("Apply accepts %v but LegalMoves does not list it", tc.move)
			}
			if err := g.State().CheckInvariants(); err != nil {
				t.Errorf("invariants broken after the move: %v", err)
			}
			if tc.check != nil {
				tc.check(t, &was, g.State())
			}
		})
	}
}

// findLegal looks for a legal move matching m: same type, player, card, industry, space,
// merchant, links and develops; scout cards compared as a multiset; coal, iron and beer
// sources compared as multisets when m names them (a shorter list must be contained).
func findLegal(legal []engine.Move, m engine.Move) (engine.Move, bool) {
	for _, l := range legal {
		if l.Type != m.Type || l.Player != m.Player || l.Industry != m.Industry || l.Space != m.Space ||
			l.Merchant != m.Merchant || !slices.Equal(l.Links, m.Links) || l.Port != m.Port || l.Amount != m.Amount {
			continue
		}
		if m.Type == "build" && len(l.Cards) != len(m.Cards) {
			continue
		}
		if m.Type == "scout" || m.Type == "build" && len(m.Cards) > 0 {
			if !sameMultiset(append([]string{l.Card}, l.Cards...), append([]string{m.Card}, m.Cards...)) {
				continue
			}
		} else if l.Card != m.Card || !sameMultiset(l.Develop, m.Develop) {
			continue
		}
		if !subMultiset(m.Coal, l.Coal) || !subMultiset(m.Iron, l.Iron) || !subMultiset(m.Beer, l.Beer) {
			continue
		}
		return l, true
	}
	return engine.Move{}, false
}

func sameMultiset(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// subMultiset reports whether every entry of a (with repeats) is in b.
func subMultiset(a, b []string) bool {
	left := slices.Clone(b)
	for _, x := range a {
		i := slices.Index(left, x)
		if i < 0 {
			return false
		}
		left = slices.Delete(left, i, i+1)
	}
	return true
}

// ---- moves ----

func buildMove(p int, card, industry, space string) engine.Move {
	return engine.Move{Type: "build", Player: p, Card: card, Industry: industry, Space: space}
}

func networkMove(p int, card string, links ...string) engine.Move {
	return engine.Move{Type: "network", Player: p, Card: card, Links: links}
}

func sellMove(p int, card, space, merchant string) engine.Move {
	return engine.Move{Type: "sell", Player: p, Card: card, Space: space, Merchant: merchant}
}

func developMove(p int, card string, industries ...string) engine.Move {
	return engine.Move{Type: "develop", Player: p, Card: card, Develop: industries}
}

func passMove(p int, card string) engine.Move {
	return engine.Move{Type: "pass", Player: p, Card: card}
}

func loanMove(p int, card string) engine.Move {
	return engine.Move{Type: "loan", Player: p, Card: card}
}

func withCoal(m engine.Move, src ...string) engine.Move { m.Coal = src; return m }
func withIron(m engine.Move, src ...string) engine.Move { m.Iron = src; return m }
func withBeer(m engine.Move, src ...string) engine.Move { m.Beer = src; return m }
func withDev(m engine.Move, ind ...string) engine.Move  { m.Develop = ind; return m }

// ---- state queries ----

func spaceIndex(t *testing.T, s *engine.State, id string) int {
	t.Helper()
	sp, ok := s.Edition().SpaceByID(id)
	if !ok {
		t.Fatalf("unknown space %q", id)
	}
	return sp
}

func tileAt(t *testing.T, s *engine.State, id string) engine.Tile {
	t.Helper()
	return s.Tiles[spaceIndex(t, s, id)]
}

// tileLevel is the level of the tile on a space (0 when empty).
func tileLevel(t *testing.T, s *engine.State, id string) int {
	t.Helper()
	tile := tileAt(t, s, id)
	if tile.Owner == 0 {
		return 0
	}
	return s.TileSpec(tile).Level
}

// linkOwner is the owning player of a link, or -1 when the line is empty.
func linkOwner(t *testing.T, s *engine.State, id string) int {
	t.Helper()
	l, ok := s.Edition().LinkByID(id)
	if !ok {
		t.Fatalf("unknown link %q", id)
	}
	return s.LinkOwner(l)
}

func merchantBeer(t *testing.T, s *engine.State, id string) int {
	t.Helper()
	m, ok := s.Edition().MerchantSpaceByID(id)
	if !ok {
		t.Fatalf("unknown merchant space %q", id)
	}
	return int(s.Merchants[m].Beer)
}

func cardKind(t *testing.T, s *engine.State, id string) engine.CardKind {
	t.Helper()
	k, ok := s.Edition().CardByID(id)
	if !ok {
		t.Fatalf("unknown card %q", id)
	}
	return k
}

// handHas is how many cards of a kind player p holds.
func handHas(t *testing.T, s *engine.State, p int, id string) int {
	t.Helper()
	return int(s.Players[p].Hand[cardKind(t, s, id)])
}

// topDiscard is the id of the top card of p's discard pile ("" when empty).
func topDiscard(s *engine.State, p int) string {
	pl := &s.Players[p]
	if pl.DiscardLen == 0 {
		return ""
	}
	return s.Edition().Cards[pl.Discard[pl.DiscardLen-1]].ID
}

// expectInt reports a mismatch of one named quantity.
func expectInt[T ~int | ~int32 | ~uint8 | ~uint32](t *testing.T, what string, got, want T) {
	t.Helper()
	if got != want {
		t.Errorf("%s = %d, want %d", what, got, want)
	}
}

func industryOf(t *testing.T, id string) engine.Industry {
	t.Helper()
	ind, ok := engine.IndustryByID(id)
	if !ok {
		t.Fatalf("unknown industry %q", id)
	}
	return ind
}

// dealHand gives player p exactly these cards, like Builder.Hand, but never takes a card
// back out of p's own hand. Builder.Hand looks for a card missing from the deck in every
// player's hand, p's included, so asking for two copies of a card whose other copy is in
// someone's hand can leave p with one copy and a short hand (3 players, seed 1:
// Hand(0, "birmingham", "dudley", "dudley", "brewery", "stafford") gives 4 cards, 1 Dudley).
// Cards come from the deck first, then other players' hands (replaced from the deck), then
// discard piles; wild cards from their piles.
func dealHand(t *testing.T, b *enginetest.Builder, p int, cards ...string) *enginetest.Builder {
	t.Helper()
	b.Hand(p) // p's old hand goes back to the deck
	s := b.State()
	ed := s.Edition()
	pl := &s.Players[p]
	for _, id := range cards {
		k, ok := ed.CardByID(id)
		if !ok {
			t.Fatalf("unknown card %q", id)
		}
		if !takeCard(s, p, k) {
			t.Fatalf("no %s card left to deal", id)
		}
		pl.Hand[k]++
		pl.HandLen++
	}
	return b
}

func takeCard(s *engine.State, p int, k engine.CardKind) bool {
	switch s.Edition().Cards[k].Type {
	case engine.WildLocationCard:
		if s.WildLocations == 0 {
			return false
		}
		s.WildLocations--
		return true
	case engine.WildIndustryCard:
		if s.WildIndustries == 0 {
			return false
		}
		s.WildIndustries--
		return true
	}
	for i := 0; i < int(s.DeckLen); i++ {
		if s.Deck[i] == uint8(k) {
			copy(s.Deck[i:], s.Deck[i+1:s.DeckLen])
			s.DeckLen--
			return true
		}
	}
	for q := 0; q < int(s.NumPlayers); q++ {
		if q != p && s.Players[q].Hand[k] > 0 {
			// give q a replacement from the deck so hand sizes stay as they were
			s.Players[q].Hand[k]--
			if s.DeckLen > 0 {
				s.DeckLen--
				s.Players[q].Hand[s.Deck[s.DeckLen]]++
			} else {
				s.Players[q].HandLen--
			}
			return true
		}
	}
	for q := 0; q < int(s.NumPlayers); q++ {
		pl := &s.Players[q]
		for i := 0; i < int(pl.DiscardLen); i++ {
			if pl.Discard[i] == uint8(k) {
				copy(pl.Discard[i:], pl.Discard[i+1:pl.DiscardLen])
				pl.DiscardLen--
				if i < int(pl.FaceDown) {
					pl.FaceDown--
				}
				return true
			}
		}
	}
	return false
}
