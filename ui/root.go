// Package ui holds the go-app components of Brass.
package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// root is a placeholder start page. The browser tests wait for the text
// "ready" in #status, which is set once the component is mounted in the
// browser (OnMount never runs during server prerendering).
type root struct {
	app.Compo

	status string
}

// NewRoot returns the component routed at "/".
func NewRoot() app.Composer {
	return &root{status: "loading"}
}

func (r *root) OnMount(ctx app.Context) {
	r.status = "ready"
}

func (r *root) Render() app.UI {
	return app.Main().Class("brass-root").Body(
		app.H1().Text("Brass: Birmingham"),
		app.Div().ID("status").Aria("live", "polite").Text(r.status),
	)
}
