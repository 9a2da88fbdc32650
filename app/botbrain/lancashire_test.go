package botbrain

import (
	"encoding/json"
	"testing"

	"brass/app/botproto"
	"brass/engine"
)

// TestDecideLancashire: a Brass: Lancashire record (Roxley and original rules) goes to the
// worker as JSON, as the page sends it; the worker replays it under the record's edition and
// rules, and every level answers with a move that is legal in that game, a hint with a reason.
func TestDecideLancashire(t *testing.T) {
	for _, cfg := range []engine.Config{
		{Edition: "lancashire", Players: 2, Seed: 31},
		{Edition: "lancashire", Rules: "original", Players: 4, Seed: 32},
	} {
		g, err := engine.NewGame(cfg)
		if err != nil {
			t.Fatal(err)
		}
		// play into the game with the bots themselves, past a few sales and builds
		for i := 0; i < 40; i++ {
			r := Decide(botproto.Request{Record: g.Record(), Seat: g.State().Actor(), Level: "easy", Seed: uint64(i)})
			if r.Error != "" {
				t.Fatalf("%s/%s move %d: %s", cfg.Edition, cfg.Rules, i, r.Error)
			}
			if err := g.Apply(r.Move); err != nil {
				t.Fatalf("%s/%s move %d: %s is illegal: %v", cfg.Edition, cfg.Rules, i, r.Move, err)
			}
		}
		seat := g.State().Actor()
		for _, level := range []string{"easy", "medium", "hard"} {
			req := botproto.Request{Record: g.Record(), Seat: seat, Level: level, Seed: 1, Hint: level == "hard"}
			wire, err := json.Marshal(botproto.Envelope{ID: 1, Request: &req})
			if err != nil {
				t.Fatal(err)
			}
			var env botproto.Envelope
			if err := json.Unmarshal(wire, &env); err != nil {
				t.Fatal(err)
			}
			if env.Request.Record.Config.Rules != cfg.Rules || env.Request.Record.Config.Edition != "lancashire" {
				t.Fatalf("the record lost its edition or rules: %+v", env.Request.Record.Config)
			}
			r := Decide(*env.Request)
			if r.Error != "" || r.Move.Player != seat {
				t.Fatalf("%s/%s %s: %+v", cfg.Edition, cfg.Rules, level, r)
			}
			if err := g.Check(r.Move); err != nil {
				t.Fatalf("%s/%s %s chose an illegal move %s: %v", cfg.Edition, cfg.Rules, level, r.Move, err)
			}
			if req.Hint && r.Reason == "" {
				t.Errorf("%s/%s: a hint without a reason", cfg.Edition, cfg.Rules)
			}
		}
	}
}
