package engine

import "sync"

// Brass: Birmingham (Roxley, 2018) board data.
//
// Source: the project's fact sheet (docs/birmingham-data.md in this repository, copied from
// the shared reference folder), which cross-checks the retail board and player-mat photos
// against several independent implementations. Section numbers below refer to that sheet.

type townData struct {
	id, name, banner string
	cards            [3]int // location cards in the deck for 2, 3, 4 players (§1, §5)
	spaces           [][]Industry
}

// §1: the 20 towns and their build spaces in board order.
var birminghamTowns = []townData{
	{"belper", "Belper", "teal", [3]int{0, 0, 2}, [][]Industry{{Cotton, Manufacturer}, {Coal}, {Pottery}}},
	{"derby", "Derby", "teal", [3]int{0, 0, 3}, [][]Industry{{Cotton, Brewery}, {Cotton, Manufacturer}, {Iron}}},
	{"leek", "Leek", "blue", [3]int{0, 2, 2}, [][]Industry{{Cotton, Manufacturer}, {Cotton, Coal}}},
	{"stoke_on_trent", "Stoke-on-Trent", "blue", [3]int{0, 3, 3}, [][]Industry{{Cotton, Manufacturer}, {Pottery, Iron}, {Manufacturer}}},
	{"stone", "Stone", "blue", [3]int{0, 2, 2}, [][]Industry{{Cotton, Brewery}, {Manufacturer, Coal}}},
	{"uttoxeter", "Uttoxeter", "blue", [3]int{0, 1, 2}, [][]Industry{{Manufacturer, Brewery}, {Cotton, Brewery}}},
	{"stafford", "Stafford", "red", [3]int{2, 2, 2}, [][]Industry{{Manufacturer, Brewery}, {Pottery}}},
	{"burton_on_trent", "Burton-on-Trent", "red", [3]int{2, 2, 2}, [][]Industry{{Manufacturer, Coal}, {Brewery}}},
	{"cannock", "Cannock", "red", [3]int{2, 2, 2}, [][]Industry{{Manufacturer, Coal}, {Coal}}},
	{"tamworth", "Tamworth", "red", [3]int{1, 1, 1}, [][]Industry{{Cotton, Coal}, {Cotton, Coal}}},
	{"walsall", "Walsall", "red", [3]int{1, 1, 1}, [][]Industry{{Iron, Manufacturer}, {Manufacturer, Brewery}}},
	{"coalbrookdale", "Coalbrookdale", "brown", [3]int{3, 3, 3}, [][]Industry{{Iron, Brewery}, {Iron}, {Coal}}},
	{"wolverhampton", "Wolverhampton", "brown", [3]int{2, 2, 2}, [][]Industry{{Manufacturer}, {Manufacturer, Coal}}},
	{"dudley", "Dudley", "brown", [3]int{2, 2, 2}, [][]Industry{{Coal}, {Iron}}},
	{"kidderminster", "Kidderminster", "brown", [3]int{2, 2, 2}, [][]Industry{{Cotton, Coal}, {Cotton}}},
	{"worcester", "Worcester", "brown", [3]int{2, 2, 2}, [][]Industry{{Cotton}, {Cotton}}},
	{"birmingham", "Birmingham", "purple", [3]int{3, 3, 3}, [][]Industry{{Cotton, Manufacturer}, {Manufacturer}, {Iron}, {Manufacturer}}},
	{"nuneaton", "Nuneaton", "purple", [3]int{1, 1, 1}, [][]Industry{{Manufacturer, Brewery}, {Cotton, Coal}}},
	{"coventry", "Coventry", "purple", [3]int{3, 3, 3}, [][]Industry{{Pottery}, {Manufacturer, Coal}, {Iron, Manufacturer}}},
	{"redditch", "Redditch", "purple", [3]int{1, 1, 1}, [][]Industry{{Manufacturer, Coal}, {Iron}}},
}

type merchantData struct {
	id, name   string
	spaces     int
	minPlayers int
	bonus      BonusKind
	amount     int
}

// §1: the five merchant locations; each prints 2 link icons (§3).
var birminghamMerchants = []merchantData{
	{"shrewsbury", "Shrewsbury", 1, 2, BonusVP, 4},
	{"gloucester", "Gloucester", 2, 2, BonusDevelop, 1},
	{"oxford", "Oxford", 2, 2, BonusIncome, 2},
	{"warrington", "Warrington", 2, 3, BonusMoney, 5},
	{"nottingham", "Nottingham", 2, 4, BonusVP, 3},
}

