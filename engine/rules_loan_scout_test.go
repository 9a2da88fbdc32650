package engine_test

import (
	"testing"

	"brass/engine"
	"brass/engine/enginetest"
)

// TestLoan checks "Loan Action": "Take £30 from the bank, and move your Income Marker 3 income
// levels (not spaces) backwards down the Progress Track. Place your Income Marker on the
// highest space within the new lower income level. Exception: You cannot take a loan if it
// will take your income level below -10." Fact sheet §8 example: "at space 35 (level 12), a
// loan gives level 9, so the marker goes to space 28". A loan is not money spent.
func TestLoan(t *testing.T) {
	base := func(space int) *enginetest.Builder {
		return enginetest.New(t, 3).Era(engine.Canal).Turn(0).IncomeSpace(0, space).Money(0, 5).
			Hand(0, "birmingham", "wild_location")
	}
	after := func(space uint8, level int) func(t *testing.T, was, s *engine.State) {
		return func(t *testing.T, was, s *engine.State) {
			expectInt(t, "money", s.Players[0].Money, 35)
			expectInt(t, "income space", s.Players[0].IncomeSpace, space)
			expectInt(t, "income level", s.IncomeLevel(0), level)
			expectInt(t, "spent", s.Players[0].Spent, 0)
		}
	}
	cases := []ruleCase{
		{name: "from the start (level 0, space 10) to level −3, space 7", pos: base(10),
			move: loanMove(0, "birmingham"), check: after(7, -3)},
		{name: "from space 35 (level 12) to level 9, space 28", pos: base(35),
			move: loanMove(0, "birmingham"), check: after(28, 9)},
		{name: "from space 31 (lowest of level 11) to level 8, space 26", pos: base(31),
			move: loanMove(0, "birmingham"), check: after(26, 8)},
		{name: "from space 11 (level 1) to level −2, space 8", pos: base(11),
			move: loanMove(0, "birmingham"), check: after(8, -2)},
		{name: "from space 62 (level 21) to level 18, space 54", pos: base(62),
			move: loanMove(0, "birmingham"), check: after(54, 18)},
		{name: "from space 99 (level 30) to level 27, space 88", pos: base(99),
			move: loanMove(0, "birmingham"), check: after(88, 27)},
		{name: "from level −7 to exactly −10", pos: base(3),
			move: loanMove(0, "birmingham"), check: after(0, -10)},
		{name: "from level −8: below −10", pos: base(2),
			move: loanMove(0, "birmingham"), wantErr: engine.ErrIllegal, wantRule: engine.RuleLoanIncome},
		{name: "from level −10", pos: base(0),
			move: loanMove(0, "birmingham"), wantErr: engine.ErrIllegal, wantRule: engine.RuleLoanIncome},
		{name: "a wild card for a loan goes back to its pile", pos: base(10),
			move: loanMove(0, "wild_location"),
			check: func(t *testing.T, was, s *engine.State) {
				after(7, -3)(t, was, s)
				expectInt(t, "wild location pile", s.WildLocations, was.WildLocations+1)
			}},
	}
	runRuleCases(t, cases)
}

// TestScout checks "Scout Action": "Discard any card from your Hand, plus 2 additional cards
// and place them face up onto your Discard Pile. Take 1 Wild Location and 1 Wild Industry card.
// Note: You may not perform this action if you already have a Wild card in your Hand."
func TestScout(t *testing.T) {
	base := func() *enginetest.Builder {
		return dealHand(t, enginetest.New(t, 3).Era(engine.Canal).Turn(0), 0, "birmingham", "dudley", "dudley", "brewery", "stafford")
	}
	scout := func(card string, extra ...string) engine.Move {
		return engine.Move{Type: "scout", Player: 0, Card: card, Cards: extra}
	}
	cases := []ruleCase{
		{name: "three cards discarded, one wild location and one wild industry taken", pos: base(),
			move: scout("birmingham", "dudley", "brewery"),
			check: func(t *testing.T, was, s *engine.State) {
				pl := &s.Players[0]
				expectInt(t, "discard pile", pl.DiscardLen, was.Players[0].DiscardLen+3)
				expectInt(t, "hand", pl.HandLen, 5-3+2)
				expectInt(t, "wild locations held", handHas(t, s, 0, "wild_location"), 1)
				expectInt(t, "wild industries held", handHas(t, s, 0, "wild_industry"), 1)
				expectInt(t, "wild location pile", s.WildLocations, was.WildLocations-1)
				expectInt(t, "wild industry pile", s.WildIndustries, was.WildIndustries-1)
				expectInt(t, "dudley cards left", handHas(t, s, 0, "dudley"), 1)
				expectInt(t, "actions done", s.ActionsDone, 1)
			}},
		{name: "two of the same card as the extra cards", pos: base(),
			move: scout("stafford", "dudley", "dudley"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "dudley cards left", handHas(t, s, 0, "dudley"), 0)
			}},
		{name: "while holding a wild location card", pos: base().Hand(0, "birmingham", "dudley", "brewery", "wild_location"),
			move: scout("birmingham", "dudley", "brewery"), wantErr: engine.ErrIllegal, wantRule: engine.RuleScoutWildHeld},
		{name: "while holding a wild industry card", pos: base().Hand(0, "birmingham", "dudley", "brewery", "wild_industry"),
			move: scout("birmingham", "dudley", "brewery"), wantErr: engine.ErrIllegal, wantRule: engine.RuleScoutWildHeld},
		{name: "only one extra card", pos: base(),
			move: scout("birmingham", "dudley"), wantErr: engine.ErrIllegal, wantRule: engine.RuleScoutCards},
		{name: "an extra card not held", pos: base(),
			move: scout("birmingham", "dudley", "coventry"), wantErr: engine.ErrIllegal, wantRule: engine.RuleCardNotHeld},
		{name: "the same single card counted twice", pos: base(),
			move: scout("birmingham", "birmingham", "dudley"), wantErr: engine.ErrIllegal, wantRule: engine.RuleCardNotHeld},
	}
	runRuleCases(t, cases)
}
