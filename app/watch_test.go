//go:build !js

package app

import (
	"fmt"
	"testing"
	"time"
)

// A spectator watches an own-pace game: the public record only, every move checked, live;
// no seat is played from the watcher's session.
func TestAWatcherFollowsAnOwnPaceGamesPublicRecord(t *testing.T) {
	url, srv := mailboxServer(t)
	ada := &paceDevice{name: "Ada", store: NewMemoryStore()}
	ben := &paceDevice{name: "Ben", store: NewMemoryStore()}
	var code, watchID string
	visitPace(t, srv, url, ada, func(opts OnlineOptions) (*Online, error) {
		return HostOwnPace(ada.store, GameSetup{Players: 2, Edition: "birmingham"}, 0, "Ada", Palette[0].CSS, opts)
	}, "the host's seat is in the mailbox", func(o *Online) bool {
		code, watchID = o.Invitation(), o.WatchID()
		return len(o.Seats()) == 1
	})
	visitPace(t, srv, url, ben, func(opts OnlineOptions) (*Online, error) {
		return JoinOwnPace(ben.store, code, "Ben", Palette[1].CSS, opts)
	}, "both seats are taken", func(o *Online) bool { return len(o.Seats()) == 2 })
	reopen := func(pd *paceDevice) func(OnlineOptions) (*Online, error) {
		return func(opts OnlineOptions) (*Online, error) {
			s, err := OpenSaved(pd.store, pd.id, opts)
			if err != nil {
				return nil, err
			}
			return s.(*Online), nil
		}
	}
	devs := []*paceDevice{ada, ben}
	var hash string
	for i := 0; i < 6; i++ {
		for _, pd := range devs {
			visitPace(t, srv, url, pd, reopen(pd), "it played if it could", func(o *Online) bool {
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
