package engine_test

import (
	"strings"
	"testing"

	"brass/engine"
	"brass/engine/enginetest"
)

// refusalPosition: player 0 in the Canal Era with £9, a Coal Mine in Dudley, and a
// Birmingham and an Iron Works card.
func refusalPosition(t *testing.T) *engine.Game {
	return enginetest.New(t, 3).Era(engine.Canal).Turn(0).Hand(0, "birmingham", "iron_works").Money(0, 9).
		Tile("dudley_1", 0, engine.Coal, 1, 1).Game()
}

// TestRefusalsNameEveryReason: a location card refused names each industry's own reason,
// the one only money stops first; an industry card names each place's, one line per rule
// naming the other places it refuses.
func TestRefusalsNameEveryReason(t *testing.T) {
	g := refusalPosition(t)
	why := g.Refusals(g.Attempts("build", "birmingham"))
	if len(why) < 3 || why[0].Reason.Rule != engine.RuleMoney || why[0].Msg != "Cotton Mill I costs £12; you have £9." {
		t.Fatalf("Birmingham card: %v", why)
	}
	inds := map[engine.Industry]bool{}
	for _, e := range why {
		inds[e.Reason.Industry] = true
	}
	if !inds[engine.Cotton] || !inds[engine.Manufacturer] || !inds[engine.Iron] {
		t.Errorf("Birmingham card: not every industry of Birmingham has its reason: %v", why)
	}

	why = g.Refusals(g.Attempts("build", "iron_works"))
	rules := map[engine.Rule]string{}
	for _, e := range why {
		if _, twice := rules[e.Reason.Rule]; twice {
			t.Errorf("Iron Works card: rule %v on two lines: %v", e.Reason.Rule, why)
		}
		rules[e.Reason.Rule] = e.Msg
	}
	if !strings.Contains(rules[engine.RuleNotInNetwork], "The same goes for") || !strings.Contains(rules[engine.RuleCanalOneTile], "Dudley") {
		t.Errorf("Iron Works card: %v", why)
	}
}

// TestRefusalsComeFromTheRules: each reason is the one Check gives for one of the moves
// tried, its message extended only by the other places; the list is nearest to legal
// first (money, then resources, then places, then what is built).
func TestRefusalsComeFromTheRules(t *testing.T) {
	g := refusalPosition(t)
	for _, typ := range []string{"build", "develop", "network", "sell", "loan", "scout", "pass"} {
		tries := g.Attempts(typ, "")
		why := g.Refusals(tries)
		for _, e := range why {
			found := false
			for _, m := range tries {
				if ce, ok := g.Check(m).(*engine.Error); ok && ce.Reason == e.Reason && strings.HasPrefix(e.Msg, ce.Msg) {
					found = true
					break
				}
			}
			if !found {
				t.Errorf("%s: %q is no move's reason", typ, e.Msg)
			}
		}
		for i := 1; i < len(why); i++ {
			if stage(why[i].Reason.Rule) > stage(why[i-1].Reason.Rule) {
				t.Errorf("%s: %q comes after %q, which is further from legal", typ, why[i].Msg, why[i-1].Msg)
			}
		}
	}
}

// stage is a coarse copy of the documented order, for the test.
func stage(r engine.Rule) int {
	switch r {
	case engine.RuleMoney:
		return 3
	case engine.RuleNoCoalConnection, engine.RuleNoBeer, engine.RuleSource:
		return 2
	case engine.RuleNotInNetwork, engine.RuleCanalOneTile, engine.RuleCardLocation, engine.RuleSingleIconFirst, engine.RuleSpaceTaken:
		return 1
	}
	return 0
}

// TestRefusalsOfTheCheapest: among moves only money stops, the one short of least leads,
// each industry on its own line.
func TestRefusalsOfTheCheapest(t *testing.T) {
	g := enginetest.New(t, 3).Era(engine.Canal).Turn(0).Hand(0, "birmingham").Money(0, 4).
		Link("dudley-birmingham", 1).Tile("dudley_1", 1, engine.Coal, 1, 2).Game()
	why := g.Refusals(g.Attempts("build", "birmingham"))
	want := []string{"Iron Works I costs £5; you have £4.", "Manufacturer I costs £8; you have £4.", "Cotton Mill I costs £12; you have £4."}
	if len(why) != len(want) {
		t.Fatalf("%v", why)
	}
	for i, e := range why {
		if e.Msg != want[i] {
			t.Errorf("reason %d: %q, want %q", i, e.Msg, want[i])
		}
	}
}

// TestUnavailable: where no move can be named to refuse (here, no tile to sell, a second
// wild card for Scout), the general reason says which rule stands in the way (rulebook,
// Sell Action: "Choose 1 of your unflipped Cotton Mill, Manufacturer, or Pottery tiles";
// Scout Action: "You may not perform this action if you already have a Wild card in your
// Hand").
func TestUnavailable(t *testing.T) {
	g := refusalPosition(t)
	s := g.State()
	if why := s.Unavailable("sell"); !strings.Contains(why, "Cotton Mills, Manufacturers or Potteries") {
		t.Errorf("sell with nothing to sell: %q", why)
	}
	if why := s.Unavailable("scout"); !strings.Contains(why, "fewer") {
		t.Errorf("scout with two cards: %q", why)
	}
	wild := enginetest.New(t, 3).Era(engine.Canal).Turn(0).Hand(0, "birmingham", "iron_works", "wild_location").Game()
	if why := wild.State().Unavailable("scout"); !strings.Contains(why, "wild card") {
		t.Errorf("scout holding a wild card: %q", why)
	}
}
