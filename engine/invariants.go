package engine

import "fmt"

// CheckInvariants verifies the conservation laws and consistency rules a legal game state
// always satisfies: money never negative and never created (each player's money equals the
// starting money plus what they received minus what they paid); every card in exactly one
// place; tiles on the board and in the box never more than were taken from the mat; cubes
// and barrels only on tiles that hold them, with unflipped resource tiles never empty;
// markets within their spaces; link tiles conserved. Tests call it after every action.
func (s *State) CheckInvariants() error {
	e := s.ed
	r := &e.Rules
	n := int(s.NumPlayers)
	if n < r.MinPlayers || n > r.MaxPlayers {
		return fmt.Errorf("player count %d", n)
	}
	var seen [MaxPlayers]bool
	for i := 0; i < n; i++ {
		if int(s.Order[i]) >= n || seen[s.Order[i]] {
			return fmt.Errorf("turn order %v is not a permutation", s.Order[:n])
		}
		seen[s.Order[i]] = true
	}
	// cards counts each kind where this state shows it; hidden counts what a dealt game
	// does not show (deck entries, face-down discards and hand cards), which must be
	// exactly the cards missing from the count.
	var cards [maxCardKinds]int
	hidden := 0
	count := func(k uint8) error {
		switch {
		case k == HiddenCard && s.Dealt:
			hidden++
		case int(k) >= len(e.Cards):
			return fmt.Errorf("card %d out of range", k)
		default:
			cards[k]++
		}
		return nil
	}
	for i := 0; i < int(s.DeckLen); i++ {
		if err := count(s.Deck[i]); err != nil {
			return err
		}
	}
	var tilesOnBoard [MaxPlayers][numIndustries]int
	var linksOnBoard [MaxPlayers]int
	for sp := range e.Spaces {
		t := s.Tiles[sp]
		if t.Owner == 0 {
			if t != (Tile{}) {
				return fmt.Errorf("empty space %s has data %+v", e.Spaces[sp].ID, t)
			}
			continue
		}
		if int(t.Owner) > n || t.Industry == NoIndustry || t.Industry >= numIndustries || int(t.Spec) >= len(e.Mats[t.Industry]) {
			return fmt.Errorf("bad tile on %s: %+v", e.Spaces[sp].ID, t)
		}
		if !e.Spaces[sp].accepts(t.Industry) {
			return fmt.Errorf("%s on %s, which has no such icon", t.Industry.Name(), e.Spaces[sp].ID)
		}
		tilesOnBoard[t.Owner-1][t.Industry]++
		if t.Industry.holdsCubes() {
			if !t.Flipped && t.Cubes == 0 {
				return fmt.Errorf("unflipped %s on %s is empty", t.Industry.Name(), e.Spaces[sp].ID)
			}
			if t.Flipped && t.Cubes != 0 {
				return fmt.Errorf("flipped %s on %s still has %d cubes", t.Industry.Name(), e.Spaces[sp].ID, t.Cubes)
			}
		} else if t.Cubes != 0 {
			return fmt.Errorf("%s on %s holds cubes", t.Industry.Name(), e.Spaces[sp].ID)
		}
	}
	for l := range e.Links {
		if o := s.Links[l]; o != 0 {
			if int(o) > n {
				return fmt.Errorf("link %s owned by %d", e.Links[l].ID, o)
			}
			if s.Era == Canal && !e.Links[l].Canal || s.Era == Rail && !e.Links[l].Rail {
				return fmt.Errorf("link %s of the wrong type for the era", e.Links[l].ID)
			}
			linksOnBoard[o-1]++
		}
	}
	wildLoc, wildInd := int(s.WildLocations), int(s.WildIndustries)
	for p := 0; p < n; p++ {
		pl := &s.Players[p]
		if pl.Money < 0 {
			return fmt.Errorf("%s has negative money £%d", s.name(p), pl.Money)
		}
		if pl.Money != int32(r.StartingMoney)+pl.Received-pl.Paid {
			return fmt.Errorf("%s's money £%d does not match £%d + £%d received − £%d paid", s.name(p), pl.Money, r.StartingMoney, pl.Received, pl.Paid)
		}
		if int(pl.IncomeSpace) > r.MaxIncomeSpace {
			return fmt.Errorf("%s's income space %d", s.name(p), pl.IncomeSpace)
		}
		hand := 0
		for k := range e.Cards {
			hand += int(pl.Hand[k])
			switch e.Cards[k].Type {
			case WildLocationCard:
				wildLoc += int(pl.Hand[k])
			case WildIndustryCard:
				wildInd += int(pl.Hand[k])
			default:
				cards[k] += int(pl.Hand[k])
			}
		}
		if hand > int(pl.HandLen) || hand < int(pl.HandLen) && !s.Dealt {
			return fmt.Errorf("%s's hand holds %d cards but counts %d", s.name(p), hand, pl.HandLen)
		}
		hidden += int(pl.HandLen) - hand
		for i := 0; i < int(pl.DiscardLen); i++ {
			if err := count(pl.Discard[i]); err != nil {
				return err
			}
		}
		if int(pl.LinksLeft)+linksOnBoard[p] != r.LinkTilesPerPlayer {
			return fmt.Errorf("%s has %d links left and %d on the board", s.name(p), pl.LinksLeft, linksOnBoard[p])
		}
		for _, ind := range e.Industries {
			if int(pl.MatUsed[ind]) > len(e.Mats[ind]) || tilesOnBoard[p][ind] > int(pl.MatUsed[ind]) {
				return fmt.Errorf("%s: %d %s tiles on the board but %d taken from the mat", s.name(p), tilesOnBoard[p][ind], ind.Name(), pl.MatUsed[ind])
			}
		}
	}
	for k, c := range e.Cards {
		if c.Type == WildLocationCard || c.Type == WildIndustryCard {
			continue
		}
		if cards[k] > c.Count[n] || cards[k] < c.Count[n] && !s.Dealt {
			return fmt.Errorf("%d %s cards in play, want %d", cards[k], c.ID, c.Count[n])
		}
		hidden -= c.Count[n] - cards[k]
	}
	if hidden != 0 {
		return fmt.Errorf("%d more cards hidden than are missing from the count", hidden)
	}
	if wildLoc != r.WildLocations || wildInd != r.WildIndustries {
		return fmt.Errorf("wild cards: %d locations and %d industries", wildLoc, wildInd)
	}
	if int(s.CoalMarket) > len(e.CoalMarket.Prices) || int(s.IronMarket) > len(e.IronMarket.Prices) {
		return fmt.Errorf("markets overfull: coal %d, iron %d", s.CoalMarket, s.IronMarket)
	}
	if err := s.checkDistant(); err != nil {
		return err
	}
	for m := range e.MerchantSpaces {
		slot := s.Merchants[m]
		if slot.Beer > 1 || slot.Beer == 1 && (slot.Tile == 0 || len(e.MerchantTiles[slot.Tile-1].Buys) == 0) {
			return fmt.Errorf("merchant %s beer %d beside tile %d", e.MerchantSpaces[m].ID, slot.Beer, slot.Tile)
		}
	}
	return nil
}

// checkDistant: the Distant Market holds exactly its tiles for this player count, the stack
// is no larger than that, and the demand marker is on the track.
func (s *State) checkDistant() error {
	e := s.ed
	n := int(s.NumPlayers)
	var count [maxDistant]int
	total := 0
	for k, t := range e.DistantTiles {
		total += t.Count[n]
		count[k] = t.Count[n]
	}
	if int(s.DistantLen) != total || s.DistantLeft > s.DistantLen {
		return fmt.Errorf("Distant Market: %d tiles of %d, %d face down", s.DistantLen, total, s.DistantLeft)
	}
	for i := 0; i < int(s.DistantLen); i++ {
		k := int(s.Distant[i])
		if s.Dealt && k == int(HiddenCard) && i < int(s.DistantLeft) {
			continue // face down and not shown: checked by the known ones' counts
		}
		if k >= len(e.DistantTiles) || count[k] == 0 {
			return fmt.Errorf("Distant Market tile %d out of place", k)
		}
		count[k]--
	}
	if int(s.Demand) > len(e.DemandBonus) {
		return fmt.Errorf("cotton demand marker on space %d", s.Demand)
	}
	return nil
}
