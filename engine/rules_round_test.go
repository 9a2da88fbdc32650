package engine_test

import (
	"slices"
	"testing"

	"brass/engine"
	"brass/engine/enginetest"
)

// lastAction is a 3-player position at the last action of a round: player order 0, 1, 2 and
// player 2 to take the second action of their turn, holding the Birmingham card.
func lastAction(t *testing.T, era engine.Era) *enginetest.Builder {
	return enginetest.New(t, 3).Era(era).Round(3).Order(0, 1, 2).Turn(2).ActionsDone(1).
		Hand(2, "birmingham").Money(0, 10).Money(1, 10).Money(2, 10)
}

// lastActionOfEra is lastAction with the draw deck and the other hands empty, so the era
// ends after the move.
func lastActionOfEra(t *testing.T, era engine.Era) *enginetest.Builder {
	return lastAction(t, era).Hand(0).Hand(1).EmptyDeck(0)
}

var endTurn = passMove(2, "birmingham")

func order(s *engine.State) []int {
	var out []int
	for i := 0; i < int(s.NumPlayers); i++ {
		out = append(out, int(s.Order[i]))
	}
	return out
}

func expectOrder(t *testing.T, s *engine.State, want ...int) {
	t.Helper()
	if got := order(s); !slices.Equal(got, want) {
		t.Errorf("turn order %v, want %v", got, want)
	}
}

// TestEndOfRoundTurnOrder checks "End of Round" step 1: "The player who spent the least money
// this round will go first next round, and so on, while the player who spent the most will go
// last. If multiple players have spent an equal amount, their relative turn order remains the
// same. Afterwards, take all money from the Character tiles, and place it back into the Bank.
// This resets the money spent".
func TestEndOfRoundTurnOrder(t *testing.T) {
	cases := []ruleCase{
		{name: "least spent first", pos: lastAction(t, engine.Canal).Spent(0, 10).Spent(1, 3).Spent(2, 5),
			move: endTurn,
			check: func(t *testing.T, was, s *engine.State) {
				expectOrder(t, s, 1, 2, 0)
				for p := 0; p < 3; p++ {
					expectInt(t, "spent reset", s.Players[p].Spent, 0)
				}
				expectInt(t, "round", s.Round, 4)
				expectInt(t, "turn position", s.TurnPos, 0)
				expectInt(t, "actor", s.Actor(), 1)
				expectInt(t, "money (spent money is not returned)", s.Players[0].Money, 10)
			}},
		{name: "equal spenders keep their relative order",
			pos:  lastAction(t, engine.Canal).Order(2, 0, 1).Turn(1).ActionsDone(1).Hand(1, "dudley").Spent(2, 5).Spent(0, 5).Spent(1, 0),
			move: passMove(1, "dudley"),
			check: func(t *testing.T, was, s *engine.State) {
				expectOrder(t, s, 1, 2, 0)
			}},
		{name: "nobody spent: the order stays", pos: lastAction(t, engine.Rail).Order(1, 2, 0).Turn(0).ActionsDone(1).Hand(0, "dudley"),
			move: passMove(0, "dudley"),
			check: func(t *testing.T, was, s *engine.State) {
				expectOrder(t, s, 1, 2, 0)
			}},
		{name: "money spent in the round's last action counts",
			pos:  lastAction(t, engine.Canal).Spent(0, 1).Spent(1, 2).Money(2, 20),
			move: buildMove(2, "birmingham", "cotton_mill", "birmingham_1"),
			check: func(t *testing.T, was, s *engine.State) {
				expectOrder(t, s, 0, 1, 2)
			}},
		{name: "a loan is not money spent",
			pos:  lastAction(t, engine.Canal).Spent(0, 1).Spent(1, 2),
			move: loanMove(2, "birmingham"),
			check: func(t *testing.T, was, s *engine.State) {
				expectOrder(t, s, 2, 0, 1)
			}},
		{name: "four players with two ties",
			pos: enginetest.New(t, 4).Era(engine.Rail).Order(3, 1, 0, 2).Turn(2).ActionsDone(1).Hand(2, "birmingham").
				Spent(3, 4).Spent(1, 2).Spent(0, 4).Spent(2, 2),
			move: endTurn,
			check: func(t *testing.T, was, s *engine.State) {
				expectOrder(t, s, 1, 2, 3, 0)
			}},
	}
	runRuleCases(t, cases)
}

