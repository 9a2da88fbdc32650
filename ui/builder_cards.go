package ui

// A Lancashire build's second card (the "cards" question: discard one more card to build in
// any town, both actions): what the question says depends on whether the card already
// chosen builds anywhere by itself, and its answers are drawn as small cards, as the hand
// draws them, in a list that wraps instead of scrolling in a box (issue 43: the prompt
// offered "this card alone" when it could not build, and six answers sat in a clipped box).

import (
	"brass/engine"
	"brass/lang"
	"brass/ui/kit"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// secondCardField is the question's field in the engine's choices.
const secondCardField = "cards"

// questionPrompt is the question for the current choice: the field's prompt, or for the
// second card of a build, what is possible now.
func questionPrompt(typ string, c engine.Choice) string {
	if c.Field != secondCardField {
		return prompt(typ, c.Field)
	}
	if containsString(c.Values, "") {
		return lang.T("ask.cards")
	}
	return lang.T("ask.cards_second")
}

// secondCardChoices are the answers to the second-card question: "Just this card" where it
// can build alone, then each card that may be discarded with it, drawn like a card in the
// hand (its town's banner, or an industry or wild card's colours) under "Also discard".
func (g *gameScreen) secondCardChoices(st *engine.State, names []string, c engine.Choice) goapp.UI {
	ed := st.Edition()
	var opts []goapp.UI
	for _, v := range c.Values {
		value := v
		btn := goapp.Button().Class("gs-choice").ID("choice-"+safeID(value)).
			OnClick(func(ctx goapp.Context, e goapp.Event) { g.answer(secondCardField, value) }, goapp.EventScope("cards/"+value))
		k, ok := ed.CardByID(value)
		if !ok {
			opts = append(opts, btn.Text(choiceLabel(g.views.Of(st), names, g.builder.chosen, secondCardField, value)))
			continue
		}
		card := &ed.Cards[k]
		class, kind := "gs-card-name", lang.T("hand.location")
		switch card.Type {
		case engine.LocationCard:
			if card.Location >= 0 && card.Location < len(ed.Locations) {
				btn = btn.Style("--hand-banner", kit.Banner(ed.Locations[card.Location].Banner))
			}
		case engine.IndustryCard:
			class, kind = class+" gs-card-ind", lang.T("hand.industry")
		default:
			class, kind = class+" gs-card-wild", lang.T("hand.wild")
		}
		opts = append(opts, btn.Class("gs-choice-card").Body(
			goapp.Span().Class("gs-card-also").Text(lang.T("choice.also")),
			goapp.Span().Class(class).Text(card.Name),
			goapp.Span().Class("gs-card-kind").Text(" "+kind),
		))
	}
	return goapp.Div().Class("gs-choices gs-choices-cards").Body(opts...)
}
