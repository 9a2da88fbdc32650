package engine

import (
	"slices"
	"strings"
	"testing"
)

// TestEditionBuilderRejectsBadData: the Birmingham builder refuses tables the engine could
// not play correctly, naming the fault, instead of mapping an unknown link endpoint to
// location 0 (Belper) or letting a duplicate id shadow another; and at package start such
// an error stops the program (mustEdition panics).
func TestEditionBuilderRejectsBadData(t *testing.T) {
	if _, err := buildBirmingham(birminghamTowns, birminghamMerchants, birminghamLinks); err != nil {
		t.Fatalf("the real data is refused: %v", err)
	}
	withLink := func(locs ...string) []linkData {
		return append(slices.Clone(birminghamLinks), linkData{locs: locs, canal: true, rail: true})
	}
	cases := []struct {
		name      string
		towns     []townData
		merchants []merchantData
		links     []linkData
		want      string
	}{
		{"a link to an unknown location", birminghamTowns, birminghamMerchants, withLink("birmingham", "london"), `"london"`},
		{"a link with a misspelt first end", birminghamTowns, birminghamMerchants, withLink("belpr", "derby"), `"belpr"`},
		{"a link joining one location", birminghamTowns, birminghamMerchants, withLink("birmingham"), "joins 1 locations"},
		{"the same link twice", birminghamTowns, birminghamMerchants, withLink("dudley", "birmingham"), `two links with the id "dudley-birmingham"`},
		{"two towns with one id", append(slices.Clone(birminghamTowns), birminghamTowns[3]), birminghamMerchants, birminghamLinks, `two locations with the id "stoke_on_trent"`},
		{"two merchants with one id", birminghamTowns, append(slices.Clone(birminghamMerchants), birminghamMerchants[0]), birminghamLinks, `"shrewsbury"`},
	}
	for _, c := range cases {
		e, err := buildBirmingham(c.towns, c.merchants, c.links)
		if err == nil || e != nil {
			t.Errorf("%s: accepted", c.name)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %q does not say %s", c.name, err, c.want)
		}
	}
	// Too many build spaces for State's arrays (and for the bits of Sources).
	many := slices.Clone(birminghamTowns)
	for i := 0; i < 8; i++ {
		town := many[0]
		town.id += itoa(i)
		many = append(many, town)
	}
	if _, err := buildBirmingham(many, birminghamMerchants, birminghamLinks); err == nil || !strings.Contains(err.Error(), "build spaces") {
		t.Errorf("%d build spaces accepted: %v", len(many)*3, err)
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "london") {
			t.Errorf("mustEdition did not stop on bad data: %v", r)
		}
	}()
	mustEdition(buildBirmingham(birminghamTowns, birminghamMerchants, withLink("birmingham", "london")))
}

// TestEditionTablesRejectInconsistentBoard: the bit-set tables the hot paths read are built
// from both the spaces' locations and the locations' lists of spaces, so an edition in which
// they disagree, or a space or card shows no known industry, is refused rather than played
// wrongly.
func TestEditionTablesRejectInconsistentBoard(t *testing.T) {
	fresh := func() *Edition {
		e, err := buildBirmingham(birminghamTowns, birminghamMerchants, birminghamLinks)
		if err != nil {
			t.Fatal(err)
		}
		e.tables, e.anchorMask, e.townMask = boardTables{}, 0, 0
		for i := range e.Locations {
			e.Locations[i].Links = nil
		}
		return e
	}
	if _, err := fresh().finish(); err != nil {
		t.Fatalf("the real data is refused: %v", err)
	}
	cases := []struct {
		name   string
		change func(e *Edition)
		want   string
	}{
		{"a space in no location", func(e *Edition) { e.Spaces[3].Location = len(e.Locations) }, "is in location"},
		{"a space without icons", func(e *Edition) { e.Spaces[3].Icons = nil }, "shows 0 icons"},
		{"a space showing no industry", func(e *Edition) { e.Spaces[3].Icons = []Industry{NoIndustry} }, "unknown industry"},
		{"a location listing another's space", func(e *Edition) { e.Locations[0].Spaces = append(e.Locations[0].Spaces, 10) }, "not its own"},
		{"a location's spaces out of order", func(e *Edition) { slices.Reverse(e.Locations[0].Spaces) }, "out of order"},
		{"a space missing from its location", func(e *Edition) { e.Locations[0].Spaces = e.Locations[0].Spaces[1:] }, "missing from its location"},
		{"a card showing no industry", func(e *Edition) { e.Cards[len(e.Cards)-3].Industries = []Industry{numIndustries} }, "unknown industry"},
	}
	for _, c := range cases {
		e := fresh()
		c.change(e)
		if got, err := e.finish(); err == nil || got != nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error saying %q", c.name, err, c.want)
		}
	}
}

// TestBoardTables: the tables agree with the board data they are built from, for every
// space, location, link and card of Birmingham.
func TestBoardTables(t *testing.T) {
	e := birminghamEdition()
	tab := &e.tables
	for sp, space := range e.Spaces {
		bit := uint64(1) << uint(sp)
		if int(tab.spaceLoc[sp]) != space.Location || tab.locSpaces[space.Location]&bit == 0 {
			t.Errorf("space %s: location %d in the tables", space.ID, tab.spaceLoc[sp])
		}
		for ind := Cotton; ind < numIndustries; ind++ {
			shows := space.accepts(ind)
			if shows != (tab.icons[ind]&bit != 0) || shows && tab.iconLocs[ind]&locBit(space.Location) == 0 {
				t.Errorf("space %s, %s: icon tables disagree", space.ID, ind.Name())
			}
			if only := shows && len(space.Icons) == 1; only != (tab.onlyIcon[ind]&bit != 0) {
				t.Errorf("space %s, %s: single-icon table disagrees", space.ID, ind.Name())
			}
		}
		if (len(space.Icons) == 2) != (tab.shared&bit != 0) {
			t.Errorf("space %s: shared table disagrees", space.ID)
		}
	}
	for l, link := range e.Links {
		if tab.linkMask[l] != link.mask {
			t.Errorf("link %s: mask", link.ID)
		}
		for loc := range e.Locations {
			if touches := link.mask&locBit(loc) != 0; touches != (tab.locLinks[loc]&(1<<uint(l)) != 0) {
				t.Errorf("link %s, location %d: links-by-location table disagrees", link.ID, loc)
			}
		}
	}
	for k, card := range e.Cards {
		for ind := Cotton; ind < numIndustries; ind++ {
			if slices.Contains(card.Industries, ind) != (tab.cardIcons[k]&(1<<ind) != 0) {
				t.Errorf("card %s, %s: card icons table disagrees", card.ID, ind.Name())
			}
		}
	}
}
