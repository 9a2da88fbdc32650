// Package enginetest builds named game positions directly, for rule tests and scenarios:
// set the era, round and player to act, place tiles and links, set money, income, VP, hands
// and markets, then Build checks that the position is consistent.
//
//	s := enginetest.New(t, 3).Era(engine.Rail).Turn(0).
//		Tile("dudley_1", 1, engine.Coal, 2, 3).
//		Link("dudley-birmingham", 0).
//		Hand(0, "birmingham", "coal_mine").
//		Build()
package enginetest

import (
	"testing"

	"brass/engine"
)

// Builder edits a fresh game state into a named position. Players are 0-based.
type Builder struct {
	t testing.TB
	s *engine.State
}

// New starts from a fresh game for n players (seed 1): the deck shuffled, hands dealt,
// merchants placed. Turn order is 0, 1, … n−1 and player 0 is to act.
func New(t testing.TB, n int) *Builder {
	t.Helper()
	return NewGame(t, engine.Config{Edition: "birmingham", Players: n, Seed: 1})
}

// NewGame is New for any config (Lancashire: Config{Edition: "lancashire", Rules: …}).
func NewGame(t testing.TB, cfg engine.Config) *Builder {
	t.Helper()
	n := cfg.Players
	s, err := engine.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		s.Order[i] = uint8(i)
	}
	return &Builder{t: t, s: s}
}

// State gives direct access for anything the builder does not cover.
func (b *Builder) State() *engine.State { return b.s }

func (b *Builder) ed() *engine.Edition { return b.s.Edition() }

// Era sets the era; a Rail position starts in round 2 so every turn has 2 actions.
func (b *Builder) Era(e engine.Era) *Builder {
	b.s.Era = e
	if b.s.Round < 2 {
		b.s.Round = 2
	}
	return b
}

// Introductory makes the game the rulebook's introductory game (the Canal Era only, with
// extra scoring at its end), as Config.Introductory does.
func (b *Builder) Introductory() *Builder { b.s.Introductory = true; return b }

// Round sets the round number (round 1 of the Canal Era has one action per turn).
func (b *Builder) Round(r int) *Builder { b.s.Round = uint8(r); return b }

// Turn makes player p the one to act, first in turn order unless Order is set.
func (b *Builder) Turn(p int) *Builder {
	n := int(b.s.NumPlayers)
	for i := 0; i < n; i++ {
		if int(b.s.Order[i]) == p {
			b.s.TurnPos = uint8(i)
		}
	}
	b.s.ActionsDone = 0
	b.s.Phase = engine.PhaseAction
	return b
}

// Order sets the turn order (a permutation of the players); the first is to act.
func (b *Builder) Order(players ...int) *Builder {
	for i, p := range players {
		b.s.Order[i] = uint8(p)
	}
	b.s.TurnPos = 0
	return b
}

// TurnPos sets which position in turn order is acting (later players then follow in order).
func (b *Builder) TurnPos(i int) *Builder { b.s.TurnPos = uint8(i); return b }

// ActionsDone sets how many actions the current player has taken this turn.
func (b *Builder) ActionsDone(n int) *Builder { b.s.ActionsDone = uint8(n); return b }

func (b *Builder) specIndex(ind engine.Industry, level int) int {
	mat := b.ed().Mats[ind]
	for i, sp := range mat {
		if sp.Level == level {
			return i
		}
	}
	b.t.Fatalf("enginetest: no %s level %d", ind.Name(), level)
	return 0
}

// Tile places an unflipped tile of player p on a build space with the given cubes (coal,
// iron or beer). The player's mat is advanced past that tile if needed.
func (b *Builder) Tile(space string, p int, ind engine.Industry, level int, cubes int) *Builder {
	return b.tile(space, p, ind, level, false, cubes)
}

// Flipped places a flipped tile of player p.
func (b *Builder) Flipped(space string, p int, ind engine.Industry, level int) *Builder {
	return b.tile(space, p, ind, level, true, 0)
}

