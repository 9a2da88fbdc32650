package engine_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"brass/engine"
)

// The Lancashire data against every total and table of the fact sheet
// (docs/lancashire-data.md; section numbers are the sheet's).

func lancashire(t *testing.T, rules string) *engine.Edition {
	t.Helper()
	ed, ok := engine.EditionFor("lancashire", rules)
	if !ok {
		t.Fatalf("no lancashire edition with rules %q", rules)
	}
	return ed
}

// lancSpaces is §1: the 19 towns' build spaces in board order ("A/B" = either).
var lancSpaces = map[string][]string{
	"barrow":             {"shipyard", "iron_works"},
	"birkenhead":         {"shipyard"},
	"blackburn":          {"cotton_mill/coal_mine", "cotton_mill/coal_mine", "iron_works"},
	"bolton":             {"cotton_mill/coal_mine", "cotton_mill/coal_mine", "iron_works"},
	"burnley":            {"cotton_mill/coal_mine", "cotton_mill/coal_mine"},
	"bury":               {"cotton_mill/coal_mine", "cotton_mill/coal_mine"},
	"colne":              {"cotton_mill", "cotton_mill"},
	"ellesmere_port":     {"port"},
	"fleetwood":          {"port"},
	"lancaster":          {"port", "cotton_mill/port"},
	"liverpool":          {"port", "port", "shipyard", "port"},
	"macclesfield":       {"cotton_mill", "cotton_mill"},
	"manchester":         {"cotton_mill/coal_mine", "cotton_mill/coal_mine", "cotton_mill/coal_mine", "iron_works"},
	"oldham":             {"cotton_mill/coal_mine", "cotton_mill/coal_mine"},
	"preston":            {"port", "cotton_mill/port", "iron_works"},
	"rochdale":           {"cotton_mill/coal_mine", "cotton_mill/coal_mine", "iron_works"},
	"stockport":          {"cotton_mill", "cotton_mill"},
	"warrington_runcorn": {"cotton_mill/coal_mine", "port"},
	"wigan":              {"coal_mine", "coal_mine"},
}

// lancLinks is §2: the 36 lines as "id canal rail".
var lancLinks = []string{
	"barrow-lancaster - R", "birkenhead-ellesmere_port - R", "blackburn-bolton - R", "blackburn-burnley C R",
	"blackburn-preston - R", "blackburn-wigan C R", "blackpool-preston - R", "bolton-bury C R",
	"bolton-manchester C R", "bolton-wigan - R", "burnley-bury - R", "burnley-colne C R",
	"bury-manchester C R", "bury-rochdale - R", "colne-yorkshire C R", "ellesmere_port-liverpool C -",
	"ellesmere_port-northwich C R", "ellesmere_port-warrington_runcorn C R", "fleetwood-preston C R", "lancaster-preston C R",
	"lancaster-scotland - R", "liverpool-southport - R", "liverpool-warrington_runcorn - R", "liverpool-wigan C R",
	"macclesfield-stockport C R", "macclesfield-the_midlands C R", "manchester-oldham C R", "manchester-stockport C R",
	"manchester-warrington_runcorn C R", "northwich-the_midlands C R", "oldham-rochdale C R", "preston-southport - R",
	"preston-wigan C R", "rochdale-yorkshire C R", "southport-wigan - R", "warrington_runcorn-wigan C R",
}

