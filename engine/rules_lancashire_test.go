package engine_test

import (
	"errors"
	"testing"

	"brass/engine"
	"brass/engine/enginetest"
)

// Rule-clause tests for Brass: Lancashire. "S0" is the original (Warfrog) rulebook,
// docs/lancashire-original-rules.txt; "S1" the Roxley rules summary,
// docs/lancashire-roxley-summary.md; "§n" the fact sheet, docs/lancashire-data.md. Each
// difference between the rule sets is tested under both.

// lanc starts a Lancashire position for n players under a rule set ("" Roxley, "original"),
// in the Canal Era's round 2 (two actions per turn) with player 0 to act.
func lanc(t *testing.T, rules string, n int) *enginetest.Builder {
	t.Helper()
	return enginetest.NewGame(t, engine.Config{Edition: "lancashire", Rules: rules, Players: n, Seed: 1}).Round(2).Turn(0)
}

func portSale(p int, card, mill, port string) engine.Move {
	return engine.Move{Type: "sell", Player: p, Card: card, Space: mill, Port: port}
}

func loanOf(p int, card string, amount int) engine.Move {
	return engine.Move{Type: "loan", Player: p, Card: card, Amount: amount}
}

// TestLancashireSetup checks S0 "STARTING THE GAME" and "Phase I. Initial cards", S1
// "Setup" and "Player Setup": £30, income £0 (space 10), 8 cards, the cards set aside (S0:
// 6 at 4 players, 9 at 3; S1: 1 per player under the deck tile), the Distant Market stack
// (§6) with the demand marker on top, and who may play (S1: 2–4 players; S0: 3–4).
func TestLancashireSetup(t *testing.T) {
	for _, c := range []struct {
		rules            string
		n, aside, tiles  int
		deckAfterDealing int
	}{
		{"", 2, 2, 8, 40 - 16}, {"", 3, 3, 10, 54 - 24}, {"", 4, 4, 12, 64 - 32},
		{"original", 3, 9, 12, 66 - 24}, {"original", 4, 6, 12, 66 - 32},
	} {
		s, err := engine.New(engine.Config{Edition: "lancashire", Rules: c.rules, Players: c.n, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		for p := 0; p < c.n; p++ {
			pl := s.Players[p]
			if pl.Money != 30 || pl.IncomeSpace != 10 || pl.HandLen != 8 || pl.DiscardLen != 0 || pl.LinksLeft != 14 {
				t.Errorf("rules %q %dp: player %+v", c.rules, c.n, pl)
			}
		}
		if int(s.DeckFloor) != c.aside || int(s.DeckLen) != c.deckAfterDealing {
			t.Errorf("rules %q %dp: deck %d with %d set aside, want %d and %d", c.rules, c.n, s.DeckLen, s.DeckFloor, c.deckAfterDealing, c.aside)
		}
		if int(s.DistantLen) != c.tiles || s.DistantLeft != s.DistantLen || s.Demand != 0 {
			t.Errorf("rules %q %dp: Distant Market %d/%d, demand %d", c.rules, c.n, s.DistantLeft, s.DistantLen, s.Demand)
		}
		if s.CoalMarket != 8 || s.IronMarket != 8 {
			t.Errorf("markets %d %d, want full (§7)", s.CoalMarket, s.IronMarket)
		}
	}
	for _, bad := range []engine.Config{
		{Edition: "lancashire", Rules: "original", Players: 2},
		{Edition: "lancashire", Rules: "classic", Players: 3},
		{Edition: "birmingham", Rules: "original", Players: 3},
		{Edition: "lancashire", Players: 3, Introductory: true},
	} {
		if _, err := engine.New(bad); !errors.Is(err, engine.ErrMalformed) {
			t.Errorf("%+v: got %v, want a clear refusal", bad, err)
		}
	}
	if _, err := engine.New(engine.Config{Edition: "lancashire", Players: 2}); err != nil {
		t.Errorf("Roxley 2 players: %v", err)
	}
}

// TestLancashireLoans checks S0 "ACTION 5 Take loan" and S1 "Loan": £10, £20 or £30, each £10
// one income level down to the highest space of the new level, never below −10; and the
// cut-off, which differs: S0 "You cannot take a loan once the deck of cards has been
// exhausted in the Rail Period"; S1 "May not take a loan during final 4 rounds of Rail Era".
func TestLancashireLoans(t *testing.T) {
	income := func(level int) func(t *testing.T, was, s *engine.State) {
		return func(t *testing.T, was, s *engine.State) {
			expectInt(t, "income level", s.IncomeLevel(0), level)
			expectInt(t, "income space", int(s.Players[0].IncomeSpace), engine.HighestSpace(level))
		}
	}
	cases := []ruleCase{
		{name: "£10 a level", pos: lanc(t, "", 3).Hand(0, "bolton").Income(0, 5), move: loanOf(0, "bolton", 10), check: income(4)},
		{name: "£20 two levels", pos: lanc(t, "", 3).Hand(0, "bolton").Income(0, 5), move: loanOf(0, "bolton", 20), check: income(3)},
		{name: "£30 three levels", pos: lanc(t, "original", 3).Hand(0, "bolton").Income(0, 5), move: loanOf(0, "bolton", 30),
			check: func(t *testing.T, was, s *engine.State) {
				income(2)(t, was, s)
				expectInt(t, "money", s.Players[0].Money, was.Players[0].Money+30)
			}},
		{name: "not below −10", pos: lanc(t, "", 3).Hand(0, "bolton").Income(0, -8), move: loanOf(0, "bolton", 30),
			wantErr: engine.ErrIllegal, wantRule: engine.RuleLoanIncome},
		{name: "an amount is needed", pos: lanc(t, "", 3).Hand(0, "bolton"), move: loanOf(0, "bolton", 0), wantErr: engine.ErrMalformed},
		{name: "£40 is not a loan", pos: lanc(t, "", 3).Hand(0, "bolton"), move: loanOf(0, "bolton", 40), wantErr: engine.ErrMalformed},
		{name: "Roxley: Rail round 5 of 8 has no loans", pos: lanc(t, "", 4).Era(engine.Rail).Round(5).Hand(0, "bolton"),
			move: loanOf(0, "bolton", 10), wantErr: engine.ErrIllegal, wantRule: engine.RuleLoanCutoff},
		{name: "Roxley: Rail round 4 of 8 has loans", pos: lanc(t, "", 4).Era(engine.Rail).Round(4).Hand(0, "bolton").EmptyDeck(1),
			move: loanOf(0, "bolton", 10), check: income(-1)},
		{name: "original: deck exhausted in the Rail Period", pos: lanc(t, "original", 4).Era(engine.Rail).Round(4).Hand(0, "bolton").EmptyDeck(1),
			move: loanOf(0, "bolton", 10), wantErr: engine.ErrIllegal, wantRule: engine.RuleLoanCutoff},
		{name: "original: cards left in the Rail Period", pos: lanc(t, "original", 4).Era(engine.Rail).Round(6).Hand(0, "bolton"),
			move: loanOf(0, "bolton", 10), check: income(-1)},
		{name: "original: deck exhausted in the Canal Period", pos: lanc(t, "original", 4).Round(7).Hand(0, "bolton").EmptyDeck(1),
			move: loanOf(0, "bolton", 10), check: income(-1)},
	}
	// (the original sets 2 cards aside in the Rail Period: the deck is "exhausted" with them left)
	cases[8].pos.State().DeckFloor = 2
	runRuleCases(t, cases)
}

// TestLancashireDoubleBuild checks S0 "Combining actions" and S1 "Build" ("Discard any 2
// cards, and treat them as any 1 Location card. This uses both of your turn's actions"):
// anywhere, both actions, not in a one-action turn (S0: "This cannot be done on your first
// turn of the game").
func TestLancashireDoubleBuild(t *testing.T) {
	double := buildMove(0, "bolton", "cotton_mill", "colne_1")
	double.Cards = []string{"wigan"}
	for _, rules := range []string{"", "original"} {
		runRuleCases(t, []ruleCase{
			{name: rules + " anywhere with two cards, ending the turn", pos: lanc(t, rules, 3).Hand(0, "bolton", "wigan", "preston").
				Tile("manchester_1", 0, engine.Cotton, 1, 0), move: double,
				check: func(t *testing.T, was, s *engine.State) {
					expectInt(t, "tile owner", tileAt(t, s, "colne_1").Owner, 1)
					expectInt(t, "next to act", s.Actor(), 1)
					expectInt(t, "money", s.Players[0].Money, 30-12)
					expectInt(t, "discards", s.Players[0].DiscardLen, 2)
				}},
			{name: rules + " not as the second action", pos: lanc(t, rules, 3).Hand(0, "bolton", "wigan").ActionsDone(1), move: double,
				wantErr: engine.ErrIllegal, wantRule: engine.RuleDoubleBuildTurn},
			{name: rules + " not in the first round", pos: lanc(t, rules, 3).Round(1).Hand(0, "bolton", "wigan"), move: double,
				wantErr: engine.ErrIllegal, wantRule: engine.RuleDoubleBuildTurn},
			{name: rules + " both cards held", pos: lanc(t, rules, 3).Hand(0, "bolton", "preston"), move: double,
				wantErr: engine.ErrIllegal, wantRule: engine.RuleCardNotHeld},
			{name: rules + " with one card, only where the card allows", pos: lanc(t, rules, 3).Hand(0, "bolton", "wigan").
				Tile("manchester_1", 0, engine.Cotton, 1, 0), move: buildMove(0, "bolton", "cotton_mill", "colne_1"),
				wantErr: engine.ErrIllegal, wantRule: engine.RuleCardLocation},
		})
	}
	// Birmingham has no two-card build.
	m := buildMove(0, "birmingham", "cotton_mill", "birmingham_1")
	m.Cards = []string{"dudley"}
	runRuleCases(t, []ruleCase{{name: "Birmingham", pos: enginetest.New(t, 3).Round(2).Turn(0).Hand(0, "birmingham", "dudley"),
		move: m, wantErr: engine.ErrMalformed}})
}

// TestLancashireShipyards checks S0 "Shipyards" and "Further restrictions on building"
// ("You cannot build an Industry with a Tech Level of zero … Only Tech Level 1 shipyards can
// be built in the Canal Period. Only Tech Level 2 shipyards can be built in the Rail
// Period"; "When you build a shipyard you immediately flip it"), S1 "Building a Shipyard".
func TestLancashireShipyards(t *testing.T) {
	yard := buildMove(0, "liverpool", "shipyard", "liverpool_3")
	for _, rules := range []string{"", "original"} {
		runRuleCases(t, []ruleCase{
			{name: rules + " level 0 is never built", pos: lanc(t, rules, 3).Hand(0, "liverpool"), move: yard,
				wantErr: engine.ErrIllegal, wantRule: engine.RuleNeverBuilt},
			{name: rules + " level 0 is developed away", pos: lanc(t, rules, 3).Hand(0, "liverpool"),
				move: developMove(0, "liverpool", "shipyard", "shipyard"),
				check: func(t *testing.T, was, s *engine.State) {
					expectInt(t, "shipyards used", s.Players[0].MatUsed[engine.Shipyard], 2)
				}},
			{name: rules + " level 1 in the Canal Era flips at once", pos: lanc(t, rules, 3).Hand(0, "liverpool").
				Mat(0, engine.Shipyard, 2).Link("liverpool-wigan", 1).Tile("wigan_1", 1, engine.Coal, 1, 2),
				move: yard, check: func(t *testing.T, was, s *engine.State) {
					tl := tileAt(t, s, "liverpool_3")
					if !tl.Flipped {
						t.Error("shipyard not flipped")
					}
					expectInt(t, "income space (+2)", s.Players[0].IncomeSpace, 12)
					expectInt(t, "coal left in Wigan", tileAt(t, s, "wigan_1").Cubes, 1)
				}},
			{name: rules + " level 2 not in the Canal Era", pos: lanc(t, rules, 3).Hand(0, "liverpool").Mat(0, engine.Shipyard, 4),
				move: yard, wantErr: engine.ErrIllegal, wantRule: engine.RuleWrongEra},
			{name: rules + " level 1 not in the Rail Era", pos: lanc(t, rules, 3).Era(engine.Rail).Hand(0, "liverpool").Mat(0, engine.Shipyard, 2),
				move: yard, wantErr: engine.ErrIllegal, wantRule: engine.RuleWrongEra},
		})
	}
}

// TestLancashirePortSales checks S0 "ACTION 4 Sell cotton" ("Selling cotton to a face-up port
// flips both the mill and the port. You can sell your cotton to a port owned by another
// player"; "your mill must be connected to it") and S1 "Sell" step 2.
func TestLancashirePortSales(t *testing.T) {
	base := func(rules string) *enginetest.Builder {
		return lanc(t, rules, 3).Hand(0, "bolton", "wigan").Tile("wigan_1", 0, engine.Coal, 1, 2).
			Tile("manchester_1", 0, engine.Cotton, 1, 0).Tile("warrington_runcorn_2", 1, engine.Port, 1, 0).
			Link("manchester-warrington_runcorn", 2)
	}
	sale := portSale(0, "bolton", "manchester_1", "warrington_runcorn_2")
	for _, rules := range []string{"", "original"} {
		runRuleCases(t, []ruleCase{
			{name: rules + " to another player's connected port", pos: base(rules), move: sale,
				check: func(t *testing.T, was, s *engine.State) {
					if !tileAt(t, s, "manchester_1").Flipped || !tileAt(t, s, "warrington_runcorn_2").Flipped {
						t.Error("mill and port must both flip")
					}
					expectInt(t, "seller's income space (+5)", s.Players[0].IncomeSpace, 15)
					expectInt(t, "port owner's income space (+3)", s.Players[1].IncomeSpace, 13)
					expectInt(t, "actions done (no other sale)", s.ActionsDone, 1)
				}},
			{name: rules + " not to a flipped port", pos: base(rules).Flipped("warrington_runcorn_2", 1, engine.Port, 1), move: sale,
				wantErr: engine.ErrIllegal, wantRule: engine.RulePortUsed},
			{name: rules + " not to an unconnected port", pos: lanc(t, rules, 3).Hand(0, "bolton").
				Tile("manchester_1", 0, engine.Cotton, 1, 0).Tile("warrington_runcorn_2", 1, engine.Port, 1, 0), move: sale,
				wantErr: engine.ErrIllegal, wantRule: engine.RulePortNotConnected},
			{name: rules + " not to a space without a port", pos: base(rules), move: portSale(0, "bolton", "manchester_1", "wigan_1"),
				wantErr: engine.ErrIllegal, wantRule: engine.RuleNotAPort},
		})
	}
}

// TestLancashireDistantMarket checks S0 "ACTION 4 Sell cotton" (the Distant Market through a
// constructed port or an External Location; "turning over the top tile … moving the Cotton
// Demand marker down … You then increase your income a number of spaces indicated at the side
// of the track"; "If the Cotton Demand marker reaches the bottom space then you do not flip
// your mill. Your action ends immediately. No more cotton can be sold to the Distant Market";
// "If you sell cotton to the Distant Market via a face-up port, do not flip the port") and S1
// "Sell" step 2 (the same), with §6's track bonuses.
func TestLancashireDistantMarket(t *testing.T) {
	base := func(rules string) *enginetest.Builder {
		return lanc(t, rules, 3).Hand(0, "bolton", "wigan").Tile("colne_1", 0, engine.Cotton, 1, 0).
			Tile("macclesfield_1", 0, engine.Cotton, 1, 0).Mat(0, engine.Cotton, 2).Link("colne-yorkshire", 1)
	}
	dm := portSale(0, "bolton", "colne_1", engine.DistantMarketID)
	for _, rules := range []string{"", "original"} {
		runRuleCases(t, []ruleCase{
			{name: rules + " through an external location", pos: base(rules).Distant(0, 3, 2), move: dm,
				check: func(t *testing.T, was, s *engine.State) {
					if !tileAt(t, s, "colne_1").Flipped {
						t.Error("mill not flipped")
					}
					expectInt(t, "demand marker (down 2)", s.Demand, 2)
					expectInt(t, "income space (+5 +2)", s.Players[0].IncomeSpace, 17)
					expectInt(t, "stack", s.DistantLeft, 1)
					expectInt(t, "actions done", s.ActionsDone, 1)
				}},
			{name: rules + " a 0 tile keeps the top bonus", pos: base(rules).Distant(0, 3, 0), move: dm,
				check: func(t *testing.T, was, s *engine.State) {
					expectInt(t, "income space (+5 +3)", s.Players[0].IncomeSpace, 18)
				}},
			{name: rules + " reaching X fails and ends the action", pos: base(rules).Distant(6, 3, 2), move: dm,
				check: func(t *testing.T, was, s *engine.State) {
					if tileAt(t, s, "colne_1").Flipped {
						t.Error("mill flipped")
					}
					if !s.DemandClosed() {
						t.Error("demand not closed")
					}
					expectInt(t, "income space", s.Players[0].IncomeSpace, 10)
					expectInt(t, "actions done", s.ActionsDone, 1)
				}},
			{name: rules + " closed after X", pos: base(rules).Distant(8, 3, 2), move: dm,
				wantErr: engine.ErrIllegal, wantRule: engine.RuleDemandClosed},
			{name: rules + " not connected to a port or an external location", pos: lanc(t, rules, 3).Hand(0, "bolton").
				Tile("colne_1", 0, engine.Cotton, 1, 0), move: dm, wantErr: engine.ErrIllegal, wantRule: engine.RuleDistantNotConnected},
			{name: rules + " through a port, which does not flip", pos: lanc(t, rules, 3).Hand(0, "bolton").Distant(0, 3, 2).
				Tile("preston_2", 0, engine.Cotton, 1, 0).Tile("preston_1", 1, engine.Port, 1, 0),
				move: portSale(0, "bolton", "preston_2", engine.DistantMarketID),
				check: func(t *testing.T, was, s *engine.State) {
					if tileAt(t, s, "preston_1").Flipped || !tileAt(t, s, "preston_2").Flipped {
						t.Error("the port must stay, the mill flip")
					}
				}},
			{name: rules + " a second sale in the same action, without a card", pos: base(rules).Distant(0, 3, 2, 1).
				Link("macclesfield-the_midlands", 2),
				before: []engine.Move{dm}, move: portSale(0, "", "macclesfield_1", engine.DistantMarketID),
				check: func(t *testing.T, was, s *engine.State) {
					expectInt(t, "demand marker", s.Demand, 3)
					expectInt(t, "income space (+5+3, +5+2)", s.Players[0].IncomeSpace, 25)
					expectInt(t, "phase", s.Phase, engine.PhaseAction)
				}},
		})
	}
}

// TestLancashireCoal checks S0 "c. Moving coal" (the Coal Demand track only for a location
// connected to "a constructed port … anyone's port counter … whether it is face up or face
// down. The three External Locations also count") and "Coal mines" ("If at the point at
// which you build your mine it is connected to a constructed port then you MUST immediately
// move coal cubes from it"), S1 "Consuming" and "Build" step 5; iron always (S0 "Iron works").
func TestLancashireCoal(t *testing.T) {
	mill2 := buildMove(0, "bolton", "cotton_mill", "bolton_1")
	for _, rules := range []string{"", "original"} {
		runRuleCases(t, []ruleCase{
			{name: rules + " coal market through a flipped port", pos: lanc(t, rules, 3).Hand(0, "bolton").Mat(0, engine.Cotton, 3).
				Link("bolton-manchester", 1).Link("manchester-warrington_runcorn", 1).Flipped("warrington_runcorn_2", 2, engine.Port, 1),
				move: mill2, check: func(t *testing.T, was, s *engine.State) {
					expectInt(t, "coal market", s.CoalMarket, 7)
					expectInt(t, "money (£14 + £1)", s.Players[0].Money, 15)
				}},
			{name: rules + " no coal market without a port", pos: lanc(t, rules, 3).Hand(0, "bolton").Mat(0, engine.Cotton, 3).
				Link("bolton-manchester", 1), move: mill2, wantErr: engine.ErrIllegal, wantRule: engine.RuleNoCoalConnection},
			{name: rules + " a new mine connected to a port sells coal", pos: lanc(t, rules, 3).Hand(0, "wigan").CoalMarket(6).
				Link("liverpool-wigan", 1).Tile("liverpool_1", 1, engine.Port, 1, 0), move: buildMove(0, "wigan", "coal_mine", "wigan_1"),
				check: func(t *testing.T, was, s *engine.State) {
					expectInt(t, "coal market", s.CoalMarket, 8)
					expectInt(t, "money (−£5 + £1 + £1: the empty spaces are the cheapest)", s.Players[0].Money, 27)
					if !tileAt(t, s, "wigan_1").Flipped {
						t.Error("emptied mine not flipped")
					}
				}},
			{name: rules + " a new mine not connected keeps its coal", pos: lanc(t, rules, 3).Hand(0, "wigan").CoalMarket(6),
				move: buildMove(0, "wigan", "coal_mine", "wigan_1"),
				check: func(t *testing.T, was, s *engine.State) {
					expectInt(t, "coal market", s.CoalMarket, 6)
					expectInt(t, "cubes", tileAt(t, s, "wigan_1").Cubes, 2)
				}},
			{name: rules + " iron always sells", pos: lanc(t, rules, 3).Hand(0, "bolton").IronMarket(5).Tile("wigan_1", 1, engine.Coal, 1, 2).
				Link("bolton-wigan", 1).Era(engine.Rail).Mat(0, engine.Iron, 1), move: buildMove(0, "bolton", "iron_works", "bolton_3"),
				check: func(t *testing.T, was, s *engine.State) {
					expectInt(t, "iron market", s.IronMarket, 8)
				}},
		})
	}
}

// TestLancashireVirtualLink checks S0 "Birkenhead": the virtual Liverpool–Birkenhead link
// "acts like a constructed rail link only for connectivity purposes when using an industry
// card to Build industries"; the Roxley rules have no such link (§2).
func TestLancashireVirtualLink(t *testing.T) {
	yard := buildMove(0, "shipyard", "shipyard", "birkenhead_1")
	pos := func(rules string) *enginetest.Builder {
		return lanc(t, rules, 3).Era(engine.Rail).Hand(0, "shipyard").Mat(0, engine.Shipyard, 4).
			Tile("liverpool_1", 0, engine.Port, 2, 0).Link("birkenhead-ellesmere_port", 1).
			Tile("ellesmere_port_1", 1, engine.Port, 2, 0)
	}
	runRuleCases(t, []ruleCase{
		{name: "original: industry card across the virtual link", pos: pos("original"), move: yard,
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "owner", tileAt(t, s, "birkenhead_1").Owner, 1)
			}},
		{name: "Roxley: no virtual link", pos: pos(""), move: yard, wantErr: engine.ErrIllegal, wantRule: engine.RuleNotInNetwork},
		{name: "original: no link out of the other town", pos: lanc(t, "original", 3).Era(engine.Rail).Hand(0, "bolton").
			Tile("liverpool_1", 0, engine.Port, 2, 0).Tile("wigan_1", 1, engine.Coal, 2, 3),
			move: networkMove(0, "bolton", "birkenhead-ellesmere_port"), wantErr: engine.ErrIllegal, wantRule: engine.RuleLinkNotInNetwork},
	})
}

