package botbrain

import (
	"strings"
	"testing"

	"brass/app/botproto"
	"brass/engine"
)

func TestDecide(t *testing.T) {
	g, err := engine.NewGame(engine.Config{Edition: "birmingham", Players: 3, Seed: 21})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 10; i++ {
		legal := g.LegalMoves()
		if err := g.Apply(legal[i%len(legal)]); err != nil {
			t.Fatal(err)
		}
	}
	seat := g.State().Actor()
	for _, level := range []string{"easy", "medium", "hard"} {
		r := Decide(botproto.Request{Record: g.Record(), Seat: seat, Level: level, Seed: 1})
		if r.Error != "" || r.Move.Player != seat {
			t.Fatalf("%s: %+v", level, r)
		}
		if err := g.Check(r.Move); err != nil {
			t.Fatalf("%s chose an illegal move %s: %v", level, r.Move, err)
		}
		if again := Decide(botproto.Request{Record: g.Record(), Seat: seat, Level: level, Seed: 1}); again.Move.String() != r.Move.String() {
			t.Errorf("%s: the same request gave %s then %s", level, r.Move, again.Move)
		}
	}
	if r := Decide(botproto.Request{Record: g.Record(), Seat: seat, Level: "hard", Seed: 1, Hint: true}); r.Error != "" || r.Reason == "" {
		t.Fatalf("hint: %+v", r)
	}
	// Bad requests get an error, not a move.
	bad := g.Record()
	bad.Moves = append(bad.Moves, engine.Move{Type: "pass", Player: (seat + 1) % 3, Card: "brewery"})
	for what, req := range map[string]botproto.Request{
		"a record that does not replay": {Record: bad, Seat: seat, Level: "easy"},
		"a seat not to act":             {Record: g.Record(), Seat: (seat + 1) % 3, Level: "easy"},
		"an unknown level":              {Record: g.Record(), Seat: seat, Level: "genius"},
	} {
		if r := Decide(req); r.Error == "" || strings.TrimSpace(r.Move.Type) != "" {
			t.Errorf("%s: %+v", what, r)
		}
	}
}
