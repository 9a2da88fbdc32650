package board

import (
	"testing"

	"brass/engine"
	"brass/ui/kit"
)

func lancashireEditions(t testing.TB) []*engine.Edition {
	t.Helper()
	var out []*engine.Edition
	for _, rules := range []string{"", "original"} {
		ed, ok := engine.EditionFor("lancashire", rules)
		if !ok {
			t.Fatalf("no lancashire edition with rules %q", rules)
		}
		out = append(out, ed)
	}
	return out
}

// The Lancashire layout places every location, build space, line and virtual link of both
// rule sets, each where its kind is drawn, and nothing else.
func TestLancashireLayoutCoversEdition(t *testing.T) {
	lay := lancashireLayout()
	for _, ed := range lancashireEditions(t) {
		if len(lay.Locations) != len(ed.Locations) {
			t.Errorf("%s: layout places %d locations, edition has %d", ed.Name, len(lay.Locations), len(ed.Locations))
		}
		for _, loc := range ed.Locations {
			g, ok := lay.Locations[loc.ID]
			switch {
			case !ok:
				t.Errorf("%s: location %s has no position", ed.Name, loc.ID)
				continue
			case !insideRect(g.Box, boardMapArea):
				t.Errorf("location %s box %v is not inside the map area", loc.ID, g.Box)
			}
			switch loc.Kind {
			case engine.Town:
				if g.Kind != 't' || lancashireTownLayout[loc.ID].Spaces != len(loc.Spaces) {
					t.Errorf("town %s: laid out as %c with %d spaces, has %d", loc.ID, g.Kind, lancashireTownLayout[loc.ID].Spaces, len(loc.Spaces))
				}
				if loc.Banner != "" && kit.BannerColors[loc.Banner] == "" {
					t.Errorf("town %s banner %q has no colour", loc.ID, loc.Banner)
				}
			case engine.ExternalLocation, engine.LinkVPLocation:
				if g.Kind != 'p' || len(loc.Spaces) != 0 {
					t.Errorf("place %s laid out as %c", loc.ID, g.Kind)
				}
			default:
				t.Errorf("location %s of kind %d on the Lancashire board", loc.ID, loc.Kind)
			}
		}
		for _, sp := range ed.Spaces {
			r, ok := lay.Spaces[sp.ID]
			if !ok {
				t.Errorf("space %s has no position", sp.ID)
				continue
			}
			if box := lay.Locations[ed.Locations[sp.Location].ID].Box; !insideRect(r, box) {
				t.Errorf("space %s %v is outside its box %v", sp.ID, r, box)
			}
		}
		if len(lay.Spaces) != len(ed.Spaces) || len(ed.Spaces) != 43 {
			t.Errorf("layout has %d spaces, edition %d (43 on the board)", len(lay.Spaces), len(ed.Spaces))
		}
		if len(lay.MerchantSlots) != 0 || len(ed.MerchantSpaces) != 0 {
			t.Errorf("Lancashire has no merchants: %d laid out", len(lay.MerchantSlots))
		}
		for _, l := range ed.Links {
			if _, ok := lay.Links[l.ID]; !ok {
				t.Errorf("link %s has no path", l.ID)
			}
		}
		if len(lay.Links) != len(ed.Links) || len(ed.Links) != 36 {
			t.Errorf("layout has %d links, edition %d (36 on the board)", len(lay.Links), len(ed.Links))
		}
		for _, v := range ed.VirtualLinks {
			if _, ok := lay.VirtualLinks[v.ID]; !ok {
				t.Errorf("virtual link %s has no path", v.ID)
			}
		}
		if len(lay.Coal.Spaces) != len(ed.CoalMarket.Prices) || len(lay.Iron.Spaces) != len(ed.IronMarket.Prices) {
			t.Errorf("markets: %d and %d spaces laid out, %d and %d prices", len(lay.Coal.Spaces), len(lay.Iron.Spaces),
				len(ed.CoalMarket.Prices), len(ed.IronMarket.Prices))
		}
		if lay.Distant == nil || len(lay.Distant.Demand) != len(ed.DemandBonus)+1 {
			t.Errorf("the cotton demand track needs %d spaces and the X", len(ed.DemandBonus))
		}
	}
	// The virtual link is the original rules' only.
	orig := lancashireEditions(t)[1]
	if len(lay.VirtualLinks) != len(orig.VirtualLinks) || len(orig.VirtualLinks) != 1 {
		t.Errorf("layout has %d virtual links, the original rules %d", len(lay.VirtualLinks), len(orig.VirtualLinks))
	}
}

