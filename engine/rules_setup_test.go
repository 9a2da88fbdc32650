package engine_test

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"brass/engine"
)

// factTowns is fact sheet §1: banner colour and location cards for 2, 3 and 4 players.
var factTowns = []struct {
	id, banner string
	cards      [3]int
}{
	{"belper", "teal", [3]int{0, 0, 2}},
	{"derby", "teal", [3]int{0, 0, 3}},
	{"leek", "blue", [3]int{0, 2, 2}},
	{"stoke_on_trent", "blue", [3]int{0, 3, 3}},
	{"stone", "blue", [3]int{0, 2, 2}},
	{"uttoxeter", "blue", [3]int{0, 1, 2}},
	{"stafford", "red", [3]int{2, 2, 2}},
	{"burton_on_trent", "red", [3]int{2, 2, 2}},
	{"cannock", "red", [3]int{2, 2, 2}},
	{"tamworth", "red", [3]int{1, 1, 1}},
	{"walsall", "red", [3]int{1, 1, 1}},
	{"coalbrookdale", "brown", [3]int{3, 3, 3}},
	{"wolverhampton", "brown", [3]int{2, 2, 2}},
	{"dudley", "brown", [3]int{2, 2, 2}},
	{"kidderminster", "brown", [3]int{2, 2, 2}},
	{"worcester", "brown", [3]int{2, 2, 2}},
	{"birmingham", "purple", [3]int{3, 3, 3}},
	{"nuneaton", "purple", [3]int{1, 1, 1}},
	{"coventry", "purple", [3]int{3, 3, 3}},
	{"redditch", "purple", [3]int{1, 1, 1}},
}

// factIndustryCards is fact sheet §5: industry cards for 2, 3 and 4 players.
var factIndustryCards = map[string][3]int{
	"iron_works":          {4, 4, 4},
	"coal_mine":           {2, 2, 3},
	"pottery":             {2, 2, 3},
	"brewery":             {5, 5, 5},
	"cotton_manufacturer": {0, 6, 8},
}

// allCards counts every card of a game by id: deck, hands and discard piles (not wilds).
func allCards(s *engine.State) map[string]int {
	ed := s.Edition()
	out := map[string]int{}
	for i := 0; i < int(s.DeckLen); i++ {
		out[ed.Cards[s.Deck[i]].ID]++
	}
	for p := 0; p < int(s.NumPlayers); p++ {
		pl := &s.Players[p]
		for k, n := range pl.Hand {
			if n > 0 && ed.Cards[k].Type != engine.WildLocationCard && ed.Cards[k].Type != engine.WildIndustryCard {
				out[ed.Cards[k].ID] += int(n)
			}
		}
		for i := 0; i < int(pl.DiscardLen); i++ {
			out[ed.Cards[pl.Discard[i]].ID]++
		}
	}
	return out
}

// TestSetupDeckAndBanners checks "Board Setup" steps 2–4 and "Location Banners": the deck
// holds 40/54/64 cards, exactly the location cards of the banner colours in play ("2
// players: blue and teal coloured Location cards are not in the Draw Deck. 3 players: teal
// coloured Location cards are not in the Draw Deck."), Uttoxeter with 1 card at 3 players
// (fact sheet §1), and the 4 + 4 wild cards are kept apart, face up.
func TestSetupDeckAndBanners(t *testing.T) {
	allowed := map[int]map[string]bool{
		2: {"red": true, "brown": true, "purple": true},
		3: {"red": true, "brown": true, "purple": true, "blue": true},
		4: {"red": true, "brown": true, "purple": true, "blue": true, "teal": true},
	}
	for _, tc := range []struct{ players, deck int }{{2, 40}, {3, 54}, {4, 64}} {
		for _, seed := range []uint64{1, 2, 99} {
			t.Run(fmt.Sprintf("%dp seed %d", tc.players, seed), func(t *testing.T) {
				s, err := engine.New(engine.Config{Edition: "birmingham", Players: tc.players, Seed: seed})
				if err != nil {
					t.Fatal(err)
				}
				got := allCards(s)
				total := 0
				for _, n := range got {
					total += n
				}
				if total != tc.deck {
					t.Errorf("%d cards in the game, want %d", total, tc.deck)
				}
				for _, town := range factTowns {
					want := town.cards[tc.players-2]
					if got[town.id] != want {
						t.Errorf("%s (%s banner): %d cards, want %d", town.id, town.banner, got[town.id], want)
					}
					if got[town.id] > 0 && !allowed[tc.players][town.banner] {
						t.Errorf("%s has a %s banner, which is not in the %d-player deck", town.id, town.banner, tc.players)
					}
					if want == 0 && allowed[tc.players][town.banner] {
						t.Errorf("fact table: %s should have cards at %d players", town.id, tc.players)
					}
				}
				for id, counts := range factIndustryCards {
					if got[id] != counts[tc.players-2] {
						t.Errorf("%s: %d cards, want %d", id, got[id], counts[tc.players-2])
					}
				}
				if s.WildLocations != 4 || s.WildIndustries != 4 {
					t.Errorf("wild piles %d/%d, want 4/4", s.WildLocations, s.WildIndustries)
				}
				for _, id := range []string{"wild_location", "wild_industry"} {
					if got[id] != 0 {
						t.Errorf("%s is in the deck", id)
					}
				}
			})
		}
	}
}

