package ui

import (
	"strings"
	"testing"

	"brass/engine"
	"brass/ui/uitest"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

func TestRefusalsComeFromTheEngine(t *testing.T) {
	g := seven(t)
	st := g.State()
	p := st.Actor()
	// The first player of this seed holds a Pottery card but cannot pay for Pottery I
	// and its coal: the card is not offered, and the engine says why.
	c := engine.Next(g.LegalMoves(), "build", map[string]string{})
	if c.Field != "card" || containsString(c.Values, "pottery") {
		t.Fatalf("build question %q offers %v", c.Field, c.Values)
	}
	held := false
	for _, k := range st.HandCards(p) {
		held = held || st.Edition().Cards[k].ID == "pottery"
	}
	if !held {
		t.Fatal("the test expects a Pottery card in the first hand of seed 7")
	}
	if got := cardRefusal(g, c, "card", "pottery"); !strings.Contains(got[0], "Pottery I costs £17") {
		t.Errorf("the Pottery card is refused with %q", got)
	}

	// Sell with nothing built: no move can be named, so the general sentence.
	if got := actionRefusal(g, "sell"); len(got) != 1 || got[0] != st.Unavailable("sell") {
		t.Errorf("sell: %q", got)
	}
	// A loan below the lowest income level: the engine's own message.
	s := *st
	s.Players[p].IncomeSpace = uint8(engine.HighestSpace(-8))
	low := engine.GameFromState(&s)
	if got := actionRefusal(low, "loan"); len(got) != 1 || !strings.Contains(got[0], "A loan would take your income") {
		t.Errorf("loan: %q", got)
	}
}

func TestRoundLineWhy(t *testing.T) {
	l := roundLine{Player: 0, Pos: 1, Spent: 12, Income: 3, IncomePaid: true, Money: 8, Level: 3, VP: 0}
	if got, want := roundLineWhy(&l, "Ada", false), "Ada spent £12 this round, so goes 2nd next round; took £3 income (income level 3): money £5 → £8."; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	l = roundLine{Player: 1, Pos: 0, Spent: 0, Income: -2, IncomePaid: true, Money: 1, Level: -2, VP: 10, VPBefore: 0}
	if got, want := roundLineWhy(&l, "Bo", true), "Bo spent £0 this round, so goes 1st next round; paid £2 for a negative income level (−2): money £3 → £1; VP 0 → 10 with the era’s scoring."; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

func TestFinalBreakdownAddsUp(t *testing.T) {
	g, _ := recordedGame(t, "game-3p.json")
	fs := newFinalScores().Game(g)
	if len(fs.IScores) != 3 {
		t.Fatalf("%d breakdowns", len(fs.IScores))
	}
	for p, b := range fs.IScores {
		if b.CanalLinks+b.CanalTiles+b.RailLinks+b.RailTiles+b.Other != b.Total || b.Total != int(g.State().Players[p].VP) {
			t.Errorf("player %d: %+v, VP %d", p, b, g.State().Players[p].VP)
		}
		if b.CanalLinks+b.CanalTiles == 0 || b.RailLinks+b.RailTiles == 0 {
			t.Errorf("player %d scored nothing in an era: %+v", p, b)
		}
	}
	root := uitest.Render(t, fs)
	table := root.First(uitest.Attr("id", "final-breakdown"))
	if table == nil || len(table.First(uitest.Tag("tbody")).All(uitest.Tag("tr"))) != 3 {
		t.Fatal("no breakdown table with a row per player")
	}
	if !strings.Contains(table.Text(), "Canal Era") || !strings.Contains(table.Text(), "Rail Era") {
		t.Error("the breakdown names both eras")
	}
	// The end labels of the charts are whole names, with room for them.
	if !strings.Contains(root.First(uitest.Attr("id", "chart-vp")).Text(), "Coalbrookdale Kate") {
		t.Error("a long name is cut in the chart")
	}
}

// The introductory game's final scores show its extra scoring, and the parts add up.
func TestFinalBreakdownOfAnIntroductoryGame(t *testing.T) {
	g, err := engine.NewGame(engine.Config{Edition: "birmingham", Players: 3, Seed: 11, Introductory: true})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; !g.Over(); i++ {
		legal := g.LegalMoves()
		if err := g.Apply(legal[(i*7919)%len(legal)]); err != nil {
			t.Fatal(err)
		}
	}
	fs := newFinalScores().Game(g)
	intro := 0
	for p, b := range fs.IScores {
		if !b.Intro || b.RailScored {
			t.Errorf("player %d: %+v", p, b)
		}
		if b.CanalLinks+b.CanalTiles+b.Money+b.Income+b.TilesAgain+b.Other != b.Total || b.Total != int(g.State().Players[p].VP) {
			t.Errorf("player %d: %+v does not add up to VP %d", p, b, g.State().Players[p].VP)
		}
		intro += b.Money + b.Income + b.TilesAgain
	}
	if intro == 0 {
		t.Error("no introductory scoring shown")
	}
	table := uitest.Render(t, fs).First(uitest.Attr("id", "final-breakdown"))
	if !strings.Contains(table.Text(), "Introductory game") || strings.Contains(table.Text(), "Rail Era") {
		t.Errorf("breakdown: %s", table.Text())
	}
}

// TestRefusedCardShowsEveryReason: a dimmed card tapped shows all the engine's reasons as
// one list, the one only money stops first.
func TestRefusedCardShowsEveryReason(t *testing.T) {
	g, _ := newTestScreen(t)
	ctx := goapp.Context{}
	g.reveal(ctx)
	g.startAction("build")
	g.onCardRefused(ctx, "stoke_on_trent")
	root := uitest.Render(t, g)
	notice := root.First(uitest.Attr("id", "notice"))
	if notice == nil {
		t.Fatal("no notice")
	}
	items := notice.All(uitest.Tag("li"))
	if len(items) < 3 || !strings.Contains(items[0].Text(), "Pottery I costs £17") || !strings.Contains(notice.Text(), "The Stoke-on-Trent card cannot be used here:") {
		t.Fatalf("notice %q with %d reasons", notice.Text(), len(items))
	}
	if !strings.Contains(items[1].Text(), "Manufacturer I") || !strings.Contains(items[2].Text(), "Iron Works I") {
		t.Errorf("each industry has its reason: %q", notice.Text())
	}
	// A lone reason is a sentence, not a list.
	g.onCardRefused(ctx, "pottery")
	root = uitest.Render(t, g)
	if n := root.First(uitest.Attr("id", "notice")); n == nil || n.First(uitest.Tag("li")) != nil || !strings.Contains(n.Text(), "Pottery I costs £17") {
		t.Errorf("pottery: %v", n)
	}
}
