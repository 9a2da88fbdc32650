package engine_test

import (
	"errors"
	"testing"

	"brass/engine"
	"brass/engine/enginetest"
)

// TestPlayerTurns checks "Player Turns": "perform a total of 2 actions. Exception: During
// the first round of the Canal Era, each player performs only 1 action"; "For each action
// you perform, you must discard a card from your Hand and place it face up on top of your
// Discard Pile. Exception: Wild cards are placed back onto their Card Draw Areas"; "refill
// your Hand back up to 8 cards"; "Once the Draw Deck has been exhausted, your Hand will
// decrease each round"; and "ACTIONS LIST": "you may perform the same action twice".
func TestPlayerTurns(t *testing.T) {
	hand := []string{"birmingham", "dudley", "coventry", "brewery", "iron_works", "stafford", "cannock", "walsall"}
	round1 := func() *enginetest.Builder { // Canal Era round 1: 1 action per turn
		return enginetest.New(t, 3).Turn(0).Hand(0, hand...)
	}
	round2 := func() *enginetest.Builder { // later rounds: 2 actions
		return enginetest.New(t, 3).Era(engine.Canal).Turn(0).Hand(0, hand...)
	}
	cases := []ruleCase{
		{
			name: "first Canal round: one action ends the turn and the hand is refilled to 8",
			pos:  round1(),
			move: passMove(0, "birmingham"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "actor", s.Actor(), 1)
				expectInt(t, "hand", s.Players[0].HandLen, 8)
				expectInt(t, "deck", s.DeckLen, was.DeckLen-1)
				expectInt(t, "actions done", s.ActionsDone, 0)
				expectInt(t, "round", s.Round, 1)
			},
		},
		{
			name: "later rounds: the first of two actions keeps the turn and the card is discarded face up",
			pos:  round2(),
			move: passMove(0, "dudley"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "actor", s.Actor(), 0)
				expectInt(t, "actions done", s.ActionsDone, 1)
				expectInt(t, "hand", s.Players[0].HandLen, 7)
				expectInt(t, "discard pile", s.Players[0].DiscardLen, was.Players[0].DiscardLen+1)
				if top := topDiscard(s, 0); top != "dudley" {
					t.Errorf("top of the discard pile is %q, want dudley", top)
				}
				expectInt(t, "deck", s.DeckLen, was.DeckLen)
			},
		},
		{
			name:   "later rounds: the second action ends the turn and refills 2 cards",
			pos:    round2(),
			before: []engine.Move{passMove(0, "dudley")},
			move:   passMove(0, "coventry"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "actor", s.Actor(), 1)
				expectInt(t, "hand", s.Players[0].HandLen, 8)
				expectInt(t, "deck", s.DeckLen, was.DeckLen-2)
				expectInt(t, "discard pile", s.Players[0].DiscardLen, was.Players[0].DiscardLen+1)
			},
		},
		{
			name:   "the same action may be taken twice in a turn",
			pos:    round2(),
			before: []engine.Move{loanMove(0, "dudley")},
			move:   loanMove(0, "coventry"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "money", s.Players[0].Money, 17+60)
				expectInt(t, "actor", s.Actor(), 1)
			},
		},
		{
			name: "a wild card goes back to its pile, not to the discard pile",
			pos:  enginetest.New(t, 3).Era(engine.Canal).Turn(0).Hand(0, "wild_location", "wild_industry", "birmingham"),
			move: passMove(0, "wild_location"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "wild location pile", s.WildLocations, was.WildLocations+1)
				expectInt(t, "discard pile", s.Players[0].DiscardLen, was.Players[0].DiscardLen)
				expectInt(t, "wild locations held", handHas(t, s, 0, "wild_location"), 0)
			},
		},
		{
			name: "a wild industry card used to build goes back to its pile",
			pos: enginetest.New(t, 3).Era(engine.Canal).Turn(0).Hand(0, "wild_industry", "birmingham").
				Link("dudley-birmingham", 0),
			move: buildMove(0, "wild_industry", "cotton_mill", "birmingham_1"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "wild industry pile", s.WildIndustries, was.WildIndustries+1)
				expectInt(t, "discard pile", s.Players[0].DiscardLen, was.Players[0].DiscardLen)
			},
		},
		{
			name: "with the draw deck exhausted the hand is not refilled",
			pos:  enginetest.New(t, 3).Era(engine.Canal).Turn(0).Hand(0, "birmingham", "dudley", "coventry").EmptyDeck(1),
			before: []engine.Move{
				passMove(0, "birmingham"),
			},
			move: passMove(0, "dudley"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "hand", s.Players[0].HandLen, 1)
				expectInt(t, "actor", s.Actor(), 1)
			},
		},
		{
			name: "a refill stops when the deck runs out",
			pos: func() *enginetest.Builder {
				b := enginetest.New(t, 3).Era(engine.Canal).Turn(0).Hand(0, hand...).EmptyDeck(1)
				s := b.State() // put one card back: the deck holds 1
				pl := &s.Players[1]
				pl.DiscardLen--
				s.Deck[0] = pl.Discard[pl.DiscardLen]
				s.DeckLen = 1
				return b
			}(),
			before: []engine.Move{passMove(0, "dudley")},
			move:   passMove(0, "coventry"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "hand", s.Players[0].HandLen, 7)
				expectInt(t, "deck", s.DeckLen, 0)
			},
		},
		{
			name:    "an action needs a card",
			pos:     round2(),
			move:    engine.Move{Type: "pass", Player: 0},
			wantErr: engine.ErrIllegal, wantRule: engine.RuleNeedCard,
		},
		{
			name:    "the card must be in the hand",
			pos:     round2(),
			move:    passMove(0, "coalbrookdale"),
			wantErr: engine.ErrIllegal, wantRule: engine.RuleCardNotHeld,
		},
		{
			name:    "a wild card not held cannot be discarded",
			pos:     round2(),
			move:    passMove(0, "wild_industry"),
			wantErr: engine.ErrIllegal, wantRule: engine.RuleCardNotHeld,
		},
	}
	runRuleCases(t, cases)
}

