package ui

// The game screen's controller: what a tap on an action, a card or the board, Confirm and
// Undo do to the half-built action, and what happens after a move (notices, drafts, the
// dialogs that follow a round or an era).

import (
	"strings"

	"brass/engine"
	"brass/ui/board"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

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
	g.setNoticeList(label+" is not possible now:", actionRefusal(g.ISession.Game(), typ), true)
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
	m, ok := withChoice(c, field, value)
	if !ok {
		g.setNotice("That is not a legal choice now.", true)
		return
	}
	if err := g.ISession.Game().Check(m); err != nil {
		g.setNotice(err.Error(), true)
		return
	}
	g.setNotice("That is not one of the choices left for this action.", true)
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
		g.setNotice("Choose one of the highlighted places: "+strings.TrimSuffix(prompt(g.builder.typ, c.Field), "."), true)
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
		g.setNotice(err.Error(), true)
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
	g.saveDraft()
	g.prepareUnderCover()
}
