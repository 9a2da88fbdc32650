// Package ui holds the go-app components of Brass: the root page and the start screen
// (root.go, start.go), the new-game, online and lobby dialogs, and the game screen: its
// state and controller (game.go, with the hotseat cover in game_cover.go) and its view (game_view.go), and the parts around the
// board (player panels, status bar, hand, action builder, hint, log, and the dialogs
// between turns, summaries*.go). The board itself is package ui/board; what every part
// shares (colours, icons, how numbers are written) is ui/kit. ui talks to the game only
// through package app's sessions.
//
// Files are named so that the parts of one idea sort together (game_view.go after
// game.go, summaries_*.go, board's piece_*.go): the linker lays a package's functions out
// in file-name order, and app.wasm measured about 13 KB bigger compressed when related
// code was scattered (docs/figures.md, which also says how noisy that figure is).
package ui

import (
	"context"
	"time"

	"brass/app"
	"brass/lang"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// root is the page at "/". It owns which screen is shown: the start screen, or the game
// screen of the open session. On mount (in the browser only) it opens the saved games in
// the browser's local storage and, if brass/current names a game that opens, shows that
// game at once, so a reload resumes exactly where the players were.
//
// The browser tests wait for the text "ready" in #status, which is set once the component
// is mounted and the saved game, if any, is open (OnMount never runs during server
// prerendering, which says "loading").
type root struct {
	goapp.Compo

	status  string
	store   app.Store
	session app.Session
	version int    // bumped whenever a session is opened, for the game screen
	notice  string // why the last game could not be resumed
	back    bool   // the start screen is shown after leaving a game
	update  bool   // a new version of the app is installed and waits for a reload

	// revision counts changes a live session (online, bots) made by itself; the screens
	// re-render when it changes.
	revision int
	myTurn   bool   // it was this device's turn at the last change (online)
	joinCode string // a room code from a join link (#join=CODE)
	pushed   string // the own-pace game whose seat was last subscribed to notifications
	current  string // the id recorded as the game to resume
	ctx      goapp.Context
	mounted  bool
	brain    *app.WorkerBrain // thinks for the bots and the hints, in a Web Worker

	// refresher keeps the list's own-pace games up to date (root_refresh.go); listed counts
	// its refreshes (the list is read again), render says a refresh changed what is shown.
	refresher *app.PaceRefresher
	listed    int
	render    bool

	relang bool // the language changed: one render without the screen re-mounts it in the new one

	prerender bool         // drawn on the server, for the page's first paint
	early     *earlyRecord // what the person did before the app ran (early.go), until used
}

// OnAppUpdate is called when the service worker has installed a new build (the server's
// version is a hash of the wasm, so every build is a new version). On the start screen the
// page reloads at once; during a game, which is saved after every action, a banner offers
// the reload so nobody loses a half-built action.
func (r *root) OnAppUpdate(ctx goapp.Context) {
	if !ctx.AppUpdateAvailable() {
		return
	}
	if r.session == nil {
		ctx.Reload()
		return
	}
	r.update = true
}

// NewRoot returns the component routed at "/".
func NewRoot() goapp.Composer {
	PerfMark("brass-root")
	return &root{status: "loading", prerender: goapp.IsServer, early: takeEarly()}
}

func (r *root) OnMount(ctx goapp.Context) {
	PerfMark("brass-mounted")
	r.ctx, r.mounted = ctx, true
	r.joinCode = joinCodeFromURL()
	store := app.NewBrowserStore(ctx.LocalStorage())
	r.refresher = r.newRefresher(store)
	if r.early.acted() {
		// what the person began before the app ran goes on, rather than the game of the
		// last visit (web/early.js leaves the page alone when there is one to resume)
		r.store = store
	} else {
		r.open(store)
	}
	if id := watchFromURL(); id != "" {
		// A watch link: the game is watched, read-only (the game of the last visit stays
		// the current one, for the next visit).
		if w, err := app.OpenWatch(app.MailboxURL(), id, onlineOptions()); err != nil {
			r.notice = err.Error()
		} else {
			r.session = w
			r.version++
		}
	}
	if r.session != nil {
		r.connect()
	}
	r.status = "ready"
	goapp.Window().Call("addEventListener", "visibilitychange", goapp.FuncOf(func(this goapp.Value, args []goapp.Value) any {
		if !tabHidden() {
			clearTurnAlert()
		}
		ctx.Dispatch(func(goapp.Context) {}) // the start screen's list is in view or not (listShown)
		return nil
	}))
	// A join link, or a notification's, opened in a tab that already shows the app only
	// changes the fragment.
	goapp.Window().Call("addEventListener", "hashchange", goapp.FuncOf(func(this goapp.Value, args []goapp.Value) any {
		ctx.Dispatch(func(goapp.Context) {
			if code := joinCodeFromURL(); code != "" && r.session == nil {
				r.joinCode = code
			}
			if id := gameFromURL(); id != "" && r.session == nil {
				r.resumeSaved(id)
			}
		})
		return nil
	}))
}

// joinCodeFromURL reads a room code from a join link's fragment (#join=K7QF-9MZT); the
// fragment keeps the address the service worker caches, so the link opens offline too.
func joinCodeFromURL() string {
	loc := goapp.Window().Get("location")
	if !loc.Truthy() {
		return ""
	}
	h := loc.Get("hash").String()
	const prefix = "#join="
	if len(h) > len(prefix) && h[:len(prefix)] == prefix {
		goapp.Window().Get("history").Call("replaceState", nil, "", "/")
		return h[len(prefix):]
	}
	return ""
}

// watchFromURL reads the game a watch link opens (#watch=<the mailbox's id of it>), or "".
func watchFromURL() string {
	loc := goapp.Window().Get("location")
	if !loc.Truthy() {
		return ""
	}
	h := loc.Get("hash").String()
	const prefix = "#watch="
	if len(h) <= len(prefix) || h[:len(prefix)] != prefix {
		return ""
	}
	goapp.Window().Get("history").Call("replaceState", nil, "", "/")
	return h[len(prefix):]
}

// gameFromURL reads the game a notification opens (#game=<the mailbox's id of it>): the id
// this device stores it under, or "".
func gameFromURL() string {
	loc := goapp.Window().Get("location")
	if !loc.Truthy() {
		return ""
	}
	h := loc.Get("hash").String()
	const prefix = "#game="
	if len(h) <= len(prefix) || h[:len(prefix)] != prefix {
		return ""
	}
	goapp.Window().Get("history").Call("replaceState", nil, "", "/")
	return app.PaceGameID(h[len(prefix):])
}

// workerWarmDelay is how long after a game opens the bots' worker starts.
const workerWarmDelay = 300 * time.Millisecond

// connect starts a live session's background work: its changes come back to the UI
// goroutine through the root's own context and bump the revision. A session with bots (or
// hints) gets the worker brain first.
func (r *root) connect() {
	if bh, ok := r.session.(app.BotHost); ok && r.mounted {
		if r.brain == nil {
			r.brain = app.NewWorkerBrain()
		}
		bh.SetBrain(tutorialBrain(r.store, r.session, r.brain))
		// Warm the worker once the game screen has settled: the first bot move or hint then
		// finds the bots' wasm compiled, and the page's own start is not slowed by it.
		brain := r.brain
		r.ctx.After(workerWarmDelay, func(goapp.Context) { brain.Start() })
	}
	live, ok := r.session.(app.Live)
	if !ok || !r.mounted {
		return
	}
	ctx := r.ctx
	live.Connect(func(f func()) {
		ctx.Dispatch(func(goapp.Context) { f() })
	}, r.changed)
}

// changed runs after a live session changed by itself: the screens re-render, and an online
// player whose turn it now is gets told if the tab is in the background.
func (r *root) changed() {
	r.revision++
	showAwaiting(r.store, r.current)
	on, ok := r.session.(app.OnlineSession)
	if !ok || on.Game() == nil {
		return
	}
	if r.store != nil && r.current != on.ID() {
		r.current = on.ID() // the game began: a reload now resumes it
		_ = app.SetCurrentGame(r.store, on.ID())
	}
	if on.Pace() && r.pushed != on.ID() && pushOn() && r.store != nil {
		// Notifications are on: this game's seat subscribes too (a game begun or joined
		// on this device since they were turned on).
		r.pushed = on.ID()
		store := r.store
		r.ctx.Async(func() { _, _ = setPush(store, true) })
	}
	mine := !on.Game().Over() && on.LocalSeat(on.Game().State().Actor())
	if mine && !r.myTurn && tabHidden() {
		alertYourTurn(on.Game().State().Name(on.MySeat()))
	}
	r.myTurn = mine
}

// open takes the store and resumes the current game if there is one that opens; a game
// that does not open is forgotten as current (it stays in the list) with a notice.
func (r *root) open(store app.Store) {
	r.store = store
	if id := gameFromURL(); id != "" {
		_ = app.SetCurrentGame(store, id) // a notification's link: that game opens
	}
	id, err := app.CurrentGame(store)
	if err != nil || id == "" {
		showAwaiting(store, "")
		return
	}
	r.openGame(id, func() (app.Session, error) { return app.OpenSaved(store, id, onlineOptions()) }, func(s app.Session, err error) {
		if err != nil {
			r.notice = lang.T("root.resume_error", lang.S("error", err.Error()))
			_ = app.SetCurrentGame(store, "")
			showAwaiting(store, "")
			return
		}
		r.session = s
		r.version++
		r.current = id
		showAwaiting(store, id)
	})
}

// play shows the game screen for a session and makes it the current game.
func (r *root) play(ctx goapp.Context, s app.Session) {
	if r.store != nil && s.ID() != "" {
		_ = app.SetCurrentGame(r.store, s.ID()) // the game is saved; only resuming on reload is lost
	}
	r.session = s
	r.version++
	r.notice = ""
	r.joinCode = ""
	r.early = nil
	r.current = s.ID()
	showAwaiting(r.store, r.current)
	r.connect()
	goapp.Window().Call("scrollTo", 0, 0)
}

// quit goes back to the start screen and forgets the current game.
func (r *root) quit(ctx goapp.Context) {
	if r.store != nil {
		_ = app.SetCurrentGame(r.store, "")
	}
	if r.refresher != nil && r.session != nil {
		r.refresher.Leave(r.session.ID(), r.session) // (closes it; not refreshed until closed)
	} else if live, ok := r.session.(app.Live); ok {
		live.Close()
	}
	r.session = nil
	r.back = true
	r.current = ""
	setPageTitle(defaultTitle)
	showAwaiting(r.store, "")
}

func (r *root) Render() goapp.UI {
	var screen goapp.UI
	on, online := r.session.(app.OnlineSession)
	w, watching := r.session.(*app.Watch)
	switch {
	case online && on.Game() == nil:
		screen = newLobby().Session(on).Revision(r.revision).OnLeave(r.quit)
	case watching && w.Game() == nil:
		screen = goapp.Div().ID("watch-wait").Class("lobby").Body(
			goapp.H1().Text(lang.T("root.watching")),
			goapp.P().ID("watch-status").Class("lobby-status").Role("status").Text(w.Status()),
			goapp.Button().ID("watch-leave").Class("st-btn").Type("button").Text(lang.T("root.back")).OnClick(func(ctx goapp.Context, e goapp.Event) { r.quit(ctx) }),
		)
	case r.session != nil:
		screen = newGameScreen().Session(r.session).Version(r.version).Revision(r.revision).OnQuit(r.quit)
	default:
		updating := ""
		if r.refresher != nil {
			updating = r.refresher.Refreshing()
		}
		screen = newStartScreen().Store(r.store).Notice(r.notice).FocusTitle(r.back).JoinCode(r.joinCode).
			Prerender(r.prerender).Early(r.early).OnOpen(r.play).
			Listed(r.listed).Updating(updating).OnShown(r.listShown).OpenGame(r.openGame).
			Languages(offeredLanguages()).OnLanguage(r.chooseLanguage)
	}
	if r.relang {
		screen = nil
	}
	return goapp.Main().Class("brass-root").Body(
		goapp.Div().ID("status").Class("visually-hidden").Aria("live", "polite").Text(r.status),
		goapp.Div().Class("update-slot").Body(goapp.If(r.update, func() goapp.UI {
			return goapp.Div().ID("update-banner").Class("update-banner").Role("status").Body(
				goapp.Span().Text(lang.T("root.update_ready")),
				goapp.Button().Class("gs-btn").Text(lang.T("root.reload")).OnClick(func(ctx goapp.Context, e goapp.Event) { ctx.Reload() }),
			)
		})),
		goapp.If(screen != nil, func() goapp.UI { return screen }),
	)
}

// chooseLanguage puts the language chosen in use once its catalog is read, and only then
// records it on this device; a catalog that cannot be had leaves the language (and the
// stored choice) as it was, and says so.
// It works through the root's own context: the picker's goes with the screen it re-mounts.
func (r *root) chooseLanguage(_ goapp.Context, tag string) {
	if tag == "en" {
		r.keepLanguage(tag)
		r.switchLanguage(lang.English())
		return
	}
	ctx := r.ctx
	ctx.Async(func() {
		c, err := loadCatalog(context.Background(), tag)
		ctx.Dispatch(func(goapp.Context) {
			if err != nil {
				r.notice = lang.T("start.language_error", lang.S("error", err.Error()))
				return
			}
			r.keepLanguage(tag)
			r.switchLanguage(c)
		})
	})
}

// keepLanguage remembers the choice on this device, once its catalog is in hand: a
// language that failed to load is not chosen again at the next visit.
func (r *root) keepLanguage(tag string) {
	if r.store != nil {
		_ = app.SetLanguage(r.store, tag) // a device that cannot store it still switches now
	}
}

// switchLanguage puts c in use and re-mounts the screen: one render leaves it out, the
// next puts it back, every string now from c. The game itself, kept by the session, is
// untouched.
func (r *root) switchLanguage(c *lang.Catalog) {
	useLanguage(c)
	r.ctx.Dispatch(func(ctx goapp.Context) {
		r.relang = true
		ctx.Defer(func(ctx goapp.Context) {
			r.relang = false
			ctx.Dispatch(func(goapp.Context) {})
		})
	})
}