// TestPass checks "Passing": "You may choose to pass instead of performing an action, but
// must still discard a card for each action you pass." A pass spends nothing.
func TestPass(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{
			name: "a pass discards the card and changes nothing else",
			pos:  enginetest.New(t, 2).Era(engine.Rail).Turn(1).Hand(1, "stafford", "brewery"),
			move: passMove(1, "brewery"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "money", s.Players[1].Money, was.Players[1].Money)
				expectInt(t, "spent", s.Players[1].Spent, 0)
				expectInt(t, "hand", s.Players[1].HandLen, 1)
				if top := topDiscard(s, 1); top != "brewery" {
					t.Errorf("top discard %q, want brewery", top)
				}
			},
		},
		{
			name:    "a pass without a card is refused",
			pos:     enginetest.New(t, 2).Era(engine.Rail).Turn(1).Hand(1, "stafford", "brewery"),
			move:    engine.Move{Type: "pass", Player: 1},
			wantErr: engine.ErrIllegal, wantRule: engine.RuleNeedCard,
		},
	})
}

// TestBuildInTownsWithoutCards checks "Location Banners" with "Build Action" step 1 ("Note:
// In 2/3-player games you may still build in any location"): a town whose cards are out of
// the deck (Belper and Derby at 2 players) can still be built in with an industry card in
// the network, a wild industry card, or a wild location card.
func TestBuildInTownsWithoutCards(t *testing.T) {
	base := func() *enginetest.Builder {
		return enginetest.New(t, 2).Era(engine.Canal).Turn(0).Money(0, 40).
			Hand(0, "coal_mine", "wild_industry", "wild_location", "pottery").
			Link("belper-derby", 0)
	}
	cases := []ruleCase{
		{
			name: "coal mine card in Belper (in the network) at 2 players",
			pos:  base(),
			move: buildMove(0, "coal_mine", "coal_mine", "belper_2"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "owner", tileAt(t, s, "belper_2").Owner, 1)
			},
		},
		{
			name: "wild industry card in Derby (in the network) at 2 players",
			pos:  base(),
			move: buildMove(0, "wild_industry", "cotton_mill", "derby_2"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "owner", tileAt(t, s, "derby_2").Owner, 1)
			},
		},
		{
			name: "wild location card in Belper, even off the network",
			pos:  enginetest.New(t, 2).Era(engine.Canal).Turn(0).Money(0, 40).Hand(0, "wild_location", "pottery"),
			move: buildMove(0, "wild_location", "coal_mine", "belper_2"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "owner", tileAt(t, s, "belper_2").Owner, 1)
			},
		},
		{
			name: "a blue-banner town (Leek) at 2 players with the coal mine card",
			pos: enginetest.New(t, 2).Era(engine.Canal).Turn(0).Money(0, 40).Hand(0, "coal_mine").
				Link("stoke_on_trent-leek", 0),
			move: buildMove(0, "coal_mine", "coal_mine", "leek_2"),
			check: func(t *testing.T, was, s *engine.State) {
				expectInt(t, "owner", tileAt(t, s, "leek_2").Owner, 1)
			},
		},
	}
	runRuleCases(t, cases)
}

