package engine_test

import (
	"testing"

	"brass/engine"
	"brass/engine/enginetest"
)

// TestLegalAndApplyDoNotAllocateWhileSelling: in the middle of a Sell action (which random
// and recorded games seldom reach) State.Legal and State.Apply allocate nothing either.
func TestLegalAndApplyDoNotAllocateWhileSelling(t *testing.T) {
	g := enginetest.New(t, 3).Era(engine.Rail).Turn(0).Hand(0, "birmingham", "dudley").NoMerchantBeer().
		Merchant("gloucester_1", "cotton_mill", true).Merchant("gloucester_2", "all", true).
		Tile("worcester_1", 0, engine.Cotton, 2, 0).Tile("worcester_2", 0, engine.Cotton, 2, 0).
		Link("worcester-gloucester", 1).Game()
	if err := g.Apply(sellMove(0, "birmingham", "worcester_1", "gloucester_1")); err != nil {
		t.Fatal(err)
	}
	s := *g.State()
	if s.Phase != engine.PhaseSelling {
		t.Fatalf("phase %d, want selling", s.Phase)
	}
	buf := make([]engine.Action, 0, 64)
	listed := 0
	allocs := testing.AllocsPerRun(10, func() {
		buf = s.Legal(buf[:0])
		listed = len(buf)
		for k := range buf {
			c := s
			if c.Apply(&buf[k]) != nil {
				panic("a listed action was refused")
			}
		}
	})
	if allocs != 0 || listed < 2 {
		t.Errorf("%d actions listed (stop, and sell the second tile); %v allocations", listed, allocs)
	}
}
