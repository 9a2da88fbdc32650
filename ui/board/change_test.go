package board

import (
	"reflect"
	"testing"

	"brass/engine"
	"brass/engine/enginetest"
	"brass/ui/view"
)

// Diff is DiffGames of two states' views.
func Diff(was, now *engine.State) Change { return DiffGames(view.Of(was), view.Of(now)) }

// applied returns the states before and after the game's move m.
func applied(t *testing.T, pos *enginetest.Builder, m engine.Move) (was, now *engine.State) {
	t.Helper()
	g := pos.Game()
	before := *g.State()
	if err := g.Apply(m); err != nil {
		t.Fatalf("move %v refused: %v", m, err)
	}
	return &before, g.State()
}

func TestDiffBuildTakesCoalAndIron(t *testing.T) {
	// A Rail Era Cotton Mill II in Birmingham needs 1 coal (from Dudley, the nearest mine)
	// and no iron; a Manufacturer II needs coal and iron: both cases below.
	pos := enginetest.New(t, 3).Era(engine.Rail).Turn(0).MatLevel(0, engine.Cotton, 2).Money(0, 50).
		Hand(0, "birmingham", "birmingham").Link("dudley-birmingham", 1).Tile("dudley_1", 1, engine.Coal, 2, 2)
	was, now := applied(t, pos, engine.Move{Type: "build", Player: 0, Card: "birmingham", Industry: "cotton_mill", Space: "birmingham_1"})
	c := Diff(was, now)
	if want := []string{"space-birmingham_1"}; !reflect.DeepEqual(c.Placed, want) {
		t.Errorf("placed %v, want %v", c.Placed, want)
	}
	if want := []Flow{{Kind: "coal", From: "space-dudley_1", To: "space-birmingham_1"}}; !reflect.DeepEqual(c.Flows, want) {
		t.Errorf("flows %v, want %v", c.Flows, want)
	}
	spent := int(now.Players[0].Money - was.Players[0].Money)
	if want := []Delta{{Player: 0, Money: spent}}; spent >= 0 || !reflect.DeepEqual(c.Players, want) {
		t.Errorf("players %v, want %v", c.Players, want)
	}
	if len(c.Flipped) != 0 {
		t.Errorf("flipped %v", c.Flipped)
	}
}

func TestDiffIronFromTheMarketForADevelop(t *testing.T) {
	pos := enginetest.New(t, 3).Era(engine.Canal).Turn(0).Hand(0, "birmingham").Money(0, 30)
	was, now := applied(t, pos, engine.Move{Type: "develop", Player: 0, Card: "birmingham", Develop: []string{"cotton_mill"}})
	c := Diff(was, now)
	// No tile or line to carry it to: the iron goes off the board, to the player.
	if want := []Flow{{Kind: "iron", From: "market-iron", To: ""}}; !reflect.DeepEqual(c.Flows, want) {
		t.Errorf("flows %v, want %v", c.Flows, want)
	}
	if len(c.Placed)+len(c.Flipped) != 0 {
		t.Errorf("placed %v, flipped %v", c.Placed, c.Flipped)
	}
}

func TestDiffSaleFlipsWithMerchantBeer(t *testing.T) {
	pos := enginetest.New(t, 3).Era(engine.Canal).Turn(0).Hand(0, "birmingham").NoMerchantBeer().
		Merchant("gloucester_1", "cotton_mill", true).Tile("worcester_1", 0, engine.Cotton, 1, 0).Link("worcester-gloucester", 1)
	was, now := applied(t, pos, engine.Move{Type: "sell", Player: 0, Card: "birmingham", Space: "worcester_1", Merchant: "gloucester_1"})
	c := Diff(was, now)
	if want := []string{"space-worcester_1"}; !reflect.DeepEqual(c.Flipped, want) {
		t.Errorf("flipped %v, want %v", c.Flipped, want)
	}
	if want := []Flow{{Kind: "beer", From: "merchant-gloucester_1", To: "space-worcester_1"}}; !reflect.DeepEqual(c.Flows, want) {
		t.Errorf("flows %v, want %v", c.Flows, want)
	}
	if len(c.Players) != 1 || c.Players[0].Player != 0 || c.Players[0].Income <= 0 {
		t.Errorf("players %v, want player 0's income up", c.Players)
	}
}

func TestDiffBreweryEmptiedFlipsAsASource(t *testing.T) {
	// The sold mill takes the last beer of player 0's own brewery: both flip, and the beer
	// goes from the brewery to the mill, not the other way.
	pos := enginetest.New(t, 3).Era(engine.Canal).Turn(0).Hand(0, "birmingham").NoMerchantBeer().
		Merchant("gloucester_1", "cotton_mill", false).Tile("worcester_1", 0, engine.Cotton, 1, 0).Link("worcester-gloucester", 1).
		Tile("farm_brewery_south_1", 0, engine.Brewery, 1, 1)
	was, now := applied(t, pos, engine.Move{Type: "sell", Player: 0, Card: "birmingham", Space: "worcester_1", Merchant: "gloucester_1"})
	c := Diff(was, now)
	if want := []string{"space-worcester_1", "space-farm_brewery_south_1"}; !reflect.DeepEqual(c.Flipped, want) {
		t.Errorf("flipped %v, want %v", c.Flipped, want)
	}
	if want := []Flow{{Kind: "beer", From: "space-farm_brewery_south_1", To: "space-worcester_1"}}; !reflect.DeepEqual(c.Flows, want) {
		t.Errorf("flows %v, want %v", c.Flows, want)
	}
}

func TestDiffNewCoalMineSellsToTheMarket(t *testing.T) {
	// A coal mine connected to a merchant sells its coal to the market's empty spaces.
	pos := enginetest.New(t, 3).Era(engine.Canal).Turn(0).Hand(0, "kidderminster").Money(0, 30).CoalMarket(12).
		Link("kidderminster-worcester-farm_brewery_south", 1).Link("worcester-gloucester", 1)
	was, now := applied(t, pos, engine.Move{Type: "build", Player: 0, Card: "kidderminster", Industry: "coal_mine", Space: "kidderminster_1"})
	c := Diff(was, now)
	sold := int(now.CoalMarket) - int(was.CoalMarket)
	if sold <= 0 {
		t.Fatalf("the mine sold no coal (market %d → %d)", was.CoalMarket, now.CoalMarket)
	}
	want := make([]Flow, sold)
	for i := range want {
		want[i] = Flow{Kind: "coal", From: "space-kidderminster_1", To: "market-coal"}
	}
	if !reflect.DeepEqual(c.Flows, want) {
		t.Errorf("flows %v, want %v", c.Flows, want)
	}
}

func TestDiffLinkAndNothing(t *testing.T) {
	pos := enginetest.New(t, 3).Era(engine.Canal).Turn(0).Hand(0, "birmingham").Money(0, 30)
	was, now := applied(t, pos, engine.Move{Type: "network", Player: 0, Card: "birmingham", Links: []string{"dudley-birmingham"}})
	c := Diff(was, now)
	if want := []string{"link-dudley-birmingham"}; !reflect.DeepEqual(c.Placed, want) {
		t.Errorf("placed %v, want %v", c.Placed, want)
	}
	if c.Empty() {
		t.Error("a link reads as no change")
	}
	if c := Diff(now, now); !c.Empty() {
		t.Errorf("a state against itself: %+v", c)
	}
}
