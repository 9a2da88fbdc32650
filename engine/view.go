package engine

// HiddenCard stands for a card a seat may not see in a View.
const HiddenCard uint8 = 255

// View returns what one seat may see: the state with the other players' hands emptied
// (their sizes kept in HandLen), face-down discards hidden, the deck order hidden (its size
// kept in DeckLen), the order of Lancashire's Distant Market stack hidden and the random
// source cleared. seat −1 is a spectator who sees no hand.
func (s *State) View(seat int) State {
	v := *s
	v.rng = rng{}
	for i := range v.Deck {
		v.Deck[i] = HiddenCard
	}
	// Lancashire: the face-down Distant Market stack is hidden like the deck (its size is
	// kept in DistantLeft); the revealed tiles stay visible.
	for i := 0; i < int(v.DistantLeft); i++ {
		v.Distant[i] = HiddenCard
	}
	for p := 0; p < int(s.NumPlayers); p++ {
		pl := &v.Players[p]
		for i := 0; i < int(pl.FaceDown) && i < int(pl.DiscardLen); i++ {
			pl.Discard[i] = HiddenCard
		}
		if p != seat {
			pl.Hand = [maxCardKinds]uint8{}
		}
	}
	return v
}
