package bot

import "brass/engine"

// cardValues rates how much player p wants to keep each card kind in hand: a card that
// can build something they can use is worth keeping; one that builds nothing is the one to
// discard for a non-build action. Copies share a kind's value (the second copy of a card
// is worth less than the first).
func cardValues(b *board, s *engine.State, p int, out *[64]float64) {
	ed := b.ed
	pl := &s.Players[p]
	net := b.network(s, p)
	anywhere := net == 0
	// which industries the player can build next in this era, and where a tile of theirs
	// already stands (only one per location in the Canal Era)
	var buildable [16]bool
	for _, ind := range ed.Industries {
		if spec, ok := s.NextTile(p, ind); ok {
			buildable[ind] = spec.BuildableIn(s.Era)
		}
	}
	var mine uint64
	for sp := range ed.Spaces {
		if s.Tiles[sp].Owner == uint8(p+1) {
			mine |= 1 << uint(b.spaceLoc[sp])
		}
	}
	// free[loc] is a bit set of the industries with an empty space at loc
	var free [64]uint16
	for sp, space := range ed.Spaces {
		if s.Tiles[sp].Owner != 0 {
			continue
		}
		for _, ind := range space.Icons {
			free[space.Location] |= 1 << ind
		}
	}
	for k := range ed.Cards {
		out[k] = 0
		if pl.Hand[k] == 0 {
			continue
		}
		c := &ed.Cards[k]
		v := 0.0
		switch c.Type {
		case engine.WildLocationCard, engine.WildIndustryCard:
			v = 3
		case engine.LocationCard:
			v = 0.5
			if !(s.Era == engine.Canal && mine&(1<<uint(c.Location)) != 0) {
				for _, ind := range ed.Industries {
					if buildable[ind] && free[c.Location]&(1<<ind) != 0 {
						v += 0.5
					}
				}
			}
		case engine.IndustryCard:
			v = 0.4
			for _, ind := range c.Industries {
				if !buildable[ind] {
					continue
				}
				spots := 0
				for loc := range ed.Locations {
					if (anywhere || net&(1<<uint(loc)) != 0) && free[loc]&(1<<ind) != 0 &&
						!(s.Era == engine.Canal && mine&(1<<uint(loc)) != 0) {
						spots++
					}
				}
				v += 0.35 * float64(min(spots, 4))
			}
		}
		out[k] = v / float64(pl.Hand[k])
	}
}
