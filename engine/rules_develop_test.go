package engine_test

import (
	"testing"

	"brass/engine"
	"brass/engine/enginetest"
)

// TestDevelop checks "Develop Action": "Remove 1 or 2 Industry tiles from your Player Mat ...
// Each Industry tile is removed separately and does not need to be of the same industry, but
// must be the lowest level tile of the chosen industry (as it is removed). Consume 1 iron for
// each tile removed"; with "Consuming Iron" (works first, else the market, £6 when empty, no
// connection) and "Potteries and the Lightbulb Icon": "Pottery tiles that show a Lightbulb
// icon may not be developed."
func TestDevelop(t *testing.T) {
	base := func() *enginetest.Builder {
		return enginetest.New(t, 3).Era(engine.Canal).Turn(0).Money(0, 20).IronMarket(8).
			Hand(0, "birmingham", "wild_industry")
	}
	used := func(ind engine.Industry, want int, money int) func(t *testing.T, was, s *engine.State) {
		return func(t *testing.T, was, s *engine.State) {
			expectInt(t, ind.Name()+" tiles off the mat", int(s.Players[0].MatUsed[ind]), want)
			expectInt(t, "money", s.Players[0].Money, int32(money))
			expectInt(t, "spent", s.Players[0].Spent, int32(20-money))
		}
	}
	cases := []ruleCase{
		{name: "one tile, iron from the market at £2", pos: base(),
			move: developMove(0, "birmingham", "coal_mine"),
			check: func(t *testing.T, was, s *engine.State) {
				used(engine.Coal, 1, 18)(t, was, s)
				expectInt(t, "iron market", s.IronMarket, 7)
				if top := topDiscard(s, 0); top != "birmingham" {
					t.Errorf("top discard %q", top)
				}
			}},
		{name: "two tiles of different industries", pos: base(),
			move: developMove(0, "birmingham", "coal_mine", "brewery"),
			check: func(t *testing.T, was, s *engine.State) {
				used(engine.Coal, 1, 16)(t, was, s)
				expectInt(t, "brewery tiles off the mat", s.Players[0].MatUsed[engine.Brewery], 1)
				expectInt(t, "cotton tiles off the mat", s.Players[0].MatUsed[engine.Cotton], 0)
				expectInt(t, "iron market", s.IronMarket, 6)
			}},
		{name: "two tiles of one industry, lowest first", pos: base().MatLevel(0, engine.Iron, 2),
			move: developMove(0, "birmingham", "iron_works", "iron_works"),
			check: func(t *testing.T, was, s *engine.State) {
				used(engine.Iron, 3, 16)(t, was, s)
				if next, ok := s.NextTile(0, engine.Iron); !ok || next.Level != 4 {
					t.Errorf("next iron works %+v, want level 4", next)
				}
			}},
		{name: "a wild card for a develop goes back to its pile", pos: base(),
			move: developMove(0, "wild_industry", "manufacturer"),
			check: func(t *testing.T, was, s *engine.State) {
				used(engine.Manufacturer, 1, 18)(t, was, s)
				expectInt(t, "wild industry pile", s.WildIndustries, was.WildIndustries+1)
			}},
		{name: "iron from an unconnected iron works, free; its last iron flips it",
			pos:  base().Tile("coalbrookdale_2", 1, engine.Iron, 2, 2),
			move: developMove(0, "birmingham", "cotton_mill", "cotton_mill"),
			check: func(t *testing.T, was, s *engine.State) {
				used(engine.Cotton, 2, 20)(t, was, s)
				if !tileAt(t, s, "coalbrookdale_2").Flipped {
					t.Error("works not flipped")
				}
				expectInt(t, "works owner income space (+3)", s.Players[1].IncomeSpace, 13)
				expectInt(t, "iron market", s.IronMarket, 8)
			}},
		{name: "market iron named while a works has iron",
			pos:  base().Tile("coalbrookdale_2", 1, engine.Iron, 2, 2),
			move: withIron(developMove(0, "birmingham", "cotton_mill"), "market"), wantErr: engine.ErrIllegal, wantRule: engine.RuleSource},
		{name: "one works has 1 iron, the second comes from the market",
			pos:  base().Tile("coalbrookdale_2", 1, engine.Iron, 2, 1),
			move: developMove(0, "birmingham", "cotton_mill", "coal_mine"),
			check: func(t *testing.T, was, s *engine.State) {
				used(engine.Cotton, 1, 18)(t, was, s)
				expectInt(t, "iron market", s.IronMarket, 7)
			}},
		{name: "empty market: £6 per iron", pos: base().IronMarket(0).Money(0, 12),
			move: developMove(0, "birmingham", "coal_mine", "coal_mine"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "money", s.Players[0].Money, 0)
			}},
		{name: "not enough money for the market iron", pos: base().IronMarket(0).Money(0, 11),
			move: developMove(0, "birmingham", "coal_mine", "coal_mine"), wantErr: engine.ErrIllegal, wantRule: engine.RuleMoney},
		{name: "not enough money for one market iron", pos: base().IronMarket(0).Money(0, 5),
			move: developMove(0, "birmingham", "coal_mine"), wantErr: engine.ErrIllegal, wantRule: engine.RuleMoney},
		{name: "Pottery I shows a lightbulb", pos: base(),
			move: developMove(0, "birmingham", "pottery"), wantErr: engine.ErrIllegal, wantRule: engine.RuleLightbulb},
		{name: "Pottery II can be developed", pos: base().MatLevel(0, engine.Pottery, 2),
			move: developMove(0, "birmingham", "pottery"), check: used(engine.Pottery, 2, 18)},
		{name: "Pottery II then Pottery III (lightbulb) in one action", pos: base().MatLevel(0, engine.Pottery, 2),
			move: developMove(0, "birmingham", "pottery", "pottery"), wantErr: engine.ErrIllegal, wantRule: engine.RuleLightbulb},
		{name: "Pottery III shows a lightbulb", pos: base().MatLevel(0, engine.Pottery, 3),
			move: developMove(0, "birmingham", "pottery"), wantErr: engine.ErrIllegal, wantRule: engine.RuleLightbulb},
		{name: "Pottery IV can be developed", pos: base().MatLevel(0, engine.Pottery, 4),
			move: developMove(0, "birmingham", "pottery"), check: used(engine.Pottery, 4, 18)},
		{name: "Rail Era: a canal-only level I tile can still be developed",
			pos:  enginetest.New(t, 3).Era(engine.Rail).Turn(0).Money(0, 20).IronMarket(8).Hand(0, "birmingham"),
			move: developMove(0, "birmingham", "cotton_mill", "brewery"),
			check: func(t *testing.T, was, s *engine.State) {
				used(engine.Cotton, 1, 16)(t, was, s)
				expectInt(t, "brewery tiles off the mat", s.Players[0].MatUsed[engine.Brewery], 1)
			}},
		{name: "no tiles of the industry left", pos: base().Mat(0, engine.Iron, 4),
			move: developMove(0, "birmingham", "iron_works"), wantErr: engine.ErrIllegal, wantRule: engine.RuleMatEmpty},
		{name: "the last tile, then none", pos: base().Mat(0, engine.Iron, 3),
			move: developMove(0, "birmingham", "iron_works", "iron_works"), wantErr: engine.ErrIllegal, wantRule: engine.RuleMatEmpty},
		{name: "no tile named", pos: base(),
			move: developMove(0, "birmingham"), wantErr: engine.ErrIllegal, wantRule: engine.RuleDevelopCount},
		{name: "three tiles", pos: base(),
			move: developMove(0, "birmingham", "coal_mine", "coal_mine", "coal_mine"), wantErr: engine.ErrMalformed},
	}
	runRuleCases(t, cases)
}
