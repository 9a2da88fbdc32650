package app

import (
	"testing"
	"time"

	"brass/app/botbrain"
	"brass/engine"
	"brass/internal/uiloop"
)

func TestHotseatBotsPlayTheirSeats(t *testing.T) {
	for _, c := range []struct{ edition, rules string }{{"birmingham", ""}, {"lancashire", ""}, {"lancashire", "original"}} {
		t.Run(c.edition+"/"+c.rules, func(t *testing.T) { botsPlayTheirSeats(t, c.edition, c.rules) })
	}
}

// botsPlayTheirSeats has a person and two bots play the Canal Era of an edition in hotseat.
func botsPlayTheirSeats(t *testing.T, edition, rules string) {
	store := NewMemoryStore()
	h, err := NewHotseat(store, engine.Config{Edition: edition, Rules: rules, Players: 3, Seed: 5, Names: []string{"Ada", "Easy bot 2", "Medium bot 3"}},
		DefaultColours(3), WithBots([]string{"", "easy", "medium"}), WithBotPause(0))
	if err != nil {
		t.Fatal(err)
	}
	if !h.LocalSeat(0) || h.LocalSeat(1) || h.LocalSeat(2) || h.BotLevel(1) != "easy" || h.BotLevel(0) != "" {
		t.Fatal("seat kinds wrong")
	}
	ex := uiloop.New()
	h.SetBrain(botbrain.Local{})
	changes := 0
	h.Connect(ex.Run, func() { changes++ })
	// Ada plays whenever it is her turn; the bots play theirs by themselves, through the Canal Era.
	for i := 0; h.Game().State().Era == engine.Canal && !h.Game().Over(); i++ {
		ex.Until(t, "Ada's turn or the end of the era", func() bool {
			st := h.Game().State()
			return st.Era != engine.Canal || h.LocalSeat(st.Actor())
		})
		if h.Game().State().Era != engine.Canal {
			break
		}
		legal := h.Game().LegalMoves()
		if err := h.Submit(legal[(i*31)%len(legal)]); err != nil {
			t.Fatal(err)
		}
	}
	if p := h.BotProblem(); p != "" {
		t.Fatalf("a bot failed: %s", p)
	}
	bot := 0
	for _, m := range h.Game().Moves() {
		if m.Player != 0 {
			bot++
		}
	}
	if bot < 20 || changes < bot {
		t.Fatalf("%d bot moves, %d changes reported", bot, changes)
	}
	// The seats are saved with the game and come back with it.
	h.Close()
	again, err := OpenHotseat(store, h.ID())
	if err != nil || again.BotLevel(2) != "medium" || again.LocalSeat(1) {
		t.Fatalf("reopened: %v", err)
	}
}

// untilTheBotActs starts a 2-player game of a person against an Easy bot, its bot asked to
// think on a stand-in UI loop, and plays the person's moves until the bot is to act.
func untilTheBotActs(t *testing.T) (*Hotseat, *uiloop.Loop) {
	t.Helper()
	h, err := NewHotseat(NewMemoryStore(), engine.Config{Players: 2, Seed: 9}, DefaultColours(2), WithBots([]string{"", "easy"}), WithBotPause(0))
	if err != nil {
		t.Fatal(err)
	}
	ex := uiloop.New()
	h.SetBrain(botbrain.Local{})
	h.Connect(ex.Run, func() {})
	for h.LocalSeat(h.Game().State().Actor()) {
		legal := h.Game().LegalMoves()
		if err := h.Submit(legal[0]); err != nil {
			t.Fatal(err)
		}
	}
	return h, ex
}

func TestBotAnswersForAnOldPositionAreDropped(t *testing.T) {
	// Whoever starts, play until the bot is to act, then close: its answer must not be played.
	h, ex := untilTheBotActs(t)
	n := len(h.Game().Moves())
	h.Close()
	time.Sleep(200 * time.Millisecond)
	ex.Drain()
	if len(h.Game().Moves()) != n {
		t.Fatal("a bot played after the session was closed")
	}
}

func TestBotSeatsAreChecked(t *testing.T) {
	for _, bad := range [][]string{{"hard", "hard"}, {"", "genius"}, {""}} {
		if _, err := NewHotseat(NewMemoryStore(), engine.Config{Players: 2, Seed: 1}, DefaultColours(2), WithBots(bad)); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestHintComesWithAReason(t *testing.T) {
	h, err := NewHotseat(NewMemoryStore(), engine.Config{Players: 2, Seed: 3}, DefaultColours(2))
	if err != nil {
		t.Fatal(err)
	}
	ex := uiloop.New()
	h.SetBrain(botbrain.Local{})
	h.Connect(ex.Run, func() {})
	var got *BotReply
	h.Hint(func(r BotReply) { got = &r })
	ex.Until(t, "the hint", func() bool { return got != nil })
	if got.Error != "" || got.Reason == "" {
		t.Fatalf("hint %+v", got)
	}
	if err := h.Game().Check(got.Move); err != nil {
		t.Fatalf("the hinted move is not legal: %v", err)
	}
}

// A paused session's bots neither think nor play, and one whose answer arrives during the
// pause does not play it; going on, the bot to act plays (its move: the same seed).
func TestBotsWaitWhilePaused(t *testing.T) {
	h, ex := untilTheBotActs(t)
	var _ BotPauser = h
	n := len(h.Game().Moves())
	h.PauseBots(true) // the bot was asked already: its answer arrives during the pause
	time.Sleep(200 * time.Millisecond)
	ex.Drain()
	if len(h.Game().Moves()) != n {
		t.Fatal("a bot played while the bots were paused")
	}
	h.PauseBots(false)
	ex.Until(t, "the bot's move after the pause", func() bool { return len(h.Game().Moves()) > n })
	if p := h.BotProblem(); p != "" {
		t.Fatalf("the bot failed: %s", p)
	}
}
