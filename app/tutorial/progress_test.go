package tutorial

import (
	"testing"

	"brass/app"
	"brass/engine"
	"brass/internal/uiloop"
)

// fallback is the inner brain: it records that it was asked, and passes.
type fallback struct{ asked int }

func (f *fallback) Think(req app.BotRequest, done func(app.BotReply)) {
	f.asked++
	g, _ := engine.Replay(req.Record)
	done(app.BotReply{Move: g.LegalMoves()[0]})
}

// TestTutorialPlaysOutAndResumes plays the tutorial as the screen would, through a saved
// hotseat game whose opponent is the scripted brain, leaving half-way and resuming from
// storage: the game and the step come back, the opponent's moves are the script's, and past
// the script the inner brain (the Easy bot) plays.
func TestTutorialPlaysOutAndResumes(t *testing.T) {
	store := app.NewMemoryStore()
	if id := Resumable(store); id != "" {
		t.Fatalf("a tutorial to continue before any began: %q", id)
	}
	h, err := Start(store, Birmingham, app.WithBotPause(0))
	if err != nil {
		t.Fatal(err)
	}
	if id := Resumable(store); id != h.ID() {
		t.Fatalf("the start screen would continue %q, not the new tutorial %q", id, h.ID())
	}
	inner := &fallback{}
	connect := func(h *app.Hotseat) *uiloop.Loop {
		ex := uiloop.New()
		h.SetBrain(Brain(Birmingham, inner))
		h.Connect(ex.Run, func() {})
		return ex
	}
	ex := connect(h)
	steps := Birmingham.Steps
	half := len(steps) / 2
	for {
		p, _ := For(store, h.ID())
		pos := Birmingham.At(p.Read, h.Game().Moves())
		if pos.Off {
			t.Fatalf("off the script at step %d", pos.Step)
		}
		if pos.Step >= len(steps) {
			break
		}
		if pos.Step == half {
			// Leave (the session closes) and come back from the start screen.
			h.Close()
			if id := Resumable(store); id != h.ID() {
				t.Fatalf("after leaving, the start screen would continue %q, not %q", id, h.ID())
			}
			back, err := app.OpenHotseat(store, h.ID(), app.WithBotPause(0))
			if err != nil {
				t.Fatal(err)
			}
			if got := Birmingham.At(p.Read, back.Game().Moves()); got != pos {
				t.Fatalf("resumed at step %d, left at %d", got.Step, pos.Step)
			}
			h, ex = back, connect(back)
			half = -1
		}
		step := steps[pos.Step]
		switch {
		case step.Move == nil:
			if err := Save(store, Progress{ID: h.ID(), Read: pos.Step + 1}); err != nil {
				t.Fatal(err)
			}
		case step.Move.Player == Player:
			if err := h.Submit(*step.Move); err != nil {
				t.Fatalf("step %d: %v", pos.Step, err)
			}
		default:
			n := len(h.Game().Moves())
			ex.Until(t, "the Tutor's scripted move", func() bool { return len(h.Game().Moves()) > n })
		}
	}
	if inner.asked != 0 {
		t.Fatalf("the inner brain was asked %d times during the script", inner.asked)
	}
	if err := Save(store, Progress{ID: h.ID(), Read: len(steps), Done: true}); err != nil {
		t.Fatal(err)
	}
	if id := Resumable(store); id != "" {
		t.Fatalf("a finished tutorial is offered to continue: %q", id)
	}
	// Past the script the opponent is the Easy bot (here the inner brain).
	for h.Game().State().Actor() == Player {
		if err := h.Submit(h.Game().LegalMoves()[0]); err != nil {
			t.Fatal(err)
		}
	}
	n := len(h.Game().Moves())
	ex.Until(t, "the bot's move past the script", func() bool { return len(h.Game().Moves()) > n })
	if inner.asked == 0 {
		t.Fatal("past the script the opponent's move did not come from the bot")
	}
}

// TestBrainHints: a hint during the script is the move the step asks for, with its words.
func TestBrainHints(t *testing.T) {
	var got app.BotReply
	Brain(Birmingham, nil).Think(app.BotRequest{Record: engine.Record{Config: Birmingham.Config}, Seat: Player, Hint: true}, func(r app.BotReply) { got = r })
	first := Birmingham.Moves()[0]
	if !Same(got.Move, first) || got.Reason == "" {
		t.Fatalf("hint %v (%q), want %v with the step's words", got.Move, got.Reason, first)
	}
	// The player's own seat is never played by the script.
	Brain(Birmingham, nil).Think(app.BotRequest{Record: engine.Record{Config: Birmingham.Config}, Seat: Player}, func(r app.BotReply) { got = r })
	if got.Error == "" {
		t.Fatalf("the script played the player's seat: %v", got.Move)
	}
}