// Nothing overlaps: boxes, panels and the key; no line crosses a box it does not join; no
// built link's tile hides under a box.
func TestLancashireLayoutNoOverlaps(t *testing.T) {
	lay := lancashireLayout()
	ids, boxes := []string{}, []rect{}
	for _, id := range sortedKeys(lay.Locations) {
		ids = append(ids, id)
		boxes = append(boxes, lay.Locations[id].Box)
	}
	key := rect{lay.Key.X - 10, lay.Key.Y - 20, 102, 188}
	ids = append(ids, "coal market", "iron market", "distant market", "key")
	boxes = append(boxes, lay.Coal.Panel, lay.Iron.Panel, lay.Distant.Panel, key)
	for i := range boxes {
		if !insideRect(boxes[i], boardMapArea) {
			t.Errorf("%s %v is off the map", ids[i], boxes[i])
		}
		for j := i + 1; j < len(boxes); j++ {
			if overlapRect(boxes[i], boxes[j]) {
				t.Errorf("%s %v overlaps %s %v", ids[i], boxes[i], ids[j], boxes[j])
			}
		}
	}
	check := func(id string, g linkGeom, ends map[string]bool) {
		for i, box := range boxes {
			if ends[ids[i]] {
				continue
			}
			for _, line := range g.Vis {
				for k := 1; k < len(line); k++ {
					if segmentDistanceToRect(line[k-1], line[k], box) < 4 {
						t.Errorf("line %s crosses %s", id, ids[i])
					}
				}
			}
		}
		for _, loc := range lay.Locations {
			if insideRect(rect{g.Mid.X, g.Mid.Y, 0, 0}, loc.Box) {
				t.Errorf("line %s tile at %v is under a box", id, g.Mid)
			}
		}
	}
	for _, ed := range lancashireEditions(t) {
		for _, l := range ed.Links {
			ends := map[string]bool{}
			for _, li := range l.Locations {
				ends[ed.Locations[li].ID] = true
			}
			check(l.ID, lay.Links[l.ID], ends)
		}
		for _, v := range ed.VirtualLinks {
			check(v.ID, lay.VirtualLinks[v.ID], map[string]bool{ed.Locations[v.Locations[0]].ID: true, ed.Locations[v.Locations[1]].ID: true})
		}
	}
}

// segmentDistanceToRect is 0 when the segment enters the rectangle, else a lower bound of
// how far it passes (sampled).
func segmentDistanceToRect(a, b pt, r rect) float64 {
	best := 1e9
	for i := 0; i <= 100; i++ {
		f := float64(i) / 100
		best = min(best, rectDistance(r, pt{a.X + (b.X-a.X)*f, a.Y + (b.Y-a.Y)*f}))
	}
	return best
}

// The map follows the real one's geography (north at the top).
func TestLancashireLayoutGeography(t *testing.T) {
	c := func(id string) pt { return lancashireLayout().Locations[id].Box.center() }
	north := func(a, b string) {
		if c(a).Y >= c(b).Y {
			t.Errorf("%s should be north of %s", a, b)
		}
	}
	west := func(a, b string) {
		if c(a).X >= c(b).X {
			t.Errorf("%s should be west of %s", a, b)
		}
	}
	north("scotland", "lancaster")
	north("barrow", "preston")
	north("lancaster", "preston")
	north("preston", "wigan")
	north("colne", "burnley")
	north("bolton", "manchester")
	north("manchester", "stockport")
	north("stockport", "macclesfield")
	north("liverpool", "birkenhead")
	north("warrington_runcorn", "northwich")
	west("barrow", "lancaster")
	west("blackpool", "preston")
	west("southport", "wigan")
	west("liverpool", "warrington_runcorn")
	west("birkenhead", "ellesmere_port")
	west("manchester", "oldham")
	west("burnley", "colne")
	west("rochdale", "yorkshire")
	// The corners the brief names: Barrow top left, Yorkshire right, Macclesfield bottom right.
	if p := c("barrow"); p.X > boardW/3 || p.Y > boardH/4 {
		t.Errorf("Barrow at %v is not in the top left", p)
	}
	if p := c("yorkshire"); p.X < 2*boardW/3 || p.Y > boardH/2 {
		t.Errorf("Yorkshire at %v is not top right", p)
	}
	if p := c("macclesfield"); p.X < 2*boardW/3 || p.Y < 3*boardH/4 {
		t.Errorf("Macclesfield at %v is not bottom right", p)
	}
}

// An edition's board is drawn from its own layout.
func TestLayoutFor(t *testing.T) {
	for _, ed := range lancashireEditions(t) {
		if layoutFor(ed) != lancashireLayout() {
			t.Errorf("%s is not drawn from the Lancashire layout", ed.Name)
		}
	}
	if layoutFor(birminghamEdition(t)) != boardLayout() || layoutFor(nil) != boardLayout() {
		t.Error("Birmingham (and no game) use Birmingham's layout")
	}
}
