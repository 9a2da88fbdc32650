package engine

// Reseed replaces the state's random source. A seat's View clears the random source, so a
// bot that fills in the hidden cards of a view (a determinization) gives the sampled state a
// source of its own for the shuffles still to come (the end of the Canal Era reshuffles the
// discards into a new deck). The result is a plausible game, not the real one.
func (s *State) Reseed(seed uint64) { s.rng = newRNG(seed) }
