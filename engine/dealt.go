package engine

// A dealt game (Config.Dealt) is one device's copy of a game whose hidden cards are dealt by
// the players' devices together (mental poker, app/deal) rather than from the seed: it holds
// only what that device was shown. The engine still shuffles at its dealing points (the
// setup, the Canal→Rail reshuffle, the Distant Market stacks) so that the seed's public
// draws (merchant tiles, turn order) are those of the same game dealt from the seed, but it
// then hides what it shuffled: the deck and the Distant Market stack hold HiddenCard, and a
// card drawn from the deck adds to its hand's unknown cards (HandLen counts them; Hand
// holds the known ones). What the deal opens for this device comes in through Game.Reveal:
// a card dealt to this device's seat, and a Distant Market tile as it is turned over. A
// card played from a hand's unknown cards is taken as the card the move names: the rules
// check everything else, and the deal checks that it is the card that was dealt.
//
// Deal positions: the deck of an era is the deck the engine shuffled, Deck[:n] at the
// shuffle, and a Draw names its index there (0 at the bottom; cards are drawn from the
// top, so the first card drawn is position n−1). The Distant Market stack of an era is
// Distant[:DistantLen] at its shuffle, turned over from the top likewise. A deal keeps one
// deck of positions per era and stack.

// Draw is one card a dealt game dealt from its deck: position Position of the era's deck
// went to Seat's hand, or face down to Seat's discard pile (Birmingham's setup).
type Draw struct {
	Move     int // the index of the move that drew it; −1 for the setup
	Era      Era
	Position int
	Seat     int
	FaceDown bool
	Shown    bool // the deal showed this game the card (Reveal)
}

// Reveal is a hidden card or tile of a dealt game that the deal showed this device: the
// card at Position of the era's deck, dealt to a hand (Card, by id), or the Distant Market
// tile at Position of the era's stack (Tile, by id), turned over by the sale about to be
// made. Move is how many moves had been applied when it was shown; a dealt game's record
// keeps its reveals so that replaying it gives the same game.
type Reveal struct {
	Move     int    `json:"move"`
	Era      Era    `json:"era"`
	Position int    `json:"position"`
	Card     string `json:"card,omitempty"`
	Tile     string `json:"tile,omitempty"`
}

// hideDealt hides, in a dealt game, what was just shuffled: the deck and the face-down
// Distant Market stack.
func (s *State) hideDealt() {
	if !s.Dealt {
		return
	}
	for i := range s.Deck[:s.DeckLen] {
		s.Deck[i] = HiddenCard
	}
	for i := range s.Distant[:s.DistantLeft] {
		s.Distant[i] = HiddenCard
	}
}

// noteDraw notes, for a dealt Game, the card just drawn from the top of the deck. Its era
// is set by Game.Apply: the era after the move (see there).
func (s *State) noteDraw(p int, faceDown bool) {
	if s.draws != nil {
		*s.draws = append(*s.draws, Draw{Move: int(s.Moves) - 1, Position: int(s.DeckLen), Seat: p, FaceDown: faceDown})
	}
}

// unknownCards is how many of p's cards this state does not know (a dealt game's).
func (s *State) unknownCards(p int) int {
	pl := &s.Players[p]
	known := 0
	for _, n := range pl.Hand[:len(s.ed.Cards)] {
		known += int(n)
	}
	return int(pl.HandLen) - known
}

// cardsUnseen counts, by kind, the cards no hand, discard pile or deck entry of this state
// shows: those its hidden entries and unknown hand cards hold between them. For wild cards
// it is those neither in their piles nor in a known hand.
func (s *State) cardsUnseen() [maxCardKinds]int {
	n := int(s.NumPlayers)
	var left [maxCardKinds]int
	for k, c := range s.ed.Cards {
		switch c.Type {
		case WildLocationCard:
			left[k] = s.ed.Rules.WildLocations - int(s.WildLocations)
		case WildIndustryCard:
			left[k] = s.ed.Rules.WildIndustries - int(s.WildIndustries)
		default:
			left[k] = c.Count[n]
		}
	}
	seen := func(k uint8) {
		if int(k) < len(s.ed.Cards) {
			left[k]--
		}
	}
	for p := 0; p < n; p++ {
		pl := &s.Players[p]
		for k := range s.ed.Cards {
			left[k] -= int(pl.Hand[k])
		}
		for _, k := range pl.Discard[:pl.DiscardLen] {
			seen(k)
		}
	}
	for _, k := range s.Deck[:s.DeckLen] {
		seen(k)
	}
	return left
}

