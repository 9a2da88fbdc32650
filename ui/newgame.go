package ui

import (
	"slices"
	"strconv"
	"strings"

	"brass/app"
	"brass/engine"
	"brass/lang"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// newGameDialog is the modal dialog that sets up a hotseat game: the edition (Brass:
// Birmingham or Brass: Lancashire, with its rule set), 2–4 players, their names and
// colours (distinct, from the palette), the rulebook's introductory game (the Canal Era
// only; Birmingham) or the full game, and an optional seed. Start creates and
// saves the game and hands the session to OnStart; Cancel, Escape or the close button
// call OnCancel. It is a native <dialog> opened with showModal, so the browser keeps the
// focus inside it and makes the page behind it inert.
type newGameDialog struct {
	goapp.Compo

	IStore    app.Store
	IOnStart  func(ctx goapp.Context, s app.Session)
	IOnCancel func(ctx goapp.Context)
	IStatic   bool         // prerendered on the server: every field drawn (early.go)
	IEarly    []earlyEvent // what the person did in the prerendered dialog, replayed at OnInit
	IFocus    string       // the field that had the focus then

	game    editionChoice
	players int
	names   [app.MaxPlayers]string
	colours [app.MaxPlayers]string
	seed    string
	intro   bool                   // the introductory game (engine.Config.Introductory)
	kinds   [app.MaxPlayers]string // by seat: "" a person, or a bot level
	err     string
	done    bool // started or cancelled: ignore further events
	pending bool // Start was pressed before the app ran: start once the store is open
}

// newNewGameDialog returns the dialog with 3 players in the first palette colours. The
// name fields start empty, showing "Player 1"… as a placeholder; an empty name is that.
func newNewGameDialog() *newGameDialog {
	d := &newGameDialog{players: 3, game: editionChoice{edition: "birmingham"}}
	for i := range d.colours {
		d.colours[i] = app.Palette[i].CSS
	}
	return d
}

// Store sets where the new game is saved.
func (d *newGameDialog) Store(s app.Store) *newGameDialog { d.IStore = s; return d }

// OnStart is called with the new game, already saved.
func (d *newGameDialog) OnStart(fn func(ctx goapp.Context, s app.Session)) *newGameDialog {
	d.IOnStart = fn
	return d
}

// OnCancel is called when the players close the dialog without starting.
func (d *newGameDialog) OnCancel(fn func(ctx goapp.Context)) *newGameDialog {
	d.IOnCancel = fn
	return d
}

// Early takes what the person did in the prerendered dialog before the app ran.
func (d *newGameDialog) Early(events []earlyEvent, focus string) *newGameDialog {
	d.IEarly, d.IFocus = events, focus
	return d
}

// Static draws every field, for the page prerendered on the server.
func (d *newGameDialog) Static(b bool) *newGameDialog { d.IStatic = b; return d }

func (d *newGameDialog) OnInit() {
	for _, ev := range d.IEarly {
		d.replay(ev)
	}
}

func (d *newGameDialog) OnMount(ctx goapp.Context) {
	if dlg := d.JSValue(); dlg.Truthy() && !dlg.Get("showModal").IsUndefined() && !dlg.Get("open").Bool() {
		dlg.Call("showModal")
	}
	focus := "ng-name-1"
	if coarsePointer() {
		focus = "ng-start" // a phone's keyboard would cover the dialog: the names are filled in already
	}
	if d.IFocus != "" {
		focus = d.IFocus
	}
	focusSoon(ctx, focus)
	d.startPending(ctx)
}

// OnUpdate starts a game asked for before the app ran once the owner hands over the store.
func (d *newGameDialog) OnUpdate(ctx goapp.Context) { d.startPending(ctx) }

func (d *newGameDialog) startPending(ctx goapp.Context) {
	if d.pending && d.IStore != nil {
		d.pending = false
		d.start(ctx)
	}
}

// replay applies one step recorded before the app ran, as the field's own handler would.
// Ids and values come from the page's own form; anything else is ignored.
func (d *newGameDialog) replay(ev earlyEvent) {
	// seat reads the seat of a field id such as ng-colour-2-red: 1 (0-based)
	seat := func(prefix string) (int, bool) {
		rest, ok := strings.CutPrefix(ev.ID, prefix)
		if !ok {
			return 0, false
		}
		num, _, _ := strings.Cut(rest, "-")
		i, err := strconv.Atoi(num)
		return i - 1, err == nil && i >= 1 && i <= app.MaxPlayers
	}
	switch {
	case ev.T == "submit":
		d.pending = true
	case d.game.replay("ng", ev.ID):
		d.gameChanged()
	case strings.HasPrefix(ev.ID, "ng-players-"):
		if n, err := strconv.Atoi(strings.TrimPrefix(ev.ID, "ng-players-")); err == nil {
			d.setPlayers(n)
		}
	case ev.ID == "ng-seed":
		d.seed = ev.V
	case ev.ID == "ng-intro":
		d.intro = ev.C && d.game.ed().Rules.Introductory
	default:
		if i, ok := seat("ng-name-"); ok {
			d.names[i] = ev.V // the field's maxlength bounds it; Start checks it
		} else if i, ok := seat("ng-colour-"); ok && ev.C {
			if css, ok := app.PaletteColour(ev.V); ok {
				d.setColour(i, css)
			}
		} else if i, ok := seat("ng-kind-"); ok && (ev.V == "" || slices.Contains(app.BotLevels, ev.V)) {
			d.setKind(i, ev.V)
		}
	}
}

// setKind makes seat i a person ("") or a bot of a level.
func (d *newGameDialog) setKind(i int, kind string) {
	d.kinds[i] = kind
	d.err = ""
}

// setPlayers changes the number of players; names and colours of the seats kept stay.
func (d *newGameDialog) setPlayers(n int) {
	if lo, hi := d.game.players(); n >= lo && n <= hi {
		d.players = n
		d.err = ""
	}
}

// gameChanged follows a new choice of edition or rule set: the player count stays within
// its range; the introductory game and bots go where the edition has none.
func (d *newGameDialog) gameChanged() {
	d.players = d.game.fit(d.players)
	ed := d.game.ed()
	if !ed.Rules.Introductory {
		d.intro = false
	}
	d.err = ""
}

// setColour gives seat i a palette colour; the seat that had it gets seat i's old one,
// so the colours stay distinct.
func (d *newGameDialog) setColour(i int, css string) {
	old := d.colours[i]
	for j := range d.colours {
		if j != i && d.colours[j] == css {
			d.colours[j] = old
		}
	}
	d.colours[i] = css
}

// config reads the form into a game config and colours, or says what is wrong.
func (d *newGameDialog) config() (engine.Config, []string, string) {
	cfg := engine.Config{Edition: d.game.edition, Rules: d.game.rules, Players: d.players, Names: make([]string, d.players), Introductory: d.intro}
	for i := range cfg.Names {
		cfg.Names[i] = d.names[i]
		if strings.TrimSpace(cfg.Names[i]) == "" {
			cfg.Names[i] = d.defaultName(i)
		}
	}
	if s := strings.TrimSpace(d.seed); s != "" {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			return cfg, nil, lang.T("ng.seed_error")
		}
		cfg.Seed = v
	} else {
		cfg.Seed = app.RandomSeed()
	}
	return cfg, append([]string(nil), d.colours[:d.players]...), ""
}

