package engine_test

import (
	"errors"
	"testing"

	"brass/engine"
	"brass/engine/enginetest"
)

// eraEnd is the last action of an era (3 players) with links and tiles to score:
//
//	player 0: links Birmingham–Oxford and Birmingham–Coventry; flipped Brewery II at the south
//	          farm (2 link icons, 5 VP); unflipped Cotton Mill I in Kidderminster
//	player 1: link Kidderminster–Worcester–south farm; flipped Manufacturer I in Birmingham
//	          (2 icons, 3 VP) and flipped Pottery I in Coventry (1 icon, 10 VP)
//	player 2: link Derby–Nottingham (no merchant tile at 3 players); flipped Cotton Mill I in
//	          Worcester (1 icon, 5 VP); unflipped Manufacturer II in Birmingham
//
// Link VP: player 0 = Oxford 2 + Birmingham 2, and Birmingham 2 + Coventry 1 → 7;
// player 1 = Kidderminster 0 + Worcester 1 + south farm 2 → 3; player 2 = Derby 0 +
// Nottingham 2 → 2. Tile VP: 5, 3 + 10, 5.
func eraEnd(t *testing.T, era engine.Era) *enginetest.Builder {
	return lastActionOfEra(t, era).VP(0, 1).VP(1, 2).VP(2, 3).NoMerchantBeer().
		Link("birmingham-oxford", 0).Link("birmingham-coventry", 0).
		Link("kidderminster-worcester-farm_brewery_south", 1).Link("derby-nottingham", 2).
		Flipped("farm_brewery_south_1", 0, engine.Brewery, 2).Tile("kidderminster_2", 0, engine.Cotton, 1, 0).
		Flipped("birmingham_2", 1, engine.Manufacturer, 1).Flipped("coventry_1", 1, engine.Pottery, 1).
		Flipped("worcester_1", 2, engine.Cotton, 1).Tile("birmingham_4", 2, engine.Manufacturer, 2, 0)
}

