package board

import (
	"math"
	"strings"
	"testing"

	"brass/engine"
	"brass/ui/kit"
)

func birminghamEdition(t testing.TB) *engine.Edition {
	t.Helper()
	ed, ok := engine.EditionByID("birmingham")
	if !ok {
		t.Fatal("no birmingham edition")
	}
	return ed
}

func insideRect(r, outer rect) bool {
	return r.X >= outer.X-0.01 && r.Y >= outer.Y-0.01 &&
		r.X+r.W <= outer.X+outer.W+0.01 && r.Y+r.H <= outer.Y+outer.H+0.01
}

func overlapRect(a, b rect) bool {
	return a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
}

// boardMapArea is the board inside the progress track.
var boardMapArea = rect{cellW, cellH, boardW - 2*cellW, boardH - 2*cellH}

func TestLayoutCoversEdition(t *testing.T) {
	ed := birminghamEdition(t)
	if got := len(ed.Locations); got != 27 {
		t.Errorf("edition has %d locations, layout is for 27", got)
	}
	for _, loc := range ed.Locations {
		g, ok := boardLayout().Locations[loc.ID]
		if !ok {
			t.Errorf("location %s has no position", loc.ID)
			continue
		}
		if !insideRect(g.Box, boardMapArea) {
			t.Errorf("location %s box %v is not inside the map area", loc.ID, g.Box)
		}
		switch loc.Kind {
		case engine.MerchantLocation:
			if g.Kind != 'm' {
				t.Errorf("location %s is a merchant but laid out as %c", loc.ID, g.Kind)
			}
			if n := merchantLayout[loc.ID].Slots; n != len(loc.MerchantSpaces) {
				t.Errorf("merchant %s has %d spaces, layout has %d", loc.ID, len(loc.MerchantSpaces), n)
			}
		default:
			if n := townLayout[loc.ID].Spaces; n != len(loc.Spaces) {
				t.Errorf("location %s has %d spaces, layout has %d", loc.ID, len(loc.Spaces), n)
			}
			if loc.Kind == engine.Town && kit.BannerColors[loc.Banner] == "" {
				t.Errorf("town %s banner %q has no colour", loc.ID, loc.Banner)
			}
		}
	}
	if len(boardLayout().Locations) != len(ed.Locations) {
		t.Errorf("layout places %d locations, edition has %d", len(boardLayout().Locations), len(ed.Locations))
	}
	for _, sp := range ed.Spaces {
		r, ok := boardLayout().Spaces[sp.ID]
		if !ok {
			t.Errorf("space %s has no position", sp.ID)
			continue
		}
		if _, ok := boardLayout().SpaceOffsets[sp.ID]; !ok {
			t.Errorf("space %s has no offset", sp.ID)
		}
		box := boardLayout().Locations[ed.Locations[sp.Location].ID].Box
		if !insideRect(r, box) {
			t.Errorf("space %s %v is outside its box %v", sp.ID, r, box)
		}
	}
	if len(boardLayout().Spaces) != len(ed.Spaces) {
		t.Errorf("layout has %d spaces, edition %d", len(boardLayout().Spaces), len(ed.Spaces))
	}
	for _, ms := range ed.MerchantSpaces {
		g, ok := boardLayout().MerchantSlots[ms.ID]
		if !ok {
			t.Errorf("merchant space %s has no position", ms.ID)
			continue
		}
		box := boardLayout().Locations[ed.Locations[ms.Location].ID].Box
		if !insideRect(g.Tile, box) || !insideRect(g.Barrel, box) {
			t.Errorf("merchant space %s is outside its box", ms.ID)
		}
	}
	if len(boardLayout().MerchantSlots) != len(ed.MerchantSpaces) {
		t.Errorf("layout has %d merchant spaces, edition %d", len(boardLayout().MerchantSlots), len(ed.MerchantSpaces))
	}
	if got := len(ed.Links); got != 39 {
		t.Errorf("edition has %d links, layout is for 39", got)
	}
	for _, l := range ed.Links {
		g, ok := boardLayout().Links[l.ID]
		if !ok {
			t.Errorf("link %s has no path", l.ID)
			continue
		}
		if !strings.HasPrefix(g.D, "M") {
			t.Errorf("link %s path %q", l.ID, g.D)
		}
		if moves := strings.Count(g.D, "M"); len(l.Locations) == 3 && (moves != 3 || linkLayout[l.ID].Junction == nil) {
			t.Errorf("link %s joins 3 locations but is not drawn as a Y: %q", l.ID, g.D)
		}
		if !insideRect(rect{g.Mid.X, g.Mid.Y, 0, 0}, boardMapArea) {
			t.Errorf("link %s tile %v is off the map", l.ID, g.Mid)
		}
	}
	if len(boardLayout().Links) != len(ed.Links) {
		t.Errorf("layout has %d links, edition %d", len(boardLayout().Links), len(ed.Links))
	}
}

