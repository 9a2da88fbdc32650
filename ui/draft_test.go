package ui

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"brass/engine"
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

func TestScoutPairs(t *testing.T) {
	values := []string{"a+b", "a+c", "b+c", "c+c"}
	if got := pairCards(values); !reflect.DeepEqual(got, []string{"a", "b", "c"}) {
		t.Errorf("pairCards = %v", got)
	}
	if got := pairedCards(values, "c"); !reflect.DeepEqual(got, []string{"a", "b", "c"}) {
		t.Errorf("pairedCards(c) = %v", got)
	}
	if pairValue(values, "b", "a") != "a+b" || pairValue(values, "c", "c") != "c+c" || pairValue(values, "a", "a") != "" {
		t.Error("pairValue does not find pairs in either order")
	}
	// A Scout in a real game: the first card, then two taps make the answer.
	g := seven(t)
	legal := g.LegalMoves()
	var b actionBuilder
	b.start("scout")
	c := b.next(legal)
	b.choose("card", c.Values[0])
	c = b.next(legal)
	if c.Field != "cards" {
		t.Fatalf("after the card the question is %q", c.Field)
	}
	first := pairCards(c.Values)[0]
	b.pending = first
	second := pairedCards(c.Values, first)[0]
	b.choose("cards", pairValue(c.Values, first, second))
	if c := b.next(legal); c.Field != "" || len(c.Moves) != 1 || b.pending != "" {
		t.Errorf("two taps did not determine the Scout: %+v", c)
	}
	// A pending first card survives a reload, and Back puts it down first.
	var r actionBuilder
	r.start("scout")
	r.choose("card", b.chosen["card"])
	r.pending = first
	d, _ := draftOf(&r, 0)
	var q actionBuilder
	if !d.restore(&q, 0, func() []engine.Move { return legal }) || q.pending != first {
		t.Errorf("pending card not restored: %+v", q)
	}
	q.back()
	if q.pending != "" || q.chosen["card"] == "" {
		t.Errorf("Back should drop the pending card only: %+v", q)
	}
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
	root := hudRender(t, newMoveRecap().Entries(recapEntries(log, 1, 3)).Name("Ada").Colour("#123456"))
	if root.Attr["id"] != "recap" || !strings.Contains(root.Text(), "What Ada did") || len(root.All(hTag("li"))) != 3 {
		t.Errorf("recap renders %q", root.Text())
	}
}
