package engine

// Config is everything needed to set up a game: with the list of moves it reproduces the game.
type Config struct {
	Edition string   `json:"edition"`
	Players int      `json:"players"`
	Seed    uint64   `json:"seed"`
	Names   []string `json:"names,omitempty"`
	// Introductory plays the rulebook's "Introductory Game": the Canal Era only, then extra
	// scoring for money, income level and level 2+ tiles (see scoreIntroductory).
	Introductory bool `json:"introductory,omitempty"`
	// Rules picks the edition's rule set: "" for its default rules; Lancashire also has
	// "original" (the Warfrog rules; the default is the Roxley edition's).
	Rules string `json:"rules,omitempty"`
	// Dealt: the hidden cards and tiles are dealt by the players' devices (mental poker,
	// app/deal), not from the seed, so this game holds only what its device was shown: the
	// deck, the other hands, the face-down discards and the Distant Market stack start
	// unknown (HiddenCard), and Game.Reveal fills in what the deal opens for this device.
	// The seed still decides what is public: the merchant tiles and the first turn order.
	Dealt bool `json:"dealt,omitempty"`
}

// Phase says what kind of decision the game is waiting for.
type Phase uint8

// Phases.
const (
	// PhaseAction: the player to act chooses an action for their turn.
	PhaseAction Phase = iota
	// PhaseSelling: the player is in the middle of a Sell action and may sell another tile or stop.
	PhaseSelling
	// PhaseShortfall: at the end of a round the player cannot pay negative income and must
	// remove industry tiles from the board to cover the shortfall.
	PhaseShortfall
	// PhaseOver: the game has ended.
	PhaseOver
)

// Tile is an industry tile on a build space.
type Tile struct {
	Owner    uint8 // 0: empty space; otherwise the owning player + 1
	Industry Industry
	Spec     uint8 // index into Edition.Mats[Industry]
	Flipped  bool
	Cubes    uint8 // coal, iron or beer on the tile
}

// Player is one player's area: money, markers, hand, discard pile and mat.
type Player struct {
	Money       int32
	IncomeSpace uint8
	VP          int32
	Spent       int32 // money spent this round, on the character tile
	Hand        [maxCardKinds]uint8
	HandLen     uint8
	Discard     [maxDiscard]uint8
	DiscardLen  uint8
	FaceDown    uint8 // the bottom FaceDown cards of the discard pile are face down
	MatUsed     [numIndustries]uint8
	LinksLeft   uint8
	// Received and Paid add up every £ the player took from and gave to the bank, so the
	// invariant Money == start + Received − Paid checks that money is never created.
	Received, Paid int32
}

// MerchantSlot is the merchant tile on a merchant space and the beer beside it.
type MerchantSlot struct {
	Tile uint8 // 0: no tile; otherwise index into Edition.MerchantTiles + 1
	Beer uint8
}

// RoundReport records what the end of the last round did, for summaries. It is derived
// history, not rules state, so it is left out of the canonical encoding and the hash.
type RoundReport struct {
	Spent      [MaxPlayers]int32 // money spent during the round (before it went to the bank)
	IncomePaid bool              // income was settled (not after the last round of the game)
	Income     [MaxPlayers]int32 // income taken (+) or paid (−)
	Removed    [MaxPlayers]int32 // money raised by removing tiles to pay a shortfall
	VPLost     [MaxPlayers]int32 // VP lost for a shortfall that could not be paid
	Scored     bool              // the era was scored after this round
	LinkVP     [MaxPlayers]int32 // VP scored for links at the end of the era
	TileVP     [MaxPlayers]int32 // VP scored for flipped tiles at the end of the era
	// The introductory game's extra scoring after the Canal Era ("Introductory Game").
	Introductory bool              // the extra scoring was done
	MoneyVP      [MaxPlayers]int32 // 1 VP per £4, at most 15
	IncomeVP     [MaxPlayers]int32 // the income level (VP lost when negative)
	TileVPAgain  [MaxPlayers]int32 // flipped level 2+ tiles scored a second time
	// FinalMoneyVP is the VP for money at the end of the game (Lancashire: 1 per £10).
	FinalMoneyVP [MaxPlayers]int32
	// IncomeAfterScoring: the income was the Rail Era's first step, paid after the Canal Era's
	// scoring (Rules.IncomeStartsRound), not before it.
	IncomeAfterScoring bool
}

