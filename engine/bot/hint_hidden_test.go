package bot

import (
	"math/rand/v2"
	"testing"
)

// TestHintUsesNoHiddenInformation: the hint a player asks for (the Hard bot's action and its
// one-sentence reason) is the same whatever the cards and tiles the player cannot see, in
// every edition: the deck, the other hands, the face-down discards, the Distant Market
// stack and the random source dealt again.
func TestHintUsesNoHiddenInformation(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, su := range setups(3) {
		t.Run(su.name, func(t *testing.T) {
			for _, s := range positions(t, su.cfg, 83, 53) {
				seat := s.Actor()
				u := reshuffle(&s, seat, r)
				b := Bot{Level: Hard, Budget: testBudget / 4}
				a1, why1, err1 := b.Hint(&s, seat, 7)
				a2, why2, err2 := b.Hint(&u, seat, 7)
				if err1 != nil || err2 != nil {
					t.Fatal(err1, err2)
				}
				if a1 != a2 || why1 != why2 {
					t.Errorf("at move %d: %v (%s) with the real cards, %v (%s) with others dealt",
						s.Moves, s.Edition().Encode(a1), why1, s.Edition().Encode(a2), why2)
				}
			}
		})
	}
}
