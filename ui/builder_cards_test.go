package ui

import (
	"strings"
	"testing"

	"brass/app"
	"brass/engine"
	"brass/ui/uitest"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestSecondCardQuestionSaysWhatIsPossible: a Lancashire build's second-card question
// offers "this card alone" only where the card builds by itself (issue 43), and draws every
// second card as a card under "Also discard", in the list that wraps (gs-choices-cards).
// Every card of the hand in round 2 of seed 1 is tried: some build alone, some only with a
// second card.
func TestSecondCardQuestionSaysWhatIsPossible(t *testing.T) {
	hs, err := app.NewHotseat(app.NewMemoryStore(), engine.Config{Edition: "lancashire", Players: 2, Seed: 1, Names: []string{"Ada", "Brunel"}}, app.DefaultColours(2))
	if err != nil {
		t.Fatal(err)
	}
	g := newGameScreen().Session(hs)
	g.OnInit()
	ctx := goapp.Context{}
	for i := 0; i < 2; i++ { // round 1: a loan each, one action
		p := hs.Game().State().Actor()
		if err := hs.Submit(engine.Move{Type: "loan", Player: p, Card: hs.Game().LegalMoves()[0].Card, Amount: 10}); err != nil {
			t.Fatal(err)
		}
		g.afterChange()
	}
	g.dialog = ""
	g.reveal(ctx)
	alone, forced := 0, 0
	first := engine.Next(hs.Game().LegalMoves(), "build", map[string]string{})
	for _, card := range first.Values {
		g.startAction("build")
		g.onCard(ctx, card)
		c := g.builder.next(g.legalMoves())
		if c.Field != "cards" {
			continue // the card builds alone and no second card adds a place
		}
		root := uitest.Render(t, g)
		q := root.ByID("question").Text()
		box := root.First(uitest.Class("gs-choices-cards"))
		if box == nil {
			t.Fatalf("%s: the second cards are not in the wrapping list", card)
		}
		just := root.ByID("choice-none")
		canAlone := containsString(c.Values, "")
		if canAlone {
			alone++
		} else {
			forced++
		}
		switch {
		case canAlone && (just == nil || !strings.Contains(q, "this card alone")):
			t.Errorf("%s builds alone: %q, Just this card shown %v", card, q, just != nil)
		case !canAlone && (just != nil || strings.Contains(q, "alone,") || !strings.Contains(q, "cannot build anywhere by itself")):
			t.Errorf("%s cannot build alone, yet %q, Just this card shown %v", card, q, just != nil)
		}
		cards := box.All(uitest.Class("gs-choice-card"))
		if want := len(c.Values) - map[bool]int{true: 1}[canAlone]; len(cards) != want {
			t.Errorf("%s: %d second cards drawn, want %d", card, len(cards), want)
		}
		for _, b := range cards {
			if !strings.HasPrefix(b.Text(), "Also discard ") || b.First(uitest.Class("gs-card-name")) == nil {
				t.Errorf("%s: a second card reads %q", card, b.Text())
			}
		}
		g.builder.reset()
	}
	if alone == 0 || forced == 0 {
		t.Fatalf("%d cards build alone and %d only with a second card: the deal changed?", alone, forced)
	}
}