func (d *newGameDialog) onSubmit(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
	d.start(ctx)
}

// start creates and saves the game from the form, or says what is wrong with it.
func (d *newGameDialog) start(ctx goapp.Context) {
	if d.done || d.IStore == nil {
		return
	}
	cfg, colours, msg := d.config()
	if msg != "" {
		d.err = msg
		return
	}
	var opts []app.Option
	if d.anyBot() {
		opts = append(opts, app.WithBots(d.kinds[:d.players]))
	}
	hs, err := app.NewHotseat(d.IStore, cfg, colours, opts...)
	if err != nil {
		d.err = err.Error()
		return
	}
	d.done = true
	d.close()
	if d.IOnStart != nil {
		d.IOnStart(ctx, hs)
	}
}

// defaultName is a seat's name when its field is left empty: "Player 2", or "Hard bot 2".
func (d *newGameDialog) defaultName(i int) string {
	if d.kinds[i] != "" {
		return app.BotLevelName(d.kinds[i]) + " bot " + strconv.Itoa(i+1)
	}
	return app.DefaultName(i)
}

func (d *newGameDialog) anyBot() bool {
	for _, k := range d.kinds[:d.players] {
		if k != "" {
			return true
		}
	}
	return false
}

func (d *newGameDialog) cancel(ctx goapp.Context) {
	if d.done {
		return
	}
	d.done = true
	d.close()
	if d.IOnCancel != nil {
		d.IOnCancel(ctx)
	}
}