// mayBeUnknown reports whether, in a dealt game, need cards of kind k can be among p's
// unknown cards, total cards of the move coming from them: the hand has that many unknown
// cards, k is not a wild card (those are taken face up) and that many of k are unseen.
func (s *State) mayBeUnknown(p int, k CardKind, need, total int) bool {
	if !s.Dealt {
		return false
	}
	if t := s.ed.Cards[k].Type; t == WildLocationCard || t == WildIndustryCard {
		return false
	}
	return s.unknownCards(p) >= total && s.cardsUnseen()[k] >= need
}

// Draws lists, in a dealt game, every card dealt from the deck so far, in order: the deal
// opens each for its seat's device (never for the others, and a face-down one for nobody
// before the audit).
func (g *Game) Draws() []Draw { return g.draws }

// Reveals lists what the deal has shown this dealt game so far, in order.
func (g *Game) Reveals() []Reveal { return g.reveals }

// NeedsReveal reports, in a dealt game, whether the move turns over a Distant Market tile
// that this game has not been shown: the players' devices must turn it over (Reveal with
// the Position returned) before Apply takes the move. Only a move legal in every other way
// needs it, so no tile is turned over for a move that would be refused.
func (g *Game) NeedsReveal(m Move) (Reveal, bool) {
	s := &g.state
	if !s.Dealt || s.DistantLeft == 0 || s.Distant[s.DistantLeft-1] != HiddenCard {
		return Reveal{}, false
	}
	a, err := s.ed.Decode(m)
	if err != nil || !a.drawsDistant() || g.Check(m) != nil {
		return Reveal{}, false
	}
	return Reveal{Move: len(g.moves), Era: s.Era, Position: int(s.DistantLeft) - 1}, true
}

// Reveal tells a dealt game a hidden card or tile the deal has opened for this device: a
// card dealt to a hand, or the Distant Market tile a sale is about to turn over. It checks
// that the position was dealt that way in the current era and is not known yet, and that
// the card or tile is one this game has not seen all of; a bad reveal changes nothing.
// r.Move is set to the moves applied now.
func (g *Game) Reveal(r Reveal) error {
	s := &g.state
	if !s.Dealt {
		return errorf(ErrNotAvailable, "Only a game dealt by the players' devices is shown its cards one by one.")
	}
	if r.Era != s.Era {
		return errorf(ErrStale, "The card shown is from the %s, but the game is in the %s.", r.Era, s.Era)
	}
	switch {
	case r.Card != "" && r.Tile == "":
		k, ok := s.ed.CardByID(r.Card)
		if !ok {
			return errorf(ErrMalformed, "There is no card %q in %s.", r.Card, s.ed.Name)
		}
		if err := g.showCard(r.Position, k); err != nil {
			return err
		}
	case r.Tile != "" && r.Card == "":
		k := s.ed.DistantTileByID(r.Tile)
		if k < 0 {
			return errorf(ErrMalformed, "There is no Distant Market tile %q in %s.", r.Tile, s.ed.Name)
		}
		if err := s.showDistant(r.Position, k); err != nil {
			return err
		}
	default:
		return errorf(ErrMalformed, "A card shown names either a card or a Distant Market tile.")
	}
	r.Move = len(g.moves)
	g.reveals = append(g.reveals, r)
	return nil
}

// showCard adds card k, dealt at position pos of the era's deck, to the known cards of the
// hand it went to.
func (g *Game) showCard(pos int, k CardKind) error {
	s := &g.state
	d := -1
	for i := len(g.draws) - 1; i >= 0 && g.draws[i].Era == s.Era; i-- {
		if g.draws[i].Position == pos {
			d = i
			break
		}
	}
	switch {
	case d < 0 || g.draws[d].FaceDown:
		return errorf(ErrMalformed, "No card was dealt to a hand from position %d of the deck this era.", pos)
	case g.draws[d].Shown:
		return errorf(ErrMalformed, "The card at position %d of the deck was shown already.", pos)
	}
	p := g.draws[d].Seat
	if t := s.ed.Cards[k].Type; t == WildLocationCard || t == WildIndustryCard {
		return errorf(ErrMalformed, "A wild card is never dealt from the deck.")
	}
	if s.unknownCards(p) == 0 {
		return errorf(ErrMalformed, "%s holds no unknown card for the card at position %d to be.", s.name(p), pos)
	}
	if s.cardsUnseen()[k] == 0 {
		return errorf(ErrMalformed, "Every %s card is accounted for: position %d cannot hold another.", s.ed.Cards[k].ID, pos)
	}
	g.draws[d].Shown = true
	s.Players[p].Hand[k]++
	return nil
}