// TestMoveErrors checks the refusals every move goes through before the rules (engine/doc.go
// error kinds): not your turn, game over, a stale move (Move.At not the number of moves
// applied) and malformed ids.
func TestMoveErrors(t *testing.T) {
	base := func() *enginetest.Builder {
		return enginetest.New(t, 3).Era(engine.Canal).Turn(0).Hand(0, "birmingham", "coal_mine").Hand(1, "dudley")
	}
	at := func(n int) *int { return &n }
	over := base()
	over.State().Phase = engine.PhaseOver
	cases := []ruleCase{
		{name: "another player's move", pos: base(), move: passMove(1, "dudley"), wantErr: engine.ErrNotYourTurn, wantRule: engine.RuleNotYourTurn},
		{name: "any move once the game is over", pos: over, move: passMove(0, "birmingham"), wantErr: engine.ErrGameOver, wantRule: engine.RuleGameOver},
		{name: "a move made against another position is stale", pos: base(),
			move: engine.Move{Type: "pass", Player: 0, Card: "birmingham", At: at(3)}, wantErr: engine.ErrStale},
		{name: "a move made against a later position is stale", pos: base(), before: []engine.Move{passMove(0, "birmingham")},
			move: engine.Move{Type: "pass", Player: 0, Card: "coal_mine", At: at(0)}, wantErr: engine.ErrStale},
		{name: "a move made against the current position is accepted", pos: base(), before: []engine.Move{passMove(0, "birmingham")},
			move: engine.Move{Type: "pass", Player: 0, Card: "coal_mine", At: at(1)}},
		{name: "unknown move type", pos: base(), move: engine.Move{Type: "trade", Player: 0, Card: "birmingham"}, wantErr: engine.ErrMalformed},
		{name: "unknown card", pos: base(), move: passMove(0, "london"), wantErr: engine.ErrMalformed},
		{name: "unknown build space", pos: base(), move: buildMove(0, "birmingham", "cotton_mill", "birmingham_9"), wantErr: engine.ErrMalformed},
		{name: "unknown industry", pos: base(), move: buildMove(0, "birmingham", "steel_mill", "birmingham_1"), wantErr: engine.ErrMalformed},
		{name: "unknown link", pos: base(), move: networkMove(0, "birmingham", "birmingham-london"), wantErr: engine.ErrMalformed},
		{name: "link id in the wrong order", pos: base(), move: networkMove(0, "birmingham", "birmingham-dudley"), wantErr: engine.ErrMalformed},
		{name: "unknown merchant", pos: base(), move: sellMove(0, "birmingham", "birmingham_1", "london_1"), wantErr: engine.ErrMalformed},
		{name: "unknown coal source", pos: base(), move: withCoal(buildMove(0, "birmingham", "cotton_mill", "birmingham_1"), "somewhere"), wantErr: engine.ErrMalformed},
		{name: "negative player", pos: base(), move: passMove(-1, "birmingham"), wantErr: engine.ErrMalformed},
		{name: "player beyond the table", pos: base(), move: passMove(3, "birmingham"), wantErr: engine.ErrMalformed, wantRule: engine.RuleNoSuchPlayer},
		{name: "player beyond any table", pos: base(), move: passMove(9, "birmingham"), wantErr: engine.ErrMalformed},
		{name: "three links", pos: base(), move: networkMove(0, "birmingham", "dudley-birmingham", "walsall-birmingham", "tamworth-birmingham"), wantErr: engine.ErrMalformed},
	}
	runRuleCases(t, cases)

	t.Run("ParseMove refuses unknown fields and bad JSON", func(t *testing.T) {
		if _, err := engine.ParseMove([]byte(`{"type":"pass","player":0,"card":"birmingham","bribe":5}`)); !errors.Is(err, engine.ErrMalformed) {
			t.Errorf("unknown field: got %v", err)
		}
		if _, err := engine.ParseMove([]byte(`{"type":`)); !errors.Is(err, engine.ErrMalformed) {
			t.Errorf("bad JSON: got %v", err)
		}
		m, err := engine.ParseMove([]byte(`{"type":"network","player":2,"card":"dudley","links":["dudley-birmingham"]}`))
		if err != nil || m.Type != "network" || m.Player != 2 || m.Links[0] != "dudley-birmingham" {
			t.Errorf("good move: %v %v", m, err)
		}
	})
}

