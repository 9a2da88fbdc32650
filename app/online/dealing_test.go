package online

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"brass/app/dealer"
)

// TestDealMessagesAreCheckedBeforeTheDeal: a deal message for another game, for no seat,
// whose inner seat is not its signer's, with a number out of range, or signed by another
// seat's key is refused before the dealer sees it, and changes nothing; the same message
// signed properly is taken.
func TestDealMessagesAreCheckedBeforeTheDeal(t *testing.T) {
	tb := newTable(t, 2, 43)
	tb.g.Config.Dealt = true
	var key [32]byte
	reps := make([]*Replica, 2)
	for i := range reps {
		key[0] = byte(i + 1)
		r, err := NewReplica(tb.ids[i], tb.g, nil, nil, DefaultTiming, rand.NewChaCha8(key))
		if err != nil {
			t.Fatal(err)
		}
		reps[i] = r
	}
	first := reps[0].cards.(*dealtGame).deals[0] // seat 0's shuffle pass, signed
	c := reps[1].cards.(*dealtGame)
	resign := func(sd SignedDeal, by int) SignedDeal {
		sd.Sig = tb.ids[by].sign(sd.content())
		return sd
	}
	state := func() string {
		return fmt.Sprint(len(c.deals), c.count, c.dealer.Waiting(), c.dealer.Known(), len(c.dealer.Save().Held))
	}
	before := state()
	bad := map[string]SignedDeal{}
	other := first
	other.Game = "another-game"
	bad["another game"] = resign(other, 0)
	noSeat := first
	noSeat.Seat, noSeat.Msg = 5, dealer.Msg{From: 5, Pass: first.Msg.Pass}
	bad["no such seat"] = resign(noSeat, 0)
	inner := first
	inner.Msg.From = 1
	bad["an inner seat not its signer's"] = resign(inner, 0)
	far := first
	far.Seq = maxDeals
	bad["a number out of range"] = resign(far, 0)
	bad["signed by another seat's key"] = resign(first, 1)
	tampered := first
	tampered.Moves = 3
	bad["changed after it was signed"] = tampered
	for name, sd := range bad {
		if _, err := c.takeOne(sd); err == nil {
			t.Errorf("%s: taken", name)
		}
		if after := state(); after != before {
			t.Errorf("%s: the refused message changed the replica (%s → %s)", name, before, after)
		}
	}
	if _, err := c.takeOne(first); err != nil {
		t.Fatalf("the real message: %v", err)
	}
	if state() == before {
		t.Fatal("the real message changed nothing")
	}
}
