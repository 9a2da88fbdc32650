package ui

// Looking back and taking back: Undo, the board after an earlier move (read-only), closing
// a dialog, and the debug auto-play.

import (
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

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
	g.shownPoints = len(g.ISession.Game().Snapshots())
}

// showHistory shows the board after move n (from the log), read-only.
func (g *gameScreen) showHistory(ctx goapp.Context, move int) {
	n := move + 1
	game := g.ISession.Game()
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