// State is the whole game state. It is a plain value: copying it copies the game.
type State struct {
	ed         *Edition
	rng        rng
	names      []string    // from the config; not part of the encoding
	log        *[]LogEntry // where entries go while applying; nil: no log
	draws      *[]Draw     // where a dealt Game notes the cards dealt while applying; nil: nowhere
	NumPlayers uint8
	// Introductory: the game ends after the Canal Era with the introductory scoring. It is
	// in the canonical encoding only when set, so a normal game encodes as before.
	Introductory bool
	// Dealt: the cards are dealt by the players' devices (Config.Dealt), so every card and
	// tile shuffled is HiddenCard here until Game.Reveal shows it. In the encoding only when set.
	Dealt       bool
	Era         Era
	Round       uint8
	TurnPos     uint8 // index into Order of the player taking their turn
	ActionsDone uint8
	Phase       Phase
	// ShortfallPos is, during end-of-round income, the index into Order of the next player to be paid.
	ShortfallPos uint8
	Order        [MaxPlayers]uint8
	Players      [MaxPlayers]Player
	Tiles        [maxSpaces]Tile
	Links        [maxLinks]uint8 // 0: unbuilt; otherwise owner + 1
	CoalMarket   uint8
	IronMarket   uint8
	Merchants    [maxMerchantSpaces]MerchantSlot
	Deck         [maxDeck]uint8
	DeckLen      uint8
	// DeckFloor is how many cards at the bottom of the deck are set aside for the era,
	// unseen and unplayed (Rules.SetAside): cards are drawn only while DeckLen > DeckFloor.
	DeckFloor                     uint8
	WildLocations, WildIndustries uint8
	// The Distant Market (Lancashire): Distant[:DistantLen] are the era's tiles, as indexes
	// into Edition.DistantTiles; the first DistantLeft are the face-down stack (its top is
	// the last of them, and its order is hidden by View), the rest were revealed, in order.
	// Demand is the cotton demand marker's space, 0 for the top; len(Edition.DemandBonus)
	// is "X": no more Distant Market sales this era.
	Distant                 [maxDistant]uint8
	DistantLen, DistantLeft uint8
	Demand                  uint8
	// Moves counts the moves applied; Revealed is Moves when hidden cards were last drawn.
	Moves, Revealed uint32
	// Report describes the end of the last round.
	Report RoundReport
}

// Edition returns the game's static data.
func (s *State) Edition() *Edition { return s.ed }

// Actor is the player who must decide now, or −1 once the game is over.
func (s *State) Actor() int {
	switch {
	case s.Phase == PhaseOver:
		return -1
	case s.Phase == PhaseShortfall:
		return int(s.Order[s.ShortfallPos])
	}
	return int(s.Order[s.TurnPos])
}

// ActionsThisTurn is how many actions the current turn has (1 in the first Canal round).
func (s *State) ActionsThisTurn() int {
	if s.Era == Canal && s.Round == 1 {
		return s.ed.Rules.FirstRoundActions
	}
	return s.ed.Rules.ActionsPerTurn
}

// IncomeLevel is the player's current income level.
func (s *State) IncomeLevel(p int) int { return IncomeLevel(int(s.Players[p].IncomeSpace)) }

// TileSpec returns the mat entry of a placed tile.
func (s *State) TileSpec(t Tile) *TileSpec { return &s.ed.Mats[t.Industry][t.Spec] }

// NextTile returns the lowest tile of an industry left on the player's mat.
func (s *State) NextTile(p int, ind Industry) (*TileSpec, bool) {
	used := int(s.Players[p].MatUsed[ind])
	mat := s.ed.Mats[ind]
	if used >= len(mat) {
		return nil, false
	}
	return &mat[used], true
}

// HandCards lists a player's hand as card kinds, sorted, with repeats.
func (s *State) HandCards(p int) []CardKind {
	var out []CardKind
	for k, n := range s.Players[p].Hand {
		for i := 0; i < int(n); i++ {
			out = append(out, CardKind(k))
		}
	}
	return out
}

func (s *State) pay(p int, amount int) {
	pl := &s.Players[p]
	pl.Money -= int32(amount)
	pl.Paid += int32(amount)
}

// spend pays money for an action; it counts towards turn order.
func (s *State) spend(p int, amount int) {
	s.pay(p, amount)
	s.Players[p].Spent += int32(amount)
}

func (s *State) receive(p int, amount int) {
	pl := &s.Players[p]
	pl.Money += int32(amount)
	pl.Received += int32(amount)
}

// advanceIncome moves the income marker forward, capped at the top of the track.
func (s *State) advanceIncome(p int, spaces int) {
	v := int(s.Players[p].IncomeSpace) + spaces
	if v > s.ed.Rules.MaxIncomeSpace {
		v = s.ed.Rules.MaxIncomeSpace
	}
	s.Players[p].IncomeSpace = uint8(v)
}

// New sets up a game from its config (rulebook "Board Setup" and "Player Area Setup").
func New(cfg Config) (*State, error) { return newState(cfg, nil) }

