package ui

import (
	"brass/app"
	"brass/engine"
	"brass/lang"
	"brass/ui/board"
	"brass/ui/view"
	"strings"
	"time"

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
	replayTo int // while the recap's moves are shown again one by one: one past the last
	// preparedFor is the move count at which the covered player's controls may be drawn,
	// hidden under the cover (see prepareUnderCover); −1: none.
	preparedFor int

	shownPoints int    // snapshots already summarised in a dialog
	dialog      string // "round", "era" or ""
	// momentFor is the move count whose move opened the dialog on screen (a round's,
	// an era's or the game's end): that dialog waits on screen, see-through, until the move
	// has been shown on the board (moments first, see momentClass); −1: none.
	momentFor  int
	scoresSeen bool // the final scores were closed before: they open folded
	showLog    bool
	debug      bool
	hint       *hintState // the Hard bot's suggestion on screen, or nil
	auto       bool       // debug auto-play is on (online: it waits for this device's turns)
	autoEra    engine.Era // the era auto-play stops at the end of
	tutor      tutorState // the tutorial, when the game is its (tutorial.go)
	motion     motion     // the animation of moves (game_motion.go)
	views      view.Cache // the views of the states shown, one per state (ui/view)
	sheet      sheetState // the phone's bottom sheet (game_sheet.go)

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
	g.views = view.Cache{} // the names may differ from the last session's
	g.dialog = ""
	g.momentFor = -1
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
	g.loadMotion(ctx)
	g.loadDraft()
	g.loadScoresSeen()
	g.prepareUnderCover()
	g.follow()
}

