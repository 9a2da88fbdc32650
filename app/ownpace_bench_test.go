//go:build !js

package app

import (
	"context"
	"testing"
	"time"

	"brass/mailbox"
)

// paceBenchMoves is how long the benchmarked game is: e2e/measure.js's pace section opens a
// game of about as many.
const paceBenchMoves = 45

// BenchmarkOwnPaceVisit: a device opens its stored own-pace game again (3 players,
// Birmingham, hidden cards, 45 moves, played through a real mailbox over SQLite on loopback
// by devices never open together) with nothing new in the mailbox since its last visit, as a
// returning player's page does: from OpenSaved to the visit caught up with the mailbox
// (ms/visit), the connection's close after it untimed. It is the native part of
// e2e/measure.js's pace figures: the page runs the same code as wasm.
func BenchmarkOwnPaceVisit(b *testing.B) {
	url, srv := mailboxServer(b)
	ada, ben, cy := beginOwnPace(b, srv, url)
	pt := &paceTurns{t: b, srv: srv, url: url, devs: map[int]*paceDevice{0: ada, 1: ben, 2: cy}, queue: []*paceDevice{ben}, seed: 11}
	for visits := 0; pt.played < paceBenchMoves && visits < 600; visits++ {
		pt.turn()
	}
	if pt.played < paceBenchMoves {
		b.Fatalf("only %d moves in 600 visits", pt.played)
	}
	visitPace(b, srv, url, cy, cy.reopen, "it read the mailbox", caughtUp)
	st, _ := srv.Stats(context.Background())
	var open time.Duration
	b.ResetTimer()
	for b.Loop() {
		open += openCaughtUp(b, srv, url, cy)
	}
	b.ReportMetric(float64(open.Microseconds())/1000/float64(b.N), "ms/visit")
	b.ReportMetric(float64(st.Messages), "messages")
}

// openCaughtUp opens a device's stored game, connected to its mailbox, and times it until
// the visit has caught up; then it closes it.
func openCaughtUp(b *testing.B, srv *mailbox.Server, url string, pd *paceDevice) time.Duration {
	start := time.Now()
	o, err := pd.reopen(OnlineOptions{Mailbox: url, Retry: 20 * time.Millisecond, BotPause: time.Millisecond})
	if err != nil {
		b.Fatal(err)
	}
	d := newDevice(b, pd.name)
	d.store = pd.store
	d.connect(o)
	d.waitUntil("it read the mailbox", 20*time.Second, caughtUp)
	took := time.Since(start)
	b.StopTimer()
	d.shutdown()
	d.o = nil
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(time.Millisecond) {
		if st, _ := srv.Stats(context.Background()); st.Connections == 0 {
			break
		}
		if time.Now().After(deadline) {
			b.Fatal("the server still counts a closed connection")
		}
	}
	b.StartTimer()
	return took
}
