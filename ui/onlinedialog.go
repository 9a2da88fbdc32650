package ui

import (
	"strconv"
	"strings"

	"brass/app"
	"brass/lang"

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
	IStatic   bool         // prerendered on the server: host and join fields both drawn (early.go)
	IEarly    []earlyEvent // what the person did in the prerendered dialog, replayed at OnInit
	IFocus    string       // the field that had the focus then
	// IOpenGame opens a game this device holds once no background visit of it runs (a join
	// by the invitation of a game already joined here opens it); nil: at once.
	IOpenGame func(id string, open func() (app.Session, error), then func(app.Session, error))

	join    bool
	game    editionChoice // host: the edition and rule set
	players int
	code    string
	name    string
	colour  string
	notify  bool
	intro   bool // host: the introductory game
	dealt   bool // host: the devices deal the cards (no device sees another's hand)
	pace    bool // host: played at each player's own pace, over the server's mailbox
	limit   int  // host, own pace: the time per turn, an index of app.TurnLimits
	err     string
	done    bool
	opening bool // a game joined by its invitation waits for its background visit to end
	pending bool // Open the room or Join was pressed before the app ran
	// profiled: the saved profile was read (once the store is there); chosenName and
	// chosenColour: the person set them before, so the profile does not overwrite them
	profiled, chosenName, chosenColour bool
}

func newOnlineDialog() *onlineDialog {
	return &onlineDialog{players: 3, game: editionChoice{edition: "birmingham"}, dealt: true}
}

// gameChanged follows a new choice of edition or rule set (see newGameDialog.gameChanged).
func (d *onlineDialog) gameChanged() {
	d.players = d.game.fit(d.players)
	if !d.game.ed().Rules.Introductory {
		d.intro = false
	}
	d.err = ""
}

