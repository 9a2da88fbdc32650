package engine_test

import (
	"testing"

	"brass/engine"
	"brass/engine/enginetest"
)

// TestConsumingIron checks "Consuming Iron": "To consume iron, an Industry tile does not need
// a connection to a source of iron"; iron comes from "Any unflipped Iron Works (owned by any
// player); it does not have to be the closest"; "If there are no unflipped Iron Works, you
// can purchase iron from the Iron Market, starting at the cheapest price. If the Iron Market
// is empty, you can still purchase iron for £6". Manufacturer II (£10, 1 iron) is built in
// Birmingham with no links anywhere.
func TestConsumingIron(t *testing.T) {
	base := func() *enginetest.Builder {
		return enginetest.New(t, 3).Era(engine.Rail).Turn(0).Money(0, 30).MatLevel(0, engine.Manufacturer, 2).
			Hand(0, "birmingham", "dudley")
	}
	build := buildMove(0, "birmingham", "manufacturer", "birmingham_2")
	cases := []ruleCase{
		{name: "an unconnected iron works anywhere supplies the iron for free",
			pos:  base().Tile("coalbrookdale_2", 1, engine.Iron, 2, 3).IronMarket(8),
			move: build,
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "works iron", tileAt(t, s, "coalbrookdale_2").Cubes, 2)
				expectInt(t, "iron market", s.IronMarket, 8)
				expectInt(t, "money", s.Players[0].Money, 20)
			}},
		{name: "any iron works, not only the closest",
			pos:  base().Tile("birmingham_3", 1, engine.Iron, 2, 3).Tile("coalbrookdale_2", 2, engine.Iron, 2, 3),
			move: withIron(build, "coalbrookdale_2"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "Coalbrookdale iron", tileAt(t, s, "coalbrookdale_2").Cubes, 2)
				expectInt(t, "Birmingham iron", tileAt(t, s, "birmingham_3").Cubes, 3)
			}},
		{name: "the market while an iron works has iron",
			pos:  base().Tile("coalbrookdale_2", 1, engine.Iron, 2, 3).IronMarket(8),
			move: withIron(build, "market"), wantErr: engine.ErrIllegal, wantRule: engine.RuleSource},
		{name: "no iron works: the market's cheapest iron, needing no connection",
			pos:  base().IronMarket(8),
			move: build,
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "iron market", s.IronMarket, 7)
				expectInt(t, "money (£10 + £2)", s.Players[0].Money, 18)
				expectInt(t, "spent", s.Players[0].Spent, 12)
			}},
		{name: "no iron works, one cube left in the market at £5",
			pos:  base().IronMarket(1),
			move: build,
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "iron market", s.IronMarket, 0)
				expectInt(t, "money (£10 + £5)", s.Players[0].Money, 15)
			}},
		{name: "an empty iron market still sells iron for £6",
			pos:  base().IronMarket(0),
			move: build,
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "iron market", s.IronMarket, 0)
				expectInt(t, "money (£10 + £6)", s.Players[0].Money, 14)
			}},
		{name: "a flipped iron works is not a source",
			pos:  base().Flipped("coalbrookdale_2", 1, engine.Iron, 2).IronMarket(8),
			move: build,
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "iron market", s.IronMarket, 7)
			}},
		{name: "taking the last iron flips the works and raises its owner's income",
			pos:  base().Tile("coalbrookdale_2", 1, engine.Iron, 2, 1),
			move: build,
			check: func(t *testing.T, was, s *engine.State) {
				if !tileAt(t, s, "coalbrookdale_2").Flipped {
					t.Error("works not flipped")
				}
				expectInt(t, "owner income space (+3)", s.Players[1].IncomeSpace, 13)
			}},
		{name: "not enough money for the market iron",
			pos:  base().IronMarket(0).Money(0, 15),
			move: build, wantErr: engine.ErrIllegal, wantRule: engine.RuleMoney},
		{name: "a second iron from another works (Manufacturer VIII needs 2)",
			pos: base().MatLevel(0, engine.Manufacturer, 8).Tile("birmingham_3", 1, engine.Iron, 2, 1).
				Tile("coalbrookdale_2", 2, engine.Iron, 2, 3),
			move: withIron(build, "birmingham_3", "coalbrookdale_2"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "Birmingham iron", tileAt(t, s, "birmingham_3").Cubes, 0)
				expectInt(t, "Coalbrookdale iron", tileAt(t, s, "coalbrookdale_2").Cubes, 2)
				expectInt(t, "money", s.Players[0].Money, 10)
			}},
	}
	runRuleCases(t, cases)
}

