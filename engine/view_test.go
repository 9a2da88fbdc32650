package engine

import "testing"

// TestView: a seat sees its own hand, only the sizes of the others' hands and of the deck,
// no face-down discard, and nothing of the random source ("Player Area Setup": hands are
// secret; the discard's first card is face down).
func TestView(t *testing.T) {
	s := fixtureAt(t, "game-3p.json", 20)
	for seat := -1; seat < 3; seat++ {
		v := s.View(seat)
		for p := 0; p < 3; p++ {
			if v.Players[p].HandLen != s.Players[p].HandLen {
				t.Errorf("seat %d: player %d hand size %d, want %d", seat, p, v.Players[p].HandLen, s.Players[p].HandLen)
			}
			if p == seat && v.Players[p].Hand != s.Players[p].Hand {
				t.Errorf("seat %d does not see its own hand", seat)
			}
			if p != seat && v.Players[p].Hand != ([maxCardKinds]uint8{}) {
				t.Errorf("seat %d sees player %d's hand", seat, p)
			}
			for i := 0; i < int(v.Players[p].FaceDown); i++ {
				if v.Players[p].Discard[i] != HiddenCard {
					t.Errorf("seat %d sees player %d's face-down discard", seat, p)
				}
			}
		}
		if v.DeckLen != s.DeckLen {
			t.Errorf("deck size %d, want %d", v.DeckLen, s.DeckLen)
		}
		for i := 0; i < int(v.DeckLen); i++ {
			if v.Deck[i] != HiddenCard {
				t.Fatalf("seat %d sees the deck order", seat)
			}
		}
		if v.rng != (rng{}) {
			t.Errorf("seat %d sees the random source", seat)
		}
		if v.Players[0].Money != s.Players[0].Money || v.Tiles != s.Tiles || v.Links != s.Links {
			t.Errorf("seat %d: public information differs", seat)
		}
	}
}