func TestLayoutNoOverlaps(t *testing.T) {
	var ids []string
	var boxes []rect
	for id, g := range boardLayout().Locations {
		ids = append(ids, id)
		boxes = append(boxes, g.Box)
	}
	ids = append(ids, "coal market", "iron market")
	boxes = append(boxes, boardLayout().Coal.Panel, boardLayout().Iron.Panel)
	for i := range boxes {
		for j := i + 1; j < len(boxes); j++ {
			if overlapRect(boxes[i], boxes[j]) {
				t.Errorf("%s %v overlaps %s %v", ids[i], boxes[i], ids[j], boxes[j])
			}
		}
	}
	// A built link's tile must not hide under a location box.
	for id, g := range boardLayout().Links {
		for lid, loc := range boardLayout().Locations {
			if insideRect(rect{g.Mid.X, g.Mid.Y, 0, 0}, loc.Box) {
				t.Errorf("link %s tile at %v is under %s", id, g.Mid, lid)
			}
		}
	}
}

func TestLayoutMarketsAndTrack(t *testing.T) {
	ed := birminghamEdition(t)
	if len(boardLayout().Coal.Spaces) != len(ed.CoalMarket.Prices) || len(ed.CoalMarket.Prices) != 14 {
		t.Errorf("coal market: %d spaces laid out, %d prices", len(boardLayout().Coal.Spaces), len(ed.CoalMarket.Prices))
	}
	if len(boardLayout().Iron.Spaces) != len(ed.IronMarket.Prices) || len(ed.IronMarket.Prices) != 10 {
		t.Errorf("iron market: %d spaces laid out, %d prices", len(boardLayout().Iron.Spaces), len(ed.IronMarket.Prices))
	}
	seen := map[rect]int{}
	for i, r := range boardLayout().Track {
		if j, dup := seen[r]; dup {
			t.Errorf("track spaces %d and %d share a cell", j, i)
		}
		seen[r] = i
		if r.X < 0 || r.Y < 0 || r.X+r.W > boardW || r.Y+r.H > boardH {
			t.Errorf("track space %d %v is off the board", i, r)
		}
		if insideRect(r, boardMapArea) || overlapRect(r, boardMapArea) {
			t.Errorf("track space %d %v is inside the map", i, r)
		}
		if i > 0 { // consecutive spaces touch
			p := boardLayout().Track[i-1]
			if d := absf(p.X-r.X) + absf(p.Y-r.Y); d != cellW {
				t.Errorf("track spaces %d and %d are not neighbours", i-1, i)
			}
		}
	}
}

func absf(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

// The details card is placed from where its target shows: onScreen maps a board rectangle
// into the view's fractions, clamped to the view.
func TestOnScreen(t *testing.T) {
	r := rect{100, 540, 100, 108}
	if got := fullView.onScreen(r); math.Abs(got.X-0.1) > 1e-9 || math.Abs(got.Y-0.5) > 1e-9 || math.Abs(got.W-0.1) > 1e-9 || math.Abs(got.H-0.1) > 1e-9 {
		t.Errorf("whole board: %+v", got)
	}
	zoomed := boardView{X: 500, Y: 540, W: 250, H: 270} // 4×, the lower right quarter's corner
	if got := zoomed.onScreen(r); got.X != 0 || got.W != 0 || got.Y != 0 {
		t.Errorf("a rectangle left of the view sits at its left edge: %+v", got)
	}
	if got := zoomed.onScreen(rect{625, 675, 10, 10}); math.Abs(got.X-0.5) > 1e-9 || math.Abs(got.Y-0.5) > 1e-9 {
		t.Errorf("the view's centre: %+v", got)
	}
}

// A tap on the overview shows the part around the tapped place at the same zoom, as far as
// the board allows.
func TestCentredOn(t *testing.T) {
	v := boardView{W: 250, H: 270} // 4×
	if got := v.centredOn(pt{500, 540}); got != (boardView{375, 405, 250, 270}) {
		t.Errorf("the middle: %+v", got)
	}
	if got := v.centredOn(pt{990, 1070}); got != (boardView{750, 810, 250, 270}) {
		t.Errorf("the lower right corner, kept on the board: %+v", got)
	}
}