type linkData struct {
	locs        []string
	canal, rail bool
}

// §2: the 39 lines.
var birminghamLinks = []linkData{
	{[]string{"warrington", "stoke_on_trent"}, true, true},
	{[]string{"stoke_on_trent", "leek"}, true, true},
	{[]string{"leek", "belper"}, false, true},
	{[]string{"belper", "derby"}, true, true},
	{[]string{"derby", "nottingham"}, true, true},
	{[]string{"derby", "uttoxeter"}, false, true},
	{[]string{"derby", "burton_on_trent"}, true, true},
	{[]string{"uttoxeter", "stone"}, false, true},
	{[]string{"stone", "stoke_on_trent"}, true, true},
	{[]string{"stone", "burton_on_trent"}, true, true},
	{[]string{"stone", "stafford"}, true, true},
	{[]string{"stafford", "cannock"}, true, true},
	{[]string{"cannock", "farm_brewery_north"}, true, true},
	{[]string{"cannock", "burton_on_trent"}, false, true},
	{[]string{"cannock", "wolverhampton"}, true, true},
	{[]string{"cannock", "walsall"}, true, true},
	{[]string{"walsall", "burton_on_trent"}, true, false},
	{[]string{"burton_on_trent", "tamworth"}, true, true},
	{[]string{"wolverhampton", "coalbrookdale"}, true, true},
	{[]string{"coalbrookdale", "shrewsbury"}, true, true},
	{[]string{"walsall", "wolverhampton"}, true, true},
	{[]string{"walsall", "tamworth"}, false, true},
	{[]string{"tamworth", "nuneaton"}, true, true},
	{[]string{"tamworth", "birmingham"}, true, true},
	{[]string{"walsall", "birmingham"}, true, true},
	{[]string{"wolverhampton", "dudley"}, true, true},
	{[]string{"coalbrookdale", "kidderminster"}, true, true},
	{[]string{"kidderminster", "dudley"}, true, true},
	{[]string{"dudley", "birmingham"}, true, true},
	{[]string{"birmingham", "nuneaton"}, false, true},
	{[]string{"nuneaton", "coventry"}, false, true},
	{[]string{"birmingham", "coventry"}, true, true},
	{[]string{"birmingham", "worcester"}, true, true},
	{[]string{"kidderminster", "worcester", "farm_brewery_south"}, true, true},
	{[]string{"worcester", "gloucester"}, true, true},
	{[]string{"gloucester", "redditch"}, true, true},
	{[]string{"birmingham", "redditch"}, false, true},
	{[]string{"redditch", "oxford"}, true, true},
	{[]string{"birmingham", "oxford"}, true, true},
}

// tileRow is one level of an industry on the mat: {level, count, cost, coal, iron, beer,
// VP, income spaces, link icons, produces, canal ok, rail ok, lightbulb}.
type tileRow struct {
	level, count, cost, coal, iron, beer, vp, income, icons, produces int
	canal, rail, bulb                                                 bool
}

