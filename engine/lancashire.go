package engine

import "sync"

// Brass: Lancashire board data, for its two rule sets: the Roxley edition (2018, the default)
// and the original Brass (Warfrog, 2007, Config.Rules "original").
//
// Source: the project's fact sheet docs/lancashire-data.md (copied from the shared
// reference folder; section numbers below refer to it), the original rules
// (docs/lancashire-original-rules.txt, "S0") and the Roxley rules summary
// (docs/lancashire-roxley-summary.md, "S1").
//
// Every difference between the two rule sets is in lancashireRules below or in the
// per-rule-set columns of the tables (cards, Distant Market tiles, the level-1 Cotton Mill's
// VP); the rule code reads them and never asks which edition it plays.
//
// Readings and choices (where a rulebook is silent or the sheet marks a value uncertain):
//   - Where the Roxley summary is silent, the Roxley rule is the original one (the sheet's
//     §"Rules the two editions share"): loans of £10/£20/£30, the two-card build anywhere,
//     1 VP per £10, coal from the market only through a constructed port or an external
//     location, selling coal only from a new mine connected to one, the cotton demand track.
//   - Roxley's level-1 Cotton Mill scores 5 VP (§4, medium confidence: two Roxley-based
//     sources agree; the original's is 3).
//   - Roxley's Coal Mine cards are 4/4/3 at 4/3/2 players (§5 conflict 2: the source whose
//     deck totals fit the rules' arithmetic); the 4-player deck is the original's 66 less
//     one Coal Mine and one Port card (the two "1-player" cards, inferred).
//   - Roxley's 2-player Distant Market tiles are −1, −2×3, −3×3, −4 (§6, low confidence: the
//     more careful of two conflicting sources).
//   - Roxley sets 1 card per player under the deck tile in the Canal era, unplayed; in the
//     Rail era the 2 cards per player under the Rothschild tile are played (the deck sizes,
//     2 × rounds × players, show it), so none is set aside: the tile only marks the loans'
//     cut-off, which this engine reads as "no loan in the Rail era's last 4 rounds".
//   - Roxley takes income at the end of every round but the game's last (S1 "End of Round"),
//     before an era's scoring, as Birmingham does. The original takes it at the start of
//     every round (S0 "STEP A Collect income"): between two rounds of a period that is the
//     same moment, but after the Canal Period's last round it comes after the period's
//     scoring and maintenance (S0 "Phase III", "Phase IV", then "Now start the Rail
//     Period"), so a player short of money removes tiles only once they have scored
//     (Rules.IncomeStartsRound). The first round's income is £0 in both (S0 "You start the
//     game with zero income"), and no round follows the game's last to take any.
//   - Roxley refills a hand right after its owner's turn (S1 "Player Turn: Take 2 Actions
//     ... Then refill Hand to 8"); the original refills every hand after all players have
//     played and the play order is set (S0 "STEP D Refill hand", after "STEP C"), so a hand
//     shrinks during a round; this engine draws for them in the new play order
//     (Rules.RefillAfterRound).
//   - A player with no Industry or Link tile on the board builds a link nowhere, unlike
//     Birmingham's "Building If You Have No Tiles on the Board": S1 lists for that player
//     only "No Network requirement for Industry Card", and its "Network" requires the link
//     to "be adjacent to a Location in your network"; S0 "ACTION 2 Build link": "a potential
//     link that connects with one of your Industry counters or is connected to a location
//     that you already have a link running in to" (Rules.LinkWithoutNetwork is false).
//   - A revealed Distant Market tile goes under the stack (original) or to a discard area
//     (Roxley): the same for play, since the tiles always move the marker to "X" before the
//     stack runs out (their drops add up to at least 20, the track has 8 spaces).
//   - "You can build a link from an External location that you are connected to" (S0) is
//     the network rule: an external location next to your link is in your network.
//   - The Roxley Community 2-player variant (Alternate Map) is not offered: its map is in
//     no source (§5, §6 conflict 4).

// lancTown is one town: its banner (Roxley), its build spaces in board order and its
// location cards in the original deck (3 and 4 players) and the Roxley 2-, 3- and 4-player decks.
type lancTown struct {
	id, name, banner string
	original         int
	roxley           [3]int
	spaces           [][]Industry
}