// close closes the native dialog (the owner then removes it).
func (d *newGameDialog) close() {
	if dlg := d.JSValue(); dlg.Truthy() && dlg.Get("open").Truthy() {
		dlg.Call("close")
	}
}

func (d *newGameDialog) onCancelEvent(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault() // Escape: close through the owner, like the Cancel button
	d.cancel(ctx)
}

func (d *newGameDialog) onClose(ctx goapp.Context, e goapp.Event) { d.cancel(ctx) }

func (d *newGameDialog) onCancelClick(ctx goapp.Context, e goapp.Event) { d.cancel(ctx) }

func (d *newGameDialog) Render() goapp.UI {
	ed := d.game.ed()
	lo, hi := d.game.players()
	counts := make([]goapp.UI, 0, app.MaxPlayers-app.MinPlayers+1)
	for n := app.MinPlayers; n <= app.MaxPlayers; n++ {
		n := n
		id := "ng-players-" + strconv.Itoa(n)
		counts = append(counts, goapp.Label().Class("ng-count").For(id).Body(
			goapp.Input().Type("radio").ID(id).Name("ng-players").Value(strconv.Itoa(n)).
				Checked(d.players == n).Disabled(n < lo || n > hi).
				OnChange(func(ctx goapp.Context, e goapp.Event) { d.setPlayers(n) }, goapp.EventScope(n)),
			goapp.Span().Text(lang.T("ng.players", lang.N("n", n))),
		))
	}
	shown := d.players
	if d.IStatic {
		shown = app.MaxPlayers // web/app.css hides the seats beyond the count checked
	}
	seats := make([]goapp.UI, shown)
	for i := range seats {
		seats[i] = d.renderSeat(i)
	}
	return goapp.Dialog().ID("new-game-dialog").Class("ng-dialog").Aria("labelledby", "ng-title").
		On("cancel", d.onCancelEvent).On("close", d.onClose).Body(
		goapp.Form().Class("ng-form").Class(staticClass(d.IStatic)).Attr("novalidate", true).OnSubmit(d.onSubmit).Body(
			goapp.Div().Class("ng-head").Body(
				goapp.H2().ID("ng-title").DataSet("t", "ng.title").Text(lang.T("ng.title")),
				goapp.P().Class("ng-hint").DataSet("t", "ng.hint").Text(lang.T("ng.hint")),
			),
			d.game.render("ng", d.gameChanged, d.IStatic),
			goapp.FieldSet().Class("ng-counts").Body(
				goapp.Legend().DataSet("t", "ng.players_legend").Text(lang.T("ng.players_legend")),
				goapp.Div().Class("ng-count-options").Body(counts...),
			),
			goapp.Div().Class("ng-seats").Body(seats...),
			goapp.If(ed.Rules.Introductory || d.IStatic, func() goapp.UI { return d.renderIntro() }),
			goapp.Div().Class("ng-seed").Body(
				goapp.Label().For("ng-seed").Body(
					goapp.Span().DataSet("t", "ng.seed").Text(lang.T("ng.seed")), goapp.Text(" "), goapp.Span().Class("ng-optional").DataSet("t", "ng.optional").Text(lang.T("ng.optional")),
				),
				goapp.Input().ID("ng-seed").Type("text").Attr("inputmode", "numeric").
					AutoComplete(false).Value(d.seed).Aria("describedby", "ng-seed-help").
					OnInput(func(ctx goapp.Context, e goapp.Event) { d.seed = ctx.JSSrc().Get("value").String() }),
				goapp.P().ID("ng-seed-help").Class("ng-help").
					DataSet("t", "ng.seed_help").Text(lang.T("ng.seed_help")),
			),
			goapp.Div().ID("ng-error").Class("ng-error").Role("alert").Text(d.err),
			goapp.Div().Class("ng-buttons").Body(
				goapp.Button().Type("button").ID("ng-cancel").Class("st-btn").OnClick(d.onCancelClick).DataSet("t", "ng.cancel").Text(lang.T("ng.cancel")),
				goapp.Button().Type("submit").ID("ng-start").Class("st-btn", "st-btn-primary").AutoFocus(d.IFocus == "" && coarsePointer()).DataSet("t", "ng.start").Text(lang.T("ng.start")),
			),
		),
	)
}

