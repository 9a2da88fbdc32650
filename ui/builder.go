package ui

// The guided action builder: the player picks an action type, then answers one question at
// a time (card, industry, space, coal source, …). Every question and its legal answers come
// from engine.Next over the engine's legal moves, so nothing illegal is ever offered, and a
// refused choice is explained with the engine's own message.

import (
	"sort"
	"strconv"
	"strings"

	"brass/engine"
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

// actionTypes are the actions offered on a normal turn, in rulebook order.
var actionTypes = []struct{ typ, label, help string }{
	{"build", "Build", "Place an industry tile, paying its cost and any coal and iron."},
	{"network", "Network", "Place a canal link (Canal Era) or one or two rail links (Rail Era)."},
	{"develop", "Develop", "Remove 1 or 2 tiles from your mat, 1 iron each."},
	{"sell", "Sell", "Flip Cotton Mills, Manufacturers and Potteries by selling to connected merchants."},
	{"loan", "Loan", "Take £30 and lose 3 income levels."},
	{"scout", "Scout", "Discard 3 cards for a Wild Location and a Wild Industry card."},
	{"pass", "Pass", "Discard a card and do nothing."},
}

// actionHelp is an action's one-line help in an edition: Lancashire's loans and sales
// differ from Birmingham's (help is Birmingham's).
func actionHelp(ed *engine.Edition, typ, help string) string {
	if ed == nil || ed.ID != "lancashire" {
		return help
	}
	switch typ {
	case "build":
		return "Place an industry tile, paying its cost and any coal and iron; with two cards, in any town."
	case "sell":
		return "Flip Cotton Mills by selling to a connected port or to the Distant Market."
	case "loan":
		return "Take £10, £20 or £30, one income level down for each £10."
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
			return "Choose the card to build with."
		}
		return "Choose a card to discard."
	case "industry":
		return "Choose the industry to build."
	case "space":
		switch typ {
		case "build":
			return "Choose where to build: the highlighted spaces are legal."
		case "sell":
			return "Choose a tile to sell."
		case "remove_tile":
			return "Choose one of your tiles to remove (worth half its cost) to pay your negative income."
		}
	case "merchant":
		return "Choose the merchant to sell to."
	case "links.0":
		return "Choose a line for your link."
	case "links.1":
		return "Build a second rail link (£15 in all and a beer), or stop at one."
	case "coal.0", "coal.1":
		return "Choose where the coal comes from: the closest connected mines are highlighted."
	case "iron.0", "iron.1":
		return "Choose where the iron comes from."
	case "beer.0", "beer.1":
		return "Choose where the beer comes from."
	case "develop.0":
		if typ == "sell" {
			return "Gloucester's beer gives a free develop: choose the industry, or decline."
		}
		return "Choose the industry to develop."
	case "develop.1":
		return "Develop a second tile, or stop at one."
	case "cards":
		return "Build with this card alone, or discard a second card to build in any town as if with its location card (it takes both your actions)."
	case "cards.0":
		return "Choose two more cards to discard: tap them in your hand."
	case "cards.1":
		return "Choose one more card to discard: tap it in your hand."
	case "port":
		return "Choose where the cotton goes: a connected port (highlighted), or the Distant Market, where a tile is drawn that moves cotton demand down and gives its income bonus (none once it reaches X)."
	case "amount":
		return "Choose how much to borrow: each £10 moves your income marker down one level."
	}
	return "Choose."
}

// choiceLabel is a readable label for a value of a field.
func choiceLabel(g *view.Game, names []string, chosen map[string]string, field, value string) string {
	ed := g.Edition
	if value == "" {
		switch field {
		case "links.1":
			return "Just one link"
		case "develop.0":
			return "No develop"
		case "develop.1":
			return "Just one tile"
		case "cards":
			return "Just this card"
		}
		return "None"
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
				return ind.Name() + " " + kit.Roman(ed.Mats[ind][used].Level)
			}
			return ind.Name()
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
			return "the market"
		}
		if m, ok := ed.MerchantSpaceByID(value); ok {
			return "merchant beer at " + kit.MerchantLabel(g, m)
		}
		return spaceLabel(g, names, value)
	case "port":
		if value == engine.DistantMarketID {
			return "the Distant Market"
		}
		return "to the port at " + spaceLabel(g, names, value)
	case "amount":
		return "£" + value
	case "cards":
		if k, ok := ed.CardByID(value); ok {
			return "Also discard " + ed.Cards[k].Name + ": build in any town"
		}
	case "cards.0", "cards.1":
		if k, ok := ed.CardByID(value); ok {
			return "Also discard " + ed.Cards[k].Name
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
			icons = append(icons, ind.Name())
		}
		return loc.Name + " (" + strings.Join(icons, "/") + " space)"
	}
	owner := t.Owner
	who := "Player " + strconv.Itoa(owner+1)
	if owner < len(names) && names[owner] != "" {
		who = names[owner]
	}
	return loc.Name + ": " + who + "'s " + t.Industry.Name() + " " + kit.Roman(t.Level)
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
