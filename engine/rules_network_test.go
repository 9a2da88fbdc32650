package engine_test

import (
	"testing"

	"brass/engine"
	"brass/engine/enginetest"
)

// canalLinks14 and railLinks13 are lines that fill a player's supply of link tiles.
var canalLinks14 = []string{
	"warrington-stoke_on_trent", "stoke_on_trent-leek", "belper-derby", "derby-nottingham", "derby-burton_on_trent",
	"stone-stoke_on_trent", "stone-burton_on_trent", "stone-stafford", "stafford-cannock", "cannock-farm_brewery_north",
	"cannock-wolverhampton", "cannock-walsall", "walsall-burton_on_trent", "burton_on_trent-tamworth",
}

var railLinks13 = []string{
	"warrington-stoke_on_trent", "stoke_on_trent-leek", "leek-belper", "belper-derby", "derby-nottingham",
	"derby-uttoxeter", "derby-burton_on_trent", "uttoxeter-stone", "stone-stoke_on_trent", "stone-burton_on_trent",
	"stone-stafford", "stafford-cannock", "cannock-burton_on_trent",
}

func withLinks(b *enginetest.Builder, p int, links []string) *enginetest.Builder {
	for _, l := range links {
		b.Link(l, p)
	}
	return b
}

// TestNetworkCanal checks "Network Action" and "Network During Canal Era": "Place a Link tile
// on an undeveloped line on the board. The placed Link tile must be adjacent to a location
// that is a part of your network"; "You may not build rail Links. You may build canal Links
// on undeveloped canal lines. You may build a maximum of 1 canal Link for £3." With "Your
// Network" (own industry tiles and locations next to own links) and the 14 link tiles per
// player ("56 × Link tiles (14 per colour)").
func TestNetworkCanal(t *testing.T) {
	base := func() *enginetest.Builder {
		return enginetest.New(t, 3).Era(engine.Canal).Turn(0).Money(0, 20).Spent(0, 1).
			Tile("birmingham_2", 0, engine.Manufacturer, 1, 0).
			Hand(0, "dudley", "coventry", "wild_location")
	}
	cases := []ruleCase{
		{name: "one canal link for £3, next to an own industry tile", pos: base(),
			move: networkMove(0, "dudley", "dudley-birmingham"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "link owner", linkOwner(t, s, "dudley-birmingham"), 0)
				expectInt(t, "money", s.Players[0].Money, 17)
				expectInt(t, "spent", s.Players[0].Spent, 1+3)
				expectInt(t, "link tiles left", s.Players[0].LinksLeft, 13)
				if top := topDiscard(s, 0); top != "dudley" {
					t.Errorf("top discard %q, want dudley", top)
				}
			}},
		{name: "two canal links in one action", pos: base(),
			move: networkMove(0, "dudley", "dudley-birmingham", "wolverhampton-dudley"), wantErr: engine.ErrIllegal, wantRule: engine.RuleCanalOneLink},
		{name: "a rail-only line", pos: base(),
			move: networkMove(0, "dudley", "birmingham-nuneaton"), wantErr: engine.ErrIllegal, wantRule: engine.RuleLinkType},
		{name: "a line not touching the network", pos: base(),
			move: networkMove(0, "dudley", "wolverhampton-dudley"), wantErr: engine.ErrIllegal, wantRule: engine.RuleLinkNotInNetwork},
		{name: "a line already built", pos: base().Link("dudley-birmingham", 1),
			move: networkMove(0, "dudley", "dudley-birmingham"), wantErr: engine.ErrIllegal, wantRule: engine.RuleLinkBuilt},
		{name: "coal for a canal link", pos: base().Link("birmingham-oxford", 1),
			move: withCoal(networkMove(0, "dudley", "dudley-birmingham"), "market"), wantErr: engine.ErrIllegal, wantRule: engine.RuleCanalNoCoalBeer},
		{name: "not enough money", pos: base().Money(0, 2),
			move: networkMove(0, "dudley", "dudley-birmingham"), wantErr: engine.ErrIllegal, wantRule: engine.RuleMoney},
		{name: "an own link extends the network", pos: base().Link("dudley-birmingham", 0),
			move: networkMove(0, "dudley", "wolverhampton-dudley"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "link owner", linkOwner(t, s, "wolverhampton-dudley"), 0)
			}},
		{name: "an opponent's link does not extend my network", pos: base().Link("dudley-birmingham", 1),
			move: networkMove(0, "dudley", "wolverhampton-dudley"), wantErr: engine.ErrIllegal, wantRule: engine.RuleLinkNotInNetwork},
		{name: "an opponent's tile does not put its location in my network", pos: base().Tile("coalbrookdale_3", 1, engine.Coal, 1, 2),
			move: networkMove(0, "dudley", "coalbrookdale-shrewsbury"), wantErr: engine.ErrIllegal, wantRule: engine.RuleLinkNotInNetwork},
		{name: "the canal-only line Walsall–Burton-on-Trent", pos: base().Link("walsall-birmingham", 0),
			move: networkMove(0, "dudley", "walsall-burton_on_trent"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "link owner", linkOwner(t, s, "walsall-burton_on_trent"), 0)
			}},
		{name: "a wild card pays for a link and goes back to its pile", pos: base(),
			move: networkMove(0, "wild_location", "birmingham-coventry"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "wild location pile", s.WildLocations, was.WildLocations+1)
			}},
		{name: "all 14 link tiles on the board", pos: withLinks(base(), 0, canalLinks14),
			move: networkMove(0, "dudley", "dudley-birmingham"), wantErr: engine.ErrIllegal, wantRule: engine.RuleLinksLeft},
	}
	runRuleCases(t, cases)
}

