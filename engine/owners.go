package engine

// The state stores who owns a tile or link as the player + 1 (0: nobody) and a merchant's
// tile as an index + 1 (0: none), so that the zero value is an empty board. These read the
// encodings for those outside the engine, which should never do the arithmetic themselves.

// Player is the player who owns the tile, or −1 for an empty build space.
func (t Tile) Player() int { return int(t.Owner) - 1 }

// LinkOwner is the player who built link l, or −1 when it is not built.
func (s *State) LinkOwner(l int) int { return int(s.Links[l]) - 1 }

// MerchantTile is the tile on merchant space m, or nil when the space has none.
func (s *State) MerchantTile(m int) *MerchantTile { return s.Merchants[m].TileIn(s.Edition()) }

// TileIn is the slot's merchant tile among the edition's, or nil when the slot has none.
func (m MerchantSlot) TileIn(ed *Edition) *MerchantTile {
	if m.Tile == 0 || int(m.Tile) > len(ed.MerchantTiles) {
		return nil
	}
	return &ed.MerchantTiles[m.Tile-1]
}

// TileOn is the tile on a build space: its owner (−1 for none), industry and level.
func (s *State) TileOn(sp int) (owner int, ind Industry, level int) {
	t := s.Tiles[sp]
	if t.Owner == 0 {
		return -1, NoIndustry, 0
	}
	return int(t.Owner) - 1, t.Industry, s.TileSpec(t).Level
}
