package ui

import (
	"brass/app"
	"brass/engine"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// gameScreen is the screen of a game in progress: board, status, player panels, hand,
// action builder, log and dialogs. It talks to the game only through an app.Session and
// asks the engine what is legal at every step.
type gameScreen struct {
	goapp.Compo

	ISession  app.Session
	IVersion  int // bumped by the owner whenever it hands over another session
	IRevision int // bumped by the owner whenever a live session changed by itself
	IOnQuit   func(ctx goapp.Context)

	seenMoves int // moves in the game when the screen last caught up with it

	version  int // the IVersion this screen was set up for
	builder  actionBuilder
	legal    []engine.Move
	legalFor int // number of moves applied when legal was computed; −1: stale

	notice      string   // the last refusal or explanation
	noticeLines []string // a refusal's reasons when it has several (notice is then their heading)
	noticeBad   bool

	revealed int // seat whose hand is shown; −1: covered (pass the device)
	history  int // −1: the live game; otherwise the number of moves shown
	past     *engine.Game
	// preparedFor is the move count at which the covered player's controls may be drawn,
	// hidden under the cover (see prepareUnderCover); −1: none.
	preparedFor int

	shownPoints int    // snapshots already summarised in a dialog
	dialog      string // "round", "era" or ""
	showLog     bool
	debug       bool
	hint        *hintState // the Hard bot's suggestion on screen, or nil
	auto        bool       // debug auto-play is on (online: it waits for this device's turns)
	autoEra     engine.Era // the era auto-play stops at the end of

	// ctx is the screen's own context, from OnMount: the half-built action is kept in the
	// browser's local storage through it (native tests never mount, and keep nothing).
	ctx     goapp.Context
	mounted bool
}

// newGameScreen returns the game screen; set the session.
func newGameScreen() *gameScreen { return &gameScreen{} }

// Session sets the game session to show and play.
func (g *gameScreen) Session(s app.Session) *gameScreen { g.ISession = s; return g }

// Version tells the screen the session was replaced (another game opened).
func (g *gameScreen) Version(v int) *gameScreen { g.IVersion = v; return g }

// Revision tells the screen that a live session (online, bots) changed by itself.
func (g *gameScreen) Revision(r int) *gameScreen { g.IRevision = r; return g }

// OnQuit is called when the player leaves the game for the start screen.
func (g *gameScreen) OnQuit(fn func(ctx goapp.Context)) *gameScreen { g.IOnQuit = fn; return g }

// reset prepares the screen for the current session.
func (g *gameScreen) reset() {
	g.version = g.IVersion
	g.builder.reset()
	g.legalFor = -1
	g.notice, g.noticeBad = "", false
	g.revealed = -1
	g.preparedFor = -1
	g.history, g.past = -1, nil
	g.dialog = ""
	if g.ISession != nil {
		g.shownPoints = len(g.ISession.Game().Snapshots())
		g.seenMoves = len(g.ISession.Game().Moves())
	}
}

func (g *gameScreen) OnInit() { g.reset() }

func (g *gameScreen) OnMount(ctx goapp.Context) {
	g.ctx, g.mounted = ctx, true
	if ed := g.ISession.Game().State().Edition(); ed != nil {
		setPageTitle(ed.Name)
	}
	var debug bool
	ctx.LocalStorage().Get("brass/debug", &debug)
	g.debug = debug
	g.loadDraft()
	g.prepareUnderCover()
}

func (g *gameScreen) OnUpdate(ctx goapp.Context) {
	if g.IVersion != g.version {
		g.reset()
		g.loadDraft()
		g.prepareUnderCover()
		return
	}
	// Another device's move, an agreed undo or a catch-up changed the game under the screen.
	if n := len(g.ISession.Game().Moves()); n != g.seenMoves {
		g.afterChange()
	}
	// Auto-play looks at every change: the turn may have become this device's without a
	// move (a bot handed this player's seat back).
	if g.auto {
		g.autoStep()
	}
}

// ---- the half-built action, kept per device (see draft.go)

// saveDraft stores the builder for this game and move count, or forgets it when idle.
func (g *gameScreen) saveDraft() {
	if !g.mounted || g.ISession == nil {
		return
	}
	store, id := app.NewBrowserStore(g.ctx.LocalStorage()), g.ISession.ID()
	if d, ok := draftOf(&g.builder, len(g.ISession.Game().Moves())); ok {
		_ = app.SaveDraft(store, id, d) // only the draft is lost if storage is full
		return
	}
	_ = app.DeleteDraft(store, id)
}

// loadDraft restores the builder kept for this game, if it was made at this move count.
func (g *gameScreen) loadDraft() {
	if !g.mounted || g.ISession == nil || g.history >= 0 {
		return
	}
	store, id := app.NewBrowserStore(g.ctx.LocalStorage()), g.ISession.ID()
	var d actionDraft
	if ok, err := app.LoadDraft(store, id, &d); !ok || err != nil || !d.restore(&g.builder, len(g.ISession.Game().Moves()), g.legalMoves) {
		g.builder.reset()
		_ = app.DeleteDraft(store, id)
	}
}

// legalMoves returns the legal moves now, computing them once per position.
func (g *gameScreen) legalMoves() []engine.Move {
	game := g.ISession.Game()
	if n := len(game.Moves()); g.legalFor != n || g.legal == nil {
		g.legal = game.LegalMoves()
		g.legalFor = n
	}
	return g.legal
}

func (g *gameScreen) names() []string {
	cfg := g.ISession.Game().Config()
	out := make([]string, cfg.Players)
	for p := range out {
		out[p] = g.ISession.Game().State().Name(p)
	}
	return out
}