// TestSetupMerchants checks "Board Setup" steps 5 and 6: 5/7/9 merchant tiles, one per
// merchant space marked for the player count ("In a 2 player game, no Merchant tiles are
// placed in Warrington & Nottingham. In a 3-player game, no Merchant tiles are placed in
// Nottingham."), the tile mix of fact sheet §6, and a beer barrel beside each non-blank
// tile only.
func TestSetupMerchants(t *testing.T) {
	wantPerLocation := map[int]map[string]int{
		2: {"shrewsbury": 1, "gloucester": 2, "oxford": 2, "warrington": 0, "nottingham": 0},
		3: {"shrewsbury": 1, "gloucester": 2, "oxford": 2, "warrington": 2, "nottingham": 0},
		4: {"shrewsbury": 1, "gloucester": 2, "oxford": 2, "warrington": 2, "nottingham": 2},
	}
	wantMix := map[int]map[string]int{
		2: {"all": 1, "manufacturer": 1, "cotton_mill": 1, "blank": 2},
		3: {"all": 1, "manufacturer": 1, "cotton_mill": 1, "pottery": 1, "blank": 3},
		4: {"all": 1, "manufacturer": 2, "cotton_mill": 2, "pottery": 1, "blank": 3},
	}
	for _, n := range []int{2, 3, 4} {
		for _, seed := range []uint64{1, 5, 77} {
			t.Run(fmt.Sprintf("%dp seed %d", n, seed), func(t *testing.T) {
				s, err := engine.New(engine.Config{Edition: "birmingham", Players: n, Seed: seed})
				if err != nil {
					t.Fatal(err)
				}
				ed := s.Edition()
				perLoc := map[string]int{}
				mix := map[string]int{}
				tiles := 0
				for m, ms := range ed.MerchantSpaces {
					slot := s.Merchants[m]
					loc := ed.Locations[ms.Location].ID
					if slot.Tile == 0 {
						if slot.Beer != 0 {
							t.Errorf("%s has beer but no merchant tile", ms.ID)
						}
						continue
					}
					tiles++
					perLoc[loc]++
					mt := ed.MerchantTiles[slot.Tile-1]
					mix[mt.ID]++
					blank := len(mt.Buys) == 0
					if blank && slot.Beer != 0 {
						t.Errorf("%s: blank tile with beer", ms.ID)
					}
					if !blank && slot.Beer != 1 {
						t.Errorf("%s: %s tile with %d beer, want 1", ms.ID, mt.ID, slot.Beer)
					}
				}
				if want := map[int]int{2: 5, 3: 7, 4: 9}[n]; tiles != want {
					t.Errorf("%d merchant tiles, want %d", tiles, want)
				}
				for loc, want := range wantPerLocation[n] {
					if perLoc[loc] != want {
						t.Errorf("%s: %d merchant tiles, want %d", loc, perLoc[loc], want)
					}
				}
				for id, want := range wantMix[n] {
					if mix[id] != want {
						t.Errorf("%d %q merchant tiles, want %d", mix[id], id, want)
					}
				}
			})
		}
	}
}