// OpenGame sets how a game joined by its invitation is opened (see IOpenGame).
func (d *onlineDialog) OpenGame(fn func(id string, open func() (app.Session, error), then func(app.Session, error))) *onlineDialog {
	d.IOpenGame = fn
	return d
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

// Early takes what the person did in the prerendered dialog before the app ran.
func (d *onlineDialog) Early(events []earlyEvent, focus string) *onlineDialog {
	d.IEarly, d.IFocus = events, focus
	return d
}

// Static draws every field, for the page prerendered on the server.
func (d *onlineDialog) Static(b bool) *onlineDialog { d.IStatic = b; return d }

func (d *onlineDialog) OnInit() {
	d.name, d.colour = "", app.Palette[0].CSS
	d.join = d.ICode != ""
	d.code = d.ICode
	for _, ev := range d.IEarly {
		d.replay(ev)
	}
}

func (d *onlineDialog) OnMount(ctx goapp.Context) {
	d.loadProfile()
	if dlg := d.JSValue(); dlg.Truthy() && !dlg.Get("showModal").IsUndefined() && !dlg.Get("open").Bool() {
		dlg.Call("showModal")
	}
	switch {
	case d.IFocus != "":
		focusSoon(ctx, d.IFocus)
	case d.name == "":
		focusSoon(ctx, "ol-name")
	case d.join && d.code == "":
		focusSoon(ctx, "ol-code")
	}
	d.startPending(ctx)
}

// OnUpdate reads the profile and goes on with a press made before the app ran once the
// owner hands over the store.
func (d *onlineDialog) OnUpdate(ctx goapp.Context) {
	d.loadProfile()
	d.startPending(ctx)
}

// loadProfile fills in the name and colour this device used last, once, where the person
// has not chosen them already.
func (d *onlineDialog) loadProfile() {
	if d.profiled || d.IStore == nil {
		return
	}
	d.profiled = true
	p, ok := app.LoadProfile(d.IStore)
	if !ok {
		return
	}
	if !d.chosenName {
		d.name = p.Name
	}
	if c, ok := app.PaletteColour(p.Colour); ok && !d.chosenColour {
		d.colour = c
	}
}

func (d *onlineDialog) startPending(ctx goapp.Context) {
	if d.pending && d.IStore != nil {
		d.pending = false
		d.start(ctx)
	}
}

// replay applies one step recorded before the app ran, as the field's own handler would.
func (d *onlineDialog) replay(ev earlyEvent) {
	switch {
	case ev.T == "submit":
		d.pending = true
	case ev.ID == "ol-host" || ev.ID == "ol-join":
		d.join, d.err = ev.ID == "ol-join", ""
	case d.game.replay("ol", ev.ID):
		d.gameChanged()
	case strings.HasPrefix(ev.ID, "ol-players-"):
		n, err := strconv.Atoi(strings.TrimPrefix(ev.ID, "ol-players-"))
		if lo, hi := d.game.players(); err == nil && n >= lo && n <= hi {
			d.players = n
		}
	case ev.ID == "ol-intro":
		d.intro = ev.C && d.game.ed().Rules.Introductory
	case ev.ID == "ol-dealt":
		d.dealt = ev.C
	case ev.ID == "ol-live" || ev.ID == "ol-pace":
		d.pace = ev.ID == "ol-pace"
	case ev.ID == "ol-limit":
		if k, err := strconv.Atoi(ev.V); err == nil && k >= 0 && k < len(app.TurnLimits) {
			d.limit = k
		}
	case ev.ID == "ol-code":
		d.code = ev.V
	case ev.ID == "ol-name":
		d.name, d.chosenName = ev.V, true
	case ev.ID == "ol-notify":
		d.notify = ev.C
	case strings.HasPrefix(ev.ID, "ol-colour-") && ev.C:
		if c, ok := app.PaletteColour(ev.V); ok {
			d.colour, d.chosenColour = c, true
		}
	}
}

func (d *onlineDialog) onSubmit(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
	d.start(ctx)
}

// start prepares the session: a room hosted, or one joined.
func (d *onlineDialog) start(ctx goapp.Context) {
	if d.done || d.opening {
		return
	}
	name, colour, err := app.ValidateProfile(d.name, d.colour)
	if err != nil {
		d.err = err.Error()
		return
	}
	opts := onlineOptions()
	var s *app.Online
	setup := app.GameSetup{Players: d.players, Edition: d.game.edition, Rules: d.game.rules, Introductory: d.intro, Dealt: d.dealt}
	switch {
	case d.join && app.IsInvitation(d.code):
		// The game may be on this device already, and refreshed in the background.
		store, code := d.IStore, d.code
		open := func() (app.Session, error) {
			o, err := app.JoinOwnPace(store, code, name, colour, opts)
			if err != nil {
				return nil, err
			}
			return o, nil
		}
		then := func(s app.Session, err error) {
			d.opening = false
			d.started(ctx, s, err, name, colour)
		}
		if d.IOpenGame == nil {
			then(open())
			return
		}
		d.opening = true
		d.IOpenGame(app.InvitationGameID(code), open, then)
		return
	case d.join:
		s, err = app.JoinOnline(d.IStore, d.code, name, colour, opts)
	case d.pace:
		s, err = app.HostOwnPace(d.IStore, setup, app.TurnLimits[d.limit], name, colour, opts)
	default:
		s, err = app.HostOnline(d.IStore, setup, name, colour, opts)
	}
	if err != nil {
		d.started(ctx, nil, err, name, colour)
		return
	}
	d.started(ctx, s, nil, name, colour)
}

// started hands the session prepared over to the owner (or says why there is none).
func (d *onlineDialog) started(ctx goapp.Context, s app.Session, err error, name, colour string) {
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
	modeTab := func(join bool, id, key string) goapp.UI {
		return goapp.Label().Class("ng-count").For(id).Body(
			goapp.Input().Type("radio").ID(id).Name("ol-mode").Checked(d.join == join).
				OnChange(func(ctx goapp.Context, e goapp.Event) { d.join, d.err = join, "" }, goapp.EventScope(join)),
			goapp.Span().DataSet("t", key).Text(lang.T(key)),
		)
	}
	var modeFields goapp.UI
	switch {
	case d.IStatic:
		// web/app.css shows the fields of the mode checked
		modeFields = goapp.Div().Body(
			goapp.Div().Class("ol-join-fields").Body(d.renderJoinFields()),
			goapp.Div().Class("ol-host-fields").Body(d.renderHostFields()),
		)
	case d.join:
		modeFields = d.renderJoinFields()
	default:
		modeFields = d.renderHostFields()
	}
	swatches := make([]goapp.UI, len(app.Palette))
	for k, c := range app.Palette {
		css := c.CSS
		id := "ol-colour-" + strings.ToLower(c.Name)
		swatches[k] = goapp.Label().Class("ng-swatch").For(id).Title(colourWords(c.Name)).Body(
			goapp.Input().Type("radio").ID(id).Name("ol-colour").Value(css).Checked(d.colour == css).
				OnChange(func(ctx goapp.Context, e goapp.Event) { d.colour, d.chosenColour = css, true }, goapp.EventScope(css)),
			goapp.Span().Class("st-swatch").Style("background-color", css).Aria("hidden", true),
			goapp.Span().Class("visually-hidden").Text(colourWords(c.Name)),
		)
	}
	return goapp.Dialog().ID("online-dialog").Class("ng-dialog").Aria("labelledby", "ol-title").
		On("cancel", func(ctx goapp.Context, e goapp.Event) { e.PreventDefault(); d.cancel(ctx) }).
		On("close", func(ctx goapp.Context, e goapp.Event) { d.cancel(ctx) }).Body(
		goapp.Form().Class("ng-form").Class(staticClass(d.IStatic)).Attr("novalidate", true).OnSubmit(d.onSubmit).Body(
			goapp.Div().Class("ng-head").Body(
				goapp.H2().ID("ol-title").DataSet("t", "online.title").Text(lang.T("online.title")),
				goapp.P().Class("ng-hint").DataSet("t", "online.hint").Text(lang.T("online.hint")),
			),
			goapp.FieldSet().Class("ng-counts").Body(
				goapp.Legend().DataSet("t", "online.host_or_join").Text(lang.T("online.host_or_join")),
				goapp.Div().Class("ng-count-options").Body(
					modeTab(false, "ol-host", "online.host_game"),
					modeTab(true, "ol-join", "online.join_game"),
				),
			),
			modeFields,
			goapp.Div().Class("ng-seat").Body(
				goapp.Label().For("ol-name").Class("ng-seat-title").DataSet("t", "online.your_name").Text(lang.T("online.your_name")),
				goapp.Input().ID("ol-name").Type("text").MaxLength(app.MaxNameLength).AutoComplete(false).
					Attr("spellcheck", "false").Placeholder(lang.T("online.your_name")).Value(d.name).
					OnInput(func(ctx goapp.Context, e goapp.Event) { d.name, d.chosenName = ctx.JSSrc().Get("value").String(), true }),
				goapp.FieldSet().Class("ng-colours").Body(
					goapp.Legend().Class("visually-hidden").DataSet("t", "online.your_colour").Text(lang.T("online.your_colour")),
					goapp.Div().Class("ng-swatches").Body(swatches...),
				),
			),
			goapp.Label().Class("ol-notify").For("ol-notify").Body(
				goapp.Input().Type("checkbox").ID("ol-notify").Checked(d.notify).
					OnChange(func(ctx goapp.Context, e goapp.Event) { d.notify = ctx.JSSrc().Get("checked").Bool() }),
				goapp.Text(" "), goapp.Span().DataSet("t", "online.notify").Text(lang.T("online.notify")),
			),
			goapp.Div().ID("ol-error").Class("ng-error").Role("alert").Text(d.err),
			goapp.Div().Class("ng-buttons").Body(
				goapp.Button().Type("button").ID("ol-cancel").Class("st-btn").OnClick(func(ctx goapp.Context, e goapp.Event) { d.cancel(ctx) }).DataSet("t", "ng.cancel").Text(lang.T("ng.cancel")),
				goapp.Button().Type("submit").ID("ol-go").Class("st-btn", "st-btn-primary").Body(d.renderGoLabel()),
			),
		),
	)
}

// roomCodeExample is the room code field's placeholder: the form of a code, not words.
const roomCodeExample = "K7QF-9MZT"

// renderJoinFields is the room code to join.
func (d *onlineDialog) renderJoinFields() goapp.UI {
	return goapp.Div().Class("ng-seed").Body(
		goapp.Label().For("ol-code").DataSet("t", "online.code").Text(lang.T("online.code")),
		goapp.Input().ID("ol-code").Type("text").AutoComplete(false).Attr("spellcheck", "false").
			Attr("autocapitalize", "characters").Placeholder(roomCodeExample).Value(d.code).
			OnInput(func(ctx goapp.Context, e goapp.Event) { d.code = ctx.JSSrc().Get("value").String() }),
		goapp.P().Class("ng-help").DataSet("t", "online.code_help").Text(lang.T("online.code_help")),
	)
}

// renderHostFields is the game a host offers: edition, rules, players, introductory game.
func (d *onlineDialog) renderHostFields() goapp.UI {
	lo, hi := d.game.players()
	counts := make([]goapp.UI, 0, 3)
	for n := app.MinPlayers; n <= app.MaxPlayers; n++ {
		n := n
		id := "ol-players-" + strconv.Itoa(n)
		counts = append(counts, goapp.Label().Class("ng-count").For(id).Body(
			goapp.Input().Type("radio").ID(id).Name("ol-players").Checked(d.players == n).Disabled(n < lo || n > hi).
				OnChange(func(ctx goapp.Context, e goapp.Event) { d.players = n }, goapp.EventScope(n)),
			goapp.Span().Text(lang.T("ng.players", lang.N("n", n))),
		))
	}
	paceTab := func(pace bool, id, key string) goapp.UI {
		return goapp.Label().Class("ng-count").For(id).Body(
			goapp.Input().Type("radio").ID(id).Name("ol-pace").Checked(d.pace == pace).
				OnChange(func(ctx goapp.Context, e goapp.Event) { d.pace, d.err = pace, "" }, goapp.EventScope(pace)),
			goapp.Span().DataSet("t", key).Text(lang.T(key)),
		)
	}
	return goapp.Div().Body(
		goapp.FieldSet().Class("ng-counts", "ol-paces").Body(
			goapp.Legend().DataSet("t", "online.how_to_play").Text(lang.T("online.how_to_play")),
			goapp.Div().Class("ng-count-options").Body(
				paceTab(false, "ol-live", "online.live"),
				paceTab(true, "ol-pace", "online.own_pace"),
			),
			goapp.If(d.pace || d.IStatic, func() goapp.UI {
				opts := make([]goapp.UI, len(app.TurnLimits))
				for k, l := range app.TurnLimits {
					opt := goapp.Option().Value(strconv.Itoa(k)).Selected(d.limit == k)
					if l > 0 {
						opt = opt.Text(durationText(l))
					} else {
						opt = opt.DataSet("t", "online.no_limit").Text(lang.T("online.no_limit"))
					}
					opts[k] = opt
				}
				return goapp.Label().Class("ol-notify", "ol-limit").For("ol-limit").Body(
					goapp.Span().DataSet("t", "online.time_per_turn").Text(lang.T("online.time_per_turn")), goapp.Text(" "),
					goapp.Select().ID("ol-limit").Body(opts...).OnChange(func(ctx goapp.Context, e goapp.Event) {
						if k, err := strconv.Atoi(ctx.JSSrc().Get("value").String()); err == nil && k >= 0 && k < len(app.TurnLimits) {
							d.limit = k
						}
					}),
				)
			}),
			goapp.P().Class("ng-help").DataSet("t", "online.pace_help").Text(lang.T("online.pace_help")),
		),
		d.game.render("ol", d.gameChanged, d.IStatic),
		goapp.FieldSet().Class("ng-counts").Body(
			goapp.Legend().DataSet("t", "ng.players_legend").Text(lang.T("ng.players_legend")),
			goapp.Div().Class("ng-count-options").Body(counts...),
		),
		goapp.If(d.game.ed().Rules.Introductory || d.IStatic, func() goapp.UI {
			return goapp.Label().Class("ol-notify", "ol-intro").For("ol-intro").Body(
				goapp.Input().Type("checkbox").ID("ol-intro").Checked(d.intro).
					OnChange(func(ctx goapp.Context, e goapp.Event) { d.intro = ctx.JSSrc().Get("checked").Bool() }),
				goapp.Text(" "), goapp.Span().DataSet("t", "ng.intro").Text(lang.T("ng.intro")),
			)
		}),
		goapp.Label().Class("ol-notify", "ol-dealt").For("ol-dealt").Body(
			goapp.Input().Type("checkbox").ID("ol-dealt").Checked(d.dealt).
				OnChange(func(ctx goapp.Context, e goapp.Event) { d.dealt = ctx.JSSrc().Get("checked").Bool() }),
			goapp.Text(" "), goapp.Span().DataSet("t", "online.dealt").Text(lang.T("online.dealt")),
		),
	)
}

// renderGoLabel is "Join" or "Open the room"; prerendered, both (web/app.css shows one).
func (d *onlineDialog) renderGoLabel() goapp.UI {
	if d.IStatic {
		return goapp.Span().Body(
			goapp.Span().Class("ol-go-join").DataSet("t", "online.go_join").Text(lang.T("online.go_join")),
			goapp.Span().Class("ol-go-host").DataSet("t", "online.go_host").Text(lang.T("online.go_host")),
		)
	}
	switch {
	case d.join:
		return goapp.Text(lang.T("online.go_join"))
	case d.pace:
		return goapp.Text(lang.T("online.go_create"))
	}
	return goapp.Text(lang.T("online.go_host"))
}