// TestLancashireNoScoutNoBeer: Lancashire has neither Birmingham's Scout action nor beer.
func TestLancashireNoScoutNoBeer(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "no scout", pos: lanc(t, "", 3).Hand(0, "bolton", "wigan", "bury"),
			move:    engine.Move{Type: "scout", Player: 0, Card: "bolton", Cards: []string{"wigan", "bury"}},
			wantErr: engine.ErrIllegal, wantRule: engine.RuleNoScout},
	})
}

// TestLancashirePortBox checks S0 "Lancaster" and "Preston" ("If you build a port in
// Lancaster then you must use the left-hand box first, if it is empty").
func TestLancashirePortBox(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "Lancaster's shared box while the port box is empty", pos: lanc(t, "original", 3).Hand(0, "lancaster"),
			move: buildMove(0, "lancaster", "port", "lancaster_2"), wantErr: engine.ErrIllegal, wantRule: engine.RuleSingleIconFirst},
		{name: "Lancaster's port box", pos: lanc(t, "", 3).Hand(0, "lancaster"), move: buildMove(0, "lancaster", "port", "lancaster_1")},
		{name: "Preston's shared box once the port box is taken", pos: lanc(t, "", 3).Hand(0, "preston").Tile("preston_1", 1, engine.Port, 1, 0),
			move: buildMove(0, "preston", "port", "preston_2")},
	})
}

