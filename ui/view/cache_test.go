package view_test

import (
	"testing"

	"brass/engine"
	"brass/ui/view"
)

// TestCache: an equal state gets the Game built before (the same pointer, so the screen's
// parts compare it at no cost); a move, an undo to another position get a new one; the live state and an earlier one shown beside it are both kept.
func TestCache(t *testing.T) {
	game, err := engine.NewGame(engine.Config{Edition: "birmingham", Players: 2, Seed: 4, Names: []string{"Ann", "Bo"}})
	if err != nil {
		t.Fatal(err)
	}
	var c view.Cache
	first := c.Of(game.State())
	copied := *game.State()
	if c.Of(&copied) != first {
		t.Error("an equal state got a new Game")
	}
	if err := game.Apply(game.LegalMoves()[0]); err != nil {
		t.Fatal(err)
	}
	second := c.Of(game.State())
	if second == first || second.Turn.Moves != 1 {
		t.Errorf("a move got the old Game (moves %d)", second.Turn.Moves)
	}
	if c.Of(&copied) != first || c.Of(game.State()) != second {
		t.Error("the two states shown in turn are not both kept")
	}
	if g := c.Of(&engine.State{}); g.Started || c.Of(game.State()) != second {
		t.Error("no game: not the empty board, or it pushed a game out")
	}
}
