package ui

import (
	"testing"

	"brass/engine"
	"brass/ui/uitest"
	"brass/ui/view"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

func statValue(t *testing.T, root *uitest.Node, kind string) string {
	t.Helper()
	st := root.First(uitest.Class("pp-stat-" + kind))
	if st == nil {
		t.Fatalf("no %s stat", kind)
	}
	dd := st.First(uitest.Tag("dd"))
	if dd == nil {
		t.Fatalf("no value for %s", kind)
	}
	return dd.Text()
}

func TestPlayerPanelMoneyAndNextTile(t *testing.T) {
	s := uitest.NewState(t, 3)
	ed := s.Edition()
	pl := &s.Players[1]
	pl.Money = 42
	pl.VP = 17
	pl.Spent = 9
	pl.LinksLeft = 11
	pl.IncomeSpace = 14           // level 2
	pl.MatUsed[engine.Cotton] = 3 // the three level I cotton mills are gone
	pl.MatUsed[engine.Manufacturer] = 1

	root := uitest.Render(t, newPlayerPanel().Game(view.Of(s)).Player(1).Name("Brunel").Colour("#e0b122").Active(true).MatOpen(true))
	if root.Tag != "section" || root.Attr["data-player"] != "1" {
		t.Fatalf("root = <%s data-player=%q>", root.Tag, root.Attr["data-player"])
	}
	if !root.HasClass("pp-active") {
		t.Error("the active player's panel is not marked")
	}
	if got := root.First(uitest.Class("pp-name")).Text(); got != "Brunel" {
		t.Errorf("name = %q", got)
	}
	for kind, want := range map[string]string{
		"money":  "£42",
		"income": "£2 space 14",
		"vp":     "17",
		"spent":  "£9",
		"hand":   "8",
		"links":  "11 /14",
	} {
		if got := statValue(t, root, kind); got != want {
			t.Errorf("%s = %q, want %q", kind, got, want)
		}
	}

	// The next cotton mill is level II at £14; the row starts with it, highlighted.
	row := root.First(uitest.Attr("data-industry", "cotton_mill"))
	cotton := root.First(func(n *uitest.Node) bool { return n.HasClass("pp-row") && n.Attr["data-industry"] == "cotton_mill" })
	if row == nil || cotton == nil {
		t.Fatal("no cotton mill on the mat")
	}
	tiles := cotton.All(uitest.Class("pp-tile"))
	if len(tiles) != 3 {
		t.Fatalf("cotton levels left = %d, want 3 (II, III, IV)", len(tiles))
	}
	next := tiles[0]
	if !next.HasClass("pp-tile-next") || next.Attr["data-level"] != "2" {
		t.Errorf("next cotton tile: class %q level %q", next.Attr["class"], next.Attr["data-level"])
	}
	if got := next.First(uitest.Class("pp-cost")).Text(); got != "£14" {
		t.Errorf("next cotton cost = %q, want £14", got)
	}
	if got := next.First(uitest.Class("pp-count")).Text(); got != "×2" {
		t.Errorf("cotton II count = %q, want ×2", got)
	}
	for _, tile := range tiles[1:] {
		if tile.HasClass("pp-tile-next") {
			t.Error("only the lowest tile is the next one")
		}
	}
	// The compact strip says the same.
	chip := root.First(func(n *uitest.Node) bool { return n.HasClass("pp-nx") && n.Attr["data-industry"] == "cotton_mill" })
	if chip == nil || chip.Text() != "II £14" {
		t.Errorf("next-tile chip = %v", chip)
	}
	// Manufacturer: 7 levels left after one tile; the mat has 11 tiles in all.
	man := root.First(func(n *uitest.Node) bool { return n.HasClass("pp-row") && n.Attr["data-industry"] == "manufacturer" })
	if n := len(man.All(uitest.Class("pp-tile"))); n != 7 {
		t.Errorf("manufacturer levels left = %d, want 7", n)
	}
	if got := man.First(uitest.Class("pp-rleft")).Text(); got != "10 left" {
		t.Errorf("manufacturer tiles left = %q, want 10 left", got)
	}
	// Lightbulb potteries are marked; Pottery V and Brewery IV wait for the Rail era.
	pot := root.First(func(n *uitest.Node) bool { return n.HasClass("pp-row") && n.Attr["data-industry"] == "pottery" })
	if n := len(pot.All(uitest.Class("pp-bulb"))); n != 2 {
		t.Errorf("lightbulb potteries = %d, want 2", n)
	}
	blocked := root.All(uitest.Class("pp-blocked"))
	if len(blocked) != 2 {
		t.Errorf("tiles blocked in the Canal era = %d, want 2 (Pottery V, Brewery IV)", len(blocked))
	}
	// At setup the discard pile holds one face-down card.
	if got := root.First(uitest.Class("pp-dcard")); got == nil || !got.HasClass("pp-dback") {
		t.Error("the face-down discard must be hidden")
	}

	// In the Rail era, the level I tiles left are canal-only; a face-up discard shows.
	s.Era = engine.Rail
	k, _ := ed.CardByID("birmingham")
	pl.Discard[pl.DiscardLen] = uint8(k)
	pl.DiscardLen++
	root = uitest.Render(t, newPlayerPanel().Game(view.Of(s)).Player(1).MatOpen(true))
	coal := root.First(func(n *uitest.Node) bool { return n.HasClass("pp-row") && n.Attr["data-industry"] == "coal_mine" })
	first := coal.First(uitest.Class("pp-tile"))
	if !first.HasClass("pp-blocked") || !first.HasClass("pp-tile-next") || first.First(uitest.Class("pp-era")).Text() != "Canal only" {
		t.Errorf("coal mine I in the Rail era: class %q", first.Attr["class"])
	}
	if got := root.First(uitest.Class("pp-dcard")).Text(); got != "Birmingham" {
		t.Errorf("discard = %q, want Birmingham", got)
	}
	if got := root.First(uitest.Class("pp-name")).Text(); got != "Brunel" {
		t.Errorf("name from the state = %q", got)
	}
}

func TestPlayerPanelMountsAndMatches(t *testing.T) {
	s := uitest.NewState(t, 2)
	s.Players[0].Money = 23
	pp := newPlayerPanel().Game(view.Of(s)).Player(0).Name("Ada").Colour("#c8372d")
	e := goapp.NewTestEngine()
	if err := e.Load(pp); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	// section > header > h3 > text
	if err := goapp.Match(goapp.Text("Ada"), pp, 0, 0, 1, 0); err != nil {
		t.Error(err)
	}
	// section > div.pp-line > dl > first stat > dd > text
	if err := goapp.Match(goapp.Text("£23"), pp, 0, 1, 0, 0, 1, 0); err != nil {
		t.Error(err)
	}
	if open := uitest.Render(t, newPlayerPanel().Game(view.Of(s)).MatOpen(true)).First(uitest.Tag("details")); open == nil || open.Attr["open"] == "" {
		t.Error("MatOpen(true) must open the mat")
	}
	if closed := uitest.Render(t, newPlayerPanel().Game(view.Of(s))).First(uitest.Tag("details")); closed == nil {
		t.Error("no mat")
	} else if _, ok := closed.Attr["open"]; ok {
		t.Error("the mat is folded by default")
	} else if closed.First(uitest.Class("pp-row")) != nil {
		t.Error("a folded mat must not render its rows")
	}
}
