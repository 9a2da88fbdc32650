package engine_test

import (
	"testing"

	"brass/engine"
	"brass/engine/enginetest"
)

// sellBase: player 0's Cotton Mill I in Worcester, Worcester–Gloucester built by player 1, a
// cotton merchant with beer on gloucester_1 and a blank tile on gloucester_2.
func sellBase(t *testing.T) *enginetest.Builder {
	return enginetest.New(t, 3).Era(engine.Canal).Turn(0).Hand(0, "birmingham", "dudley").
		NoMerchantBeer().
		Merchant("gloucester_1", "cotton_mill", true).Merchant("gloucester_2", "blank", false).
		Tile("worcester_1", 0, engine.Cotton, 1, 0).Link("worcester-gloucester", 1)
}

// TestSellConnection checks "Sell Action" step 2: "Choose 1 of your unflipped Cotton Mill,
// Manufacturer, or Pottery tiles, that is connected to a Merchant tile featuring that
// industry's icon", step 4 (flip, income) and "Merchant Tiles" (fact sheet §6: "A blank tile
// buys nothing").
func TestSellConnection(t *testing.T) {
	sell := sellMove(0, "birmingham", "worcester_1", "gloucester_1")
	cases := []ruleCase{
		{name: "connected to a merchant buying cotton", pos: sellBase(t), move: sell,
			check: func(t *testing.T, was, s *engine.State) {
				if !tileAt(t, s, "worcester_1").Flipped {
					t.Error("not flipped")
				}
				expectInt(t, "income space (+5)", s.Players[0].IncomeSpace, 15)
				expectInt(t, "merchant beer", merchantBeer(t, s, "gloucester_1"), 0)
				expectInt(t, "phase", s.Phase, engine.PhaseAction)
				expectInt(t, "actions done", s.ActionsDone, 1)
				expectInt(t, "money", s.Players[0].Money, was.Players[0].Money)
				if top := topDiscard(s, 0); top != "birmingham" {
					t.Errorf("top discard %q", top)
				}
			}},
		{name: "through several links of other players",
			pos: enginetest.New(t, 3).Era(engine.Canal).Turn(0).Hand(0, "birmingham").NoMerchantBeer().
				Merchant("gloucester_1", "cotton_mill", true).Tile("birmingham_1", 0, engine.Cotton, 1, 0).
				Link("birmingham-worcester", 2).Link("worcester-gloucester", 1),
			move: sellMove(0, "birmingham", "birmingham_1", "gloucester_1"),
			check: func(t *testing.T, was, s *engine.State) {
				if !tileAt(t, s, "birmingham_1").Flipped {
					t.Error("not flipped")
				}
			}},
		{name: "not connected", pos: enginetest.New(t, 3).Era(engine.Canal).Turn(0).Hand(0, "birmingham").
			Merchant("gloucester_1", "cotton_mill", true).Tile("worcester_1", 0, engine.Cotton, 1, 0),
			move: sell, wantErr: engine.ErrIllegal, wantRule: engine.RuleNotConnected},
		{name: "the merchant buys only manufactured goods", pos: sellBase(t).Merchant("gloucester_1", "manufacturer", true),
			move: sell, wantErr: engine.ErrIllegal, wantRule: engine.RuleMerchantDoesNotBuy},
		{name: "the merchant buys only pottery", pos: sellBase(t).Merchant("gloucester_1", "pottery", true),
			move: sell, wantErr: engine.ErrIllegal, wantRule: engine.RuleMerchantDoesNotBuy},
		{name: "a blank merchant tile buys nothing", pos: sellBase(t).Tile("stafford_1", 0, engine.Brewery, 1, 1),
			move: sellMove(0, "birmingham", "worcester_1", "gloucester_2"), wantErr: engine.ErrIllegal, wantRule: engine.RuleMerchantDoesNotBuy},
		{name: "the all-goods merchant buys cotton", pos: sellBase(t).Merchant("gloucester_1", "all", true),
			move: sell,
			check: func(t *testing.T, was, s *engine.State) {
				if !tileAt(t, s, "worcester_1").Flipped {
					t.Error("not flipped")
				}
			}},
		{name: "a merchant space without a tile (Warrington at 2 players)",
			pos: enginetest.New(t, 2).Era(engine.Canal).Turn(0).Hand(0, "birmingham").
				Tile("stoke_on_trent_1", 0, engine.Cotton, 1, 0).Tile("stafford_1", 0, engine.Brewery, 1, 1).
				Link("warrington-stoke_on_trent", 1),
			move: sellMove(0, "birmingham", "stoke_on_trent_1", "warrington_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleNoMerchantTile},
		{name: "a coal mine cannot be sold",
			pos:  sellBase(t).Tile("kidderminster_1", 0, engine.Coal, 1, 1).Link("kidderminster-worcester-farm_brewery_south", 1),
			move: sellMove(0, "birmingham", "kidderminster_1", "gloucester_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleNotSellable},
		{name: "a tile already flipped", pos: sellBase(t).Flipped("worcester_1", 0, engine.Cotton, 1),
			move: sell, wantErr: engine.ErrIllegal, wantRule: engine.RuleAlreadySold},
		{name: "an opponent's tile", pos: sellBase(t).Tile("worcester_1", 1, engine.Cotton, 1, 0),
			move: sell, wantErr: engine.ErrIllegal, wantRule: engine.RuleNoTileToSell},
		{name: "an empty space", pos: sellBase(t),
			move: sellMove(0, "birmingham", "worcester_2", "gloucester_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleNoTileToSell},
		{name: "a Sell action needs a card", pos: sellBase(t),
			move: sellMove(0, "", "worcester_1", "gloucester_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleNeedCard},
	}
	runRuleCases(t, cases)
}

// TestSellBeerPerTile checks "Sell Action" step 3: "Consume the required amount of beer, shown
// in the top right corner of the Industry tile" (fact sheet §4: Manufacturer III and VII need
// none, Manufacturer V and Pottery III need 2) and "Note: You cannot perform the Sell action
// if you cannot consume the required beer". "When multiple beer barrels are required, each
// beer may be consumed from a different source."
func TestSellBeerPerTile(t *testing.T) {
	base := func() *enginetest.Builder {
		return enginetest.New(t, 3).Era(engine.Rail).Turn(0).Hand(0, "birmingham", "dudley").NoMerchantBeer().
			Merchant("oxford_1", "all", false).Merchant("oxford_2", "all", false).
			Link("birmingham-oxford", 1).Link("birmingham-coventry", 2)
	}
	flipped := func(space string, income uint8) func(t *testing.T, was, s *engine.State) {
		return func(t *testing.T, was, s *engine.State) {
			if !tileAt(t, s, space).Flipped {
				t.Errorf("%s not flipped", space)
			}
			expectInt(t, "income space", s.Players[0].IncomeSpace, income)
		}
	}
	cases := []ruleCase{
		{name: "Cotton Mill II needs 1 beer and none is available", pos: base().Tile("birmingham_1", 0, engine.Cotton, 2, 0),
			move: sellMove(0, "birmingham", "birmingham_1", "oxford_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleNoBeer},
		{name: "Manufacturer III needs no beer", pos: base().Tile("birmingham_2", 0, engine.Manufacturer, 3, 0),
			move: sellMove(0, "birmingham", "birmingham_2", "oxford_1"), check: flipped("birmingham_2", 14)},
		{name: "Manufacturer VII needs no beer", pos: base().Tile("birmingham_2", 0, engine.Manufacturer, 7, 0),
			move: sellMove(0, "birmingham", "birmingham_2", "oxford_1"), check: flipped("birmingham_2", 14)},
		{name: "beer named for Manufacturer III", pos: base().Tile("birmingham_2", 0, engine.Manufacturer, 3, 0).Tile("stafford_1", 0, engine.Brewery, 2, 1),
			move: withBeer(sellMove(0, "birmingham", "birmingham_2", "oxford_1"), "stafford_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleTooManySources},
		{name: "Manufacturer V: 1 beer from an own brewery and 1 from the merchant",
			pos:  base().Tile("birmingham_2", 0, engine.Manufacturer, 5, 0).Tile("stafford_1", 0, engine.Brewery, 2, 1).Merchant("oxford_1", "all", true),
			move: sellMove(0, "birmingham", "birmingham_2", "oxford_1"),
			check: func(t *testing.T, was, s *engine.State) {
				// +2 (Manufacturer V), +5 (Brewery II flips), +2 (Oxford's beer bonus)
				flipped("birmingham_2", 19)(t, was, s)
				expectInt(t, "merchant beer", merchantBeer(t, s, "oxford_1"), 0)
				expectInt(t, "brewery beer", tileAt(t, s, "stafford_1").Cubes, 0)
			}},
		{name: "Manufacturer V with only 1 beer", pos: base().Tile("birmingham_2", 0, engine.Manufacturer, 5, 0).Tile("stafford_1", 0, engine.Brewery, 2, 1),
			move: sellMove(0, "birmingham", "birmingham_2", "oxford_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleNoBeer},
		{name: "Pottery III: 2 beer from one brewery",
			pos:  base().Tile("coventry_1", 0, engine.Pottery, 3, 0).Tile("stafford_1", 0, engine.Brewery, 2, 2),
			move: sellMove(0, "birmingham", "coventry_1", "oxford_2"),
			check: func(t *testing.T, was, s *engine.State) {
				flipped("coventry_1", 10+5+5)(t, was, s)
			}},
	}
	runRuleCases(t, cases)
}

// TestSellMerchantBeerBonuses checks "Merchant Beer Bonuses": "If you consume a Merchant beer,
// you also receive the bonus displayed beside that Merchant tile's location: Develop
// (Gloucester) Remove 1 of the lowest level tiles of any industry from your Player Mat (for no
// iron cost). Exception: You cannot remove a Pottery tile showing a [lightbulb] icon. Income
// (Oxford) Advance your Income Marker 2 spaces. Victory Points (Nottingham and Shrewsbury)
// ... Money (Warrington) Receive £5". Values from fact sheet §1: Shrewsbury 4 VP, Nottingham
// 3 VP. The sale's step 3 says "you may consume this beer", so the develop may be declined.
func TestSellMerchantBeerBonuses(t *testing.T) {
	glo := sellMove(0, "birmingham", "worcester_1", "gloucester_1")
	oxford := func() *enginetest.Builder {
		return enginetest.New(t, 3).Era(engine.Canal).Turn(0).Hand(0, "birmingham").NoMerchantBeer().
			Merchant("oxford_1", "cotton_mill", true).Tile("birmingham_1", 0, engine.Cotton, 1, 0).Link("birmingham-oxford", 1)
	}
	cases := []ruleCase{
		{name: "Warrington: £5 (3 players)",
			pos: enginetest.New(t, 3).Era(engine.Canal).Turn(0).Hand(0, "birmingham").Money(0, 10).NoMerchantBeer().
				Merchant("warrington_1", "cotton_mill", true).Tile("stoke_on_trent_1", 0, engine.Cotton, 1, 0).
				Link("warrington-stoke_on_trent", 1),
			move: sellMove(0, "birmingham", "stoke_on_trent_1", "warrington_1"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "money", s.Players[0].Money, 15)
				expectInt(t, "spent", s.Players[0].Spent, 0)
				expectInt(t, "income space", s.Players[0].IncomeSpace, 15)
			}},
		{name: "Oxford: +2 income spaces", pos: oxford(),
			move: sellMove(0, "birmingham", "birmingham_1", "oxford_1"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "income space (10 +5 +2)", s.Players[0].IncomeSpace, 17)
				expectInt(t, "income level", s.IncomeLevel(0), 4)
			}},
		{name: "Oxford without its beer: no bonus", pos: oxford().Tile("stafford_1", 0, engine.Brewery, 1, 1),
			move: withBeer(sellMove(0, "birmingham", "birmingham_1", "oxford_1"), "stafford_1"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "income space (10 +5 +4 brewery)", s.Players[0].IncomeSpace, 19)
				expectInt(t, "merchant beer", merchantBeer(t, s, "oxford_1"), 1)
			}},
		{name: "Oxford: no develop bonus", pos: oxford(),
			move: withDev(sellMove(0, "birmingham", "birmingham_1", "oxford_1"), "coal_mine"), wantErr: engine.ErrIllegal, wantRule: engine.RuleFreeDevelopBonus},
		{name: "Nottingham: 3 VP (4 players)",
			pos: enginetest.New(t, 4).Era(engine.Canal).Turn(0).Hand(0, "birmingham").VP(0, 2).NoMerchantBeer().
				Merchant("nottingham_1", "cotton_mill", true).Tile("derby_2", 0, engine.Cotton, 1, 0).
				Link("derby-nottingham", 1),
			move: sellMove(0, "birmingham", "derby_2", "nottingham_1"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "VP", s.Players[0].VP, 5)
			}},
		{name: "Nottingham: the beer beside the other Nottingham tile gives nothing",
			pos: enginetest.New(t, 4).Era(engine.Canal).Turn(0).Hand(0, "birmingham").VP(0, 2).NoMerchantBeer().
				Merchant("nottingham_1", "cotton_mill", false).Merchant("nottingham_2", "all", true).
				Tile("derby_2", 0, engine.Cotton, 1, 0).Tile("stafford_1", 0, engine.Brewery, 1, 1).
				Link("derby-nottingham", 1),
			move: sellMove(0, "birmingham", "derby_2", "nottingham_1"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "VP", s.Players[0].VP, 2)
				expectInt(t, "other merchant beer", merchantBeer(t, s, "nottingham_2"), 1)
			}},
		{name: "Shrewsbury: 4 VP",
			pos: enginetest.New(t, 2).Era(engine.Canal).Turn(0).Hand(0, "birmingham").NoMerchantBeer().
				Merchant("shrewsbury_1", "cotton_mill", true).Tile("kidderminster_2", 0, engine.Cotton, 1, 0).
				Link("coalbrookdale-kidderminster", 1).Link("coalbrookdale-shrewsbury", 1),
			move: sellMove(0, "birmingham", "kidderminster_2", "shrewsbury_1"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "VP", s.Players[0].VP, 4)
			}},
		{name: "Gloucester: a free develop, no iron", pos: sellBase(t).IronMarket(8),
			move: withDev(glo, "coal_mine"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "coal tiles off the mat", s.Players[0].MatUsed[engine.Coal], 1)
				expectInt(t, "iron market", s.IronMarket, 8)
				expectInt(t, "money", s.Players[0].Money, was.Players[0].Money)
				expectInt(t, "spent", s.Players[0].Spent, 0)
			}},
		{name: "Gloucester: the free develop takes the lowest tile", pos: sellBase(t).MatLevel(0, engine.Iron, 2),
			move: withDev(glo, "iron_works"),
			check: func(t *testing.T, was, s *engine.State) {
				if next, _ := s.NextTile(0, engine.Iron); next.Level != 3 {
					t.Errorf("next iron works is level %d, want 3", next.Level)
				}
			}},
		{name: "Gloucester: the develop declined", pos: sellBase(t),
			move: glo,
			check: func(t *testing.T, was, s *engine.State) {
				if s.Players[0].MatUsed != was.Players[0].MatUsed {
					t.Errorf("mat changed: %v", s.Players[0].MatUsed)
				}
				expectInt(t, "merchant beer", merchantBeer(t, s, "gloucester_1"), 0)
			}},
		{name: "Gloucester: not a lightbulb pottery", pos: sellBase(t),
			move: withDev(glo, "pottery"), wantErr: engine.ErrIllegal, wantRule: engine.RuleLightbulb},
		{name: "Gloucester: Pottery II can be developed", pos: sellBase(t).MatLevel(0, engine.Pottery, 2),
			move: withDev(glo, "pottery"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "pottery tiles off the mat", s.Players[0].MatUsed[engine.Pottery], 2)
			}},
		{name: "Gloucester: no bonus without its beer", pos: sellBase(t).Tile("stafford_1", 0, engine.Brewery, 1, 1),
			move: withBeer(withDev(glo, "coal_mine"), "stafford_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleFreeDevelopBonus},
		{name: "Gloucester: two free develops", pos: sellBase(t),
			move: withDev(glo, "coal_mine", "iron_works"), wantErr: engine.ErrMalformed, wantRule: engine.RuleMalformed},
	}
	runRuleCases(t, cases)
}

// TestSellSeveralTiles checks "Sell Action" step 5: "You may go back to step 2 and repeat the
// process for each of your unflipped Industry tiles (including those of a different
// industry)". In the move format a "sell" with a card starts the action, a "sell" without a
// card sells one more tile, "end_sell" stops; the action ends by itself when no further sale
// is possible. The whole Sell action is one action and discards one card.
func TestSellSeveralTiles(t *testing.T) {
	base := func() *enginetest.Builder {
		return enginetest.New(t, 3).Era(engine.Rail).Turn(0).Hand(0, "birmingham", "dudley").NoMerchantBeer().
			Merchant("gloucester_1", "cotton_mill", true).Merchant("gloucester_2", "all", true).
			Tile("worcester_1", 0, engine.Cotton, 2, 0).Tile("worcester_2", 0, engine.Cotton, 2, 0).
			Link("worcester-gloucester", 1)
	}
	first := sellMove(0, "birmingham", "worcester_1", "gloucester_1")
	more := sellMove(0, "", "worcester_2", "gloucester_2")
	cases := []ruleCase{
		{name: "the first sale starts the Sell action", pos: base(), move: first,
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "phase", s.Phase, engine.PhaseSelling)
				expectInt(t, "actor", s.Actor(), 0)
				expectInt(t, "actions done", s.ActionsDone, 0)
				expectInt(t, "hand", s.Players[0].HandLen, 1)
			}},
		{name: "a sale without a card continues it, and it ends when nothing is left to sell",
			pos: base(), before: []engine.Move{first}, move: more,
			check: func(t *testing.T, was, s *engine.State) {
				for _, sp := range []string{"worcester_1", "worcester_2"} {
					if !tileAt(t, s, sp).Flipped {
						t.Errorf("%s not flipped", sp)
					}
				}
				expectInt(t, "phase", s.Phase, engine.PhaseAction)
				expectInt(t, "actions done", s.ActionsDone, 1)
				expectInt(t, "hand (one card for the whole action)", s.Players[0].HandLen, 1)
				expectInt(t, "income space (+4 +4)", s.Players[0].IncomeSpace, 18)
			}},
		{name: "end_sell stops selling", pos: base(), before: []engine.Move{first},
			move: engine.Move{Type: "end_sell", Player: 0},
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "phase", s.Phase, engine.PhaseAction)
				expectInt(t, "actions done", s.ActionsDone, 1)
				if tileAt(t, s, "worcester_2").Flipped {
					t.Error("worcester_2 flipped")
				}
			}},
		{name: "a card while selling", pos: base(), before: []engine.Move{first},
			move: sellMove(0, "dudley", "worcester_2", "gloucester_2"), wantErr: engine.ErrNotAvailable, wantRule: engine.RuleMidSale},
		{name: "another action while selling", pos: base(), before: []engine.Move{first},
			move: passMove(0, "dudley"), wantErr: engine.ErrNotAvailable, wantRule: engine.RuleMidSale},
		{name: "another player while selling", pos: base(), before: []engine.Move{first},
			move: engine.Move{Type: "end_sell", Player: 1}, wantErr: engine.ErrNotYourTurn, wantRule: engine.RuleNotYourTurn},
		{name: "a second sale of the same tile", pos: base(), before: []engine.Move{first},
			move: sellMove(0, "", "worcester_1", "gloucester_2"), wantErr: engine.ErrIllegal, wantRule: engine.RuleAlreadySold},
		{name: "end_sell when not selling", pos: base(),
			move: engine.Move{Type: "end_sell", Player: 0}, wantErr: engine.ErrNotAvailable, wantRule: engine.RuleNotSelling},
		{name: "a sale without a card when not selling", pos: base(),
			move: more, wantErr: engine.ErrIllegal, wantRule: engine.RuleNeedCard},
		{name: "the action ends by itself when no beer is left for another tile",
			pos: base().Merchant("gloucester_2", "all", false), move: first,
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "phase", s.Phase, engine.PhaseAction)
				expectInt(t, "actions done", s.ActionsDone, 1)
			}},
		{name: "tiles of different industries in one action",
			pos: enginetest.New(t, 3).Era(engine.Rail).Turn(0).Hand(0, "birmingham", "dudley").NoMerchantBeer().
				Merchant("oxford_1", "all", true).Merchant("oxford_2", "manufacturer", true).
				Tile("birmingham_1", 0, engine.Cotton, 2, 0).Tile("birmingham_2", 0, engine.Manufacturer, 2, 0).
				Link("birmingham-oxford", 1),
			before: []engine.Move{sellMove(0, "birmingham", "birmingham_1", "oxford_1")},
			move:   sellMove(0, "", "birmingham_2", "oxford_2"),
			check: func(t *testing.T, was, s *engine.State) {
				// +4 Cotton Mill II, +2 Oxford, +1 Manufacturer II, +2 Oxford
				expectInt(t, "income space", s.Players[0].IncomeSpace, 19)
				expectInt(t, "phase", s.Phase, engine.PhaseAction)
			}},
		{name: "a Sell action as the last action of the turn passes the turn when it ends",
			pos: base().ActionsDone(1), before: []engine.Move{first}, move: more,
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "actor", s.Actor(), 1)
				expectInt(t, "hand refilled", s.Players[0].HandLen, 8)
			}},
	}
	runRuleCases(t, cases)
}
