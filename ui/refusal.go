package ui

// Why a dimmed card or action button cannot be chosen, in the engine's reasons (worded from
// the catalogs, reasons.go): the engine
// lists the moves the player may mean (engine.Game.Attempts, or the legal candidates with
// the card put in) and gathers every distinct reason they are refused
// (engine.Game.Refusals), nearest to legal first; the UI shows them as one short list.
// Only where no such move can be named (an action with nothing to act on) does a general
// sentence (engine.State.Unavailable) stands in.

import (
	"errors"

	"brass/engine"
	"brass/lang"
)

// mostReasons is how many reasons a refusal lists before "and N other reasons".
const mostReasons = 5

// cardRefusal explains why a card is not an answer to the card question (field) of c: the
// action's card, or one more card of a set (a two-card build, Scout's cards).
func cardRefusal(game *engine.Game, c engine.Choice, field, card string) []string {
	if _, ok := game.State().Edition().CardByID(card); !ok || len(c.Moves) == 0 {
		return []string{lang.T("refusal.card_not_now")}
	}
	// The action's card: every move the card may mean; one more card of a set: the legal
	// candidates with it as the answer.
	tries := withCard(c, field, card)
	if field == "card" {
		tries = game.Attempts(c.Moves[0].Type, card)
	}
	if why := reasonLines(game.State(), game.Refusals(tries)); len(why) > 0 {
		return why
	}
	return []string{lang.T("refusal.card_choices", lang.S("card", cardName(game, card)))}
}

// withCard is each legal candidate with the card as the answer to field (the other answers
// kept), so the engine can say what the card breaks.
func withCard(c engine.Choice, field, card string) []engine.Move {
	out := make([]engine.Move, 0, len(c.Moves))
	for _, m := range c.Moves {
		m.Coal, m.Iron, m.Beer = nil, nil, nil // let the engine pick defaults
		m.Cards = append([]string(nil), m.Cards...)
		setField(&m, field, card)
		out = append(out, m)
	}
	return out
}

// refusalHead introduces a card's reasons when there are several.
func refusalHead(game *engine.Game, card string, lines []string) string {
	if len(lines) < 2 {
		return ""
	}
	return lang.T("refusal.card_here", lang.S("card", cardName(game, card)))
}

func cardName(game *engine.Game, card string) string {
	ed := game.State().Edition()
	if k, ok := ed.CardByID(card); ok {
		return ed.Cards[k].Name
	}
	return card
}

// reasonLines is the engine's reasons as lines, the first few and how many more.
func reasonLines(st *engine.State, errs []*engine.Error) []string {
	var out []string
	for _, e := range errs {
		if errors.Is(e, engine.ErrMalformed) {
			continue
		}
		out = append(out, refusalText(st, e))
	}
	if len(out) > mostReasons {
		more := len(out) - (mostReasons - 1)
		out = append(out[:mostReasons-1], lang.T("refusal.more", lang.N("n", more)))
	}
	return out
}

// actionRefusal explains why no move of a type is legal now: the engine's reasons for the
// moves of that type the cards in hand may mean, or, when no such move can be named, a
// general sentence.
func actionRefusal(game *engine.Game, typ string) []string {
	st := game.State()
	if st.Actor() < 0 {
		return []string{lang.T("sb.over")}
	}
	if why := reasonLines(game.State(), game.Refusals(game.Attempts(typ, ""))); len(why) > 0 {
		return why
	}
	return []string{st.Unavailable(typ)}
}
