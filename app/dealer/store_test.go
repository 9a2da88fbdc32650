package dealer

import (
	"strings"
	"testing"

	"brass/app/deal"
)

// The passes of locked deals are stored apart and given back; a deal that had no passes when
// it was saved (a seat whose turn to pass had not come) is not taken for one whose stored
// passes are lost.
func TestPassesTakenApartAreGivenBackAndMissingOnesNamed(t *testing.T) {
	locked := deal.Saved{Label: "g/canal/deck", Seats: 2, Passes: make([]deal.Pass, 4)}
	fresh := deal.Saved{Label: "g/canal/tiles", Seats: 2}
	s := Saved{Deals: []deal.Saved{locked, fresh}}
	passes := s.TakeLockedPasses()
	if len(passes) != 1 || len(s.Deals[0].Passes) != 0 || len(s.Taken) != 1 {
		t.Fatalf("taken: %d deals, %d passes left, Taken %q", len(passes), len(s.Deals[0].Passes), s.Taken)
	}
	back := s
	back.Deals = append([]deal.Saved(nil), s.Deals...)
	if err := back.PutPasses(passes); err != nil || len(back.Deals[0].Passes) != 4 {
		t.Fatalf("given back: %v, %d passes", err, len(back.Deals[0].Passes))
	}
	lost := s
	lost.Deals = append([]deal.Saved(nil), s.Deals...)
	if err := lost.PutPasses(nil); err == nil || !strings.Contains(err.Error(), "g/canal/deck") {
		t.Fatalf("a locked deal's passes lost: %v", err)
	}
	old := Saved{Deals: []deal.Saved{fresh}} // saved before Taken was kept: as strict as then
	if err := old.PutPasses(nil); err == nil {
		t.Fatal("a save from before Taken took a deal without passes for one with none")
	}
}
