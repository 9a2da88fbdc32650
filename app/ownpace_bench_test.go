//go:build !js

package app

import (
	"context"
	"maps"
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

// BenchmarkOwnPaceCatchUp: the same game, a device opening it when its turn comes round
// after the other two players' turns since its last visit (their moves, the deal's keys for
// the cards they drew, their acknowledgements): from OpenSaved to caught up (ms/visit), its
// store put back as it was before each visit, untimed. new_moves and read are the moves and
// messages it takes.
func BenchmarkOwnPaceCatchUp(b *testing.B) {
	// (Each visit sends again what it sent the first time, a burst of retries from one key.)
	url, srv := mailboxServerWith(b, mailbox.Config{OpensPerMinute: 1e6, AppendsPerKeySecond: 1e6, AppendKeyBurst: 1 << 20, AppendsPerAddrSecond: 1e6, AppendAddrBurst: 1 << 20})
	ada, ben, cy := beginOwnPace(b, srv, url)
	pt := &paceTurns{t: b, srv: srv, url: url, devs: map[int]*paceDevice{0: ada, 1: ben, 2: cy}, queue: []*paceDevice{ben}, seed: 11}
	since := 0 // the moves played when Cy's device last opened
	for visits := 0; pt.played < paceBenchMoves || pt.queue[0] != cy || pt.played-since < 3; visits++ {
		if visits == 600 {
			b.Fatalf("no catch-up of Cy's in 600 visits (%d moves)", pt.played)
		}
		if pd, _ := pt.turn(); pd == cy {
			since = pt.played
		}
	}
	stored := cy.store.snapshot()
	var open time.Duration
	var read int64
	b.ResetTimer()
	for b.Loop() {
		b.StopTimer()
		cy.store.putBack(stored)
		before, _ := srv.Stats(context.Background())
		b.StartTimer()
		open += openCaughtUp(b, srv, url, cy)
		after, _ := srv.Stats(context.Background())
		read += after.Delivered - before.Delivered
	}
	b.ReportMetric(float64(open.Microseconds())/1000/float64(b.N), "ms/visit")
	b.ReportMetric(float64(pt.played-since), "new_moves")
	b.ReportMetric(float64(read)/float64(b.N), "read")
}

// snapshot is a copy of what the store holds; putBack makes the store hold it again.
func (s *MemoryStore) snapshot() map[string][]byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	return maps.Clone(s.data)
}

func (s *MemoryStore) putBack(data map[string][]byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.data = maps.Clone(data)
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
	<-d.gone // (nothing of this visit is stored after it)
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
