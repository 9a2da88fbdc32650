package ui

import (
	"brass/engine"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The choice of the game in the new-game and online dialogs: the edition (Brass:
// Birmingham or Brass: Lancashire) and, for Lancashire, its rule set.

// editionChoice is a dialog's choice of edition and rule set.
type editionChoice struct {
	edition string // engine edition id
	rules   string // engine.Config.Rules
}

// editionOptions are the editions offered, in order.
var editionOptions = []struct{ id, label string }{
	{"birmingham", "Brass: Birmingham"},
	{"lancashire", "Brass: Lancashire"},
}

// ruleOptions are Lancashire's rule sets, the default first, each with a line that says
// what it is.
var ruleOptions = []struct{ id, label, help string }{
	{"", "Roxley rules", "The 2018 Roxley edition, 2–4 players."},
	{"original", "Original rules", "The 2007 Warfrog rules, 3–4 players: different decks, loans close when the deck runs out, and the Liverpool–Birkenhead virtual link."},
}

// ed is the chosen edition with its rule set.
func (c editionChoice) ed() *engine.Edition {
	if ed, ok := engine.EditionFor(c.edition, c.rules); ok {
		return ed
	}
	ed, _ := engine.EditionByID("birmingham")
	return ed
}

// players is the range of player counts of the choice.
func (c editionChoice) players() (lo, hi int) {
	r := &c.ed().Rules
	return r.MinPlayers, r.MaxPlayers
}

// fit keeps a player count within the choice's range.
func (c editionChoice) fit(n int) int {
	lo, hi := c.players()
	return max(lo, min(hi, n))
}

// render draws the choice: prefix names the dialog ("ng", "od"), changed is called after
// every change.
func (c *editionChoice) render(prefix string, changed func()) goapp.UI {
	editions := make([]goapp.UI, 0, len(editionOptions))
	for _, o := range editionOptions {
		o := o
		id := prefix + "-edition-" + o.id
		editions = append(editions, goapp.Label().Class("ng-count").For(id).Body(
			goapp.Input().Type("radio").ID(id).Name(prefix+"-edition").Value(o.id).Checked(c.edition == o.id).
				OnChange(func(ctx goapp.Context, e goapp.Event) {
					c.edition, c.rules = o.id, ""
					changed()
				}, goapp.EventScope(o.id)),
			goapp.Span().Text(o.label),
		))
	}
	out := []goapp.UI{goapp.FieldSet().Class("ng-counts ng-editions").Body(
		goapp.Legend().Text("Game"),
		goapp.Div().Class("ng-count-options").Body(editions...),
	)}
	if c.edition == "lancashire" {
		rules := make([]goapp.UI, 0, len(ruleOptions))
		for _, o := range ruleOptions {
			o := o
			key := o.id
			if key == "" {
				key = "roxley"
			}
			id := prefix + "-rules-" + key
			rules = append(rules, goapp.Div().Class("ng-rule").Body(
				goapp.Label().For(id).Body(
					goapp.Input().Type("radio").ID(id).Name(prefix+"-rules").Value(key).Checked(c.rules == o.id).
						Aria("describedby", id+"-help").
						OnChange(func(ctx goapp.Context, e goapp.Event) {
							c.rules = o.id
							changed()
						}, goapp.EventScope(o.id)),
					goapp.Text(" "+o.label),
				),
				goapp.P().ID(id+"-help").Class("ng-help").Text(o.help),
			))
		}
		out = append(out, goapp.FieldSet().Class("ng-rules").Body(
			goapp.Legend().Text("Rules"),
			goapp.Div().Body(rules...),
		))
	}
	return goapp.Div().Class("ng-game").Body(out...)
}