// TestNetworkRail checks "Network During Rail Era": "You may not build canal Links"; "1 rail
// Link for £5"; "a maximum of 2 rail Links for £15, if you also consume 1 beer. This beer must
// be consumed from a Brewery (not a Merchant beer). Remember: If consuming beer from another
// player's Brewery, it must be connected to the second rail Link (after it is placed)"; "You
// must consume 1 coal for each rail Link built ... Each rail Link is placed separately and
// must be connected to a source of coal (after it is placed)". And the exception "If you have
// no Industry or Link tiles on the board ... (you must still consume coal if building a rail
// Link)".
func TestNetworkRail(t *testing.T) {
	base := func() *enginetest.Builder {
		return enginetest.New(t, 3).Era(engine.Rail).Turn(0).Money(0, 40).
			Flipped("birmingham_2", 0, engine.Manufacturer, 2).Tile("dudley_1", 1, engine.Coal, 2, 3).
			Hand(0, "dudley", "coventry", "stafford")
	}
	// player 1's rail link Dudley–Birmingham makes the Dudley mine the nearest coal; player 2
	// has a brewery at the north farm, connected to Cannock only
	viaCannock := func() *enginetest.Builder {
		return base().Link("dudley-birmingham", 1).Tile("farm_brewery_north_1", 2, engine.Brewery, 2, 1)
	}
	cases := []ruleCase{
		{name: "one rail link for £5 and 1 coal from a mine it connects to once placed", pos: base(),
			move: networkMove(0, "dudley", "dudley-birmingham"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "link owner", linkOwner(t, s, "dudley-birmingham"), 0)
				expectInt(t, "money", s.Players[0].Money, 35)
				expectInt(t, "spent", s.Players[0].Spent, 5)
				expectInt(t, "Dudley coal", tileAt(t, s, "dudley_1").Cubes, 2)
				expectInt(t, "link tiles left", s.Players[0].LinksLeft, 13)
			}},
		{name: "a rail link with no coal connected", pos: base(),
			move: networkMove(0, "dudley", "walsall-birmingham"), wantErr: engine.ErrIllegal, wantRule: engine.RuleNoCoalForLink},
		{name: "coal from the market through a merchant", pos: base().CoalMarket(13),
			move: networkMove(0, "dudley", "birmingham-oxford"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "money (£5 + £1)", s.Players[0].Money, 34)
				expectInt(t, "spent", s.Players[0].Spent, 6)
				expectInt(t, "coal market", s.CoalMarket, 12)
			}},
		{name: "a canal-only line", pos: base().Link("walsall-birmingham", 0).Link("cannock-walsall", 1).Tile("cannock_2", 1, engine.Coal, 2, 2),
			move: networkMove(0, "dudley", "walsall-burton_on_trent"), wantErr: engine.ErrIllegal, wantRule: engine.RuleLinkType},
		{name: "a rail-only line", pos: base().Tile("nuneaton_2", 2, engine.Coal, 2, 2),
			move: networkMove(0, "dudley", "birmingham-nuneaton"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "link owner", linkOwner(t, s, "birmingham-nuneaton"), 0)
				expectInt(t, "Nuneaton coal", tileAt(t, s, "nuneaton_2").Cubes, 1)
			}},
		{name: "beer for a single rail link", pos: base().Tile("stafford_1", 0, engine.Brewery, 2, 1),
			move: withBeer(networkMove(0, "dudley", "dudley-birmingham"), "stafford_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleBeerDoubleRailOnly},
		{name: "two rail links for £15, 2 coal and a beer from an own brewery anywhere",
			pos:  base().Tile("stafford_1", 0, engine.Brewery, 2, 1),
			move: networkMove(0, "dudley", "dudley-birmingham", "wolverhampton-dudley"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "money", s.Players[0].Money, 25)
				expectInt(t, "spent", s.Players[0].Spent, 15)
				expectInt(t, "Dudley coal", tileAt(t, s, "dudley_1").Cubes, 1)
				if tile := tileAt(t, s, "stafford_1"); tile.Cubes != 0 || !tile.Flipped {
					t.Errorf("brewery %+v, want emptied and flipped", tile)
				}
				expectInt(t, "link tiles left", s.Players[0].LinksLeft, 12)
				expectInt(t, "second link owner", linkOwner(t, s, "wolverhampton-dudley"), 0)
			}},
		{name: "two rail links with only merchant beer",
			pos:  base().NoMerchantBeer().Merchant("oxford_1", "all", true).Merchant("oxford_2", "cotton_mill", true),
			move: networkMove(0, "dudley", "birmingham-oxford", "redditch-oxford"), wantErr: engine.ErrIllegal, wantRule: engine.RuleNoBeerForLink},
		{name: "two rail links with an opponent's brewery connected to the second link once placed",
			pos:  viaCannock().Link("cannock-farm_brewery_north", 2),
			move: networkMove(0, "dudley", "walsall-birmingham", "cannock-walsall"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "Dudley coal", tileAt(t, s, "dudley_1").Cubes, 1)
				if !tileAt(t, s, "farm_brewery_north_1").Flipped {
					t.Error("the farm brewery was emptied but not flipped")
				}
				expectInt(t, "brewery owner income space (+5)", s.Players[2].IncomeSpace, 15)
				expectInt(t, "money", s.Players[0].Money, 25)
			}},
		{name: "each link takes the coal closest to it when it is placed",
			pos:  viaCannock().Link("cannock-farm_brewery_north", 2).Tile("cannock_2", 2, engine.Coal, 2, 2),
			move: networkMove(0, "dudley", "walsall-birmingham", "cannock-walsall"),
			check: func(t *testing.T, was, s *engine.State) {
				// the first link (Walsall–Birmingham) reaches only Dudley; the second touches Cannock
				expectInt(t, "Dudley coal", tileAt(t, s, "dudley_1").Cubes, 2)
				expectInt(t, "Cannock coal", tileAt(t, s, "cannock_2").Cubes, 1)
			}},
		{name: "the first link cannot take coal that only the second link connects",
			pos:     viaCannock().Link("cannock-farm_brewery_north", 2).Tile("cannock_2", 2, engine.Coal, 2, 2),
			move:    withCoal(networkMove(0, "dudley", "walsall-birmingham", "cannock-walsall"), "cannock_2", "cannock_2"),
			wantErr: engine.ErrIllegal, wantRule: engine.RuleSource},
		{name: "two rail links with an opponent's brewery that is not connected",
			pos:  viaCannock(),
			move: networkMove(0, "dudley", "walsall-birmingham", "cannock-walsall"), wantErr: engine.ErrIllegal, wantRule: engine.RuleNoBeerForLink},
		{name: "two separate rail links: an opponent's brewery connected to the first link only",
			pos: enginetest.New(t, 3).Era(engine.Rail).Turn(0).Money(0, 40).Hand(0, "dudley").
				Flipped("birmingham_2", 0, engine.Manufacturer, 2).Flipped("stafford_2", 0, engine.Pottery, 2).
				Tile("nuneaton_2", 1, engine.Coal, 2, 2).Tile("nuneaton_1", 1, engine.Brewery, 2, 2).
				Tile("cannock_2", 2, engine.Coal, 2, 2),
			move: networkMove(0, "dudley", "birmingham-nuneaton", "stafford-cannock"), wantErr: engine.ErrIllegal, wantRule: engine.RuleNoBeerForLink},
		{name: "two separate rail links, each with its own coal, beer from an own brewery",
			pos: enginetest.New(t, 3).Era(engine.Rail).Turn(0).Money(0, 40).Hand(0, "dudley").
				Flipped("birmingham_2", 0, engine.Manufacturer, 2).Flipped("stafford_2", 0, engine.Pottery, 2).
				Tile("nuneaton_2", 1, engine.Coal, 2, 2).Tile("nuneaton_1", 1, engine.Brewery, 2, 2).
				Tile("cannock_2", 2, engine.Coal, 2, 2).Tile("stafford_1", 0, engine.Brewery, 2, 1),
			move: networkMove(0, "dudley", "birmingham-nuneaton", "stafford-cannock"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "Nuneaton coal", tileAt(t, s, "nuneaton_2").Cubes, 1)
				expectInt(t, "Cannock coal", tileAt(t, s, "cannock_2").Cubes, 1)
				expectInt(t, "opponent's beer untouched", tileAt(t, s, "nuneaton_1").Cubes, 2)
				expectInt(t, "own beer", tileAt(t, s, "stafford_1").Cubes, 0)
			}},
		{name: "the first link took the last coal and the second has none",
			pos:  base().Tile("dudley_1", 1, engine.Coal, 2, 1).Tile("stafford_1", 0, engine.Brewery, 2, 1),
			move: networkMove(0, "dudley", "dudley-birmingham", "wolverhampton-dudley"), wantErr: engine.ErrIllegal, wantRule: engine.RuleNoCoalForLink},
		{name: "the first link took the last mine coal and the second buys from the market",
			pos: base().Tile("dudley_1", 1, engine.Coal, 2, 1).Tile("stafford_1", 0, engine.Brewery, 2, 1).
				Link("birmingham-oxford", 2).CoalMarket(13),
			move: networkMove(0, "dudley", "dudley-birmingham", "wolverhampton-dudley"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "money (£15 + £1)", s.Players[0].Money, 24)
				expectInt(t, "coal market", s.CoalMarket, 12)
			}},
		{name: "two rail links without the money", pos: base().Tile("stafford_1", 0, engine.Brewery, 2, 1).Money(0, 14),
			move: networkMove(0, "dudley", "dudley-birmingham", "wolverhampton-dudley"), wantErr: engine.ErrIllegal, wantRule: engine.RuleMoney},
		{name: "the second link must touch the network", pos: base().Tile("stafford_1", 0, engine.Brewery, 2, 1).Tile("coalbrookdale_3", 1, engine.Coal, 2, 2),
			move: networkMove(0, "dudley", "dudley-birmingham", "coalbrookdale-shrewsbury"), wantErr: engine.ErrIllegal, wantRule: engine.RuleLinkNotInNetwork},
		{name: "two rail links with one link tile left",
			pos:  withLinks(base().Tile("stafford_1", 0, engine.Brewery, 2, 1), 0, railLinks13),
			move: networkMove(0, "dudley", "dudley-birmingham", "wolverhampton-dudley"), wantErr: engine.ErrIllegal, wantRule: engine.RuleLinksLeft},
		{name: "one rail link with the last link tile",
			pos:  withLinks(base(), 0, railLinks13),
			move: networkMove(0, "dudley", "dudley-birmingham"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "link tiles left", s.Players[0].LinksLeft, 0)
			}},
		{name: "no tiles on the board: a rail link anywhere, with market coal",
			pos:  enginetest.New(t, 3).Era(engine.Rail).Turn(0).Money(0, 40).Hand(0, "stafford").CoalMarket(13),
			move: networkMove(0, "stafford", "coalbrookdale-shrewsbury"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "money", s.Players[0].Money, 34)
			}},
		{name: "no tiles on the board: a rail link anywhere still needs coal",
			pos:  enginetest.New(t, 3).Era(engine.Rail).Turn(0).Money(0, 40).Hand(0, "stafford"),
			move: networkMove(0, "stafford", "wolverhampton-coalbrookdale"), wantErr: engine.ErrIllegal, wantRule: engine.RuleNoCoalForLink},
	}
	runRuleCases(t, cases)
}
