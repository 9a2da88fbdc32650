package ui

// Why a dimmed card or action button cannot be chosen, in the engine's words: the UI
// builds the move the player seems to want and asks engine.Game.Check why it is refused.
// Only where no such move can be named (an action with nothing to act on) does a general
// sentence (whyNot) stand in.

import (
	"errors"

	"brass/engine"
)

// cardRefusal explains why a card is not an answer to the card question c of an action of
// type typ. pending is the first of Scout's two extra cards, when one is picked.
func cardRefusal(game *engine.Game, c engine.Choice, field, card, pending string) string {
	st := game.State()
	ed := st.Edition()
	k, ok := ed.CardByID(card)
	if !ok || len(c.Moves) == 0 {
		return "That card cannot be chosen now."
	}
	if field == "cards" {
		m := c.Moves[0]
		other := pending
		if other == "" || other == card {
			other = m.Cards[0]
			if other == card && len(m.Cards) > 1 {
				other = m.Cards[1]
			}
		}
		m.Cards = []string{other, card}
		if err := game.Check(m); err != nil {
			return err.Error()
		}
		return "The " + ed.Cards[k].Name + " card cannot be discarded with the cards chosen."
	}
	// A legal move of this action with the card swapped in: the closest one first (the same
	// industry as an industry card, the same town as a location card).
	first := ""
	for _, close := range []bool{true, false} {
		for _, m := range c.Moves {
			if cardFits(ed, k, m) != close {
				continue
			}
			m.Card = card
			m.Coal, m.Iron, m.Beer = nil, nil, nil // let the engine pick defaults
			err := game.Check(m)
			if err == nil {
				continue
			}
			if close || m.Type != "build" {
				return err.Error()
			}
			if first == "" {
				first = err.Error()
			}
			break
		}
	}
	// A build the card names itself: each industry it allows on each space that shows the
	// industry. The reason of a build that only money stops comes first.
	if c.Moves[0].Type == "build" {
		if why := buildRefusal(game, k); why != "" {
			return why
		}
	}
	if first != "" {
		return first
	}
	return "The " + ed.Cards[k].Name + " card cannot be used for this action now."
}

// cardFits reports whether a legal move uses what the card names: an industry card's
// industry, a location card's town.
func cardFits(ed *engine.Edition, k engine.CardKind, m engine.Move) bool {
	c := &ed.Cards[k]
	switch c.Type {
	case engine.IndustryCard:
		for _, ind := range c.Industries {
			if ind.ID() == m.Industry {
				return true
			}
		}
	case engine.LocationCard:
		if sp, ok := ed.SpaceByID(m.Space); ok && ed.Spaces[sp].Location == c.Location {
			return true
		}
	}
	return false
}

// buildRefusal tries every build the card could name and returns the engine's reason for
// the first that only money stops, else for the first tried.
func buildRefusal(game *engine.Game, k engine.CardKind) string {
	st := game.State()
	ed := st.Edition()
	p := st.Actor()
	c := &ed.Cards[k]
	inds := c.Industries
	if c.Type == engine.LocationCard || c.Type == engine.WildLocationCard {
		inds = engine.Industries
	}
	first := ""
	for sp := range ed.Spaces {
		space := &ed.Spaces[sp]
		if c.Type == engine.LocationCard && space.Location != c.Location {
			continue
		}
		for _, ind := range inds {
			if !spaceShows(space, ind) {
				continue
			}
			m := engine.Move{Type: "build", Player: p, Card: c.ID, Industry: ind.ID(), Space: space.ID}
			err := game.Check(m)
			if err == nil {
				continue
			}
			if first == "" {
				first = err.Error()
			}
			if onlyMoneyStops(st, m) {
				return err.Error()
			}
		}
	}
	return first
}

func spaceShows(sp *engine.Space, ind engine.Industry) bool {
	for _, i := range sp.Icons {
		if i == ind {
			return true
		}
	}
	return false
}

// onlyMoneyStops reports whether the move would be legal if the player had plenty of money
// (tried on a copy of the state).
func onlyMoneyStops(st *engine.State, m engine.Move) bool {
	a, err := st.Edition().Decode(m)
	if err != nil {
		return false
	}
	t := *st
	t.Players[m.Player].Money += 1 << 20
	return t.Apply(&a) == nil
}

// actionRefusal explains why no move of a type is legal now: the engine's reason for the
// simplest move of that type with a card from the hand, or, when such a move needs choices
// the player has nothing for, a general sentence.
func actionRefusal(game *engine.Game, typ string) string {
	st := game.State()
	p := st.Actor()
	if p < 0 {
		return "The game is over."
	}
	ed := st.Edition()
	hand := st.HandCards(p)
	if len(hand) > 0 {
		m := engine.Move{Type: typ, Player: p, Card: ed.Cards[hand[0]].ID}
		if typ == "scout" && len(hand) >= 3 {
			m.Cards = []string{ed.Cards[hand[1]].ID, ed.Cards[hand[2]].ID}
		}
		if err := game.Check(m); err != nil && !errors.Is(err, engine.ErrMalformed) {
			return err.Error()
		}
	}
	return whyNot(st, typ)
}
