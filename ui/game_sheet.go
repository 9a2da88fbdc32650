package ui

// The phone's bottom sheet: on a narrow portrait screen the side column (the tutorial, the
// controls, the player panels) and the log lie in a sheet over the bottom of the board,
// which stays in view above it (web/app.css lays it out; elsewhere the sheet's box is
// display: contents and its bar is hidden). The sheet rises by itself when a question is
// answered in it (an action, a card, a listed choice, Confirm, the pass-the-device cover)
// and lowers when it is answered on the board, so that the glowing places are in view, and
// for a tutorial step to read, whose Next lies at the top of the lowered sheet. Its handle
// raises and lowers it by hand until the next question. Where it stands is worked out
// from the question and what the player chose (placed), so a render changes nothing; its
// state is the screen's own and never reaches the board's Props, so moving it redraws no
// board.

import (
	"brass/engine"
	"brass/lang"
	"strconv"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// sheetState is what the player chose for the phone's sheet; where it stands follows from
// that and the question on screen (placed), so drawing the screen changes nothing.
type sheetState struct {
	// byHand is the question the player raised or lowered the sheet for, and up how they
	// left it: a new question places it again.
	byHand string
	up     bool
	// tab is the tab the player chose ("": the turn; "players"; "log"), at the question
	// tabAt, when the game had tabMoves moves: it stays shown until this device is asked a
	// question of its own.
	tab      string
	tabAt    string
	tabMoves int
	hand     bool // the hand's strip is expanded to every card
}

// sheetAsk is the question on screen as far as the sheet cares: a key that changes when
// another question is asked, whether it is one of this device's own (the sheet then shows
// the turn again) and whether it is answered in the sheet (up) or on the board.
type sheetAsk struct {
	key   string
	local bool
	up    bool
}

// sheetQuestion describes the question on screen. moves is the game's length, covered
// the pass-the-device cover, local whether the actor plays on this device, c the builder's
// question when an action is begun (active), onBoard whether its answers glow on the
// board, and tell the tutorial's step to read (−1: none).
func sheetQuestion(moves int, over, covered, local, active bool, typ string, answered int, c engine.Choice, onBoard bool, tell int) sheetAsk {
	n := strconv.Itoa(moves)
	switch {
	case over:
		return sheetAsk{key: "over"}
	case tell >= 0:
		// A step to read: its words and Next lie at the top of the lowered sheet, and what
		// it points at glows on the board above.
		return sheetAsk{key: "tell:" + strconv.Itoa(tell), local: true}
	case covered:
		return sheetAsk{key: "cover:" + n, local: true, up: true}
	case !local:
		// One key for all the moves others make in a row: the sheet is left as the player
		// put it while they watch (reading the log, say).
		return sheetAsk{key: "wait"}
	case !active:
		return sheetAsk{key: "act:" + n, local: true, up: true}
	}
	key := "q:" + n + ":" + typ + ":" + strconv.Itoa(answered) + ":" + c.Field
	return sheetAsk{key: key, local: true, up: !onBoard}
}

// placed is where the sheet stands for a question: raised or lowered as the player left it
// for this same question, else as the question wants; and the tab shown, which a question
// of this device's own (a new one, or one met since: a move made here) sets back to the turn.
func (g *gameScreen) placed(a sheetAsk) (up bool, tab string) {
	s := &g.sheet
	up = a.up
	if s.byHand == a.key {
		up = s.up
	}
	if s.tab == "" || s.tabAt == a.key {
		return up, s.tab
	}
	if a.local {
		return up, ""
	}
	moves := g.ISession.Game().Moves()
	for _, m := range moves[min(s.tabMoves, len(moves)):] {
		if g.ISession.LocalSeat(m.Player) {
			return up, ""
		}
	}
	return up, s.tab
}

// sheetAsk is the question on screen as the sheet sees it; a past position from the log
// is one question of its own, lowered under the board it shows.
func (g *gameScreen) sheetAskFor(game *engine.Game, covered bool, c engine.Choice, onBoard bool) sheetAsk {
	if g.history >= 0 {
		return sheetAsk{key: "history"}
	}
	st := game.State()
	tell := -1
	if step, ok := g.tutorialStep(); ok && step.Move == nil {
		tell = g.tutor.pos.Step
	}
	return sheetQuestion(len(game.Moves()), game.Over(), covered, g.ISession.LocalSeat(st.Actor()), g.builder.active(),
		g.builder.typ, len(g.builder.order), c, onBoard, tell)
}

// sheetNow is the question on screen now, for the sheet's own buttons.
func (g *gameScreen) sheetNow() sheetAsk {
	game := g.ISession.Game()
	covered := g.covered()
	var c engine.Choice
	if g.history < 0 && g.builder.active() && !covered {
		c = g.builder.next(g.legalMoves())
	}
	return g.sheetAskFor(game, covered, c, onTheBoard(c))
}

// onTheBoard reports whether a question's answers are chosen on the board.
func onTheBoard(c engine.Choice) bool {
	switch boardField(c.Field) {
	case "space", "link", "merchant", "source", "port":
		return len(c.Values) > 0
	}
	return false
}

// sheetPrompt is the line the sheet's bar shows: what the screen asks now.
func (g *gameScreen) sheetPrompt(game *engine.Game, covered bool, c engine.Choice, names []string) string {
	st := game.State()
	actor := st.Actor()
	switch {
	case g.history >= 0:
		return lang.T("sheet.after_move", lang.N("move", g.history))
	case game.Over():
		return lang.T("sb.over")
	case covered:
		return lang.T("sheet.pass_to", lang.S("name", names[actor]))
	case !g.ISession.LocalSeat(actor):
		return lang.T("sheet.playing", lang.S("name", names[actor]))
	case !g.builder.active():
		return lang.T("sheet.choose_action", lang.S("name", names[actor]))
	case c.Field != "":
		return prompt(g.builder.typ, c.Field)
	case len(c.Moves) == 1:
		return lang.T("sheet.check_confirm")
	}
	return actionLabel(g.builder.typ)
}

// sheetClass is the class of the sheet's box: raised or lowered, and the tab shown.
func sheetClass(up bool, tab string) string {
	cls := "gs-sheet"
	if up {
		cls += " gs-sheet-up"
	}
	if tab != "" {
		cls += " gs-tab-" + tab
	}
	return cls
}

// renderSheetBar is the sheet's bar: its handle, with the prompt, and the two tabs that
// show the player panels or the log in the sheet (a second tap shows the turn again).
func (g *gameScreen) renderSheetBar(prompt string, up bool, tab string) goapp.UI {
	label := lang.T("sheet.show_more")
	if up {
		label = lang.T("sheet.show_board")
	}
	return goapp.Div().Class("gs-sheet-bar").Body(
		goapp.Button().ID("sheet-toggle").Class("gs-sheet-handle").Type("button").
			Aria("expanded", up).Aria("controls", "gs-sheet").Title(label).
			OnClick(g.toggleSheet).Body(
			goapp.Span().Class("gs-sheet-grip").Aria("hidden", "true"),
			goapp.Span().ID("sheet-prompt").Class("gs-sheet-prompt").Text(prompt),
		),
		goapp.Button().ID("sheet-players").Class("gs-btn gs-sheet-tab").Type("button").Text(lang.T("sheet.players")).
			Aria("pressed", tab == "players").OnClick(func(ctx goapp.Context, e goapp.Event) { g.sheetTab("players") }),
		goapp.Button().ID("sheet-log").Class("gs-btn gs-sheet-tab").Type("button").Text(lang.T("sheet.log")).
			Aria("pressed", tab == "log").Aria("controls", "gs-log").OnClick(func(ctx goapp.Context, e goapp.Event) { g.sheetTab("log") }),
	)
}

// toggleSheet raises or lowers the sheet by hand, for the question on screen.
func (g *gameScreen) toggleSheet(ctx goapp.Context, e goapp.Event) {
	a := g.sheetNow()
	up, _ := g.placed(a)
	g.sheet.byHand, g.sheet.up = a.key, !up
}

// sheetTab shows a tab in the sheet, or the turn again when it is shown already. A tab
// opens in the lowered sheet, the board in view above it (a line of the log shows the
// board after its move); the handle raises it.
func (g *gameScreen) sheetTab(tab string) {
	a := g.sheetNow()
	s := &g.sheet
	s.tabAt, s.tabMoves = a.key, len(g.ISession.Game().Moves())
	if _, shown := g.placed(a); shown == tab {
		s.tab = ""
		return
	}
	s.tab, s.byHand, s.up = tab, a.key, false
}

// renderHandStrip wraps a hand in the phone's strip (one row that scrolls sideways) with
// the button that expands it to every card (on a wider screen the hand is shown whole and
// the button hidden).
func (g *gameScreen) renderHandStrip(h goapp.UI) goapp.UI {
	cls := "gs-hand"
	label := lang.T("sheet.all_cards")
	if g.sheet.hand {
		cls += " gs-hand-open"
		label = lang.T("sheet.one_row")
	}
	return goapp.Div().Class(cls).Body(
		goapp.Button().ID("hand-expand").Class("gs-btn gs-hand-more").Type("button").
			Aria("expanded", g.sheet.hand).Aria("controls", "hand").Text(label).
			OnClick(func(ctx goapp.Context, e goapp.Event) { g.sheet.hand = !g.sheet.hand }),
		h,
	)
}
