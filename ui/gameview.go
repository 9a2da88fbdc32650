package ui

// The game screen's view: the page around the board (status, menu, slots for the online
// strip, the history banner, the cover, the controls and the log), the player panels and
// what the board highlights.

import (
	"strconv"
	"strings"

	"brass/app"
	"brass/engine"
	"brass/ui/board"
	"brass/ui/kit"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

func (g *gameScreen) Render() goapp.UI {
	if g.ISession == nil {
		return goapp.Div()
	}
	game := g.ISession.Game()
	st := game.State()
	live := g.history < 0
	shown := st
	if !live && g.past != nil {
		shown = g.past.State()
	}
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
	props := board.Props{State: *shown, Colours: colours, Names: names}
	if live && g.builder.active() && !covered {
		g.highlight(&props, choice)
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
					who = "the other players"
				}
			}
			recap = newMoveRecap().Entries(recapEntries(game.Log(), from, to)).Name(who).Colour(colourOf(colours, p))
		}
	}

	panels := make([]goapp.UI, 0, len(names))
	for i := 0; i < int(shown.NumPlayers); i++ {
		p := int(shown.Order[i])
		panels = append(panels, newPlayerPanel().State(*shown).Player(p).Name(names[p]).Colour(colourOf(colours, p)).Active(p == shown.Actor() && !game.Over()))
	}

	return goapp.Div().Class("game-screen").
		// The engine's state hash and move count, for tests and for checking two devices agree.
		DataSet("hash", strconv.FormatUint(game.Hash(), 16)).DataSet("moves", len(game.Moves())).
		DataSet("actor", actor).DataSet("phase", int(st.Phase)).Body(
		goapp.H1().Class("visually-hidden").Text(g.ISession.Game().State().Edition().Name+", "+strings.Join(names, ", ")),
		goapp.Header().Class("gs-top").Body(
			newStatusBar().State(*shown).Names(names).Colours(colours),
			goapp.Div().Class("gs-menu").Body(
				goapp.If(live && g.ISession.CanUndo(), func() goapp.UI {
					return goapp.Button().ID("undo").Class("gs-btn").Text("Undo").Title("Take back your last action").OnClick(g.undo)
				}),
				goapp.If(g.debug && live && !game.Over(), func() goapp.UI {
					return goapp.Button().ID("debug-autoplay").Class("gs-btn gs-debug").Text("Debug: auto-play to the end of the era").OnClick(g.autoPlay)
				}),
				goapp.Button().ID("toggle-log").Class("gs-btn").Text("Log").Aria("pressed", g.showLog).Aria("controls", "gs-log").OnClick(g.toggleLog),
				goapp.Button().ID("quit").Class("gs-btn").Text("Menu").Title("Back to the start screen (the game is saved)").OnClick(func(ctx goapp.Context, e goapp.Event) {
					if g.IOnQuit != nil {
						g.IOnQuit(ctx)
					}
				}),
			),
		),
		// Conditional parts sit in fixed slots: go-app diffs children by position, so a part
		// appearing before its siblings would otherwise remount them all.
		slot("gs-slot-online", g.renderOnline()),
		slot("gs-slot-bot-problem", g.renderBotProblem()),
		slot("gs-slot-history", goapp.If(!live, func() goapp.UI {
			return goapp.Div().ID("history-banner").Class("gs-history").Body(
				goapp.Span().Text("Viewing the board after move "+strconv.Itoa(g.history)+" (read-only). "),
				goapp.Button().Class("gs-btn").Text("Back to the game").OnClick(func(ctx goapp.Context, e goapp.Event) { g.history, g.past = -1, nil }),
			)
		})),
		goapp.Div().Class("gs-main").Body(
			goapp.Div().Class("gs-board").Body(
				board.NewFrame().Props(props).OnPick(g.onBoardPick).OnRefused(g.onBoardRefused),
			),
			goapp.Div().Class("gs-side").Body(
				// Hotseat privacy covers the hand only: the board, panels and log stay public.
				goapp.Div().Class("gs-slot-controls").Body(
					slot("gs-slot-cover", goapp.If(covered, func() goapp.UI {
						return goapp.Section().ID("cover").Class("gs-cover").Aria("label", "Pass the device").Body(
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
			// The log is a column of its own (on a phone, a panel under the header): it never
			// lies over the controls.
			goapp.Section().ID("gs-log").Class(logClass(g.showLog)).Aria("label", "Game log").Body(
				goapp.Div().Class("gs-log-head").Body(
					goapp.H2().Class("gs-log-title").Text("Log"),
					goapp.Button().ID("close-log").Class("gs-btn gs-log-close").Aria("label", "Close the log").Text("×").OnClick(g.toggleLog),
				),
				newGameLog().Entries(game.Log()).Colours(colours).Selected(g.history-1).OnSelect(g.showHistory),
			),
		),
		slot("gs-slot-dialog", goapp.If(g.dialog == "round", func() goapp.UI {
			return newRoundSummary().Game(game).Names(names).Colours(colours).OnClose(g.closeDialog)
		}).ElseIf(g.dialog == "era", func() goapp.UI {
			return newEraSummary().Game(game).Names(names).Colours(colours).OnClose(g.closeDialog)
		}).ElseIf(game.Over() && live, func() goapp.UI {
			return newFinalScores().Game(game).Names(names).Colours(colours)
		})),
	)
}

// toggleLog opens or closes the log; an opened log is brought into view (on a phone it
// sits under the header).
func (g *gameScreen) toggleLog(ctx goapp.Context, e goapp.Event) {
	g.showLog = !g.showLog
	if g.showLog {
		ctx.Defer(func(goapp.Context) {
			if el := goapp.Window().GetElementByID("gs-log"); el.Truthy() {
				el.Call("scrollIntoView", map[string]any{"block": "nearest"})
			}
		})
	}
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
