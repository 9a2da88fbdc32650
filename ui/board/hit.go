package board

// Hit-testing on the board: which thing a tap means. A tap that lands on a drawn target
// means that target; a tap beside one (a finger is wider than a canal) means the nearest
// target within a radius. Pure geometry on the layout tables, in board units.

import (
	"brass/ui/kit"
	"math"
	"strings"
)

// Kinds of board target.
const (
	TargetSpace    = "space"    // a build space (and the tile on it)
	TargetLink     = "link"     // a canal or rail line
	TargetMerchant = "merchant" // a merchant space (its tile and beer)
	TargetMarket   = "market"   // the coal or iron market ("coal_market", "iron_market")
	TargetDistant  = "distant"  // the Distant Market with the cotton demand track (Lancashire)
	TargetLocation = "location" // a town, farm brewery or merchant location as a whole
)

// Target is one thing on the board a player can point at.
type Target struct {
	Kind string
	ID   string // the engine's id (space, link, merchant space or location id) or "coal_market"/"iron_market"
}

// targetFromElementID reads a target from the id of its SVG group ("space-dudley_1",
// "link-dudley-birmingham", "merchant-oxford_1", "market-coal", "loc-dudley").
func targetFromElementID(id string) (Target, bool) {
	if id == distantElementID {
		return Target{TargetDistant, "distant_market"}, true
	}
	for _, p := range []struct{ prefix, kind string }{
		{"space-", TargetSpace}, {"link-", TargetLink}, {"merchant-", TargetMerchant},
		{"market-", TargetMarket}, {"loc-", TargetLocation},
	} {
		if rest, ok := strings.CutPrefix(id, p.prefix); ok && rest != "" {
			if p.kind == TargetMarket {
				rest += "_market"
			}
			return Target{p.kind, rest}, true
		}
	}
	return Target{}, false
}

// elementID is the id of the target's SVG group (the inverse of targetFromElementID).
func (t Target) elementID() string {
	switch t.Kind {
	case TargetMarket:
		return "market-" + strings.TrimSuffix(t.ID, "_market")
	case TargetLocation:
		return "loc-" + t.ID
	case TargetDistant:
		return distantElementID
	}
	return t.Kind + "-" + t.ID
}

// distantElementID is the id of the Distant Market's SVG group.
const distantElementID = "distant-market"

// sourceTarget classifies a coal, iron or beer source id on this board: a space, a
// merchant (its beer) or a market.
func (l *layoutData) sourceTarget(id string) Target {
	switch {
	case id == "coal_market" || id == "iron_market":
		return Target{TargetMarket, id}
	case l.hasMerchantSlot(id):
		return Target{TargetMerchant, id}
	}
	return Target{TargetSpace, id}
}

// hasMerchantSlot reports whether id is one of this board's merchant spaces.
func (l *layoutData) hasMerchantSlot(id string) bool { _, ok := l.MerchantSlots[id]; return ok }

// distance is how far p lies from the target's drawn shape on the board l (0 inside it);
// +Inf for an unknown target.
func (l *layoutData) distance(t Target, p pt) float64 {
	switch t.Kind {
	case TargetSpace:
		if r, ok := l.Spaces[t.ID]; ok {
			return rectDistance(r, p)
		}
	case TargetMerchant:
		if g, ok := l.MerchantSlots[t.ID]; ok {
			return rectDistance(rect{g.Tile.X, g.Tile.Y, g.Barrel.X + g.Barrel.W - g.Tile.X, g.Tile.H}, p)
		}
	case TargetMarket:
		switch t.ID {
		case "coal_market":
			return rectDistance(l.Coal.Panel, p)
		case "iron_market":
			return rectDistance(l.Iron.Panel, p)
		}
	case TargetLocation:
		if g, ok := l.Locations[t.ID]; ok {
			return rectDistance(g.Box, p)
		}
	case TargetDistant:
		if l.Distant != nil {
			return rectDistance(l.Distant.Panel, p)
		}
	case TargetLink:
		if g, ok := l.Links[t.ID]; ok {
			d := math.Inf(1)
			for _, line := range g.Vis {
				for i := 1; i < len(line); i++ {
					d = math.Min(d, segmentDistance(line[i-1], line[i], p))
				}
			}
			// A link is drawn about 9 units wide.
			return math.Max(0, d-4.5)
		}
	}
	return math.Inf(1)
}

// nearestTarget returns the candidate closest to p, if one lies within radius. On equal
// distances the earlier candidate wins, so callers list the more specific kinds first.
func (l *layoutData) nearestTarget(p pt, cands []Target, radius float64) (Target, bool) {
	best, bestD := Target{}, math.Inf(1)
	for _, c := range cands {
		if d := l.distance(c, p); d < bestD {
			best, bestD = c, d
		}
	}
	return best, bestD <= radius
}

// targets lists, first, every target a question can ask for: spaces, merchant spaces,
// markets and links (most specific first, see nearestTarget), each kind in id order; then
// the same with the locations as wholes added, for the details card.
func (l *layoutData) targets() (pieces, all []Target) {
	for _, id := range sortedKeys(l.Spaces) {
		pieces = append(pieces, Target{TargetSpace, id})
	}
	for _, id := range sortedKeys(l.MerchantSlots) {
		pieces = append(pieces, Target{TargetMerchant, id})
	}
	pieces = append(pieces, Target{TargetMarket, "coal_market"}, Target{TargetMarket, "iron_market"})
	for _, id := range sortedKeys(l.Links) {
		pieces = append(pieces, Target{TargetLink, id})
	}
	all = append([]Target(nil), pieces...)
	if l.Distant != nil {
		all = append(all, Target{TargetDistant, "distant_market"})
	}
	for _, id := range sortedKeys(l.Locations) {
		all = append(all, Target{TargetLocation, id})
	}
	return pieces, all
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return kit.Sorted(out)
}

func rectDistance(r rect, p pt) float64 {
	dx := math.Max(0, math.Max(r.X-p.X, p.X-(r.X+r.W)))
	dy := math.Max(0, math.Max(r.Y-p.Y, p.Y-(r.Y+r.H)))
	return math.Hypot(dx, dy)
}

func segmentDistance(a, b, p pt) float64 {
	dx, dy := b.X-a.X, b.Y-a.Y
	l2 := dx*dx + dy*dy
	t := 0.0
	if l2 > 0 {
		t = math.Max(0, math.Min(1, ((p.X-a.X)*dx+(p.Y-a.Y)*dy)/l2))
	}
	return math.Hypot(p.X-(a.X+t*dx), p.Y-(a.Y+t*dy))
}
