package ui

import (
	"strconv"
	"time"

	"brass/app"
	"brass/app/tutorial"
	"brass/lang"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// startScreen is the first screen: the title, "New game" (the new-game dialog), "Import
// game", and the saved games with Resume, Export and Delete. It reads and writes the saved
// games through the store; opening a game is the owner's business (OnOpen).
type startScreen struct {
	goapp.Compo

	IStore      app.Store // nil until the browser's storage is open (and on the server)
	INotice     string    // shown above the list, e.g. why the last game did not resume
	IFocusTitle bool      // focus the title when shown (after leaving a game)
	IJoinCode   string    // a room code from a join link: the online dialog opens with it
	IPrerender  bool      // drawn on the server, for web/early.js to run until the app starts
	IEarly      *earlyRecord
	IOnOpen     func(ctx goapp.Context, s app.Session)
	// The own-pace games refreshed in the background (root_refresh.go): IListed counts the
	// refreshes (the list is read again after each), IUpdating is the game being refreshed,
	// IOnShown hears whether the list is in view, IOpenGame opens a game once no background
	// visit of it runs (nil: at once).
	IListed   int
	IUpdating string
	IOnShown  func(shown bool)
	IOpenGame func(id string, open func() (app.Session, error), then func(app.Session, error))
	// The languages offered and the owner's way to switch to one (ui/language.go).
	ILanguages  []app.Language
	IOnLanguage func(ctx goapp.Context, tag string)

	games      []app.GameSummary
	listErr    string
	message    string    // polite announcements: imported, deleted, exported
	importErr  string    // why the last import was refused
	openErr    string    // why the last Resume failed
	confirming string    // id of the game whose deletion awaits confirmation
	dialog     bool      // the new-game dialog is open
	online     bool      // the online dialog is open
	joinShown  string    // the join code the online dialog was last opened for
	tutorial   string    // the id of the tutorial game to continue, or ""
	listed     app.Store // the store the list was read from
	listedRev  int       // and IListed then
	early      earlyDialog
	focusEarly string // the field focused before the app ran

	// ctx is the screen's own context, from OnMount. Deferred work (focus after a render,
	// a file read) goes through it: an event's context belongs to the element clicked,
	// and go-app drops deferred work once that element is gone.
	ctx goapp.Context
}

// newStartScreen returns the start screen; set the store.
func newStartScreen() *startScreen { return &startScreen{} }

// Store sets where the saved games are (nil: not yet known).
func (s *startScreen) Store(st app.Store) *startScreen { s.IStore = st; return s }

// Notice sets a message shown at the top (e.g. the last game could not be resumed).
func (s *startScreen) Notice(n string) *startScreen { s.INotice = n; return s }

// FocusTitle moves the keyboard focus to the title once the screen is shown.
func (s *startScreen) FocusTitle(b bool) *startScreen { s.IFocusTitle = b; return s }

// JoinCode opens the online dialog to join this room (from a join link).
func (s *startScreen) JoinCode(c string) *startScreen { s.IJoinCode = c; return s }

// Prerender draws the page as the server sends it: New game and Play online are enabled,
// for web/early.js to run them until the app starts, and the dialogs are drawn with every
// field (EarlyDialogsHTML, which the server serves apart).
func (s *startScreen) Prerender(b bool) *startScreen { s.IPrerender = b; return s }

// Early hands over what the person did before the app ran: the dialog they left open opens
// again with it (early.go).
func (s *startScreen) Early(r *earlyRecord) *startScreen { s.IEarly = r; return s }

// Listed says the list changed in the store (a background refresh): it is read again.
func (s *startScreen) Listed(n int) *startScreen { s.IListed = n; return s }

// Updating marks the game being refreshed in the background ("" none).
func (s *startScreen) Updating(id string) *startScreen { s.IUpdating = id; return s }

// OnShown is told whether the list is in view: no dialog over it, the tab visible.
func (s *startScreen) OnShown(fn func(bool)) *startScreen { s.IOnShown = fn; return s }

// OpenGame opens games (a saved one, one joined by its invitation) through the owner, which
// waits until no background visit of the game runs.
func (s *startScreen) OpenGame(fn func(id string, open func() (app.Session, error), then func(app.Session, error))) *startScreen {
	s.IOpenGame = fn
	return s
}

// Languages are the languages the picker offers.
func (s *startScreen) Languages(l []app.Language) *startScreen { s.ILanguages = l; return s }

// OnLanguage is called with the tag of the language picked.
func (s *startScreen) OnLanguage(fn func(ctx goapp.Context, tag string)) *startScreen {
	s.IOnLanguage = fn
	return s
}

// OnOpen is called with a session to play: a new game or a resumed one.
func (s *startScreen) OnOpen(fn func(ctx goapp.Context, sess app.Session)) *startScreen {
	s.IOnOpen = fn
	return s
}

func (s *startScreen) OnInit() {
	if s.IEarly == nil {
		return
	}
	s.early = s.IEarly.open()
	s.focusEarly = s.IEarly.Focus
	s.joinShown = s.early.linked // opened (and maybe closed) already, as the link asked
	switch s.early.id {
	case "new-game-dialog":
		s.dialog = true
	case "online-dialog":
		s.online = true
	}
}

func (s *startScreen) OnMount(ctx goapp.Context) {
	s.ctx = ctx
	s.refresh()
	s.openJoinLink()
	s.shown()
	if s.IFocusTitle {
		s.focus("start-title")
	}
}

func (s *startScreen) OnDismount() {
	if s.IOnShown != nil {
		s.IOnShown(false)
	}
}

// shown tells the owner whether the list is in view, for its background refreshes.
func (s *startScreen) shown() {
	if s.IOnShown != nil && s.IStore != nil {
		s.IOnShown(!s.dialog && !s.online && !tabHidden())
	}
}

// openGame opens a game through the owner (IOpenGame), or at once.
func (s *startScreen) openGame(id string, open func() (app.Session, error), then func(app.Session, error)) {
	if s.IOpenGame == nil {
		then(open())
		return
	}
	s.IOpenGame(id, open, then)
}

// focus moves the keyboard focus to the element with this id after the next render.
func (s *startScreen) focus(id string) {
	if s.Mounted() {
		focusSoon(s.ctx, id)
	}
}

// OnUpdate reloads the list when the owner hands over the store. (go-app calls it after
// every render of the owner: function fields never compare equal.)
func (s *startScreen) OnUpdate(ctx goapp.Context) {
	if s.IStore != s.listed || s.IListed != s.listedRev {
		s.refresh()
	}
	s.openJoinLink()
	s.shown()
}

// openJoinLink opens the online dialog for a join link's room, once per code.
func (s *startScreen) openJoinLink() {
	if s.IJoinCode != "" && s.IJoinCode != s.joinShown {
		s.joinShown = s.IJoinCode
		s.online = true
	}
}

// refresh reads the saved-games list from the store.
func (s *startScreen) refresh() {
	s.listed, s.listedRev = s.IStore, s.IListed
	if s.IStore == nil {
		return
	}
	games, err := app.ListGames(s.IStore)
	s.games, s.listErr = games, ""
	s.tutorial = tutorial.Resumable(s.IStore)
	if err != nil {
		s.listErr = lang.T("start.list_error", lang.S("error", err.Error()))
	}
}

func (s *startScreen) open(ctx goapp.Context, sess app.Session) {
	if s.IOnOpen != nil {
		s.IOnOpen(ctx, sess)
	}
}

func (s *startScreen) clearMessages() {
	s.message, s.importErr, s.openErr = "", "", ""
}

// --- New game ------------------------------------------------------------------------

func (s *startScreen) onNewGame(ctx goapp.Context, e goapp.Event) {
	s.clearMessages()
	s.dialog = true
	s.shown()
}

func (s *startScreen) onDialogCancel(ctx goapp.Context) {
	s.dialog = false
	s.early = earlyDialog{}
	s.shown()
	s.focus("new-game")
}

func (s *startScreen) onDialogStart(ctx goapp.Context, sess app.Session) {
	s.dialog = false
	s.open(ctx, sess)
}

func (s *startScreen) onOnline(ctx goapp.Context, e goapp.Event) {
	s.clearMessages()
	s.online = true
	s.shown()
}

func (s *startScreen) onOnlineCancel(ctx goapp.Context) {
	s.online = false
	s.early = earlyDialog{}
	s.shown()
	s.focus("play-online")
}

func (s *startScreen) onOnlineStart(ctx goapp.Context, sess app.Session) {
	s.online = false
	s.open(ctx, sess)
}

// --- Resume, export, delete ----------------------------------------------------------

func (s *startScreen) resume(ctx goapp.Context, id string) {
	s.clearMessages()
	store := s.IStore
	s.openGame(id, func() (app.Session, error) { return app.OpenSaved(store, id, onlineOptions()) }, func(sess app.Session, err error) {
		if err != nil {
			s.openErr = err.Error()
			s.shown()
			return
		}
		s.open(ctx, sess)
	})
}

func (s *startScreen) export(ctx goapp.Context, id string) {
	s.clearMessages()
	data, name, err := app.ExportGame(s.IStore, id)
	if err != nil {
		s.openErr = lang.T("start.export_error", lang.S("error", err.Error()))
		return
	}
	downloadFile(s.ctx, name, "application/json", data)
	s.message = lang.T("start.exported", lang.S("file", name))
}

// exportSeat downloads an own-pace game's seat for another device, with its warning.
func (s *startScreen) exportSeat(ctx goapp.Context, id string) {
	s.clearMessages()
	data, name, err := app.ExportSeat(s.IStore, id)
	if err != nil {
		s.openErr = lang.T("start.seat_export_error", lang.S("error", err.Error()))
		return
	}
	downloadFile(s.ctx, name, "application/json", data)
	s.message = lang.T("start.seat_exported", lang.S("file", name))
}

func (s *startScreen) askDelete(ctx goapp.Context, id string) {
	s.clearMessages()
	s.confirming = id
	s.focus("saved-keep-" + id)
}

func (s *startScreen) keep(ctx goapp.Context, id string) {
	s.confirming = ""
	s.focus("saved-delete-" + id)
}

func (s *startScreen) remove(ctx goapp.Context, id string) {
	s.clearMessages()
	s.confirming = ""
	who := ""
	for _, g := range s.games {
		if g.ID == id {
			who = lang.Current().JoinAnd(g.Names)
		}
	}
	if err := app.DeleteGame(s.IStore, id); err != nil {
		s.openErr = lang.T("start.delete_error", lang.S("error", err.Error()))
		return
	}
	s.refresh()
	s.message = lang.T("start.deleted", lang.S("players", who))
	s.focus("saved-title")
}

// --- Import --------------------------------------------------------------------------

func (s *startScreen) onImportClick(ctx goapp.Context, e goapp.Event) {
	s.clearMessages()
	if in := goapp.Window().GetElementByID("import-file"); in.Truthy() {
		in.Call("click")
	}
}

func (s *startScreen) onImportFile(ctx goapp.Context, e goapp.Event) {
	input := ctx.JSSrc()
	files := input.Get("files")
	if !files.Truthy() || files.Length() == 0 {
		return
	}
	file := files.Index(0)
	input.Set("value", "") // choosing the same file again fires change again
	if size := file.Get("size").Int(); size > app.MaxFileBytes {
		s.importErr = lang.T("start.import_too_large", lang.N("size", size>>10), lang.N("max", app.MaxFileBytes>>10))
		return
	}
	readFileText(file, func(text string, err error) {
		s.ctx.Dispatch(func(ctx goapp.Context) { s.importText(ctx, text, err) })
	})
}

// importText imports a file's contents read by the browser.
func (s *startScreen) importText(ctx goapp.Context, text string, readErr error) {
	s.clearMessages()
	if readErr != nil {
		s.importErr = lang.T("start.import_unreadable", lang.S("error", readErr.Error()))
		return
	}
	if s.IStore == nil {
		return
	}
	id, err := app.ImportGame(s.IStore, []byte(text))
	if err != nil {
		s.importErr = err.Error()
		return
	}
	s.refresh()
	for _, g := range s.games {
		switch {
		case g.ID == id && g.Pace:
			s.message = lang.T("start.seat_imported", lang.S("players", lang.Current().JoinAnd(g.Names)))
		case g.ID == id:
			s.message = lang.T("start.imported", lang.S("players", lang.Current().JoinAnd(g.Names)), lang.N("moves", g.Moves))
		}
	}
	s.focus("saved-resume-" + id)
}

// --- Rendering -----------------------------------------------------------------------

func (s *startScreen) Render() goapp.UI {
	return goapp.Div().Class("start").Body(
		goapp.Header().Class("start-head").Body(
			goapp.Img().Class("start-logo").Src("/web/icon.svg").Role("presentation").Width(96).Height(96),
			goapp.Div().Body(
				goapp.H1().ID("start-title").TabIndex(-1).Text(lang.T("start.title")),
				goapp.P().Class("start-tagline").DataSet("t", "start.tagline").Text(lang.T("start.tagline")),
			),
			s.renderLanguagePicker(),
		),
		goapp.If(s.INotice != "", func() goapp.UI {
			return goapp.P().Class("start-notice").Role("alert").Text(s.INotice)
		}),
		goapp.Div().Class("start-actions").Body(
			goapp.Button().ID("new-game").Class("st-btn", "st-btn-primary").Type("button").
				Disabled(s.IStore == nil && !s.IPrerender).OnClick(s.onNewGame).DataSet("t", "start.new_game").Text(lang.T("start.new_game")),
			goapp.Button().ID("play-online").Class("st-btn", "st-btn-primary").Type("button").
				Disabled(s.IStore == nil && !s.IPrerender).OnClick(s.onOnline).DataSet("t", "start.play_online").Text(lang.T("start.play_online")),
			s.renderTutorialButton(),
			goapp.Button().ID("import-game").Class("st-btn").Type("button").
				Disabled(s.IStore == nil).OnClick(s.onImportClick).DataSet("t", "start.import").Text(lang.T("start.import")),
			goapp.Input().ID("import-file").Type("file").Accept(".json,application/json").
				Hidden(true).Aria("label", lang.T("start.import_file")).OnChange(s.onImportFile),
		),
		goapp.Div().ID("start-error").Class("start-error").Role("alert").Body(
			goapp.If(s.importErr != "", func() goapp.UI {
				return goapp.P().ID("import-error").Text(s.importErr)
			}),
			goapp.If(s.openErr != "", func() goapp.UI {
				return goapp.P().ID("open-error").Text(s.openErr)
			}),
		),
		goapp.Div().ID("start-message").Class("start-message").Aria("live", "polite").Text(s.message),
		goapp.Section().Class("saved").Aria("labelledby", "saved-title").Body(
			goapp.H2().ID("saved-title").TabIndex(-1).DataSet("t", "start.saved_games").Text(lang.T("start.saved_games")),
			s.renderList(),
		),
		goapp.If(s.dialog, func() goapp.UI { return s.newGameDialog() }),
		goapp.If(s.online, func() goapp.UI { return s.onlineDialog() }),
	)
}

// renderLanguagePicker is the language picker, each language in its own name. It is
// there only when more than one is offered.
func (s *startScreen) renderLanguagePicker() goapp.UI {
	if len(s.ILanguages) < 2 {
		return nil
	}
	in := lang.Current().Tag()
	return goapp.Label().Class("start-lang").Body(
		goapp.Span().Class("start-lang-label").DataSet("t", "start.language").Text(lang.T("start.language")),
		goapp.Select().ID("language").Class("st-select").OnChange(s.onLanguage).Body(
			goapp.Range(s.ILanguages).Slice(func(i int) goapp.UI {
				l := s.ILanguages[i]
				return goapp.Option().Value(l.Tag).Lang(l.Tag).Selected(l.Tag == in).Text(l.Name)
			}),
		),
	)
}

func (s *startScreen) onLanguage(ctx goapp.Context, e goapp.Event) {
	if tag := ctx.JSSrc().Get("value").String(); s.IOnLanguage != nil && tag != lang.Current().Tag() {
		s.IOnLanguage(ctx, tag)
	}
}

// newGameDialog is the new-game dialog, with what the person did in it before the app ran.
func (s *startScreen) newGameDialog() goapp.UI {
	d := newNewGameDialog().Store(s.IStore).Static(s.IPrerender).OnStart(s.onDialogStart).OnCancel(s.onDialogCancel)
	if s.early.id == "new-game-dialog" {
		d.Early(s.early.events, s.focusEarly)
	}
	return d
}

// onlineDialog is the online dialog: to join a join link's room, or as the person left it
// before the app ran.
func (s *startScreen) onlineDialog() goapp.UI {
	code := s.joinShown
	d := newOnlineDialog().Store(s.IStore).Static(s.IPrerender).OnStart(s.onOnlineStart).OnCancel(s.onOnlineCancel).OpenGame(s.openGame)
	if s.early.id == "online-dialog" {
		code = s.early.code
		d.Early(s.early.events, s.focusEarly)
	}
	return d.Code(code)
}

func (s *startScreen) renderList() goapp.UI {
	switch {
	case s.IStore == nil:
		return goapp.P().Class("saved-empty").DataSet("t", "start.loading").Text(lang.T("start.loading"))
	case s.listErr != "":
		return goapp.P().Class("saved-empty").Role("alert").Text(s.listErr)
	case len(s.games) == 0:
		return goapp.P().Class("saved-empty").DataSet("t", "start.no_games").Text(lang.T("start.no_games"))
	}
	return goapp.Ul().ID("saved-list").Class("saved-list").Body(
		goapp.Range(s.games).Slice(func(i int) goapp.UI { return s.renderGame(s.games[i]) }),
	)
}

func (s *startScreen) renderGame(g app.GameSummary) goapp.UI {
	id := g.ID
	scope := goapp.EventScope(id)
	who := lang.Current().JoinAnd(g.Names)
	players := make([]goapp.UI, len(g.Names))
	for p, name := range g.Names {
		colour := ""
		if p < len(g.Colours) {
			colour = g.Colours[p]
		}
		players[p] = goapp.Li().Class("saved-player").Body(
			goapp.Span().Class("st-swatch").Style("background-color", colour).Aria("hidden", true),
			goapp.Span().Text(name),
		)
	}
	var actions goapp.UI
	if s.confirming == id {
		actions = goapp.Div().Class("saved-actions", "saved-confirm").Role("group").Aria("labelledby", "saved-confirm-"+id).Body(
			goapp.Span().ID("saved-confirm-"+id).Class("saved-question").Text(lang.T("start.delete_question")),
			goapp.Button().ID("saved-confirm-delete-"+id).Class("st-btn", "st-btn-danger").Type("button").
				OnClick(func(ctx goapp.Context, e goapp.Event) { s.remove(ctx, id) }, scope).
				Body(goapp.Text(lang.T("start.delete")), srText(lang.T("start.sr_of_game", lang.S("players", who)))),
			goapp.Button().ID("saved-keep-"+id).Class("st-btn").Type("button").
				OnClick(func(ctx goapp.Context, e goapp.Event) { s.keep(ctx, id) }, scope).
				Text(lang.T("start.keep")),
		)
	} else {
		actions = goapp.Div().Class("saved-actions").Body(
			goapp.Button().ID("saved-resume-"+id).Class("st-btn", "st-btn-primary").Type("button").
				Disabled(g.Error != "").
				OnClick(func(ctx goapp.Context, e goapp.Event) { s.resume(ctx, id) }, scope).
				Body(goapp.Text(lang.T("start.resume")), srText(lang.T("start.sr_of_game", lang.S("players", who)))),
			goapp.If(!g.Lobby, func() goapp.UI {
				return goapp.Button().ID("saved-export-"+id).Class("st-btn").Type("button").
					OnClick(func(ctx goapp.Context, e goapp.Event) { s.export(ctx, id) }, scope).
					Body(goapp.Text(lang.T("start.export")), srText(lang.T("start.sr_of_game", lang.S("players", who))))
			}),
			goapp.If(g.Pace && !g.Lobby && !g.Over, func() goapp.UI {
				return goapp.Button().ID("saved-seat-"+id).Class("st-btn").Type("button").
					Title(lang.T("start.move_seat_title")).
					OnClick(func(ctx goapp.Context, e goapp.Event) { s.exportSeat(ctx, id) }, scope).
					Body(goapp.Text(lang.T("start.move_seat")), srText(lang.T("start.sr_seat_of_game", lang.S("players", who))))
			}),
			goapp.Button().ID("saved-delete-"+id).Class("st-btn").Type("button").
				OnClick(func(ctx goapp.Context, e goapp.Event) { s.askDelete(ctx, id) }, scope).
				Body(goapp.Text(lang.T("start.delete")), srText(lang.T("start.sr_of_game", lang.S("players", who)))),
		)
	}
	return goapp.Li().ID("saved-game-"+id).Class("saved-game").DataSet("id", id).DataSet("your-turn", g.YourTurn).Body(
		goapp.If(g.YourTurn, func() goapp.UI { return goapp.P().Class("saved-your-turn").Text(lang.T("start.your_turn")) }),
		goapp.If(s.IUpdating == id, func() goapp.UI {
			return goapp.P().ID("saved-updating-" + id).Class("saved-updating").Title(lang.T("start.updating_title")).Text(lang.T("start.updating"))
		}),
		goapp.Ul().Class("saved-players").Aria("label", lang.T("start.players")).Body(players...),
		goapp.P().Class("saved-info").Body(
			goapp.If(g.Edition != "", func() goapp.UI { return goapp.Span().Class("saved-edition").Text(g.Edition) }),
			goapp.Span().Class("saved-state").Text(savedState(g)),
			goapp.If(g.Turn != "" && !g.YourTurn, func() goapp.UI {
				return goapp.Span().Class("saved-turn").Text(lang.T("start.turn_of", lang.S("name", g.Turn)))
			}),
			goapp.If(g.Pace, func() goapp.UI { return goapp.Span().Class("saved-online").Text(lang.T("start.own_pace")) }),
			goapp.If(g.Room != "", func() goapp.UI {
				return goapp.Span().Class("saved-online").Text(lang.T("start.room", lang.S("code", app.FormatRoomCode(g.Room))))
			}),
			goapp.If(!g.Lobby, func() goapp.UI {
				return goapp.Span().Class("saved-moves").Text(lang.T("start.moves", lang.N("moves", g.Moves)))
			}),
			goapp.Span().Class("saved-when").Body(
				goapp.Text(lang.T("start.last_played")),
				goapp.Time().DateTime(time.UnixMilli(g.Updated).UTC().Format(time.RFC3339)).
					Text(savedWhen(time.UnixMilli(g.Updated), time.Now())),
			),
		),
		goapp.If(g.Error != "", func() goapp.UI {
			return goapp.P().Class("saved-damaged").Text(lang.T("start.damaged", lang.S("error", g.Error)))
		}),
		actions,
	)
}

// savedState is "Canal Era, round 3", or who won and with how many VP.
func savedState(g app.GameSummary) string {
	c := lang.Current()
	vp := lang.N("vp", g.WinnerVP)
	switch {
	case g.Lobby:
		return g.Waiting
	case g.Over && len(g.Winners) == 1 && g.WinnerVP > 0:
		return c.T("start.won_vp", lang.S("name", g.Winners[0]), vp)
	case g.Over && len(g.Winners) == 1:
		return c.T("start.won", lang.S("name", g.Winners[0]))
	case g.Over && len(g.Winners) > 1 && g.WinnerVP > 0:
		return c.T("start.shared_vp", lang.S("names", c.JoinAnd(g.Winners)), vp)
	case g.Over && len(g.Winners) > 1:
		return c.T("start.shared", lang.S("names", c.JoinAnd(g.Winners)))
	case g.Over:
		return c.T("start.finished")
	case g.Era == "":
		return ""
	}
	return c.T("era.round", lang.S("era", eraWords(g.Era)), lang.N("round", g.Round))
}

// savedWhen is "today, 14:05", "yesterday, 09:30" or "3 Mar 2026, 14:05" in local time.
func savedWhen(t, now time.Time) string {
	t, now = t.Local(), now.Local()
	day := func(x time.Time) time.Time { return time.Date(x.Year(), x.Month(), x.Day(), 0, 0, 0, 0, x.Location()) }
	switch d := day(now).Sub(day(t)); {
	case d == 0:
		return lang.T("start.today", lang.S("time", t.Format("15:04")))
	case d > 0 && d <= 24*time.Hour+time.Hour: // a daylight-saving day may be 25 hours
		return lang.T("start.yesterday", lang.S("time", t.Format("15:04")))
	}
	return lang.T("start.date", lang.N("day", t.Day()), lang.S("month", lang.T("month."+strconv.Itoa(int(t.Month())))),
		lang.S("year", strconv.Itoa(t.Year())), lang.S("time", t.Format("15:04")))
}

// srText is text for screen readers only (it completes a short visible label).
func srText(s string) goapp.UI { return goapp.Span().Class("visually-hidden").Text(s) }

// focusSoon moves the keyboard focus to the element with this id after the next render.
// coarsePointer reports whether the page is used by touch (a phone, a tablet): focusing a
// text field there brings up a keyboard over half the screen.
func coarsePointer() bool {
	mm := goapp.Window().Get("matchMedia")
	return mm.Truthy() && goapp.Window().Call("matchMedia", "(pointer: coarse)").Get("matches").Bool()
}

func focusSoon(ctx goapp.Context, id string) {
	ctx.Defer(func(goapp.Context) {
		if el := goapp.Window().GetElementByID(id); el.Truthy() {
			el.Call("focus")
		}
	})
}