// §4: the player mat, 45 tiles. Manufacturer IV is £8 / +6 (retail mat; see §4 and §10).
var birminghamMat = map[Industry][]tileRow{
	Cotton: {
		{1, 3, 12, 0, 0, 1, 5, 5, 1, 0, true, false, false},
		{2, 2, 14, 1, 0, 1, 5, 4, 2, 0, true, true, false},
		{3, 3, 16, 1, 1, 1, 9, 3, 1, 0, true, true, false},
		{4, 3, 18, 1, 1, 1, 12, 2, 1, 0, true, true, false},
	},
	Coal: {
		{1, 1, 5, 0, 0, 0, 1, 4, 2, 2, true, false, false},
		{2, 2, 7, 0, 0, 0, 2, 7, 1, 3, true, true, false},
		{3, 2, 8, 0, 1, 0, 3, 6, 1, 4, true, true, false},
		{4, 2, 10, 0, 1, 0, 4, 5, 1, 5, true, true, false},
	},
	Iron: {
		{1, 1, 5, 1, 0, 0, 3, 3, 1, 4, true, false, false},
		{2, 1, 7, 1, 0, 0, 5, 3, 1, 4, true, true, false},
		{3, 1, 9, 1, 0, 0, 7, 2, 1, 5, true, true, false},
		{4, 1, 12, 1, 0, 0, 9, 1, 1, 6, true, true, false},
	},
	Manufacturer: {
		{1, 1, 8, 1, 0, 1, 3, 5, 2, 0, true, false, false},
		{2, 2, 10, 0, 1, 1, 5, 1, 1, 0, true, true, false},
		{3, 1, 12, 2, 0, 0, 4, 4, 0, 0, true, true, false},
		{4, 1, 8, 0, 1, 1, 3, 6, 1, 0, true, true, false},
		{5, 2, 16, 1, 0, 2, 8, 2, 2, 0, true, true, false},
		{6, 1, 20, 0, 0, 1, 7, 6, 1, 0, true, true, false},
		{7, 1, 16, 1, 1, 0, 9, 4, 0, 0, true, true, false},
		{8, 2, 20, 0, 2, 1, 11, 1, 1, 0, true, true, false},
	},
	Pottery: {
		{1, 1, 17, 0, 1, 1, 10, 5, 1, 0, true, true, true},
		{2, 1, 0, 1, 0, 1, 1, 1, 1, 0, true, true, false},
		{3, 1, 22, 2, 0, 2, 11, 5, 1, 0, true, true, true},
		{4, 1, 0, 1, 0, 1, 1, 1, 1, 0, true, true, false},
		{5, 1, 24, 2, 0, 2, 20, 5, 1, 0, false, true, false},
	},
	Brewery: {
		{1, 2, 5, 0, 1, 0, 4, 4, 2, 0, true, false, false},
		{2, 2, 7, 0, 1, 0, 5, 5, 2, 0, true, true, false},
		{3, 2, 9, 0, 1, 0, 7, 5, 2, 0, true, true, false},
		{4, 1, 9, 0, 1, 0, 10, 5, 2, 0, false, true, false},
	},
}

// §5: industry cards per player count (2, 3, 4).
var birminghamIndustryCards = []struct {
	id, name string
	inds     []Industry
	count    [3]int
}{
	{"iron_works", "Iron Works", []Industry{Iron}, [3]int{4, 4, 4}},
	{"coal_mine", "Coal Mine", []Industry{Coal}, [3]int{2, 2, 3}},
	{"pottery", "Pottery", []Industry{Pottery}, [3]int{2, 2, 3}},
	{"brewery", "Brewery", []Industry{Brewery}, [3]int{5, 5, 5}},
	{"cotton_manufacturer", "Cotton Mill / Manufacturer", []Industry{Cotton, Manufacturer}, [3]int{0, 6, 8}},
}

// §6: merchant tiles in play for 2, 3 and 4 players.
var birminghamMerchantTiles = []MerchantTile{
	{ID: "all", Buys: []Industry{Cotton, Manufacturer, Pottery}, Count: [5]int{0, 0, 1, 1, 1}},
	{ID: "manufacturer", Buys: []Industry{Manufacturer}, Count: [5]int{0, 0, 1, 1, 2}},
	{ID: "cotton_mill", Buys: []Industry{Cotton}, Count: [5]int{0, 0, 1, 1, 2}},
	{ID: "pottery", Buys: []Industry{Pottery}, Count: [5]int{0, 0, 0, 1, 1}},
	{ID: "blank", Count: [5]int{0, 0, 2, 3, 3}},
}

// birminghamEdition is built on first use, not when the package starts, so a page that
// shows only its start screen never pays for it (in wasm the builders are hot enough for the
// browser to recompile them, on a core the page needs). Wrong static data is a programming
// error: it stops the program with the builder's message rather than play wrongly.
var birminghamEdition = sync.OnceValue(func() *Edition {
	return mustEdition(buildBirmingham(birminghamTowns, birminghamMerchants, birminghamLinks))
})

func mustEdition(e *Edition, err error) *Edition {
	if err != nil {
		panic("engine: bad edition data: " + err.Error())
	}
	return e
}