// lastTurn is a position at the last action of an era: 3 players in turn order 1, 2, 0,
// player 0 to act with one card left, every other hand and the deck empty.
func lastTurn(t *testing.T, rules string, era engine.Era) *enginetest.Builder {
	b := lanc(t, rules, 3).Era(era).Round(8).Order(1, 2, 0).Turn(0).ActionsDone(1).Hand(1).Hand(2).Hand(0, "bolton")
	s := b.State()
	for i := 0; s.DeckLen > 0; i++ { // the deck into the discard piles
		s.DeckLen--
		pl := &s.Players[i%3]
		pl.Discard[pl.DiscardLen] = s.Deck[s.DeckLen]
		pl.DiscardLen++
	}
	s.DeckFloor = 0
	return b
}

// TestLancashireEraScoring checks S0 "Phase III. Victory points" (links score the circles at
// either end: flipped tiles of any owner and the pairs of circles of the external locations,
// Blackpool, Southport and Northwich; the level-1 Cotton Mill's 3 VP), S1 "End of Canal Era"
// (its level-1 Cotton Mill scores 5, §4), S0 "Phase IV" and S1 "End of Canal Era" step 3 (the
// Distant Market reshuffled, the marker back on top) and the cards set aside for the Rail
// Era (S0: 2 at 4 players, 6 at 3; S1: none, the 2 per player under the Rothschild tile are
// played).
func TestLancashireEraScoring(t *testing.T) {
	for _, c := range []struct {
		rules          string
		cottonVP, rail int
	}{{"", 5, 0}, {"original", 3, 6}} {
		runRuleCases(t, []ruleCase{{name: c.rules + " Canal Era", pos: lastTurn(t, c.rules, engine.Canal).
			Flipped("colne_1", 0, engine.Cotton, 1).Link("colne-yorkshire", 0).Link("burnley-colne", 1).Distant(9-1, 1),
			move: passMove(0, "bolton"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "player 0's VP (3 for the canal + the mill)", int(s.Players[0].VP), 3+c.cottonVP)
				expectInt(t, "player 1's VP (1 for the canal)", int(s.Players[1].VP), 1)
				expectInt(t, "era", s.Era, engine.Rail)
				expectInt(t, "demand marker", s.Demand, 0)
				expectInt(t, "stack", s.DistantLeft, s.DistantLen)
				expectInt(t, "cards set aside", int(s.DeckFloor), c.rail)
				if tileAt(t, s, "colne_1").Owner != 0 {
					t.Error("level-1 tile not removed")
				}
			}}})
	}
}

