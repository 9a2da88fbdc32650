package deal

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"filippo.io/edwards25519"
)

// roundTrip saves a device's deal through JSON and restores it.
func roundTrip(t *testing.T, d *Deal, seed uint64) *Deal {
	t.Helper()
	b, err := json.Marshal(d.Save())
	if err != nil {
		t.Fatal(err)
	}
	var s Saved
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	r, err := Restore(s, seeded(seed, d.me))
	if err != nil {
		t.Fatal(err)
	}
	d.Known() // opens every position either can open, so that the caches compare
	r.Known()
	if got := state(r); got != state(d) {
		t.Fatalf("restored\n%s\nsaved\n%s", got, state(d))
	}
	return r
}

func TestSaveRestore(t *testing.T) {
	devs := devices(t, "g/deck", testCards(24), 3, 20)
	// Seat 1 reloads after its shuffle pass, before its locking pass.
	for range 3 {
		broadcastPass(t, devs, makePass(t, devs))
	}
	devs[1] = roundTrip(t, devs[1], 21)
	for range 3 {
		broadcastPass(t, devs, makePass(t, devs))
	}
	give(t, devs, 1, 0, 1, 2)
	give(t, devs, 2, 3)
	open(t, devs, 0, 5)
	// Seat 1 returns to the game: it recovers its hand from its store, and plays on.
	hand := devs[1].Known()
	devs[1] = roundTrip(t, devs[1], 22)
	if got := devs[1].Known(); !slices.Equal(got, hand) {
		t.Fatalf("restored hand %v, saved %v", got, hand)
	}
	give(t, devs, 1, 6)
	open(t, devs, 1)
	all := auditKeys(t, devs)
	for s, d := range devs {
		if _, err := d.Audit(all); err != nil {
			t.Fatalf("seat %d: %v", s, err)
		}
	}
	// A store whose keys are not the committed ones is refused.
	s := devs[1].Save()
	s.PosKeys[4] = s.PosKeys[5]
	if _, err := Restore(s, seeded(1, 1)); err == nil {
		t.Fatal("restored with a wrong key")
	}
}

// A stored pass's points are checked where the deal first needs them (or all at once by
// Check), with the checks AcceptPass makes; its shape, a repeated entry and this seat's
// commitments are checked as it is restored.
func TestAStoredPassIsCheckedWhenFirstUsed(t *testing.T) {
	devs := devices(t, "g/deck", testCards(16), 3, 30)
	setup(t, devs)
	give(t, devs, 0, 2, 3)
	torsion, _ := new(edwards25519.Point).SetBytes(append([]byte{0xec}, append(slices.Repeat([]byte{0xff}, 30), 0x7f)...)) // (0, -1), of order 2
	s := devs[0].Save()
	last := len(s.Passes) - 1 // seat 2's locking pass
	hp, _ := decodePoint(s.Passes[last].Deck[3])
	s.Passes[last].Deck[3] = Point(new(edwards25519.Point).Add(hp, torsion).Bytes())
	d, err := Restore(s, seeded(31, 0))
	if err != nil {
		t.Fatalf("a stored pass whose point is checked only when used: %v", err)
	}
	want, _, _, _ := devs[0].Card(2)
	if c, _, known, err := d.Card(2); err != nil || !known || c != want {
		t.Fatalf("the card at a sound position: %v (want %v), %v, %v", c, want, known, err)
	}
	_, _, _, err = d.Card(3)
	if e := wantErr(t, err, ErrMalformed, NoSeat, "locking pass 3"); e.Pos != 3 || !strings.Contains(e.Msg, "not in the prime-order subgroup") {
		t.Fatalf("the card at a position whose stored point is not in the group: %v", e)
	}
	if e := wantErr(t, d.Check(), ErrMalformed, NoSeat, "locking pass 3"); e.Pos != 3 {
		t.Fatalf("Check: %v", e)
	}
	if err := roundTrip(t, devs[0], 32).Check(); err != nil {
		t.Fatalf("Check of a sound store: %v", err)
	}

	// A repeated entry is refused as the deal is restored, as AcceptPass refuses it.
	s = devs[0].Save()
	s.Passes[1].Deck[4] = s.Passes[1].Deck[7]
	if _, err := Restore(s, seeded(33, 0)); !errors.Is(err, ErrCheat) {
		t.Fatalf("a stored pass with a card duplicated: %v", err)
	}
	s = devs[0].Save()
	s.Passes[1].Deck = s.Passes[1].Deck[1:]
	if _, err := Restore(s, seeded(34, 0)); !errors.Is(err, ErrMalformed) {
		t.Fatalf("a stored pass short of an entry: %v", err)
	}
}
