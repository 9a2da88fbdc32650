package engine_test

import (
	"errors"
	"strings"
	"testing"

	"brass/engine"
	"brass/engine/enginetest"
)

// TestBuildCards checks "Build Action" step 1: a Location card builds "at the location named
// on the card, even if the location is not a part of your network"; a Wild Location card "may
// be played as any Location card. This does not include the 2 Farm Breweries"; an Industry
// card builds "the Industry tile matching an icon shown in the top corner of the card, in a
// location that is a part of your network"; a Wild Industry card "may be played as any
// Industry card".
func TestBuildCards(t *testing.T) {
	base := func() *enginetest.Builder {
		return enginetest.New(t, 3).Era(engine.Canal).Turn(0).Money(0, 40).
			Link("dudley-birmingham", 0).
			Hand(0, "coalbrookdale", "coal_mine", "wild_location", "wild_industry", "cotton_manufacturer", "iron_works", "brewery")
	}
	owned := func(space string) func(t *testing.T, was, s *engine.State) {
		return func(t *testing.T, was, s *engine.State) {
			if tile := tileAt(t, s, space); tile.Owner != 1 {
				t.Errorf("%s: owner %d, want player 0", space, int(tile.Owner)-1)
			}
		}
	}
	cases := []ruleCase{
		{name: "location card in its town, off the network", pos: base(),
			move: buildMove(0, "coalbrookdale", "coal_mine", "coalbrookdale_3"),
			check: func(t *testing.T, was, s *engine.State) {
				owned("coalbrookdale_3")(t, was, s)
				if top := topDiscard(s, 0); top != "coalbrookdale" {
					t.Errorf("top discard %q, want coalbrookdale", top)
				}
			}},
		{name: "location card in another town", pos: base(),
			move: buildMove(0, "coalbrookdale", "coal_mine", "dudley_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleCardLocation},
		{name: "industry card in the network", pos: base(),
			move: buildMove(0, "coal_mine", "coal_mine", "dudley_1"), check: owned("dudley_1")},
		{name: "industry card off the network", pos: base(),
			move: buildMove(0, "coal_mine", "coal_mine", "coalbrookdale_3"), wantErr: engine.ErrIllegal, wantRule: engine.RuleNotInNetwork},
		{name: "industry card for another industry", pos: base(),
			move: buildMove(0, "coal_mine", "iron_works", "dudley_2"), wantErr: engine.ErrIllegal, wantRule: engine.RuleCardIndustry},
		{name: "brewery card cannot build a coal mine", pos: base(),
			move: buildMove(0, "brewery", "coal_mine", "dudley_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleCardIndustry},
		{name: "cotton/manufacturer card builds a cotton mill", pos: base(),
			move: buildMove(0, "cotton_manufacturer", "cotton_mill", "birmingham_1"), check: owned("birmingham_1")},
		{name: "wild location card in any town, off the network", pos: base(),
			move: buildMove(0, "wild_location", "coal_mine", "coalbrookdale_3"), check: owned("coalbrookdale_3")},
		{name: "wild location card for any industry", pos: base(),
			move: buildMove(0, "wild_location", "cotton_mill", "worcester_1"), check: owned("worcester_1")},
		{name: "wild location card cannot build at a farm brewery", pos: base(),
			move: buildMove(0, "wild_location", "brewery", "farm_brewery_south_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleWildLocationFarm},
		{name: "wild location card cannot build at a farm brewery even in the network",
			pos:  base().Link("cannock-farm_brewery_north", 0),
			move: buildMove(0, "wild_location", "brewery", "farm_brewery_north_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleWildLocationFarm},
		{name: "wild industry card as a cotton mill in the network", pos: base(),
			move: buildMove(0, "wild_industry", "cotton_mill", "birmingham_1"), check: owned("birmingham_1")},
		{name: "wild industry card as a coal mine in the network", pos: base(),
			move: buildMove(0, "wild_industry", "coal_mine", "dudley_1"), check: owned("dudley_1")},
		{name: "wild industry card off the network", pos: base(),
			move: buildMove(0, "wild_industry", "coal_mine", "coalbrookdale_3"), wantErr: engine.ErrIllegal, wantRule: engine.RuleNotInNetwork},
	}
	runRuleCases(t, cases)
}

// TestBuildWithNoTilesOnBoard checks "Building If You Have No Tiles on the Board": "If you
// have no Industry or Link tiles on the board, you may also (as an action) discard: An
// Industry card to build the matching Industry tile in any location with an undeveloped
// space displaying that industry's icon; Any card to build a Link tile on any undeveloped
// line on the board."
func TestBuildWithNoTilesOnBoard(t *testing.T) {
	base := func() *enginetest.Builder {
		return enginetest.New(t, 3).Era(engine.Canal).Turn(0).Money(0, 40).
			Hand(0, "coal_mine", "brewery", "stafford", "wild_industry")
	}
	cases := []ruleCase{
		{name: "industry card anywhere with the icon", pos: base(),
			move: buildMove(0, "coal_mine", "coal_mine", "coalbrookdale_3"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "owner", tileAt(t, s, "coalbrookdale_3").Owner, 1)
			}},
		{name: "wild industry card anywhere", pos: base(),
			move: buildMove(0, "wild_industry", "coal_mine", "cannock_2"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "owner", tileAt(t, s, "cannock_2").Owner, 1)
			}},
		{name: "brewery card at a farm brewery", pos: base(),
			move: buildMove(0, "brewery", "brewery", "farm_brewery_south_1"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "owner", tileAt(t, s, "farm_brewery_south_1").Owner, 1)
			}},
		{name: "industry card where no space shows the icon", pos: base(),
			move: buildMove(0, "coal_mine", "coal_mine", "worcester_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleNoIcon},
		{name: "any card builds a link anywhere", pos: base(),
			move: networkMove(0, "stafford", "coalbrookdale-shrewsbury"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "link owner", linkOwner(t, s, "coalbrookdale-shrewsbury"), 0)
			}},
		{name: "a link on the board ends the exception", pos: base().Link("redditch-oxford", 0),
			move: buildMove(0, "coal_mine", "coal_mine", "coalbrookdale_3"), wantErr: engine.ErrIllegal, wantRule: engine.RuleNotInNetwork},
		{name: "an industry tile on the board ends the exception", pos: base().Flipped("worcester_1", 0, engine.Cotton, 1),
			move: buildMove(0, "coal_mine", "coal_mine", "coalbrookdale_3"), wantErr: engine.ErrIllegal, wantRule: engine.RuleNotInNetwork},
		{name: "an industry tile on the board ends the exception for links", pos: base().Flipped("worcester_1", 0, engine.Cotton, 1),
			move: networkMove(0, "stafford", "coalbrookdale-shrewsbury"), wantErr: engine.ErrIllegal, wantRule: engine.RuleLinkNotInNetwork},
		{name: "other players' tiles do not matter", pos: base().Link("dudley-birmingham", 1).Flipped("dudley_1", 2, engine.Coal, 1),
			move: buildMove(0, "coal_mine", "coal_mine", "coalbrookdale_3"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "owner", tileAt(t, s, "coalbrookdale_3").Owner, 1)
			}},
	}
	runRuleCases(t, cases)
}

// TestBuildFarmBreweries checks "Build Action > Farm Breweries": "You may only build in these
// locations using a Brewery Industry card or a Wild Industry card. A Link tile is required to
// connect Cannock to the Farm Brewery to its left. A Link tile placed between Kidderminster and
// Worcester also connects both locations to the Farm Brewery to their left. A second Link
// tile is not required; nor may it be placed there."
func TestBuildFarmBreweries(t *testing.T) {
	base := func() *enginetest.Builder {
		return enginetest.New(t, 3).Era(engine.Canal).Turn(0).Money(0, 40).IronMarket(8).
			Hand(0, "brewery", "wild_industry", "wild_location", "cannock", "kidderminster", "worcester")
	}
	built := func(space string) func(t *testing.T, was, s *engine.State) {
		return func(t *testing.T, was, s *engine.State) {
			tile := tileAt(t, s, space)
			if tile.Owner != 1 || tile.Industry != engine.Brewery || tile.Cubes != 1 {
				t.Errorf("%s: %+v, want player 0's brewery with 1 barrel", space, tile)
			}
			expectInt(t, "money", s.Players[0].Money, 40-5-2)
		}
	}
	north := func() *enginetest.Builder { return base().Link("cannock-farm_brewery_north", 0) }
	south := func() *enginetest.Builder { return base().Link("kidderminster-worcester-farm_brewery_south", 0) }
	cases := []ruleCase{
		{name: "brewery card at the north farm through the Cannock link", pos: north(),
			move: buildMove(0, "brewery", "brewery", "farm_brewery_north_1"), check: built("farm_brewery_north_1")},
		{name: "wild industry card at the north farm", pos: north(),
			move: buildMove(0, "wild_industry", "brewery", "farm_brewery_north_1"), check: built("farm_brewery_north_1")},
		{name: "wild location card at the north farm", pos: north(),
			move: buildMove(0, "wild_location", "brewery", "farm_brewery_north_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleWildLocationFarm},
		{name: "Cannock card at the north farm", pos: north(),
			move: buildMove(0, "cannock", "brewery", "farm_brewery_north_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleCardLocation},
		{name: "Cannock in the network does not put the north farm in it", pos: base().Link("cannock-walsall", 0),
			move: buildMove(0, "brewery", "brewery", "farm_brewery_north_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleNotInNetwork},
		{name: "another player's Cannock link does not put the north farm in my network",
			pos:  base().Link("cannock-farm_brewery_north", 1).Link("cannock-walsall", 0),
			move: buildMove(0, "brewery", "brewery", "farm_brewery_north_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleNotInNetwork},
		{name: "brewery card at the south farm through the Kidderminster–Worcester link", pos: south(),
			move: buildMove(0, "brewery", "brewery", "farm_brewery_south_1"), check: built("farm_brewery_south_1")},
		{name: "Kidderminster card at the south farm", pos: south(),
			move: buildMove(0, "kidderminster", "brewery", "farm_brewery_south_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleCardLocation},
		{name: "Worcester card at the south farm", pos: south(),
			move: buildMove(0, "worcester", "brewery", "farm_brewery_south_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleCardLocation},
		{name: "a farm brewery space takes only a brewery", pos: north(),
			move: buildMove(0, "wild_industry", "coal_mine", "farm_brewery_north_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleNoIcon},
		{name: "no separate link between Worcester and the south farm", pos: south(),
			move: networkMove(0, "brewery", "worcester-farm_brewery_south"), wantErr: engine.ErrMalformed},
		{name: "no separate link between Kidderminster and the south farm", pos: south(),
			move: networkMove(0, "brewery", "kidderminster-farm_brewery_south"), wantErr: engine.ErrMalformed},
		{name: "the Cannock–north farm link can be built", pos: base().Link("cannock-walsall", 0),
			move: networkMove(0, "brewery", "cannock-farm_brewery_north"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "link owner", linkOwner(t, s, "cannock-farm_brewery_north"), 0)
			}},
	}
	runRuleCases(t, cases)

	t.Run("the south farm touches exactly one line, shared with Kidderminster and Worcester", func(t *testing.T) {
		ed := base().State().Edition()
		farm, ok := ed.LocationByID("farm_brewery_south")
		if !ok {
			t.Fatal("no farm_brewery_south location")
		}
		if n := len(ed.Locations[farm].Links); n != 1 {
			t.Fatalf("the south farm touches %d lines, want 1", n)
		}
		l := ed.Links[ed.Locations[farm].Links[0]]
		var ids []string
		for _, loc := range l.Locations {
			ids = append(ids, ed.Locations[loc].ID)
		}
		if l.ID != "kidderminster-worcester-farm_brewery_south" || len(ids) != 3 || !l.Canal || !l.Rail {
			t.Errorf("south farm line %s joins %v (canal %v rail %v)", l.ID, ids, l.Canal, l.Rail)
		}
		north, _ := ed.LocationByID("farm_brewery_north")
		if n := len(ed.Locations[north].Links); n != 1 || ed.Links[ed.Locations[north].Links[0]].ID != "cannock-farm_brewery_north" {
			t.Errorf("the north farm's lines: %v", ed.Locations[north].Links)
		}
	})
}

// TestBuildSpaceChoice checks "Build Action" step 2: "If possible, place it on a space
// displaying only that industry's icon. Otherwise, place it on a space displaying that
// industry's icon with another industry's icon. If no undeveloped spaces display your
// industry's icon, you may not place it in that location."
func TestBuildSpaceChoice(t *testing.T) {
	base := func() *enginetest.Builder { // Manufacturer II: £10 + 1 iron, no coal
		return enginetest.New(t, 3).Era(engine.Rail).Turn(0).Money(0, 60).IronMarket(8).
			MatLevel(0, engine.Manufacturer, 2).MatLevel(0, engine.Iron, 2).MatLevel(0, engine.Cotton, 2).
			Hand(0, "birmingham", "worcester", "coalbrookdale")
	}
	at := func(space string) func(t *testing.T, was, s *engine.State) {
		return func(t *testing.T, was, s *engine.State) {
			expectInt(t, space+" owner", tileAt(t, s, space).Owner, 1)
		}
	}
	cases := []ruleCase{
		{name: "shared space while a manufacturer-only space is free", pos: base(),
			move: buildMove(0, "birmingham", "manufacturer", "birmingham_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleSingleIconFirst},
		{name: "manufacturer-only space 2", pos: base(),
			move: buildMove(0, "birmingham", "manufacturer", "birmingham_2"), check: at("birmingham_2")},
		{name: "manufacturer-only space 4", pos: base(),
			move: buildMove(0, "birmingham", "manufacturer", "birmingham_4"), check: at("birmingham_4")},
		{name: "shared space while one manufacturer-only space is still free",
			pos:  base().Flipped("birmingham_2", 1, engine.Manufacturer, 2),
			move: buildMove(0, "birmingham", "manufacturer", "birmingham_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleSingleIconFirst},
		{name: "shared space once the manufacturer-only spaces are taken",
			pos:  base().Flipped("birmingham_2", 1, engine.Manufacturer, 2).Flipped("birmingham_4", 2, engine.Manufacturer, 2),
			move: buildMove(0, "birmingham", "manufacturer", "birmingham_1"), check: at("birmingham_1")},
		{name: "a space without the industry's icon", pos: base(),
			move: buildMove(0, "birmingham", "manufacturer", "birmingham_3"), wantErr: engine.ErrIllegal, wantRule: engine.RuleNoIcon},
		{name: "iron works on the shared space while the iron-only space is free",
			pos:  base().Tile("coalbrookdale_3", 1, engine.Coal, 2, 3),
			move: buildMove(0, "coalbrookdale", "iron_works", "coalbrookdale_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleSingleIconFirst},
		{name: "iron works on the iron-only space",
			pos:  base().Tile("coalbrookdale_3", 1, engine.Coal, 2, 3),
			move: buildMove(0, "coalbrookdale", "iron_works", "coalbrookdale_2"), check: at("coalbrookdale_2")},
		{name: "no undeveloped space with the icon left",
			pos:  base().Link("worcester-gloucester", 0).Flipped("worcester_1", 1, engine.Cotton, 2).Flipped("worcester_2", 2, engine.Cotton, 2),
			move: buildMove(0, "worcester", "cotton_mill", "worcester_2"), wantErr: engine.ErrIllegal, wantRule: engine.RuleOverbuildLevel},
	}
	runRuleCases(t, cases)
}

// TestBuildCanalEraOneTilePerLocation checks "Canal Era Building": "You may have a maximum of
// 1 Industry tile per location, but may have an Industry tile in the same location as other
// players", with "Rail Era Building": "You may build multiple Industry tiles in each
// location". Overbuilding your own tile in that location keeps one tile there, so it is fine.
func TestBuildCanalEraOneTilePerLocation(t *testing.T) {
	canal := func() *enginetest.Builder {
		return enginetest.New(t, 3).Era(engine.Canal).Turn(0).Money(0, 40).Hand(0, "birmingham", "cannock")
	}
	cases := []ruleCase{
		{name: "a second own tile in Birmingham", pos: canal().Tile("birmingham_2", 0, engine.Manufacturer, 1, 0),
			move: buildMove(0, "birmingham", "cotton_mill", "birmingham_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleCanalOneTile},
		{name: "a second own tile even when the first is flipped", pos: canal().Flipped("birmingham_2", 0, engine.Manufacturer, 1),
			move: buildMove(0, "birmingham", "cotton_mill", "birmingham_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleCanalOneTile},
		{name: "other players' tiles in the same town",
			pos:  canal().Tile("birmingham_2", 1, engine.Manufacturer, 1, 0).Flipped("birmingham_3", 2, engine.Iron, 1),
			move: buildMove(0, "birmingham", "cotton_mill", "birmingham_1"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "owner", tileAt(t, s, "birmingham_1").Owner, 1)
			}},
		{name: "overbuilding the own tile in that town", pos: canal().Flipped("cannock_2", 0, engine.Coal, 1),
			move: buildMove(0, "cannock", "coal_mine", "cannock_2"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "level", tileLevel(t, s, "cannock_2"), 2)
				expectInt(t, "owner", tileAt(t, s, "cannock_2").Owner, 1)
			}},
		{name: "a second space in the town of the own tile", pos: canal().Flipped("cannock_2", 0, engine.Coal, 1),
			move: buildMove(0, "cannock", "coal_mine", "cannock_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleCanalOneTile},
		{name: "Rail Era: several own tiles in one town",
			pos: enginetest.New(t, 3).Era(engine.Rail).Turn(0).Money(0, 40).IronMarket(8).Hand(0, "birmingham").
				MatLevel(0, engine.Manufacturer, 2).Flipped("birmingham_2", 0, engine.Manufacturer, 2).
				Tile("birmingham_3", 0, engine.Iron, 2, 1),
			move: buildMove(0, "birmingham", "manufacturer", "birmingham_4"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "owner", tileAt(t, s, "birmingham_4").Owner, 1)
			}},
	}
	runRuleCases(t, cases)
}

// TestBuildEraTiles checks "Canal Era Building" / "Rail Era Building" (tiles marked for the
// other era may not be built) and "Things to Remember": "Unlike the other level 1 Industry
// tiles, the level 1 Pottery tile may be built during the Rail Era." Pottery V and Brewery IV
// are rail-only (fact sheet §4). Lightbulb potteries (I, III) can be built: "These tiles may
// only be removed from your Player Mat through use of the Build action."
func TestBuildEraTiles(t *testing.T) {
	pos := func(era engine.Era) *enginetest.Builder {
		return enginetest.New(t, 3).Era(era).Turn(0).Money(0, 60).IronMarket(8).
			Link("stafford-cannock", 1).Tile("cannock_2", 1, engine.Coal, 2, 3).
			Hand(0, "birmingham", "cannock", "stafford", "dudley")
	}
	level := func(space string, want int, money int) func(t *testing.T, was, s *engine.State) {
		return func(t *testing.T, was, s *engine.State) {
			expectInt(t, space+" level", tileLevel(t, s, space), want)
			expectInt(t, "money", s.Players[0].Money, int32(money))
		}
	}
	cases := []ruleCase{
		{name: "Rail: Cotton Mill I", pos: pos(engine.Rail),
			move: buildMove(0, "birmingham", "cotton_mill", "birmingham_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleWrongEra},
		{name: "Rail: Coal Mine I", pos: pos(engine.Rail),
			move: buildMove(0, "dudley", "coal_mine", "dudley_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleWrongEra},
		{name: "Rail: Manufacturer I", pos: pos(engine.Rail),
			move: buildMove(0, "birmingham", "manufacturer", "birmingham_2"), wantErr: engine.ErrIllegal, wantRule: engine.RuleWrongEra},
		{name: "Rail: Iron Works I", pos: pos(engine.Rail),
			move: buildMove(0, "dudley", "iron_works", "dudley_2"), wantErr: engine.ErrIllegal, wantRule: engine.RuleWrongEra},
		{name: "Rail: Brewery I", pos: pos(engine.Rail),
			move: buildMove(0, "stafford", "brewery", "stafford_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleWrongEra},
		{name: "Rail: Pottery I (lightbulb) can be built", pos: pos(engine.Rail),
			move: buildMove(0, "stafford", "pottery", "stafford_2"), check: level("stafford_2", 1, 60-17-2)},
		{name: "Canal: Pottery I (lightbulb) can be built", pos: pos(engine.Canal),
			move: buildMove(0, "stafford", "pottery", "stafford_2"), check: level("stafford_2", 1, 60-17-2)},
		{name: "Canal: Pottery III (lightbulb) can be built", pos: pos(engine.Canal).MatLevel(0, engine.Pottery, 3),
			move: buildMove(0, "stafford", "pottery", "stafford_2"), check: level("stafford_2", 3, 60-22)},
		{name: "Canal: Pottery V", pos: pos(engine.Canal).MatLevel(0, engine.Pottery, 5),
			move: buildMove(0, "stafford", "pottery", "stafford_2"), wantErr: engine.ErrIllegal, wantRule: engine.RuleWrongEra},
		{name: "Rail: Pottery V", pos: pos(engine.Rail).MatLevel(0, engine.Pottery, 5),
			move: buildMove(0, "stafford", "pottery", "stafford_2"), check: level("stafford_2", 5, 60-24)},
		{name: "Canal: Brewery IV", pos: pos(engine.Canal).MatLevel(0, engine.Brewery, 4),
			move: buildMove(0, "stafford", "brewery", "stafford_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleWrongEra},
		{name: "Rail: Brewery IV", pos: pos(engine.Rail).MatLevel(0, engine.Brewery, 4),
			move: buildMove(0, "stafford", "brewery", "stafford_1"), check: level("stafford_1", 4, 60-9-2)},
		{name: "Canal: level II tiles", pos: pos(engine.Canal).MatLevel(0, engine.Coal, 2),
			move: buildMove(0, "dudley", "coal_mine", "dudley_1"), check: level("dudley_1", 2, 60-7)},
		{name: "no tiles of the industry left on the mat", pos: pos(engine.Rail).Mat(0, engine.Iron, 4),
			move: buildMove(0, "dudley", "iron_works", "dudley_2"), wantErr: engine.ErrIllegal, wantRule: engine.RuleMatEmpty},
	}
	runRuleCases(t, cases)
}

// TestBuildOverbuilding checks "Overbuilding": "replace an already placed Industry tile with a
// higher-level tile of the same industry type (you must still pay the necessary build
// costs)"; your own tiles of any industry; an opponent's "only a Coal Mine or an Iron Works"
// and "There must be no resource cubes on the entire board, including in its Market, of the
// same type"; "Players do not lose previously gained income or VPs if their Industry tiles
// are overbuilt."
func TestBuildOverbuilding(t *testing.T) {
	rail := func() *enginetest.Builder {
		return enginetest.New(t, 3).Era(engine.Rail).Turn(0).Money(0, 60).IronMarket(8).
			Hand(0, "worcester", "cannock", "dudley", "tamworth", "stafford", "birmingham")
	}
	// opponent's flipped Coal Mine II in Dudley, no coal anywhere; player 0's next mine is III
	oppCoal := func() *enginetest.Builder {
		return rail().Flipped("dudley_1", 1, engine.Coal, 2).CoalMarket(0).MatLevel(0, engine.Coal, 3).
			IncomeSpace(1, 25).VP(1, 12)
	}
	// opponent's flipped Iron Works I in Dudley, no iron anywhere; player 0 has coal in Dudley
	oppIron := func() *enginetest.Builder {
		return rail().Flipped("dudley_2", 1, engine.Iron, 1).IronMarket(0).MatLevel(0, engine.Iron, 2).
			Tile("dudley_1", 0, engine.Coal, 2, 2)
	}
	cases := []ruleCase{
		{name: "own cotton mill with a higher level",
			pos: enginetest.New(t, 3).Era(engine.Canal).Turn(0).Money(0, 40).Hand(0, "worcester").
				Flipped("worcester_1", 0, engine.Cotton, 1).MatLevel(0, engine.Cotton, 2).
				Link("worcester-gloucester", 0).CoalMarket(13),
			move: buildMove(0, "worcester", "cotton_mill", "worcester_1"),
			check: func(t *testing.T, was, s *engine.State) {
				tile := tileAt(t, s, "worcester_1")
				if tile.Owner != 1 || tile.Flipped || tileLevel(t, s, "worcester_1") != 2 {
					t.Errorf("worcester_1 %+v, want player 0's unflipped Cotton Mill II", tile)
				}
				expectInt(t, "money (£14 + £1 coal)", s.Players[0].Money, 40-14-1)
				expectInt(t, "worcester_2 owner", tileAt(t, s, "worcester_2").Owner, 0)
			}},
		{name: "own tile with the same level", pos: rail().Flipped("cannock_2", 0, engine.Coal, 2),
			move: buildMove(0, "cannock", "coal_mine", "cannock_2"), wantErr: engine.ErrIllegal, wantRule: engine.RuleOverbuildLevel},
		{name: "own tile with a lower level", pos: rail().Flipped("cannock_2", 0, engine.Coal, 3).Mat(0, engine.Coal, 1),
			move: buildMove(0, "cannock", "coal_mine", "cannock_2"), wantErr: engine.ErrIllegal, wantRule: engine.RuleOverbuildLevel},
		{name: "own tile of another industry", pos: rail().Flipped("tamworth_1", 0, engine.Cotton, 2).Flipped("tamworth_2", 1, engine.Cotton, 2).MatLevel(0, engine.Coal, 2),
			move: buildMove(0, "tamworth", "coal_mine", "tamworth_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleSpaceTaken},
		{name: "opponent's coal mine when no coal is on the board or in the market", pos: oppCoal(),
			move: buildMove(0, "dudley", "coal_mine", "dudley_1"),
			check: func(t *testing.T, was, s *engine.State) {
				tile := tileAt(t, s, "dudley_1")
				if tile.Owner != 1 || tileLevel(t, s, "dudley_1") != 3 || tile.Cubes != 4 {
					t.Errorf("dudley_1 %+v, want player 0's Coal Mine III with 4 coal", tile)
				}
				expectInt(t, "opponent income space", s.Players[1].IncomeSpace, 25)
				expectInt(t, "opponent VP", s.Players[1].VP, 12)
				expectInt(t, "money (£8 + £2 iron)", s.Players[0].Money, 60-8-2)
			}},
		{name: "opponent's coal mine while iron is around (only coal matters)",
			pos:  oppCoal().Tile("coalbrookdale_2", 2, engine.Iron, 2, 3),
			move: buildMove(0, "dudley", "coal_mine", "dudley_1"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "owner", tileAt(t, s, "dudley_1").Owner, 1)
			}},
		{name: "opponent's coal mine while the coal market holds a cube", pos: oppCoal().CoalMarket(1),
			move: buildMove(0, "dudley", "coal_mine", "dudley_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleOverbuildResource},
		{name: "opponent's coal mine while any mine on the board holds coal, even unconnected",
			pos:  oppCoal().Tile("cannock_2", 2, engine.Coal, 2, 1),
			move: buildMove(0, "dudley", "coal_mine", "dudley_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleOverbuildResource},
		{name: "opponent's iron works when no iron is on the board or in the market", pos: oppIron(),
			move: buildMove(0, "dudley", "iron_works", "dudley_2"),
			check: func(t *testing.T, was, s *engine.State) {
				tile := tileAt(t, s, "dudley_2")
				if tile.Owner != 1 || tileLevel(t, s, "dudley_2") != 2 {
					t.Errorf("dudley_2 %+v, want player 0's Iron Works II", tile)
				}
				// its 4 iron go to the empty market at £5, £5, £4, £4 and it flips (+3 spaces)
				expectInt(t, "iron market", s.IronMarket, 4)
				expectInt(t, "money", s.Players[0].Money, 60-7+18)
				expectInt(t, "income space", s.Players[0].IncomeSpace, 13)
			}},
		{name: "opponent's iron works while the iron market holds a cube", pos: oppIron().IronMarket(1),
			move: buildMove(0, "dudley", "iron_works", "dudley_2"), wantErr: engine.ErrIllegal, wantRule: engine.RuleOverbuildResource},
		{name: "opponent's iron works while another iron works holds iron",
			pos:  oppIron().Tile("coalbrookdale_2", 2, engine.Iron, 2, 1),
			move: buildMove(0, "dudley", "iron_works", "dudley_2"), wantErr: engine.ErrIllegal, wantRule: engine.RuleOverbuildResource},
		{name: "opponent's cotton mill, never",
			pos:  rail().MatLevel(0, engine.Cotton, 3).Flipped("worcester_1", 1, engine.Cotton, 2).Flipped("worcester_2", 2, engine.Cotton, 2).Link("worcester-gloucester", 0),
			move: buildMove(0, "worcester", "cotton_mill", "worcester_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleOverbuildOpponent},
		{name: "opponent's brewery, never, even with no beer anywhere",
			pos:  rail().NoMerchantBeer().MatLevel(0, engine.Brewery, 3).Flipped("stafford_1", 1, engine.Brewery, 2),
			move: buildMove(0, "stafford", "brewery", "stafford_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleOverbuildOpponent},
		{name: "opponent's manufacturer, never",
			pos: rail().MatLevel(0, engine.Manufacturer, 2).Flipped("birmingham_2", 1, engine.Manufacturer, 1).
				Flipped("birmingham_4", 2, engine.Manufacturer, 1).Flipped("birmingham_1", 2, engine.Cotton, 2),
			move: buildMove(0, "birmingham", "manufacturer", "birmingham_2"), wantErr: engine.ErrIllegal, wantRule: engine.RuleOverbuildOpponent},
	}
	runRuleCases(t, cases)
}

// TestOverbuildOwnTileReturnsCubesToSupply checks "Overbuilding" for your own tile: "If there
// are any iron / coal / beer on the tile being replaced, place them back into the General
// Supply." and "Remove overbuilt Industry tiles from the game". The replaced tile is removed,
// not flipped: "Coal Mines, Iron Works, and Breweries: Flip when the last resource is removed
// from the tile" happens by consumption, and only a flip advances income ("Whenever one of
// your Industry tiles is flipped your income is increased"). So the owner's income must not
// move when an unflipped tile with cubes is overbuilt.
func TestOverbuildOwnTileReturnsCubesToSupply(t *testing.T) {
	cases := []ruleCase{
		{name: "own unflipped Coal Mine I with coal, overbuilt by Coal Mine II",
			pos: enginetest.New(t, 3).Era(engine.Rail).Turn(0).Money(0, 40).Hand(0, "cannock").
				Tile("cannock_2", 0, engine.Coal, 1, 2),
			move: buildMove(0, "cannock", "coal_mine", "cannock_2"),
			check: func(t *testing.T, was, s *engine.State) {
				tile := tileAt(t, s, "cannock_2")
				if tile.Owner != 1 || tileLevel(t, s, "cannock_2") != 2 || tile.Flipped || tile.Cubes != 3 {
					t.Errorf("cannock_2 %+v, want an unflipped Coal Mine II with its own 3 coal", tile)
				}
				expectInt(t, "money", s.Players[0].Money, 40-7)
				// the old tile's 2 coal went to the supply; it was not flipped, so no +4 income
				expectInt(t, "income space (no flip of the removed Coal Mine I)", s.Players[0].IncomeSpace, 10)
			}},
		{name: "own unflipped Brewery II with beer, overbuilt by Brewery III",
			pos: enginetest.New(t, 3).Era(engine.Rail).Turn(0).Money(0, 40).IronMarket(8).Hand(0, "stafford").
				Tile("stafford_1", 0, engine.Brewery, 2, 2).MatLevel(0, engine.Brewery, 3),
			move: buildMove(0, "stafford", "brewery", "stafford_1"),
			check: func(t *testing.T, was, s *engine.State) {
				tile := tileAt(t, s, "stafford_1")
				if tile.Owner != 1 || tileLevel(t, s, "stafford_1") != 3 || tile.Flipped || tile.Cubes != 2 {
					t.Errorf("stafford_1 %+v, want an unflipped Brewery III with 2 barrels", tile)
				}
				expectInt(t, "money", s.Players[0].Money, 40-9-2)
				expectInt(t, "income space (no flip of the removed Brewery II)", s.Players[0].IncomeSpace, 10)
			}},
		{name: "own unflipped Iron Works II with iron, overbuilt by Iron Works III",
			pos: enginetest.New(t, 3).Era(engine.Rail).Turn(0).Money(0, 40).IronMarket(10).Hand(0, "dudley").
				Tile("dudley_2", 0, engine.Iron, 2, 3).Tile("dudley_1", 1, engine.Coal, 2, 2),
			move: buildMove(0, "dudley", "iron_works", "dudley_2"),
			check: func(t *testing.T, was, s *engine.State) {
				tile := tileAt(t, s, "dudley_2")
				if tile.Owner != 1 || tileLevel(t, s, "dudley_2") != 3 || tile.Flipped || tile.Cubes != 5 {
					t.Errorf("dudley_2 %+v, want an unflipped Iron Works III with 5 iron (full market)", tile)
				}
				expectInt(t, "income space (no flip of the removed Iron Works II)", s.Players[0].IncomeSpace, 10)
			}},
	}
	runRuleCases(t, cases)
}

// TestBuildCost checks "Build Action" step 3: "Pay money onto your Character tile on the Turn
// Order Track" (the cost counts as money spent this round, market coal and iron included),
// the tile is the lowest level of the industry on the mat, and a build you cannot pay for is
// refused.
func TestBuildCost(t *testing.T) {
	base := func(money int) *enginetest.Builder {
		return enginetest.New(t, 3).Era(engine.Canal).Turn(0).Money(0, money).Spent(0, 4).Hand(0, "birmingham")
	}
	cases := []ruleCase{
		{name: "Cotton Mill I costs £12", pos: base(40),
			move: buildMove(0, "birmingham", "cotton_mill", "birmingham_1"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "money", s.Players[0].Money, 28)
				expectInt(t, "spent", s.Players[0].Spent, 4+12)
				expectInt(t, "cotton tiles off the mat", s.Players[0].MatUsed[engine.Cotton], 1)
				expectInt(t, "level", tileLevel(t, s, "birmingham_1"), 1)
			}},
		{name: "market coal is part of the money spent", pos: base(40).MatLevel(0, engine.Cotton, 2).Link("birmingham-oxford", 0).CoalMarket(12),
			move: buildMove(0, "birmingham", "cotton_mill", "birmingham_1"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "money (£14 + £2 coal)", s.Players[0].Money, 40-16)
				expectInt(t, "spent", s.Players[0].Spent, 4+16)
				expectInt(t, "coal market", s.CoalMarket, 11)
			}},
		{name: "two market coal as the market runs out: £7 then £8",
			pos:  base(40).MatLevel(0, engine.Manufacturer, 3).Link("birmingham-oxford", 0).CoalMarket(1),
			move: buildMove(0, "birmingham", "manufacturer", "birmingham_2"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "money (£12 + £7 + £8)", s.Players[0].Money, 40-27)
				expectInt(t, "coal market", s.CoalMarket, 0)
			}},
		{name: "two market iron as the market runs out: £5 then £6",
			pos:  base(40).MatLevel(0, engine.Manufacturer, 8).IronMarket(1),
			move: buildMove(0, "birmingham", "manufacturer", "birmingham_2"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "money (£20 + £5 + £6)", s.Players[0].Money, 40-31)
				expectInt(t, "iron market", s.IronMarket, 0)
			}},
		{name: "not enough money for the tile", pos: base(11),
			move: buildMove(0, "birmingham", "cotton_mill", "birmingham_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleMoney},
		{name: "not enough money for the tile and its market coal", pos: base(14).MatLevel(0, engine.Cotton, 2).Link("birmingham-oxford", 0).CoalMarket(13),
			move: buildMove(0, "birmingham", "cotton_mill", "birmingham_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleMoney},
	}
	runRuleCases(t, cases)
}

// TestBuildMovingCoalAndIronToMarket checks "Moving Coal and Iron to the Market": a Coal Mine
// "connected to any Merchant space (even those without Merchant tiles)" or any Iron Works
// "regardless of whether or not it is connected" must "move as many cubes as possible ... to
// available spaces in its associated Market (filling the most expensive spaces first)", is
// paid each space's price and flips when emptied; "Coal and iron cubes may only be sold to
// their Markets during the action when their Industry tile is built."
func TestBuildMovingCoalAndIronToMarket(t *testing.T) {
	base := func(n int) *enginetest.Builder {
		return enginetest.New(t, n).Era(engine.Canal).Turn(0).Money(0, 40).MatLevel(0, engine.Coal, 2).
			Hand(0, "redditch", "cannock", "coal_mine", "dudley", "coalbrookdale")
	}
	cases := []ruleCase{
		{name: "connected mine fills the most expensive spaces and flips when emptied",
			pos:  base(3).Link("redditch-oxford", 0).CoalMarket(8),
			move: buildMove(0, "redditch", "coal_mine", "redditch_1"),
			check: func(t *testing.T, was, s *engine.State) {
				tile := tileAt(t, s, "redditch_1")
				if !tile.Flipped || tile.Cubes != 0 {
					t.Errorf("redditch_1 %+v, want flipped and empty", tile)
				}
				expectInt(t, "coal market", s.CoalMarket, 11)
				expectInt(t, "money (−£7, +£3 +£3 +£2)", s.Players[0].Money, 40-7+8)
				expectInt(t, "spent", s.Players[0].Spent, 7)
				expectInt(t, "income space (+7)", s.Players[0].IncomeSpace, 17)
			}},
		{name: "connected through another player's link; a nearly full market takes what fits",
			pos:  base(3).Link("redditch-oxford", 1).CoalMarket(13),
			move: buildMove(0, "redditch", "coal_mine", "redditch_1"),
			check: func(t *testing.T, was, s *engine.State) {
				tile := tileAt(t, s, "redditch_1")
				if tile.Flipped || tile.Cubes != 2 {
					t.Errorf("redditch_1 %+v, want unflipped with 2 coal", tile)
				}
				expectInt(t, "coal market", s.CoalMarket, 14)
				expectInt(t, "money", s.Players[0].Money, 40-7+1)
				expectInt(t, "income space", s.Players[0].IncomeSpace, 10)
			}},
		{name: "a merchant location without a merchant tile (Warrington at 2 players)",
			pos: base(2).Link("warrington-stoke_on_trent", 1).Link("stoke_on_trent-leek", 0).CoalMarket(11).
				Merchant("warrington_1", "", false).Merchant("warrington_2", "", false),
			move: buildMove(0, "coal_mine", "coal_mine", "leek_2"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "coal market", s.CoalMarket, 14)
				expectInt(t, "money (−£7, +£2 +£1 +£1)", s.Players[0].Money, 40-7+4)
				if !tileAt(t, s, "leek_2").Flipped {
					t.Error("leek_2 not flipped")
				}
			}},
		{name: "an unconnected mine keeps its coal", pos: base(3).CoalMarket(8),
			move: buildMove(0, "cannock", "coal_mine", "cannock_2"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "cubes", tileAt(t, s, "cannock_2").Cubes, 3)
				expectInt(t, "coal market", s.CoalMarket, 8)
				expectInt(t, "money", s.Players[0].Money, 33)
			}},
		{name: "a mine connected only to towns keeps its coal", pos: base(3).CoalMarket(8).Link("cannock-walsall", 1).Link("walsall-birmingham", 2),
			move: buildMove(0, "cannock", "coal_mine", "cannock_2"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "cubes", tileAt(t, s, "cannock_2").Cubes, 3)
				expectInt(t, "coal market", s.CoalMarket, 8)
			}},
		{name: "a full market takes nothing", pos: base(3).Link("redditch-oxford", 0).CoalMarket(14),
			move: buildMove(0, "redditch", "coal_mine", "redditch_1"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "cubes", tileAt(t, s, "redditch_1").Cubes, 3)
				expectInt(t, "money", s.Players[0].Money, 33)
			}},
		{name: "an unconnected iron works still sells to the iron market",
			pos:  base(3).Tile("dudley_1", 1, engine.Coal, 2, 2).IronMarket(8),
			move: buildMove(0, "dudley", "iron_works", "dudley_2"),
			check: func(t *testing.T, was, s *engine.State) {
				tile := tileAt(t, s, "dudley_2")
				if tile.Flipped || tile.Cubes != 2 {
					t.Errorf("dudley_2 %+v, want unflipped with 2 iron", tile)
				}
				expectInt(t, "iron market", s.IronMarket, 10)
				expectInt(t, "money (−£5, +£1 +£1)", s.Players[0].Money, 40-5+2)
				expectInt(t, "coal left in Dudley", tileAt(t, s, "dudley_1").Cubes, 1)
			}},
		{name: "an iron works emptied into the market flips",
			pos:  base(3).Tile("dudley_1", 1, engine.Coal, 2, 2).IronMarket(5),
			move: buildMove(0, "dudley", "iron_works", "dudley_2"),
			check: func(t *testing.T, was, s *engine.State) {
				if !tileAt(t, s, "dudley_2").Flipped {
					t.Error("dudley_2 not flipped")
				}
				expectInt(t, "iron market", s.IronMarket, 9)
				expectInt(t, "money (−£5, +£3 +£2 +£2 +£1)", s.Players[0].Money, 40-5+8)
				expectInt(t, "income space (+3)", s.Players[0].IncomeSpace, 13)
			}},
		{name: "a mine connected to a merchant later does not sell",
			pos:  base(3).Tile("coalbrookdale_3", 0, engine.Coal, 2, 3).CoalMarket(8),
			move: networkMove(0, "dudley", "coalbrookdale-shrewsbury"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "cubes", tileAt(t, s, "coalbrookdale_3").Cubes, 3)
				expectInt(t, "coal market", s.CoalMarket, 8)
			}},
	}
	runRuleCases(t, cases)
}

// TestBuildBreweryBarrels checks "Build Action" step 4, Brewery: "Place 1 beer barrel on the
// Industry tile if it is built during the Canal Era, or 2 beer barrels if it is built during
// the Rail Era."
func TestBuildBreweryBarrels(t *testing.T) {
	pos := func(era engine.Era) *enginetest.Builder {
		return enginetest.New(t, 3).Era(era).Turn(0).Money(0, 40).IronMarket(8).MatLevel(0, engine.Brewery, 2).
			Hand(0, "stafford", "brewery").Link("cannock-farm_brewery_north", 0)
	}
	barrels := func(space string, want uint8) func(t *testing.T, was, s *engine.State) {
		return func(t *testing.T, was, s *engine.State) {
			expectInt(t, space+" barrels", tileAt(t, s, space).Cubes, want)
			expectInt(t, "money (£7 + £2 iron)", s.Players[0].Money, 31)
		}
	}
	runRuleCases(t, []ruleCase{
		{name: "Canal Era: 1 barrel", pos: pos(engine.Canal),
			move: buildMove(0, "stafford", "brewery", "stafford_1"), check: barrels("stafford_1", 1)},
		{name: "Rail Era: 2 barrels", pos: pos(engine.Rail),
			move: buildMove(0, "stafford", "brewery", "stafford_1"), check: barrels("stafford_1", 2)},
		{name: "Rail Era farm brewery: 2 barrels", pos: pos(engine.Rail),
			move: buildMove(0, "brewery", "brewery", "farm_brewery_north_1"), check: barrels("farm_brewery_north_1", 2)},
	})
}

// TestCanalOneTileReasonInBirmingham is the case of issue 11: in the Canal Era a player with a
// tile in Birmingham tries a Manufacturer on birmingham_2, then on birmingham_4 (both show
// only the Manufacturer icon). Both are refused, and the reason is the one that applies,
// "Canal Era Building": "You may have a maximum of 1 Industry tile per location", not the
// single-icon rule of "Build Action" step 2 ("If possible, place it on a space displaying only
// that industry's icon"), which each space satisfies. The single-icon rule itself still
// refuses a shared space while a single-icon one is free, for a player with no tile there.
func TestCanalOneTileReasonInBirmingham(t *testing.T) {
	pos := func() *enginetest.Builder {
		return enginetest.New(t, 3).Era(engine.Canal).Turn(0).Money(0, 40).Money(1, 40).IronMarket(8).
			Hand(0, "birmingham", "cotton_manufacturer").Tile("birmingham_3", 0, engine.Iron, 1, 2)
	}
	for _, space := range []string{"birmingham_2", "birmingham_4"} {
		for _, card := range []string{"birmingham", "cotton_manufacturer"} {
			g := pos().Game()
			err := g.Apply(buildMove(0, card, "manufacturer", space))
			var e *engine.Error
			if !errors.As(err, &e) || e.Reason.Rule != engine.RuleCanalOneTile {
				t.Fatalf("%s with %s: %v, want the Canal Era's one tile per location", space, card, err)
			}
			loc, _ := g.State().Edition().LocationByID("birmingham")
			if int(e.Reason.Location) != loc || !strings.Contains(e.Msg, "only one industry tile in each location") ||
				!strings.Contains(e.Msg, "Birmingham") || strings.Contains(e.Msg, "must go on") {
				t.Errorf("%s with %s: reason %+v, message %q", space, card, e.Reason, e.Msg)
			}
			if check := g.Check(buildMove(0, card, "manufacturer", space)); check == nil || check.Error() != e.Msg {
				t.Errorf("Game.Check says %v", check)
			}
		}
	}
	runRuleCases(t, []ruleCase{
		{name: "a shared space while a Manufacturer-only space is free, for a player with no tile there",
			pos: pos().Turn(1).Hand(1, "birmingham"), move: buildMove(1, "birmingham", "manufacturer", "birmingham_1"),
			wantErr: engine.ErrIllegal, wantRule: engine.RuleSingleIconFirst},
		{name: "a Manufacturer-only space, for that player", pos: pos().Turn(1).Hand(1, "birmingham").Link("birmingham-oxford", 2),
			move: buildMove(1, "birmingham", "manufacturer", "birmingham_4"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "owner", tileAt(t, s, "birmingham_4").Owner, 2)
			}},
	})
}
