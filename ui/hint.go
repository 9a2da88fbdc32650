package ui

import (
	"brass/app"
	"brass/engine"
	"brass/lang"
	"brass/ui/kit"
	"brass/ui/view"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Hints and bots on the game screen: the Hard bot's suggestion for the person to act, shown
// with its reason and marked on the board, and put into the action builder on request.

// hinter is a session that can ask the Hard bot for a hint (it has a brain).
type hinter interface {
	Hint(done func(app.BotReply))
}

// botLevel is the level of the bot playing a seat of the session, or "".
func botLevel(s app.Session, seat int) string {
	if b, ok := s.(app.BotHost); ok {
		return b.BotLevel(seat)
	}
	return ""
}

// botProblem says why a bot of the session last could not choose its move, or "".
func botProblem(s app.Session) string {
	if b, ok := s.(app.BotHost); ok {
		return b.BotProblem()
	}
	return ""
}

// renderBotProblem shows that a bot could not choose and played the first legal move (its
// worker failed to start, say), so a weak move is explained.
func (g *gameScreen) renderBotProblem() goapp.UI {
	problem := botProblem(g.ISession)
	if problem == "" {
		return nil
	}
	return goapp.P().ID("bot-problem").Class("gs-notice gs-notice-bad").Role("status").Text(problem)
}

// hintState is the hint on screen.
type hintState struct {
	at      int  // the move count it was asked at
	waiting bool // asked, not answered yet
	move    engine.Move
	reason  string
	err     string
}

// askHint asks for a hint for the position now.
func (g *gameScreen) askHint(ctx goapp.Context, e goapp.Event) {
	h, ok := g.ISession.(hinter)
	if !ok {
		return
	}
	at := len(g.ISession.Game().Moves())
	g.hint = &hintState{at: at, waiting: true}
	h.Hint(func(r app.BotReply) {
		if g.hint == nil || g.hint.at != at || len(g.ISession.Game().Moves()) != at {
			return // the position moved on
		}
		g.hint = &hintState{at: at, move: r.Move, reason: r.Reason, err: r.Error}
		g.refreshHint()
	})
}

// refreshHint re-renders after an answer arrived outside an event (the session's run
// function brought it to the UI goroutine).
func (g *gameScreen) refreshHint() {
	if g.mounted {
		g.ctx.Dispatch(func(goapp.Context) {})
	}
}

// useHint puts the hinted move into the action builder, question by question, so the player
// sees it as if they had chosen it and can still change or confirm it.
func (g *gameScreen) useHint(ctx goapp.Context, e goapp.Event) {
	h := g.hint
	if h == nil || h.waiting || h.err != "" {
		return
	}
	m := h.move
	g.builder.start(m.Type)
	legal := g.legalMoves()
	for i := 0; i < 20; i++ {
		c := g.builder.next(legal)
		if c.Field == "" {
			break
		}
		g.builder.choose(c.Field, m.Field(c.Field))
	}
	g.hint = nil
	g.setNotice("", false)
}

// hintText describes a hinted move in a line: "Build a Coal Mine in Dudley".
func hintText(g *view.Game, names []string, m engine.Move) string {
	ed := g.Edition
	switch m.Type {
	case "build":
		ind, _ := engine.IndustryByID(m.Industry)
		where := m.Space
		if sp, ok := ed.SpaceByID(m.Space); ok {
			where = ed.Locations[ed.Spaces[sp].Location].Name
		}
		return lang.T("hint.build", lang.S("industry", kit.IndustryName(ind)), lang.S("town", where))
	case "network":
		var links []string
		for _, id := range m.Links {
			if l, ok := ed.LinkByID(id); ok {
				links = append(links, ed.LinkName(l))
			}
		}
		return lang.T("hint.network", lang.S("links", lang.Current().JoinAnd(links)))
	case "develop":
		var inds []string
		for _, id := range m.Develop {
			ind, _ := engine.IndustryByID(id)
			inds = append(inds, kit.IndustryName(ind))
		}
		return lang.T("hint.develop", lang.S("industries", lang.Current().JoinAnd(inds)))
	case "sell":
		if sp, ok := ed.SpaceByID(m.Space); ok {
			return lang.T("hint.sell", lang.S("industry", kit.IndustryName(g.Spaces[sp].Industry)),
				lang.S("town", ed.Locations[ed.Spaces[sp].Location].Name))
		}
		return lang.T("hint.sell_any")
	case "end_sell":
		return lang.T("hint.end_sell")
	case "loan":
		return lang.T("hint.loan")
	case "scout":
		return lang.T("hint.scout")
	case "pass":
		return lang.T("hint.pass")
	case "remove_tile":
		return lang.T("hint.remove_tile")
	}
	return m.Type
}

// renderHint is the Hint button, or the hint with its reason.
func (g *gameScreen) renderHint(names []string) goapp.UI {
	if _, ok := g.ISession.(hinter); !ok {
		return nil
	}
	game := g.ISession.Game()
	h := g.hint
	if h != nil && h.at != len(game.Moves()) {
		h, g.hint = nil, nil
	}
	switch {
	case h == nil:
		return goapp.Button().ID("hint").Class("gs-btn gs-hint-btn").Title(lang.T("hint.ask")).Text(lang.T("hint.button")).OnClick(g.askHint)
	case h.waiting:
		return goapp.P().ID("hint-box").Class("gs-hint").Role("status").Text(lang.T("hint.thinking"))
	case h.err != "":
		return goapp.P().ID("hint-box").Class("gs-hint").Role("status").Text(lang.T("hint.failed", lang.S("error", h.err)))
	}
	return goapp.Div().ID("hint-box").Class("gs-hint").Role("status").Body(
		goapp.P().Class("gs-hint-move").Body(goapp.Strong().Text(lang.T("hint.label")),
			goapp.Text(lang.T("hint.move", lang.S("move", hintText(g.views.Of(game.State()), names, h.move))))),
		goapp.If(h.reason != "", func() goapp.UI { return goapp.P().Class("gs-hint-reason").Text(kit.Typeset(h.reason)) }),
		goapp.Div().Class("gs-buttons").Body(
			goapp.Button().ID("hint-use").Class("gs-btn gs-confirm").Text(lang.T("hint.use")).OnClick(g.useHint),
			goapp.Button().ID("hint-dismiss").Class("gs-btn").Text(lang.T("hint.dismiss")).OnClick(func(ctx goapp.Context, e goapp.Event) { g.hint = nil }),
		),
	)
}

// recapRange is the moves to recap: with the hand covered, the last player's turn; otherwise
// everything the others did since this device's people last played (several bots' turns),
// or, while waiting, the last turn. It returns the last mover, or −1 when there is nothing.
func (g *gameScreen) recapRange(game *engine.Game, covered bool) (player, from, to int) {
	moves := game.Moves()
	p, from, to := lastTurn(moves)
	if p < 0 || covered || g.ISession.LocalSeat(p) {
		if covered {
			return p, from, to
		}
		return -1, 0, 0
	}
	if !g.ISession.LocalSeat(game.State().Actor()) {
		return p, from, to // waiting: the last turn
	}
	for from > 0 && !g.ISession.LocalSeat(moves[from-1].Player) {
		from--
	}
	return p, from, to
}