// §1 and §5: the 19 towns, 43 build spaces.
var lancashireTowns = []lancTown{
	{"barrow", "Barrow-in-Furness", "blue", 2, [3]int{0, 2, 2}, [][]Industry{{Shipyard}, {Iron}}},
	{"birkenhead", "Birkenhead", "", 2, [3]int{2, 2, 2}, [][]Industry{{Shipyard}}},
	{"blackburn", "Blackburn", "blue", 2, [3]int{0, 2, 2}, [][]Industry{{Cotton, Coal}, {Cotton, Coal}, {Iron}}},
	{"bolton", "Bolton", "", 2, [3]int{2, 2, 2}, [][]Industry{{Cotton, Coal}, {Cotton, Coal}, {Iron}}},
	{"burnley", "Burnley", "teal", 2, [3]int{0, 0, 2}, [][]Industry{{Cotton, Coal}, {Cotton, Coal}}},
	{"bury", "Bury", "", 1, [3]int{1, 1, 1}, [][]Industry{{Cotton, Coal}, {Cotton, Coal}}},
	{"colne", "Colne", "teal", 2, [3]int{0, 0, 2}, [][]Industry{{Cotton}, {Cotton}}},
	{"ellesmere_port", "Ellesmere Port", "", 1, [3]int{1, 1, 1}, [][]Industry{{Port}}},
	{"fleetwood", "Fleetwood", "blue", 1, [3]int{0, 1, 1}, [][]Industry{{Port}}},
	// Lancaster and Preston: a port goes on the port-only space first (the single-icon rule).
	{"lancaster", "Lancaster", "blue", 3, [3]int{0, 2, 3}, [][]Industry{{Port}, {Cotton, Port}}},
	{"liverpool", "Liverpool", "", 4, [3]int{3, 3, 4}, [][]Industry{{Port}, {Port}, {Shipyard}, {Port}}},
	{"macclesfield", "Macclesfield", "", 2, [3]int{2, 2, 2}, [][]Industry{{Cotton}, {Cotton}}},
	{"manchester", "Manchester", "", 4, [3]int{4, 4, 4}, [][]Industry{{Cotton, Coal}, {Cotton, Coal}, {Cotton, Coal}, {Iron}}},
	{"oldham", "Oldham", "", 2, [3]int{2, 2, 2}, [][]Industry{{Cotton, Coal}, {Cotton, Coal}}},
	{"preston", "Preston", "", 3, [3]int{3, 3, 3}, [][]Industry{{Port}, {Cotton, Port}, {Iron}}},
	{"rochdale", "Rochdale", "", 2, [3]int{2, 2, 2}, [][]Industry{{Cotton, Coal}, {Cotton, Coal}, {Iron}}},
	{"stockport", "Stockport", "", 2, [3]int{2, 2, 2}, [][]Industry{{Cotton}, {Cotton}}},
	{"warrington_runcorn", "Warrington & Runcorn", "", 2, [3]int{2, 2, 2}, [][]Industry{{Cotton, Coal}, {Port}}},
	{"wigan", "Wigan", "", 2, [3]int{2, 2, 2}, [][]Industry{{Coal}, {Coal}}},
}

// §1: the six locations without build spaces, each with 2 link-VP circles.
var lancashireOthers = []struct {
	id, name string
	kind     LocationKind
}{
	{"blackpool", "Blackpool", LinkVPLocation},
	{"southport", "Southport", LinkVPLocation},
	{"northwich", "Northwich", LinkVPLocation},
	{"scotland", "Scotland", ExternalLocation},
	{"yorkshire", "Yorkshire", ExternalLocation},
	{"the_midlands", "The Midlands", ExternalLocation},
}

// §2: the 36 lines (23 canal, 35 rail).
var lancashireLinks = []linkData{
	{[]string{"barrow", "lancaster"}, false, true},
	{[]string{"birkenhead", "ellesmere_port"}, false, true},
	{[]string{"blackburn", "bolton"}, false, true},
	{[]string{"blackburn", "burnley"}, true, true},
	{[]string{"blackburn", "preston"}, false, true},
	{[]string{"blackburn", "wigan"}, true, true},
	{[]string{"blackpool", "preston"}, false, true},
	{[]string{"bolton", "bury"}, true, true},
	{[]string{"bolton", "manchester"}, true, true},
	{[]string{"bolton", "wigan"}, false, true},
	{[]string{"burnley", "bury"}, false, true},
	{[]string{"burnley", "colne"}, true, true},
	{[]string{"bury", "manchester"}, true, true},
	{[]string{"bury", "rochdale"}, false, true},
	{[]string{"colne", "yorkshire"}, true, true},
	{[]string{"ellesmere_port", "liverpool"}, true, false},
	{[]string{"ellesmere_port", "northwich"}, true, true},
	{[]string{"ellesmere_port", "warrington_runcorn"}, true, true},
	{[]string{"fleetwood", "preston"}, true, true},
	{[]string{"lancaster", "preston"}, true, true},
	{[]string{"lancaster", "scotland"}, false, true},
	{[]string{"liverpool", "southport"}, false, true},
	{[]string{"liverpool", "warrington_runcorn"}, false, true},
	{[]string{"liverpool", "wigan"}, true, true},
	{[]string{"macclesfield", "stockport"}, true, true},
	{[]string{"macclesfield", "the_midlands"}, true, true},
	{[]string{"manchester", "oldham"}, true, true},
	{[]string{"manchester", "stockport"}, true, true},
	{[]string{"manchester", "warrington_runcorn"}, true, true},
	{[]string{"northwich", "the_midlands"}, true, true},
	{[]string{"oldham", "rochdale"}, true, true},
	{[]string{"preston", "southport"}, false, true},
	{[]string{"preston", "wigan"}, true, true},
	{[]string{"rochdale", "yorkshire"}, true, true},
	{[]string{"southport", "wigan"}, false, true},
	{[]string{"warrington_runcorn", "wigan"}, true, true},
}

