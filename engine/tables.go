package engine

import "math/bits"

// boardTables are the edition's board as bit sets and flat arrays, derived once when the
// edition is built, so that the rules read a table where they would otherwise walk slices
// of structs (which costs most in wasm). Sets of locations, build spaces and links are
// uint64s with bit i for index i.
type boardTables struct {
	spaceLoc  [maxSpaces]uint8      // the location of each build space
	locSpaces [maxLocations]uint64  // the build spaces of each location
	icons     [numIndustries]uint64 // the build spaces showing the industry's icon
	iconLocs  [numIndustries]uint64 // the locations with such a space
	onlyIcon  [numIndustries]uint64 // the build spaces showing that icon alone
	shared    uint64                // the build spaces showing two icons
	linkMask  [maxLinks]uint64      // the locations each link joins (filled with the links)
	locLinks  [maxLocations]uint64  // the links touching each location (filled with the links)
	cardIcons [maxCardKinds]uint16  // the industries each card shows (bit by Industry)
	// virtualAdj are the locations joined to each by a virtual link, virtualLocs those with one.
	virtualAdj  [maxLocations]uint64
	virtualLocs uint64
}

// build fills the tables from the edition's locations and spaces, refusing data in which a
// location's list of spaces does not match the spaces' own locations (the rules read both).
func (t *boardTables) build(e *Edition) error {
	for sp := range e.Spaces {
		space := &e.Spaces[sp]
		if space.Location < 0 || space.Location >= len(e.Locations) {
			return errorf(ErrMalformed, "build space %q is in location %d of %d", space.ID, space.Location, len(e.Locations))
		}
		if len(space.Icons) == 0 || len(space.Icons) > 2 {
			return errorf(ErrMalformed, "build space %q shows %d icons", space.ID, len(space.Icons))
		}
		t.spaceLoc[sp] = uint8(space.Location)
		bit := uint64(1) << uint(sp)
		for _, ind := range space.Icons {
			if ind == NoIndustry || ind >= numIndustries {
				return errorf(ErrMalformed, "build space %q shows an unknown industry", space.ID)
			}
			t.icons[ind] |= bit
			t.iconLocs[ind] |= 1 << uint(space.Location)
		}
		if len(space.Icons) == 1 {
			t.onlyIcon[space.Icons[0]] |= bit
		} else {
			t.shared |= bit
		}
	}
	for loc := range e.Locations {
		prev := -1
		for _, sp := range e.Locations[loc].Spaces {
			if sp <= prev || sp >= len(e.Spaces) || e.Spaces[sp].Location != loc {
				return errorf(ErrMalformed, "location %q lists build space %d out of order or not its own", e.Locations[loc].ID, sp)
			}
			prev = sp
			t.locSpaces[loc] |= 1 << uint(sp)
		}
	}
	for k := range e.Cards {
		for _, ind := range e.Cards[k].Industries {
			if ind == NoIndustry || ind >= numIndustries {
				return errorf(ErrMalformed, "card %q shows an unknown industry", e.Cards[k].ID)
			}
			t.cardIcons[k] |= 1 << ind
		}
	}
	for sp := range e.Spaces {
		if t.locSpaces[e.Spaces[sp].Location]&(1<<uint(sp)) == 0 {
			return errorf(ErrMalformed, "build space %q is missing from its location's list", e.Spaces[sp].ID)
		}
	}
	return nil
}

// virtualReach adds to a network the locations a virtual link joins to it.
func (t *boardTables) virtualReach(net uint64) uint64 {
	for m := net & t.virtualLocs; m != 0; m &= m - 1 {
		net |= t.virtualAdj[bits.TrailingZeros64(m)]
	}
	return net
}

// linksTouching is the set of links touching any of the locations in locs.
func (t *boardTables) linksTouching(locs uint64) uint64 {
	var m uint64
	for ; locs != 0; locs &= locs - 1 {
		m |= t.locLinks[bits.TrailingZeros64(locs)]
	}
	return m
}
