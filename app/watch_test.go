//go:build !js

package app

import (
	"fmt"
	"testing"
	"time"

	"brass/app/online"
)

// A spectator watches an own-pace game: the public record only, every move checked, live;
// no seat is played from the watcher's session.
func TestAWatcherFollowsAnOwnPaceGamesPublicRecord(t *testing.T) {
	url, srv := mailboxServer(t)
	devs, watchID := gatherPace(t, srv, url, GameSetup{Players: 2, Edition: "birmingham"}, 0)
	var hash string
	for i := 0; i < 6; i++ {
		for _, pd := range devs {
			visitPace(t, srv, url, pd, pd.reopen, "it played if it could", func(o *Online) bool {
				if o.Phase() != PhasePlaying || !caughtUp(o) {
					return false
				}
				g := o.Game()
				if o.LocalSeat(g.State().Actor()) && !g.Over() {
					if err := o.Submit(g.LegalMoves()[0]); err != nil {
						t.Fatal(err)
					}
					return false
				}
				hash = fmt.Sprintf("%d/%x", len(g.Moves()), g.Hash())
				return true
			})
		}
	}
	w, err := OpenWatch(url, watchID, OnlineOptions{Retry: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	d := newDevice(t, "watcher")
	done := make(chan struct{})
	d.do(func() { w.Connect(d.run, d.changed) })
	defer d.do(func() { w.Close(); close(done) })
	deadline := time.Now().Add(10 * time.Second)
	for {
		var got string
		d.do(func() {
			if g := w.Game(); g != nil {
				got = fmt.Sprintf("%d/%x", len(g.Moves()), g.Hash())
			}
		})
		if got == hash {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the watcher holds %q, the players %q (status %q)", got, hash, w.Status())
		}
		time.Sleep(10 * time.Millisecond)
	}
	d.do(func() {
		for p := 0; p < 2; p++ {
			if w.LocalSeat(p) {
				t.Fatalf("the watcher plays seat %d", p)
			}
		}
		if w.Submit(w.Game().LegalMoves()[0]) == nil {
			t.Fatal("the watcher made a move")
		}
	})
	if _, err := OpenWatch(url, "not-a-game", OnlineOptions{}); err == nil {
		t.Fatal("a malformed watch link was taken")
	}
}

// Issue 42, "Spectators", with hidden cards: a watcher of a game whose cards the devices deal
// follows it by the same rules as every device, its dealer holding no key: every card played
// checked against the deal, the same signed record as the players', and not one card of any
// hand known to it (nor any position the deal did not open to all). Three players: what a
// device says to one other seat alone is sealed, so the deal's messages made before the
// game's first visit must also go to every device in the clear (dealtGame.opened).
func TestAWatcherFollowsAnOwnPaceGameWithHiddenCardsAndSeesNoHand(t *testing.T) {
	url, srv := mailboxServer(t)
	devs, watchID := gatherPace(t, srv, url, GameSetup{Players: 3, Edition: "birmingham", Dealt: true}, 0)
	var moves int
	var tip online.Link
	for visit := 0; moves < 6; visit++ {
		if visit > 60 {
			t.Fatalf("only %d moves after %d visits", moves, visit)
		}
		pd := devs[visit%len(devs)]
		visitPace(t, srv, url, pd, pd.reopen, "it played if it could", func(o *Online) bool {
			if o.Phase() != PhasePlaying {
				return visitSettled(o) // (the lobby: its seed drawn as far as this device can)
			}
			if !caughtUp(o) {
				return false
			}
			r, _ := o.game()
			g := o.Game()
			if o.LocalSeat(g.State().Actor()) && !g.Over() && o.Dealing() == "" {
				if err := o.Submit(g.LegalMoves()[0]); err == nil {
					return false
				}
			}
			moves = r.Ledger().Len()
			if moves > 0 {
				tip = r.Ledger().At(moves - 1).Link()
			}
			return true
		})
	}
	w, err := OpenWatch(url, watchID, OnlineOptions{Retry: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	d := newDevice(t, "watcher")
	d.do(func() { w.Connect(d.run, d.changed) })
	defer d.do(w.Close)
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		var n int
		var status string
		d.do(func() {
			if w.rep != nil {
				n = w.rep.Ledger().Len()
			}
			status = w.Status()
		})
		if n == moves {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the watcher holds %d moves, the players %d (status %q)", n, moves, status)
		}
	}
	d.do(func() {
		if got := w.rep.Ledger().At(moves - 1).Link(); got != tip {
			t.Fatal("the watcher holds another record than the players")
		}
		s := w.Game().State()
		for p := range len(devs) {
			for k, n := range s.Players[p].Hand {
				if n > 0 {
					t.Fatalf("the watcher knows %d of card kind %d in seat %d's hand", n, k, p)
				}
			}
			if s.Players[p].HandLen == 0 {
				t.Fatalf("seat %d holds no cards at all: the test shows nothing", p)
			}
		}
		if n := w.rep.Unentitled(); n != 0 {
			t.Fatalf("the watcher can open %d positions the deal did not open to all", n)
		}
		if w.rep.Stopped() != "" {
			t.Fatalf("the watcher stopped the game: %s", w.rep.Stopped())
		}
	})
}