// TestLancashireFinalScoring checks S0 "Phase III" ("If it is the end of the Rail Period then
// players also score 1VP for every £10 cash they hold") and S1 "End of Rail Era" step 2, and
// the tie-breaks, which differ: S0 "ENDING THE GAME" (income, cash, then "The tied player who
// would have gone earlier in the order of play wins"), S1 step 3 ("highest Income, then most
// Money, then draw").
func TestLancashireFinalScoring(t *testing.T) {
	for _, rules := range []string{"", "original"} {
		runRuleCases(t, []ruleCase{{name: rules + " money and ties", pos: lastTurn(t, rules, engine.Rail).Money(0, 35).Money(1, 35).Money(2, 35),
			move: passMove(0, "bolton"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "phase", s.Phase, engine.PhaseOver)
				for p := 0; p < 3; p++ {
					expectInt(t, "VP for £35", int(s.Players[p].VP), 3)
				}
				st := s.Standings()
				if rules == "" {
					for _, x := range st {
						if x.Rank != 1 {
							t.Errorf("Roxley: a full tie is shared, got %+v", st)
						}
					}
					return
				}
				// the next round's order keeps 1, 2, 0 (nobody spent anything)
				if st[0].Player != 1 || st[0].Rank != 1 || st[1].Player != 2 || st[1].Rank != 2 || st[2].Player != 0 || st[2].Rank != 3 {
					t.Errorf("original: ties broken by turn order, got %+v", st)
				}
			}}})
	}
}