func TestLancashireBoard(t *testing.T) {
	for _, rules := range []string{"", "original"} {
		ed := lancashire(t, rules)
		towns, spaces := 0, 0
		kinds := map[engine.LocationKind][]string{}
		for _, loc := range ed.Locations {
			kinds[loc.Kind] = append(kinds[loc.Kind], loc.ID)
			if loc.Kind != engine.Town {
				if len(loc.Spaces) != 0 || loc.LinkIcons != 2 {
					t.Errorf("%s: %d spaces and %d link-VP circles, want 0 and 2 (§1, §3)", loc.ID, len(loc.Spaces), loc.LinkIcons)
				}
				continue
			}
			towns++
			var got []string
			for _, sp := range loc.Spaces {
				var ids []string
				for _, ind := range ed.Spaces[sp].Icons {
					ids = append(ids, ind.ID())
				}
				got = append(got, strings.Join(ids, "/"))
				spaces++
			}
			if want := lancSpaces[loc.ID]; !slices.Equal(got, want) {
				t.Errorf("%s spaces %v, want %v (§1)", loc.ID, got, want)
			}
		}
		if towns != 19 || spaces != 43 || len(ed.Spaces) != 43 {
			t.Errorf("%d towns with %d spaces (%d in all), want 19 and 43 (§1)", towns, spaces, len(ed.Spaces))
		}
		if got := kinds[engine.ExternalLocation]; !slices.Equal(got, []string{"scotland", "yorkshire", "the_midlands"}) {
			t.Errorf("external locations %v (§1)", got)
		}
		if got := kinds[engine.LinkVPLocation]; !slices.Equal(got, []string{"blackpool", "southport", "northwich"}) {
			t.Errorf("link-VP locations %v (§1)", got)
		}
		var got []string
		canals, rails := 0, 0
		for _, l := range ed.Links {
			c, r := "-", "-"
			if l.Canal {
				c = "C"
				canals++
			}
			if l.Rail {
				r = "R"
				rails++
			}
			got = append(got, l.ID+" "+c+" "+r)
		}
		if !slices.Equal(got, lancLinks) || canals != 23 || rails != 35 {
			t.Errorf("links %v (%d canal, %d rail), want the 36 of §2 (23 canal, 35 rail)", got, canals, rails)
		}
	}
	// The virtual link is the original rules' only (§2).
	if v := lancashire(t, "").VirtualLinks; len(v) != 0 {
		t.Errorf("Roxley virtual links %v, want none", v)
	}
	if v := lancashire(t, "original").VirtualLinks; len(v) != 1 || v[0].ID != "liverpool-birkenhead" {
		t.Errorf("original virtual links %v, want liverpool-birkenhead", v)
	}
}

