package ui

// The guided action builder: the player picks an action type, then answers one question at
// a time (card, industry, space, coal source, …). Every question and its legal answers come
// from engine.Next over the engine's legal moves, so nothing illegal is ever offered, and a
// refused choice is explained with the engine's own message.

import (
	"sort"
	"strings"

	"brass/engine"
	"brass/lang"
	"brass/ui/kit"
	"brass/ui/view"
)

// actionBuilder is the partial move being built.
type actionBuilder struct {
	typ    string
	chosen map[string]string
	order  []string // fields in the order they were chosen, for Back
	// guide is the move a tutorial step asks for (ui/tutorial.go), or nil: each question then
	// offers its answer alone. It outlives a reset, the step does not change with the action.
	guide *engine.Move
}

func (b *actionBuilder) reset() { *b = actionBuilder{guide: b.guide} }

// start begins building a move of a type.
func (b *actionBuilder) start(typ string) {
	b.reset()
	b.typ = typ
	b.chosen = map[string]string{}
}

func (b *actionBuilder) active() bool { return b.typ != "" }

// choose answers the current question.
func (b *actionBuilder) choose(field, value string) {
	if b.chosen == nil {
		b.chosen = map[string]string{}
	}
	b.chosen[field] = value
	b.order = append(b.order, field)
}

// cardFields are the fields answered with a card from the hand: the action's card, a
// two-card build's second card and Scout's two more cards (engine.Unordered lets each of
// them be picked in any order).
var cardFields = []string{"card", "cards", "cards.0", "cards.1"}

// isCardField reports whether a field is answered in the hand.
func isCardField(field string) bool { return containsString(cardFields, field) }

// chosenCards lists the cards answered so far, a card twice where it was picked twice.
func (b *actionBuilder) chosenCards() []string {
	var out []string
	for _, f := range cardFields {
		if v := b.chosen[f]; v != "" {
			out = append(out, v)
		}
	}
	return out
}

func dedupSorted(ids []string) []string {
	ids = kit.Sorted(ids)
	out := ids[:0]
	for i, id := range ids {
		if i == 0 || id != ids[i-1] {
			out = append(out, id)
		}
	}
	return out
}

// back takes back the last answer, or leaves the action when there is none.
func (b *actionBuilder) back() {
	if len(b.order) == 0 {
		b.reset()
		return
	}
	last := b.order[len(b.order)-1]
	b.order = b.order[:len(b.order)-1]
	delete(b.chosen, last)
}

// next is the current question (Field != "") or the determined move (Field == "").
func (b *actionBuilder) next(legal []engine.Move) engine.Choice {
	return guided(engine.Next(legal, b.typ, b.chosen), b.guide)
}

// withChoice returns a full move for "why not" questions: a legal candidate with the field
// replaced by value, so the engine can say what is wrong with that value.
func withChoice(c engine.Choice, field, value string) (engine.Move, bool) {
	if len(c.Moves) == 0 {
		return engine.Move{}, false
	}
	m := c.Moves[0]
	m.Coal, m.Iron, m.Beer = nil, nil, nil // let the engine pick defaults for the rest
	setField(&m, field, value)
	return m, true
}

// setField sets a named field (see engine.Steps) of a move.
func setField(m *engine.Move, field, value string) {
	set := func(list *[]string, i int) {
		for len(*list) <= i {
			*list = append(*list, "")
		}
		(*list)[i] = value
	}
	switch field {
	case "card":
		m.Card = value
	case "industry":
		m.Industry = value
	case "space":
		m.Space = value
	case "merchant":
		m.Merchant = value
	case "links.0":
		set(&m.Links, 0)
	case "links.1":
		set(&m.Links, 1)
	case "coal.0":
		set(&m.Coal, 0)
	case "coal.1":
		set(&m.Coal, 1)
	case "iron.0":
		set(&m.Iron, 0)
	case "iron.1":
		set(&m.Iron, 1)
	case "beer.0":
		set(&m.Beer, 0)
	case "beer.1":
		set(&m.Beer, 1)
	case "develop.0":
		set(&m.Develop, 0)
	case "develop.1":
		set(&m.Develop, 1)
	case "cards", "cards.0":
		set(&m.Cards, 0)
	case "cards.1":
		set(&m.Cards, 1)
	}
}

// actionTypeIDs are the actions offered on a normal turn, in rulebook order.
var actionTypeIDs = []string{"build", "network", "develop", "sell", "loan", "scout", "pass"}

// actionType is an action with its name and one-line help in the language in use.
type actionType struct{ typ, label, help string }

// actionTypes are the actions offered on a normal turn, in rulebook order, worded now.
func actionTypes() []actionType {
	out := make([]actionType, len(actionTypeIDs))
	for i, typ := range actionTypeIDs {
		out[i] = actionType{typ, lang.T("act." + typ), lang.T("act." + typ + "_help")}
	}
	return out
}

// actionHelp is an action's one-line help in an edition: Lancashire's builds, loans and
// sales differ from Birmingham's (help is Birmingham's).
func actionHelp(ed *engine.Edition, typ, help string) string {
	if ed == nil || ed.ID != "lancashire" {
		return help
	}
	switch typ {
	case "build", "sell", "loan":
		return lang.T("act." + typ + "_help_lancashire")
	}
	return help
}

// boardField reports which board layer a question is answered on.
func boardField(field string) string {
	switch {
	case field == "space":
		return "space"
	case strings.HasPrefix(field, "links."):
		return "link"
	case field == "merchant":
		return "merchant"
	case strings.HasPrefix(field, "coal."), strings.HasPrefix(field, "iron."), strings.HasPrefix(field, "beer."):
		return "source"
	case isCardField(field):
		return "card"
	case field == "port":
		return "port" // a port's space on the board, or the Distant Market in the list
	}
	return ""
}

