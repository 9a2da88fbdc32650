package ui

// The game screen's view: the page around the board (status, menu, slots for the online
// strip, the history banner, the cover, the controls and the log), the player panels and
// what the board highlights.

import (
	"brass/app"
	"brass/engine"
	"brass/lang"
	"brass/ui/board"
	"brass/ui/kit"
	"brass/ui/view"
	"encoding/json"
	"strconv"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

func (g *gameScreen) Render() goapp.UI {
	if g.ISession == nil {
		return goapp.Div()
	}
	game := g.ISession.Game()
	st := game.State()
	live := g.history < 0
	shown := g.shownState()
	names := g.names()
	colours := g.ISession.Colours()
	actor := st.Actor()
	covered := g.covered()
	// Under the cover the controls are drawn, hidden, once prepared (a restored half-built
	// action is drawn when revealed).
	prepared := covered && g.preparedFor == len(game.Moves()) && !g.builder.active()

	var choice engine.Choice
	if live && g.builder.active() && !covered {
		choice = g.builder.next(g.legalMoves())
	}
	shownView := g.views.Of(shown)
	props := board.Props{Game: shownView, Colours: colours, Names: names}
	if live && g.builder.active() && !covered {
		g.highlight(&props, choice)
	}
	// The hint's move glows on the board where it would build, sell or take from, until
	// an action is begun (then the builder's own answers glow).
	if h := g.hint; live && !covered && !g.builder.active() && h != nil && !h.waiting && h.err == "" && h.at == len(game.Moves()) {
		props.Hint = kit.Sorted(moveBoardIDs(h.move))
	}
	if !g.builder.active() {
		g.tutorialGlow(&props.Hint)
	}
	// While the hand is covered, and whenever others (bots, other devices) have played since
	// this device's people last did, the board marks what they did and a recap tells it.
	var recap goapp.UI
	if live && !game.Over() && (covered || !g.builder.active()) {
		if p, from, to := g.recapRange(game, covered); p >= 0 {
			for _, m := range game.Moves()[from:to] {
				props.Recent = append(props.Recent, moveBoardIDs(m)...)
			}
			props.Recent = dedupSorted(props.Recent)
			who := names[p]
			for _, m := range game.Moves()[from:to] {
				if m.Player != p {
					who = lang.T("game.other_players")
				}
			}
			rc := newMoveRecap().Entries(recapEntries(game.Log(), from, to)).Name(who).Colour(colourOf(colours, p)).Marked(len(props.Recent) > 0)
			if to-from > 1 && !covered {
				// Several moves since this device's people last played (another device's
				// turns, seen on opening an own-pace game): they can be watched again in turn.
				rc = rc.OnReplay(func(ctx goapp.Context) { g.replayMoves(from, to) })
			}
			recap = rc
		}
	}

	sheetUp, sheetTab := g.placed(g.sheetAskFor(game, covered, choice, onTheBoard(choice)))

	panels := make([]goapp.UI, 0, len(names))
	for _, p := range shownView.Turn.Order {
		panels = append(panels, newPlayerPanel().Game(shownView).Player(p).Name(names[p]).Colour(colourOf(colours, p)).Active(p == shownView.Turn.Actor && !game.Over()))
	}

	screen := goapp.Div().Class("game-screen")
	if h, ok := g.ISession.(interface{ Hidden() app.HiddenReport }); ok && g.debug {
		// Debug: what this device holds of the cards its player may not see (all 0 when the
		// devices deal the cards), for the browser test that looks for it.
		b, _ := json.Marshal(h.Hidden())
		screen = screen.DataSet("hidden", string(b))
	}
	if c, ok := g.ISession.(interface{ CaughtUp() bool }); ok {
		// An own-pace game's page has read the whole mailbox (for tests, and the status line).
		screen = screen.DataSet("caught-up", c.CaughtUp())
	}
	return screen.
		// The engine's state hash and move count, for tests and for checking two devices agree.
		DataSet("hash", strconv.FormatUint(game.Hash(), 16)).DataSet("moves", len(game.Moves())).
		DataSet("actor", actor).DataSet("phase", int(st.Phase)).Body(
		goapp.H1().Class("visually-hidden").Text(g.ISession.Game().State().Edition().Name+", "+strings.Join(names, ", ")),
		goapp.Header().Class("gs-top").Body(
			// On a phone the status is one line that scrolls sideways: it takes the focus, so
			// a keyboard can scroll it too.
			goapp.Div().Class("gs-status").TabIndex(0).Body(newStatusBar().Game(shownView).Names(names).Colours(colours)),
			goapp.Div().Class("gs-menu").Body(
				goapp.If(g.debug && live && !game.Over(), func() goapp.UI {
					return goapp.Button().ID("debug-autoplay").Class("gs-btn gs-debug").Text(lang.T("game.debug_autoplay")).OnClick(g.autoPlay)
				}),
				g.motionButton(),
				goapp.Button().ID("toggle-log").Class("gs-btn").Text(lang.T("sheet.log")).Aria("pressed", g.showLog).Aria("controls", "gs-log").OnClick(g.toggleLog),
				goapp.Button().ID("quit").Class("gs-btn").Text(lang.T("game.menu")).Title(lang.T("game.menu_title")).OnClick(func(ctx goapp.Context, e goapp.Event) {
					if g.IOnQuit != nil {
						g.IOnQuit(ctx)
					}
				}),
			),
		),
		// Conditional parts sit in fixed slots: go-app diffs children by position, so a part
		// appearing before its siblings would otherwise remount them all.
		slot("gs-slot-online", g.renderOnline()),
		slot("gs-slot-watch", g.renderWatching()),
		slot("gs-slot-bot-problem", g.renderBotProblem()),
		goapp.Div().Class("gs-main").Body(
			goapp.Div().Class("gs-board").Body(
				// The banner lies over the top of the board (beside its zoom buttons), so the
				// board keeps its place when it shows.
				slot("gs-slot-history", goapp.If(!live, func() goapp.UI {
					return goapp.Div().ID("history-banner").Class("gs-history").Body(
						goapp.Span().Text(lang.T("game.history", lang.N("move", g.history))),
						goapp.Button().Class("gs-btn").Text(lang.T("game.history_back")).OnClick(func(ctx goapp.Context, e goapp.Event) { g.history, g.past = -1, nil; g.follow() }),
					)
				})),
				board.NewFrame().Props(props).OnPick(g.onBoardPick).OnRefused(g.onBoardRefused),
			),
			// The phone's sheet (game_sheet.go); elsewhere its box is display: contents, and
			// the side column and the log lie beside the board as before.
			goapp.Div().ID("gs-sheet").Class(sheetClass(sheetUp, sheetTab)).DataSet("over-board", "").Body(
				g.renderSheetBar(g.sheetPrompt(game, covered, choice, names), sheetUp, sheetTab),
				goapp.Div().Class("gs-side").Body(
					// Hotseat privacy covers the hand only: the board, panels and log stay public.
					slot("gs-slot-tutorial", goapp.If(live && !covered, func() goapp.UI { return g.renderTutorial(st, names, choice) })),
					goapp.Div().Class("gs-slot-controls").Body(
						slot("gs-slot-cover", goapp.If(covered, func() goapp.UI {
							return goapp.Section().ID("cover").Class("gs-cover").Aria("label", lang.T("game.cover_label")).Body(
								newPassDevice().Name(names[actor]).Colour(colourOf(colours, actor)).OnReveal(g.reveal),
								slot("gs-slot-recap", recap),
							)
						})),
						slot(controlsSlotClass(covered), goapp.If(live && !game.Over() && (!covered || prepared), func() goapp.UI {
							// Covered, no question is asked (choice is empty) and the recap is on the cover.
							if covered {
								return g.renderControls(game, choice, names, nil)
							}
							return g.renderControls(game, choice, names, recap)
						})),
					),
					goapp.Div().Class("gs-panels").Body(panels...),
				),
				// The log is a column of its own (on a phone, the sheet's Log tab): it never
				// lies over the controls.
				goapp.Section().ID("gs-log").Class(logClass(g.showLog)).Aria("label", lang.T("log.label")).Body(
					goapp.Div().Class("gs-log-head").Body(
						goapp.H2().Class("gs-log-title").Text(lang.T("sheet.log")),
						goapp.Button().ID("close-log").Class("gs-btn gs-log-close").Aria("label", lang.T("game.close_log")).Text("×").OnClick(g.closeLog),
					),
					newGameLog().Entries(game.Log()).Colours(colours).Selected(g.history-1).OnSelect(g.showHistory),
				),
			),
		),
		goapp.Div().Class("gs-slot-dialog"+g.momentClass(game)).OnClick(g.showMoment).Body(goapp.If(g.dialog == "round", func() goapp.UI {
			return newRoundSummary().Game(game).Names(names).Colours(colours).OnClose(g.closeDialog)
		}).ElseIf(g.dialog == "era", func() goapp.UI {
			return newEraSummary().Game(game).Names(names).Colours(colours).OnClose(g.closeDialog)
		}).ElseIf(game.Over() && live, func() goapp.UI {
			return newFinalScores().Game(game).Names(names).Colours(colours).Folded(g.scoresSeen).OnFold(g.foldScores)
		})),
	)
}

// momentClass lets a summary that a move just opened (a round's, an era's or the game's
// end) wait until that move has been seen: the dialog is on the page at once (it holds the
// bots, takes Escape and is found by tests) but stays see-through while the move plays on
// the board, longer when the move is animated (web/app.css); a tap shows it at once
// (showMoment).
func (g *gameScreen) momentClass(game *engine.Game) string {
	switch {
	case g.history >= 0 || g.momentFor != len(game.Moves()):
		return ""
	case g.motion.off:
		return " gs-moment gs-moment-still"
	}
	return " gs-moment"
}

// showMoment shows a waiting summary at once: a tap on it while the move plays.
func (g *gameScreen) showMoment(ctx goapp.Context, e goapp.Event) { g.momentFor = -1 }

// toggleLog opens or closes the log column (the header's Log; a phone has the sheet's tab).
func (g *gameScreen) toggleLog(ctx goapp.Context, e goapp.Event) { g.showLog = !g.showLog }

// closeLog closes the log, the column or the phone's tab.
func (g *gameScreen) closeLog(ctx goapp.Context, e goapp.Event) {
	g.showLog = false
	if _, tab := g.placed(g.sheetNow()); tab == "log" {
		g.sheet.tab = ""
	}
}

// undoButton is Undo, shown with the actions while the last action can be taken back. It
// lies in the builder, not in the menu: the menu never changes, so the header never wraps
// and the board never moves when Undo appears (at 1366×768 the header took a second row).
func (g *gameScreen) undoButton() goapp.UI {
	return goapp.If(g.history < 0 && g.ISession.CanUndo(), func() goapp.UI {
		return goapp.Button().ID("undo").Class("gs-btn").Text(lang.T("game.undo")).Title(lang.T("game.undo_title")).OnClick(g.undo)
	})
}

// renderOnline is the online players' strip, for an online game.
func (g *gameScreen) renderOnline() goapp.UI {
	on, ok := g.ISession.(app.OnlineSession)
	if !ok {
		return nil
	}
	return newPeerStrip().Session(on).Revision(g.IRevision)
}

// localSeats is how many seats play on this device.
func (g *gameScreen) localSeats() int {
	n := 0
	for p := 0; p < g.ISession.Game().Config().Players; p++ {
		if g.ISession.LocalSeat(p) {
			n++
		}
	}
	return n
}

func colourOf(colours []string, p int) string {
	if p < len(colours) {
		return colours[p]
	}
	return "#888"
}

// highlight marks the legal answers of the current question on the board.
func (g *gameScreen) highlight(b *board.Props, c engine.Choice) {
	// What is chosen so far is marked; once the move is determined, everything it uses is,
	// including what the engine chose because there was no other choice.
	chosen := g.builder.chosen
	if c.Field == "" && len(c.Moves) == 1 {
		chosen = map[string]string{}
		for _, f := range engine.Steps[c.Moves[0].Type] {
			chosen[f] = c.Moves[0].Field(f)
		}
	}
	var selected []string
	for f, v := range chosen {
		if v != "" && boardField(f) != "" && boardField(f) != "card" {
			selected = append(selected, boardIDs(f, []string{v})...)
		}
	}
	b.Selected = kit.Sorted(selected)
	switch boardField(c.Field) {
	case "space":
		b.Spaces = boardIDs(c.Field, c.Values)
	case "link":
		b.Links = boardIDs(c.Field, c.Values)
	case "merchant":
		b.Merchants = boardIDs(c.Field, c.Values)
	case "source":
		b.Sources = boardIDs(c.Field, c.Values)
	case "port":
		b.Spaces = boardIDs(c.Field, c.Values)
	}
}

// renderControls is the hand and the action builder.
func (g *gameScreen) renderControls(game *engine.Game, c engine.Choice, names []string, recap goapp.UI) goapp.UI {
	st := game.State()
	actor := st.Actor()
	if !g.ISession.LocalSeat(actor) {
		return g.renderWaiting(st, names, recap)
	}
	var choosable []string
	if isCardField(c.Field) {
		for _, v := range c.Values {
			if v != "" {
				choosable = append(choosable, v)
			}
		}
	}
	selected := g.builder.chosenCards()
	return goapp.Section().ID("controls").Class("gs-controls").Aria("label", lang.T("start.turn_of", lang.S("name", names[actor]))).Body(
		slot("gs-slot-recap", recap),
		slot("gs-slot-hint", g.renderHint(names)),
		g.renderBuilder(game, c, names),
		g.renderHandStrip(newHand().Game(g.views.Of(st)).Player(actor).Choosable(choosable).Selected(selected).OnCard(g.onCard).OnRefused(g.onCardRefused)),
	)
}

// renderWaiting is the side panel while another device (or a bot) plays: whose turn it is,
// what the last player did, and this device's own hand, never the actor's.
func (g *gameScreen) renderWaiting(st *engine.State, names []string, recap goapp.UI) goapp.UI {
	me := -1
	for p := range g.views.Of(st).Seats {
		if g.ISession.LocalSeat(p) {
			me = p
		}
	}
	text := lang.T("game.waiting", lang.S("name", names[st.Actor()]))
	if lv := botLevel(g.ISession, st.Actor()); lv != "" {
		text = thinkingText(names[st.Actor()], lv)
	}
	if on, ok := g.ISession.(app.OnlineSession); ok && on.Ended() {
		text = lang.T("game.ended")
	}
	body := []goapp.UI{
		goapp.P().ID("waiting").Class("gs-prompt gs-waiting").Role("status").Text(text),
		slot("gs-slot-recap", recap),
	}
	if me >= 0 {
		// The same callback as the playing hand: go-app keeps a mounted component's
		// unexported fields, so this hand keeps it when the turn comes.
		body = append(body, g.renderHandStrip(newHand().Game(g.views.Of(st)).Player(me).OnCard(g.onCard).OnRefused(g.onCardRefused)))
	}
	return goapp.Section().ID("controls").Class("gs-controls").Aria("label", lang.T("game.waiting_label")).Body(body...)
}

func (g *gameScreen) renderBuilder(game *engine.Game, c engine.Choice, names []string) goapp.UI {
	st := game.State()
	legal := g.legalMoves()
	var body []goapp.UI
	notice := goapp.If(g.notice != "" || len(g.noticeLines) > 0, func() goapp.UI {
		cls := "gs-notice"
		if g.noticeBad {
			cls += " gs-notice-bad"
		}
		if len(g.noticeLines) > 0 {
			items := make([]goapp.UI, 0, len(g.noticeLines))
			for _, l := range g.noticeLines {
				items = append(items, goapp.Li().Text(kit.Typeset(l)))
			}
			return goapp.Div().ID("notice").Class(cls+" gs-notice-list").Role("status").Body(
				goapp.If(g.notice != "", func() goapp.UI { return goapp.P().Text(kit.Typeset(g.notice)) }),
				goapp.Ul().Body(items...),
			)
		}
		return goapp.P().ID("notice").Class(cls).Role("status").Text(kit.Typeset(g.notice))
	})
	switch {
	case game.Over():
		return goapp.Div().ID("builder").Class("gs-builder").Body(goapp.P().Text(lang.T("sb.over")))
	case !g.builder.active() && st.Phase == engine.PhaseAction:
		left := g.views.Of(st).Turn.Left
		body = append(body, goapp.H2().Class("gs-prompt").Text(lang.T("game.choose_action", lang.S("name", names[st.Actor()]), lang.N("n", left))))
		var buttons []goapp.UI
		for _, at := range actionTypes() {
			if at.typ == "scout" && !st.Edition().Rules.Scout {
				continue // Lancashire has no Scout action
			}
			at.help = actionHelp(st.Edition(), at.typ, at.help)
			n := 0
			for _, m := range legal {
				if m.Type == at.typ {
					n++
				}
			}
			n = g.tutorialActions(at.typ, n)
			typ, label := at.typ, at.label
			btn := goapp.Button().ID("action-" + typ).Class("gs-action").Text(at.label)
			if g.tutorialCoach(typ) {
				btn = btn.Class("tut-glow")
			}
			if n == 0 {
				// Dimmed, but it still answers a tap with the reason (a disabled button would not).
				btn = btn.Aria("disabled", "true").Title(lang.T("game.action_off", lang.S("action", at.label))).
					OnClick(func(ctx goapp.Context, e goapp.Event) { g.refuseAction(label, typ) }, goapp.EventScope("off", typ))
			} else {
				btn = btn.Title(at.help).OnClick(func(ctx goapp.Context, e goapp.Event) { g.startAction(typ) }, goapp.EventScope(typ))
			}
			buttons = append(buttons, btn)
		}
		body = append(body, goapp.Div().Class("gs-actions").Body(buttons...), notice,
			goapp.Div().Class("gs-buttons gs-undo").Body(g.undoButton()))
	case !g.builder.active():
		// Selling or shortfall: the builder starts by itself once the hand is revealed.
		typ := "sell"
		if st.Phase == engine.PhaseShortfall {
			typ = "remove_tile"
		}
		body = append(body, goapp.Button().ID("resume-"+typ).Class("gs-action").Text(lang.T("game.continue")).OnClick(func(ctx goapp.Context, e goapp.Event) { g.startAction(typ) }), notice)
	default:
		body = append(body, g.renderQuestion(game, c, names, notice)...)
	}
	return goapp.Div().ID("builder").Class("gs-builder").Body(body...)
}

// renderQuestion shows the choices made so far, the current question with its answers,
// or the summary and Confirm when the move is complete. A refusal shows right under the
// question, next to what it is about.
func (g *gameScreen) renderQuestion(game *engine.Game, c engine.Choice, names []string, notice goapp.UI) []goapp.UI {
	st := game.State()
	typ := g.builder.typ
	var out []goapp.UI
	title := actionLabel(typ)
	switch typ {
	case "sell":
		if st.Phase == engine.PhaseSelling {
			title = lang.T("game.sell_another")
		}
	case "remove_tile":
		title = lang.T("game.pay_shortfall")
	}
	var crumbs []goapp.UI
	for _, f := range g.builder.order {
		v := g.builder.chosen[f]
		crumbs = append(crumbs, goapp.Li().Text(choiceLabel(g.views.Of(st), names, g.builder.chosen, f, v)))
	}
	out = append(out, goapp.H2().Class("gs-prompt").Text(title), goapp.Ol().Class("gs-crumbs").Body(crumbs...))

	var buttons []goapp.UI
	// Confirm and Stop selling wait a moment before they take a tap (web/app.css, gs-arm):
	// a class that changes with every move changes their keyframes, so the wait starts again
	// on a node go-app kept from the position before (a sale straight after a sale).
	arm := ""
	if len(game.Moves())%2 == 1 {
		arm = " gs-arm-odd"
	}
	switch {
	case c.Field == "cards.0" || c.Field == "cards.1":
		// Scout's two more cards are tapped in the hand, one after the other.
		out = append(out, goapp.P().ID("question").Class("gs-question").Text(prompt(typ, c.Field)), notice)
	case c.Field == "cards":
		// A Lancashire build's second card: drawn as cards, in a list that wraps.
		out = append(out, goapp.P().ID("question").Class("gs-question").Text(questionPrompt(typ, c)), notice,
			g.secondCardChoices(st, names, c))
	case c.Field != "":
		out = append(out, goapp.P().ID("question").Class("gs-question").Text(prompt(typ, c.Field)), notice)
		bf := boardField(c.Field)
		var opts []goapp.UI
		for _, v := range c.Values {
			// Board answers are chosen on the board; the list repeats them for keyboards and
			// small screens. "market" and "" have no place on the board.
			field, value := c.Field, v
			label := choiceLabel(g.views.Of(st), names, g.builder.chosen, field, value)
			if bf == "source" && value == "market" {
				label = marketLabel(g.views.Of(st), field)
			}
			opts = append(opts, goapp.Button().Class("gs-choice").ID("choice-"+safeID(value)).Text(label).
				OnClick(func(ctx goapp.Context, e goapp.Event) { g.answer(field, value) }, goapp.EventScope(field+"/"+value)))
		}
		if c.Field != "card" {
			out = append(out, goapp.Div().Class("gs-choices").Body(opts...))
		}
	case len(c.Moves) == 1:
		out = append(out, g.renderSummary(game, c.Moves[0]), notice)
		buttons = append(buttons, goapp.Button().ID("confirm").Class("gs-btn gs-confirm"+arm).Text(lang.T("game.confirm")).OnClick(func(ctx goapp.Context, e goapp.Event) { g.confirm(ctx) }))
	default:
		out = append(out, goapp.P().Class("gs-question").Text(lang.T("game.no_match")), notice)
	}
	if st.Phase == engine.PhaseSelling {
		buttons = append(buttons, goapp.Button().ID("end-sell").Class("gs-btn"+arm).Text(lang.T("game.stop_selling")).
			OnClick(func(ctx goapp.Context, e goapp.Event) {
				g.submit(ctx, engine.Move{Type: "end_sell", Player: st.Actor()})
			}))
	}
	if len(g.builder.order) == 0 && st.Phase != engine.PhaseAction {
		buttons = append(buttons, g.undoButton()) // a sale taken back while selling goes on
	}
	if len(g.builder.order) > 0 {
		buttons = append(buttons, goapp.Button().ID("back").Class("gs-btn").Text(lang.T("root.back")).OnClick(func(ctx goapp.Context, e goapp.Event) {
			g.builder.back()
			g.setNotice("", false)
			g.saveDraft()
		}))
	}
	if st.Phase == engine.PhaseAction {
		buttons = append(buttons, goapp.Button().ID("cancel").Class("gs-btn").Text(lang.T("ng.cancel")).OnClick(func(ctx goapp.Context, e goapp.Event) {
			g.builder.reset()
			g.setNotice("", false)
			g.saveDraft()
		}))
	}
	return append(out, goapp.Div().Class("gs-buttons").Body(buttons...))
}

func marketLabel(g *view.Game, field string) string {
	if strings.HasPrefix(field, "coal.") {
		return lang.T("game.coal_market", lang.S("price", kit.Money(g.Coal.BuyPrice)))
	}
	return lang.T("game.iron_market", lang.S("price", kit.Money(g.Iron.BuyPrice)))
}

// safeID makes a value usable in an element id.
func safeID(v string) string {
	if v == "" {
		return "none"
	}
	return strings.NewReplacer("+", "-", " ", "-").Replace(v)
}

// renderSummary previews the move: what the action does, then what the end of the round
// or era it causes does, each with the player's money, income and VP before and after.
func (g *gameScreen) renderSummary(game *engine.Game, m engine.Move) goapp.UI {
	outcomes, err := game.Preview(m)
	if err != nil {
		return goapp.P().Class("gs-notice gs-notice-bad").Text(kit.Typeset(refusalText(game.State(), err)))
	}
	return renderPreview(summarize(game.State(), outcomes))
}

func logClass(open bool) string {
	if open {
		return "gs-log gs-log-open"
	}
	return "gs-log"
}

// slot wraps a conditional part in an element that is always there (see Render).
func slot(class string, ui goapp.UI) goapp.UI {
	return goapp.Div().Class(class).Body(ui)
}

// controlsSlotClass is the class of the controls' slot: hidden while the hand is covered
// (the controls may be drawn there, prepared, but are neither seen, read out nor focused).
func controlsSlotClass(covered bool) string {
	if covered {
		return "gs-slot-turn gs-under-cover"
	}
	return "gs-slot-turn"
}

// renderWatching says the screen is a spectator's, read-only (a watch link), and what of the
// game cannot be shown.
func (g *gameScreen) renderWatching() goapp.UI {
	w, ok := g.ISession.(*app.Watch)
	if !ok {
		return nil
	}
	text := lang.T("game.watching")
	if st := w.Status(); st != "" {
		text += " " + st
	}
	return goapp.P().ID("watching").Class("gs-history").Role("status").Text(text)
}

// thinkingText says a bot is choosing its move: "Ben (Easy bot) is thinking…", or, for a seat
// already named after its bot ("Easy bot 2"), "Easy bot 2 is thinking…".
func thinkingText(name, level string) string {
	// A seat left unnamed keeps its English default name (docs/languages.md).
	if strings.Contains(name, app.BotLevelName(level)+" bot") {
		return lang.T("game.thinking", lang.S("name", name))
	}
	return lang.T("game.bot_thinking", lang.S("name", name), lang.S("bot", lang.T("ng.bot", lang.S("level", botLevelWords(level)))))
}
