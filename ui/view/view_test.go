package view_test

import (
	"slices"
	"testing"

	"brass/engine"
	"brass/engine/enginetest"
	"brass/ui/view"
)

func newState(t testing.TB, cfg engine.Config) *engine.State {
	t.Helper()
	s, err := engine.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func expect[T comparable](t *testing.T, what string, got, want T) {
	t.Helper()
	if got != want {
		t.Errorf("%s: got %v, want %v", what, got, want)
	}
}

// TestSetUp reads the set-up position of each edition: an empty board, full markets at
// their set-up counts, each player's starting numbers and full mat, the first turn.
func TestSetUp(t *testing.T) {
	for _, tc := range []struct {
		cfg      engine.Config
		coal     int // cubes at set-up
		coalBuy  int
		coalSell int
		coalFull bool
		money    int
		actions  int
		distant  bool
		faceDown int
	}{
		{cfg: engine.Config{Edition: "birmingham", Players: 3, Seed: 5, Names: []string{"Ann", "Bo", "Cy"}}, coal: 13, coalBuy: 1, coalSell: 1, money: 17, actions: 1, faceDown: 1},
		{cfg: engine.Config{Edition: "lancashire", Players: 4, Seed: 5}, coal: 8, coalBuy: 1, coalSell: 0, coalFull: true, money: 30, actions: 1, distant: true, faceDown: 0},
	} {
		t.Run(tc.cfg.Edition, func(t *testing.T) {
			s := newState(t, tc.cfg)
			g := view.Of(s)
			ed := s.Edition()
			expect(t, "started", g.Started, true)
			expect(t, "edition", g.Edition, ed)
			expect(t, "players", g.Players, tc.cfg.Players)
			expect(t, "spaces", len(g.Spaces), len(ed.Spaces))
			for i, sp := range g.Spaces {
				if sp.Index != i || sp.ID != ed.Spaces[i].ID || sp.Owner != -1 || sp.Built() || sp.Level != 0 || sp.Town != ed.Locations[ed.Spaces[i].Location].Name {
					t.Errorf("space %d: %+v", i, sp)
				}
				if ed.Locations[sp.Location].Spaces[sp.K] != i {
					t.Errorf("space %s is not %s's number %d", sp.ID, sp.Town, sp.K+1)
				}
			}
			expect(t, "links", len(g.Links), len(ed.Links))
			for _, l := range g.Links {
				if l.Owner != -1 || l.ID != ed.Links[l.Index].ID || l.VP != s.LinkVP(l.Index) {
					t.Errorf("link %+v", l)
				}
			}
			expect(t, "merchants", len(g.Merchants), len(ed.MerchantSpaces))
			for _, m := range g.Merchants {
				if m.Tile != s.MerchantTile(m.Index) || m.Beer != int(s.Merchants[m.Index].Beer) || m.ID != ed.MerchantSpaces[m.Index].ID {
					t.Errorf("merchant %+v", m)
				}
				if m.InPlay != (tc.cfg.Players >= ed.Locations[m.Location].MinPlayers) {
					t.Errorf("merchant %s in play: %v", m.ID, m.InPlay)
				}
			}
			expect(t, "coal cubes", g.Coal.Cubes, tc.coal)
			expect(t, "coal spaces", g.Coal.Spaces, len(ed.CoalMarket.Prices))
			expect(t, "coal price", g.Coal.BuyPrice, tc.coalBuy)
			expect(t, "coal sale price", g.Coal.SellPrice, tc.coalSell)
			expect(t, "coal full", g.Coal.Full, tc.coalFull)
			expect(t, "iron price", g.Iron.BuyPrice, ed.IronMarket.BuyPrice(int(s.IronMarket)))
			tn := &g.Turn
			expect(t, "era", tn.Era, engine.Canal)
			expect(t, "round", tn.Round, 1)
			expect(t, "actor", tn.Actor, s.Actor())
			expect(t, "actions", tn.Actions, tc.actions)
			expect(t, "left", tn.Left, tc.actions)
			expect(t, "deck", tn.DeckLeft, int(s.DeckLen))
			expect(t, "order", len(tn.Order), tc.cfg.Players)
			expect(t, "first in order", tn.Order[0], tn.Actor)
			expect(t, "distant", g.Distant.Present, tc.distant)
			if tc.distant {
				expect(t, "distant tiles", g.Distant.Left, g.Distant.Tiles)
				expect(t, "distant revealed", len(g.Distant.Revealed), 0)
				expect(t, "demand", g.Distant.Demand, 0)
				expect(t, "bonus", g.Distant.Bonus, ed.DemandBonus[0])
			}
			for p, pl := range g.Seats {
				expect(t, "seat", pl.Seat, p)
				expect(t, "name", pl.Name, s.Name(p))
				expect(t, "money", pl.Money, tc.money)
				expect(t, "income space", pl.IncomeSpace, ed.Rules.StartingIncomeSpace)
				expect(t, "income level", pl.IncomeLevel, 0)
				expect(t, "hand", pl.HandSize, ed.Rules.HandSize)
				expect(t, "hand shown", len(pl.Hand), ed.Rules.HandSize)
				expect(t, "face down", pl.FaceDown, tc.faceDown)
				if tc.faceDown > 0 {
					expect(t, "discard top", pl.DiscardTop, view.FaceDownCard)
				} else {
					expect(t, "discard top", pl.DiscardTop, view.NoCard)
				}
				expect(t, "links left", pl.LinksLeft, ed.Rules.LinkTilesPerPlayer)
				expect(t, "turn position", tn.Order[pl.Pos], p)
				for _, ind := range ed.Industries {
					slot := pl.Mat[ind]
					if slot.Used != 0 || slot.Left != len(ed.Mats[ind]) || slot.Next != &ed.Mats[ind][0] {
						t.Errorf("seat %d %s: %+v", p, ind.Name(), slot)
					}
				}
			}
			expect(t, "named", g.Seats[0].Name, s.Name(0))
		})
	}
}

// TestTiles reads built tiles: an unflipped one with its cubes, a flipped one with its VP,
// and the mat they came from.
func TestTiles(t *testing.T) {
	s := enginetest.New(t, 3).Era(engine.Rail).Turn(1).
		Tile("dudley_1", 1, engine.Coal, 2, 3).
		Flipped("birmingham_1", 2, engine.Cotton, 3).
		Link("dudley-birmingham", 0).
		Build()
	g := view.Of(s)
	ed := s.Edition()
	sp := func(id string) *view.Space {
		i, ok := ed.SpaceByID(id)
		if !ok {
			t.Fatalf("no space %s", id)
		}
		return &g.Spaces[i]
	}
	coal := sp("dudley_1")
	if *coal != (view.Space{Index: coal.Index, ID: "dudley_1", Location: coal.Location, Town: "Dudley", K: 0, Owner: 1, Industry: engine.Coal, Level: 2,
		Cubes: 3, Cube: "coal", VP: coal.VP, Income: coal.Income, LinkIcons: coal.LinkIcons}) || coal.Flipped {
		t.Errorf("coal mine: %+v", *coal)
	}
	mill := sp("birmingham_1")
	spec, _ := s.NextTile(2, engine.Cotton) // the mat moved past level 3's first tile
	expect(t, "mill owner", mill.Owner, 2)
	expect(t, "mill level", mill.Level, 3)
	expect(t, "mill flipped", mill.Flipped, true)
	expect(t, "mill cube", mill.Cube, "")
	expect(t, "mill VP", mill.VP, ed.Mats[engine.Cotton][s.Tiles[mill.Index].Spec].VP)
	expect(t, "mill beer", mill.Beer, ed.Mats[engine.Cotton][s.Tiles[mill.Index].Spec].Beer)
	expect(t, "next mill", g.Seats[2].Mat[engine.Cotton].Next, spec)
	expect(t, "mills left", g.Seats[2].Mat[engine.Cotton].Left, len(ed.Mats[engine.Cotton])-int(s.Players[2].MatUsed[engine.Cotton]))
	li, _ := ed.LinkByID("dudley-birmingham")
	l := g.Links[li]
	expect(t, "link owner", l.Owner, 0)
	expect(t, "link rail", l.Rail, true)
	expect(t, "link VP", l.VP, s.LinkVP(li))
	expect(t, "links left", g.Seats[0].LinksLeft, int(s.Players[0].LinksLeft))
	expect(t, "rail actions", g.Turn.Actions, 2)
	expect(t, "actor", g.Turn.Actor, 1)
}

// TestMarketAfterPurchase plays a build that buys coal from the market: the view counts
// one cube fewer and asks the engine for the new prices.
func TestMarketAfterPurchase(t *testing.T) {
	// No coal mine is built, and Coalbrookdale is linked to Shrewsbury's merchant: an iron
	// works there buys its coal from the market.
	start := enginetest.New(t, 2).Round(2).Turn(0).Hand(0, "coalbrookdale").Link("coalbrookdale-shrewsbury", 0).Build()
	before := view.Of(start)
	var game *engine.Game
	var buy engine.Move
	for _, m := range engine.GameFromState(start).LegalMoves() {
		if m.Type != "build" {
			continue
		}
		c := *start
		g := engine.GameFromState(&c)
		if g.Apply(m) == nil && g.State().CoalMarket < start.CoalMarket {
			game, buy = g, m
			break
		}
	}
	if game == nil {
		t.Fatal("no build buys coal from the market")
	}
	s := game.State()
	g := view.Of(s)
	ed := s.Edition()
	n := before.Coal.Cubes - int(s.CoalMarket)
	if n < 1 {
		t.Fatalf("the build took no coal from the market")
	}
	expect(t, "cubes", g.Coal.Cubes, before.Coal.Cubes-n)
	expect(t, "buy price", g.Coal.BuyPrice, ed.CoalMarket.BuyPrice(g.Coal.Cubes))
	price, ok := ed.CoalMarket.SellPrice(g.Coal.Cubes)
	expect(t, "sell price", g.Coal.SellPrice, price)
	expect(t, "full", g.Coal.Full, !ok)
	sp, _ := ed.SpaceByID(buy.Space)
	expect(t, "built by", g.Spaces[sp].Owner, buy.Player)
	expect(t, "money", g.Seats[buy.Player].Money, int(s.Players[buy.Player].Money))
	expect(t, "spent", g.Seats[buy.Player].Spent, int(s.Players[buy.Player].Spent))
	expect(t, "moves", g.Turn.Moves, int(start.Moves)+1)
	if before.Coal.Cubes != 13 || before.Coal.BuyPrice != ed.CoalMarket.BuyPrice(13) {
		t.Errorf("the view built before the move changed: %+v", before.Coal)
	}
	// Full and empty markets.
	full := readMarket(t, 14)
	expect(t, "full market", full.Full, true)
	expect(t, "full market buys at", full.BuyPrice, 1)
	empty := readMarket(t, 0)
	expect(t, "empty market costs", empty.BuyPrice, ed.CoalMarket.EmptyPrice)
	expect(t, "empty market pays", empty.SellPrice, ed.CoalMarket.Prices[len(ed.CoalMarket.Prices)-1])
}

func readMarket(t *testing.T, coal int) view.Market {
	return view.Of(enginetest.New(t, 2).CoalMarket(coal).Build()).Coal
}

// TestDistantAfterSale sells cotton to Lancashire's Distant Market: the top tile is turned
// and shown, the demand marker moves down by its drop.
func TestDistantAfterSale(t *testing.T) {
	game := enginetest.NewGame(t, engine.Config{Edition: "lancashire", Players: 3, Seed: 1}).Round(2).Turn(0).
		Hand(0, "bolton", "wigan").Tile("colne_1", 0, engine.Cotton, 1, 0).Mat(0, engine.Cotton, 2).
		Link("colne-yorkshire", 1).Distant(0, 3, 2).Game()
	before := view.Of(game.State())
	expect(t, "face down before", before.Distant.Left, 2)
	if err := game.Apply(engine.Move{Type: "sell", Player: 0, Card: "bolton", Space: "colne_1", Port: engine.DistantMarketID}); err != nil {
		t.Fatal(err)
	}
	s := game.State()
	g := view.Of(s)
	d := g.Distant
	expect(t, "present", d.Present, true)
	expect(t, "face down", d.Left, 1)
	expect(t, "tiles", d.Tiles, int(s.DistantLen))
	expect(t, "revealed", len(d.Revealed), d.Tiles-1)
	expect(t, "latest revealed (last)", d.Revealed[len(d.Revealed)-1], 2)
	expect(t, "demand", d.Demand, 2)
	expect(t, "bonus", d.Bonus, s.Edition().DemandBonus[2])
	expect(t, "closed", d.Closed, false)
	sp, _ := s.Edition().SpaceByID("colne_1")
	expect(t, "mill flipped", g.Spaces[sp].Flipped, true)
	expect(t, "income space", g.Seats[0].IncomeSpace, 17)
	expect(t, "income level", g.Seats[0].IncomeLevel, s.IncomeLevel(0))
	expect(t, "selling", g.Turn.Phase, s.Phase)

	closed := view.Of(enginetest.NewGame(t, engine.Config{Edition: "lancashire", Players: 3, Seed: 1}).Distant(8, 3).Build()).Distant
	expect(t, "on X", closed.Closed, true)
	expect(t, "no bonus on X", closed.Bonus, 0)
}

// TestHiddenHands reads a View(seat): only that seat's hand is shown, the others' sizes are
// kept, face-down discards stay face down.
func TestHiddenHands(t *testing.T) {
	s := newState(t, engine.Config{Edition: "birmingham", Players: 3, Seed: 9})
	full := view.Of(s)
	v := s.View(1)
	g := view.Of(&v)
	for p, pl := range g.Seats {
		expect(t, "hand size", pl.HandSize, 8)
		if p == 1 {
			expect(t, "own hand", len(pl.Hand), 8)
			expect(t, "own unknown", pl.HandUnknown, 0)
			if !slices.Equal(pl.Hand, s.HandCards(1)) {
				t.Errorf("own hand %v, want %v", pl.Hand, s.HandCards(1))
			}
		} else {
			expect(t, "other hand shown", len(pl.Hand), 0)
			expect(t, "other unknown", pl.HandUnknown, 8)
		}
		expect(t, "discard top", pl.DiscardTop, view.FaceDownCard)
		if !slices.Equal(full.Seats[p].Hand, s.HandCards(p)) {
			t.Errorf("seat %d's hand in the full state: %v", p, full.Seats[p].Hand)
		}
	}
	spectator := s.View(-1)
	for _, pl := range view.Of(&spectator).Seats {
		expect(t, "spectator sees", len(pl.Hand), 0)
	}
}

// TestOver: nobody acts once the game is over, and the view has the final standings.
func TestOver(t *testing.T) {
	s := newState(t, engine.Config{Edition: "birmingham", Players: 4, Seed: 11})
	if view.Of(s).Standings != nil {
		t.Error("standings before the end")
	}
	s.Phase = engine.PhaseOver
	s.TurnPos = 4
	g := view.Of(s)
	expect(t, "over", g.Turn.Over, true)
	expect(t, "actor", g.Turn.Actor, -1)
	expect(t, "standings", len(g.Standings), 4)
}

// TestZeroState is the view before any game: Birmingham's empty board, nobody to act.
func TestZeroState(t *testing.T) {
	g := view.Of(&engine.State{})
	expect(t, "started", g.Started, false)
	expect(t, "edition", g.Edition.ID, "birmingham")
	expect(t, "actor", g.Turn.Actor, -1)
	expect(t, "seats", len(g.Seats), 0)
	expect(t, "spaces", len(g.Spaces), len(g.Edition.Spaces))
	expect(t, "merchants in play", g.Merchants[0].InPlay, true)
	if g.Spaces[0].Owner != -1 || g.Links[0].Owner != -1 {
		t.Errorf("zero state has owners: %+v %+v", g.Spaces[0], g.Links[0])
	}
}
