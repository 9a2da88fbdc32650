package engine_test

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"brass/engine"
)

// introEnd is eraEnd (the last action of the Canal Era, 3 players, with links and tiles to
// score) in an introductory game, with £10 each and income levels 5, −3 and 0.
//
// Canal Era scoring gives 13, 18 and 10 VP (see eraEnd). Then, by the introductory rules:
// money £10 → 2 VP each; income 5, −3, 0; level 2+ flipped tiles again: player 0's Brewery II
// (5 VP); player 1 has only level I tiles; player 2's Manufacturer II is unflipped.
func introEnd(t *testing.T) *engine.Game {
	return eraEnd(t, engine.Canal).Introductory().Income(0, 5).Income(1, -3).Income(2, 0).Game()
}

// TestIntroductoryGameCanalEraOnly checks "Introductory Game": "you only play the Canal
// Era"; "first, play the entire Canal Era as normal, including the end of Canal Era
// scoring". The game ends after the Canal Era's scoring: no Rail Era, no maintenance for it
// (level I tiles stay, no new hands), and, the last Canal round being the last round of the
// game, no income after it ("End of Round" 2: "Income is not collected at the end of the
// final round of the game").
func TestIntroductoryGameCanalEraOnly(t *testing.T) {
	g := introEnd(t)
	if err := g.Apply(endTurn); err != nil {
		t.Fatal(err)
	}
	s := g.State()
	if s.Phase != engine.PhaseOver || s.Era != engine.Canal {
		t.Fatalf("phase %v in the %v, want the game over in the Canal Era", s.Phase, s.Era)
	}
	if !g.Over() || s.Actor() != -1 {
		t.Error("the game is not over")
	}
	for l := range s.Edition().Links {
		if s.Links[l] != 0 {
			t.Errorf("link %s was not scored and removed", s.Edition().Links[l].ID)
		}
	}
	if tileAt(t, s, "birmingham_2").Owner == 0 {
		t.Error("level I tiles were removed as if the Rail Era followed")
	}
	for p := 0; p < 3; p++ {
		expectInt(t, "hand", s.Players[p].HandLen, 0)
		expectInt(t, "money (no income after the last round)", s.Players[p].Money, 10)
	}
	if s.Report.IncomePaid || !s.Report.Scored {
		t.Errorf("report: income paid %v, era scored %v", s.Report.IncomePaid, s.Report.Scored)
	}
	if err := s.CheckInvariants(); err != nil {
		t.Error(err)
	}
	if err := g.Apply(passMove(0, "birmingham")); err == nil {
		t.Error("a move after the introductory game accepted")
	}

	// The same position in a full game goes on to the Rail Era.
	full := eraEnd(t, engine.Canal).Income(0, 5).Game()
	if err := full.Apply(endTurn); err != nil {
		t.Fatal(err)
	}
	if full.State().Era != engine.Rail || full.Over() {
		t.Error("a full game ended after the Canal Era")
	}
}

// TestIntroductoryScoring checks the three extra scores of "Introductory Game", one by one:
// "1. Money: Score 1 VP for every £4 in your player area (up to a maximum of 15 VPs)";
// "2. Income level: Score VPs equal to your income level. If your income level is negative,
// you lose VPs"; "3. Industry tiles: Score the points a second time for all your level 2 or
// greater Industry tiles" (read as: the flipped ones, which the era scoring counted once).
func TestIntroductoryScoring(t *testing.T) {
	g := introEnd(t)
	if err := g.Apply(endTurn); err != nil {
		t.Fatal(err)
	}
	s := g.State()
	r := s.Report
	if !r.Introductory {
		t.Fatal("the report has no introductory scoring")
	}
	want := []struct{ money, income, tiles, total int32 }{
		{2, 5, 5, 13 + 2 + 5 + 5},
		{2, -3, 0, 18 + 2 - 3},
		{2, 0, 0, 10 + 2},
	}
	for p, w := range want {
		expectInt(t, "money VP", r.MoneyVP[p], w.money)
		expectInt(t, "income VP", r.IncomeVP[p], w.income)
		expectInt(t, "tile VP again", r.TileVPAgain[p], w.tiles)
		expectInt(t, "VP", s.Players[p].VP, w.total)
	}
	// The snapshot after the era carries the same breakdown, and the log says it per player.
	snaps := g.Snapshots()
	last := snaps[len(snaps)-1]
	if !last.Introductory || !slices.Equal(last.MoneyVP, []int{2, 2, 2}) || !slices.Equal(last.IncomeVP, []int{5, -3, 0}) ||
		!slices.Equal(last.TileVPAgain, []int{5, 0, 0}) || !slices.Equal(last.VP, []int{25, 17, 12}) {
		t.Errorf("snapshot %+v", last)
	}
	lines := 0
	for _, e := range g.Log() {
		if e.Kind == engine.LogScore && strings.HasPrefix(e.Text, "Introductory game: ") {
			lines++
			t.Log(e.Text)
		}
	}
	if lines != 3 {
		t.Errorf("%d introductory score lines, want 3", lines)
	}
	if end := g.Log()[len(g.Log())-1]; end.Kind != engine.LogEnd || !strings.Contains(end.Text, "Player 1 wins with 25 VP") {
		t.Errorf("last log line %+v", end)
	}
}

