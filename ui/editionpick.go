package ui

import (
	"strings"

	"brass/engine"
	"brass/lang"

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
// what it is (catalog keys).
var ruleOptions = []struct{ id, label, help string }{
	{"", "ng.rules_roxley", "ng.rules_roxley_help"},
	{"original", "ng.rules_original", "ng.rules_original_help"},
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

// choose picks an edition (an id of editionOptions) with its default rule set; it reports
// whether the id is one.
func (c *editionChoice) choose(edition string) bool {
	for _, o := range editionOptions {
		if o.id == edition {
			c.edition, c.rules = edition, ""
			return true
		}
	}
	return false
}

// chooseRules picks a rule set of Lancashire by its key ("roxley" for the default); it
// reports whether the key is one.
func (c *editionChoice) chooseRules(key string) bool {
	for _, o := range ruleOptions {
		if ruleKey(o.id) == key {
			c.rules = o.id
			return true
		}
	}
	return false
}

// ruleKey names a rule set in element ids and values: the default's id is empty.
func ruleKey(id string) string {
	if id == "" {
		return "roxley"
	}
	return id
}

// replay applies a change of one of the choice's fields, recorded before the app ran
// (early.go): prefix names the dialog, as in render. It reports whether id is the choice's.
func (c *editionChoice) replay(prefix, id string) bool {
	if e, ok := strings.CutPrefix(id, prefix+"-edition-"); ok {
		return c.choose(e)
	}
	if r, ok := strings.CutPrefix(id, prefix+"-rules-"); ok {
		return c.edition == "lancashire" && c.chooseRules(r)
	}
	return false
}

// render draws the choice: prefix names the dialog ("ng", "od"), changed is called after
// every change. static draws Lancashire's rule sets whatever the edition, for the page
// prerendered on the server (web/app.css shows them when Lancashire is checked).
func (c *editionChoice) render(prefix string, changed func(), static bool) goapp.UI {
	editions := make([]goapp.UI, 0, len(editionOptions))
	for _, o := range editionOptions {
		o := o
		id := prefix + "-edition-" + o.id
		editions = append(editions, goapp.Label().Class("ng-count").For(id).Body(
			goapp.Input().Type("radio").ID(id).Name(prefix+"-edition").Value(o.id).Checked(c.edition == o.id).
				OnChange(func(ctx goapp.Context, e goapp.Event) {
					c.choose(o.id)
					changed()
				}, goapp.EventScope(o.id)),
			goapp.Span().Text(o.label),
		))
	}
	out := []goapp.UI{goapp.FieldSet().Class("ng-counts ng-editions").Body(
		goapp.Legend().DataSet("t", "ng.game").Text(lang.T("ng.game")),
		goapp.Div().Class("ng-count-options").Body(editions...),
	)}
	if c.edition == "lancashire" || static {
		rules := make([]goapp.UI, 0, len(ruleOptions))
		for _, o := range ruleOptions {
			o := o
			key := ruleKey(o.id)
			id := prefix + "-rules-" + key
			rules = append(rules, goapp.Div().Class("ng-rule").Body(
				goapp.Label().For(id).Body(
					goapp.Input().Type("radio").ID(id).Name(prefix+"-rules").Value(key).Checked(c.rules == o.id).
						Aria("describedby", id+"-help").
						OnChange(func(ctx goapp.Context, e goapp.Event) {
							c.chooseRules(key)
							changed()
						}, goapp.EventScope(o.id)),
					goapp.Text(" "), goapp.Span().DataSet("t", o.label).Text(lang.T(o.label)),
				),
				goapp.P().ID(id+"-help").Class("ng-help").DataSet("t", o.help).Text(lang.T(o.help)),
			))
		}
		out = append(out, goapp.FieldSet().Class("ng-rules").Body(
			goapp.Legend().DataSet("t", "ng.rules").Text(lang.T("ng.rules")),
			goapp.Div().Body(rules...),
		))
	}
	return goapp.Div().Class("ng-game").Body(out...)
}
