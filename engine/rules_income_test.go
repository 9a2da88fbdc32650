package engine_test

import (
	"testing"

	"brass/engine"
	"brass/engine/enginetest"
)

// factIncomeTrack is every row of fact sheet §8: income level, its track spaces, and the
// highest space (where a loan lands).
var factIncomeTrack = []struct{ level, lo, hi int }{
	{-10, 0, 0}, {-9, 1, 1}, {-8, 2, 2}, {-7, 3, 3}, {-6, 4, 4}, {-5, 5, 5}, {-4, 6, 6}, {-3, 7, 7},
	{-2, 8, 8}, {-1, 9, 9}, {0, 10, 10},
	{1, 11, 12}, {2, 13, 14}, {3, 15, 16}, {4, 17, 18}, {5, 19, 20}, {6, 21, 22}, {7, 23, 24},
	{8, 25, 26}, {9, 27, 28}, {10, 29, 30},
	{11, 31, 33}, {12, 34, 36}, {13, 37, 39}, {14, 40, 42}, {15, 43, 45}, {16, 46, 48}, {17, 49, 51},
	{18, 52, 54}, {19, 55, 57}, {20, 58, 60},
	{21, 61, 64}, {22, 65, 68}, {23, 69, 72}, {24, 73, 76}, {25, 77, 80}, {26, 81, 84}, {27, 85, 88},
	{28, 89, 92}, {29, 93, 96}, {30, 97, 99},
}

// TestIncomeTrack checks "Take Income" ("Your income level is the number displayed on the coin
// beside your Income Marker's current location on the Progress Track") against every row of
// the fact sheet §8 table: engine.IncomeLevel for every space 0–99 and engine.HighestSpace
// for every level −10..30.
func TestIncomeTrack(t *testing.T) {
	covered := map[int]bool{}
	for _, row := range factIncomeTrack {
		for sp := row.lo; sp <= row.hi; sp++ {
			if covered[sp] {
				t.Errorf("fact table: space %d listed twice", sp)
			}
			covered[sp] = true
			if got := engine.IncomeLevel(sp); got != row.level {
				t.Errorf("IncomeLevel(%d) = %d, want %d", sp, got, row.level)
			}
		}
		if got := engine.HighestSpace(row.level); got != row.hi {
			t.Errorf("HighestSpace(%d) = %d, want %d", row.level, got, row.hi)
		}
	}
	for sp := 0; sp <= 99; sp++ {
		if !covered[sp] {
			t.Errorf("fact table: space %d missing", sp)
		}
	}
	// the fact sheet's worked example: "Flipping a tile worth +5 from space 10 gives space 15, level 3."
	if engine.IncomeLevel(10+5) != 3 {
		t.Error("space 15 is not level 3")
	}
}

// TestIncomeIncrease checks "Increasing Your Income": "immediately advance your Income Marker
// along the Progress Track by the number of spaces (not income levels) shown. Exception: You
// cannot increase your income level above level 30" (space 99, fact sheet §8), for a flip by
// a sale and for Oxford's "+2 income spaces" bonus.
func TestIncomeIncrease(t *testing.T) {
	pos := func(space int) *enginetest.Builder {
		return enginetest.New(t, 3).Era(engine.Canal).Turn(0).Hand(0, "birmingham").NoMerchantBeer().
			Merchant("oxford_1", "cotton_mill", true).Tile("birmingham_1", 0, engine.Cotton, 1, 0).
			Link("birmingham-oxford", 1).IncomeSpace(0, space)
	}
	sell := sellMove(0, "birmingham", "birmingham_1", "oxford_1")
	at := func(space uint8) func(t *testing.T, was, s *engine.State) {
		return func(t *testing.T, was, s *engine.State) {
			expectInt(t, "income space", s.Players[0].IncomeSpace, space)
		}
	}
	runRuleCases(t, []ruleCase{
		{name: "spaces, not levels: +5 and +2 from space 40 (level 14)", pos: pos(40), move: sell, check: at(47)},
		{name: "from space 90: +5 +2 reaches 97 (level 30)", pos: pos(90), move: sell, check: at(97)},
		{name: "from space 95: capped at space 99", pos: pos(95), move: sell, check: at(99)},
		{name: "from space 99: stays at 99", pos: pos(99), move: sell, check: at(99)},
		{name: "from the bottom (space 0, level −10)", pos: pos(0), move: sell, check: at(7)},
	})
}
