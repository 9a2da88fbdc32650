package ui

// The viewing player's hand, drawn as cards. Location cards wear their town's banner
// colour, industry cards show their industry icons, wild cards are gold on black. When a
// card must be chosen, the choosable cards rise and the others dim.

import (
	"strconv"
	"strings"

	"brass/engine"
	"brass/lang"
	"brass/ui/kit"
	"brass/ui/view"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// hand shows one player's cards. Its inputs are small: the edition id, the card ids in the
// hand and the ids that may be chosen or are chosen.
type hand struct {
	goapp.Compo

	IEdition    string                             // edition id ("" : Birmingham)
	IPlayer     int                                // whose hand (for the label)
	ICards      []string                           // card ids in the hand, repeats included, in edition order
	IChoosable  []string                           // card ids that may be chosen now, sorted
	ISelected   []string                           // card ids chosen so far, sorted, repeats for several copies
	ILabel      string                             // accessible name of the hand ("" : "Your hand")
	onCard      func(ctx goapp.Context, id string) // unexported: see board.onPick
	onRefused   func(ctx goapp.Context, id string) // a dimmed card was tapped
	g           *view.Game                         // set by Game on the fresh instance, read by Player
	playerGiven bool
}

// newHand returns an empty hand; set the game and the player (or the card ids).
func newHand() *hand { return &hand{} }

// Game takes the edition and, with Player, the cards from the game (that of a View(seat)
// is enough).
func (h *hand) Game(g *view.Game) *hand {
	h.g = g
	if g.Started {
		h.IEdition = g.Edition.ID
	}
	if h.playerGiven {
		h.fill()
	}
	return h
}

// Player chooses whose hand to show from the state.
func (h *hand) Player(p int) *hand {
	h.IPlayer, h.playerGiven = p, true
	if h.g != nil {
		h.fill()
	}
	return h
}

func (h *hand) fill() {
	h.ICards = nil
	ed := h.g.Edition
	if !h.g.Started || h.IPlayer < 0 || h.IPlayer >= len(h.g.Seats) {
		return
	}
	for _, k := range h.g.Seats[h.IPlayer].Hand {
		if int(k) < len(ed.Cards) {
			h.ICards = append(h.ICards, ed.Cards[k].ID)
		}
	}
}

// Cards sets the hand directly: an edition id and card ids (repeats for several copies).
func (h *hand) Cards(edition string, ids []string) *hand {
	h.IEdition, h.ICards = edition, append([]string(nil), ids...)
	return h
}

// Choosable sets the card ids that may be chosen now; the others dim.
func (h *hand) Choosable(ids []string) *hand { h.IChoosable = kit.Sorted(ids); return h }

// Selected sets the card ids already chosen (an id twice marks two copies).
func (h *hand) Selected(ids []string) *hand { h.ISelected = kit.Sorted(ids); return h }

// Label sets the accessible name of the hand.
func (h *hand) Label(l string) *hand { h.ILabel = l; return h }

// OnCard is called with a card id when a choosable card is clicked.
func (h *hand) OnCard(fn func(ctx goapp.Context, id string)) *hand { h.onCard = fn; return h }

// OnRefused is called with a card id when a dimmed card is tapped, to say why it cannot
// be chosen.
func (h *hand) OnRefused(fn func(ctx goapp.Context, id string)) *hand { h.onRefused = fn; return h }

func (h *hand) refuse(ctx goapp.Context, id string) {
	if h.onRefused != nil {
		h.onRefused(ctx, id)
	}
}

func (h *hand) fire(ctx goapp.Context, id string) {
	if h.onCard != nil && kit.Count(h.IChoosable, id) > 0 {
		h.onCard(ctx, id)
	}
}

// Render draws the hand.
func (h *hand) Render() goapp.UI {
	ed, ok := engine.EditionByID(h.IEdition)
	if !ok {
		ed, _ = engine.EditionByID("birmingham")
	}
	label := h.ILabel
	if label == "" {
		label = lang.T("hand.yours")
	}
	choosing := len(h.IChoosable) > 0
	class := "hand"
	if choosing {
		class += " hand-choosing"
	}
	seen := map[string]int{}
	var cards []goapp.UI
	for _, id := range h.ICards {
		seen[id]++
		n := seen[id]
		k, ok := ed.CardByID(id)
		if !ok {
			continue
		}
		cards = append(cards, h.card(ed, &ed.Cards[k], n, choosing))
	}
	if len(cards) == 0 {
		cards = append(cards, goapp.P().Class("hand-empty").Text(lang.T("hand.empty")))
	}
	return goapp.Div().ID("hand").Class(class).Role("group").
		Aria("label", lang.T("hand.label", lang.S("hand", label), lang.N("n", len(h.ICards)))).Body(cards...)
}

// card draws the n-th copy (from 1) of a card in the hand.
func (h *hand) card(ed *engine.Edition, c *engine.Card, n int, choosing bool) goapp.UI {
	id := c.ID
	can := kit.Count(h.IChoosable, id) > 0
	sel := kit.Count(h.ISelected, id) >= n

	class := "hand-card"
	kind := ""
	var art []goapp.UI
	btn := goapp.Button().Type("button").ID("card-"+id+"-"+strconv.Itoa(n)).DataSet("card", id)
	switch c.Type {
	case engine.LocationCard:
		class += " hand-loc"
		kind = lang.T("hand.location")
		if c.Location >= 0 && c.Location < len(ed.Locations) {
			btn = btn.Style("--hand-banner", kit.Banner(ed.Locations[c.Location].Banner))
		}
		art = append(art, goapp.Span().Class("hand-town").Aria("hidden", "true"))
	case engine.IndustryCard:
		class += " hand-ind"
		kind = lang.T("hand.industry")
		if len(c.Industries) > 1 {
			class += " hand-ind2"
		}
		for _, ind := range c.Industries {
			art = append(art, kit.IndustryIcon(ind, "hand-icon"))
		}
	case engine.WildLocationCard:
		class += " hand-wild hand-wild-loc"
		kind = lang.T("hand.wild")
		art = append(art, goapp.Span().Class("hand-star").Aria("hidden", "true"))
	case engine.WildIndustryCard:
		class += " hand-wild hand-wild-ind"
		kind = lang.T("hand.wild")
		for _, ind := range engine.Industries {
			art = append(art, kit.IndustryIcon(ind, "hand-mini"))
		}
	}
	if choosing {
		if can {
			class += " hand-can"
		} else {
			class += " hand-dim"
		}
	}
	if sel {
		class += " hand-sel"
	}
	// The accessible name is the visible text (name and kind); aria-pressed tells "chosen".
	btn = btn.Class(class)
	if can {
		btn = btn.Aria("pressed", sel).OnClick(func(ctx goapp.Context, e goapp.Event) { h.fire(ctx, id) }, goapp.EventScope(id, n))
	} else {
		btn = btn.Aria("disabled", "true")
		if sel {
			btn = btn.Aria("pressed", "true")
		}
		if choosing && !sel {
			// Dimmed: a tap says why (aria-disabled, unlike disabled, still gets the tap).
			btn = btn.OnClick(func(ctx goapp.Context, e goapp.Event) { h.refuse(ctx, id) }, goapp.EventScope("off", id, n))
		}
	}
	nameClass := "hand-name"
	switch {
	case len(c.Name) > 16:
		nameClass += " hand-name-xl"
	case len(c.Name) > 12 && !strings.ContainsAny(c.Name, " -"):
		nameClass += " hand-name-xl"
	case len(c.Name) > 9 && !strings.ContainsAny(c.Name, " -"):
		nameClass += " hand-name-l"
	}
	return btn.Body(
		goapp.Span().Class(nameClass).Text(c.Name),
		goapp.Span().Class("hand-art").Body(art...),
		goapp.Span().Class("hand-kind").Text(" "+kind),
	)
}