// TestIntroductoryMoneyAndIncomeLimits: "up to a maximum of 15 VPs" for money (£59 → 14,
// £60 and £80 → 15, £3 → 0); a negative income level loses VP, but only down to 0 (the VP
// track has no negative spaces; "lose 1 VP (if possible)" is the rulebook's other loss).
func TestIntroductoryMoneyAndIncomeLimits(t *testing.T) {
	g := lastActionOfEra(t, engine.Canal).Introductory().NoMerchantBeer().
		Money(0, 59).Money(1, 80).Money(2, 60).Income(0, -2).Income(1, 0).Income(2, -10).VP(2, 4).Game()
	if err := g.Apply(endTurn); err != nil {
		t.Fatal(err)
	}
	s := g.State()
	r := s.Report
	expectInt(t, "£59", r.MoneyVP[0], 14)
	expectInt(t, "£80", r.MoneyVP[1], 15)
	expectInt(t, "£60", r.MoneyVP[2], 15)
	expectInt(t, "player 0 loses 2 VP for level −2", r.IncomeVP[0], -2)
	expectInt(t, "player 0 VP", s.Players[0].VP, 12)
	expectInt(t, "player 2 loses 10 VP for level −10", r.IncomeVP[2], -10)
	expectInt(t, "player 2 VP", s.Players[2].VP, 4+15-10)

	g = lastActionOfEra(t, engine.Canal).Introductory().NoMerchantBeer().Money(0, 3).Income(0, -5).Game()
	if err := g.Apply(endTurn); err != nil {
		t.Fatal(err)
	}
	s = g.State()
	expectInt(t, "£3", s.Report.MoneyVP[0], 0)
	expectInt(t, "VP lost to level −5 with none to lose", s.Report.IncomeVP[0], 0)
	expectInt(t, "VP", s.Players[0].VP, 0)
}

// TestIntroductoryConfig: the option is stored in the record ("introductory": true) and
// replays to the same game; a normal record has no such key and a normal game's hash does
// not depend on the option existing (the fixture games replay to their recorded hashes);
// the option is in the state's encoding, so the two games never share a hash.
func TestIntroductoryConfig(t *testing.T) {
	cfg := engine.Config{Edition: "birmingham", Players: 2, Seed: 7, Introductory: true}
	g, err := engine.NewGame(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !g.State().Introductory || !g.Config().Introductory {
		t.Fatal("the state does not know it is an introductory game")
	}
	normal, _ := engine.NewGame(engine.Config{Edition: "birmingham", Players: 2, Seed: 7})
	if normal.Hash() == g.Hash() {
		t.Error("the introductory game hashes like the normal one")
	}
	b, _ := json.Marshal(normal.Record())
	if strings.Contains(string(b), "introductory") {
		t.Errorf("a normal record mentions the option: %s", b)
	}
	// Play the introductory game to its end with random legal moves.
	r := rand.New(rand.NewPCG(7, 7))
	for !g.Over() {
		legal := g.LegalMoves()
		if err := g.Apply(legal[r.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
		if err := g.State().CheckInvariants(); err != nil {
			t.Fatal(err)
		}
	}
	if g.State().Era != engine.Canal {
		t.Errorf("the introductory game ended in the %v", g.State().Era)
	}
	b, _ = json.Marshal(g.Record())
	if !strings.Contains(string(b), `"introductory":true`) {
		t.Errorf("the record does not store the option: %.200s", b)
	}
	rec, err := engine.ParseRecord(b)
	if err != nil {
		t.Fatal(err)
	}
	again, err := engine.Replay(rec)
	if err != nil || again.Hash() != g.Hash() || !again.Over() {
		t.Fatalf("replay: %v", err)
	}
	snaps := again.Snapshots()
	if last := snaps[len(snaps)-1]; !last.Introductory || last.Era != engine.Canal {
		t.Errorf("last snapshot %+v", last)
	}
}