// TestLancashireView: the Distant Market stack is hidden information (S0: "place them face
// down"); a seat's view hides its order and keeps its size and the revealed tiles, and the
// bot's re-sampling fills it with the tiles not yet revealed.
func TestLancashireView(t *testing.T) {
	s := lanc(t, "", 4).Distant(2, 3, 2, 0).Build()
	v := s.View(0)
	if v.DistantLeft != 3 || v.DistantLen != 12 {
		t.Fatalf("view stack %d of %d", v.DistantLeft, v.DistantLen)
	}
	for i := 0; i < 3; i++ {
		if v.Distant[i] != engine.HiddenCard {
			t.Errorf("face-down tile %d visible: %d", i, v.Distant[i])
		}
	}
	for i := 3; i < 12; i++ {
		if v.Distant[i] != s.Distant[i] {
			t.Errorf("revealed tile %d hidden", i)
		}
	}
	v.ResampleDistant(7)
	var got, want [5]int
	for i := 0; i < 3; i++ {
		got[s.Edition().DistantTiles[v.Distant[i]].Drop]++
		want[s.Edition().DistantTiles[s.Distant[i]].Drop]++
	}
	if got != want {
		t.Errorf("re-sampled stack holds drops %v, want the unrevealed %v", got, want)
	}
}