// prompt is the question for a field.
func prompt(typ, field string) string {
	switch field {
	case "card":
		if typ == "build" {
			return lang.T("ask.card_build")
		}
		return lang.T("ask.card_discard")
	case "industry":
		return lang.T("ask.industry")
	case "space":
		switch typ {
		case "build":
			return lang.T("ask.space_build")
		case "sell":
			return lang.T("ask.space_sell")
		case "remove_tile":
			return lang.T("ask.space_remove")
		}
	case "merchant":
		return lang.T("ask.merchant")
	case "links.0":
		return lang.T("ask.link")
	case "links.1":
		return lang.T("ask.link2")
	case "coal.0", "coal.1":
		return lang.T("ask.coal")
	case "iron.0", "iron.1":
		return lang.T("ask.iron")
	case "beer.0", "beer.1":
		return lang.T("ask.beer")
	case "develop.0":
		if typ == "sell" {
			return lang.T("ask.develop_bonus")
		}
		return lang.T("ask.develop")
	case "develop.1":
		return lang.T("ask.develop2")
	case "cards":
		return lang.T("ask.cards")
	case "cards.0":
		return lang.T("ask.scout2")
	case "cards.1":
		return lang.T("ask.scout1")
	case "port":
		return lang.T("ask.port")
	case "amount":
		return lang.T("ask.amount")
	}
	return lang.T("ask.other")
}

// choiceLabel is a readable label for a value of a field.
func choiceLabel(g *view.Game, names []string, chosen map[string]string, field, value string) string {
	ed := g.Edition
	if value == "" {
		switch field {
		case "links.1":
			return lang.T("choice.one_link")
		case "develop.0":
			return lang.T("choice.no_develop")
		case "develop.1":
			return lang.T("choice.one_tile")
		case "cards":
			return lang.T("choice.this_card")
		}
		return lang.T("choice.none")
	}
	switch field {
	case "card":
		if k, ok := ed.CardByID(value); ok {
			return ed.Cards[k].Name
		}
	case "industry", "develop.0", "develop.1":
		if ind, ok := engine.IndustryByID(value); ok {
			used := 0
			if a := g.Turn.Actor; a >= 0 && a < len(g.Seats) && int(ind) < view.MatIndustries {
				used = g.Seats[a].Mat[ind].Used
			}
			if field == "develop.1" && chosen["develop.0"] == value {
				used++ // the second tile of the same industry
			}
			if used < len(ed.Mats[ind]) {
				return kit.IndustryName(ind) + " " + kit.Roman(ed.Mats[ind][used].Level)
			}
			return kit.IndustryName(ind)
		}
	case "space":
		return spaceLabel(g, names, value)
	case "merchant":
		if m, ok := ed.MerchantSpaceByID(value); ok {
			return kit.MerchantLabel(g, m)
		}
	case "links.0", "links.1":
		if l, ok := ed.LinkByID(value); ok {
			return ed.LinkName(l)
		}
	case "coal.0", "coal.1", "iron.0", "iron.1", "beer.0", "beer.1":
		if value == "market" {
			return lang.T("choice.market")
		}
		if m, ok := ed.MerchantSpaceByID(value); ok {
			return lang.T("choice.merchant_beer", lang.S("merchant", kit.MerchantLabel(g, m)))
		}
		return spaceLabel(g, names, value)
	case "port":
		if value == engine.DistantMarketID {
			return lang.T("choice.distant")
		}
		return lang.T("choice.port", lang.S("place", spaceLabel(g, names, value)))
	case "amount":
		return "£" + value
	case "cards":
		if k, ok := ed.CardByID(value); ok {
			return lang.T("choice.also_any_town", lang.S("card", ed.Cards[k].Name))
		}
	case "cards.0", "cards.1":
		if k, ok := ed.CardByID(value); ok {
			return lang.T("choice.also_discard", lang.S("card", ed.Cards[k].Name))
		}
	}
	return value
}

func spaceLabel(g *view.Game, names []string, id string) string {
	ed := g.Edition
	sp, ok := ed.SpaceByID(id)
	if !ok {
		return id
	}
	loc := ed.Locations[ed.Spaces[sp].Location]
	t := &g.Spaces[sp]
	if !t.Built() {
		icons := make([]string, 0, 2)
		for _, ind := range ed.Spaces[sp].Icons {
			icons = append(icons, kit.IndustryName(ind))
		}
		return lang.T("choice.space_empty", lang.S("town", loc.Name), lang.S("icons", strings.Join(icons, "/")))
	}
	owner := t.Owner
	who := lang.T("ng.player", lang.N("n", owner+1))
	if owner < len(names) && names[owner] != "" {
		who = names[owner]
	}
	return lang.T("choice.space_built", lang.S("town", loc.Name), lang.S("name", who), lang.S("tile", kit.IndustryName(t.Industry)+" "+kit.Roman(t.Level)))
}

// boardIDs converts the values of a board question to the ids the board highlights:
// "market" becomes "coal_market" or "iron_market"; "" (no second link) is dropped.
func boardIDs(field string, values []string) []string {
	out := make([]string, 0, len(values))
	for _, v := range values {
		switch {
		case v == "":
		case v == "market" && strings.HasPrefix(field, "coal."):
			out = append(out, "coal_market")
		case v == "market" && strings.HasPrefix(field, "iron."):
			out = append(out, "iron_market")
		default:
			out = append(out, v)
		}
	}
	sort.Strings(out)
	return out
}

// fromBoardID maps a clicked board id back to a field value.
func fromBoardID(id string) string {
	if id == "coal_market" || id == "iron_market" {
		return "market"
	}
	return id
}
