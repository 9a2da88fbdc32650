package engine_test

import (
	"testing"

	"brass/engine"
)

// The accessors read the same encodings the rules use: a tile built and a link built by
// player 1 say player 1, an empty space and an unbuilt link say nobody, and a merchant
// space's tile is the edition's tile the setup drew for it (rulebook, Game Setup: merchant
// tiles are placed face up on the merchant spaces in play).
func TestOwnersAndMerchantTiles(t *testing.T) {
	s, err := engine.New(engine.Config{Players: 3, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for sp := range s.Edition().Spaces {
		if s.Tiles[sp].Player() != -1 {
			t.Fatalf("space %d is owned before anything is built", sp)
		}
	}
	for l := range s.Edition().Links {
		if s.LinkOwner(l) != -1 {
			t.Fatalf("link %d is owned before anything is built", l)
		}
	}
	s.Links[0] = 2
	s.Tiles[0].Owner = 2
	if s.LinkOwner(0) != 1 || s.Tiles[0].Player() != 1 {
		t.Errorf("owner + 1 = 2 read as %d (link) and %d (tile), want player 1", s.LinkOwner(0), s.Tiles[0].Player())
	}
	tiles := 0
	for m := range s.Edition().MerchantSpaces {
		mt := s.MerchantTile(m)
		if s.Merchants[m].Tile == 0 {
			if mt != nil {
				t.Errorf("merchant space %d has no tile but MerchantTile gives %s", m, mt.ID)
			}
			continue
		}
		tiles++
		if want := &s.Edition().MerchantTiles[s.Merchants[m].Tile-1]; mt != want {
			t.Errorf("merchant space %d: MerchantTile is not the edition's tile it holds", m)
		}
	}
	if tiles == 0 {
		t.Error("no merchant space holds a tile in a 3-player game")
	}
}
