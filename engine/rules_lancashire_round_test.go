package engine_test

import (
	"errors"
	"strings"
	"testing"

	"brass/engine"
	"brass/engine/enginetest"
)

// Rule-clause tests for the steps of a round and the first link, where the original
// Lancashire rules (S0) differ from the Roxley summary (S1) and Brass: Birmingham, which
// keep one behaviour. Sources as in rules_lancashire_test.go.

// ruleSetName names a Lancashire rule set in test names.
func ruleSetName(rules string) string {
	if rules == "" {
		return "Roxley"
	}
	return rules
}

// passAny passes with the first card the player to act holds.
func passAny(t *testing.T, g *engine.Game) {
	t.Helper()
	s := g.State()
	p := s.Actor()
	for k, n := range s.Players[p].Hand {
		if n > 0 {
			if err := g.Apply(passMove(p, s.Edition().Cards[k].ID)); err != nil {
				t.Fatal(err)
			}
			return
		}
	}
	t.Fatalf("player %d holds no card", p)
}

// TestLancashireRefill checks when hands are refilled. S0 "STEP D Refill hand" ("Each player
// brings his hand up to eight cards in all"), the last step of a round after "Play cards in
// player order" and "Determine play order": a two-card turn leaves 6 cards until every player
// has played. S1 "Round and Turn Structure", "Player Turn: Take 2 Actions ... Then refill
// Hand to 8", and Birmingham "Player Turns" refill right after the player's own turn.
func TestLancashireRefill(t *testing.T) {
	for _, c := range []struct {
		name      string
		pos       *enginetest.Builder
		afterTurn int
	}{
		{"Birmingham", enginetest.New(t, 3).Round(2).Turn(0), 8},
		{"Roxley", lanc(t, "", 3), 8},
		{"original", lanc(t, "original", 3), 6},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := c.pos.Game()
			for turn := 0; turn < 3; turn++ {
				p := g.State().Actor()
				passAny(t, g)
				passAny(t, g)
				if turn < 2 {
					expectInt(t, "hand after a two-card turn", int(g.State().Players[p].HandLen), c.afterTurn)
				}
			}
			s := g.State()
			expectInt(t, "round", s.Round, 3)
			for p := 0; p < 3; p++ {
				expectInt(t, "hand at the start of the next round", int(s.Players[p].HandLen), 8)
			}
			// S0: the hands are refilled after the play order is set ("STEP C", then "STEP D").
			if c.name == "original" {
				order := -1
				for i, e := range g.Log() {
					switch {
					case e.Kind == engine.LogOrder:
						order = i
					case e.Kind == engine.LogDraw && order < 0:
						t.Errorf("a hand was refilled before the play order was set: %q", e.Text)
					}
				}
			}
		})
	}
}

// shortAtCanalEnd is the Canal Era's last action (lastTurn) with player 1, first in turn
// order, on income level −3 with no money and one tile, a flipped level-2 Cotton Mill (5 VP,
// cost £14: removing it raises £7).
func shortAtCanalEnd(t *testing.T, rules string) *enginetest.Builder {
	return lastTurn(t, rules, engine.Canal).Income(1, -3).Money(1, 0).Flipped("bolton_1", 1, engine.Cotton, 2)
}

var removeMill = engine.Move{Type: "remove_tile", Player: 1, Space: "bolton_1"}

