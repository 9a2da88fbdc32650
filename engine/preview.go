package engine

// Previews: what a move would do, told before it is made. A preview is shown before the
// player confirms and may be taken back with no move made, so it must not reveal anything
// the player cannot see: not the deck's order, not another player's hand, not a face-down
// discard, not the order of the Distant Market stack. Otherwise choosing a sale to the
// Distant Market would show the tile it draws, and Back would let the player sell elsewhere.
//
// So a move is previewed on a stand-in for the game, built from the mover's View alone,
// whose hidden cards and tiles are filled in a fixed order from those the mover cannot
// account for: what the preview says depends on nothing the mover cannot see. Where the
// outcome turns on a hidden tile, the preview gives every outcome a tile still face down
// could bring, and how many tiles would bring it.

// Outcome is one way a previewed move can turn out.
type Outcome struct {
	// Draw is the kind of Distant Market tile this outcome supposes turned over, nil when
	// the move turns over none; Tiles is how many of the face-down tiles are of that kind.
	Draw  *DistantTile
	Tiles int
	// Entries is the log the move would write. After is the state after it as the mover
	// would see it (hidden parts hidden as in View), except that the cards the move would
	// draw are not known, so they are left out of the mover's hand (HandLen counts them).
	Entries []LogEntry
	After   State
}

// Preview applies a move to a stand-in for the game and tells what it would do, so a UI
// can show a move's cost and effects before it is confirmed, without revealing anything
// hidden. A sale to the Distant Market has one Outcome per kind of tile still face down, in
// the order of Edition.DistantTiles; any other move has one. A refused move returns the
// error Apply would.
func (g *Game) Preview(m Move) ([]Outcome, error) {
	a, err := g.state.ed.Decode(m)
	if err != nil {
		return nil, err
	}
	p := g.state.Actor()
	base := g.state.standIn(p)
	if !a.drawsDistant() || base.DistantLeft == 0 {
		o, err := base.outcome(a, p)
		if err != nil {
			return nil, err
		}
		return []Outcome{o}, nil
	}
	var out []Outcome
	for k, n := range base.faceDownDistant() {
		if n == 0 {
			continue
		}
		t := base
		t.distantOnTop(k)
		o, err := t.outcome(a, p)
		if err != nil {
			return nil, err
		}
		o.Draw, o.Tiles = &g.state.ed.DistantTiles[k], n
		out = append(out, o)
	}
	return out, nil
}

// standIn is the game as seat p can know it: p's View with every hidden card and tile
// filled in, in a fixed order, from those p cannot account for, and a fixed random source.
// Whatever is computed from it depends only on what p can see.
func (s *State) standIn(p int) State {
	v := s.View(p)
	v.fillHiddenCards(p)
	v.ResampleDistant(0)
	return v
}

// outcome applies the action to a copy of s (a stand-in) and returns its log and the state
// after, as seat p sees it.
func (s State) outcome(a Action, p int) (Outcome, error) {
	before := s
	var entries []LogEntry
	if err := s.applyLogged(&a, &entries); err != nil {
		return Outcome{}, err
	}
	return Outcome{Entries: entries, After: s.seenAfter(&before, p)}, nil
}

// seenAfter is s, the stand-in after a move made in before, as seat p sees it: its View,
// less the stand-in's cards that the move drew into p's hand, which are not the real ones.
func (s *State) seenAfter(before *State, p int) State {
	v := s.View(p)
	if p < 0 {
		return v
	}
	hand := &v.Players[p].Hand
	if s.Era != before.Era {
		// The end of the Canal Era dealt new hands from a reshuffled deck: none is known.
		*hand = [maxCardKinds]uint8{}
		return v
	}
	// drawCard takes the deck's last card: the ones drawn lie past the deck's new end.
	for i := int(s.DeckLen); i < int(before.DeckLen); i++ {
		if k := before.Deck[i]; int(k) < len(hand) && hand[k] > 0 {
			hand[k]--
		}
	}
	return v
}

// fillHiddenCards fills what a View hides of the cards (the other hands, the face-down
// discards, the deck; and in a dealt game the seat's own cards not shown yet) with the
// cards seat cannot account for, in card order: wild cards (which only hands hold) first
// into the hands, then the rest. An inconsistent view gets the first card kind where it
// runs short, so every entry stays a valid card.
func (v *State) fillHiddenCards(seat int) {
	n := int(v.NumPlayers)
	cards := v.ed.Cards
	left := v.cardsUnseen()
	next := func() uint8 {
		for pass := 0; pass < 2; pass++ {
			for k := range cards {
				wild := cards[k].Type == WildLocationCard || cards[k].Type == WildIndustryCard
				if wild == (pass == 0) && left[k] > 0 {
					left[k]--
					return uint8(k)
				}
			}
		}
		return 0
	}
	for p := 0; p < n; p++ {
		if p == seat {
			continue
		}
		for u := v.unknownCards(p); u > 0; u-- {
			v.Players[p].Hand[next()]++
		}
	}
	if seat >= 0 {
		for u := v.unknownCards(seat); u > 0; u-- {
			v.Players[seat].Hand[next()]++
		}
	}
	for p := 0; p < n; p++ {
		pl := &v.Players[p]
		for i := range pl.Discard[:pl.DiscardLen] {
			if pl.Discard[i] == HiddenCard {
				pl.Discard[i] = next()
			}
		}
	}
	for i := range v.Deck[:v.DeckLen] {
		if v.Deck[i] == HiddenCard {
			v.Deck[i] = next()
		}
	}
}
