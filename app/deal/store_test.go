package deal

import (
	"encoding/json"
	"slices"
	"testing"
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