// buildBirmingham assembles the edition from the tables above (passed in, so a test can
// check that bad tables are refused).
func buildBirmingham(towns []townData, merchants []merchantData, links []linkData) (*Edition, error) {
	e := &Edition{ID: "birmingham", Name: "Brass: Birmingham", Industries: Industries}
	for _, t := range towns {
		loc := Location{ID: t.id, Name: t.name, Kind: Town, Banner: t.banner}
		li := len(e.Locations)
		for si, icons := range t.spaces {
			loc.Spaces = append(loc.Spaces, len(e.Spaces))
			e.Spaces = append(e.Spaces, Space{ID: t.id + "_" + itoa(si+1), Location: li, Icons: icons})
		}
		e.Locations = append(e.Locations, loc)
	}
	// §1: the farm breweries, one Brewery space each, no cards.
	for _, f := range []struct{ id, name string }{
		{"farm_brewery_north", "Farm Brewery (Cannock)"},
		{"farm_brewery_south", "Farm Brewery (Kidderminster)"},
	} {
		li := len(e.Locations)
		e.Locations = append(e.Locations, Location{ID: f.id, Name: f.name, Kind: FarmBrewery, Spaces: []int{len(e.Spaces)}})
		e.Spaces = append(e.Spaces, Space{ID: f.id + "_1", Location: li, Icons: []Industry{Brewery}})
	}
	for _, m := range merchants {
		li := len(e.Locations)
		loc := Location{ID: m.id, Name: m.name, Kind: MerchantLocation, LinkIcons: 2, Bonus: m.bonus, BonusAmount: m.amount, MinPlayers: m.minPlayers}
		for k := 0; k < m.spaces; k++ {
			loc.MerchantSpaces = append(loc.MerchantSpaces, len(e.MerchantSpaces))
			e.MerchantSpaces = append(e.MerchantSpaces, MerchantSpace{ID: m.id + "_" + itoa(k+1), Location: li})
		}
		e.Locations = append(e.Locations, loc)
	}
	idx := map[string]int{}
	for i, l := range e.Locations {
		idx[l.ID] = i
	}
	for _, l := range links {
		link := Link{Canal: l.canal, Rail: l.rail}
		for _, id := range l.locs {
			loc, ok := idx[id]
			if !ok {
				return nil, errorf(ErrMalformed, "link %v names an unknown location %q", l.locs, id)
			}
			link.Locations = append(link.Locations, loc)
			if link.ID != "" {
				link.ID += "-"
			}
			link.ID += id
		}
		e.Links = append(e.Links, link)
	}
	for _, ind := range Industries {
		for _, r := range birminghamMat[ind] {
			for k := 0; k < r.count; k++ {
				e.Mats[ind] = append(e.Mats[ind], TileSpec{
					Level: r.level, Cost: r.cost, Coal: r.coal, Iron: r.iron, Beer: r.beer,
					VP: r.vp, Income: r.income, LinkIcons: r.icons, Produces: r.produces,
					CanalOK: r.canal, RailOK: r.rail, Lightbulb: r.bulb,
				})
			}
		}
	}
	for i, t := range towns {
		e.Cards = append(e.Cards, Card{ID: t.id, Name: t.name, Type: LocationCard, Location: i,
			Count: [5]int{0, 0, t.cards[0], t.cards[1], t.cards[2]}})
	}
	for _, c := range birminghamIndustryCards {
		e.Cards = append(e.Cards, Card{ID: c.id, Name: c.name, Type: IndustryCard, Location: -1, Industries: c.inds,
			Count: [5]int{0, 0, c.count[0], c.count[1], c.count[2]}})
	}
	e.Cards = append(e.Cards,
		Card{ID: "wild_location", Name: "Wild Location", Type: WildLocationCard, Location: -1},
		Card{ID: "wild_industry", Name: "Wild Industry", Type: WildIndustryCard, Location: -1, Industries: Industries},
	)
	e.MerchantTiles = birminghamMerchantTiles
	// §7: markets.
	e.CoalMarket = Market{Prices: []int{1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7}, Initial: 13, EmptyPrice: 8}
	e.IronMarket = Market{Prices: []int{1, 1, 2, 2, 3, 3, 4, 4, 5, 5}, Initial: 8, EmptyPrice: 6}
	// §9: constants.
	e.Rules = Rules{
		MinPlayers: 2, MaxPlayers: 4, StartingMoney: 17, StartingIncomeSpace: 10, HandSize: 8,
		FaceDownDiscards: 1, ActionsPerTurn: 2, FirstRoundActions: 1, RoundsPerEra: [5]int{0, 0, 10, 9, 8},
		LoanAmount: 30, LoanLevels: 3, LoanSteps: 1, MinIncomeLevel: -10, MaxIncomeSpace: 99,
		CanalLinkCost: 3, RailLinkCost: 5, DoubleRailCost: 15, LinkTilesPerPlayer: 14,
		WildLocations: 4, WildIndustries: 4, BreweryBeer: [2]int{1, 2}, DoubleRailBeer: 1,
		Scout: true, Introductory: true, LinkWithoutNetwork: true,
	}
	return e.finish()
}

// itoa formats a small non-negative int without fmt (the engine's hot paths avoid fmt). It
// is kept out of line: its 55 callers are text, and inlined it cost the wasm kilobytes.
//
//go:noinline
func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}
