package ui

import (
	"testing"

	"brass/engine"
	"brass/ui/uitest"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

func TestGameLogGroupsByRound(t *testing.T) {
	c, r := engine.Canal, engine.Rail
	entries := []engine.LogEntry{
		{Move: -1, Kind: engine.LogEra, Player: -1, Era: c, Round: 1, Text: "The Canal Era begins, round 1."},
		{Move: -1, Kind: engine.LogOrder, Player: -1, Era: c, Round: 1, Text: "Turn order: Ada, Brunel."},
		{Move: 0, Kind: engine.LogAction, Player: 0, Era: c, Round: 1, Text: "Ada builds a canal."},
		{Move: 0, Kind: engine.LogDraw, Player: 0, Era: c, Round: 1, Text: "Ada draws 1 card."},
		{Move: 1, Kind: engine.LogAction, Player: 1, Era: c, Round: 1, Text: "Brunel builds Coal Mine I."},
		{Move: 1, Kind: engine.LogOrder, Player: -1, Era: c, Round: 1, Text: "Turn order for the next round, least spent first: Brunel (£3), Ada (£5)."},
		{Move: 1, Kind: engine.LogIncome, Player: 1, Era: c, Round: 1, Text: "Brunel takes £0 income."},
		{Move: 1, Kind: engine.LogRound, Player: -1, Era: c, Round: 2, Text: "Canal Era, round 2."},
		{Move: 2, Kind: engine.LogAction, Player: 1, Era: c, Round: 2, Text: "Brunel sells."},
		{Move: 2, Kind: engine.LogFlip, Player: 1, Era: c, Round: 2, Text: "Brunel's tile flips."},
		{Move: 3, Kind: engine.LogScore, Player: 0, Era: c, Round: 2, Text: "Ada scores."},
		{Move: 3, Kind: engine.LogEra, Player: -1, Era: r, Round: 1, Text: "The Rail Era begins, round 1."},
		{Move: 4, Kind: engine.LogAction, Player: 0, Era: r, Round: 1, Text: "Ada builds a rail."},
	}
	var picked []int
	l := newGameLog().Entries(entries).Selected(2).Colours(uitest.Colours).
		OnSelect(func(_ goapp.Context, move int) { picked = append(picked, move) })
	root := uitest.Render(t, l)
	if root.Attr["id"] != "game-log" || root.Attr["role"] != "log" {
		t.Errorf("log root: id %q role %q", root.Attr["id"], root.Attr["role"])
	}
	eras := root.All(uitest.Class("log-era"))
	if len(eras) != 2 || eras[0].Text() != "Canal Era" || eras[1].Text() != "Rail Era" {
		t.Fatalf("era headings: %d", len(eras))
	}
	rounds := root.All(uitest.Class("log-round"))
	want := []struct {
		key, head string
		entries   int
	}{{"canal-1", "Round 1", 6}, {"canal-2", "Round 2", 3}, {"rail-1", "Round 1", 1}}
	if len(rounds) != len(want) {
		t.Fatalf("round groups = %d, want %d", len(rounds), len(want))
	}
	for i, w := range want {
		g := rounds[i]
		if g.Attr["data-round"] != w.key || g.First(uitest.Class("log-round-head")).Text() != w.head {
			t.Errorf("group %d: %q %q", i, g.Attr["data-round"], g.First(uitest.Class("log-round-head")).Text())
		}
		if n := len(g.All(uitest.Class("log-entry"))); n != w.entries {
			t.Errorf("group %s has %d entries, want %d", w.key, n, w.entries)
		}
	}
	// Headings are not entries; every entry is a button with its move.
	buttons := root.All(uitest.Class("log-entry"))
	if len(buttons) != len(entries)-3 {
		t.Errorf("entries = %d, want %d", len(buttons), len(entries)-3)
	}
	for _, b := range buttons {
		if b.Tag != "button" || b.Attr["data-move"] == "" {
			t.Errorf("entry <%s data-move=%q>", b.Tag, b.Attr["data-move"])
		}
		_, disabled := b.Attr["disabled"]
		if (b.Attr["data-move"] == "-1") != disabled {
			t.Errorf("entry of move %s: disabled=%v", b.Attr["data-move"], disabled)
		}
	}
	sel := root.All(uitest.Class("log-sel"))
	if len(sel) != 2 {
		t.Errorf("selected entries = %d, want the 2 of move 2", len(sel))
	}
	for _, s := range sel {
		if s.Attr["data-move"] != "2" || !s.Bool("aria-current") {
			t.Errorf("selected entry of move %s", s.Attr["data-move"])
		}
	}
	// The newest entry is last.
	if last := buttons[len(buttons)-1]; last.Text() != "Ada builds a rail." {
		t.Errorf("last entry = %q", last.Text())
	}
	l.selectMove(goapp.Context{}, 4)
	l.selectMove(goapp.Context{}, -1)
	if len(picked) != 1 || picked[0] != 4 {
		t.Errorf("OnSelect calls = %v, want [4]", picked)
	}
	// No selection.
	if n := len(uitest.Render(t, newGameLog().Entries(entries)).All(uitest.Class("log-sel"))); n != 0 {
		t.Errorf("selected entries with none selected = %d", n)
	}
}

func TestGameLogOfAPlayedGame(t *testing.T) {
	g := uitest.NewGame(t, 2)
	uitest.Play(t, g, 1, func(g *engine.Game) bool { return g.State().Round >= 4 })
	root := uitest.Render(t, newGameLog().Entries(g.Log()))
	rounds := root.All(uitest.Class("log-round"))
	if len(rounds) != 4 {
		t.Errorf("round groups after 3 rounds and the start of the 4th = %d, want 4", len(rounds))
	}
	heads := 0
	for _, e := range g.Log() {
		if e.Kind == engine.LogRound || e.Kind == engine.LogEra {
			heads++
		}
	}
	if n := len(root.All(uitest.Class("log-entry"))); n != len(g.Log())-heads {
		t.Errorf("entries = %d, want %d", n, len(g.Log())-heads)
	}
	// Appending entries changes the input, so a mounted log re-renders.
	before := newGameLog().Entries(g.Log())
	moves := len(g.Moves())
	uitest.Play(t, g, 2, func(g *engine.Game) bool { return len(g.Moves()) >= moves+2 })
	after := newGameLog().Entries(g.Log())
	if len(after.IEntries) <= len(before.IEntries) {
		t.Error("new entries must change the log's input")
	}
}