// TestEndOfRoundIncome checks "End of Round" step 2: "Take money from the Bank equal to your
// income level"; "If your income level is negative, you must pay that amount of money to the
// Bank"; "Exception: Income is not collected at the end of the final round of the game" —
// the last round of the Canal Era still pays income.
func TestEndOfRoundIncome(t *testing.T) {
	cases := []ruleCase{
		{name: "each player takes their income level",
			pos:  lastAction(t, engine.Canal).Income(0, 5).Income(1, 0).IncomeSpace(2, 35),
			move: endTurn,
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "player 0 money", s.Players[0].Money, 15)
				expectInt(t, "player 1 money", s.Players[1].Money, 10)
				expectInt(t, "player 2 money (space 35 is level 12)", s.Players[2].Money, 22)
				expectInt(t, "spent (income is not spending)", s.Players[0].Spent, 0)
			}},
		{name: "a negative income level is paid to the bank",
			pos:  lastAction(t, engine.Rail).Income(1, -3),
			move: endTurn,
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "player 1 money", s.Players[1].Money, 7)
				expectInt(t, "phase", s.Phase, engine.PhaseAction)
			}},
		{name: "a negative income level paid with exactly the money held",
			pos:  lastAction(t, engine.Rail).Income(1, -3).Money(1, 3),
			move: endTurn,
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "player 1 money", s.Players[1].Money, 0)
				expectInt(t, "phase", s.Phase, engine.PhaseAction)
			}},
		{name: "the last round of the Canal Era pays income",
			pos:  lastActionOfEra(t, engine.Canal).Income(0, 5).Income(2, 1),
			move: endTurn,
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "player 0 money", s.Players[0].Money, 15)
				expectInt(t, "player 2 money", s.Players[2].Money, 11)
				if s.Era != engine.Rail || s.Round != 1 {
					t.Errorf("era %v round %d, want Rail Era round 1", s.Era, s.Round)
				}
			}},
		{name: "no income after the final round of the game",
			pos:  lastActionOfEra(t, engine.Rail).Income(0, 5).Income(1, -4).Income(2, 1),
			move: endTurn,
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "phase", s.Phase, engine.PhaseOver)
				for p := 0; p < 3; p++ {
					expectInt(t, "money", s.Players[p].Money, 10)
				}
			}},
		{name: "the era goes on while players hold cards, even with the deck empty",
			pos: lastAction(t, engine.Canal).Hand(0, "dudley", "coventry").Hand(1, "stafford", "cannock").
				Hand(2, "birmingham", "walsall", "worcester").EmptyDeck(0).Income(0, 2),
			move: endTurn,
			check: func(t *testing.T, was, s *engine.State) {
				if s.Era != engine.Canal || s.Round != 4 {
					t.Errorf("era %v round %d, want Canal Era round 4", s.Era, s.Round)
				}
				expectInt(t, "player 2 hand (no refill)", s.Players[2].HandLen, 2)
				expectInt(t, "player 0 money", s.Players[0].Money, 12)
			}},
	}
	runRuleCases(t, cases)
}

