package ui

import (
	"brass/app"
	"brass/engine"
	"brass/ui/board"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The first game screen of a visit is drawn about twice as slowly as the next (measured with
// the CPU slowed 4x: 1.1 s against 0.5 s from Start to the screen): the browser compiles each
// of the module's functions on its first call, and the board's static markup and layout are
// built on first use. warmGame does that work while the browser is idle in the new-game
// dialog, so pressing Start finds it done. It draws a throwaway game of the edition to a
// string, in steps of one idle callback each, and never touches the page.

// warmed records the editions whose game screen is prepared.
var warmed = map[string]bool{}

// warmGame prepares the game screen of an edition once per visit, in idle time.
func warmGame(ctx goapp.Context, edition string) {
	if !goapp.IsClient || warmed[edition] {
		return
	}
	warmed[edition] = true
	whenIdle(ctx, func(ctx goapp.Context) {
		n := app.MaxPlayers
		st, err := engine.New(engine.Config{Edition: edition, Players: n, Seed: 1})
		if err != nil {
			return
		}
		names := make([]string, n)
		colours := make([]string, n)
		for i := range names {
			names[i], colours[i] = app.DefaultName(i), app.Palette[i].CSS
		}
		goapp.HTMLString(board.NewFrame().Props(board.Props{State: *st, Colours: colours, Names: names}))
		whenIdle(ctx, func(goapp.Context) {
			for p := 0; p < n; p++ {
				goapp.HTMLString(newPlayerPanel().State(*st).Player(p).Name(names[p]).Colour(colours[p]))
			}
			goapp.HTMLString(newStatusBar().State(*st).Names(names).Colours(colours))
		})
	})
}
