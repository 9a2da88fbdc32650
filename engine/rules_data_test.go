package engine_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"brass/engine"
)

func birminghamEdition(t *testing.T) *engine.Edition {
	t.Helper()
	ed, ok := engine.EditionByID("birmingham")
	if !ok {
		t.Fatal("no birmingham edition")
	}
	return ed
}

// factSpaces is fact sheet §1: build spaces in board order ("A/B" = either).
var factSpaces = map[string][]string{
	"belper":             {"cotton_mill/manufacturer", "coal_mine", "pottery"},
	"derby":              {"cotton_mill/brewery", "cotton_mill/manufacturer", "iron_works"},
	"leek":               {"cotton_mill/manufacturer", "cotton_mill/coal_mine"},
	"stoke_on_trent":     {"cotton_mill/manufacturer", "pottery/iron_works", "manufacturer"},
	"stone":              {"cotton_mill/brewery", "manufacturer/coal_mine"},
	"uttoxeter":          {"manufacturer/brewery", "cotton_mill/brewery"},
	"stafford":           {"manufacturer/brewery", "pottery"},
	"burton_on_trent":    {"manufacturer/coal_mine", "brewery"},
	"cannock":            {"manufacturer/coal_mine", "coal_mine"},
	"tamworth":           {"cotton_mill/coal_mine", "cotton_mill/coal_mine"},
	"walsall":            {"iron_works/manufacturer", "manufacturer/brewery"},
	"coalbrookdale":      {"iron_works/brewery", "iron_works", "coal_mine"},
	"wolverhampton":      {"manufacturer", "manufacturer/coal_mine"},
	"dudley":             {"coal_mine", "iron_works"},
	"kidderminster":      {"cotton_mill/coal_mine", "cotton_mill"},
	"worcester":          {"cotton_mill", "cotton_mill"},
	"birmingham":         {"cotton_mill/manufacturer", "manufacturer", "iron_works", "manufacturer"},
	"nuneaton":           {"manufacturer/brewery", "cotton_mill/coal_mine"},
	"coventry":           {"pottery", "manufacturer/coal_mine", "iron_works/manufacturer"},
	"redditch":           {"manufacturer/coal_mine", "iron_works"},
	"farm_brewery_north": {"brewery"},
	"farm_brewery_south": {"brewery"},
}

// factLinks is fact sheet §2: the 39 lines as "id canal rail".
var factLinks = []string{
	"warrington-stoke_on_trent C R", "stoke_on_trent-leek C R", "leek-belper - R", "belper-derby C R",
	"derby-nottingham C R", "derby-uttoxeter - R", "derby-burton_on_trent C R", "uttoxeter-stone - R",
	"stone-stoke_on_trent C R", "stone-burton_on_trent C R", "stone-stafford C R", "stafford-cannock C R",
	"cannock-farm_brewery_north C R", "cannock-burton_on_trent - R", "cannock-wolverhampton C R", "cannock-walsall C R",
	"walsall-burton_on_trent C -", "burton_on_trent-tamworth C R", "wolverhampton-coalbrookdale C R", "coalbrookdale-shrewsbury C R",
	"walsall-wolverhampton C R", "walsall-tamworth - R", "tamworth-nuneaton C R", "tamworth-birmingham C R",
	"walsall-birmingham C R", "wolverhampton-dudley C R", "coalbrookdale-kidderminster C R", "kidderminster-dudley C R",
	"dudley-birmingham C R", "birmingham-nuneaton - R", "nuneaton-coventry - R", "birmingham-coventry C R",
	"birmingham-worcester C R", "kidderminster-worcester-farm_brewery_south C R", "worcester-gloucester C R", "gloucester-redditch C R",
	"birmingham-redditch - R", "redditch-oxford C R", "birmingham-oxford C R",
}

// factTile is one row of the fact sheet §4 tables.
type factTile struct {
	ind                                                     engine.Industry
	level, count, cost, coal, iron, beer, vp, income, icons int
	produces                                                int
	canal, rail, develop                                    bool
}

