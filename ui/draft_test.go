package ui

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"brass/engine"
	"brass/ui/kit"
	"brass/ui/uitest"
)

func seven(t *testing.T) *engine.Game {
	t.Helper()
	g, err := engine.NewGame(engine.Config{Edition: "birmingham", Players: 3, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestDraftRestoresAHalfBuiltAction(t *testing.T) {
	g := seven(t)
	legal := g.LegalMoves()
	var b actionBuilder
	b.start("build")
	for i := 0; i < 2; i++ {
		c := b.next(legal)
		if c.Field == "" {
			t.Fatalf("the build was determined after %d answers", i)
		}
		b.choose(c.Field, c.Values[0])
	}
	d, ok := draftOf(&b, len(g.Moves()))
	if !ok {
		t.Fatal("an active builder makes a draft")
	}
	// Stored as JSON and read back, it rebuilds the same answers.
	data, _ := json.Marshal(d)
	var back actionDraft
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	var r actionBuilder
	if !back.restore(&r, len(g.Moves()), func() []engine.Move { return legal }) {
		t.Fatal("not restored")
	}
	if r.typ != b.typ || !reflect.DeepEqual(r.chosen, b.chosen) || !reflect.DeepEqual(r.order, b.order) {
		t.Errorf("restored %+v, want %+v", r, b)
	}
	// A draft made at another move count is stale.
	var s actionBuilder
	if back.restore(&s, len(g.Moves())+1, func() []engine.Move { return legal }) || s.active() {
		t.Error("a stale draft was restored")
	}
	// Answers that are no longer legal are dropped from the first one on.
	bad := back
	bad.Steps = append([][2]string{{"card", "no_such_card"}}, back.Steps[1:]...)
	var p actionBuilder
	if !bad.restore(&p, len(g.Moves()), func() []engine.Move { return legal }) || len(p.order) != 0 || p.typ != "build" {
		t.Errorf("a draft with an illegal first answer: %+v", p)
	}
	// An idle builder keeps nothing.
	if _, ok := draftOf(&actionBuilder{}, 0); ok {
		t.Error("an idle builder made a draft")
	}
}

// TestScoutCardsInAnyOrder: Scout's three cards are three taps in the hand, in any order:
// after the last card of the hand (in edition order) comes the first, and the builder ends
// at the one Scout that discards them; a half-made Scout survives a reload.
func TestScoutCardsInAnyOrder(t *testing.T) {
	g := seven(t)
	legal := g.LegalMoves()
	var b actionBuilder
	b.start("scout")
	c := b.next(legal)
	last := c.Values[len(c.Values)-1]
	b.choose("card", last)
	c = b.next(legal)
	if c.Field != "cards.0" || !containsString(c.Values, c.Values[0]) {
		t.Fatalf("after the card the question is %q %v", c.Field, c.Values)
	}
	first := c.Values[0]
	if first == last {
		first = c.Values[1]
	}
	b.choose("cards.0", first)
	c = b.next(legal)
	if c.Field != "cards.1" || len(c.Values) == 0 {
		t.Fatalf("after two cards the question is %q %v", c.Field, c.Values)
	}
	third := c.Values[0]
	d, _ := draftOf(&b, 0)
	b.choose("cards.1", third)
	c = b.next(legal)
	if c.Field != "" || len(c.Moves) != 1 {
		t.Fatalf("three taps did not determine the Scout: %+v", c)
	}
	m := c.Moves[0]
	if got := []string{m.Card, m.Cards[0], m.Cards[1]}; !sameCards(got, []string{last, first, third}) {
		t.Errorf("the Scout discards %v, not the cards tapped", got)
	}
	var q actionBuilder
	if !d.restore(&q, 0, func() []engine.Move { return legal }) || q.chosen["cards.0"] != first {
		t.Errorf("half-made Scout not restored: %+v", q)
	}
	q.back()
	if q.chosen["cards.0"] != "" || q.chosen["card"] != last {
		t.Errorf("Back should take back the last card only: %+v", q)
	}
}

func sameCards(a, b []string) bool {
	return reflect.DeepEqual(kit.Sorted(a), kit.Sorted(b))
}

func TestRecapOfTheLastTurn(t *testing.T) {
	if p, _, _ := lastTurn(nil); p != -1 {
		t.Error("no moves, no last turn")
	}
	moves := []engine.Move{{Player: 2}, {Player: 0}, {Player: 0}}
	if p, from, to := lastTurn(moves); p != 0 || from != 1 || to != 3 {
		t.Errorf("lastTurn = %d [%d, %d)", p, from, to)
	}
	log := []engine.LogEntry{
		{Move: 0, Kind: engine.LogAction, Text: "C builds"},
		{Move: 1, Kind: engine.LogAction, Text: "A sells"},
		{Move: 1, Kind: engine.LogFlip, Text: "A's mill flips"},
		{Move: 2, Kind: engine.LogAction, Text: "A builds"},
		{Move: 2, Kind: engine.LogDraw, Text: "A draws 2 cards"},
		{Move: 2, Kind: engine.LogOrder, Text: "Turn order"},
		{Move: 2, Kind: engine.LogIncome, Text: "A takes £3"},
	}
	var got []string
	for _, e := range recapEntries(log, 1, 3) {
		got = append(got, e.Text)
	}
	if strings.Join(got, "|") != "A sells|A's mill flips|A builds" {
		t.Errorf("recap lines %q", got)
	}
	ids := moveBoardIDs(engine.Move{Space: "dudley_1", Links: []string{"dudley-birmingham"}, Merchant: "oxford_1",
		Coal: []string{"market", "cannock_2"}, Iron: []string{"market"}, Beer: []string{"burton_on_trent_2"}})
	want := []string{"dudley_1", "oxford_1", "dudley-birmingham", "cannock_2", "coal_market", "iron_market", "burton_on_trent_2"}
	if !reflect.DeepEqual(ids, want) {
		t.Errorf("moveBoardIDs = %v, want %v", ids, want)
	}
	root := uitest.Render(t, newMoveRecap().Entries(recapEntries(log, 1, 3)).Name("Ada").Colour("#123456"))
	if root.Attr["id"] != "recap" || !strings.Contains(root.Text(), "What Ada did") || len(root.All(uitest.Tag("li"))) != 3 ||
		root.First(uitest.Class("recap-round")) != nil {
		t.Errorf("recap renders %q", root.Text())
	}
}

// TestRecapAcrossRounds: a recap of moves from two rounds (bots who ended one and began the
// next) says where each round starts; one round's recap has no such line.
func TestRecapAcrossRounds(t *testing.T) {
	entries := []engine.LogEntry{
		{Move: 4, Kind: engine.LogAction, Era: engine.Canal, Round: 1, Text: "Bot 1 takes a loan"},
		{Move: 5, Kind: engine.LogAction, Era: engine.Canal, Round: 2, Text: "Bot 1 builds"},
		{Move: 6, Kind: engine.LogAction, Era: engine.Canal, Round: 2, Text: "Bot 2 builds"},
	}
	root := uitest.Render(t, newMoveRecap().Entries(entries).Name("the other players"))
	var lines []string
	for _, li := range root.All(uitest.Tag("li")) {
		lines = append(lines, li.Text())
	}
	want := "Canal Era, round 1|Bot 1 takes a loan|Canal Era, round 2|Bot 1 builds|Bot 2 builds"
	if strings.Join(lines, "|") != want {
		t.Errorf("recap lines %q, want %q", lines, want)
	}
}