// TestEndOfEraScoring checks "End of Canal & Rail Era" step 1: "For each of your Link tiles,
// score 1 VP for each [link icon] displayed in adjacent locations ... Remove Link tiles from
// the board as they are scored" (fact sheet §3: 2 icons per merchant location, printed on the
// board, so they count without a merchant tile; the flipped tiles' icons in towns and farm
// breweries; the Kidderminster–Worcester link adds all three locations) and step 2: "score the
// VPs shown in the bottom left corner of your flipped Industry tiles ... Unflipped Industry
// tiles do not score."
func TestEndOfEraScoring(t *testing.T) {
	for _, era := range []engine.Era{engine.Canal, engine.Rail} {
		t.Run(era.String(), func(t *testing.T) {
			g := eraEnd(t, era).Game()
			s := g.State()
			for _, tc := range []struct {
				link string
				vp   int
			}{{"birmingham-oxford", 4}, {"birmingham-coventry", 3}, {"kidderminster-worcester-farm_brewery_south", 3}, {"derby-nottingham", 2}} {
				l, _ := s.Edition().LinkByID(tc.link)
				if got := s.LinkVP(l); got != tc.vp {
					t.Errorf("LinkVP(%s) = %d, want %d", tc.link, got, tc.vp)
				}
			}
			if err := g.Apply(endTurn); err != nil {
				t.Fatal(err)
			}
			s = g.State()
			expectInt(t, "player 0 VP (1 + 7 links + 5)", s.Players[0].VP, 13)
			expectInt(t, "player 1 VP (2 + 3 links + 13)", s.Players[1].VP, 18)
			expectInt(t, "player 2 VP (3 + 2 links + 5)", s.Players[2].VP, 10)
			for l := range s.Edition().Links {
				if s.Links[l] != 0 {
					t.Errorf("link %s still on the board", s.Edition().Links[l].ID)
				}
			}
			for p := 0; p < 3; p++ {
				expectInt(t, "link tiles back with their owner", s.Players[p].LinksLeft, 14)
			}
			if err := s.CheckInvariants(); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestEndOfCanalEraMaintenance checks "End of Canal Era": "3. Remove all level 1 Industry
// tiles from the board ... All level 2 or greater Industry tiles remain on the board. 4. Place
// 1 beer barrel on each empty beer barrel space beside a (non-blank) Merchant tile. 5. Shuffle
// all players' Discard Piles together ... (Don't start the Rail Era with a card face down in
// your discard) 6. Each player draws 8 cards". The Rail Era then starts with 2 actions a turn.
func TestEndOfCanalEraMaintenance(t *testing.T) {
	pos := eraEnd(t, engine.Canal).Merchant("oxford_1", "all", false).Merchant("oxford_2", "blank", false).
		Merchant("gloucester_1", "pottery", false).Merchant("gloucester_2", "cotton_mill", true)
	runRuleCases(t, []ruleCase{{name: "the last action of the Canal Era", pos: pos, move: endTurn,
		check: func(t *testing.T, was, s *engine.State) {
			for _, sp := range []string{"birmingham_2", "coventry_1", "worcester_1", "kidderminster_2"} {
				if tileAt(t, s, sp).Owner != 0 {
					t.Errorf("level I tile on %s not removed", sp)
				}
			}
			if tile := tileAt(t, s, "farm_brewery_south_1"); tile.Owner != 1 || !tile.Flipped {
				t.Errorf("farm brewery II %+v, want kept, flipped", tile)
			}
			if tile := tileAt(t, s, "birmingham_4"); tile.Owner != 3 || tile.Flipped {
				t.Errorf("Manufacturer II %+v, want kept, unflipped", tile)
			}
			ed := s.Edition()
			for m, ms := range ed.MerchantSpaces {
				slot := s.Merchants[m]
				want := uint8(0)
				if slot.Tile != 0 && len(ed.MerchantTiles[slot.Tile-1].Buys) > 0 {
					want = 1
				}
				if slot.Beer != want {
					t.Errorf("%s: %d beer, want %d", ms.ID, slot.Beer, want)
				}
			}
			expectInt(t, "oxford_2 (blank) beer", merchantBeer(t, s, "oxford_2"), 0)
			expectInt(t, "oxford_1 beer", merchantBeer(t, s, "oxford_1"), 1)
			expectInt(t, "draw deck (54 − 3 × 8)", s.DeckLen, 30)
			total := 0
			for _, n := range allCards(s) {
				total += n
			}
			expectInt(t, "cards in the game", total, 54)
			for p := 0; p < 3; p++ {
				pl := &s.Players[p]
				expectInt(t, "hand", pl.HandLen, 8)
				expectInt(t, "discard pile", pl.DiscardLen, 0)
				expectInt(t, "face-down discards", pl.FaceDown, 0)
			}
			if s.Era != engine.Rail || s.Round != 1 || s.Phase != engine.PhaseAction || s.TurnPos != 0 {
				t.Errorf("era %v round %d phase %d turn position %d, want Rail round 1", s.Era, s.Round, s.Phase, s.TurnPos)
			}
			expectInt(t, "actions in the first Rail round", s.ActionsThisTurn(), 2)
			expectInt(t, "wild location pile", s.WildLocations, 4)
		}}})

	t.Run("the Rail Era's first turn has 2 actions", func(t *testing.T) {
		g := pos.Game()
		if err := g.Apply(endTurn); err != nil {
			t.Fatal(err)
		}
		s := g.State()
		p := s.Actor()
		hand := s.HandCards(p)
		if err := g.Apply(passMove(p, s.Edition().Cards[hand[0]].ID)); err != nil {
			t.Fatal(err)
		}
		if g.State().Actor() != p || g.State().ActionsDone != 1 {
			t.Errorf("after one action: actor %d, actions done %d", g.State().Actor(), g.State().ActionsDone)
		}
	})
}

// TestEndOfGame checks "The Goal" / "Winning the Game": the game ends after the Rail Era's
// scoring ("The winner is the player who has the most Victory Points (VPs) following the end
// of the Rail Era"); level I tiles stay (maintenance is for the Canal Era only); no further
// move is accepted.
func TestEndOfGame(t *testing.T) {
	g := eraEnd(t, engine.Rail).Game()
	if err := g.Apply(endTurn); err != nil {
		t.Fatal(err)
	}
	s := g.State()
	if !g.Over() || s.Phase != engine.PhaseOver {
		t.Fatalf("phase %d, want the game over", s.Phase)
	}
	if tileAt(t, s, "worcester_1").Owner == 0 {
		t.Error("a level I tile was removed after the Rail Era")
	}
	for _, m := range []engine.Move{passMove(0, "birmingham"), {Type: "end_sell", Player: 0}} {
		if err := g.Apply(m); !errors.Is(err, engine.ErrGameOver) {
			t.Errorf("%v after the game: %v, want ErrGameOver", m, err)
		}
	}
	if n := len(g.LegalMoves()); n != 0 {
		t.Errorf("%d legal moves after the game", n)
	}
	st := s.Standings()
	if st[0].Player != 1 || st[0].Rank != 1 || st[0].VP != 18 {
		t.Errorf("standings %+v, want player 1 first with 18 VP", st)
	}
}

// TestWinningTheGame checks "Winning the Game": "The player with the most VPs is declared the
// winner. Ties are broken, first by the highest income, and then by the most money remaining.
// If still tied, those players draw."
func TestWinningTheGame(t *testing.T) {
	type want struct{ player, rank int }
	final := func() *enginetest.Builder { return lastActionOfEra(t, engine.Rail) }
	ranks := func(w ...want) func(t *testing.T, was, s *engine.State) {
		return func(t *testing.T, was, s *engine.State) {
			expectInt(t, "phase", s.Phase, engine.PhaseOver)
			st := s.Standings()
			for i, x := range w {
				if st[i].Player != x.player || st[i].Rank != x.rank {
					t.Errorf("standing %d: player %d rank %d, want player %d rank %d (%+v)", i, st[i].Player, st[i].Rank, x.player, x.rank, st)
				}
			}
		}
	}
	cases := []ruleCase{
		{name: "most VP", pos: final().VP(0, 20).VP(1, 30).VP(2, 25).Income(0, 20).Money(0, 99),
			move: endTurn, check: ranks(want{1, 1}, want{2, 2}, want{0, 3})},
		{name: "VP tie broken by income level", pos: final().VP(0, 30).VP(1, 30).VP(2, 10).Income(0, 5).Income(1, 8).Money(0, 50),
			move: endTurn, check: ranks(want{1, 1}, want{0, 2}, want{2, 3})},
		{name: "a negative income level loses the tie", pos: final().VP(0, 30).VP(1, 30).VP(2, 30).Income(0, -2).Income(1, 0).Income(2, -1),
			move: endTurn, check: ranks(want{1, 1}, want{2, 2}, want{0, 3})},
		{name: "VP and income tie broken by money", pos: final().VP(0, 30).VP(1, 30).Income(0, 4).Income(1, 4).Money(0, 20).Money(1, 15),
			move: endTurn, check: ranks(want{0, 1}, want{1, 2}, want{2, 3})},
		{name: "a full tie is shared", pos: final().VP(0, 30).VP(1, 30).Income(0, 4).Income(1, 4).Money(0, 20).Money(1, 20),
			move: endTurn, check: ranks(want{0, 1}, want{1, 1}, want{2, 3})},
		{name: "a three-way tie", pos: final().VP(0, 7).VP(1, 7).VP(2, 7),
			move: endTurn, check: ranks(want{0, 1}, want{1, 1}, want{2, 1})},
	}
	runRuleCases(t, cases)
}