// TestSetupMarketsAndPlayerAreas checks "Board Setup" steps 7 and 8 ("Place 1 black cube on
// each space of the Coal Market, leaving 1 of the £1 spaces open", "leaving both of the £1
// spaces open" for iron) and "Player Area Setup": £17, VP 0, income marker on 10, 14 link
// tiles, a full mat, 8 cards and 1 face-down discard; the Canal Era, round 1, 1 action.
func TestSetupMarketsAndPlayerAreas(t *testing.T) {
	for _, tc := range []struct{ players, deck int }{{2, 40}, {3, 54}, {4, 64}} {
		t.Run(fmt.Sprintf("%dp", tc.players), func(t *testing.T) {
			s, err := engine.New(engine.Config{Edition: "birmingham", Players: tc.players, Seed: 11})
			if err != nil {
				t.Fatal(err)
			}
			expectInt(t, "coal market", s.CoalMarket, 13)
			expectInt(t, "iron market", s.IronMarket, 8)
			expectInt(t, "draw deck", int(s.DeckLen), tc.deck-9*tc.players)
			for p := 0; p < tc.players; p++ {
				pl := &s.Players[p]
				expectInt(t, "money", pl.Money, 17)
				expectInt(t, "income space", pl.IncomeSpace, 10)
				expectInt(t, "income level", s.IncomeLevel(p), 0)
				expectInt(t, "VP", pl.VP, 0)
				expectInt(t, "spent", pl.Spent, 0)
				expectInt(t, "hand", pl.HandLen, 8)
				expectInt(t, "discard pile", pl.DiscardLen, 1)
				expectInt(t, "face-down discards", pl.FaceDown, 1)
				expectInt(t, "link tiles", pl.LinksLeft, 14)
				for _, ind := range engine.Industries {
					expectInt(t, ind.Name()+" tiles taken from the mat", pl.MatUsed[ind], 0)
				}
			}
			for sp := range s.Edition().Spaces {
				if s.Tiles[sp].Owner != 0 {
					t.Errorf("tile on %s at setup", s.Edition().Spaces[sp].ID)
				}
			}
			if s.Era != engine.Canal || s.Round != 1 || s.Phase != engine.PhaseAction || s.ActionsThisTurn() != 1 {
				t.Errorf("era %v round %d phase %d actions %d; want Canal round 1, 1 action", s.Era, s.Round, s.Phase, s.ActionsThisTurn())
			}
			if err := s.CheckInvariants(); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestSetupTurnOrder checks "Player Area Setup": "shuffle all players' Character tiles
// together and place them in a random order on the Turn Order Track" — a permutation of the
// players that depends on the seed, with the first in order to act.
func TestSetupTurnOrder(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		orders := map[string]bool{}
		for seed := uint64(1); seed <= 40; seed++ {
			s, err := engine.New(engine.Config{Edition: "birmingham", Players: n, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			seen := map[uint8]bool{}
			for i := 0; i < n; i++ {
				if int(s.Order[i]) >= n || seen[s.Order[i]] {
					t.Fatalf("%dp seed %d: turn order %v is not a permutation", n, seed, s.Order[:n])
				}
				seen[s.Order[i]] = true
			}
			if s.Actor() != int(s.Order[0]) {
				t.Errorf("%dp seed %d: actor %d, first in order %d", n, seed, s.Actor(), s.Order[0])
			}
			orders[fmt.Sprint(s.Order[:n])] = true
		}
		if want := map[int]int{2: 2, 3: 4, 4: 8}[n]; len(orders) < want {
			t.Errorf("%dp: only %d different turn orders over 40 seeds: %v", n, len(orders), orders)
		}
	}
}

// TestSetupIsDeterministic checks the engine's reproducibility contract (engine/doc.go) on
// "Board Setup": the same config gives the same state twice, byte for byte; another seed
// gives another shuffle.
func TestSetupIsDeterministic(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		cfg := engine.Config{Edition: "birmingham", Players: n, Seed: 2024}
		a, err := engine.NewGame(cfg)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := engine.NewGame(cfg)
		if a.Hash() != b.Hash() {
			t.Errorf("%dp: same config, different hashes", n)
		}
		ba, _ := a.State().MarshalBinary()
		bb, _ := b.State().MarshalBinary()
		if !bytes.Equal(ba, bb) {
			t.Errorf("%dp: same config, different encodings", n)
		}
		cfg.Seed++
		c, _ := engine.NewGame(cfg)
		if c.Hash() == a.Hash() {
			t.Errorf("%dp: seeds %d and %d give the same state", n, cfg.Seed-1, cfg.Seed)
		}
	}
}

// TestSetupPlayerCount checks "Components"/"Board Setup": Brass: Birmingham is for 2 to 4
// players; other counts are refused as malformed.
func TestSetupPlayerCount(t *testing.T) {
	for _, n := range []int{0, 1, 5} {
		_, err := engine.New(engine.Config{Edition: "birmingham", Players: n, Seed: 1})
		if !errors.Is(err, engine.ErrMalformed) {
			t.Errorf("%d players: got %v, want ErrMalformed", n, err)
		}
	}
	if _, err := engine.New(engine.Config{Edition: "lancashire-2", Players: 3}); !errors.Is(err, engine.ErrMalformed) {
		t.Errorf("unknown edition: got %v, want ErrMalformed", err)
	}
}
