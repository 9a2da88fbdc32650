package ui

import (
	"strconv"
	"strings"
	"testing"

	"brass/engine"
	"brass/ui/uitest"
	"brass/ui/view"
)

func TestStatusBar(t *testing.T) {
	s := uitest.NewState(t, 4)
	first := int(s.Order[0])
	s.Players[first].Spent = 0
	s.Players[int(s.Order[1])].Spent = 7
	root := uitest.Render(t, newStatusBar().Game(view.Of(s)).Names(uitest.Names).Colours(uitest.Colours))
	text := func(cls string) string {
		n := root.First(uitest.Class(cls))
		if n == nil {
			t.Fatalf("no %s", cls)
		}
		return n.Text()
	}
	if got := text("sb-era"); got != "Canal Era Round 1 of 8" {
		t.Errorf("era = %q", got)
	}
	if got := text("sb-turn"); got != uitest.Names[first]+"’s turn 1 action left" {
		t.Errorf("turn = %q", got)
	}
	order := root.All(uitest.Class("sb-op"))
	if len(order) != 4 || !order[0].HasClass("sb-op-now") || !strings.Contains(order[1].Text(), "£7") {
		t.Errorf("turn order: %d players", len(order))
	}
	if got := text("sb-sup-deck"); got != "Deck "+strconv.Itoa(int(s.DeckLen)) {
		t.Errorf("deck = %q", got)
	}
	if got := text("sb-sup-coal"); got != "Coal 13/14 £1" {
		t.Errorf("coal = %q", got)
	}
	if got := text("sb-sup-iron"); got != "Iron 8/10 £2" {
		t.Errorf("iron = %q", got)
	}
	if got := text("sb-sup-wild"); got != "Wild 4 · 4" {
		t.Errorf("wild = %q", got)
	}
	if root.First(uitest.Class("sb-note")) != nil {
		t.Error("no phase note while choosing an action")
	}

	// Second round: two actions; selling; a shortfall; the end.
	s.Round = 2
	s.CoalMarket, s.IronMarket = 0, 2
	root = uitest.Render(t, newStatusBar().Game(view.Of(s)).Names(uitest.Names))
	if got := root.First(uitest.Class("sb-actions")).Text(); got != "2 actions left" {
		t.Errorf("actions = %q", got)
	}
	if got := root.First(uitest.Class("sb-sup-coal")).Text(); got != "Coal 0/14 £8" {
		t.Errorf("empty coal market = %q", got)
	}
	if got := root.First(uitest.Class("sb-sup-iron")).Text(); got != "Iron 2/10 £5" {
		t.Errorf("iron = %q", got)
	}
	s.Phase = engine.PhaseSelling
	root = uitest.Render(t, newStatusBar().Game(view.Of(s)).Names(uitest.Names))
	if n := root.First(uitest.Class("sb-note-selling")); n == nil || !strings.Contains(n.Text(), "is selling") {
		t.Error("no selling note")
	}
	s.Phase = engine.PhaseShortfall
	s.ShortfallPos = 2
	p := int(s.Order[2])
	s.Players[p].IncomeSpace = 5 // level −5
	s.Players[p].Money = 2
	root = uitest.Render(t, newStatusBar().Game(view.Of(s)).Names(uitest.Names))
	if n := root.First(uitest.Class("sb-note-shortfall")); n == nil || !strings.HasPrefix(n.Text(), uitest.Names[p]+" must pay £5 negative income but has only £2") {
		t.Errorf("shortfall note = %v", n)
	}
	s.Phase = engine.PhaseOver
	s.TurnPos = 4
	s.Players[2].VP = 99
	root = uitest.Render(t, newStatusBar().Game(view.Of(s)).Names(uitest.Names))
	if got := root.First(uitest.Class("sb-note-over")).Text(); got != "The game is over: Darby wins with 99 VP." {
		t.Errorf("over note = %q", got)
	}
	if got := root.First(uitest.Class("sb-turn")).Text(); got != "Game over" {
		t.Errorf("turn = %q", got)
	}
}
