package ui

import (
	"brass/ui/kit"
	"brass/ui/uitest"
	"brass/ui/view"
	"strings"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

func TestHandCards(t *testing.T) {
	var clicked []string
	h := newHand().Cards("birmingham", []string{"birmingham", "birmingham", "leek", "iron_works", "cotton_manufacturer", "wild_location", "wild_industry"}).
		Choosable([]string{"leek", "birmingham"}).Selected([]string{"birmingham"}).
		OnCard(func(ctx goapp.Context, id string) { clicked = append(clicked, id) })
	root := uitest.Render(t, h)
	if root.Attr["id"] != "hand" || !root.HasClass("hand-choosing") {
		t.Errorf("hand root: id %q class %q", root.Attr["id"], root.Attr["class"])
	}
	cards := root.All(uitest.Class("hand-card"))
	var ids []string
	for _, c := range cards {
		ids = append(ids, c.Attr["id"])
		// the accessible name is the visible text, so screen readers and sighted users agree
		if c.Tag != "button" || c.Attr["aria-label"] != "" || strings.TrimSpace(c.Text()) == "" {
			t.Errorf("card %s: <%s> label %q text %q", c.Attr["id"], c.Tag, c.Attr["aria-label"], c.Text())
		}
	}
	want := "card-birmingham-1 card-birmingham-2 card-leek-1 card-iron_works-1 card-cotton_manufacturer-1 card-wild_location-1 card-wild_industry-1"
	if strings.Join(ids, " ") != want {
		t.Errorf("card ids:\n%s\nwant\n%s", strings.Join(ids, " "), want)
	}
	byID := func(id string) *uitest.Node { return root.First(uitest.Attr("id", id)) }
	// Location cards wear their town's banner colour; industry and wild cards have their look.
	if b := byID("card-birmingham-1"); !b.HasClass("hand-loc") || !strings.Contains(b.Attr["style"], kit.BannerColors["purple"]) {
		t.Errorf("Birmingham card: class %q style %q", b.Attr["class"], b.Attr["style"])
	}
	if b := byID("card-leek-1"); !strings.Contains(b.Attr["style"], kit.BannerColors["blue"]) || !strings.Contains(b.Text(), "Leek") || !strings.Contains(b.Text(), "Location") {
		t.Errorf("Leek card: style %q text %q", b.Attr["style"], b.Text())
	}
	if b := byID("card-cotton_manufacturer-1"); !b.HasClass("hand-ind") || len(b.All(uitest.Class("hand-icon"))) != 2 {
		t.Error("the Cotton Mill / Manufacturer card shows two industry icons")
	}
	if b := byID("card-wild_industry-1"); !b.HasClass("hand-wild") || len(b.All(uitest.Class("hand-mini"))) != 6 {
		t.Error("the Wild Industry card is a wild card with the six industries")
	}
	// Choosable cards rise; the others dim; one copy of Birmingham is selected.
	for id, cls := range map[string]string{
		"card-birmingham-1": "hand-can", "card-birmingham-2": "hand-can", "card-leek-1": "hand-can",
		"card-iron_works-1": "hand-dim", "card-wild_location-1": "hand-dim",
	} {
		if !byID(id).HasClass(cls) {
			t.Errorf("%s lacks %s", id, cls)
		}
	}
	if !byID("card-birmingham-1").HasClass("hand-sel") || byID("card-birmingham-2").HasClass("hand-sel") {
		t.Error("one Birmingham card selected: the first copy")
	}
	if byID("card-birmingham-1").Attr["aria-pressed"] == "false" || byID("card-leek-1").Attr["aria-pressed"] != "false" {
		t.Error("aria-pressed tells chosen from choosable cards")
	}
	if !byID("card-iron_works-1").Bool("aria-disabled") {
		t.Error("cards that cannot be chosen are aria-disabled")
	}
	h.fire(goapp.Context{}, "iron_works")
	h.fire(goapp.Context{}, "leek")
	if len(clicked) != 1 || clicked[0] != "leek" {
		t.Errorf("OnCard calls = %v, want [leek]", clicked)
	}
	// Without a choice nothing dims.
	if n := len(uitest.Render(t, newHand().Cards("birmingham", []string{"leek"})).All(uitest.Class("hand-dim"))); n != 0 {
		t.Errorf("%d dimmed cards without a choice", n)
	}
}

func TestHandFromState(t *testing.T) {
	s := uitest.NewState(t, 2)
	seen := s.View(1)
	// Player and Game in either order give the same cards.
	a := newHand().Game(view.Of(&seen)).Player(1)
	b := newHand().Player(1).Game(view.Of(&seen))
	if len(a.ICards) != 8 || strings.Join(a.ICards, ",") != strings.Join(b.ICards, ",") {
		t.Fatalf("cards %v / %v", a.ICards, b.ICards)
	}
	ed := s.Edition()
	for i, k := range s.HandCards(1) {
		if a.ICards[i] != ed.Cards[k].ID {
			t.Errorf("card %d = %s, want %s", i, a.ICards[i], ed.Cards[k].ID)
		}
	}
	// Another seat's view has no cards of player 1.
	other := s.View(0)
	if n := len(newHand().Game(view.Of(&other)).Player(1).ICards); n != 0 {
		t.Errorf("player 0 sees %d of player 1's cards", n)
	}
	root := uitest.Render(t, a)
	if n := len(root.All(uitest.Class("hand-card"))); n != 8 {
		t.Errorf("%d cards drawn", n)
	}
}