// TestLancashireLog: a sale's log names the cause first, then what it caused (the flips and
// the Distant Market bonus), naming the tile drawn and the port sold to.
func TestLancashireLog(t *testing.T) {
	g := lanc(t, "", 3).Hand(0, "bolton", "wigan").Tile("colne_1", 0, engine.Cotton, 1, 0).
		Link("colne-yorkshire", 1).Distant(0, 3, 2).Game()
	got := moveEntries(t, g, portSale(0, "bolton", "colne_1", engine.DistantMarketID))
	expectLog(t, got,
		entry(engine.LogAction, "Player 1 sells Cotton Mill I in Colne to the Distant Market: the tile shows −2, the cotton demand marker moves to space 3 (+2 income spaces)."),
		entry(engine.LogFlip, "Player 1's Cotton Mill I in Colne flips: income +5 spaces (level 3)."),
		entry(engine.LogFlip, "Player 1's Distant Market bonus: income +2 spaces (level 4)."))
	g = lanc(t, "", 3).Hand(0, "bolton", "wigan").Tile("preston_2", 0, engine.Cotton, 1, 0).
		Tile("preston_1", 1, engine.Port, 1, 0).Game()
	got = moveEntries(t, g, portSale(0, "bolton", "preston_2", "preston_1"))
	expectLog(t, got,
		entry(engine.LogAction, "Player 1 sells Cotton Mill I in Preston to Player 2's Port I in Preston."),
		entry(engine.LogFlip, "Player 2's Port I in Preston flips: income +3 spaces (level 2)."),
		entry(engine.LogFlip, "Player 1's Cotton Mill I in Preston flips: income +5 spaces (level 3)."))
	if !g.CanUndo() {
		t.Error("a port sale reveals nothing: it may be undone")
	}
	g = lanc(t, "", 3).Hand(0, "bolton", "wigan").Tile("colne_1", 0, engine.Cotton, 1, 0).Link("colne-yorkshire", 1).Game()
	moveEntries(t, g, portSale(0, "bolton", "colne_1", engine.DistantMarketID))
	if g.CanUndo() {
		t.Error("a Distant Market sale revealed a hidden tile: it cannot be undone")
	}
}