// §4: the player mat, 37 tiles (the tileRow columns; beer is always 0, every tile has 1 link
// icon). The level-1 Cotton Mill's VP is set per rule set (lancashireRules.cottonL1VP).
// Shipyard level 0 can never be built (canal and rail both false): it is developed away.
var lancashireMat = map[Industry][]tileRow{
	Cotton: {
		{1, 3, 12, 0, 0, 0, 3, 5, 1, 0, true, false, false},
		{2, 3, 14, 1, 0, 0, 5, 4, 1, 0, true, true, false},
		{3, 3, 16, 1, 1, 0, 9, 3, 1, 0, true, true, false},
		{4, 3, 18, 1, 1, 0, 12, 2, 1, 0, true, true, false},
	},
	Port: {
		{1, 2, 6, 0, 0, 0, 2, 3, 1, 0, true, false, false},
		{2, 2, 7, 0, 0, 0, 4, 3, 1, 0, true, true, false},
		{3, 2, 8, 0, 0, 0, 6, 4, 1, 0, true, true, false},
		{4, 2, 9, 0, 0, 0, 9, 4, 1, 0, true, true, false},
	},
	Coal: {
		{1, 1, 5, 0, 0, 0, 1, 4, 1, 2, true, false, false},
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
	Shipyard: {
		{0, 2, 0, 0, 0, 0, 0, 0, 0, 0, false, false, false},
		{1, 2, 16, 1, 1, 0, 10, 2, 1, 0, true, false, false},
		{2, 2, 25, 1, 1, 0, 18, 1, 1, 0, false, true, false},
	},
}

// lancashireIndustries is the edition's industry order (also the order of the mat).
var lancashireIndustries = []Industry{Cotton, Port, Coal, Iron, Shipyard}

// lancIndustryCard is one industry card: the original deck (3 and 4 players) and the Roxley
// 2-, 3- and 4-player decks (§5).
type lancIndustryCard struct {
	ind      Industry
	original int
	roxley   [3]int
}

var lancashireIndustryCards = []lancIndustryCard{
	{Cotton, 8, [3]int{0, 5, 8}},
	{Port, 6, [3]int{3, 4, 5}},
	{Coal, 5, [3]int{3, 4, 4}},
	{Iron, 3, [3]int{3, 3, 3}},
	{Shipyard, 3, [3]int{3, 3, 3}},
}

// §6: the Distant Market tiles by drop (0 to 4 spaces): the original uses all 12 at 3 and 4
// players; Roxley 12, 10 and 8 at 4, 3 and 2 players.
var lancashireDistant = []struct {
	drop     int
	original int
	roxley   [3]int
}{
	{0, 2, [3]int{0, 1, 2}},
	{1, 2, [3]int{1, 1, 2}},
	{2, 4, [3]int{3, 4, 4}},
	{3, 3, [3]int{3, 3, 3}},
	{4, 1, [3]int{1, 1, 1}},
}

// lancashireDemandBonus is §6's cotton demand track: the income spaces a Distant Market sale
// adds, by the marker's space after the tile moved it (top space first); below them is "X".
var lancashireDemandBonus = []int{3, 3, 2, 2, 1, 1, 0, 0}

// lancashireRules are the two rule sets' differences (§9 and the rulebooks).
type lancashireRules struct {
	original   bool
	cottonL1VP int
}

// The two rule sets' editions, built on first use (as birminghamEdition).
var (
	lancashireRoxley   = sync.OnceValue(func() *Edition { return mustEdition(buildLancashire(lancashireRules{original: false, cottonL1VP: 5})) })
	lancashireOriginal = sync.OnceValue(func() *Edition { return mustEdition(buildLancashire(lancashireRules{original: true, cottonL1VP: 3})) })
)

// buildLancashire assembles one rule set's edition from the tables above.
func buildLancashire(rs lancashireRules) (*Edition, error) {
	e := &Edition{ID: "lancashire", Name: "Brass: Lancashire", Industries: lancashireIndustries}
	if rs.original {
		e.RuleSet, e.Name = "original", "Brass: Lancashire (original rules)"
	}
	for _, t := range lancashireTowns {
		loc := Location{ID: t.id, Name: t.name, Kind: Town, Banner: t.banner}
		li := len(e.Locations)
		for si, icons := range t.spaces {
			loc.Spaces = append(loc.Spaces, len(e.Spaces))
			e.Spaces = append(e.Spaces, Space{ID: t.id + "_" + itoa(si+1), Location: li, Icons: icons})
		}
		e.Locations = append(e.Locations, loc)
	}
	for _, o := range lancashireOthers {
		e.Locations = append(e.Locations, Location{ID: o.id, Name: o.name, Kind: o.kind, LinkIcons: 2})
	}
	idx := map[string]int{}
	for i, l := range e.Locations {
		idx[l.ID] = i
	}
	for _, l := range lancashireLinks {
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
	for _, ind := range lancashireIndustries {
		for _, r := range lancashireMat[ind] {
			vp := r.vp
			if ind == Cotton && r.level == 1 {
				vp = rs.cottonL1VP
			}
			for k := 0; k < r.count; k++ {
				e.Mats[ind] = append(e.Mats[ind], TileSpec{
					Level: r.level, Cost: r.cost, Coal: r.coal, Iron: r.iron, VP: vp, Income: r.income,
					LinkIcons: r.icons, Produces: r.produces, CanalOK: r.canal, RailOK: r.rail,
					FlipOnBuild: ind == Shipyard,
				})
			}
		}
	}
	count := func(original int, roxley [3]int) [5]int {
		if rs.original {
			return [5]int{0, 0, 0, original, original}
		}
		return [5]int{0, 0, roxley[0], roxley[1], roxley[2]}
	}
	for i, t := range lancashireTowns {
		e.Cards = append(e.Cards, Card{ID: t.id, Name: t.name, Type: LocationCard, Location: i, Count: count(t.original, t.roxley)})
	}
	for _, c := range lancashireIndustryCards {
		e.Cards = append(e.Cards, Card{ID: c.ind.ID(), Name: c.ind.Name(), Type: IndustryCard, Location: -1,
			Industries: []Industry{c.ind}, Count: count(c.original, c.roxley)})
	}
	for _, d := range lancashireDistant {
		e.DistantTiles = append(e.DistantTiles, DistantTile{ID: "drop_" + itoa(d.drop), Drop: d.drop, Count: count(d.original, d.roxley)})
	}
	e.DemandBonus = lancashireDemandBonus
	// §7: the coal and iron demand tracks, full at setup, £5 from the supply when empty.
	e.CoalMarket = Market{Prices: []int{1, 1, 2, 2, 3, 3, 4, 4}, Initial: 8, EmptyPrice: 5}
	e.IronMarket = Market{Prices: []int{1, 1, 2, 2, 3, 3, 4, 4}, Initial: 8, EmptyPrice: 5}
	// §8 and §9: constants shared by both rule sets.
	e.Rules = Rules{
		MinPlayers: 2, MaxPlayers: 4, StartingMoney: 30, StartingIncomeSpace: 10, HandSize: 8,
		ActionsPerTurn: 2, FirstRoundActions: 1, RoundsPerEra: [5]int{0, 0, 10, 9, 8},
		LoanAmount: 10, LoanLevels: 1, LoanSteps: 3, MinIncomeLevel: -10, MaxIncomeSpace: 99,
		CanalLinkCost: 3, RailLinkCost: 5, DoubleRailCost: 15, LinkTilesPerPlayer: 14,
		DoubleBuild: true, MoneyVPPer: 10,
		// Roxley: 1 card per player under the deck tile in the Canal era; the Rothschild
		// tile closes loans for the Rail era's last 4 rounds; a tie after money is shared.
		SetAside:   [2][5]int{{0, 0, 2, 3, 4}, {}},
		LoanCutoff: LoanCutoffLastRounds, LoanCutoffEnd: 4,
	}
	if rs.original {
		// S0 "Phase I. Initial cards" and "ENDING THE GAME"; 3 and 4 players only.
		e.Rules.MinPlayers = 3
		e.Rules.RoundsPerEra = [5]int{0, 0, 0, 10, 8}
		e.Rules.SetAside = [2][5]int{{0, 0, 0, 9, 6}, {0, 0, 0, 6, 2}}
		e.Rules.LoanCutoff, e.Rules.LoanCutoffEnd = LoanCutoffDeckEmpty, 0
		e.Rules.TieBreakTurnOrder = true
		// S0 "Phase II. Player actions": a round is "Collect income – Play cards in player
		// order – Determine play order for next round – Refill hand".
		e.Rules.IncomeStartsRound, e.Rules.RefillAfterRound = true, true
		// S0 "Birkenhead": the virtual link, for building with an industry card only.
		e.VirtualLinks = []VirtualLink{{ID: "liverpool-birkenhead", Locations: [2]int{idx["liverpool"], idx["birkenhead"]}}}
	}
	return e.finish()
}
