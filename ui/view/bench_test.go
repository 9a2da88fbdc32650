package view_test

import (
	"testing"

	"brass/engine"
	"brass/ui/view"
)

// midGame plays a game some moves in, always the first legal move.
func midGame(b *testing.B, edition string, moves int) *engine.State {
	game, err := engine.NewGame(engine.Config{Edition: edition, Players: 4, Seed: 2})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < moves && !game.Over(); i++ {
		legal := game.LegalMoves()
		if err := game.Apply(legal[len(legal)/2]); err != nil {
			b.Fatal(err)
		}
	}
	return game.State()
}

// BenchmarkOf is what building the view costs once per move (a phone re-renders the game
// screen on every click, but builds the view only when the state changed); BenchmarkCached
// is what asking for it again costs on each render.
func BenchmarkOf(b *testing.B) {
	for _, edition := range []string{"birmingham", "lancashire"} {
		s := midGame(b, edition, 40)
		b.Run(edition, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = view.Of(s)
			}
			perView(b)
		})
	}
}

func BenchmarkCached(b *testing.B) {
	s := midGame(b, "birmingham", 40)
	var c view.Cache
	c.Of(s)
	b.ReportAllocs()
	for b.Loop() {
		_ = c.Of(s)
	}
	perView(b)
}

// perView reports the time and allocations of one view, the figures docs/figures.md keeps.
func perView(b *testing.B) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/view")
}