var factMat = []factTile{
	{engine.Cotton, 1, 3, 12, 0, 0, 1, 5, 5, 1, 0, true, false, true},
	{engine.Cotton, 2, 2, 14, 1, 0, 1, 5, 4, 2, 0, true, true, true},
	{engine.Cotton, 3, 3, 16, 1, 1, 1, 9, 3, 1, 0, true, true, true},
	{engine.Cotton, 4, 3, 18, 1, 1, 1, 12, 2, 1, 0, true, true, true},
	{engine.Coal, 1, 1, 5, 0, 0, 0, 1, 4, 2, 2, true, false, true},
	{engine.Coal, 2, 2, 7, 0, 0, 0, 2, 7, 1, 3, true, true, true},
	{engine.Coal, 3, 2, 8, 0, 1, 0, 3, 6, 1, 4, true, true, true},
	{engine.Coal, 4, 2, 10, 0, 1, 0, 4, 5, 1, 5, true, true, true},
	{engine.Iron, 1, 1, 5, 1, 0, 0, 3, 3, 1, 4, true, false, true},
	{engine.Iron, 2, 1, 7, 1, 0, 0, 5, 3, 1, 4, true, true, true},
	{engine.Iron, 3, 1, 9, 1, 0, 0, 7, 2, 1, 5, true, true, true},
	{engine.Iron, 4, 1, 12, 1, 0, 0, 9, 1, 1, 6, true, true, true},
	{engine.Manufacturer, 1, 1, 8, 1, 0, 1, 3, 5, 2, 0, true, false, true},
	{engine.Manufacturer, 2, 2, 10, 0, 1, 1, 5, 1, 1, 0, true, true, true},
	{engine.Manufacturer, 3, 1, 12, 2, 0, 0, 4, 4, 0, 0, true, true, true},
	{engine.Manufacturer, 4, 1, 8, 0, 1, 1, 3, 6, 1, 0, true, true, true},
	{engine.Manufacturer, 5, 2, 16, 1, 0, 2, 8, 2, 2, 0, true, true, true},
	{engine.Manufacturer, 6, 1, 20, 0, 0, 1, 7, 6, 1, 0, true, true, true},
	{engine.Manufacturer, 7, 1, 16, 1, 1, 0, 9, 4, 0, 0, true, true, true},
	{engine.Manufacturer, 8, 2, 20, 0, 2, 1, 11, 1, 1, 0, true, true, true},
	{engine.Pottery, 1, 1, 17, 0, 1, 1, 10, 5, 1, 0, true, true, false},
	{engine.Pottery, 2, 1, 0, 1, 0, 1, 1, 1, 1, 0, true, true, true},
	{engine.Pottery, 3, 1, 22, 2, 0, 2, 11, 5, 1, 0, true, true, false},
	{engine.Pottery, 4, 1, 0, 1, 0, 1, 1, 1, 1, 0, true, true, true},
	{engine.Pottery, 5, 1, 24, 2, 0, 2, 20, 5, 1, 0, false, true, true},
	{engine.Brewery, 1, 2, 5, 0, 1, 0, 4, 4, 2, 0, true, false, true},
	{engine.Brewery, 2, 2, 7, 0, 1, 0, 5, 5, 2, 0, true, true, true},
	{engine.Brewery, 3, 2, 9, 0, 1, 0, 7, 5, 2, 0, true, true, true},
	{engine.Brewery, 4, 1, 9, 0, 1, 0, 10, 5, 2, 0, false, true, true},
}