// showDistant puts Distant Market tile k at position pos of the stack, which must be its
// hidden top.
func (s *State) showDistant(pos int, k int) error {
	if s.DistantLeft == 0 || pos != int(s.DistantLeft)-1 || s.Distant[pos] != HiddenCard {
		return errorf(ErrMalformed, "Only the hidden top of the Distant Market stack (position %d) is turned over, not position %d.", int(s.DistantLeft)-1, pos)
	}
	if s.distantUnseen(k) <= 0 {
		return errorf(ErrMalformed, "Every Distant Market tile %s is accounted for.", s.ed.DistantTiles[k].ID)
	}
	s.Distant[pos] = uint8(k)
	return nil
}

// DistantTileByID is the index of the Distant Market tile with that id, −1 for none.
func (e *Edition) DistantTileByID(id string) int {
	for k, t := range e.DistantTiles {
		if t.ID == id {
			return k
		}
	}
	return -1
}

// applyDealt applies a move to a dealt game, noting the cards it deals. A move draws either
// from the era's deck before the era ends or, at the end of the Canal Era, from the new
// deck only (the old one is empty by then: the era ends once every card is played), so
// every card it draws belongs to the era the game is in after it.
func (g *Game) applyDealt(a *Action) error {
	n := len(g.draws)
	g.state.draws = &g.draws
	err := g.state.applyLogged(a, &g.log)
	g.state.draws = nil
	if err != nil {
		g.draws = g.draws[:n]
		return err
	}
	for i := n; i < len(g.draws); i++ {
		g.draws[i].Era = g.state.Era
	}
	return nil
}

// firstUnseenDistant is the first Distant Market tile (in the edition's order) of which a
// copy is still unseen: a stand-in for a hidden tile where the tile cannot matter.
func (s *State) firstUnseenDistant() int {
	for k := range s.ed.DistantTiles {
		if s.distantUnseen(k) > 0 {
			return k
		}
	}
	return 0
}

// distantUnseen counts the copies of Distant Market tile k that the era's tiles do not show.
func (s *State) distantUnseen(k int) int {
	left := s.ed.DistantTiles[k].Count[s.NumPlayers]
	for _, x := range s.Distant[:s.DistantLen] {
		if int(x) == k {
			left--
		}
	}
	return left
}

// Held counts what a state holds of the cards and tiles a seat may not see. A dealt game's
// device holds none of them (a check for tests and debugging); a game dealt from its seed
// holds them all.
type Held struct {
	OtherHands int  // cards of the other hands (wild cards, taken face up, aside)
	Deck       int  // cards of the deck
	FaceDown   int  // face-down discards
	Distant    int  // Distant Market tiles still face down, but the top
	Top        bool // the top of the Distant Market stack, turned over for a sale about to be made
}

// Held counts what s holds that seat may not see.
func (s *State) Held(seat int) Held {
	var h Held
	for p := range int(s.NumPlayers) {
		pl := &s.Players[p]
		for k, n := range pl.Hand[:len(s.ed.Cards)] {
			if t := s.ed.Cards[k].Type; p != seat && t != WildLocationCard && t != WildIndustryCard {
				h.OtherHands += int(n)
			}
		}
		for _, c := range pl.Discard[:pl.FaceDown] {
			if c != HiddenCard {
				h.FaceDown++
			}
		}
	}
	for _, c := range s.Deck[:s.DeckLen] {
		if c != HiddenCard {
			h.Deck++
		}
	}
	for i, c := range s.Distant[:s.DistantLeft] {
		switch {
		case c == HiddenCard:
		case i == int(s.DistantLeft)-1:
			h.Top = true
		default:
			h.Distant++
		}
	}
	return h
}