// renderIntro is the choice of the rulebook's introductory game.
func (d *newGameDialog) renderIntro() goapp.UI {
	return goapp.Div().Class("ng-intro").Body(
		goapp.Label().For("ng-intro").Body(
			goapp.Input().Type("checkbox").ID("ng-intro").Checked(d.intro).Aria("describedby", "ng-intro-help").
				OnChange(func(ctx goapp.Context, e goapp.Event) { d.intro = ctx.JSSrc().Get("checked").Bool() }),
			goapp.Text(" "), goapp.Span().DataSet("t", "ng.intro").Text(lang.T("ng.intro")),
		),
		goapp.P().ID("ng-intro-help").Class("ng-help").
			DataSet("t", "ng.intro_help").Text(lang.T("ng.intro_help")),
	)
}

func (d *newGameDialog) renderSeat(i int) goapp.UI {
	seat := strconv.Itoa(i + 1)
	nameID := "ng-name-" + seat
	swatches := make([]goapp.UI, len(app.Palette))
	for k, c := range app.Palette {
		css := c.CSS
		id := "ng-colour-" + seat + "-" + strings.ToLower(c.Name)
		swatches[k] = goapp.Label().Class("ng-swatch").For(id).Title(colourWords(c.Name)).Body(
			goapp.Input().Type("radio").ID(id).Name("ng-colour-"+seat).Value(css).
				Checked(d.colours[i] == css).
				OnChange(func(ctx goapp.Context, e goapp.Event) { d.setColour(i, css) }, goapp.EventScope(i, css)),
			goapp.Span().Class("st-swatch").Style("background-color", css).Aria("hidden", true),
			goapp.Span().Class("visually-hidden").Text(colourWords(c.Name)),
		)
	}
	title := lang.T("ng.player", lang.N("n", i+1))
	kindID := "ng-kind-" + seat
	kinds := []goapp.UI{goapp.Option().Value("").Selected(d.kinds[i] == "").Text(lang.T("ng.person"))}
	for _, l := range app.BotLevels {
		kinds = append(kinds, goapp.Option().Value(l).Selected(d.kinds[i] == l).Text(lang.T("ng.bot", lang.S("level", botLevelWords(l)))))
	}
	return goapp.Div().Class("ng-seat").Role("group").Aria("labelledby", "ng-seat-"+seat).Body(
		goapp.Span().ID("ng-seat-"+seat).Class("ng-seat-title").Body(
			goapp.Span().Class("st-swatch").Style("background-color", d.colours[i]).Aria("hidden", true),
			goapp.Text(title),
		),
		goapp.Div().Class("ng-name").Body(
			goapp.Label().For(nameID).Class("visually-hidden").Text(lang.T("ng.player_name", lang.S("player", title))),
			goapp.Input().ID(nameID).Type("text").MaxLength(app.MaxNameLength).AutoComplete(false).
				Attr("spellcheck", "false").Placeholder(d.defaultName(i)).Value(d.names[i]).
				OnInput(func(ctx goapp.Context, e goapp.Event) { d.names[i] = ctx.JSSrc().Get("value").String() }, goapp.EventScope(i)),
		),
		goapp.FieldSet().Class("ng-colours").Body(
			goapp.Legend().Class("visually-hidden").Text(lang.T("ng.player_colour", lang.S("player", title))),
			goapp.Div().Class("ng-swatches").Body(swatches...),
		),
		goapp.Div().Class("ng-kind").Body(
			goapp.Label().For(kindID).Class("visually-hidden").Text(lang.T("ng.player_kind", lang.S("player", title))),
			goapp.Select().ID(kindID).Body(kinds...).
				OnChange(func(ctx goapp.Context, e goapp.Event) {
					d.setKind(i, ctx.JSSrc().Get("value").String())
				}, goapp.EventScope(i)),
		),
	)
}