// TestEndOfRoundShortfall checks "End of Round" step 2: "If you have a shortfall when paying
// negative income, you must acquire money by removing one or more of your Industry tiles (not
// Link tiles) from the board; each being worth half of its cost, rounded down ... You keep any
// excess money. If you have no way to pay a shortfall, lose 1 VP (if possible) for each £1 you
// are short. Note: You may remove any of your Industry tiles, but must stop as soon as you
// have acquired enough money to cover the shortfall." The engine asks the player (phase
// PhaseShortfall, move "remove_tile") when their tiles can cover it.
func TestEndOfRoundShortfall(t *testing.T) {
	// player 1: income level −5, £2, a Cotton Mill I (£12 → £6) and a Brewery I (£5 → £2)
	short := func() *enginetest.Builder {
		return lastAction(t, engine.Canal).Income(0, 2).Income(2, 3).
			Income(1, -5).Money(1, 2).Hand(1, "dudley").
			Flipped("worcester_1", 1, engine.Cotton, 1).Tile("stafford_1", 1, engine.Brewery, 1, 1).
			Link("dudley-birmingham", 1).Tile("dudley_1", 0, engine.Coal, 1, 1)
	}
	remove := func(p int, space string) engine.Move {
		return engine.Move{Type: "remove_tile", Player: p, Space: space}
	}
	cases := []ruleCase{
		{name: "the engine asks the player short of money to remove tiles", pos: short(), move: endTurn,
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "phase", s.Phase, engine.PhaseShortfall)
				expectInt(t, "actor", s.Actor(), 1)
				expectInt(t, "player 0 paid first", s.Players[0].Money, 12)
				expectInt(t, "player 1 money", s.Players[1].Money, 2)
				expectInt(t, "player 2 not yet paid", s.Players[2].Money, 10)
			}},
		{name: "a tile that covers the shortfall; the rest stay and play goes on",
			pos: short(), before: []engine.Move{endTurn}, move: remove(1, "worcester_1"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "player 1 money (2 + 6 − 5)", s.Players[1].Money, 3)
				expectInt(t, "worcester_1 owner", tileAt(t, s, "worcester_1").Owner, 0)
				expectInt(t, "stafford_1 owner", tileAt(t, s, "stafford_1").Owner, 2)
				expectInt(t, "phase", s.Phase, engine.PhaseAction)
				expectInt(t, "round", s.Round, 4)
				expectInt(t, "player 2 paid", s.Players[2].Money, 13)
				expectInt(t, "player 1 VP", s.Players[1].VP, 0)
				expectInt(t, "link kept", linkOwner(t, s, "dudley-birmingham"), 1)
			}},
		{name: "half the cost rounded down, and asked again while still short",
			pos: short(), before: []engine.Move{endTurn}, move: remove(1, "stafford_1"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "player 1 money (2 + 2)", s.Players[1].Money, 4)
				expectInt(t, "phase", s.Phase, engine.PhaseShortfall)
				expectInt(t, "actor", s.Actor(), 1)
			}},
		{name: "the second tile covers the rest and the excess is kept",
			pos: short(), before: []engine.Move{endTurn, remove(1, "stafford_1")}, move: remove(1, "worcester_1"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "player 1 money (2 + 2 + 6 − 5)", s.Players[1].Money, 5)
				expectInt(t, "phase", s.Phase, engine.PhaseAction)
			}},
		{name: "an opponent's tile", pos: short(), before: []engine.Move{endTurn},
			move: remove(1, "dudley_1"), wantErr: engine.ErrIllegal, wantRule: engine.RuleNoTileToRemove},
		{name: "an empty space", pos: short(), before: []engine.Move{endTurn},
			move: remove(1, "worcester_2"), wantErr: engine.ErrIllegal, wantRule: engine.RuleNoTileToRemove},
		{name: "another kind of move", pos: short(), before: []engine.Move{endTurn},
			move: passMove(1, "dudley"), wantErr: engine.ErrNotAvailable, wantRule: engine.RuleShortfallFirst},
		{name: "another player", pos: short(), before: []engine.Move{endTurn},
			move: remove(0, "dudley_1"), wantErr: engine.ErrNotYourTurn, wantRule: engine.RuleNotYourTurn},
		{name: "removing a tile outside a shortfall", pos: short(),
			move: remove(2, "worcester_1"), wantErr: engine.ErrNotAvailable, wantRule: engine.RuleNoShortfall},
		{name: "two players short: asked in turn order, the second after the first has paid",
			pos:  short().Income(0, -4).Money(0, 1).Tile("coalbrookdale_3", 0, engine.Coal, 2, 1),
			move: endTurn,
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "phase", s.Phase, engine.PhaseShortfall)
				expectInt(t, "actor", s.Actor(), 0)
			}},
		{name: "the first short player pays, then the second is asked",
			pos:    short().Income(0, -4).Money(0, 1).Tile("coalbrookdale_3", 0, engine.Coal, 2, 1),
			before: []engine.Move{endTurn},
			move:   remove(0, "coalbrookdale_3"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "player 0 money (1 + 3 − 4)", s.Players[0].Money, 0)
				expectInt(t, "player 0's other tile kept", tileAt(t, s, "dudley_1").Owner, 1)
				expectInt(t, "phase", s.Phase, engine.PhaseShortfall)
				expectInt(t, "actor", s.Actor(), 1)
			}},
		{name: "both short players paid, play goes on",
			pos:    short().Income(0, -4).Money(0, 1).Tile("coalbrookdale_3", 0, engine.Coal, 2, 1),
			before: []engine.Move{endTurn, remove(0, "coalbrookdale_3")},
			move:   remove(1, "worcester_1"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "phase", s.Phase, engine.PhaseAction)
				expectInt(t, "player 1 money", s.Players[1].Money, 3)
				expectInt(t, "player 2 paid", s.Players[2].Money, 13)
			}},
		{name: "tiles that cannot cover it are all removed and each £1 still short costs 1 VP",
			pos:  lastAction(t, engine.Canal).Income(1, -5).Money(1, 1).VP(1, 10).Tile("stafford_1", 1, engine.Brewery, 1, 1),
			move: endTurn,
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "stafford_1 owner", tileAt(t, s, "stafford_1").Owner, 0)
				expectInt(t, "player 1 money", s.Players[1].Money, 0)
				expectInt(t, "player 1 VP (short £2)", s.Players[1].VP, 8)
				expectInt(t, "phase", s.Phase, engine.PhaseAction)
			}},
		{name: "no tiles: 1 VP per £1 short",
			pos:  lastAction(t, engine.Rail).Income(1, -3).Money(1, 0).VP(1, 5).Link("dudley-birmingham", 1),
			move: endTurn,
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "player 1 VP", s.Players[1].VP, 2)
				expectInt(t, "link kept", linkOwner(t, s, "dudley-birmingham"), 1)
			}},
		{name: "VP do not fall below 0",
			pos:  lastAction(t, engine.Rail).Income(1, -5).Money(1, 0).VP(1, 1),
			move: endTurn,
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "player 1 VP", s.Players[1].VP, 0)
				expectInt(t, "player 1 money", s.Players[1].Money, 0)
			}},
	}
	runRuleCases(t, cases)
}
