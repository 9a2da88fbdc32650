package engine

// ResampleDistant fills the face-down Distant Market stack of a view (Lancashire), which View
// hides, with the tiles of the era not yet revealed, in an order drawn from seed: a bot's
// plausible guess, in the spirit of Reseed. The revealed tiles and the demand marker stay.
// In an edition without a Distant Market it does nothing.
func (s *State) ResampleDistant(seed uint64) {
	if s.DistantLen == 0 {
		return
	}
	n := int(s.NumPlayers)
	var left [maxDistant]int
	for k, t := range s.ed.DistantTiles {
		left[k] = t.Count[n]
	}
	for i := int(s.DistantLeft); i < int(s.DistantLen); i++ {
		if k := int(s.Distant[i]); k < len(s.ed.DistantTiles) && left[k] > 0 {
			left[k]--
		}
	}
	i := 0
	for k := range s.ed.DistantTiles {
		for ; left[k] > 0 && i < int(s.DistantLeft); left[k]-- {
			s.Distant[i] = uint8(k)
			i++
		}
	}
	r := newRNG(seed)
	r.shuffle(s.Distant[:s.DistantLeft])
}