func (g *gameScreen) OnUpdate(ctx goapp.Context) {
	if g.IVersion != g.version {
		g.reset()
		g.loadDraft()
		g.loadScoresSeen()
		g.prepareUnderCover()
		g.follow()
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
	g.follow()
}

// follow brings what the screen derives from the game and keeps between renders up to date
// after something changed it: the tutorial's step (and the move it guides the builder to),
// and the animation of a move newly shown. Render only reads: whatever changes the game,
// the moment shown or the tutorial's step ends here (afterChange, the history, OnUpdate).
func (g *gameScreen) follow() {
	if g.ISession == nil {
		return
	}
	g.tutorialSync()
	g.animate(g.shownState())
}

// shownState is the state the board shows: the game's, or an earlier one from the log.
func (g *gameScreen) shownState() *engine.State {
	if g.history >= 0 && g.past != nil {
		return g.past.State()
	}
	return g.ISession.Game().State()
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

// loadScoresSeen reads whether this game's final scores were closed before, so a reload of
// a finished game opens with them folded away.
func (g *gameScreen) loadScoresSeen() {
	if !g.mounted || g.ISession == nil {
		return
	}
	g.scoresSeen = app.FinalScoresSeen(app.NewBrowserStore(g.ctx.LocalStorage()), g.ISession.ID())
}

// foldScores remembers that the players closed the final scores.
func (g *gameScreen) foldScores(ctx goapp.Context) {
	g.scoresSeen = true
	if g.mounted && g.ISession != nil {
		_ = app.MarkFinalScoresSeen(app.NewBrowserStore(ctx.LocalStorage()), g.ISession.ID())
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

// ---------------------------------------------------------------------------------------
// The controller: what a tap on an action, a card or the board, Confirm and Undo do to the
// half-built action, and what follows a move (notices, drafts, the dialogs after a round
// or an era). The view is game_view.go.

func (g *gameScreen) setNotice(msg string, bad bool) {
	g.notice, g.noticeLines, g.noticeBad = msg, nil, bad
}

// setNoticeList shows a refusal's reasons, nearest to legal first: several as one short
// list under the heading, a lone one as a sentence (after the heading where one is given,
// which then ends in a colon).
func (g *gameScreen) setNoticeList(head string, lines []string, bad bool) {
	switch {
	case len(lines) == 0:
		g.setNotice(strings.TrimSuffix(head, ":")+".", bad)
	case len(lines) == 1 && head != "":
		g.setNotice(head+" "+lines[0], bad)
	case len(lines) == 1:
		g.setNotice(lines[0], bad)
	default:
		g.setNotice(head, bad)
		g.noticeLines = lines
	}
}

func (g *gameScreen) startAction(typ string) {
	g.builder.start(typ)
	g.setNotice("", false)
	g.saveDraft()
}

// refuseAction explains a dimmed action button.
func (g *gameScreen) refuseAction(label, typ string) {
	if why := g.tutorialRefusal(); why != "" {
		g.setNotice(why, true)
		return
	}
	g.setNoticeList(lang.T("game.not_possible", lang.S("action", label)), actionRefusal(g.ISession.Game(), typ), true)
}

// answer takes the player's answer to the current question.
func (g *gameScreen) answer(field, value string) {
	c := g.builder.next(g.legalMoves())
	if c.Field != field {
		return
	}
	for _, v := range c.Values {
		if v == value {
			g.builder.choose(field, value)
			g.setNotice("", false)
			g.saveDraft()
			return
		}
	}
	g.explain(c, field, value)
}

// explain tells the player why a value is not a legal answer, in the engine's words.
func (g *gameScreen) explain(c engine.Choice, field, value string) {
	if why := g.guideRefusal(field, value); why != "" {
		g.setNotice(why, true)
		return
	}
	m, ok := withChoice(c, field, value)
	if !ok {
		g.setNotice(lang.T("game.not_legal"), true)
		return
	}
	if err := g.ISession.Game().Check(m); err != nil {
		g.setNotice(refusalText(g.ISession.Game().State(), err), true)
		return
	}
	g.setNotice(lang.T("game.not_a_choice"), true)
}

// onBoardPick answers the current question with a target chosen on the board.
func (g *gameScreen) onBoardPick(ctx goapp.Context, t board.Target) {
	if t.Kind == board.TargetMarket {
		g.boardAnswer("source", fromBoardID(t.ID))
		return
	}
	g.boardAnswer(t.Kind, t.ID)
}

// boardAnswer routes a board click to the question it answers.
func (g *gameScreen) boardAnswer(layer, id string) {
	if g.history >= 0 || !g.builder.active() {
		return
	}
	c := g.builder.next(g.legalMoves())
	bf := boardField(c.Field)
	switch {
	case bf == layer:
		g.answer(c.Field, id)
	case bf == "source" && (layer == "space" || layer == "merchant"):
		g.answer(c.Field, id)
	case bf == "port" && layer == "space":
		g.answer(c.Field, id)
	}
}

// onBoardRefused explains a tap on something that is not a legal choice now (a zero
// target: nothing near the tap).
func (g *gameScreen) onBoardRefused(ctx goapp.Context, t board.Target) {
	if g.history >= 0 || !g.builder.active() {
		return
	}
	c := g.builder.next(g.legalMoves())
	bf := boardField(c.Field)
	if bf == "" || bf == "card" {
		return
	}
	kind, id := t.Kind, t.ID
	if kind == board.TargetMarket {
		id = fromBoardID(id)
	}
	if kind == "" || (bf != "source" && bf != kind) || (bf == "source" && kind == board.TargetLink) {
		g.setNotice(lang.T("game.choose_highlighted", lang.S("question", strings.TrimSuffix(prompt(g.builder.typ, c.Field), "."))), true)
		return
	}
	g.explain(c, c.Field, id)
}

// onCard answers a card question with a card from the hand: the action's card, a two-card
// build's second card, or each of Scout's two more cards, in any order.
func (g *gameScreen) onCard(ctx goapp.Context, id string) {
	if !g.builder.active() {
		return
	}
	c := g.builder.next(g.legalMoves())
	if !isCardField(c.Field) {
		return
	}
	if id != "" && containsString(c.Values, id) {
		g.answer(c.Field, id)
		return
	}
	g.refuseCard(c, id)
}

// onCardRefused explains why a dimmed card cannot be chosen.
func (g *gameScreen) onCardRefused(ctx goapp.Context, id string) {
	if !g.builder.active() {
		return
	}
	if c := g.builder.next(g.legalMoves()); isCardField(c.Field) {
		g.refuseCard(c, id)
	}
}

// refuseCard shows every reason the engine gives for a card that is not an answer.
func (g *gameScreen) refuseCard(c engine.Choice, id string) {
	if why := g.guideRefusal(c.Field, id); why != "" {
		g.setNotice(why, true) // legal, but the tutorial asks for another card
		return
	}
	game := g.ISession.Game()
	why := cardRefusal(game, c, c.Field, id)
	g.setNoticeList(refusalHead(game, id, why), why, true)
}

// confirm submits the determined move.
func (g *gameScreen) confirm(ctx goapp.Context) {
	c := g.builder.next(g.legalMoves())
	if c.Field != "" || len(c.Moves) != 1 {
		return
	}
	g.submit(ctx, c.Moves[0])
}

func (g *gameScreen) submit(ctx goapp.Context, m engine.Move) {
	if err := g.ISession.Submit(m); err != nil {
		g.setNotice(refusalText(g.ISession.Game().State(), err), true)
		return
	}
	g.afterChange()
}

// afterChange updates the screen after the game moved on (a move or an undo).
func (g *gameScreen) afterChange() {
	g.seenMoves = len(g.ISession.Game().Moves())
	g.builder.reset()
	g.legalFor = -1
	g.setNotice("", false)
	game := g.ISession.Game()
	if n := len(game.Snapshots()); n > g.shownPoints {
		// A round ended: summarise it, or the era when the era changed with it. The end of
		// the game has its own final-scores screen.
		last := game.Snapshots()[n-1]
		switch {
		case game.Over():
			g.dialog, g.shownPoints = "", n
		case game.State().Era != last.Era:
			g.dialog = "era"
		default:
			g.dialog = "round"
		}
		g.momentFor = len(game.Moves())
		// The summary is for everyone: the hand is covered before it opens, even when the
		// same player goes on in the next round.
		g.revealed = -1
	}
	if st := game.State(); g.revealed != st.Actor() {
		g.revealed = -1
	}
	// Selling continues without a card; nothing else to do here.
	if game.State().Phase == engine.PhaseSelling {
		g.builder.start("sell")
	}
	if game.State().Phase == engine.PhaseShortfall {
		g.builder.start("remove_tile")
	}
	g.holdBots()
	g.saveDraft()
	g.prepareUnderCover()
	g.follow()
}

// ---------------------------------------------------------------------------------------
// Looking back and taking back: Undo, the board after an earlier move (read-only), closing
// a dialog, and the debug auto-play.

func (g *gameScreen) undo(ctx goapp.Context, e goapp.Event) {
	if err := g.ISession.Undo(); err != nil {
		g.setNotice(err.Error(), true)
		return
	}
	g.afterChange()
	g.revealed = g.ISession.Game().State().Actor()
}

func (g *gameScreen) closeDialog(ctx goapp.Context) {
	g.dialog = ""
	g.momentFor = -1
	g.shownPoints = len(g.ISession.Game().Snapshots())
	g.holdBots()
}

// holdBots holds this device's bots while the players read: a round's or an era's summary
// is open (the bots would play the next round under it; the debug fast-forward does not
// wait), or a tutorial step to read is shown (the Tutor's next move waits for its Next, so
// the screen never shows a move the steps have not come to). A session that cannot pause,
// online, goes on.
func (g *gameScreen) holdBots() {
	if p, ok := g.ISession.(app.BotPauser); ok {
		p.PauseBots((g.dialog != "" && !g.auto) || g.tutorialReading())
	}
}

// replayMoves shows moves [from, to) again on the board, one by one, each animated as it
// was, then goes back to the game; Back to the game stops it.
func (g *gameScreen) replayMoves(from, to int) {
	past, err := g.ISession.Game().At(from)
	if err != nil {
		g.setNotice(err.Error(), true)
		return
	}
	g.history, g.past = from, past
	g.replayTo = to
	g.follow()
	g.ctx.After(replayStep, g.replayNext)
}

// replayStep is how long each move of a replay stays on the board before the next.
const replayStep = 1100 * time.Millisecond

func (g *gameScreen) replayNext(ctx goapp.Context) {
	if g.history < 0 || g.replayTo == 0 {
		g.replayTo = 0 // stopped (Back to the game, another move from the log)
		return
	}
	n := g.history + 1
	defer g.follow()
	if n >= g.replayTo || n >= len(g.ISession.Game().Moves()) {
		g.history, g.past, g.replayTo = -1, nil, 0
		return
	}
	past, err := g.ISession.Game().At(n)
	if err != nil {
		g.history, g.past, g.replayTo = -1, nil, 0
		return
	}
	g.history, g.past = n, past
	ctx.After(replayStep, g.replayNext)
}

// showHistory shows the board after move n (from the log), read-only.
func (g *gameScreen) showHistory(ctx goapp.Context, move int) {
	g.replayTo = 0
	n := move + 1
	game := g.ISession.Game()
	defer g.follow()
	if n >= len(game.Moves()) {
		g.history, g.past = -1, nil
		return
	}
	past, err := game.At(n)
	if err != nil {
		g.setNotice(err.Error(), true)
		return
	}
	g.history, g.past = n, past
}

// autoPlay is a clearly labelled debug aid (enabled by the localStorage key brass/debug):
// it plays random legal moves for this device's seats until the era changes or the game
// ends, to fast-forward tests. Online, it plays this device's seat whenever its turn comes.
func (g *gameScreen) autoPlay(ctx goapp.Context, e goapp.Event) {
	g.auto, g.autoEra = true, g.ISession.Game().State().Era
	g.autoStep()
}

// autoStep plays while the actor is on this device: all at once when every seat is here
// (a hotseat fast-forward), otherwise one move per frame, so the other devices see each
// move as a player would make it.
func (g *gameScreen) autoStep() {
	game := g.ISession.Game()
	seed := uint64(len(game.Moves()))*2654435761 + 1
	played := false
	stepwise := g.localSeats() < game.Config().Players
	for !game.Over() && game.State().Era == g.autoEra && g.ISession.LocalSeat(game.State().Actor()) {
		legal := game.LegalMoves()
		seed = seed*6364136223846793005 + 1442695040888963407
		m := legal[int((seed>>33)%uint64(len(legal)))]
		if err := g.ISession.Submit(m); err != nil {
			g.setNotice(err.Error(), true)
			g.auto = false
			return
		}
		played = true
		game = g.ISession.Game()
		if stepwise {
			g.ctx.After(20*time.Millisecond, func(goapp.Context) {
				if g.auto {
					g.autoStep()
				}
			})
			break
		}
	}
	if game.Over() || game.State().Era != g.autoEra {
		g.auto = false
	}
	if played {
		g.afterChange()
	}
}
