package view

import "brass/engine"

// The most of each thing an edition has, for the one block a Game is built in.
const (
	maxSpaces    = 64
	maxLinks     = 64
	maxMerchants = 12
	maxDrops     = 16
	handRoom     = 16 // cards per hand held in the block; a bigger hand grows its own slice
)

// block is a Game with room for everything it points at, so that building one is a single
// allocation (plus the default names of unnamed players): the screen builds one per move,
// on a phone, and its parts compare it on every render.
type block struct {
	g         Game
	spaces    [maxSpaces]Space
	links     [maxLinks]Link
	merchants [maxMerchants]Merchant
	seats     [engine.MaxPlayers]Player
	order     [engine.MaxPlayers]int
	drops     [maxDrops]int
	hands     [engine.MaxPlayers * handRoom]engine.CardKind
}

// Of reads the state into a new Game. A zero state (no game yet) gives Birmingham's empty
// board with no players.
func Of(s *engine.State) *Game {
	b := new(block)
	g := &b.g
	ed := s.Edition()
	g.Started = ed != nil
	if ed == nil {
		ed, _ = engine.EditionByID("birmingham")
	}
	g.Edition = ed
	g.Players = int(s.NumPlayers)
	if g.Players > engine.MaxPlayers {
		g.Players = engine.MaxPlayers
	}
	readTurn(g, s, b.order[:0])
	if g.Started {
		g.Coal = readMarket(&ed.CoalMarket, int(s.CoalMarket))
		g.Iron = readMarket(&ed.IronMarket, int(s.IronMarket))
		readDistant(g, s, b.drops[:0])
	} else {
		g.Coal = Market{Spaces: len(ed.CoalMarket.Prices), BuyPrice: ed.CoalMarket.EmptyPrice, EmptyCost: ed.CoalMarket.EmptyPrice}
		g.Iron = Market{Spaces: len(ed.IronMarket.Prices), BuyPrice: ed.IronMarket.EmptyPrice, EmptyCost: ed.IronMarket.EmptyPrice}
	}
	g.Spaces = readSpaces(g, s, b.spaces[:0])
	g.Links = readLinks(g, s, b.links[:0])
	g.Merchants = readMerchants(g, s, b.merchants[:0])
	if g.Turn.Over {
		g.Standings = s.Standings()
	}
	g.Seats = b.seats[:g.Players]
	for p := range g.Seats {
		readPlayer(g, s, p, b.hands[p*handRoom:p*handRoom:(p+1)*handRoom])
	}
	return g
}

func readTurn(g *Game, s *engine.State, order []int) {
	t := &g.Turn
	t.Era, t.Round, t.Phase = s.Era, int(s.Round), s.Phase
	t.Moves = int(s.Moves)
	t.Actor = -1
	t.Order = order
	if !g.Started {
		return
	}
	r := &g.Edition.Rules
	if g.Players < len(r.RoundsPerEra) {
		t.RoundsInEra = r.RoundsPerEra[g.Players]
	}
	t.Over = s.Phase == engine.PhaseOver
	if g.Players > 0 {
		t.Actor = s.Actor()
	}
	for i := 0; i < g.Players; i++ {
		t.Order = append(t.Order, int(s.Order[i]))
	}
	t.Pos = int(s.TurnPos)
	t.Actions, t.Done = s.ActionsThisTurn(), int(s.ActionsDone)
	t.Left = max(t.Actions-t.Done, 0)
	t.DeckLeft = int(s.DeckLen)
	t.WildLoc, t.WildInd = int(s.WildLocations), int(s.WildIndustries)
}

func readMarket(m *engine.Market, cubes int) Market {
	v := Market{Cubes: cubes, Spaces: len(m.Prices), BuyPrice: m.BuyPrice(cubes), EmptyCost: m.EmptyPrice}
	price, ok := m.SellPrice(cubes)
	v.SellPrice, v.Full = price, !ok
	return v
}

func readDistant(g *Game, s *engine.State, drops []int) {
	ed := g.Edition
	d := &g.Distant
	d.Present = len(ed.DemandBonus) > 0
	d.Revealed = drops
	if !d.Present {
		return
	}
	d.Tiles, d.Left, d.Demand = int(s.DistantLen), int(s.DistantLeft), int(s.Demand)
	// The stack's top is its last tile, so the tiles turned over lie from the end down.
	for i := d.Tiles - 1; i >= d.Left; i-- {
		if k := int(s.Distant[i]); k < len(ed.DistantTiles) {
			d.Revealed = append(d.Revealed, ed.DistantTiles[k].Drop)
		}
	}
	d.Closed = s.DemandClosed()
	if !d.Closed {
		d.Bonus = ed.DemandBonus[d.Demand]
	}
}

