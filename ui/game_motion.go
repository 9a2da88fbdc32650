package ui

// The animation of moves: whenever the board shows a state one to four moves after the one
// it showed before (a move of this device, another device's, a bot's, or the next step
// back in the log), what changed (board.DiffGames) is handed to web/anim.js once the new board
// is drawn. The page never waits for it: the DOM is final at once and the animation plays
// over it. The player turns it off in the menu (kept per device, app.SetAnimations); the
// script itself stays still when the system asks for reduced motion.

import (
	"encoding/json"

	"brass/app"
	"brass/engine"
	"brass/lang"
	"brass/ui/board"
	"brass/ui/kit"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// maxAnimatedMoves is how many moves one animation may cover; a bigger jump (a catch-up,
// opening a game, a jump in the log) is simply shown.
const maxAnimatedMoves = 4

// motion is what the game screen keeps for the animation.
type motion struct {
	off     bool         // the player turned animations off
	shown   engine.State // the state the board showed last
	have    bool
	version int // the screen's version (game) shown belongs to
}

// motionChange is what anim.js is given: the change and the moves it covers.
type motionChange struct {
	board.Change
	From  int `json:"from"`  // the first move's index (its log lines are lit)
	To    int `json:"to"`    // one past the last move's index
	Actor int `json:"actor"` // who made the first move: where used-up iron goes
}

// animate is called with the state the board is about to show; a change of a few moves
// is played over the board right after it is drawn.
func (g *gameScreen) animate(shown *engine.State) {
	m := &g.motion
	if m.have && m.version == g.version && m.shown.Moves == shown.Moves {
		return
	}
	was, had := m.shown, m.have && m.version == g.version
	m.shown, m.have, m.version = *shown, true, g.version
	n := int(shown.Moves) - int(was.Moves)
	if !had || m.off || !g.mounted || n < 1 || n > maxAnimatedMoves {
		return
	}
	c := motionChange{Change: board.DiffGames(g.views.Of(&was), g.views.Of(shown)), From: int(was.Moves), To: int(shown.Moves), Actor: was.Actor()}
	b, err := json.Marshal(c)
	if err != nil {
		return
	}
	g.ctx.Defer(func(goapp.Context) {
		if fn := goapp.Window().Get("brassAnimate"); fn.Truthy() {
			fn.Invoke(string(b))
		}
	})
}

// loadMotion reads this device's animation setting.
func (g *gameScreen) loadMotion(ctx goapp.Context) {
	g.motion.off = !app.AnimationsOn(app.NewBrowserStore(ctx.LocalStorage()))
}

// toggleMotion turns the animation of moves on or off and remembers it on this device.
func (g *gameScreen) toggleMotion(ctx goapp.Context, e goapp.Event) {
	g.motion.off = !g.motion.off
	_ = app.SetAnimations(app.NewBrowserStore(ctx.LocalStorage()), !g.motion.off) // only the setting is lost if storage is full
}

// motionButton is the menu's toggle for the animation of moves.
func (g *gameScreen) motionButton() goapp.UI {
	// An icon (a ball and its trail), so that the header keeps to one line at 1440×900 (the
	// word made the status bar wrap and pushed the side column's last panel below the fold).
	title := lang.T("game.motion_on")
	if g.motion.off {
		title = lang.T("game.motion_off")
	}
	return goapp.Button().ID("toggle-motion").Class("gs-btn gs-btn-icon").Aria("label", lang.T("game.motion")).Aria("pressed", !g.motion.off).
		Title(title).OnClick(g.toggleMotion).Body(
		kit.Svg("svg").Attr("viewBox", "0 0 26 14").Attr("width", "26").Attr("height", "14").Attr("aria-hidden", "true").Body(
			kit.Svg("circle").Attr("cx", "3").Attr("cy", "7").Attr("r", "2").Attr("opacity", "0.4"),
			kit.Svg("circle").Attr("cx", "10").Attr("cy", "7").Attr("r", "3").Attr("opacity", "0.7"),
			kit.Svg("circle").Attr("cx", "20").Attr("cy", "7").Attr("r", "5"),
		),
	)
}