func (b *Builder) tile(space string, p int, ind engine.Industry, level int, flipped bool, cubes int) *Builder {
	b.t.Helper()
	sp, ok := b.ed().SpaceByID(space)
	if !ok {
		b.t.Fatalf("enginetest: unknown space %q", space)
	}
	i := b.specIndex(ind, level)
	b.s.Tiles[sp] = engine.Tile{Owner: uint8(p + 1), Industry: ind, Spec: uint8(i), Flipped: flipped, Cubes: uint8(cubes)}
	if int(b.s.Players[p].MatUsed[ind]) <= i {
		b.s.Players[p].MatUsed[ind] = uint8(i + 1)
	}
	return b
}

// Mat sets how many tiles of an industry player p has taken off their mat, so the next
// tile is the (used+1)th; MatLevel is the friendlier form.
func (b *Builder) Mat(p int, ind engine.Industry, used int) *Builder {
	b.s.Players[p].MatUsed[ind] = uint8(used)
	return b
}

// MatLevel makes the lowest tile left on p's mat of that industry the first one of level.
func (b *Builder) MatLevel(p int, ind engine.Industry, level int) *Builder {
	return b.Mat(p, ind, b.specIndex(ind, level))
}

// Link places a link of player p (the era decides canal or rail).
func (b *Builder) Link(id string, p int) *Builder {
	b.t.Helper()
	l, ok := b.ed().LinkByID(id)
	if !ok {
		b.t.Fatalf("enginetest: unknown link %q", id)
	}
	if b.s.Links[l] == 0 {
		b.s.Players[p].LinksLeft--
	} else {
		b.s.Players[b.s.Links[l]-1].LinksLeft++
		b.s.Players[p].LinksLeft--
	}
	b.s.Links[l] = uint8(p + 1)
	return b
}

// Money sets p's money, keeping the money ledger balanced.
func (b *Builder) Money(p int, m int) *Builder {
	pl := &b.s.Players[p]
	pl.Received += int32(m) - pl.Money
	pl.Money = int32(m)
	return b
}

// Income puts p's income marker on the highest space of an income level.
func (b *Builder) Income(p int, level int) *Builder {
	b.s.Players[p].IncomeSpace = uint8(engine.HighestSpace(level))
	return b
}

// IncomeSpace puts p's income marker on a track space.
func (b *Builder) IncomeSpace(p int, space int) *Builder {
	b.s.Players[p].IncomeSpace = uint8(space)
	return b
}

// VP sets p's victory points.
func (b *Builder) VP(p int, vp int) *Builder { b.s.Players[p].VP = int32(vp); return b }

// Spent sets the money p has spent this round.
func (b *Builder) Spent(p int, m int) *Builder { b.s.Players[p].Spent = int32(m); return b }

// Hand gives p exactly these cards (ids), taken from the deck (or the wild piles); p's old
// hand goes back to the deck.
func (b *Builder) Hand(p int, cards ...string) *Builder {
	b.t.Helper()
	s := b.s
	pl := &s.Players[p]
	for k, n := range pl.Hand {
		for i := 0; i < int(n); i++ {
			b.putBack(engine.CardKind(k))
		}
		pl.Hand[k] = 0
	}
	pl.HandLen = 0
	for _, id := range cards {
		k, ok := b.ed().CardByID(id)
		if !ok {
			b.t.Fatalf("enginetest: unknown card %q", id)
		}
		b.take(k, p)
		pl.Hand[k]++
		pl.HandLen++
	}
	return b
}

func (b *Builder) putBack(k engine.CardKind) {
	s := b.s
	switch b.ed().Cards[k].Type {
	case engine.WildLocationCard:
		s.WildLocations++
	case engine.WildIndustryCard:
		s.WildIndustries++
	default:
		s.Deck[s.DeckLen] = uint8(k)
		s.DeckLen++
	}
}