// TestLancashireIncomeAfterCanalScoring checks where the income after the Canal Era's last
// round falls. S0 "Phase II. Player actions": each round is "Collect income – Play cards in
// player order – Determine play order for next round – Refill hand", repeated "until all
// players have played all of their cards, before moving on to Phase III"; then "Phase III.
// Victory points", "Phase IV", and "Now start the Rail Period": its first round begins with
// "STEP A Collect income". So a player short of money scores their flipped tiles before any
// is removed. S1 "End of Round ... Each player takes income from the bank" comes before "End
// of Canal Era" scoring, as in Birmingham ("End of Round" 2, then "End of Canal & Rail Era").
func TestLancashireIncomeAfterCanalScoring(t *testing.T) {
	before := func(t *testing.T, was, s *engine.State) {
		expectInt(t, "phase", s.Phase, engine.PhaseShortfall)
		expectInt(t, "actor", s.Actor(), 1)
		expectInt(t, "era (income before the scoring)", s.Era, engine.Canal)
		expectInt(t, "player 1's VP (not yet scored)", int(s.Players[1].VP), 0)
	}
	after := func(t *testing.T, was, s *engine.State) {
		expectInt(t, "phase", s.Phase, engine.PhaseShortfall)
		expectInt(t, "actor", s.Actor(), 1)
		expectInt(t, "era (scored, then the Rail Era's income)", s.Era, engine.Rail)
		expectInt(t, "round", s.Round, 1)
		expectInt(t, "player 1's VP (the mill scored)", int(s.Players[1].VP), 5)
	}
	runRuleCases(t, []ruleCase{
		{name: "Birmingham: income first", move: endTurn,
			pos:   lastActionOfEra(t, engine.Canal).Income(1, -3).Money(1, 0).Flipped("worcester_1", 1, engine.Cotton, 2),
			check: before},
		{name: "Birmingham: the removed mill scores nothing", move: engine.Move{Type: "remove_tile", Player: 1, Space: "worcester_1"},
			pos:    lastActionOfEra(t, engine.Canal).Income(1, -3).Money(1, 0).Flipped("worcester_1", 1, engine.Cotton, 2),
			before: []engine.Move{endTurn},
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "era", s.Era, engine.Rail)
				expectInt(t, "player 1's VP", int(s.Players[1].VP), 0)
				expectInt(t, "player 1's money (7 − 3)", int(s.Players[1].Money), 4)
			}},
		{name: "Roxley: income first", pos: shortAtCanalEnd(t, ""), move: passMove(0, "bolton"), check: before},
		{name: "Roxley: the removed mill scores nothing", pos: shortAtCanalEnd(t, ""),
			before: []engine.Move{passMove(0, "bolton")}, move: removeMill,
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "era", s.Era, engine.Rail)
				expectInt(t, "player 1's VP", int(s.Players[1].VP), 0)
				expectInt(t, "player 1's money (7 − 3)", int(s.Players[1].Money), 4)
			}},
		{name: "original: scoring first, income opens the Rail Period", pos: shortAtCanalEnd(t, "original"),
			move: passMove(0, "bolton"), check: after},
		{name: "original: the scored mill pays the shortfall and the Rail Period's round 1 goes on",
			pos: shortAtCanalEnd(t, "original"), before: []engine.Move{passMove(0, "bolton")}, move: removeMill,
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "phase", s.Phase, engine.PhaseAction)
				expectInt(t, "round", s.Round, 1)
				expectInt(t, "turn position", s.TurnPos, 0)
				expectInt(t, "player 1's VP", int(s.Players[1].VP), 5)
				expectInt(t, "player 1's money (7 − 3)", int(s.Players[1].Money), 4)
				if !s.Report.Scored || !s.Report.IncomePaid || !s.Report.IncomeAfterScoring {
					t.Errorf("report %+v: want the scoring and the income after it", s.Report)
				}
			}},
	})
}

// TestLancashireIncomeAfterCanalScoringSummary: the snapshot of the Canal Era's last round
// (what the round and era summaries read) waits for the shortfall, and says that the
// original's income came after the scoring; the log shows the scoring before the income.
func TestLancashireIncomeAfterCanalScoringSummary(t *testing.T) {
	for _, rules := range []string{"", "original"} {
		name := ruleSetName(rules)
		g := shortAtCanalEnd(t, rules).Game()
		if err := g.Apply(passMove(0, "bolton")); err != nil {
			t.Fatal(err)
		}
		expectInt(t, name+": snapshots during the shortfall", len(g.Snapshots()), 1)
		if err := g.Apply(removeMill); err != nil {
			t.Fatal(err)
		}
		snaps := g.Snapshots()
		expectInt(t, name+": snapshots after it", len(snaps), 2)
		sn := snaps[len(snaps)-1]
		if sn.Era != engine.Canal || sn.Round != 8 || !sn.Scored || !sn.IncomePaid || sn.IncomeAfterScoring != (rules == "original") {
			t.Errorf("%s: snapshot %+v", name, sn)
		}
		expectInt(t, name+": income paid", sn.Taken[1], -3)
		expectInt(t, name+": raised by removing the mill", sn.Removed[1], 7)
		income, score := -1, -1
		for i, e := range g.Log() {
			switch {
			case e.Kind == engine.LogIncome && income < 0:
				income = i
			case e.Kind == engine.LogScore && score < 0:
				score = i
			}
		}
		if (income > score) != (rules == "original") {
			t.Errorf("%s: the first income entry is %d, the first scoring entry %d", name, income, score)
		}
	}
}