// TestLancashireSteps: the step queries ask for Lancashire's new choices: a loan's amount, a
// sale's port or the Distant Market, a two-card build's second card.
func TestLancashireSteps(t *testing.T) {
	g := lanc(t, "", 3).Hand(0, "bolton", "wigan").Tile("preston_2", 0, engine.Cotton, 1, 0).
		Tile("preston_1", 1, engine.Port, 1, 0).Link("lancaster-preston", 2).Game()
	legal := g.LegalMoves()
	if c := engine.Next(legal, "loan", map[string]string{"card": "bolton"}); c.Field != "amount" || !equalStrings(c.Values, "10", "20", "30") {
		t.Errorf("loan: %q %v", c.Field, c.Values)
	}
	if c := engine.Next(legal, "sell", map[string]string{"card": "bolton"}); c.Field != "port" || !sameMultiset(c.Values, []string{"preston_1", engine.DistantMarketID}) {
		t.Errorf("sell: %q %v", c.Field, c.Values)
	}
	if c := engine.Next(legal, "build", map[string]string{"card": "bolton"}); c.Field != "cards" || !sameMultiset(c.Values, []string{"", "wigan"}) {
		t.Errorf("build: %q %v", c.Field, c.Values)
	}
}

func equalStrings(got []string, want ...string) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if got[i] != want[i] {
			return false
		}
	}
	return true
}

