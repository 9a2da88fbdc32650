package engine_test

import (
	"testing"

	"brass/engine"
	"brass/engine/enginetest"
)

// TestOverbuildOwnTileWithCubes checks "Overbuilding": "If there are any iron / coal / beer
// on the tile being replaced, place them back into the General Supply" — the replaced tile
// leaves the game and does not flip, so its owner's income does not rise.
func TestOverbuildOwnTileWithCubes(t *testing.T) {
	g := enginetest.New(t, 2).Era(engine.Rail).Turn(0).
		Tile("cannock_2", 0, engine.Coal, 2, 1).
		MatLevel(0, engine.Coal, 3).
		IronMarket(8).
		Money(0, 30).
		Hand(0, "cannock", "stafford").
		Game()
	income := g.State().Players[0].IncomeSpace
	if err := g.Apply(engine.Move{Type: "build", Player: 0, Card: "cannock", Industry: "coal_mine", Space: "cannock_2"}); err != nil {
		t.Fatal(err)
	}
	s := g.State()
	sp, _ := s.Edition().SpaceByID("cannock_2")
	if tile := s.Tiles[sp]; s.TileSpec(tile).Level != 3 || tile.Cubes != 4 || tile.Flipped {
		t.Fatalf("new tile %+v", tile)
	}
	if s.Players[0].IncomeSpace != income {
		t.Fatalf("income moved from %d to %d: the overbuilt tile must not flip", income, s.Players[0].IncomeSpace)
	}
}
