package engine_test

import (
	"testing"

	"brass/engine"
	"brass/engine/enginetest"
)

// TestDefaultSources pins the defaults documented on engine.Move for coal, iron and beer
// left out of a move. The rules leave these choices to the player ("If multiple Coal Mines
// are equally close, choose one", "Any unflipped Iron Works", "Beer may be consumed from any
// of the following sources"); the engine fills an omitted one as documented, so a move
// written by hand means one thing.
func TestDefaultSources(t *testing.T) {
	rail := func() *enginetest.Builder {
		return enginetest.New(t, 3).Era(engine.Rail).Turn(0).Money(0, 50).Hand(0, "birmingham", "stafford")
	}
	cotton2 := buildMove(0, "birmingham", "cotton_mill", "birmingham_1")
	manufacturer2 := buildMove(0, "birmingham", "manufacturer", "birmingham_2")
	cubesOn := func(t *testing.T, s *engine.State, space string) int {
		t.Helper()
		return int(tileAt(t, s, space).Cubes)
	}
	cases := []ruleCase{
		{name: "coal: of two equally close mines, the first in board order (Tamworth before Dudley)",
			pos: rail().MatLevel(0, engine.Cotton, 2).Link("tamworth-birmingham", 1).Link("dudley-birmingham", 1).
				Tile("dudley_1", 1, engine.Coal, 2, 2).Tile("tamworth_1", 2, engine.Coal, 2, 2),
			move: cotton2,
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "Tamworth coal", cubesOn(t, s, "tamworth_1"), 1)
				expectInt(t, "Dudley coal", cubesOn(t, s, "dudley_1"), 2)
			}},
		{name: "coal: the market only when no mine is connected",
			pos:  rail().MatLevel(0, engine.Cotton, 2).Link("birmingham-oxford", 1).Tile("dudley_1", 1, engine.Coal, 2, 2),
			move: cotton2,
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "coal market", s.CoalMarket, was.CoalMarket-1)
				expectInt(t, "Dudley coal (not connected)", cubesOn(t, s, "dudley_1"), 2)
			}},
		{name: "iron: the first iron works in board order (Coalbrookdale before Birmingham), not the nearest",
			pos: rail().MatLevel(0, engine.Manufacturer, 2).
				Tile("birmingham_3", 1, engine.Iron, 2, 3).Tile("coalbrookdale_2", 2, engine.Iron, 2, 3),
			move: manufacturer2,
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "Coalbrookdale iron", cubesOn(t, s, "coalbrookdale_2"), 2)
				expectInt(t, "Birmingham iron", cubesOn(t, s, "birmingham_3"), 3)
			}},
	}
	sale := func() *enginetest.Builder {
		return enginetest.New(t, 3).Era(engine.Canal).Round(2).Turn(0).Hand(0, "birmingham", "stafford").
			NoMerchantBeer().Merchant("oxford_1", "cotton_mill", false).Link("birmingham-oxford", 1).
			Tile("birmingham_1", 0, engine.Cotton, 1, 0).Tile("stafford_1", 0, engine.Brewery, 1, 1)
	}
	sell := sellMove(0, "stafford", "birmingham_1", "oxford_1")
	cases = append(cases,
		ruleCase{name: "beer for a sale: the merchant's beer before the player's own brewery",
			pos: sale().Merchant("oxford_1", "cotton_mill", true), move: sell,
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "merchant beer", merchantBeer(t, s, "oxford_1"), 0)
				expectInt(t, "own brewery", cubesOn(t, s, "stafford_1"), 1)
				expectInt(t, "income (+5 for the sale, +2 Oxford's bonus)", s.IncomeLevel(0), 4)
			}},
		ruleCase{name: "beer for a sale: without merchant beer, the own brewery when it comes first in board order",
			pos:  sale().Tile("walsall_2", 1, engine.Brewery, 1, 1).Link("walsall-birmingham", 2),
			move: sell,
			check: func(t *testing.T, was, s *engine.State) {
				// Stafford (town 7) comes before Walsall (town 11) in board order.
				expectInt(t, "own brewery in Stafford", cubesOn(t, s, "stafford_1"), 0)
				expectInt(t, "opponent's brewery in Walsall", cubesOn(t, s, "walsall_2"), 1)
			}},
		ruleCase{name: "beer for a sale: a connected opponent's brewery that comes first in board order, before the own",
			pos: sale().Tile("stone_1", 1, engine.Brewery, 1, 1).Link("walsall-birmingham", 2).Link("cannock-walsall", 2).
				Link("stafford-cannock", 2).Link("stone-stafford", 2),
			move: sell,
			check: func(t *testing.T, was, s *engine.State) {
				// Stone (town 5) comes before Stafford (town 7).
				expectInt(t, "opponent's brewery in Stone", cubesOn(t, s, "stone_1"), 0)
				expectInt(t, "own brewery in Stafford", cubesOn(t, s, "stafford_1"), 1)
			}},
	)
	runRuleCases(t, cases)
}