// TestLancashireBarrowNeedsRail checks S0 "Barrow-in-Furness" ("You cannot build here until
// the Rail Period. You can only build a shipyard or iron works in Barrow-in-Furness if there
// is a constructed rail link leading to it to bring coal in"), which follows from the links:
// Barrow's only line is the Lancaster rail.
func TestLancashireBarrowNeedsRail(t *testing.T) {
	iron := buildMove(0, "barrow", "iron_works", "barrow_2")
	for _, rules := range []string{"", "original"} {
		runRuleCases(t, []ruleCase{
			{name: rules + " Canal Era: no coal reaches Barrow", pos: lanc(t, rules, 3).Hand(0, "barrow").
				Tile("lancaster_1", 1, engine.Port, 1, 0), move: iron, wantErr: engine.ErrIllegal, wantRule: engine.RuleNoCoalConnection},
			{name: rules + " Rail Era with the Lancaster rail", pos: lanc(t, rules, 3).Era(engine.Rail).Hand(0, "barrow").Mat(0, engine.Iron, 1).
				Tile("lancaster_1", 1, engine.Port, 2, 0).Link("barrow-lancaster", 2), move: iron,
				check: func(t *testing.T, was, s *engine.State) {
					expectInt(t, "coal market (one bought through Lancaster's port)", s.CoalMarket, 7)
				}},
		})
	}
}
