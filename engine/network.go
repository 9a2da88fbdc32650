package engine

// Connectivity over built links. Locations are bits of a uint64, so "connected" is a
// fixed point of OR-ing link masks: cheap enough for the hot paths of Apply and Legal.

// reach returns every location connected to the start set by built links (rulebook
// "Connected Locations": a route of link tiles owned by any player).
func (s *State) reach(start uint64) uint64 {
	seen := start
	for {
		grew := false
		for i := range s.ed.Links {
			if s.Links[i] == 0 {
				continue
			}
			m := s.ed.Links[i].mask
			if m&seen != 0 && m&^seen != 0 {
				seen |= m
				grew = true
			}
		}
		if !grew {
			return seen
		}
	}
}

// distances returns, per location, the number of links from the start set (0 for the start
// set itself), or -1 where it is not connected.
func (s *State) distances(start uint64, out *[maxLocations]int8) {
	for i := range out {
		out[i] = -1
	}
	seen, frontier := start, start
	for d := int8(0); frontier != 0; d++ {
		for i := 0; i < len(s.ed.Locations); i++ {
			if frontier&(1<<uint(i)) != 0 {
				out[i] = d
			}
		}
		next := uint64(0)
		for i := range s.ed.Links {
			if s.Links[i] != 0 && s.ed.Links[i].mask&frontier != 0 {
				next |= s.ed.Links[i].mask
			}
		}
		frontier = next &^ seen
		seen |= next
	}
}

// networkMask is the player's network: locations with one of their industry tiles or next to
// one of their link tiles (rulebook "Your Network").
func (s *State) networkMask(p int) uint64 {
	owner := uint8(p + 1)
	var m uint64
	for i := range s.ed.Spaces {
		if s.Tiles[i].Owner == owner {
			m |= 1 << uint(s.ed.Spaces[i].Location)
		}
	}
	for i := range s.ed.Links {
		if s.Links[i] == owner {
			m |= s.ed.Links[i].mask
		}
	}
	return m
}

func locBit(loc int) uint64 { return 1 << uint(loc) }