func TestLancashireMat(t *testing.T) {
	for _, c := range []struct {
		rules    string
		cottonVP int
	}{{"", 5}, {"original", 3}} {
		ed := lancashire(t, c.rules)
		var ids []string
		for _, ind := range ed.Industries {
			ids = append(ids, ind.ID())
		}
		if !slices.Equal(ids, []string{"cotton_mill", "port", "coal_mine", "iron_works", "shipyard"}) {
			t.Errorf("industries %v", ids)
		}
		want := map[engine.Industry]int{engine.Cotton: 12, engine.Port: 8, engine.Coal: 7, engine.Iron: 4, engine.Shipyard: 6}
		total := 0
		for _, ind := range ed.Industries {
			total += len(ed.Mats[ind])
			if len(ed.Mats[ind]) != want[ind] {
				t.Errorf("%d %s tiles, want %d (§4)", len(ed.Mats[ind]), ind.Name(), want[ind])
			}
			for _, spec := range ed.Mats[ind] {
				if spec.Beer != 0 || spec.Lightbulb || spec.FlipOnBuild != (ind == engine.Shipyard) {
					t.Errorf("%s %d: %+v", ind.Name(), spec.Level, spec)
				}
				if spec.Level > 0 && spec.LinkIcons != 1 {
					t.Errorf("%s %d has %d link icons, want 1 (§3)", ind.Name(), spec.Level, spec.LinkIcons)
				}
			}
		}
		if total != 37 {
			t.Errorf("%d tiles per player, want 37 (§4)", total)
		}
		if vp := ed.Mats[engine.Cotton][0].VP; vp != c.cottonVP {
			t.Errorf("rules %q: level-1 Cotton Mill %d VP, want %d (§4)", c.rules, vp, c.cottonVP)
		}
		// §4's table, row by row: level, cost, coal, iron, income, VP, cubes, canal, rail.
		rows := map[engine.Industry][]string{
			engine.Cotton:   {"1 12 0 0 5 %d 0 true false", "2 14 1 0 4 5 0 true true", "3 16 1 1 3 9 0 true true", "4 18 1 1 2 12 0 true true"},
			engine.Port:     {"1 6 0 0 3 2 0 true false", "2 7 0 0 3 4 0 true true", "3 8 0 0 4 6 0 true true", "4 9 0 0 4 9 0 true true"},
			engine.Coal:     {"1 5 0 0 4 1 2 true false", "2 7 0 0 7 2 3 true true", "3 8 0 1 6 3 4 true true", "4 10 0 1 5 4 5 true true"},
			engine.Iron:     {"1 5 1 0 3 3 4 true false", "2 7 1 0 3 5 4 true true", "3 9 1 0 2 7 5 true true", "4 12 1 0 1 9 6 true true"},
			engine.Shipyard: {"0 0 0 0 0 0 0 false false", "1 16 1 1 2 10 0 true false", "2 25 1 1 1 18 0 false true"},
		}
		for ind, want := range rows {
			var got []string
			for i, spec := range ed.Mats[ind] {
				if i > 0 && ed.Mats[ind][i-1].Level == spec.Level {
					continue
				}
				got = append(got, strings.Join([]string{itoa(spec.Level), itoa(spec.Cost), itoa(spec.Coal), itoa(spec.Iron),
					itoa(spec.Income), itoa(spec.VP), itoa(spec.Produces), boolStr(spec.CanalOK), boolStr(spec.RailOK)}, " "))
			}
			want = slices.Clone(want)
			if ind == engine.Cotton {
				want[0] = strings.Replace(want[0], "%d", itoa(c.cottonVP), 1)
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s mat %v, want %v (§4)", ind.Name(), got, want)
			}
		}
	}
	// Birmingham keeps its six industries and their ids.
	b, _ := engine.EditionByID("birmingham")
	var ids []string
	for _, ind := range b.Industries {
		ids = append(ids, ind.ID())
	}
	if !slices.Equal(ids, []string{"cotton_mill", "coal_mine", "iron_works", "manufacturer", "pottery", "brewery"}) {
		t.Errorf("Birmingham industries %v", ids)
	}
}

func TestLancashireDecks(t *testing.T) {
	for _, c := range []struct {
		rules string
		decks map[int]int // players → cards
		tiles map[int]int // players → Distant Market tiles
	}{
		{"", map[int]int{2: 40, 3: 54, 4: 64}, map[int]int{2: 8, 3: 10, 4: 12}},
		{"original", map[int]int{3: 66, 4: 66}, map[int]int{3: 12, 4: 12}},
	} {
		ed := lancashire(t, c.rules)
		r := ed.Rules
		for n := r.MinPlayers; n <= r.MaxPlayers; n++ {
			deck, locs, inds := 0, 0, 0
			for _, card := range ed.Cards {
				deck += card.Count[n]
				if card.Type == engine.LocationCard {
					locs += card.Count[n]
				} else {
					inds += card.Count[n]
				}
			}
			if deck != c.decks[n] {
				t.Errorf("rules %q, %dp: deck of %d, want %d (§5)", c.rules, n, deck, c.decks[n])
			}
			if c.rules == "original" && (locs != 41 || inds != 25) {
				t.Errorf("original deck: %d location and %d industry cards, want 41 and 25 (§5)", locs, inds)
			}
			tiles := 0
			for _, d := range ed.DistantTiles {
				tiles += d.Count[n]
			}
			if tiles != c.tiles[n] {
				t.Errorf("rules %q, %dp: %d Distant Market tiles, want %d (§6)", c.rules, n, tiles, c.tiles[n])
			}
			// §5: the decks fit the rounds: the Canal Era plays 1 + 2 × (rounds − 1) cards per
			// player, the Rail Era 2 × rounds, after the cards set aside.
			rounds := r.RoundsPerEra[n]
			if deck-r.SetAside[engine.Canal][n] != n*(1+2*(rounds-1)) || deck-r.SetAside[engine.Rail][n] != n*2*rounds {
				t.Errorf("rules %q, %dp: %d cards, set aside %v, do not fit %d rounds", c.rules, n, deck, r.SetAside, rounds)
			}
		}
	}
	// §5: the original sets aside 6/2 cards at 4 players and 9/6 at 3; Roxley 1 per player in
	// the Canal Era and none in the Rail Era (the cards under the Rothschild tile are played).
	if a := lancashire(t, "original").Rules.SetAside; a[0][4] != 6 || a[1][4] != 2 || a[0][3] != 9 || a[1][3] != 6 {
		t.Errorf("original set aside %v", a)
	}
	if a := lancashire(t, "").Rules.SetAside; a[0][2] != 2 || a[0][3] != 3 || a[0][4] != 4 || a[1] != [5]int{} {
		t.Errorf("Roxley set aside %v", a)
	}
	// §6: the full set is 0×2, −1×2, −2×4, −3×3, −4×1.
	var full []string
	for _, d := range lancashire(t, "original").DistantTiles {
		full = append(full, itoa(d.Drop)+"x"+itoa(d.Count[4]))
	}
	if !slices.Equal(full, []string{"0x2", "1x2", "2x4", "3x3", "4x1"}) {
		t.Errorf("Distant Market tiles %v (§6)", full)
	}
}