// newState is New, noting a dealt game's setup draws in draws.
func newState(cfg Config, draws *[]Draw) (*State, error) {
	ed, ok := EditionFor(cfg.Edition, cfg.Rules)
	if !ok {
		if _, known := EditionByID(cfg.Edition); known {
			return nil, errorf(ErrMalformed, "%s has no rule set %q", cfg.Edition, cfg.Rules)
		}
		return nil, errorf(ErrMalformed, "unknown edition %q", cfg.Edition)
	}
	r := &ed.Rules
	if cfg.Introductory && !r.Introductory {
		return nil, errorf(ErrMalformed, "%s has no introductory game", ed.Name)
	}
	if cfg.Players < r.MinPlayers || cfg.Players > r.MaxPlayers {
		return nil, errorf(ErrMalformed, "%s is for %d to %d players, not %d", ed.Name, r.MinPlayers, r.MaxPlayers, cfg.Players)
	}
	if len(cfg.Names) != 0 && len(cfg.Names) != cfg.Players {
		return nil, errorf(ErrMalformed, "%d names given for %d players", len(cfg.Names), cfg.Players)
	}
	n := cfg.Players
	s := &State{ed: ed, rng: newRNG(cfg.Seed), names: cfg.Names, NumPlayers: uint8(n), Introductory: cfg.Introductory, Dealt: cfg.Dealt, Era: Canal, Round: 1, draws: draws}
	defer func() { s.draws = nil }()
	// Setup 2 and 4: the deck holds the cards marked for this player count, shuffled.
	for k, c := range ed.Cards {
		for i := 0; i < c.Count[n]; i++ {
			s.Deck[s.DeckLen] = uint8(k)
			s.DeckLen++
		}
	}
	s.rng.shuffle(s.Deck[:s.DeckLen])
	s.hideDealt()
	// Setup 3: wild cards face up in their own piles.
	s.WildLocations, s.WildIndustries = uint8(r.WildLocations), uint8(r.WildIndustries)
	// Setup 5 and 6: merchant tiles for this player count, shuffled, one per merchant space
	// in use, with a barrel beside each non-blank tile.
	var pool []uint8
	for k, t := range ed.MerchantTiles {
		for i := 0; i < t.Count[n]; i++ {
			pool = append(pool, uint8(k))
		}
	}
	s.rng.shuffle(pool)
	next := 0
	for m, ms := range ed.MerchantSpaces {
		if ed.Locations[ms.Location].MinPlayers > n || next >= len(pool) {
			continue
		}
		k := pool[next]
		next++
		s.Merchants[m].Tile = k + 1
		if len(ed.MerchantTiles[k].Buys) > 0 {
			s.Merchants[m].Beer = 1
		}
	}
	// Setup 7 and 8: the markets.
	s.CoalMarket, s.IronMarket = uint8(ed.CoalMarket.Initial), uint8(ed.IronMarket.Initial)
	// Player area setup: £17, income space 10, VP 0, 8 cards and one face-down discard.
	for p := 0; p < n; p++ {
		pl := &s.Players[p]
		pl.Money = int32(r.StartingMoney)
		pl.IncomeSpace = uint8(r.StartingIncomeSpace)
		pl.LinksLeft = uint8(r.LinkTilesPerPlayer)
		for i := 0; i < r.HandSize; i++ {
			s.drawCard(p)
		}
	}
	for p := 0; p < n; p++ {
		for i := 0; i < r.FaceDownDiscards; i++ {
			s.DeckLen--
			pl := &s.Players[p]
			pl.Discard[pl.DiscardLen] = s.Deck[s.DeckLen]
			pl.DiscardLen++
			pl.FaceDown++
			s.noteDraw(p, true)
		}
	}
	// Lancashire: cards set aside for the Canal era; the Distant Market tiles, shuffled.
	s.DeckFloor = uint8(r.SetAside[Canal][n])
	s.setupDistant()
	// Character tiles in a random order on the turn order track.
	var order [MaxPlayers]uint8
	for p := 0; p < n; p++ {
		order[p] = uint8(p)
	}
	s.rng.shuffle(order[:n])
	s.Order = order
	return s, nil
}

// deckEmpty reports whether no card can be drawn: the deck is empty but for the cards set
// aside under it.
func (s *State) deckEmpty() bool { return s.DeckLen <= s.DeckFloor }

// drawCard moves the top card of the deck to the player's hand. A hidden card (a dealt
// game's) is counted in HandLen only: the hand's unknown cards are those HandLen counts
// beyond its known ones.
func (s *State) drawCard(p int) bool {
	if s.deckEmpty() {
		return false
	}
	s.DeckLen--
	pl := &s.Players[p]
	if k := s.Deck[s.DeckLen]; k != HiddenCard {
		pl.Hand[k]++
	}
	pl.HandLen++
	s.noteDraw(p, false)
	return true
}

// discard moves a card from the hand to the discard pile, or a wild card back to its pile.
// A card the hand does not hold among its known cards is one of its unknown ones, which the
// move has just shown to be k (cardsHeldRule allowed it).
func (s *State) discard(p int, k CardKind) {
	pl := &s.Players[p]
	if pl.Hand[k] > 0 {
		pl.Hand[k]--
	}
	pl.HandLen--
	switch s.ed.Cards[k].Type {
	case WildLocationCard:
		s.WildLocations++
	case WildIndustryCard:
		s.WildIndustries++
	default:
		pl.Discard[pl.DiscardLen] = uint8(k)
		pl.DiscardLen++
	}
}
