package ui

// The hotseat cover: between the people sharing this device the hand is covered until the
// next one says they hold it; the controls are prepared underneath meanwhile.

import (
	"brass/engine"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// covered reports whether the hand is covered now: between the people sharing this
// device, never for a bot's turn or another device's.
func (g *gameScreen) covered() bool {
	game := g.ISession.Game()
	actor := game.State().Actor()
	return g.history < 0 && !game.Over() && g.revealed != actor && g.ISession.LocalSeat(actor) && g.localSeats() > 1
}

// prepareUnderCover draws the covered player's controls (hand and action buttons) hidden
// under the pass-the-device cover once the browser is idle: the tap that reveals them then
// only shows what is already built and laid out.
func (g *gameScreen) prepareUnderCover() {
	if !g.mounted || !g.covered() {
		return
	}
	n := len(g.ISession.Game().Moves())
	// Deferred to after the frame that draws the cover: asked for now, the browser may
	// find itself idle before it, and the hand would delay the cover.
	g.ctx.Defer(func(ctx goapp.Context) {
		whenIdle(ctx, func(goapp.Context) {
			if len(g.ISession.Game().Moves()) == n && g.covered() {
				g.preparedFor = n
			}
		})
	})
}

// reveal shows the hand of the player to act (the pass-the-device cover is tapped).
func (g *gameScreen) reveal(ctx goapp.Context) {
	st := g.ISession.Game().State()
	g.revealed = st.Actor()
	if g.builder.active() {
		return // a half-built action restored after a reload
	}
	if st.Phase == engine.PhaseSelling {
		g.builder.start("sell")
	} else if st.Phase == engine.PhaseShortfall {
		g.builder.start("remove_tile")
	}
	g.saveDraft()
}
