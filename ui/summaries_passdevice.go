package ui

import (
	"brass/lang"
	"brass/ui/kit"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// passDevice stands in for the hand between two hotseat players, so that nobody sees the
// next player's cards before they take the device. Only the hand and the action builder
// are covered: the board, the player panels and the log stay in view.
type passDevice struct {
	goapp.Compo

	IName     string
	IColour   string
	IMessage  string // optional line under the title
	IOnReveal func(ctx goapp.Context)
}

// newPassDevice returns the cover; set the name, the colour and OnReveal.
func newPassDevice() *passDevice { return &passDevice{} }

// Name sets the next player's name.
func (pd *passDevice) Name(n string) *passDevice { pd.IName = n; return pd }

// Colour sets the next player's CSS colour.
func (pd *passDevice) Colour(c string) *passDevice { pd.IColour = c; return pd }

// Message sets a line under the title (e.g. "Round 3 of the Canal Era").
func (pd *passDevice) Message(m string) *passDevice { pd.IMessage = m; return pd }

// OnReveal is called when the player says they hold the device.
func (pd *passDevice) OnReveal(fn func(ctx goapp.Context)) *passDevice { pd.IOnReveal = fn; return pd }

// OnMount puts the keyboard focus on the button, without scrolling the board away.
func (pd *passDevice) OnMount(ctx goapp.Context) {
	ctx.Defer(func(ctx goapp.Context) {
		if el := goapp.Window().GetElementByID("pass-device-reveal"); el.Truthy() {
			el.Call("focus", map[string]any{"preventScroll": true})
		}
	})
}

func (pd *passDevice) reveal(ctx goapp.Context, e goapp.Event) {
	if pd.IOnReveal != nil {
		pd.IOnReveal(ctx)
	}
}

// Render draws the cover.
func (pd *passDevice) Render() goapp.UI {
	// Without a name, messages of their own: "the next player" takes another case, or
	// another article, in some languages than a name does.
	title, msg, reveal := lang.T("pass.title_anon"), lang.T("pass.msg_anon"), lang.T("pass.reveal_anon")
	if pd.IName != "" {
		name := lang.S("name", pd.IName)
		title, msg, reveal = lang.T("pass.title", name), lang.T("pass.msg", name), lang.T("pass.reveal", name)
	}
	colour := pd.IColour
	if colour == "" {
		colour = kit.Color(nil, 0)
	}
	if pd.IMessage != "" {
		msg = pd.IMessage
	}
	return goapp.Div().ID("pass-device").Class("pd").Style("--pd-color", colour).
		Role("region").Aria("labelledby", "pass-device-title").Aria("describedby", "pass-device-msg").
		Body(
			goapp.Div().Class("pd-card").Body(
				goapp.Div().Class("pd-token").Aria("hidden", "true"),
				goapp.P().Class("pd-kicker").Text(lang.T("pass.kicker")),
				goapp.H2().ID("pass-device-title").Class("pd-title").Text(title),
				goapp.P().ID("pass-device-msg").Class("pd-msg").Text(msg),
				goapp.Button().Type("button").ID("pass-device-reveal").Class("pd-btn").
					Text(reveal).OnClick(pd.reveal),
			),
		)
}