// cubeWord names what a tile of the industry holds ("" for none).
func cubeWord(ind engine.Industry) string {
	switch ind {
	case engine.Coal:
		return "coal"
	case engine.Iron:
		return "iron"
	case engine.Brewery:
		return "beer"
	}
	return ""
}

func readSpaces(g *Game, s *engine.State, out []Space) []Space {
	ed := g.Edition
	for li := range ed.Locations {
		loc := &ed.Locations[li]
		for k, sp := range loc.Spaces {
			for len(out) <= sp {
				out = append(out, Space{})
			}
			v := Space{Index: sp, ID: ed.Spaces[sp].ID, Location: li, Town: loc.Name, K: k, Owner: -1}
			t := s.Tiles[sp]
			if p := t.Player(); p >= 0 && int(t.Industry) < len(ed.Mats) && int(t.Spec) < len(ed.Mats[t.Industry]) {
				spec := &ed.Mats[t.Industry][t.Spec]
				v.Owner, v.Industry, v.Level, v.Flipped = p, t.Industry, spec.Level, t.Flipped
				v.Cubes, v.Cube = int(t.Cubes), cubeWord(t.Industry)
				v.VP, v.Income, v.LinkIcons, v.Beer = spec.VP, spec.Income, spec.LinkIcons, spec.Beer
			}
			out[sp] = v
		}
	}
	return out
}

func readLinks(g *Game, s *engine.State, out []Link) []Link {
	ed := g.Edition
	for l := range ed.Links {
		v := Link{Index: l, ID: ed.Links[l].ID, Owner: -1}
		if g.Started {
			v.Owner = s.LinkOwner(l)
			v.Rail = v.Owner >= 0 && s.Era != engine.Canal
			v.VP = s.LinkVP(l)
		}
		out = append(out, v)
	}
	return out
}

func readMerchants(g *Game, s *engine.State, out []Merchant) []Merchant {
	ed := g.Edition
	for m := range ed.MerchantSpaces {
		li := ed.MerchantSpaces[m].Location
		loc := &ed.Locations[li]
		v := Merchant{Index: m, ID: ed.MerchantSpaces[m].ID, Location: li, Town: loc.Name,
			InPlay: !g.Started || g.Players >= loc.MinPlayers}
		for k, x := range loc.MerchantSpaces {
			if x == m {
				v.K = k
			}
		}
		if g.Started {
			v.Tile = s.MerchantTile(m)
			v.Beer = int(s.Merchants[m].Beer)
		}
		out = append(out, v)
	}
	return out
}

func readPlayer(g *Game, s *engine.State, p int, hand []engine.CardKind) {
	ed := g.Edition
	pl := &s.Players[p]
	v := &g.Seats[p]
	v.Seat, v.Name, v.Pos = p, s.Name(p), -1
	for i, q := range g.Turn.Order {
		if q == p {
			v.Pos = i
		}
	}
	v.Money, v.VP, v.Spent = int(pl.Money), int(pl.VP), int(pl.Spent)
	v.IncomeSpace, v.IncomeLevel = int(pl.IncomeSpace), s.IncomeLevel(p)
	for k, n := range pl.Hand {
		for i := 0; i < int(n); i++ {
			hand = append(hand, engine.CardKind(k))
		}
	}
	v.Hand = hand
	v.HandSize = int(pl.HandLen)
	v.HandUnknown = max(v.HandSize-len(hand), 0)
	v.Discards, v.FaceDown = int(pl.DiscardLen), int(pl.FaceDown)
	switch {
	case pl.DiscardLen == 0:
		v.DiscardTop = NoCard
	case pl.DiscardLen > pl.FaceDown && pl.Discard[pl.DiscardLen-1] != engine.HiddenCard:
		v.DiscardTop = int(pl.Discard[pl.DiscardLen-1])
	default:
		v.DiscardTop = FaceDownCard
	}
	v.LinksLeft = int(pl.LinksLeft)
	for ind := range ed.Mats {
		if ind >= MatIndustries {
			break
		}
		used, n := int(pl.MatUsed[ind]), len(ed.Mats[ind])
		slot := MatSlot{Used: used, Left: max(n-used, 0)}
		if spec, ok := s.NextTile(p, engine.Industry(ind)); ok {
			slot.Next = spec
		}
		v.Mat[ind] = slot
	}
}