func TestLancashireTracksAndConstants(t *testing.T) {
	for _, rules := range []string{"", "original"} {
		ed := lancashire(t, rules)
		if !slices.Equal(ed.DemandBonus, []int{3, 3, 2, 2, 1, 1, 0, 0}) {
			t.Errorf("cotton demand track %v (§6)", ed.DemandBonus)
		}
		for _, m := range []engine.Market{ed.CoalMarket, ed.IronMarket} {
			if !slices.Equal(m.Prices, []int{1, 1, 2, 2, 3, 3, 4, 4}) || m.Initial != 8 || m.EmptyPrice != 5 {
				t.Errorf("market %+v, want 8 spaces £1,1,2,2,3,3,4,4, full, £5 when empty (§7)", m)
			}
		}
		r := ed.Rules
		if r.StartingMoney != 30 || r.StartingIncomeSpace != 10 || r.HandSize != 8 || r.LinkTilesPerPlayer != 14 ||
			r.LoanAmount != 10 || r.LoanSteps != 3 || r.LoanLevels != 1 || r.MoneyVPPer != 10 || !r.DoubleBuild ||
			r.Scout || r.FaceDownDiscards != 0 || r.DoubleRailBeer != 0 || r.CanalLinkCost != 3 || r.RailLinkCost != 5 || r.DoubleRailCost != 15 {
			t.Errorf("rules %q constants %+v (§8, §9)", rules, r)
		}
	}
	rox, orig := lancashire(t, "").Rules, lancashire(t, "original").Rules
	if rox.MinPlayers != 2 || orig.MinPlayers != 3 || rox.RoundsPerEra != [5]int{0, 0, 10, 9, 8} || orig.RoundsPerEra != [5]int{0, 0, 0, 10, 8} {
		t.Errorf("players and rounds: Roxley %d %v, original %d %v (§9)", rox.MinPlayers, rox.RoundsPerEra, orig.MinPlayers, orig.RoundsPerEra)
	}
	if rox.LoanCutoff != engine.LoanCutoffLastRounds || rox.LoanCutoffEnd != 4 || orig.LoanCutoff != engine.LoanCutoffDeckEmpty {
		t.Errorf("loan cut-offs: Roxley %v/%d, original %v (§8)", rox.LoanCutoff, rox.LoanCutoffEnd, orig.LoanCutoff)
	}
	if rox.TieBreakTurnOrder || !orig.TieBreakTurnOrder {
		t.Error("tie-break: the original breaks the last tie by turn order, Roxley shares (§9)")
	}
	if _, ok := engine.EditionFor("birmingham", "original"); ok {
		t.Error("Birmingham has no original rule set")
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func boolStr(b bool) string {
	if b {
		return "true"
	}
	return "false"
}