// TestLancashireIncomeEachRound checks that the original's "Collect income" at the start of
// every round pays the same money as an end-of-round income between two rounds of a period,
// nothing before the first round (S0 "You start the game with zero income!") and nothing
// after the game's last round (S0: no round follows; S1 and Birmingham: "Income is not
// collected at the end of the final round of the game").
func TestLancashireIncomeEachRound(t *testing.T) {
	for _, rules := range []string{"", "original"} {
		runRuleCases(t, []ruleCase{
			{name: ruleSetName(rules) + ": between two rounds", pos: lanc(t, rules, 3).Round(3).Turn(2).ActionsDone(1).Hand(2, "bolton").Income(0, 2).Money(0, 10),
				move: passMove(2, "bolton"),
				check: func(t *testing.T, was, s *engine.State) {
					expectInt(t, "round", s.Round, 4)
					expectInt(t, "player 0's money", int(s.Players[0].Money), 12)
					if !s.Report.IncomePaid || s.Report.IncomeAfterScoring {
						t.Errorf("report %+v", s.Report)
					}
				}},
			{name: ruleSetName(rules) + ": after the first round", pos: lanc(t, rules, 3).Round(1).Turn(2).Hand(2, "bolton").Money(0, 10),
				move: passMove(2, "bolton"),
				check: func(t *testing.T, was, s *engine.State) {
					expectInt(t, "round", s.Round, 2)
					expectInt(t, "player 0's money (income £0)", int(s.Players[0].Money), 10)
				}},
			{name: ruleSetName(rules) + ": after the game's last round", pos: lastTurn(t, rules, engine.Rail).Income(1, 5).Money(1, 10),
				move: passMove(0, "bolton"),
				check: func(t *testing.T, was, s *engine.State) {
					expectInt(t, "phase", s.Phase, engine.PhaseOver)
					expectInt(t, "player 1's money", int(s.Players[1].Money), 10)
					if s.Report.IncomePaid {
						t.Error("income paid after the game's last round")
					}
				}},
		})
	}
}

// TestLancashireFirstLink checks a link built by a player with nothing on the board. S0
// "ACTION 2 Build link": "You can build a link on any potential link that connects with one of
// your Industry counters or is connected to a location that you already have a link running
// in to". S1 "Exceptions" gives a player with no Industry or Link tiles only "No Network
// requirement for Industry Card", and S1 "Network" requires a link to "be adjacent to a
// Location in your network". Birmingham's "Building If You Have No Tiles on the Board" lets
// such a player "build a Link tile on any undeveloped line on the board".
func TestLancashireFirstLink(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "Birmingham: a first link anywhere", pos: enginetest.New(t, 3).Round(2).Turn(0).Hand(0, "stafford"),
			move: networkMove(0, "stafford", "dudley-birmingham")},
		{name: "Roxley: no link without a network", pos: lanc(t, "", 3).Hand(0, "bolton"),
			move: networkMove(0, "bolton", "bolton-manchester"), wantErr: engine.ErrIllegal, wantRule: engine.RuleLinkNoNetwork},
		{name: "original: no link without a network", pos: lanc(t, "original", 3).Hand(0, "bolton"),
			move: networkMove(0, "bolton", "bolton-manchester"), wantErr: engine.ErrIllegal, wantRule: engine.RuleLinkNoNetwork},
		{name: "original: no rail link without a network", pos: lanc(t, "original", 4).Era(engine.Rail).Hand(0, "bolton"),
			move: networkMove(0, "bolton", "bolton-wigan"), wantErr: engine.ErrIllegal, wantRule: engine.RuleLinkNoNetwork},
		{name: "Roxley: an industry card builds anywhere", pos: lanc(t, "", 3).Hand(0, "coal_mine"),
			move: buildMove(0, "coal_mine", "coal_mine", "wigan_1")},
		{name: "original: an industry card builds anywhere", pos: lanc(t, "original", 3).Hand(0, "coal_mine"),
			move: buildMove(0, "coal_mine", "coal_mine", "wigan_1")},
		{name: "Roxley: a link from the first tile", pos: lanc(t, "", 3).Hand(0, "bolton").Tile("bolton_1", 0, engine.Coal, 1, 2),
			move: networkMove(0, "bolton", "bolton-manchester")},
		{name: "original: a link from the first tile", pos: lanc(t, "original", 3).Hand(0, "bolton").Tile("bolton_1", 0, engine.Coal, 1, 2),
			move: networkMove(0, "bolton", "bolton-manchester")},
		{name: "Roxley: a line away from the network", pos: lanc(t, "", 3).Hand(0, "bolton").Tile("bolton_1", 0, engine.Coal, 1, 2),
			move: networkMove(0, "bolton", "oldham-rochdale"), wantErr: engine.ErrIllegal, wantRule: engine.RuleLinkNotInNetwork},
	})
	for _, rules := range []string{"", "original"} {
		g := lanc(t, rules, 3).Hand(0, "bolton").Game()
		for _, m := range g.LegalMoves() {
			if m.Type == "network" {
				t.Errorf("%s: a player with nothing on the board may build %v", ruleSetName(rules), m)
			}
		}
		var e *engine.Error
		if err := g.Check(networkMove(0, "bolton", "bolton-manchester")); !errors.As(err, &e) || !strings.Contains(e.Msg, "Build an industry first") {
			t.Errorf("%s: refusal %v does not say what to do", ruleSetName(rules), err)
		}
	}
}