// TestRoundsPerEra checks "Rounds": "Each era is played in rounds, which continue until both
// the Draw Deck and players' Hands are exhausted. There are exactly 8/9/10 rounds per era in a
// 4/3/2-players game", with "Player Turns" (1 action each in the first Canal round; the extra
// face-down discard makes up for it, fact sheet §9) — played out with passes only.
func TestRoundsPerEra(t *testing.T) {
	for _, tc := range []struct{ players, rounds int }{{2, 10}, {3, 9}, {4, 8}} {
		g, err := engine.NewGame(engine.Config{Edition: "birmingham", Players: tc.players, Seed: 7})
		if err != nil {
			t.Fatal(err)
		}
		last := map[engine.Era]int{}
		for steps := 0; !g.Over(); steps++ {
			s := g.State()
			if steps > 1000 {
				t.Fatalf("%dp: the game does not end", tc.players)
			}
			last[s.Era] = int(s.Round)
			p := s.Actor()
			hand := s.HandCards(p)
			if len(hand) == 0 {
				t.Fatalf("%dp: %s round %d: player %d to act with no cards", tc.players, s.Era, s.Round, p)
			}
			if err := g.Apply(passMove(p, s.Edition().Cards[hand[0]].ID)); err != nil {
				t.Fatalf("%dp: %v", tc.players, err)
			}
		}
		if last[engine.Canal] != tc.rounds || last[engine.Rail] != tc.rounds {
			t.Errorf("%d players: %d Canal and %d Rail rounds, want %d each", tc.players, last[engine.Canal], last[engine.Rail], tc.rounds)
		}
		// income 0 all game: money is still £17 each
		for p := 0; p < tc.players; p++ {
			if m := g.State().Players[p].Money; m != 17 {
				t.Errorf("%dp: player %d has £%d", tc.players, p, m)
			}
		}
	}
}