// TestBoardData checks the edition's data against the fact sheet totals and tables (the
// rulebook's "Components": "180 × Industry tiles (45 per colour) 11 Manufacturers, 11 Cotton
// Mills, 7 Breweries, 5 Potteries, 4 Iron Works, 7 Coal Mines", "56 × Link tiles (14 per
// colour)", "8 × Wild cards", "64 × Location and Industry cards", "9 × Merchant Tiles").
func TestBoardData(t *testing.T) {
	ed := birminghamEdition(t)

	t.Run("45 tiles per player by industry", func(t *testing.T) {
		want := map[engine.Industry]int{engine.Cotton: 11, engine.Coal: 7, engine.Iron: 4, engine.Manufacturer: 11, engine.Pottery: 5, engine.Brewery: 7}
		total := 0
		for ind, n := range want {
			if len(ed.Mats[ind]) != n {
				t.Errorf("%s: %d tiles, want %d", ind.Name(), len(ed.Mats[ind]), n)
			}
			total += len(ed.Mats[ind])
		}
		if total != 45 {
			t.Errorf("%d tiles per player, want 45", total)
		}
	})

	t.Run("tile table (fact sheet §4)", func(t *testing.T) {
		idx := map[engine.Industry]int{}
		for _, row := range factMat {
			for k := 0; k < row.count; k++ {
				i := idx[row.ind]
				idx[row.ind]++
				if i >= len(ed.Mats[row.ind]) {
					t.Fatalf("%s: too few tiles", row.ind.Name())
				}
				got := ed.Mats[row.ind][i]
				want := engine.TileSpec{Level: row.level, Cost: row.cost, Coal: row.coal, Iron: row.iron, Beer: row.beer,
					VP: row.vp, Income: row.income, LinkIcons: row.icons, Produces: row.produces,
					CanalOK: row.canal, RailOK: row.rail, Lightbulb: !row.develop}
				if row.ind == engine.Brewery {
					want.Produces = got.Produces // barrels come from Rules.BreweryBeer
				}
				if got != want {
					t.Errorf("%s tile %d:\n got  %+v\n want %+v", row.ind.Name(), i+1, got, want)
				}
			}
		}
		if ed.Rules.BreweryBeer != [2]int{1, 2} {
			t.Errorf("brewery barrels %v, want 1 (Canal) and 2 (Rail)", ed.Rules.BreweryBeer)
		}
	})

	t.Run("49 build spaces in board order (fact sheet §1)", func(t *testing.T) {
		if len(ed.Spaces) != 49 {
			t.Errorf("%d build spaces, want 49", len(ed.Spaces))
		}
		n := 0
		for id, spaces := range factSpaces {
			loc, ok := ed.LocationByID(id)
			if !ok {
				t.Errorf("no location %s", id)
				continue
			}
			l := ed.Locations[loc]
			var got []string
			for _, sp := range l.Spaces {
				var icons []string
				for _, ind := range ed.Spaces[sp].Icons {
					icons = append(icons, ind.ID())
				}
				got = append(got, strings.Join(icons, "/"))
				if want := fmt.Sprintf("%s_%d", id, len(got)); ed.Spaces[sp].ID != want {
					t.Errorf("space id %s, want %s", ed.Spaces[sp].ID, want)
				}
			}
			if !slices.Equal(got, spaces) {
				t.Errorf("%s spaces %v, want %v", id, got, spaces)
			}
			n += len(spaces)
		}
		if n != 49 {
			t.Errorf("fact table has %d spaces", n)
		}
		towns, farms, merchants := 0, 0, 0
		for _, l := range ed.Locations {
			switch l.Kind {
			case engine.Town:
				towns++
			case engine.FarmBrewery:
				farms++
			case engine.MerchantLocation:
				merchants++
				if l.LinkIcons != 2 {
					t.Errorf("%s: %d link icons, want 2", l.ID, l.LinkIcons)
				}
			}
		}
		if towns != 20 || farms != 2 || merchants != 5 {
			t.Errorf("%d towns, %d farm breweries, %d merchants; want 20, 2, 5", towns, farms, merchants)
		}
		for _, town := range factTowns {
			loc, _ := ed.LocationByID(town.id)
			if ed.Locations[loc].Banner != town.banner {
				t.Errorf("%s banner %q, want %q", town.id, ed.Locations[loc].Banner, town.banner)
			}
		}
	})

	t.Run("39 links: 30 canal and rail, 1 canal only, 8 rail only (fact sheet §2)", func(t *testing.T) {
		var got []string
		both, canal, rail := 0, 0, 0
		for _, l := range ed.Links {
			c, r := "-", "-"
			if l.Canal {
				c = "C"
			}
			if l.Rail {
				r = "R"
			}
			got = append(got, l.ID+" "+c+" "+r)
			switch {
			case l.Canal && l.Rail:
				both++
			case l.Canal:
				canal++
			case l.Rail:
				rail++
			}
		}
		if len(ed.Links) != 39 || both != 30 || canal != 1 || rail != 8 {
			t.Errorf("%d links: %d both, %d canal only, %d rail only", len(ed.Links), both, canal, rail)
		}
		if !sameMultiset(got, factLinks) {
			t.Errorf("links differ from the fact sheet:\n got  %v\n want %v", got, factLinks)
		}
		if ed.Rules.LinkTilesPerPlayer != 14 {
			t.Errorf("%d link tiles per player, want 14", ed.Rules.LinkTilesPerPlayer)
		}
	})

	t.Run("decks 40/54/64 and 4 + 4 wild cards (fact sheet §5)", func(t *testing.T) {
		for n, want := range map[int]int{2: 40, 3: 54, 4: 64} {
			total, wl, wi := 0, 0, 0
			for _, c := range ed.Cards {
				total += c.Count[n]
				switch c.Type {
				case engine.WildLocationCard:
					wl++
				case engine.WildIndustryCard:
					wi++
				}
			}
			if total != want {
				t.Errorf("%d players: %d cards, want %d", n, total, want)
			}
			if wl != 1 || wi != 1 {
				t.Errorf("wild card kinds %d/%d", wl, wi)
			}
		}
		if ed.Rules.WildLocations != 4 || ed.Rules.WildIndustries != 4 {
			t.Errorf("wild cards %d + %d, want 4 + 4", ed.Rules.WildLocations, ed.Rules.WildIndustries)
		}
		k, _ := ed.CardByID("cotton_manufacturer")
		if inds := ed.Cards[k].Industries; !slices.Equal(inds, []engine.Industry{engine.Cotton, engine.Manufacturer}) {
			t.Errorf("cotton/manufacturer card shows %v", inds)
		}
		k, _ = ed.CardByID("wild_industry")
		if len(ed.Cards[k].Industries) != 6 {
			t.Errorf("wild industry card shows %v", ed.Cards[k].Industries)
		}
	})

	t.Run("merchant tiles 5/7/9 and merchant spaces (fact sheet §1, §6)", func(t *testing.T) {
		for n, want := range map[int]int{2: 5, 3: 7, 4: 9} {
			total := 0
			for _, mt := range ed.MerchantTiles {
				total += mt.Count[n]
			}
			if total != want {
				t.Errorf("%d players: %d merchant tiles, want %d", n, total, want)
			}
		}
		var ids []string
		for _, ms := range ed.MerchantSpaces {
			ids = append(ids, ms.ID)
		}
		want := []string{"shrewsbury_1", "gloucester_1", "gloucester_2", "oxford_1", "oxford_2", "warrington_1", "warrington_2", "nottingham_1", "nottingham_2"}
		if !sameMultiset(ids, want) {
			t.Errorf("merchant spaces %v, want %v", ids, want)
		}
		bonus := map[string]struct {
			kind   engine.BonusKind
			amount int
			min    int
		}{
			"shrewsbury": {engine.BonusVP, 4, 2}, "gloucester": {engine.BonusDevelop, 1, 2}, "oxford": {engine.BonusIncome, 2, 2},
			"warrington": {engine.BonusMoney, 5, 3}, "nottingham": {engine.BonusVP, 3, 4},
		}
		for id, b := range bonus {
			loc, _ := ed.LocationByID(id)
			l := ed.Locations[loc]
			if l.Bonus != b.kind || l.BonusAmount != b.amount || l.MinPlayers != b.min {
				t.Errorf("%s: bonus %d × %d from %d players, want %d × %d from %d", id, l.Bonus, l.BonusAmount, l.MinPlayers, b.kind, b.amount, b.min)
			}
		}
	})

	t.Run("coal market 14 spaces with 13 cubes, iron 10 with 8 (fact sheet §7)", func(t *testing.T) {
		if !slices.Equal(ed.CoalMarket.Prices, []int{1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7}) || ed.CoalMarket.Initial != 13 || ed.CoalMarket.EmptyPrice != 8 {
			t.Errorf("coal market %+v", ed.CoalMarket)
		}
		if !slices.Equal(ed.IronMarket.Prices, []int{1, 1, 2, 2, 3, 3, 4, 4, 5, 5}) || ed.IronMarket.Initial != 8 || ed.IronMarket.EmptyPrice != 6 {
			t.Errorf("iron market %+v", ed.IronMarket)
		}
	})

	t.Run("rules constants (fact sheet §9)", func(t *testing.T) {
		r := ed.Rules
		got := []int{r.MinPlayers, r.MaxPlayers, r.StartingMoney, r.StartingIncomeSpace, r.HandSize, r.FaceDownDiscards,
			r.ActionsPerTurn, r.FirstRoundActions, r.LoanAmount, r.LoanLevels, r.MinIncomeLevel, r.MaxIncomeSpace,
			r.CanalLinkCost, r.RailLinkCost, r.DoubleRailCost}
		want := []int{2, 4, 17, 10, 8, 1, 2, 1, 30, 3, -10, 99, 3, 5, 15}
		if !slices.Equal(got, want) {
			t.Errorf("rules %v, want %v", got, want)
		}
		if r.RoundsPerEra[2] != 10 || r.RoundsPerEra[3] != 9 || r.RoundsPerEra[4] != 8 {
			t.Errorf("rounds per era %v, want 10/9/8", r.RoundsPerEra)
		}
		// deck = 2 × players × rounds (fact sheet §5)
		for n := 2; n <= 4; n++ {
			total := 0
			for _, c := range ed.Cards {
				total += c.Count[n]
			}
			if total != 2*n*r.RoundsPerEra[n] {
				t.Errorf("%d players: deck %d ≠ 2 × %d × %d", n, total, n, r.RoundsPerEra[n])
			}
		}
	})
}
