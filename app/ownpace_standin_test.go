//go:build !js

package app

import (
	"strings"
	"testing"
	"time"

	"brass/mailbox"
)

// Issue 42, "Time limits": past a player's time, another player lets a bot play their seat
// until they return. Two devices, never open together, over a real mailbox whose clock, like
// theirs, the test moves on: the bot's claim before the time counts nowhere; after it, the bot
// plays the seat on its runner's device; the player, back, has their seat again and plays.
func TestAnOwnPaceBotPlaysASeatPastItsTimeUntilItsPlayerIsBack(t *testing.T) {
	offset := time.Duration(0)
	clock := func() time.Time { return time.Now().Add(offset) }
	paceClock = clock
	t.Cleanup(func() { paceClock = nil })
	url, srv := mailboxServerWith(t, mailbox.Config{OpensPerMinute: 1e6, Now: clock})

	devs, _ := gatherPace(t, srv, url, GameSetup{Players: 2, Edition: "birmingham"}, 12*time.Hour)
	ada := devs[0]
	var actor int
	visitPace(t, srv, url, ada, ada.reopen, "the game begins", func(o *Online) bool {
		if o.Phase() != PhasePlaying || !caughtUp(o) {
			return false
		}
		actor = o.Game().State().Actor()
		return true
	})
	late, waiter := devs[actor], devs[1-actor]
	visitPace(t, srv, url, waiter, waiter.reopen, "it has the game", func(o *Online) bool { return caughtUp(o) })

	// Eleven hours on: the player to move still has time, so no bot is offered.
	offset = 11 * time.Hour
	visitPace(t, srv, url, waiter, waiter.reopen, "it reads the clock", func(o *Online) bool {
		if !caughtUp(o) {
			return false
		}
		if o.CanLetBotPlayForTime() || o.LetBotPlayForTime("easy") == nil {
			t.Fatal("a bot was let play a seat whose player still has time")
		}
		return true
	})
	// Thirteen hours on: the waiter lets a bot play, and it plays the late player's turn.
	offset = 13 * time.Hour
	visitPace(t, srv, url, waiter, waiter.reopen, "its bot played the late player's turn", func(o *Online) bool {
		if !caughtUp(o) {
			return false
		}
		r, _ := o.game()
		if _, held := r.StandInFor(actor); !held && len(o.Game().Moves()) == 0 {
			if !o.CanLetBotPlayForTime() {
				t.Fatal("no bot is offered for a seat past its time")
			}
			if err := o.LetBotPlayForTime("easy"); err != nil {
				t.Fatal(err)
			}
			return false
		}
		return len(o.Game().Moves()) > 0 && r.Ledger().At(0).Bot && o.BotLevel(actor) == "easy"
	})
	// The late player is back: the bot hands their seat back where the log puts their return,
	// and they play their next turn themselves.
	offset = 14 * time.Hour
	visitPace(t, srv, url, late, late.reopen, "the player is back", func(o *Online) bool {
		if !caughtUp(o) {
			return false
		}
		r, _ := o.game()
		_, held := r.StandInFor(actor)
		return !held && o.BotLevel(actor) == "" && noticed(o, "Your seat is yours again")
	})
	visitPace(t, srv, url, waiter, waiter.reopen, "the waiter sees the player back and plays", func(o *Online) bool {
		if !caughtUp(o) {
			return false
		}
		r, _ := o.game()
		if _, held := r.StandInFor(actor); held {
			return false
		}
		if o.Game().State().Actor() == 1-actor {
			_ = o.Submit(o.Game().LegalMoves()[0])
			return false
		}
		return true
	})
	n := 0
	visitPace(t, srv, url, late, late.reopen, "the player plays their own turn", func(o *Online) bool {
		if !caughtUp(o) {
			return false
		}
		if o.Game().State().Actor() == actor {
			n = len(o.Game().Moves())
			if err := o.Submit(o.Game().LegalMoves()[0]); err != nil {
				t.Fatal(err)
			}
			return false
		}
		r, _ := o.game()
		return n > 0 && len(o.Game().Moves()) > n && !r.Ledger().At(n).Bot
	})
	var hashes [2]uint64
	for i, pd := range devs {
		visitPace(t, srv, url, pd, pd.reopen, "it has read the game", func(o *Online) bool {
			hashes[i] = o.Game().Hash()
			return caughtUp(o)
		})
	}
	if hashes[0] != hashes[1] {
		t.Fatal("the two devices hold different games")
	}
}

// noticed reports whether the session has shown a notice containing part.
func noticed(o *Online, part string) bool {
	for _, n := range o.Notices() {
		if strings.Contains(n.Text, part) {
			return true
		}
	}
	return false
}
