package ui

import (
	"strconv"
	"strings"

	"brass/app"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// onlineDialog sets up an online game: host a new room for 2–4 players, or join one by its
// code (a join link fills the code in). Each player picks their own name and colour, which
// are remembered on this device for next time. The dialog only prepares the session; the
// owner connects it and shows the lobby.
type onlineDialog struct {
	goapp.Compo

	IStore    app.Store
	ICode     string // a room code from a join link; opens the dialog in join mode
	IOnStart  func(ctx goapp.Context, s app.Session)
	IOnCancel func(ctx goapp.Context)

	join    bool
	game    editionChoice // host: the edition and rule set
	players int
	code    string
	name    string
	colour  string
	notify  bool
	intro   bool // host: the introductory game
	err     string
	done    bool
	inited  bool
}

func newOnlineDialog() *onlineDialog {
	return &onlineDialog{players: 3, game: editionChoice{edition: "birmingham"}}
}

// gameChanged follows a new choice of edition or rule set (see newGameDialog.gameChanged).
func (d *onlineDialog) gameChanged() {
	d.players = d.game.fit(d.players)
	if !d.game.ed().Rules.Introductory {
		d.intro = false
	}
	d.err = ""
}

// Store sets where the game will be saved (and the profile read).
func (d *onlineDialog) Store(s app.Store) *onlineDialog { d.IStore = s; return d }

// Code opens the dialog in join mode with a room code.
func (d *onlineDialog) Code(c string) *onlineDialog { d.ICode = c; return d }

// OnStart is called with the prepared session.
func (d *onlineDialog) OnStart(fn func(ctx goapp.Context, s app.Session)) *onlineDialog {
	d.IOnStart = fn
	return d
}

// OnCancel is called when the dialog is closed without playing.
func (d *onlineDialog) OnCancel(fn func(ctx goapp.Context)) *onlineDialog { d.IOnCancel = fn; return d }

func (d *onlineDialog) OnInit() {
	d.name, d.colour = "", app.Palette[0].CSS
	d.join = d.ICode != ""
	d.code = d.ICode
}

func (d *onlineDialog) OnMount(ctx goapp.Context) {
	if d.IStore != nil {
		if p, ok := app.LoadProfile(d.IStore); ok {
			d.name = p.Name
			if _, c, err := app.ValidateProfile("x", p.Colour); err == nil {
				d.colour = c
			}
		}
	}
	if dlg := d.JSValue(); dlg.Truthy() && !dlg.Get("showModal").IsUndefined() && !dlg.Get("open").Bool() {
		dlg.Call("showModal")
	}
	if d.name == "" {
		focusSoon(ctx, "ol-name")
	} else if d.join && d.code == "" {
		focusSoon(ctx, "ol-code")
	}
}

func (d *onlineDialog) onSubmit(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
	if d.done {
		return
	}
	name, colour, err := app.ValidateProfile(d.name, d.colour)
	if err != nil {
		d.err = err.Error()
		return
	}
	opts := app.OnlineOptions{Dial: app.BrowserDialer()}
	var s *app.Online
	if d.join {
		s, err = app.JoinOnline(d.IStore, d.code, name, colour, opts)
	} else {
		s, err = app.HostOnline(d.IStore, app.GameSetup{Players: d.players, Edition: d.game.edition, Rules: d.game.rules, Introductory: d.intro}, name, colour, opts)
	}
	if err != nil {
		d.err = err.Error()
		return
	}
	if d.IStore != nil {
		_ = app.SaveProfile(d.IStore, app.Profile{Name: name, Colour: colour})
	}
	if d.notify {
		askNotificationPermission()
	}
	d.done = true
	d.close()
	if d.IOnStart != nil {
		d.IOnStart(ctx, s)
	}
}

func (d *onlineDialog) cancel(ctx goapp.Context) {
	if d.done {
		return
	}
	d.done = true
	d.close()
	if d.IOnCancel != nil {
		d.IOnCancel(ctx)
	}
}

func (d *onlineDialog) close() {
	if dlg := d.JSValue(); dlg.Truthy() && dlg.Get("open").Truthy() {
		dlg.Call("close")
	}
}

func (d *onlineDialog) Render() goapp.UI {
	modeTab := func(join bool, id, label string) goapp.UI {
		return goapp.Label().Class("ng-count").For(id).Body(
			goapp.Input().Type("radio").ID(id).Name("ol-mode").Checked(d.join == join).
				OnChange(func(ctx goapp.Context, e goapp.Event) { d.join, d.err = join, "" }, goapp.EventScope(join)),
			goapp.Span().Text(label),
		)
	}
	var modeFields goapp.UI
	if d.join {
		modeFields = goapp.Div().Class("ng-seed").Body(
			goapp.Label().For("ol-code").Text("Room code"),
			goapp.Input().ID("ol-code").Type("text").AutoComplete(false).Attr("spellcheck", "false").
				Attr("autocapitalize", "characters").Placeholder("K7QF-9MZT").Value(d.code).
				OnInput(func(ctx goapp.Context, e goapp.Event) { d.code = ctx.JSSrc().Get("value").String() }),
			goapp.P().Class("ng-help").Text("The host sees the code on their screen; letters and digits, case does not matter."),
		)
	} else {
		lo, hi := d.game.players()
		counts := make([]goapp.UI, 0, 3)
		for n := app.MinPlayers; n <= app.MaxPlayers; n++ {
			n := n
			id := "ol-players-" + strconv.Itoa(n)
			counts = append(counts, goapp.Label().Class("ng-count").For(id).Body(
				goapp.Input().Type("radio").ID(id).Name("ol-players").Checked(d.players == n).Disabled(n < lo || n > hi).
					OnChange(func(ctx goapp.Context, e goapp.Event) { d.players = n }, goapp.EventScope(n)),
				goapp.Span().Text(strconv.Itoa(n)+" players"),
			))
		}
		modeFields = goapp.Div().Body(
			d.game.render("ol", d.gameChanged),
			goapp.FieldSet().Class("ng-counts").Body(
				goapp.Legend().Text("Number of players"),
				goapp.Div().Class("ng-count-options").Body(counts...),
			),
			goapp.If(d.game.ed().Rules.Introductory, func() goapp.UI {
				return goapp.Label().Class("ol-notify").For("ol-intro").Body(
					goapp.Input().Type("checkbox").ID("ol-intro").Checked(d.intro).
						OnChange(func(ctx goapp.Context, e goapp.Event) { d.intro = ctx.JSSrc().Get("checked").Bool() }),
					goapp.Span().Text(" Introductory game (Canal Era only)"),
				)
			}),
		)
	}
	swatches := make([]goapp.UI, len(app.Palette))
	for k, c := range app.Palette {
		css := c.CSS
		id := "ol-colour-" + strings.ToLower(c.Name)
		swatches[k] = goapp.Label().Class("ng-swatch").For(id).Title(c.Name).Body(
			goapp.Input().Type("radio").ID(id).Name("ol-colour").Value(css).Checked(d.colour == css).
				OnChange(func(ctx goapp.Context, e goapp.Event) { d.colour = css }, goapp.EventScope(css)),
			goapp.Span().Class("st-swatch").Style("background-color", css).Aria("hidden", true),
			goapp.Span().Class("visually-hidden").Text(c.Name),
		)
	}
	return goapp.Dialog().ID("online-dialog").Class("ng-dialog").Aria("labelledby", "ol-title").
		On("cancel", func(ctx goapp.Context, e goapp.Event) { e.PreventDefault(); d.cancel(ctx) }).
		On("close", func(ctx goapp.Context, e goapp.Event) { d.cancel(ctx) }).Body(
		goapp.Form().Class("ng-form").Attr("novalidate", true).OnSubmit(d.onSubmit).Body(
			goapp.Div().Class("ng-head").Body(
				goapp.H2().ID("ol-title").Text("Play online"),
				goapp.P().Class("ng-hint").Text("Each player uses their own device. Host a room and share its code, or join a friend's room."),
			),
			goapp.FieldSet().Class("ng-counts").Body(
				goapp.Legend().Text("Host or join"),
				goapp.Div().Class("ng-count-options").Body(
					modeTab(false, "ol-host", "Host a game"),
					modeTab(true, "ol-join", "Join a game"),
				),
			),
			modeFields,
			goapp.Div().Class("ng-seat").Body(
				goapp.Label().For("ol-name").Class("ng-seat-title").Text("Your name"),
				goapp.Input().ID("ol-name").Type("text").MaxLength(app.MaxNameLength).AutoComplete(false).
					Attr("spellcheck", "false").Placeholder("Your name").Value(d.name).
					OnInput(func(ctx goapp.Context, e goapp.Event) { d.name = ctx.JSSrc().Get("value").String() }),
				goapp.FieldSet().Class("ng-colours").Body(
					goapp.Legend().Class("visually-hidden").Text("Your colour"),
					goapp.Div().Class("ng-swatches").Body(swatches...),
				),
			),
			goapp.Label().Class("ol-notify").For("ol-notify").Body(
				goapp.Input().Type("checkbox").ID("ol-notify").Checked(d.notify).
					OnChange(func(ctx goapp.Context, e goapp.Event) { d.notify = ctx.JSSrc().Get("checked").Bool() }),
				goapp.Span().Text(" Notify me when it is my turn and this tab is in the background"),
			),
			goapp.Div().ID("ol-error").Class("ng-error").Role("alert").Text(d.err),
			goapp.Div().Class("ng-buttons").Body(
				goapp.Button().Type("button").ID("ol-cancel").Class("st-btn").OnClick(func(ctx goapp.Context, e goapp.Event) { d.cancel(ctx) }).Text("Cancel"),
				goapp.Button().Type("submit").ID("ol-go").Class("st-btn", "st-btn-primary").Text(goLabel(d.join)),
			),
		),
	)
}

func goLabel(join bool) string {
	if join {
		return "Join"
	}
	return "Open the room"
}