// TestConsumingBeer checks "Consuming Beer": "1. Your unflipped Breweries. These do not need to
// be connected to the location where the beer is required. 2. An opponent's unflipped
// Brewery. These must be connected to the location where the beer is required. 3. The space
// beside a Merchant tile that you are selling to". Player 0 sells a Cotton Mill I in
// Worcester (1 beer) to a cotton merchant in Gloucester.
func TestConsumingBeer(t *testing.T) {
	base := func() *enginetest.Builder {
		return enginetest.New(t, 3).Era(engine.Canal).Turn(0).Hand(0, "birmingham", "dudley").
			NoMerchantBeer().
			Merchant("gloucester_1", "cotton_mill", false).Merchant("gloucester_2", "blank", false).
			Tile("worcester_1", 0, engine.Cotton, 1, 0).Link("worcester-gloucester", 1)
	}
	sell := sellMove(0, "birmingham", "worcester_1", "gloucester_1")
	sold := func(t *testing.T, s *engine.State) {
		t.Helper()
		if !tileAt(t, s, "worcester_1").Flipped {
			t.Error("the cotton mill was not sold")
		}
	}
	cases := []ruleCase{
		{name: "own brewery anywhere, not connected",
			pos:  base().Tile("stafford_1", 0, engine.Brewery, 1, 1),
			move: sell,
			check: func(t *testing.T, was, s *engine.State) {
				sold(t, s)
				if tile := tileAt(t, s, "stafford_1"); tile.Cubes != 0 || !tile.Flipped {
					t.Errorf("own brewery %+v, want emptied and flipped", tile)
				}
				expectInt(t, "income space (+5 cotton, +4 brewery)", s.Players[0].IncomeSpace, 19)
			}},
		{name: "an opponent's brewery that is not connected",
			pos:  base().Tile("stafford_1", 1, engine.Brewery, 1, 1),
			move: sell, wantErr: engine.ErrIllegal, wantRule: engine.RuleNoBeer},
		{name: "an opponent's brewery connected through the Kidderminster–Worcester link (south farm)",
			pos:  base().Tile("farm_brewery_south_1", 1, engine.Brewery, 2, 2).Link("kidderminster-worcester-farm_brewery_south", 2),
			move: sell,
			check: func(t *testing.T, was, s *engine.State) {
				sold(t, s)
				expectInt(t, "farm beer", tileAt(t, s, "farm_brewery_south_1").Cubes, 1)
			}},
		{name: "an opponent's brewery connected through several links",
			pos:  base().Tile("walsall_2", 2, engine.Brewery, 2, 1).Link("birmingham-worcester", 1).Link("walsall-birmingham", 1),
			move: sell,
			check: func(t *testing.T, was, s *engine.State) {
				sold(t, s)
				if !tileAt(t, s, "walsall_2").Flipped {
					t.Error("the opponent's brewery was emptied but not flipped")
				}
				expectInt(t, "opponent income space (+5)", s.Players[2].IncomeSpace, 15)
			}},
		{name: "naming an unconnected opponent's brewery while the own one has beer",
			pos:  base().Tile("stafford_1", 0, engine.Brewery, 1, 1).Tile("uttoxeter_1", 1, engine.Brewery, 1, 1),
			move: withBeer(sell, "uttoxeter_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleSource},
		{name: "the beer beside the merchant being sold to",
			pos:  base().Merchant("gloucester_1", "cotton_mill", true),
			move: withBeer(sell, "gloucester_1"),
			check: func(t *testing.T, was, s *engine.State) {
				sold(t, s)
				expectInt(t, "merchant beer", merchantBeer(t, s, "gloucester_1"), 0)
			}},
		{name: "the beer beside another merchant tile is not available",
			pos:  base().Merchant("gloucester_2", "cotton_mill", true),
			move: sell, wantErr: engine.ErrIllegal, wantRule: engine.RuleNoBeer},
		{name: "an opponent's brewery in the same town is connected",
			pos: enginetest.New(t, 4).Era(engine.Canal).Turn(0).Hand(0, "birmingham").NoMerchantBeer().
				Merchant("nottingham_1", "cotton_mill", false).Tile("derby_2", 0, engine.Cotton, 1, 0).
				Tile("derby_1", 1, engine.Brewery, 1, 1).Link("derby-nottingham", 2),
			move: sellMove(0, "birmingham", "derby_2", "nottingham_1"),
			check: func(t *testing.T, was, s *engine.State) {
				if !tileAt(t, s, "derby_2").Flipped || !tileAt(t, s, "derby_1").Flipped {
					t.Error("sale or brewery not flipped")
				}
			}},
		{name: "a flipped brewery has no beer",
			pos:  base().Flipped("stafford_1", 0, engine.Brewery, 1),
			move: sell, wantErr: engine.ErrIllegal, wantRule: engine.RuleNoBeer},
		{name: "no beer anywhere",
			pos:  base(),
			move: sell, wantErr: engine.ErrIllegal, wantRule: engine.RuleNoBeer},
	}
	runRuleCases(t, cases)
}

// TestCoalMarketThroughEmptyMerchantSpaces checks "Consuming Coal" item 2: buying from the Coal
// Market "requires a connection to a [merchant] icon (shown on the Warrington, Shrewsbury,
// Nottingham, Gloucester, and Oxford Merchants around the edge of the board)" — the icon is
// printed on the board, so Warrington at 2 players and Nottingham at 2–3 players, which have
// no merchant tiles, still give access (fact sheet §1: "Every merchant location gives access
// to the coal market").
func TestCoalMarketThroughEmptyMerchantSpaces(t *testing.T) {
	// Iron Works II needs 1 coal; the market's cheapest of 13 cubes costs £1.
	cases := []ruleCase{
		{name: "Warrington at 2 players",
			pos: enginetest.New(t, 2).Era(engine.Rail).Turn(0).Money(0, 30).MatLevel(0, engine.Iron, 2).
				Hand(0, "iron_works").Link("warrington-stoke_on_trent", 0).CoalMarket(13),
			move: buildMove(0, "iron_works", "iron_works", "stoke_on_trent_2"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "coal market", s.CoalMarket, 12)
				expectInt(t, "spent (£7 + £1)", s.Players[0].Spent, 8)
			}},
		{name: "Nottingham at 3 players",
			pos: enginetest.New(t, 3).Era(engine.Rail).Turn(0).Money(0, 30).MatLevel(0, engine.Iron, 2).
				Hand(0, "iron_works").Link("derby-nottingham", 0).CoalMarket(13),
			move: buildMove(0, "iron_works", "iron_works", "derby_3"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "coal market", s.CoalMarket, 12)
			}},
		{name: "no merchant connection",
			pos: enginetest.New(t, 3).Era(engine.Rail).Turn(0).Money(0, 30).MatLevel(0, engine.Iron, 2).
				Hand(0, "iron_works").Link("belper-derby", 0).CoalMarket(13),
			move: buildMove(0, "iron_works", "iron_works", "derby_3"), wantErr: engine.ErrIllegal, wantRule: engine.RuleNoCoalConnection},
	}
	runRuleCases(t, cases)
}
