package engine

import "encoding/binary"

// MarshalBinary is the canonical compact encoding of the state: every field that matters to
// the rules, in a fixed order, so equal states give equal bytes on every platform. It leaves
// out the edition (fixed by the config), player names and the log.
func (s *State) MarshalBinary() ([]byte, error) {
	return s.appendEncoding(make([]byte, 0, 1024)), nil
}

func (s *State) appendEncoding(b []byte) []byte {
	hi, lo := s.rng.state()
	b = binary.LittleEndian.AppendUint64(b, hi)
	b = binary.LittleEndian.AppendUint64(b, lo)
	b = append(b, s.NumPlayers, byte(s.Era), s.Round, s.TurnPos, s.ActionsDone, byte(s.Phase), s.ShortfallPos)
	b = append(b, s.Order[:s.NumPlayers]...)
	nCards := len(s.ed.Cards)
	for p := 0; p < int(s.NumPlayers); p++ {
		pl := &s.Players[p]
		b = binary.AppendVarint(b, int64(pl.Money))
		b = append(b, pl.IncomeSpace)
		b = binary.AppendVarint(b, int64(pl.VP))
		b = binary.AppendVarint(b, int64(pl.Spent))
		b = append(b, pl.Hand[:nCards]...)
		b = append(b, pl.HandLen, pl.DiscardLen, pl.FaceDown)
		b = append(b, pl.Discard[:pl.DiscardLen]...)
		b = append(b, pl.MatUsed[:s.ed.matLen]...) // (Birmingham's six industries: as before Lancashire's were added)
		b = append(b, pl.LinksLeft)
		b = binary.AppendVarint(b, int64(pl.Received))
		b = binary.AppendVarint(b, int64(pl.Paid))
	}
	for i := range s.ed.Spaces {
		t := s.Tiles[i]
		flipped := byte(0)
		if t.Flipped {
			flipped = 1
		}
		b = append(b, t.Owner, byte(t.Industry), t.Spec, flipped, t.Cubes)
	}
	b = append(b, s.Links[:len(s.ed.Links)]...)
	b = append(b, s.CoalMarket, s.IronMarket)
	for m := range s.ed.MerchantSpaces {
		b = append(b, s.Merchants[m].Tile, s.Merchants[m].Beer)
	}
	b = append(b, s.DeckLen)
	b = append(b, s.Deck[:s.DeckLen]...)
	b = append(b, s.WildLocations, s.WildIndustries)
	b = binary.LittleEndian.AppendUint32(b, s.Moves)
	b = binary.LittleEndian.AppendUint32(b, s.Revealed)
	if s.Introductory {
		b = append(b, 'I') // only when set: a normal game's encoding and hash are unchanged
	}
	if s.Dealt {
		b = append(b, 'D') // likewise
	}
	if s.DistantLen > 0 || s.DeckFloor > 0 {
		// Lancashire only (Birmingham has neither): the set-aside cards and the Distant Market.
		b = append(b, 'L', s.DeckFloor, s.Demand, s.DistantLen, s.DistantLeft)
		b = append(b, s.Distant[:s.DistantLen]...)
	}
	return b
}

// Hash is a 64-bit FNV-1a hash of the canonical encoding: peers compare it after every move
// to detect a desync at the first divergent move.
func (s *State) Hash() uint64 {
	var buf [1024]byte
	return fnv1a(s.appendEncoding(buf[:0]))
}

// fnv1a is the 64-bit FNV-1a hash of b. (Each byte's multiply waits for the previous one,
// so this loop is as fast as the hash can be; unrolling it gained nothing, natively or in
// wasm.)
func fnv1a(b []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range b {
		h ^= uint64(c)
		h *= 1099511628211
	}
	return h
}