// take removes a card from the deck, or else from another player's hand or a discard pile
// (never from the hand of player p, who is being dealt it).
func (b *Builder) take(k engine.CardKind, p int) {
	b.t.Helper()
	s := b.s
	switch b.ed().Cards[k].Type {
	case engine.WildLocationCard:
		s.WildLocations--
		return
	case engine.WildIndustryCard:
		s.WildIndustries--
		return
	}
	for i := 0; i < int(s.DeckLen); i++ {
		if s.Deck[i] == uint8(k) {
			copy(s.Deck[i:], s.Deck[i+1:s.DeckLen])
			s.DeckLen--
			return
		}
	}
	// not in the deck: take it from another player's hand or a discard pile
	for q := 0; q < int(s.NumPlayers); q++ {
		pl := &s.Players[q]
		if q != p && pl.Hand[k] > 0 {
			pl.Hand[k]--
			pl.HandLen--
			return
		}
		for i := 0; i < int(pl.DiscardLen); i++ {
			if pl.Discard[i] == uint8(k) {
				copy(pl.Discard[i:], pl.Discard[i+1:pl.DiscardLen])
				pl.DiscardLen--
				if i < int(pl.FaceDown) {
					pl.FaceDown--
				}
				return
			}
		}
	}
	b.t.Fatalf("enginetest: no %s card left to deal", b.ed().Cards[k].ID)
}

// EmptyDeck moves the whole draw deck into player p's discard pile, so no card is drawn
// (the late rounds of an era).
func (b *Builder) EmptyDeck(p int) *Builder {
	s := b.s
	pl := &s.Players[p]
	for s.DeckLen > 0 {
		s.DeckLen--
		pl.Discard[pl.DiscardLen] = s.Deck[s.DeckLen]
		pl.DiscardLen++
	}
	return b
}

// CoalMarket sets the number of cubes in the coal market; IronMarket likewise.
func (b *Builder) CoalMarket(n int) *Builder { b.s.CoalMarket = uint8(n); return b }

// IronMarket sets the number of cubes in the iron market.
func (b *Builder) IronMarket(n int) *Builder { b.s.IronMarket = uint8(n); return b }

// Merchant puts a merchant tile kind ("all", "cotton_mill", "manufacturer", "pottery",
// "blank", or "" for none) on a merchant space, with or without its beer.
func (b *Builder) Merchant(space string, tile string, beer bool) *Builder {
	b.t.Helper()
	m, ok := b.ed().MerchantSpaceByID(space)
	if !ok {
		b.t.Fatalf("enginetest: unknown merchant space %q", space)
	}
	slot := engine.MerchantSlot{}
	if tile != "" {
		for i, mt := range b.ed().MerchantTiles {
			if mt.ID == tile {
				slot.Tile = uint8(i + 1)
			}
		}
		if slot.Tile == 0 {
			b.t.Fatalf("enginetest: unknown merchant tile %q", tile)
		}
	}
	if beer {
		slot.Beer = 1
	}
	b.s.Merchants[m] = slot
	return b
}

// NoMerchantBeer empties every merchant beer space.
func (b *Builder) NoMerchantBeer() *Builder {
	for m := range b.ed().MerchantSpaces {
		b.s.Merchants[m].Beer = 0
	}
	return b
}

// Build checks the position's consistency and returns it.
func (b *Builder) Build() *engine.State {
	b.t.Helper()
	if err := b.s.CheckInvariants(); err != nil {
		b.t.Fatalf("enginetest: inconsistent position: %v", err)
	}
	return b.s
}

// Game wraps the built position in a Game so moves can be applied by their JSON form.
func (b *Builder) Game() *engine.Game {
	b.t.Helper()
	return engine.GameFromState(b.Build())
}

// Distant sets the Distant Market's face-down stack to tiles of these drops, top last, and
// the cotton demand marker's space (0 for the top).
func (b *Builder) Distant(demand int, drops ...int) *Builder {
	b.t.Helper()
	s, ed := b.s, b.ed()
	var left []uint8
	for _, d := range drops {
		found := false
		for k, t := range ed.DistantTiles {
			if t.Drop == d {
				left = append(left, uint8(k))
				found = true
				break
			}
		}
		if !found {
			b.t.Fatalf("enginetest: no Distant Market tile of drop %d", d)
		}
	}
	// the other tiles of the era count as revealed, after the stack
	var rest []uint8
	used := make([]int, len(ed.DistantTiles))
	for _, k := range left {
		used[k]++
	}
	for k, t := range ed.DistantTiles {
		for i := used[k]; i < t.Count[s.NumPlayers]; i++ {
			rest = append(rest, uint8(k))
		}
	}
	copy(s.Distant[:], append(left, rest...))
	s.DistantLeft = uint8(len(left))
	s.Demand = uint8(demand)
	return b
}
