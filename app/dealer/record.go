package dealer

import (
	"errors"
	"fmt"
	"maps"
	"slices"

	"brass/app/deal"
	"brass/engine"
)

// Record is what re-checks a finished game's deal from its file, with no device's help:
// every deal's passes and every seat's audit keys, all public once the audit has run.
type Record struct {
	Deals []DealRecord `json:"deals"`
}

// DealRecord is one deal of a Record: an era's deck or Distant Market stack.
type DealRecord struct {
	Label  string           `json:"label"`
	Passes []deal.Pass      `json:"passes"`
	Audit  []deal.AuditKeys `json:"audit"`
}

// RecordOf builds the Record of a saved dealer whose deals are locked and whose audit keys
// are all in (every seat's, for every deal): ok is false before that.
func RecordOf(s Saved) (rec Record, ok bool) {
	for _, ds := range s.Deals {
		if len(ds.Passes) != 2*ds.Seats {
			return Record{}, false
		}
		dr := DealRecord{Label: ds.Label, Passes: ds.Passes}
		for seat := range ds.Seats {
			found := false
			for _, a := range s.Audits {
				if a.Label == ds.Label && a.Seat == seat {
					dr.Audit, found = append(dr.Audit, a), true
					break
				}
			}
			if !found {
				return Record{}, false
			}
		}
		rec.Deals = append(rec.Deals, dr)
	}
	return rec, len(rec.Deals) > 0
}

// deckList lists an era's deck in its public order: each kind of card as many times as
// the player count has it (the wild cards are not dealt: they lie face up).
func deckList(ed *engine.Edition, n int) []deal.Card {
	var cards []deal.Card
	for k, c := range ed.Cards {
		if c.Type == engine.WildLocationCard || c.Type == engine.WildIndustryCard {
			continue
		}
		for range c.Count[n] {
			cards = append(cards, deal.Card(k))
		}
	}
	return cards
}

// stackList lists the Distant Market's tiles in their public order (none outside Lancashire).
func stackList(ed *engine.Edition, n int) []deal.Card {
	var tiles []deal.Card
	for k, t := range ed.DistantTiles {
		for range t.Count[n] {
			tiles = append(tiles, deal.Card(k))
		}
	}
	return tiles
}

// VerifyRecord re-checks a dealt game's deal from its Record: g is the game replayed from
// its file (with the cards the file says its device was shown), id the game's id, proofs
// the positions each signed move played from (by move index, as the moves were signed).
// Every deal is re-run from its passes and keys (deal.Verify) over the edition's own deck
// or stack for the player count, and every card the game was shown and every card a move
// played must be the card the deal held there; a move's positions must be cards drawn to
// its player. An error names what does not check out (a *deal.Error names the seat).
func VerifyRecord(g *engine.Game, id string, proofs map[int]*deal.Keys, rec Record) error {
	s := g.State()
	ed, n := s.Edition(), int(s.NumPlayers)
	if !s.Dealt {
		return errors.New("dealer: a deal's record for a game dealt from its seed")
	}
	lists := map[string][]deal.Card{}
	for _, era := range []engine.Era{engine.Canal, engine.Rail} {
		lists[deckLabel(id, era)] = deckList(ed, n)
		if tiles := stackList(ed, n); len(tiles) > 0 {
			lists[stackLabel(id, era)] = tiles
		}
	}
	held := map[string][]deal.Card{}
	for _, dr := range rec.Deals {
		cards, ok := lists[dr.Label]
		if !ok || held[dr.Label] != nil {
			return fmt.Errorf("dealer: the record's deal %q is not one of this game's, or comes twice", dr.Label)
		}
		got, err := deal.Verify(dr.Label, cards, n, dr.Passes, dr.Audit)
		if err != nil {
			return err
		}
		held[dr.Label] = got
	}
	at := func(label string, pos int) (deal.Card, error) {
		cards, ok := held[label]
		switch {
		case !ok:
			return 0, fmt.Errorf("dealer: the record has no deal %q", label)
		case pos < 0 || pos >= len(cards):
			return 0, fmt.Errorf("dealer: deal %q has no position %d", label, pos)
		}
		return cards[pos], nil
	}
	for _, r := range g.Reveals() {
		label, want := deckLabel(id, r.Era), -1
		if r.Tile != "" {
			label, want = stackLabel(id, r.Era), ed.DistantTileByID(r.Tile)
		} else if k, ok := ed.CardByID(r.Card); ok {
			want = int(k)
		}
		got, err := at(label, r.Position)
		if err != nil {
			return err
		}
		if want < 0 || got != deal.Card(want) {
			return fmt.Errorf("dealer: the game was shown %q at position %d of %s, but the deal held another there", r.Card+r.Tile, r.Position, label)
		}
	}
	moves := g.Moves()
	type place struct {
		label string
		pos   int
	}
	drawnTo := map[place]int{} // the seat each card of a deck was dealt to, face up
	for _, d := range g.Draws() {
		if !d.FaceDown {
			drawnTo[place{deckLabel(id, d.Era), d.Position}] = d.Seat
		}
	}
	for _, i := range slices.Sorted(maps.Keys(proofs)) { // the first false move is named
		proof := proofs[i]
		if i < 0 || i >= len(moves) || proof == nil {
			return fmt.Errorf("dealer: a proof for move %d of %d", i+1, len(moves))
		}
		m := moves[i]
		cards, err := deckCards(ed, m)
		if err != nil {
			return err
		}
		if len(cards) != len(proof.Pos) {
			return fmt.Errorf("dealer: move %d plays %d cards from the deck but proves %d", i+1, len(cards), len(proof.Pos))
		}
		for c, pos := range proof.Pos {
			got, err := at(proof.Label, pos)
			if err != nil {
				return err
			}
			if seat, ok := drawnTo[place{proof.Label, pos}]; !ok || seat != m.Player || got != deal.Card(cards[c]) {
				return &deal.Error{Kind: deal.ErrCheat, Label: proof.Label, Seat: m.Player, Step: "play", Pos: pos,
					Msg: fmt.Sprintf("move %d played a card that was not the one dealt to the seat there", i+1)}
			}
		}
	}
	return nil
}
