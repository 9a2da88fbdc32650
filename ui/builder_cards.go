package ui

// A Lancashire build's second card (the "cards" question: discard one more card to build in
// any town, both actions): what the question says depends on whether the card already
// chosen builds anywhere by itself, and its answers are drawn as small cards, as the hand
// draws them, in a list that wraps instead of scrolling in a box (issue 43: the prompt
// offered "this card alone" when it could not build, and six answers sat in a clipped box).

import (
	"brass/engine"
	"brass/ui/kit"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// questionPrompt is the question for the current choice: the field's prompt, or for the
// second card of a build, what is possible now.
func questionPrompt(typ string, c engine.Choice) string {
	if c.Field != "cards" {
		return prompt(typ, c.Field)
	}
	if containsString(c.Values, "") {
		return "Build with this card alone, or discard a second card to build in any town as if with its location card (it takes both your actions)."
	}
	return "This card cannot build anywhere by itself now: discard a second card to build in any town as if with its location card (it takes both your actions)."
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
			OnClick(func(ctx goapp.Context, e goapp.Event) { g.answer("cards", value) }, goapp.EventScope("cards/"+value))
		k, ok := ed.CardByID(value)
		if !ok {
			opts = append(opts, btn.Text(choiceLabel(g.views.Of(st), names, g.builder.chosen, "cards", value)))
			continue
		}
		card := &ed.Cards[k]
		class, kind := "gs-card-name", "Location"
		switch card.Type {
		case engine.LocationCard:
			if card.Location >= 0 && card.Location < len(ed.Locations) {
				btn = btn.Style("--hand-banner", kit.Banner(ed.Locations[card.Location].Banner))
			}
		case engine.IndustryCard:
			class, kind = class+" gs-card-ind", "Industry"
		default:
			class, kind = class+" gs-card-wild", "Wild"
		}
		opts = append(opts, btn.Class("gs-choice-card").Body(
			goapp.Span().Class("gs-card-also").Text("Also discard "),
			goapp.Span().Class(class).Text(card.Name),
			goapp.Span().Class("gs-card-kind").Text(" "+kind),
		))
	}
	return goapp.Div().Class("gs-choices gs-choices-cards").Body(opts...)
}
